"""Action-phase rules: placement costs, lectures, passing and every action space."""

from __future__ import annotations

import pytest

from gamekit.almamater.actions import (
    Antiquarian,
    Bishop,
    BuyTextbooks,
    Colloquium,
    GiveLecture,
    HallOfFame,
    HireProfessor,
    HireStudent,
    Park,
    Pass,
    Research,
    ShelveTextbooks,
)
from gamekit.almamater.rules import legal_actions
from gamekit.core.errors import IllegalAction
from tests.almamater.helpers import act, blank, find, settle, with_game, with_player

# 3 players, seed 0: research track A1 B2 C3 D2 E1; glory tiles a3 b3 c2 with busts under
# Glareanus, Erasmus, Pereira; academy History Music Pharmacy Botany Canon law Civil law
# Astronomy Arithmetic; campus row 1 = Medicine freshman, Law clerk, Law advocate, Law laureate.


def rich(**extra):  # type: ignore[no-untyped-def]
    spec, s = blank(3, 0, ducats=30, storage=(5, 5, 5), dictionaries=3, **extra)
    return spec, with_game(s, reputation=(0, 1, 2))


# -- placement costs -----------------------------------------------------------------
def test_an_occupied_space_needs_one_master_more_than_its_last_user() -> None:
    """Rule 11: an occupied action space needs one master more than its last user placed there."""
    spec, s = rich()
    s = act(spec, s, Park(1, 1)).state  # seat 0: 1 master
    assert s.spaces[spec.space_index("park")] == 1
    assert find(spec, s, lambda a: isinstance(a, Park)) == [Park(2, k) for k in range(1, 5)]
    with pytest.raises(IllegalAction, match="needs 2 masters now"):
        act(spec, s, Park(1, 1))
    s = act(spec, s, Park(2, 1)).state  # seat 1
    s = act(spec, s, Pass()).state  # seat 2
    assert find(spec, s, lambda a: isinstance(a, Park)) == [Park(3, 1)] + [
        Park(3, k) for k in range(2, 5)
    ]
    s = act(spec, s, Park(3, 1)).state  # seat 0 again: 1 + 3 = 4 masters placed
    assert s.players[0].placed == 4 and s.players[0].free_masters == 0


def test_bishop_and_colloquium_take_any_number_without_the_rule() -> None:
    """Rule 11: the Bishop and the Colloquium take any number of masters, never escalating."""
    spec, s = rich()
    s = act(spec, s, Bishop(3)).state
    assert [a for a in legal_actions(spec, s) if isinstance(a, Bishop)] == [
        Bishop(m) for m in range(1, 5)
    ]
    assert s.spaces[spec.space_index("bishop")] == 0


def test_agricola_needs_one_master_fewer_on_occupied_spaces() -> None:
    """Chancellor Agricola (kit default 1): as many masters as the last user placed."""
    spec, s = rich()
    s = with_player(s, 1, abilities=("Agricola",))
    s = act(spec, s, Park(1, 1)).state
    assert find(spec, s, lambda a: isinstance(a, Park))[0] == Park(1, 1)


def test_pereira_uses_an_occupied_space_with_one_master_once_a_round() -> None:
    """Chancellor Pereira (kit default): once a round, one master on Pereira takes an occupied
    space's action; the space's count is unchanged."""
    spec, s = rich()
    s = with_player(s, 1, abilities=("Pereira",))
    s = act(spec, s, Park(1, 1)).state
    via = Park(1, 2, pereira=True)
    assert via in legal_actions(spec, s)
    s = act(spec, s, via).state
    p = s.players[1]
    assert (p.placed, p.pereira_used, p.prestige) == (1, True, 2)
    assert s.spaces[spec.space_index("park")] == 1
    s = act(spec, s, Pass()).state
    s = act(spec, s, Pass()).state
    assert not any(getattr(a, "pereira", False) for a in legal_actions(spec, s))


