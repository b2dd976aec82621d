"""``gamekit alfredopoly simulate`` (issue 3, deliverable 6)."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

from gamekit.alfredopoly.board import data_dir
from gamekit.cli import main


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(["alfredopoly", "simulate", *args])
    return code, out.getvalue(), err.getvalue()


def test_simulate_table() -> None:
    code, out, _ = run("--players", "3", "--games", "2", "--seed", "4", "--max-rounds", "30")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split()[:5] == ["game", "seat", "player", "strategy", "final_cash"]
    assert len(lines) == 1 + 6


def test_simulate_csv_and_json_agree() -> None:
    args = ("--games", "2", "--seed", "1", "--max-rounds", "25", "--strategy", "buy_all,builder")
    _, csv_text, _ = run(*args, "--format", "csv")
    _, json_text, _ = run(*args, "--format", "json")
    rows = json.loads(json_text)
    assert len(rows) == 8 == len(csv_text.splitlines()) - 1
    assert [r["strategy"] for r in rows[:4]] == ["buy_all", "builder", "buy_all", "builder"]
    assert csv_text.splitlines()[1].startswith("0,0,Ann,buy_all,")


def test_simulate_board_by_name_or_path(tmp_path: Path) -> None:
    path = tmp_path / "my_board.toml"
    path.write_text((data_dir() / "classic.toml").read_text(encoding="utf-8"), encoding="utf-8")
    a = run("--games", "1", "--max-rounds", "20", "--board", "classic", "--format", "csv")[1]
    b = run("--games", "1", "--max-rounds", "20", "--board", str(path), "--format", "csv")[1]
    assert a == b


def test_simulate_bad_input_exits_2_with_one_line() -> None:
    for args in (
        ("--strategy", "sneaky"),
        ("--players", "1"),
        ("--games", "0"),
        ("--board", "nowhere.toml"),
        ("--format", "xml"),
    ):
        code, _, err = run(*args)
        assert code == 2, args
        assert len(err.strip().splitlines()) == 1, err
