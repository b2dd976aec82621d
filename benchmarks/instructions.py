"""Benchmark: instructions counted by valgrind's callgrind, for this tree and others in the
same run: steadier than CPU time on a busy machine (the same count to a few parts in ten
thousand, whatever else runs).

    .venv/bin/python benchmarks/instructions.py [--against DIR ...] [--only NAME ...] [--quick]

Each workload runs in a fresh Python under callgrind, with the kit of each tree
(``PYTHONPATH``): imports and one warm-up game first, then the measured part between two
calls to ``os.getppid`` (``--dump-before=getppid`` cuts the count there), so start-up is not
counted. The workloads: random legal play through the checked protocol
(``checked_api.random_game``: every action checked, narrated and frozen) and whole games
through ``Game.play_game`` (the unchecked fast loop ``simulate`` uses), for both games.
The commands (``gamekit --help``, ``gamekit GAME simulate --games 20`` on one worker) are
counted whole, start-up included, their modules compiled beforehand.

``--against DIR`` (e.g. ``git archive <commit> | tar -x -C DIR``) counts that tree too and
prints its count over this tree's. ``--quick`` (and a machine without valgrind) plays each
workload's first game once without valgrind, so the script cannot rot.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
HERE = Path(__file__).resolve().parent

#: name -> (workload arguments or a command, games)
WORKLOADS: dict[str, tuple[str, int]] = {
    "alfredopoly checked API": ("checked alfredopoly", 4),
    "almamater checked API": ("checked almamater", 4),
    "alfredopoly simulate (Game.play_game)": ("simulate alfredopoly", 40),
    "almamater simulate (Game.play_game)": ("simulate almamater", 40),
}
COMMANDS: dict[str, list[str]] = {
    "gamekit --help": ["-m", "gamekit", "--help"],
    "gamekit alfredopoly simulate --games 20": [
        "-m", "gamekit", "alfredopoly", "simulate", "--workers", "1", "--format", "csv",
        "--games", "20",
    ],
    "gamekit almamater simulate --games 20": [
        "-m", "gamekit", "almamater", "simulate", "--strategy", "random", "--workers", "1",
        "--format", "csv", "--games", "20",
    ],
}  # fmt: skip


def play(kind: str, game_name: str, seeds: range) -> None:
    """The games of one workload (what the child measures)."""
    import numpy as np
    from checked_api import CASES, random_game

    import gamekit

    game = gamekit.games()[game_name]
    if kind == "checked":
        _, players, options, cap, _ = next(c for c in CASES if c[0] == game_name)
        for s in seeds:
            random_game(game, s, players, cap, options)
        return
    if game_name == "alfredopoly":
        from gamekit.alfredopoly.spec import AlfredopolySpec

        bots: list[Any] = ["buy_all", "reserve", "builder", "builder"]
        spec: Any = AlfredopolySpec(max_rounds=200)
    else:
        from gamekit.almamater.spec import make_spec

        bots, spec = ["random"] * 4, make_spec(4)
    for s in seeds:
        game.play_game(4, bots, np.random.SeedSequence(s), spec=spec)


def child(kind: str, game_name: str, games: int) -> None:
    play(kind, game_name, range(1, 2))  # warm-up: first calls, caches, lazy imports
    os.getppid()  # callgrind's cut: the count starts here...
    play(kind, game_name, range(100, 100 + games))
    os.getppid()  # ...and ends here


def counted(tree: Path, argv: list[str], cache: Path, cut: bool) -> int:
    """Instructions of ``python argv`` with ``tree``'s kit: the part between the two
    cuts when ``cut``, else the whole process."""
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(cache / tree.name)
    if not cut:  # a command: its modules compiled first, as an installed kit has them
        subprocess.run([sys.executable, *argv], cwd=cache, env=env, capture_output=True, check=True)
    out = cache / "callgrind.out"
    valgrind = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}"]
    if cut:
        valgrind.append("--dump-before=getppid")
    subprocess.run([*valgrind, sys.executable, *argv], cwd=cache, env=env,
                   capture_output=True, check=True)  # fmt: skip
    part = cache / "callgrind.out.2" if cut else out
    summary = next(line for line in part.read_text().splitlines() if line.startswith("summary:"))
    for leftover in cache.glob("callgrind.out*"):
        leftover.unlink()
    return int(summary.split()[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", type=Path, action="append", default=[], metavar="DIR")
    parser.add_argument("--only", action="append", default=[], metavar="NAME",
                        help="only the workloads and commands whose name has NAME")  # fmt: skip
    parser.add_argument("--quick", action="store_true", help="each workload once, no valgrind")
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        kind, game_name, games = args.child
        child(kind, game_name, int(games))
        return
    script = str(Path(__file__).resolve())
    names = [n for n in (*WORKLOADS, *COMMANDS) if not args.only or any(o in n for o in args.only)]
    if args.quick or shutil.which("valgrind") is None:
        why = "a quick run" if args.quick else "no valgrind here"
        print(f"instructions: {why}, each workload's first game once without valgrind")
        for kind_game, _ in (WORKLOADS[n] for n in names if n in WORKLOADS):
            play(*kind_game.split(), range(100, 101))
        return
    trees = [ROOT, *(d.resolve() for d in args.against)]
    print("instructions (callgrind), this tree" + "".join(f" | {t}" for t in trees[1:]))
    with tempfile.TemporaryDirectory(prefix="gamekit-instructions-") as tmp:
        for name in names:
            if name in WORKLOADS:
                kind_game, games = WORKLOADS[name]
                argv, cut = [script, "--child", *kind_game.split(), str(games)], True
                label = f"{name}, {games} games"
            else:
                argv, cut, label = COMMANDS[name], False, f"{name} (whole command)"
            counts = [counted(t, argv, Path(tmp), cut) for t in trees]
            there = "".join(f" | {c:,} ({c / counts[0]:.3f} of this tree's)" for c in counts[1:])
            print(f"  {label}: {counts[0]:,}{there}", flush=True)


if __name__ == "__main__":
    sys.path.insert(0, str(HERE))
    main()
