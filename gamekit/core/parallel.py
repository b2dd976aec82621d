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

Workers end with their parent, however it ends: each worker asks Linux to kill it when
its parent dies (``prctl(PR_SET_PDEATHSIG)``) and, on any system, watches its parent
from a thread and exits when the parent is gone. SIGTERM to a run that would otherwise
die of it stops the workers first, so a killed run leaves no process behind.

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

import ctypes
import glob
import math
import multiprocessing
import os
import secrets
import select
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import numpy as np

from gamekit.core.errors import GamekitError

__all__ = [
    "GAMES_PER_WORKER",
    "MAX_EXECUTOR_WORKERS",
    "MAX_GAMES",
    "WORKERS_PER_CORE",
    "Interrupted",
    "SeedPlan",
    "Terminated",
    "available_cores",
    "check_games",
    "choose_workers",
    "max_workers",
    "memory_available",
    "pop_run_options",
    "run_games",
    "stale_parts",
    "stream_csv",
    "terminate_as_interrupt",
    "worker_pool",
    "write_csv",
]

T = TypeVar("T")

#: A pool costs about a second to start (numpy and pandas imports), a few hundred games'
#: worth of play; below this many games per worker, one process is faster.
GAMES_PER_WORKER = 400

#: Modules the fork server imports once, so each pool's workers start already warm; the
#: modules of the game a run plays are added (:func:`_preload`), whatever the game.
_PRELOAD = ["numpy", "pandas"]


def available_cores() -> int:
    """The cores this process may use (its CPU affinity where the system tells it)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - macOS and Windows
        return max(1, os.cpu_count() or 1)


#: At most this many worker processes per core (``workers=`` and ``--workers``): a process
#: beyond the cores only waits its turn, and each costs memory (about 100 MB with numpy
#: and pandas). A cluster's executor (Dask) is not bound by this machine's cores.
WORKERS_PER_CORE = 4

#: With an executor of your own (a Dask cluster's), ``workers`` only sets how many chunks
#: are in flight (four per worker): at most this many.
MAX_EXECUTOR_WORKERS = 10_000

#: At most this many games in one run, streamed to a file or not: at about 20 ms a game
#: (Alfredopoly, 4 players, one core of the kit's test machine) that is some 23 core-days.
MAX_GAMES = 100_000_000

#: Memory one row (one seat of one game) takes while a run keeps its rows: measured
#: about 520 bytes of Python rows at their peak and 280 bytes in the frame; rounded up.
BYTES_PER_ROW = 1024


def max_workers() -> int:
    """The most worker processes a run may start here: :data:`WORKERS_PER_CORE` times the
    available cores."""
    return WORKERS_PER_CORE * available_cores()


def memory_available() -> int | None:
    """Bytes of memory free for a new run (Linux ``MemAvailable``, else the physical
    memory), or None when the system does not say."""
    try:
        with open("/proc/meminfo", encoding="ascii") as handle:
            for line in handle:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return int(os.sysconf("SC_PHYS_PAGES")) * int(os.sysconf("SC_PAGE_SIZE"))
    except (AttributeError, OSError, ValueError):  # pragma: no cover - not POSIX
        return None


def size_text(size: float) -> str:
    """Bytes in words: ``size_text(3 * 2**30) == '3.0 GB'``."""
    for unit in ("bytes", "KB", "MB", "GB", "TB", "PB"):
        if size < 1024 or unit == "PB":
            return f"{size:,.0f} {unit}" if unit == "bytes" else f"{size:,.1f} {unit}"
        size /= 1024
    raise AssertionError("unreachable")  # pragma: no cover


def check_games(
    games: int, rows_per_game: int, *, streamed: bool, name: str = "games", stream_hint: str = ""
) -> None:
    """Refuse (``GamekitError``) a run of ``games`` games that cannot finish: more than
    :data:`MAX_GAMES`, or, when the rows stay in memory (not ``streamed`` to a file), more
    rows than fit in half the memory this machine has free (:data:`BYTES_PER_ROW` each).

    >>> try:
    ...     check_games(10**9, 4, streamed=True)
    ... except ValueError as exc:
    ...     print(exc)
    games: at most 100,000,000 in one run (about 23 core-days at 20 ms a game), got 1,000,000,000
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise GamekitError(f"{name} must be a whole number >= 0, got {games!r}")
    if games > MAX_GAMES:
        raise GamekitError(
            f"{name}: at most {MAX_GAMES:,} in one run (about {MAX_GAMES * 0.02 / 86400:.0f} "
            f"core-days at 20 ms a game), got {games:,}"
        )
    free = memory_available()
    if streamed or free is None:
        return
    need = games * max(1, rows_per_game) * BYTES_PER_ROW
    if need > free // 2:
        most = free // 2 // (max(1, rows_per_game) * BYTES_PER_ROW)
        raise GamekitError(
            f"{name}: {games:,} games need about {size_text(need)} of memory for their rows "
            f"and this machine has {size_text(free)} free (at most {most:,} games here)"
            + (f"; {stream_hint}" if stream_hint else "")
        )


