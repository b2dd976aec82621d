"""Money on the working table: paying, being paid, owing (debts) and what a player is worth.

Money owed is a *debt*: paid at once when the debtor has the cash, otherwise kept in
``debts`` until the debtor raises money and pays, or goes bankrupt (rule 13; the
engine's bankruptcy is in :mod:`~gamekit.alfredopoly.engine`). Cash never goes negative.
"""

from __future__ import annotations

from typing import Any

from gamekit.alfredopoly.narration import Reason
from gamekit.alfredopoly.state import Debt
from gamekit.alfredopoly.working import WorkingTable


class MoneyRules(WorkingTable):
    """Money: the trustees pay, a player pays, a player owes; worth."""

    __slots__ = ()

    def _receive(self, seat: int, amount: int, kind: str, phrase: str, key: str = "",
                 value: Any = None) -> None:  # fmt: skip
        """The trustees pay ``seat``; the event's words are ``phrase`` with the player, the
        amount and ``key=value`` (if any)."""
        p = self.players[seat]
        p.cash += amount
        self.log.paid(kind, phrase, None, amount, seat, p.name, key, value)

    def _pay(self, seat: int, to: int, amount: int, kind: str, phrase: str,
             jackpot: bool = False, key: str = "", value: Any = None) -> None:  # fmt: skip
        """``seat`` pays ``to`` (``-1``: the trustees); the cash is there."""
        p = self.players[seat]
        p.cash -= amount
        if to >= 0:
            self.players[to].cash += amount
            self.log.paid(kind, phrase, seat, amount, to, p.name, key, value)
            return
        if jackpot and self.spec.free_parking_jackpot:
            self.jackpot += amount
        self.log.paid(kind, phrase, seat, amount, None, p.name, key, value)

    def _owe(self, debtor: int, creditor: int, amount: int, kind: str, reason: Reason | str,
             jackpot: bool = False) -> None:  # fmt: skip
        if amount <= 0:
            return
        if not self.debts and self.players[debtor].cash >= amount:
            # what proceed() would do first, done at once
            self._settle(debtor, creditor, amount, kind, reason, jackpot)
        else:
            self.debts.append(Debt(debtor, creditor, amount, reason, kind, jackpot))

    def _settle(self, debtor: int, creditor: int, amount: int, kind: str, reason: Reason | str,
                jackpot: bool) -> None:  # fmt: skip
        p = self.players[debtor]
        p.cash -= amount
        if creditor >= 0:
            q = self.players[creditor]
            q.cash += amount
            self.log.settled(kind, debtor, amount, creditor, p.name, q.name, reason)
            return
        if jackpot and self.spec.free_parking_jackpot:
            self.jackpot += amount
        self.log.settled(kind, debtor, amount, None, p.name, None, reason)

    def raisable(self, seat: int) -> int:
        """Cash a player could raise by selling every sculpture and mortgaging everything."""
        total = 0
        spaces = self.board.spaces
        for i, o in enumerate(self.owner):
            if o == seat:
                s = spaces[i]
                total += self.level[i] * s.building_cost // 2
                if not self.mortgaged[i]:
                    total += s.mortgage
        return total

    def net_worth(self, seat: int, ranking: bool = False) -> int:
        """Decision: cash + printed prices + sculptures at cost (statue: five purchases);
        for the round-limit ranking a mortgaged property counts at half its price."""
        total = self.players[seat].cash
        spaces = self.board.spaces
        for i, o in enumerate(self.owner):
            if o == seat:
                s = spaces[i]
                total += s.price // 2 if ranking and self.mortgaged[i] else s.price
                total += self.level[i] * s.building_cost
        return total
