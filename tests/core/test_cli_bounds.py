"""Every count the command line takes has a ceiling (issue 26): a value beyond it is
refused before anything runs, with exit status 2, one line on stderr, no traceback, in
well under a second, and no output file left that looks complete. The Python API refuses
the same impossible values with ``GamekitError`` (a ``ValueError``)."""

from __future__ import annotations

import io
import json
import signal
import socket
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import redirect_stderr, redirect_stdout
from functools import partial
from pathlib import Path

import pytest

from gamekit.cli import build_parser, main
from gamekit.core.errors import GamekitError
from gamekit.core.parallel import (
    MAX_GAMES,
    Interrupted,
    choose_workers,
    max_workers,
    run_games,
    stream_csv,
)


@pytest.fixture(scope="module", autouse=True)
def _warm() -> None:
    build_parser()  # the first build imports the games; a refusal is timed after it


def _give_up(signum: int, frame: object) -> None:
    raise TimeoutError("no answer in 20 s")


def refuse(*argv: str) -> str:
    """Run ``gamekit *argv`` in this process; it must be refused at once. Its stderr."""
    out, err = io.StringIO(), io.StringIO()
    old = signal.signal(signal.SIGALRM, _give_up)
    signal.alarm(20)  # the old code ran some of these for ever
    try:
        start = time.perf_counter()
        with redirect_stdout(out), redirect_stderr(err):
            code = main(list(argv))
        seconds = time.perf_counter() - start
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    text = err.getvalue()
    assert (code, out.getvalue()) == (2, ""), text
    assert text.count("\n") == 1 and "Traceback" not in text, text
    assert seconds < 1.0, f"{seconds:.2f} s to refuse"
    return text


def test_workers_beyond_the_cores_are_refused_and_never_more_than_the_games() -> None:
    most = max_workers()
    err = refuse("alfredopoly", "simulate", "--workers", "10000", "--games", "4")
    assert f"--workers 10,000: at most {most} on this machine" in err and "--scheduler" in err
    with pytest.raises(GamekitError, match=f"at most {most}"):
        choose_workers(4, most + 1)
    assert choose_workers(2, most) == 2  # 64 workers for 4 games started 64 processes
    # a cluster's workers only set the chunks in flight; bounded too, before connecting
    err = refuse("alfredopoly", "simulate", "--workers", "20000", "--scheduler", "tcp://x:1")
    assert "must be 1 to 10,000, got 20,000" in err
    with ThreadPoolExecutor(1) as pool, pytest.raises(GamekitError, match="at most 10,000"):
        run_games(_rows_then_stop, 4, workers=20_000, executor=pool)


def test_games_that_cannot_fit_are_refused_with_the_memory_they_need(tmp_path: Path) -> None:
    err = refuse("alfredopoly", "simulate", "--games", str(10**12))
    assert f"--games: must be 1 to {MAX_GAMES:,}, got 1,000,000,000,000" in err
    # within the ceiling but not in memory: refused with the memory, unless streamed
    err = refuse("almamater", "simulate", "--games", str(MAX_GAMES))
    assert "of memory for their rows" in err and "--out FILE.csv" in err
    af = pytest.importorskip("gamekit.alfredopoly.simulate")
    with pytest.raises(GamekitError, match="of memory for their rows"):
        af.simulate(games=MAX_GAMES, players=8)
    with pytest.raises(GamekitError, match="at most 100,000,000"):
        af.simulate_to_csv(tmp_path / "x.csv", games=10**12)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["alfredopoly", "simulate", "--players", "1000000"], "must be 2 to 8"),
        (["almamater", "simulate", "--players", "9"], "must be 2 to 4"),
        (["alfredopoly", "economics", "--players", "9"], "must be 2 to 8"),
        (["alfredopoly", "sweep", "--grid", "auction=off,on", "--players", "9"], "2 to 8"),
        (["alfredopoly", "simulate", "--max-rounds", str(10**9)], "must be 1 to 10,000"),
    ],
)
def test_players_and_rounds_beyond_the_game_are_refused_at_once(
    argv: list[str], words: str
) -> None:
    assert words in refuse(*argv)


