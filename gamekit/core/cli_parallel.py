"""Command-line options shared by the games' ``simulate`` commands: ``--workers``,
``--scheduler`` (a Dask scheduler's address) and ``--out`` (stream rows to a CSV file).

>>> import argparse
>>> p = argparse.ArgumentParser()
>>> add_parallel_options(p)
>>> args = p.parse_args(["--workers", "2", "--out", "games.csv"])
>>> args.workers, args.scheduler, args.out
(2, None, 'games.csv')
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from typing import Any

from gamekit.core.parallel import Interrupted

#: How long ``--scheduler`` tries to reach the scheduler before giving up.
CONNECT_TIMEOUT = "20s"


def add_parallel_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--workers N``, ``--scheduler ADDRESS`` and ``--out FILE.csv`` to ``parser``."""
    parser.add_argument(
        "--workers",
        type=int,
        default=None,
        help="processes to use (default: every core for large runs, one for small ones)",
    )
    parser.add_argument(
        "--scheduler",
        default=None,
        metavar="ADDRESS",
        help="run on a Dask cluster, e.g. tcp://scheduler.example.edu:8786 "
        "(needs the dask extra: pip install 'campus-gamekit[dask]')",
    )
    parser.add_argument(
        "--out",
        default=None,
        metavar="FILE.csv",
        help="append rows to this CSV file as games finish (memory for a few chunks only) "
        "instead of printing the table",
    )


@contextmanager
def parallel_executor(args: argparse.Namespace) -> Iterator[Executor | None]:
    """The executor ``--scheduler`` asks for (a Dask client's), or None; closed after."""
    if args.workers is not None and args.workers < 1:
        raise ValueError(f"--workers must be >= 1, got {args.workers}")
    if not args.scheduler:
        yield None
        return
    try:
        import distributed
    except ImportError:
        raise ValueError("--scheduler needs Dask: pip install 'campus-gamekit[dask]'") from None
    try:
        make_client: Any = distributed.Client  # untyped library: checked here by tests
        client = make_client(args.scheduler, timeout=CONNECT_TIMEOUT)
    except OSError as exc:
        raise ValueError(f"--scheduler {args.scheduler}: cannot connect ({exc})") from None
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
            print(f"gamekit: interrupted: {exc}", file=sys.stderr)
            raise SystemExit(130) from None


def simulate_command(
    args: argparse.Namespace,
    simulate: Callable[..., Any],
    simulate_to_csv: Callable[..., int],
    options: dict[str, Any],
) -> Any:
    """A ``simulate`` command's run: with ``--out`` the rows go to the file (and a line
    says so; returns None), otherwise the frame is returned for printing."""
    if args.out:
        written = run_parallel(
            args, lambda ex: simulate_to_csv(args.out, args.games, executor=ex, **options)
        )
        print(f"wrote {written} games to {args.out}")
        return None
    return run_parallel(args, lambda ex: simulate(games=args.games, executor=ex, **options))
