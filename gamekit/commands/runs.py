"""Command-line options shared by the games' ``simulate`` commands: ``--workers``,
``--scheduler`` (a Dask scheduler's address) and ``--out`` (stream rows to a CSV file),
and the bounded whole-number options every command uses (:func:`count`).

Every count has a ceiling, shown in ``--help``: ``--workers`` at most the cores times
:data:`~gamekit.core.parallel.WORKERS_PER_CORE` (unless ``--scheduler`` names a
cluster), ``--games`` at most :data:`~gamekit.core.parallel.MAX_GAMES` and, without
``--out``, what fits in half the free memory. A value beyond is refused before anything
runs: exit status 2, one line.

>>> import argparse
>>> p = argparse.ArgumentParser()
>>> add_parallel_options(p)
>>> args = p.parse_args(["--workers", "2", "--out", "games.csv"])
>>> args.workers, args.scheduler, args.out
(2, None, 'games.csv')
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from gamekit.core.errors import GamekitError
from gamekit.core.parallel import (
    BYTES_PER_ROW,
    MAX_EXECUTOR_WORKERS,
    MAX_GAMES,
    WORKERS_PER_CORE,
    Interrupted,
    available_cores,
    check_games,
    max_workers,
    memory_available,
)

#: Seconds ``--scheduler`` waits for the scheduler's answer before giving up.
CONNECT_SECONDS = 10.0


def add_players(
    parser: argparse.ArgumentParser,
    game: str,
    low: int,
    high: int,
    default: int | None,
    help: str | None = None,
) -> None:
    """Add ``--players N`` to ``parser``: a whole number from ``low`` to ``high``, the seats
    of ``game``; a count outside is a one-line usage error naming the game's seats.

    >>> p = argparse.ArgumentParser(prog="gamekit pig simulate")
    >>> add_players(p, "Pig", 2, 6, default=2)
    >>> p.parse_args(["--players", "3"]).players
    3
    """
    parser.add_argument(
        "--players",
        type=count(low, high, f"{game} seats {low} to {high} players"),
        default=default,
        metavar="N",
        help=help or f"players per game ({low}-{high}, default {default})",
    )


def count(low: int, high: int, what: str = "") -> Callable[[str], int]:
    """An argparse ``type``: a whole number from ``low`` to ``high`` (``_`` allowed as a
    thousands mark); anything else is a one-line usage error naming the bounds.

    >>> count(2, 8, "players for Alfredopoly")("4")
    4
    >>> count(2, 8, "players for Alfredopoly")("9")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be 2 to 8 (players for Alfredopoly), got 9
    """
    why = f" ({what})" if what else ""

    def parse(text: str) -> int:
        digits = text.strip().replace("_", "")
        if len(digits) > 50 or not digits.lstrip("+-").isdigit() or not digits.isascii():
            raise argparse.ArgumentTypeError(f"expected a whole number, got {text[:40]!r}")
        value = int(digits)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be {low:,} to {high:,}{why}, got {value:,}")
        return value

    parse.__name__ = "whole number"  # argparse names the type in its messages
    return parse


def games_help(default: int, seats: int) -> str:
    """``--games``' help: the default and both ceilings, with this machine's figure."""
    free = memory_available()
    here = (
        f"; here about {free // 2 // (seats * BYTES_PER_ROW):,} games of {seats} players"
        if free
        else ""
    )
    return (
        f"number of games (default {default}; at most {MAX_GAMES:,}, and without --out at "
        f"most what fits in half the free memory, about {BYTES_PER_ROW // 1024} KB a "
        f"player and game{here})"
    )


def add_worker_options(parser: argparse.ArgumentParser, short: bool = False) -> None:
    """Add ``--workers N`` (at most the cores times :data:`WORKERS_PER_CORE` here, or
    :data:`MAX_EXECUTOR_WORKERS` with a scheduler) and ``--scheduler ADDRESS`` (a Dask
    scheduler) to ``parser``; ``short``: help texts of one line each (sweep, tune).

    >>> p = argparse.ArgumentParser(prog="gamekit pig sweep")
    >>> add_worker_options(p, short=True)
    >>> p.parse_args(["--workers", "2"]).workers
    2
    """
    if short:
        workers = (
            f"processes (default: automatic; at most {max_workers()} here, the cores x "
            f"{WORKERS_PER_CORE}, or {MAX_EXECUTOR_WORKERS:,} with --scheduler)"
        )
        scheduler = f"a Dask scheduler (an error after {CONNECT_SECONDS:g} s without an answer)"
    else:
        workers = (
            "processes to use (default: every core for large runs, one for small ones); "
            f"at most {max_workers()} here ({available_cores()} cores x {WORKERS_PER_CORE}), "
            f"or {MAX_EXECUTOR_WORKERS:,} with --scheduler; never more than --games"
        )
        scheduler = (
            "run on a Dask cluster, e.g. tcp://scheduler.example.edu:8786 "
            "(needs the dask extra: pip install 'campus-gamekit[dask]'); an error after "
            f"{CONNECT_SECONDS:g} s without an answer"
        )
    parser.add_argument(
        "--workers",
        type=count(1, MAX_EXECUTOR_WORKERS),
        default=None,
        metavar="N",
        help=workers,
    )
    parser.add_argument("--scheduler", default=None, metavar="ADDRESS", help=scheduler)


def add_parallel_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--workers N``, ``--scheduler ADDRESS`` and ``--out FILE.csv`` to ``parser``."""
    add_worker_options(parser)
    parser.add_argument(
        "--out",
        default=None,
        metavar="FILE.csv",
        help="append rows to this CSV file as games finish (memory for a few chunks only) "
        "instead of printing the table; the file appears when the run is complete",
    )


