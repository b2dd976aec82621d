"""The action phase: what each action space allows now, and what it does.

For each space, ``*_options`` lists the legal actions in a fixed order and ``do_*``
carries one out on a :class:`~gamekit.almamater.moves.Work` copy. The placement rule
(an occupied space needs one master more than its last user placed; Bishop and
Colloquium exempt) lives in :func:`masters_needed`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any, TypeVar

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
from gamekit.almamater.components import GloryTile, StepCost
from gamekit.almamater.moves import Work, sale_prices
from gamekit.almamater.spec import AlmaMaterSpec
from gamekit.almamater.state import GameState, PlayerState
from gamekit.core.actions import Action

A = TypeVar("A", bound=Action)
_CACHE: dict[Any, dict[tuple[Any, ...], Action]] = {}


def mk(cls: Callable[..., A], *args: Any) -> A:
    """Interned action values: legal-action lists are rebuilt often, actions rarely differ."""
    cache = _CACHE.get(cls)
    if cache is None:
        cache = _CACHE[cls] = {}
    found = cache.get(args)
    if found is None:
        found = cache[args] = cls(*args)
    return found  # type: ignore[return-value]


def has(spec: AlmaMaterSpec, p: PlayerState, ability: str) -> bool:
    return spec.ability_of[ability] in p.abilities


def ability_amount(spec: AlmaMaterSpec, ability: str) -> int:
    return spec.components.chancellor(spec.ability_of[ability]).amount


def masters_needed(spec: AlmaMaterSpec, p: PlayerState, last: int) -> int:
    """Masters a space needs now: 1 if free, else its last user's count + 1 (Agricola: - 1).

    >>> from gamekit.almamater.spec import make_spec
    >>> masters_needed(make_spec(2), PlayerState(0, "red"), 2)
    3
    """
    if last == 0:
        return 1
    if has(spec, p, "fewer_masters"):
        return max(1, last + 1 - ability_amount(spec, "fewer_masters"))
    return last + 1


_ONE_MASTER: list[tuple[int, bool]] = [(1, False)]


def _ways(spec: AlmaMaterSpec, s: GameState, p: PlayerState, space: str) -> list[tuple[int, bool]]:
    """(masters, via Pereira) ways to use a space that escalates."""
    last = s.spaces[spec.space_idx[space]]
    free = p.masters - p.placed
    if last == 0:
        return _ONE_MASTER if free >= 1 else []
    need = masters_needed(spec, p, last)
    ways = []
    if free >= need:
        ways.append((need, False))
    if not p.pereira_used and free >= 1 and has(spec, p, "use_as_another"):
        ways.append((1, True))
    return ways


def upgrade(spec: AlmaMaterSpec, p: PlayerState, space: str) -> int:
    """Sum of the action upgrades ``p``'s students give on ``space``."""
    key = ("upgrade", p.row_a, p.row_b, space)
    found: int | None = spec.cache.get(key)
    if found is None:
        found = 0
        for name in (*p.row_a, *p.row_b):
            kind = spec.components.student(name)
            if kind.upgrade == space:
                found += kind.amount
        if len(spec.cache) > 100_000:
            spec.cache.clear()
        spec.cache[key] = found
    return found


# -- lectures -------------------------------------------------------------------
def lecture_options(spec: AlmaMaterSpec, s: GameState, p: PlayerState) -> list[Action]:
    out: list[Action] = []
    free = has(spec, p, "free_lectures")
    for prof in p.professors:
        if prof in p.exhausted:
            continue
        if free:
            out.append(mk(GiveLecture, prof, "none"))
            continue
        for colour, n in zip(spec.colours, p.storage, strict=True):
            if n:
                out.append(mk(GiveLecture, prof, colour))
    return out


def do_lecture(w: Work, seat: int, a: GiveLecture) -> None:
    p = w.p[seat]
    if a.book != "none":
        w.pay_token(seat, a.book, 1, f"lecture by {a.professor}")
    if w.narrate:
        w.log("lecture", f"{w.name(seat)} has {a.professor} give a lecture", seat)
    if has(w.spec, p, "ready_professor") and not p.paracelsus_used:
        w.set(seat, paracelsus_used=True)
        if w.narrate:
            w.log("info", f"Paracelsus: {a.professor} is readied again at once", seat)
    else:
        w.set(seat, exhausted=(*p.exhausted, a.professor))
    w.gain(seat, w.c.professor(a.professor).lecture, f"lecture by {a.professor}")


# -- campus ---------------------------------------------------------------------
def student_price(
    spec: AlmaMaterSpec, reputation: tuple[int, ...], column: int
) -> tuple[Counter[int], int]:
    """Books by colour seat and dictionaries a student in ``column`` (1-based) costs now.

    Ranks beyond the number of players mean the lowest-ranked colour (kit default).
    """
    key = ("price", reputation, column)
    found: tuple[Counter[int], int] | None = spec.cache.get(key)
    if found is None:
        col = spec.components.board.campus_columns[column - 1]
        books: Counter[int] = Counter()
        for rank in col.ranks:
            books[reputation[min(rank, spec.players) - 1]] += 1
        found = spec.cache[key] = (books, col.dictionaries)
    return found


