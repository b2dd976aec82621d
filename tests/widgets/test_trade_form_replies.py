"""The trade form says what became of a proposal where the click was made, starts empty for
each player, names players in the new-branch question, and leaves out properties the engine
would refuse (Alfredopoly rule 11); "Bots: play on" says when the safety cap stopped it
(lecturer trial 7, findings 3-6)."""

from __future__ import annotations

from dataclasses import replace

import pytest

import widgets.table
from gamekit.alfredopoly import actions as A
from widgets.play_alfredopoly import AlfredopolyTable
from widgets.play_almamater import AlmaMaterTable
from widgets.session import MAX_BOT_STEPS


def test_a_refusal_is_said_beside_the_propose_button() -> None:
    table = AlfredopolyTable(["Ann", "Bo"], seed=1)
    form = table.trade
    form.give_cash.value = 5000
    form.propose.click()
    # Ann starts with $1500 (Alfredopoly rule 2): the engine's reason, beside the button, in red
    assert form.note.value == "Ann has only $1500" and form.note.layout.display == ""
    assert "gk-error" in form.note._dom_classes
    assert form.give_cash.value == 5000 and not form.propose.disabled  # kept to correct
    form.give_cash.value = 0
    form.propose.click()
    assert form.note.value == "an empty trade" and table.state.phase == "turn"


def test_the_form_is_emptied_when_the_next_player_is_to_act() -> None:
    table = AlfredopolyTable(["Ann", "Bo", "Cy"], seed=1)
    form = table.trade
    form.give_cash.value = 50  # Ann types $50 for Cy, then does not propose
    form.take_cash.value = 20
    form.partner.value = 2
    table.act(A.RollDice())
    table.act(A.DeclineBuy(table.state.pending))  # seed 1: Ann lands on WALF Radio
    table.act(A.EndTurn())
    assert table.state.actor == 1 and form.head.value.startswith("Bo offers")
    assert (form.give_cash.value, form.take_cash.value) == (0, 0)
    assert form.partner.options == (("Ann", 0), ("Cy", 2)) and form.partner.value == 0


def test_a_new_branch_question_names_the_partner_and_is_answered_in_the_form() -> None:
    table = AlfredopolyTable(["Ann", "Bo"], seed=3)
    table.act(A.RollDice())
    table.act(next(a for a in table.session.legal() if isinstance(a, A.BuySpace)))
    table.history.value = 0  # back to the start: a trade there is a new branch
    form = table.trade
    form.give_cash.value = 10
    form.propose.click()
    question = (
        "“Offer Bo a trade: Ann gives $10 for nothing” differs from the recorded move. Start "
        "a new branch here? The 2 later move(s) are set aside (Undo brings them back)."
    )
    assert table.panel.confirm == question and "seat 1" not in table.panel.confirm
    # asked, not refused: the question and its answers beside the button, the values kept
    assert form.note.value == question and "gk-error" not in form.note._dom_classes
    assert (form.yes.description, form.no.description) == (
        "Start the new branch",
        "Keep the recorded moves",
    )
    assert form.answers.layout.display == "" and form.propose.disabled
    assert form.give_cash.value == 10 and form.proposed == 0
    form.yes.click()
    assert table.state.phase == "trade" and table.state.offer == A.ProposeTrade(1, give_cash=10)
    assert len(table.session.history) == 2 and table.session.set_aside  # the branch
    assert form.give_cash.value == 0 and form.proposed == 1  # emptied, the guard armed
    form.yes.click()  # a second click on the answer does nothing
    assert len(table.session.history) == 2
    table.act(A.RejectTrade())
    assert table.state.phase == "turn" and form.give_cash.value == 0


def test_no_to_the_question_keeps_the_recorded_moves_and_the_form() -> None:
    table = AlfredopolyTable(["Ann", "Bo"], seed=3)
    table.act(A.RollDice())
    table.history.value = 0
    form = table.trade
    form.give_cash.value = 10
    form.propose.click()
    form.no.click()
    assert len(table.session.history) == 2 and table.session.position == 0
    assert form.note.value == "No new branch: the recorded moves are kept."
    assert "gk-error" not in form.note._dom_classes and table.panel.confirm == ""
    assert form.give_cash.value == 10 and not form.propose.disabled


def test_properties_of_a_group_with_sculptures_are_not_offered() -> None:
    table = AlfredopolyTable(["Ann", "Bo", "Cy"], seed=1)
    s = table.state
    # Ann: the brown group (Fasano House 1, Babcock Hall 3) with a sculpture on Fasano House,
    # and WALF Radio (5); Bo: The Brick (6); Cy: Tefft Hall (8)
    owner = {1: 0, 3: 0, 5: 0, 6: 1, 8: 2}
    s = replace(
        s,
        owner=tuple(owner.get(i, o) for i, o in enumerate(s.owner)),
        level=tuple(1 if i == 1 else lv for i, lv in enumerate(s.level)),
    )
    form = table.trade
    form.show(s, True)
    assert form.give.options == (("WALF Radio", 5),)  # 1 and 3 left out (Alfredopoly rule 11)
    assert form.take.options == (("The Brick", 6),)
    assert form.blocked.value == (
        "Not tradable now: Fasano House, Babcock Hall "
        "(the brown group has sculptures; sell them first)"
    )
    assert form.blocked.layout.display == ""
    form.give.value = (5,)
    form.partner.value = 2  # another partner keeps what "I give" has chosen
    assert form.give.value == (5,) and form.take.options == (("Tefft Hall", 8),)
    hint = "Ctrl-click (⌘-click on a Mac) or Shift-click chooses several properties."
    assert form.several.value == hint and form.several in form.children


def test_play_on_says_when_the_safety_cap_stopped_the_bots() -> None:
    table = AlfredopolyTable(4, bots=["builder", "buy_all", "reserve", "builder"], seed=1)
    table.panel.handle_intent({"kind": "bot", "until": "person"})
    assert len(table.session.history) - 1 == MAX_BOT_STEPS == 5000
    assert table.session.bot_to_act() and table.state.phase != "over"
    assert table.panel.message == (
        "Stopped after 5000 bot moves (a safety limit); press “Bots: play on” again to go on."
    )
    assert not table.panel.error


def test_play_on_stopped_in_german(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(widgets.table, "MAX_BOT_STEPS", 12)
    table = AlmaMaterTable(["Ann", "Bo"], bots=["dean", "dean"], seed=2, lang="de")
    table.panel.handle_intent({"kind": "bot", "until": "person"})
    assert len(table.session.history) - 1 == 12
    assert table.panel.message == (
        "Nach 12 Bot-Zügen angehalten (eine Sicherheitsgrenze); „Bots: weiterspielen“ noch "
        "einmal drücken, um fortzufahren."
    )
    table.panel.handle_intent({"kind": "bot", "until": "turn"})  # ends before the cap
    assert table.panel.message == ""


def test_what_just_happened_badges_only_the_bot_s_own_lines() -> None:
    """A trade a bot accepts: "Bot Bo:" goes on the bot's answer, not on Ann's payment (a
    lecturer's trial read "Bot Bo: Ann paid $300 to Bo in the trade")."""
    table = AlfredopolyTable(["Ann", "Bo"], bots={"Bo": "builder"}, seed=1)
    table.trade.give_cash.value = 300
    table.trade.propose.click()
    assert table.panel.latest == [
        "Ann offered Bo a trade: gives $300 for nothing",
        "Bot Bo: accepted the trade",
        "Ann paid $300 to Bo in the trade",
    ]
