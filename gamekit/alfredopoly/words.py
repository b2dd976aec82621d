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

from typing import Any

from gamekit.alfredopoly import actions as A
from gamekit.alfredopoly.constants import SCULPTURES_PER_STATUE
from gamekit.alfredopoly.narration import Reason, action_words, offer_words, phrasebook
from gamekit.alfredopoly.spec import AlfredopolySpec
from gamekit.alfredopoly.state import GameState
from gamekit.core.actions import Action
from gamekit.core.events import LANGUAGES, Words

__all__ = ["LANGUAGES", "button_words", "check_lang", "describe", "waiting_for", "waiting_words"]


def check_lang(lang: str) -> str:
    """``lang`` if the phrasebook speaks it (``ValueError`` naming the known ones).

    >>> check_lang("de")
    'de'
    """
    if lang not in LANGUAGES:
        raise ValueError(f"no Alfredopoly words in {lang!r}; known: {', '.join(LANGUAGES)}")
    return lang


def button_words(spec: AlfredopolySpec, state: GameState, action: Action) -> Words:
    """The words of ``action``'s button in ``state`` (with the space's name and the money
    involved); any language of the phrasebook.

    >>> from gamekit.alfredopoly.rules import new_game
    >>> spec = AlfredopolySpec()
    >>> phrasebook().text(button_words(spec, new_game(spec, 2, seed=0), A.Bid(1500)), "de")
    '1.500\xa0$ bieten'
    """
    spaces = spec.board.spaces
    name = spaces[action.space].name if hasattr(action, "space") else ""
    match action:
        case A.RollDice() | A.EndTurn() | A.DeclineBuy() | A.UseGetOutCard() | A.SellSculpture():
            return Words(f"button.{type(action).__name__}", space=name)
        case A.BuySpace():
            return Words("button.BuySpace", space=name, price=spaces[action.space].price)
        case A.PayTax(choice="flat"):
            return Words("button.tax.flat", tax=spaces[state.players[state.actor].position].tax)
        case A.PayTax():
            percent = spaces[state.players[state.actor].position].tax_percent or 10
            return Words("button.tax.percent", percent=percent)
        case A.PayJailFine():
            return Words("button.PayJailFine", fine=spec.jail_fine)
        case A.BuildSculpture():
            what = "statue" if state.level[action.space] == SCULPTURES_PER_STATUE else "sculpture"
            cost = spaces[action.space].building_cost
            return Words(f"button.build.{what}", space=name, cost=cost)
        case A.SellAllSculptures():
            return Words("button.SellAllSculptures", group=action.group.replace("_", " "))
        case A.Mortgage():
            return Words("button.Mortgage", space=name, amount=spaces[action.space].mortgage)
        case A.KeepMortgage():
            interest = spec.transfer_interest(action.space)
            return Words("button.KeepMortgage", space=name, interest=interest)
        case A.LiftMortgage():
            return Words("button.LiftMortgage", space=name, cost=spec.lift_cost(action.space))
        case A.PayDebt():
            if not state.debts:
                return Words("button.PayDebt.none")
            return Words("button.PayDebt", amount=state.debts[0].amount)
        case A.Bid():
            return Words("button.Bid", amount=action.amount)
        case A.ProposeTrade():
            me, them = state.players[state.actor].name, state.players[action.partner].name
            return Words(
                "button.ProposeTrade", them=them, me=me, terms=offer_words(spec.board, action)
            )
        case A.PlaceBuilding():
            au = state.auction
            what = "statue" if au is not None and au.building == "statue" else "sculpture"
            paid = au.high_bid if au else 0
            return Words(f"button.place.{what}", space=name, paid=paid)
    return action_words(action)


def describe(spec: AlfredopolySpec, state: GameState, action: Action, lang: str = "en") -> str:
    """A button label for ``action`` in ``state``, in ``lang`` (``"en"`` or ``"de"``).

    >>> from gamekit.alfredopoly.rules import new_game
    >>> spec = AlfredopolySpec()
    >>> describe(spec, new_game(spec, players=2, seed=0), A.BuySpace(39), "de")
    'The Steinheim kaufen (400\xa0$)'
    """
    text = phrasebook().text(button_words(spec, state, action), check_lang(lang))
    return text[:1].upper() + text[1:]


