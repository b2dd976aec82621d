"""Findings of the seventh rules audit (notes/audit7_alfredopoly.md, findings 1-5).

Amounts from the campus deeds, worked by hand: brown (1, 3) and light blue (6, 8, 9)
sculptures cost $50; WALF Radio (5) has a $100 mortgage, so lifting it costs $110; the
Saxon Inn club (12) has a $75 mortgage, lifting it $83.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from gamekit.alfredopoly import actions as A
from gamekit.alfredopoly.rules import apply, legal_actions
from gamekit.alfredopoly.state import Debt, GameState
from gamekit.core.errors import IllegalAction

from .helpers import SPEC, cash, game, own, player

# --- 1: a shortage auction resumes through proceed(): what is still due decides ----------


def shortage_in_transfer() -> GameState:
    """Ann takes WALF Radio (5, mortgaged) from Bo and gives him club 12 (mortgaged) for
    $10: both must answer for a transferred mortgage, Ann first (board order). Ann owns
    brown, Cy light blue, one sculpture is left: Ann's request opens a shortage auction."""
    s = own(own(game(3), 0, 1, 3), 2, 6, 8, 9)
    s = own(own(s, 1, 5, mortgaged=True), 0, 12, mortgaged=True)
    s = replace(s, sculptures_left=1)
    s = apply(SPEC, s, A.ProposeTrade(partner=1, give=(12,), take=(5,), give_cash=10))
    s = apply(SPEC, s, A.AcceptTrade())
    assert (s.phase, s.actor, s.transfers) == ("transfer", 0, (5, 12))
    s = apply(SPEC, s, A.BuildSculpture(1))
    assert (s.phase, s.auction and s.auction.bidders) == ("building_auction", (0, 2))
    return s


def test_1_a_transfer_lifted_during_the_auction_asks_the_next_receiver() -> None:
    """Audit finding 1: Ann's transfer question is gone, so the game asks Bo about his
    (the old code went back to Ann, who could not answer for Bo's property)."""
    s = shortage_in_transfer()
    s = apply(SPEC, s, A.LiftMortgage(5))  # Ann lifts hers
    s = apply(SPEC, s, A.Bid(50))
    s = apply(SPEC, s, A.PassBid())  # Cy drops out: Ann's sculpture goes on space 1
    # Bo still has club 12 to answer for
    assert (s.phase, s.actor, s.transfers) == ("transfer", 1, (12,))
    assert legal_actions(SPEC, s)[0] == A.KeepMortgage(12)
    assert s.level[1] == 1 and not s.mortgaged[5]
    assert cash(s) == [1500 - 10 - 110 - 50, 1510, 1500]
    s = apply(SPEC, s, A.KeepMortgage(12))  # Bo pays $8 (10% of $75, rounded up)
    assert (s.phase, s.actor, s.transfers) == ("turn", 0, ())
    assert cash(s) == [1330, 1502, 1500]


def test_1_the_audits_reproduction_resumes_to_the_turn() -> None:
    """The report's script: only Ann's transfer, lifted during the auction."""
    s = own(own(game(3), 0, 1, 3), 2, 6, 8, 9)
    s = replace(own(s, 1, 5, mortgaged=True), sculptures_left=1)
    for a in (A.ProposeTrade(partner=1, take=(5,), give_cash=10), A.AcceptTrade(),
              A.BuildSculpture(1), A.LiftMortgage(5, 0), A.Bid(50), A.PassBid()):  # fmt: skip
        s = apply(SPEC, s, a)
    assert (s.phase, s.actor, s.transfers) == ("turn", 0, ())
    assert legal_actions(SPEC, s)[0] == A.RollDice()
    assert cash(s) == [1500 - 10 - 110 - 50, 1510, 1500]


