"""Parallel and distributed simulation: same seed, same frame, for any number of workers,
any executor (a process pool, a Dask LocalCluster on 127.0.0.1) and any chunk size;
streamed CSV output equals the frame; Ctrl-C keeps the finished games."""

from __future__ import annotations

import importlib
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from functools import partial

import numpy as np
import pandas as pd
import pytest

from gamekit.alfredopoly.bots import make_bot
from gamekit.alfredopoly.spec import AlfredopolySpec
from gamekit.core.parallel import Interrupted, SeedPlan, choose_workers, run_games

# the packages re-export the simulate functions under the modules' names
af = importlib.import_module("gamekit.alfredopoly.simulate")
am = importlib.import_module("gamekit.almamater.simulate")

AF = dict(players=3, seed=11, max_rounds=30, strategies="buy_all,reserve,builder")
AM = dict(players=2, seed=5, strategies=("random", "scholar"))


def _reference_alfredopoly(games: int) -> pd.DataFrame:
    """The frame as one loop computes it, with the seeds spawned the plain numpy way."""
    spec = AlfredopolySpec("alfred", max_rounds=AF["max_rounds"])
    names = AF["strategies"].split(",")
    rows = []
    for g, seq in enumerate(np.random.SeedSequence(AF["seed"]).spawn(games)):
        game_seq, *bot_seqs = seq.spawn(len(names) + 1)
        bots = [make_bot(n, np.random.default_rng(s)) for n, s in zip(names, bot_seqs, strict=True)]
        table, actions = af.play_game(spec, bots, np.random.default_rng(game_seq))
        seats = af.game().result_rows(table.freeze(), names, {"actions": actions})
        rows.extend((g, *(row[c] for c in af.COLUMNS[1:])) for row in seats)
    return pd.DataFrame(rows, columns=list(af.COLUMNS))


def test_seed_plan_children_are_numpy_spawned_children():
    root = np.random.SeedSequence(123)
    root.spawn(2)  # a sequence that already spawned continues after its children
    plan = SeedPlan.from_seed(root)
    expected = root.spawn(5)
    for g in range(5):
        assert plan.child(g).generate_state(4).tolist() == expected[g].generate_state(4).tolist()


def test_alfredopoly_frame_is_the_same_for_any_workers_and_chunks():
    reference = _reference_alfredopoly(8)
    serial = af.simulate(games=8, workers=1, **AF)
    pd.testing.assert_frame_equal(serial, reference)
    for kwargs in ({"workers": 2}, {"workers": 2, "chunk": 3}, {"workers": 1, "chunk": 1}):
        pd.testing.assert_frame_equal(af.simulate(games=8, **AF, **kwargs), reference)
    with ThreadPoolExecutor(3) as pool:
        pd.testing.assert_frame_equal(af.simulate(games=8, executor=pool, chunk=2, **AF), reference)


def test_almamater_frame_is_the_same_for_a_process_pool_and_one_process():
    serial = am.simulate(games=6, workers=1, **AM)
    with ProcessPoolExecutor(2) as pool:
        pooled = am.simulate(games=6, executor=pool, chunk=2, **AM)
    pd.testing.assert_frame_equal(pooled, serial)
    pd.testing.assert_frame_equal(am.simulate(games=6, workers=2, chunk=1, **AM), serial)


def test_almamater_generator_seed_runs_in_one_process_and_refuses_workers():
    a = am.simulate(games=3, players=2, seed=np.random.default_rng(4), strategies=("random",))
    b = am.simulate(games=3, players=2, seed=np.random.default_rng(4), strategies=("random",))
    pd.testing.assert_frame_equal(a, b)
    with pytest.raises(ValueError, match="cannot be split over workers"):
        am.simulate(games=3, players=2, seed=np.random.default_rng(4), workers=2)


def test_streamed_csv_reads_back_as_the_frame(tmp_path):
    out = tmp_path / "af.csv"
    assert af.simulate_to_csv(out, games=5, workers=2, chunk=2, **AF) == 5
    pd.testing.assert_frame_equal(pd.read_csv(out), af.simulate(games=5, **AF), check_dtype=False)
    out = tmp_path / "am.csv"
    assert am.simulate_to_csv(out, games=3, **AM) == 3
    pd.testing.assert_frame_equal(pd.read_csv(out), am.simulate(games=3, **AM), check_dtype=False)
    with pytest.raises(TypeError, match="colour"):
        af.simulate_to_csv(out, games=1, colour="red")


