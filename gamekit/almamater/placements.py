"""The placement rule, lectures, and the spaces that hire: Campus, starting student, Academy.

For each space, ``*_options`` lists the legal actions in a fixed order and ``do_*``
carries one out on a :class:`~gamekit.almamater.moves.Work` copy. The placement rule
(an occupied space needs one master more than its last user placed; Bishop and
Colloquium exempt) lives in :func:`masters_needed`. The other spaces are in
:mod:`gamekit.almamater.spaces`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any, TypeVar

from gamekit.almamater import phrases as ph
from gamekit.almamater.actions import (
    BuyTextbooks,
    GiveLecture,
    HireProfessor,
    HireStudent,
)
from gamekit.almamater.moves import Work
from gamekit.almamater.spec import AlmaMaterSpec
from gamekit.almamater.state import GameState, PlayerState
from gamekit.core.actions import Action
from gamekit.core.events import Words

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
    """The ``amount`` of the chancellor with ``ability`` (the number in its ability text).

    >>> from gamekit.almamater.spec import make_spec
    >>> spec = make_spec(2)
    >>> ability_amount(spec, "use_as_another"), ability_amount(spec, "free_lectures")
    (1, 0)
    """
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


def last_placed(spec: AlmaMaterSpec, s: GameState, p: PlayerState, space: str) -> int:
    """Masters the last user of ``space`` placed there this round (0: the space is free).

    Each player's starting student is a space of their own board, so its count is the
    player's own (``p.starting_student``); every other space has one count on the board.

    >>> from gamekit.almamater.spec import make_spec
    >>> from gamekit.almamater.rules import new_game
    >>> spec = make_spec(2); s = new_game(spec, seed=1)
    >>> last_placed(spec, s, PlayerState(0, "red", starting_student=1), "starting_student")
    1
    >>> last_placed(spec, s, PlayerState(0, "red"), "park")
    0
    """
    if space == "starting_student":
        return p.starting_student
    return s.spaces[spec.space_idx[space]]


def ways_to_use(
    spec: AlmaMaterSpec, s: GameState, p: PlayerState, space: str
) -> list[tuple[int, bool]]:
    """(masters, via Pereira) ways to use a space that escalates: 1 master on a free space;
    on an occupied one :func:`masters_needed`, and Pereira's amount on Pereira instead
    (once a round, for a holder of Pereira's ability).

    >>> from gamekit.almamater.spec import make_spec
    >>> from gamekit.almamater.rules import new_game
    >>> spec = make_spec(2); s = new_game(spec, seed=1)
    >>> me = PlayerState(0, "red", masters=4, placed=1, abilities=("Pereira",), starting_student=1)
    >>> ways_to_use(spec, s, me, "starting_student"), ways_to_use(spec, s, me, "park")
    ([(2, False), (1, True)], [(1, False)])
    """
    last = last_placed(spec, s, p, space)
    free = p.masters - p.placed
    if last == 0:
        return _ONE_MASTER if free >= 1 else []
    need = masters_needed(spec, p, last)
    ways = []
    if free >= need:
        ways.append((need, False))
    if not p.pereira_used and has(spec, p, "use_as_another"):
        on_pereira = ability_amount(spec, "use_as_another")
        if free >= on_pereira:
            ways.append((on_pereira, True))
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
    for prof in dict.fromkeys(p.professors):  # a type held twice lectures twice a round
        if p.exhausted.count(prof) >= p.professors.count(prof):
            continue
        if free:
            out.append(mk(GiveLecture, prof, "none"))
            continue
        for colour, n in zip(spec.colours, p.storage, strict=True):
            if n:
                out.append(mk(GiveLecture, prof, colour))
    return out


def do_lecture(w: Work, seat: int, a: GiveLecture) -> None:
    """Rule 12: pay the book, gain the effect; the professor is exhausted, unless Paracelsus
    readies it at once (the first ``amount`` lectures of each round, 1 in the kit's data)."""
    p = w.p[seat]
    prof = ph.name(a.professor) if w.narrate else a.professor
    why = Words("why.lecture", professor=prof) if w.narrate else ""
    if a.book != "none":
        w.pay_token(seat, a.book, 1, why)
    if w.narrate:
        w.log("lecture", Words("lecture", player=w.who(seat), professor=prof), seat)
    readies = ability_amount(w.spec, "ready_professor")
    if has(w.spec, p, "ready_professor") and p.paracelsus_used < readies:
        w.set(seat, paracelsus_used=p.paracelsus_used + 1)
        if w.narrate:
            w.log("info", Words("lecture.paracelsus", professor=prof), seat)
    else:
        w.set(seat, exhausted=(*p.exhausted, a.professor))
    w.gain(seat, w.c.professor(a.professor).lecture, why)


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
        ways = ways_to_use(spec, s, p, f"campus_{r + 1}")
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
    student = ph.name(a.student) if w.narrate else a.student
    hiring = Words("why.hiring", name=student) if w.narrate else ""
    for colour, n in sorted(books.items()):
        w.books(seat, colour, -n, hiring)
    if dicts:
        w.dictionaries(seat, -dicts, hiring)
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
        said = Words("student.hire", player=w.who(seat), student=student, slot=slot)
        w.log("student", said, seat)
    kind = w.c.student(a.student)
    if kind.timing == "immediate":
        w.gain(seat, kind.gain, Words("why.student_bonus", student=student) if w.narrate else "")
    if a.hall == "B" and w.has(seat, "row_b_bonus"):
        w.ducats(seat, w.amount("row_b_bonus"), _BIRINGUCCIO)
    if slot in w.c.board.marked:
        w.extra_master(seat, "slot", Words("why.marked_slot", slot=slot) if w.narrate else "")


# -- starting student -------------------------------------------------------------
def starting_student_options(spec: AlmaMaterSpec, s: GameState, p: PlayerState) -> list[Action]:
    """Rule 14: buy 1 to the most own textbooks the player can pay, in every way the
    placement rule allows (:func:`ways_to_use`: the starting student is the player's own
    space, occupied after their first visit of the round, so Pereira applies as elsewhere)."""
    board = spec.components.board
    ways = ways_to_use(spec, s, p, "starting_student")
    if not ways:
        return []
    price = board.starting_student_price
    top = min(
        board.starting_student_max, p.ducats // price if price else board.starting_student_max
    )
    return [
        mk(BuyTextbooks, masters, count, pereira)
        for masters, pereira in ways
        for count in range(1, top + 1)
    ]


def do_starting_student(w: Work, seat: int, a: BuyTextbooks) -> None:
    if not a.pereira:  # Pereira leaves the space's count as it was (as on every space)
        w.set(seat, starting_student=a.masters)
    w.ducats(seat, -a.count * w.c.board.starting_student_price, _STARTING_PAY)
    w.books(seat, seat, a.count, _STARTING_BUY)
    bonus = upgrade(w.spec, w.p[seat], "starting_student")
    if bonus:
        w.books(seat, seat, bonus, _STARTING_UPGRADE)


# -- academy ------------------------------------------------------------------------
def academy_options(spec: AlmaMaterSpec, s: GameState, p: PlayerState) -> list[Action]:
    out: list[Action] = []
    ways_by_faculty: dict[str, list[tuple[int, bool]]] = {}
    storage = p.storage
    one_per_type = spec.components.one_per_type
    key = ("academy", s.academy)
    table: list[tuple[int, str, str, int, int]] | None = spec.cache.get(key)
    if table is None:
        table = []
        for i, name in enumerate(s.academy):  # the academy lists types faculty by faculty
            prof = spec.components.professor(name)
            table.append((i, name, prof.faculty, prof.books, prof.ducats))
        spec.cache[key] = table
    for i, name, faculty, books, ducats in table:
        if not s.academy_left[i] or (one_per_type and name in p.professors):
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
            ways = ways_by_faculty[faculty] = ways_to_use(spec, s, p, f"academy_{faculty}")
        for masters, pereira in ways:
            for token in tokens:
                out.append(mk(HireProfessor, masters, name, token, pereira))
    return out


def do_academy(w: Work, seat: int, a: HireProfessor) -> None:
    prof = w.c.professor(a.professor)
    i = w.g["academy"].index(a.professor)
    first = w.g["academy_paid"][i] is None
    name = ph.name(a.professor) if w.narrate else a.professor
    w.pay_token(seat, a.pay, prof.books, Words("why.hiring", name=name) if w.narrate else "")
    if first:
        w.ducats(seat, -prof.ducats, Words("why.first_buyer", professor=name) if w.narrate else "")
        paid = list(w.g["academy_paid"])
        paid[i] = a.pay
        w.g["academy_paid"] = tuple(paid)
    left = list(w.g["academy_left"])
    left[i] -= 1
    w.g["academy_left"] = tuple(left)
    w.set(seat, professors=(*w.p[seat].professors, a.professor))
    if w.narrate:
        w.log("professor", Words("professor.hire", player=w.who(seat), professor=name), seat)


# the reasons of the log that have no fields (made once: narrate=False costs nothing)
_BIRINGUCCIO = Words("why.biringuccio")
_STARTING_PAY = Words("why.starting_student_pay")
_STARTING_BUY = Words("why.starting_student_buy")
_STARTING_UPGRADE = Words("why.starting_student_upgrade")
