"""The event log a working table narrates into, and the null log simulations use.

:class:`EventLog` keeps what happened, in order, as :class:`~gamekit.core.actions.Event`
records (the checked API returns them with each step). Each event carries its words as data
(:class:`~gamekit.core.events.Words`: a kind of ``phrases.toml`` and its fields), and its
English ``text`` is rendered from the phrasebook (:func:`phrasebook`). :data:`NULL_LOG`
keeps nothing and builds nothing, so a simulation runs the same rule code without making a
single word: the engine always narrates into ``self.log`` and never asks which log it has.

>>> log = EventLog()
>>> log.say("fee", "debt.fee.to", 1, 24, 0, player="Bo", amount=24, to="Ann",
...         reason="for Fasano House")
>>> [str(e) for e in log], log[0].amount, log[0].words.kind
(['Bo paid $24 fee to Ann for Fasano House'], 24, 'debt.fee.to')
>>> log.rolled("roll", 0, "Ann", (3, 3))
>>> log[1].text, log[1].words["dice"], phrasebook().text(log[1].words, "de")
('Ann rolled 3+3 = 6 (double)', (3, 3), 'Ann würfelt 3+3 = 6 (Pasch)')
>>> NULL_LOG.say("fee", "debt.fee.to", 1, 24, 0, player="Bo")
>>> len(NULL_LOG)
0
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gamekit.core.actions import Event
from gamekit.core.events import Phrasebook, Words

if TYPE_CHECKING:
    from gamekit.alfredopoly.actions import ProposeTrade
    from gamekit.alfredopoly.board import Board

PHRASES_FILE = Path(__file__).with_name("phrases.toml")
TRUSTEES_WORDS = Words("trustees")
"""The trustees (the bank) where a player's name would stand."""

_WORDED = ("fee", "tax", "fine", "interest")
_TO = {k: f"debt.{k}.to" for k in _WORDED}
_TRUSTEES = {k: f"debt.{k}" for k in _WORDED}
"""The words of a debt paid, by its kind (``debt``/``debt.to`` for the others): a fee, a
tax, a fine and interest say so; ``.to``: paid to a player, else to the trustees."""


@cache
def phrasebook() -> Phrasebook:
    """Alfredopoly's phrasebook (``phrases.toml`` next to this module, read and checked
    once).

    >>> phrasebook().text(Words("bid", player="Cy", amount=60))
    'Cy bid $60'
    """
    return Phrasebook.read(PHRASES_FILE)


def dice_words(values: Sequence[int]) -> Words:
    """A roll's faces and total in words (``dice.double`` when every die shows the same).

    >>> phrasebook().text(dice_words((1, 2)))
    '1+2 = 3'
    """
    faces = "+".join(str(v) for v in values)
    double = len(values) > 1 and min(values) == max(values)
    return Words("dice.double" if double else "dice", faces=faces, total=sum(values))


def listed(items: Sequence[Any]) -> Any:
    """``items`` (names or :class:`Words`) as one field: ``a, b, c`` in any language.

    >>> phrasebook().text(Words("trade.terms", give=listed(["A", "B", "C"]), take="D"))
    'gives A, B, C for D'
    """
    if len(items) == 1:
        return items[0]
    return Words("list", first=items[0], rest=listed(items[1:]))


def offer_words(board: Board, a: ProposeTrade) -> Words:
    """The terms of trade offer ``a`` as words: what the proposer gives for what they take
    (space names, cash, "Get out" cards; ``trade.nothing`` for an empty side)."""

    def side(spaces: Sequence[int], cash: int, cards: Sequence[str]) -> Any:
        parts: list[Any] = [board.spaces[i].name for i in spaces]
        if cash:
            parts.append(Words("trade.cash", amount=cash))
        parts += [Words("trade.card", card=c) for c in cards]
        return listed(parts) if parts else Words("trade.nothing")

    return Words(
        "trade.terms",
        give=side(a.give, a.give_cash, a.give_cards),
        take=side(a.take, a.take_cash, a.take_cards),
    )


