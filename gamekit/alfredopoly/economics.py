"""Property economics: what each property earns from opponents, and when it pays back.

Built on the exact landing chain (:mod:`gamekit.alfredopoly.landing`) and the board's
prices and fees. For each property and build level:

* ``fee``: the fee an opponent pays on landing (a utility: the mean fee, see below).
* ``fee_per_roll``: expected fee per opponent roll = sum over the ways of coming to rest
  there of (probability per roll) x (fee paid that way). Fees follow the engine's rules:
  the "nearest railroad" card pays **twice** the fee; a utility charges its multiplier
  times the total of the roll that brought the token (computed exactly, by conditioning
  on that roll), and the "nearest utility" card charges **10 x** a fresh roll (mean
  total of the dice). Landing mid-turn (after a double) pays too.
* ``fee_per_round``: expected fee per round with ``players`` players, from the
  ``players - 1`` opponents: ``(players - 1) x fee_per_roll x rolls per turn``. A turn
  may hold several rolls, and every landing pays, so this is the exact expected number
  of paying landings per turn (renewal: per-roll rate x mean rolls per turn), not the
  probability of ending a turn there (``p_turn``, shown for comparison, undercounts).
* ``cost``: the price of the property plus its sculptures (a statue counts as five
  sculpture purchases: four sculptures, then the statue for one more).
* ``payback_rounds``: ``cost / fee_per_round``.

Street levels: ``site`` (group not complete), ``group`` (whole group, unimproved: double
base fee), ``1``..``4`` sculptures, ``statue``. Railroads and utilities: ``1 owned`` ..
(the fee depends on how many the owner holds). Mortgages are ignored (no fee).

>>> df = property_economics("classic", players=4)
>>> row = df[(df["index"] == 39) & (df.level == "statue")].iloc[0]
>>> int(row.fee), int(row.cost)
(2000, 1400)
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pandas as pd

from gamekit.alfredopoly.board import Board
from gamekit.alfredopoly.constants import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    RAILROAD_CARD_FACTOR,
    SCULPTURES_PER_STATUE,
    STATUE,
    UTILITY_CARD_MULTIPLIER,
)
from gamekit.alfredopoly.landing import FloatArray, LandingChain, LandingOptions, build_chain

STREET_LEVELS = (
    "site", "group", "1 sculpture",
    *(f"{k} sculptures" for k in range(2, SCULPTURES_PER_STATUE + 1)), "statue",
)  # fmt: skip
COLUMNS = [
    "index", "space", "group", "level", "fee", "cost", "p_roll", "p_turn",
    "fee_per_roll", "fee_per_round", "payback_rounds",
]  # fmt: skip


def _levels(board: Board, index: int) -> list[tuple[str, int, int]]:
    """(level name, fee multiplier base, cost) rows; utility fees are multipliers."""
    s = board.spaces[index]
    if s.kind == "street":
        fees = [s.rents[0], 2 * s.rents[0], *s.rents[1:]]
        costs = [s.price, s.price] + [s.price + k * s.building_cost for k in range(1, STATUE + 1)]
        return list(zip(STREET_LEVELS, fees, costs, strict=True))
    members = len(board.groups[s.group or s.kind])
    return [(f"{k} owned", s.rents[k - 1], s.price) for k in range(1, members + 1)]


def _fees_per_roll(
    chain: LandingChain, arrivals: dict[str, tuple[FloatArray, FloatArray]], index: int, fee: int
) -> float:
    """Expected fee per roll for a fee ``fee`` at ``index`` (a multiplier for utilities)."""
    kind = chain.board.spaces[index].kind
    total = 0.0
    mean_roll = float(sum(t * p for t, p in chain.options.dice.total_distribution().items()))
    for effect, (rate, rate_x_total) in arrivals.items():
        if kind == "utility":
            if effect == "move_nearest_utility":
                total += rate[index] * UTILITY_CARD_MULTIPLIER * mean_roll
            else:
                total += rate_x_total[index] * fee
        elif kind == "railroad" and effect == "move_nearest_railroad":
            total += rate[index] * RAILROAD_CARD_FACTOR * fee
        else:
            total += rate[index] * fee
    return total


def property_economics(
    board: str | Path | Board = "alfred",
    options: LandingOptions | None = None,
    *,
    players: int = 4,
    **changes: object,
) -> pd.DataFrame:
    """One row per property and build level (tidy), columns :data:`COLUMNS`.

    ``options`` picks the rule variant (jail strategy, dice, cards); keyword ``changes``
    override its fields. For a utility, ``fee`` is the mean fee per paying landing.

    >>> df = property_economics("alfred", jail="long", players=3)
    >>> sorted(df.level.unique())[:2], bool((df.fee_per_round > 0).all())
    (['1 owned', '1 sculpture'], True)
    """
    if isinstance(players, bool) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(
            f"players must be between {MIN_PLAYERS} and {MAX_PLAYERS} (the game's seats), "
            f"got {players!r}"
        )
    opts = replace(options or LandingOptions(), **changes)  # type: ignore[arg-type]
    chain = build_chain(board, opts)
    p_roll = chain.probabilities("roll")
    p_turn = chain.probabilities("turn")
    rolls = chain.rolls_per_turn()
    arrivals = chain.arrivals()
    rows = []
    for i in chain.board.properties:
        s = chain.board.spaces[i]
        for level, fee, cost in _levels(chain.board, i):
            per_roll = _fees_per_roll(chain, arrivals, i, fee)
            per_round = (players - 1) * per_roll * rolls
            shown_fee = per_roll / p_roll[i] if s.kind == "utility" and p_roll[i] else fee
            payback = cost / per_round if per_round else np.inf
            rows.append((i, s.name, s.group, level, shown_fee, cost, p_roll[i], p_turn[i],
                         per_roll, per_round, payback))  # fmt: skip
    return pd.DataFrame(rows, columns=COLUMNS)


def group_economics(frame: pd.DataFrame) -> pd.DataFrame:
    """Totals by colour group (and for the organizations) at each level.

    Streets: every level, the whole group at that level. Railroads and utilities: only
    when one owner holds them all (the level equal to the group's size).

    >>> g = group_economics(property_economics("classic"))
    >>> g[(g.group == "dark_blue") & (g.level == "statue")].cost.item()
    2750
    """
    size = frame.groupby("group")["index"].transform("nunique")
    owned = frame.level.str.extract(r"^(\d+) owned$")[0].astype(float)
    keep = owned.isna() | (owned == size)
    totals = (
        frame[keep]
        .groupby(["group", "level"], sort=False)[["cost", "fee_per_roll", "fee_per_round"]]
        .sum()
        .reset_index()
    )
    totals["payback_rounds"] = totals.cost / totals.fee_per_round
    return totals
