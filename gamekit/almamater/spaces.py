"""The other action spaces: Antiquarian, Laboratory, Park, Bishop, Colloquium, Hall of fame,
and the tables that tie every action type to its options and its effect.

The research model (a decision, also in ``research.toml``): the German summary names "ein
grüner Schritt auf der Forschungsleiste (Karten-Leiste)", free, and "bis zu 3 Schritte" on
"dem schwarzen Forschungsring", paid "je Aufstiegsfeld". The kit takes both on ONE track,
the 15 fields of the 5 research cards: a Laboratory visit is the free step, then up to 3
paid steps, each paying the cost printed on the field it enters. This is a faithful
simplification because the summary reads everything research does from one marker per
player on the card track (book reputation, rule 23c; milestones x professors, rule 25) and
gives the ring no length, reward or scoring of its own, only a cost per field, which the
track's fields carry; a second track would hold invented numbers only. Requirements
("drei Studenten im eigenen Hörsaal") are conditions, not payments: no step, free or paid,
enters a field whose requirement the player does not meet (rule 8).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from gamekit.almamater import phrases as ph
from gamekit.almamater.actions import (
    Antiquarian,
    Bishop,
    BuyTextbooks,
    Colloquium,
    GiveLecture,
    HallOfFame,
    HireProfessor,
    HireStudent,
    Park,
    Research,
)
from gamekit.almamater.moves import Work, sale_prices, step_allowed
from gamekit.almamater.placements import (
    ability_amount,
    academy_options,
    campus_options,
    do_academy,
    do_campus,
    do_lecture,
    do_starting_student,
    has,
    lecture_options,
    mk,
    starting_student_options,
    upgrade,
    ways_to_use,
)
from gamekit.almamater.records import STEPS_PER_CARD, GloryTile, StepCost
from gamekit.almamater.spec import AlmaMaterSpec
from gamekit.almamater.state import GameState, PlayerState
from gamekit.core.actions import Action
from gamekit.core.events import Words


# -- antiquarian ----------------------------------------------------------------------
def antiquarian_options(spec: AlmaMaterSpec, s: GameState, p: PlayerState) -> list[Action]:
    ways = ways_to_use(spec, s, p, "antiquarian")
    out: list[Action] = []
    if not ways:
        return out
    discount = upgrade(spec, p, "antiquarian")
    offers = tuple(
        i
        for i, offer in enumerate(spec.components.board.antiquarian)
        if p.ducats >= max(0, offer.ducats - discount) and s.dictionaries >= offer.dictionaries
    )
    key = ("antiquarian", tuple(ways), offers)
    cached: list[Action] | None = spec.cache.get(key)
    if cached is None:
        for i in offers:
            colours = spec.colours if spec.components.board.antiquarian[i].books else ("none",)
            for masters, pereira in ways:
                for colour in colours:
                    out.append(mk(Antiquarian, masters, i + 1, colour, pereira))
        cached = spec.cache[key] = out
    return cached


def do_antiquarian(w: Work, seat: int, a: Antiquarian) -> None:
    offer = w.c.board.antiquarian[a.offer - 1]
    price = max(0, offer.ducats - upgrade(w.spec, w.p[seat], "antiquarian"))
    w.ducats(seat, -price, _ANTIQUARIAN)
    if offer.books:
        w.books(seat, w.spec.colour_index(a.colour), offer.books, _ANTIQUARIAN)
    w.dictionaries(seat, offer.dictionaries, _ANTIQUARIAN)


# -- laboratory -------------------------------------------------------------------------
def free_research_steps(spec: AlmaMaterSpec, p: PlayerState) -> int:
    """Free steps at the Laboratory: 1, plus students' upgrades, plus Da Vinci."""
    steps = spec.components.board.lab_free_steps + upgrade(spec, p, "laboratory")
    if has(spec, p, "research_bonus"):
        steps += ability_amount(spec, "research_bonus")
    return steps


