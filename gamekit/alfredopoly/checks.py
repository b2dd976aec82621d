"""Which actions the rules allow, and why not: the checked path's gatekeeper.

:func:`refusal` returns ``None`` for a legal action or the reason as words (a kind of
``phrases.toml`` and its fields), :func:`why_illegal` the same reason in English;
:func:`legal_moves` lists every legal action with a fixed set of choices (trade offers
are open-ended, so they are checked but not listed).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamekit.alfredopoly import actions as A
from gamekit.alfredopoly.constants import TRUSTEES
from gamekit.alfredopoly.engine import Table
from gamekit.alfredopoly.management import (
    build_problem,
    lift_problem,
    management_problem,
    mortgage_problem,
    on_board,
    owed_by,
    place_options,
    placements,
    roll_pending_problem,
    sell_all_problem,
    sell_problem,
    shortage_bidders,
    spending_problem,
)
from gamekit.alfredopoly.narration import action_words, listed, phase_words, phrasebook
from gamekit.alfredopoly.phases import CHANCE, OVER, PHASES, WAITING
from gamekit.core.actions import Action, field_words
from gamekit.core.events import Words

_OVER = Words("no.over")
_CHANCE = Words("no.chance")


def _is_list(x: object) -> bool:
    """A trade's list of spaces or cards as typed in: a tuple or a list (not a str)."""
    return isinstance(x, tuple | list)


def manage_moves(t: Table, seat: int, named: bool = True) -> list[Action]:
    """Every legal management action of ``seat`` now, in a fixed order (build, sell,
    sell a group, mortgage, lift); ``named=False`` leaves ``player`` as ``None`` (the
    form :func:`legal_moves` lists for the actor)."""
    if t.phase not in WAITING or not 0 <= seat < len(t.players) or t.players[seat].bankrupt:
        return []
    if roll_pending_problem(t, seat) is not None:
        return []
    who = seat if named else None
    mine = [i for i, o in enumerate(t.owner) if o == seat]
    spaces = t.board.spaces
    out: list[Action] = [
        A.BuildSculpture(i, who)
        for i in mine
        if build_problem(t, seat, i) is None
        and spending_problem(t, seat, spaces[i].building_cost) is None
        and _auction_build_problem(t, seat, i) is None
    ]
    out += [A.SellSculpture(i, who) for i in mine if sell_problem(t, seat, i) is None]
    groups = sorted({spaces[i].group or "" for i in mine if t.level[i]})
    out += [A.SellAllSculptures(g, who) for g in groups]
    out += [A.Mortgage(i, who) for i in mine if mortgage_problem(t, seat, i) is None]
    out += [
        A.LiftMortgage(i, who)
        for i in mine
        if lift_problem(t, seat, i) is None
        and spending_problem(t, seat, t.spec.lift_cost(i)) is None
    ]
    return out


def trade_problem(t: Table, a: A.ProposeTrade) -> Words | None:
    """Rule 11: properties without sculptures, money and "Get out" cards."""
    me = t.current
    n = len(t.players)
    partner = a.partner
    if isinstance(partner, bool) or not isinstance(partner, int) or not 0 <= partner < n:
        return Words("no.seat", seat=repr(partner))
    if partner == me:
        # the offer is always the current player's (rule 11 and Decisions)
        return Words("no.trade.self", player=t.players[me].name)
    if t.players[partner].bankrupt:
        return Words("no.seat.out", player=t.players[partner].name)
    for side, seat in ((a.give, me), (a.take, a.partner)):
        if not _is_list(side):
            return Words("no.trade.spaces", value=repr(side))
        for i in side:
            if not on_board(t, i):
                return Words("no.trade.space", value=repr(i))
        if len(set(side)) != len(side):
            return Words("no.trade.twice")
        for i in side:
            if not on_board(t, i) or t.owner[i] != seat:
                return Words("no.trade.not_theirs", space=i, player=t.players[seat].name)
            if any(t.level[j] for j in t.lay.group[i]):
                return Words("no.trade.sculptures", group=t.board.spaces[i].group)
    for cash, seat in ((a.give_cash, me), (a.take_cash, a.partner)):
        if not isinstance(cash, int) or isinstance(cash, bool) or cash < 0:
            return Words("no.trade.cash")
        if cash > t.players[seat].cash:
            who = t.players[seat]
            return Words("no.trade.cash_short", player=who.name, cash=who.cash)
    for cards, seat in ((a.give_cards, me), (a.take_cards, a.partner)):
        if not _is_list(cards):
            return Words("no.trade.cards", value=repr(cards))
        held = list(t.players[seat].cards)
        for c in cards:
            if c not in held:
                return Words("no.trade.card", player=t.players[seat].name, card=c)
            held.remove(c)
    if not (a.give or a.take or a.give_cash or a.take_cash or a.give_cards or a.take_cards):
        return Words("no.trade.empty")
    return None


