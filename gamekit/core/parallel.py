"""Many independent games on every core, or on a cluster, with the same result.

A simulation is a list of games that share nothing but their seeds: game ``g`` is
played from the ``g``-th child of one :class:`numpy.random.SeedSequence`, whatever
process plays it. :func:`run_games` cuts the games into chunks, hands each chunk to a
worker (a process pool it makes, or any :class:`concurrent.futures.Executor` you give
it, such as a Dask ``Client.get_executor()``), and puts the rows back in game order. So
the result is the same, row for row, for any number of workers, any executor and any
chunk size: same seed, same frame.

Rows reach ``sink`` chunk by chunk in game order, so a long run can be written to a file
as it goes (:func:`write_csv`) with memory for a few chunks only. A tqdm bar counts
finished games across workers, and Ctrl-C stops the workers and raises
:class:`Interrupted`, which says how many games finished and keeps their rows.

>>> from gamekit.core.parallel import SeedPlan, run_games
>>> plan = SeedPlan.from_seed(7)
>>> def task(games):  # a picklable module-level function in real use
...     return [(g, int(plan.rng(g).integers(6)) + 1) for g in games]
>>> rows = run_games(task, 5, workers=1)
>>> [g for g, _ in rows]
[0, 1, 2, 3, 4]
>>> rows == run_games(task, 5, workers=1, chunk=2)
True
"""

from __future__ import annotations

import math
import multiprocessing
import os
import sys
import threading
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

__all__ = [
    "GAMES_PER_WORKER",
    "Interrupted",
    "SeedPlan",
    "available_cores",
    "choose_workers",
    "pop_run_options",
    "run_games",
    "stream_csv",
    "write_csv",
]

T = TypeVar("T")

#: A pool costs about a second to start (numpy and pandas imports), a few hundred games'
#: worth of play; below this many games per worker, one process is faster.
GAMES_PER_WORKER = 400

#: Modules the fork server imports once, so each pool's workers start already warm.
_PRELOAD = ["numpy", "pandas", "gamekit.alfredopoly.simulate", "gamekit.almamater.simulate"]


def available_cores() -> int:
    """The cores this process may use (its CPU affinity where the system tells it)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - macOS and Windows
        return max(1, os.cpu_count() or 1)


def choose_workers(games: int, workers: int | None) -> int:
    """How many processes to use: ``workers`` if given, otherwise every available core
    once there are at least :data:`GAMES_PER_WORKER` games for each, and one process for
    a handful of games.

    >>> choose_workers(10, None)
    1
    >>> choose_workers(10, 3)
    3
    """
    if workers is not None:
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
            raise ValueError(f"workers must be a whole number >= 1, got {workers!r}")
        return workers
    return max(1, min(available_cores(), games // GAMES_PER_WORKER))


@dataclass(frozen=True)
class SeedPlan:
    """The seeds of a run's games: game ``g`` gets child ``g`` of one seed sequence.

    Built once in the parent (so ``seed=None`` draws fresh entropy once) and sent to the
    workers; :meth:`child` rebuilds child ``g`` from its spawn key without spawning the
    ``g - 1`` before it, so each worker touches only its own games.

    >>> plan = SeedPlan.from_seed(3)
    >>> plan.child(2).generate_state(2).tolist() == (
    ...     np.random.SeedSequence(3).spawn(3)[2].generate_state(2).tolist())
    True
    """

    entropy: Any
    spawn_key: tuple[int, ...]
    offset: int = 0

    @classmethod
    def from_seed(cls, seed: int | Sequence[int] | np.random.SeedSequence | None) -> SeedPlan:
        """The plan of ``SeedSequence(seed).spawn(n)`` (or ``seed.spawn(n)``); a sequence
        that has already spawned children continues after them, as ``spawn`` does."""
        seq = seed if isinstance(seed, np.random.SeedSequence) else np.random.SeedSequence(seed)
        return cls(seq.entropy, tuple(seq.spawn_key), int(seq.n_children_spawned))

    def child(self, game: int) -> np.random.SeedSequence:
        """The seed sequence of game ``game``."""
        return np.random.SeedSequence(self.entropy, spawn_key=(*self.spawn_key, self.offset + game))

    def rng(self, game: int) -> np.random.Generator:
        """A generator seeded with :meth:`child` ``(game)``."""
        return np.random.default_rng(self.child(game))


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during a run: ``finished`` of ``total`` games were played, and ``rows``
    holds the rows of the finished games (in game order) that were not yet given to the
    sink."""

    def __init__(self, finished: int, total: int, rows: list[Any]) -> None:
        super().__init__(f"stopped after {finished} of {total} games")
        self.finished, self.total, self.rows = finished, total, rows


def _chunks(games: int, size: int) -> list[range]:
    return [range(start, min(games, start + size)) for start in range(0, games, size)]


def start_method() -> str:
    """How worker processes start. ``forkserver`` from a process with threads whose main
    module workers can import by name (a Jupyter kernel, ``python -m ...``): forking a
    threaded process can deadlock. Otherwise ``fork``, as Python's own default on Linux:
    instant, and a script's top-level code (with or without a main guard, even piped into
    ``python -``) does not run again in the workers. ``spawn`` where neither exists.
    """
    methods = multiprocessing.get_all_start_methods()
    if "fork" in methods and (threading.active_count() == 1 or not _main_by_name()):
        return "fork"
    return "forkserver" if "forkserver" in methods else "spawn"


