"""Alfredopoly's events and refusals as data (issue 25): every event and every refusal
carries its words (a kind of ``phrases.toml`` and its fields), and its English text is
those words put into English by the phrasebook. The English itself is checked word for
word by the golden playthroughs (``test_golden.py``, unchanged)."""

from __future__ import annotations

import pytest

from gamekit.alfredopoly import actions as A
from gamekit.alfredopoly import narration
from gamekit.alfredopoly import rules as R
from gamekit.alfredopoly.bots import make_bot
from gamekit.alfredopoly.checks import refusal, why_illegal
from gamekit.alfredopoly.engine import Table
from gamekit.alfredopoly.simulate import play_game
from gamekit.alfredopoly.spec import AlfredopolySpec
from gamekit.core.errors import IllegalAction
from gamekit.core.events import Words
from gamekit.core.rng import make_rng

BOOK = narration.phrasebook()
# auctions, the jackpot and a short supply of buildings: more kinds of event
SPEC = AlfredopolySpec(auction=True, free_parking_jackpot=True, sculptures=6, max_rounds=40)
PROBES = [A.EndTurn(), A.RollDice(), A.BuySpace(0), A.Bid(1), A.PayTax("both"), A.PayDebt(),
          A.DeclareBankruptcy(), A.AcceptTrade(), A.KeepMortgage(1), A.PlaceBuilding(1),
          A.BuildSculpture(1), A.BuildSculpture(39, 1), A.SellSculpture(3), A.Mortgage(5),
          A.LiftMortgage(1), A.SellAllSculptures("nope"), A.Mortgage(1, 7), A.PayJailFine(),
          A.UseGetOutCard("x"), A.ProposeTrade(1, give=(1,)), A.ProposeTrade(0, give=(1,)),
          A.ProposeTrade(1, give_cash=-1), A.BuySpace(True)]  # fmt: skip


def _game(seed: int) -> list[tuple[object, list]]:
    """A seeded four-bot game through the checked API: (state, its step's events)."""
    rng = make_rng(seed)
    bots = [make_bot(s, seed=seed + i) for i, s in enumerate(["buy_all", "builder"] * 2)]
    s = R.new_game(SPEC, players=4, seed=seed)
    out = []
    while s.phase != "over":
        if R.is_chance(s):
            outcomes = R.chance_outcomes(SPEC, s)
            st = R.chance_step(SPEC, s, outcomes[int(rng.integers(len(outcomes)))][0])
        else:
            st = R.step(SPEC, s, bots[s.actor].choose(SPEC, s))
        out.append((s, list(st.events)))
        s = st.state
    return out


@pytest.fixture(scope="module")
def game() -> list[tuple[object, list]]:
    return _game(4)


def test_every_event_is_its_words_in_english(game: list[tuple[object, list]]) -> None:
    kinds = set()
    for _, events in game:
        for e in events:
            assert isinstance(e.words, Words), e
            assert BOOK.text(e.words) == e.text
            kinds.add(e.words.kind)
            if e.kind == "roll":  # the dice as data, for the table's dice note
                assert e.words["player"] in e.text and isinstance(e.words["dice"], tuple)
    assert {"roll", "move", "buy", "debt.fee.to", "build.sculpture", "over.rounds"} <= kinds


def test_every_refusal_carries_its_words(game: list[tuple[object, list]]) -> None:
    kinds = set()
    for state, _ in game[::25]:
        for action in PROBES:
            words = refusal(Table(SPEC, state, log=False), action)
            try:
                R.step(SPEC, state, action)
            except IllegalAction as e:
                assert e.words == words and BOOK.text(e.words) == str(e) == e.reason
                assert why_illegal(Table(SPEC, state), action) == str(e)
                kinds.add(e.words.kind)
            else:
                assert words is None
    assert len(kinds) >= 15, kinds
    with pytest.raises(IllegalAction) as err:
        R.apply_chance(SPEC, R.new_game(SPEC, players=2, seed=0), object())  # type: ignore[arg-type]
    assert err.value.words == Words("no.dice_due", phase=Words("phase.turn"))


def test_the_null_log_puts_nothing_into_words(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_words() -> None:
        raise AssertionError("a simulation put an event into words")

    monkeypatch.setattr(narration, "phrasebook", no_words)
    spec = AlfredopolySpec(max_rounds=30)
    bots = [make_bot(s, seed=i) for i, s in enumerate(["buy_all", "builder", "reserve"])]
    table, decisions = play_game(spec, bots, seed=1)  # the fast path: the null log
    assert decisions > 50 and table.round > 1
    s = R.apply(spec, R.new_game(spec, players=2, seed=1), A.RollDice())
    with pytest.raises(AssertionError, match="into words"):  # the checked API does
        R.chance_step(spec, s, R.chance_outcomes(spec, s)[0][0])
