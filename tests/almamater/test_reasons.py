"""Why an action is not allowed: the per-space reasons of gamekit.almamater.checks.

Hand-worked positions on a spec whose numbers are pinned here (so a retuned data file does
not move them): each reason names the space, what is needed and what the player has. Then
a played-games test: for every action tried, ``why_illegal`` is ``None`` exactly when the
action is in ``legal_actions``.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from gamekit.almamater.actions import (
    Antiquarian,
    Bishop,
    BuyTextbooks,
    Colloquium,
    DraftKeep,
    GiveLecture,
    HallOfFame,
    HireProfessor,
    HireStudent,
    Park,
    Pass,
    Research,
)
from gamekit.almamater.bots import BOTS
from gamekit.almamater.checks import why_illegal
from gamekit.almamater.components import load_components
from gamekit.almamater.phrases import PHRASES
from gamekit.almamater.records import AntiquarianOffer, CampusColumn, Gain, ProfessorType, StepCost
from gamekit.almamater.rules import legal_actions, new_game, step
from gamekit.almamater.spec import AlmaMaterSpec, make_spec
from gamekit.almamater.state import GameState, PlayerState, replace
from gamekit.core.actions import Action
from gamekit.core.errors import IllegalAction
from gamekit.core.rng import make_rng


def pinned_spec() -> AlmaMaterSpec:
    """The kit's components with the numbers these tests use written out here."""
    c = load_components()
    board = dataclasses.replace(
        c.board,
        campus_columns=(
            CampusColumn((1,), 0),  # 1 book of the best-reputed colour
            CampusColumn((1, 2), 0),
            CampusColumn((1, 1, 2), 0),
            CampusColumn((1, 2, 3), 1),  # 3 books and a dictionary
        ),
        row_a=2,
        row_b=2,
        starting_student_price=2,
        starting_student_max=3,
        antiquarian=(AntiquarianOffer(3, 2, 0), AntiquarianOffer(5, 0, 1)),
        lab_free_steps=1,
        lab_max_paid=3,
        park_price=3,
        park_max=4,
        dictionary_price=4,
        max_dictionaries=1,
    )
    professors = tuple(
        ProfessorType("Pharmacy", "Medicine", 3, 5, 3, Gain(dictionaries=1))
        if p.name == "Pharmacy"
        else p
        for p in c.professors
    )
    research = tuple(
        dataclasses.replace(
            r, steps=(StepCost("ducats", 1), StepCost("ducats", 2), StepCost("ducats", 3))
        )
        if r.id == "A1"
        else dataclasses.replace(
            r, steps=(StepCost("students", 4), StepCost("ducats", 1), StepCost("ducats", 1))
        )
        if r.id == "B1"
        else r
        for r in c.research
    )
    glory = tuple(
        dataclasses.replace(t, requirements=(("professors", 2), ("students", 1))) for t in c.glory
    )
    shelves = dataclasses.replace(c.shelves, prices=(2, 3, 4), prestige=(2, 1, 1))
    pinned = dataclasses.replace(
        c, board=board, professors=professors, research=research, glory=glory, shelves=shelves
    )
    return make_spec(3, pinned)


SPEC = pinned_spec()


def table(**player: Any) -> GameState:
    """Round 1 of a 3-player game, Red to move with 4 masters and ``player`` fields (every
    seat), research track A1 B1 C1 D1 E1, Pharmacy alone in the Academy, reputation
    Blue, Red, Green."""
    s = new_game(SPEC, seed=0)
    fields: dict[str, Any] = {"storage": (0, 0, 0), "masters": 4, **player}
    players = tuple(
        PlayerState(seat=i, colour=SPEC.colours[i], shelves=s.players[i].shelves, **fields)
        for i in range(3)
    )
    return replace(
        s,
        phase="action",
        round=1,
        order=(0, 1, 2),
        turn=0,
        players=players,
        research_track=("A1", "B1", "C1", "D1", "E1"),
        academy=("Pharmacy",),
        academy_left=(2,),
        academy_paid=(None,),
        reputation=(1, 0, 2),
        bust_chancellors=(*s.bust_extra, s.chancellor_pool[0]),
    )


