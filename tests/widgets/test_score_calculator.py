"""The score calculator follows its sliders with the engine's score (checked by hand)."""

from __future__ import annotations

from widgets import ScoreCalculator


def test_sliders_drive_the_nine_lines_and_the_total():
    calc = ScoreCalculator(players=3)
    values = {
        "prestige": 10,
        "ducats": 7,
        "textbooks": 5,
        "dictionaries": 2,
        "reputation_rank": 1,
        "milestones": 3,
        "n_professors": 4,
        "professor_prestige": 2,
        "math_prestige": 3,
        "row_a": 3,
        "row_b": 2,
        "busts": 2,
    }
    for name, value in values.items():
        calc.sliders[name].value = value
    points = [line.points for line in calc.score.lines]
    # By hand: textbooks are ducats (7 + 5 = 12) -> 12 // 4 = 3 prestige; 2 dictionaries;
    # rank 1 -> 12; 3 milestones x 4 professors = 12; 4 x 2 printed; math 3; 3 x 2 = 6;
    # 2 busts -> 7.
    assert points[1:] == [3, 2, 12, 12, 8, 3, 6, 7]
    assert calc.score.total == 10 + sum(points)
    assert f"total={calc.score.total}" in repr(calc)
    assert "<td>total</td>" in calc.table.value


def test_one_more_professor_adds_milestones_plus_its_prestige():
    calc = ScoreCalculator(players=4)
    before = calc.score.total
    calc.sliders["n_professors"].value += 1
    gain = calc.score.total - before
    assert gain == calc.sliders["milestones"].value + calc.sliders["professor_prestige"].value


def test_limits_follow_players_and_components():
    calc = ScoreCalculator(players=2)
    assert calc.sliders["reputation_rank"].max == 2
    assert calc.sliders["row_a"].max == calc.components.board.row_a


def test_the_table_goes_below_the_sliders_when_there_is_no_room_beside_them():
    """At a 1300 px window with JupyterLab's sidebar open the score table covered the
    sliders' values: the HBox shrank the sliders' column below the sliders' own width. Now
    that column keeps its width and the row wraps (the browser then puts the table below)."""
    calc = ScoreCalculator(players=3)
    controls, table = calc.children
    assert calc.layout.flex_flow == "row wrap"
    assert controls.layout.flex == "0 0 auto"  # never narrower than its sliders
    assert all(s.layout.width == "440px" for s in calc.sliders.values())
    assert table is calc.table and table.layout.flex.startswith("1 1 ")
