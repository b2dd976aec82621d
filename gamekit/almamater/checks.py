"""Which actions the rules allow, and why not: one ``*_problem`` function per action space.

Each function returns ``None`` when the action is allowed and otherwise the reason in
words, addressed to the player to move ("the Academy's Medicine professor Pharmacy needs
3 red books; you have 1"). :func:`why_illegal` picks the function for an action; the
engine's checked path (:func:`gamekit.almamater.rules.step`) puts its answer into the
:class:`~gamekit.core.errors.IllegalAction` it raises. The reasons follow the options
that :func:`gamekit.almamater.rules.legal_actions` lists: an action is legal exactly when
its problem is ``None`` (a test checks both on played games).

>>> from gamekit.almamater.actions import Park
>>> from gamekit.almamater.rules import new_game
>>> from gamekit.almamater.spec import make_spec
>>> from gamekit.almamater.state import replace
>>> spec = make_spec(2)
>>> s = replace(new_game(spec, seed=1), phase="action", round=1)
>>> why_illegal(spec, s, Park(masters=1, prestige=2))
'2 prestige at the Park cost 6 ducats; you have 0'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamekit.almamater import phrases as ph
from gamekit.almamater.actions import (
    Antiquarian,
    Bishop,
    BuyTextbooks,
    ChooseChancellor,
    Colloquium,
    DiscardFounding,
    DraftKeep,
    GiveLecture,
    HallOfFame,
    HireProfessor,
    HireStudent,
    Park,
    Pass,
    Research,
    ReturnBook,
    ShelveTextbooks,
)
from gamekit.almamater.decisions import decision_error, decision_options
from gamekit.almamater.moves import step_allowed
from gamekit.almamater.phases import PHASES
from gamekit.almamater.phrases import amount, said, seat
from gamekit.almamater.placements import (
    ability_amount,
    has,
    last_placed,
    masters_needed,
    student_price,
    upgrade,
)
from gamekit.almamater.spaces import (
    _track_costs,
    laboratory_visit,
    requirement_value,
)
from gamekit.almamater.spec import OPEN_SPACES, AlmaMaterSpec
from gamekit.almamater.state import GameState, PlayerState
from gamekit.almamater.words import action_words
from gamekit.core.actions import Action
from gamekit.core.events import Line, Words

REQUIREMENT_WORDS = {
    "students": "students in your lecture halls",
    "row_a": "students in row A",
    "row_b": "students in row B",
    "professors": "professors",
    "research": "research steps",
    "milestones": "milestones",
    "ducats": "ducats",
    "dictionaries": "dictionaries",
    "faculties": "faculties among your students",
    "prestige": "prestige",
}
"""A glory-tile or research-field requirement kind in words (plural)."""

REQUIREMENT_WORD_ONE = {
    "students": "student in your lecture halls",
    "row_a": "student in row A",
    "row_b": "student in row B",
    "professors": "professor",
    "research": "research step",
    "milestones": "milestone",
    "ducats": "ducat",
    "dictionaries": "dictionary",
    "faculties": "faculty among your students",
    "prestige": "prestige",
}
"""The same words for a count of 1."""


def requirement_words(count: int, kind: str) -> str:
    """A requirement's count and kind, singular for 1.

    >>> requirement_words(1, "professors"), requirement_words(3, "students")
    ('1 professor', '3 students in your lecture halls')
    """
    many = REQUIREMENT_WORDS.get(kind, kind)
    return n_of(count, REQUIREMENT_WORD_ONE.get(kind, many), many)


def n_of(count: int, word: str, plural: str | None = None) -> str:
    """``count`` and the word, in the plural unless ``count`` is 1.

    >>> n_of(1, "ducat"), n_of(3, "ducat"), n_of(2, "dictionary", "dictionaries")
    ('1 ducat', '3 ducats', '2 dictionaries')
    """
    return f"{count} {word if count == 1 else plural or word + 's'}"


def _held(spec: AlmaMaterSpec, p: PlayerState, token: str) -> int:
    return p.dictionaries if token == "dictionary" else p.storage[spec.colour_index(token)]


def _is_count(value: object, low: int = 0) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= low


# -- the placement rule ---------------------------------------------------------------
def placement_problem(
    spec: AlmaMaterSpec, s: GameState, p: PlayerState, space: str, masters: int, pereira: bool
) -> str | None:
    """Rule 11: enough free masters, and on an occupied space one master more than its
    last user placed (Bishop and Colloquium take any number); Pereira's ability uses an
    occupied space with Pereira's amount of masters (1 in the kit's data), once a round.

    >>> from gamekit.almamater.spec import make_spec
    >>> from gamekit.almamater.rules import new_game
    >>> spec = make_spec(2); s = new_game(spec, seed=1)
    >>> placement_problem(spec, s, PlayerState(0, "red", masters=4, placed=4), "park", 1, False)
    'you have no masters left'
    """
    free = p.free_masters
    if not _is_count(masters, 1):
        return said("no.masters_min", masters=repr(masters))
    if free == 0:
        return said("no.masters_left")
    title = ph.space(space)
    if pereira:
        if space in OPEN_SPACES:
            return said("no.pereira_open", space=title)
        if not has(spec, p, "use_as_another"):
            return said("no.pereira_none")
        if p.pereira_used:
            return said("no.pereira_used")
        if last_placed(spec, s, p, space) == 0:
            return said("no.pereira_free", space=title)
        on_pereira = ability_amount(spec, "use_as_another")
        if free < on_pereira:
            return said(
                "no.pereira_few",
                need=amount("masters", on_pereira),
                free=amount("free_masters", free),
            )
        if masters != on_pereira:
            return said("no.pereira_masters", need=amount("masters", on_pereira), masters=masters)
        return None
    if space in OPEN_SPACES:
        if masters > free:
            return said("no.free_masters", free=amount("free_masters", free), masters=masters)
        return None
    last = last_placed(spec, s, p, space)
    need = masters_needed(spec, p, last)
    if free < need:
        return said("no.space_few", space=title, need=amount("masters", need), last=last, free=free)
    if masters != need:
        if last:
            return said(
                "no.space_masters_used",
                space=title,
                need=amount("masters", need),
                last=last,
                masters=masters,
            )
        need_words = amount("masters", need)
        return said("no.space_masters_free", space=title, need=need_words, masters=masters)
    return None


# -- lectures and the spaces that hire ---------------------------------------------------
def lecture_problem(
    spec: AlmaMaterSpec, s: GameState, p: PlayerState, a: GiveLecture
) -> str | None:
    """Rule 12: one book paid to an unexhausted professor of yours (Alberti: no book)."""
    held = p.professors.count(a.professor)
    if not held:
        return said("no.professor_none", professor=ph.name(a.professor))
    if p.exhausted.count(a.professor) >= held:
        return said("no.exhausted", professor=ph.name(a.professor))
    if has(spec, p, "free_lectures"):
        if a.book != "none":
            return said("no.alberti")
        return None
    if a.book not in spec.colours:
        return said("no.lecture_colour", colours=ph.colours(spec))
    if not p.storage[spec.colour_index(a.book)]:
        return said("no.lecture_book", book=ph.token(a.book, 1))
    return None


def campus_problem(spec: AlmaMaterSpec, s: GameState, p: PlayerState, a: HireStudent) -> str | None:
    """Rule 13: the student at that row and column, a free slot in the chosen row, the
    price in books by reputation rank (and dictionaries), and the placement rule."""
    board = spec.components.board
    if not _is_count(a.row, 1) or a.row > board.campus_rows:
        return said("no.campus_row", n=board.campus_rows, row=repr(a.row))
    columns = len(board.campus_columns)
    if not _is_count(a.column, 1) or a.column > columns:
        return said("no.campus_column", n=columns, column=repr(a.column))
    here = s.campus[a.row - 1][a.column - 1]
    if a.student != here:
        return said(
            "no.campus_student",
            row=a.row,
            column=a.column,
            here=ph.name(here),
            student=ph.name(str(a.student)),
        )
    if not s.campus_left[a.row - 1][a.column - 1]:
        return said("no.campus_left", student=ph.name(here), row=a.row)
    space = f"campus_{a.row}"
    problem = placement_problem(spec, s, p, space, a.masters, a.pereira)
    if problem:
        return problem
    halls = {"A": (len(p.row_a), board.row_a), "B": (len(p.row_b), board.row_b)}
    if a.hall not in halls:
        return said("no.hall", hall=repr(a.hall))
    filled, room = halls[a.hall]
    if filled >= room:
        return said("no.hall_full", hall=a.hall, room=amount("students", room))
    books, dictionaries = student_price(spec, s.reputation, a.column)
    for colour, n in sorted(books.items()):
        if p.storage[colour] < n:
            price = ph.token(spec.colours[colour], n)
            return said(
                "no.student_cost", student=ph.name(a.student), price=price, have=p.storage[colour]
            )
    if p.dictionaries < dictionaries:
        price = ph.token("dictionary", dictionaries)
        return said("no.student_cost", student=ph.name(a.student), price=price, have=p.dictionaries)
    return None


def starting_student_problem(
    spec: AlmaMaterSpec, s: GameState, p: PlayerState, a: BuyTextbooks
) -> str | None:
    """Rule 14: own textbooks at the starting student's price, up to the most per visit."""
    board = spec.components.board
    problem = placement_problem(spec, s, p, "starting_student", a.masters, a.pereira)
    if problem:
        return problem
    if not _is_count(a.count, 1) or a.count > board.starting_student_max:
        return said("no.starting_count", n=board.starting_student_max, count=repr(a.count))
    price = a.count * board.starting_student_price
    if p.ducats < price:
        return said(
            "no.starting_price",
            count=a.count,
            books=amount("own_textbooks", a.count),
            price=amount("ducats", price),
            have=p.ducats,
        )
    return None


