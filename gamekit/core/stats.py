"""Small statistics shared by the experiments: intervals for win shares.

>>> [round(x, 4) for x in wilson(50, 100)]
[0.4038, 0.5962]
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pandas as pd

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a share of ``wins`` out of ``n`` (95% by default).

    Better than ``p +- 1.96 se`` for small ``n`` and shares near 0 or 1: it never leaves
    [0, 1], and 0 wins out of 10 still gets an upper bound above 0.

    >>> [round(x, 3) for x in wilson(0, 10)]
    [0.0, 0.278]
    """
    if n <= 0:
        return (0.0, 1.0)
    share = wins / n
    denominator = 1 + z * z / n
    centre = (share + z * z / (2 * n)) / denominator
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def counted_shares(
    frame: pd.DataFrame, keys: Sequence[str], won: str, count: str = "games"
) -> pd.DataFrame:
    """Per group of ``keys``: how many rows (``count``), how many of them won (``won`` is a
    bool column; a shared win counts), the ``win share`` and its 95% Wilson interval
    ``low``-``high``. The experiments' and the balance report's tables start from this.

    >>> df = pd.DataFrame({"strategy": ["a", "a", "b", "b"], "won": [True, False, True, True]})
    >>> counted_shares(df, ["strategy"], "won")[["strategy", "games", "wins", "win share"]]
      strategy  games  wins  win share
    0        a      2     1        0.5
    1        b      2     2        1.0
    """
    grouped = frame.groupby(list(keys), sort=True)[won]
    out = pd.concat([grouped.size().rename(count), grouped.sum().rename("wins")], axis=1)
    out = out.reset_index()
    out["wins"] = out["wins"].astype(int)
    out["win share"] = out["wins"] / out[count]
    bounds = [wilson(w, n) for w, n in zip(out["wins"], out[count], strict=True)]
    out["low"] = [lo for lo, _ in bounds]
    out["high"] = [hi for _, hi in bounds]
    return out