def _high(state: GameState) -> Words:
    au = state.auction
    assert au is not None
    if au.high_bidder < 0:
        return Words("wait.no_bid")
    return Words("wait.high", high=au.high_bid, player=state.players[au.high_bidder].name)


def _reason_words(why: Reason | str) -> Words | str:
    return why.words() if isinstance(why, Reason) else why


def waiting_words(spec: AlfredopolySpec, state: GameState) -> Words:
    """What the game waits for from the player to act, as words (:func:`waiting_for`).

    >>> from gamekit.alfredopoly.rules import new_game
    >>> spec = AlfredopolySpec()
    >>> phrasebook().text(waiting_words(spec, new_game(spec, players=2, seed=0)), "de")
    'würfeln (vorher nach Belieben tauschen oder Besitz verwalten)'
    """
    spaces = spec.board.spaces
    p = state.players[state.actor]
    match state.phase:
        case "turn" if state.may_roll and p.in_jail:
            ways: list[Words] = [Words("wait.jail.fine", fine=spec.jail_fine)]
            ways = ways if p.cash >= spec.jail_fine else []
            ways += [Words("wait.jail.card")] if p.cards else []
            also: Any = ""
            if ways:
                joined: Any = ways[-1]
                for way in reversed(ways[:-1]):
                    joined = Words("wait.or", first=way, rest=joined)
                also = Words("wait.jail.also", ways=joined)
            return Words(
                "wait.jail",
                space=spaces[spec.board.jail].name,
                tries=spec.jail_tries,
                also=also,
                **{"try": p.jail_tries + 1},
            )
        case "turn" if state.may_roll:
            return Words("wait.roll")
        case "turn":
            return Words("wait.end")
        case "buy":
            space = spaces[state.pending]
            return Words("wait.buy", space=space.name, price=space.price)
        case "building_auction" if state.auction is not None:
            au = state.auction
            left = state.statues_left if au.building == "statue" else state.sculptures_left
            return Words(
                f"wait.shortage.{au.building}",
                left=left,
                owner=state.players[state.owner[au.space]].name,
                space=spaces[au.space].name,
                names=", ".join(state.players[q].name for q in au.bidders),
                high=_high(state),
            )
        case "placing" if state.auction is not None:
            au = state.auction
            return Words(
                "wait.placing", building=Words(f"building.{au.building}"), high=au.high_bid
            )
        case "auction" if state.auction is not None:
            space = spaces[state.auction.space]
            return Words("wait.auction", space=space.name, price=space.price, high=_high(state))
        case "debt" if state.debts:
            debt = state.debts[0]
            return Words("wait.debt", amount=debt.amount, reason=_reason_words(debt.reason))
        case "trade" if state.offer is not None:
            offer = offer_words(spec.board, state.offer)
            return Words("wait.trade", player=state.players[state.current].name, offer=offer)
        case "transfer" if state.transfers:
            i = state.transfers[0]
            return Words(
                "wait.transfer",
                space=spaces[i].name,
                interest=spec.transfer_interest(i),
                lift=spec.lift_cost(i),
            )
    return Words(f"does.{state.phase}")


def waiting_for(spec: AlfredopolySpec, state: GameState, lang: str = "en") -> str:
    """What the game waits for from the player to act, with what they need to see: a try
    in Academic Probation, the auction's high bid, the terms of a trade offer; in
    ``lang`` (``"en"`` or ``"de"``).

    >>> from gamekit.alfredopoly.rules import new_game
    >>> spec = AlfredopolySpec()
    >>> waiting_for(spec, new_game(spec, players=2, seed=0))
    'roll the dice (trade or manage property first if you like)'
    """
    return phrasebook().text(waiting_words(spec, state), check_lang(lang))