def _can_pay(p: PlayerState, books: Counter[int], dictionaries: int) -> bool:
    return p.dictionaries >= dictionaries and all(p.storage[c] >= n for c, n in books.items())


def campus_options(spec: AlmaMaterSpec, s: GameState, p: PlayerState) -> list[Action]:
    out: list[Action] = []
    board = spec.components.board
    halls = [
        h
        for h, n, cap in (("A", len(p.row_a), board.row_a), ("B", len(p.row_b), board.row_b))
        if n < cap
    ]
    if not halls:
        return out
    key = ("affordable", s.reputation, p.storage, p.dictionaries)
    affordable: list[int] | None = spec.cache.get(key)
    if affordable is None:
        affordable = [
            col
            for col in range(len(board.campus_columns))
            if _can_pay(p, *student_price(spec, s.reputation, col + 1))
        ]
        if len(spec.cache) > 100_000:
            spec.cache.clear()
        spec.cache[key] = affordable
    if not affordable:
        return out
    for r in range(board.campus_rows):
        ways = _ways(spec, s, p, f"campus_{r + 1}")
        if not ways:
            continue
        for col in affordable:
            if not s.campus_left[r][col]:
                continue
            for masters, pereira in ways:
                for hall in halls:
                    out.append(
                        mk(HireStudent, masters, r + 1, col + 1, s.campus[r][col], hall, pereira)
                    )
    return out


def do_campus(w: Work, seat: int, a: HireStudent) -> None:
    s_row, s_col = a.row - 1, a.column - 1
    books, dicts = student_price(w.spec, w.g["reputation"], a.column)
    for colour, n in sorted(books.items()):
        w.books(seat, colour, -n, f"hiring {a.student}")
    if dicts:
        w.dictionaries(seat, -dicts, f"hiring {a.student}")
    left = [list(r) for r in w.g["campus_left"]]
    left[s_row][s_col] -= 1
    w.g["campus_left"] = tuple(tuple(r) for r in left)
    p = w.p[seat]
    if a.hall == "A":
        w.set(seat, row_a=(*p.row_a, a.student))
        slot = f"A{len(p.row_a) + 1}"
    else:
        w.set(seat, row_b=(*p.row_b, a.student))
        slot = f"B{len(p.row_b) + 1}"
    if w.narrate:
        w.log("student", f"{w.name(seat)} hires {a.student} into lecture-hall slot {slot}", seat)
    kind = w.c.student(a.student)
    if kind.timing == "immediate":
        w.gain(seat, kind.gain, f"{a.student}'s bonus")
    if a.hall == "B" and w.has(seat, "row_b_bonus"):
        w.ducats(seat, w.amount("row_b_bonus"), "Biringuccio: student in row B")
    if slot in w.c.board.marked:
        w.extra_master(seat, "slot", f"student in marked slot {slot}")


# -- starting student -------------------------------------------------------------
def starting_student_options(spec: AlmaMaterSpec, s: GameState, p: PlayerState) -> list[Action]:
    board = spec.components.board
    need = masters_needed(spec, p, p.starting_student)
    if p.free_masters < need:
        return []
    free_slots = sum(not full for full in p.shelves[-1])
    price = board.starting_student_price
    top = min(
        board.starting_student_max, p.ducats // price if price else board.starting_student_max
    )
    key = ("starting", need, top, free_slots)
    out: list[Action] | None = spec.cache.get(key)
    if out is None:
        out = spec.cache[key] = [
            mk(BuyTextbooks, need, count, to_shelf)
            for count in range(1, top + 1)
            for to_shelf in range(min(count, free_slots) + 1)
        ]
    return out


def do_starting_student(w: Work, seat: int, a: BuyTextbooks) -> None:
    w.set(seat, starting_student=a.masters)
    w.ducats(
        seat, -a.count * w.c.board.starting_student_price, "own textbooks at the starting student"
    )
    w.books(seat, seat, a.count, "bought at the starting student")
    bonus = upgrade(w.spec, w.p[seat], "starting_student")
    if bonus:
        w.books(seat, seat, bonus, "students' upgrade of the starting student")
    if a.to_shelf:
        w.books(seat, seat, -a.to_shelf, "moved to the sale shelf")
        w.shelve(seat, a.to_shelf, "own textbooks go straight into the library")


