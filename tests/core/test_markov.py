"""Markov tools checked on small chains whose answers are known by hand."""

import numpy as np
import pytest

from gamekit.core.errors import MarkovError
from gamekit.core.markov import (
    MarkovChain,
    distributions_over_steps,
    expected_visits,
    k_step_distribution,
    mean_recurrence_times,
    stationary_distribution,
    total_variation,
    validate_transition_matrix,
)

# Two-state chain with P(0->1) = a, P(1->0) = b: pi = (b, a) / (a + b).
A, B = 0.3, 0.1
TWO = np.array([[1 - A, A], [B, 1 - B]])


def test_two_state_stationary_by_hand():
    pi = stationary_distribution(TWO)
    assert pi == pytest.approx([B / (A + B), A / (A + B)], abs=1e-15)
    assert np.allclose(pi @ TWO, pi, atol=1e-15)


def test_doubly_stochastic_chain_is_uniform():
    P = np.array([[0.2, 0.5, 0.3], [0.5, 0.3, 0.2], [0.3, 0.2, 0.5]])
    assert stationary_distribution(P) == pytest.approx([1 / 3] * 3, abs=1e-15)


def test_k_steps_by_hand():
    # After one step from 0: row 0. After two: row 0 @ P.
    assert k_step_distribution(TWO, 0, 1) == pytest.approx([0.7, 0.3])
    two_steps = [0.7 * 0.7 + 0.3 * 0.1, 0.7 * 0.3 + 0.3 * 0.9]
    assert k_step_distribution(TWO, 0, 2) == pytest.approx(two_steps)
    rows = distributions_over_steps(TWO, [0.5, 0.5], 3)
    assert rows.shape == (4, 2) and rows[0].tolist() == [0.5, 0.5]


def test_expected_visits_and_recurrence():
    flip = [[0, 1], [1, 0]]
    assert expected_visits(flip, 0, 4).tolist() == [2.0, 2.0]
    # Kac: mean return time = 1 / pi.
    assert mean_recurrence_times(TWO) == pytest.approx([(A + B) / B, (A + B) / A])


def test_convergence_to_stationary():
    rows = distributions_over_steps(TWO, 0, 200)
    assert total_variation(rows[-1], stationary_distribution(TWO)) < 1e-12


@pytest.mark.parametrize(
    ("matrix", "message"),
    [
        ([0.5, 0.5], "P must be 2-dimensional, got 1 dimension"),
        ([[0.5, 0.5, 0.0]], "P must be square, got shape 1x3"),
        (np.zeros((0, 0)), "P must have at least one state"),
        ([[float("nan"), 1.0], [0.5, 0.5]], r"P\[0, 0\] is nan, not a finite number"),
        ([[1.2, -0.2], [0.5, 0.5]], r"P\[0, 1\] is negative \(-0.2\)"),
        ([[0.5, 0.5], [0.5, 0.6]], "row 1 of P sums to 1.1, not 1"),
        ([["a", "b"], ["c", "d"]], "P must be a matrix of numbers"),
    ],
)
def test_every_validation_message(matrix, message):
    with pytest.raises(MarkovError, match=message):
        validate_transition_matrix(matrix)


def test_reducible_chain_is_rejected():
    with pytest.raises(MarkovError, match="no unique stationary distribution"):
        stationary_distribution(np.eye(2))


def test_bad_start_and_k():
    with pytest.raises(MarkovError, match="start state 5 is out of range 0..1"):
        k_step_distribution(TWO, 5, 1)
    with pytest.raises(MarkovError, match="k must be >= 0"):
        k_step_distribution(TWO, 0, -1)
    with pytest.raises(MarkovError, match="start distribution sums to 0.9"):
        k_step_distribution(TWO, [0.4, 0.5], 1)


def test_chain_class_caches_and_simulates():
    chain = MarkovChain(TWO, labels=["a", "b"])
    assert chain.stationary is chain.stationary
    path = chain.simulate(50_000, seed=4)
    assert np.mean(path == 1) == pytest.approx(0.75, abs=0.02)
    assert (chain.simulate(10, seed=1) == chain.simulate(10, seed=1)).all()
    with pytest.raises(MarkovError, match="labels must have 2 entries"):
        MarkovChain(TWO, labels=["x"])