def test_python_simulate_refuses_impossible_players_and_rounds_at_once() -> None:
    af = pytest.importorskip("gamekit.alfredopoly.simulate")
    start = time.perf_counter()
    with pytest.raises(GamekitError, match="players: a whole number 1 to 8"):
        af.simulate(players=1_000_000, games=2)
    with pytest.raises(GamekitError, match="max_rounds: at most 10,000"):
        af.simulate(games=2, max_rounds=10**9)
    assert time.perf_counter() - start < 1.0


def test_landing_rolls_that_cannot_finish_are_refused_with_the_time() -> None:
    err = refuse("alfredopoly", "landing", "--method", "simulate", "--rolls", str(10**20))
    assert "at most 10,000,000,000" in err and "years" in err
    from gamekit.alfredopoly.montecarlo import simulate_landing

    with pytest.raises(GamekitError, match="rolls: at most 10,000,000,000"):
        simulate_landing(rolls=10**20)


def test_grid_values_are_read_by_their_setting_type_before_anything_runs() -> None:
    err = refuse("alfredopoly", "sweep", "--grid", "auction=maybe", "--games", "2")
    assert "auction='maybe': expected on or off (true, false, yes, no)" in err
    err = refuse("alfredopoly", "sweep", "--grid", "auction=on; max_rounds=20,1000000000")
    assert "max_rounds=1,000,000,000: expected a whole number 1 to 10,000" in err
    # a bad value in the last setting fails before the first setting's games are played
    err = refuse("alfredopoly", "sweep", "--grid", "board=alfred,nowhere", "--games", "1")
    assert "nowhere: unknown board" in err
    err = refuse("almamater", "sweep", "--grid", "players=2,5", "--games", "1")
    assert "players=5" in err
    from gamekit.experiments import sweep

    with pytest.raises(GamekitError, match="expected True or False"):
        sweep("alfredopoly", {"auction": ["maybe"]}, "builder", games=1)


def test_a_grid_of_thousands_of_combinations_is_refused() -> None:
    values = ",".join(str(1000 + v) for v in range(2000))
    err = refuse("alfredopoly", "sweep", "--grid", f"starting_cash={values}")
    assert "grid: 2,000 combinations" in err and "at most 100" in err


def test_a_silent_scheduler_is_an_error_after_the_timeout(monkeypatch) -> None:
    pytest.importorskip("distributed")
    from gamekit.commands import runs as cli_parallel

    monkeypatch.setattr(cli_parallel, "CONNECT_SECONDS", 0.5)
    with socket.socket() as server:  # accepts connections and never says a word
        server.bind(("127.0.0.1", 0))
        server.listen(4)
        address = f"tcp://127.0.0.1:{server.getsockname()[1]}"
        out, err = io.StringIO(), io.StringIO()
        start = time.perf_counter()
        signal.signal(signal.SIGALRM, _give_up)
        signal.alarm(20)  # the old code waited for ever
        try:
            with redirect_stdout(out), redirect_stderr(err):
                code = main(["alfredopoly", "simulate", "--games", "2", "--scheduler", address])
        finally:
            signal.alarm(0)
        assert code == 2 and time.perf_counter() - start < 5
        assert err.getvalue() == f"gamekit: error: --scheduler {address}: no answer within 0.5 s\n"