def _roll_problem(t: Table, a: A.RollDice) -> Words | None:
    return None if t.may_roll else Words("no.roll.again")


def _end_problem(t: Table, a: A.EndTurn) -> Words | None:
    return Words("no.end.roll_first") if t.may_roll else None


def _fine_problem(t: Table, a: A.PayJailFine) -> Words | None:
    """Rule 9c: pay before rolling to leave Academic Probation."""
    p = t.players[t.actor]
    if not p.in_jail or t.rolled:
        return Words("no.jail.when")
    if p.cash < t.spec.jail_fine:
        return Words("no.jail.fine_cash", fine=t.spec.jail_fine, cash=p.cash)
    return None


def _card_problem(t: Table, a: A.UseGetOutCard) -> Words | None:
    """Rule 9b: a "Get out" card, before rolling."""
    p = t.players[t.actor]
    if not p.in_jail or t.rolled:
        return Words("no.jail.when")
    return None if a.card in p.cards else Words("no.jail.card", card=a.card)


def _buy_problem(t: Table, a: A.BuySpace | A.DeclineBuy) -> Words | None:
    """Rule 4: the space on offer, at its printed price."""
    if a.space != t.pending:
        return Words("no.buy.space", pending=t.pending, space=repr(a.space))
    if isinstance(a, A.BuySpace):
        price = t.board.spaces[t.pending].price
        cash = t.players[t.actor].cash
        if cash < price:
            return Words("no.buy.cash", price=price, cash=cash)
    return None


def _bid_problem(t: Table, a: A.Bid) -> Words | None:
    au = t.auction
    assert au is not None
    if isinstance(a.amount, bool) or not isinstance(a.amount, int):
        return Words("no.bid.whole")
    if a.amount <= au.high_bid:
        return Words("no.bid.more", high=au.high_bid)
    cash = t.players[t.actor].cash
    if a.amount > cash:
        return Words("no.bid.cash", cash=cash)
    # winning spends the bid (a building-shortage auction is a way to build): a bidder
    # keeps the cash for what they owe, as for building and lifting
    problem = spending_problem(t, t.actor, a.amount)
    if problem is not None:
        return Words("no.bid.owes", problem=problem, most=cash - owed_by(t, t.actor))
    return None


def _tax_problem(t: Table, a: A.PayTax) -> Words | None:
    return None if a.choice in ("flat", "percent") else Words("no.tax.choice")


def _pay_debt_problem(t: Table, a: A.PayDebt) -> Words | None:
    d, cash = t.debts[0], t.players[t.actor].cash
    return None if cash >= d.amount else Words("no.debt.cash", amount=d.amount, cash=cash)


def _bankruptcy_problem(t: Table, a: A.DeclareBankruptcy) -> Words | None:
    """Rule 13: only when selling and mortgaging everything cannot cover the debt."""
    if t.players[t.actor].cash + t.raisable(t.actor) >= t.debts[0].amount:
        return Words("no.bankrupt.can_raise")
    return None


def _accept_problem(t: Table, a: A.AcceptTrade) -> Words | None:
    assert t.offer is not None
    problem = trade_problem(t, t.offer)  # management may have changed things
    return None if problem is None else Words("no.trade.stale", problem=problem)


