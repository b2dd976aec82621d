"""Actions in words, as a button shows them: the space's name and the money involved;
and what the game waits for, as a table's status line says it.

>>> from gamekit.alfredopoly.actions import BuySpace
>>> from gamekit.alfredopoly.rules import new_game
>>> from gamekit.alfredopoly.spec import AlfredopolySpec
>>> spec = AlfredopolySpec()
>>> describe(spec, new_game(spec, players=2, seed=0), BuySpace(space=39))
'Buy The Steinheim ($400)'
"""

from __future__ import annotations

from gamekit.alfredopoly import actions as A
from gamekit.alfredopoly.constants import SCULPTURES_PER_STATUE
from gamekit.alfredopoly.phases import PHASES
from gamekit.alfredopoly.properties import offer_terms
from gamekit.alfredopoly.spec import AlfredopolySpec
from gamekit.alfredopoly.state import GameState
from gamekit.core.actions import Action

LANGUAGES = ("en",)


def describe(spec: AlfredopolySpec, state: GameState, action: Action, lang: str = "en") -> str:
    """A button label for ``action`` in ``state`` (English; ``lang`` must be ``"en"``)."""
    if lang not in LANGUAGES:
        raise ValueError(f"no Alfredopoly words in {lang!r}; known: {', '.join(LANGUAGES)}")
    spaces = spec.board.spaces
    name = spaces[action.space].name if hasattr(action, "space") else ""
    match action:
        case A.RollDice():
            return "Roll the dice"
        case A.EndTurn():
            return "End the turn"
        case A.BuySpace():
            return f"Buy {name} (${spaces[action.space].price:,})"
        case A.DeclineBuy():
            return f"Don't buy {name}"
        case A.PayTax(choice="flat"):
            return f"Pay ${spaces[state.players[state.actor].position].tax:,}"
        case A.PayTax():
            percent = spaces[state.players[state.actor].position].tax_percent or 10
            return f"Pay {percent}% of net worth"
        case A.PayJailFine():
            return f"Pay the ${spec.jail_fine} fine"
        case A.UseGetOutCard():
            return "Use a Get out card"
        case A.BuildSculpture():
            what = (
                "the statue"
                if state.level[action.space] == SCULPTURES_PER_STATUE
                else "a sculpture"
            )
            return f"Build {what} on {name} (${spaces[action.space].building_cost:,})"
        case A.SellSculpture():
            return f"Sell a sculpture on {name}"
        case A.SellAllSculptures():
            return f"Sell all sculptures of {action.group.replace('_', ' ')}"
        case A.Mortgage():
            return f"Mortgage {name} (+${spaces[action.space].mortgage:,})"
        case A.KeepMortgage():
            interest = spec.transfer_interest(action.space)
            return f"Keep the mortgage on {name} (pay ${interest:,} now)"
        case A.LiftMortgage():
            return f"Lift the mortgage on {name} (${spec.lift_cost(action.space):,})"
        case A.PayDebt():
            return f"Pay the debt (${state.debts[0].amount:,})" if state.debts else "Pay the debt"
        case A.Bid():
            return f"Bid ${action.amount:,}"
        case A.ProposeTrade():
            me, them = state.players[state.actor].name, state.players[action.partner].name
            return f"Offer {them} a trade: {me} {offer_terms(spec.board, action)}"
        case A.PlaceBuilding():
            au = state.auction
            what = "the statue" if au is not None and au.building == "statue" else "the sculpture"
            return f"Put {what} on {name} (${au.high_bid if au else 0:,} paid at auction)"
    text = str(action)
    return text[:1].upper() + text[1:]


def waiting_for(spec: AlfredopolySpec, state: GameState) -> str:
    """What the game waits for from the player to act, with what they need to see: a try
    in Academic Probation, the auction's high bid, the terms of a trade offer.

    >>> from gamekit.alfredopoly.rules import new_game
    >>> spec = AlfredopolySpec()
    >>> waiting_for(spec, new_game(spec, players=2, seed=0))
    'roll the dice (trade or manage property first if you like)'
    """
    spaces = spec.board.spaces
    p = state.players[state.actor]
    match state.phase:
        case "turn" if state.may_roll and p.in_jail:
            ways = [f"pay the ${spec.jail_fine} fine"] if p.cash >= spec.jail_fine else []
            ways += ["use a Get out card"] if p.cards else []
            also = f" (or {' or '.join(ways)})" if ways else ""
            return (
                f"in {spaces[spec.board.jail].name}: try {p.jail_tries + 1} of "
                f"{spec.jail_tries} to roll a double{also}"
            )
        case "turn" if state.may_roll:
            return "roll the dice (trade or manage property first if you like)"
        case "turn":
            return "end the turn (trade or manage property first if you like)"
        case "buy":
            space = spaces[state.pending]
            return f"buy {space.name} for ${space.price:,} or not"
        case "building_auction" if state.auction is not None:
            au = state.auction
            left = state.statues_left if au.building == "statue" else state.sculptures_left
            high = (
                f"high bid ${au.high_bid:,} by {state.players[au.high_bidder].name}"
                if au.high_bidder >= 0
                else "no bid yet"
            )
            names = ", ".join(state.players[q].name for q in au.bidders)
            return (
                f"building shortage: {left} {au.building}{'' if left == 1 else 's'} left, one "
                f"is auctioned (asked for by {state.players[state.owner[au.space]].name}"
                f" for {spaces[au.space].name}); still bidding: {names}; {high}; bid at "
                f"least the price of a {au.building} on your street, or drop out"
            )
        case "placing" if state.auction is not None:
            au = state.auction
            return f"you won the {au.building} for ${au.high_bid:,}: choose the street to put it on"
        case "auction" if state.auction is not None:
            au = state.auction
            space = spaces[au.space]
            high = (
                f"high bid ${au.high_bid:,} by {state.players[au.high_bidder].name}"
                if au.high_bidder >= 0
                else "no bid yet"
            )
            return (
                f"auction for {space.name} (printed price ${space.price:,}): {high}; "
                "bid or drop out"
            )
        case "debt" if state.debts:
            debt = state.debts[0]
            return f"pay ${debt.amount:,} ({debt.reason}), raising the money first if need be"
        case "trade" if state.offer is not None:
            from gamekit.alfredopoly.engine import Table  # the offer's words, as the log has them

            offer = Table(spec, state, log=False).describe_offer(state.offer)
            return f"{state.players[state.current].name} {offer}: accept or reject"
        case "transfer" if state.transfers:
            i = state.transfers[0]
            return (
                f"{spaces[i].name} came with its mortgage: keep it (pay "
                f"${spec.transfer_interest(i):,} now) or lift it (${spec.lift_cost(i):,})"
            )
    return PHASES[state.phase].description
