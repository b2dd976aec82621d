"""The readings of issue 10 ("follow the text"), one test per point, with hand-worked values,
and the audit's probes: 0 students on a "needs 4 students" field, own books bought at the
Antiquarian (a second Music professor with ``one_per_type = false`` is in test_data_fields).

3 players, seed 0 (see test_action_phase): research track A1 B2 C3 D2 E1, academy History
Music Pharmacy Botany Canon law Civil law Astronomy Arithmetic; campus row 1 = Medicine
freshman, Law clerk, Law advocate, Law laureate.
"""

from __future__ import annotations

import json

import pytest

from gamekit.almamater.actions import (
    ACTIONS,
    Antiquarian,
    GiveLecture,
    HireStudent,
    Pass,
    Research,
    ReturnBook,
    ShelveTextbooks,
)
from gamekit.almamater.rules import legal_actions, player_score
from gamekit.almamater.scoring import RULES
from gamekit.almamater.sheet import FIELD_HELP
from gamekit.almamater.state import state_from_struct, state_to_struct
from gamekit.core.actions import action_from_struct
from gamekit.core.errors import IllegalAction
from tests.almamater.helpers import act, blank, find, pass_all, settle, with_game, with_player

EMPTY = (False, False, False)


def rich(**extra):  # type: ignore[no-untyped-def]
    spec, s = blank(3, 0, ducats=30, storage=(5, 5, 5), dictionaries=3, **extra)
    return spec, with_game(s, reputation=(0, 1, 2))


# -- 1. own-colour books may go straight into the library (rules 6 and 7) -----------------------
def test_own_colour_books_may_go_straight_into_the_library() -> None:
    """Rule 6: "Bücher der eigenen Farbe dürfen direkt in der Bibliothek platziert werden
    oder im Lager." Probe: own books bought at the Antiquarian. Offer 1 = 3 books for 3
    ducats; Red has 30 ducats and no red books; the sale shelf is empty (3 compartments)."""
    spec, s = blank(3, 0, ducats=30)
    st = act(spec, s, Antiquarian(1, 1, "red"))
    s = st.state
    assert s.pending == (("shelve", 0, 3),) and s.current == 0 and s.phase == "action"
    assert legal_actions(spec, s) == [ShelveTextbooks(n) for n in range(4)]
    s = act(spec, s, ShelveTextbooks(1)).state
    red = s.players[0]
    # 1 into the library, filled from the right; 2 in storage; 30 - 3 ducats
    assert (red.storage, red.shelves[-1], red.ducats) == ((2, 0, 0), (False, False, True), 27)
    assert s.pending == () and s.current == 1  # then the next player's turn
    # Blue buys 3 red books: books of another colour always go to storage, nothing to decide
    s = act(spec, s, Antiquarian(2, 1, "red")).state  # occupied: 2 masters
    assert s.pending == () and s.players[1].storage == (3, 0, 0) and s.current == 2


def test_own_textbooks_fill_the_empty_compartments_right_to_left_and_no_more() -> None:
    """Rules 6 and 7: at most as many as there are empty compartments; right to left."""
    spec, s = blank(3, 0, ducats=30)
    s = with_player(s, 0, shelves=(EMPTY,) * 6 + ((False, True, False),))
    s = act(spec, s, Antiquarian(1, 2, "red")).state  # offer 2: 4 books for 5 ducats
    assert s.pending == (("shelve", 0, 2),)  # 4 gained, only 2 compartments empty
    with pytest.raises(IllegalAction, match="0 to 2 new own textbooks"):
        act(spec, s, ShelveTextbooks(3))
    with pytest.raises(IllegalAction, match="must first decide"):
        act(spec, s, Pass())
    s = act(spec, s, ShelveTextbooks(2)).state
    assert s.players[0].shelves[-1] == (True, True, True) and s.players[0].storage == (2, 0, 0)
    # a full sale shelf: own books go to storage without a question (offer 1: 3 more)
    s = act(spec, act(spec, s, Pass()).state, Pass()).state
    s = act(spec, s, Antiquarian(2, 1, "red")).state
    assert s.pending == () and s.players[0].storage == (5, 0, 0)


