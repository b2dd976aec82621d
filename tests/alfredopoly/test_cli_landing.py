"""`gamekit alfredopoly landing` and `economics`: output formats, flags, errors."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout

import pandas as pd
import pytest

from gamekit.alfredopoly.board import data_dir
from gamekit.alfredopoly.landing import LandingOptions, build_chain
from gamekit.cli import main
from gamekit.core.dice import Dice


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(["alfredopoly", *argv])
    return code, out.getvalue(), err.getvalue()


def test_landing_csv_is_exact_at_full_precision() -> None:
    code, out, _ = run("landing", "--jail", "long", "--per", "turn", "--format", "csv")
    assert code == 0
    df = pd.read_csv(io.StringIO(out))
    assert list(df.columns) == ["index", "space", "probability"] and len(df) == 41
    exact = build_chain("alfred", LandingOptions(jail="long", per="turn")).probabilities()
    assert (df.probability.to_numpy() == exact).all()  # repr floats round-trip exactly


@pytest.mark.parametrize(
    ("flags", "opts"),
    [
        (["--dice", "2d4"], LandingOptions(dice=Dice(2, 4))),
        (["--cards", "off"], LandingOptions(cards=False)),
        (["--board", "classic", "--per", "turn"], LandingOptions(per="turn")),
        (["--board", str(data_dir() / "classic.toml")], LandingOptions()),
    ],
)
def test_landing_flags(flags: list[str], opts: LandingOptions) -> None:
    code, out, _ = run("landing", *flags, "--format", "json")
    assert code == 0
    rows = json.loads(out)
    assert len(rows) == 41
    exact = build_chain("alfred", opts).probabilities()
    assert [r["probability"] for r in rows] == pytest.approx(list(exact), abs=1e-15)


def test_landing_simulate_adds_stderr_and_is_seeded() -> None:
    argv = ["landing", "--method", "simulate", "--rolls", "100000", "--seed", "4"]
    code, out, _ = run(*argv, "--format", "csv")
    assert code == 0
    df = pd.read_csv(io.StringIO(out))
    assert list(df.columns) == ["index", "space", "probability", "stderr"] and len(df) == 41
    assert run(*argv, "--format", "csv")[1] == out


def test_table_format_is_readable() -> None:
    code, out, _ = run("landing")
    assert code == 0 and "In Academic Probation" in out and "Academic Alley" in out


def test_economics() -> None:
    code, out, _ = run("economics", "--players", "3", "--format", "csv")
    assert code == 0
    df = pd.read_csv(io.StringIO(out))
    assert {"index", "space", "level", "fee_per_roll", "fee_per_round", "payback_rounds"} <= set(
        df.columns
    )
    code, out, _ = run("economics", "--groups", "--format", "csv")
    assert code == 0 and "dark_blue" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["landing", "--dice", "2x6"],
        ["landing", "--jail", "forever"],
        ["landing", "--board", "no_such_board"],
        ["landing", "--method", "simulate", "--rolls", "0"],
        ["economics", "--players", "1"],
    ],
)
def test_bad_input_exits_2_with_one_line(argv: list[str]) -> None:
    code, out, err = run(*argv)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
