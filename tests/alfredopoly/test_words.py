"""Alfredopoly button words: a trade offer names both players and its terms (the words the
play table's new-branch question and the golden transcripts show)."""

from __future__ import annotations

from dataclasses import replace

from gamekit.alfredopoly import actions as A
from gamekit.alfredopoly.rules import new_game
from gamekit.alfredopoly.spec import AlfredopolySpec
from gamekit.alfredopoly.words import describe

SPEC = AlfredopolySpec()


def test_a_trade_offer_names_the_proposer_and_the_partner() -> None:
    s = new_game(SPEC, players=3, seed=1)  # Ann, Bo, Cy; Ann to act
    offer = A.ProposeTrade(2, give=(1, 3), give_cash=50, take=(5,), take_cards=("E07",))
    assert describe(SPEC, s, offer) == (
        "Offer Cy a trade: Ann gives Fasano House, Babcock Hall, $50 for WALF Radio, "
        "Get out card E07"
    )


def test_the_words_follow_the_player_to_act() -> None:
    s = new_game(SPEC, players=2, seed=1)
    s = replace(s, actor=1, current=1)
    assert describe(SPEC, s, A.ProposeTrade(0)) == (
        "Offer Ann a trade: Bo gives nothing for nothing"
    )
