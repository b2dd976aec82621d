"""A teacher's score sheet: a player's end position typed in as JSON, checked field by field.

>>> sheet = {"players": 3, "prestige": 20, "textbooks": 5, "ducats": 11, "dictionaries": 2,
...          "reputation_rank": 2, "milestones": 3, "professors": [4, 2], "math_prestige": 3,
...          "row_a": 3, "row_b": 2, "busts": 1}
>>> score_sheet(sheet).total
57
>>> score_sheet(sheet).rows()[0]  # line 1 scores no prestige: its ducats count on line 2
('1. textbooks left (any player colour), 1 ducat each', '5 textbooks -> +5 ducats', 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from gamekit.almamater.components import Components, load_components
from gamekit.almamater.records import LETTERS
from gamekit.almamater.scoring import Score, final_score
from gamekit.core.data import Checker, load_data_file

FIELD_HELP = {
    "players": "number of players, 2 to 4",
    "prestige": "prestige on the track at the end of round 6 (before final scoring)",
    "textbooks": "textbooks left in storage, of ANY player colour (own and others'), "
    "not dictionaries: 1 ducat each (line 1)",
    "ducats": "ducats left",
    "dictionaries": "dictionaries (yellow books) held: 1 prestige each",
    "reputation_rank": "your colour's book-reputation rank, 1 = best",
    "milestones": "milestones at or below your research marker (0 to 5)",
    "professors": "the printed prestige of each of your professors, e.g. [4, 2]",
    "math_prestige": "prestige printed on your Mathematics students",
    "row_a": "students in lecture-hall row A",
    "row_b": "students in lecture-hall row B",
    "busts": "busts taken in the hall of fame (0 to 3)",
}
FIELDS = tuple(FIELD_HELP)


def score_sheet(
    sheet: Mapping[str, Any], file: str | Path = "sheet", components: Components | None = None
) -> Score:
    """Check a sheet (``DataError`` names the file and the field) and score it."""
    c = components or load_components()
    check = Checker(file)
    if not isinstance(sheet, Mapping):
        check.fail(None, None, "a score sheet must be a JSON object")
    check.no_unknown(sheet, FIELDS, entry=None)
    players = check.integer(sheet, "players", entry=None, minimum=2, maximum=4)
    board = c.board

    def count(name: str, maximum: int | None = None) -> int:
        return check.integer(sheet, name, entry=None, minimum=0, maximum=maximum)

    # no more professors than the game has cards, none printed higher than its cards
    cards = len(c.professors) * c.professor_copies
    held = sheet.get("professors")
    if isinstance(held, list) and len(held) > cards:
        check.fail(None, "professors", f"at most {cards} (the game's professor cards), "
                   f"got {len(held):,}")  # fmt: skip
    professors = check.integers(sheet, "professors", entry=None, minimum=0)
    highest = max((p.prestige for p in c.professors), default=0)
    for i, printed in enumerate(professors):
        if printed > highest:
            check.fail(None, f"professors[{i}]", f"at most {highest} (the highest printed "
                       f"prestige), got {printed:,}")  # fmt: skip
    return final_score(
        players=players,
        prestige=check.integer(sheet, "prestige", entry=None),
        textbooks=count("textbooks"),
        ducats=count("ducats"),
        dictionaries=count("dictionaries", board.dictionaries_supply),
        reputation_rank=check.integer(
            sheet, "reputation_rank", entry=None, minimum=1, maximum=players
        ),
        milestones=count("milestones", len(LETTERS)),
        professors=professors,
        math_prestige=count("math_prestige"),
        row_a=count("row_a", board.row_a),
        row_b=count("row_b", board.row_b),
        busts=count("busts", 3),
        components=c,
    )


def load_sheet(path: str | Path, components: Components | None = None) -> Score:
    """Read and score a JSON score sheet file."""
    return score_sheet(load_data_file(path), path, components)
