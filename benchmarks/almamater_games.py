"""Benchmark: whole Alma Mater games per second with 2, 3 and 4 players.

    .venv/bin/python benchmarks/almamater_games.py [--games 200] [--strategy random] [--quick]
    .venv/bin/python benchmarks/almamater_games.py --lineup scholar+dean --against e617e35

Plays seeded games with the given bots through ``gamekit.almamater.simulate.play_game``
(the same unchecked fast path ``simulate`` uses) and prints, per player count, the best of
three runs in games per CPU second of this one process (``time.process_time``), which is
the fairest single-core figure on a machine shared with other work. Wall-clock figures are
printed beside it. The target: at least 100 four-player random-legal games per second.

``--lineup`` plays one line-up (e.g. ``scholar+dean``) at its own player count, the seats
turned by one each game. ``--against COMMIT`` also times the bots of ``gamekit/almamater/
bots.py`` at that commit (read with ``git show``, run on today's engine) on the same games,
the two timed alternately within each repeat, and prints the ratio now / then: e.g. the
scholar and dean before their one-step student look-ahead (``e617e35``).
"""

from __future__ import annotations

import argparse
import subprocess
import time
import types
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from gamekit.almamater.bots import BOTS
from gamekit.almamater.simulate import play_game
from gamekit.almamater.spec import make_spec


def bots_at(commit: str) -> Mapping[str, Any]:
    """The ``BOTS`` table of ``gamekit/almamater/bots.py`` as it was at ``commit``."""
    root = Path(__file__).resolve().parents[1]
    source = subprocess.run(
        ["git", "show", f"{commit}:gamekit/almamater/bots.py"],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    module = types.ModuleType(f"bots_{commit}")
    exec(compile(source, f"bots.py@{commit}", "exec"), module.__dict__)
    return module.BOTS


def run(
    names: Sequence[str], games: int, seed: int, bots: Mapping[str, Any] = BOTS
) -> tuple[float, float, float]:
    """Games per CPU second, per wall second, and the CPU seconds of ``games`` games of
    ``names`` (seats turned by one each game)."""
    spec = make_spec(len(names))
    seats = list(names)
    cpu0, wall0 = time.process_time(), time.perf_counter()
    for g in range(games):
        k = g % len(seats)
        play_game(spec, [bots[n] for n in seats[k:] + seats[:k]], seed=seed + g)
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    return games / cpu, games / wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--strategy", default="random", choices=sorted(BOTS))
    parser.add_argument("--lineup", help="one line-up, e.g. scholar+dean (instead of --strategy)")
    parser.add_argument("--against", metavar="COMMIT", help="also time the bots of COMMIT")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="10 games, one run (CI smoke test)")
    args = parser.parse_args()
    if args.quick:
        args.games, args.repeats = 10, 1
    if args.lineup:
        lineups = [tuple(args.lineup.split("+"))]
        unknown = [n for n in lineups[0] if n not in BOTS]
        if unknown or not 2 <= len(lineups[0]) <= 4:
            parser.error(f"--lineup: 2 to 4 of {', '.join(sorted(BOTS))}, got {args.lineup}")
        label = f"line-up {args.lineup}"
    else:
        lineups = [(args.strategy,) * n for n in (2, 3, 4)]
        label = f"strategy {args.strategy}"
    then = bots_at(args.against) if args.against else None
    play_game(make_spec(2), [BOTS[lineups[0][0]]] * 2, seed=0)  # warm caches and imports
    print(f"Alma Mater whole games, {label}, {args.games} games per run, best of {args.repeats}")
    head = f"{'players':>7} {'games/s (CPU)':>14} {'games/s (wall)':>15}"
    if then is not None:
        head += f" {args.against + ' (CPU)':>18} {'now / then':>11}"
    print(head)
    for names in lineups:
        now_runs, then_runs = [], []
        for r in range(args.repeats):  # alternate, so a busy spell hits both alike
            now_runs.append(run(names, args.games, 1000 * r))
            if then is not None:
                then_runs.append(run(names, args.games, 1000 * r, then))
        cpu_rate = max(x[0] for x in now_runs)
        line = f"{len(names):>7} {cpu_rate:>14.1f} {max(x[1] for x in now_runs):>15.1f}"
        if then_runs:
            old = max(x[0] for x in then_runs)
            line += f" {old:>18.1f} {cpu_rate / old:>11.2f}"
        print(line)


if __name__ == "__main__":
    main()
