"""Singular and plural in the engine's words (audit finding 9): "drops out with 1 book",
"needs 1 professor", "must first return 1 more book", and the German log line of the
dropped shelf ("mit 1 Buch", "mit 2 Büchern").
"""

from __future__ import annotations

import pytest

from gamekit.almamater.actions import Bishop, Research
from gamekit.almamater.checks import requirement_words, why_illegal
from gamekit.almamater.decisions import RETURN
from gamekit.almamater.phrases import PHRASES
from gamekit.core.errors import IllegalAction
from tests.almamater.helpers import act, blank, pass_all, setup_done, with_game, with_player


@pytest.mark.parametrize(
    ("count", "kind", "words"),
    [
        (1, "professors", "1 professor"),
        (2, "professors", "2 professors"),
        (1, "students", "1 student in your lecture halls"),
        (4, "students", "4 students in your lecture halls"),
        (1, "row_b", "1 student in row B"),
        (1, "research", "1 research step"),
        (1, "milestones", "1 milestone"),
        (1, "dictionaries", "1 dictionary"),
        (3, "dictionaries", "3 dictionaries"),
        (1, "faculties", "1 faculty among your students"),
        (2, "faculties", "2 faculties among your students"),
        (1, "prestige", "1 prestige"),
    ],
)
def test_requirement_words(count: int, kind: str, words: str) -> None:
    assert requirement_words(count, kind) == words


def test_a_research_field_needing_1_professor() -> None:
    """Seed 11, 2 players: research field 8 (card C1, step 2) needs 1 professor."""
    spec, s = setup_done(2, 11)
    s = with_player(s, s.current, research=7, storage=(0, 0))
    assert why_illegal(spec, s, Research(1, 0)) == (
        "the Laboratory's next field (research step 8) needs 1 professor; you have 0"
    )
    s = with_player(s, s.current, research=6, ducats=10)  # free onto 7, paid onto 8
    assert why_illegal(spec, s, Research(1, 1)) == ("research step 8 needs 1 professor; you have 0")


@pytest.mark.parametrize(
    ("books", "english", "german"),
    [
        (1, "1 book", "1 Buch"),
        (2, "2 books", "2 Büchern"),
    ],
)
def test_the_dropped_shelf_line(books: int, english: str, german: str) -> None:
    spec, s = blank(2, 0)
    p = s.players[0]
    first = tuple(i < books for i in range(len(p.shelves[0])))
    s = with_player(s, 0, shelves=(first, *p.shelves[1:]))
    events = [e for e in pass_all(spec, s).events if "drops out" in e.text]
    assert [e.text for e in events] == [f"Red's oldest library shelf drops out with {english}"]
    assert PHRASES.text(events[0].words, "de") == (
        f"das älteste Bibliotheksregal von Rot fällt mit {german} heraus"
    )


@pytest.mark.parametrize(("count", "words"), [(1, "1 more book"), (4, "4 more books")])
def test_the_return_reason(count: int, words: str) -> None:
    spec, s = blank(2, 0)
    s = with_game(s, pending=((RETURN, 0, count),))
    with pytest.raises(IllegalAction) as info:
        act(spec, s, Bishop(1))
    assert info.value.reason == f"Red must first return {words}: storage is over its limit"
