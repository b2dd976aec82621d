"""Alfredopoly behind the :class:`~gamekit.core.game.Game` protocol.

Options are :class:`~gamekit.alfredopoly.spec.AlfredopolySpec`'s (``board``, ``auction``,
``max_rounds``, ...); a state's struct writes them all beside the state, so
:meth:`AlfredopolyGame.state_from_struct` rebuilds the spec (a board read from a file is
written as its path; a board built in code cannot be written). ``new_game(..., spec=spec)``
takes a ready spec instead of options.

>>> game = AlfredopolyGame()
>>> s = game.new_game(["Ann", "Bo", "Cy"], seed=1, board="classic", auction=True)
>>> s.spec.board.name, game.current_player(s), game.describe(game.legal_actions(s)[0], s)
('classic', 0, 'Roll the dice')
>>> data = game.state_to_struct(s)
>>> data["options"]["board"], data["options"]["auction"], game.state_from_struct(data) == s
('classic', True, True)
>>> sorted(game.bots())
['builder', 'buy_all', 'random', 'reserve']
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from gamekit.alfredopoly import actions as A
from gamekit.alfredopoly import rules as R
from gamekit.alfredopoly.board import board_names, load_board
from gamekit.alfredopoly.bots import STRATEGIES
from gamekit.alfredopoly.bots import Bot as AlfredopolyBot
from gamekit.alfredopoly.spec import AlfredopolySpec
from gamekit.alfredopoly.state import GameState, state_from_struct, state_to_struct
from gamekit.alfredopoly.words import describe
from gamekit.core.actions import Action, Outcome, PhaseTable, Step
from gamekit.core.dice import Dice, DiceRoll
from gamekit.core.errors import IllegalAction
from gamekit.core.game import Bot, BotFactory, Players, check_state_struct, player_names
from gamekit.core.structs import from_struct, to_struct

_DICE_OPTION = "dice"


def spec_options(spec: AlfredopolySpec) -> dict[str, Any]:
    """The options that make ``spec``, as strict JSON (``ValueError`` for a board that
    is neither built in nor read from a file).

    >>> spec_options(AlfredopolySpec(max_rounds=5))["max_rounds"]
    5
    """
    board = spec.board
    if board.name in board_names() and load_board(board.name) == board:
        where: str = board.name
    elif Path(board.source).is_file() and load_board(board.source) == board:
        where = str(board.source)
    else:
        raise ValueError(
            f"the board {board.name!r} is neither built in nor read from a file: "
            "it cannot be written as options"
        )
    options: dict[str, Any] = {"board": where}
    for name in AlfredopolySpec.__dataclass_fields__:
        if name != "board":
            options[name] = to_struct(getattr(spec, name))
    return options


@lru_cache(maxsize=32)
def _spec(options_json: str) -> AlfredopolySpec:
    return spec_from_options(json.loads(options_json))


def spec_from_options(options: Mapping[str, Any]) -> AlfredopolySpec:
    """An :class:`AlfredopolySpec` from options (``dice`` may be a ``Dice`` or its struct).

    >>> spec_from_options({"board": "classic", "dice": {"count": 2, "sides": 6}}).board.name
    'classic'
    """
    kwargs = dict(options)
    dice = kwargs.get(_DICE_OPTION)
    if dice is not None and not isinstance(dice, Dice):
        kwargs[_DICE_OPTION] = from_struct(Dice, dice)
    try:
        return AlfredopolySpec(**kwargs)
    except TypeError as exc:
        raise ValueError(f"options: {exc}") from None


class AlfredopolyGame:
    """Alfredopoly's rules behind the Game protocol (the kit's defaults unless options)."""

    name = "alfredopoly"

    @property
    def phases(self) -> PhaseTable:
        return R.PHASES

    def new_game(self, players: Players = 2, seed: Any = None, **options: Any) -> GameState:
        spec = options.pop("spec", None)
        if spec is None:
            spec = spec_from_options(options)
        elif options:
            raise ValueError("give either a spec or options, not both")
        count, names = player_names(players)
        return R.new_game(spec, players=count, seed=seed, names=names)

    def spec(self, state: GameState) -> AlfredopolySpec:
        """The state's spec (``ValueError`` for a state made without one)."""
        if state.spec is None:
            raise ValueError("this state has no spec (make states with new_game)")
        return state.spec

    def current_player(self, state: GameState) -> int | None:
        return R.current_player(state)

    def legal_actions(self, state: GameState) -> list[Action]:
        return R.legal_actions(self.spec(state), state)

    def step(self, state: GameState, action: Action) -> Step[GameState]:
        return R.step(self.spec(state), state, action)

    def is_chance(self, state: GameState) -> bool:
        return R.is_chance(state)

    def chance_outcomes(self, state: GameState) -> list[tuple[Any, Fraction]]:
        return list(R.chance_outcomes(self.spec(state), state))

    def chance_step(self, state: GameState, outcome: Any) -> Step[GameState]:
        return R.chance_step(self.spec(state), state, outcome)

    def is_over(self, state: GameState) -> bool:
        return state.phase == "over"

    def outcome(self, state: GameState) -> Outcome | None:
        return R.outcome(self.spec(state), state)

    def describe(self, action: Action, state: GameState, lang: str = "en") -> str:
        return describe(self.spec(state), state, action, lang)

    def state_to_struct(self, state: GameState) -> dict[str, Any]:
        return {
            "game": self.name,
            "options": spec_options(self.spec(state)),
            "state": state_to_struct(state),
        }

    def state_from_struct(self, data: Any) -> GameState:
        options, body = check_state_struct(self.name, data)
        try:
            spec = _spec(json.dumps(options, sort_keys=True))
        except TypeError as exc:
            raise ValueError(f"options: {exc}") from None
        return state_from_struct(body, spec)

    def action_to_struct(self, action: Action) -> dict[str, Any]:
        return action.to_struct()

    def action_from_struct(self, data: Any) -> Action:
        try:
            return A.action_from_struct(data)
        except (TypeError, KeyError) as exc:
            raise ValueError(f"not an Alfredopoly action: {data!r} ({exc})") from None

    def outcome_to_struct(self, outcome: Any) -> Any:
        if not isinstance(outcome, DiceRoll):
            raise ValueError(f"an Alfredopoly chance outcome is a DiceRoll, not {outcome!r}")
        return to_struct(outcome)

    def outcome_from_struct(self, data: Any) -> DiceRoll:
        return from_struct(DiceRoll, data)

    def bots(self) -> dict[str, BotFactory]:
        return {name: _factory(cls) for name, cls in STRATEGIES.items()}


def _factory(cls: type[AlfredopolyBot]) -> BotFactory:
    def make() -> Bot:
        return wrap_bot(cls())

    make.__name__ = cls.name
    return make


def wrap_bot(bot: AlfredopolyBot) -> Bot:
    """An Alfredopoly :class:`~gamekit.alfredopoly.bots.Bot` as a protocol bot
    ``bot(state, rng)``: every choice draws from the generator passed in.

    >>> from gamekit.alfredopoly.bots import Builder
    >>> from gamekit.core.rng import make_rng
    >>> game = AlfredopolyGame()
    >>> wrap_bot(Builder())(game.new_game(2, seed=0), make_rng(0))
    RollDice()
    """

    def play(state: GameState, rng: np.random.Generator) -> Action:
        if state.spec is None:
            raise IllegalAction("this state has no spec (make states with new_game)")
        bot.rng = rng
        return bot.choose(state.spec, state)

    play.__name__ = bot.name
    return play


__all__ = ["AlfredopolyGame", "spec_from_options", "spec_options", "wrap_bot"]