def _main_by_name() -> bool:
    """Whether the main module was run with ``-m`` (workers then import it by name, and
    its ``if __name__ == "__main__"`` part does not run)."""
    main = sys.modules.get("__main__")
    return bool(getattr(getattr(main, "__spec__", None), "name", None))


def _pool(workers: int) -> ProcessPoolExecutor:
    method = start_method()
    context = multiprocessing.get_context(method)
    if method == "forkserver":
        context.set_forkserver_preload(_PRELOAD)
    return ProcessPoolExecutor(workers, mp_context=context)


def run_games(
    task: Callable[[range], list[T]],
    games: int,
    *,
    workers: int | None = None,
    executor: Executor | None = None,
    chunk: int | None = None,
    progress: bool = False,
    sink: Callable[[list[T]], None] | None = None,
) -> list[T]:
    """Run ``task(range_of_games) -> rows`` over ``games`` games; the rows in game order.

    ``task`` must be picklable when it runs in other processes (a module-level function,
    or a :func:`functools.partial` of one). ``executor`` runs the chunks if given (your
    pool, a Dask client's executor); otherwise ``workers`` processes (see
    :func:`choose_workers`), or this process alone for one worker. ``chunk`` games go
    to a worker at a time (default: about eight chunks per worker, at most 500 games).
    With ``sink``, each chunk's rows are passed to it in game order and not kept (the
    call returns ``[]``). ``progress=True`` shows a tqdm bar of finished games.
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise ValueError(f"games must be a whole number >= 0, got {games!r}")
    n = choose_workers(games, workers) if executor is None else max(1, workers or 1)
    if chunk is None:
        chunk = max(1, min(500, math.ceil(games / (8 * n)))) if games else 1
    elif isinstance(chunk, bool) or not isinstance(chunk, int) or chunk < 1:
        raise ValueError(f"chunk must be a whole number >= 1, got {chunk!r}")
    pieces = _chunks(games, chunk)
    bar = _bar(games) if progress else None
    kept: list[T] = []
    done = 0

    def deliver(rows: list[T], size: int) -> None:
        nonlocal done
        done += size
        if sink is not None:
            sink(rows)
        else:
            kept.extend(rows)
        if bar is not None:
            bar.update(size)

    try:
        if executor is None and n == 1:
            for piece in pieces:
                deliver(task(piece), len(piece))
        elif executor is not None:
            _run_on(executor, task, pieces, window=4 * n, deliver=deliver)
        else:
            pool = _pool(n)
            try:
                _run_on(pool, task, pieces, window=4 * n, deliver=deliver)
            except BaseException:
                pool.shutdown(wait=False, cancel_futures=True)
                raise
            pool.shutdown(wait=True)
    except KeyboardInterrupt as exc:
        if isinstance(exc, Interrupted):
            raise
        raise Interrupted(done, games, kept) from None
    finally:
        if bar is not None:
            bar.close()
    return kept


def _run_on(
    executor: Executor,
    task: Callable[[range], list[T]],
    pieces: Iterable[range],
    *,
    window: int,
    deliver: Callable[[list[T], int], None],
) -> None:
    """Submit chunks with at most ``window`` in flight; deliver results in order."""
    pending: deque[tuple[range, Future[list[T]]]] = deque()
    todo = iter(pieces)
    try:
        for piece in todo:
            pending.append((piece, executor.submit(task, piece)))
            if len(pending) >= window:
                first, future = pending.popleft()
                deliver(future.result(), len(first))
        while pending:
            first, future = pending.popleft()
            deliver(future.result(), len(first))
    except BaseException:
        for _, future in pending:
            future.cancel()
        raise


def _bar(total: int) -> Any:
    from tqdm.auto import tqdm

    return tqdm(total=total, desc="games", unit="game")


def write_csv(path: str | Path, columns: Sequence[str]) -> Callable[[list[Any]], None]:
    """A sink for :func:`run_games` that appends rows (tuples in ``columns`` order) to the
    CSV file ``path``, writing the header first. The file is created or emptied now.

    >>> import tempfile, pathlib
    >>> out = pathlib.Path(tempfile.mkdtemp()) / "rows.csv"
    >>> sink = write_csv(out, ["game", "value"])
    >>> sink([(0, 1.5), (1, "a,b")])
    >>> out.read_text().splitlines()
    ['game,value', '0,1.5', '1,"a,b"']
    """
    import csv

    target = Path(path)
    with target.open("w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerow(columns)

    def sink(rows: list[Any]) -> None:
        with target.open("a", newline="", encoding="utf-8") as handle:
            csv.writer(handle).writerows(rows)

    return sink


#: The options of :func:`run_games` that the games' ``simulate`` functions pass through.
RUN_OPTIONS: dict[str, Any] = {"workers": None, "executor": None, "chunk": None, "progress": False}


def pop_run_options(options: dict[str, Any]) -> dict[str, Any]:
    """Take the :func:`run_games` options out of a ``simulate`` call's keywords.

    >>> kw = {"players": 2, "workers": 3}
    >>> pop_run_options(kw), kw
    ({'workers': 3, 'executor': None, 'chunk': None, 'progress': False}, {'players': 2})
    """
    return {name: options.pop(name, default) for name, default in RUN_OPTIONS.items()}


def stream_csv(
    path: str | Path,
    columns: Sequence[str],
    task: Callable[[range], list[Any]],
    games: int,
    **run: Any,
) -> int:
    """Run ``task`` over ``games`` games (``run``: :data:`RUN_OPTIONS`), appending the rows
    to the CSV file ``path`` in game order as chunks finish; returns ``games``."""
    run_games(task, games, sink=write_csv(path, columns), **run)
    return games