def test_own_textbooks_from_lectures_students_milestones_and_the_starting_student() -> None:
    """Rule 6 ("however they are gained"): a lecture (Anatomy: 3 textbooks), a student's
    bonus (Medicine freshman: 3), a milestone (A3: 2 textbooks) each ask the player."""
    spec, s = rich(professors=("Anatomy",))
    s = act(spec, s, GiveLecture("Anatomy", "blue")).state
    assert s.pending == (("shelve", 0, 3),)
    s = act(spec, s, ShelveTextbooks(3)).state
    assert s.players[0].shelves[-1] == (True, True, True) and s.players[0].storage == (5, 4, 5)

    spec, s = rich()
    hire = HireStudent(1, 1, 1, "Medicine freshman", "A")  # price: 1 book of rank 3 (green)
    s = act(spec, s, hire).state
    assert s.pending == (("shelve", 0, 3),) and s.players[0].storage == (8, 5, 4)
    s = act(spec, s, ShelveTextbooks(1)).state
    assert s.players[0].storage == (7, 5, 4) and s.players[0].shelves[-1] == (False, False, True)

    # milestone: track A3 (1 ducat, 1 ducat, needs 1 student; milestone 2 textbooks)
    spec, s = rich(research=2, row_a=("Arts scholar",))
    s = with_game(s, research_track=("A3", "B2", "C3", "D2", "E1"))
    s = act(spec, s, Research(1, 0)).state
    assert s.players[0].research == 3 and s.pending == (("shelve", 0, 2),)


def test_own_textbooks_from_income_are_placed_before_the_next_round() -> None:
    """Rules 6 and 24b: a Medicine intern's income textbook may go onto the new (empty)
    sale shelf; after the last round's income nothing is asked (kit reading: a stored
    textbook still scores, a shelved one could earn nothing more)."""
    spec, s = blank(3, 0)
    s = with_player(s, 0, row_a=("Medicine intern",))
    for _ in range(3):
        s = act(spec, s, Pass()).state
    assert s.phase == "income" and s.round == 2 and s.pending == (("shelve", 0, 1),)
    s = act(spec, s, ShelveTextbooks(1)).state
    assert s.phase == "action" and s.players[0].shelves[-1] == (False, False, True)
    assert s.players[0].storage == (0, 0, 0)
    s = with_game(s, round=6)
    s = pass_all(spec, s).state
    assert s.phase == "over" and s.pending == () and s.players[0].storage == (1, 0, 0)


def test_a_waiting_decision_survives_json_and_its_actions_too() -> None:
    spec, s = blank(3, 0, ducats=30)
    s = act(spec, s, Antiquarian(1, 1, "red")).state
    back = state_from_struct(json.loads(json.dumps(state_to_struct(s))), spec)
    assert back == s and back.pending == (("shelve", 0, 3),)
    for a in [*legal_actions(spec, s), ReturnBook("dictionary")]:
        assert action_from_struct(json.loads(json.dumps(a.to_struct())), ACTIONS) == a


# -- 2. prerequisites apply to every step (rules 8 and 17) ---------------------------------------
def _needs_4_students(**extra):  # type: ignore[no-untyped-def]
    """Track A1 B2 C3 D3 E1: field 9 = C3 step 3 needs 3 students, field 10 = D3 step 1
    needs 4 students, field 11 pays 4 ducats, field 12 pays 3 prestige."""
    spec, s = rich(**extra)
    return spec, with_game(s, research_track=("A1", "B2", "C3", "D3", "E1"))


def test_prerequisites_apply_to_every_step() -> None:
    """Rule 8: "Die Kosten können ... Grundvoraussetzungen (z.B. drei Studenten im eigenen
    Hörsaal) ... beinhalten." A free step waives the payment, not the requirement.
    Probe: a player with 0 students on the field before "needs 4 students"."""
    spec, s = _needs_4_students(research=9, professors=("History",))
    # the Laboratory: its free step cannot enter field 10, so it offers nothing at all
    assert find(spec, s, lambda a: isinstance(a, Research)) == []
    # a lecture's research step (History) does not enter it either; the book is still paid
    st = act(spec, s, GiveLecture("History", "blue"))
    assert st.state.players[0].research == 9 and st.state.players[0].storage == (5, 4, 5)
    assert any("cannot enter research step 10 (needs 4 students)" in e.text for e in st.events)
    with pytest.raises(IllegalAction):
        act(spec, s, Research(1, 0))