# -- lectures and passing ---------------------------------------------------------------
def test_a_lecture_pays_one_book_and_exhausts_the_professor() -> None:
    """Rule 12: a lecture pays one book to use a ready professor, who is then exhausted."""
    spec, s = rich(professors=("Canon law",))
    lectures = find(spec, s, lambda a: isinstance(a, GiveLecture))
    assert lectures == [GiveLecture("Canon law", c) for c in ("red", "blue", "green")]
    st = act(spec, s, GiveLecture("Canon law", "blue"))
    assert st.state.pending == (("shelve", 0, 1),)  # where does the new textbook go?
    st = act(spec, st.state, ShelveTextbooks(0))
    p = st.state.players[0]
    # Canon law: 2 ducats and 1 textbook
    assert (p.storage, p.ducats, p.exhausted) == ((6, 4, 5), 32, ("Canon law",))
    s = act(spec, st.state, Pass()).state
    s = act(spec, s, Pass()).state
    assert not find(spec, s, lambda a: isinstance(a, GiveLecture))


def test_alberti_lectures_cost_no_book() -> None:
    spec, s = rich(professors=("Civil law",), abilities=("Alberti",))
    assert find(spec, s, lambda a: isinstance(a, GiveLecture)) == [GiveLecture("Civil law", "none")]
    p = act(spec, s, GiveLecture("Civil law", "none")).state.players[0]
    assert p.storage == (5, 5, 5) and p.research == 1  # a gained research step is used at once


def test_paracelsus_readies_the_first_lecturer_again() -> None:
    """The professors of the first ``amount`` lectures of a round are readied at once (the
    kit's amount, 2 since issue 27's thirteenth round); the next lecture exhausts as usual."""
    spec, s = rich(professors=("Canon law",), abilities=("Paracelsus",))
    amount = next(c.amount for c in spec.components.chancellors if c.name == "Paracelsus")
    assert amount >= 1
    for used in range(1, amount + 1):
        s = settle(spec, act(spec, s, GiveLecture("Canon law", "red")).state).state
        assert s.players[0].exhausted == () and s.players[0].paracelsus_used == used
        if used == 1:  # the others pass: Red lectures on, turn after turn
            s = act(spec, act(spec, s, Pass()).state, Pass()).state
    assert s.current == 0
    s = settle(spec, act(spec, s, GiveLecture("Canon law", "red")).state).state
    assert s.players[0].exhausted == ("Canon law",)


def test_a_passed_player_is_skipped_and_the_phase_ends_when_all_pass() -> None:
    """Rule 10: a player who passes is out for the rest of the phase; it ends when all passed."""
    spec, s = rich()
    s = act(spec, s, Pass()).state
    assert s.current == 1
    s = act(spec, s, Bishop(1)).state
    s = act(spec, s, Pass()).state
    assert s.current == 1  # seat 0 and seat 2 passed
    s = act(spec, s, Pass()).state
    # each player holds 15 books + 3 dictionaries, 12 over the limit of 6: they choose
    assert s.phase == "administration" and s.pending[0] == ("return", 1, 12)  # Bishop first
    s = settle(spec, s).state
    assert s.round == 2 and s.phase == "action"


# -- campus ------------------------------------------------------------------------------
def test_student_prices_follow_reputation_rank() -> None:
    """Rule 13: column prices are books by reputation rank, not fixed colours (kit default columns:
    1 of rank 4, rank 3 + rank 2, rank 2 + rank 1, 2 x rank 1 + a dictionary; ranks beyond
    the players mean the lowest rank)."""
    spec, s = rich()
    s = with_game(s, reputation=(2, 0, 1))  # green best, then red, then blue
    # Row 1, column 1 (Medicine freshman): 1 book of rank 4 -> rank 3 with 3 players (blue)
    s1 = act(spec, s, HireStudent(1, 1, 1, "Medicine freshman", "A")).state
    assert s1.players[0].storage == (5 + 3, 4, 5)  # Medicine freshman gives 3 textbooks
    # column 3 (Law advocate): a rank-2 (red) and a rank-1 (green) book
    s3 = act(spec, s, HireStudent(1, 1, 3, "Law advocate", "A")).state
    assert s3.players[0].storage == (4, 5, 4)
    # the same column costs other colours once the ranks change
    s3b = act(
        spec, with_game(s, reputation=(1, 2, 0)), HireStudent(1, 1, 3, "Law advocate", "A")
    ).state
    assert s3b.players[0].storage == (5, 4, 4)
    # column 4 (Law laureate): 2 rank-1 books (green) and a dictionary
    s4 = act(spec, s, HireStudent(1, 1, 4, "Law laureate", "B")).state
    p = s4.players[0]
    assert (p.storage, p.dictionaries, p.row_b, p.prestige) == ((5, 5, 3), 2, ("Law laureate",), 7)
    assert s4.campus_left[0][3] == 2


