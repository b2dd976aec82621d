"""A killed parallel run leaves no process behind (issue 26): the command line and a
Python ``simulate(..., workers=2)`` run as real processes with stdout on a pipe; once
their workers exist (seen in /proc), SIGTERM or SIGKILL; then every process the run
started must be gone within seconds and the pipe must reach its end (nothing holds it)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")

RUN = "simulate(players=4, games=100_000, seed=1, workers=2, chunk=50)\n"
PYTHON_RUN = "from gamekit.alfredopoly.simulate import simulate\n" + RUN

#: A pool of the user's own, made with the kit's worker_pool and passed as the executor
OWN_POOL_RUN = (
    "from gamekit.alfredopoly.simulate import simulate\n"
    "from gamekit.core.parallel import worker_pool\n"
    "pool = worker_pool(2)\n"
    "simulate(players=4, games=100_000, seed=1, executor=pool, chunk=50)\n"
)

#: A module run with -m that has a second thread, as a Jupyter kernel: its workers come
#: from the fork server, so they are not the run's children (checked: it prints the method)
KERNEL_LIKE = (
    "import threading\n"
    "from gamekit.alfredopoly.simulate import simulate\n"
    "from gamekit.core.parallel import start_method\n"
    "def main():\n"
    "    threading.Thread(target=threading.Event().wait, daemon=True).start()\n"
    "    print(start_method(), flush=True)\n"
    "    " + RUN + "if __name__ == '__main__':\n"
    "    main()\n"
)


def _table() -> dict[int, tuple[int, str]]:
    """Every process: pid -> (parent pid, state letter)."""
    table = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        state, ppid = stat[stat.rindex(")") + 2 :].split()[:2]
        table[int(entry)] = (int(ppid), state)
    return table


def _descendants(pid: int) -> set[int]:
    table = _table()
    found, todo = set(), [pid]
    while todo:
        parent = todo.pop()
        for child, (ppid, _) in table.items():
            if ppid == parent and child not in found:
                found.add(child)
                todo.append(child)
    return found


def _alive(pids: set[int]) -> set[int]:
    table = _table()
    return {p for p in pids if p in table and table[p][1] != "Z"}


def _kill_run(
    argv: list[str], how: signal.Signals, cwd: Path, processes: int = 2
) -> tuple[int, str, str, float]:
    """Start ``argv``, wait until ``processes`` processes run under it (its two workers,
    and the fork server and its resource tracker when it has them), send ``how``; the exit
    status, stdout, stderr and the seconds from the signal until all of them were gone."""
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd)
    seen: set[int] = set()
    try:
        deadline = time.monotonic() + 60
        while len(_alive(seen)) < processes:
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline, "the workers never started"
            seen |= _descendants(proc.pid)
            time.sleep(0.05)
        time.sleep(0.2)  # the workers are playing games
        seen |= _descendants(proc.pid)
        sent = time.monotonic()
        proc.send_signal(how)
        # the pipe ends only when no process holds it: the run and every worker
        out, err = proc.communicate(timeout=10)
        while _alive(seen) and time.monotonic() < sent + 10:
            time.sleep(0.05)
        assert not _alive(seen), f"left running: {sorted(_alive(seen))}"
        return proc.returncode, out.decode(), err.decode(), time.monotonic() - sent
    finally:
        for pid in _alive(seen) | ({proc.pid} if proc.poll() is None else set()):
            os.kill(pid, signal.SIGKILL)  # never leave a run behind, even when failing
        proc.wait(5)


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL])
def test_a_killed_command_line_run_leaves_no_worker(tmp_path: Path, how: signal.Signals) -> None:
    out = tmp_path / "games.csv"
    argv = [sys.executable, "-m", "gamekit", "alfredopoly", "simulate", "--games", "100000",
            "--workers", "2", "--out", str(out)]  # fmt: skip
    code, _, err, seconds = _kill_run(argv, how, tmp_path)
    assert seconds < 5
    assert not out.exists()  # never a file that looks complete
    if how == signal.SIGTERM:  # handled like Ctrl-C: workers stopped, the part file removed
        assert code == 128 + signal.SIGTERM
        assert err.startswith("gamekit: terminated: stopped after ") and err.count("\n") == 1
        assert f"; {out} not written" in err
        assert list(tmp_path.iterdir()) == []
    else:
        assert code == -signal.SIGKILL
        # nothing can clean up after SIGKILL: the hidden part file stays, and the next run
        # to the same file removes it (its process is gone), whether it then succeeds or not
        left = [p.name for p in tmp_path.iterdir()]
        assert len(left) == 1 and left[0].startswith(".games.csv.") and left[0].endswith(".part")
        again = subprocess.run(
            [sys.executable, "-m", "gamekit", "alfredopoly", "simulate", "--games", "2",
             "--seed", "1", "--out", str(out)], capture_output=True, text=True, cwd=tmp_path,
        )  # fmt: skip
        assert again.returncode == 0, again.stderr
        assert [p.name for p in tmp_path.iterdir()] == ["games.csv"]


def test_a_python_run_terminated_stops_its_workers_and_still_dies_of_sigterm(
    tmp_path: Path,
) -> None:
    code, _, _, seconds = _kill_run([sys.executable, "-c", PYTHON_RUN], signal.SIGTERM, tmp_path)
    assert code == -signal.SIGTERM  # the process still ends by the signal, as before
    assert seconds < 5


def test_a_killed_run_on_a_pool_of_ones_own_leaves_no_worker(tmp_path: Path) -> None:
    """An executor the user made with worker_pool (a plain ProcessPoolExecutor's workers
    outlive a SIGKILLed parent)."""
    code, _, _, seconds = _kill_run([sys.executable, "-c", OWN_POOL_RUN], signal.SIGKILL, tmp_path)
    assert code == -signal.SIGKILL
    assert seconds < 5


def test_a_killed_kernel_like_run_leaves_no_fork_server_or_worker(tmp_path: Path) -> None:
    (tmp_path / "kernel_like.py").write_text(KERNEL_LIKE, encoding="utf-8")
    argv = [sys.executable, "-m", "kernel_like"]
    code, out, _, seconds = _kill_run(argv, signal.SIGKILL, tmp_path, processes=4)
    assert out.split() == ["forkserver"]
    assert code == -signal.SIGKILL
    assert seconds < 5
