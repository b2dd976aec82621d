"""Alfredopoly: the Monopoly-style property game set at Alfred University.

The board and decks are data (:func:`load_board`); the rules are pure functions of an
:class:`AlfredopolySpec` and an immutable :class:`GameState`.

>>> from gamekit.alfredopoly import AlfredopolySpec, new_game, legal_actions
>>> spec = AlfredopolySpec()              # the "alfred" board, classic rules
>>> state = new_game(spec, players=4, seed=1)
>>> legal_actions(spec, state)
[RollDice()]
"""

from gamekit.alfredopoly import display, picture  # noqa: F401 (a state's notebook views)
from gamekit.alfredopoly.board import Board, Card, Space, board_names, load_board
from gamekit.alfredopoly.bots import make_bot, strategy_names
from gamekit.alfredopoly.rules import (
    apply,
    apply_chance,
    chance_outcomes,
    chance_step,
    current_player,
    fee,
    is_chance,
    is_legal,
    legal_actions,
    management_actions,
    net_worth,
    new_game,
    outcome,
    step,
)
from gamekit.alfredopoly.simulate import play_game, simulate
from gamekit.alfredopoly.spec import AlfredopolySpec, make_spec
from gamekit.alfredopoly.state import GameState, PlayerState
from gamekit.alfredopoly.transcript import transcript

__all__ = [
    "AlfredopolySpec",
    "Board",
    "Card",
    "GameState",
    "PlayerState",
    "Space",
    "apply",
    "apply_chance",
    "board_names",
    "chance_outcomes",
    "chance_step",
    "current_player",
    "fee",
    "is_chance",
    "is_legal",
    "legal_actions",
    "load_board",
    "make_bot",
    "make_spec",
    "management_actions",
    "net_worth",
    "new_game",
    "outcome",
    "play_game",
    "simulate",
    "step",
    "strategy_names",
    "transcript",
]
