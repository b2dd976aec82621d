"""Seed handling: every random function in the kit takes a seed or a Generator.

Nothing in the kit touches numpy's or Python's global random state.

>>> rng = make_rng(7)
>>> int(rng.integers(1, 7)) == int(make_rng(7).integers(1, 7))
True
>>> make_rng(rng) is rng
True
"""

from __future__ import annotations

from typing import TypeAlias

import numpy as np

Seed: TypeAlias = int | np.random.Generator | np.random.SeedSequence | None


def make_rng(seed: Seed = None) -> np.random.Generator:
    """Return a ``numpy.random.Generator`` for ``seed``.

    An ``int`` or ``SeedSequence`` makes a fresh, reproducible generator; a ``Generator``
    is returned as it is (so callers can share one stream); ``None`` draws fresh entropy
    from the operating system (not reproducible, but still never the global state).
    """
    if isinstance(seed, np.random.Generator):
        return seed
    if isinstance(seed, bool):
        raise TypeError("seed must be an int, a numpy Generator or None, not a bool")
    if seed is None or isinstance(seed, (int, np.integer, np.random.SeedSequence)):
        if isinstance(seed, (int, np.integer)) and seed < 0:
            raise ValueError(f"seed must be >= 0, got {seed}")
        return np.random.default_rng(seed)
    raise TypeError(f"seed must be an int, a numpy Generator or None, not {type(seed).__name__}")


def spawn(rng: np.random.Generator, n: int) -> list[np.random.Generator]:
    """Split ``rng`` into ``n`` independent child generators (one per game, say).

    >>> [int(g.integers(100)) for g in spawn(make_rng(1), 2)] == \
[int(g.integers(100)) for g in spawn(make_rng(1), 2)]
    True
    """
    return list(rng.spawn(n))
