"""Immutable Alma Mater positions: one :class:`PlayerState` per seat inside a :class:`GameState`.

Every field is a plain value or a tuple, so a state is hashable, cheap to compare and
converts to JSON and back (:func:`state_to_struct`, :func:`state_from_struct`).

>>> from gamekit.almamater.rules import new_game
>>> from gamekit.almamater.spec import make_spec
>>> spec = make_spec(2)
>>> s = new_game(spec, seed=1)
>>> state_from_struct(state_to_struct(s), spec) == s
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeVar

from gamekit.almamater.display import repr_pretty, state_html, state_text
from gamekit.almamater.spec import AlmaMaterSpec
from gamekit.core.structs import NOT_IN_STRUCT, check_values, from_struct, to_struct

PHASES = ("draft", "discard", "chancellor", "action", "administration", "income", "over")
T = TypeVar("T")


@dataclass(frozen=True)
class PlayerState:
    """One player's university board, storage, shelves and markers."""

    seat: int
    colour: str
    hand: tuple[str, ...] = ()  # founding cards still to draft from
    kept: tuple[str, ...] = ()  # founding cards kept (4 during the draft, then 3)
    discarded: str | None = None
    chancellor: str | None = None
    abilities: tuple[str, ...] = ()  # chancellors whose abilities this player has
    ducats: int = 0
    prestige: int = 0
    storage: tuple[int, ...] = ()  # books by colour (index = the colour's seat)
    dictionaries: int = 0
    shelves: tuple[tuple[bool, ...], ...] = ()  # 6 library shelves, then the sale shelf
    research: int = 0
    row_a: tuple[str, ...] = ()
    row_b: tuple[str, ...] = ()
    professors: tuple[str, ...] = ()
    exhausted: tuple[str, ...] = ()
    masters: int = 0
    placed: int = 0
    starting_student: int = 0  # masters on the own starting-student space this round
    busts: tuple[str, ...] = ()
    extra: tuple[str, ...] = ()  # extra-master triggers already used
    passed: bool = False
    pereira_used: bool = False
    paracelsus_used: int = 0  # lectures whose professor Paracelsus readied this round

    @property
    def free_masters(self) -> int:
        return self.masters - self.placed

    @property
    def students(self) -> int:
        return len(self.row_a) + len(self.row_b)

    @property
    def books(self) -> int:
        """Books in storage, dictionaries included (what the storage limit counts)."""
        return sum(self.storage) + self.dictionaries

    @property
    def textbooks(self) -> int:
        """Own-colour books in storage."""
        return self.storage[self.seat]

    @property
    def all_textbooks(self) -> int:
        """Books of every player colour in storage (final scoring line 1), not dictionaries."""
        return sum(self.storage)

    @property
    def shelved(self) -> int:
        return sum(sum(shelf) for shelf in self.shelves)


@dataclass(frozen=True)
class GameState:
    """One position of a game. ``order`` is the turn order (seats); ``turn`` indexes it."""

    _repr_html_ = state_html  # a notebook shows a table of players (display.py)
    _repr_pretty_ = repr_pretty
    __str__ = state_text  # print(state): a few lines of text

    phase: str
    round: int
    order: tuple[int, ...]
    turn: int
    players: tuple[PlayerState, ...]
    tie_draw: tuple[int, ...]  # seeded tie-break for the founding sums (lower goes first)
    chancellor_pool: tuple[str, ...]
    bust_extra: tuple[str, ...]  # the 2 chancellors drawn for the bust stacks
    bust_order: tuple[int, ...]  # seeded order of (left over, extra 1, extra 2) on the tiles
    glory: tuple[str, ...]  # glory tile ids in play
    bust_chancellors: tuple[str, ...]  # chancellor on each tile's bust stack
    busts_left: tuple[int, ...]
    research_track: tuple[str, ...]  # research card ids, letters A-E in order
    campus: tuple[tuple[str, ...], ...]  # student kind by row and column
    campus_left: tuple[tuple[int, ...], ...]
    academy: tuple[str, ...]  # professor types in play
    academy_left: tuple[int, ...]
    academy_paid: tuple[str | None, ...]  # the colour the first buyer paid in, or None
    spaces: tuple[int, ...]  # masters placed by the last user of each space this round
    bishop: tuple[tuple[int, int], ...]  # (seat, masters) in the order placed this round
    reputation: tuple[int, ...]  # seats, best book reputation first
    dictionaries: int  # in the supply
    rounds: int
    # decisions owed before play goes on, first one first: (kind, seat, count), kind
    # "shelve" (count = most new own textbooks that may go into the library) or
    # "return" (count = books still over the storage limit)
    pending: tuple[tuple[str, int, int], ...] = ()
    # the rules this state is played by (set by new_game; never compared or written)
    spec: AlmaMaterSpec | None = field(
        default=None, compare=False, repr=False, metadata=NOT_IN_STRUCT
    )

    @property
    def current(self) -> int | None:
        """The seat to act (a pending decision's owner first), or ``None`` when the game is over."""
        if self.pending:
            return self.pending[0][1]
        if self.phase == "over":
            return None
        if self.phase in ("draft", "discard"):
            return self.turn
        return self.order[self.turn]

    def rank_of(self, seat: int) -> int:
        """The book-reputation rank (1 = best) of ``seat``'s colour."""
        return self.reputation.index(seat) + 1


def replace(obj: T, **changes: Any) -> T:
    """A copy of the frozen dataclass ``obj`` with ``changes`` (a fast ``dataclasses.replace``).

    Skips ``__init__``: the engine only ever passes values of the declared types.
    """
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__)
    new.__dict__.update(changes)
    return new


def state_to_struct(state: GameState) -> dict[str, Any]:
    """A JSON-ready dict of ``state`` (stable key order; the spec is not written)."""
    data: dict[str, Any] = to_struct(state)
    data.pop("spec", None)
    return data


def state_from_struct(data: Any, spec: Any) -> GameState:
    """Rebuild a state from :func:`state_to_struct` output for the game of ``spec``
    (``ValueError`` naming a bad field).

    >>> from gamekit.almamater.rules import new_game
    >>> from gamekit.almamater.spec import make_spec
    >>> spec = make_spec(2)
    >>> s = new_game(spec, seed=1)
    >>> state_from_struct(state_to_struct(s), spec) == s
    True
    """
    if isinstance(data, dict) and "spec" in data:
        data = {k: v for k, v in data.items() if k != "spec"}
    state = from_struct(GameState, data)
    if len(state.players) != spec.players:
        raise ValueError(
            f"players: the spec is for {spec.players} players, got {len(state.players)}"
        )
    seats = range(spec.players)
    check_values("phase", state.phase, frozenset(PHASES))
    if sorted(state.order) != list(seats):
        raise ValueError(
            f"order: must hold each seat 0..{spec.players - 1} once, got {state.order}"
        )
    check_values("turn", state.turn, seats)
    check_values("pending (seat)", tuple(seat for _, seat, _ in state.pending), seats)
    check_values("bishop (seat)", tuple(seat for seat, _ in state.bishop), seats)
    check_values("reputation", state.reputation, seats)
    return replace(state, spec=spec)
