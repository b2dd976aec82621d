"""Actions, events, steps, outcomes and phase tables: the machinery both games share.

A game is a set of pure functions of a frozen *spec* and an immutable *state*:

- ``legal_actions(spec, state)`` lists the actions allowed now, in a fixed order;
- ``step(spec, state, action)`` checks the action and returns a :class:`Step` with the
  next state and the :class:`Event` list that narrates what happened;
- ``apply(spec, state, action)`` is ``step(...).state``;
- ``outcome(spec, state)`` is ``None`` while the game runs, then an :class:`Outcome`.

An illegal action raises :class:`~gamekit.core.errors.IllegalAction` and nothing changes.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Buy(Action):
...     space: int
>>> Buy(space=11)
Buy(space=11)
>>> str(Buy(space=11))
'buy space=11'
>>> Buy(11).to_struct()
{'type': 'Buy', 'space': 11}
>>> action_from_struct({'type': 'Buy', 'space': 11}, action_registry(Buy))
Buy(space=11)
"""

from __future__ import annotations

import dataclasses
import re
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import numpy as np

from gamekit.core.errors import GamekitError, IllegalAction, IllegalTransition
from gamekit.core.structs import MAX_INT, MAX_TEXT, from_struct, short_repr, to_struct

if TYPE_CHECKING:
    from gamekit.core.events import Words

StateT = TypeVar("StateT")
T = TypeVar("T")

_CAMEL = re.compile(r"(?<!^)(?=[A-Z])")


@dataclass(frozen=True)
class Action:
    """Base class of every action: subclass it as a small frozen dataclass.

    Its ``repr`` evaluates back to the action; its ``str`` reads as words (override
    ``__str__`` for nicer wording).
    """

    def __str__(self) -> str:
        words = _CAMEL.sub(" ", type(self).__name__).lower()
        parts = [f"{f.name}={getattr(self, f.name)}" for f in dataclasses.fields(self)]
        return " ".join([words, *parts])

    def to_struct(self) -> dict[str, Any]:
        """``{"type": ClassName, **fields}``, ready for JSON."""
        struct = to_struct(self)
        return {"type": type(self).__name__, **struct}


def field_problem(action: object) -> str | None:
    """Why ``action``'s fields do not have their declared types, or ``None``.

    ``True == 1 == 1.0`` in Python, so an action typed with a bool or a float can equal a
    legal one; a game's checked ``step`` asks this so that such an action is refused with
    a reason (and no state stores a ``True`` where a count belongs).

    >>> @dataclass(frozen=True)
    ... class Bid(Action):
    ...     amount: int
    >>> field_problem(Bid(10)) is None
    True
    >>> field_problem(Bid(True))
    'Bid.amount: expected a whole number, got True'
    """
    if not isinstance(action, Action) or not dataclasses.is_dataclass(action):
        return f"{action!r} is not an action"
    kind: type = type(action)
    quick = _quick_checks(kind)
    if quick is not None and all(fits(getattr(action, name)) for name, fits in quick):
        return None  # every field plainly of its type: the round trip would pass
    return _round_trip_problem(action)


def _round_trip_problem(action: Action) -> str | None:
    """:func:`field_problem` the long way: the action's fields to a struct and back."""
    try:
        fields = {f.name: to_struct(getattr(action, f.name)) for f in dataclasses.fields(action)}
        from_struct(type(action), fields)
    except (ValueError, TypeError) as exc:
        return str(exc)
    return None


_Fits = Callable[[Any], bool]


@cache
def _quick_checks(cls: type) -> tuple[tuple[str, _Fits], ...] | None:
    """For each field of the action class ``cls``, a test that is true only for a value
    the struct round trip of :func:`field_problem` accepts (an ``int`` that is exactly an
    int within :data:`MAX_INT`, a short ``str``, a ``bool``, ``None`` where allowed,
    tuples of these, a listed text); ``None`` when a field's type has no such test or
    the class checks its fields itself (``__post_init__``). A checked step asks
    :func:`field_problem` for every action, and almost every action passes: the test
    answers those without building and reading a struct; any other value takes the
    round trip, so every answer is the round trip's."""
    if hasattr(cls, "__post_init__"):
        return None
    try:
        hints = typing.get_type_hints(cls)
    except Exception:  # an annotation that does not resolve: the round trip says why
        return None
    checks = []
    for f in dataclasses.fields(cls):
        fits = _quick_fit(hints.get(f.name))
        if not f.init or f.metadata.get("struct", True) is False or fits is None:
            return None
        checks.append((f.name, fits))
    return tuple(checks)


