"""Measure Alma Mater's balance against the kit's targets (issue: kit defaults by measurement).

    .venv/bin/python benchmarks/almamater_balance.py [--games 400] [--seed 1] [--data FOLDER]
                                                     [--search] [--out FILE.md]

Settings, each ``--games`` games with seats rotated (``gamekit.almamater.balance``):

- 2, 3 and 4 players of the strategic bots (``scholar``, ``dean``): win shares with 95%
  intervals, action-space visits per game;
- with ``--search``: the search bot against ``random``, ``greedy``, ``scholar`` and ``dean``
  (2 players) and its visits per game (does it win by repeating one space?).

Targets: each strategic bot wins 35-65% of two-player games against the other; in 3 and 4
player games none wins more than 1.5 times its fair share; no action space under 1 visit
per game. CPU heavy: a few minutes at 400 games; never run from the tests.
"""

from __future__ import annotations

import argparse
import time

import pandas as pd

from gamekit.almamater.balance import STRATEGIC, Balance, balance


def wins_text(report: Balance) -> str:
    lines = []
    for _, d in report.wins.iterrows():
        lines.append(
            f"  {d['players']}p {d['strategy']:>8}: {d['win share']:.3f}"
            f" [{d['low']:.3f}, {d['high']:.3f}] x{d['vs fair share']:.2f} of fair, n={d['plays']}"
        )
    return "\n".join(lines)


def visits_text(report: Balance) -> str:
    lines = []
    for n, group in report.visits.groupby("players"):
        cells = [
            f"{s} {v:.2f}" for s, v in zip(group["space"], group["visits per game"], strict=True)
        ]
        low = group[(group["visits per game"] < 1) & (group["space"] != "starting_student")]
        lines.append(f"  {n}p: " + ", ".join(cells))
        lines.append(f"      under 1 visit: {', '.join(low['space']) or 'none'}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--data", default=None)
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--search", action="store_true", help="also the search bot's matches")
    parser.add_argument("--out", help="also write the text to this file")
    parser.add_argument("--quick", action="store_true", help="10 games, 2 players (CI smoke)")
    args = parser.parse_args()
    if args.quick:
        args.games, args.players, args.search = 10, "2", False
    counts = tuple(int(x) for x in args.players.split(","))
    out: list[str] = []
    t0 = time.perf_counter()
    strategic = balance(counts, args.games, args.seed, STRATEGIC, args.data)
    out.append(f"== strategic bots {', '.join(STRATEGIC)}: {args.games} games per player count ==")
    out.append(wins_text(strategic))
    out.append("visits per game (all players):")
    out.append(visits_text(strategic))
    lines = strategic.lines.set_index(["players", "strategy"]).round(1)
    with pd.option_context("display.width", 250, "display.max_columns", None):
        out.append(lines.to_string())
    if args.search:
        for opponent in ("random", "greedy", *STRATEGIC):
            r = balance((2,), args.games, args.seed, ("search", opponent), args.data)
            out.append(f"== search vs {opponent}, 2 players, {args.games} games ==")
            out.append(wins_text(r))
            out.append(visits_text(r))
            mine = r.strategy_visits[r.strategy_visits["strategy"] == "search"]
            top = mine.sort_values("visits per game", ascending=False).head(5)
            out.append(
                "  search's own top spaces: "
                + ", ".join(
                    f"{s} {v:.2f}"
                    for s, v in zip(top["space"], top["visits per game"], strict=True)
                )
            )
    out.append(f"({time.perf_counter() - t0:.0f} s)")
    text = "\n".join(out)
    print(text)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    main()
