"""Management at any time (rules 10-12 and the Decision "at any time"), mortgaged
property changing hands (Decision, with rule 11 trades and rule 13 bankruptcy), the
building shortage (Decision) and Alumni Hall decided before counting (rule 7).

Amounts from the classic deeds, worked by hand: The Steinheim (39) price $400, mortgage
$200; WALF Radio (5) mortgage $100; Fasano House / Babcock Hall (1, 3) price $60,
sculptures $50, mortgage $30.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from gamekit.alfredopoly import actions as A
from gamekit.alfredopoly.bots import make_bot
from gamekit.alfredopoly.engine import Table
from gamekit.alfredopoly.rules import (
    AlfredopolySpec,
    apply,
    legal_actions,
    management_actions,
    net_worth,
    step,
)
from gamekit.alfredopoly.state import GameState, state_to_struct
from gamekit.core.actions import Action
from gamekit.core.errors import IllegalAction

from .helpers import SPEC, cash, game, own, player, roll

AUCTION = AlfredopolySpec(auction=True)


def auction_for_babcock(players: int = 3) -> GameState:
    """Ann (seat 0) lands on Babcock Hall (3) and declines: the auction begins with her."""
    s = game(players, spec=AUCTION)
    s = roll(s, 1, 2, spec=AUCTION).state
    return apply(AUCTION, s, A.DeclineBuy(3))


# ---- 1. management at any time, by any player -----------------------------------------


def test_rule12_a_second_seat_mortgages_during_anothers_auction() -> None:
    s = auction_for_babcock()
    s = own(s, 1, 39)
    assert s.auction is not None and s.auction.bidders == (0, 1, 2)
    assert (s.phase, s.actor) == ("auction", 0)
    assert A.Mortgage(39, player=1) in management_actions(AUCTION, s, 1)
    st = step(AUCTION, s, A.Mortgage(39, player=1))
    after = st.state
    assert after.mortgaged[39] and cash(after) == [1500, 1700, 1500]
    assert (after.phase, after.actor, after.auction) == ("auction", 0, s.auction)
    assert [e.text for e in st.events] == ["Bo mortgaged The Steinheim for $200"]
    # the auction goes on: Ann bids, then Bo may bid with the money raised
    after = apply(AUCTION, after, A.Bid(10))
    assert after.actor == 1
    after = apply(AUCTION, after, A.Bid(1650))
    assert after.auction is not None and after.auction.high_bid == 1650


def test_rule10_any_seat_builds_evenly_from_the_supply_on_anothers_turn() -> None:
    s = own(game(), 1, 1, 3)  # Bo owns the brown group; Ann is to roll
    assert (s.phase, s.actor) == ("turn", 0)
    s = apply(SPEC, s, A.BuildSculpture(1, player=1))
    assert (s.level[1], cash(s), s.sculptures_left, s.actor) == (1, [1500, 1450], 31, 0)
    with pytest.raises(IllegalAction, match="build evenly"):
        apply(SPEC, s, A.BuildSculpture(1, player=1))
    with pytest.raises(IllegalAction, match="not yours"):
        apply(SPEC, s, A.BuildSculpture(3, player=0))
    empty = replace(s, sculptures_left=0)
    with pytest.raises(IllegalAction, match="no sculptures left"):
        apply(SPEC, empty, A.BuildSculpture(3, player=1))
    s = apply(SPEC, s, A.SellSculpture(1, player=1))  # selling back: half price
    assert (s.level[1], cash(s)[1]) == (0, 1475)
    s = apply(SPEC, apply(SPEC, s, A.Mortgage(3, player=1)), A.LiftMortgage(3, player=1))
    assert cash(s)[1] == 1475 + 30 - 33 and not s.mortgaged[3]


def test_rule12_management_never_while_a_roll_is_resolved() -> None:
    s = own(game(), 1, 39)
    rolling = apply(SPEC, s, A.RollDice())
    assert management_actions(SPEC, rolling, 1) == []
    with pytest.raises(IllegalAction, match="waiting for the dice"):
        apply(SPEC, rolling, A.Mortgage(39, player=1))


@pytest.mark.parametrize(
    ("action", "words"),
    [
        (A.Mortgage(39, player=5), "seat 5 is not a player"),
        (A.Mortgage(39, player=True), "Mortgage.player: True fits none of int | None"),
        (A.Mortgage(39, player=0), "not your property"),
        (A.LiftMortgage(39, player=1), "not mortgaged"),
    ],
)
def test_rule12_management_names_a_player_who_may_act(action: Action, words: str) -> None:
    s = own(game(), 1, 39)
    before = state_to_struct(s)
    with pytest.raises(IllegalAction, match=words):
        apply(SPEC, s, action)
    assert state_to_struct(s) == before


def test_rule13_a_bankrupt_seat_manages_nothing() -> None:
    s = own(game(3), 1, 39)
    s = player(s, 1, bankrupt=True, cash=0)
    with pytest.raises(IllegalAction, match="out of the game"):
        apply(SPEC, s, A.Mortgage(39, player=1))
    assert management_actions(SPEC, s, 1) == []


def test_rule13_a_debtor_raises_money_but_may_not_build_or_lift() -> None:
    s = own(own(game(), 0, 1, 3), 0, 39, mortgaged=True)
    s = own(player(s, 0, position=5, cash=10), 1, 6, 8, 9)
    s = roll(s, 1, 2).state  # Tefft Hall, Bo's whole group: $12, Ann has $10
    assert (s.phase, s.actor) == ("debt", 0)
    with pytest.raises(IllegalAction, match="owes money"):
        apply(SPEC, s, A.BuildSculpture(1))
    assert management_actions(SPEC, s, 0) == [A.Mortgage(1, 0), A.Mortgage(3, 0)]
    # another (solvent) seat may still manage while Ann is in debt
    s = apply(SPEC, s, A.BuildSculpture(6, player=1))
    assert s.level[6] == 1 and s.phase == "debt"


def test_rule12_the_high_bidder_keeps_the_cash_for_the_bid() -> None:
    s = own(auction_for_babcock(), 1, 6, 8, 9)
    s = player(s, 1, cash=120)
    s = apply(AUCTION, s, A.Bid(10))
    s = apply(AUCTION, s, A.Bid(100))  # Bo bids $100 of his $120
    with pytest.raises(IllegalAction, match="keep \\$100 for your bid"):
        apply(AUCTION, s, A.BuildSculpture(6, player=1))
    assert A.BuildSculpture(6, 1) not in management_actions(AUCTION, s, 1)


def test_rule11_a_trade_offer_is_rechecked_when_accepted() -> None:
    s = own(own(game(), 0, 1, 3), 1, 39)
    s = apply(SPEC, s, A.ProposeTrade(1, take=(39,), give_cash=1460))
    assert A.AcceptTrade() in legal_actions(SPEC, s)
    s = apply(SPEC, s, A.BuildSculpture(1, player=0))  # Ann spends while Bo thinks
    assert legal_actions(SPEC, s)[0] == A.RejectTrade()
    with pytest.raises(IllegalAction, match="no longer holds: Ann has only \\$1450"):
        apply(SPEC, s, A.AcceptTrade())
    assert apply(SPEC, s, A.RejectTrade()).phase == "turn"


def test_bots_mortgage_to_raise_an_auction_bid() -> None:
    # Bo holds Fasano House (1); Babcock Hall (3) completes his brown group
    s = own(own(auction_for_babcock(), 1, 1), 1, 39)
    s = player(s, 1, cash=5)
    s = apply(AUCTION, s, A.Bid(10))
    bot = make_bot("builder")
    assert s.actor == 1 and bot.choose(AUCTION, s) == A.Mortgage(39)  # not his group
    s = apply(AUCTION, s, A.Mortgage(39))
    assert bot.choose(AUCTION, s) == A.Bid(20)
    # a bot that does not chase groups drops out instead
    assert make_bot("buy_all").choose(AUCTION, player(s, 1, cash=5)) == A.PassBid()


# ---- 2. a mortgaged property that changes hands ---------------------------------------


def test_rule11_mortgaged_property_traded_costs_10_percent_or_the_lift() -> None:
    s = own(own(game(), 0, 39, 5, mortgaged=True), 1, 1)
    s = apply(SPEC, s, A.ProposeTrade(1, give=(5, 39), take=(1,)))
    s = apply(SPEC, s, A.AcceptTrade())
    assert (s.phase, s.actor, s.transfers) == ("transfer", 1, (5, 39))
    with pytest.raises(IllegalAction, match="not allowed in the transfer phase"):
        apply(SPEC, s, A.EndTurn())
    kept = apply(SPEC, s, A.KeepMortgage(5))  # 10% of $100 now
    assert (kept.transfers, cash(kept), kept.mortgaged[5]) == ((39,), [1500, 1490], True)
    lifted = apply(SPEC, kept, A.LiftMortgage(39))  # $200 + 10% at once
    assert (lifted.phase, lifted.actor, lifted.transfers) == ("turn", 0, ())
    assert cash(lifted) == [1500, 1490 - 220] and not lifted.mortgaged[39]


def test_rule13_receiver_who_cannot_pay_the_10_percent_owes_it() -> None:
    s = own(own(game(), 0, 39, mortgaged=True), 1, 1)
    s = player(s, 1, cash=0)
    s = apply(SPEC, apply(SPEC, s, A.ProposeTrade(1, give=(39,), take=(1,))), A.AcceptTrade())
    assert legal_actions(SPEC, s)[0] == A.KeepMortgage(39)
    assert A.LiftMortgage(39) not in legal_actions(SPEC, s)  # $220 is more than Bo has
    s = apply(SPEC, s, A.KeepMortgage(39))
    assert (s.phase, s.actor, s.debts[0].amount) == ("debt", 1, 20)


def test_keep_mortgage_only_for_a_property_that_just_came_to_you() -> None:
    s = own(game(), 0, 39, mortgaged=True)
    with pytest.raises(IllegalAction, match="not allowed in the turn phase"):
        apply(SPEC, s, A.KeepMortgage(39))


def test_bots_answer_a_mortgaged_transfer() -> None:
    s = own(own(game(), 0, 39, mortgaged=True), 1, 1)
    s = apply(SPEC, apply(SPEC, s, A.ProposeTrade(1, give=(39,), take=(1,))), A.AcceptTrade())
    assert make_bot("buy_all").choose(SPEC, s) == A.KeepMortgage(39)  # never lifts
    assert make_bot("builder").choose(SPEC, s) == A.LiftMortgage(39)  # $1500 to spare
    poor = player(s, 1, cash=300)
    assert make_bot("builder").choose(SPEC, poor) == A.KeepMortgage(39)


# ---- 3. the building shortage (rule 10: the last buildings are auctioned) -------------


def test_rule10_building_shortage_the_request_opens_an_auction() -> None:
    # more in test_shortage_auction.py
    s = replace(own(own(game(), 0, 1, 3), 1, 6, 8, 9), sculptures_left=1)
    assert A.BuildSculpture(1, 0) in management_actions(SPEC, s, 0)
    assert A.BuildSculpture(6, 1) in management_actions(SPEC, s, 1)
    s = apply(SPEC, s, A.BuildSculpture(6, player=1))  # Bo asks, on Ann's turn
    assert (s.sculptures_left, s.level[6], s.phase, s.actor) == (1, 0, "building_auction", 1)
    assert s.auction is not None and s.auction.bidders == (1, 0)


# ---- 4. Alumni Hall: decide before counting (rule 7) ----------------------------------


def test_rule7_bots_choose_before_counting(monkeypatch: pytest.MonkeyPatch) -> None:
    # cash $1000 + printed prices $350 + $400 = $1750 at a glance: 10% looks cheaper;
    # counted with four sculptures at $200 the net worth is $2550, so 10% is $255
    s = own(game(), 0, 37, 39, level=2)
    s = player(s, 0, position=1, cash=1000)
    s = roll(s, 1, 2).state
    assert s.phase == "tax" and net_worth(SPEC, s, 0) == 2550

    def no_counting(*args: object, **kwargs: object) -> int:
        raise AssertionError("a bot counted its exact net worth")

    monkeypatch.setattr(Table, "net_worth", no_counting)
    for name in ("buy_all", "reserve", "builder"):
        assert make_bot(name).choose(SPEC, s) == A.PayTax("percent")
    monkeypatch.undo()
    paid = apply(SPEC, s, A.PayTax("percent"))
    assert cash(paid)[0] == 1000 - 255  # the price of not counting
    rich = player(s, 0, cash=1700)  # $2450 at a glance: the flat $200
    assert make_bot("builder").choose(SPEC, rich) == A.PayTax("flat")
