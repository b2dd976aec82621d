"""The ``Game`` protocol: one game's rules behind one interface (OpenSpiel's shape).

A :class:`Game` object is a rule set with the kit's defaults. Everything a front end, a
transcript, a test or a simulation needs goes through it, and a state carries its own spec,
so ``game.legal_actions(state)`` needs nothing but the state:

- ``new_game(players, seed, **options)`` sets up a game (``players`` a count or names);
- ``current_player(state)`` is the seat to act (``None`` at a chance step or when over);
- ``legal_actions(state)``; ``step(state, action) -> Step`` (the next state and its events;
  an illegal action raises :class:`~gamekit.core.errors.IllegalAction` with the reason and
  nothing changes);
- ``is_chance(state)``, ``chance_outcomes(state) -> [(outcome, Fraction)]``,
  ``chance_step(state, outcome) -> Step``;
- ``is_over(state)``, ``outcome(state)``; ``describe(state, action, lang)`` (a button's
  words; state first, as in every member: ``describe(action, state)`` still works, with
  a ``DeprecationWarning``, see :func:`state_first`);
- ``state_to_struct`` / ``state_from_struct`` and ``action_to_struct`` / ``action_from_struct``
  (strict JSON, exact round trip; a state's struct is ``{"game", "options", "state"}``);
- ``bots()``: name -> factory; ``factory()`` makes a bot, and every bot of every game is
  called as ``bot(state, rng) -> Action``. Seat ``s`` of a game seeded ``S`` draws from
  ``seat_generators(S, n)[s]``.

Whole games, fast (what :func:`gamekit.core.simulate.simulate` plays, in any process):

- ``make_spec(players, **options)`` checks the options once; ``play_game(players,
  strategies, seed, spec=spec) -> (final state, extra)`` plays a whole game between the
  named strategies with the game's own fast loop (its seeding documented there);
  ``result_columns()`` and ``result_rows(state, strategies, extra) -> [dict]`` are the
  simulation frame's columns and one row per seat (the ``game`` number is the frame's);
  ``seat_strategies(strategies, players, game, rotate)`` seats game ``game``'s bots;
- ``sweep_settings`` are the settings a sweep can vary and ``options_from_setting(setting,
  **defaults)`` turns one combination into ``make_spec`` options (``players`` included
  when the setting names it).

A game is a subpackage of ``gamekit`` with a ``game.py`` that defines ``GAME``;
:func:`gamekit.games` finds them all, so a new game is a new folder.

>>> import gamekit
>>> game = gamekit.games()["alfredopoly"]
>>> isinstance(game, Game)
True
>>> state = game.new_game(players=["Ann", "Bo"], seed=1)
>>> game.current_player(state), game.legal_actions(state)
(0, [RollDice()])
>>> state = game.step(state, game.legal_actions(state)[0]).state
>>> game.is_chance(state), game.current_player(state)
(True, None)
>>> dice, chance = game.chance_outcomes(state)[0]
>>> dice, chance, str(game.chance_step(state, dice).events[0]).startswith("Ann rolled 1+1")
(DiceRoll(values=(1, 1)), Fraction(1, 36), True)
>>> game.state_from_struct(game.state_to_struct(state)) == state
True
"""

from __future__ import annotations

import importlib
import sys
import warnings
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol, TypeAlias, runtime_checkable

import numpy as np

from gamekit.core.actions import Action, Outcome, PhaseTable, Step

Bot: TypeAlias = Callable[[Any, np.random.Generator], Action]
"""A bot: ``bot(state, rng) -> Action``, one of the legal actions of the current player."""

BotFactory: TypeAlias = Callable[[], Bot]
"""Makes a fresh bot (a bot may keep memory between its calls, so one per seat)."""

Players: TypeAlias = int | Sequence[str]


def state_first(first: Any, second: Any) -> tuple[Any, Any]:
    """``(state, action)`` from the arguments of ``describe``: the protocol's order is
    state first, as in ``step(state, action)``; the old order ``describe(action, state)``
    is turned round with a ``DeprecationWarning`` (it goes in a later release).

    >>> from gamekit.core.actions import Action
    >>> class Roll(Action): pass
    >>> state_first("a state", Roll())
    ('a state', Roll())
    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     turned = state_first(Roll(), "a state")
    >>> turned, caught[0].category.__name__
    (('a state', Roll()), 'DeprecationWarning')
    """
    if isinstance(first, Action) and not isinstance(second, Action):
        warnings.warn(
            "describe(action, state) is deprecated: call describe(state, action)",
            DeprecationWarning,
            stacklevel=3,
        )
        return second, first
    return first, second


