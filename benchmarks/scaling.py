"""Parallel simulation: one process vs a process pool vs a Dask LocalCluster, and the
memory of a long run streamed to a CSV file.

    .venv/bin/python benchmarks/scaling.py [--games 2000] [--stream-games 200000] [--quick]

Every line plays the same seeded Alfredopoly games (four bots, 200-round limit) and checks
that the frames agree. The streamed run writes its rows with ``simulate_to_csv`` and
reports the peak resident memory of this process and of its worker processes (the
largest single one), which should stay flat however many games are written.
"""

from __future__ import annotations

import argparse
import resource
import tempfile
import time
from pathlib import Path

from gamekit.alfredopoly.simulate import simulate, simulate_to_csv
from gamekit.core.parallel import available_cores

STRATEGIES = "buy_all,reserve,builder,builder"


def timed(label: str, games: int, **kwargs: object) -> object:
    start = time.perf_counter()
    frame = simulate(players=4, games=games, seed=7, max_rounds=200, strategies=STRATEGIES,
                     **kwargs)  # type: ignore[arg-type]  # fmt: skip
    seconds = time.perf_counter() - start
    print(f"{label:<34} {games / seconds:8.1f} games/s  ({seconds:.1f} s)")
    return frame


def peak_mb() -> tuple[float, float]:
    """Peak resident memory of this process and of its largest child, in MB (Linux: KiB)."""
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    child = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return own, child


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--stream-games", type=int, default=200_000)
    parser.add_argument("--quick", action="store_true", help="small sizes (CI smoke)")
    args = parser.parse_args()
    if args.quick:
        args.games, args.stream_games = 200, 1000
    cores = available_cores()
    print(f"cores: {cores}; {args.games} games each")
    one = timed("one process", args.games, workers=1)
    pool = timed(f"process pool, {cores} workers", args.games, workers=cores)
    assert one.equals(pool), "the pool's frame differs"  # type: ignore[attr-defined]
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        print("Dask LocalCluster: skipped (pip install 'campus-gamekit[dask]')")
    else:
        with LocalCluster(n_workers=cores, threads_per_worker=1, host="127.0.0.1",
                          dashboard_address=None, silence_logs=50) as cluster, \
                Client(cluster) as client:  # fmt: skip
            dask = timed(f"Dask LocalCluster, {cores} workers", args.games,
                         executor=client.get_executor(), workers=cores)  # fmt: skip
        assert one.equals(dask), "the Dask frame differs"  # type: ignore[attr-defined]
    print("frames: identical for all three")

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "games.csv"
        start = time.perf_counter()
        simulate_to_csv(out, games=args.stream_games, players=4, seed=7, max_rounds=200,
                        strategies=STRATEGIES, workers=cores)  # fmt: skip
        seconds = time.perf_counter() - start
        size = out.stat().st_size / 1e6
    own, child = peak_mb()
    print(f"streamed {args.stream_games} games to CSV in {seconds:.0f} s "
          f"({args.stream_games / seconds:.0f} games/s, {size:.0f} MB file); "
          f"peak memory: this process {own:.0f} MB, largest worker {child:.0f} MB")  # fmt: skip


if __name__ == "__main__":
    main()
