"""Each final-score line says how it is worked out (rules audit 7, finding 5).

Rule 25, line 1 ("each textbook left is worth 1 ducat") scores no prestige by itself: its
ducats count on line 2 (every 4 ducats, 1 prestige). The sheet showed line 1 as 0 with no
trace of the ducats it adds, so a teacher could not check it by hand. ``Score.working``
says it ("9 textbooks -> +9 ducats"); the score calculator and ``gamekit almamater score``
show it beside the points. No points or totals change.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from gamekit.almamater.rules import player_score
from gamekit.almamater.scoring import final_score
from gamekit.cli import main
from tests.almamater.helpers import blank, with_game
from tests.almamater.test_scoring import EXPECTED, SHEET
from widgets import ScoreCalculator

# the end position of seat 0 in the audit's game (3 players, seed 5, scholar/dean/greedy),
# copied from its table: 9 red textbooks, 14 ducats, rank 1 of 3, research 15 (5
# milestones), 6 professors printed 4 2 2 2 3 1, Mathematics students 15, 4 + 0 students,
# 2 busts, 22 prestige during play; total 105 by hand (audit7 score.py)
AUDIT_SEAT_0: dict[str, Any] = {
    "players": 3,
    "prestige": 22,
    "textbooks": 9,
    "ducats": 14,
    "dictionaries": 0,
    "reputation_rank": 1,
    "milestones": 5,
    "professors": [4, 2, 2, 2, 3, 1],
    "math_prestige": 15,
    "row_a": 4,
    "row_b": 0,
    "busts": 2,
}


def test_line_1_shows_the_ducats_it_adds_and_line_2_counts_them() -> None:
    score = final_score(**AUDIT_SEAT_0)
    # by hand: 9 textbooks -> 9 ducats; 14 + 9 = 23 -> 5 prestige, 3 left
    assert score.working[:2] == (
        "9 textbooks -> +9 ducats",
        "14 ducats + 9 from line 1 = 23 -> 5 prestige, 3 ducats left",
    )
    assert [line.points for line in score.lines][:2] == [0, 5]
    assert score.total == 105 and score.ducats_left == 3


def test_every_line_is_worked_out_and_no_points_change() -> None:
    score = final_score(**SHEET)
    assert score.working == (
        "3 textbooks -> +3 ducats",
        "14 ducats + 3 from line 1 = 17 -> 4 prestige, 1 ducat left",
        "2 dictionaries",
        "rank 1 of 4",
        "3 milestones x 4 professors",
        "4 + 2 + 5 + 3",
        "printed on the Mathematics students",
        "4 in row A x 3 in row B",
        "2 busts",
    )
    rows = score.rows()
    assert [points for _, _, points in rows] == [*EXPECTED, 31, 100]
    assert [(rule, points) for rule, _, points in rows] == [
        (line.rule, line.points) for line in score.all_lines()
    ]


def test_singular_and_no_textbooks() -> None:
    one = {**SHEET, "textbooks": 1, "ducats": 0, "dictionaries": 1, "professors": [], "busts": 1}
    score = final_score(**one)
    assert score.working[:3] == (
        "1 textbook -> +1 ducat",
        "0 ducats + 1 from line 1 = 1 -> 0 prestige, 1 ducat left",
        "1 dictionary",
    )
    assert score.working[4:6] == ("3 milestones x 0 professors", "no professors")
    assert score.working[8] == "1 bust"
    none = final_score(**{**SHEET, "textbooks": 0, "ducats": 7})
    assert none.working[:2] == ("0 textbooks -> +0 ducats", "7 ducats -> 1 prestige, 3 ducats left")


def test_a_game_position_counts_textbooks_of_every_colour_on_line_1() -> None:
    """Rule 25, line 1: textbooks of any player colour; dictionaries are line 3."""
    spec, s = blank(3, 0, storage=(5, 2, 2), ducats=14, dictionaries=1)
    s = with_game(s, reputation=(0, 1, 2))
    score = player_score(spec, s, 0)
    assert score.working[0] == "9 textbooks -> +9 ducats"
    assert score.lines[0].points == 0 and score.lines[1].points == 5


def test_the_calculator_table_shows_the_working() -> None:
    calc = ScoreCalculator(players=3)
    calc.sliders["textbooks"].value = 9
    calc.sliders["ducats"].value = 14
    assert calc.lines.columns.tolist() == ["line", "worked out", "prestige"]
    assert calc.lines.iloc[0].tolist() == [
        "1. textbooks left (any player colour), 1 ducat each",
        "9 textbooks -> +9 ducats",
        0,
    ]
    assert "<td>9 textbooks -&gt; +9 ducats</td>" in calc.table.value
    assert calc.lines.iloc[-1].tolist() == ["total", "", calc.score.total]


def test_the_cli_sheet_shows_the_working(tmp_path: Path, capsys: Any) -> None:
    file = tmp_path / "sheet.json"
    file.write_text(json.dumps(AUDIT_SEAT_0))
    assert main(["almamater", "score", str(file)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "worked out" in lines[0]
    assert "9 textbooks -> +9 ducats" in lines[1] and lines[1].split()[-1] == "0"
    assert "14 ducats + 9 from line 1 = 23 -> 5 prestige" in lines[2]
    assert lines[2].split()[-1] == "5"
    assert lines[-1].split()[-1] == "105"