def red(s: GameState, **changes: Any) -> GameState:
    return replace(s, players=(replace(s.players[0], **changes), *s.players[1:]))


def space(s: GameState, name: str, masters: int) -> GameState:
    spaces = list(s.spaces)
    spaces[SPEC.space_index(name)] = masters
    return replace(s, spaces=tuple(spaces))


def refused(s: GameState, action: Action) -> str:
    """The reason, checked through the engine: IllegalAction, state unchanged."""
    assert action not in legal_actions(SPEC, s)
    with pytest.raises(IllegalAction) as info:
        step(SPEC, s, action)
    assert info.value.action == action
    reason = why_illegal(SPEC, s, action)
    assert info.value.reason == reason
    # the reason as data: the same English from the phrasebook, and German words for a
    # German table with no English word of the templates left (issue 25)
    from tests.almamater.test_words import english_words  # it imports this module

    words = info.value.words
    assert words is not None and PHRASES.text(words) == reason
    german = PHRASES.text(words, "de")
    assert not english_words(german) and german != reason, (reason, german)
    return reason


# -- placing masters ---------------------------------------------------------------------
def test_no_masters_left_and_too_few_for_the_bishop() -> None:
    s = table(ducats=10, placed=4)
    assert refused(s, Park(1, 1)) == "you have no masters left"
    assert refused(s, Bishop(1)) == "you have no masters left"
    s = table(ducats=10)
    assert refused(s, Bishop(5)) == "you have only 4 free masters, not 5"
    assert why_illegal(SPEC, s, Bishop(4)) is None  # the Bishop is never full


def test_an_occupied_space_needs_one_master_more() -> None:
    s = space(table(ducats=10), "park", 2)  # the last user placed 2: 3 needed now
    assert refused(s, Park(2, 1)) == "Park needs 3 masters now (its last user placed 2), not 2"
    s2 = red(s, placed=2)
    assert (
        refused(s2, Park(3, 1))
        == "Park needs 3 masters now (its last user placed 2); you have 2 free"
    )
    assert refused(table(ducats=10), Park(2, 1)) == "Park needs 1 master now (it is free), not 2"


def test_pereira_uses_an_occupied_space_with_one_master_once_a_round() -> None:
    pereira = SPEC.ability_of["use_as_another"]
    s = space(table(ducats=10), "park", 2)
    assert refused(s, Park(1, 1, True)) == "you do not have Pereira's ability"
    s = red(s, abilities=(pereira,))
    assert why_illegal(SPEC, s, Park(1, 1, True)) is None
    assert refused(red(s, pereira_used=True), Park(1, 1, True)) == (
        "you have already used Pereira's ability this round"
    )
    free = space(s, "park", 0)
    assert (
        refused(free, Park(1, 1, True)) == "Park is free: Pereira's ability uses an occupied space"
    )


# -- the spaces --------------------------------------------------------------------------------
def test_academy_books_ducats_and_the_first_buyers_colour() -> None:
    # Pharmacy (pinned): 3 books and 5 ducats for the first buyer
    s = table(ducats=10, storage=(1, 0, 0))
    assert refused(s, HireProfessor(1, "Pharmacy", "red")) == (
        "the Academy's Medicine professor Pharmacy needs 3 red books; you have 1"
    )
    assert refused(s, HireProfessor(1, "Pharmacy", "dictionary")) == (
        "the Academy's Medicine professor Pharmacy needs 3 dictionaries; you have 0"
    )
    poor = table(ducats=2, storage=(3, 0, 0))
    assert refused(poor, HireProfessor(1, "Pharmacy", "red")) == (
        "the first buyer of Pharmacy also pays 5 ducats; you have 2"
    )
    later = replace(poor, academy_paid=("blue",))  # Blue paid first: later buyers pay blue
    assert refused(later, HireProfessor(1, "Pharmacy", "red")) == (
        "Pharmacy's first buyer paid 3 blue books: every later buyer pays the same"
    )
    assert (
        why_illegal(SPEC, red(later, storage=(0, 3, 0)), HireProfessor(1, "Pharmacy", "blue"))
        is None
    )
    gone = replace(s, academy_left=(0,))
    assert refused(gone, HireProfessor(1, "Pharmacy", "red")) == (
        "the Academy's Medicine professor Pharmacy is taken: none is left"
    )
    assert refused(s, HireProfessor(1, "Anatomy", "red")).startswith(
        "Anatomy is not in the Academy this game"
    )


