"""Bots: players with a documented style, deterministic given their seed.

=========== ===============================================================================
buy_all     Buys every property it can afford. Never builds sculptures, never lifts a
            mortgage. Leaves Academic Probation at once (card, else fine).
reserve     Keeps a cash reserve (``reserve``, $300): buys and builds only with money
            above it, and lifts mortgages only with $150 more than that. In a
            building-shortage auction it pays at most 25% over the building's price. Stays in
            Probation trying for doubles once any opponent has sculptures (the "long"
            strategy), else leaves at once.
builder     Buys every property it can afford and builds as soon as it can, as much as
            its cash allows (cheapest groups first); lifts mortgages when $150 remain
            after. Offers twice the price (+$10) for a street that would complete one of
            its groups, at most one offer a turn and never the same offer twice while
            ownership stays the same. In an auction for a street that would complete one
            of its groups it mortgages property outside its complete groups to raise
            its bid (management at any time). In a building-shortage auction it pays
            up to twice the building's price. Leaves Probation at once.
random      Picks uniformly among the legal actions (for tests and as a baseline).
=========== ===============================================================================

Every bot answers the questions the game asks of it: Alumni Hall (rule 7: chosen before
counting, so from what a player sees at a glance, its cash and the printed prices of its
deeds, never its exact net worth; 10% when that glance is under $2000), a mortgaged
property that came to it (lift at once when it lifts mortgages and can spare the money,
else keep the mortgage and pay 10%), debt (mortgage first, property outside its
complete groups first; then sell sculptures; bankrupt only when nothing can cover the
debt),
trade offers (accept when the printed value, cash and cards it gets are worth more
than what it gives; twice as much when the deal completes the other player's group)
and auctions (bid in $10 steps up to the printed price; in a building-shortage auction,
rule 10, a bot that builds bids from the building's price up to its style's premium, and
puts a building it wins on its cheapest, lowest street). A bot never chooses an action
the rules refuse: it accepts a trade only while the offer still holds and lifts a
mortgage that came to it only when the rules allow the lift now.

>>> from gamekit.alfredopoly.rules import new_game, AlfredopolySpec
>>> spec = AlfredopolySpec()
>>> make_bot("builder", seed=1).choose(spec, new_game(spec, 2, seed=1))
RollDice()
>>> strategy_names()
['buy_all', 'reserve', 'builder', 'random']
"""

from __future__ import annotations

from collections.abc import Callable

from gamekit.alfredopoly import actions as A
from gamekit.alfredopoly.checks import (
    bid_floor,
    legal_moves,
    management_problem,
    owed_by,
    place_options,
    sell_problem,
    trade_problem,
)
from gamekit.alfredopoly.constants import SCULPTURES_PER_STATUE, STATUE
from gamekit.alfredopoly.engine import Table
from gamekit.alfredopoly.holdings import Holdings
from gamekit.alfredopoly.spec import AlfredopolySpec
from gamekit.alfredopoly.state import GameState
from gamekit.core.actions import Action
from gamekit.core.rng import Seed, make_rng

CARD_VALUE = 50


_ROLL = A.RollDice()
_END = A.EndTurn()
_PAY_FINE = A.PayJailFine()
_PAY_DEBT = A.PayDebt()
_ACCEPT = A.AcceptTrade()
_REJECT = A.RejectTrade()
_PASS = A.PassBid()


class _PerSpace(dict[int, Action]):
    """One action of a kind per space, made the first time it is asked for and then
    looked up (speed: making a frozen dataclass takes about 20 lookups' time, and a
    simulation's bots buy, build, lift and mortgage tens of thousands of times).

    >>> _PerSpace(A.BuySpace)[3]
    BuySpace(space=3)
    """

    def __init__(self, kind: Callable[[int], Action]) -> None:
        super().__init__()
        self.kind = kind

    def __missing__(self, i: int) -> Action:
        action = self[i] = self.kind(i)
        return action


_BUY = _PerSpace(A.BuySpace)
_DECLINE = _PerSpace(A.DeclineBuy)
_BUILD = _PerSpace(A.BuildSculpture)
_LIFT = _PerSpace(A.LiftMortgage)
_MORTGAGE = _PerSpace(A.Mortgage)