def test_a_student_goes_into_row_a_or_b_while_there_is_a_free_slot() -> None:
    spec, s = rich(row_a=("Arts freshman",) * 6)
    halls = {a.hall for a in find(spec, s, lambda a: isinstance(a, HireStudent))}
    assert halls == {"B"}


def test_a_marked_slot_gives_one_extra_master_once() -> None:
    """Rule 22: a student in a marked lecture-hall slot gives a master (kit: A4, B4; once)."""
    spec, s = rich(row_a=("Arts freshman",) * 3, row_b=("Arts freshman",) * 3)
    s = act(spec, s, HireStudent(1, 4, 1, "Mathematics freshman", "A")).state
    assert s.players[0].masters == 5 and s.players[0].extra == ("slot",)
    s = act(spec, act(spec, s, Pass()).state, Pass()).state
    s = act(spec, s, HireStudent(2, 4, 1, "Mathematics freshman", "B")).state
    assert s.players[0].masters == 5


def test_biringuccio_pays_for_students_in_row_b() -> None:
    spec, s = rich(abilities=("Biringuccio",))
    p = act(spec, s, HireStudent(1, 4, 1, "Mathematics freshman", "B")).state.players[0]
    assert p.ducats == 32


# -- starting student, academy, antiquarian ---------------------------------------------------
def test_starting_student_buys_own_textbooks_to_storage_or_the_sale_shelf() -> None:
    """Rules 14 and 6: the starting student buys own textbooks (kit: 1 ducat each, up to 6); own
    textbooks may go straight into the library, filling the sale shelf right to left."""
    spec, s = rich()
    s = act(spec, s, BuyTextbooks(1, 3)).state
    assert s.pending == (("shelve", 0, 3),) and s.current == 0
    assert legal_actions(spec, s) == [ShelveTextbooks(k) for k in range(4)]
    shelved = act(spec, s, ShelveTextbooks(2))
    # one decision, one log line: the books go straight onto the shelf (rule 6), so no
    # second line says they came "from storage" (newcomer audit 7, finding 2)
    assert [e.text for e in shelved.events if e.kind in ("books", "shelf")] == [
        "Red puts 2 textbooks onto the sale shelf (own textbooks go straight into the library)"
    ]
    s = shelved.state
    p = s.players[0]
    assert (p.ducats, p.textbooks, p.shelves[-1]) == (27, 6, (False, True, True))
    assert p.starting_student == 1
    s = act(spec, act(spec, s, Pass()).state, Pass()).state
    assert find(spec, s, lambda a: isinstance(a, BuyTextbooks))[0] == BuyTextbooks(2, 1)


def test_academy_first_buyer_price_rule() -> None:
    """Rule 15: the first buyer of a professor type pays books and ducats; every later buyer pays
    exactly the books the first buyer paid, and no ducats."""
    spec, s = rich()
    options = find(spec, s, lambda a: isinstance(a, HireProfessor) and a.professor == "Music")
    # Music: 2 books of one colour (kit default; 3 until issue 27's twentieth round) and 6
    # ducats; 2 dictionaries pay too
    assert [a.pay for a in options] == ["red", "blue", "green", "dictionary"]
    s = act(spec, s, HireProfessor(1, "Music", "blue")).state
    p = s.players[0]
    assert (p.storage, p.ducats, p.professors) == ((5, 3, 5), 24, ("Music",))
    options = find(spec, s, lambda a: isinstance(a, HireProfessor) and a.professor == "Music")
    assert options == [HireProfessor(2, "Music", "blue")]
    p = act(spec, s, HireProfessor(2, "Music", "blue")).state.players[1]
    assert (p.storage, p.ducats) == ((5, 3, 5), 30)
    # a player holds one professor of each type (kit default)
    assert "Music" in p.professors