def test_1_a_debt_raised_during_the_auction_is_paid_when_it_ends() -> None:
    """Bo owes Ann $100 with $10 in hand; during Ann's shortage auction he mortgages
    WALF Radio ($100). When the auction ends the debt is due and covered: it is paid
    (as ``proceed`` pays every covered debt) and Bo's turn goes on."""
    s = own(own(game(3), 0, 1, 3), 2, 6, 8, 9)
    s = player(own(s, 1, 5), 1, cash=10)
    s = replace(s, sculptures_left=1, current=1, actor=1, phase="debt", may_roll=False,
                rolled=True, debts=(Debt(1, 0, 100, "for a card", "card_payment"),))  # fmt: skip
    s = apply(SPEC, s, A.BuildSculpture(1, 0))
    assert s.phase == "building_auction"
    s = apply(SPEC, s, A.Mortgage(5, 1))
    s = apply(SPEC, s, A.Bid(50))
    s = apply(SPEC, s, A.PassBid())
    assert (s.phase, s.actor, s.debts) == ("turn", 1, ())
    assert cash(s) == [1500 - 50 + 100, 10 + 100 - 100, 1500]
    # without the mortgage Bo is still short: the game asks him again
    s = own(own(game(3), 0, 1, 3), 2, 6, 8, 9)
    s = player(own(s, 1, 5), 1, cash=10)
    debt = Debt(1, 0, 100, "for a card", "card_payment")
    s = replace(s, sculptures_left=1, current=1, actor=1, phase="debt", may_roll=False,
                rolled=True, debts=(debt,))  # fmt: skip
    for a in (A.BuildSculpture(1, 0), A.Bid(50), A.PassBid()):
        s = apply(SPEC, s, a)
    assert (s.phase, s.actor, s.debts, cash(s)) == ("debt", 1, (debt,), [1450, 10, 1500])


# --- 2: a bidder keeps the cash for what they owe ------------------------------------------


def debtors_shortage(cy_cash: int = 100, di_cash: int = 100) -> GameState:
    """Bo cannot pay his $50 (phase ``debt``); Cy and Di owe $50 each behind him. Cy owns
    light blue, Di brown (both $50 sculptures), one sculpture is left: Cy's request opens
    a shortage auction between the two, who can each build with the cash beyond their
    debt (Decision "at any time": they may build "only with cash beyond what they owe")."""
    s = own(own(game(4), 2, 6, 8, 9), 3, 1, 3)
    s = player(player(player(s, 1, cash=10), 2, cash=cy_cash), 3, cash=di_cash)
    debts = tuple(Debt(seat, 0, 50, "(card)", "card_payment") for seat in (1, 2, 3))
    s = replace(s, sculptures_left=1, current=1, actor=1, phase="debt", debts=debts)
    return apply(SPEC, s, A.BuildSculpture(6, 2))


def test_2_a_bid_may_not_spend_the_cash_a_debt_needs() -> None:
    s = debtors_shortage()
    assert s.auction is not None and s.auction.bidders == (2, 3)
    assert [a for a in legal_actions(SPEC, s) if isinstance(a, A.Bid)] == [A.Bid(50)]
    why = r"owes money \(\$50, and has \$100\).*bid at most \$50"
    with pytest.raises(IllegalAction, match=why):
        apply(SPEC, s, A.Bid(100))
    assert apply(SPEC, s, A.Bid(50)).auction.high_bid == 50  # type: ignore[union-attr]


def test_2_an_owing_bidder_cannot_outbid_with_what_they_owe() -> None:
    """Di ($100, owing $50) may not answer Cy's $50 with $51-$100: she drops out and Cy
    builds; both debts stay covered and are paid when their turn comes."""
    s = apply(SPEC, debtors_shortage(), A.Bid(50))
    assert s.actor == 3
    assert [a for a in legal_actions(SPEC, s) if isinstance(a, A.Bid)] == []
    with pytest.raises(IllegalAction, match=r"Di owes money"):
        apply(SPEC, s, A.Bid(51))
    s = apply(SPEC, s, A.PassBid())
    assert (s.phase, s.level[6]) == ("debt", 1)
    assert cash(s) == [1500, 10, 50, 100]
    assert all(s.players[d.debtor].cash >= d.amount for d in s.debts[1:])


def test_2_a_builder_bot_bids_only_what_it_does_not_owe() -> None:
    """The builder bot (no reserve, up to twice the price): Cy opens at his $50 floor;
    Di would answer $60 of her $100, but owing $50 she drops out."""
    from gamekit.alfredopoly.bots import Builder
    from gamekit.alfredopoly.engine import Table

    s = debtors_shortage()
    assert Builder(seed=0).decide(Table(SPEC, s)) == A.Bid(50)
    s = apply(SPEC, s, A.Bid(50))
    assert Builder(seed=0).decide(Table(SPEC, s)) == A.PassBid()
