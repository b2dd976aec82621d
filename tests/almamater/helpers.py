"""Helpers for the Alma Mater tests: reach the action phase, then set up positions by hand."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamekit.almamater.balance import Balance, balance
from gamekit.almamater.rules import action_space, legal_actions, new_game, player_score, step
from gamekit.almamater.spec import AlmaMaterSpec, make_spec
from gamekit.almamater.state import GameState, PlayerState, replace
from gamekit.core.actions import Action, Step

SPECS = {n: make_spec(n) for n in (2, 3, 4)}

#: The small balance run (scholar against dean, seats rotated) that the balance tests
#: count again by hand: its games, seed and strategies.
DUEL_GAMES = 6
DUEL_SEED = 11
DUEL_PAIR = ("scholar", "dean")


def duel_report() -> Balance:
    """The balance report of that run at 2 and 3 players."""
    return balance(players=(2, 3), games=DUEL_GAMES, seed=DUEL_SEED, strategies=DUEL_PAIR)


def first_until(spec: AlmaMaterSpec, state: GameState, phase: str) -> GameState:
    """``state`` played on to ``phase`` by always taking the first legal action."""
    while state.phase != phase:
        state = step(spec, state, legal_actions(spec, state)[0]).state
    return state


def kinds_and_scores(
    spec: AlmaMaterSpec, state: GameState, legal: list[Action]
) -> tuple[list[str], list[int]]:
    """Each of ``legal``'s options: its kind of choice (its action space, else its type's
    name) and the mover's score if the game ended right after it, what the search bot's
    shortlist sorts by, counted here one option at a time."""
    seat = state.current
    assert seat is not None
    kinds = [action_space(spec, a) or type(a).__name__ for a in legal]
    scores = [player_score(spec, step(spec, state, a).state, seat).total for a in legal]
    return kinds, scores


def setup_done(players: int = 3, seed: int = 0) -> tuple[AlmaMaterSpec, GameState]:
    """A game at the start of round 1, reached by always taking the first legal action."""
    spec = SPECS[players]
    return spec, first_until(spec, new_game(spec, seed=seed), "action")


def blank(players: int = 3, seed: int = 0, **player: Any) -> tuple[AlmaMaterSpec, GameState]:
    """Round 1, every player with no resources and no chancellor ability, then ``player``
    fields set on every seat (e.g. ``ducats=10``)."""
    spec, state = setup_done(players, seed)
    n = spec.players
    fresh = tuple(
        PlayerState(
            seat=i,
            colour=spec.colours[i],
            kept=p.kept,
            discarded=p.discarded,
            chancellor=p.chancellor,
            storage=(0,) * n,
            shelves=p.shelves,
            masters=4,
        )
        for i, p in enumerate(state.players)
    )
    state = replace(
        state, players=tuple(replace(p, **player) for p in fresh), order=tuple(range(n)), turn=0
    )
    return spec, state


def with_player(state: GameState, seat: int, **changes: Any) -> GameState:
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


def with_game(state: GameState, **changes: Any) -> GameState:
    return replace(state, **changes)


def act(spec: AlmaMaterSpec, state: GameState, action: Action) -> Step[GameState]:
    return step(spec, state, action)


def find(spec: AlmaMaterSpec, state: GameState, pred: Callable[[Action], bool]) -> list[Action]:
    return [a for a in legal_actions(spec, state) if pred(a)]


def answer(spec: AlmaMaterSpec, state: GameState, shelve: bool = False) -> Action:
    """The default answer to the waiting decision: new own textbooks into storage (all into
    the library with ``shelve``); over the storage limit, own textbooks go back first, then
    the lowest-ranked colours, dictionaries last."""
    from gamekit.almamater.bots import BOTS
    from gamekit.core.rng import make_rng

    bot = BOTS["dean" if shelve else "scholar"]
    return bot(spec, state, legal_actions(spec, state), make_rng(0))


def settle(spec: AlmaMaterSpec, state: GameState, shelve: bool = False) -> Step[GameState]:
    """Answer every waiting decision with :func:`answer`; the last step, all events."""
    events: list[Any] = []
    while state.pending:
        st = step(spec, state, answer(spec, state, shelve))
        events.extend(st.events)
        state = st.state
    return Step(state, tuple(events))


def pass_all(spec: AlmaMaterSpec, state: GameState) -> Step[GameState]:
    """Everyone passes until the round ends, waiting decisions answered by :func:`answer`;
    returns the last step (with the round's events)."""
    from gamekit.almamater.actions import Pass

    start_round = state.round
    events: list[Any] = []
    while state.pending or (state.phase == "action" and state.round == start_round):
        st = step(spec, state, answer(spec, state) if state.pending else Pass())
        events.extend(st.events)
        state = st.state
    return Step(state, tuple(events))