# -- academy ------------------------------------------------------------------------
def academy_options(spec: AlmaMaterSpec, s: GameState, p: PlayerState) -> list[Action]:
    out: list[Action] = []
    ways_by_faculty: dict[str, list[tuple[int, bool]]] = {}
    storage = p.storage
    key = ("academy", s.academy)
    table: list[tuple[int, str, str, int, int]] | None = spec.cache.get(key)
    if table is None:
        table = []
        for i, name in enumerate(s.academy):  # the academy lists types faculty by faculty
            prof = spec.components.professor(name)
            table.append((i, name, prof.faculty, prof.books, prof.ducats))
        spec.cache[key] = table
    for i, name, faculty, books, ducats in table:
        if not s.academy_left[i] or name in p.professors:
            continue
        paid = s.academy_paid[i]
        if paid is None:
            if p.ducats < ducats:
                continue
            tokens = [c for c, n in zip(spec.colours, storage, strict=True) if n >= books]
            if p.dictionaries >= books:
                tokens.append("dictionary")
        else:
            held = p.dictionaries if paid == "dictionary" else storage[spec.colour_index(paid)]
            tokens = [paid] if held >= books else []
        if not tokens:
            continue
        ways = ways_by_faculty.get(faculty)
        if ways is None:
            ways = ways_by_faculty[faculty] = _ways(spec, s, p, f"academy_{faculty}")
        for masters, pereira in ways:
            for token in tokens:
                out.append(mk(HireProfessor, masters, name, token, pereira))
    return out


def do_academy(w: Work, seat: int, a: HireProfessor) -> None:
    prof = w.c.professor(a.professor)
    i = w.g["academy"].index(a.professor)
    first = w.g["academy_paid"][i] is None
    w.pay_token(seat, a.pay, prof.books, f"hiring {a.professor}")
    if first:
        w.ducats(seat, -prof.ducats, f"first buyer of {a.professor}")
        paid = list(w.g["academy_paid"])
        paid[i] = a.pay
        w.g["academy_paid"] = tuple(paid)
    left = list(w.g["academy_left"])
    left[i] -= 1
    w.g["academy_left"] = tuple(left)
    w.set(seat, professors=(*w.p[seat].professors, a.professor))
    if w.narrate:
        w.log("professor", f"{w.name(seat)} hires professor {a.professor}", seat)


# -- antiquarian ----------------------------------------------------------------------
def antiquarian_options(spec: AlmaMaterSpec, s: GameState, p: PlayerState) -> list[Action]:
    ways = _ways(spec, s, p, "antiquarian")
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


def paid_steps_possible(spec: AlmaMaterSpec, s: GameState, p: PlayerState) -> int:
    """How many paid steps ``p`` can afford after the free ones (milestone rewards not counted)."""
    board = spec.components.board
    pos = min(p.research + free_research_steps(spec, p), len(s.research_track) * 3)
    ducats, textbooks, dicts, prestige = p.ducats, p.textbooks, p.dictionaries, p.prestige
    n = 0
    key = ("track", s.research_track)
    costs: list[StepCost] | None = spec.cache.get(key)
    if costs is None:
        costs = spec.cache[key] = [
            step for card in s.research_track for step in spec.research[card].steps
        ]
    for k in range(1, board.lab_max_paid + 1):
        if pos + k > len(costs):
            break
        cost = costs[pos + k - 1]
        if cost.kind == "ducats":
            ducats -= cost.amount
        elif cost.kind == "textbooks":
            textbooks -= cost.amount
        elif cost.kind == "dictionaries":
            dicts -= cost.amount
        elif cost.kind == "prestige":
            prestige -= cost.amount
        elif cost.kind == "students":
            if p.students < cost.amount:
                break
        elif cost.kind == "professors" and len(p.professors) < cost.amount:
            break
        if min(ducats, textbooks, dicts, prestige) < 0:
            break
        n = k
    return n


def laboratory_options(spec: AlmaMaterSpec, s: GameState, p: PlayerState) -> list[Action]:
    if p.research >= len(s.research_track) * 3:
        return []
    ways = _ways(spec, s, p, "laboratory")
    if not ways:
        return []
    top = paid_steps_possible(spec, s, p)
    return [mk(Research, m, k, pereira) for m, pereira in ways for k in range(top + 1)]


def do_laboratory(w: Work, seat: int, a: Research) -> None:
    w.research(seat, free_research_steps(w.spec, w.p[seat]), "free step at the Laboratory")
    if a.paid_steps:
        w.research(seat, a.paid_steps, "paid step at the Laboratory", paid=True)


# -- park, bishop -------------------------------------------------------------------------
def park_options(spec: AlmaMaterSpec, s: GameState, p: PlayerState) -> list[Action]:
    board = spec.components.board
    ways = _ways(spec, s, p, "park")
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
        return p.research // 3
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
    open_tiles = [tile for i, tile in enumerate(s.glory) if s.busts_left[i] and tile not in p.busts]
    if not open_tiles:
        return out
    tiles = [tile for tile in open_tiles if meets(spec, p, spec.glory[tile])]
    if not tiles:
        return out
    ways = _ways(spec, s, p, "hall_of_fame")
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
            f"{w.name(seat)} takes a bust from glory tile {a.tile} and gains {ch}'s ability",
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


OPTIONS = (
    lecture_options,
    campus_options,
    starting_student_options,
    academy_options,
    antiquarian_options,
    laboratory_options,
    park_options,
    hall_options,
    bishop_options,
    colloquium_options,
)
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
