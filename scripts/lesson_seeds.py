"""Run every simulating lesson with many seeds and every size it suggests (issue 23).

A wide sweep, outside CI: ``tests/test_lesson_explore.py`` runs each lesson with 3 other
seeds in CI; this script runs it with ``--seeds N`` seeds drawn from a fixed sequence that
none of the tests uses (``SWEEP_SEEDS``, printed), at the lesson's default sizes, and with
``--size-seeds M`` of those seeds at each size the lesson's text suggests trying (and each
size its CI runs try). The
parameters cell and the suggested sizes are found by the test module's own
``parameters_cell`` and ``suggested_sizes`` (not a copy), so the sweep tries exactly what
the CI test holds a lesson to. A lesson without a ``parameters`` cell (Alfredopoly 1 and 2,
Alma Mater 2: one fixed deal, ``"deterministic": true``) is run once with its defaults.

Each run is papermill in this environment's Python (the test module's kernel manager),
in a child process of its own (its CPU time is the child's and its kernel's), writing its
executed copy to a temporary folder that is removed at the end. The table printed is
lesson x seed x size -> ``ok`` or the cell that failed (its id and index) with the error's
text, and each run's wall and CPU seconds. The exit status is 1 if any run failed.

Usage (the machine is shared: nice it, and run it in the background)::

    nice -n 10 .venv/bin/python scripts/lesson_seeds.py                   # 20 seeds, all
    nice -n 10 .venv/bin/python scripts/lesson_seeds.py --lessons alfredopoly_4 \\
        --seeds 20 --size-seeds 5 --jobs 2
    .venv/bin/python scripts/lesson_seeds.py --list                        # the plan only

``--at REV`` runs the lessons and the kit of commit ``REV`` (``git archive`` into the
temporary folder, first on ``PYTHONPATH``) instead of the working tree: other engineers'
edits in progress (a half-saved engine file) cannot fail a run, and a table names one
commit. ``--lessons`` takes names or parts of names (``almamater_3``, ``alfredopoly``);
``--keep DIR`` keeps the executed copies there (to read the sentences a
seed renders); ``--no-sizes`` skips the suggested sizes, ``--only-sizes`` runs only them;
``--first K`` starts the seed sequence at its K-th seed (to spread a sweep over several sessions).

>>> SWEEP_SEEDS[:3]
[50021, 51019, 52017]
>>> plan(["alfredopoly_4"], seeds=2, size_seeds=1)[:3]  # doctest: +NORMALIZE_WHITESPACE
[Run(lesson='alfredopoly_4_economics', seed=50021, sizes={}),
 Run(lesson='alfredopoly_4_economics', seed=51019, sizes={}),
 Run(lesson='alfredopoly_4_economics', seed=50021, sizes={'GAMES': 500})]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
sys.path.insert(0, str(ROOT / "tests"))

import nbformat  # noqa: E402
import test_lesson_explore as explore  # noqa: E402  (the CI test's own mechanism)

# Seeds no test, default or review used (the tests use 0-11, 20-27, 99, 100, 2026, 4711 ...;
# checked at start against every lesson's default and explore seeds): 50021, 51019, ...
SWEEP_SEEDS = [50_021 + 998 * k for k in range(200)]
CELL_TIMEOUT_S = 900


@dataclass(frozen=True)
class Run:
    lesson: str
    seed: int | None  # None: a lesson without a parameters cell, run with its defaults
    sizes: dict[str, Any] = field(default_factory=dict, hash=False)

    @property
    def parameters(self) -> dict[str, Any]:
        return ({} if self.seed is None else {"SEED": self.seed}) | self.sizes

    @property
    def size_label(self) -> str:
        return ", ".join(f"{k}={v:_}" for k, v in self.sizes.items()) or "defaults"


def lessons() -> list[Path]:
    """The lessons (alfredopoly_*, almamater_*) and any other notebook with a cell tagged
    ``parameters`` (the dashboards are left out: they are apps, not lessons)."""
    found = list(explore.LESSONS)
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        if path in found or path.stem.startswith("dashboard_"):
            continue
        nb = nbformat.read(path, as_version=4)
        if any("parameters" in c.metadata.get("tags", []) for c in nb.cells):
            found.append(path)
    return found


def _pick(names: list[str] | None) -> list[Path]:
    paths = lessons()
    if not names:
        return paths
    picked = [p for p in paths if any(n in p.stem for n in names)]
    if not picked:
        raise SystemExit(f"no lesson matches {names}; lessons: {[p.stem for p in paths]}")
    return picked


def plan(
    names: list[str] | None, seeds: int, size_seeds: int, first: int = 0,
    default_sizes: bool = True, suggested: bool = True,
) -> list[Run]:  # fmt: skip
    """The runs: ``seeds`` sweep seeds at the defaults, ``size_seeds`` at each suggested size."""
    sequence = SWEEP_SEEDS[first : first + max(seeds, size_seeds)]
    runs: list[Run] = []
    for path in _pick(names):
        nb = nbformat.read(path, as_version=4)
        tagged = [c for c in nb.cells if "parameters" in c.metadata.get("tags", [])]
        if not tagged:
            if default_sizes:
                runs.append(Run(path.stem, None))
            continue
        _, values, source = explore.parameters_cell(nb)
        used = {values.get("SEED")} | {
            r.get("SEED") for r in nb.metadata.get("gamekit", {}).get("explore", [])
        }
        clash = used & set(sequence)
        assert not clash, f"{path.stem} already uses the sweep's seeds {clash}"
        if default_sizes:
            runs += [Run(path.stem, s) for s in sequence[:seeds]]
        if suggested:
            sizes = explore.suggested_sizes(nb, set(values), source)
            if any(name == "?" for name, _ in sizes):
                raise SystemExit(f"{path.stem} suggests a size without naming its parameter")
            # and the sizes the CI runs try (Alma Mater 1's DEALS = 400, suggested nowhere)
            sizes |= {
                (n, v)
                for r in nb.metadata.get("gamekit", {}).get("explore", [])
                for n, v in r.items()
                if n != "SEED" and v != values.get(n)
            }
            for name, value in sorted(sizes):
                runs += [Run(path.stem, s, {name: value}) for s in sequence[:size_seeds]]
    return runs


def execute_one(lesson: str, parameters: dict[str, Any], out: str) -> dict[str, Any]:
    """Run one lesson in this process (the child); its result as a dict, with CPU seconds
    of this process and its reaped kernel."""
    import papermill
    from papermill.exceptions import PapermillExecutionError

    path = Path(lesson) if lesson.endswith(".ipynb") else NOTEBOOKS / f"{lesson}.ipynb"
    result: dict[str, Any] = {"ok": True}
    try:
        papermill.execute_notebook(
            str(path), out, parameters=parameters, kernel_name="python3",
            kernel_manager_class=explore.ThisPythonKernel, cwd=str(path.parent),
            progress_bar=False, request_save_on_cell_execute=False,
            execution_timeout=CELL_TIMEOUT_S,
        )  # fmt: skip
    except PapermillExecutionError as exc:
        index = exc.cell_index
        cell_id = "?"
        if Path(out).exists():
            ran = nbformat.read(out, as_version=4)
            cell_id = ran.cells[index].get("id", "?") if index < len(ran.cells) else "?"
            index -= any(
                "injected-parameters" in c.metadata.get("tags", []) for c in ran.cells[:index]
            )
        result = {"ok": False, "cell": f"{cell_id} (#{index})", "error": exc.ename,
                  "text": " ".join(str(exc.evalue).split())[:300]}  # fmt: skip
    except Exception as exc:  # a kernel that died, a timeout: still a failed run
        result = {"ok": False, "cell": "?", "error": type(exc).__name__, "text": str(exc)[:300]}
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    result["cpu"] = own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime
    return result


def run_child(
    run: Run, folder: Path, k: int, tree: Path | None = None, keep: Path | None = None
) -> dict[str, Any]:
    """Run ``run`` in a child Python (the lesson and kit of ``tree`` if given); its result,
    with the wall seconds."""
    out = folder / f"{k:03d}-{run.lesson}.ipynb"
    lesson = str((tree / "notebooks" / f"{run.lesson}.ipynb") if tree else run.lesson)
    env = dict(os.environ)
    if tree:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(tree), env.get("PYTHONPATH")]))
    start = time.monotonic()
    child = subprocess.run(
        [sys.executable, __file__, "--child", lesson, json.dumps(run.parameters), str(out)],
        capture_output=True, text=True, cwd=ROOT, env=env,
    )  # fmt: skip
    wall = time.monotonic() - start
    lines = child.stdout.strip().splitlines()
    try:
        result: dict[str, Any] = json.loads(lines[-1])
    except (IndexError, json.JSONDecodeError):
        result = {"ok": False, "cell": "?", "error": f"child exit {child.returncode}",
                  "text": " ".join(child.stderr.split())[-300:], "cpu": float("nan")}  # fmt: skip
    result["wall"] = wall
    if keep and out.exists():
        sizes = "".join(f"-{k}{v}" for k, v in run.sizes.items())
        shutil.copy(out, keep / f"{run.lesson}-{run.seed}{sizes}.ipynb")
    return result


def _row(run: Run, result: dict[str, Any]) -> str:
    verdict = "ok" if result["ok"] else (
        f"FAILED cell {result['cell']}: {result['error']}: {result['text']}"
    )  # fmt: skip
    seed = "-" if run.seed is None else str(run.seed)
    return (
        f"| {run.lesson} | {seed} | {run.size_label} | {result['wall']:.0f} | "
        f"{result['cpu']:.0f} | {verdict} |"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=20, help="seeds at the default sizes")
    parser.add_argument("--size-seeds", type=int, default=5, help="seeds at each suggested size")
    parser.add_argument("--first", type=int, default=0, help="start at the K-th sweep seed")
    parser.add_argument("--lessons", nargs="*", help="lessons (names or parts of names)")
    parser.add_argument("--jobs", type=int, default=1, help="runs at once (at most the cores)")
    parser.add_argument("--no-sizes", action="store_true", help="skip the suggested sizes")
    parser.add_argument("--only-sizes", action="store_true", help="only the suggested sizes")
    parser.add_argument("--at", metavar="REV", help="run the lessons and kit of a commit")
    parser.add_argument("--keep", metavar="DIR", type=Path, help="keep executed copies there")
    parser.add_argument("--list", action="store_true", help="print the plan and stop")
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        lesson, parameters, out = args.child
        print(json.dumps(execute_one(lesson, json.loads(parameters), out)), flush=True)
        return 0
    cores = os.cpu_count() or 1
    if not 1 <= args.jobs <= cores:
        parser.error(f"--jobs must be 1 to {cores} (the cores of this machine)")
    runs = plan(args.lessons, args.seeds, args.size_seeds, args.first,
                default_sizes=not args.only_sizes, suggested=not args.no_sizes)  # fmt: skip
    used = sorted({r.seed for r in runs if r.seed is not None})
    print(f"sweep seeds ({len(used)}): {used}")
    print(f"{len(runs)} runs, {args.jobs} at a time")
    if args.list:
        for run in runs:
            print(f"  {run.lesson} seed={run.seed} {run.size_label}")
        return 0
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="lesson_seeds_"))
    tree = None
    if args.at:
        tree = folder / "tree"
        tree.mkdir()
        archive = subprocess.run(
            ["git", "archive", args.at], cwd=ROOT, capture_output=True, check=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
        rev = subprocess.run(["git", "rev-parse", "--short", args.at], cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout.strip()  # fmt: skip
        print(f"lessons and kit of commit {rev} (git archive, first on PYTHONPATH)")
    print("| lesson | seed | sizes | wall s | CPU s | result |")
    print("| --- | --- | --- | --- | --- | --- |")
    results: list[tuple[Run, dict[str, Any]]] = []
    start = time.monotonic()
    try:
        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            futures = {
                pool.submit(run_child, r, folder, k, tree, args.keep): r for k, r in enumerate(runs)
            }
            for future in as_completed(futures):
                run, result = futures[future], future.result()
                results.append((run, result))
                print(_row(run, result), flush=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    wall = time.monotonic() - start
    cpu = sum(r["cpu"] for _, r in results if r["cpu"] == r["cpu"])
    failed = [(run, r) for run, r in results if not r["ok"]]
    print(f"\n{len(results)} runs, {len(failed)} failed; wall {wall:.0f} s, CPU {cpu:.0f} s")
    by_lesson: dict[tuple[str, str], list[bool]] = {}
    for run, r in results:
        by_lesson.setdefault((run.lesson, run.size_label), []).append(r["ok"])
    print("\n| lesson | sizes | runs | ok | failed |\n| --- | --- | --- | --- | --- |")
    for (lesson, sizes), oks in sorted(by_lesson.items()):
        print(f"| {lesson} | {sizes} | {len(oks)} | {sum(oks)} | {len(oks) - sum(oks)} |")
    if failed:
        print("\nfailures:")
        for run, r in sorted(failed, key=lambda x: (x[0].lesson, x[0].seed or 0)):
            print(_row(run, r))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
