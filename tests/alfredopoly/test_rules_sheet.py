"""One test (or a few) per rule of docs/rules/alfredopoly.md (rules 1-13), named
for the rule. Amounts come from the classic deeds (classic_board.csv), worked by hand."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gamekit.alfredopoly import actions as A
from gamekit.alfredopoly.engine import Table
from gamekit.alfredopoly.rules import (
    AlfredopolySpec,
    apply,
    chance_step,
    fee,
    legal_actions,
    net_worth,
    new_game,
    outcome,
)
from gamekit.alfredopoly.state import state_to_struct
from gamekit.core.dice import DiceRoll
from gamekit.core.errors import IllegalAction

from .helpers import SPEC, cash, game, on_top, own, player, roll, texts


def test_rule1_start_with_1500_and_no_property() -> None:
    s = new_game(SPEC, players=4, seed=9)
    assert cash(s) == [1500] * 4
    assert set(s.owner) == {-1} and set(s.level) == {0}
    assert (s.sculptures_left, s.statues_left) == (32, 12)
    assert outcome(SPEC, s) is None


def test_rule1_last_player_left_wins() -> None:
    s = own(game(2), 1, 39, level=5)
    s = player(s, 0, position=33, cash=100)
    st = roll(s, 3, 3)  # 39: the statue's fee is $2000
    assert st.state.phase == "debt"
    assert legal_actions(SPEC, st.state) == [A.DeclareBankruptcy()]
    end = apply(SPEC, st.state, A.DeclareBankruptcy())
    result = outcome(SPEC, end)
    assert result is not None
    assert (result.termination, result.winners, result.ranking) == (
        "last player standing",
        (1,),
        (1, 0),
    )


def test_rule2_roll_and_move_clockwise() -> None:
    st = roll(game(), 1, 2)
    assert st.state.players[0].position == 3
    assert texts(st) == ["Ann rolled 1+2 = 3", "Ann moved to Babcock Hall"]


def test_rule2_doubles_roll_again_and_third_double_goes_to_probation() -> None:
    s = game()
    s = roll(s, 3, 3).state  # The Brick (6)
    s = apply(SPEC, s, A.DeclineBuy(6))
    assert s.phase == "turn" and s.may_roll and legal_actions(SPEC, s)[0] == A.RollDice()
    s = roll(s, 1, 1).state  # Tefft Hall (8)
    s = apply(SPEC, s, A.DeclineBuy(8))
    st = roll(s, 2, 2)  # third double: straight to Probation, without moving
    p = st.state.players[0]
    assert (p.position, p.in_jail) == (10, True)
    assert legal_actions(SPEC, st.state) == [A.EndTurn()]
    assert "Ann moved" not in " ".join(texts(st))
    assert cash(st.state)[0] == 1500


def test_rule2_no_double_ends_the_rolling() -> None:
    s = apply(SPEC, roll(game(), 1, 2).state, A.DeclineBuy(3))
    assert not s.may_roll and legal_actions(SPEC, s) == [A.EndTurn()]
    s = apply(SPEC, s, A.EndTurn())
    assert (s.current, s.actor, s.may_roll) == (1, 1, True)


def test_rule3_passing_academic_alley_pays_200() -> None:
    st = roll(player(game(), 0, position=37), 2, 4)  # 37 + 6 = 43 -> 3
    assert st.state.players[0].position == 3
    assert cash(st.state)[0] == 1700
    assert "Ann collected $200 workstudy" in texts(st)


def test_rule3_landing_on_academic_alley_pays_200_once() -> None:
    st = roll(player(game(), 0, position=35), 2, 3)
    assert st.state.players[0].position == 0 and cash(st.state)[0] == 1700


def test_rule4_buy_an_unowned_property() -> None:
    s = roll(game(), 1, 2).state
    assert s.phase == "buy" and s.pending == 3
    s = apply(SPEC, s, A.BuySpace(3))
    assert s.owner[3] == 0 and cash(s)[0] == 1440


def test_rule4_decline_leaves_it_with_the_trustees_no_auction_by_default() -> None:
    s = apply(SPEC, roll(game(), 1, 2).state, A.DeclineBuy(3))
    assert s.owner[3] == -1 and s.phase == "turn" and cash(s) == [1500, 1500]


def test_rule4_cannot_buy_without_the_cash() -> None:
    s = roll(player(game(), 0, cash=50), 1, 2).state
    assert legal_actions(SPEC, s) == [A.DeclineBuy(3)]
    with pytest.raises(IllegalAction, match=r"costs \$60"):
        apply(SPEC, s, A.BuySpace(3))


def test_rule5_pay_the_fee_to_the_owner() -> None:
    s = own(player(game(), 0, position=5), 1, 8)
    st = roll(s, 1, 2)
    assert cash(st.state) == [1494, 1506]
    assert "Ann paid $6 fee to Bo for Tefft Hall" in texts(st)


def test_rule5_mortgaged_property_collects_no_fee() -> None:
    s = own(player(game(), 0, position=5), 1, 8, mortgaged=True)
    assert cash(roll(s, 1, 2).state) == [1500, 1500]


def test_rule5_whole_colour_group_doubles_the_base_fee() -> None:
    s = own(player(game(), 0, position=5), 1, 6, 8, 9)
    assert cash(roll(s, 1, 2).state) == [1488, 1512]
    # classic: doubled even when another of the group is mortgaged
    s = own(s, 1, 9, mortgaged=True)
    assert cash(roll(s, 1, 2).state) == [1488, 1512]


@pytest.mark.parametrize(("level", "expected"), [(1, 30), (2, 90), (3, 270), (4, 400), (5, 550)])
def test_rule5_sculptures_and_statue_raise_the_fee(level: int, expected: int) -> None:
    s = own(own(game(), 1, 6, 9, level=4), 1, 8, level=level)
    assert fee(SPEC, s, 8) == expected


@pytest.mark.parametrize(("count", "expected"), [(1, 25), (2, 50), (3, 100), (4, 200)])
def test_rule5_railroad_fee_by_count_owned(count: int, expected: int) -> None:
    s = own(game(), 1, *(5, 15, 25, 35)[:count])
    assert fee(SPEC, s, 5) == expected


def test_rule5_utility_fee_4x_or_10x_the_dice() -> None:
    s = own(player(game(), 0, position=7), 1, 12)
    assert cash(roll(s, 2, 3).state) == [1480, 1520]  # 4 x 5
    s = own(s, 1, 28)
    assert cash(roll(s, 2, 3).state) == [1450, 1550]  # 10 x 5


def test_rule6_draw_the_top_card_which_goes_to_the_bottom() -> None:
    s = on_top(player(game(), 0, position=15), "PM02")  # bursar's error: collect $200
    st = roll(s, 1, 1)  # 17: PCC Mail
    assert cash(st.state)[0] == 1700
    assert st.state.decks[1][-1] == "PM02" and st.state.decks[1][0] == s.decks[1][1]
    assert any("drew PCC Mail: Bursar's error" in t for t in texts(st))


def test_rule6_get_out_card_leaves_the_deck_while_held() -> None:
    s = on_top(player(game(), 0, position=15), "PM05")
    st = roll(s, 1, 1)
    assert st.state.players[0].cards == ("PM05",)
    assert "PM05" not in st.state.decks[1] and len(st.state.decks[1]) == 15


def test_rule6_card_advance_passing_academic_alley_pays_workstudy() -> None:
    s = on_top(player(game(), 0, position=33), "EM03")  # advance to Powell Campus Center
    st = roll(s, 1, 2)  # 36: E-Mail
    assert st.state.players[0].position == 24 and cash(st.state)[0] == 1700
    assert st.state.phase == "buy"


def test_rule6_card_advance_to_academic_alley() -> None:
    s = on_top(player(game(), 0, position=4), "EM02")
    st = roll(s, 1, 2)
    assert st.state.players[0].position == 0 and cash(st.state)[0] == 1700


@pytest.mark.parametrize(("start", "dest"), [(4, 15), (19, 25), (33, 5)])
def test_rule6_nearest_railroad_card_pays_twice_the_fee(start: int, dest: int) -> None:
    s = on_top(player(game(), 0, position=start), "EM05")
    s = own(s, 1, dest)
    st = roll(s, 1, 2)
    salary = 200 if dest == 5 else 0
    assert st.state.players[0].position == dest
    assert cash(st.state) == [1500 - 50 + salary, 1550]


def test_rule6_nearest_utility_card_rolls_and_pays_10x() -> None:
    s = own(on_top(player(game(), 0, position=19), "EM07"), 1, 28)
    s = roll(s, 1, 2).state  # 22 -> SWE (28), owned: roll the dice
    assert s.phase == "card_dice" and s.players[0].position == 28
    st = chance_step(SPEC, s, DiceRoll((3, 4)))
    assert cash(st.state) == [1430, 1570]
    assert st.state.phase == "turn"


def test_rule6_nearest_utility_card_unowned_may_buy() -> None:
    s = on_top(player(game(), 0, position=33), "EM07")
    s = roll(s, 1, 2).state  # 36 -> 12, passing Academic Alley
    assert (s.phase, s.pending, cash(s)[0]) == ("buy", 12, 1700)


def test_rule6_go_back_three_onto_pcc_mail_draws_again() -> None:
    s = on_top(on_top(player(game(), 0, position=33), "EM10"), "PM09")  # refund $20
    st = roll(s, 1, 2)  # 36 -> back to 33 (PCC Mail)
    assert st.state.players[0].position == 33
    assert cash(st.state)[0] == 1520  # no workstudy, then the PCC Mail card
    assert st.state.decks[0][-1] == "EM10" and st.state.decks[1][-1] == "PM09"


def test_rule6_go_back_three_to_alumni_hall() -> None:
    s = on_top(player(game(), 0, position=4), "EM10")
    assert roll(s, 1, 2).state.phase == "tax"  # 7 -> 4


@pytest.mark.parametrize(
    ("card", "players", "expected"),
    [
        ("EM08", 2, [1550, 1500]),
        ("EM13", 2, [1485, 1500]),
        ("EM15", 3, [1400, 1550, 1550]),
        ("EM16", 2, [1650, 1500]),
    ],
)
def test_rule6_card_money(card: str, players: int, expected: list[int]) -> None:
    s = on_top(player(game(players), 0, position=4), card)
    assert cash(roll(s, 1, 2).state) == expected


@pytest.mark.parametrize(
    ("card", "expected"),
    [
        ("PM03", [1450, 1500, 1500]),
        ("PM07", [1600, 1450, 1450]),
        ("PM11", [1400, 1500, 1500]),
        ("PM12", [1350, 1500, 1500]),
        ("PM13", [1525, 1500, 1500]),
        ("PM15", [1510, 1500, 1500]),
        ("PM04", [1545, 1500, 1500]),  # pre-2008 stock sale (Decision: one edition)
    ],
)
def test_rule6_pcc_mail_money(card: str, expected: list[int]) -> None:
    s = on_top(player(game(3), 0, position=15), card)
    assert cash(roll(s, 1, 1).state) == expected


def test_rule6_repairs_per_sculpture_and_statue() -> None:
    s = own(own(game(), 0, 6, 8, level=4), 0, 9, level=5)
    s = on_top(player(s, 0, position=4), "EM12")
    assert cash(roll(s, 1, 2).state)[0] == 1500 - (8 * 25 + 100)
    s = on_top(player(s, 0, position=15), "PM14")
    assert cash(roll(s, 1, 1).state)[0] == 1500 - (8 * 40 + 115)


def test_rule7_alumni_hall_200_or_10_percent_chosen_by_the_player() -> None:
    s = own(own(game(), 0, 37, level=2), 0, 39, level=2)  # 350 + 400 + 4 x 200
    s = player(s, 0, position=1)
    s = roll(s, 1, 2).state
    assert s.phase == "tax"
    assert legal_actions(SPEC, s)[:2] == [A.PayTax("flat"), A.PayTax("percent")]
    assert net_worth(SPEC, s, 0) == 1500 + 750 + 800
    assert cash(apply(SPEC, s, A.PayTax("percent")))[0] == 1500 - 305
    assert cash(apply(SPEC, s, A.PayTax("flat")))[0] == 1300


def test_rule7_net_worth_counts_mortgaged_property_at_full_price() -> None:
    s = own(game(), 0, 39, mortgaged=True)
    assert net_worth(SPEC, s, 0) == 1900
    assert net_worth(SPEC, s, 0, ranking=True) == 1700


def test_rule7_second_fee_space_is_a_flat_75() -> None:
    st = roll(player(game(), 0, position=35), 1, 2)
    assert cash(st.state)[0] == 1425 and st.state.phase == "turn"


def test_rule8a_landing_on_go_to_probation() -> None:
    st = roll(player(game(), 0, position=25), 2, 3)
    p = st.state.players[0]
    assert (p.position, p.in_jail, cash(st.state)[0]) == (10, True, 1500)
    assert legal_actions(SPEC, st.state) == [A.EndTurn()]


def test_rule8b_card_sends_to_probation_without_workstudy() -> None:
    s = on_top(player(game(), 0, position=33), "EM11")
    st = roll(s, 1, 2)
    p = st.state.players[0]
    assert (p.position, p.in_jail, cash(st.state)[0]) == (10, True, 1500)


def test_rule8b_doubles_then_sent_to_probation_ends_the_turn() -> None:
    s = on_top(player(game(), 0, position=34), "EM11")
    st = roll(s, 1, 1)
    assert st.state.players[0].in_jail and not st.state.may_roll


def test_rule8_landing_on_space_10_by_a_roll_is_just_visiting() -> None:
    st = roll(player(game(), 0, position=7), 1, 2)
    assert st.state.players[0].position == 10 and not st.state.players[0].in_jail


def test_rule9a_doubles_leave_and_move_without_an_extra_roll() -> None:
    s = player(game(), 0, position=10, in_jail=True)
    st = roll(s, 2, 2)
    assert st.state.players[0].position == 14 and not st.state.players[0].in_jail
    s = apply(SPEC, st.state, A.DeclineBuy(14))
    assert legal_actions(SPEC, s) == [A.EndTurn()]


def test_rule9_failed_try_stays() -> None:
    s = player(game(), 0, position=10, in_jail=True)
    st = roll(s, 1, 2)
    p = st.state.players[0]
    assert (p.position, p.in_jail, p.jail_tries) == (10, True, 1)
    assert legal_actions(SPEC, st.state) == [A.EndTurn()]


def test_rule9_third_failed_try_pays_50_and_moves_by_that_roll() -> None:
    s = player(game(), 0, position=10, in_jail=True, jail_tries=2)
    st = roll(s, 1, 2)
    p = st.state.players[0]
    assert (p.position, p.in_jail, cash(st.state)[0]) == (13, False, 1450)
    assert st.state.phase == "buy"


def test_rule9b_get_out_card_returns_to_the_bottom_of_its_deck() -> None:
    s = player(game(), 0, position=10, in_jail=True, cards=("EM09",))
    s = replace(s, decks=(tuple(c for c in s.decks[0] if c != "EM09"), s.decks[1]))
    assert A.UseGetOutCard("EM09") in legal_actions(SPEC, s)
    s = apply(SPEC, s, A.UseGetOutCard("EM09"))
    assert not s.players[0].in_jail and s.players[0].cards == ()
    assert s.decks[0][-1] == "EM09" and len(s.decks[0]) == 16
    s = roll(s, 3, 3).state  # out: a double rolls again as usual
    assert s.may_roll


def test_rule9c_pay_50_before_rolling() -> None:
    s = player(game(), 0, position=10, in_jail=True)
    assert legal_actions(SPEC, s) == [A.RollDice(), A.PayJailFine()]
    s = apply(SPEC, s, A.PayJailFine())
    assert cash(s)[0] == 1450 and not s.players[0].in_jail
    assert legal_actions(SPEC, s)[0] == A.RollDice()
    s = apply(SPEC, roll(s, 1, 2).state, A.DeclineBuy(13))
    with pytest.raises(IllegalAction, match="only before rolling"):
        apply(SPEC, s, A.PayJailFine())


def test_rule10_sculptures_need_the_whole_group() -> None:
    s = own(game(), 0, 1)
    with pytest.raises(IllegalAction, match="whole brown group"):
        apply(SPEC, s, A.BuildSculpture(1))
    s = own(s, 0, 3)
    s = apply(SPEC, s, A.BuildSculpture(1))
    assert (s.level[1], cash(s)[0], s.sculptures_left) == (1, 1450, 31)


def test_rule10_none_of_the_group_mortgaged() -> None:
    s = own(own(game(), 0, 1), 0, 3, mortgaged=True)
    with pytest.raises(IllegalAction, match="mortgaged"):
        apply(SPEC, s, A.BuildSculpture(1))


def test_rule10_build_evenly() -> None:
    s = apply(SPEC, own(game(), 0, 1, 3), A.BuildSculpture(1))
    with pytest.raises(IllegalAction, match="evenly"):
        apply(SPEC, s, A.BuildSculpture(1))
    assert A.BuildSculpture(3) in legal_actions(SPEC, s)
    assert A.BuildSculpture(1) not in legal_actions(SPEC, s)


def test_rule10_fifth_purchase_is_the_statue() -> None:
    s = own(game(), 0, 1, 3, level=4)
    assert (s.sculptures_left, s.statues_left) == (24, 12)
    s = apply(SPEC, s, A.BuildSculpture(3))
    assert (s.level[3], s.sculptures_left, s.statues_left, cash(s)[0]) == (5, 28, 11, 1450)
    with pytest.raises(IllegalAction, match="already has a statue"):
        apply(SPEC, s, A.BuildSculpture(3))


def test_rule10_limited_supply_32_and_12() -> None:
    s = replace(own(game(), 0, 1, 3), sculptures_left=0)
    with pytest.raises(IllegalAction, match="no sculptures left"):
        apply(SPEC, s, A.BuildSculpture(1))
    s = replace(own(game(), 0, 1, 3, level=4), statues_left=0)
    with pytest.raises(IllegalAction, match="no statues left"):
        apply(SPEC, s, A.BuildSculpture(1))


def test_rule10_build_whenever_the_game_waits_never_while_dice_are_due() -> None:
    # Decision "at any time": building waits for no turn, only for a decision point
    s = own(game(), 0, 1, 3)
    rolling = apply(SPEC, s, A.RollDice())
    with pytest.raises(IllegalAction, match="waiting for the dice"):
        apply(SPEC, rolling, A.BuildSculpture(1))
    s = roll(s, 2, 3).state  # Ann on 5, buy phase
    assert s.phase == "buy" and A.BuildSculpture(1) in legal_actions(SPEC, s)
    s = apply(SPEC, s, A.BuildSculpture(1))
    assert (s.level[1], cash(s)[0], s.phase) == (1, 1450, "buy")


def test_rule11_sculptures_sell_for_half_evenly() -> None:
    s = own(own(game(), 0, 1, level=2), 0, 3, level=1)
    with pytest.raises(IllegalAction, match="evenly"):
        apply(SPEC, s, A.SellSculpture(3))
    s = apply(SPEC, s, A.SellSculpture(1))
    assert (s.level[1], cash(s)[0], s.sculptures_left) == (1, 1525, 30)  # 32 - 3 + 1


def test_rule11_statue_sells_back_to_four_sculptures() -> None:
    s = own(game(), 0, 1, 3, level=5)
    s2 = apply(SPEC, s, A.SellSculpture(1))
    assert (s2.level[1], s2.statues_left, s2.sculptures_left, cash(s2)[0]) == (4, 11, 28, 1525)
    s = replace(s, sculptures_left=3)
    with pytest.raises(IllegalAction, match="lack four sculptures"):
        apply(SPEC, s, A.SellSculpture(1))
    s3 = apply(SPEC, s, A.SellAllSculptures("brown"))
    assert (s3.level[1], s3.level[3], s3.statues_left, cash(s3)[0]) == (0, 0, 12, 1750)


def test_rule11_trade_properties_money_and_cards_when_both_agree() -> None:
    s = own(own(game(), 0, 1), 1, 8)
    s = player(s, 0, cards=("PM05",))
    offer = A.ProposeTrade(1, give=(1,), take=(8,), give_cash=100, give_cards=("PM05",))
    t = apply(SPEC, s, offer)
    assert (t.phase, t.actor) == ("trade", 1)
    assert legal_actions(SPEC, t)[:2] == [A.AcceptTrade(), A.RejectTrade()]
    done = apply(SPEC, t, A.AcceptTrade())
    assert (done.owner[1], done.owner[8]) == (1, 0)
    assert cash(done) == [1400, 1600]
    assert done.players[1].cards == ("PM05",) and done.phase == "turn" and done.actor == 0
    no = apply(SPEC, t, A.RejectTrade())
    assert replace(no, phase="turn") == replace(s, phase="turn")


@pytest.mark.parametrize(
    ("offer", "words"),
    [
        (A.ProposeTrade(1, give=(3,)), "not Ann's property"),
        (A.ProposeTrade(1, take=(1,)), "not Bo's property"),
        (A.ProposeTrade(1, give_cash=2000), "has only"),
        (A.ProposeTrade(1, take_cards=("PM05",)), "does not hold"),
        (A.ProposeTrade(0, give_cash=5), "Ann, whose turn it is, makes the offer"),
        (A.ProposeTrade(True, give_cash=5), "partner: expected a whole number, got True"),
        (A.ProposeTrade(7, give_cash=5), "seat 7 is not a player"),
        (A.ProposeTrade(1, give=([1],)), r"give\[0\]: expected a whole number, got \[1\]"),
        (A.ProposeTrade(1, give=1), "give: expected a list, got int"),  # type: ignore[arg-type]
        (A.ProposeTrade(1, take=(40,)), "40 is not a space on the board"),
        (A.ProposeTrade(1, give_cards="PM05"), "give_cards: expected a list, got str"),  # type: ignore[arg-type]
        (A.ProposeTrade(1), "empty trade"),
    ],
)
def test_rule11_trade_must_be_possible(offer: A.ProposeTrade, words: str) -> None:
    s = own(game(), 0, 1)
    with pytest.raises(IllegalAction, match=words):
        apply(SPEC, s, offer)


def test_rule11_no_trading_a_group_with_sculptures() -> None:
    s = own(own(game(), 0, 1, level=1), 0, 3)
    with pytest.raises(IllegalAction, match="has sculptures"):
        apply(SPEC, s, A.ProposeTrade(1, give=(3,), take_cash=10))


def test_rule12_mortgage_and_lift_at_plus_10_percent() -> None:
    s = own(game(), 0, 39, 12)
    s = apply(SPEC, s, A.Mortgage(39))
    assert s.mortgaged[39] and cash(s)[0] == 1700
    s = apply(SPEC, s, A.LiftMortgage(39))
    assert not s.mortgaged[39] and cash(s)[0] == 1480
    s = apply(SPEC, apply(SPEC, s, A.Mortgage(12)), A.LiftMortgage(12))
    assert cash(s)[0] == 1480 + 75 - 83  # 82.50 rounded up


def test_rule12_no_mortgage_while_the_group_has_sculptures() -> None:
    s = own(own(game(), 0, 1, level=1), 0, 3)
    with pytest.raises(IllegalAction, match="sell the sculptures"):
        apply(SPEC, s, A.Mortgage(3))


def test_rule13_raise_money_before_bankruptcy() -> None:
    s = own(player(game(), 0, position=5, cash=10), 0, 39)  # can mortgage for $200
    s = own(s, 1, 6, 8, 9)
    st = roll(s, 1, 2)  # Tefft Hall, whole group: $12
    assert (st.state.phase, st.state.actor) == ("debt", 0)
    with pytest.raises(IllegalAction, match="can still raise"):
        apply(SPEC, st.state, A.DeclareBankruptcy())
    with pytest.raises(IllegalAction, match="you owe"):
        apply(SPEC, st.state, A.PayDebt())
    assert legal_actions(SPEC, st.state) == [A.Mortgage(39)]
    s2 = apply(SPEC, st.state, A.Mortgage(39))
    s2 = apply(SPEC, s2, A.PayDebt())
    assert cash(s2) == [198, 1512] and s2.phase == "turn"


def test_rule13_bankrupt_to_a_player_hands_over_everything() -> None:
    s = game(3)
    s = own(s, 2, 39, level=5)
    s = own(own(s, 0, 1, 3, level=1), 0, 5, mortgaged=True)
    s = player(s, 0, position=33, cash=100, cards=("PM05",))
    s = replace(s, decks=(s.decks[0], tuple(c for c in s.decks[1] if c != "PM05")))
    st = roll(s, 3, 3)
    end = apply(SPEC, st.state, A.DeclareBankruptcy())
    assert end.players[0].bankrupt and cash(end) == [0, 1500, 1500 + 100 + 50]
    assert (end.owner[1], end.owner[3], end.owner[5], end.mortgaged[5]) == (2, 2, 2, True)
    assert end.level[1] == 0 and end.sculptures_left == s.sculptures_left + 2
    assert end.players[2].cards == ("PM05",)
    # Decision: the mortgaged WALF Radio came to Cy, who pays 10% now or lifts it now
    assert (end.current, end.phase, end.actor, end.transfers) == (1, "transfer", 2, (5,))
    moves = legal_actions(SPEC, end)
    assert moves[0] == A.KeepMortgage(5) and A.LiftMortgage(5) in moves
    kept = apply(SPEC, end, A.KeepMortgage(5))
    assert (kept.phase, kept.actor, kept.mortgaged[5], cash(kept)[2]) == ("turn", 1, True, 1640)
    lifted = apply(SPEC, end, A.LiftMortgage(5))
    assert (lifted.phase, lifted.mortgaged[5], cash(lifted)[2]) == ("turn", False, 1650 - 110)


def test_rule13_bankrupt_to_the_trustees_returns_property_unmortgaged() -> None:
    s = own(game(3), 0, 1, 3, 5, mortgaged=True)
    s = player(s, 0, position=1, cash=0, cards=("EM09",))
    s = replace(s, decks=(tuple(c for c in s.decks[0] if c != "EM09"), s.decks[1]))
    st = roll(s, 1, 2)  # Alumni Hall
    s2 = apply(SPEC, st.state, A.PayTax("flat"))
    assert s2.phase == "debt" and legal_actions(SPEC, s2) == [A.DeclareBankruptcy()]
    end = apply(SPEC, s2, A.DeclareBankruptcy())
    assert end.players[0].bankrupt
    assert (end.owner[1], end.owner[3], end.owner[5]) == (-1, -1, -1)
    assert not any(end.mortgaged) and end.decks[0][-1] == "EM09"
    assert cash(end) == [0, 1500, 1500] and end.current == 1


def test_rule13_bankrupt_to_the_trustees_returns_sculptures_to_the_supply() -> None:
    s = own(own(game(3), 0, 1, 3, level=5), 0, 6, 8, 9, level=3)
    assert (s.sculptures_left, s.statues_left) == (23, 10)
    t = Table(SPEC, s)
    t.bankrupt(0, -1)
    end = t.freeze()
    assert (end.sculptures_left, end.statues_left) == (32, 12)
    assert set(end.level) == {0} and set(end.owner) == {-1}


def test_decision_round_limit_ranks_by_net_worth() -> None:
    spec = AlfredopolySpec(max_rounds=1)
    s = own(new_game(spec, 2, seed=0), 1, 39, mortgaged=True)
    s = replace(s, may_roll=False)
    s = apply(spec, s, A.EndTurn())
    s = apply(spec, replace(s, may_roll=False), A.EndTurn())
    result = outcome(spec, s)
    assert result is not None
    assert (result.termination, result.ranking, result.scores) == (
        "round limit",
        (1, 0),
        (1500, 1700),
    )


def test_house_rule_free_parking_jackpot() -> None:
    spec = AlfredopolySpec(free_parking_jackpot=True)
    s = roll(player(game(spec=spec), 0, position=35), 1, 2, spec).state  # $75 into the pot
    assert s.jackpot == 75
    s = replace(player(s, 0, position=15), may_roll=True)
    s = roll(s, 2, 3, spec).state
    assert s.jackpot == 0 and cash(s)[0] == 1500
    assert roll(player(game(), 0, position=35), 1, 2).state.jackpot == 0  # off by default


def test_house_rule_auction_on_decline() -> None:
    spec = AlfredopolySpec(auction=True)
    s = apply(spec, roll(game(3, spec=spec), 1, 2, spec).state, A.DeclineBuy(3))
    assert (s.phase, s.actor) == ("auction", 0)
    s = apply(spec, s, A.PassBid())
    s = apply(spec, s, A.Bid(20))
    assert s.actor == 2
    with pytest.raises(IllegalAction, match="bid more"):
        apply(spec, s, A.Bid(20))
    s = apply(spec, s, A.Bid(30))
    s = apply(spec, s, A.PassBid())
    assert s.owner[3] == 2 and cash(s) == [1500, 1500, 1470] and s.phase == "turn"


@pytest.mark.parametrize(
    "action",
    [
        A.BuildSculpture("1"),  # type: ignore[arg-type]
        A.SellSculpture(99),
        A.Mortgage(-1),
        A.LiftMortgage(True),
        A.SellAllSculptures("plaid"),
        A.UseGetOutCard("EM09"),
        A.PayTax("some"),  # type: ignore[arg-type]
        A.Bid(10),
        A.PayDebt(),
        A.AcceptTrade(),
        A.BuySpace(3),
        A.EndTurn(),
    ],
)
def test_illegal_actions_raise_with_a_reason_and_change_nothing(action: A.Action) -> None:
    s = own(game(), 0, 1)
    before = state_to_struct(s)
    with pytest.raises(IllegalAction) as info:
        apply(SPEC, s, action)
    assert info.value.reason and info.value.action == action
    assert state_to_struct(s) == before


def test_dice_only_when_a_roll_is_due() -> None:
    s = game()
    with pytest.raises(IllegalAction, match="no dice are due"):
        chance_step(SPEC, s, DiceRoll((1, 2)))
    s = apply(SPEC, s, A.RollDice())
    with pytest.raises(IllegalAction, match="waiting for the dice"):
        apply(SPEC, s, A.EndTurn())
    with pytest.raises(IllegalAction, match="not a roll of 2d6"):
        chance_step(SPEC, s, DiceRoll((1, 7)))


@pytest.mark.parametrize("values", [(True, 1), (1,), (1, 2, 3), 5, (1.0, 2), ("1", "2")])
def test_dice_faces_are_whole_numbers_on_the_dice(values: object) -> None:
    """True is not a 1 (it would make a double of (True, 1)); a face is an int."""
    s = apply(SPEC, game(), A.RollDice())
    with pytest.raises(IllegalAction, match="not a roll of 2d6"):
        chance_step(SPEC, s, DiceRoll(values))  # type: ignore[arg-type]


def test_rule13_pay_each_player_goes_bankrupt_to_the_one_not_paid() -> None:
    s = on_top(player(game(3), 0, position=4, cash=60), "EM15")  # pay each player $50
    st = roll(s, 1, 2)
    assert cash(st.state) == [10, 1550, 1500]
    assert (st.state.phase, st.state.debts[0].creditor) == ("debt", 2)
    end = apply(SPEC, st.state, A.DeclareBankruptcy())
    assert cash(end) == [0, 1550, 1510] and end.players[0].bankrupt
    assert (end.phase, end.current, end.debts) == ("turn", 1, ())


def test_rule13_collect_from_each_a_player_who_cannot_pay_goes_bankrupt() -> None:
    s = on_top(player(player(game(3), 0, position=15), 1, cash=20), "PM07")  # $50 from each
    st = roll(s, 1, 1)
    assert (st.state.phase, st.state.actor) == ("debt", 1)
    end = apply(SPEC, st.state, A.DeclareBankruptcy())
    assert cash(end) == [1570, 0, 1450] and end.players[1].bankrupt
    assert (end.phase, end.current, end.may_roll) == ("turn", 0, True)  # Ann rolled a double