def test_prerequisites_stop_da_vinci_and_student_upgrades_too() -> None:
    """Rules 8 and 17: Da Vinci's and a Medicine researcher's extra free steps need the
    requirement as well. 3 students, marker on 8: the free step enters field 9 (needs 3:
    met; milestone C3 pays 4 ducats); the extra free step would enter field 10 (needs 4)."""
    three = ("Arts scholar", "Law clerk", "Arts orator")
    spec, s = _needs_4_students(research=8, row_a=three, abilities=("Da Vinci",))
    assert find(spec, s, lambda a: isinstance(a, Research)) == [Research(1, 0)]
    p = act(spec, s, Research(1, 0)).state.players[0]
    assert (p.research, p.ducats) == (9, 30 + 4)
    spec, s = _needs_4_students(research=8, row_a=("Medicine researcher", *three[:2]))
    p = act(spec, s, Research(1, 0)).state.players[0]
    assert p.research == 9
    # with a 4th student every step may go on: free 9, Da Vinci 10, paid 11 (4 ducats),
    # 12 (3 prestige), 13 (7 ducats)
    spec, s = _needs_4_students(
        research=8, row_a=(*three, "Law freshman"), abilities=("Da Vinci",), prestige=5
    )
    assert max(a.paid_steps for a in find(spec, s, lambda a: isinstance(a, Research))) == 3
    p = act(spec, s, Research(1, 2)).state.players[0]
    # milestone C3 (field 9) pays 4 ducats, milestone D3 (field 12) 4 prestige
    assert (p.research, p.ducats, p.prestige) == (12, 30 + 4 - 4, 5 - 3 + 4)


# -- 3. final score line 1 counts every textbook (rule 25) ---------------------------------------
def test_final_score_line_1_counts_every_textbook() -> None:
    """Rule 25, line 1: "Jedes Lehrbuch (in Spielerfarbe) bringt ein Geld": books of every
    player colour in storage, not only the own colour; dictionaries are not textbooks.
    Red: storage 2 red + 3 blue + 1 green, 2 dictionaries, 10 ducats: 10 + 6 = 16 ducats,
    line 2 = 4 prestige, 0 left; line 3 = 2."""
    spec, s = blank(3, 0, ducats=10, storage=(2, 3, 1), dictionaries=2)
    score = player_score(spec, s, 0)
    assert [line.points for line in score.lines[:3]] == [0, 4, 2] and score.ducats_left == 0
    only_own = player_score(spec, with_player(s, 0, storage=(2, 0, 0)), 0)
    assert only_own.lines[1].points == 3 and only_own.ducats_left == 0  # (10 + 2) // 4
    assert "any player colour" in RULES[0]
    assert "ANY player colour" in FIELD_HELP["textbooks"]


# -- 4. the player chooses which books to return (rule 23b) -------------------------------------
def test_the_player_chooses_which_books_to_return() -> None:
    """Rule 23b: "muss er überzählige Bücher ... zurücklegen": which ones is the player's
    choice, one book at a time, any colour or a dictionary. Red: limit 7 (a student in B1),
    2 red + 3 blue + 3 green + 2 dictionaries = 10: 3 over."""
    spec, s = blank(3, 0, storage=(2, 3, 3), dictionaries=2)
    s = with_player(s, 0, row_b=("Arts freshman",))
    s = with_player(s, 1, storage=(0, 0, 0), dictionaries=0)
    s = with_player(s, 2, storage=(0, 0, 0), dictionaries=0)
    for _ in range(3):
        s = act(spec, s, Pass()).state
    assert s.phase == "administration" and s.pending == (("return", 0, 3),) and s.current == 0
    assert legal_actions(spec, s) == [
        ReturnBook("red"),
        ReturnBook("blue"),
        ReturnBook("green"),
        ReturnBook("dictionary"),
    ]
    # Red keeps its own textbooks and returns both dictionaries and a green book instead
    s = act(spec, s, ReturnBook("dictionary")).state
    s = act(spec, s, ReturnBook("green")).state
    assert s.pending == (("return", 0, 1),) and s.round == 1
    supply = s.dictionaries
    s = act(spec, s, ReturnBook("dictionary")).state
    p = s.players[0]
    assert (p.storage, p.dictionaries, p.books) == ((2, 3, 2), 0, 7)
    assert s.dictionaries == supply + 1
    assert s.pending == () and s.round == 2 and s.phase == "action"