def check_run(args: argparse.Namespace, seats: int) -> None:
    """Refuse, before anything runs, what ``args`` cannot do: more ``--workers`` than this
    machine allows (without ``--scheduler``), or more ``--games`` than the time or (without
    ``--out``) the memory allow."""
    workers = getattr(args, "workers", None)
    if workers is not None and not getattr(args, "scheduler", None) and workers > max_workers():
        raise GamekitError(
            f"--workers {workers:,}: at most {max_workers()} on this machine "
            f"({available_cores()} cores x {WORKERS_PER_CORE}); give --scheduler to use a cluster"
        )
    out = getattr(args, "out", None)
    check_games(
        args.games, seats, streamed=bool(out), name="--games",
        stream_hint="stream them to a file with --out FILE.csv",
    )  # fmt: skip
    if out:  # found now, not after the run
        target = Path(out)
        if target.is_dir():
            raise GamekitError(f"--out {out}: is a folder; give a file name, e.g. games.csv")
        if not target.parent.is_dir():
            raise GamekitError(f"--out {out}: no folder {str(target.parent)!r}")


def _connect(address: str, seconds: float) -> Any:
    """A Dask client of the scheduler at ``address``; a ``ValueError`` when it does not
    answer within ``seconds`` (Dask's own timeout does not cover a server that accepts
    the connection and then says nothing)."""
    try:
        import distributed
    except ImportError:
        raise ValueError("--scheduler needs Dask: pip install 'campus-gamekit[dask]'") from None
    box: dict[str, Any] = {}

    def connect() -> None:
        try:
            make_client: Any = distributed.Client  # untyped library: checked here by tests
            box["client"] = make_client(address, timeout=f"{seconds}s")
        except BaseException as exc:  # handed to the caller's thread
            box["error"] = exc

    worker = threading.Thread(target=connect, name="gamekit-connect", daemon=True)
    worker.start()
    worker.join(seconds + 0.2)
    if "client" in box:
        return box["client"]
    error = box.get("error")
    if error is None:  # still waiting: the thread is a daemon and ends with the command
        raise ValueError(f"--scheduler {address}: no answer within {seconds:g} s")
    if isinstance(error, OSError | ValueError | TypeError):
        raise ValueError(f"--scheduler {address}: cannot connect ({error})") from None
    if isinstance(error, Exception):  # something answered, but not as a Dask scheduler does
        raise ValueError(
            f"--scheduler {address}: cannot connect (the server there does not answer as a "
            f"Dask scheduler: {type(error).__name__})"
        ) from None
    raise error


@contextmanager
def parallel_executor(args: argparse.Namespace) -> Iterator[Executor | None]:
    """The executor ``--scheduler`` asks for (a Dask client's), or None; closed after."""
    if args.workers is not None and args.workers < 1:
        raise ValueError(f"--workers must be >= 1, got {args.workers}")
    if not args.scheduler:
        yield None
        return
    client = _connect(args.scheduler, CONNECT_SECONDS)
    try:
        yield client.get_executor()
    finally:
        client.close()


def run_parallel(args: argparse.Namespace, run: Callable[[Executor | None], Any]) -> Any:
    """Call ``run(executor)`` for the options in ``args``; Ctrl-C prints how many games
    finished and exits with status 130."""
    with parallel_executor(args) as executor:
        try:
            return run(executor)
        except Interrupted as exc:
            word = "terminated" if exc.signum == signal.SIGTERM else "interrupted"
            out = getattr(args, "out", None)
            kept = f"; {out} not written" if out else ""
            print(f"gamekit: {word}: {exc}{kept}", file=sys.stderr)
            raise SystemExit(128 + exc.signum) from None


def simulate_command(
    args: argparse.Namespace,
    simulate: Callable[..., Any],
    simulate_to_csv: Callable[..., int],
    options: dict[str, Any],
) -> Any:
    """A ``simulate`` command's run: with ``--out`` the rows go to the file (and a line
    says so; returns None), otherwise the frame is returned for printing. The run is
    checked first (:func:`check_run`)."""
    check_run(args, int(options.get("players") or 1))
    if args.out:
        written = run_parallel(
            args, lambda ex: simulate_to_csv(args.out, args.games, executor=ex, **options)
        )
        print(f"wrote {written} games to {args.out}")
        return None
    return run_parallel(args, lambda ex: simulate(games=args.games, executor=ex, **options))
