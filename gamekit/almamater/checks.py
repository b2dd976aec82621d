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
from gamekit.almamater.spec import OPEN_SPACES, AlmaMaterSpec, space_title
from gamekit.almamater.state import GameState, PlayerState
from gamekit.core.actions import Action

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


def _books(count: int, colour: str) -> str:
    if colour == "dictionary":
        return n_of(count, "dictionary", "dictionaries")
    return n_of(count, f"{colour} book")


def _amount(count: int, kind: str) -> str:
    """A research-step payment in words: ``_amount(2, "textbooks")`` is '2 own textbooks'."""
    words = {
        "ducats": ("ducat", "ducats"),
        "textbooks": ("own textbook", "own textbooks"),
        "dictionaries": ("dictionary", "dictionaries"),
        "prestige": ("prestige", "prestige"),
    }
    one, many = words.get(kind, (kind, kind))
    return n_of(count, one, many)


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
        return f"place at least 1 master, not {masters!r}"
    if free == 0:
        return "you have no masters left"
    title = space_title(space)
    if pereira:
        if space in OPEN_SPACES:
            return f"Pereira's ability is not used on the {title}"
        if not has(spec, p, "use_as_another"):
            return "you do not have Pereira's ability"
        if p.pereira_used:
            return "you have already used Pereira's ability this round"
        if last_placed(spec, s, p, space) == 0:
            return f"{title} is free: Pereira's ability uses an occupied space"
        on_pereira = ability_amount(spec, "use_as_another")
        if free < on_pereira:
            return (
                f"Pereira's ability takes {n_of(on_pereira, 'master')}; "
                f"you have {n_of(free, 'free master')}"
            )
        if masters != on_pereira:
            return f"Pereira's ability takes {n_of(on_pereira, 'master')}, not {masters}"
        return None
    if space in OPEN_SPACES:
        if masters > free:
            return f"you have only {n_of(free, 'free master')}, not {masters}"
        return None
    last = last_placed(spec, s, p, space)
    need = masters_needed(spec, p, last)
    if free < need:
        return (
            f"{title} needs {n_of(need, 'master')} now (its last user placed {last}); "
            f"you have {free} free"
        )
    if masters != need:
        why = f" (its last user placed {last})" if last else " (it is free)"
        return f"{title} needs {n_of(need, 'master')} now{why}, not {masters}"
    return None


# -- lectures and the spaces that hire ---------------------------------------------------
def lecture_problem(
    spec: AlmaMaterSpec, s: GameState, p: PlayerState, a: GiveLecture
) -> str | None:
    """Rule 12: one book paid to an unexhausted professor of yours (Alberti: no book)."""
    held = p.professors.count(a.professor)
    if not held:
        return f"you have no professor {a.professor}"
    if p.exhausted.count(a.professor) >= held:
        return f"{a.professor} has already lectured this round (exhausted)"
    if has(spec, p, "free_lectures"):
        if a.book != "none":
            return "with Alberti's ability a lecture costs no book: pay 'none'"
        return None
    if a.book not in spec.colours:
        return f"a lecture costs 1 book of a player colour ({', '.join(spec.colours)})"
    if not p.storage[spec.colour_index(a.book)]:
        return f"a lecture costs 1 {a.book} book; you have none"
    return None