def academy_problem(
    spec: AlmaMaterSpec, s: GameState, p: PlayerState, a: HireProfessor
) -> str | None:
    """Rule 15: a professor type in play and left; the first buyer pays books of one kind
    and ducats, every later buyer exactly the books the first paid (no ducats)."""
    if a.professor not in s.academy:
        return said(
            "no.academy_absent",
            professor=ph.name(str(a.professor)),
            academy=ph.joined([ph.name(n) for n in s.academy]),
        )
    prof = spec.components.professor(a.professor)
    name = ph.name(a.professor)
    faculty = ph.space(f"academy_{prof.faculty}").get("faculty")  # type: ignore[union-attr]
    i = s.academy.index(a.professor)
    if not s.academy_left[i]:
        return said("no.academy_taken", faculty=faculty, professor=name)
    if spec.components.one_per_type and a.professor in p.professors:
        return said("no.academy_have", professor=name)
    problem = placement_problem(spec, s, p, f"academy_{prof.faculty}", a.masters, a.pereira)
    if problem:
        return problem
    if a.pay != "dictionary" and a.pay not in spec.colours:
        return said("no.academy_pay", colours=ph.colours(spec))
    paid = s.academy_paid[i]
    if paid is not None and a.pay != paid:
        return said("no.academy_same", professor=name, books=ph.token(paid, prof.books))
    held = _held(spec, p, a.pay)
    if held < prof.books:
        return said(
            "no.academy_books",
            faculty=faculty,
            professor=name,
            books=ph.token(a.pay, prof.books),
            have=held,
        )
    if paid is None and p.ducats < prof.ducats:
        return said(
            "no.academy_ducats",
            professor=name,
            ducats=amount("ducats", prof.ducats),
            have=p.ducats,
        )
    return None