def test_antiquarian_sells_books_of_one_colour_and_dictionaries() -> None:
    """Rule 16: books and dictionaries from the supply for 3 to 9 ducats (kit offers)."""
    spec, s = rich()
    s2 = act(spec, s, Antiquarian(1, 2, "green")).state
    # offer 2: 4 books for 5 ducats (kit default)
    assert s2.players[0].storage == (5, 5, 9) and s2.players[0].ducats == 25
    s4 = act(spec, s, Antiquarian(1, 4, "blue")).state
    p = s4.players[0]
    assert (p.storage, p.dictionaries, p.ducats, s4.dictionaries) == (
        (5, 7, 5),
        5,
        21,
        s.dictionaries - 2,
    )


# -- laboratory ----------------------------------------------------------------------------
def test_laboratory_free_step_then_up_to_three_paid_steps() -> None:
    """Rule 17: one step is free, then up to 3 more, each paid by the cost printed on it.
    Track A1 (ducats 1, textbooks 1, ducats 2; milestone 2 ducats), B2 (textbooks 2, ducats 2,
    professors 1)."""
    spec, s = rich()
    assert [a.paid_steps for a in find(spec, s, lambda a: isinstance(a, Research))] == [0, 1, 2, 3]
    p = act(spec, s, Research(1, 3)).state.players[0]
    # free step 1; paid steps 2 (1 textbook), 3 (2 ducats, then milestone A: +2), 4 (2 textbooks)
    assert (p.research, p.textbooks, p.ducats) == (4, 5 - 1 - 2, 30 - 2 + 2)


def test_requirement_steps_need_what_they_say() -> None:
    # rule 8, from step 3: free step 4; paid step 5 (2 ducats), step 6 (needs 1 professor), step 7
    # (C3: 3 textbooks)
    spec, s = rich(research=3)
    assert max(a.paid_steps for a in find(spec, s, lambda a: isinstance(a, Research))) == 1
    spec, s = rich(research=3, professors=("Music",))
    assert max(a.paid_steps for a in find(spec, s, lambda a: isinstance(a, Research))) == 3


def test_da_vinci_takes_an_extra_free_step() -> None:
    spec, s = rich(abilities=("Da Vinci",))
    p = act(spec, s, Research(1, 0)).state.players[0]
    assert (p.research, p.ducats, p.textbooks) == (2, 30, 5)


# -- park, bishop, colloquium, hall of fame ----------------------------------------------------
def test_park_buys_prestige_for_ducats() -> None:
    """Rule 18: prestige for ducats (kit default rate)."""
    spec, s = rich()
    p = act(spec, s, Park(1, 4)).state.players[0]
    assert (p.ducats, p.prestige) == (30 - 12, 4)


def test_bishop_pays_by_masters_and_erasmus_adds() -> None:
    """Rule 19: ducats by the number of masters placed (kit default payouts 1, 3, 5, 7, ...:
    one big visit pays more than proportionally); Erasmus adds 2."""
    spec, s = rich()
    assert act(spec, s, Bishop(3)).state.players[0].ducats == 30 + 5
    assert act(spec, s, Bishop(4)).state.players[0].ducats == 30 + 7 > 30 + 4 * 1
    spec, s = rich(abilities=("Erasmus",))
    assert act(spec, s, Bishop(1)).state.players[0].ducats == 30 + 1 + 2


def test_colloquium_buys_right_to_left_paying_the_owner() -> None:
    """Rules 20, 7: books from another's sale shelf, right to left, at its compartment's price
    (kit 4, 3, 2 from the left), paid to the owner, who also scores its prestige (2, 1, 0)."""
    spec, s = rich()
    s = with_player(s, 1, shelves=(*s.players[1].shelves[:-1], (True, True, True)))
    st = act(spec, s, Colloquium(2, "blue", 2, False))
    buyer, seller = st.state.players[0], st.state.players[1]
    assert (buyer.ducats, buyer.storage) == (30 - 2 - 3, (5, 7, 5))
    # prestige 0 (rightmost compartment) + 1 (middle)
    assert (seller.ducats, seller.prestige, seller.shelves[-1]) == (30 + 5, 1, (True, False, False))
    assert sum(e.amount or 0 for e in st.events if e.kind == "ducats") == 0


