"""Bots: each picks one of the legal actions; ties and chance use the Generator passed in.

- ``random``: uniform over the legal actions;
- ``greedy``: one step ahead, the action that raises a simple value of its position the
  most (the score if the game ended now, plus what the position still earns, minus the
  masters it spends: :func:`greedy_value`);
- ``scholar``: a plan of research and professors (lab, academy, lectures, busts), students
  it chooses one step ahead, books to pay for them, spare ducats to the Park;
- ``dean``: a plan of students in both rows (chosen one step ahead; campus, books to pay
  them, the library), and up to three professors early in the game.
- ``search``: no strategy, flat Monte Carlo playouts (:mod:`gamekit.almamater.search_bot`).

>>> from gamekit.almamater.rules import new_game, legal_actions
>>> from gamekit.almamater.spec import make_spec
>>> from gamekit.core.rng import make_rng
>>> spec = make_spec(2); s = new_game(spec, seed=0)
>>> str(BOTS["scholar"](spec, s, legal_actions(spec, s), make_rng(0))).startswith("keep")
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TypeVar

import numpy as np

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
from gamekit.almamater.placements import student_price
from gamekit.almamater.records import STEPS_PER_CARD, FoundingCard, Gain
from gamekit.almamater.rounds import storage_limit
from gamekit.almamater.rules import player_score, step
from gamekit.almamater.search_bot import search_bot
from gamekit.almamater.spec import AlmaMaterSpec
from gamekit.almamater.state import GameState
from gamekit.core.actions import Action

Bot = Callable[[AlmaMaterSpec, GameState, Sequence[Action], np.random.Generator], Action]


def _pick(rng: np.random.Generator, n: int) -> int:
    """A uniform index below ``n`` (``rng.random()`` is several times cheaper than ``integers``)."""
    return min(int(rng.random() * n), n - 1)


def random_bot(
    spec: AlmaMaterSpec, state: GameState, legal: Sequence[Action], rng: np.random.Generator
) -> Action:
    """Any legal action, uniformly at random."""
    return legal[_pick(rng, len(legal))]


GREEDY_MASTER = 1.0
"""In :func:`greedy_value`'s use: a master placed costs this much value (it cannot be placed
elsewhere this round), so greedy does not pour all its masters into one small gain."""
GREEDY_BOOK = 0.5
"""In :func:`greedy_value`: each book or dictionary in storage, up to the storage limit, is
worth this much beyond what the final scoring counts for it (books pay for students,
professors and lectures; those over the limit go back to the supply at the round's end).
(Until issue 27's eighteenth round every book counted: greedy spent about a third of its
4-player masters on its own textbooks, and a lone scholar, dean or search bot at a table
of three greedy won x1.80-1.84 of its fair share, seed 2, 400 games.)"""
GREEDY_DUCAT = 0.25
"""In :func:`greedy_value`: a ducat of income still to come, in prestige (4 ducats, 1 prestige)."""
GREEDY_PROFESSOR = 1.0
"""In :func:`greedy_value`: each professor held is worth this much per round still to come
(a lecture a round)."""


def greedy_value(spec: AlmaMaterSpec, state: GameState, seat: int) -> float:
    """The value greedy puts on ``seat``'s position: its score if the game ended now, plus
    :data:`GREEDY_BOOK` per book and dictionary in storage up to the storage limit, plus the
    income of one round (shelved books, students' income, the reputation rank's ducats) at
    :data:`GREEDY_DUCAT` per ducat or textbook for each income still to come, plus
    :data:`GREEDY_PROFESSOR` per professor for each round still to come.

    >>> from gamekit.almamater.rules import new_game
    >>> from gamekit.almamater.spec import make_spec
    >>> spec = make_spec(2); s = new_game(spec, seed=0)
    >>> greedy_value(spec, s, 0) >= player_score(spec, s, 0).total
    True
    """
    p = state.players[seat]
    c = spec.components
    left = max(state.rounds - state.round, 0)
    income = p.shelved + c.reputation.income[state.rank_of(seat) - 1]
    for name in (*p.row_a, *p.row_b):
        kind = c.student(name)
        if kind.timing == "income":
            income += kind.gain.ducats + kind.gain.textbooks
    return (
        player_score(spec, state, seat).total
        + GREEDY_BOOK * min(p.books, storage_limit(spec, p))
        + GREEDY_DUCAT * income * left
        + GREEDY_PROFESSOR * len(p.professors) * left
    )


def greedy_bot(
    spec: AlmaMaterSpec, state: GameState, legal: Sequence[Action], rng: np.random.Generator
) -> Action:
    """One step ahead: the action whose position has the best :func:`greedy_value`, minus
    :data:`GREEDY_MASTER` per master it places. No plan and no look further ahead.

    Ties go to a random non-pass action. When no action gains value for its masters, it takes
    the action that gains most without counting them (masters not placed this round are
    lost when they return), and passes only when nothing gains at all.
    (Until issue 27 its value was the score if the game ended now alone: it then spent about
    half its placements on the Bishop and lost 70% of its games to uniform random play.
    Until the masters left were used, it passed with 1.1-1.3 of them a round, and nobody
    bought at the Colloquium in greedy+random or dean+greedy: 0.6-0.95 visits a game.)
    """
    seat = state.current
    assert seat is not None
    if state.pending:
        if isinstance(legal[0], ShelveTextbooks):  # where new textbooks go: one step ahead
            return _best_by_value(spec, state, legal, seat, lambda a: 0.0)
        return _decision(spec, state, legal, shelve=False) or legal[0]  # which book to return
    if state.phase != "action":
        return _setup_choice(spec, state, legal, rng)
    base = greedy_value(spec, state, seat)
    gains: list[tuple[float, float, Action]] = []  # (gain less masters, gain, action)
    for action in legal:
        if isinstance(action, Pass):
            continue
        after = step(spec, state, action, check=False, narrate=False).state
        gain = greedy_value(spec, after, seat) - base
        gains.append((gain - GREEDY_MASTER * getattr(action, "masters", 0), gain, action))
    best = _ties(gains, 0, -1e-9)
    if not best:  # nothing pays for its masters: before passing, the masters left would be lost
        best = _ties(gains, 1, 1e-9)  # a gain above 0
    if not best:
        return legal[-1]
    return best[_pick(rng, len(best))]


def _ties(gains: list[tuple[float, float, Action]], k: int, floor: float) -> list[Action]:
    """The actions whose ``k``-th value (0: net of masters, 1: plain gain) is the largest,
    if that is at least ``floor``."""
    values = [g[0] if k == 0 else g[1] for g in gains]
    top = max(values, default=-math.inf)
    if top < floor:
        return []
    return [g[2] for g, v in zip(gains, values, strict=True) if abs(v - top) <= 1e-9]


def _best_by_value(
    spec: AlmaMaterSpec,
    state: GameState,
    legal: Sequence[Action],
    seat: int,
    cost: Callable[[Action], float],
) -> Action:
    """The first of ``legal`` whose next position has the best :func:`greedy_value` for
    ``seat``, minus ``cost`` of the action (greedy's answer to a waiting decision: how many
    new textbooks go into the library; the options come fewest first, so a tie keeps them)."""
    best, best_value = legal[0], -math.inf
    for action in legal:
        after = step(spec, state, action, check=False, narrate=False).state
        v = greedy_value(spec, after, seat) - cost(action)
        if v > best_value + 1e-9:
            best, best_value = action, v
    return best


def _founding_points(card: FoundingCard) -> float:
    """A founding card's resources in points: a ducat or a textbook 1, a dictionary or a
    research step 3, a prestige 2 (the scale of ``founding.toml``'s ``[about]``)."""
    g = card.gain
    return g.ducats + g.textbooks + 3 * g.dictionaries + 3 * g.research + 2 * g.prestige


def _setup_choice(
    spec: AlmaMaterSpec,
    state: GameState,
    legal: Sequence[Action],
    rng: np.random.Generator,
    prize: tuple[str, ...] = (),
) -> Action:
    """Draft: keep the card with most resources less half a point per white number, discard
    the one with least; chancellor at random. When a chancellor of ``prize`` is among those
    drawn, draft for turn order instead: keep the lowest white number (the lowest sum
    chooses its chancellor first), discard the highest; among equal white numbers, the most
    resources."""
    if isinstance(legal[0], (DraftKeep, DiscardFounding)):
        first = any(name in state.chancellor_pool for name in prize)

        def value(a: Action) -> tuple[float, float]:
            card = spec.founding[a.card]  # type: ignore[attr-defined]
            points = _founding_points(card)
            return (-card.white, points) if first else (points - 0.5 * card.white, 0.0)

        if isinstance(legal[0], DraftKeep):
            return max(legal, key=value)
        return min(legal, key=value)
    return legal[_pick(rng, len(legal))]


def _decision(
    spec: AlmaMaterSpec, state: GameState, legal: Sequence[Action], shelve: bool
) -> Action | None:
    """Answer a waiting decision: new own textbooks all into the library (``shelve``) or
    all into storage; return the cheapest book over the storage limit (own textbooks,
    then low-ranked colours, dictionaries last). ``None`` when no decision waits."""
    if not state.pending:
        return None
    if isinstance(legal[0], ShelveTextbooks):
        return legal[-1] if shelve else legal[0]
    seat = state.current
    assert seat is not None

    def value(a: Action) -> float:
        token = a.token  # type: ignore[attr-defined]
        return 10.0 if token == "dictionary" else _book_value(state, seat, token)

    return min((a for a in legal if isinstance(a, ReturnBook)), key=value)


A = TypeVar("A", bound=Action)


def _best(
    legal: Sequence[Action],
    cls: type[A],
    key: Callable[[A], float] | None = None,
    where: Callable[[A], bool] | None = None,
) -> A | None:
    """The best legal action of type ``cls`` (by ``key``; ties: the first), Pereira last."""
    found = [a for a in legal if isinstance(a, cls) and (where is None or where(a))]
    plain = [a for a in found if not getattr(a, "pereira", False)]
    found = plain or found
    if not found:
        return None
    return max(found, key=key) if key else found[0]


def _best_student(
    spec: AlmaMaterSpec, state: GameState, legal: Sequence[Action]
) -> HireStudent | None:
    """The student worth most to the mover, one step ahead on :func:`greedy_value` (what it
    scores at the end, in which row, its income, the books it costs) minus
    :data:`GREEDY_MASTER` per master; ties: the first. ``None`` if no student is legal.

    Scholar and dean choose their students this way (until issue 27 the scholar took the
    cheapest, always into row A, and the dean the dearest into the shorter row: neither saw
    a Mathematics student's end prestige, the scholar not even row A x row B).

    >>> from gamekit.almamater.rules import new_game, legal_actions
    >>> from gamekit.almamater.spec import make_spec
    >>> spec = make_spec(2); s = new_game(spec, seed=0)
    >>> _best_student(spec, s, legal_actions(spec, s)) is None  # the founding draft
    True
    """
    return _student_choice(spec, state, legal)[0]


def _student_choice(
    spec: AlmaMaterSpec, state: GameState, legal: Sequence[Action]
) -> tuple[HireStudent | None, float]:
    """:func:`_best_student` and its value: :func:`greedy_value` after it, less
    :data:`GREEDY_MASTER` per master (``None, 0.0`` if no student is legal)."""
    seat = state.current
    found = [a for a in legal if isinstance(a, HireStudent)]
    found = [a for a in found if not a.pereira] or found
    if seat is None or not found:
        return None, 0.0
    best, best_value = None, 0.0
    for action in found:
        after = step(spec, state, action, check=False, narrate=False).state
        v = greedy_value(spec, after, seat) - GREEDY_MASTER * action.masters
        if best is None or v > best_value + 1e-9:
            best, best_value = action, v
    return best, best_value


RESEARCH_STEP = 1.0
"""In :func:`professor_value`: a research step's worth in prestige (a milestone every 3
steps counts once per professor, and the track ranks the colour's books)."""


def _gain_value(gain: Gain) -> float:
    """A gain in prestige at greedy's rates (:data:`GREEDY_DUCAT` a ducat, a textbook also
    :data:`GREEDY_BOOK`, a dictionary 1 + :data:`GREEDY_BOOK`, :data:`RESEARCH_STEP`)."""
    return (
        GREEDY_DUCAT * gain.ducats
        + (GREEDY_BOOK + GREEDY_DUCAT) * gain.textbooks
        + (1 + GREEDY_BOOK) * gain.dictionaries
        + gain.prestige
        + RESEARCH_STEP * gain.research
    )


def professor_value(spec: AlmaMaterSpec, state: GameState, action: HireProfessor) -> float:
    """What hiring the professor of ``action`` is worth to the player to move, in prestige:
    its printed prestige, the milestones it reached (line 5 counts them once per
    professor), a lecture in this and every round still to come (its effect at
    :func:`_gain_value`, less the book it costs), less the price (the books at
    :data:`GREEDY_BOOK` + :data:`GREEDY_DUCAT` each; the first buyer's ducats at
    :data:`GREEDY_DUCAT`).

    >>> from gamekit.almamater.rules import new_game
    >>> from gamekit.almamater.spec import make_spec
    >>> spec = make_spec(2); s = new_game(spec, seed=0)
    >>> a = HireProfessor(1, s.academy[0], "dictionary")
    >>> professor_value(spec, s, a) > spec.components.professor(s.academy[0]).prestige - 5
    True
    """
    seat = state.current
    assert seat is not None
    p = state.players[seat]
    prof = spec.components.professor(action.professor)
    lectures = max(state.rounds - max(state.round, 1) + 1, 0)
    first = state.academy_paid[state.academy.index(action.professor)] is None
    book = GREEDY_BOOK + GREEDY_DUCAT
    return (
        prof.prestige
        + p.research // STEPS_PER_CARD
        + lectures * (_gain_value(prof.lecture) - book)
        - prof.books * book
        - (GREEDY_DUCAT * prof.ducats if first else 0.0)
    )


def _best_professor(
    spec: AlmaMaterSpec, state: GameState, legal: Sequence[Action], rng: np.random.Generator
) -> HireProfessor | None:
    """The professor worth most by :func:`professor_value` (ties: at random, so no faculty
    wins them by the order the academy lists them), paid in the books the player values
    least; without Pereira's help while it can. ``None`` if no professor is legal.

    (Until issue 27 scholar and dean took the highest printed prestige, ties to the faculty
    listed first: the dean then visited academy_Law 0.33 times a 2-player dean mirror.)
    """
    seat = state.current
    found = [a for a in legal if isinstance(a, HireProfessor)]
    found = [a for a in found if not a.pereira] or found
    if seat is None or not found:
        return None
    worth: dict[str, float] = {}
    for a in found:
        if a.professor not in worth:
            worth[a.professor] = professor_value(spec, state, a)
    top = max(worth.values())
    names = [n for n, v in worth.items() if v >= top - 1e-9]
    name = names[_pick(rng, len(names))] if len(names) > 1 else names[0]
    return min(
        (a for a in found if a.professor == name),
        key=lambda a: 10.0 if a.pay == "dictionary" else _book_value(state, seat, a.pay),
    )


def _chancellor(legal: Sequence[Action], wishes: tuple[str, ...]) -> Action | None:
    for name in wishes:
        for a in legal:
            if isinstance(a, ChooseChancellor) and a.name == name:
                return a
    return None


SCHOLAR_WISHES: tuple[str, ...] = ("Da Vinci", "Alberti", "Paracelsus", "Agricola")
"""The chancellors the scholar chooses in a 2-player game, first wish first (any other: at
random); at 3 and 4 players :data:`SCHOLAR_CROWD_WISHES`."""
SCHOLAR_CROWD_WISHES: tuple[str, ...] = ("Alberti", "Agricola", "Da Vinci", "Paracelsus")
"""The scholar's wishes at 3 and 4 players: Alberti and Agricola before Da Vinci and
Paracelsus. Agricola's holder needs a master fewer on an occupied space, and the more players,
the more spaces are occupied. (Until issue 27's eighteenth round it wished as in a duel.
Measured then, round 17's data, 400 games a line-up of the judge's suite, seeds 2 to 7: at 4
players the scholar won 0.34 of its games with Agricola, 0.32 with Alberti, 0.19 with Da
Vinci and 0.15 with Paracelsus; at 3 players 0.48, 0.44, 0.26 and 0.27. Agricola was left to
the seats choosing last, often the dean, which won 0.46 of its 4-player games with it:
Agricola's holder x1.33-1.54 of its fair share at 4 players; with these wishes and
:data:`DEAN_DUEL_WISHES`, x1.14-1.47, seeds 2 to 7: docs/almamater_balance.md, round 18.)"""
DEAN_WISHES: tuple[str, ...] = ("Biringuccio", "Copernicus", "Agricola", "Marschalk")
"""The chancellors the dean chooses, first wish first (any other: at random). Not Alberti: a
dean taking Alberti first whenever it is drawn (so that no scholar gets it) was measured in
issue 27's twelfth round (the 8 scholar/dean line-ups, 200 games each, seed 5): Alberti's
holder won x1.88 / x2.24 / x2.48 of the fair share at 2 / 3 / 4 players (x1.89 / x1.89 /
x2.15 with these wishes): free lectures pay any plan that holds professors, so denying the
scholar Alberti only hands it to the dean (docs/almamater_balance.md). In a 2-player game
:data:`DEAN_DUEL_WISHES`."""
DEAN_DUEL_WISHES: tuple[str, ...] = ("Agricola", "Biringuccio", "Copernicus", "Marschalk")
"""The dean's wishes in a 2-player game: Agricola first. (Until issue 27's eighteenth round it
wished as at 3 and 4 players. Measured then, round 17's data, 400 games a seed, seeds 2 to 7:
in its duels with the scholar the dean won 0.50 of the games it held Agricola, 0.38 with
Biringuccio and 0.41 with Copernicus, and the scholar won 0.52-0.60 of those duels. At 3 and
4 players the dean keeps :data:`DEAN_WISHES`: there it won 0.46 of its 4-player games with
Agricola, already the strongest seat at that table.)"""

SCHOLAR_FIRST: tuple[str, ...] = ("Alberti",)
"""When one of these chancellors is among those drawn, the scholar drafts its founding cards
for turn order (:func:`_setup_choice`): the lowest white sum chooses its chancellor first,
and the cards with low white numbers give fewer resources, so it pays for the pick. (Until
issue 27's sixteenth round it drafted for resources alone, and in the judge's 2-player
line-ups it won 0.79-0.86 of the games where it held Alberti, at no price; with this draft
and that round's founding cards, 0.55-0.67, seeds 2 and 3: docs/almamater_balance.md.)"""
SCHOLAR_BOOKS = 8
"""The scholar buys books (Colloquium, Antiquarian, starting student) while it holds fewer
than this many (it was 4 until issue 27: it then spent its last masters at the Bishop and
ended 3- and 4-player games with 16-27 ducats it never used)."""
SCHOLAR_KEEP = 6
"""The scholar keeps new own textbooks in storage while it holds at most this many books;
the rest go into the library (:func:`_shelve_surplus`), where each pays a ducat at every
income and is for sale. (It kept up to :data:`SCHOLAR_BOOKS`, 8, until issue 27's twelfth
round: in 2-player scholar mirrors the Colloquium then had 0.94-0.96 visits a game, little
being for sale; with 6, 1.30 [1.11, 1.49] (200 games, seed 5), and the 8 scholar/dean
line-ups of the balance report moved by less than their intervals.)"""
SCHOLAR_IDLE = 1
"""When at least this many of its professors are ready and it has no book to lecture with,
the scholar buys its own textbooks at the starting student before it hires a professor or a
student: a lecture is its plan. (Until issue 27's thirteenth round it bought books only
after professors, students and research, and gave 17 lectures a game where Alberti's
holder, paying no book, gave 26. With that round's kit defaults, 200 games a line-up, the
2-player scholar won 0.32 of its duels against the dean without this (seed 27), 0.51 with it
and 0.64 with 1 idle professor (seed 5); 400 games, seeds 2 and 3, with
:data:`DEAN_PARK_DUCATS` 10: 0.56 and 0.51.) 1 since issue 27's seventeenth round (it was 2):
with round 16's kit defaults the scholar, which pays for Alberti at the draft, won 0.41-0.49
of its duels with the dean; with 1, the founding cards of white 1 to 4 a point lower and the
Colloquium's dictionary at 3 ducats, 0.52-0.60 (400 games a line-up of the judge's suite,
seeds 2 to 5): a scholar whose one ready professor lectures needs Alberti less, and
Alberti's holder at 4 players fell from x1.36-1.49 to x1.25-1.33
(docs/almamater_balance.md)."""
PARK_DUCATS = 10
"""With this many ducats the scholar buys prestige at the Park (3 ducats a prestige, better
than the 4:1 of the final scoring) rather than going to the Bishop for more (the dean:
:data:`DEAN_PARK_DUCATS`)."""


def scholar_bot(
    spec: AlmaMaterSpec, state: GameState, legal: Sequence[Action], rng: np.random.Generator
) -> Action:
    """Research and professors: busts, lectures, its own textbooks when
    :data:`SCHOLAR_IDLE` professors wait for a book, the academy, a student (the best it can pay
    by :func:`_best_student`: students score, and a field may need them), the lab, then
    books while it holds fewer than :data:`SCHOLAR_BOOKS` (the Colloquium, the Antiquarian:
    the colour its next student needs, then its own), the Park with :data:`PARK_DUCATS`
    ducats or in the last round (3 ducats a prestige there, 4 at the end; the Bishop's
    ducats and turn order are worth little then), and the Bishop.
    New own textbooks stay in storage (lectures and research steps are paid with them) up
    to :data:`SCHOLAR_KEEP` books and the storage limit; the surplus goes into the library
    (:func:`_shelve_surplus`). At setup it chooses the first of :data:`SCHOLAR_WISHES` (at 3
    and 4 players :data:`SCHOLAR_CROWD_WISHES`) that is drawn, and drafts its founding cards
    for turn order when a chancellor of :data:`SCHOLAR_FIRST` is drawn (for resources
    otherwise)."""
    if state.pending and isinstance(legal[0], ShelveTextbooks):
        return _shelve_surplus(spec, state, legal, SCHOLAR_KEEP)
    decided = _decision(spec, state, legal, shelve=False)
    if decided is not None:
        return decided
    if state.phase != "action":
        wish = _chancellor(legal, SCHOLAR_WISHES if spec.players == 2 else SCHOLAR_CROWD_WISHES)
        return wish or _setup_choice(spec, state, legal, rng, SCHOLAR_FIRST)
    seat = state.current
    assert seat is not None
    p = state.players[seat]
    need = _needer(spec, state, seat)
    books = p.books < SCHOLAR_BOOKS
    park = p.ducats >= PARK_DUCATS or state.round == state.rounds
    last = state.round == state.rounds  # books bought now pay only for this round
    return _first(
        legal,
        lambda: _best(legal, HallOfFame),
        lambda: _best(legal, GiveLecture, key=lambda a: -_book_value(state, seat, a.book)),
        # professors standing idle for want of a book: own textbooks first
        lambda: (
            _best(legal, BuyTextbooks, key=lambda a: a.count)
            if sum(x not in p.exhausted for x in p.professors) >= SCHOLAR_IDLE
            and not any(isinstance(a, GiveLecture) for a in legal)
            else None
        ),
        lambda: _best(
            legal, HireProfessor, key=lambda a: spec.components.professor(a.professor).prestige
        ),
        # students score, and a research field may need them: the best one it can pay
        lambda: _best_student(spec, state, legal),
        lambda: _best(legal, Research, key=lambda a: a.paid_steps),
        lambda: _best(legal, Park, key=lambda a: a.prestige) if last else None,
        lambda: (
            _best(legal, Colloquium, key=lambda a: a.books, where=lambda a: a.books > 0)
            if books
            else None
        ),
        lambda: (
            _best(
                legal,
                Antiquarian,
                key=lambda a: a.offer,
                where=lambda a: a.colour == need(),
            )
            if books
            else None
        ),
        lambda: (
            _best(legal, Antiquarian, key=lambda a: a.offer, where=lambda a: a.colour == p.colour)
            if books
            else None
        ),
        lambda: _best(legal, BuyTextbooks, key=lambda a: a.count) if books else None,
        lambda: _best(legal, Park, key=lambda a: a.prestige) if park else None,
        lambda: _best(legal, Bishop, key=lambda a: -a.masters),
    )


def _first(legal: Sequence[Action], *plan: Callable[[], Action | None]) -> Action:
    """The first action a plan offers: each step of ``plan`` is asked in turn (a step that
    looks ahead costs engine steps, so only when every earlier step has nothing); the last
    legal action (Pass) when none offers one."""
    for choose in plan:
        action = choose()
        if action is not None:
            return action
    return legal[-1]


DEAN_PROFESSORS = 5
"""The dean hires professors until it holds this many (until issue 27 it never visited the
Academy: its printed prestige and a lecture a round pay for a professor hired early; 2 at
first, then 3 until round 4, then 5 in any round once it weighed a professor against its
best student by value (:func:`professor_value` counts the lectures still to come): with 3
and professors only when no student was on offer it held 1.1 a 2-player game against the
scholar and ended with some 20 ducats unspent, and academy_Law had 0.33 visits a 2-player
dean mirror, 0.64 in dean+search)."""
DEAN_PARK_DUCATS = 10
"""With this many ducats the dean buys prestige at the Park before it buys books (10 until
issue 27; measured, 400 games, seed 2: 2-player scholar vs dean 0.642 at 10, 0.598 at 11,
0.568 at 12, 0.492 at 14, while the dean in scholar+scholar+dean+greedy rose from x1.33 to
x1.51, x1.61 and x2.00: 11 kept both inside the issue's limits). 10 again since issue 27's
thirteenth round: with that round's kit defaults and :data:`SCHOLAR_IDLE` (400 games a
line-up, seed 2) the dean in scholar+scholar+dean+greedy was x1.64 [1.45, 1.84] at 11 and
x1.42 [1.24, 1.61] at 10, the 2-player scholar 0.492 and 0.555 of its duels."""


def dean_bot(
    spec: AlmaMaterSpec, state: GameState, legal: Sequence[Action], rng: np.random.Generator
) -> Action:
    """Students in both rows: busts, then a student or a professor, whichever is worth more:
    the student it can pay worth most by :func:`_best_student` (rows kept even, end
    prestige, income: its gain in :func:`greedy_value`), the professor worth most by
    :func:`professor_value` (printed prestige, milestones, its lectures to come, its price),
    a professor only while it holds fewer than :data:`DEAN_PROFESSORS`; then a lecture, the
    lab (milestones count once per professor), the Park with :data:`DEAN_PARK_DUCATS` ducats
    or more, books for the next student (Colloquium, Antiquarian), textbooks onto the sale
    shelf, the Park, the Bishop.
    New own textbooks go straight into the library. At setup it chooses the first of
    :data:`DEAN_WISHES` (in a 2-player game :data:`DEAN_DUEL_WISHES`) that is drawn."""
    decided = _decision(spec, state, legal, shelve=True)
    if decided is not None:
        return decided
    if state.phase != "action":
        wish = _chancellor(legal, DEAN_DUEL_WISHES if spec.players == 2 else DEAN_WISHES)
        return wish or _setup_choice(spec, state, legal, rng)
    seat = state.current
    assert seat is not None
    p = state.players[seat]
    hall = _best(legal, HallOfFame)
    if hall is not None:
        return hall
    need = _needer(spec, state, seat)
    student, student_value = _student_choice(spec, state, legal)
    professor = (
        _best_professor(spec, state, legal, rng) if len(p.professors) < DEAN_PROFESSORS else None
    )
    if professor is not None and student is not None:
        gain = student_value - greedy_value(spec, state, seat)
        worth = professor_value(spec, state, professor) - GREEDY_MASTER * professor.masters
        if worth > gain:
            student = None
    return _first(
        legal,
        lambda: student,
        lambda: professor,
        lambda: _best(legal, GiveLecture, key=lambda a: -_book_value(state, seat, a.book)),
        lambda: _best(legal, Research, key=lambda a: a.paid_steps),
        lambda: (
            _best(legal, Park, key=lambda a: a.prestige) if p.ducats >= DEAN_PARK_DUCATS else None
        ),
        lambda: _best(
            legal,
            Colloquium,
            key=lambda a: a.books,
            where=lambda a: a.seller == need(),
        ),
        lambda: _best(
            legal,
            Antiquarian,
            key=lambda a: a.offer,
            where=lambda a: a.colour == need(),
        ),
        lambda: _best(legal, BuyTextbooks, key=lambda a: a.count),
        lambda: _best(legal, Park, key=lambda a: a.prestige),
        lambda: _best(legal, Bishop, key=lambda a: -a.masters),
    )


def _shelve_surplus(
    spec: AlmaMaterSpec, state: GameState, legal: Sequence[Action], keep: int
) -> Action:
    """Answer "where do the new own textbooks go?": into storage as long as the player holds
    at most ``keep`` books and no more than its storage limit; the new ones beyond that into
    the library, where each pays a ducat at every income and may sell at the Colloquium
    (its price to the owner, and the compartment's prestige), where in storage a book over
    the limit goes back to the supply at the round's end for nothing.

    (Until issue 27 the scholar kept every book: nobody could buy at the Colloquium in a
    scholar mirror, 0.00 visits a game, and Alberti's holder returned about 4 books a game.)
    """
    seat = state.current
    assert seat is not None
    p = state.players[seat]
    surplus = p.books - min(keep, storage_limit(spec, p))
    count = max(0, min(surplus, len(legal) - 1))
    return next(a for a in legal if getattr(a, "count", -1) == count)


def _book_value(state: GameState, seat: int, colour: str) -> float:
    """Cheapest books to spend: own textbooks first, then low-ranked colours."""
    if colour == "none":
        return 0.0
    for i, p in enumerate(state.players):
        if p.colour == colour:
            return 0.5 if i == seat else 5 - state.rank_of(i)
    return 9.0


def _needer(spec: AlmaMaterSpec, state: GameState, seat: int) -> Callable[[], str]:
    """:func:`_needed_colour`, worked out at the first call only (a plan may not ask)."""
    found: list[str] = []

    def need() -> str:
        if not found:
            found.append(_needed_colour(spec, state, seat))
        return found[0]

    return need


def _needed_colour(spec: AlmaMaterSpec, state: GameState, seat: int) -> str:
    """The colour most missing for the cheapest price column the player cannot pay yet."""
    p = state.players[seat]
    for column in range(1, len(spec.components.board.campus_columns) + 1):
        books, _ = student_price(spec, state.reputation, column)
        missing = {c: n - p.storage[c] for c, n in books.items() if n > p.storage[c]}
        if missing:
            return spec.colours[max(missing, key=lambda c: missing[c])]
    return p.colour


BOTS: dict[str, Bot] = {
    "random": random_bot,
    "greedy": greedy_bot,
    "scholar": scholar_bot,
    "dean": dean_bot,
    "search": search_bot,
}
