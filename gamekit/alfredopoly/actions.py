"""The actions a player can take in Alfredopoly: small frozen dataclasses.

Each has a readable ``str`` and a ``repr`` that evaluates back to it; ``to_struct`` and
:func:`action_from_struct` convert them for front-ends.

>>> BuySpace(space=11)
BuySpace(space=11)
>>> action_from_struct({"type": "PayTax", "choice": "percent"})
PayTax(choice='percent')

Management actions (build, sell, mortgage, lift) name their ``player``: any solvent
player may take them whenever the game waits for a decision (Decision "at any time",
rules 10-12). ``player=None`` means the player the game waits for.

>>> Mortgage(space=39, player=1)
Mortgage(space=39, player=1)
>>> Mortgage(39)
Mortgage(space=39)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from gamekit.core.actions import Action, action_registry
from gamekit.core.actions import action_from_struct as _from_struct


@dataclass(frozen=True)
class RollDice(Action):
    """Roll the dice (a decision; the roll itself is a chance outcome)."""

    def __str__(self) -> str:
        return "roll the dice"


@dataclass(frozen=True)
class EndTurn(Action):
    def __str__(self) -> str:
        return "end the turn"


@dataclass(frozen=True)
class BuySpace(Action):
    space: int

    def __str__(self) -> str:
        return f"buy space {self.space}"


@dataclass(frozen=True)
class DeclineBuy(Action):
    space: int

    def __str__(self) -> str:
        return f"decline space {self.space}"


@dataclass(frozen=True)
class PayTax(Action):
    """Alumni Hall: ``"flat"`` ($200) or ``"percent"`` (10% of net worth), rule 7."""

    choice: Literal["flat", "percent"]

    def __str__(self) -> str:
        return f"pay tax ({self.choice})"


@dataclass(frozen=True)
class PayJailFine(Action):
    def __str__(self) -> str:
        return "pay the fine to leave Academic Probation"


@dataclass(frozen=True)
class UseGetOutCard(Action):
    card: str

    def __str__(self) -> str:
        return f"use Get out card {self.card}"


class _Managed(Action):
    """Base of the management actions: the ``repr`` leaves out ``player=None``."""

    player: int | None

    def __repr__(self) -> str:
        parts = [
            f"{f.name}={getattr(self, f.name)!r}"
            for f in dataclasses.fields(self)
            if f.name != "player" or self.player is not None
        ]
        return f"{type(self).__name__}({', '.join(parts)})"


@dataclass(frozen=True, repr=False)
class BuildSculpture(_Managed):
    """Buy one sculpture (the fifth purchase is the statue of King Alfred), rule 10."""

    space: int
    player: int | None = None

    def __str__(self) -> str:
        return f"build on space {self.space}"


@dataclass(frozen=True, repr=False)
class SellSculpture(_Managed):
    """Sell one sculpture (or break a statue into four sculptures) at half price, rule 11."""

    space: int
    player: int | None = None

    def __str__(self) -> str:
        return f"sell a sculpture on space {self.space}"


@dataclass(frozen=True, repr=False)
class SellAllSculptures(_Managed):
    """Sell every sculpture and statue of a colour group at half price (always even)."""

    group: str
    player: int | None = None

    def __str__(self) -> str:
        return f"sell every sculpture of the {self.group} group"


@dataclass(frozen=True, repr=False)
class Mortgage(_Managed):
    """Mortgage a property without sculptures for its mortgage value, rule 12."""

    space: int
    player: int | None = None

    def __str__(self) -> str:
        return f"mortgage space {self.space}"


@dataclass(frozen=True, repr=False)
class LiftMortgage(_Managed):
    """Lift a mortgage for the mortgage value plus 10%, rule 12 (also the choice when a
    mortgaged property changes hands)."""

    space: int
    player: int | None = None

    def __str__(self) -> str:
        return f"lift the mortgage on space {self.space}"


@dataclass(frozen=True)
class KeepMortgage(Action):
    """A mortgaged property came to you (trade or bankruptcy): keep the mortgage and pay
    the trustees the interest on it now (``interest_percent``, 10% by default; Decision;
    lifting it at once is ``LiftMortgage``)."""

    space: int

    def __str__(self) -> str:
        return f"keep the mortgage on space {self.space} (pay the interest now)"


@dataclass(frozen=True)
class ProposeTrade(Action):
    """Offer ``partner`` a trade: ``give``/``take`` properties, cash and "Get out" cards."""

    partner: int
    give: tuple[int, ...] = ()
    take: tuple[int, ...] = ()
    give_cash: int = 0
    take_cash: int = 0
    give_cards: tuple[str, ...] = ()
    take_cards: tuple[str, ...] = ()

    def __str__(self) -> str:
        give = _bundle(self.give, self.give_cash, self.give_cards)
        take = _bundle(self.take, self.take_cash, self.take_cards)
        return f"offer seat {self.partner} a trade: give {give}, take {take}"


def _bundle(spaces: tuple[int, ...], cash: int, cards: tuple[str, ...]) -> str:
    """One side of a trade in words: ``"spaces 1, 3 and $50 and Get out card E07"``."""
    parts = []
    if spaces:
        parts.append(f"space{'s' if len(spaces) > 1 else ''} {', '.join(map(str, spaces))}")
    if cash:
        parts.append(f"${cash}")
    parts.extend(f"Get out card {card}" for card in cards)
    return " and ".join(parts) or "nothing"


@dataclass(frozen=True)
class AcceptTrade(Action):
    def __str__(self) -> str:
        return "accept the trade"


@dataclass(frozen=True)
class RejectTrade(Action):
    def __str__(self) -> str:
        return "reject the trade"


@dataclass(frozen=True)
class PayDebt(Action):
    def __str__(self) -> str:
        return "pay the debt"


@dataclass(frozen=True)
class DeclareBankruptcy(Action):
    def __str__(self) -> str:
        return "declare bankruptcy"


@dataclass(frozen=True)
class Bid(Action):
    """Bid ``amount`` dollars (more than the high bid) in an auction: the house rule's, or
    a building-shortage auction (rule 10; there at least the price of the building)."""

    amount: int

    def __str__(self) -> str:
        return f"bid ${self.amount}"


@dataclass(frozen=True)
class PassBid(Action):
    def __str__(self) -> str:
        return "drop out of the auction"


@dataclass(frozen=True)
class PlaceBuilding(Action):
    """Put the sculpture (or statue) won in a building-shortage auction on one of your
    streets (rule 10 and Decision "building shortage"); the winning bid pays for it."""

    space: int

    def __str__(self) -> str:
        return f"place the building won at auction on space {self.space}"


MANAGEMENT = (BuildSculpture, SellSculpture, SellAllSculptures, Mortgage, LiftMortgage)
"""The actions any solvent player may take whenever the game waits for a decision."""

ACTIONS: dict[str, type[Action]] = action_registry(
    RollDice, EndTurn, BuySpace, DeclineBuy, PayTax, PayJailFine, UseGetOutCard,
    BuildSculpture, SellSculpture, SellAllSculptures, Mortgage, LiftMortgage,
    ProposeTrade, AcceptTrade, RejectTrade, PayDebt, DeclareBankruptcy, Bid, PassBid,
    KeepMortgage, PlaceBuilding,
)  # fmt: skip


def action_from_struct(data: Mapping[str, Any]) -> Action:
    """Rebuild an Alfredopoly action from its struct."""
    return _from_struct(data, ACTIONS)