def _stop_at(limit: int, games: range) -> list[int]:
    if games.start >= limit:
        raise KeyboardInterrupt
    return list(games)


def test_ctrl_c_keeps_the_finished_games_and_says_how_many():
    seen: list[list[int]] = []
    with pytest.raises(Interrupted) as info:
        run_games(partial(_stop_at, 6), 10, workers=1, chunk=2, sink=seen.append)
    assert (info.value.finished, info.value.total) == (6, 10)
    assert str(info.value) == "stopped after 6 of 10 games"
    assert seen == [[0, 1], [2, 3], [4, 5]]
    with pytest.raises(Interrupted) as info:
        run_games(partial(_stop_at, 4), 10, workers=1, chunk=2)
    assert info.value.rows == [0, 1, 2, 3]


def test_default_workers_grow_with_the_run():
    assert choose_workers(5, None) == 1
    assert choose_workers(100_000, None) >= 1
    with pytest.raises(ValueError, match="workers"):
        choose_workers(5, 0)
    with pytest.raises(ValueError, match="chunk"):
        run_games(partial(_stop_at, 99), 3, chunk=0)


def test_dask_local_cluster_gives_the_same_frames():
    distributed = pytest.importorskip("distributed")  # installed by ./kit test (the dask extra)
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        executor = client.get_executor()
        pd.testing.assert_frame_equal(
            af.simulate(games=6, executor=executor, chunk=2, **AF), _reference_alfredopoly(6)
        )
        pd.testing.assert_frame_equal(
            am.simulate(games=4, executor=executor, chunk=1, **AM), am.simulate(games=4, **AM)
        )
        # the command line reaches the same cluster through --scheduler
        cmd = [
            sys.executable, "-m", "gamekit", "alfredopoly", "simulate", "--players", "2",
            "--games", "4", "--seed", "3", "--max-rounds", "20", "--format", "csv",
            "--scheduler", cluster.scheduler_address,
        ]  # fmt: skip
        remote = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
        local = subprocess.run(
            [*cmd[:-2], "--workers", "1"], capture_output=True, text=True, check=True
        ).stdout
        assert remote == local and remote.count("\n") == 9


def test_cli_out_streams_and_bad_workers_exit_2(tmp_path, monkeypatch):
    from gamekit.cli import main
    from gamekit.commands import runs as cli_parallel

    monkeypatch.setattr(cli_parallel, "CONNECT_SECONDS", 1.0)

    out = tmp_path / "games.csv"
    argv = ["almamater", "simulate", "--players", "2", "--games", "2", "--seed", "1"]
    assert main([*argv, "--out", str(out), "--workers", "1"]) == 0
    assert len(out.read_text().splitlines()) == 5
    assert main([*argv, "--workers", "0"]) == 2
    assert (
        main(["alfredopoly", "simulate", "--games", "2", "--scheduler", "tcp://127.0.0.1:9"]) == 2
    )


SCRIPT = """
import threading, time
from gamekit.alfredopoly.simulate import simulate
from gamekit.core.parallel import start_method
a = simulate(players=2, games=6, seed=3, max_rounds=20, workers=2, chunk=2)
print(start_method())
stop = threading.Event()
threading.Thread(target=stop.wait, daemon=True).start()   # a kernel-like extra thread
b = simulate(players=2, games=6, seed=3, max_rounds=20, workers=2, chunk=2)
print(start_method(), a.equals(b))
stop.set()
"""


def test_workers_start_from_a_script_fed_on_stdin_and_from_a_threaded_process(tmp_path):
    # a top-level script without a main guard (here even without a file) must work: a
    # single-threaded process forks; one with threads (Jupyter) uses the fork server
    done = subprocess.run(
        [sys.executable, "-"], input=SCRIPT, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    # a script (here piped in) forks, with or without threads: its top-level code never
    # runs again in a worker
    assert done.stdout.split() == ["fork", "fork", "True"]
    # a module run with -m (as Jupyter's kernel is) uses the fork server once it has threads
    guarded = "def main():\n" + "".join(f"    {line}\n" for line in SCRIPT.strip().splitlines())
    guarded += 'if __name__ == "__main__":\n    main()\n'
    (tmp_path / "experiment.py").write_text(guarded, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "experiment"], capture_output=True, text=True,
                          timeout=300, cwd=tmp_path)  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["fork", "forkserver", "True"]
