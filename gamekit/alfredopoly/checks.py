"""Which actions the rules allow, and why not: the checked path's gatekeeper.

:func:`why_illegal` returns ``None`` for a legal action or the reason in words;
:func:`legal_moves` lists every legal action with a fixed set of choices (trade offers
are open-ended, so they are checked but not listed).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamekit.alfredopoly import actions as A
from gamekit.alfredopoly.constants import SCULPTURES_PER_STATUE, STATUE, TRUSTEES
from gamekit.alfredopoly.engine import Table
from gamekit.alfredopoly.phases import CHANCE, OVER, PHASES, WAITING
from gamekit.core.actions import Action, field_problem


def _is_list(x: object) -> bool:
    """A trade's list of spaces or cards as typed in: a tuple or a list (not a str)."""
    return isinstance(x, tuple | list)


def _index(t: Table, i: object) -> bool:
    return isinstance(i, int) and not isinstance(i, bool) and 0 <= i < t.lay.n


def build_problem(t: Table, seat: int, i: int) -> str | None:
    """Rule 10: whole group, none mortgaged, evenly, supply and cash."""
    if not _index(t, i) or t.lay.kind[i] != "street":
        return f"space {i} is not a building that can carry sculptures"
    s = t.board.spaces[i]
    if t.owner[i] != seat:
        return f"{s.name} is not yours"
    group = t.lay.group[i]
    if any(t.owner[j] != seat for j in group):
        return f"you do not own the whole {s.group} group"
    if any(t.mortgaged[j] for j in group):
        return f"part of the {s.group} group is mortgaged"
    lv = t.level[i]
    if lv >= STATUE:
        return f"{s.name} already has a statue of King Alfred"
    if lv > min(t.level[j] for j in group):
        return f"build evenly: another building of the {s.group} group has fewer sculptures"
    if lv == SCULPTURES_PER_STATUE and t.statues_left < 1:
        return "the trustees have no statues left"
    if lv < SCULPTURES_PER_STATUE and t.sculptures_left < 1:
        return "the trustees have no sculptures left"
    if t.players[seat].cash < s.building_cost:
        return f"a sculpture costs ${s.building_cost}; you have ${t.players[seat].cash}"
    return None


def sell_problem(t: Table, seat: int, i: int) -> str | None:
    """Rule 11: sculptures sell evenly; a statue needs four sculptures in the supply, and
    none while the last sculptures are auctioned (Decision "building shortage": a statue
    sold alone puts four sculptures from the supply on its building)."""
    if not _index(t, i) or t.owner[i] != seat:
        return f"space {i!r} is not yours"
    s = t.board.spaces[i]
    lv = t.level[i]
    if lv == 0:
        return f"{s.name} has no sculptures"
    if lv < max(t.level[j] for j in t.lay.group[i]):
        return f"sell evenly: another building of the {s.group} group has more sculptures"
    au = t.auction
    if lv == STATUE and au is not None and au.building == "sculpture":
        return (
            "the trustees' last sculptures are being auctioned, and a statue sold alone "
            "takes four of them: sell the whole group, or wait for the end of the auction"
        )
    if lv == STATUE and t.sculptures_left < SCULPTURES_PER_STATUE:
        return "the trustees lack four sculptures to replace the statue; sell the whole group"
    return None


def mortgage_problem(t: Table, seat: int, i: int) -> str | None:
    """Rule 12: a property without sculptures (none in its group either)."""
    if not _index(t, i) or not t.lay.is_property[i] or t.owner[i] != seat:
        return f"space {i!r} is not your property"
    s = t.board.spaces[i]
    if t.mortgaged[i]:
        return f"{s.name} is already mortgaged"
    if any(t.level[j] for j in t.lay.group[i]):
        return f"sell the sculptures of the {s.group} group first"
    return None


def lift_problem(t: Table, seat: int, i: int) -> str | None:
    if not _index(t, i) or not t.lay.is_property[i] or t.owner[i] != seat:
        return f"space {i!r} is not your property"
    s = t.board.spaces[i]
    if not t.mortgaged[i]:
        return f"{s.name} is not mortgaged"
    cost = t.spec.lift_cost(i)
    if t.players[seat].cash < cost:
        return f"lifting costs ${cost}; you have ${t.players[seat].cash}"
    return None


