"""The rules of Alfredopoly, in one place, on a mutable working table.

:class:`Table` is a scratch copy of a :class:`~gamekit.alfredopoly.state.GameState`
(lists instead of tuples). The checked public API (:mod:`gamekit.alfredopoly.rules`)
thaws a state into a table, checks the action with :meth:`Table.why_illegal`, applies
it and freezes the result, so a rejected action changes nothing. Bots and
:func:`~gamekit.alfredopoly.simulate.simulate` keep one table for a whole game and skip
the copies: the same rule code, only without the freezing (tests replay the fast
path's choices through the checked ``apply`` and compare every state).

The engine changes phase only through the phase table (``PHASES.move``, in
:mod:`gamekit.alfredopoly.phases`), which raises ``IllegalTransition`` for a change it
does not allow.

Rule numbers in comments refer to ``docs/rules/alfredopoly.md``, the kit's rule book.

Decisions (where the sheet is silent; the kit follows classic US rules before 2008):

- Money owed is a *debt*: paid at once when the debtor has the cash, otherwise the
  debtor must raise money (sell sculptures, mortgage) and then pay, or, when even
  selling and mortgaging everything cannot cover it, go bankrupt (rule 13). Cash never
  goes negative.
- "Pay each player" cards make one debt per player, paid in seat order; a player who
  cannot pay goes bankrupt to the one they cannot pay.
- Organizations (board data): railroads charge 25/50/100/200 by how many the owner
  holds; utilities 4x the dice with one owned, 10x with both. The "nearest railroad"
  card doubles the fee; the "nearest utility" card makes the player roll and pay 10x.
- Owning a whole colour group doubles the base fee of its unimproved buildings even if
  some of the group is mortgaged (classic rule); railroads count every one the owner
  holds, mortgaged or not.
- A mortgaged property that changes hands (trade, or bankruptcy to a player) costs its
  new owner 10% of the mortgage at once (``KeepMortgage``), or the owner lifts it at
  once for the mortgage plus 10% (``LiftMortgage``): the ``transfer`` phase asks, one
  property at a time, before anything else goes on (classic rule; trades are rule 11,
  bankruptcy rule 13, the 10% interest rule 12).
- Bankrupt to a player: sculptures go back to the trustees for half price, then all
  cash, property and "Get out" cards go to the creditor. Bankrupt to the trustees:
  sculptures return to the supply, property returns unmortgaged and buyable, cash goes
  to the trustees, "Get out" cards go to the bottom of their decks.
- Selling a statue returns it to the trustees for half a sculpture's price and puts
  four sculptures back on the building; when the supply has fewer than four,
  ``SellAllSculptures`` sells a whole group's buildings at once (always even). While the
  last sculptures are auctioned (rule 10's shortage) no statue is sold alone: it would
  take the auctioned sculptures.
- Alumni Hall's 10% is of net worth (cash, printed prices of all property, mortgaged
  or not, and what was paid for sculptures and statues), rounded down.
- "At any time" (rule 12, and the classic rules for building and selling): any solvent
  player may build (evenly, from the supply), sell, mortgage and lift whenever the game
  waits for a decision (every phase but ``dice``, ``card_dice`` and ``over``), never
  while a roll or a card is being resolved (after the last failed try in Probation, until
  the move by that roll only its player manages). A player who owes a debt keeps the cash
  for it (one who cannot pay may only sell and mortgage); the high bidder of an auction
  keeps the cash for the bid.
- The building shortage (rule 10): a request to build opens an auction for one
  building when the supply it draws from (sculptures, or statues) has fewer left than
  the players who could legally build from it right now, the asker included (decisions
  arrive one at a time, so "want" is read as "could build now"). The asker bids first,
  then the others in seat order, each at least the price of a building on their own
  cheapest street that can take it; the winner pays the bid and the building goes on
  the asker's street, or a street the winner chooses (``placing``); then the game goes
  on in the phase it was in. See ``docs/rules/alfredopoly.md``, Decisions.
- The auction house rule: every player still in the game, starting with the one who
  declined, bids in turn or drops out; the last bidder buys at their bid. If nobody
  bids the property stays with the trustees.
- The Free Parking jackpot house rule collects taxes, card payments to the trustees
  and Probation fines; the player landing on Free Parking takes it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamekit.alfredopoly import actions as A
from gamekit.alfredopoly.constants import STATUE, TRUSTEES
from gamekit.alfredopoly.narration import TRUSTEES_WORDS
from gamekit.alfredopoly.phases import PHASES
from gamekit.alfredopoly.properties import PropertyRules
from gamekit.alfredopoly.state import Debt
from gamekit.alfredopoly.working import Player, layout
from gamekit.core.actions import Action

MONEY_KINDS = frozenset(
    {"workstudy", "purchase", "fee", "tax", "card_payment", "fine", "build", "sell",
     "mortgage", "lift", "bankruptcy", "trade_payment", "jackpot", "interest"}
)  # fmt: skip
"""Event kinds that move money: ``player`` pays ``amount`` to ``target`` (``None`` is
the trustees; the Free Parking jackpot is money the trustees hold aside)."""


class Table(PropertyRules):
    """A mutable working copy of a game, with every rule as a method (the layers are
    :mod:`~gamekit.alfredopoly.working`, :mod:`~gamekit.alfredopoly.money`,
    :mod:`~gamekit.alfredopoly.turns` and :mod:`~gamekit.alfredopoly.properties`;
    bankruptcy, which ends turns and sells buildings, is here)."""

    __slots__ = ()

    def do(self, action: Action) -> None:
        """Apply an action known to be legal."""
        HANDLERS[type(action)](self, action)

    def _do_bankrupt(self, a: A.DeclareBankruptcy) -> None:
        d = self.debts[0]
        self.bankrupt(d.debtor, d.creditor)

    def bankrupt(self, b: int, c: int) -> None:
        """Rule 13: ``b`` is out; everything goes to ``c`` (a seat, or -1: the trustees)."""
        p = self.players[b]
        self.log.say("bankrupt", "bankrupt", b, None, c if c >= 0 else None, player=p.name,
                     to=self._who(c))  # fmt: skip
        mine = [i for i, o in enumerate(self.owner) if o == b]
        self.owner_version += 1
        if c >= 0:
            for g in sorted({self.board.spaces[i].group or "" for i in mine if self.level[i]}):
                self._do_sell_all_for(b, g)
            if p.cash:
                self._pay(
                    b, c, p.cash, "bankruptcy", "bankrupt.hand", key="receiver", value=self._who(c)
                )
            for i in mine:
                self.owner[i] = c
            self.players[c].cards.extend(p.cards)
            self.transfers += [i for i in mine if self.mortgaged[i]]
        else:
            for i in mine:
                lv = self.level[i]
                if lv == STATUE:
                    self.statues_left += 1
                else:
                    self.sculptures_left += lv
                self.level[i] = 0
                self.owner[i] = TRUSTEES
                self.mortgaged[i] = False
                self.mortgage_version += 1
            if p.cash:
                self._pay(b, TRUSTEES, p.cash, "bankruptcy", "bankrupt.hand",
                          key="receiver", value=TRUSTEES_WORDS)  # fmt: skip
            for cid in p.cards:
                self.decks[self.lay.deck_of[cid]].append(cid)
        p.cards = []
        p.bankrupt = True
        p.in_jail = False
        p.jail_tries = 0
        self.out_order = (*self.out_order, b)
        # the bankrupt's own debts are gone; a debt still owed TO them would go to the
        # trustees (defensive: only the debtor at the head of the queue can go bankrupt,
        # and no card makes a player creditor and debtor at once)
        self.debts = [
            d if d.creditor != b else Debt(d.debtor, TRUSTEES, d.amount, d.reason, d.kind)
            for d in self.debts
            if d.debtor != b
        ]
        active = [i for i, q in enumerate(self.players) if not q.bankrupt]
        self.transfers = [i for i in self.transfers if self.owner[i] >= 0]
        if len(active) == 1:
            self.phase = PHASES.move(self.phase, "over")
            self.ended = "last player standing"
            self.debts = []
            self.transfers = []
            self.pending = -1
            self.log.say("over", "over.last", None, None, None, player=self._who(active[0]))
            return
        if b == self.current:
            self.debts = []
            self.next_turn()
        self.proceed()

    def _do_sell_all_for(self, seat: int, group: str) -> None:
        actor = self.actor
        self.actor = seat
        self._do_sell_all(A.SellAllSculptures(group))
        self.actor = actor


HANDLERS: dict[type[Action], Callable[[Table, Any], None]] = {
    A.RollDice: Table._do_roll,
    A.EndTurn: Table._do_end,
    A.BuySpace: Table._do_buy,
    A.DeclineBuy: Table._do_decline,
    A.Bid: Table._do_bid,
    A.PassBid: Table._do_pass_bid,
    A.PlaceBuilding: Table._do_place,
    A.PayTax: Table._do_tax,
    A.PayJailFine: Table._do_fine,
    A.UseGetOutCard: Table._do_card,
    A.BuildSculpture: Table._do_build,
    A.SellSculpture: Table._do_sell,
    A.SellAllSculptures: Table._do_sell_all,
    A.Mortgage: Table._do_mortgage,
    A.LiftMortgage: Table._do_lift,
    A.KeepMortgage: Table._do_keep,
    A.ProposeTrade: Table._do_propose,
    A.AcceptTrade: Table._do_accept,
    A.RejectTrade: Table._do_reject,
    A.PayDebt: Table._do_pay_debt,
    A.DeclareBankruptcy: Table._do_bankrupt,
}
"""The rule method that applies each type of action (:meth:`Table.do` looks it up)."""


__all__ = ["HANDLERS", "MONEY_KINDS", "STATUE", "TRUSTEES", "Player", "Table", "layout"]
