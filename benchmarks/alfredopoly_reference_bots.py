"""The Alfredopoly bots as they were before the holdings caches (commit e62e210): the
reference that ``alfredopoly_games.py`` plays the same games with, in the same run, to
show what the caches gain. Same decisions as :mod:`gamekit.alfredopoly.bots` (the
benchmark checks that the games come out the same); only the bookkeeping differs: this
version works out its groups and mortgages from the table (cached on the table's
version counters only) and asks the checks module at every debt decision.

Kept verbatim apart from this docstring and the decisions later rule changes brought to
both (the building-shortage auction and placing its building, rule 10; a trade accepted
and a mortgage lifted only while the rules allow it, audit findings 1a and 1b), so the
games stay the same; do not use it outside the benchmark.
"""

from __future__ import annotations

from gamekit.alfredopoly import actions as A
from gamekit.alfredopoly.checks import (
    bid_floor,
    legal_moves,
    management_problem,
    mortgage_problem,
    place_options,
    sell_problem,
    trade_problem,
)
from gamekit.alfredopoly.engine import STATUE, Table
from gamekit.alfredopoly.spec import AlfredopolySpec
from gamekit.alfredopoly.state import GameState
from gamekit.core.actions import Action
from gamekit.core.rng import Seed, make_rng

CARD_VALUE = 50