def _keep_problem(t: Table, a: A.KeepMortgage) -> Words | None:
    if a.space in t.transfers and t.owner[a.space] == t.actor:
        return None
    return Words("no.keep", space=repr(a.space))


def _auction_build_problem(t: Table, seat: int, i: int) -> Words | None:
    """While an auction runs, the buildings a building-shortage auction sells are not
    for sale, and a build that would open another shortage auction waits."""
    au = t.auction
    if au is None:
        return None
    building = t.building_kind(i)
    if au.building == building:
        return Words("no.build.auctioned", buildings=Words(f"buildings.{building}"))
    if shortage_bidders(t, seat, i):
        return Words("no.build.shortage", buildings=Words(f"buildings.{building}"))
    return None


def build_request_problem(t: Table, a: A.BuildSculpture) -> Words | None:
    """A build (management at any time, rule 10) that, when the supply is short, opens a
    building-shortage auction (:func:`shortage_bidders`); not while another auction runs."""
    problem = management_problem(t, a)
    if problem is not None or t.auction is None:
        return problem
    return _auction_build_problem(t, t.actor if a.player is None else a.player, a.space)


def bid_floor(t: Table, seat: int) -> int | None:
    """In a building-shortage auction, the least ``seat`` may bid: the price of a building
    on the cheapest street it could put the auctioned building on (``None``: none can
    take it now, so ``seat`` can only drop out)."""
    au = t.auction
    assert au is not None
    costs = [t.board.spaces[i].building_cost for i in placements(t, seat, au.building)]
    return min(costs) if costs else None


def bid_problem(t: Table, a: A.Bid) -> Words | None:
    """An auction's bid: more than the high bid, within the bidder's cash; in a
    building-shortage auction also at least :func:`bid_floor` (nobody gets a building
    for less than the price on their deed)."""
    problem = _bid_problem(t, a)
    au = t.auction
    if problem is not None or au is None or not au.building:
        return problem
    floor = bid_floor(t, t.actor)
    if floor is None:
        return Words("no.bid.no_street", building=Words(f"building.{au.building}"))
    if a.amount < floor:
        return Words("no.bid.floor", floor=floor, building=Words(f"building.{au.building}"))
    return None


def _place_problem(t: Table, a: A.PlaceBuilding) -> Words | None:
    options = place_options(t, t.actor)
    if a.space in options:
        return None
    where = listed([t.board.spaces[i].name for i in options]) if options else ""
    return Words("no.place", space=repr(a.space), options=where)


def _no_problem(t: Table, a: Action) -> Words | None:
    return None


_PROBLEMS: dict[type[Action], Callable[[Table, Any], Words | None]] = {
    A.RollDice: _roll_problem,
    A.EndTurn: _end_problem,
    A.PayJailFine: _fine_problem,
    A.UseGetOutCard: _card_problem,
    A.ProposeTrade: trade_problem,
    A.BuySpace: _buy_problem,
    A.DeclineBuy: _buy_problem,
    A.Bid: bid_problem,
    A.PassBid: _no_problem,
    A.PayTax: _tax_problem,
    A.PayDebt: _pay_debt_problem,
    A.DeclareBankruptcy: _bankruptcy_problem,
    A.AcceptTrade: _accept_problem,
    A.RejectTrade: _no_problem,
    A.KeepMortgage: _keep_problem,
    **{kind: management_problem for kind in A.MANAGEMENT},
    A.BuildSculpture: build_request_problem,
    A.PlaceBuilding: _place_problem,
}
"""Why an action of each type is illegal once the phase table allows its type."""