def campus_problem(spec: AlmaMaterSpec, s: GameState, p: PlayerState, a: HireStudent) -> str | None:
    """Rule 13: the student at that row and column, a free slot in the chosen row, the
    price in books by reputation rank (and dictionaries), and the placement rule."""
    board = spec.components.board
    if not _is_count(a.row, 1) or a.row > board.campus_rows:
        return f"the Campus has rows 1 to {board.campus_rows}, not {a.row!r}"
    columns = len(board.campus_columns)
    if not _is_count(a.column, 1) or a.column > columns:
        return f"the Campus has price columns 1 to {columns}, not {a.column!r}"
    here = s.campus[a.row - 1][a.column - 1]
    if a.student != here:
        return f"the student at Campus row {a.row}, column {a.column} is {here}, not {a.student}"
    if not s.campus_left[a.row - 1][a.column - 1]:
        return f"no {here} is left at Campus row {a.row}"
    space = f"campus_{a.row}"
    problem = placement_problem(spec, s, p, space, a.masters, a.pereira)
    if problem:
        return problem
    halls = {"A": (len(p.row_a), board.row_a), "B": (len(p.row_b), board.row_b)}
    if a.hall not in halls:
        return f"a student goes into row A or row B, not {a.hall!r}"
    filled, room = halls[a.hall]
    if filled >= room:
        return f"row {a.hall} of your lecture halls is full ({n_of(room, 'student')})"
    books, dictionaries = student_price(spec, s.reputation, a.column)
    for colour, n in sorted(books.items()):
        if p.storage[colour] < n:
            name = spec.colours[colour]
            return f"{a.student} costs {_books(n, name)}; you have {p.storage[colour]}"
    if p.dictionaries < dictionaries:
        return f"{a.student} costs {_books(dictionaries, 'dictionary')}; you have {p.dictionaries}"
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
        return (
            f"the starting student sells 1 to {board.starting_student_max} own textbooks "
            f"a visit, not {a.count!r}"
        )
    price = a.count * board.starting_student_price
    if p.ducats < price:
        verb = "costs" if a.count == 1 else "cost"
        books, ducats = n_of(a.count, "own textbook"), n_of(price, "ducat")
        return f"{books} {verb} {ducats}; you have {p.ducats}"
    return None


def academy_problem(
    spec: AlmaMaterSpec, s: GameState, p: PlayerState, a: HireProfessor
) -> str | None:
    """Rule 15: a professor type in play and left; the first buyer pays books of one kind
    and ducats, every later buyer exactly the books the first paid (no ducats)."""
    if a.professor not in s.academy:
        return f"{a.professor} is not in the Academy this game ({', '.join(s.academy)})"
    prof = spec.components.professor(a.professor)
    who = f"the Academy's {prof.faculty} professor {a.professor}"
    i = s.academy.index(a.professor)
    if not s.academy_left[i]:
        return f"{who} is taken: none is left"
    if spec.components.one_per_type and a.professor in p.professors:
        return f"you already have {a.professor} (one professor of each type)"
    problem = placement_problem(spec, s, p, f"academy_{prof.faculty}", a.masters, a.pereira)
    if problem:
        return problem
    if a.pay != "dictionary" and a.pay not in spec.colours:
        return f"pay with books of a player colour ({', '.join(spec.colours)}) or dictionaries"
    paid = s.academy_paid[i]
    if paid is not None and a.pay != paid:
        return (
            f"{a.professor}'s first buyer paid {_books(prof.books, paid)}: "
            f"every later buyer pays the same"
        )
    held = _held(spec, p, a.pay)
    if held < prof.books:
        return f"{who} needs {_books(prof.books, a.pay)}; you have {held}"
    if paid is None and p.ducats < prof.ducats:
        also = n_of(prof.ducats, "ducat")
        return f"the first buyer of {a.professor} also pays {also}; you have {p.ducats}"
    return None


# -- the other spaces ---------------------------------------------------------------------
def antiquarian_problem(
    spec: AlmaMaterSpec, s: GameState, p: PlayerState, a: Antiquarian
) -> str | None:
    """Rule 16: an offer of the price table, books of a player colour, the price in ducats
    (less the students' upgrade) and dictionaries still in the supply."""
    offers = spec.components.board.antiquarian
    if not _is_count(a.offer, 1) or a.offer > len(offers):
        return f"the Antiquarian has offers 1 to {len(offers)}, not {a.offer!r}"
    offer = offers[a.offer - 1]
    if offer.books and a.colour not in spec.colours:
        return f"offer {a.offer} sells books of a player colour ({', '.join(spec.colours)})"
    if not offer.books and a.colour != "none":
        return f"offer {a.offer} sells no books: its colour is 'none'"
    problem = placement_problem(spec, s, p, "antiquarian", a.masters, a.pereira)
    if problem:
        return problem
    price = max(0, offer.ducats - upgrade(spec, p, "antiquarian"))
    if p.ducats < price:
        return (
            f"the Antiquarian's offer {a.offer} costs {n_of(price, 'ducat')}; you have {p.ducats}"
        )
    if s.dictionaries < offer.dictionaries:
        left = n_of(s.dictionaries, "dictionary", "dictionaries")
        wanted = _books(offer.dictionaries, "dictionary")
        return f"offer {a.offer} includes {wanted}; the supply has {left}"
    return None