def test_colloquium_dictionary_and_marschalk_bonus() -> None:
    spec, s = rich()
    s = with_player(
        s, 1, shelves=(*s.players[1].shelves[:-1], (False, False, True)), abilities=("Marschalk",)
    )
    st = act(spec, s, Colloquium(2, "blue", 1, True))
    # the book 2 ducats, the dictionary board.toml's dictionary_price (2 since issue 27's
    # twentieth round)
    price = spec.components.board.dictionary_price
    assert st.state.players[0].dictionaries == 4 and st.state.players[0].ducats == 30 - 2 - price
    assert st.state.players[1].ducats == 30 + 2 + 1


def test_hall_of_fame_bust_gives_the_chancellor_ability_and_a_master() -> None:
    """Rule 21: meeting all requirements of a glory tile takes its bust and, from now on, the
    chancellor's ability; the first glory tile also gives an extra master (kit default)."""
    spec, s = rich(research=4)
    assert find(spec, s, lambda a: isinstance(a, HallOfFame)) == [
        HallOfFame(1, "a3"),
        HallOfFame(1, "b3"),
    ]
    s = act(spec, s, HallOfFame(1, "b3")).state  # b3 has the Erasmus stack
    p = s.players[0]
    assert (p.busts, p.abilities, p.masters, s.busts_left) == (("b3",), ("Erasmus",), 5, (4, 3, 4))
    s = act(spec, act(spec, s, Pass()).state, Pass()).state
    tiles = [a.tile for a in find(spec, s, lambda a: isinstance(a, HallOfFame))]
    assert tiles == ["a3"]  # one bust per tile per player


def test_reaching_15_prestige_gives_an_extra_master_but_never_more_than_6() -> None:
    spec, s = rich(prestige=14, masters=6, extra=("slot", "glory"))
    p = act(spec, s, Park(1, 1)).state.players[0]
    assert p.masters == 6 and p.prestige == 15
    spec, s = rich(prestige=14)
    p = act(spec, s, Park(1, 1)).state.players[0]
    assert p.masters == 5


# -- illegal actions -----------------------------------------------------------------------------
def test_illegal_action_raises_with_reason_and_leaves_the_state_unchanged() -> None:
    spec, s = blank(3, 0)  # no ducats, no books
    before = s
    with pytest.raises(IllegalAction) as info:
        act(spec, s, Park(1, 2))
    assert info.value.reason == "2 prestige at the Park cost 6 ducats; you have 0"
    with pytest.raises(IllegalAction, match="free masters"):
        act(spec, s, Bishop(5))
    with pytest.raises(IllegalAction, match="not allowed in the action phase"):
        from gamekit.almamater.actions import DraftKeep

        act(spec, s, DraftKeep("F01"))
    assert s == before


# -- student effects: immediate, income (see test_rounds), end (see test_scoring), upgrades -----
def test_student_upgrades_improve_their_action_spaces() -> None:
    """Student effect vocabulary, action upgrades (kit defaults): Medicine researcher +1 free
    Laboratory step, Law advocate +2 textbooks at the starting student, Arts orator +2 ducats
    at the Bishop, Law clerk 2 ducats off at the Antiquarian."""
    spec, s = rich(
        row_a=("Medicine researcher", "Law advocate"), row_b=("Arts orator", "Law clerk")
    )
    p = act(spec, s, Research(1, 0)).state.players[0]
    assert (p.research, p.ducats) == (2, 30)
    p = act(spec, s, BuyTextbooks(1, 1)).state.players[0]
    assert (p.textbooks, p.ducats) == (5 + 1 + 2, 29)  # 1 ducat a textbook (kit default)
    p = act(spec, s, Bishop(1)).state.players[0]
    assert p.ducats == 30 + 1 + 2
    p = act(spec, s, Antiquarian(1, 1, "red")).state.players[0]
    assert (p.ducats, p.storage) == (30 - 1, (5 + 3, 5, 5))  # the 3-ducat offer: 3 books


