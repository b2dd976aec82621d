"""Monte Carlo landing (gamekit.alfredopoly.montecarlo) against the exact chain.

Tolerance: every space of every variant must be within 5 standard errors. The standard
error comes from 32 independent groups, so (p_sim - p_exact) / stderr follows roughly a
t distribution with 31 degrees of freedom, with P(|t| > 5) < 3e-5. Over the
8 variants x 41 spaces = 328 comparisons below, the chance that a correct simulator
fails anywhere is below 1% (Bonferroni), while a rule error of one card in 16 on a
space moves it by far more than 5 standard errors at these sizes.
"""

from __future__ import annotations

import numpy as np
import pytest

from gamekit.alfredopoly import montecarlo
from gamekit.alfredopoly.board import load_board
from gamekit.alfredopoly.landing import LandingOptions, State, build_chain
from gamekit.alfredopoly.montecarlo import (
    Pending,
    after_card,
    after_roll,
    make_tables,
    simulate_counts,
    simulate_landing,
)
from gamekit.core.dice import Dice

BOARD = load_board("alfred")
VARIANTS = [
    LandingOptions(jail="short", per="roll"),
    LandingOptions(jail="short", per="turn"),
    LandingOptions(jail="long", per="roll"),
    LandingOptions(jail="long", per="turn"),
    LandingOptions(jail="long", dice=Dice(2, 4)),
    LandingOptions(jail="short", dice=Dice(3, 6), per="turn"),
    LandingOptions(cards=False),
    LandingOptions(jail="long", jail_tries=2, dice=Dice(1, 6)),
]


def z_scores(sim, exact: np.ndarray) -> np.ndarray:
    diff = sim.probability.to_numpy() - exact
    se = sim.stderr.to_numpy()
    never = exact == 0
    assert np.all(sim.probability.to_numpy()[never] == 0)  # e.g. Go to Probation space
    return np.abs(diff[~never] / se[~never])


@pytest.mark.parametrize("opts", VARIANTS, ids=lambda o: o.label)
def test_simulation_agrees_with_exact_chain(opts: LandingOptions) -> None:
    sim = simulate_landing(BOARD, opts, rolls=1_500_000, seed=20261129)
    exact = build_chain(BOARD, opts).probabilities()
    assert list(sim.columns) == ["index", "space", "probability", "stderr"]
    assert sim.probability.sum() == pytest.approx(1.0, abs=1e-12)
    z = z_scores(sim, exact)
    assert z.max() < 5, f"worst space {np.argmax(z)}: {z.max():.2f} standard errors"


def test_simulation_detects_a_wrong_rule() -> None:
    """The test has power: the short-jail simulation is far from the long-jail chain."""
    sim = simulate_landing(BOARD, LandingOptions(jail="short"), rolls=1_500_000, seed=3)
    wrong = build_chain(BOARD, LandingOptions(jail="long")).probabilities()
    assert z_scores(sim, wrong).max() > 20


def test_rolling_one_die_at_a_time_agrees(monkeypatch: pytest.MonkeyPatch) -> None:
    """Dice with too many outcomes for a table are rolled die by die (forced here)."""
    monkeypatch.setattr(montecarlo, "MAX_TABLE_OUTCOMES", 10)
    opts = LandingOptions(jail="long", dice=Dice(2, 6))
    assert make_tables(BOARD, opts).by_faces
    sim = simulate_landing(BOARD, opts, rolls=600_000, seed=5)
    assert z_scores(sim, build_chain(BOARD, opts).probabilities()).max() < 5


def test_same_seed_same_result_and_no_global_state() -> None:
    saved = np.random.get_state()
    a = simulate_landing(BOARD, rolls=50_000, seed=9)
    untouched = np.random.get_state()
    assert np.array_equal(saved[1], untouched[1]) and saved[2] == untouched[2]
    np.random.seed(1)  # disturbing the global state must not matter
    b = simulate_landing(BOARD, rolls=50_000, seed=9)
    np.random.set_state(saved)
    assert a.equals(b)
    c = simulate_landing(BOARD, rolls=50_000, seed=10)
    assert not a.probability.equals(c.probability)


def test_counts_are_one_rest_per_roll() -> None:
    counts = simulate_counts(
        BOARD, LandingOptions(jail="long"), tokens=300, rolls_per_token=40, burn_in=5,
        groups=3, seed=1,
    )  # fmt: skip
    assert counts.shape == (3, 2, 41) and (counts.sum(axis=(1, 2)) == 300 * 40).all()
    assert counts[:, 0, 40].sum() == 0  # a token in Probation has always ended its turn
    assert counts[:, :, 30].sum() == 0  # Go to Probation is never a resting place


def test_one_token_rules() -> None:
    """Rule 2 (third double), rule 9 (leaving Probation), chained card draws."""
    short, long = LandingOptions(), LandingOptions(jail="long")
    assert after_roll(BOARD, short, State(10, 1), 6, True) == State(16, 2)
    assert after_roll(BOARD, short, State(10, 2), 6, True) == State(40)
    assert after_roll(BOARD, short, State(25, 0), 5, False) == State(40)  # lands on 30
    assert after_roll(BOARD, short, State(40), 4, True) == State(14, 1)  # paid: doubles count
    assert after_roll(BOARD, long, State(40, 0, 0), 4, True) == State(14, 0)  # no extra roll
    assert after_roll(BOARD, long, State(40, 0, 2), 5, False) == State(15, 0)  # paid, moves
    back = next(c for c in BOARD.decks["email"] if c.effect == "move_back")
    assert after_card(BOARD, short, Pending(36, 2), back) == Pending(33, 2)
    assert after_card(BOARD, short, Pending(7, 0), back) == State(4, 0)


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="groups"):
        simulate_landing(BOARD, rolls=1000, groups=1)
    with pytest.raises(ValueError, match="rolls"):
        simulate_landing(BOARD, rolls=10, groups=32)
