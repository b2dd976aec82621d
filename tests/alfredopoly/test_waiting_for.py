"""What a table's status line says the game waits for: only what is possible now, and
what the player must see to decide (lecturer trial: "or end the turn" before the roll, no
word of Probation, no high bid, no terms of an offer)."""

from __future__ import annotations

from dataclasses import replace

from gamekit.alfredopoly import actions as A
from gamekit.alfredopoly.rules import apply, legal_actions
from gamekit.alfredopoly.spec import AlfredopolySpec
from gamekit.alfredopoly.words import waiting_for

from .helpers import SPEC, game, own, player, roll


def test_before_and_after_the_roll() -> None:
    s = game()
    assert waiting_for(SPEC, s).startswith("roll the dice")
    assert A.EndTurn() not in legal_actions(SPEC, s)
    after = roll(player(s, 0, position=1), 2, 3).state  # to 6, then the buy question
    after = apply(SPEC, after, A.DeclineBuy(6))
    assert after.phase == "turn" and not after.may_roll
    assert waiting_for(SPEC, after).startswith("end the turn")


def test_a_try_in_probation_is_named_with_the_ways_out() -> None:
    s = player(game(), 0, position=10, in_jail=True, jail_tries=1)
    assert waiting_for(SPEC, s) == (
        "in Academic Probation: try 2 of 3 to roll a double (or pay the $50 fine)"
    )
    poor = player(s, 0, cash=20)
    assert waiting_for(SPEC, poor) == "in Academic Probation: try 2 of 3 to roll a double"


def test_an_auction_shows_the_high_bid_and_its_bidder() -> None:
    spec = AlfredopolySpec(auction=True)
    s = roll(player(game(3, spec), 0, position=1), 2, 3, spec).state  # to space 6, nobody buys it
    s = apply(spec, s, A.DeclineBuy(6))
    assert s.phase == "auction" and "no bid yet" in waiting_for(spec, s)
    s = apply(spec, s, A.Bid(10))
    text = waiting_for(spec, s)
    assert "high bid $10 by Ann" in text and text.startswith("auction for "), text


def test_a_trade_offer_shows_its_terms_to_the_one_who_answers() -> None:
    s = own(game(), 0, 1)
    s = apply(SPEC, s, A.ProposeTrade(1, give=(1,), take_cash=100))
    assert s.phase == "trade" and s.actor == 1
    text = waiting_for(SPEC, s)
    assert text.startswith("Ann gives ") and "$100" in text and text.endswith("accept or reject")
    assert SPEC.board.spaces[1].name in text


def test_every_phase_has_words() -> None:
    s = game()
    for phase in ("tax", "debt", "transfer", "over"):
        assert waiting_for(SPEC, replace(s, phase=phase))
