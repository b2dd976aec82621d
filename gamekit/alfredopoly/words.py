"""Actions in words, as a button shows them: the space's name and the money involved.

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
    text = str(action)
    return text[:1].upper() + text[1:]
