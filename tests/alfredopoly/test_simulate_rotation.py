"""Seat rotation in Alfredopoly's ``simulate`` (``rotate=True``, CLI ``--rotate``)."""

from __future__ import annotations

import io
from contextlib import redirect_stdout

import pandas as pd

from gamekit.alfredopoly.simulate import simulate
from gamekit.cli import main

STRATS = ("buy_all", "reserve", "builder", "random")
COLS = ["game", "seat", "strategy", "final_cash", "net_worth", "rank", "actions"]

# Computed with the code before ``rotate`` existed (the commit before this test):
# simulate(players=3, games=3, seed=11, max_rounds=40, strategies="buy_all,reserve,builder"),
# then $5 less in the three rows whose player drew the stock-sale card, when it became the
# pre-2008 $45 (Decision: cards and taxes of one edition); nothing else changed.
OLD_FRAME = [
    [0, 0, "buy_all", 384, 2094, 3, 353],
    [0, 1, "reserve", 1640, 3030, 2, 353],
    [0, 2, "builder", 57, 3687, 1, 353],
    [1, 0, "buy_all", 1816, 3316, 2, 323],
    [1, 1, "reserve", 545, 1965, 3, 323],
    [1, 2, "builder", 1029, 3499, 1, 323],
    [2, 0, "buy_all", 16, 1846, 2, 341],
    [2, 1, "reserve", 0, 0, 3, 341],
    [2, 2, "builder", 20, 6730, 1, 341],
]


def _old_call(**kw: bool) -> pd.DataFrame:
    return simulate(
        players=3, games=3, seed=11, max_rounds=40, strategies="buy_all,reserve,builder", **kw
    )


def _four(rotate: bool = False, seed: int = 3) -> pd.DataFrame:
    return simulate(players=4, games=4, seed=seed, max_rounds=30, strategies=STRATS, rotate=rotate)


def test_rotate_puts_every_strategy_in_every_seat_once() -> None:
    df = _four(rotate=True)
    counts = pd.crosstab(df["strategy"], df["seat"])
    assert counts.shape == (4, 4)
    assert (counts == 1).all().all()
    # game g gives seat i the strategy that game 0 gives seat (i + g) % 4
    for g in range(4):
        seated = df[df.game == g].sort_values("seat")["strategy"].tolist()
        assert seated == [STRATS[(i + g) % 4] for i in range(4)]


def test_rotate_keeps_seat_and_strategy_columns_truthful() -> None:
    df = _four(rotate=True)
    # a seat keeps its player name whatever strategy sits there
    assert df.groupby("seat")["player"].nunique().eq(1).all()
    # game 0 is not shifted, so it is the unrotated game 0 row for row
    plain = _four()
    pd.testing.assert_frame_equal(
        df[df.game == 0].reset_index(drop=True), plain[plain.game == 0].reset_index(drop=True)
    )


def test_without_rotate_nothing_changes() -> None:
    default = _old_call()
    off = _old_call(rotate=False)
    pd.testing.assert_frame_equal(default, off)
    assert default[COLS].values.tolist() == OLD_FRAME
    assert set(_four().groupby("strategy")["seat"].nunique()) == {1}


def test_rotate_is_deterministic_with_a_seed() -> None:
    pd.testing.assert_frame_equal(_four(rotate=True), _four(rotate=True))
    assert not _four(rotate=True).equals(_four(rotate=True, seed=4))


def test_cli_rotate_flag() -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(["alfredopoly", "simulate", "--players", "2", "--games", "2", "--seed", "1",
                     "--max-rounds", "10", "--strategy", "buy_all,reserve", "--rotate",
                     "--format", "csv"])  # fmt: skip
    assert code == 0
    rows = [line.split(",") for line in out.getvalue().splitlines()[1:]]
    assert [(r[0], r[1], r[3]) for r in rows] == [
        ("0", "0", "buy_all"), ("0", "1", "reserve"), ("1", "0", "reserve"), ("1", "1", "buy_all"),
    ]  # fmt: skip
