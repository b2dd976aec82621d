"""Alma Mater: the worker-placement game about running a university.

The public API, in the order a lesson meets it:

>>> from gamekit.almamater import make_spec, new_game, legal_actions, step, outcome
>>> spec = make_spec(3)                      # kit-default data; make_spec(3, "my/folder")
>>> state = new_game(spec, seed=1)           # all chance happens here
>>> first = legal_actions(spec, state)[0]
>>> result = step(spec, state, first)        # next state and events in words
>>> outcome(spec, result.state) is None      # None until the game is over
True
"""

from gamekit.almamater import display, picture  # noqa: F401 (a state's notebook views)
from gamekit.almamater.actions import ACTIONS
from gamekit.almamater.bots import BOTS
from gamekit.almamater.components import Components, load_components, notes_frame
from gamekit.almamater.glossary import GLOSSARY, glossary_frame
from gamekit.almamater.rules import (
    PHASES,
    action_space,
    apply,
    current_player,
    describe,
    legal_actions,
    outcome,
    player_score,
    step,
)
from gamekit.almamater.scoring import RULES, Score, final_score
from gamekit.almamater.setup import new_game
from gamekit.almamater.simulate import play_game, simulate, summarize
from gamekit.almamater.spec import AlmaMaterSpec, make_spec, space_title
from gamekit.almamater.state import GameState, PlayerState, state_from_struct, state_to_struct
from gamekit.almamater.tables import players_frame, score_frame
from gamekit.almamater.transcript import transcript

__all__ = [
    "ACTIONS",
    "BOTS",
    "GLOSSARY",
    "PHASES",
    "RULES",
    "AlmaMaterSpec",
    "Components",
    "GameState",
    "PlayerState",
    "Score",
    "action_space",
    "apply",
    "current_player",
    "describe",
    "final_score",
    "glossary_frame",
    "legal_actions",
    "load_components",
    "make_spec",
    "new_game",
    "notes_frame",
    "outcome",
    "play_game",
    "player_score",
    "players_frame",
    "score_frame",
    "simulate",
    "space_title",
    "state_from_struct",
    "state_to_struct",
    "step",
    "summarize",
    "transcript",
]
