"""``TradeForm``: stock ipywidgets to propose an Alfredopoly trade (rule 11).

Properties, cash and "Get out of Academic Probation free" cards, both ways, in any mix. The
form says whose offer it is ("Ann offers") and marks mortgaged properties.

Trades are open-ended, so ``legal_actions`` does not list them; the form builds a
``ProposeTrade`` and hands it to the table, where the engine checks it like any click.
The partner answers with the Accept / Reject buttons (a bot answers by itself).

Click safety: a proposal empties the form, and clicks on "Propose the trade" within
``REPEAT_GUARD_S`` seconds of a proposal are ignored, so a double click proposes once; the
button is disabled (and the form hidden) until the trade is answered.

>>> from widgets.play_alfredopoly import AlfredopolyTable
>>> table = AlfredopolyTable(["Ann", "Bo"], seed=1)
>>> form = table.trade
>>> form.partner.options, form.head.value
((('Bo', 1),), 'Ann offers (“I” below is Ann)')
>>> form.give_cash.value = 50
>>> form.propose.click()           # nothing offered for it is fine, but Ann must hold $50
>>> table.state.phase, table.state.offer.give_cash, form.give_cash.value
('trade', 50, 0)

Mortgaged properties are marked (here Ann owns Fasano House and a mortgaged Babcock Hall):

>>> from dataclasses import replace
>>> s = AlfredopolyTable(["Ann", "Bo"], seed=1).state
>>> s = replace(s, owner=tuple(0 if i in (1, 3) else o for i, o in enumerate(s.owner)),
...             mortgaged=tuple(i == 3 for i in range(len(s.owner))))
>>> form.show(s, True); form.give.options
(('Fasano House', 1), ('Babcock Hall (mortgaged)', 3))
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import ipywidgets as ipw

from gamekit.alfredopoly import actions as A
from gamekit.alfredopoly.spec import AlfredopolySpec
from gamekit.alfredopoly.state import GameState

REPEAT_GUARD_S = 1.0  # a second click on "Propose" this soon after a proposal is ignored
PROPOSE = "Propose the trade"


class TradeForm(ipw.VBox):
    """Partner, properties, cash and "Get out" cards to give and take, and a Propose button."""

    def __init__(self, spec: AlfredopolySpec, send: Callable[[A.ProposeTrade], Any]) -> None:
        self._spec = spec
        self._submit = send
        self._state: GameState | None = None
        # as wide as the form and no wider (width 100% plus the widgets' margins stuck out)
        wide = ipw.Layout(width="auto", align_self="stretch")
        # whose offer it is: "I" in the fields below is the player to act
        self.head = ipw.Label("")
        self.head.add_class("gk-trade-head")
        self.partner = ipw.Dropdown(description="With", layout=wide)
        self.give = ipw.SelectMultiple(description="I give", rows=5, layout=wide)
        self.take = ipw.SelectMultiple(description="I take", rows=5, layout=wide)
        self.give_cash = ipw.BoundedIntText(value=0, min=0, max=100_000, description="I pay $")
        self.take_cash = ipw.BoundedIntText(value=0, min=0, max=100_000, description="I get $")
        # "Get out of Academic Probation free" cards each player holds (rule 11 trades them)
        self.give_cards = ipw.SelectMultiple(
            description="My cards", rows=2, layout=ipw.Layout(width="auto", align_self="stretch")
        )
        self.take_cards = ipw.SelectMultiple(
            description="Their cards", rows=2, layout=ipw.Layout(width="auto", align_self="stretch")
        )
        self.propose = ipw.Button(description=PROPOSE, button_style="warning")
        self._last_proposal = -1e9  # time.monotonic() of the last proposal sent
        self.proposed = 0  # proposals sent to the table (a count, for tests)
        self.propose.on_click(self._propose)
        self.partner.observe(self._fill_take, names="value")
        super().__init__(
            [
                self.head,
                self.partner,
                self.give,
                self.give_cash,
                self.give_cards,
                self.take,
                self.take_cash,
                self.take_cards,
                self.propose,
            ],
            layout=ipw.Layout(max_width="440px"),
        )
        self.add_class("gk-trade-form")

    def _properties(self, seat: int) -> list[tuple[str, int]]:
        assert self._state is not None
        spaces = self._spec.board.spaces
        state = self._state
        return [
            (spaces[i].name + (" (mortgaged)" if state.mortgaged[i] else ""), i)
            for i, owner in enumerate(state.owner)
            if owner == seat
        ]

    def _cards(self, seat: int) -> list[tuple[str, str]]:
        """The "Get out" cards ``seat`` holds, labelled with their deck and id."""
        assert self._state is not None
        cards = self._spec.board.cards
        out = []
        for cid in self._state.players[seat].cards:
            deck = getattr(cards.get(cid), "deck", "")
            out.append((f"Get out card {cid} ({deck.replace('_', ' ')})" if deck else cid, cid))
        return out

    def show(self, state: GameState, can_trade: bool) -> None:
        """Refill the lists for ``state``; hidden unless the player to act may trade."""
        self._state = state
        self.layout.display = "" if can_trade else "none"
        waiting = state.phase == "trade" and state.offer is not None
        self.propose.disabled = not can_trade or waiting
        self.propose.description = "Waiting for the answer" if waiting else PROPOSE
        if not can_trade:
            return
        me = state.actor
        name = state.players[me].name
        self.head.value = f"{name} offers (“I” below is {name})"
        partners = [(p.name, i) for i, p in enumerate(state.players) if i != me and not p.bankrupt]
        keep = self.partner.value
        self.partner.options = partners
        seats = [seat for _, seat in partners]
        self.partner.value = keep if keep in seats else (seats[0] if seats else None)
        self.give.options = self._properties(me)
        self.give_cards.options = self._cards(me)
        self.give_cards.layout.display = "" if self.give_cards.options else "none"
        self._fill_take()

    def _fill_take(self, change: dict[str, Any] | None = None) -> None:
        if self._state is not None and self.partner.value is not None:
            self.take.options = self._properties(self.partner.value)
            self.take_cards.options = self._cards(self.partner.value)
            self.take_cards.layout.display = "" if self.take_cards.options else "none"

    def reset(self) -> None:
        """Empty the form (after a proposal, so a repeated click cannot repeat it)."""
        self.give.value = ()
        self.take.value = ()
        self.give_cash.value = 0
        self.take_cash.value = 0
        self.give_cards.value = ()
        self.take_cards.value = ()

    def _propose(self, button: ipw.Button | None = None) -> None:
        if self.partner.value is None or self.propose.disabled:
            return
        if time.monotonic() - self._last_proposal < REPEAT_GUARD_S:
            return  # the second click of a double click
        offer = A.ProposeTrade(
            partner=self.partner.value,
            give=tuple(self.give.value),
            take=tuple(self.take.value),
            give_cash=int(self.give_cash.value),
            take_cash=int(self.take_cash.value),
            give_cards=tuple(self.give_cards.value),
            take_cards=tuple(self.take_cards.value),
        )
        self.propose.disabled = True  # until the table shows the answer (show() again)
        sent: Any = False
        try:
            sent = self._submit(offer)
        finally:
            if sent is False:
                self.propose.disabled = False  # refused: the form stays for a correction
        if sent is not False:
            self._last_proposal = time.monotonic()
            self.proposed += 1
            self.reset()