def _track_costs(spec: AlmaMaterSpec, s: GameState) -> list[StepCost]:
    key = ("track", s.research_track)
    costs: list[StepCost] | None = spec.cache.get(key)
    if costs is None:
        costs = spec.cache[key] = [
            step for card in s.research_track for step in spec.research[card].steps
        ]
    return costs


def free_steps_possible(spec: AlmaMaterSpec, s: GameState, p: PlayerState) -> int:
    """How many of the Laboratory's free steps ``p`` can take: a free step waives the
    payment, never a requirement, so the marker stops before a field ``p`` does not meet."""
    costs = _track_costs(spec, s)
    n = 0
    for k in range(free_research_steps(spec, p)):
        pos = p.research + k
        if pos >= len(costs) or not step_allowed(p, costs[pos]):
            break
        n = k + 1
    return n


@dataclass(frozen=True)
class LabVisit:
    """A Laboratory visit walked step by step (:func:`laboratory_visit`).

    ``paid``: the paid steps that can be taken (at most the number asked for); ``stop``: why
    the next one asked for cannot (``None`` if all can): ``"blocked"`` (a requirement
    stopped the free steps, so no paid step passes it either), ``"end"`` (the track
    ends), ``"requirement"`` or ``"payment"``; ``position``: the field (1-based) that step
    would enter, ``cost`` its printed cost. ``first``: the field of the first paid step.
    ``held``, ``gained`` and ``spent``: per payment kind, what the player holds before the
    visit, gains from milestones on the way, and pays for the paid steps (up to and
    including the stopped one), in the order the kinds come up.
    """

    paid: int
    stop: str | None = None
    position: int = 0
    cost: StepCost | None = None
    first: int = 0
    held: dict[str, int] = field(default_factory=dict)
    gained: dict[str, int] = field(default_factory=dict)
    spent: dict[str, int] = field(default_factory=dict)


