"""Benchmark: whole Alma Mater games per second with 2, 3 and 4 players.

    .venv/bin/python benchmarks/almamater_games.py [--games 200] [--strategy random] [--quick]

Plays seeded games with the given bots through ``gamekit.almamater.simulate.play_game``
(the same unchecked fast path ``simulate`` uses) and prints, per player count, the best of
three runs in games per CPU second of this one process (``time.process_time``), which is
the fairest single-core figure on a machine shared with other work. Wall-clock figures are
printed beside it. The target: at least 100 four-player random-legal games per second.
"""

from __future__ import annotations

import argparse
import time

from gamekit.almamater.bots import BOTS
from gamekit.almamater.simulate import play_game
from gamekit.almamater.spec import make_spec


def run(players: int, games: int, strategy: str, seed: int) -> tuple[float, float, float]:
    spec = make_spec(players)
    bots = [BOTS[strategy]] * players
    cpu0, wall0 = time.process_time(), time.perf_counter()
    for g in range(games):
        play_game(spec, bots, seed=seed + g)
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    return games / cpu, games / wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--strategy", default="random", choices=sorted(BOTS))
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="10 games, one run (CI smoke test)")
    args = parser.parse_args()
    if args.quick:
        args.games, args.repeats = 10, 1
    play_game(make_spec(2), [BOTS[args.strategy]] * 2, seed=0)  # warm caches and imports
    print(f"Alma Mater whole games, strategy {args.strategy}, {args.games} games per run")
    print(f"{'players':>7} {'games/s (CPU)':>14} {'games/s (wall)':>15}")
    for players in (2, 3, 4):
        runs = [run(players, args.games, args.strategy, seed=1000 * r) for r in range(args.repeats)]
        cpu_rate = max(r[0] for r in runs)
        wall_rate = max(r[1] for r in runs)
        print(f"{players:>7} {cpu_rate:>14.1f} {wall_rate:>15.1f}")


if __name__ == "__main__":
    main()
