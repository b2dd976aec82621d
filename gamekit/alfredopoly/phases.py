"""Alfredopoly's turn structure as data: the phase table the engine follows.

Each :class:`~gamekit.core.actions.Phase` names the action types allowed in it (the
checks ask :data:`PHASES` before anything else) and every phase the game may move to
next; the engine changes phase only through ``PHASES.move(old, new)``, which raises
:class:`~gamekit.core.errors.IllegalTransition` for a change the table does not allow.

In every phase that allows the management actions (build, sell, mortgage, lift) any
solvent player may take them, not only the one the game waits for (Decision "at any
time", rules 10-12): that is :data:`WAITING`. The phases in :data:`CHANCE` wait for dice.
A request to build from a short supply opens ``building_auction`` from the phase it came
in, and the game returns there afterwards (rule 10, Decision "building shortage"); a
winner who must choose a street for the building does so in ``placing``, where no one
manages (so the choice cannot be taken away).

>>> "building_auction" in WAITING, "placing" in WAITING, PHASES.successors("placing")
(True, False, ('turn', 'buy', 'tax', 'debt', 'trade', 'transfer'))

>>> PHASES.start, PHASES.next_phase("turn"), PHASES.successors("buy")
('turn', 'dice', ('turn', 'auction', 'building_auction'))
>>> PHASES["tax"].description
'a tax space: pay the flat tax or a percentage of net worth (rule 7)'
>>> sorted(CHANCE), "over" in WAITING, "debt" in WAITING
(['card_dice', 'dice'], False, True)
>>> PHASES.move("over", "turn")
Traceback (most recent call last):
...
gamekit.core.errors.IllegalTransition: over -> turn is not in the phase table (allowed: none)
"""

from __future__ import annotations

from gamekit.alfredopoly import actions as A
from gamekit.core.actions import Phase, PhaseTable

_M = A.MANAGEMENT

PHASES = PhaseTable(
    (
        Phase(
            "turn",
            (A.RollDice, A.PayJailFine, A.UseGetOutCard, A.EndTurn, A.ProposeTrade, *_M),
            next="dice",
            description="roll the dice, trade or manage property, or end the turn",
            # a trade offer; a new turn that starts with a mortgaged property inherited
            # from a bankrupt player; the round limit
            then=("trade", "transfer", "over", "building_auction"),
        ),
        Phase(
            "dice",
            (),
            next="turn",
            description="the dice are rolling",
            # the space (or a card's) asks: buy, Alumni Hall, the utility card's roll;
            # money owed that the player does not have
            then=("buy", "tax", "card_dice", "debt"),
        ),
        Phase(
            "card_dice",
            (),
            next="turn",
            description="the dice are rolling for the nearest-utility card (10x the roll)",
            then=("debt",),
        ),
        Phase(
            "buy",
            (A.BuySpace, A.DeclineBuy, *_M),
            next="turn",
            description="buy the space or decline it",
            then=("auction", "building_auction"),
        ),
        Phase(
            "auction",
            (A.Bid, A.PassBid, *_M),
            next="turn",
            description="auction (house rule): bid or drop out",
        ),
        Phase(
            "building_auction",
            (A.Bid, A.PassBid, *_M),
            next="turn",
            description="building shortage (rule 10): the supply has fewer sculptures or "
            "statues than players who can build; one is auctioned: bid or drop out",
            # back to the phase the request came in; or the winner places the building
            then=("buy", "tax", "debt", "trade", "transfer", "placing"),
        ),
        Phase(
            "placing",
            (A.PlaceBuilding,),
            next="turn",
            description="put the building won at auction on one of your streets",
            then=("buy", "tax", "debt", "trade", "transfer"),
        ),
        Phase(
            "tax",
            (A.PayTax, *_M),
            next="turn",
            description="a tax space: pay the flat tax or a percentage of net worth (rule 7)",
            then=("debt", "building_auction"),
        ),
        Phase(
            "debt",
            (A.PayDebt, A.DeclareBankruptcy, *_M),
            next="turn",
            description="raise money and pay the debt, or go bankrupt",
            # after the last failed try in Academic Probation the fine is paid, then the
            # player moves by that roll; a bankrupt player's mortgaged property changes
            # hands; the last player standing
            then=("buy", "tax", "card_dice", "transfer", "over", "building_auction"),
        ),
        Phase(
            "trade",
            (A.AcceptTrade, A.RejectTrade, *_M),
            next="turn",
            description="accept or reject the trade offer",
            then=("transfer", "building_auction"),
        ),
        Phase(
            "transfer",
            (A.KeepMortgage, *_M),
            next="turn",
            description="a mortgaged property changed hands: keep the mortgage (pay the "
            "interest now) or lift it",
            then=("debt", "building_auction"),
        ),
        Phase("over", (), description="the game is over"),
    )
)
"""The phases in the order of a turn; ``turn`` starts the game and ``over`` ends it."""

WAITING = frozenset(p.name for p in PHASES.phases if A.BuildSculpture in p.actions)
"""Phases in which the game waits for a decision and any solvent player may manage."""

CHANCE = frozenset({"dice", "card_dice"})
"""Phases that wait for dice (a chance step): no one acts."""

OVER = "over"
"""The last phase."""

__all__ = ["CHANCE", "OVER", "PHASES", "WAITING"]
