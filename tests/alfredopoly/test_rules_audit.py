"""The rules an independent audit found without a test, each named after its rule
(rule numbers of docs/rules/alfredopoly.md, rules 1-13). Expected values are typed here
by hand from the classic US deeds and cards, never read back from the kit's own data."""

from __future__ import annotations

import pytest

from gamekit.alfredopoly import actions as A
from gamekit.alfredopoly.board import load_board
from gamekit.alfredopoly.rules import AlfredopolySpec, apply, fee, legal_actions, new_game

from .helpers import SPEC, cash, game, on_top, own, player, roll, texts

# ---- rule 6: decks shuffled at setup ---------------------------------------------------


def test_rule6_decks_are_shuffled_at_setup_from_the_seed() -> None:
    board = SPEC.board
    printed = tuple(tuple(c.id for c in board.decks[d]) for d in ("email", "pcc_mail"))
    games = [new_game(SPEC, 2, seed=seed) for seed in range(6)]
    for s in games:
        for deck, cards in zip(s.decks, printed, strict=True):
            assert sorted(deck) == sorted(cards) and len(deck) == 16
    # same seed, same order; different seeds, different orders (and not the file's order)
    assert new_game(SPEC, 2, seed=3).decks == games[3].decks
    assert len({s.decks[0] for s in games}) == 6 and len({s.decks[1] for s in games}) == 6
    assert all(s.decks != printed for s in games)


# ---- rule 8b: the PCC Mail card --------------------------------------------------------


def test_rule8b_pcc_mail_go_to_academic_probation_card() -> None:
    s = on_top(player(game(), 0, position=0), "PM06")  # PCC Mail: go to Probation
    st = roll(s, 1, 1)  # a double onto PCC Mail (space 2)
    end = st.state
    p = end.players[0]
    assert (p.position, p.in_jail, p.jail_tries, p.cash) == (10, True, 0, 1500)
    assert legal_actions(SPEC, end)[0] == A.EndTurn()  # the double's extra roll is gone
    assert end.decks[1][-1] == "PM06"  # the card went to the bottom
    assert texts(st)[-1] == "Ann went to Academic Probation"


# ---- rule 3: workstudy when an advance card passes Academic Alley ---------------------

# (card, card space, destination), destinations typed from the classic cards:
# advance to Boardwalk (39), Go (0), Illinois (24), St. Charles (11), Reading (5), the
# nearest railroad (7->15, 22->25, 36->5), the nearest utility (7->12, 22->28, 36->12)
ADVANCES = [
    (card, at, dest)
    for card, dests in [
        ("EM01", {7: 39, 22: 39, 36: 39}),
        ("EM02", {7: 0, 22: 0, 36: 0}),
        ("EM03", {7: 24, 22: 24, 36: 24}),
        ("EM04", {7: 11, 22: 11, 36: 11}),
        ("EM14", {7: 5, 22: 5, 36: 5}),
        ("EM05", {7: 15, 22: 25, 36: 5}),
        ("EM06", {7: 15, 22: 25, 36: 5}),
        ("EM07", {7: 12, 22: 28, 36: 12}),
        ("PM01", {2: 0, 17: 0, 33: 0}),
    ]
    for at, dest in dests.items()
]


@pytest.mark.parametrize("board", ["alfred", "classic"])
@pytest.mark.parametrize(("card", "at", "dest"), ADVANCES)
def test_rule3_workstudy_when_an_advance_card_passes_academic_alley(
    card: str, at: int, dest: int, board: str
) -> None:
    spec = AlfredopolySpec(board)
    s = on_top(player(game(spec=spec), 0, position=at - 2), card)
    end = roll(s, 1, 1, spec=spec).state
    passes = dest < at  # moving forward to a lower number passes Academic Alley (or lands)
    assert end.players[0].position == dest
    assert cash(end)[0] == 1500 + (200 if passes else 0)


# ---- rule 5 and the card Decisions: a named railroad pays the single fee ---------------


def test_rule5_advance_to_a_named_railroad_pays_the_single_fee() -> None:
    s = own(game(), 1, 5, 15)  # Bo holds two railroads: the fee is $50
    s = on_top(player(s, 0, position=5), "EM14")  # advance to the first railroad (5)
    end = roll(s, 1, 1).state  # onto E-Mail at 7, then around to 5
    assert end.players[0].position == 5
    assert cash(end) == [1500 + 200 - 50, 1550]  # single fee, workstudy for passing
    near = on_top(player(own(game(), 1, 5, 15), 0, position=5), "EM05")  # nearest: twice
    assert cash(roll(near, 1, 1).state) == [1500 - 100, 1600]


# ---- rule 9: the tries in Academic Probation ----------------------------------------


def test_rule9_second_failed_try_stays() -> None:
    s = player(game(), 0, position=10, in_jail=True, jail_tries=1)
    st = roll(s, 1, 2)
    p = st.state.players[0]
    assert (p.position, p.in_jail, p.jail_tries, p.cash) == (10, True, 2, 1500)
    assert legal_actions(SPEC, st.state) == [A.EndTurn()]


