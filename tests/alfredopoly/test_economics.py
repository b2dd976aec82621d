"""Property economics (gamekit.alfredopoly.economics): fees, costs, payback, group totals.

Rules cited: rule 5 (fees; whole group doubles the base fee), rule 10 (sculptures,
statue = fifth purchase), kit decisions on organization fees (railroads 25/50/100/200,
utilities 4x/10x the dice), and the classic cards (nearest railroad: twice the fee;
nearest utility: 10x a fresh throw).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from gamekit.alfredopoly.board import load_board
from gamekit.alfredopoly.economics import COLUMNS, group_economics, property_economics
from gamekit.alfredopoly.landing import LandingOptions, State, build_chain

BOARD = load_board("alfred")


@pytest.fixture(scope="module")
def frame() -> pd.DataFrame:
    return property_economics(BOARD, LandingOptions(jail="long"), players=4)


def test_shape_and_levels(frame: pd.DataFrame) -> None:
    assert list(frame.columns) == COLUMNS
    streets = [s for s in BOARD.spaces if s.kind == "street"]
    assert len(frame) == 7 * len(streets) + 4 * 4 + 2 * 2
    row = frame[(frame["index"] == 39) & (frame.level == "statue")].iloc[0]
    s = BOARD.spaces[39]
    assert row.fee == s.rents[5] and row.cost == s.price + 5 * s.building_cost
    group = frame[(frame["index"] == 39) & (frame.level == "group")].iloc[0]
    assert group.fee == 2 * s.rents[0]  # rule 5: whole group doubles the base fee


def test_street_fee_is_probability_times_fee(frame: pd.DataFrame) -> None:
    streets = frame[frame.group.isin([s.group for s in BOARD.spaces if s.kind == "street"])]
    np.testing.assert_allclose(streets.fee_per_roll, streets.p_roll * streets.fee, rtol=1e-12)


def test_railroad_card_pays_twice(frame: pd.DataFrame) -> None:
    chain = build_chain(BOARD, LandingOptions(jail="long"))
    card_rate = chain.arrivals()["move_nearest_railroad"][0]
    for i in (5, 15, 25, 35):
        row = frame[(frame["index"] == i) & (frame.level == "4 owned")].iloc[0]
        assert row.fee_per_roll == pytest.approx((row.p_roll + card_rate[i]) * 200, rel=1e-12)
        # E-Mail spaces 7, 22, 36 send to the next railroad: 15, 25, 5; never to 35
        assert (card_rate[i] > 0) == (i != 35)


def test_utility_fee_by_the_roll_that_arrived() -> None:
    """Cards off, short jail: a token reaches utility 12 from space 12 - t with a roll of
    total t (or from Probation, which rolls from space 10), so the expected fee per roll
    with both owned is 10 x sum over states of pi x P(t) x t, counted here in a loop."""
    opts = LandingOptions(cards=False)
    chain = build_chain(BOARD, opts)
    pi = chain.stationary("roll")
    expected = 0.0
    for s, w in zip(chain.states, pi, strict=True):
        start = BOARD.jail if s.position == 40 else s.position
        for (t, double), p in opts.dice.distribution().items():
            third = double and s.doubles == 2 and s.position != 40
            if (start + t) % 40 == 12 and not third:
                expected += w * float(p) * 10 * t
    df = property_economics(BOARD, opts)
    row = df[(df["index"] == 12) & (df.level == "2 owned")].iloc[0]
    assert row.fee_per_roll == pytest.approx(expected, rel=1e-12)
    assert 60 < row.fee < 80  # 10 x a total near 7


def test_arrivals_add_up_to_the_landing_probabilities() -> None:
    for jail in ("short", "long"):
        chain = build_chain(BOARD, LandingOptions(jail=jail))
        total = sum(rate for rate, _ in chain.arrivals().values())
        np.testing.assert_allclose(total[:40], chain.probabilities("roll")[:40], atol=1e-15)


def test_rolls_per_turn_by_counting_rolls_in_a_turn() -> None:
    """Independent of the renewal formula: from each turn-end state, expected rolls in
    the next turn = 1 + expected visits to mid-turn states (fundamental matrix)."""
    chain = build_chain(BOARD, LandingOptions(jail="long"))
    P, E, M = chain.P, chain.turn_states, np.flatnonzero(~chain.turn_end)
    visits = np.linalg.solve(np.eye(len(M)) - P[np.ix_(M, M)], np.ones(len(M)))
    per_start = 1 + P[np.ix_(E, M)] @ visits
    assert float(chain.stationary("turn") @ per_start) == pytest.approx(
        chain.rolls_per_turn(), rel=1e-12
    )


def test_per_round_and_payback(frame: pd.DataFrame) -> None:
    rolls = build_chain(BOARD, LandingOptions(jail="long")).rolls_per_turn()
    np.testing.assert_allclose(frame.fee_per_round, 3 * frame.fee_per_roll * rolls, rtol=1e-12)
    np.testing.assert_allclose(frame.payback_rounds, frame.cost / frame.fee_per_round)
    two = property_economics(BOARD, LandingOptions(jail="long"), players=2)
    np.testing.assert_allclose(two.fee_per_round * 3, frame.fee_per_round, rtol=1e-12)


def test_group_totals(frame: pd.DataFrame) -> None:
    g = group_economics(frame)
    blue = g[(g.group == "dark_blue") & (g.level == "statue")].iloc[0]
    members = frame[(frame.group == "dark_blue") & (frame.level == "statue")]
    assert blue.cost == members.cost.sum()
    assert blue.fee_per_round == pytest.approx(members.fee_per_round.sum())
    rail = g[g.group == "railroad"]
    assert rail.level.tolist() == ["4 owned"] and rail.cost.item() == 800


def test_classic_and_alfred_boards_agree(frame: pd.DataFrame) -> None:
    classic = property_economics("classic", LandingOptions(jail="long"), players=4)
    np.testing.assert_allclose(classic.fee_per_round, frame.fee_per_round, rtol=1e-12)


@pytest.mark.parametrize("players", [1, 9, 12, True])
def test_bad_players(players: int) -> None:
    """The game seats 2 to 8 (9 and 12 were accepted once)."""
    with pytest.raises(ValueError, match="between 2 and 8"):
        property_economics(BOARD, players=players)


def test_state_labels_are_readable() -> None:
    assert str(State(24, 1)) == "24 d1" and str(State(40, 0, 2)) == "40 j2"