def sell_all_problem(t: Table, seat: int, group: str) -> str | None:
    """Rule 11: every sculpture and statue of a colour group at once (always even)."""
    g = t.board.groups.get(group) if isinstance(group, str) else None
    if g is None or t.lay.kind[g[0]] != "street":
        return f"no colour group {group!r}"
    if any(t.owner[j] != seat for j in g) or not any(t.level[j] for j in g):
        return f"you have no sculptures in the {group} group"
    return None


def _seat(t: Table, player: object) -> int | str:
    """The seat a management action names (``None``: the actor), or why it cannot act."""
    seat = t.actor if player is None else player
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(t.players):
        return f"seat {seat!r} is not a player"
    if t.players[seat].bankrupt:
        return f"{t.players[seat].name} is out of the game"
    return seat


def owed_by(t: Table, seat: int) -> int:
    """What ``seat`` owes in the debt queue (cash they keep: Decision "at any time").

    >>> from gamekit.alfredopoly.rules import new_game
    >>> from gamekit.alfredopoly.state import Debt
    >>> s = new_game(players=3, seed=0)
    >>> t = Table(s.spec, s)
    >>> t.debts = [Debt(1, 0, 50, "(card)"), Debt(2, 0, 30, "(card)"), Debt(1, 2, 20, "(card)")]
    >>> owed_by(t, 1), owed_by(t, 0)
    (70, 0)
    """
    return sum(d.amount for d in t.debts if d.debtor == seat)


def _spending_problem(t: Table, seat: int, cost: int) -> str | None:
    """Building, lifting and bidding spend cash: a player keeps the cash for what they
    owe, and the high bidder of an auction keeps the cash for the bid (Decision "at any
    time").

    A debt still in the queue that the player's cash covers is paid at once when its
    turn comes, so it blocks only the cash it needs: the receiver of a mortgaged property
    may lift the mortgage at once (the Decision's promise) while, say, the interest on
    another one waits behind someone else's debt. A player who cannot pay what they owe
    may only sell and mortgage.
    """
    owed = owed_by(t, seat)
    cash = t.players[seat].cash
    if owed and cash - cost < owed:
        return (
            f"{t.players[seat].name} owes money (${owed}, and has ${cash}): sell or "
            "mortgage, then pay the debt"
        )
    au = t.auction
    if au is not None and au.high_bidder == seat and t.players[seat].cash - cost < au.high_bid:
        return f"keep ${au.high_bid} for your bid in the auction"
    return None


def _roll_pending_problem(t: Table, seat: int) -> str | None:
    """A roll's consequences stay in one piece (Decision "at any time"): after the last
    failed try in Academic Probation a player short of the fine raises it (the ``debt``
    phase) and then moves by that roll (``then_move``). The destination is known, so
    until the move only the debtor may manage (sell and mortgage to pay); no one may
    build on the space they are about to land on."""
    if not t.then_move or seat == t.current:
        return None
    who = t.players[t.current].name
    return (
        f"{who}'s roll is not resolved yet ({who} moves {t.then_move} spaces after paying): "
        f"only {who} may manage now"
    )


def management_problem(t: Table, action: Action) -> str | None:
    """Decision "at any time": build, sell, mortgage or lift for the named player (the
    actor if none is named), whenever the game waits for a decision."""
    if t.phase not in WAITING:
        return f"{action} is not allowed in the {t.phase} phase"
    seat = _seat(t, getattr(action, "player", None))
    if isinstance(seat, str):
        return seat
    problem = _roll_pending_problem(t, seat)
    if problem is not None:
        return problem
    if isinstance(action, (A.BuildSculpture, A.LiftMortgage)):
        # what is owed comes first: "owes money" is the reason, not the space's state
        problem = _spending_problem(t, seat, 0)
        if problem is not None:
            return problem
    if isinstance(action, A.BuildSculpture):
        problem = build_problem(t, seat, action.space)
        cost = 0 if problem else t.board.spaces[action.space].building_cost
        return problem or _spending_problem(t, seat, cost)
    if isinstance(action, A.LiftMortgage):
        problem = lift_problem(t, seat, action.space)
        return problem or _spending_problem(t, seat, t.spec.lift_cost(action.space))
    if isinstance(action, A.SellSculpture):
        return sell_problem(t, seat, action.space)
    if isinstance(action, A.Mortgage):
        return mortgage_problem(t, seat, action.space)
    if isinstance(action, A.SellAllSculptures):
        return sell_all_problem(t, seat, action.group)
    return f"{action} is not a management action"