def test_a_server_that_answers_garbage_is_not_taken_for_a_scheduler() -> None:
    """A port where something else listens (here: a web server's "400 Bad Request", whose
    first bytes Dask reads as a frame length of exbibytes) is refused in one line, not a
    MemoryError with a traceback."""
    pytest.importorskip("distributed")
    import threading

    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen(4)
        address = f"tcp://127.0.0.1:{server.getsockname()[1]}"

        def answer() -> None:
            for _ in range(4):
                try:
                    conn, _peer = server.accept()
                except OSError:
                    return
                with conn:
                    conn.sendall(b"HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n")

        threading.Thread(target=answer, daemon=True).start()
        out, err = io.StringIO(), io.StringIO()
        signal.signal(signal.SIGALRM, _give_up)
        signal.alarm(30)
        try:
            with redirect_stdout(out), redirect_stderr(err):
                code = main(["alfredopoly", "simulate", "--games", "2", "--scheduler", address])
        finally:
            signal.alarm(0)
    assert code == 2, err.getvalue()
    assert err.getvalue().startswith(f"gamekit: error: --scheduler {address}: ")
    assert "Traceback" not in err.getvalue() and err.getvalue().count("\n") == 1


def test_a_score_sheet_with_more_professors_than_the_game_has_is_refused(tmp_path: Path) -> None:
    sheet = {"players": 3, "prestige": 20, "textbooks": 5, "ducats": 11, "dictionaries": 2,
             "reputation_rank": 2, "milestones": 3, "professors": [4] * 5000,
             "math_prestige": 3, "row_a": 3, "row_b": 2, "busts": 1}  # fmt: skip
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(sheet), encoding="utf-8")
    assert "professors: at most 48 (the game's professor cards), got 5,000" in refuse(
        "almamater", "score", str(path)
    )
    path.write_text(json.dumps({**sheet, "professors": [4, 99]}), encoding="utf-8")
    assert "professors[1]: at most 5 (the highest printed prestige), got 99" in refuse(
        "almamater", "score", str(path)
    )


def _rows_then_stop(games: range) -> list[tuple[int]]:
    if games.start >= 4:
        raise KeyboardInterrupt
    return [(g,) for g in games]


def _rows_then_fail(games: range) -> list[tuple[int]]:
    if games.start >= 4:
        raise ValueError("a bot broke")
    return [(g,) for g in games]


def test_a_streamed_file_appears_only_when_complete(tmp_path: Path) -> None:
    out = tmp_path / "games.csv"
    with pytest.raises(Interrupted):  # Ctrl-C after two chunks: no file, no part file
        stream_csv(out, ["game"], _rows_then_stop, 10, workers=1, chunk=2)
    assert list(tmp_path.iterdir()) == []
    out.write_text("game\n0\n", encoding="utf-8")  # an older, complete file is kept
    with pytest.raises(ValueError, match="a bot broke"):
        stream_csv(out, ["game"], _rows_then_fail, 10, workers=1, chunk=2)
    assert list(tmp_path.iterdir()) == [out] and out.read_text() == "game\n0\n"
    assert stream_csv(out, ["game"], partial(_rows_then_stop), 4, workers=1, chunk=2) == 4
    assert out.read_text().split() == ["game", "0", "1", "2", "3"]
    assert list(tmp_path.iterdir()) == [out]


def test_an_out_file_that_cannot_be_written_is_refused_before_the_run(tmp_path: Path) -> None:
    argv = ["almamater", "simulate", "--games", "2", "--out"]
    assert "is a folder" in refuse(*argv, str(tmp_path))
    assert "no folder" in refuse(*argv, str(tmp_path / "nowhere" / "games.csv"))
    assert list(tmp_path.iterdir()) == []


def test_help_shows_every_ceiling() -> None:
    def help_of(*argv: str) -> str:
        out = io.StringIO()
        with redirect_stdout(out), pytest.raises(SystemExit):
            main([*argv, "--help"])
        return " ".join(out.getvalue().split())

    text = help_of("alfredopoly", "simulate")
    assert f"at most {max_workers()} here" in text and f"at most {MAX_GAMES:,}" in text
    assert "(2-8, default 4)" in text and "at most 10,000)" in text
    assert "(2-4, default 4)" in help_of("almamater", "simulate")
    assert "at most 10,000,000,000" in help_of("alfredopoly", "landing")
    assert "(2-8, default: 4)" in help_of("alfredopoly", "economics")
    assert "at most 100 combinations" in help_of("alfredopoly", "sweep")