def test_laboratory_requirements_and_paid_steps() -> None:
    # track A1 (pinned 1, 2, 3 ducats), B1 (pinned: needs 4 students, then 1, 1 ducats)
    s = red(table(ducats=3), research=3)
    assert refused(s, Research(1, 0)) == (
        "the Laboratory's next field (research step 4) needs 4 students in your lecture halls; "
        "you have 0"
    )
    s = table(ducats=3)  # free step onto field 1; paid steps onto 2 (2 ducats), 3 (3 ducats)
    assert why_illegal(SPEC, s, Research(1, 1)) is None
    assert refused(s, Research(1, 2)) == "paid research steps 2 to 3 cost 5 ducats; you have 3"
    assert (
        refused(red(s, ducats=1), Research(1, 1))
        == "paid research step 2 costs 2 ducats; you have 1"
    )
    rich = red(s, ducats=20, research=1)  # free onto 2, paid onto 3, then field 4 needs students
    assert refused(rich, Research(1, 2)) == (
        "research step 4 needs 4 students in your lecture halls; you have 0"
    )
    assert refused(s, Research(1, 4)) == "the Laboratory sells 0 to 3 paid steps, not 4"


def test_campus_price_by_reputation_rank_and_full_rows() -> None:
    s = table()  # reputation: Blue first, Red second, Green third
    student = s.campus[0][1]
    hire = HireStudent(1, 1, 2, student, "A")  # column 2: ranks 1 and 2 = 1 blue + 1 red
    assert refused(s, hire) == f"{student} costs 1 red book; you have 0"
    assert refused(red(s, storage=(1, 0, 0)), hire) == f"{student} costs 1 blue book; you have 0"
    col3 = HireStudent(1, 1, 3, s.campus[0][2], "B")  # ranks 1, 1, 2 = 2 blue + 1 red
    assert (
        refused(red(s, storage=(1, 1, 0)), col3)
        == f"{s.campus[0][2]} costs 2 blue books; you have 1"
    )
    col4 = HireStudent(1, 1, 4, s.campus[0][3], "A")  # 1 of each colour and a dictionary
    assert (
        refused(red(s, storage=(1, 1, 1)), col4)
        == f"{s.campus[0][3]} costs 1 dictionary; you have 0"
    )
    full = red(s, storage=(5, 5, 5), row_a=(student, student))
    assert refused(full, hire) == "row A of your lecture halls is full (2 students)"
    assert why_illegal(SPEC, full, replace(hire, hall="B")) is None
    empty = replace(s, campus_left=((3, 0, 3, 3), *s.campus_left[1:]))
    assert refused(empty, hire) == f"no {student} is left at Campus row 1"
    assert refused(s, replace(hire, student="Nobody")) == (
        f"the student at Campus row 1, column 2 is {student}, not Nobody"
    )


def test_starting_student_antiquarian_and_park_prices() -> None:
    s = table(ducats=5)
    assert refused(s, BuyTextbooks(1, 3)) == "3 own textbooks cost 6 ducats; you have 5"
    assert refused(s, BuyTextbooks(1, 4)) == (
        "the starting student sells 1 to 3 own textbooks a visit, not 4"
    )
    assert refused(red(s, ducats=2), Antiquarian(1, 1, "red")) == (
        "the Antiquarian's offer 1 costs 3 ducats; you have 2"
    )
    assert refused(replace(s, dictionaries=0), Antiquarian(1, 2, "none")) == (
        "offer 2 includes 1 dictionary; the supply has 0 dictionaries"
    )
    assert refused(s, Park(1, 2)) == "2 prestige at the Park cost 6 ducats; you have 5"
    assert refused(s, Park(1, 5)) == "the Park sells 1 to 4 prestige a visit, not 5"