def test_glareanus_bust_pays_the_discarded_card_at_once() -> None:
    """Glareanus gained later at the hall of fame gives the discarded card's resources then."""
    spec, s = rich(research=4)  # tile a3 (research 4) has the Glareanus stack
    card = spec.founding[s.players[0].discarded or ""]
    p = act(spec, s, HallOfFame(1, "a3")).state.players[0]
    assert p.abilities == ("Glareanus",)
    assert p.ducats == 30 + card.gain.ducats and p.dictionaries == 3 + card.gain.dictionaries


def test_actions_read_as_words() -> None:
    assert str(HireStudent(2, 1, 3, "Law advocate", "B")) == (
        "place 2 masters on Campus row 1: hire Law advocate (price column 3) into row B"
    )
    assert (
        str(HireProfessor(1, "Music", "dictionary"))
        == "place 1 master on the Academy: hire Music (pay dictionaries)"
    )
    assert (
        str(Colloquium(3, "blue", 2, True))
        == "place 3 masters on the Colloquium: buy 2 blue books and buy a dictionary"
    )
    assert (
        str(Park(1, 2, pereira=True)) == "place 1 master on Pereira to use the Park: buy 2 prestige"
    )
    assert str(GiveLecture("Optics", "none")) == "give a lecture: Optics (pay no book (Alberti))"
    assert repr(Bishop(2)) == "Bishop(masters=2)"


def test_describe_spells_out_prices_of_this_position() -> None:
    from gamekit.almamater.rules import describe

    spec, s = rich()
    s = with_game(s, reputation=(2, 0, 1))
    assert describe(spec, s, HireStudent(1, 1, 4, "Law laureate", "A")) == (
        "place 1 master on Campus row 1: hire Law laureate "
        "(price: 2 green books, 1 dictionary) into row A"
    )
    assert describe(spec, s, HireProfessor(1, "Music", "red")) == (
        "place 1 master on the Academy: hire Music (pay 2 red books and 6 ducats)"
    )
    assert describe(spec, s, Antiquarian(1, 4, "blue")) == (
        "place 1 master on the Antiquarian: buy 2 blue books and 2 dictionaries for 9 ducats"
    )


def test_supplies_run_out_professor_copies_and_bust_stacks() -> None:
    """Facts: 3 cards per professor type; 4 busts per stack. Empty supplies offer nothing."""
    spec, s = rich(research=4)
    i = s.academy.index("Music")
    s = with_game(s, academy_left=tuple(0 if j == i else n for j, n in enumerate(s.academy_left)))
    assert not find(spec, s, lambda a: isinstance(a, HireProfessor) and a.professor == "Music")
    s = with_game(s, busts_left=(0, 4, 4))
    assert [a.tile for a in find(spec, s, lambda a: isinstance(a, HallOfFame))] == ["b3"]


def test_no_buying_from_your_own_sale_shelf_and_the_track_ends_at_15() -> None:
    spec, s = rich(research=15)
    s = with_player(s, 0, shelves=(*s.players[0].shelves[:-1], (True, True, True)))
    assert not find(spec, s, lambda a: isinstance(a, Colloquium) and a.seller == "red")
    assert not find(spec, s, lambda a: isinstance(a, Research))


def test_a_sale_can_give_the_seller_an_extra_master_on_another_players_turn() -> None:
    """Extra master for reaching 15 prestige, whenever it happens."""
    spec, s = rich()
    s = with_player(s, 1, prestige=13, shelves=(*s.players[1].shelves[:-1], (True, False, False)))
    st = act(spec, s, Colloquium(1, "blue", 1, False))  # compartment 1: 4 ducats, 2 prestige
    seller = st.state.players[1]
    assert (seller.prestige, seller.masters, seller.extra) == (15, 5, ("prestige",))


def test_pereira_is_not_for_the_open_spaces_or_a_free_space() -> None:
    spec, s = rich(abilities=("Pereira",))
    assert not any(getattr(a, "pereira", False) for a in legal_actions(spec, s))
    s = act(spec, s, Bishop(1)).state
    s = act(spec, act(spec, s, Pass()).state, Pass()).state
    assert not any(getattr(a, "pereira", False) for a in legal_actions(spec, s))