# -- the other spaces ---------------------------------------------------------------------
def antiquarian_problem(
    spec: AlmaMaterSpec, s: GameState, p: PlayerState, a: Antiquarian
) -> str | None:
    """Rule 16: an offer of the price table, books of a player colour, the price in ducats
    (less the students' upgrade) and dictionaries still in the supply."""
    offers = spec.components.board.antiquarian
    if not _is_count(a.offer, 1) or a.offer > len(offers):
        return said("no.offer", n=len(offers), offer=repr(a.offer))
    offer = offers[a.offer - 1]
    if offer.books and a.colour not in spec.colours:
        return said("no.offer_colour", offer=a.offer, colours=ph.colours(spec))
    if not offer.books and a.colour != "none":
        return said("no.offer_none", offer=a.offer)
    problem = placement_problem(spec, s, p, "antiquarian", a.masters, a.pereira)
    if problem:
        return problem
    price = max(0, offer.ducats - upgrade(spec, p, "antiquarian"))
    if p.ducats < price:
        return said("no.offer_price", offer=a.offer, price=amount("ducats", price), have=p.ducats)
    if s.dictionaries < offer.dictionaries:
        left = amount("dictionaries", s.dictionaries)
        wanted = amount("dictionaries", offer.dictionaries)
        return said("no.offer_supply", offer=a.offer, wanted=wanted, left=left)
    return None


