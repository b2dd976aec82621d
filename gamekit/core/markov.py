"""Markov-chain tools on numpy: validation, stationary distribution, k-step distributions.

A transition matrix ``P`` has ``P[i, j]`` = probability of moving from state ``i`` to
state ``j`` in one step; every row sums to 1.

>>> import numpy as np
>>> P = np.array([[0.9, 0.1], [0.5, 0.5]])
>>> stationary_distribution(P).round(6).tolist()
[0.833333, 0.166667]
>>> k_step_distribution(P, start=0, k=1).tolist()
[0.9, 0.1]
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import ArrayLike, NDArray

from gamekit.core.errors import MarkovError

FloatArray = NDArray[np.float64]

TOLERANCE = 1e-9


def validate_transition_matrix(
    P: ArrayLike, *, name: str = "P", atol: float = TOLERANCE
) -> FloatArray:
    """Return ``P`` as a float array, or raise ``MarkovError`` saying exactly what is wrong.

    >>> validate_transition_matrix([[0.5, 0.6], [0.5, 0.5]])
    Traceback (most recent call last):
    ...
    gamekit.core.errors.MarkovError: row 0 of P sums to 1.1, not 1
    """
    try:
        M = np.asarray(P, dtype=float)
    except (TypeError, ValueError):
        raise MarkovError(f"{name} must be a matrix of numbers") from None
    if M.ndim != 2:
        raise MarkovError(f"{name} must be 2-dimensional, got {M.ndim} dimension(s)")
    if M.shape[0] != M.shape[1]:
        raise MarkovError(f"{name} must be square, got shape {M.shape[0]}x{M.shape[1]}")
    if M.shape[0] == 0:
        raise MarkovError(f"{name} must have at least one state")
    bad = np.argwhere(~np.isfinite(M))
    if bad.size:
        i, j = bad[0]
        raise MarkovError(f"{name}[{i}, {j}] is {M[i, j]}, not a finite number")
    bad = np.argwhere(-atol > M)
    if bad.size:
        i, j = bad[0]
        raise MarkovError(f"{name}[{i}, {j}] is negative ({M[i, j]:g}); probabilities are >= 0")
    sums = M.sum(axis=1)
    bad_rows = np.flatnonzero(np.abs(sums - 1.0) > atol)
    if bad_rows.size:
        i = int(bad_rows[0])
        raise MarkovError(f"row {i} of {name} sums to {sums[i]:.12g}, not 1")
    return M


def validate_distribution(v: ArrayLike, n: int, *, name: str = "distribution") -> FloatArray:
    """Check a probability vector over ``n`` states (non-negative, sums to 1)."""
    x = np.asarray(v, dtype=float)
    if x.shape != (n,):
        raise MarkovError(f"{name} must have {n} entries, got shape {x.shape}")
    if not np.all(np.isfinite(x)) or np.any(x < -TOLERANCE):
        raise MarkovError(f"{name} must hold finite, non-negative probabilities")
    if abs(x.sum() - 1.0) > TOLERANCE:
        raise MarkovError(f"{name} sums to {x.sum():.12g}, not 1")
    return x


def _start_vector(start: int | ArrayLike, n: int) -> FloatArray:
    if isinstance(start, (int, np.integer)):
        if not 0 <= int(start) < n:
            raise MarkovError(f"start state {start} is out of range 0..{n - 1}")
        x = np.zeros(n)
        x[int(start)] = 1.0
        return x
    return validate_distribution(start, n, name="start distribution")


def stationary_distribution(P: ArrayLike) -> FloatArray:
    """The probability vector ``pi`` with ``pi @ P == pi``.

    Solved as a linear system (``pi (P - I) = 0`` with ``sum(pi) = 1``), which is exact to
    rounding for the irreducible chains of the games. A chain with several stationary
    vectors (not irreducible) raises ``MarkovError``.
    """
    M = validate_transition_matrix(P)
    n = M.shape[0]
    A = M.T - np.eye(n)
    A[-1, :] = 1.0
    b = np.zeros(n)
    b[-1] = 1.0
    try:
        pi = np.linalg.solve(A, b)
    except np.linalg.LinAlgError:
        raise MarkovError(
            "the chain has no unique stationary distribution (it is not irreducible)"
        ) from None
    pi = np.where(np.abs(pi) < 1e-15, 0.0, pi)
    if np.any(pi < -1e-9):
        raise MarkovError("the chain has no unique stationary distribution (it is not irreducible)")
    pi = np.clip(pi, 0.0, None)
    normalised: FloatArray = pi / pi.sum()
    return normalised


def k_step_distribution(P: ArrayLike, start: int | ArrayLike, k: int) -> FloatArray:
    """Distribution after ``k`` steps from ``start`` (a state index or a distribution)."""
    last: FloatArray = distributions_over_steps(P, start, k)[-1]
    return last


def distributions_over_steps(P: ArrayLike, start: int | ArrayLike, k: int) -> FloatArray:
    """Array of shape ``(k + 1, n)``: row ``t`` is the distribution after ``t`` steps.

    >>> distributions_over_steps([[0, 1], [1, 0]], 0, 2).tolist()
    [[1.0, 0.0], [0.0, 1.0], [1.0, 0.0]]
    """
    M = validate_transition_matrix(P)
    if k < 0:
        raise MarkovError(f"k must be >= 0, got {k}")
    n = M.shape[0]
    out = np.empty((k + 1, n))
    out[0] = _start_vector(start, n)
    for t in range(1, k + 1):
        out[t] = out[t - 1] @ M
    return out


def expected_visits(P: ArrayLike, start: int | ArrayLike, k: int) -> FloatArray:
    """Expected number of visits to each state in steps ``1..k`` (the start not counted).

    >>> expected_visits([[0, 1], [1, 0]], 0, 3).tolist()
    [1.0, 2.0]
    """
    visits: FloatArray = distributions_over_steps(P, start, k)[1:].sum(axis=0)
    return visits


def mean_recurrence_times(P: ArrayLike) -> FloatArray:
    """Mean number of steps to return to each state (``1 / pi``, Kac's lemma)."""
    pi = stationary_distribution(P)
    times: FloatArray = np.where(pi > 0, 1.0 / np.where(pi > 0, pi, 1.0), np.inf)
    return times


def total_variation(p: Sequence[float] | FloatArray, q: Sequence[float] | FloatArray) -> float:
    """Total-variation distance ``0.5 * sum |p - q|`` between two distributions."""
    return float(0.5 * np.abs(np.asarray(p, dtype=float) - np.asarray(q, dtype=float)).sum())


class MarkovChain:
    """A validated transition matrix with cached derived results (after QuantEcon).

    >>> chain = MarkovChain([[0.9, 0.1], [0.5, 0.5]], labels=["sunny", "rainy"])
    >>> round(float(chain.stationary[1]), 6)
    0.166667
    """

    def __init__(self, P: ArrayLike, labels: Sequence[str] | None = None) -> None:
        self.P = validate_transition_matrix(P)
        n = self.P.shape[0]
        if labels is not None and len(labels) != n:
            raise MarkovError(f"labels must have {n} entries, got {len(labels)}")
        self.labels = list(labels) if labels is not None else [str(i) for i in range(n)]
        self._stationary: FloatArray | None = None

    @property
    def n(self) -> int:
        return int(self.P.shape[0])

    @property
    def stationary(self) -> FloatArray:
        if self._stationary is None:
            self._stationary = stationary_distribution(self.P)
        return self._stationary

    def after(self, k: int, start: int | ArrayLike = 0) -> FloatArray:
        return k_step_distribution(self.P, start, k)

    def simulate(
        self, steps: int, start: int = 0, seed: int | np.random.Generator | None = None
    ) -> NDArray[np.int64]:
        """A seeded sample path of ``steps`` steps (``steps + 1`` states)."""
        from gamekit.core.rng import make_rng

        rng = make_rng(seed)
        cum = np.cumsum(self.P, axis=1)
        path = np.empty(steps + 1, dtype=np.int64)
        path[0] = start
        u = rng.random(steps)
        for t in range(steps):
            path[t + 1] = min(int(np.searchsorted(cum[path[t]], u[t], side="right")), self.n - 1)
        return path
