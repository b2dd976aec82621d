"""Sweeps: every combination of a grid, each played with the same seed; win shares with
Wilson intervals; the sweep command."""

from __future__ import annotations

import importlib
import shutil
from importlib import resources

import pandas as pd
import pytest

from gamekit.alfredopoly.spec import AlfredopolySpec
from gamekit.cli import main
from gamekit.core.stats import wilson
from gamekit.experiments import parse_grid, sweep, win_shares

af = importlib.import_module("gamekit.alfredopoly.simulate")
am = importlib.import_module("gamekit.almamater.simulate")


def test_win_shares_name_the_fair_share_and_chart():
    from widgets.charts import win_share_chart

    frame = sweep("alfredopoly", {"auction": [False, True]}, "builder,buy_all,reserve",
                  games=3, seed=2, players=4, max_rounds=20)  # fmt: skip
    shares = win_shares(frame, "auction")
    assert shares["fair share"].tolist() == [0.25] * 6
    assert shares.groupby("auction")["games"].sum().tolist() == [12, 12]
    spec = win_share_chart(shares, "auction").to_dict()
    rows = spec["datasets"][spec["data"]["name"]]
    assert {r["setting"] for r in rows} >= {"auction False: builder", "auction True: reserve"}


def test_a_sweep_is_one_simulate_per_combination_with_the_same_seed():
    grid = {"auction": [False, True], "starting_cash": [1000, 1500]}
    frame = sweep("alfredopoly", grid, "builder,buy_all", games=3, seed=4, max_rounds=25)
    assert len(frame) == 4 * 3 * 2
    for (auction, cash), part in frame.groupby(["auction", "starting_cash"]):
        spec = AlfredopolySpec("alfred", auction=auction, starting_cash=cash, max_rounds=25)
        expected = af.simulate(
            players=2, games=3, seed=4, strategies="builder,buy_all", spec=spec, rotate=True
        )
        got = part.drop(columns=["auction", "starting_cash"]).reset_index(drop=True)
        pd.testing.assert_frame_equal(got, expected)


def test_settings_that_change_nothing_give_identical_games():
    # common random numbers: two equal settings meet the same dice and decks
    frame = sweep("alfredopoly", {"salary": [200, 200]}, ["reserve", "builder"], games=3, seed=9)
    first, second = (part.drop(columns="salary") for _, part in frame.groupby(frame.index // 6))
    pd.testing.assert_frame_equal(first.reset_index(drop=True), second.reset_index(drop=True))


def test_almamater_sweeps_data_folders(tmp_path):
    kit = resources.files("gamekit") / "data" / "almamater"
    copy = tmp_path / "mine"
    shutil.copytree(str(kit), copy)
    frame = sweep("almamater", {"data": [str(kit), str(copy)]}, ["random", "greedy"], games=2)
    a, b = (p.drop(columns="data").reset_index(drop=True) for _, p in frame.groupby("data"))
    pd.testing.assert_frame_equal(a, b)
    pd.testing.assert_frame_equal(
        a, am.simulate(players=2, games=2, seed=0, strategies=("random", "greedy"))
    )


def test_win_shares_count_by_hand():
    df = pd.DataFrame({
        "auction": [False] * 4 + [True] * 4,
        "strategy": ["a", "b"] * 4,
        "won": [True, False, True, False, False, True, False, False],
    })  # fmt: skip
    shares = win_shares(df, "auction")
    assert shares[["auction", "strategy", "games", "wins"]].values.tolist() == [
        [False, "a", 2, 2], [False, "b", 2, 0], [True, "a", 2, 0], [True, "b", 2, 1],
    ]  # fmt: skip
    assert shares["win share"].tolist() == [1.0, 0.0, 0.0, 0.5]
    low, high = wilson(1, 2)
    assert shares.iloc[3]["low"] == pytest.approx(low) and shares.iloc[3]["high"] == high
    # Wilson by hand for 1 of 2: centre (0.5 + z^2/4) / (1 + z^2/2) = 0.5
    assert (low + high) / 2 == pytest.approx(0.5)


@pytest.mark.parametrize(
    ("text", "problem"),
    [("auction", "expected KEY=V1,V2"), ("auction=", "no values"), ("", "at least one"),
     ("a=1; a=2", "given twice")],
)  # fmt: skip
def test_bad_grids_say_what_is_wrong(text, problem):
    with pytest.raises(ValueError, match=problem):
        parse_grid(text)


def test_unknown_settings_name_what_can_be_swept():
    with pytest.raises(ValueError, match="cannot sweep 'colour'.*auction"):
        sweep("alfredopoly", {"colour": ["red"]}, "builder", games=1)
    with pytest.raises(ValueError, match="unknown game"):
        sweep("chess", {"auction": [True]}, "builder", games=1)


def test_sweep_command(capsys):
    argv = ["alfredopoly", "sweep", "--grid", "auction=off,on", "--strategy", "builder,buy_all",
            "--games", "2", "--seed", "1", "--format", "csv"]  # fmt: skip
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "auction,strategy,games,wins,win share,low,high,fair share"
    assert len(lines) == 5
    assert main(["alfredopoly", "sweep", "--grid", "colour=red"]) == 2
    assert "cannot sweep 'colour'" in capsys.readouterr().err