def manage_moves(t: Table, seat: int, named: bool = True) -> list[Action]:
    """Every legal management action of ``seat`` now, in a fixed order (build, sell,
    sell a group, mortgage, lift); ``named=False`` leaves ``player`` as ``None`` (the
    form :func:`legal_moves` lists for the actor)."""
    if t.phase not in WAITING or not 0 <= seat < len(t.players) or t.players[seat].bankrupt:
        return []
    if _roll_pending_problem(t, seat) is not None:
        return []
    who = seat if named else None
    mine = [i for i, o in enumerate(t.owner) if o == seat]
    spaces = t.board.spaces
    out: list[Action] = [
        A.BuildSculpture(i, who)
        for i in mine
        if build_problem(t, seat, i) is None
        and _spending_problem(t, seat, spaces[i].building_cost) is None
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
        and _spending_problem(t, seat, t.spec.lift_cost(i)) is None
    ]
    return out


def trade_problem(t: Table, a: A.ProposeTrade) -> str | None:
    """Rule 11: properties without sculptures, money and "Get out" cards."""
    me = t.current
    n = len(t.players)
    partner = a.partner
    if isinstance(partner, bool) or not isinstance(partner, int) or not 0 <= partner < n:
        return f"seat {partner!r} is not a player"
    if partner == me:
        # the offer is always the current player's (rule 11 and Decisions)
        return f"{t.players[me].name}, whose turn it is, makes the offer: choose another partner"
    if t.players[partner].bankrupt:
        return f"{t.players[partner].name} is out of the game"
    for side, seat in ((a.give, me), (a.take, a.partner)):
        if not _is_list(side):
            return f"{side!r} is not a list of spaces"
        for i in side:
            if not _index(t, i):
                return f"{i!r} is not a space on the board"
        if len(set(side)) != len(side):
            return "a property is listed twice"
        for i in side:
            if not _index(t, i) or t.owner[i] != seat:
                return f"space {i} is not {t.players[seat].name}'s property"
            if any(t.level[j] for j in t.lay.group[i]):
                return f"the {t.board.spaces[i].group} group has sculptures; sell them first"
    for cash, seat in ((a.give_cash, me), (a.take_cash, a.partner)):
        if not isinstance(cash, int) or isinstance(cash, bool) or cash < 0:
            return "cash in a trade must be a whole number >= 0"
        if cash > t.players[seat].cash:
            return f"{t.players[seat].name} has only ${t.players[seat].cash}"
    for cards, seat in ((a.give_cards, me), (a.take_cards, a.partner)):
        if not _is_list(cards):
            return f"{cards!r} is not a list of cards"
        held = list(t.players[seat].cards)
        for c in cards:
            if c not in held:
                return f"{t.players[seat].name} does not hold card {c}"
            held.remove(c)
    if not (a.give or a.take or a.give_cash or a.take_cash or a.give_cards or a.take_cards):
        return "an empty trade"
    return None


def _roll_problem(t: Table, a: A.RollDice) -> str | None:
    return None if t.may_roll else "you may not roll again this turn"


def _end_problem(t: Table, a: A.EndTurn) -> str | None:
    return "roll the dice first" if t.may_roll else None


def _fine_problem(t: Table, a: A.PayJailFine) -> str | None:
    """Rule 9c: pay before rolling to leave Academic Probation."""
    p = t.players[t.actor]
    if not p.in_jail or t.rolled:
        return "only before rolling, while in Academic Probation"
    if p.cash < t.spec.jail_fine:
        return f"the fine is ${t.spec.jail_fine}; you have ${p.cash}"
    return None


def _card_problem(t: Table, a: A.UseGetOutCard) -> str | None:
    """Rule 9b: a "Get out" card, before rolling."""
    p = t.players[t.actor]
    if not p.in_jail or t.rolled:
        return "only before rolling, while in Academic Probation"
    return None if a.card in p.cards else f"you do not hold card {a.card}"


