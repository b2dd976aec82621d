"""The shared protocol suite's driver: seeded random play of any game through the ``Game``
protocol alone, for every game :func:`gamekit.games` finds (``tests/core/test_every_game.py``)
and the kit's own cases (``tests/core/test_game_protocol.py``).

Every state and action goes through a strict JSON round trip (json.dumps/loads), illegal
actions raise ``IllegalAction`` and change nothing, and replaying the recorded actions and
chance outcomes from a new game with the same seed gives the same states, one by one. A
state carries ``players`` (one entry per seat), as the protocol asks.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from gamekit.core.actions import Action, Step
from gamekit.core.errors import IllegalAction
from gamekit.core.game import Game


def strict_json(data: Any) -> Any:
    """``data`` through strict JSON text and back (NaN or a non-JSON type fails)."""
    return json.loads(json.dumps(data, allow_nan=False))


def check_state_round_trip(game: Game, state: Any) -> None:
    data = strict_json(game.state_to_struct(state))
    assert set(data) == {"game", "options", "state"} and data["game"] == game.name
    back = game.state_from_struct(data)
    assert back == state
    assert strict_json(game.state_to_struct(back)) == data  # exact: nothing lost or added
    assert game.current_player(back) == game.current_player(state)


def check_illegal(game: Game, state: Any, tried: Action) -> bool:
    """Try an action that is not listed; ``True`` when the game refused it unchanged."""
    before = json.dumps(game.state_to_struct(state))
    try:
        game.step(state, tried)
    except IllegalAction as exc:
        assert str(exc), "an illegal action needs a reason"
        assert json.dumps(game.state_to_struct(state)) == before
        return True
    return False  # some actions are legal without being listed (trades, management)


def play(
    game: Game, players: Any, options: dict[str, Any], seed: int, limit: int
) -> dict[str, Any]:
    rng = np.random.default_rng(seed)
    state = game.new_game(players, seed=seed, **options)
    states, record, seen = [state], [], set()
    refused = 0
    for _ in range(limit):
        if game.is_over(state):
            break
        check_state_round_trip(game, state)
        if game.is_chance(state):
            assert game.current_player(state) is None
            outcomes = game.chance_outcomes(state)
            assert sum(p for _, p in outcomes) == 1
            assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
            with pytest.raises(IllegalAction):
                game.step(state, next(iter(seen))) if seen else game.chance_step(state, None)
            drawn = outcomes[int(rng.integers(len(outcomes)))][0]
            data = strict_json(game.outcome_to_struct(drawn))
            assert game.outcome_from_struct(data) == drawn
            done = game.chance_step(state, game.outcome_from_struct(data))
            record.append(("chance", data))
        else:
            seat = game.current_player(state)
            assert seat is not None and 0 <= seat < len(state.players)
            legal = game.legal_actions(state)
            assert legal, "a decision with no legal action"
            assert all(isinstance(game.describe(state, a), str) for a in legal)
            with pytest.raises(IllegalAction):
                game.chance_step(state, None)
            unlisted = [a for a in seen if a not in legal]
            if unlisted:
                pick = unlisted[int(rng.integers(len(unlisted)))]
                refused += check_illegal(game, state, pick)
            action = legal[int(rng.integers(len(legal)))]
            data = strict_json(game.action_to_struct(action))
            assert game.action_from_struct(data) == action
            done = game.step(state, game.action_from_struct(data))
            seen.add(action)
            record.append(("action", data))
        assert isinstance(done, Step)
        assert all(str(e) for e in done.events)
        state = done.state
        states.append(state)
    check_state_round_trip(game, state)
    return {"states": states, "record": record, "refused": refused}


def replay(game: Game, players: Any, options: dict[str, Any], seed: int, record: list) -> list:
    state = game.new_game(players, seed=seed, **options)
    states = [state]
    for kind, data in record:
        if kind == "chance":
            state = game.chance_step(state, game.outcome_from_struct(data)).state
        else:
            state = game.step(state, game.action_from_struct(data)).state
        states.append(state)
    return states


def bots_play(game: Game, strategy: str, players: Any, seed: int, decisions: int,
              **options: Any) -> Any:  # fmt: skip
    """``decisions`` moves of ``strategy`` in every seat (``players`` a count or names;
    chance drawn from its own seeded stream); every move must be an ``Action`` the game
    accepts (``IllegalAction`` if not). Returns the last state."""
    from gamekit.core.game import player_names, seat_generators

    n, _names = player_names(players)
    make = game.bots()[strategy]
    state = game.new_game(players, seed=seed, **options)
    bots, rngs = [make() for _ in range(n)], seat_generators(seed, n)
    chance = np.random.default_rng(seed + 99)
    made = 0
    while made < decisions and not game.is_over(state):
        if game.is_chance(state):
            outcomes = game.chance_outcomes(state)
            pick = chance.choice(len(outcomes), p=[float(p) for _, p in outcomes])
            state = game.chance_step(state, outcomes[int(pick)][0]).state
            continue
        seat = game.current_player(state)
        action = bots[seat](state, rngs[seat])
        assert isinstance(action, Action), (game.name, strategy, action)
        state = game.step(state, action).state  # IllegalAction if the bot broke a rule
        made += 1
    return state
