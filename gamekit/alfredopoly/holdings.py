"""What one player holds on a working table, for bots that decide many times a turn.

A bot asks the same questions at almost every decision: which properties are mine,
which colour groups do I own whole, which one street am I missing, which of my
properties are mortgaged, and could I afford to lift a mortgage or build at all?
The answers change only when ownership or a mortgage changes, and the
:class:`~gamekit.alfredopoly.engine.Table` counts those changes (``owner_version``,
``mortgage_version``). :class:`Holdings` works the answers out once per change, so a
decision that has nothing to do (the usual case) costs a few comparisons.

Levels (sculptures) are not part of the key: they change at every build, so the
answers below never depend on them, and a bot reads them from the table.

>>> from gamekit.alfredopoly.engine import Table
>>> from gamekit.alfredopoly.rules import new_game, AlfredopolySpec
>>> spec = AlfredopolySpec()
>>> t = Table(spec, new_game(spec, 2, seed=1), log=False)
>>> for i in (1, 3, 5):  # the two brown streets and a railroad
...     t.owner[i] = 0
>>> t.owner_version += 1
>>> h = Holdings(t, 0)
>>> h.mine, h.whole, h.cheapest_build
([1, 3, 5], [(1, 3)], 50)
>>> t.mortgaged[5] = True
>>> t.mortgage_version += 1
>>> h.is_current()
False
>>> h.refresh()
>>> h.mortgages, h.cheapest_lift
([5], 110)
"""

from __future__ import annotations

from itertools import compress
from operator import itemgetter

from gamekit.alfredopoly.engine import Table
from gamekit.alfredopoly.spec import AlfredopolySpec

NOTHING = 1 << 62
"""A cost no player can pay: "nothing to do at any cash"."""


class Holdings:
    """Player ``seat``'s holdings on table ``t``; :meth:`refresh` brings them up to date.

    ``mine``: my properties in board order. ``whole``: the colour groups I own
    whole, ``almost``: those I miss exactly one street of (board order of groups).
    ``in_whole``: the streets of my whole groups. ``mortgages``: my mortgaged
    properties in board order, ``lift_costs``: lifting each (mortgage + interest),
    ``cheapest_lift``: the least of them. ``buildable``: my whole groups without a
    mortgage, as ``(sculpture price, group)``, cheapest first (then board order);
    ``cheapest_build``: the least sculpture price among them. A cheapest cost is
    :data:`NOTHING` when there is nothing of the kind. ``missing``: for each group in
    ``almost``, ``(street I miss, group, twice its price + $10)`` (what the ``builder``
    bot offers for it), ``cheapest_offer``: the least of those offers.
    """

    __slots__ = (
        "almost", "buildable", "by_cost", "cheapest_build", "cheapest_lift", "cheapest_offer",
        "counts", "facts", "in_whole",
        "lift_costs", "mine", "missing", "mortgage_flags", "mortgage_version", "mortgages",
        "owner_version",
        "seat", "table", "whole",
    )  # fmt: skip

    whole: list[tuple[int, ...]]
    almost: list[tuple[int, ...]]
    missing: list[tuple[int, tuple[int, ...], int]]
    cheapest_offer: int
    in_whole: frozenset[int]
    mortgages: list[int]
    mortgage_flags: list[bool]
    lift_costs: list[int]
    cheapest_lift: int
    buildable: list[tuple[int, tuple[int, ...]]]
    by_cost: list[tuple[int, tuple[int, ...]]]
    counts: list[int]
    cheapest_build: int

    def __init__(self, t: Table, seat: int) -> None:
        self.table = t
        self.seat = seat
        self.facts = facts(t.spec)
        self.owner_version = t.owner_version
        self.mortgage_version = t.mortgage_version
        self.mine = self._my_properties()
        self._set_groups()
        self.mortgage_flags = list(map(t.mortgaged.__getitem__, self.mine))
        self._set_mortgages(list(compress(self.mine, self.mortgage_flags)))

    def is_current(self) -> bool:
        """Whether nothing was bought, traded, mortgaged or lifted since the last refresh."""
        t = self.table
        return self.owner_version == t.owner_version and self.mortgage_version == t.mortgage_version

    def refresh(self) -> None:
        """Bring the answers up to date: look at ownership again if it changed (the
        groups only if *my* properties changed), then at my mortgages if they may have.

        The tests are written with ``map`` and ``count`` (loops that run in C): a
        refresh happens for every bot after every purchase, trade, mortgage and lift."""
        t = self.table
        mine_changed = groups_changed = False
        if self.owner_version != t.owner_version:
            self.owner_version = t.owner_version
            owner = t.owner
            seat = self.seat
            n = len(self.mine)
            # still mine: as many properties as before, and every one of them
            if owner.count(seat) != n or list(map(owner.__getitem__, self.mine)).count(seat) != n:
                groups_changed = self._set_mine(self._my_properties())
                mine_changed = True
        if mine_changed or self.mortgage_version != t.mortgage_version:
            self.mortgage_version = t.mortgage_version
            flags = list(map(t.mortgaged.__getitem__, self.mine))
            if mine_changed or flags != self.mortgage_flags:
                self.mortgage_flags = flags
                mortgages = list(compress(self.mine, flags))
                # a new unmortgaged property that changes no group changes nothing below
                if groups_changed or mortgages != self.mortgages:
                    self._set_mortgages(mortgages)

    def _set_mine(self, mine: list[int]) -> bool:
        """Take ``mine`` as my properties; whether my whole or almost whole groups
        changed. The usual change, one more property, is counted into its group
        (speed: the groups are worked out again only when that group becomes whole or
        almost whole)."""
        old = self.mine
        self.mine = mine
        if len(mine) == len(old) + 1:
            gained = set(mine).difference(old)
            if len(gained) == 1:  # nothing lost
                k = self.facts.group_of[gained.pop()]
                if k < 0:
                    return False
                self.counts[k] += 1
                if self.counts[k] < len(self.facts.groups[k]) - 1:
                    return False
        self._set_groups()
        return True

    def _my_properties(self) -> list[int]:
        """The spaces I own, in board order."""
        seat = self.seat
        # speed: a comprehension's == on ints beats compress with map(seat.__eq__, ...)
        return [i for i, o in enumerate(self.table.owner) if o == seat]

    def _set_groups(self) -> None:
        """My whole and almost whole colour groups, from ``mine`` (list comprehensions
        and set operations: they run faster than the same loops written out)."""
        f = self.facts
        self.counts = counts = [0] * len(f.groups)
        group_of = f.group_of
        for i in self.mine:
            k = group_of[i]
            if k >= 0:
                counts[k] += 1
        groups = f.groups
        self.whole = [g for g, c in zip(groups, counts, strict=True) if c == len(g)]
        self.almost = [g for g, c in zip(groups, counts, strict=True) if c and c == len(g) - 1]
        if self.almost:
            mine = set(self.mine)
            price = f.price
            # an almost whole group has exactly one street that is not mine
            self.missing = [
                (j, g, 2 * price[j] + 10) for g in self.almost for j in g if j not in mine
            ]
            self.cheapest_offer = min([offer for _, _, offer in self.missing])
        else:
            self.missing = []
            self.cheapest_offer = NOTHING
        self.in_whole = frozenset().union(*self.whole)
        cost = f.building_cost
        # sorted is stable: board order within a price
        self.by_cost = sorted([(cost[g[0]], g) for g in self.whole], key=itemgetter(0))

    def _set_mortgages(self, mortgages: list[int]) -> None:
        """The answers that depend on my mortgages (and my groups)."""
        self.mortgages = mortgages
        self.lift_costs = list(map(self.facts.lift_cost.__getitem__, mortgages))
        self.cheapest_lift = min(self.lift_costs) if mortgages else NOTHING
        if mortgages:
            # by_cost is sorted already: leaving some groups out keeps the order
            mortgaged = set(mortgages)
            self.buildable = [option for option in self.by_cost if mortgaged.isdisjoint(option[1])]
        else:
            self.buildable = self.by_cost
        self.cheapest_build = self.buildable[0][0] if self.buildable else NOTHING

    def raisable(self) -> int:
        """Cash I could raise by selling every sculpture and mortgaging everything: the
        rule :meth:`Table.raisable`, over my properties only."""
        t = self.table
        f = self.facts
        level = t.level
        mortgaged = t.mortgaged
        total = 0
        sale_price = f.sale_price
        mortgage = f.mortgage
        for i in self.mine:
            total += level[i] * sale_price[i]
            if not mortgaged[i]:
                total += mortgage[i]
        return total

    def mortgageable(self) -> list[int]:
        """My properties that rule 12 lets me mortgage now (unmortgaged, and no
        sculptures anywhere in their group), in board order."""
        t = self.table
        mortgaged = t.mortgaged
        level = t.level
        if not any(level):  # speed: no sculptures anywhere, no group to look at
            return [i for i in self.mine if not mortgaged[i]]
        group = t.lay.group
        # speed: the spaces with sculptures once, then a set test per property (in C)
        built = set(compress(range(len(level)), level))
        return [i for i in self.mine if not mortgaged[i] and built.isdisjoint(group[i])]


