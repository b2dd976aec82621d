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

Whole games for :func:`gamekit.core.simulate.simulate` use the fast loop
(:func:`gamekit.almamater.simulate.play_game`, no checks, no narration):

>>> import numpy as np
>>> final, extra = game.play_game(2, ["dean", "random"], np.random.SeedSequence(4))
>>> final.phase, [r["rank"] for r in game.result_rows(final, ["dean", "random"], extra)]
('over', [1, 2])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from gamekit.almamater import actions as A
from gamekit.almamater import bots as B
from gamekit.almamater import rules as R
from gamekit.almamater.components import DEFAULT_FOLDER
from gamekit.almamater.phrases import refused
from gamekit.almamater.scoring import DURING_PLAY, RULES
from gamekit.almamater.setup import founding_sum
from gamekit.almamater.simulate import COLUMNS
from gamekit.almamater.simulate import play_game as fast_play
from gamekit.almamater.spec import AlmaMaterSpec, make_spec
from gamekit.almamater.state import GameState, state_from_struct, state_to_struct
from gamekit.core.actions import Action, Outcome, PhaseTable, Step, action_from_struct
from gamekit.core.errors import IllegalAction
from gamekit.core.events import Words
from gamekit.core.game import (
    Bot,
    BotFactory,
    Players,
    check_state_struct,
    player_names,
    state_first,
)
from gamekit.core.rng import make_rng
from gamekit.core.simulate import rotate_strategies