def refusal(t: Table, action: Action) -> Words | None:
    """Why ``action`` is illegal now, as words (a kind of ``phrases.toml`` and its fields:
    any language the phrasebook has), or ``None`` if it is legal.

    The phase table says which action types the phase allows; the fields must have their
    declared types (:func:`~gamekit.core.actions.field_problem`: ``True == 1 == 1.0``, so
    ``BuySpace(True)`` would otherwise pass for ``BuySpace(1)``); the action's own rule
    says the rest.

    >>> from gamekit.alfredopoly.rules import new_game
    >>> t = Table(new_game(players=2, seed=0).spec, new_game(players=2, seed=0))
    >>> refusal(t, A.EndTurn())
    Words(kind='no.end.roll_first', fields=())
    >>> refusal(t, A.RollDice()) is None
    True
    """
    phase = t.phase
    if phase == OVER:
        return _OVER
    if phase in CHANCE:
        return _CHANCE
    problem = _PROBLEMS.get(type(action))
    if problem is None or not PHASES.allows(phase, action):
        return Words("no.phase", action=action_words(action), phase=phase_words(phase))
    field = field_words(action)  # the kit's core words (English: field_problem's text)
    if field is not None:
        return field
    return problem(t, action)


def why_illegal(t: Table, action: Action) -> str | None:
    """The reason ``action`` is illegal now, in English (:func:`refusal` in words), or
    ``None`` if it is legal.

    >>> from gamekit.alfredopoly.rules import new_game
    >>> t = Table(new_game(players=2, seed=0).spec, new_game(players=2, seed=0))
    >>> why_illegal(t, A.EndTurn())
    'roll the dice first'
    >>> why_illegal(t, A.BuildSculpture(1.0))
    'BuildSculpture.space: expected a whole number, got 1.0'
    """
    words = refusal(t, action)
    return None if words is None else phrasebook().text(words)


def _bids(t: Table) -> list[Action]:
    au = t.auction
    assert au is not None
    # a building-shortage auction starts at the bidder's floor (the price of a building)
    floor = (bid_floor(t, t.actor) or 0) if au.building else 0
    steps = (1, 10, 50, 100)
    return [A.Bid(b) for b in sorted({max(au.high_bid + step, floor) for step in steps})]


def _get_out(t: Table) -> list[Action]:
    return [A.UseGetOutCard(c) for c in sorted(set(t.players[t.actor].cards))]


_CANDIDATES: dict[type[Action], Callable[[Table], list[Action]]] = {
    A.RollDice: lambda t: [A.RollDice()],
    A.PayJailFine: lambda t: [A.PayJailFine()],
    A.UseGetOutCard: _get_out,
    A.EndTurn: lambda t: [A.EndTurn()],
    A.BuySpace: lambda t: [A.BuySpace(t.pending)],
    A.DeclineBuy: lambda t: [A.DeclineBuy(t.pending)],
    A.Bid: _bids,
    A.PassBid: lambda t: [A.PassBid()],
    A.PayTax: lambda t: [A.PayTax("flat"), A.PayTax("percent")],
    A.PayDebt: lambda t: [A.PayDebt()],
    A.DeclareBankruptcy: lambda t: [A.DeclareBankruptcy()],
    A.AcceptTrade: lambda t: [A.AcceptTrade()],
    A.RejectTrade: lambda t: [A.RejectTrade()],
    A.KeepMortgage: lambda t: [A.KeepMortgage(t.transfers[0])],
    A.PlaceBuilding: lambda t: [A.PlaceBuilding(i) for i in place_options(t, t.actor)],
}
"""The fixed choices of each action type (trade offers are open-ended: none listed;
management actions come from :func:`manage_moves`)."""


def legal_moves(t: Table) -> list[Action]:
    """Every legal action with fixed choices, in a deterministic order: the phase's
    action types in table order, each choice kept when :func:`why_illegal` allows it,
    then the actor's management actions."""
    phase = t.phase
    if phase == OVER or phase in CHANCE:
        return []
    out: list[Action] = []
    for kind in PHASES[phase].actions:
        candidates = _CANDIDATES.get(kind)
        if candidates is not None:
            problem = _PROBLEMS[kind]
            out += [a for a in candidates(t) if problem(t, a) is None]
    return out + manage_moves(t, t.actor, named=False)


__all__ = [
    "TRUSTEES",
    "WAITING",
    "build_problem",
    "legal_moves",
    "lift_problem",
    "manage_moves",
    "management_problem",
    "mortgage_problem",
    "owed_by",
    "place_options",
    "placements",
    "refusal",
    "sell_all_problem",
    "sell_problem",
    "shortage_bidders",
    "why_illegal",
]