def _buy_problem(t: Table, a: A.BuySpace | A.DeclineBuy) -> str | None:
    """Rule 4: the space on offer, at its printed price."""
    if a.space != t.pending:
        return f"the space on offer is {t.pending}, not {a.space!r}"
    if isinstance(a, A.BuySpace):
        price = t.board.spaces[t.pending].price
        cash = t.players[t.actor].cash
        if cash < price:
            return f"it costs ${price}; you have ${cash} (mortgage or sell first)"
    return None


def _bid_problem(t: Table, a: A.Bid) -> str | None:
    au = t.auction
    assert au is not None
    if isinstance(a.amount, bool) or not isinstance(a.amount, int):
        return "a bid is a whole number of dollars"
    if a.amount <= au.high_bid:
        return f"bid more than ${au.high_bid}"
    cash = t.players[t.actor].cash
    if a.amount > cash:
        return f"you have only ${cash}"
    # winning spends the bid (a building-shortage auction is a way to build): a bidder
    # keeps the cash for what they owe, as for building and lifting
    problem = _spending_problem(t, t.actor, a.amount)
    if problem is not None:
        return f"{problem} (bid at most ${cash - owed_by(t, t.actor)})"
    return None


def _tax_problem(t: Table, a: A.PayTax) -> str | None:
    return None if a.choice in ("flat", "percent") else "choose flat or percent"


def _pay_debt_problem(t: Table, a: A.PayDebt) -> str | None:
    d, cash = t.debts[0], t.players[t.actor].cash
    return None if cash >= d.amount else f"you owe ${d.amount}; you have ${cash}"


def _bankruptcy_problem(t: Table, a: A.DeclareBankruptcy) -> str | None:
    """Rule 13: only when selling and mortgaging everything cannot cover the debt."""
    if t.players[t.actor].cash + t.raisable(t.actor) >= t.debts[0].amount:
        return "you can still raise the money by selling or mortgaging"
    return None


def _accept_problem(t: Table, a: A.AcceptTrade) -> str | None:
    assert t.offer is not None
    problem = trade_problem(t, t.offer)  # management may have changed things
    return None if problem is None else f"the offer no longer holds: {problem}"


def _keep_problem(t: Table, a: A.KeepMortgage) -> str | None:
    if a.space in t.transfers and t.owner[a.space] == t.actor:
        return None
    return f"space {a.space!r} is not a mortgaged property that just came to you"


def placements(t: Table, seat: int, building: str) -> list[int]:
    """The streets of ``seat`` that may take one more ``building`` (``"sculpture"`` or
    ``"statue"``) now by rule 10 (whole unmortgaged group, evenly, from the supply, cash
    for its price), in board order.

    >>> from gamekit.alfredopoly.rules import new_game
    >>> s = new_game(players=2, seed=0)
    >>> t = Table(s.spec, s)
    >>> t.owner[1] = t.owner[3] = 0
    >>> placements(t, 0, "sculpture"), placements(t, 0, "statue"), placements(t, 1, "sculpture")
    ([1, 3], [], [])
    """
    statue = building == "statue"
    return [
        i
        for i, o in enumerate(t.owner)
        if o == seat
        and t.lay.kind[i] == "street"
        and (t.level[i] == SCULPTURES_PER_STATUE) == statue
        and build_problem(t, seat, i) is None
    ]


