"""Alfredopoly speed: whole 4-bot games per second (200-round limit), actions per second.

    .venv/bin/python benchmarks/alfredopoly_games.py [--games 400] [--strategy A,B,C,D] [--quick]

Runs in one process (one core). Prints the machine's core count, the fast path
(``simulate``: one working table per game) and, for scale, the checked public API
(``step``/``chance_step`` with a frozen state after every action).
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np

from gamekit.alfredopoly.bots import make_bot
from gamekit.alfredopoly.rules import (
    AlfredopolySpec,
    chance_outcomes,
    chance_step,
    is_chance,
    new_game,
    step,
)
from gamekit.alfredopoly.simulate import simulate
from gamekit.core.actions import sample_outcome


def checked_actions_per_second(seconds: float = 3.0) -> float:
    spec = AlfredopolySpec(max_rounds=200)
    bots = [make_bot(n, seed=i) for i, n in enumerate(("buy_all", "reserve", "builder", "builder"))]
    rng = np.random.default_rng(0)
    s = new_game(spec, 4, seed=0)
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        if s.phase == "over":
            s = new_game(spec, 4, seed=n)
        if is_chance(s):
            s = chance_step(spec, s, sample_outcome(chance_outcomes(spec, s), rng)).state
        else:
            s = step(spec, s, bots[s.actor].choose(spec, s)).state
        n += 1
    return n / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--strategy", default="buy_all,reserve,builder,builder")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--quick", action="store_true", help="20 games, short timings (CI smoke)")
    args = parser.parse_args()
    if args.quick:
        args.games = 20
    print(f"cores: {os.cpu_count()} (this benchmark uses one)")
    simulate(games=5, seed=1, strategies=args.strategy)  # warm up caches
    start = time.perf_counter()
    cpu = time.process_time()
    df = simulate(players=4, games=args.games, seed=args.seed, max_rounds=200,
                  strategies=args.strategy)  # fmt: skip
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    games = df.drop_duplicates("game")
    decisions = int(games["actions"].sum())
    print(f"strategies: {args.strategy}; 200-round limit; {args.games} games")
    print(f"whole games per second: {args.games / elapsed:.1f} (wall clock); "
          f"{args.games / cpu:.1f} per CPU-second (fairer when the machine is busy)")  # fmt: skip
    print(f"mean rounds per game: {games['rounds'].mean():.1f}; "
          f"ended: {games['ended'].value_counts().to_dict()}")  # fmt: skip
    fast = decisions / elapsed
    checked = checked_actions_per_second(0.5 if args.quick else 3.0)
    print(f"decisions per second (fast path, dice not counted): {fast:,.0f}")
    print(f"steps per second (checked API, dice counted): {checked:,.0f}")
    print(f"fast path / checked API: {fast / checked:.1f}x (same run)")


if __name__ == "__main__":
    main()
