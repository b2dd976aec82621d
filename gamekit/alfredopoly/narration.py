"""The event log a working table narrates into, and the null log simulations use.

:class:`EventLog` keeps what happened, in order, as :class:`~gamekit.core.actions.Event`
records (the checked API returns them with each step). Each event carries its words as data
(:class:`~gamekit.core.events.Words`: a kind of ``phrases.toml`` and its fields), and its
English ``text`` is rendered from the phrasebook (:func:`phrasebook`) when first read.
:data:`NULL_LOG` keeps nothing and builds nothing, so a simulation runs the same rule code
without making a single word: the engine always narrates into ``self.log`` and never asks
which log it has.

>>> log = EventLog()
>>> log.say("fee", "debt.fee.to", 1, 24, 0, player="Bo", amount=24, to="Ann",
...         reason=reason("why.for", space="Fasano House").words())
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

import dataclasses
import re
import string
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
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


@dataclass(frozen=True)
class Reason:
    """Why a debt is owed, as words kept in the state: a ``why.*`` kind of
    ``phrases.toml`` and its fields (names and whole numbers, sorted by name), so a saved
    debt is said in the table's language; ``str()`` is the English. Make one with
    :func:`reason`.

    >>> r = reason("why.utility_card", space="Alfred Water", total=7)
    >>> str(r), phrasebook().text(r.words(), "de")
    ('for Alfred Water (10 x 7)', 'für Alfred Water (10 x 7)')
    """

    kind: str
    fields: tuple[tuple[str, str | int], ...] = ()

    def words(self) -> Words:
        """The reason as :class:`Words` (a tax's choice as the words ``tax.flat``...)."""
        fields: dict[str, Any] = dict(self.fields)
        choice = fields.get("choice")
        if choice in ("flat", "percent"):
            fields["choice"] = Words(f"tax.{choice}")
        return Words(self.kind, **fields)

    def __str__(self) -> str:
        return phrasebook().text(self.words())


@lru_cache(maxsize=4096, typed=True)
def reason(kind: str, **fields: str | int) -> Reason:
    """A debt's :class:`Reason` (its fields in a fixed order, so equal reasons compare
    equal however they were written). Reasons are immutable, so each is made once and
    shared (a card's or a tax's reason recurs all game; ``typed``: ``True`` is not ``1``).

    >>> reason("why.card", card="EM07") == Reason("why.card", (("card", "EM07"),))
    True
    """
    return Reason(kind, tuple(sorted(fields.items())))


_LEGACY = ("why.utility_card", "why.tax", "why.repairs", "why.keep", "why.jail", "why.card",
           "why.for")  # fmt: skip
"""The reasons a saved game of an older kit wrote as English text, most specific first."""
_NUMBERS = ("total", "sculptures", "statues")


@cache
def _legacy_patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    out = []
    for kind in _LEGACY:
        template = phrasebook()[kind]["en"]
        pattern = ""
        for literal, field, _spec, _conv in string.Formatter().parse(template):
            pattern += re.escape(literal)
            if field in _NUMBERS:
                pattern += rf"(?P<{field}>\d+)"
            elif field == "choice":
                pattern += r"(?P<choice>flat|percent)"
            elif field:
                pattern += rf"(?P<{field}>.+)"
        out.append((kind, re.compile(pattern)))
    return tuple(out)


def legacy_reason(text: str) -> Reason | str:
    """A debt's reason as an older kit saved it (English text) as a :class:`Reason`, when
    it is one the engine writes; any other text stays text (said as it is).

    >>> legacy_reason("for Alumni Hall (percent)")
    Reason(kind='why.tax', fields=(('choice', 'percent'), ('space', 'Alumni Hall')))
    >>> legacy_reason("because")
    'because'
    """
    for kind, pattern in _legacy_patterns():
        found = pattern.fullmatch(text)
        if found:
            fields = {k: int(v) if k in _NUMBERS else v for k, v in found.groupdict().items()}
            return reason(kind, **fields)
    return text


PHASE_WORDS: dict[str, Words] = {}
"""Each phase's name as words (``phase.<name>``; English: the name), made once."""


def phase_words(phase: str) -> Words:
    """A phase's name as words (a refusal names the phase it was tried in).

    >>> phrasebook().text(phase_words("building_auction"), "de")
    'Bauauktion'
    """
    words = PHASE_WORDS.get(phase)
    if words is None:
        words = PHASE_WORDS[phase] = Words(f"phase.{phase}")
    return words


def _side(spaces: Sequence[int], cash: int, cards: Sequence[str]) -> Any:
    """One side of a trade action as its ``str`` says it, in words."""
    parts: list[Any] = []
    if spaces:
        parts.append(Words("act.spaces", n=len(spaces), spaces=", ".join(map(str, spaces))))
    if cash:
        parts.append(Words("act.cash", amount=cash))
    parts += [Words("act.card", card=c) for c in cards]
    if not parts:
        return Words("trade.nothing")
    side = parts[-1]
    for part in reversed(parts[:-1]):
        side = Words("and", first=part, rest=side)
    return side


def action_words(action: Any) -> Words:
    """An action as words, the way a refusal names it (English: ``str(action)``, word for
    word; another game's action or a foreign value: its text).

    >>> from gamekit.alfredopoly import actions as A
    >>> book = phrasebook()
    >>> book.text(action_words(A.Bid(20))), book.text(action_words(A.Bid(20)), "de")
    ('bid $20', '20\u00a0$ bieten')
    >>> book.text(action_words(A.ProposeTrade(1, give=(3, 5), take_cash=40)), "de")
    'Platz 1 einen Tausch anbieten: Felder 3, 5 geben, 40\u00a0$ nehmen'
    """
    name = type(action).__name__
    kind = f"act.{name}"
    if name == "ProposeTrade" and kind in phrasebook():
        a = action
        return Words(
            kind,
            partner=a.partner,
            give=_side(a.give, a.give_cash, a.give_cards),
            take=_side(a.take, a.take_cash, a.take_cards),
        )
    if kind not in phrasebook() or not dataclasses.is_dataclass(action):
        return Words("act.other", text=str(action))
    fields = {f.name: getattr(action, f.name) for f in dataclasses.fields(action)}
    fields.pop("player", None)
    if name == "PayTax" and fields["choice"] in ("flat", "percent"):
        fields["choice"] = Words(f"tax.{fields['choice']}")
    return Words(kind, **fields)


class EventLog(list[Event]):
    """The events of a step, in order (a list)."""

    __slots__ = ()

    def say(self, kind: str, phrase: str, player: int | None = None,
            amount: int | None = None, target: int | None = None, /,
            **fields: Any) -> None:  # fmt: skip
        """Record one event: its ``kind`` (``"fee"``, ``"roll"``...), the phrasebook entry
        ``phrase`` with ``fields`` (its words), and the seats and amount it concerns."""
        # its English text is put into words when first read (Event.said)
        self.append(Event.said(kind, phrasebook(), Words(phrase, **fields), player, amount, target))

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
                to: str | None, why: Reason | str) -> None:  # fmt: skip
        """Record a debt paid (``debt.<kind>``, ``.to`` when paid to a player): fields
        ``player``, ``amount``, ``to`` (the creditor's name) and ``reason`` (the debt's own
        words, as the state keeps them: a :class:`Reason`, or an old save's text)."""
        reason = why.words() if isinstance(why, Reason) else why
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
                to: str | None, why: Reason | str) -> None:  # fmt: skip
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
    "Reason",
    "action_words",
    "dice_words",
    "legacy_reason",
    "listed",
    "offer_words",
    "phase_words",
    "phrasebook",
    "reason",
]