def _field_needs(position: int, kind: str, count: int, have: int) -> str:
    return said("no.lab_field", step=position, need=ph.need(kind, count), have=have)


def laboratory_problem(
    spec: AlmaMaterSpec, s: GameState, p: PlayerState, a: Research
) -> str | None:
    """Rules 17 and 8: a free step, then up to the most paid steps, each paying the printed cost
    from what the player holds at that moment (a milestone reward gained on the way pays for
    the later steps); no step enters a field whose requirement the player does not meet."""
    board = spec.components.board
    costs = _track_costs(spec, s)
    if p.research >= len(costs):
        return said("no.lab_end", step=len(costs))
    first = costs[p.research]
    if not step_allowed(p, first):
        have = requirement_value(spec, p, first.kind)
        return _field_needs(p.research + 1, first.kind, first.amount, have)
    problem = placement_problem(spec, s, p, "laboratory", a.masters, a.pereira)
    if problem:
        return problem
    if not _is_count(a.paid_steps) or a.paid_steps > board.lab_max_paid:
        return said("no.lab_paid", n=board.lab_max_paid, paid=repr(a.paid_steps))
    if not a.paid_steps:
        return None
    visit = laboratory_visit(spec, s, p, a.paid_steps)  # the visit step by step, as played
    cost = visit.cost
    if visit.stop is None:
        return None
    if visit.stop == "end":
        return said("no.lab_track_end", step=len(costs), left=amount("paid_steps", visit.paid))
    assert cost is not None
    if visit.stop == "blocked":
        have = requirement_value(spec, p, cost.kind)
        field = _field_needs(visit.position, cost.kind, cost.amount, have)
        return said("no.lab_blocked", field=getattr(field, "words", field))
    if visit.stop == "requirement":
        have = requirement_value(spec, p, cost.kind)
        need = ph.need(cost.kind, cost.amount)
        return said("no.lab_requirement", step=visit.position, need=need, have=have)
    # a payment: what the paid steps up to this one cost, against what the player holds
    # now and gains from milestones on the way (rule 17: a reward pays for later steps)
    k = visit.paid + 1
    spent = visit.spent[cost.kind]
    total = amount("own_textbooks" if cost.kind == "textbooks" else cost.kind, spent)
    have = visit.held[cost.kind]
    reason = said(
        "no.lab_payment", k=k, first=visit.first, last=visit.position, total=total, have=have
    )
    gained = visit.gained.get(cost.kind, 0)
    if gained:
        return said("no.lab_gain", reason=reason.words, gained=gained)
    return reason