#: The settings a sweep may vary: a folder of component files and the player count.
SWEEP_SETTINGS = ("data", "players")


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
    summary = "the worker-placement game about running a university"

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

    def legal_actions(self, state: GameState, player: int | None = None) -> list[Action]:
        """The current player's actions (``[]`` for any other seat: nobody acts out of turn)."""
        if state.phase == "over":
            return []
        if player is not None and player != R.current_player(state):
            return []
        return R.legal_actions(self.spec(state), state)

    def step(self, state: GameState, action: Action) -> Step[GameState]:
        if not isinstance(action, Action):
            raise refused("no.not_action", action, action=repr(action))
        if state.phase == "over":
            raise IllegalAction("the game is over", action, words=Words("no.over"))
        return R.step(self.spec(state), state, action)

    def is_chance(self, state: GameState) -> bool:
        return False

    def chance_outcomes(self, state: GameState) -> list[tuple[Any, Fraction]]:
        raise IllegalAction("Alma Mater has no chance steps", words=Words("no.chance"))

    def chance_step(self, state: GameState, outcome: Any) -> Step[GameState]:
        raise IllegalAction("Alma Mater has no chance steps", words=Words("no.chance"))

    def is_over(self, state: GameState) -> bool:
        return state.phase == "over"

    def outcome(self, state: GameState) -> Outcome | None:
        return R.outcome(self.spec(state), state)

    def describe(self, state: GameState, action: Action, lang: str = "en") -> str:
        state, action = state_first(state, action)  # describe(action, state): deprecated
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

    # -- whole games, fast -------------------------------------------------------------

    @property
    def sweep_settings(self) -> tuple[str, ...]:
        return SWEEP_SETTINGS

    def options_from_setting(self, setting: Mapping[str, Any], **defaults: Any) -> dict[str, Any]:
        """``data`` and ``players`` as they are (other defaults, e.g. ``max_rounds``, do not
        apply to Alma Mater).

        >>> AlmaMaterGame().options_from_setting({"players": 3}, max_rounds=200)
        {'data': None, 'players': 3}
        """
        unknown = sorted(set(setting) - set(SWEEP_SETTINGS))
        if unknown:
            raise ValueError(f"almamater cannot sweep {unknown}; it can sweep: {SWEEP_SETTINGS}")
        options: dict[str, Any] = {"data": setting.get("data")}
        if "players" in setting:
            options["players"] = int(setting["players"])
        return options

    def make_spec(self, players: int, **options: Any) -> AlmaMaterSpec:
        """The spec for ``data`` (a folder, ``Components`` or ``None``), or ``spec=``."""
        spec = options.pop("spec", None)
        data = options.pop("data", None)
        if options:
            raise ValueError(f"unknown Alma Mater option(s) {sorted(options)}; known: data")
        if spec is None:
            return make_spec(players, data)
        if data is not None:
            raise ValueError("give either a spec or data, not both")
        if not isinstance(spec, AlmaMaterSpec):
            raise ValueError(f"spec: expected an AlmaMaterSpec, got {type(spec).__name__}")
        if spec.players != players:
            raise ValueError(f"the spec is for {spec.players} players, not {players}")
        return spec

    def seat_strategies(
        self, strategies: Sequence[Any], players: int, game: int, rotate: bool
    ) -> list[Any]:
        """Seats take the strategies in order; ``rotate`` turns the list by one each game
        (see :func:`gamekit.core.simulate.rotate_strategies`)."""
        return rotate_strategies(strategies, players, game, rotate)

    def play_game(
        self, players: int, strategies: Sequence[Any], seed: Any, **options: Any
    ) -> tuple[GameState, dict[str, Any]]:
        """A whole game with the unchecked fast loop
        (:func:`gamekit.almamater.simulate.play_game`): one generator from ``seed`` (a
        ``Generator`` is used as it is) shuffles the setup and feeds every bot. A strategy
        is a bot name or a bot function ``bot(spec, state, legal, rng)``. No extra facts.
        """
        spec = self.make_spec(players, **options)
        if len(strategies) != players:
            raise ValueError(f"give one strategy per seat: {players} seats, {len(strategies)}")
        bots = [_bot(s) for s in strategies]
        return fast_play(spec, bots, make_rng(seed)), {}

    def result_columns(self) -> tuple[str, ...]:
        return COLUMNS[1:]

    def result_rows(
        self, state: GameState, strategies: Sequence[str], extra: Mapping[str, Any] | None = None
    ) -> list[dict[str, Any]]:
        """One row per seat: position (turn order after the draft, 1 = first), the nine
        score lines, prestige during play, total, rank (1 = best), won (shared wins count)."""
        spec = self.spec(state)
        result = R.outcome(spec, state)
        if result is None:
            raise ValueError("the game is not over yet")
        players = spec.players
        first = sorted(
            range(players), key=lambda i: (founding_sum(spec, state.players[i]), state.tie_draw[i])
        )
        rows = []
        for seat in range(players):
            score = R.player_score(spec, state, seat)
            lines = {line.rule: line.points for line in score.lines}
            row: dict[str, Any] = {
                "seat": seat, "strategy": strategies[seat], "position": first.index(seat) + 1,
            }  # fmt: skip
            row.update((r, lines[r]) for r in RULES)
            row[DURING_PLAY] = score.during_play
            row["total"] = score.total
            row["rank"] = result.ranking.index(seat) + 1
            row["won"] = seat in result.winners
            rows.append(row)
        return rows


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
            raise IllegalAction(
                "this state has no spec (make states with new_game)", words=Words("no.spec")
            )
        return fn(spec, state, R.legal_actions(spec, state), rng)

    play.__name__ = getattr(fn, "__name__", "bot")
    return play


def _bot(strategy: Any) -> B.Bot:
    if isinstance(strategy, str):
        if strategy not in B.BOTS:
            raise ValueError(f"unknown strategy {strategy!r}; known: {', '.join(B.BOTS)}")
        return B.BOTS[strategy]
    if callable(strategy):
        return strategy  # type: ignore[no-any-return]
    raise ValueError(
        f"a strategy is a bot name ({', '.join(B.BOTS)}) or a bot callable, got {strategy!r}"
    )


#: The game, as :func:`gamekit.games` finds it.
GAME = AlmaMaterGame()

__all__ = ["GAME", "AlmaMaterGame", "spec_options", "wrap_bot"]
