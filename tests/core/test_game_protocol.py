"""Both games played through the ``Game`` protocol alone (gamekit.core.game).

Seeded random play: every state and action goes through a strict JSON round trip
(json.dumps/loads), illegal actions raise ``IllegalAction`` and change nothing, and
replaying the recorded actions and chance outcomes from a new game with the same seed
gives the same states, one by one.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import numpy as np
import pytest

import gamekit
from gamekit.core.actions import PhaseTable
from gamekit.core.game import Game, seat_generators
from tests.game_suite import play, replay

# (game, players, options, seed, most decisions): Alfredopoly stops after a few rounds
CASES = [
    ("alfredopoly", ["Ann", "Bo", "Cy"], {"max_rounds": 6}, 3, 400),
    ("alfredopoly", 2, {"board": "classic", "auction": True, "max_rounds": 6}, 8, 400),
    ("almamater", 2, {}, 5, 2000),
    ("almamater", ["Ann", "Bo", "Cy"], {}, 9, 2000),
]


def test_the_kit_ships_its_two_games_and_each_follows_the_protocol() -> None:
    games = gamekit.games()
    assert {"alfredopoly", "almamater"} <= set(games)  # and any game dropped in beside them
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
        n = int(getattr(game, "min_players", 2))  # a game dropped in may seat 3 or more
        names = ["Ann", "Bo", "Cy", "Di", "Ed"][:n]
        a, b = game.new_game(n, seed=4), game.new_game(names, seed=4)
        assert a == game.new_game(n, seed=4)
        assert len(a.players) == len(b.players) == n
    alf = gamekit.games()["alfredopoly"]
    assert [p.name for p in alf.new_game(["Xi", "Yu"], seed=0).players] == ["Xi", "Yu"]


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
    """The kit's two engines carry their rules (``spec``) in every state; a game written
    on ``BaseGame`` keeps its options in its own fields and need not (a game dropped into
    ``gamekit/`` failed here)."""
    from gamekit.core.structs import from_struct, to_struct

    for game in (gamekit.games()[name] for name in ("alfredopoly", "almamater")):
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
        assert bare.spec is None and bare != state  # the rules are part of a position
        assert dataclasses.replace(bare, spec=spec) == state


def test_positions_under_different_rules_are_different_states() -> None:
    """A cache keyed by the state answered for a 6-sided die when asked about an 8-sided
    one: states that differ only in their rules compared (and hashed) equal."""
    from functools import lru_cache

    game = gamekit.games()["alfredopoly"]
    six = game.new_game(2, seed=1)
    eight = game.new_game(2, seed=1, dice={"count": 2, "sides": 8})
    assert game.state_to_struct(six)["state"] == game.state_to_struct(eight)["state"]
    assert six != eight and six == game.new_game(2, seed=1)
    assert hash(six) == hash(game.new_game(2, seed=1))

    @lru_cache
    def outcomes(state: Any) -> int:
        rolled = game.step(state, game.legal_actions(state)[0]).state
        return len(game.chance_outcomes(rolled))

    assert (outcomes(six), outcomes(eight)) == (36, 64)


# -- whole games through the protocol (what simulate plays) ------------------------------

SIM_CASES = [
    ("alfredopoly", 3, ["builder", "reserve", "buy_all"], {"max_rounds": 40, "auction": True}),
    ("alfredopoly", 2, ["random", "builder"], {"board": "classic", "max_rounds": 30}),
    ("almamater", 3, ["dean", "random"], {}),
    ("almamater", 2, ["scholar", "greedy", "random"], {}),
]


def _public_simulate(name: str, players: int, games: int, seed: int, strategies: Any, options: Any):
    if name == "alfredopoly":
        from gamekit.alfredopoly.simulate import simulate
        from gamekit.alfredopoly.spec import AlfredopolySpec

        return simulate(players=players, games=games, seed=seed, strategies=strategies,
                        rotate=True, spec=AlfredopolySpec(**options))  # fmt: skip
    from gamekit.almamater.simulate import simulate as am_simulate

    return am_simulate(players=players, games=games, seed=seed, strategies=strategies)


@pytest.mark.parametrize(("name", "players", "strategies", "options"), SIM_CASES)
def test_play_game_and_result_rows_are_the_rows_of_simulate(
    name: str, players: int, strategies: list[str], options: dict[str, Any]
) -> None:
    import pandas as pd

    game = gamekit.games()[name]
    games, seed = 3, 21
    rows = []
    for g, child in enumerate(np.random.SeedSequence(seed).spawn(games)):
        seated = game.seat_strategies(strategies, players, g, True)
        state, extra = game.play_game(players, seated, child, **options)
        assert game.is_over(state) and game.current_player(state) is None
        result = game.outcome(state)
        assert result is not None
        seats = game.result_rows(state, seated, extra)
        assert [list(r) for r in seats] == [list(game.result_columns())] * players
        assert [r["won"] for r in seats] == [s in result.winners for s in range(players)]
        assert [r["rank"] for r in seats] == [result.ranking.index(s) + 1 for s in range(players)]
        assert [r["strategy"] for r in seats] == seated
        rows += [{"game": g, **r} for r in seats]
    expected = _public_simulate(name, players, games, seed, strategies, options)
    pd.testing.assert_frame_equal(pd.DataFrame(rows), expected)
    # the same seed gives the same game: play_game is a function of its arguments
    child = np.random.SeedSequence(seed).spawn(1)[0]
    seated = game.seat_strategies(strategies, players, 0, True)
    again = [game.play_game(players, seated, child, **options)[0] for _ in range(2)]
    assert again[0] == again[1]


def test_core_simulate_rotation_rules_by_hand() -> None:
    from gamekit.core.simulate import rotate_seats, rotate_strategies

    # three strategies, two seats: the list turns, so c plays too
    assert [rotate_strategies("abc", 2, g, True) for g in range(3)] == [
        ["a", "b"], ["b", "c"], ["c", "a"]]  # fmt: skip
    # two strategies, three seats: the seats (a, b, a) turn
    assert [rotate_seats("ab", 3, g, True) for g in range(3)] == [
        ["a", "b", "a"], ["b", "a", "a"], ["a", "a", "b"]]  # fmt: skip
    assert (
        rotate_seats("ab", 3, 2, False) == rotate_strategies("ab", 3, 2, False) == ["a", "b", "a"]
    )


def test_games_travel_to_worker_processes_by_name() -> None:
    import pickle

    for name, game in gamekit.games().items():
        copy = pickle.loads(pickle.dumps(game))
        assert type(copy) is type(game) and copy.name == name
    assert gamekit.games()["almamater"] is gamekit.games()["almamater"]  # found once


def test_unknown_strategies_and_options_are_refused_before_any_game() -> None:
    from gamekit.core.simulate import simulate

    for game in gamekit.games().values():
        seats = int(getattr(game, "min_players", 2))
        with pytest.raises(ValueError, match="unknown strategy 'chess'; known: "):
            simulate(game, seats, games=1, seed=1, strategies=["chess"])
        with pytest.raises(ValueError, match="give at least one strategy"):
            simulate(game, seats, games=1, seed=1, strategies=[])
    with pytest.raises(ValueError, match="unknown Alma Mater option"):
        simulate(gamekit.games()["almamater"], 2, games=1, seed=1, colour="red")


# -- legal actions of a seat that is not the current player ------------------------------


def test_alfredopoly_other_seats_get_their_management_actions() -> None:
    from gamekit.alfredopoly.actions import BuySpace, EndTurn, Mortgage, RollDice
    from gamekit.core.dice import DiceRoll

    game = gamekit.games()["alfredopoly"]
    s = game.new_game(["Ann", "Bo"], seed=1)
    s = game.chance_step(game.step(s, RollDice()).state, DiceRoll((1, 2))).state
    s = game.step(s, BuySpace(3)).state  # Ann buys Babcock Hall (mortgage value 30)
    s = game.step(s, EndTurn()).state
    assert game.current_player(s) == 1
    assert game.legal_actions(s, 1) == game.legal_actions(s) == [RollDice()]
    # Ann owns one street of an unfinished group: she may only mortgage it, out of turn
    assert game.legal_actions(s, 0) == [Mortgage(3, player=0)]
    after = game.step(s, Mortgage(3, player=0)).state
    assert after.players[0].cash == s.players[0].cash + 30 and after.mortgaged[3]
    assert game.current_player(after) == 1
    rolled = game.step(s, RollDice()).state  # dice due: nobody manages
    assert game.legal_actions(rolled, 0) == game.legal_actions(rolled, 1) == []
    with pytest.raises(ValueError, match="no seat 5"):
        game.legal_actions(s, 5)


def test_almamater_nobody_acts_out_of_turn() -> None:
    game = gamekit.games()["almamater"]
    s = game.new_game(3, seed=1)
    seat = game.current_player(s)
    assert seat == 0 and game.legal_actions(s, 0) == game.legal_actions(s) != []
    assert game.legal_actions(s, 1) == game.legal_actions(s, 2) == []


# -- a new game is a new folder ----------------------------------------------------------

TOY_GAME = '''
"""Nim for the discovery test: take 1 or 2 from a pile; who takes the last one wins."""
from dataclasses import dataclass, field

import numpy as np

from gamekit.core.actions import Action, Outcome, Phase, PhaseTable, Step
from gamekit.core.errors import IllegalAction


@dataclass(frozen=True)
class Take(Action):
    n: int


@dataclass(frozen=True)
class State:
    pile: int
    current: int
    players: int
    taken: tuple = ()


PHASES = PhaseTable((Phase("play", (Take,), "over"), Phase("over", ())))


class NimGame:
    name = "nimtoy"
    summary = "take one or two"
    phases = PHASES
    sweep_settings = ("pile",)

    def new_game(self, players=2, seed=None, pile=7):
        return State(pile, 0, players)

    def current_player(self, s):
        return None if s.pile == 0 else s.current

    def legal_actions(self, s, player=None):
        if s.pile == 0 or (player is not None and player != s.current):
            return []
        return [Take(n) for n in (1, 2) if n <= s.pile]

    def step(self, s, a):
        if a not in self.legal_actions(s):
            raise IllegalAction(f"cannot {a}", a)
        return Step(State(s.pile - a.n, (s.current + 1) % s.players, s.players,
                          s.taken + (a.n,)))

    def is_chance(self, s):
        return False

    def chance_outcomes(self, s):
        raise IllegalAction("no chance")

    def chance_step(self, s, o):
        raise IllegalAction("no chance")

    def is_over(self, s):
        return s.pile == 0

    def outcome(self, s):
        if s.pile:
            return None
        w = (s.current - 1) % s.players
        return Outcome("last take", (w,), (w, *[p for p in range(s.players) if p != w]))

    def describe(self, a, s, lang="en"):
        return f"take {a.n}"

    def state_to_struct(self, s):
        return {"game": self.name, "options": {}, "state": s.__dict__}

    def state_from_struct(self, d):
        return State(**d["state"])

    def action_to_struct(self, a):
        return a.to_struct()

    def action_from_struct(self, d):
        return Take(d["n"])

    def outcome_to_struct(self, o):
        raise ValueError("no chance")

    def outcome_from_struct(self, d):
        raise ValueError("no chance")

    def bots(self):
        def pick(s, rng):
            legal = self.legal_actions(s)
            return legal[rng.integers(len(legal))]

        def most(s, rng):
            return self.legal_actions(s)[-1]

        return {"random": lambda: pick, "greedy": lambda: most}

    def options_from_setting(self, setting, **defaults):
        return dict(setting)

    def make_spec(self, players, pile=7):
        return pile

    def seat_strategies(self, strategies, players, game, rotate):
        return [strategies[(i + (game if rotate else 0)) % len(strategies)] for i in range(players)]

    def play_game(self, players, strategies, seed, spec=7):
        rng = np.random.default_rng(seed)
        bots = [self.bots()[s]() for s in strategies]
        s = self.new_game(players, pile=spec)
        while not self.is_over(s):
            s = self.step(s, bots[s.current](s, rng)).state
        return s, {"moves": len(s.taken)}

    def result_columns(self):
        return ("seat", "strategy", "won", "moves")

    def result_rows(self, s, strategies, extra=None):
        w = self.outcome(s).winners
        return [{"seat": i, "strategy": strategies[i], "won": i in w, "moves": extra["moves"]}
                for i in range(s.players)]


GAME = NimGame()
'''


def test_a_new_game_folder_is_found_swept_and_simulated(tmp_path, monkeypatch) -> None:
    import sys

    from gamekit import experiments
    from gamekit.core.simulate import simulate

    folder = tmp_path / "nimtoy"
    folder.mkdir()
    (folder / "__init__.py").write_text("")
    (folder / "game.py").write_text(TOY_GAME)
    monkeypatch.setattr(gamekit, "__path__", [*gamekit.__path__, str(tmp_path)])
    try:
        games = gamekit.games()
        assert {"alfredopoly", "almamater", "nimtoy"} <= set(games)
        nim = games["nimtoy"]
        assert isinstance(nim, Game) and experiments.GAMES["nimtoy"] == ("pile",)
        # greedy always takes 2: a pile of 4 goes 2, 2 and the second seat takes the last
        frame = simulate(nim, 2, games=2, seed=1, strategies=["greedy"], pile=4)
        assert frame.to_dict("list") == {
            "game": [0, 0, 1, 1], "seat": [0, 1, 0, 1], "strategy": ["greedy"] * 4,
            "won": [False, True, False, True], "moves": [2, 2, 2, 2],
        }  # fmt: skip
        swept = experiments.sweep("nimtoy", {"pile": [3, 4]}, ["greedy"], games=1, players=2)
        # pile 3: 2 then 1, seat 1 wins; pile 4: 2 then 2, seat 1 wins
        assert swept[["pile", "seat", "won", "moves"]].values.tolist() == [
            [3, 0, False, 2], [3, 1, True, 2], [4, 0, False, 2], [4, 1, True, 2]]  # fmt: skip
    finally:
        for module in [m for m in sys.modules if m.startswith("gamekit.nimtoy")]:
            del sys.modules[module]
    monkeypatch.undo()
    assert "nimtoy" not in gamekit.games()


@pytest.mark.parametrize(
    ("name", "field", "value", "message"),
    [
        ("alfredopoly", "actor", 10**30, "state.actor: 1000000000000000000000000000000 is not"),
        ("alfredopoly", "current", 3, r"state.current: 3 is not allowed \(expected 0..2\)"),
        ("alfredopoly", "owner", [3] + [-1] * 39, r"state.owner: 3 .*expected -1..2"),
        ("alfredopoly", "pending", 40, r"state.pending: 40 .*expected -1..39"),
        ("alfredopoly", "phase", "nap", "state.phase: 'nap' is not allowed"),
        ("almamater", "turn", 3, r"turn: 3 is not allowed \(expected 0..2\)"),
        ("almamater", "order", [0, 1, 1], "order: must hold each seat 0..2 once"),
        ("almamater", "phase", "end", "phase: 'end' is not allowed"),
    ],
)
def test_a_loaded_state_names_only_seats_spaces_and_phases_that_exist(
    name: str, field: str, value: object, message: str
) -> None:
    """An edited save naming seat 10**30 loaded and failed later with an IndexError."""
    game = gamekit.games()[name]
    data = json.loads(json.dumps(game.state_to_struct(game.new_game(players=3, seed=1))))
    data["state"][field] = value
    with pytest.raises(ValueError, match=message):
        game.state_from_struct(data)
