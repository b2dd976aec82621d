"""``BaseGame``: every member of the :class:`~gamekit.core.game.Game` protocol with a sound
generic default, so that a new game writes only its rules.

A game subclasses :class:`BaseGame`, names itself, lists its state and action classes
(frozen dataclasses) and writes OpenSpiel's handful of rules:

- ``new_game(players, seed, **options)``: the first state (``players`` a count or names);
- ``current_player(state)``: the seat to act, ``None`` at a chance step or when over;
- ``legal_actions(state, player=None)``: in a fixed order (``[]`` for a seat out of turn);
- ``apply(state, action)``: the next state (or a :class:`~gamekit.core.actions.Step` with
  events) for an action already checked to be legal;
- ``chance_outcomes(state)``: ``[(outcome, Fraction)]`` at a chance step, else ``[]``;
  ``apply_chance(state, outcome)`` resolves one (both only for a game with chance);
- ``is_over(state)`` and ``outcome(state)`` (an :class:`~gamekit.core.actions.Outcome`);
- ``describe(action, state, lang)``: a button's words (default: the action's ``str``).

Everything else comes from here and may be overridden for speed or words: checked
``step`` and ``chance_step`` (an illegal action raises ``IllegalAction`` and nothing
changes), JSON structs of states, actions and chance outcomes (from the dataclasses, with
the game's ``options`` beside the state), a ``random`` bot, the phase table (one phase
allowing every action), and whole games for :func:`gamekit.core.simulate.simulate`:
``make_spec`` (the options checked against the game's ``options`` defaults), seats rotated
by :func:`~gamekit.core.simulate.rotate_seats`, a ``play_game`` loop through the rules,
result rows ``seat, strategy, won, score, moves``, and ``sweep_settings`` (the options).

A game is found by :func:`gamekit.games` when its folder under ``gamekit/`` holds a
``game.py`` that defines ``GAME = TheGame()``. A game object travels to worker processes
by its name and folder (``__reduce__``), so a game kept outside the kit's folder works on
workers too. ``docs/adding_a_game.md`` walks through a whole example (Pig).

>>> from dataclasses import dataclass
>>> from gamekit.core.actions import Action, Outcome
>>> @dataclass(frozen=True)
... class Take(Action):
...     n: int
>>> @dataclass(frozen=True)
... class Pile:
...     left: int
...     current: int = 0
>>> class Nim(BaseGame):
...     name = "nim"
...     state_type, action_types = Pile, (Take,)
...     options = {"pile": 5}
...     def new_game(self, players=2, seed=None, pile=5):
...         return Pile(pile)
...     def current_player(self, s):
...         return None if s.left == 0 else s.current
...     def legal_actions(self, s, player=None):
...         if s.left == 0 or player not in (None, s.current):
...             return []
...         return [Take(n) for n in (1, 2) if n <= s.left]
...     def apply(self, s, a):
...         return Pile(s.left - a.n, 1 - s.current)
...     def is_over(self, s):
...         return s.left == 0
...     def outcome(self, s):
...         w = 1 - s.current  # who took the last one
...         return Outcome("last take", (w,), (w, 1 - w)) if s.left == 0 else None
>>> nim = Nim()
>>> s = nim.step(nim.new_game(), Take(2)).state
>>> s, nim.state_from_struct(nim.state_to_struct(s)) == s
(Pile(left=3, current=1), True)
>>> nim.step(s, Take(3))
Traceback (most recent call last):
...
gamekit.core.errors.IllegalAction: take n=3 is not a legal action now
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, ClassVar

import numpy as np

from gamekit.core.actions import (
    Action,
    Outcome,
    Phase,
    PhaseTable,
    Step,
    action_from_struct,
    action_registry,
    sample_outcome,
)
from gamekit.core.errors import IllegalAction
from gamekit.core.game import (
    BotFactory,
    Players,
    check_state_struct,
    seat_generators,
    state_first,
)
from gamekit.core.structs import from_struct, to_struct

__all__ = ["BaseGame", "RandomBot", "game_by_name"]

#: The most decisions and chance steps the generic ``play_game`` makes before it gives up
#: on a game that does not end (a game with a round limit ends long before).
MAX_STEPS = 1_000_000


class RandomBot:
    """Picks uniformly among the legal actions (the generic ``random`` strategy).

    >>> RandomBot.name
    'random'
    """

    name: ClassVar[str] = "random"

    def __init__(self, game: BaseGame) -> None:
        self.game = game

    def __call__(self, state: Any, rng: np.random.Generator) -> Action:
        legal = self.game.legal_actions(state)
        return legal[int(rng.integers(len(legal)))]


class BaseGame:
    """Generic defaults for every protocol member; see the module docstring."""

    #: The game's name: its key in :func:`gamekit.games`, in saved games and on the CLI.
    name: ClassVar[str] = ""
    #: One line about the game (the CLI's help).
    summary: ClassVar[str] = ""
    #: The state's class: a frozen dataclass whose fields convert to JSON.
    state_type: ClassVar[type] = object
    #: Every action class of the game (frozen dataclasses subclassing ``Action``).
    action_types: ClassVar[tuple[type[Action], ...]] = ()
    #: The class of a chance outcome, for its JSON struct (``None``: plain JSON values).
    outcome_type: ClassVar[type | None] = None
    #: The options ``new_game`` takes beside ``players`` and ``seed``, with their defaults.
    options: ClassVar[Mapping[str, Any]] = {}
    #: The whole numbers an option accepts, ``{name: (lowest, highest)}``: ``make_spec``,
    #: ``--set`` and a sweep's grid refuse anything outside (a game that cannot end, a
    #: state too big to hold). An option not named here is checked for its type only.
    option_limits: ClassVar[Mapping[str, tuple[int, int]]] = {}
    #: Fewest and most players.
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 8

    # -- the rules: a game writes these ------------------------------------------------

    def new_game(self, players: Players = 2, seed: Any = None, **options: Any) -> Any:
        """The first state for ``players`` with ``options``."""
        raise NotImplementedError(f"{type(self).__name__} must define new_game")

    def current_player(self, state: Any) -> int | None:
        """The seat to act; ``None`` at a chance step or when the game is over."""
        raise NotImplementedError(f"{type(self).__name__} must define current_player")

    def legal_actions(self, state: Any, player: int | None = None) -> list[Action]:
        """The legal actions of ``player`` (default: the current player), in a fixed order."""
        raise NotImplementedError(f"{type(self).__name__} must define legal_actions")

    def apply(self, state: Any, action: Any) -> Any:
        """The state after ``action`` (already checked to be legal), or a ``Step``."""
        raise NotImplementedError(f"{type(self).__name__} must define apply")

    def chance_outcomes(self, state: Any) -> list[tuple[Any, Fraction]]:
        """Every outcome of the chance step at ``state`` and its exact probability; ``[]``
        where no chance step is due (the default: a game without chance)."""
        return []

    def apply_chance(self, state: Any, outcome: Any) -> Any:
        """The state after chance chose ``outcome`` (a game with chance defines it)."""
        raise IllegalAction(f"{self.name} has no chance steps")

    def is_over(self, state: Any) -> bool:
        """Whether the game has ended."""
        raise NotImplementedError(f"{type(self).__name__} must define is_over")

    def outcome(self, state: Any) -> Outcome | None:
        """``None`` while the game runs, then how it ended."""
        raise NotImplementedError(f"{type(self).__name__} must define outcome")

    def describe(self, state: Any, action: Action, lang: str = "en") -> str:
        """The words of a button for ``action`` in ``state`` (default: the action's
        ``str``). ``describe(action, state)``, the old order, still works (deprecated)."""
        state, action = state_first(state, action)
        return str(action)

    # -- checked steps ----------------------------------------------------------------

    def step(self, state: Any, action: Action) -> Step[Any]:
        """Check ``action`` against :meth:`legal_actions` and apply it (``IllegalAction``
        saying why when it is not legal; ``state`` is never changed)."""
        if self.is_chance(state):
            raise IllegalAction("chance moves next: resolve it with chance_step", action)
        if action not in self.legal_actions(state):
            raise IllegalAction(f"{action} is not a legal action now", action)
        return _as_step(self.apply(state, action))

    def is_chance(self, state: Any) -> bool:
        """Whether chance moves next (some chance outcomes are listed)."""
        return not self.is_over(state) and bool(self.chance_outcomes(state))

    def chance_step(self, state: Any, outcome: Any) -> Step[Any]:
        """Resolve the chance step with ``outcome`` (``IllegalAction`` if it is not one of
        :meth:`chance_outcomes`)."""
        outcomes = [o for o, _p in self.chance_outcomes(state)]
        if not outcomes:
            raise IllegalAction("no chance step is due", None)
        if outcome not in outcomes:
            raise IllegalAction(f"{outcome!r} is not an outcome of this chance step", None)
        return _as_step(self.apply_chance(state, outcome))

    # -- structs ------------------------------------------------------------------------

    @property
    def phases(self) -> PhaseTable:
        """One phase, ``play``, that allows every action, then ``over``."""
        return PhaseTable((Phase("play", self.action_types, "over"), Phase("over", ())))

    def options_of(self, state: Any) -> dict[str, Any]:
        """The options ``state`` was set up with, as JSON (default: the state's field of an
        option's name when it is of the option's kind, else the option's default: a state
        may name a field like an option, e.g. ``heaps`` the heaps' sizes where the option
        ``heaps`` is how many)."""
        options = {}
        for key, default in self.options.items():
            value = getattr(state, key, default)
            options[key] = value if self._option_problem(key, value) is None else default
        return options

    def state_to_struct(self, state: Any) -> dict[str, Any]:
        """``{"game": name, "options": {...}, "state": {...}}``, strict JSON."""
        return {"game": self.name, "options": self.options_of(state), "state": to_struct(state)}

    def state_from_struct(self, data: Any) -> Any:
        """Rebuild a state from :meth:`state_to_struct` output (``ValueError`` naming the
        field that does not fit)."""
        options, state = check_state_struct(self.name, data)
        self.make_spec(self.min_players, **options)  # known options only
        return from_struct(self.state_type, state, "state")

    def action_to_struct(self, action: Action) -> dict[str, Any]:
        """``{"type": ..., **fields}``."""
        return action.to_struct()

    def action_from_struct(self, data: Any) -> Action:
        """Rebuild one of this game's actions (``ValueError`` when it is none of them)."""
        return action_from_struct(data, action_registry(*self.action_types))

    def outcome_to_struct(self, outcome: Any) -> Any:
        """A chance outcome as JSON."""
        return to_struct(outcome)

    def outcome_from_struct(self, data: Any) -> Any:
        """Rebuild a chance outcome."""
        return data if self.outcome_type is None else from_struct(self.outcome_type, data)

    def bots(self) -> dict[str, BotFactory]:
        """The shipped strategies: ``random`` (override to add the game's own)."""
        return {"random": lambda: RandomBot(self)}

    # -- whole games (gamekit.core.simulate) ---------------------------------------------

    @property
    def sweep_settings(self) -> tuple[str, ...]:
        """The options a sweep may vary (default: every option, and ``players``)."""
        return ("players", *self.options)

    def options_from_setting(self, setting: Mapping[str, Any], **defaults: Any) -> dict[str, Any]:
        """``make_spec`` options for one sweep setting (defaults for options it names)."""
        known = {k: v for k, v in defaults.items() if k in self.options}
        return {**known, **setting}

    def make_spec(self, players: int, **options: Any) -> dict[str, Any]:
        """The options of a run, checked once: known names only, each of its default's type
        (``True``/``False``, a whole number within ``option_limits``, text), and a player
        count the game allows (``ValueError`` saying which)."""
        unknown = sorted(set(options) - set(self.options))
        if unknown:
            known = ", ".join(self.options) or "none"
            raise ValueError(f"{self.name}: unknown option(s) {unknown}; known: {known}")
        for key, value in options.items():
            self._check_option(key, value)
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.name}: {self.min_players} to {self.max_players} players, got {players}"
            )
        return {**self.options, **options}

    def _check_option(self, key: str, value: Any) -> None:
        problem = self._option_problem(key, value)
        if problem is not None:
            shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
            raise ValueError(f"{self.name}: option {key} must be {problem}, got {shown}")

    def _option_problem(self, key: str, value: Any) -> str | None:
        """What ``value`` must be for the option ``key`` (its default's kind, within
        ``option_limits``), or ``None`` when it is fine."""
        default, problem = self.options[key], ""
        if isinstance(default, bool):
            problem = "" if isinstance(value, bool) else "True or False"
        elif isinstance(default, int):
            low, high = self.option_limits.get(key, (None, None))
            if isinstance(value, bool) or not isinstance(value, int):
                problem = "a whole number"
            elif (low is not None and value < low) or (high is not None and value > high):
                problem = f"a whole number {low:,} to {high:,}"
        elif isinstance(default, str) and not isinstance(value, str):
            problem = "text"
        return problem or None

    def seat_strategies(
        self, strategies: Sequence[Any], players: int, game: int, rotate: bool
    ) -> list[Any]:
        """The strategies repeated over the seats, turned by one seat a game with ``rotate``."""
        from gamekit.core.simulate import rotate_seats

        return rotate_seats(strategies, players, game, rotate)

    def play_game(
        self,
        players: int,
        strategies: Sequence[Any],
        seed: Any,
        spec: Mapping[str, Any] | None = None,
        **options: Any,
    ) -> tuple[Any, dict[str, Any]]:
        """One whole game through the checked rules; strategies are bot names or bots.

        ``seed`` (an int, ``SeedSequence`` or ``Generator``) seeds the game, each seat's
        bot (:func:`~gamekit.core.game.seat_generators`) and chance, each from its own
        child sequence. The extra facts are ``{"moves": decisions made}``.
        """
        chosen = dict(spec) if spec is not None else self.make_spec(players, **options)
        sequence = (
            np.random.SeedSequence(int(seed.integers(2**63)))
            if isinstance(seed, np.random.Generator)
            else seed
            if isinstance(seed, np.random.SeedSequence)
            else np.random.SeedSequence(seed)
        )
        game_seq, chance_seq, bots_seq = sequence.spawn(3)
        rngs = seat_generators(bots_seq, players)
        chance = np.random.default_rng(chance_seq)
        made = self.bots()
        bots = [made[s]() if isinstance(s, str) else s for s in strategies]
        state = self.new_game(players, seed=game_seq, **chosen)
        moves = 0
        for _ in range(MAX_STEPS):
            if self.is_over(state):
                return state, {"moves": moves}
            if self.is_chance(state):
                state = self.chance_step(
                    state, sample_outcome(self.chance_outcomes(state), chance)
                ).state
                continue
            seat = self.current_player(state)
            if seat is None:
                raise RuntimeError(f"{self.name}: no one to act and no chance step at {state!r}")
            state = self.step(state, bots[seat](state, rngs[seat])).state
            moves += 1
        raise RuntimeError(f"{self.name}: the game did not end within {MAX_STEPS:,} steps")

    def result_columns(self) -> tuple[str, ...]:
        """``seat, strategy, won, score, moves``."""
        return ("seat", "strategy", "won", "score", "moves")

    def result_rows(
        self, state: Any, strategies: Sequence[str], extra: Mapping[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        """One row per seat of a finished game: its strategy, whether it won and its score
        (from :meth:`outcome`; ``None`` without scores)."""
        end = self.outcome(state)
        if end is None:
            raise ValueError(f"{self.name}: the game is not over")
        moves = (extra or {}).get("moves")
        return [
            {
                "seat": seat,
                "strategy": strategy,
                "won": seat in end.winners,
                "score": end.scores[seat] if seat < len(end.scores) else None,
                "moves": moves,
            }
            for seat, strategy in enumerate(strategies)
        ]

    # -- travelling to worker processes -------------------------------------------------

    def __reduce__(self) -> tuple[Any, ...]:
        module = sys.modules[type(self).__module__]
        root = Path(module.__file__ or ".").resolve().parent.parent
        return (game_by_name, (self.name, str(root)))


def game_by_name(name: str, root: str | None = None) -> Any:
    """The game called ``name``, found by :func:`gamekit.games`; ``root`` is a folder of
    game folders to look in too (a game kept outside the kit's own folder).

    >>> game_by_name("alfredopoly").name
    'alfredopoly'
    """
    from gamekit.core.game import games

    paths = sys.modules[__name__.partition(".")[0]].__path__
    if root is not None and root not in paths and Path(root) != Path(__file__).parents[1]:
        paths.append(root)
    return games()[name]


def _as_step(result: Any) -> Step[Any]:
    return result if isinstance(result, Step) else Step(result)
