"""Final scoring: the nine lines in order, the 2-player table, busts, tie-breaks; the CLI sheet."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gamekit.almamater.rules import outcome, player_score
from gamekit.almamater.scoring import RULES, final_score
from gamekit.almamater.state import replace
from gamekit.cli import main
from tests.almamater.helpers import blank, with_player

SHEET: dict[str, Any] = {
    "players": 4,
    "prestige": 31,
    "textbooks": 3,
    "ducats": 14,
    "dictionaries": 2,
    "reputation_rank": 1,
    "milestones": 3,
    "professors": [4, 2, 5, 3],
    "math_prestige": 6,
    "row_a": 4,
    "row_b": 3,
    "busts": 2,
}
# by hand: 3 textbooks -> 3 ducats; 17 ducats -> 4 prestige; 2 dictionaries; rank 1 -> 12;
# 3 milestones x 4 professors = 12; printed 4+2+5+3 = 14 (5 is the highest printed: the sheet
# is checked against the data); maths 6; 4 x 3 = 12; 2 busts -> 7
EXPECTED = [0, 4, 2, 12, 12, 14, 6, 12, 7]


def test_final_score_gives_the_nine_lines_in_order() -> None:
    score = final_score(**SHEET)
    assert [line.rule for line in score.lines] == list(RULES)
    assert [line.points for line in score.lines] == EXPECTED
    assert score.during_play == 31 and score.total == 31 + 69
    assert score.ducats_left == 1
    assert [line.rule for line in score.all_lines()][-2:] == ["prestige during play", "total"]


@pytest.mark.parametrize(
    ("players", "rank", "points"), [(4, 3, 3), (4, 4, 0), (3, 2, 7), (2, 1, 12), (2, 2, 7)]
)
def test_reputation_scoring_by_rank_and_player_count(players: int, rank: int, points: int) -> None:
    """Rule 25, line 4: 12 / 7 / 3 for ranks 1 / 2 / 3; 2 players: kit default 12 / 7."""
    sheet = {**SHEET, "players": players, "reputation_rank": rank}
    assert final_score(**sheet).lines[3].points == points


@pytest.mark.parametrize(("busts", "points"), [(0, 0), (1, 3), (2, 7), (3, 12)])
def test_busts_score_3_7_12(busts: int, points: int) -> None:
    assert final_score(**{**SHEET, "busts": busts}).lines[8].points == points


def test_ducats_round_down_and_textbooks_count_as_ducats() -> None:
    """Rule 25, lines 1-2: a textbook is 1 ducat; every 4 ducats 1 prestige (kit: rounded down)."""
    assert final_score(**{**SHEET, "textbooks": 0, "ducats": 7}).lines[1].points == 1
    assert final_score(**{**SHEET, "textbooks": 1, "ducats": 7}).lines[1].points == 2


def test_ties_go_to_most_ducats_left_then_shared() -> None:
    """Rule 26 (kit default): equal totals -> most ducats left after line 2, then a shared win."""
    spec, s = blank(2, 0)
    s = replace(s, phase="over")
    s = with_player(s, 0, prestige=10, ducats=3)
    s = with_player(s, 1, prestige=10, ducats=2)
    s = replace(s, reputation=(0, 1))
    # seat 0: 10 + rank 1 (12) = 22; seat 1: 10 + rank 2 (7) = 17 -> make equal
    s = with_player(s, 1, prestige=15)
    assert player_score(spec, s, 0).total == player_score(spec, s, 1).total == 22
    result = outcome(spec, s)
    assert result is not None and result.winners == (0,) and result.ranking == (0, 1)
    s = with_player(s, 1, ducats=3)
    result = outcome(spec, s)
    assert result is not None and result.winners == (0, 1) and result.winner is None


def _run(tmp_path: Path, sheet: Any, *extra: str, capsys: Any) -> tuple[int, str, str]:
    file = tmp_path / "sheet.json"
    file.write_text(json.dumps(sheet))
    code = main(["almamater", "score", str(file), *extra])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_cli_score_prints_nine_lines_and_total(tmp_path: Path, capsys: Any) -> None:
    code, out, _ = _run(tmp_path, SHEET, capsys=capsys)
    assert code == 0
    lines = out.strip().splitlines()
    assert len(lines) == 1 + 9 + 2 and lines[-1].split()[-1] == "100"
    code, out, _ = _run(tmp_path, SHEET, "--format", "json", capsys=capsys)
    data = json.loads(out)
    assert [d["prestige"] for d in data["lines"]] == EXPECTED and data["total"] == 100
    assert list(data) == ["lines", "total"] and list(data["lines"][0]) == ["rule", "prestige"]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"players": 5}, "players"),
        ({"reputation_rank": 5}, "reputation_rank"),
        ({"professors": [4, "x"]}, "professors[1]"),
        ({"row_a": -1}, "row_a"),
        ({"busts": 4}, "busts"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_cli_score_bad_sheet_exits_2_naming_the_field(
    tmp_path: Path, capsys: Any, change: dict[str, Any], field: str
) -> None:
    code, out, err = _run(tmp_path, {**SHEET, **change}, capsys=capsys)
    assert code == 2 and out == ""
    assert f"sheet.json: {field}:" in err and len(err.strip().splitlines()) == 1


def test_cli_score_missing_field(tmp_path: Path, capsys: Any) -> None:
    sheet = dict(SHEET)
    del sheet["ducats"]
    code, _, err = _run(tmp_path, sheet, capsys=capsys)
    assert code == 2 and "ducats: missing" in err