def shortage_bidders(t: Table, seat: int, i: int) -> tuple[int, ...]:
    """Rule 10's building shortage (Decision "building shortage"): ``seat`` asks to build
    on street ``i``; when the supply that build draws from has fewer buildings left than
    the players who could legally build from it right now (``seat`` and every other
    player for whom a ``BuildSculpture`` from that supply would be legal), those players
    bid for one: ``seat`` first, then the others in seat order. ``()`` when the supply is
    enough.

    >>> from gamekit.alfredopoly.rules import new_game
    >>> s = new_game(players=3, seed=0)
    >>> t = Table(s.spec, s)
    >>> t.owner[1] = t.owner[3] = 0            # Ann: the first group
    >>> t.owner[6] = t.owner[8] = t.owner[9] = 2   # Cy: the second
    >>> t.sculptures_left = 1                      # one left for two who could build
    >>> shortage_bidders(t, 0, 1), shortage_bidders(t, 2, 9)
    ((0, 2), (2, 0))
    >>> t.sculptures_left = 2                      # one each: no auction
    >>> shortage_bidders(t, 0, 1)
    ()
    """
    building = t.building_kind(i)
    left = t.statues_left if building == "statue" else t.sculptures_left
    n = len(t.players)
    if left >= n:  # the requester plus every other player could not want more: no auction
        return ()
    others = tuple(
        q
        for q in ((seat + k) % n for k in range(1, n))
        if not t.players[q].bankrupt
        and any(
            management_problem(t, A.BuildSculpture(j, q)) is None
            for j in placements(t, q, building)
        )
    )
    return (seat, *others) if left < 1 + len(others) else ()


def _auction_build_problem(t: Table, seat: int, i: int) -> str | None:
    """While an auction runs, the buildings a building-shortage auction sells are not
    for sale, and a build that would open another shortage auction waits."""
    au = t.auction
    if au is None:
        return None
    building = t.building_kind(i)
    if au.building == building:
        return f"the trustees' last {building}s are being auctioned: bid, or wait for the end"
    if shortage_bidders(t, seat, i):
        return f"the trustees' last {building}s go to auction (rule 10): build after this auction"
    return None


def build_request_problem(t: Table, a: A.BuildSculpture) -> str | None:
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


def bid_problem(t: Table, a: A.Bid) -> str | None:
    """An auction's bid: more than the high bid, within the bidder's cash; in a
    building-shortage auction also at least :func:`bid_floor` (nobody gets a building
    for less than the price on their deed)."""
    problem = _bid_problem(t, a)
    au = t.auction
    if problem is not None or au is None or not au.building:
        return problem
    floor = bid_floor(t, t.actor)
    if floor is None:
        return f"none of your streets can take the {au.building} now: drop out"
    if a.amount < floor:
        return f"bid at least ${floor}, the price of a {au.building} on your street"
    return None


def place_options(t: Table, seat: int) -> list[int]:
    """Where the winner ``seat`` of a building-shortage auction may put the building:
    :func:`placements` whose building price is at most the winning bid."""
    au = t.auction
    assert au is not None
    spaces = t.board.spaces
    return [i for i in placements(t, seat, au.building) if spaces[i].building_cost <= au.high_bid]


def _place_problem(t: Table, a: A.PlaceBuilding) -> str | None:
    options = place_options(t, t.actor)
    if a.space in options:
        return None
    where = ", ".join(t.board.spaces[i].name for i in options)
    return f"space {a.space!r} cannot take it; choose one of: {where}"


def _no_problem(t: Table, a: Action) -> str | None:
    return None


_PROBLEMS: dict[type[Action], Callable[[Table, Any], str | None]] = {
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


def why_illegal(t: Table, action: Action) -> str | None:
    """The reason ``action`` is illegal now, or ``None`` if it is legal.

    The phase table says which action types the phase allows; the fields must have their
    declared types (:func:`~gamekit.core.actions.field_problem`: ``True == 1 == 1.0``, so
    ``BuySpace(True)`` would otherwise pass for ``BuySpace(1)``); the action's own rule
    says the rest.

    >>> from gamekit.alfredopoly.rules import new_game
    >>> t = Table(new_game(players=2, seed=0).spec, new_game(players=2, seed=0))
    >>> why_illegal(t, A.EndTurn())
    'roll the dice first'
    >>> why_illegal(t, A.BuildSculpture(1.0))
    'BuildSculpture.space: expected a whole number, got 1.0'
    """
    phase = t.phase
    if phase == OVER:
        return "the game is over"
    if phase in CHANCE:
        return "waiting for the dice (a chance step)"
    problem = _PROBLEMS.get(type(action))
    if problem is None or not PHASES.allows(phase, action):
        return f"{action} is not allowed in the {phase} phase"
    return field_problem(action) or problem(t, action)


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


__all__ = ["TRUSTEES", "WAITING", "legal_moves", "manage_moves", "why_illegal"]