def laboratory_visit(spec: AlmaMaterSpec, s: GameState, p: PlayerState, paid: int) -> LabVisit:
    """Walk a visit of ``p`` to the Laboratory with ``paid`` paid steps as the engine takes it
    (:meth:`~gamekit.almamater.moves.Work.research`): the free steps, then the paid steps one
    by one. Each step needs the requirement of the field it enters (rule 8); a paid step pays
    its cost from what ``p`` holds at that moment, and a milestone's reward is gained when the
    marker reaches it (rule 17), so it pays for the later steps of the same visit; its
    research steps are free steps taken at once. The legal actions and the reasons of
    :func:`~gamekit.almamater.checks.laboratory_problem` both come from here.

    >>> from gamekit.almamater.rules import new_game
    >>> from gamekit.almamater.spec import make_spec
    >>> spec = make_spec(2); s = new_game(spec, seed=11)
    >>> s.research_track[0], [str(c) for c in _track_costs(spec, s)[:4]]
    ('A1', ['pay 1 ducat', 'pay 1 own textbook', 'pay 2 ducats', 'pay 2 ducats'])
    >>> visit = laboratory_visit(spec, s, PlayerState(0, "red", storage=(0, 0), research=2), 1)
    >>> visit.paid, visit.stop, visit.gained  # milestone A's 2 ducats pay for step 4
    (1, None, {'ducats': 2})
    """
    costs = _track_costs(spec, s)
    end = len(costs)
    hold = {
        "ducats": p.ducats,
        "textbooks": p.textbooks,
        "dictionaries": p.dictionaries,
        "prestige": p.prestige,
    }
    held = dict(hold)
    gained: dict[str, int] = {}
    spent: dict[str, int] = {}
    supply = s.dictionaries
    pos = p.research

    def reach_milestone() -> None:
        nonlocal supply
        if pos % STEPS_PER_CARD:
            return
        gain = spec.research[s.research_track[(pos - 1) // STEPS_PER_CARD]].milestone
        dictionaries = min(gain.dictionaries, supply)  # the supply may run out (moves.py)
        supply -= dictionaries
        for kind, n in (
            ("ducats", gain.ducats),
            ("textbooks", gain.textbooks),
            ("dictionaries", dictionaries),
            ("prestige", gain.prestige),
        ):
            if n:
                hold[kind] += n
                gained[kind] = gained.get(kind, 0) + n
        if gain.research:
            free_steps(gain.research)

    def free_steps(steps: int) -> bool:
        """Move up to ``steps`` free steps; False if a requirement stopped them."""
        nonlocal pos
        for _ in range(steps):
            if pos >= end:
                return True
            if not step_allowed(p, costs[pos]):
                return False
            pos += 1
            reach_milestone()
        return True

    def visit(taken: int, stop: str | None = None, cost: StepCost | None = None) -> LabVisit:
        return LabVisit(taken, stop, pos + 1, cost, first, held, gained, spent)

    first = 0
    blocked = not free_steps(free_research_steps(spec, p))
    first = pos + 1
    if blocked:
        return visit(0, "blocked" if paid else None, costs[pos] if paid else None)
    for k in range(paid):
        if pos >= end:
            return visit(k, "end")
        cost = costs[pos]
        if not step_allowed(p, cost):
            return visit(k, "requirement", cost)
        if cost.kind in hold:
            hold[cost.kind] -= cost.amount
            spent[cost.kind] = spent.get(cost.kind, 0) + cost.amount
            if hold[cost.kind] < 0:
                return visit(k, "payment", cost)
        pos += 1
        reach_milestone()
    return visit(paid)


def paid_steps_possible(spec: AlmaMaterSpec, s: GameState, p: PlayerState) -> int:
    """How many paid steps ``p`` can take after the free ones, milestone rewards gained on
    the way included (:func:`laboratory_visit`).

    Every step, free or paid, needs the requirement of the field it enters.
    """
    return laboratory_visit(spec, s, p, spec.components.board.lab_max_paid).paid


def laboratory_options(spec: AlmaMaterSpec, s: GameState, p: PlayerState) -> list[Action]:
    if p.research >= len(s.research_track) * STEPS_PER_CARD:
        return []
    ways = ways_to_use(spec, s, p, "laboratory")
    if not ways:
        return []
    top = paid_steps_possible(spec, s, p)
    if top == 0 and free_steps_possible(spec, s, p) == 0:
        return []  # no step at all: the next field's requirement is not met
    return [mk(Research, m, k, pereira) for m, pereira in ways for k in range(top + 1)]


def do_laboratory(w: Work, seat: int, a: Research) -> None:
    w.research(seat, free_research_steps(w.spec, w.p[seat]), _LAB_FREE)
    if a.paid_steps:
        w.research(seat, a.paid_steps, _LAB_PAID, paid=True)


# -- park, bishop -------------------------------------------------------------------------
def park_options(spec: AlmaMaterSpec, s: GameState, p: PlayerState) -> list[Action]:
    board = spec.components.board
    ways = ways_to_use(spec, s, p, "park")
    top = min(board.park_max, p.ducats // board.park_price)
    key = ("park", tuple(ways), top)
    out: list[Action] | None = spec.cache.get(key)
    if out is None:
        out = spec.cache[key] = [
            mk(Park, m, k, pereira) for m, pereira in ways for k in range(1, top + 1)
        ]
    return out


def do_park(w: Work, seat: int, a: Park) -> None:
    w.ducats(seat, -a.prestige * w.c.board.park_price, _PARK)
    w.prestige(seat, a.prestige, _PARK)


def bishop_options(spec: AlmaMaterSpec, s: GameState, p: PlayerState) -> list[Action]:
    key = ("bishop", p.free_masters)
    out: list[Action] | None = spec.cache.get(key)
    if out is None:
        out = spec.cache[key] = [mk(Bishop, m) for m in range(1, p.free_masters + 1)]
    return out


def bishop_payout(spec: AlmaMaterSpec, masters: int) -> int:
    table = spec.components.board.bishop_payout
    return table[min(masters, len(table)) - 1]


def do_bishop(w: Work, seat: int, a: Bishop) -> None:
    w.g["bishop"] = (*w.g["bishop"], (seat, a.masters))
    w.ducats(
        seat,
        bishop_payout(w.spec, a.masters),
        Words("why.bishop", n=a.masters) if w.narrate else "",
    )
    extra = upgrade(w.spec, w.p[seat], "bishop")
    if extra:
        w.ducats(seat, extra, _BISHOP_UPGRADE)
    if w.has(seat, "bishop_bonus"):
        w.ducats(seat, w.amount("bishop_bonus"), _ERASMUS)


# -- colloquium ------------------------------------------------------------------------------
def colloquium_options(spec: AlmaMaterSpec, s: GameState, p: PlayerState) -> list[Action]:
    board = spec.components.board
    out: list[Action] = []
    free = p.free_masters
    can_dict = board.max_dictionaries > 0 and s.dictionaries > 0
    for other in s.players:
        if other.seat == p.seat:
            continue
        shelf = other.shelves[-1]
        prices = sale_prices(spec, shelf, len(shelf))
        cost = 0
        for k, price in enumerate(prices, start=1):
            cost += price
            if k > free or cost > p.ducats:
                break
            out.append(mk(Colloquium, k, other.colour, k, False))
            if can_dict and k + 1 <= free and cost + board.dictionary_price <= p.ducats:
                out.append(mk(Colloquium, k + 1, other.colour, k, True))
    if can_dict and p.ducats >= board.dictionary_price:
        out.append(mk(Colloquium, 1, "none", 0, True))
    return out


def do_colloquium(w: Work, seat: int, a: Colloquium) -> None:
    if a.books:
        seller = w.spec.colour_index(a.seller)
        shelf = list(w.p[seller].shelves[-1])
        for _ in range(a.books):
            slot = max(i for i, full in enumerate(shelf) if full)
            shelf[slot] = False
            price = w.c.shelves.prices[slot]
            narrate = w.narrate
            bought = Words("why.bought_from", player=w.who(seller)) if narrate else ""
            w.ducats(seat, -price, bought)
            w.ducats(seller, price, Words("why.sold_to", player=w.who(seat)) if narrate else "")
            w.prestige(seller, w.c.shelves.prestige[slot], _SOLD_FROM_SHELF)
            if w.has(seller, "sale_bonus"):
                w.ducats(seller, w.amount("sale_bonus"), _MARSCHALK)
            if narrate:
                w.log("shelf", Words("shelf.sold", player=w.who(seller)), seller, -1)
            w.books(seat, seller, 1, _COLLOQUIUM_BUY)
        w.set(seller, shelves=(*w.p[seller].shelves[:-1], tuple(shelf)))
    if a.dictionary:
        w.ducats(seat, -w.c.board.dictionary_price, _COLLOQUIUM_DICTIONARY)
        w.dictionaries(seat, 1, _COLLOQUIUM_BUY)


# -- hall of fame ------------------------------------------------------------------------------
def requirement_value(spec: AlmaMaterSpec, p: PlayerState, kind: str) -> int:
    """A player's current count for a glory-tile requirement kind."""
    if kind == "students":
        return p.students
    if kind == "row_a":
        return len(p.row_a)
    if kind == "row_b":
        return len(p.row_b)
    if kind == "professors":
        return len(p.professors)
    if kind == "research":
        return p.research
    if kind == "milestones":
        return p.research // STEPS_PER_CARD
    if kind == "ducats":
        return p.ducats
    if kind == "dictionaries":
        return p.dictionaries
    if kind == "prestige":
        return p.prestige
    if kind == "faculties":
        return len({spec.components.student(n).faculty for n in (*p.row_a, *p.row_b)})
    raise ValueError(f"unknown requirement {kind!r}")


def meets(spec: AlmaMaterSpec, p: PlayerState, tile: GloryTile) -> bool:
    """Whether ``p`` meets every requirement of ``tile`` now."""
    return all(requirement_value(spec, p, kind) >= n for kind, n in tile.requirements)


def hall_options(spec: AlmaMaterSpec, s: GameState, p: PlayerState) -> list[Action]:
    out: list[Action] = []
    per_player = spec.components.busts_per_player
    open_tiles = [
        tile
        for i, tile in enumerate(s.glory)
        if s.busts_left[i] and p.busts.count(tile) < per_player
    ]
    if not open_tiles:
        return out
    tiles = [tile for tile in open_tiles if meets(spec, p, spec.glory[tile])]
    if not tiles:
        return out
    ways = ways_to_use(spec, s, p, "hall_of_fame")
    for tile in tiles:
        out.extend(mk(HallOfFame, m, tile, pereira) for m, pereira in ways)
    return out


def do_hall(w: Work, seat: int, a: HallOfFame) -> None:
    i = w.g["glory"].index(a.tile)
    left = list(w.g["busts_left"])
    left[i] -= 1
    w.g["busts_left"] = tuple(left)
    ch = w.g["bust_chancellors"][i]
    p = w.p[seat]
    w.set(seat, busts=(*p.busts, a.tile))
    if w.narrate:
        ability = ph.ability(w.spec, ch)[1]
        said = Words("bust", player=w.who(seat), tile=a.tile, chancellor=ch, text=ability)
        w.log("bust", said, seat, 1)
    if ch not in p.abilities:
        w.set(seat, abilities=(*p.abilities, ch))
        if w.c.chancellor(ch).ability == "founding_bonus" and p.discarded:
            w.gain(
                seat,
                w.spec.founding[p.discarded].gain,
                Words("why.glareanus", card=p.discarded) if w.narrate else "",
            )
    w.extra_master(seat, "glory", Words("why.glory_met", tile=a.tile) if w.narrate else "")


# the reasons of the log that have no fields (made once: narrate=False costs nothing)
_ANTIQUARIAN = Words("why.antiquarian")
_LAB_FREE = Words("why.lab_free")
_LAB_PAID = Words("why.lab_paid")
_PARK = Words("why.park")
_BISHOP_UPGRADE = Words("why.bishop_upgrade")
_ERASMUS = Words("why.erasmus")
_SOLD_FROM_SHELF = Words("why.sold_from_shelf")
_MARSCHALK = Words("why.marschalk")
_COLLOQUIUM_BUY = Words("why.colloquium_buy")
_COLLOQUIUM_DICTIONARY = Words("why.colloquium_dictionary")


OPTIONS_OF: dict[type[Action], Callable[[AlmaMaterSpec, GameState, PlayerState], list[Action]]] = {
    GiveLecture: lecture_options,
    HireStudent: campus_options,
    BuyTextbooks: starting_student_options,
    HireProfessor: academy_options,
    Antiquarian: antiquarian_options,
    Research: laboratory_options,
    Park: park_options,
    HallOfFame: hall_options,
    Bishop: bishop_options,
    Colloquium: colloquium_options,
}
"""The options of each action-phase type; the phase table (gamekit.almamater.phases) fixes
the order in which legal_actions lists them."""
DOERS: dict[type[Action], Callable[[Work, int, Any], None]] = {
    GiveLecture: do_lecture,
    HireStudent: do_campus,
    BuyTextbooks: do_starting_student,
    HireProfessor: do_academy,
    Antiquarian: do_antiquarian,
    Research: do_laboratory,
    Park: do_park,
    Bishop: do_bishop,
    Colloquium: do_colloquium,
    HallOfFame: do_hall,
}
SPACE_OF: dict[type[Action], Callable[[Any], str | None]] = {
    GiveLecture: lambda a: None,
    HireStudent: lambda a: f"campus_{a.row}",
    BuyTextbooks: lambda a: "starting_student",
    HireProfessor: lambda a: None,  # set from the professor's faculty
    Antiquarian: lambda a: "antiquarian",
    Research: lambda a: "laboratory",
    Park: lambda a: "park",
    Bishop: lambda a: "bishop",
    Colloquium: lambda a: "colloquium",
    HallOfFame: lambda a: "hall_of_fame",
}
