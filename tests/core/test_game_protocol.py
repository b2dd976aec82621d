"""Both games played through the ``Game`` protocol alone (gamekit.core.game).

Seeded random play: every state and action goes through a strict JSON round trip
(json.dumps/loads), illegal actions raise ``IllegalAction`` and change nothing, and
replaying the recorded actions and chance outcomes from a new game with the same seed
gives the same states, one by one.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

import gamekit
from gamekit.core.actions import Action, PhaseTable, Step
from gamekit.core.errors import IllegalAction
from gamekit.core.game import Game, seat_generators

# (game, players, options, seed, most decisions): Alfredopoly stops after a few rounds
CASES = [
    ("alfredopoly", ["Ann", "Bo", "Cy"], {"max_rounds": 6}, 3, 400),
    ("alfredopoly", 2, {"board": "classic", "auction": True, "max_rounds": 6}, 8, 400),
    ("almamater", 2, {}, 5, 2000),
    ("almamater", ["Ann", "Bo", "Cy"], {}, 9, 2000),
]


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
            assert all(isinstance(game.describe(a, state), str) for a in legal)
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


def test_games_are_the_two_games_and_follow_the_protocol() -> None:
    games = gamekit.games()
    assert sorted(games) == ["alfredopoly", "almamater"]
    for name, game in games.items():
        assert isinstance(game, Game)
        assert game.name == name
        assert isinstance(game.phases, PhaseTable)
        assert set(game.bots()), name


@pytest.mark.parametrize(("name", "players", "options", "seed", "limit"), CASES)
def test_random_play_through_the_protocol_round_trips_and_replays(
    name: str, players: Any, options: dict[str, Any], seed: int, limit: int
) -> None:
    game = gamekit.games()[name]
    run = play(game, players, options, seed, limit)
    states = run["states"]
    assert len(states) > 50
    assert run["refused"] > 0  # the illegal-action check really ran
    again = replay(game, players, options, seed, run["record"])
    assert again == states
    last = states[-1]
    if game.is_over(last):
        result = game.outcome(last)
        assert result is not None and game.current_player(last) is None
        assert sorted(result.ranking) == list(range(len(last.players)))
        assert game.legal_actions(last) == []
    else:
        assert game.outcome(last) is None


def test_alfredopoly_random_play_reaches_the_end_through_the_protocol() -> None:
    game = gamekit.games()["alfredopoly"]
    run = play(game, 2, {"max_rounds": 3}, 1, 1000)
    assert game.is_over(run["states"][-1])
    assert game.outcome(run["states"][-1]).termination == "round limit"


def test_almamater_random_play_reaches_the_end_through_the_protocol() -> None:
    game = gamekit.games()["almamater"]
    run = play(game, 2, {}, 2, 5000)
    assert game.is_over(run["states"][-1])


def test_new_game_is_seeded_and_players_may_be_names() -> None:
    for game in gamekit.games().values():
        a, b = game.new_game(2, seed=4), game.new_game(["Ann", "Bo"], seed=4)
        assert a == game.new_game(2, seed=4)
        assert len(a.players) == len(b.players) == 2
    alf = gamekit.games()["alfredopoly"]
    assert [p.name for p in alf.new_game(["Xi", "Yu"], seed=0).players] == ["Xi", "Yu"]


def test_every_bot_plays_legal_moves_with_the_one_signature() -> None:
    for name, game in gamekit.games().items():
        for strategy, factory in game.bots().items():
            n = 2
            state = game.new_game(
                n, seed=11, **({"max_rounds": 2} if name == "alfredopoly" else {})
            )
            bots = [factory() for _ in range(n)]
            rngs = seat_generators(11, n)
            chance = np.random.default_rng(99)
            decisions = 0
            while decisions < (15 if strategy == "search" else 60) and not game.is_over(state):
                if game.is_chance(state):
                    outcomes = game.chance_outcomes(state)
                    state = game.chance_step(
                        state, outcomes[int(chance.integers(len(outcomes)))][0]
                    ).state
                    continue
                seat = game.current_player(state)
                action = bots[seat](state, rngs[seat])
                assert isinstance(action, Action), (name, strategy)
                state = game.step(state, action).state  # raises if the bot's move is illegal
                decisions += 1
            assert decisions > 0


def test_seat_generators_spawn_one_seed_sequence_per_seat() -> None:
    gens = seat_generators(5, 3)
    children = np.random.SeedSequence(5).spawn(3)
    for gen, child in zip(gens, children, strict=True):
        assert gen.random() == np.random.default_rng(child).random()
    with pytest.raises(ValueError):
        seat_generators(5, -1)


def test_a_bad_state_struct_is_refused_with_the_reason() -> None:
    games = gamekit.games()
    alf, alma = games["alfredopoly"], games["almamater"]
    good = alf.state_to_struct(alf.new_game(2, seed=0))
    with pytest.raises(ValueError, match="not of 'alfredopoly'"):
        alf.state_from_struct(alma.state_to_struct(alma.new_game(2, seed=0)))
    with pytest.raises(ValueError, match="no options"):
        alf.state_from_struct({"game": "alfredopoly", "state": good["state"]})
    with pytest.raises(ValueError, match="spaces"):
        alf.state_from_struct(
            {**good, "options": {**good["options"], "board": "classic"}}
            | {"state": {**good["state"], "owner": good["state"]["owner"][:5]}}
        )
    with pytest.raises(ValueError, match="options.players"):
        alma.state_from_struct({"game": "almamater", "options": {"data": None}, "state": {}})
    with pytest.raises(ValueError, match="unknown action type .Nonsense."):
        alf.action_from_struct({"type": "Nonsense"})


def test_every_state_knows_its_spec_and_never_writes_it() -> None:
    from gamekit.core.structs import from_struct, to_struct

    for game in gamekit.games().values():
        state = game.new_game(2, seed=6)
        spec = state.spec
        assert spec is not None
        for _ in range(12):  # carried into every new state by the engine's working copy
            if game.is_chance(state):
                state = game.chance_step(state, game.chance_outcomes(state)[0][0]).state
            else:
                state = game.step(state, game.legal_actions(state)[-1]).state
            assert state.spec is spec
        data = to_struct(state)
        assert "spec" not in data and "spec" not in repr(state)[-40:]
        with pytest.raises(ValueError, match="unknown field"):
            from_struct(type(state), {**data, "spec": None})
        bare = from_struct(type(state), data)
        assert bare.spec is None and bare == state  # the spec takes no part in equality
