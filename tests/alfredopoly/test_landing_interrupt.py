"""A long landing simulation shows its progress and can be stopped with Ctrl-C, printing
the result of the rolls so far with that shorter run's standard errors."""

from __future__ import annotations

import io
import re
import signal
import subprocess
import sys
import threading
import time

import pandas as pd

from gamekit.alfredopoly.montecarlo import simulate_landing


def test_a_finished_run_says_how_many_rolls_it_counted():
    frame = simulate_landing("alfred", rolls=64_000, groups=8, seed=3, progress=True)
    assert frame.attrs["interrupted"] is False
    assert 64_000 <= frame.attrs["rolls"] < 66_000


def plain_ctrl_c() -> None:
    """In the child, before it starts: Ctrl-C as in a terminal (not blocked, not ignored).

    A test runner's worker may run this test with SIGINT blocked or ignored, and a child
    inherits both; once (CI, 1 of many runs) the command then ran to its end and exited 0
    although it had been sent Ctrl-C. A teacher's terminal has neither."""
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_prints_the_partial_result_with_its_standard_errors():
    cmd = [sys.executable, "-m", "gamekit", "alfredopoly", "landing", "--method", "simulate",
           "--rolls", "10000000000", "--seed", "1", "--format", "csv", "--progress"]  # fmt: skip
    proc = subprocess.Popen(
        cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=plain_ctrl_c
    )
    # One reader per pipe: stderr a character at a time (the bar redraws without a newline),
    # stdout whole. Nothing else reads the pipes, so no message can go to the wrong reader.
    seen: list[str] = []
    printed: list[str] = []
    readers = [
        threading.Thread(target=lambda: seen.extend(iter(lambda: proc.stderr.read(1), ""))),
        threading.Thread(target=lambda: printed.append(proc.stdout.read())),
    ]
    for reader in readers:
        reader.start()
    # wait for the bar to pass the burn-in (60 rolls of 32768 tokens, about 2M rolls)
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        counts = re.findall(r"\|\s*([\d.]+)M/", "".join(seen))
        if counts and float(counts[-1]) > 6:
            break
        time.sleep(0.2)
    else:
        proc.kill()
        raise AssertionError("no progress shown: " + "".join(seen)[-500:])
    proc.send_signal(signal.SIGINT)
    code = proc.wait(timeout=120)
    for reader in readers:
        reader.join(timeout=30)
    out = "".join(printed)
    assert code == 130, f"exit status {code}; stderr ends: {''.join(seen)[-300:]!r}"
    assert "interrupted after" in "".join(seen)
    frame = pd.read_csv(io.StringIO(out))
    assert len(frame) == 41
    assert abs(frame.probability.sum() - 1) < 1e-9
    resting = frame.probability > 0  # nobody rests on the "go to Probation" space
    assert resting.sum() == 40
    assert (frame.stderr[resting] > 0).all() and (frame.stderr < 0.01).all()