def _quick_fit(hint: Any) -> _Fits | None:
    """A test for a value of type ``hint`` (see :func:`_quick_checks`), or ``None``."""
    if hint is int:
        return lambda v: type(v) is int and -MAX_INT <= v <= MAX_INT
    if hint is str:
        return lambda v: type(v) is str and len(v) <= MAX_TEXT
    if hint is bool:
        return lambda v: type(v) is bool
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Literal and all(type(a) is str for a in args):
        return lambda v: type(v) is str and v in args
    if origin in (typing.Union, types.UnionType) and len(args) == 2 and type(None) in args:
        inner = _quick_fit(args[0] if args[1] is type(None) else args[1])
        if inner is None:
            return None
        return lambda v: v is None or inner(v)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        item = _quick_fit(args[0])
        if item is None:
            return None
        return lambda v: type(v) is tuple and all(item(x) for x in v)
    return None


def field_words(action: object) -> Words | None:
    """:func:`field_problem` as words of the kit's core phrasebook (``None`` when the
    fields fit): its English is :func:`field_problem`'s text word for word, other languages
    name the field, what it expects and the value.

    >>> from gamekit.core.events import core_phrases
    >>> @dataclass(frozen=True)
    ... class Bid(Action):
    ...     amount: int
    >>> words = field_words(Bid(True))
    >>> core_phrases().text(words)
    'Bid.amount: expected a whole number, got True'
    >>> core_phrases().text(words, "de")
    'Bid.amount: erwartet eine ganze Zahl, nicht True'
    """
    from gamekit.core.events import Words

    problem = field_problem(action)
    if problem is None:
        return None
    if not isinstance(action, Action) or not dataclasses.is_dataclass(action):
        return Words("core.not_action", value=repr(action))
    hints = typing.get_type_hints(type(action))
    for f in dataclasses.fields(action):
        value, path = getattr(action, f.name), f"{type(action).__name__}.{f.name}"
        try:
            from_struct(hints[f.name], to_struct(value), path)
        except (ValueError, TypeError, KeyError):
            expected = _expected(hints.get(f.name), value)
            return Words(
                "core.field", detail=problem, field=path, expected=expected, got=short_repr(value)
            )
    return Words("core.field_any", detail=problem, action=type(action).__name__)


def _expected(hint: Any, value: Any) -> Words:
    """What a field of type ``hint`` expects, as core words (for :func:`field_words`)."""
    from gamekit.core.events import Words

    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Literal:
        return Words("core.type.one_of", values=", ".join(map(repr, args)))
    if origin in (typing.Union, types.UnionType) and type(None) in args:
        rest = [a for a in args if a is not type(None)]
        if len(rest) == 1:
            return Words("core.type.or_none", type=_expected(rest[0], value))
    if origin in (tuple, list, frozenset, set):
        return Words("core.type.list")
    if hint is int:
        big = isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_INT
        return Words("core.type.small_int", most=MAX_INT) if big else Words("core.type.int")
    if hint is str:
        long = isinstance(value, str) and len(value) > MAX_TEXT
        return Words("core.type.short_text", most=MAX_TEXT) if long else Words("core.type.str")
    kinds = {bool: "bool", float: "number", Fraction: "fraction"}
    return Words(f"core.type.{kinds.get(hint, 'other')}")


def action_registry(*classes: type[Action]) -> dict[str, type[Action]]:
    """Map class names to action classes, for :func:`action_from_struct`."""
    return {cls.__name__: cls for cls in classes}


def action_from_struct(data: Mapping[str, Any], registry: Mapping[str, type[Action]]) -> Action:
    """Rebuild an action from ``Action.to_struct()`` output (a ``ValueError`` if unknown)."""
    if not isinstance(data, Mapping) or "type" not in data:
        raise ValueError(f"an action struct needs a 'type' field, got {data!r}")
    kind = data["type"]
    if kind not in registry:
        text = f"unknown action type {kind!r}; known: {', '.join(sorted(registry))}"
        from gamekit.core.events import Words  # events imports this module

        raise GamekitError(text, words=Words("core.load.action_type", detail=text, type=repr(kind)))
    fields = {k: v for k, v in data.items() if k != "type"}
    return from_struct(registry[kind], fields)