class EventLog(list[Event]):
    """The events of a step, in order (a list)."""

    __slots__ = ()

    def say(self, kind: str, phrase: str, player: int | None = None,
            amount: int | None = None, target: int | None = None, /,
            **fields: Any) -> None:  # fmt: skip
        """Record one event: its ``kind`` (``"fee"``, ``"roll"``...), the phrasebook entry
        ``phrase`` with ``fields`` (its words), and the seats and amount it concerns."""
        words = Words(phrase, **fields)
        self.append(Event(kind, phrasebook().text(words), player, amount, target, words))

    # the frequent events have methods of their own with fixed arguments: a call to the
    # null log's then costs no dict of fields (simulations make millions of them)
    def rolled(self, phrase: str, seat: int, name: str, values: tuple[int, ...]) -> None:
        """Record a roll of the dice: fields ``player`` (the name), ``dice`` (the faces, as
        data: the table's dice note reads them) and ``roll`` (the faces and total in words)."""
        self.say("roll", phrase, player=name, dice=values, seat=seat, roll=dice_words(values))

    def moved(self, kind: str, phrase: str, seat: int, name: str, space: str) -> None:
        """Record a token put on a space (fields ``player`` and ``space``)."""
        self.say(kind, phrase, seat, None, None, player=name, space=space)

    def paid(self, kind: str, phrase: str, player: int | None, amount: int,
             target: int | None, name: str, key: str = "", value: Any = None) -> None:  # fmt: skip
        """Record money paid or received: fields ``player`` (the name), ``amount`` and, when
        ``key`` is given, ``key=value`` (the space, group, card or receiver)."""
        if key:
            self.say(kind, phrase, player, amount, target, player=name, amount=amount,
                     **{key: value})  # fmt: skip
        else:
            self.say(kind, phrase, player, amount, target, player=name, amount=amount)

    def settled(self, kind: str, seat: int, amount: int, creditor: int | None, name: str,
                to: str | None, reason: str) -> None:  # fmt: skip
        """Record a debt paid (``debt.<kind>``, ``.to`` when paid to a player): fields
        ``player``, ``amount``, ``to`` (the creditor's name) and ``reason`` (the debt's own
        words, as the state keeps them)."""
        if creditor is None:
            self.say(kind, _TRUSTEES.get(kind, "debt"), seat, amount, None, player=name,
                     amount=amount, reason=reason)  # fmt: skip
        else:
            self.say(kind, _TO.get(kind, "debt.to"), seat, amount, creditor, player=name,
                     amount=amount, to=to, reason=reason)  # fmt: skip

    def drew(self, seat: int, name: str, deck: str, text: str, card: str) -> None:
        """Record a card drawn (fields ``player``, ``deck``, ``text`` and ``card``)."""
        self.say("card", "card.draw", seat, None, None, player=name, deck=deck, text=text,
                 card=card)  # fmt: skip

    def offered(self, board: Board, seat: int, proposer: Any, partner: Any,
                a: ProposeTrade) -> None:  # fmt: skip
        """Record a trade offer (its terms put into words only here)."""
        self.say("trade", "trade.offer", seat, player=proposer, partner=partner,
                 terms=offer_words(board, a))  # fmt: skip


class NullLog(EventLog):
    """An event log that keeps nothing (the null object: narration needs no check)."""

    __slots__ = ()

    def say(self, kind: str, phrase: str, player: int | None = None,
            amount: int | None = None, target: int | None = None, /,
            **fields: Any) -> None:  # fmt: skip
        """Keep nothing."""

    def rolled(self, phrase: str, seat: int, name: str, values: tuple[int, ...]) -> None:
        """Keep nothing."""

    def moved(self, kind: str, phrase: str, seat: int, name: str, space: str) -> None:
        """Keep nothing."""

    def paid(self, kind: str, phrase: str, player: int | None, amount: int,
             target: int | None, name: str, key: str = "", value: Any = None) -> None:  # fmt: skip
        """Keep nothing."""

    def settled(self, kind: str, seat: int, amount: int, creditor: int | None, name: str,
                to: str | None, reason: str) -> None:  # fmt: skip
        """Keep nothing."""

    def drew(self, seat: int, name: str, deck: str, text: str, card: str) -> None:
        """Keep nothing."""

    def offered(self, board: Board, seat: int, proposer: Any, partner: Any,
                a: ProposeTrade) -> None:  # fmt: skip
        """Keep nothing."""


NULL_LOG = NullLog()
"""The shared null log (it never holds an event)."""

__all__ = [
    "NULL_LOG",
    "TRUSTEES_WORDS",
    "EventLog",
    "NullLog",
    "dice_words",
    "listed",
    "offer_words",
    "phrasebook",
]