def seat_generators(seed: int | np.random.SeedSequence | None, n: int) -> list[np.random.Generator]:
    """One independent generator per seat: seat ``s`` of a game seeded ``seed`` gets
    ``default_rng(SeedSequence(seed).spawn(n)[s])`` (the kit's one seeding scheme).

    >>> a = [int(g.integers(1000)) for g in seat_generators(7, 3)]
    >>> a == [int(g.integers(1000)) for g in seat_generators(7, 3)], len(set(a))
    (True, 3)
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"n must be a whole number >= 0, got {n!r}")
    root = seed if isinstance(seed, np.random.SeedSequence) else np.random.SeedSequence(seed)
    return [np.random.default_rng(child) for child in root.spawn(n)]


def player_names(players: Players) -> tuple[int, list[str] | None]:
    """The seat count and the names (``None`` when only a count was given).

    >>> player_names(3), player_names(["Ann", "Bo"])
    ((3, None), (2, ['Ann', 'Bo']))
    """
    if isinstance(players, (bool, str)):
        raise ValueError(f"players: give a number or a list of names, not {players!r}")
    if isinstance(players, (int, np.integer)):
        return int(players), None
    names = [str(p) for p in players]
    return len(names), names


@runtime_checkable
class Game(Protocol):
    """One game's rules: what every front end, transcript, test and simulation uses.

    States are immutable and carry their spec; every method is a pure function of its
    arguments (a bot may keep memory of its own). See the module docstring for an example.
    """

    name: str

    @property
    def phases(self) -> PhaseTable:
        """The game's phase table (its turn structure as data)."""
        ...

    def new_game(self, players: Players = 2, seed: Any = None, **options: Any) -> Any:
        """A new game for ``players`` (a count or names) with ``options`` for the spec."""
        ...

    def current_player(self, state: Any) -> int | None:
        """The seat to act; ``None`` at a chance step or when the game is over."""
        ...

    def legal_actions(self, state: Any, player: int | None = None) -> list[Action]:
        """The legal actions of ``player`` (default: the current player), in a fixed order.

        A seat other than the current player gets what it may do out of turn (Alfredopoly:
        manage its property while the game waits; games without such actions: ``[]``)."""
        ...

    def step(self, state: Any, action: Action) -> Step[Any]:
        """Check and apply ``action``; ``IllegalAction`` with the reason when illegal."""
        ...

    def is_chance(self, state: Any) -> bool:
        """Whether chance (dice) moves next."""
        ...

    def chance_outcomes(self, state: Any) -> list[tuple[Any, Fraction]]:
        """Every outcome of the chance step and its exact probability."""
        ...

    def chance_step(self, state: Any, outcome: Any) -> Step[Any]:
        """Resolve the chance step with ``outcome``."""
        ...

    def is_over(self, state: Any) -> bool:
        """Whether the game has ended."""
        ...

    def outcome(self, state: Any) -> Outcome | None:
        """``None`` while the game runs, then how it ended."""
        ...

    def describe(self, state: Any, action: Action, lang: str = "en") -> str:
        """The words a button for ``action`` shows in ``state`` (prices included)."""
        ...

    def state_to_struct(self, state: Any) -> dict[str, Any]:
        """``{"game": name, "options": {...}, "state": {...}}``, strict JSON."""
        ...

    def state_from_struct(self, data: Any) -> Any:
        """Rebuild a state (and its spec) from :meth:`state_to_struct` output."""
        ...

    def action_to_struct(self, action: Action) -> dict[str, Any]:
        """``{"type": ..., **fields}``, strict JSON."""
        ...

    def action_from_struct(self, data: Any) -> Action:
        """Rebuild an action; ``ValueError`` when it is not one of this game's."""
        ...

    def outcome_to_struct(self, outcome: Any) -> Any:
        """A chance outcome as strict JSON."""
        ...

    def outcome_from_struct(self, data: Any) -> Any:
        """Rebuild a chance outcome from :meth:`outcome_to_struct` output."""
        ...

    def bots(self) -> dict[str, BotFactory]:
        """Every shipped bot strategy: name -> factory."""
        ...

    # -- whole games, fast (gamekit.core.simulate) ---------------------------------------

    @property
    def sweep_settings(self) -> tuple[str, ...]:
        """The settings a sweep may vary (keys of :meth:`options_from_setting`)."""
        ...

    def options_from_setting(self, setting: Mapping[str, Any], **defaults: Any) -> dict[str, Any]:
        """``make_spec`` options for one combination of sweep settings (``players`` among
        them when the setting names it); ``defaults`` (e.g. ``max_rounds``) fill the rest
        where the game uses them."""
        ...

    def make_spec(self, players: int, **options: Any) -> Any:
        """The rule set for ``options`` (checked once, then sent to every game)."""
        ...

    def seat_strategies(
        self, strategies: Sequence[Any], players: int, game: int, rotate: bool
    ) -> list[Any]:
        """The strategy of each seat in game number ``game`` of a simulation."""
        ...

    def play_game(
        self, players: int, strategies: Sequence[Any], seed: Any, **options: Any
    ) -> tuple[Any, dict[str, Any]]:
        """One whole game between ``strategies`` (one per seat) with the game's fast loop;
        the final state and the game's extra facts for :meth:`result_rows`. ``seed`` is a
        ``SeedSequence`` (or a ``Generator`` shared game after game); ``options`` as for
        :meth:`make_spec`, or ``spec=`` a ready one."""
        ...

    def result_columns(self) -> tuple[str, ...]:
        """The columns of :meth:`result_rows`, in order."""
        ...

    def result_rows(
        self, state: Any, strategies: Sequence[str], extra: Mapping[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        """One row per seat of a finished game (columns :meth:`result_columns`);
        ``strategies`` names each seat's strategy, ``extra`` is :meth:`play_game`'s."""
        ...


def check_state_struct(game_name: str, data: Any) -> tuple[dict[str, Any], Any]:
    """The ``options`` and ``state`` parts of a state struct of ``game_name``, checked
    (``ValueError`` saying what is wrong).

    >>> check_state_struct("demo", {"game": "demo", "options": {}, "state": {"x": 1}})
    ({}, {'x': 1})
    >>> check_state_struct("demo", {"game": "other", "options": {}, "state": {}})
    Traceback (most recent call last):
    ...
    ValueError: game: this is a state of 'other', not of 'demo'
    """
    if not isinstance(data, Mapping):
        raise ValueError(f"a state struct is an object, not {type(data).__name__}")
    missing = [k for k in ("game", "options", "state") if k not in data]
    if missing:
        raise ValueError(f"the state struct has no {', '.join(missing)}")
    extra = sorted(set(data) - {"game", "options", "state"})
    if extra:
        raise ValueError(f"unknown field(s) {extra} in the state struct")
    if data["game"] != game_name:
        raise ValueError(f"game: this is a state of {data['game']!r}, not of {game_name!r}")
    if not isinstance(data["options"], Mapping):
        raise ValueError("options: expected an object")
    return dict(data["options"]), data["state"]


def discover_games(paths: Sequence[str], package: str = "gamekit") -> dict[str, Game]:
    """Every game under ``paths`` (a package's ``__path__``): each subfolder with an
    ``__init__.py`` and a ``game.py`` that defines ``GAME``, by ``GAME.name``.

    A ``game.py`` without ``GAME`` is not a game (``gamekit/core/game.py`` is this module);
    a ``GAME`` that does not follow the protocol is an error naming the file.

    >>> import gamekit
    >>> found = discover_games(gamekit.__path__)
    >>> found["almamater"].name, "core" in found  # core/game.py defines no GAME
    ('almamater', False)
    """
    found: dict[str, Game] = {}
    folders = sorted(
        {d.name: d for root in paths for d in Path(root).iterdir() if d.is_dir()}.items()
    )
    for name, folder in folders:
        if name.startswith(("_", ".")) or not (folder / "__init__.py").is_file():
            continue
        if not (folder / "game.py").is_file():
            continue
        module = importlib.import_module(f"{package}.{name}.game")
        if not hasattr(module, "GAME"):
            continue
        game = module.GAME
        if not isinstance(game, Game):
            raise TypeError(f"{folder / 'game.py'}: GAME must be an object of the Game protocol")
        if game.name in found:
            raise ValueError(f"{folder / 'game.py'}: a second game named {game.name!r}")
        found[game.name] = game
    return found


def kit_paths() -> tuple[str, ...]:
    """The folders of the kit's package (``gamekit.__path__``), read from the package that
    is already imported (every module of the kit is imported through it)."""
    return tuple(sys.modules[__name__.partition(".")[0]].__path__)


def games() -> dict[str, Game]:
    """Every game of the kit by name (what :func:`gamekit.games` returns): every subfolder
    of the kit's package with a ``game.py`` defining ``GAME``, found once per package path.

    >>> games()["alfredopoly"].name
    'alfredopoly'
    """
    return dict(_discovered(kit_paths()))


@lru_cache(maxsize=4)
def _discovered(paths: tuple[str, ...]) -> dict[str, Game]:
    return discover_games(paths, __name__.partition(".")[0])
