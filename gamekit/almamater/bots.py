"""Bots: each picks one of the legal actions; ties and chance use the Generator passed in.

- ``random``: uniform over the legal actions;
- ``greedy``: the action that raises its score-if-the-game-ended-now the most;
- ``scholar``: a plan of research and professors (lab, academy, lectures, busts);
- ``dean``: a plan of students in both rows (campus, books to pay them, the library).
- ``search``: no strategy, flat Monte Carlo playouts (:mod:`gamekit.almamater.search_bot`).

>>> from gamekit.almamater.rules import new_game, legal_actions
>>> from gamekit.almamater.spec import make_spec
>>> from gamekit.core.rng import make_rng
>>> spec = make_spec(2); s = new_game(spec, seed=0)
>>> str(BOTS["scholar"](spec, s, legal_actions(spec, s), make_rng(0))).startswith("keep")
True
"""

from __future__ import annotations

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


def greedy_bot(
    spec: AlmaMaterSpec, state: GameState, legal: Sequence[Action], rng: np.random.Generator
) -> Action:
    """The action with the best immediate gain in score-if-the-game-ended-now.

    Ties go to a random non-pass action; it passes only when every other action loses score.
    """
    seat = state.current
    assert seat is not None
    if state.phase != "action" and not state.pending:
        return _setup_choice(spec, state, legal, rng)
    base = player_score(spec, state, seat).total
    best: list[Action] = []
    best_gain = 0.0
    for action in legal:
        if isinstance(action, Pass):
            continue
        if state.phase != "action":  # a decision at the round's end: judge it alone
            return _decision(spec, state, legal, shelve=False) or legal[0]
        after = step(spec, state, action, check=False, narrate=False).state
        gain = player_score(spec, after, seat).total - base
        if gain > best_gain:
            best, best_gain = [action], gain
        elif gain == best_gain:
            best.append(action)
    if not best:
        return legal[-1]
    return best[_pick(rng, len(best))]


def _setup_choice(
    spec: AlmaMaterSpec, state: GameState, legal: Sequence[Action], rng: np.random.Generator
) -> Action:
    """Draft: keep the card with most resources; discard the least; chancellor at random."""
    if isinstance(legal[0], (DraftKeep, DiscardFounding)):

        def value(a: Action) -> float:
            card = spec.founding[a.card]  # type: ignore[attr-defined]
            g = card.gain
            return (
                g.ducats
                + g.textbooks
                + 3 * g.dictionaries
                + 3 * g.research
                + 2 * g.prestige
                - 0.5 * card.white
            )

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


def _chancellor(legal: Sequence[Action], wishes: tuple[str, ...]) -> Action | None:
    for name in wishes:
        for a in legal:
            if isinstance(a, ChooseChancellor) and a.name == name:
                return a
    return None


def scholar_bot(
    spec: AlmaMaterSpec, state: GameState, legal: Sequence[Action], rng: np.random.Generator
) -> Action:
    """Research and professors: busts, lectures, the academy, the lab (a cheap student when
    a field needs students), then books (the Colloquium, the Antiquarian) and money.
    New own textbooks stay in storage (lectures and research steps are paid with them)."""
    decided = _decision(spec, state, legal, shelve=False)
    if decided is not None:
        return decided
    if state.phase != "action":
        wish = _chancellor(legal, ("Da Vinci", "Alberti", "Paracelsus", "Agricola"))
        return wish or _setup_choice(spec, state, legal, rng)
    seat = state.current
    assert seat is not None
    p = state.players[seat]
    plan: list[Action | None] = [
        _best(legal, HallOfFame),
        _best(legal, GiveLecture, key=lambda a: -_book_value(state, seat, a.book)),
        _best(legal, HireProfessor, key=lambda a: spec.components.professor(a.professor).prestige),
        _best(legal, Research, key=lambda a: a.paid_steps),
        # a research field may need students: the cheapest student opens the way
        _best(legal, HireStudent, key=lambda a: -a.column),
    ]
    if p.books < 4:
        plan.append(_best(legal, Colloquium, key=lambda a: a.books, where=lambda a: a.books > 0))
        plan.append(
            _best(legal, Antiquarian, key=lambda a: a.offer, where=lambda a: a.colour == p.colour)
        )
        plan.append(_best(legal, BuyTextbooks, key=lambda a: a.count))
    plan.append(_best(legal, Bishop, key=lambda a: -a.masters))
    for action in plan:
        if action is not None:
            return action
    return legal[-1]


def dean_bot(
    spec: AlmaMaterSpec, state: GameState, legal: Sequence[Action], rng: np.random.Generator
) -> Action:
    """Students in both rows: busts, the dearest student into the shorter row, books for the
    next student (Colloquium, Antiquarian), textbooks onto the sale shelf, the Park with
    10 ducats or more, the Bishop.
    New own textbooks go straight into the library."""
    decided = _decision(spec, state, legal, shelve=True)
    if decided is not None:
        return decided
    if state.phase != "action":
        wish = _chancellor(legal, ("Biringuccio", "Copernicus", "Agricola", "Marschalk"))
        return wish or _setup_choice(spec, state, legal, rng)
    seat = state.current
    assert seat is not None
    p = state.players[seat]
    shorter = "A" if len(p.row_a) <= len(p.row_b) else "B"
    need = _needed_colour(spec, state, seat)
    plan: list[Action | None] = [
        _best(legal, HallOfFame),
        _best(  # the dearest student, on the row needing fewest masters (ties: at random)
            legal,
            HireStudent,
            key=lambda a: 10 * a.column - a.masters + rng.random(),
            where=lambda a: a.hall == shorter,
        ),
        _best(legal, GiveLecture, key=lambda a: -_book_value(state, seat, a.book)),
        _best(legal, Park, key=lambda a: a.prestige) if p.ducats >= 10 else None,
        _best(legal, Colloquium, key=lambda a: a.books, where=lambda a: a.seller == need),
        _best(legal, Antiquarian, key=lambda a: a.offer, where=lambda a: a.colour == need),
        _best(legal, BuyTextbooks, key=lambda a: a.count),
        _best(legal, Research, key=lambda a: a.paid_steps),
        _best(legal, Park, key=lambda a: a.prestige),
        _best(legal, Bishop, key=lambda a: -a.masters),
    ]
    for action in plan:
        if action is not None:
            return action
    return legal[-1]


def _book_value(state: GameState, seat: int, colour: str) -> float:
    """Cheapest books to spend: own textbooks first, then low-ranked colours."""
    if colour == "none":
        return 0.0
    for i, p in enumerate(state.players):
        if p.colour == colour:
            return 0.5 if i == seat else 5 - state.rank_of(i)
    return 9.0


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