_ROLL = A.RollDice()
_END = A.EndTurn()
_PAY_FINE = A.PayJailFine()


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
        self.rng = make_rng(seed)
        self._offered = 0
        self._groups_table: Table | None = None
        self._groups_key = (-1, -1)
        self._tried: set[tuple[int, int, int]] = set()
        self._cheapest = 0
        self._mort_table: Table | None = None
        self._mort_key = (-1, -1, -1)
        self._mort: list[int] = []
        self._groups: tuple[list[tuple[int, ...]], list[tuple[int, ...]]] = ([], [])

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
                return A.BuySpace(i)
            return A.DeclineBuy(i)
        if phase == "debt":
            return self.raise_money(t, me)
        if phase == "tax":
            s = t.board.spaces[t.pending]
            pct = self.glance_worth(t, me) * s.tax_percent // 100
            return A.PayTax("percent" if pct < s.tax else "flat")
        if phase == "trade":
            if self.likes(t, me) and t.offer is not None and trade_problem(t, t.offer) is None:
                return A.AcceptTrade()
            return A.RejectTrade()
        if phase == "auction":
            return self.bid(t, me)
        if phase == "transfer":
            return self.on_transfer(t, me)
        if phase == "building_auction":
            au = t.auction
            assert au is not None
            floor = bid_floor(t, me) if self.builds else None
            if floor is None:
                return A.PassBid()
            amount = max(au.high_bid + 10, floor)
            limit = min(
                floor + floor * self.shortage_premium // 100, t.players[me].cash - self.reserve
            )
            return A.Bid(amount) if amount <= limit else A.PassBid()
        if phase == "placing":
            spaces = t.board.spaces
            options = place_options(t, me)
            return A.PlaceBuilding(
                min(options, key=lambda i: (spaces[i].building_cost, t.level[i], i))
            )
        raise ValueError(f"no decision is due in the {phase} phase")

    # ---- hooks ------------------------------------------------------------------------

    def glance_worth(self, t: Table, me: int) -> int:
        """Rule 7 (decide before counting): what a player sees at a glance, the cash in
        hand and the printed prices on the deeds, not the exact net worth (which also
        counts every sculpture and statue at cost)."""
        spaces = t.board.spaces
        return t.players[me].cash + sum(spaces[i].price for i, o in enumerate(t.owner) if o == me)

    def on_transfer(self, t: Table, me: int) -> Action:
        """A mortgaged property came to me: lift it at once if I lift mortgages and can
        spare the money, else keep the mortgage (10% now)."""
        i = next(j for j in t.transfers if t.owner[j] == me)
        spare = t.players[me].cash - self.reserve - self.lift_buffer
        if (
            self.lifts
            and spare >= t.spec.lift_cost(i)
            and management_problem(t, A.LiftMortgage(i)) is None
        ):
            return A.LiftMortgage(i)
        return A.KeepMortgage(i)

    def wants(self, t: Table, me: int, i: int) -> bool:
        return t.players[me].cash - t.board.spaces[i].price >= self.reserve

    def on_turn(self, t: Table, me: int) -> Action:
        p = t.players[me]
        if p.in_jail and t.may_roll and not t.rolled and not self.stay_in_jail(t, me):
            if p.cards:
                return A.UseGetOutCard(p.cards[0])
            if p.cash - t.spec.jail_fine >= self.reserve:
                return _PAY_FINE
        if self.lifts:
            spare = p.cash - self.reserve - self.lift_buffer
            rate = 100 + t.spec.interest_percent
            spaces = t.board.spaces
            for i in self.my_mortgages(t, me):
                # lift_problem's conditions, inlined for speed (tests replay these choices)
                if spare >= -(-spaces[i].mortgage * rate // 100):
                    return A.LiftMortgage(i)
        if self.builds:
            build = self.next_build(t, me)
            if build is not None:
                return build
        if self.trades and self._offered != t.turn:
            self._offered = t.turn
            offer = self.propose(t, me)
            if offer is not None:
                return offer
        return _ROLL if t.may_roll else _END

    def stay_in_jail(self, t: Table, me: int) -> bool:
        if not self.long_jail:
            return False
        return any(lv and o != me for o, lv in zip(t.owner, t.level, strict=True))

    def my_mortgages(self, t: Table, me: int) -> list[int]:
        """My mortgaged properties, in board order (cached)."""
        key = (t.owner_version, t.mortgage_version, me)
        if self._mort_table is t and self._mort_key == key:
            return self._mort
        owner = t.owner
        mortgaged = t.mortgaged
        self._mort = [i for i in t.lay.props if mortgaged[i] and owner[i] == me]
        self._mort_table, self._mort_key = t, key
        return self._mort

    def groups(self, t: Table, me: int) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
        """My complete colour groups, and the groups I miss one street of (cached)."""
        key = (t.owner_version, me)
        if self._groups_table is t and self._groups_key == key:
            return self._groups
        owner = t.owner
        whole, almost = [], []
        for group in t.lay.street_groups:
            missing = 0
            for j in group:
                if owner[j] != me:
                    missing += 1
            if missing == 0:
                whole.append(group)
            elif missing == 1 and len(group) > 1:
                almost.append(group)
        self._groups_table, self._groups_key, self._groups = t, key, (whole, almost)
        costs = [t.board.spaces[g[0]].building_cost for g in whole]
        self._cheapest = min(costs) if costs else 0
        return whole, almost

    def next_build(self, t: Table, me: int) -> Action | None:
        """The cheapest even build on a complete, unmortgaged group, or None."""
        whole = self.groups(t, me)[0]
        if not whole:
            return None
        cash = t.players[me].cash - self.reserve
        spaces = t.board.spaces
        if cash < self._cheapest:
            return None
        level = t.level
        mortgaged = t.mortgaged
        best: tuple[int, int, int] | None = None
        for group in whole:
            cost = spaces[group[0]].building_cost
            if cash < cost:
                continue
            low = STATUE
            at = -1
            for j in group:
                if mortgaged[j]:
                    low = STATUE
                    break
                if level[j] < low:
                    low = level[j]
                    at = j
            if low >= STATUE:
                continue
            if (t.statues_left if low == 4 else t.sculptures_left) < 1:
                continue
            key = (cost, low, at)
            if best is None or key < best:
                best = key
        return A.BuildSculpture(best[2]) if best else None

    def propose(self, t: Table, me: int) -> Action | None:
        """Offer twice the price (plus $10) for the one street missing from a group;
        an offer is not repeated while ownership stays the same."""
        owner = t.owner
        for group in self.groups(t, me)[1]:
            j = next(k for k in group if owner[k] != me)
            them = owner[j]
            if them < 0 or t.mortgaged[j] or any(t.level[k] for k in group):
                continue
            price = 2 * t.board.spaces[j].price + 10
            if t.players[me].cash - price < max(self.reserve, 100):
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
            return A.PayDebt()
        if cash + t.raisable(me) < owed:
            return A.DeclareBankruptcy()
        short = owed - cash
        mine = self.mine(t, me)
        spaces = t.board.spaces
        options = [i for i in mine if mortgage_problem(t, me, i) is None]
        if options:
            whole = {j for g in self.groups(t, me)[0] for j in g}
            loose = [i for i in options if i not in whole] or options
            enough = [i for i in loose if spaces[i].mortgage >= short]
            if enough:
                return A.Mortgage(min(enough, key=lambda i: (spaces[i].mortgage, i)))
            return A.Mortgage(max(loose, key=lambda i: (spaces[i].mortgage, -i)))
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

    def completes(self, t: Table, me: int, i: int) -> bool:
        """Whether street ``i`` is the one missing from one of my colour groups."""
        return any(i in group for group in self.groups(t, me)[1])

    def cash_for_bid(self, t: Table, me: int) -> Action | None:
        """Management at any time: mortgage my largest property outside my complete
        groups to raise cash for a bid (None when there is nothing to mortgage)."""
        whole = {j for g in self.groups(t, me)[0] for j in g}
        spaces = t.board.spaces
        loose = [
            i for i in self.mine(t, me) if i not in whole and mortgage_problem(t, me, i) is None
        ]
        if not loose:
            return None
        return A.Mortgage(max(loose, key=lambda i: (spaces[i].mortgage, -i)))

    @staticmethod
    def mine(t: Table, me: int) -> list[int]:
        return [i for i, o in enumerate(t.owner) if o == me]


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
