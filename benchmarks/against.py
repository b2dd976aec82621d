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

import json
import os
import subprocess
import sys
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