def test_rule9a_a_double_on_the_third_try_leaves_without_the_fine() -> None:
    s = player(game(), 0, position=10, in_jail=True, jail_tries=2)
    st = roll(s, 3, 3)
    p = st.state.players[0]
    assert (p.position, p.in_jail, p.jail_tries, p.cash) == (16, False, 0, 1500)
    assert not any(e.kind == "fine" for e in st.events)
    assert A.RollDice() not in legal_actions(SPEC, st.state)  # no extra roll (rule 9a)


def test_rule9_third_failed_try_with_under_50_owes_the_fine_then_moves() -> None:
    s = own(player(game(), 0, position=10, in_jail=True, jail_tries=2, cash=20), 0, 39)
    st = roll(s, 1, 2)
    debt = st.state
    assert (debt.phase, debt.actor, debt.debts[0].amount) == ("debt", 0, 50)
    assert debt.players[0].position == 10  # the move waits for the fine
    assert legal_actions(SPEC, debt) == [A.Mortgage(39)]
    paid = apply(SPEC, apply(SPEC, debt, A.Mortgage(39)), A.PayDebt())
    p = paid.players[0]
    assert (p.position, p.in_jail, p.cash) == (13, False, 20 + 200 - 50)
    assert (paid.phase, paid.pending) == ("buy", 13)


# ---- Decision: Pine Hill (Free Parking) does nothing by default -----------------------


def test_pine_hill_does_nothing_by_default() -> None:
    s = player(game(), 0, position=15)
    st = roll(s, 2, 3)
    end = st.state
    assert SPEC.board.spaces[20].kind == "free_parking"
    assert (end.players[0].position, cash(end), end.jackpot) == (20, [1500, 1500], 0)
    assert [e.kind for e in st.events] == ["roll", "move"]
    assert legal_actions(SPEC, end) == [A.EndTurn()]


# ---- rule 5: the full fee row of every street ------------------------------------------

# Typed by hand from the classic US deeds: base, 1-4 sculptures, statue (hotel)
FEE_ROWS = {
    1: (2, 10, 30, 90, 160, 250),
    3: (4, 20, 60, 180, 320, 450),
    6: (6, 30, 90, 270, 400, 550),
    8: (6, 30, 90, 270, 400, 550),
    9: (8, 40, 100, 300, 450, 600),
    11: (10, 50, 150, 450, 625, 750),
    13: (10, 50, 150, 450, 625, 750),
    14: (12, 60, 180, 500, 700, 900),
    16: (14, 70, 200, 550, 750, 950),
    18: (14, 70, 200, 550, 750, 950),
    19: (16, 80, 220, 600, 800, 1000),
    21: (18, 90, 250, 700, 875, 1050),
    23: (18, 90, 250, 700, 875, 1050),
    24: (20, 100, 300, 750, 925, 1100),
    26: (22, 110, 330, 800, 975, 1150),
    27: (22, 110, 330, 800, 975, 1150),
    29: (24, 120, 360, 850, 1025, 1200),
    31: (26, 130, 390, 900, 1100, 1275),
    32: (26, 130, 390, 900, 1100, 1275),
    34: (28, 150, 450, 1000, 1200, 1400),
    37: (35, 175, 500, 1100, 1300, 1500),
    39: (50, 200, 600, 1400, 1700, 2000),
}


@pytest.mark.parametrize("board", ["alfred", "classic"])
def test_rule5_the_full_fee_row_of_every_street(board: str) -> None:
    spec = AlfredopolySpec(board)
    b = load_board(board)
    streets = [s.index for s in b.spaces if s.kind == "street"]
    assert streets == sorted(FEE_ROWS)
    for i, row in FEE_ROWS.items():
        assert b.spaces[i].rents == row, b.spaces[i].name
        group = b.groups[b.spaces[i].group or ""]
        alone = own(game(spec=spec), 1, i)
        assert fee(spec, alone, i) == row[0]
        whole = own(game(spec=spec), 1, *group)
        assert fee(spec, whole, i) == 2 * row[0]  # rule 5: a whole group doubles the base
        for level in range(1, 6):
            built = own(game(spec=spec), 1, *group, level=level)
            assert fee(spec, built, i) == row[level], (b.spaces[i].name, level)
    # and through a landing: Ann pays Bo the statue's fee on the last street
    s = own(player(game(spec=spec), 0, position=33, cash=5000), 1, 37, 39, level=5)
    assert cash(roll(s, 3, 3, spec=spec).state) == [5000 - 2000, 1500 + 2000]


# ---- rule 5: mortgaged organizations still count for their owner ----------------------


def test_rule5_mortgaged_organizations_still_count_toward_the_owners_fee() -> None:
    s = own(own(game(), 1, 5), 1, 15, 25, mortgaged=True)  # Bo: three railroads
    end = roll(player(s, 0, position=2), 1, 2).state  # Ann lands on 5
    assert cash(end) == [1500 - 100, 1600]  # $100 for three owned, two of them mortgaged
    u = own(own(game(), 1, 12), 1, 28, mortgaged=True)  # both utilities, one mortgaged
    end = roll(player(u, 0, position=5), 3, 4).state  # 7 onto 12: 10 x the dice
    assert cash(end) == [1500 - 70, 1570]
