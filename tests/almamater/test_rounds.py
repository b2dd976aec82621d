"""Administration and income, in the exact order of the rules; six rounds."""

from __future__ import annotations

from gamekit.almamater.actions import Bishop, GiveLecture, Pass, ShelveTextbooks
from gamekit.almamater.rounds import storage_limit, turn_order_after_bishop
from gamekit.almamater.state import PlayerState
from tests.almamater.helpers import SPECS, act, blank, pass_all, with_game, with_player


def test_turn_order_from_the_bishop() -> None:
    """Rule 23a: more masters at the Bishop goes earlier; among equals, who placed
    first; players with none there follow in their old order."""
    assert turn_order_after_bishop((0, 1, 2, 3), ()) == (0, 1, 2, 3)
    assert turn_order_after_bishop((0, 1, 2, 3), ((3, 1), (2, 2))) == (2, 3, 0, 1)
    assert turn_order_after_bishop((0, 1, 2, 3), ((3, 1), (1, 1))) == (3, 1, 0, 2)
    spec, s = blank(3, 0)
    s = act(spec, s, Pass()).state
    s = act(spec, s, Bishop(1)).state  # seat 1
    s = act(spec, s, Bishop(1)).state  # seat 2
    s = pass_all(spec, s).state
    assert s.order == (1, 2, 0) and s.round == 2


def test_storage_limit_is_set_by_the_last_occupied_lecture_hall_slot() -> None:
    """Rule 23b: the limit is 6, 7, ... 12 by the last occupied slot; books over it
    go back to the supply, chosen by the player (test_rule_points.py); here the answers of
    the test helper: own textbooks, then the lowest-ranked colours, dictionaries last."""
    spec = SPECS[3]
    assert storage_limit(spec, PlayerState(0, "red")) == 6
    assert storage_limit(spec, PlayerState(0, "red", row_a=("x",) * 6)) == 12
    spec, s = blank(3, 0, storage=(2, 3, 3), dictionaries=2)
    s = with_game(s, reputation=(2, 1, 0))
    s = with_player(s, 0, row_b=("Arts freshman",))  # limit 7; 10 books held
    st = pass_all(spec, s)
    p = st.state.players[0]
    # 3 too many: both own textbooks, then 1 of the lowest-ranked other colour (blue)
    assert (p.storage, p.dictionaries) == ((0, 2, 3), 2)
    assert st.state.players[1].books == 8 - 2  # limit 6: 2 own textbooks go (3 -> 1)


def test_administration_runs_in_the_order_of_the_rules() -> None:
    """Rule 23: turn order, storage, reputation, professors readied, masters back, round
    marker; then income player by player: library, students, reputation."""
    spec, s = blank(3, 0, professors=("Canon law",), storage=(1, 1, 1))
    s = with_player(s, 2, research=7)
    s = act(spec, act(spec, s, GiveLecture("Canon law", "blue")).state, ShelveTextbooks(0)).state
    s = act(spec, s, Bishop(2)).state  # seat 1
    st = pass_all(spec, s)
    admin = [e.text.split(",")[0].split(":")[0] for e in st.events if e.player is None]
    assert admin == [
        "administration phase",
        "administration 1",
        "administration 2",
        "administration 3",
        "administration 4",
        "administration 5",
        "administration 6",
        "income phase",
        "round 2",
    ]
    # income goes player by player in the new turn order (Blue, Red, Green)
    payers = [e.player for e in st.events if e.kind == "ducats"]
    assert payers == [1, 0, 2]
    s = st.state
    assert s.order[0] == 1 and s.reputation[0] == 2
    assert all(p.exhausted == () and p.placed == 0 and not p.passed for p in s.players)
    assert s.spaces == (0,) * len(spec.spaces) and s.bishop == ()


def test_income_library_then_shelf_shift_then_students_then_reputation() -> None:
    """Rule 24: 1 ducat per book on the 7 shelves; the sale shelf slides into the library, the
    leftmost shelf drops out and becomes the new sale shelf; student income; reputation income
    (kit 4 / 3 / 2 by rank)."""
    spec, s = blank(3, 0)
    shelves = (
        ((True, True, False),)
        + ((False, False, False),) * 4
        + ((True, False, False), (False, True, True))
    )
    s = with_player(s, 0, shelves=shelves, row_a=("Arts scholar", "Medicine intern"))
    s = with_game(s, reputation=(1, 0, 2))
    st = pass_all(spec, s)
    p = st.state.players[0]
    # library 5 books -> 5; Arts scholar 1 ducat; Medicine intern 1 textbook; rank 2 -> 3
    assert p.ducats == 5 + 1 + 3 and p.textbooks == 1
    assert p.shelves == ((False,) * 3,) * 4 + (
        (True, False, False),
        (False, True, True),
        (False,) * 3,
    )
    income_events = [e.text for e in st.events if e.player == 0 and e.kind == "ducats"]
    assert income_events == [
        "Red gains 5 ducats (library income)",
        "Red gains 1 ducat (Arts scholar's income)",
        "Red gains 3 ducats (book reputation rank 2)",
    ]


def test_copernicus_doubles_library_income() -> None:
    spec, s = blank(3, 0, abilities=("Copernicus",))
    s = with_player(s, 0, shelves=((False,) * 3,) * 6 + ((True, True, True),))
    s = with_game(s, reputation=(0, 1, 2))
    assert pass_all(spec, s).state.players[0].ducats == 6 + 4


def test_six_rounds_then_final_scoring() -> None:
    """Rule 9: 6 rounds; after round 6 (with its administration and income) the game ends."""
    spec, s = blank(2, 0)
    rounds = []
    while s.phase != "over":
        rounds.append(s.round)
        s = act(spec, s, Pass()).state
    assert sorted(set(rounds)) == [1, 2, 3, 4, 5, 6]
    assert s.round == 6 and s.current is None
