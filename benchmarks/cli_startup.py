"""Benchmark: what the ``gamekit`` command costs from start to exit, against starting Python
with the libraries it needs, in one run.

    .venv/bin/python benchmarks/cli_startup.py [--games 50] [--repeats 5] [--quick]
                                               [--against DIR ...]

Each command runs in a fresh process; the figure is its CPU time (user + system, best of
the repeats, the commands taking turns), with the kit's modules compiled beforehand (into a
temporary folder, as an installed kit has them; the first start after an edit also
compiles). The reference is ``python -c "import numpy,
pandas"`` (the kit's own libraries, which every command loads): each command's ratio to it
says what the kit adds. The commands: ``import gamekit``, ``gamekit --help`` (finds every
game and builds every subcommand), and ``gamekit GAME simulate --games N`` on one worker
for both games (random players for Alma Mater).

``--against DIR`` (another checkout of the kit, e.g. ``git archive <commit> | tar -x -C
DIR``) runs the same commands with that code too, alternating with this tree's, and
prints each command's time there over the time here.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def commands(games: int) -> list[tuple[str, list[str]]]:
    """(label, arguments to Python) of each command, the reference first."""
    run = ["--workers", "1", "--format", "csv", "--games", str(games)]
    return [
        ("python -c 'import numpy, pandas' (reference)", ["-c", "import numpy, pandas"]),
        ("python -c 'import gamekit'", ["-c", "import gamekit"]),
        ("gamekit --help", ["-m", "gamekit", "--help"]),
        (f"gamekit alfredopoly simulate --games {games}", ["-m", "gamekit", "alfredopoly",
                                                          "simulate", *run]),
        (f"gamekit almamater simulate --games {games} --strategy random",
         ["-m", "gamekit", "almamater", "simulate", "--strategy", "random", *run]),
    ]  # fmt: skip


def cpu_seconds(tree: Path, argv: list[str], cache: Path) -> float:
    """User + system CPU seconds of ``python argv`` run with the kit of ``tree``, its
    compiled modules kept under ``cache`` (outside the tree)."""
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(cache / tree.name)
    process = subprocess.Popen(
        [sys.executable, *argv],
        cwd=tree,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    _, status, usage = os.wait4(process.pid, 0)
    assert process.stderr is not None
    error = process.stderr.read().decode(errors="replace")
    process.stderr.close()
    if status != 0:
        raise SystemExit(f"{tree}: python {' '.join(argv)} failed:\n{error[-2000:]}")
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="5 games, one run (CI smoke test)")
    parser.add_argument("--against", type=Path, action="append", default=[], metavar="DIR")
    args = parser.parse_args()
    if args.quick:
        args.games, args.repeats = 5, 1
    trees = [ROOT, *(d.resolve() for d in args.against)]
    listed = commands(args.games)
    best: dict[tuple[Path, int], float] = {}
    with tempfile.TemporaryDirectory(prefix="gamekit-bench-") as cache:
        for tree in trees:  # compile every module once, as an installed kit has
            cpu_seconds(tree, listed[2][1], Path(cache))
        for r in range(args.repeats):  # every command in every tree, then again, in turn
            for k, (_label, argv) in enumerate(listed):
                for tree in trees if (r + k) % 2 == 0 else trees[::-1]:
                    seconds = cpu_seconds(tree, argv, Path(cache))
                    best[tree, k] = min(best.get((tree, k), seconds), seconds)
    print(f"CPU seconds from start to exit (best of {args.repeats}; fresh processes)")
    for tree in trees:
        if len(trees) > 1:
            print("this tree:" if tree == ROOT else f"{tree}:")
        reference = best[tree, 0]
        for k, (label, _argv) in enumerate(listed):
            line = f"  {label}: {best[tree, k]:.3f} s"
            if k:
                line += f" ({best[tree, k] / reference:.2f}x the reference)"
            if tree != ROOT:
                line += f"; there / here: {best[tree, k] / best[ROOT, k]:.2f}"
            print(line)


if __name__ == "__main__":
    main()