class Bot:
    """Base class: override the hooks to change a style."""

    name = "bot"
    reserve = 0
    builds = False
    lifts = False
    long_jail = False
    trades = False
    lift_buffer = 150
    shortage_premium = 50

    def __init__(self, seed: Seed = None) -> None:
        # the style's settings, read at every decision, as instance attributes: the
        # interpreter reads those faster than class attributes
        self.reserve = self.reserve
        self.builds = self.builds
        self.lifts = self.lifts
        self.long_jail = self.long_jail
        self.trades = self.trades
        self.lift_buffer = self.lift_buffer
        self.shortage_premium = self.shortage_premium
        self.rng = make_rng(seed)
        self._offered = 0
        self._tried: set[tuple[int, int, int]] = set()
        self._holdings: Holdings | None = None

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    def choose(self, spec: AlfredopolySpec, state: GameState) -> Action:
        """The bot's action for ``state.actor`` (a legal action)."""
        return self.decide(Table(spec, state, log=False))

    def decide(self, t: Table) -> Action:
        """The same on a working table (the fast path of simulations)."""
        me = t.actor
        phase = t.phase
        if phase == "turn":
            return self.on_turn(t, me)
        if phase == "buy":
            i = t.pending
            if self.wants(t, me, i):
                return _BUY[i]
            return _DECLINE[i]
        if phase == "debt":
            return self.raise_money(t, me)
        if phase == "tax":
            s = t.board.spaces[t.pending]
            pct = self.glance_worth(t, me) * s.tax_percent // 100
            return A.PayTax("percent" if pct < s.tax else "flat")
        if phase == "trade":
            # the offer is checked again on acceptance (management may have spent its cash):
            # the accept check's own test (why_illegal would also check the phase and the
            # action's field types, which costs more than the rest of a trade decision)
            offer = t.offer
            assert offer is not None
            if self.likes(t, me) and trade_problem(t, offer) is None:
                return _ACCEPT
            return _REJECT
        if phase == "auction":
            return self.bid(t, me)
        if phase == "transfer":
            return self.on_transfer(t, me)
        if phase == "building_auction":
            return self.bid_for_building(t, me)
        if phase == "placing":
            return self.place(t, me)
        raise ValueError(f"no decision is due in the {phase} phase")

    # ---- hooks ------------------------------------------------------------------------

    def glance_worth(self, t: Table, me: int) -> int:
        """Rule 7 (decide before counting): what a player sees at a glance, the cash in
        hand and the printed prices on the deeds, not the exact net worth (which also
        counts every sculpture and statue at cost)."""
        spaces = t.board.spaces
        return t.players[me].cash + sum(spaces[i].price for i in self.holdings(t, me).mine)

    def on_transfer(self, t: Table, me: int) -> Action:
        """A mortgaged property came to me: lift it at once if I lift mortgages and can
        spare the money, else keep the mortgage (10% now)."""
        i = next(j for j in t.transfers if t.owner[j] == me)
        spare = t.players[me].cash - self.reserve - self.lift_buffer
        # the rules may refuse the lift (money owed first): then keep the mortgage (the
        # lift's own check; the phase allows it)
        if self.lifts and spare >= t.spec.lift_cost(i) and management_problem(t, _LIFT[i]) is None:
            return _LIFT[i]
        return A.KeepMortgage(i)

    def wants(self, t: Table, me: int, i: int) -> bool:
        return t.players[me].cash - t.board.spaces[i].price >= self.reserve

    def on_turn(self, t: Table, me: int) -> Action:
        """My turn: leave Probation, lift a mortgage, build, offer a trade, roll or end.

        The fast path of simulations asks this several times a turn, so lifting and
        building are looked at only when my cash reaches the cheapest lift or build
        (from :meth:`holdings`, worked out again only when ownership or a mortgage
        changed)."""
        p = t.players[me]
        if p.in_jail and t.may_roll and not t.rolled and not self.stay_in_jail(t, me):
            if p.cards:
                return A.UseGetOutCard(p.cards[0])
            if p.cash - t.spec.jail_fine >= self.reserve:
                return _PAY_FINE
        h = None
        if self.lifts or self.builds:
            h = self._holdings  # self.holdings(t, me), its quick case written out
            if (
                h is None
                or h.owner_version != t.owner_version
                or h.mortgage_version != t.mortgage_version
                or h.table is not t
                or h.seat != me
            ):
                h = self.holdings(t, me)
            spare = p.cash - self.reserve
            if self.lifts and spare - self.lift_buffer >= h.cheapest_lift:
                lift = self.next_lift(t, me, h)
                if lift is not None:  # always, as the cheapest lift is affordable
                    return lift
            if self.builds and spare >= h.cheapest_build:
                build = self.next_build(t, me, h)
                if build is not None:
                    return build
        if self.trades and self._offered != t.turn:
            self._offered = t.turn
            # speed: propose's own first test (no offer affordable) without the call
            if h is None or p.cash - max(self.reserve, 100) >= h.cheapest_offer:
                offer = self.propose(t, me, h)
                if offer is not None:
                    return offer
        return _ROLL if t.may_roll else _END

    def stay_in_jail(self, t: Table, me: int) -> bool:
        if not self.long_jail:
            return False
        return any(lv and o != me for o, lv in zip(t.owner, t.level, strict=True))

    def holdings(self, t: Table, me: int) -> Holdings:
        """My properties, groups and mortgages on ``t`` (looked at again only after
        something was bought, traded, mortgaged or lifted)."""
        h = self._holdings
        if h is None or h.table is not t or h.seat != me:
            h = self._holdings = Holdings(t, me)
        elif h.owner_version != t.owner_version or h.mortgage_version != t.mortgage_version:
            h.refresh()
        return h

    def my_mortgages(self, t: Table, me: int) -> list[int]:
        """My mortgaged properties, in board order."""
        return self.holdings(t, me).mortgages

    def groups(self, t: Table, me: int) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
        """My complete colour groups, and the groups I miss one street of."""
        h = self.holdings(t, me)
        return h.whole, h.almost

    def next_lift(self, t: Table, me: int, h: Holdings | None = None) -> Action | None:
        """Lift my first mortgage (board order) that leaves ``lift_buffer`` over my
        reserve, or None (lift_problem's conditions, which tests replay). ``h``: my
        holdings, when the caller has them at hand."""
        h = h or self.holdings(t, me)
        spare = t.players[me].cash - self.reserve - self.lift_buffer
        for i, cost in zip(h.mortgages, h.lift_costs, strict=True):
            if spare >= cost:
                return _LIFT[i]
        return None

    def next_build(self, t: Table, me: int, h: Holdings | None = None) -> Action | None:
        """The cheapest even build on a complete, unmortgaged group, or None: the
        lowest building of the group with the cheapest sculptures (then the lowest
        level, then the first on the board). ``h``: my holdings, when the caller has
        them at hand."""
        cash = t.players[me].cash - self.reserve
        level = t.level
        best: tuple[int, int, int] | None = None
        for cost, group in (h or self.holdings(t, me)).buildable:  # cheapest first
            if cash < cost or (best is not None and best[0] < cost):
                break
            low = STATUE
            at = -1
            for j in group:
                if level[j] < low:
                    low = level[j]
                    at = j
            if low >= STATUE:
                continue
            if (t.statues_left if low == SCULPTURES_PER_STATUE else t.sculptures_left) < 1:
                continue
            key = (cost, low, at)
            if best is None or key < best:
                best = key
        return _BUILD[best[2]] if best else None

    def propose(self, t: Table, me: int, h: Holdings | None = None) -> Action | None:
        """Offer twice the price (plus $10) for the one street missing from a group,
        when I keep ``max(reserve, 100)`` after paying; an offer is not repeated while
        ownership stays the same. Asked once a turn. ``h``: my holdings, when the
        caller has them at hand."""
        cash = t.players[me].cash - max(self.reserve, 100)
        h = h or self.holdings(t, me)
        if cash < h.cheapest_offer:
            return None
        owner = t.owner
        mortgaged = t.mortgaged
        level = t.level
        for j, group, price in h.missing:
            them = owner[j]
            if them < 0 or mortgaged[j] or any(level[k] for k in group):
                continue
            if cash < price:
                continue
            key = (hash(tuple(owner)), j, price)
            if key in self._tried:
                continue
            if len(self._tried) > 4096:
                self._tried.clear()
            self._tried.add(key)
            return A.ProposeTrade(them, take=(j,), give_cash=price)
        return None

    def raise_money(self, t: Table, me: int) -> Action:
        """Pay if possible; else mortgage (property outside complete groups first, the
        smallest mortgage that covers the shortfall, else the largest); else sell
        sculptures (a whole group at once when its sale does not cover the shortfall)."""
        owed = t.debts[0].amount
        cash = t.players[me].cash
        if cash >= owed:
            return _PAY_DEBT
        h = self.holdings(t, me)
        options = h.mortgageable()
        mortgage = h.facts.mortgage
        # what I could raise covers the debt for sure when mortgaging these does; the
        # whole count (every sculpture sold too) only when they do not
        if cash + sum([mortgage[i] for i in options]) < owed and cash + h.raisable() < owed:
            return A.DeclareBankruptcy()
        short = owed - cash
        mine = h.mine
        spaces = t.board.spaces
        if options:
            loose = [i for i in options if i not in h.in_whole] or options
            enough = [i for i in loose if mortgage[i] >= short]
            if enough:
                return _MORTGAGE[min(enough, key=lambda i: (mortgage[i], i))]
            return _MORTGAGE[max(loose, key=lambda i: (mortgage[i], -i))]
        built = [i for i in mine if t.level[i]]
        by_group: dict[str, int] = {}
        for i in built:
            g = spaces[i].group or ""
            by_group[g] = by_group.get(g, 0) + t.level[i] * (spaces[i].building_cost // 2)
        for g, value in sorted(by_group.items(), key=lambda kv: (kv[1], kv[0])):
            if value <= short:
                return A.SellAllSculptures(g)
        for i in sorted(built, key=lambda i: (-t.level[i], -spaces[i].building_cost, i)):
            if sell_problem(t, me, i) is None:
                return A.SellSculpture(i)
        return A.SellAllSculptures(spaces[built[0]].group or "")

    def likes(self, t: Table, me: int) -> bool:
        o = t.offer
        assert o is not None
        them = t.current
        gain = sum(t.board.spaces[i].price for i in o.give) + o.give_cash
        gain += CARD_VALUE * len(o.give_cards)
        loss = sum(t.board.spaces[i].price for i in o.take) + o.take_cash
        loss += CARD_VALUE * len(o.take_cards)
        factor = 1 + self.reserve / 1500
        for i in o.take:
            group = t.lay.group[i]
            if t.lay.kind[i] == "street" and all(t.owner[j] == them or j in o.take for j in group):
                factor *= 2  # it completes their group: only for a good price
        if t.players[me].cash - o.take_cash + o.give_cash < self.reserve:
            return False
        return gain > loss * factor

    def bid(self, t: Table, me: int) -> Action:
        au = t.auction
        assert au is not None
        amount = au.high_bid + 10
        price = t.board.spaces[au.space].price
        if amount <= min(price, t.players[me].cash - self.reserve):
            return A.Bid(amount)
        if amount <= price and self.trades and self.completes(t, me, au.space):
            raise_by = self.cash_for_bid(t, me)
            if raise_by is not None:
                return raise_by
        return A.PassBid()

    def bid_for_building(self, t: Table, me: int) -> Action:
        """A building-shortage auction (rule 10): a bot that builds bids in $10 steps from
        its floor (the price of a sculpture on its cheapest street that can take it) up to
        that price plus ``shortage_premium`` percent, keeping its reserve; others drop out."""
        au = t.auction
        assert au is not None
        floor = bid_floor(t, me) if self.builds else None
        if floor is None:
            return _PASS
        amount = max(au.high_bid + 10, floor)
        spare = t.players[me].cash - self.reserve - owed_by(t, me)  # the rules keep what I owe
        limit = min(floor + floor * self.shortage_premium // 100, spare)
        return A.Bid(amount) if amount <= limit else _PASS

    def place(self, t: Table, me: int) -> Action:
        """Put a building won at auction where :meth:`next_build` would: the cheapest
        street, then the lowest, then the first on the board."""
        spaces = t.board.spaces
        options = place_options(t, me)
        return A.PlaceBuilding(min(options, key=lambda i: (spaces[i].building_cost, t.level[i], i)))

    def completes(self, t: Table, me: int, i: int) -> bool:
        """Whether street ``i`` is the one missing from one of my colour groups."""
        return any(i in group for group in self.holdings(t, me).almost)

    def cash_for_bid(self, t: Table, me: int) -> Action | None:
        """Management at any time: mortgage my largest property outside my complete
        groups to raise cash for a bid (None when there is nothing to mortgage)."""
        h = self.holdings(t, me)
        spaces = t.board.spaces
        loose = [i for i in h.mortgageable() if i not in h.in_whole]
        if not loose:
            return None
        return A.Mortgage(max(loose, key=lambda i: (spaces[i].mortgage, -i)))

    def mine(self, t: Table, me: int) -> list[int]:
        """My properties, in board order."""
        return self.holdings(t, me).mine


class BuyAll(Bot):
    """Buys everything it can afford; never builds; leaves Probation at once."""

    name = "buy_all"


class Reserve(Bot):
    """Keeps ``reserve`` dollars in hand; builds and lifts only above it; long jail."""

    name = "reserve"
    builds = True
    lifts = True
    long_jail = True
    shortage_premium = 25

    def __init__(self, seed: Seed = None, reserve: int = 300) -> None:
        super().__init__(seed)
        self.reserve = reserve


class Builder(Bot):
    """Buys everything; builds as soon and as much as it can; buys the missing street."""

    name = "builder"
    builds = True
    lifts = True
    trades = True
    shortage_premium = 100


class RandomBot(Bot):
    """Uniform among the legal actions (trades are never proposed)."""

    name = "random"

    def decide(self, t: Table) -> Action:
        moves = legal_moves(t)
        return moves[int(self.rng.integers(len(moves)))]


STRATEGIES: dict[str, type[Bot]] = {cls.name: cls for cls in (BuyAll, Reserve, Builder, RandomBot)}


def strategy_names() -> list[str]:
    """The built-in bot strategies."""
    return list(STRATEGIES)


def make_bot(strategy: str, seed: Seed = None) -> Bot:
    """A bot by strategy name.

    >>> make_bot("reserve").reserve
    300
    """
    try:
        return STRATEGIES[strategy](seed)
    except KeyError:
        raise ValueError(f"unknown strategy {strategy!r}; known: {', '.join(STRATEGIES)}") from None


__all__ = ["Bot", "Builder", "BuyAll", "RandomBot", "Reserve", "make_bot"]
