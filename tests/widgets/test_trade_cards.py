"""The trade form moves "Get out of Academic Probation free" cards; the engine checks."""

from __future__ import annotations

from dataclasses import replace

from widgets.play_alfredopoly import AlfredopolyTable
from widgets.session import Entry

_seq = iter(range(1, 10**6))


def click(table: AlfredopolyTable, action: dict) -> None:
    table.panel.set_state({"intent": {"kind": "act", "action": action, "seq": next(_seq)}})


def holding(cards: dict[int, tuple[str, ...]], seed: int = 1) -> AlfredopolyTable:
    """A table whose start position has these seats holding these "Get out" cards
    (taken out of their decks, as when drawn)."""
    table = AlfredopolyTable(["Ann", "Bo"], seed=seed)
    state = table.state
    held = {c for cs in cards.values() for c in cs}
    players = tuple(
        replace(p, cards=cards.get(seat, p.cards)) for seat, p in enumerate(state.players)
    )
    decks = tuple(tuple(c for c in deck if c not in held) for deck in state.decks)
    table.session.history[0] = Entry(replace(state, players=players, decks=decks))
    table.refresh()
    return table


def test_the_form_lists_the_cards_each_player_holds() -> None:
    table = holding({0: ("EM09",), 1: ("PM05",)})
    form = table.trade
    assert [v for _, v in form.give_cards.options] == ["EM09"]
    assert [v for _, v in form.take_cards.options] == ["PM05"]
    assert form.give_cards.layout.display == "" and "EM09" in form.give_cards.options[0][0]
    plain = AlfredopolyTable(["Ann", "Bo"], seed=1).trade
    assert plain.give_cards.layout.display == "none" == plain.take_cards.layout.display
    assert plain.layout.display == "" and plain.give.layout.display != "none"


def test_a_card_for_cash_changes_hands_when_the_partner_accepts() -> None:
    table = holding({0: ("EM09",)})
    form = table.trade
    form.give_cards.value = ("EM09",)
    form.take_cash.value = 40
    form.propose.click()
    assert not table.panel.error
    assert table.state.phase == "trade" and table.state.offer.give_cards == ("EM09",)
    click(table, {"type": "AcceptTrade"})
    ann, bo = table.state.players
    assert ann.cards == () and bo.cards == ("EM09",)
    assert (ann.cash, bo.cash) == (1540, 1460)


def test_asking_for_the_partners_card_and_both_cards_swap() -> None:
    table = holding({0: ("EM09",), 1: ("PM05",)})
    form = table.trade
    form.give_cards.value = ("EM09",)
    form.take_cards.value = ("PM05",)
    form.propose.click()
    click(table, {"type": "AcceptTrade"})
    assert [p.cards for p in table.state.players] == [("PM05",), ("EM09",)]
    assert [p.cash for p in table.state.players] == [1500, 1500]


def test_a_card_the_player_does_not_hold_is_a_message_and_changes_nothing() -> None:
    table = holding({0: ("EM09",)})
    before, n = table.state, len(table.session.history)
    form = table.trade
    form.take_cards.options = [("stale: PM05", "PM05")]  # a form older than the game
    form.take_cards.value = ("PM05",)
    form.propose.click()
    assert table.panel.error and "does not hold card PM05" in table.panel.message
    assert table.state is before and len(table.session.history) == n
