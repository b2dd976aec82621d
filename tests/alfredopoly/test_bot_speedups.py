"""The bots' cached answers equal plain, uncached derivations, at every step of seeded
games: holdings (kept across steps and refreshed, as the bots keep them) and every
decision of the ``builder`` and ``reserve`` bots (lift, build, trade offer, raising
money), derived here again from the rules and the bots' documented styles."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from gamekit.alfredopoly import actions as A
from gamekit.alfredopoly.bots import Bot, make_bot
from gamekit.alfredopoly.checks import lift_problem, mortgage_problem, sell_problem
from gamekit.alfredopoly.engine import STATUE, Table
from gamekit.alfredopoly.holdings import NOTHING, Holdings
from gamekit.alfredopoly.rules import AlfredopolySpec, new_game
from gamekit.alfredopoly.simulate import play_game
from gamekit.core.actions import Action

from .helpers import SPEC, game, own, player

# ---- plain derivations (no caches, straight from the rules and the docstrings) ---------


def plain_mine(t: Table, seat: int) -> list[int]:
    return [i for i, o in enumerate(t.owner) if o == seat]


def plain_groups(t: Table, seat: int) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    spaces = t.board.spaces
    whole, almost = [], []
    for members in t.board.groups.values():
        if spaces[members[0]].kind != "street":
            continue
        missing = [j for j in members if t.owner[j] != seat]
        if not missing:
            whole.append(tuple(members))
        elif len(missing) == 1 and len(members) > 1:
            almost.append(tuple(members))
    return whole, almost


def plain_holdings(t: Table, seat: int) -> dict[str, Any]:
    """What :class:`Holdings` must say, worked out from nothing."""
    spaces = t.board.spaces
    mine = plain_mine(t, seat)
    whole, almost = plain_groups(t, seat)
    mortgages = [i for i in mine if t.mortgaged[i]]
    lift_costs = [t.spec.lift_cost(i) for i in mortgages]
    buildable = [g for g in whole if not any(t.mortgaged[j] for j in g)]
    options = sorted((spaces[g[0]].building_cost, g) for g in buildable)
    return {
        "mine": mine,
        "whole": whole,
        "almost": almost,
        "missing": [
            (j, g, 2 * spaces[j].price + 10) for g in almost for j in g if t.owner[j] != seat
        ],
        "cheapest_offer": min(
            [2 * spaces[j].price + 10 for g in almost for j in g if t.owner[j] != seat],
            default=NOTHING,
        ),
        "in_whole": {j for g in whole for j in g},
        "mortgages": mortgages,
        "lift_costs": lift_costs,
        "cheapest_lift": min(lift_costs) if lift_costs else NOTHING,
        "buildable": options,
        "cheapest_build": options[0][0] if options else NOTHING,
        "raisable": t.raisable(seat),
        "mortgageable": [i for i in mine if mortgage_problem(t, seat, i) is None],
    }


def cached_holdings(h: Holdings) -> dict[str, Any]:
    return {
        "mine": h.mine,
        "whole": h.whole,
        "almost": h.almost,
        "missing": h.missing,
        "cheapest_offer": h.cheapest_offer,
        "in_whole": set(h.in_whole),
        "mortgages": h.mortgages,
        "lift_costs": h.lift_costs,
        "cheapest_lift": h.cheapest_lift,
        "buildable": sorted(h.buildable),
        "cheapest_build": h.cheapest_build,
        "raisable": h.raisable(),
        "mortgageable": h.mortgageable(),
    }


def plain_on_turn(bot: Bot, t: Table, me: int, tried: set[tuple[int, int, int]]) -> Action:
    """The documented turn of a bot (lift, build, offer once a turn, roll or end),
    asking the checks module for what is legal."""
    p = t.players[me]
    if p.in_jail and t.may_roll and not t.rolled and not bot.stay_in_jail(t, me):
        if p.cards:
            return A.UseGetOutCard(p.cards[0])
        if p.cash - t.spec.jail_fine >= bot.reserve:
            return A.PayJailFine()
    mine = plain_mine(t, me)
    if bot.lifts:
        for i in mine:
            spare = p.cash - bot.reserve - bot.lift_buffer
            if t.mortgaged[i] and lift_problem(t, me, i) is None and spare >= t.spec.lift_cost(i):
                return A.LiftMortgage(i)
    if bot.builds:
        spaces = t.board.spaces
        cash = p.cash - bot.reserve
        builds = [
            (spaces[i].building_cost, t.level[i], i)
            for g in plain_groups(t, me)[0]
            if not any(t.mortgaged[j] for j in g)
            for i in g
            if t.level[i] == min(t.level[j] for j in g) < STATUE
            and (t.statues_left if t.level[i] == 4 else t.sculptures_left) >= 1
            and cash >= spaces[i].building_cost
        ]
        if builds:
            return A.BuildSculpture(min(builds)[2])
    if bot.trades and bot._offered != t.turn:
        for g in plain_groups(t, me)[1]:
            j = next(k for k in g if t.owner[k] != me)
            price = 2 * t.board.spaces[j].price + 10
            if t.owner[j] < 0 or t.mortgaged[j] or any(t.level[k] for k in g):
                continue
            if p.cash - price < max(bot.reserve, 100):
                continue
            if (hash(tuple(t.owner)), j, price) in tried:
                continue
            return A.ProposeTrade(t.owner[j], take=(j,), give_cash=price)
    return A.RollDice() if t.may_roll else A.EndTurn()


def plain_raise_money(t: Table, me: int) -> Action:
    """Pay; else bankrupt if even everything cannot cover it; else mortgage (outside
    whole groups first; the smallest mortgage that covers the shortfall, else the
    largest); else sell (a whole group whose sale does not cover it, else evenly)."""
    owed = t.debts[0].amount
    cash = t.players[me].cash
    if cash >= owed:
        return A.PayDebt()
    if cash + t.raisable(me) < owed:
        return A.DeclareBankruptcy()
    short = owed - cash
    spaces = t.board.spaces
    mine = plain_mine(t, me)
    options = [i for i in mine if mortgage_problem(t, me, i) is None]
    if options:
        whole = {j for g in plain_groups(t, me)[0] for j in g}
        loose = [i for i in options if i not in whole] or options
        enough = [i for i in loose if spaces[i].mortgage >= short]
        if enough:
            return A.Mortgage(min(enough, key=lambda i: (spaces[i].mortgage, i)))
        return A.Mortgage(max(loose, key=lambda i: (spaces[i].mortgage, -i)))
    built = [i for i in mine if t.level[i]]
    by_group: Counter[str] = Counter()
    for i in built:
        by_group[spaces[i].group or ""] += t.level[i] * (spaces[i].building_cost // 2)
    for g, value in sorted(by_group.items(), key=lambda kv: (kv[1], kv[0])):
        if value <= short:
            return A.SellAllSculptures(g)
    for i in sorted(built, key=lambda i: (-t.level[i], -spaces[i].building_cost, i)):
        if sell_problem(t, me, i) is None:
            return A.SellSculpture(i)
    return A.SellAllSculptures(spaces[built[0]].group or "")


# ---- the checks -----------------------------------------------------------------------

GAMES = [
    # (board, auction, strategies, game seed)
    ("alfred", False, ("builder", "builder", "builder", "builder"), 1),
    ("alfred", True, ("builder", "reserve", "builder", "buy_all"), 2),
    ("classic", False, ("builder", "random", "reserve"), 3),
    ("alfred", False, ("reserve", "builder", "builder", "random"), 4),
]


class Checked:
    """Wraps a bot: before each decision, the plain derivation; after, the same answer."""

    def __init__(self, bot: Bot, seen: Counter[str]) -> None:
        self.bot = bot
        self.seen = seen

    def decide(self, t: Table) -> Action:
        me = t.actor
        expected: Action | None = None
        if t.phase == "turn":
            expected = plain_on_turn(self.bot, t, me, set(self.bot._tried))
        elif t.phase == "debt":
            expected = plain_raise_money(t, me)
        action = self.bot.decide(t)
        if expected is not None:
            assert action == expected, (t.phase, t.turn, me)
            self.seen[type(action).__name__] += 1
        return action


@pytest.mark.parametrize(("board", "auction", "strategies", "seed"), GAMES)
def test_bot_decisions_equal_the_plain_derivations(
    board: str, auction: bool, strategies: tuple[str, ...], seed: int
) -> None:
    spec = AlfredopolySpec(board, max_rounds=150, auction=auction)
    seen: Counter[str] = Counter()
    for g in range(6):
        bots = [
            Checked(make_bot(n, seed=100 * seed + 10 * g + k), seen) if n != "random" else
            make_bot(n, seed=k)
            for k, n in enumerate(strategies)
        ]  # fmt: skip
        play_game(spec, bots, 1000 * seed + g)  # type: ignore[arg-type]
    # the decisions worth checking happened
    for kind in ("RollDice", "EndTurn", "BuildSculpture", "LiftMortgage", "Mortgage",
                 "PayDebt", "ProposeTrade"):  # fmt: skip
        assert seen[kind] > 0, (kind, seen)


@pytest.mark.parametrize(("board", "auction", "strategies", "seed"), GAMES)
def test_holdings_kept_across_steps_equal_the_plain_derivation(
    board: str, auction: bool, strategies: tuple[str, ...], seed: int
) -> None:
    spec = AlfredopolySpec(board, max_rounds=150, auction=auction)
    changes: Counter[str] = Counter()
    for g in range(4):
        bots = [make_bot(n, seed=100 * seed + 10 * g + k) for k, n in enumerate(strategies)]
        kept: dict[int, Holdings] = {}
        last = {"owner": None, "mortgaged": None}

        def check(t: Table, kept: dict[int, Holdings] = kept, last: dict[str, Any] = last) -> None:
            changes["owner"] += last["owner"] not in (None, t.owner)
            changes["mortgaged"] += last["mortgaged"] not in (None, t.mortgaged)
            last["owner"], last["mortgaged"] = list(t.owner), list(t.mortgaged)
            for seat in range(len(t.players)):
                h = kept.setdefault(seat, Holdings(t, seat))
                if not h.is_current():
                    h.refresh()
                assert cached_holdings(h) == plain_holdings(t, seat), (t.turn, seat)
                changes["whole"] += bool(h.whole)

        play_game(spec, bots, 1000 * seed + g, on_step=check)
    assert changes["owner"] > 20 and changes["mortgaged"] > 5 and changes["whole"] > 0, changes


def test_a_bot_keeps_apart_tables_and_seats() -> None:
    # one bot asked about two tables and two seats in turn gets each one's answers
    spec = AlfredopolySpec()
    bot = make_bot("builder", seed=1)
    tables = [Table(spec, new_game(spec, 3, seed=s), log=False) for s in (1, 2)]
    tables[0].owner[1] = tables[0].owner[3] = 0
    tables[0].owner_version += 1
    tables[1].owner[6] = tables[1].owner[8] = tables[1].owner[9] = 1
    tables[1].owner_version += 1
    for _ in range(2):
        assert bot.groups(tables[0], 0) == ([(1, 3)], [])
        assert bot.groups(tables[1], 1) == ([(6, 8, 9)], [])
        assert bot.groups(tables[1], 0) == ([], [])
        assert bot.mine(tables[0], 0) == [1, 3] and bot.mine(tables[0], 1) == []
    tables[0].mortgaged[3] = True
    tables[0].mortgage_version += 1
    assert bot.my_mortgages(tables[0], 0) == [3]
    assert bot.holdings(tables[0], 0).buildable == []


def test_builder_builds_the_lowest_building_among_groups_of_the_same_price() -> None:
    # brown (1, 3) and light blue (6, 8, 9) both cost $50 a sculpture: with brown at one
    # sculpture each and light blue bare, the next sculpture goes to light blue (6), the
    # lowest level first, then the first on the board; with $40 nothing is built
    s = own(own(game(2), 0, 1, 3, level=1), 0, 6, 8, 9)
    t = Table(SPEC, player(s, 0, cash=500), log=False)
    bot = make_bot("builder", seed=0)
    assert bot.next_build(t, 0) == A.BuildSculpture(6)
    t.level[6] = t.level[8] = t.level[9] = 2
    assert bot.next_build(t, 0) == A.BuildSculpture(1)
    t.players[0].cash = 40
    assert bot.next_build(t, 0) is None
    # a mortgage in a group stops building there (and is seen at once)
    t.players[0].cash = 500
    t.mortgaged[3] = True
    t.mortgage_version += 1
    assert bot.next_build(t, 0) == A.BuildSculpture(6)