def park_problem(spec: AlmaMaterSpec, s: GameState, p: PlayerState, a: Park) -> str | None:
    """Rule 18: prestige for ducats at the Park's rate, up to the most per visit."""
    board = spec.components.board
    if not _is_count(a.prestige, 1) or a.prestige > board.park_max:
        return said("no.park_count", n=board.park_max, prestige=repr(a.prestige))
    problem = placement_problem(spec, s, p, "park", a.masters, a.pereira)
    if problem:
        return problem
    price = a.prestige * board.park_price
    if p.ducats < price:
        return said(
            "no.park_price", prestige=a.prestige, price=amount("ducats", price), have=p.ducats
        )
    return None


def bishop_problem(spec: AlmaMaterSpec, s: GameState, p: PlayerState, a: Bishop) -> str | None:
    """Rule 19: any number of your free masters (the Bishop is never full)."""
    return placement_problem(spec, s, p, "bishop", a.masters, False)


def colloquium_problem(
    spec: AlmaMaterSpec, s: GameState, p: PlayerState, a: Colloquium
) -> str | None:
    """Rule 20: books from another player's sale shelf, right to left, one master each,
    and one more master for a dictionary; each book costs the price above its compartment."""
    board = spec.components.board
    if not _is_count(a.books) or (a.books == 0 and not a.dictionary):
        return said("no.coll_nothing")
    if a.dictionary:
        if board.max_dictionaries <= 0:
            return said("no.coll_no_dictionaries")
        if not s.dictionaries:
            return said("no.supply_dictionaries")
    cost = board.dictionary_price if a.dictionary else 0
    if a.books:
        if a.seller not in spec.colours:
            return said("no.coll_seller", colours=ph.colours(spec), seller=repr(a.seller))
        seller = spec.colour_index(a.seller)
        if seller == p.seat:
            return said("no.coll_own")
        shelf = s.players[seller].shelves[-1]
        full = [i for i in range(len(shelf) - 1, -1, -1) if shelf[i]]
        if len(full) < a.books:
            held = amount("books", len(full))
            return said("no.coll_shelf", seller=seat(a.seller), held=held, books=a.books)
        cost += sum(spec.components.shelves.prices[i] for i in full[: a.books])
    elif a.seller != "none":
        return said("no.coll_alone")
    need = a.books + int(bool(a.dictionary))
    if a.masters != need:
        return said("no.coll_masters", need=need, masters=a.masters)
    problem = placement_problem(spec, s, p, "colloquium", a.masters, False)
    if problem:
        return problem
    if p.ducats < cost:
        return said("no.coll_price", price=amount("ducats", cost), have=p.ducats)
    return None


def hall_problem(spec: AlmaMaterSpec, s: GameState, p: PlayerState, a: HallOfFame) -> str | None:
    """Rule 21: a glory tile in play with a bust left, whose requirements all hold now."""
    if a.tile not in s.glory:
        return said("no.glory_absent", tile=a.tile, tiles=ph.joined(s.glory))
    i = s.glory.index(a.tile)
    if not s.busts_left[i]:
        return said("no.glory_empty", tile=a.tile)
    per_player = spec.components.busts_per_player
    if p.busts.count(a.tile) >= per_player:
        return said("no.glory_have", busts=amount("busts", per_player), tile=a.tile)
    for kind, n in spec.glory[a.tile].requirements:
        have = requirement_value(spec, p, kind)
        if have < n:
            return said("no.glory_needs", tile=a.tile, need=ph.need(kind, n), have=have)
    return placement_problem(spec, s, p, "hall_of_fame", a.masters, a.pereira)


# -- setup choices -------------------------------------------------------------------------
def draft_problem(spec: AlmaMaterSpec, s: GameState, p: PlayerState, a: DraftKeep) -> str | None:
    """Rule 2: keep a card of the hand passed to you."""
    if a.card not in p.hand:
        return said("no.draft", card=a.card, cards=ph.joined(sorted(p.hand)))
    return None