def test_colloquium_shelves_masters_and_price() -> None:
    s = table(ducats=10)
    players = list(s.players)
    players[1] = replace(players[1], shelves=(*players[1].shelves[:-1], (False, True, True)))
    s = replace(s, players=tuple(players))  # Blue sells at 4 (right) then 3 ducats
    assert why_illegal(SPEC, s, Colloquium(2, "blue", 2, False)) is None
    assert refused(s, Colloquium(3, "blue", 2, True)) == (
        "that costs 11 ducats at the Colloquium; you have 10"
    )
    assert refused(s, Colloquium(2, "blue", 2, True)) == (
        "the Colloquium takes one master per book and one for a dictionary: 3, not 2"
    )
    assert refused(s, Colloquium(3, "blue", 3, False)) == "Blue's sale shelf holds 2 books, not 3"
    assert refused(s, Colloquium(1, "red", 1, False)) == "you cannot buy from your own sale shelf"
    assert refused(replace(s, dictionaries=0), Colloquium(1, "none", 0, True)) == (
        "the supply has no dictionaries left"
    )


def test_hall_of_fame_requirements_and_empty_stacks() -> None:
    s = table(professors=("Pharmacy",))
    tile = s.glory[0]  # every tile pinned: 2 professors and 1 student
    assert refused(s, HallOfFame(1, tile)) == f"glory tile {tile} needs 2 professors; you have 1"
    ok = red(s, professors=("Pharmacy", "Anatomy"), row_b=(s.campus[0][0],))
    assert why_illegal(SPEC, ok, HallOfFame(1, tile)) is None
    assert refused(replace(ok, busts_left=(0, 1, 1)), HallOfFame(1, tile)) == (
        f"the bust stack of glory tile {tile} is empty"
    )
    assert refused(red(ok, busts=(tile,)), HallOfFame(1, tile)) == (
        f"you already have 1 bust from glory tile {tile}"
    )


def test_lectures_need_an_unexhausted_professor_and_a_book() -> None:
    s = table(professors=("Pharmacy",), storage=(0, 1, 0))
    assert why_illegal(SPEC, s, GiveLecture("Pharmacy", "blue")) is None
    assert refused(s, GiveLecture("Pharmacy", "red")) == "a lecture costs 1 red book; you have none"
    tired = red(s, exhausted=("Pharmacy",))
    assert refused(tired, GiveLecture("Pharmacy", "blue")) == (
        "Pharmacy has already lectured this round (exhausted)"
    )
    assert refused(s, GiveLecture("Anatomy", "blue")) == "you have no professor Anatomy"


def test_setup_choices_name_what_is_there() -> None:
    s = new_game(SPEC, seed=0)
    hand = ", ".join(sorted(s.players[0].hand))
    missing = next(f.id for f in SPEC.components.founding if f.id not in s.players[0].hand)
    assert refused(s, DraftKeep(missing)) == f"founding card {missing} is not in your hand ({hand})"


# -- the reasons agree with legal_actions -------------------------------------------------------
def _variants(a: Action) -> list[Action]:
    out = []
    for name, value in ((f.name, getattr(a, f.name)) for f in dataclasses.fields(a)):
        if isinstance(value, bool):
            out.append(replace(a, **{name: not value}))
        elif isinstance(value, int):
            out += [replace(a, **{name: value + 1}), replace(a, **{name: value - 1})]
    return out


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_why_illegal_is_none_exactly_for_the_legal_actions(players: int, seed: int) -> None:
    """Played random games: every legal action has no problem; every other action tried
    (legal somewhere else in the game, or one field off a legal one) has a reason."""
    spec = make_spec(players)
    rng = make_rng(seed)
    state = new_game(spec, seed=seed)
    seen: list[Action] = []
    tried = 0
    while state.phase != "over":
        legal = legal_actions(spec, state)
        for a in legal:
            assert why_illegal(spec, state, a) is None, (a, state.phase)
        pool = {*seen[-300:], *(v for a in legal for v in _variants(a))} - set(legal)
        for a in pool:
            reason = why_illegal(spec, state, a)
            assert reason and reason != "not possible now", (a, state.phase)
            tried += 1
        seen.extend(a for a in legal if not isinstance(a, Pass))
        state = step(spec, state, BOTS["random"](spec, state, legal, rng)).state
    assert tried > 1000