def choose_workers(games: int, workers: int | None) -> int:
    """How many processes to use: ``workers`` if given (never more than the games), otherwise
    every available core once there are at least :data:`GAMES_PER_WORKER` games for each,
    and one process for a handful of games. More than :func:`max_workers` is refused.

    >>> choose_workers(10, None)
    1
    >>> choose_workers(10, 3), choose_workers(2, 3)
    (3, 2)
    """
    if workers is not None:
        if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
            raise ValueError(f"workers must be a whole number >= 1, got {workers!r}")
        most = max_workers()
        if workers > most:
            raise GamekitError(
                f"workers: at most {most} on this machine ({available_cores()} cores x "
                f"{WORKERS_PER_CORE}), got {workers:,}; a cluster (a Dask executor) for more"
            )
        return max(1, min(workers, games))
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
    """Ctrl-C (or SIGTERM) during a run: ``finished`` of ``total`` games were played, and
    ``rows`` holds the rows of the finished games (in game order) that were not yet given
    to the sink. ``signum`` is the signal that stopped the run (SIGINT for Ctrl-C)."""

    def __init__(
        self, finished: int, total: int, rows: list[Any], signum: int = signal.SIGINT
    ) -> None:
        super().__init__(f"stopped after {finished} of {total} games")
        self.finished, self.total, self.rows = finished, total, rows
        self.signum = int(signum)


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised in the main thread while :func:`terminate_as_interrupt` is active,
    so a run stops (and cleans up) as it does for Ctrl-C."""

    signum = int(signal.SIGTERM)


def _raise_terminated(signum: int, frame: Any) -> None:
    raise Terminated()


@contextmanager
def terminate_as_interrupt() -> Iterator[None]:
    """While active, SIGTERM raises :class:`Terminated` in the main thread (when nobody
    else handles SIGTERM), so ``except``/``finally`` blocks stop workers and remove
    half-written files; on leaving, a SIGTERM that arrived is delivered again with the
    old handler, so the process still ends as it would have, without orphans. Elsewhere
    (another thread, a handler already set) it does nothing.

    >>> with terminate_as_interrupt():  # SIGTERM here raises Terminated, like Ctrl-C
    ...     total = sum(range(4))
    >>> total
    6
    """
    main = threading.current_thread() is threading.main_thread()
    if not main or signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL:
        yield
        return
    signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        yield
    except KeyboardInterrupt as exc:
        if getattr(exc, "signum", None) != signal.SIGTERM:
            raise
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        signal.raise_signal(signal.SIGTERM)  # ends the process, as SIGTERM always did
        raise  # pragma: no cover - only if SIGTERM is blocked
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _chunks(games: int, size: int) -> Iterator[range]:
    return (range(start, min(games, start + size)) for start in range(0, games, size))


#: ``prctl`` option: the signal a process gets when its parent dies (linux/prctl.h).
PR_SET_PDEATHSIG = 1


def _die_with_parent() -> bool:
    """Ask Linux to SIGKILL this process when its parent dies; False elsewhere."""
    if not sys.platform.startswith("linux"):
        return False  # pragma: no cover
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)) == 0
    except (OSError, AttributeError):  # pragma: no cover - no libc prctl
        return False


def _watch_parent(parent: int, run: int, interval: float) -> None:
    """The portable fallback: end this worker as soon as its parent or the run's process
    is gone. (A worker started by the fork server is the fork server's child, and it
    holds the pipe that keeps the fork server alive: only the run's process dying tells.)"""
    handle = None
    if run != parent and hasattr(os, "pidfd_open"):
        try:
            handle = os.pidfd_open(run)  # readable once that very process has ended
        except ProcessLookupError:
            os._exit(1)
        except OSError:  # pragma: no cover - a kernel before 5.3
            handle = None
    while True:
        if os.getppid() != parent:
            os._exit(1)
        if handle is not None:
            if select.select([handle], [], [], interval)[0]:
                os._exit(1)
            continue
        if run != parent:
            try:
                os.kill(run, 0)
            except ProcessLookupError:
                os._exit(1)
            except PermissionError:  # pragma: no cover - alive, under another user
                pass
        time.sleep(interval)


def _worker_start(run: int, forked: bool, interval: float = 0.5) -> None:
    """Every worker's initializer: it dies with its parent (the run's process when forked,
    else the fork server) and with the run's process, and SIGTERM kills it outright (a
    forked worker inherits the run's SIGTERM handler)."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    parent = os.getppid()
    _die_with_parent()
    if forked and parent != run:  # the run's process died before prctl took effect
        os._exit(1)
    threading.Thread(
        target=_watch_parent, args=(parent, run, interval), name="gamekit-parent-watch",
        daemon=True,
    ).start()  # fmt: skip


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


def _preload(task: Callable[..., Any]) -> list[str]:
    """The modules to warm the fork server with for ``task``: numpy, pandas, and the kit's
    modules that ``task`` (a function or a ``functools.partial``) and its arguments come from.

    >>> import functools, gamekit
    >>> from gamekit.core.simulate import _play
    >>> _preload(functools.partial(_play, gamekit.games()["almamater"]))[-2:]
    ['gamekit.almamater.game', 'gamekit.core.simulate']
    """
    found = [getattr(task, "func", task), *getattr(task, "args", ())]
    names = {getattr(x, "__module__", None) or type(x).__module__ for x in found}
    return [*_PRELOAD, *sorted(n for n in names if n.startswith("gamekit."))]


def _pool(workers: int, task: Callable[..., Any] | None = None) -> ProcessPoolExecutor:
    method = start_method()
    context = multiprocessing.get_context(method)
    if method == "forkserver":
        context.set_forkserver_preload(_preload(task) if task is not None else _PRELOAD)
    return ProcessPoolExecutor(
        workers,
        mp_context=context,
        initializer=_worker_start,
        initargs=(os.getpid(), method == "fork"),
    )


def worker_pool(workers: int) -> ProcessPoolExecutor:
    """A process pool of your own (to reuse over several runs: ``executor=``) whose
    workers die with the process that made it, however it dies (SIGKILL, a restarted
    kernel), as the kit's own pools do. A plain ``ProcessPoolExecutor`` leaves its workers
    running when its parent is killed. Close it with ``shutdown()`` or a ``with`` block.

    >>> from gamekit.alfredopoly.simulate import simulate
    >>> with worker_pool(2) as pool:
    ...     len(simulate(players=2, games=4, seed=1, executor=pool))
    8
    """
    if isinstance(workers, bool) or not isinstance(workers, int) or not workers >= 1:
        raise ValueError(f"workers must be a whole number >= 1, got {workers!r}")
    if workers > max_workers():
        raise GamekitError(f"workers: at most {max_workers()} here, got {workers:,}")
    return _pool(workers)


def _stop(pool: ProcessPoolExecutor) -> None:
    """Stop a pool's workers now (not after their current chunk) and wait for them."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes:  # (Python 3.14 has pool.kill_workers() for this)
        if process.is_alive():
            process.kill()
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.join(5)


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
    pool, best made with :func:`worker_pool`, or a Dask client's executor); otherwise
    ``workers`` processes (see :func:`choose_workers`), or this process alone for one
    worker. ``chunk`` games go
    to a worker at a time (default: about eight chunks per worker, at most 500 games).
    With ``sink``, each chunk's rows are passed to it in game order and not kept (the
    call returns ``[]``). ``progress=True`` shows a tqdm bar of finished games.
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise ValueError(f"games must be a whole number >= 0, got {games!r}")
    if executor is None:
        n = choose_workers(games, workers)
    elif workers is not None and (isinstance(workers, bool) or not isinstance(workers, int)
                                  or workers < 1):  # fmt: skip
        raise ValueError(f"workers must be a whole number >= 1, got {workers!r}")
    elif workers is not None and workers > MAX_EXECUTOR_WORKERS:
        raise GamekitError(
            f"workers: at most {MAX_EXECUTOR_WORKERS:,} with an executor, got {workers:,}"
        )
    else:
        n = max(1, workers or 1)
    if chunk is None:
        chunk = max(1, min(500, math.ceil(games / (8 * n)))) if games else 1
    elif isinstance(chunk, bool) or not isinstance(chunk, int) or chunk < 1:
        raise ValueError(f"chunk must be a whole number >= 1, got {chunk!r}")
    if executor is None:
        n = max(1, min(n, math.ceil(games / chunk)))  # never a process without a chunk
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
            with terminate_as_interrupt():
                pool = _pool(n, task)
                try:
                    _run_on(pool, task, pieces, window=4 * n, deliver=deliver)
                    pool.shutdown(wait=True)
                except BaseException:
                    _stop(pool)
                    raise
    except KeyboardInterrupt as exc:
        if isinstance(exc, Interrupted):
            raise
        signum = getattr(exc, "signum", signal.SIGINT)
        raise Interrupted(done, games, kept, signum) from None
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


