"""``--against DIR``, shared by the benchmarks: the same measurement with another checkout
of the kit (e.g. ``git archive <commit> | tar -x -C DIR``), in fresh processes that take
turns with this tree's, so a busy spell of a shared machine hits both alike.

A benchmark that offers ``--against`` runs itself again with ``--child`` (its own
arguments otherwise) in a fresh Python whose ``gamekit`` is the tree's (``PYTHONPATH``),
reads the JSON the child prints (figures in CPU seconds, nested in dicts), and keeps,
figure by figure, each tree's lowest over the repeats.

>>> best_of({"a": {"t": 2.0, "n": 5}}, {"a": {"t": 1.5, "n": 5}})
{'a': {'t': 1.5, 'n': 5}}
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def child(script: str, tree: Path, argv: list[str]) -> Any:
    """``script --child argv`` in a fresh process importing the kit from ``tree``; the JSON
    it prints."""
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    command = [sys.executable, str(Path(script).resolve()), "--child", *argv]
    done = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{tree}: {' '.join(command)} failed:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout)


def best_of(old: Any, new: Any) -> Any:
    """Figure by figure, the lower of two children's results (equal counts stay)."""
    if isinstance(old, dict):
        return {key: best_of(value, new[key]) for key, value in old.items()}
    return min(old, new)


def alternate(script: str, trees: list[Path], repeats: int, argv: list[str]) -> dict[Path, Any]:
    """Each tree's best figures over ``repeats`` runs of ``script``'s child, the trees
    taking turns (in the opposite order every other run)."""
    results: dict[Path, Any] = {}
    for r in range(repeats):
        for tree in trees if r % 2 == 0 else trees[::-1]:
            got = child(script, tree, argv)
            results[tree] = best_of(results[tree], got) if tree in results else got
    return results


def command_line(
    script: str, measure: Callable[[int, int], Any], *, games: int, description: str
) -> tuple[argparse.Namespace, dict[Path, Any]] | None:
    """The command line a benchmark with ``--against`` shares (``--games``, ``--repeats``,
    ``--quick``, ``--against DIR``): ``measure(games, repeats)`` for this tree alone, or
    for every tree taking turns (:func:`alternate`); returns the arguments and each tree's
    figures, or ``None`` in a ``--child`` run (which printed its figures as JSON)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--games", type=int, default=games)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="2 games, one run (CI smoke test)")
    parser.add_argument("--against", type=Path, action="append", default=[], metavar="DIR")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.quick:
        args.games, args.repeats = 2, 1
    if args.child:  # one run in a fresh process, for another tree's --against
        print(json.dumps(measure(args.games, 1)))
        return None
    trees = [ROOT, *(d.resolve() for d in args.against)]
    if len(trees) == 1:
        return args, {ROOT: measure(args.games, args.repeats)}
    return args, alternate(script, trees, args.repeats, ["--games", str(args.games)])
