"""The shared suite, run over EVERY game: each one :func:`gamekit.games` finds under
``gamekit/`` (a new game folder is tested with no other file touched) and the example games
of ``tests/example_games`` (Pig, written against ``BaseGame``), which this module puts on
the package path exactly as a folder under ``gamekit/`` would be.

Per game: it follows the protocol; seeded random play round-trips every state, action and
chance outcome through strict JSON, refuses unlisted actions without a change, and replays;
every bot moves legally; a whole simulation gives the same frame on 1 and 2 worker processes
and one result row per seat with one winner column, ``won``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

import pytest

import gamekit
from gamekit.core.actions import PhaseTable
from gamekit.core.game import Game
from gamekit.core.simulate import simulate
from tests.game_suite import bots_play, play, replay

EXAMPLES = Path(__file__).resolve().parents[1] / "example_games"
EXAMPLE_NAMES = sorted(p.name for p in EXAMPLES.iterdir() if (p / "game.py").is_file())
NAMES = sorted({*gamekit.games(), *EXAMPLE_NAMES})


@pytest.fixture(scope="module", autouse=True)
def _examples_on_the_path():
    """The example games sit beside the kit's own while this module runs."""
    gamekit.__path__.append(str(EXAMPLES))
    yield
    gamekit.__path__.remove(str(EXAMPLES))


def quick(game: Game) -> dict[str, Any]:
    """Options that keep a whole game short where the game has a round limit."""
    return {"max_rounds": 4} if "max_rounds" in getattr(game, "sweep_settings", ()) else {}


def seats(game: Game) -> int:
    return int(getattr(game, "min_players", 2))


def test_the_examples_are_found_beside_the_kits_games():
    found = gamekit.games()
    assert set(EXAMPLE_NAMES) <= set(found) and {"alfredopoly", "almamater"} <= set(found)


@pytest.mark.parametrize("name", NAMES)
def test_follows_the_protocol(name):
    game = gamekit.games()[name]
    assert isinstance(game, Game) and game.name == name
    assert isinstance(game.phases, PhaseTable)
    assert "random" in game.bots()
    assert "won" in game.result_columns() and "winner" not in game.result_columns()


@pytest.mark.parametrize("name", NAMES)
def test_describe_takes_the_state_first_and_still_reads_the_old_order(name):
    """One argument order in the protocol: ``describe(state, action)`` as ``step(state,
    action)``; the old ``describe(action, state)`` gives the same words and a warning."""
    game = gamekit.games()[name]
    state = game.new_game(seats(game), seed=1, **quick(game))
    while game.is_chance(state):
        state = game.chance_step(state, game.chance_outcomes(state)[0][0]).state
    action = game.legal_actions(state)[0]
    words = game.describe(state, action)
    assert isinstance(words, str) and words
    if name in ("alfredopoly", "almamater"):  # the kit's games keep code written before
        with pytest.warns(DeprecationWarning, match="describe\\(state, action\\)"):
            assert game.describe(action, state) == words


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_play_round_trips_refuses_and_replays(name, seed):
    game = gamekit.games()[name]
    players, options = seats(game), quick(game)
    played = 0
    for game_seed in range(seed, seed + 1000, 100):  # a short game (Nim) plays a few games
        run = play(game, players, options, game_seed, 300)
        assert len(run["states"]) > 1
        assert replay(game, players, options, game_seed, run["record"]) == run["states"]
        last = run["states"][-1]
        if game.is_over(last):
            assert game.current_player(last) is None and game.legal_actions(last) == []
            assert sorted(game.outcome(last).ranking) == list(range(len(last.players)))
        played += len(run["states"])
        if played > 20:
            break
    assert played > 20


@pytest.mark.parametrize("name", NAMES)
def test_every_bot_moves_legally_with_the_one_signature(name):
    game = gamekit.games()[name]
    for strategy in game.bots():
        steps = 15 if strategy == "search" else 80  # the search bot plays games to decide
        bots_play(game, strategy, seats(game), 11, steps, **quick(game))


@pytest.mark.parametrize("name", NAMES)
def test_simulation_is_the_same_on_one_and_two_workers(name):
    game = gamekit.games()[name]
    n = seats(game)
    one = simulate(game, n, games=4, seed=9, workers=1, **quick(game))
    two = simulate(game, n, games=4, seed=9, workers=2, chunk=1, **quick(game))
    assert one.equals(two)
    assert len(one) == 4 * n and set(one["seat"]) == set(range(n))
    assert one.groupby("game")["won"].sum().ge(1).all()  # every game has a winner (or a tie)