def test_only_books_held_can_be_returned_and_play_waits_for_the_choice() -> None:
    spec, s = blank(2, 0, storage=(7, 0))  # Red: 1 over the limit of 6, only red books
    s = with_player(s, 1, storage=(0, 0))
    s = act(spec, act(spec, s, Pass()).state, Pass()).state
    assert legal_actions(spec, s) == [ReturnBook("red")]
    with pytest.raises(IllegalAction, match="no blue book"):
        act(spec, s, ReturnBook("blue"))
    with pytest.raises(IllegalAction, match="must first return 1 more"):
        act(spec, s, Pass())
    s = act(spec, s, ReturnBook("red")).state
    with pytest.raises(IllegalAction, match="none is waiting"):
        act(spec, s, ShelveTextbooks(0))


def test_founding_textbooks_are_placed_by_each_player_in_turn_order() -> None:
    """Rules 5 and 6: the founding cards' own textbooks too; the players answer in turn
    order and round 1 begins after the last answer."""
    from gamekit.almamater.rules import new_game, step
    from tests.almamater.helpers import SPECS

    spec = SPECS[3]
    s = new_game(spec, seed=0)
    while not s.pending:
        s = step(spec, s, legal_actions(spec, s)[0]).state
    owners = [seat for _, seat, _ in s.pending]
    assert s.phase == "chancellor" and owners == [x for x in s.order if x in owners]
    s = settle(spec, s, shelve=True).state
    assert s.phase == "action" and s.round == 1
    for seat in owners:
        assert s.players[seat].shelved >= 1


# -- 5. the research model: one track, documented (rules 8 and 17) -------------------------------
def test_research_model_is_one_track_and_says_why() -> None:
    """The free ("green") step and up to 3 paid ("black ring") steps move the same marker
    on the 15 fields of the card track; the data notes and the module say why."""
    from gamekit.almamater import spaces
    from gamekit.almamater.components import load_components

    notes = {n.field: n.text for n in load_components().notes if n.family == "research"}
    assert "ONE research track" in notes["one_track"] and "invented" in notes["one_track"]
    assert "faithful" in (spaces.__doc__ or "")
    spec, s = rich()
    p = act(spec, s, Research(1, 3)).state.players[0]
    assert p.research == 1 + 3  # one marker: free step, then 3 paid steps


def test_the_hand_worked_values_above_assume_these_kit_defaults() -> None:
    """The kit defaults the hand counts in this file use: if a tuning changes one, this test
    names it (update the counts of the tests that use it)."""
    from gamekit.almamater.components import load_components
    from gamekit.almamater.records import Gain, StepCost

    c = load_components()
    b = c.board
    assert [(o.ducats, o.books, o.dictionaries) for o in b.antiquarian[:2]] == [
        (3, 3, 0),
        (5, 4, 0),
    ]
    assert (b.lab_free_steps, b.lab_max_paid, b.storage_empty, len(c.shelves.prices)) == (
        1,
        3,
        6,
        3,
    )
    assert b.campus_columns[0].ranks == (4,) and b.campus_columns[0].dictionaries == 0
    assert c.professor("Anatomy").lecture == Gain(textbooks=3)
    assert c.professor("History").lecture == Gain(research=1)
    assert c.student("Medicine freshman").gain == Gain(textbooks=3)
    assert c.student("Medicine intern").gain == Gain(textbooks=1)
    assert (c.student("Medicine researcher").upgrade, c.student("Medicine researcher").amount) == (
        "laboratory",
        1,
    )
    assert c.chancellor("Da Vinci").amount == 1
    cards = {r.id: r for r in c.research}
    steps = {
        "A1": ("ducats", 1, "textbooks", 1, "ducats", 2),
        "A3": ("ducats", 1, "ducats", 1, "students", 1),
        "B2": ("textbooks", 2, "ducats", 2, "professors", 1),
        "C3": ("textbooks", 3, "ducats", 2, "students", 3),
        "D3": ("students", 4, "ducats", 4, "prestige", 3),
    }
    for cid, flat in steps.items():
        assert cards[cid].steps == tuple(StepCost(*flat[i : i + 2]) for i in (0, 2, 4)), cid
    assert cards["E1"].steps[0] == StepCost("ducats", 7)
    assert (cards["A1"].milestone, cards["A3"].milestone) == (Gain(ducats=2), Gain(textbooks=2))
    assert (cards["C3"].milestone, cards["D3"].milestone) == (Gain(ducats=4), Gain(prestige=4))