def discard_problem(
    spec: AlmaMaterSpec, s: GameState, p: PlayerState, a: DiscardFounding
) -> str | None:
    """Rule 2: discard one of the 4 kept cards."""
    if a.card not in p.kept:
        return said("no.discard", card=a.card, cards=ph.joined(sorted(p.kept)))
    return None


def chancellor_problem(
    spec: AlmaMaterSpec, s: GameState, p: PlayerState, a: ChooseChancellor
) -> str | None:
    """Rule 3: one of the chancellors still to choose from."""
    if a.name not in s.chancellor_pool:
        return said("no.chancellor", chancellor=a.name, pool=ph.joined(s.chancellor_pool))
    return None


def pass_problem(spec: AlmaMaterSpec, s: GameState, p: PlayerState, a: Pass) -> str | None:
    """Rule 10: a player may always pass in the action phase."""
    return None


PROBLEMS: dict[type[Action], Callable[[AlmaMaterSpec, GameState, PlayerState, Any], str | None]]
PROBLEMS = {
    DraftKeep: draft_problem,
    DiscardFounding: discard_problem,
    ChooseChancellor: chancellor_problem,
    Pass: pass_problem,
    GiveLecture: lecture_problem,
    HireStudent: campus_problem,
    BuyTextbooks: starting_student_problem,
    HireProfessor: academy_problem,
    Antiquarian: antiquarian_problem,
    Research: laboratory_problem,
    Park: park_problem,
    Bishop: bishop_problem,
    Colloquium: colloquium_problem,
    HallOfFame: hall_problem,
}
"""The problem function of each action type of the setup and the action phase (the
decisions' reasons are in :func:`gamekit.almamater.decisions.decision_error`)."""


def why_illegal(spec: AlmaMaterSpec, state: GameState, action: Action) -> str | None:
    """``None`` if the player to move may take ``action`` now, else the reason in words:
    the game is over, a decision waits (:func:`~gamekit.almamater.decisions.decision_error`),
    the phase does not allow this action type (:data:`~gamekit.almamater.phases.PHASES`),
    or the action's space says why (:data:`PROBLEMS`).

    >>> from gamekit.almamater.actions import DiscardFounding
    >>> from gamekit.almamater.rules import new_game
    >>> from gamekit.almamater.spec import make_spec
    >>> why_illegal(make_spec(2), new_game(make_spec(2), seed=1), DiscardFounding("F01"))
    'discard founding card F01 is not allowed in the draft phase'
    """
    current = state.current
    if current is None:
        return said("no.over")
    if state.pending or isinstance(action, (ShelveTextbooks, ReturnBook)):
        if state.pending and action in decision_options(spec, state):
            return None
        error = decision_error(spec, state, action)
        return Line(error.reason, error.words)
    if not PHASES.allows(state.phase, action):
        phase = f"phase.{state.phase}"
        return said(
            "no.phase",
            action=action_words(spec, state, action),
            phase=Words(phase) if phase in ph.PHRASES else state.phase,
        )
    check = PROBLEMS.get(type(action))
    if check is None:
        return said("no.not_this_phase", action=action_words(spec, state, action))
    p = state.players[current]
    try:
        return check(spec, state, p, action)
    except (KeyError, ValueError, TypeError, IndexError, AttributeError) as exc:
        return said("no.misfit", action=repr(action), detail=str(exc))


__all__ = [
    "PROBLEMS",
    "REQUIREMENT_WORDS",
    "REQUIREMENT_WORD_ONE",
    "academy_problem",
    "antiquarian_problem",
    "bishop_problem",
    "campus_problem",
    "chancellor_problem",
    "colloquium_problem",
    "discard_problem",
    "draft_problem",
    "hall_problem",
    "laboratory_problem",
    "lecture_problem",
    "park_problem",
    "placement_problem",
    "requirement_words",
    "starting_student_problem",
    "why_illegal",
]