def _field_needs(position: int, kind: str, amount: int, have: int) -> str:
    return (
        f"the Laboratory's next field (research step {position}) needs "
        f"{requirement_words(amount, kind)}; you have {have}"
    )


def laboratory_problem(
    spec: AlmaMaterSpec, s: GameState, p: PlayerState, a: Research
) -> str | None:
    """Rules 17 and 8: a free step, then up to the most paid steps, each paying the printed cost
    from what the player holds at that moment (a milestone reward gained on the way pays for
    the later steps); no step enters a field whose requirement the player does not meet."""
    board = spec.components.board
    costs = _track_costs(spec, s)
    if p.research >= len(costs):
        return f"your research marker is at the end of the track (step {len(costs)})"
    first = costs[p.research]
    if not step_allowed(p, first):
        have = requirement_value(spec, p, first.kind)
        return _field_needs(p.research + 1, first.kind, first.amount, have)
    problem = placement_problem(spec, s, p, "laboratory", a.masters, a.pereira)
    if problem:
        return problem
    if not _is_count(a.paid_steps) or a.paid_steps > board.lab_max_paid:
        return f"the Laboratory sells 0 to {board.lab_max_paid} paid steps, not {a.paid_steps!r}"
    if not a.paid_steps:
        return None
    visit = laboratory_visit(spec, s, p, a.paid_steps)  # the visit step by step, as played
    cost = visit.cost
    if visit.stop is None:
        return None
    if visit.stop == "end":
        paid_left = n_of(visit.paid, "paid step")
        return f"the research track ends at step {len(costs)}: {paid_left} left"
    assert cost is not None
    if visit.stop == "blocked":
        have = requirement_value(spec, p, cost.kind)
        return "no paid step: " + _field_needs(visit.position, cost.kind, cost.amount, have)
    if visit.stop == "requirement":
        have = requirement_value(spec, p, cost.kind)
        return (
            f"research step {visit.position} needs "
            f"{requirement_words(cost.amount, cost.kind)}; you have {have}"
        )
    # a payment: what the paid steps up to this one cost, against what the player holds
    # now and gains from milestones on the way (rule 17: a reward pays for later steps)
    k = visit.paid + 1
    total = _amount(visit.spent[cost.kind], cost.kind)
    steps = f"step {visit.first}" if k == 1 else f"steps {visit.first} to {visit.position}"
    verb = "costs" if k == 1 else "cost"
    have = visit.held[cost.kind]
    reason = f"paid research {steps} {verb} {total}; you have {have}"
    gained = visit.gained.get(cost.kind, 0)
    if gained:
        reason += f" and gain {gained} on the way (milestone rewards)"
    return reason


