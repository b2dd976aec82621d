"""Pereira at the player's own starting student (rules audit 7, finding 3).

Rule 11 makes an occupied space need one master more than its last user placed; the kit
applies it to the starting student too (the player's own space: a second visit in a round
needs 2 masters). Pereira's ability ("once per round, take the action of an occupied space
with 1 master placed on Pereira instead") names no exception, so it is offered there as on
every other occupied space, through the same ways of placing (``ways_to_use``).

Positions: 3 players, seed 0, every player with 30 ducats, 5 books of each colour and 3
dictionaries (``rich``); Red (seat 0) starts. The own textbooks' price and the most a visit are
read from the kit (today 1 ducat each, at most 6 a visit): the rule is checked, not the values.
"""

from __future__ import annotations

import pytest

from gamekit.almamater.actions import BuyTextbooks, Pass, ShelveTextbooks
from gamekit.almamater.checks import why_illegal
from gamekit.almamater.phrases import PHRASES
from gamekit.almamater.rules import legal_actions
from gamekit.almamater.state import replace
from gamekit.almamater.words import describe
from gamekit.core.errors import IllegalAction
from tests.almamater.helpers import SPECS, act, blank, find, with_game

BOARD = SPECS[3].components.board
PRICE = BOARD.starting_student_price  # ducats an own textbook (kit default 1)
MOST = BOARD.starting_student_max  # own textbooks a visit at most (kit default 6)
COUNTS = range(1, MOST + 1)  # every count a visit may buy, when the ducats allow it


def rich(**extra):  # type: ignore[no-untyped-def]
    spec, s = blank(3, 0, ducats=30, storage=(5, 5, 5), dictionaries=3, **extra)
    # after the visits below (3 + 2 books) the ducats still pay for the most a visit
    assert 30 - 5 * PRICE >= MOST * PRICE
    return spec, with_game(s, reputation=(0, 1, 2))


def after_one_visit(**extra):  # type: ignore[no-untyped-def]
    """Red bought 3 own textbooks with 1 master (kept in storage); Blue and Green passed."""
    spec, s = rich(**extra)
    s = act(spec, s, BuyTextbooks(1, 3)).state
    s = act(spec, s, ShelveTextbooks(0)).state
    s = act(spec, act(spec, s, Pass()).state, Pass()).state
    assert s.current == 0 and s.players[0].starting_student == 1
    return spec, s


def buys(spec, s):  # type: ignore[no-untyped-def]
    return find(spec, s, lambda a: isinstance(a, BuyTextbooks))


def test_pereira_is_offered_at_an_occupied_starting_student() -> None:
    """Red: 3 free masters, 27 ducats (30 - 3 x 1), at most 6 books a visit: the plain way
    needs 2 masters (1 + 1), Pereira's way 1 master on Pereira."""
    spec, s = after_one_visit(abilities=("Pereira",))
    assert buys(spec, s) == [BuyTextbooks(2, k) for k in COUNTS] + [
        BuyTextbooks(1, k, pereira=True) for k in COUNTS
    ]
    # legal_actions and the checked step agree on every one of them
    assert all(why_illegal(spec, s, a) is None for a in legal_actions(spec, s))


def test_pereira_at_the_starting_student_leaves_its_count_and_is_used_for_the_round() -> None:
    spec, s = after_one_visit(abilities=("Pereira",))
    st = act(spec, s, BuyTextbooks(1, 2, pereira=True))
    assert [e.text for e in st.events if e.kind == "place"] == [
        "Red places 1 master on Pereira to use Starting student"
    ]
    st = act(spec, st.state, ShelveTextbooks(0))
    p = st.state.players[0]
    # 30 - 3 - 2 ducats (5 books at 1 ducat); red books 5 + 3 + 2; 1 + 1 masters placed;
    # count still 1
    assert (p.ducats, p.storage[0], p.placed, p.pereira_used) == (30 - 5 * PRICE, 10, 2, True)
    assert p.starting_student == 1
    # Blue and Green have passed, so Red is next: the plain way needs 2 masters still,
    # and Pereira's ability is spent for the round
    assert st.state.current == 0
    assert buys(spec, st.state) == [BuyTextbooks(2, k) for k in COUNTS]
    with pytest.raises(IllegalAction, match="already used Pereira's ability this round"):
        act(spec, st.state, BuyTextbooks(1, 1, pereira=True))


def test_pereira_is_refused_at_a_free_starting_student_or_without_the_ability() -> None:
    """Refused with a reason, the state unchanged."""
    spec, s = rich(abilities=("Pereira",))
    assert not any(getattr(a, "pereira", False) for a in legal_actions(spec, s))
    with pytest.raises(IllegalAction, match="Starting student is free: Pereira's ability uses"):
        act(spec, s, BuyTextbooks(1, 1, pereira=True))
    spec, s = after_one_visit()
    before = s
    with pytest.raises(IllegalAction, match="you do not have Pereira's ability"):
        act(spec, s, BuyTextbooks(1, 1, pereira=True))
    assert s == before and buys(spec, s) == [BuyTextbooks(2, k) for k in COUNTS]


def test_pereira_takes_its_amount_of_masters_at_the_starting_student() -> None:
    """With 1 free master Red cannot place 2, but can place 1 on Pereira."""
    spec, s = after_one_visit(abilities=("Pereira",))
    s = replace(s, players=(replace(s.players[0], placed=3), *s.players[1:]))
    assert buys(spec, s) == [BuyTextbooks(1, k, pereira=True) for k in COUNTS]
    with pytest.raises(IllegalAction, match="Starting student needs 2 masters now"):
        act(spec, s, BuyTextbooks(2, 1))


def test_agricola_and_pereira_both_at_the_starting_student() -> None:
    """Agricola: as many masters as the last user placed (1); Pereira: 1 on Pereira."""
    spec, s = after_one_visit(abilities=("Pereira", "Agricola"))
    assert buys(spec, s) == [BuyTextbooks(1, k) for k in COUNTS] + [
        BuyTextbooks(1, k, pereira=True) for k in COUNTS
    ]


def test_the_button_says_pereira_at_the_starting_student() -> None:
    spec, s = after_one_visit(abilities=("Pereira",))
    a = BuyTextbooks(1, 2, pereira=True)
    assert str(a) == "place 1 master on Pereira to use the starting student: buy 2 own textbooks"
    assert describe(spec, s, a) == (
        "place 1 master on Pereira to use the starting student: buy 2 own textbooks "
        f"for {2 * PRICE} ducats"
    )
    assert describe(spec, s, a, "de") == (
        "1 Magister auf Pereira setzen, um Start-Student zu nutzen: "
        f"2 eigene Lehrbücher für {2 * PRICE} Geld kaufen"
    )
    st = act(spec, s, a)
    assert (
        PHRASES.text(st.events[0].words, "de")
        == "Rot setzt 1 Magister auf Pereira, um Start-Student zu nutzen"
    )
