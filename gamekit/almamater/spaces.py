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
from typing import Any

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
    w.ducats(seat, -price, "the Antiquarian")
    if offer.books:
        w.books(seat, w.spec.colour_index(a.colour), offer.books, "the Antiquarian")
    w.dictionaries(seat, offer.dictionaries, "the Antiquarian")


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


def paid_steps_possible(spec: AlmaMaterSpec, s: GameState, p: PlayerState) -> int:
    """How many paid steps ``p`` can afford after the free ones (milestone rewards not counted).

    Every step, free or paid, needs the requirement of the field it enters.
    """
    board = spec.components.board
    costs = _track_costs(spec, s)
    free = free_steps_possible(spec, s, p)
    if free < free_research_steps(spec, p) and p.research + free < len(costs):
        return 0  # a requirement stopped the free steps; the paid ones cannot pass it either
    pos = p.research + free
    ducats, textbooks, dicts, prestige = p.ducats, p.textbooks, p.dictionaries, p.prestige
    n = 0
    for k in range(1, board.lab_max_paid + 1):
        if pos + k > len(costs):
            break
        cost = costs[pos + k - 1]
        if not step_allowed(p, cost):
            break
        if cost.kind == "ducats":
            ducats -= cost.amount
        elif cost.kind == "textbooks":
            textbooks -= cost.amount
        elif cost.kind == "dictionaries":
            dicts -= cost.amount
        elif cost.kind == "prestige":
            prestige -= cost.amount
        if min(ducats, textbooks, dicts, prestige) < 0:
            break
        n = k
    return n


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
    w.research(seat, free_research_steps(w.spec, w.p[seat]), "free step at the Laboratory")
    if a.paid_steps:
        w.research(seat, a.paid_steps, "paid step at the Laboratory", paid=True)


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
    w.ducats(seat, -a.prestige * w.c.board.park_price, "the Park")
    w.prestige(seat, a.prestige, "the Park")


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
        f"{a.masters} master{'s' if a.masters != 1 else ''} at the Bishop",
    )
    extra = upgrade(w.spec, w.p[seat], "bishop")
    if extra:
        w.ducats(seat, extra, "students' upgrade of the Bishop")
    if w.has(seat, "bishop_bonus"):
        w.ducats(seat, w.amount("bishop_bonus"), "Erasmus at the Bishop")


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
            w.ducats(seat, -price, f"book bought from {w.name(seller)}")
            w.ducats(seller, price, f"book sold to {w.name(seat)}")
            w.prestige(seller, w.c.shelves.prestige[slot], "book sold from the sale shelf")
            if w.has(seller, "sale_bonus"):
                w.ducats(seller, w.amount("sale_bonus"), "Marschalk: book sold")
            if w.narrate:
                w.log("shelf", f"{w.name(seller)}'s book leaves the sale shelf", seller, -1)
            w.books(seat, seller, 1, "bought at the Colloquium")
        w.set(seller, shelves=(*w.p[seller].shelves[:-1], tuple(shelf)))
    if a.dictionary:
        w.ducats(seat, -w.c.board.dictionary_price, "dictionary at the Colloquium")
        w.dictionaries(seat, 1, "bought at the Colloquium")


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
        w.log(
            "bust",
            f"{w.name(seat)} takes a bust from glory tile {a.tile} and gains {ch}'s ability: "
            f"{w.c.chancellor(ch).text}",
            seat,
            1,
        )
    if ch not in p.abilities:
        w.set(seat, abilities=(*p.abilities, ch))
        if w.c.chancellor(ch).ability == "founding_bonus" and p.discarded:
            w.gain(
                seat, w.spec.founding[p.discarded].gain, f"Glareanus: discarded card {p.discarded}"
            )
    w.extra_master(seat, "glory", f"met glory tile {a.tile}")


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