@dataclass(frozen=True)
class Event:
    """One thing that happened, in English words (``text``) and as data for front-ends:
    ``words`` (a :class:`~gamekit.core.events.Words`, the kind and its fields) lets a
    game's :class:`~gamekit.core.events.Phrasebook` say it in another language.

    >>> str(Event("fee", "Bo paid $24 fee to Ann", player=1, amount=24, target=0))
    'Bo paid $24 fee to Ann'
    """

    kind: str
    text: str
    player: int | None = None
    amount: int | None = None
    target: int | None = None
    words: Words | None = None

    @classmethod
    def said(
        cls,
        kind: str,
        book: Any,
        words: Words,
        player: int | None = None,
        amount: int | None = None,
        target: int | None = None,
    ) -> Event:
        """The event whose ``text`` is ``words`` in English from the phrasebook ``book``,
        put into words when first read: a step narrates every event, and most callers
        (bots, simulations, tests of states) never read the text. Equal, printed, saved
        and pickled like an event made with its text.

        >>> from gamekit.core.events import Phrasebook, Words
        >>> book = Phrasebook({"pass": {"en": "{player} passes", "de": "{player} passt"}})
        >>> e = Event.said("pass", book, Words("pass", player="Bo"), player=1)
        >>> e.text, e == Event("pass", "Bo passes", 1, words=Words("pass", player="Bo"))
        ('Bo passes', True)
        """
        event = object.__new__(cls)
        state = event.__dict__
        state["kind"], state["player"], state["amount"] = kind, player, amount
        state["target"], state["words"], state["_book"] = target, words, book
        return event

    if not TYPE_CHECKING:  # (type checkers keep seeing only the fields)

        def __getattr__(self, name: str) -> Any:
            # reached only for an attribute not found: the text of Event.said, once
            state = self.__dict__
            book = state.get("_book")
            if name == "text" and book is not None:
                text = state["text"] = book.text(state["words"])
                state.pop("_book", None)
                return text
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __getstate__(self) -> dict[str, Any]:
        self.text  # noqa: B018 - said now: a copy or a pickle carries the text, not the book
        return self.__dict__

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Step(Generic[StateT]):
    """The result of applying one action: the next state and what happened."""

    state: StateT
    events: tuple[Event, ...] = ()


@dataclass(frozen=True)
class ScoreLine:
    """One line of a score breakdown (``rule`` in words, ``points`` earned)."""

    rule: str
    points: int


@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``termination`` (e.g. ``"last player standing"``), the
    ``winners`` (seats; several on a shared win), the ``ranking`` (seats best first),
    the ``scores`` by seat and an optional per-seat ``breakdown``.

    >>> Outcome("round limit", winners=(1,), ranking=(1, 0), scores=(900, 1200)).winner
    1
    """

    termination: str
    winners: tuple[int, ...]
    ranking: tuple[int, ...]
    scores: tuple[int, ...] = ()
    breakdown: tuple[tuple[ScoreLine, ...], ...] = ()

    @property
    def winner(self) -> int | None:
        """The single winner's seat, or ``None`` on a shared win."""
        return self.winners[0] if len(self.winners) == 1 else None


@dataclass(frozen=True)
class Phase:
    """One row of a phase table: which action types are allowed, and what may come next.

    ``next`` is the usual next phase; ``then`` lists every other phase the game may move to
    from here (a debt, an auction, the end of the game). ``description`` is the phase in
    words, as the play tables show it.
    """

    name: str
    actions: tuple[type[Action], ...]
    next: str | None = None
    description: str = ""
    then: tuple[str, ...] = ()

    @property
    def successors(self) -> tuple[str, ...]:
        """Every phase the table allows after this one (``next`` first)."""
        first = () if self.next is None else (self.next,)
        return first + tuple(p for p in self.then if p != self.next)