def test_the_example_game_sweeps_and_saves_as_the_guide_says():
    """docs/adding_a_game.md's promises for a game that writes only its rules (Pig)."""
    from gamekit.experiments import sweep

    pig = gamekit.games()["pig"]
    swept = sweep("pig", {"target": [20, 50]}, ["hold_at_20", "random"], games=40, players=2)
    assert sorted(set(swept["target"])) == [20, 50] and len(swept) == 2 * 40 * 2
    shares = swept.groupby("strategy")["won"].mean()
    assert shares["hold_at_20"] > shares["random"]  # holding at 20 beats a coin flip
    state = pig.new_game(["Ann", "Bo"], seed=1, target=30)
    state = pig.step(state, pig.legal_actions(state)[0]).state  # Roll: chance is next
    assert pig.is_chance(state) and pig.current_player(state) is None
    assert pig.state_from_struct(pig.state_to_struct(state)) == state
    assert pig.state_to_struct(state)["options"] == {"target": 30}
    with pytest.raises(ValueError, match="unknown option"):
        pig.make_spec(2, target=30, dice=2)  # what simulate and sweep check first
    with pytest.raises(ValueError, match="2 to 6 players"):
        pig.make_spec(7)


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_a_game_without_commands_gets_simulate_and_sweep_on_the_command_line(name, capsys):
    """``gamekit GAME simulate|sweep`` from the protocol alone (gamekit.commands), on one
    and two workers, with the frame's CSV equal to Python's simulate."""
    from gamekit.cli import main

    game = gamekit.games()[name]
    bots = ",".join(game.bots())
    argv = [name, "simulate", "--games", "6", "--seed", "4", "--strategy", bots, "--format", "csv"]
    assert main([*argv, "--workers", "1"]) == 0
    one = capsys.readouterr().out
    assert main([*argv, "--workers", "2"]) == 0
    assert capsys.readouterr().out == one
    frame = simulate(game, seats(game), games=6, seed=4, strategies=list(game.bots()))
    assert one == frame.to_csv(index=False)
    setting = next(s for s in game.sweep_settings if s != "players")
    default = game.options[setting]
    grid = f"{setting}={default},{default // 2}"
    assert main([name, "sweep", "--grid", grid, "--strategy", bots, "--games", "8"]) == 0
    assert "win share" in capsys.readouterr().out
    assert main([name, "simulate", "--set", "nope=1"]) == 2
    assert "not a setting" in capsys.readouterr().err


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_the_command_line_reads_settings_by_type_and_seats_one_strategy_twice(name, capsys):
    """A sweep with the default strategy and no ``--players`` seats the game's fewest
    players (one strategy played 1 seat: "2 to 6 players, got 1"); ``--set`` and ``--grid``
    read a whole-number option as one, within the game's ``option_limits``: exit 2, one line
    (``--set target=abc`` raised TypeError from the rules, ``target=10**8`` ran on)."""
    from gamekit.cli import main

    game = gamekit.games()[name]
    setting = next(s for s in game.sweep_settings if s != "players")
    default = game.options[setting]
    assert main([name, "sweep", "--grid", f"{setting}={default}", "--games", "4"]) == 0
    out = capsys.readouterr().out
    assert "win share" in out and "0.5" in out  # two seats of the one strategy
    low, high = game.option_limits[setting]
    for bad in ("abc", "1.5", str(high + 1), str(low - 1)):
        assert main([name, "simulate", "--set", f"{setting}={bad}"]) == 2
        err = capsys.readouterr().err
        assert "expected a whole number" in err and len(err.strip().splitlines()) == 1, err
        assert main([name, "sweep", "--grid", f"{setting}={default},{bad}"]) == 2
        assert "expected a whole number" in capsys.readouterr().err


def test_make_spec_holds_each_option_to_its_defaults_type():
    """``BaseGame.make_spec`` (what simulate, sweep and a save's load check first): an option
    must be of its default's kind, and a whole number within ``option_limits``."""
    from gamekit.experiments import read_setting

    pig = gamekit.games()["pig"]

    class Flagged(type(pig)):  # Pig with a flag and a text option
        options: ClassVar[dict[str, Any]] = {"target": 100, "fast": False, "board": "classic"}
        option_limits: ClassVar[dict[str, tuple[int, int]]] = {"target": (1, 1_000)}

    game = Flagged()
    assert game.make_spec(2, target=50, fast=True, board="x")["fast"] is True
    wrong = [
        ({"fast": "maybe"}, "fast must be True or False"),
        ({"target": "50"}, "target must be a whole number"),
        ({"target": True}, "target must be a whole number"),
        ({"target": 5_000}, "target must be a whole number 1 to 1,000, got 5000"),
        ({"board": 3}, "board must be text"),
    ]
    for options, message in wrong:
        with pytest.raises(ValueError, match=message):
            game.make_spec(2, **options)
    assert read_setting("fast", "on", game) is True and read_setting("board", "12", game) == "12"
    with pytest.raises(ValueError, match="expected on or off"):
        read_setting("fast", "maybe", game)