class Facts:
    """What never changes in a game, by space: looked up once per spec.

    ``props``: the properties in board order; ``groups``: the colour groups (streets);
    ``group_of[i]``: the number of space ``i``'s colour group in ``groups`` (-1: not a
    street); ``price``, ``lift_cost``, ``mortgage``, ``building_cost``, ``sale_price``
    (half a sculpture's price) by space.
    """

    __slots__ = (
        "building_cost", "group_of", "groups", "lift_cost", "mortgage", "price", "props",
        "sale_price", "spec",
    )  # fmt: skip

    def __init__(self, spec: AlfredopolySpec) -> None:
        self.spec = spec
        spaces = spec.board.spaces
        self.props = [s.index for s in spaces if s.is_property]
        self.groups = [
            tuple(g) for g in spec.board.groups.values() if spaces[g[0]].kind == "street"
        ]
        self.group_of = [-1] * len(spaces)
        for k, g in enumerate(self.groups):
            for j in g:
                self.group_of[j] = k
        self.lift_cost = [spec.lift_cost(s.index) if s.is_property else 0 for s in spaces]
        self.mortgage = [s.mortgage for s in spaces]
        self.price = [s.price for s in spaces]
        self.building_cost = [s.building_cost for s in spaces]
        self.sale_price = [s.building_cost // 2 for s in spaces]


_FACTS: dict[int, Facts] = {}


def facts(spec: AlfredopolySpec) -> Facts:
    """The :class:`Facts` of ``spec`` (cached by identity; specs are not changed)."""
    hit = _FACTS.get(id(spec))
    if hit is None or hit.spec is not spec:
        if len(_FACTS) > 64:
            _FACTS.clear()
        hit = _FACTS[id(spec)] = Facts(spec)
    return hit


__all__ = ["NOTHING", "Facts", "Holdings", "facts"]