def stale_parts(target: Path) -> list[Path]:
    """The hidden part files beside ``target`` (``.NAME.PID.*.part``) left by runs whose
    process no longer exists (killed with SIGKILL, say): safe to remove. A part file of a
    running process, or of one this user may not signal, is not stale.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> (folder / f".games.csv.{os.getpid()}.ab12.part").touch()  # this process: running
    >>> stale_parts(folder / "games.csv")
    []
    """
    found = []
    for part in target.parent.glob(f".{glob.escape(target.name)}.*.part"):
        pid_text = part.name[len(target.name) + 2 :].split(".")[0]
        if not pid_text.isdigit():
            continue
        try:
            os.kill(int(pid_text), 0)
        except ProcessLookupError:
            found.append(part)
        except (PermissionError, OverflowError):
            continue  # another user's process: not ours to judge
    return sorted(found)


def stream_csv(
    path: str | Path,
    columns: Sequence[str],
    task: Callable[[range], list[Any]],
    games: int,
    **run: Any,
) -> int:
    """Run ``task`` over ``games`` games (``run``: :data:`RUN_OPTIONS`), appending the rows
    to a CSV file in game order as chunks finish; returns ``games``.

    The rows go to a hidden ``.NAME.*.part`` file beside ``path``, renamed to ``path`` when
    every game is written; an error, Ctrl-C or SIGTERM removes it, so a file at ``path``
    is always a whole run (an older file there is kept until the new one is complete). A
    run killed outright (SIGKILL, a lost machine) cannot clean up: the next run to the same
    ``path`` removes the part files of runs whose process is gone (:func:`stale_parts`)."""
    target = Path(path)
    for stale in stale_parts(target):
        stale.unlink(missing_ok=True)
    part = target.with_name(f".{target.name}.{os.getpid()}.{secrets.token_hex(4)}.part")
    part.open("x").close()  # a new file, with the usual permissions
    with terminate_as_interrupt():
        try:
            run_games(task, games, sink=write_csv(part, columns), **run)
            os.replace(part, target)
        except BaseException:
            part.unlink(missing_ok=True)
            raise
    return games
