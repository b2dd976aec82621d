"""Alfredopoly in German (issue 25): every entry of the phrasebook has German words; the
actions a refusal names, the phases and a debt's reason are words (their English the
engine's text, word for word); a saved debt with an older kit's English reason still loads.
The whole German table is checked in tests/widgets/test_alfredopoly_german.py."""

from __future__ import annotations

import dataclasses
import re

import pytest

from gamekit.alfredopoly import actions as A
from gamekit.alfredopoly import rules as R
from gamekit.alfredopoly.narration import (
    Reason,
    action_words,
    legacy_reason,
    phase_words,
    phrasebook,
    reason,
)
from gamekit.alfredopoly.phases import PHASES
from gamekit.alfredopoly.spec import AlfredopolySpec
from gamekit.alfredopoly.state import Debt, state_from_struct, state_to_struct
from gamekit.core.events import Words

BOOK = phrasebook()
SPEC = AlfredopolySpec()

#: Lower-case English words of the phrasebook's English templates that German does not
#: share ("an", "in", "Bot" are German too); the table's test uses the same list.
ENGLISH = frozenset(
    word
    for kind in BOOK
    for text in (
        BOOK[kind]["en"].values() if isinstance(BOOK[kind]["en"], dict) else [BOOK[kind]["en"]]
    )
    for word in re.findall(r"\b[a-z]{2,}\b", re.sub(r"\{[^}]*\}", " ", text))
) - {"an", "in", "x", "bot", "jackpot", "so"}


def english_words(text: str, names: tuple[str, ...] = ()) -> set[str]:
    """The English template words in ``text`` outside the data names ``names`` (spaces,
    decks, cards, players: they stay as the data spells them) and quoted values."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    text = re.sub(r"'[^']*'", " ", text)
    return set(re.findall(r"\b[a-z]{2,}\b", text)) & ENGLISH


def test_every_entry_has_german_words_and_the_check_can_fail() -> None:
    assert len(BOOK) > 250
    assert [kind for kind in BOOK if "de" not in BOOK[kind]] == []
    assert english_words("Ann zahlt 24\u00a0$ Miete an Bo für Fasano House") == set()
    assert english_words("Ann paid $24 fee to Bo for Fasano House", ("Fasano House",)) == {
        "paid",
        "fee",
        "to",
        "for",
    }


# an action of every type, with the values a forged click may send
ACTIONS = [
    A.RollDice(), A.EndTurn(), A.BuySpace(3), A.BuySpace(True), A.DeclineBuy(5),
    A.PayTax("flat"), A.PayTax("percent"), A.PayTax("both"), A.PayJailFine(),
    A.UseGetOutCard("EM07"), A.BuildSculpture(1), A.BuildSculpture(39, 1),
    A.SellSculpture(3), A.SellAllSculptures("dark_blue"), A.Mortgage(5, 2),
    A.LiftMortgage(1), A.KeepMortgage(1), A.ProposeTrade(1, give=(1,)),
    A.ProposeTrade(2, give=(1, 3), take=(6,), give_cash=50, take_cards=("EM07", "PC01")),
    A.ProposeTrade(1, give_cash=-1), A.ProposeTrade(0), A.AcceptTrade(), A.RejectTrade(),
    A.PayDebt(), A.DeclareBankruptcy(), A.Bid(1500), A.Bid("x"), A.PassBid(),  # type: ignore[arg-type]
    A.PlaceBuilding(8),
]  # fmt: skip


@pytest.mark.parametrize("lang", ["en", "de"])
def test_an_action_in_words_is_its_text_in_english(lang: str) -> None:
    assert {type(a) for a in ACTIONS} == set(A.ACTIONS.values())
    for action in ACTIONS:
        said = BOOK.text(action_words(action), lang)
        if lang == "en":
            assert said == str(action)
        else:
            assert said != str(action) and not english_words(said, ("EM07", "PC01")), said
    assert BOOK.text(action_words(A.PayTax("both")), "de") == "Steuer zahlen (both)"  # data


def test_phases_in_words_are_the_phase_table_in_english() -> None:
    for phase in PHASES.phases:
        assert BOOK.text(phase_words(phase.name)) == phase.name
        assert BOOK.text(Words(f"does.{phase.name}")) == phase.description
        german = BOOK.text(Words(f"does.{phase.name}"), "de")
        assert not english_words(german), german


LEGACY = {  # a debt's reason as the engine wrote it before, and its words now
    "for Fasano House": reason("why.for", space="Fasano House"),
    "for Alfred Water (10 x 7)": reason("why.utility_card", space="Alfred Water", total=7),
    "for Alumni Hall (flat)": reason("why.tax", space="Alumni Hall", choice="flat"),
    "for Alumni Hall (percent)": reason("why.tax", space="Alumni Hall", choice="percent"),
    "(card EM07)": reason("why.card", card="EM07"),
    "for 3 sculptures and 1 statues (card PC02)": reason(
        "why.repairs", sculptures=3, statues=1, card="PC02"
    ),
    "to keep the mortgage on Alfred Water": reason("why.keep", space="Alfred Water"),
    "to leave Academic Probation": reason("why.jail"),
}


def test_a_debts_reason_is_words_and_an_old_text_reason_becomes_them() -> None:
    for text, why in LEGACY.items():
        assert str(why) == text and legacy_reason(text) == why
        assert not english_words(BOOK.text(why.words(), "de"), ("Fasano House", "Alfred Water",
                                 "Alumni Hall", "EM07", "PC02", "Academic Probation"))  # fmt: skip
    assert legacy_reason("for a reason the engine never gave (x)") != reason("why.for", space="")
    s = R.new_game(SPEC, players=2, seed=0)
    s = dataclasses.replace(s, phase="debt", actor=1, current=1, rolled=True, may_roll=False)
    new = dataclasses.replace(s, debts=(Debt(1, 0, 24, LEGACY["for Fasano House"], "fee"),))
    data = state_to_struct(new)
    assert data["debts"][0]["reason"] == {"kind": "why.for", "fields": [["space", "Fasano House"]]}
    assert state_from_struct(data, SPEC) == new
    data["debts"][0]["reason"] = "for Fasano House"  # an older kit's save
    assert state_from_struct(data, SPEC) == new
    data["debts"][0]["reason"] = {"kind": "no.over", "fields": []}  # not a reason
    with pytest.raises(ValueError, match=r"state\.debts\[0\]\.reason: 'no\.over'"):
        state_from_struct(data, SPEC)
    data["debts"][0]["reason"] = {"kind": "why.for", "fields": [["place", "x"]]}
    with pytest.raises(ValueError, match=r"state\.debts\[0\]\.reason: 'why\.for'"):
        state_from_struct(data, SPEC)
    assert isinstance(new.debts[0].reason, Reason)