def park_problem(spec: AlmaMaterSpec, s: GameState, p: PlayerState, a: Park) -> str | None:
    """Rule 18: prestige for ducats at the Park's rate, up to the most per visit."""
    board = spec.components.board
    if not _is_count(a.prestige, 1) or a.prestige > board.park_max:
        return f"the Park sells 1 to {board.park_max} prestige a visit, not {a.prestige!r}"
    problem = placement_problem(spec, s, p, "park", a.masters, a.pereira)
    if problem:
        return problem
    price = a.prestige * board.park_price
    if p.ducats < price:
        return f"{a.prestige} prestige at the Park cost {n_of(price, 'ducat')}; you have {p.ducats}"
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
        return "buy at least one book or a dictionary at the Colloquium"
    if a.dictionary:
        if board.max_dictionaries <= 0:
            return "the Colloquium sells no dictionaries (kit data)"
        if not s.dictionaries:
            return "the supply has no dictionaries left"
    cost = board.dictionary_price if a.dictionary else 0
    if a.books:
        if a.seller not in spec.colours:
            return f"buy books from a player colour ({', '.join(spec.colours)}), not {a.seller!r}"
        seller = spec.colour_index(a.seller)
        if seller == p.seat:
            return "you cannot buy from your own sale shelf"
        shelf = s.players[seller].shelves[-1]
        full = [i for i in range(len(shelf) - 1, -1, -1) if shelf[i]]
        if len(full) < a.books:
            held = n_of(len(full), "book")
            return f"{a.seller.capitalize()}'s sale shelf holds {held}, not {a.books}"
        cost += sum(spec.components.shelves.prices[i] for i in full[: a.books])
    elif a.seller != "none":
        return "a dictionary alone is bought from the supply: seller 'none'"
    need = a.books + int(bool(a.dictionary))
    if a.masters != need:
        return (
            f"the Colloquium takes one master per book and one for a dictionary: "
            f"{need}, not {a.masters}"
        )
    problem = placement_problem(spec, s, p, "colloquium", a.masters, False)
    if problem:
        return problem
    if p.ducats < cost:
        return f"that costs {n_of(cost, 'ducat')} at the Colloquium; you have {p.ducats}"
    return None


def hall_problem(spec: AlmaMaterSpec, s: GameState, p: PlayerState, a: HallOfFame) -> str | None:
    """Rule 21: a glory tile in play with a bust left, whose requirements all hold now."""
    if a.tile not in s.glory:
        return f"glory tile {a.tile} is not in play ({', '.join(s.glory)})"
    i = s.glory.index(a.tile)
    if not s.busts_left[i]:
        return f"the bust stack of glory tile {a.tile} is empty"
    per_player = spec.components.busts_per_player
    if p.busts.count(a.tile) >= per_player:
        return f"you already have {n_of(per_player, 'bust')} from glory tile {a.tile}"
    for kind, n in spec.glory[a.tile].requirements:
        have = requirement_value(spec, p, kind)
        if have < n:
            return f"glory tile {a.tile} needs {requirement_words(n, kind)}; you have {have}"
    return placement_problem(spec, s, p, "hall_of_fame", a.masters, a.pereira)


# -- setup choices -------------------------------------------------------------------------
def draft_problem(spec: AlmaMaterSpec, s: GameState, p: PlayerState, a: DraftKeep) -> str | None:
    """Rule 2: keep a card of the hand passed to you."""
    if a.card not in p.hand:
        return f"founding card {a.card} is not in your hand ({', '.join(sorted(p.hand))})"
    return None


def discard_problem(
    spec: AlmaMaterSpec, s: GameState, p: PlayerState, a: DiscardFounding
) -> str | None:
    """Rule 2: discard one of the 4 kept cards."""
    if a.card not in p.kept:
        return f"founding card {a.card} is not among your kept cards ({', '.join(sorted(p.kept))})"
    return None


def chancellor_problem(
    spec: AlmaMaterSpec, s: GameState, p: PlayerState, a: ChooseChancellor
) -> str | None:
    """Rule 3: one of the chancellors still to choose from."""
    if a.name not in s.chancellor_pool:
        return f"{a.name} is not among the chancellors left ({', '.join(s.chancellor_pool)})"
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
    seat = state.current
    if seat is None:
        return "the game is over"
    if state.pending or isinstance(action, (ShelveTextbooks, ReturnBook)):
        if state.pending and action in decision_options(spec, state):
            return None
        return decision_error(spec, state, action).reason
    if not PHASES.allows(state.phase, action):
        return f"{action} is not allowed in the {state.phase} phase"
    check = PROBLEMS.get(type(action))
    if check is None:
        return f"{action} is not an action of this phase"
    p = state.players[seat]
    try:
        return check(spec, state, p, action)
    except (KeyError, ValueError, TypeError, IndexError, AttributeError) as exc:
        return f"{action!r} does not fit this game ({exc})"


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
