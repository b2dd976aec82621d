"""Alma Mater behind the :class:`~gamekit.core.game.Game` protocol.

The one option is ``data``: a folder of component files instead of the kit's own. Seats
are colours (red, blue, green, purple); names given as ``players`` only count the seats.
Alma Mater has no chance steps after setup (the setup is shuffled from the seed).
``new_game(..., spec=spec)`` takes a ready spec instead of options.

>>> game = AlmaMaterGame()
>>> s = game.new_game(3, seed=1)
>>> game.current_player(s), game.is_chance(s), len(game.legal_actions(s))
(0, False, 4)
>>> data = game.state_to_struct(s)
>>> data["options"], game.state_from_struct(data) == s
({'players': 3, 'data': None}, True)
>>> sorted(game.bots())
['dean', 'greedy', 'random', 'scholar', 'search']
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from gamekit.almamater import actions as A
from gamekit.almamater import bots as B
from gamekit.almamater import rules as R
from gamekit.almamater.components import DEFAULT_FOLDER
from gamekit.almamater.spec import AlmaMaterSpec, make_spec
from gamekit.almamater.state import GameState, state_from_struct, state_to_struct
from gamekit.core.actions import Action, Outcome, PhaseTable, Step, action_from_struct
from gamekit.core.errors import IllegalAction
from gamekit.core.game import Bot, BotFactory, Players, check_state_struct, player_names


def spec_options(spec: AlmaMaterSpec) -> dict[str, Any]:
    """The options that make ``spec``: the player count and the data folder (``None``:
    the kit's own).

    >>> spec_options(make_spec(2))
    {'players': 2, 'data': None}
    """
    source = spec.components.source
    data = None if Path(source).resolve() == Path(DEFAULT_FOLDER).resolve() else str(source)
    return {"players": spec.players, "data": data}


@lru_cache(maxsize=16)
def _spec(players: int, data: str | None) -> AlmaMaterSpec:
    return make_spec(players, data)


class AlmaMaterGame:
    """Alma Mater's rules behind the Game protocol (the kit's data unless ``data``)."""

    name = "almamater"

    @property
    def phases(self) -> PhaseTable:
        return R.PHASES

    def new_game(self, players: Players = 2, seed: Any = None, **options: Any) -> GameState:
        spec = options.pop("spec", None)
        data = options.pop("data", None)
        if options:
            raise ValueError(f"unknown Alma Mater option(s) {sorted(options)}; known: data")
        count, _ = player_names(players)  # seats are colours: names only count them
        if spec is None:
            spec = make_spec(count, data) if data is not None else _spec(count, None)
        return R.new_game(spec, count, seed=seed)

    def spec(self, state: GameState) -> AlmaMaterSpec:
        """The state's spec (``ValueError`` for a state made without one)."""
        if state.spec is None:
            raise ValueError("this state has no spec (make states with new_game)")
        return state.spec

    def current_player(self, state: GameState) -> int | None:
        return R.current_player(state)

    def legal_actions(self, state: GameState) -> list[Action]:
        if state.phase == "over":
            return []
        return R.legal_actions(self.spec(state), state)

    def step(self, state: GameState, action: Action) -> Step[GameState]:
        if not isinstance(action, Action):
            raise IllegalAction(f"not an action: {action!r}", action)
        if state.phase == "over":
            raise IllegalAction("the game is over", action)
        return R.step(self.spec(state), state, action)

    def is_chance(self, state: GameState) -> bool:
        return False

    def chance_outcomes(self, state: GameState) -> list[tuple[Any, Fraction]]:
        raise IllegalAction("Alma Mater has no chance steps")

    def chance_step(self, state: GameState, outcome: Any) -> Step[GameState]:
        raise IllegalAction("Alma Mater has no chance steps")

    def is_over(self, state: GameState) -> bool:
        return state.phase == "over"

    def outcome(self, state: GameState) -> Outcome | None:
        return R.outcome(self.spec(state), state)

    def describe(self, action: Action, state: GameState, lang: str = "en") -> str:
        return R.describe(self.spec(state), state, action, lang)

    def state_to_struct(self, state: GameState) -> dict[str, Any]:
        return {
            "game": self.name,
            "options": spec_options(self.spec(state)),
            "state": state_to_struct(state),
        }

    def state_from_struct(self, data: Any) -> GameState:
        options, body = check_state_struct(self.name, data)
        unknown = sorted(set(options) - {"players", "data"})
        if unknown:
            raise ValueError(f"options: unknown option(s) {unknown}")
        players, folder = options.get("players"), options.get("data")
        if isinstance(players, bool) or not isinstance(players, int):
            raise ValueError(f"options.players: expected a whole number, got {players!r}")
        if folder is not None and not isinstance(folder, str):
            raise ValueError(f"options.data: expected a folder name or null, got {folder!r}")
        try:
            spec = _spec(players, folder)
        except ValueError as exc:  # make_spec refuses a bad player count
            raise ValueError(f"options: {exc}") from None
        return state_from_struct(body, spec)

    def action_to_struct(self, action: Action) -> dict[str, Any]:
        return action.to_struct()

    def action_from_struct(self, data: Any) -> Action:
        try:
            return action_from_struct(data, A.ACTIONS)
        except (TypeError, KeyError) as exc:
            raise ValueError(f"not an Alma Mater action: {data!r} ({exc})") from None

    def outcome_to_struct(self, outcome: Any) -> Any:
        raise ValueError("Alma Mater has no chance outcomes")

    def outcome_from_struct(self, data: Any) -> Any:
        raise ValueError("Alma Mater has no chance outcomes")

    def bots(self) -> dict[str, BotFactory]:
        return {name: _factory(fn) for name, fn in B.BOTS.items()}


def _factory(fn: B.Bot) -> BotFactory:
    def make() -> Bot:
        return wrap_bot(fn)

    make.__name__ = getattr(fn, "__name__", "bot")
    return make


def wrap_bot(fn: B.Bot) -> Bot:
    """An Alma Mater bot function ``fn(spec, state, legal, rng)`` as a protocol bot
    ``bot(state, rng)``.

    >>> from gamekit.core.rng import make_rng
    >>> s = AlmaMaterGame().new_game(2, seed=0)
    >>> str(wrap_bot(B.BOTS["scholar"])(s, make_rng(0))).startswith("keep")
    True
    """

    def play(state: GameState, rng: np.random.Generator) -> Action:
        spec = state.spec
        if spec is None:
            raise IllegalAction("this state has no spec (make states with new_game)")
        return fn(spec, state, R.legal_actions(spec, state), rng)

    play.__name__ = getattr(fn, "__name__", "bot")
    return play


__all__ = ["AlmaMaterGame", "spec_options", "wrap_bot"]