@dataclass(frozen=True)
class PhaseTable:
    """Phases and their order as data (after boardgame.io).

    An engine asks the table which action types a phase allows (:meth:`check`) and moves
    from phase to phase only through :meth:`move`, so the table is the turn structure the
    game really follows.

    >>> @dataclass(frozen=True)
    ... class Roll(Action): pass
    >>> table = PhaseTable((Phase("roll", (Roll,), next="done", then=("roll",)), Phase("done", ())))
    >>> table.start, table.next_phase("roll"), table.allows("roll", Roll())
    ('roll', 'done', True)
    >>> table.successors("roll"), table.move("roll", "roll"), sorted(table.reachable())
    (('done', 'roll'), 'roll', ['done', 'roll'])
    >>> table.check("done", Roll())
    Traceback (most recent call last):
    ...
    gamekit.core.errors.IllegalAction: roll is not allowed in the done phase
    >>> table.move("done", "roll")
    Traceback (most recent call last):
    ...
    gamekit.core.errors.IllegalTransition: done -> roll is not in the phase table (allowed: none)
    """

    phases: tuple[Phase, ...]
    _by_name: dict[str, Phase] = field(init=False, repr=False, compare=False)
    _moves: dict[str, frozenset[str]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        by_name = {p.name: p for p in self.phases}
        if len(by_name) != len(self.phases):
            raise ValueError("phase names must be unique")
        for p in self.phases:
            for successor in p.successors:
                if successor not in by_name:
                    raise ValueError(f"phase {p.name!r} names an unknown next phase {successor!r}")
        object.__setattr__(self, "_by_name", by_name)
        # move() is on engines' hot paths: the successors as sets, computed once, each
        # with the phase itself (staying put is allowed), so a move is one set lookup
        object.__setattr__(
            self, "_moves", {p.name: frozenset((p.name, *p.successors)) for p in self.phases}
        )

    @property
    def start(self) -> str:
        return self.phases[0].name

    @property
    def names(self) -> tuple[str, ...]:
        """The phase names in table order."""
        return tuple(p.name for p in self.phases)

    def __getitem__(self, name: str) -> Phase:
        try:
            return self._by_name[name]
        except KeyError:
            raise KeyError(f"unknown phase {name!r}") from None

    def next_phase(self, name: str) -> str | None:
        return self[name].next

    def successors(self, name: str) -> tuple[str, ...]:
        """Every phase the table allows after ``name``."""
        return self[name].successors

    def move(self, old: str, new: str) -> str:
        """Return ``new`` when the table allows ``old -> new``; staying put is always allowed.

        An engine that changes phase any other way has a bug, so a disallowed move raises
        :class:`~gamekit.core.errors.IllegalTransition` (not a user error).
        """
        try:
            if new in self._moves[old]:  # one lookup: engines move on every step
                return new
        except KeyError:  # an unknown phase: staying put is allowed, anything else said below
            pass
        if new != old:
            allowed = ", ".join(self[old].successors) or "none"
            raise IllegalTransition(
                f"{old} -> {new} is not in the phase table (allowed: {allowed})"
            )
        return new

    def reachable(self) -> set[str]:
        """The phases reachable from the start by the table's transitions."""
        seen, todo = {self.start}, [self.start]
        while todo:
            for successor in self[todo.pop()].successors:
                if successor not in seen:
                    seen.add(successor)
                    todo.append(successor)
        return seen

    def allows(self, name: str, action: Action) -> bool:
        return isinstance(action, self[name].actions)

    def check(self, name: str, action: Action) -> None:
        """Raise ``IllegalAction`` unless ``action``'s type is allowed in phase ``name``."""
        if not self.allows(name, action):
            raise IllegalAction(f"{action} is not allowed in the {name} phase", action)


def sample_outcome(outcomes: Sequence[tuple[T, Fraction]], rng: np.random.Generator) -> T:
    """Draw one outcome of a chance node from its exact ``(outcome, probability)`` list.

    >>> from gamekit.core.rng import make_rng
    >>> sample_outcome([("heads", Fraction(1, 2)), ("tails", Fraction(1, 2))], make_rng(0))
    'tails'
    """
    probs = np.array([float(p) for _, p in outcomes])
    index = int(rng.choice(len(outcomes), p=probs / probs.sum()))
    return outcomes[index][0]
