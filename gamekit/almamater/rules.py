"""Alma Mater rules: legal actions, steps, the end of each round, and the outcome.

>>> from gamekit.almamater.spec import make_spec
>>> spec = make_spec(2)
>>> s = new_game(spec, seed=3)
>>> actions = legal_actions(spec, s)
>>> str(actions[0]).startswith("keep founding card")
True
>>> s2 = apply(spec, s, actions[0])
>>> s2.current
1
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamekit.almamater import phrases as ph
from gamekit.almamater import placements as pl
from gamekit.almamater import spaces as sp
from gamekit.almamater import words
from gamekit.almamater.actions import (
    PLACEMENTS,
    ChooseChancellor,
    DiscardFounding,
    DraftKeep,
    GiveLecture,
    HireProfessor,
    Pass,
)
from gamekit.almamater.checks import why_illegal
from gamekit.almamater.decisions import (
    decision_options,
    do_decision,
    queue_shelving,
)
from gamekit.almamater.moves import Work
from gamekit.almamater.phases import PHASES
from gamekit.almamater.records import STEPS_PER_CARD
from gamekit.almamater.rounds import administration_finish, administration_start, income
from gamekit.almamater.scoring import Score, final_score
from gamekit.almamater.setup import (
    begin_play,
    choose_chancellor,
    discard_founding,
    draft_keep,
    new_game,
)
from gamekit.almamater.spec import OPEN_SPACES, AlmaMaterSpec
from gamekit.almamater.state import GameState, PlayerState
from gamekit.core.actions import Action, Outcome, Step, field_problem, field_words
from gamekit.core.errors import IllegalAction
from gamekit.core.events import Line, Words

__all__ = [
    "PHASES",
    "apply",
    "current_player",
    "describe",
    "legal_actions",
    "new_game",
    "outcome",
    "outcome_now",
    "player_score",
    "step",
]


def current_player(state: GameState) -> int | None:
    """The seat that must act now (a waiting decision's owner first), or ``None`` when
    the game is over (Alma Mater has no chance steps after setup).

    >>> from gamekit.almamater.spec import make_spec
    >>> current_player(new_game(make_spec(2), seed=3))
    0
    """
    return state.current


def legal_actions(spec: AlmaMaterSpec, state: GameState) -> list[Action]:
    """The actions the player to move may take, in a fixed order (empty when the game is over).

    The action types are the current phase's row of :data:`PHASES`, in the table's order
    (action phase: lectures, Campus, starting student, Academy, Antiquarian, Laboratory,
    Park, Hall of fame, Bishop, Colloquium, then Pass); a player without a free master
    only lectures or passes. While a decision waits (``state.pending``: where new own
    textbooks go, which books leave a full storage), only its options
    (:mod:`gamekit.almamater.decisions`), and its owner is ``state.current``.
    """
    seat = state.current
    if seat is None:
        return []
    if state.pending:
        return decision_options(spec, state)
    p = state.players[seat]
    out: list[Action] = []
    if p.masters > p.placed:
        for options in _OPTIONS[state.phase]:
            out.extend(options(spec, state, p))
    else:
        for options in _OPTIONS[state.phase]:
            if options not in _PLACING:
                out.extend(options(spec, state, p))
    return out


def step(
    spec: AlmaMaterSpec,
    state: GameState,
    action: Action,
    *,
    check: bool = True,
    narrate: bool = True,
) -> Step[GameState]:
    """Apply ``action`` for the player to move; returns the next state and the events.

    Raises :class:`~gamekit.core.errors.IllegalAction` (state unchanged) when the action is
    not legal now. ``check=False`` skips the check (for bots that choose from
    :func:`legal_actions`); ``narrate=False`` skips the events (for fast simulation).
    """
    if check:
        _check(spec, state, action)
    seat = state.current
    assert seat is not None
    w = Work(spec, state, narrate)
    if state.pending:
        do_decision(w, action)
        if not w.g["pending"]:
            _RESUME[w.g["phase"]](w)
    else:
        _DO[type(action)](w, seat, action)
    return Step(w.freeze(), tuple(w.events))


def apply(spec: AlmaMaterSpec, state: GameState, action: Action) -> GameState:
    """``step(spec, state, action).state``: the checked next state."""
    return step(spec, state, action).state


def _check(spec: AlmaMaterSpec, state: GameState, action: Action) -> None:
    legal = legal_actions(spec, state)
    try:  # one search of the list (each action compared with == is a Python call)
        found = legal[legal.index(action)]
    except ValueError:
        found = None
    if found is not None and repr(found) == repr(action):
        return  # equal is not enough: Bishop(True) == Bishop(1) (True == 1 == 1.0)
    problem = field_problem(action)  # its words: the core phrasebook's (any language)
    reason = Line(problem, field_words(action)) if problem else why_illegal(spec, state, action)
    if reason is None:  # the reasons follow the options; tests/almamater/test_reasons.py
        reason = ph.said("no.not_now")
    raise IllegalAction(reason, action, words=getattr(reason, "words", None))


def action_space(spec: AlmaMaterSpec, action: Action) -> str | None:
    """The action space an action places masters on (``None`` for lectures, passing and
    setup choices); a front-end uses it to show where masters stand.

    >>> from gamekit.almamater.actions import Bishop
    >>> from gamekit.almamater.spec import make_spec
    >>> action_space(make_spec(2), Bishop(masters=1))
    'bishop'
    """
    if isinstance(action, HireProfessor):
        try:
            return f"academy_{spec.components.professor(action.professor).faculty}"
        except KeyError:
            return None
    get = sp.SPACE_OF.get(type(action))
    return get(action) if get else None


def _act(w: Work, seat: int, action: Action) -> None:
    if isinstance(action, Pass):
        w.set(seat, passed=True)
        if w.narrate:
            w.log("pass", Words("pass", player=w.who(seat)), seat)
    else:
        space = action_space(w.spec, action)
        masters = getattr(action, "masters", 0)
        if getattr(action, "pereira", False):
            w.set(seat, placed=w.p[seat].placed + masters, pereira_used=True)
            if w.narrate:
                said = Words(
                    "place.pereira",
                    player=w.who(seat),
                    masters=ph.amount("masters", masters),
                    space=ph.space(space or ""),
                )
                w.log("place", said, seat, masters)
        elif space is not None:
            w.set(seat, placed=w.p[seat].placed + masters)
            if space not in ("starting_student", *OPEN_SPACES):
                spaces = list(w.g["spaces"])
                spaces[w.spec.space_index(space)] = masters
                w.g["spaces"] = tuple(spaces)
            if w.narrate:
                said = Words(
                    "place",
                    player=w.who(seat),
                    masters=ph.amount("masters", masters),
                    space=ph.space(space),
                )
                w.log("place", said, seat, masters)
        sp.DOERS[type(action)](w, seat, action)
    queue_shelving(w, (seat,))
    if not w.g["pending"]:
        _next_turn(w)


def _next_turn(w: Work) -> None:
    order = w.g["order"]
    n = len(order)
    for k in range(1, n + 1):
        i = (w.g["turn"] + k) % n
        if not w.p[order[i]].passed:
            w.g["turn"] = i
            return
    # everyone has passed: the round ends
    w.enter("administration")
    if w.narrate:
        w.log("phase", Words("phase.administration.begins"))
    administration_start(w)
    if not w.g["pending"]:
        _finish_round(w)


def _finish_round(w: Work) -> None:
    last = administration_finish(w)
    w.enter("income")
    if w.narrate:
        w.log("phase", Words("phase.income.begins"))
    income(w)
    if last:
        w.enter("over")
        if w.narrate:
            w.log("over", Words("over"))
        return
    queue_shelving(w, w.g["order"])
    if not w.g["pending"]:
        _next_round(w)


def _next_round(w: Work) -> None:
    w.enter("action")
    w.g["turn"] = 0
    if w.narrate:
        w.log("round", Words("round.action", round=w.g["round"]))


def _choose(w: Work, seat: int, action: ChooseChancellor) -> None:
    choose_chancellor(w, seat, action.name)
    if w.g["chancellor_pool"] == ():  # the last choice: founding resources handed out
        queue_shelving(w, w.g["order"])
        if not w.g["pending"]:
            begin_play(w)


def _options_of(cls: type[Action], field: str) -> Callable[..., list[Action]]:
    """Options of a setup choice: one action per entry of a player or game field."""

    def options(spec: AlmaMaterSpec, s: GameState, p: PlayerState) -> list[Action]:
        values = getattr(s, field) if field == "chancellor_pool" else sorted(getattr(p, field))
        return [pl.mk(cls, value) for value in values]

    return options


def _pass_option(spec: AlmaMaterSpec, s: GameState, p: PlayerState) -> list[Action]:
    return [pl.mk(Pass)]


_OPTIONS_OF: dict[type[Action], Callable[..., list[Action]]] = {
    DraftKeep: _options_of(DraftKeep, "hand"),
    DiscardFounding: _options_of(DiscardFounding, "kept"),
    ChooseChancellor: _options_of(ChooseChancellor, "chancellor_pool"),
    Pass: _pass_option,
    **sp.OPTIONS_OF,
}
# the options of each phase, in the table's order (decisions are offered while one waits)
_OPTIONS = {
    phase.name: tuple(_OPTIONS_OF[t] for t in phase.actions if t in _OPTIONS_OF)
    for phase in PHASES.phases
}
_PLACING = frozenset(sp.OPTIONS_OF[t] for t in PLACEMENTS)  # these need a free master
_DO: dict[type[Action], Callable[[Work, int, Any], None]] = {
    DraftKeep: lambda w, seat, a: draft_keep(w, seat, a.card),
    DiscardFounding: lambda w, seat, a: discard_founding(w, seat, a.card),
    ChooseChancellor: _choose,
    **{t: _act for t in (Pass, GiveLecture, *PLACEMENTS)},
}
# how a phase goes on once its waiting decisions are answered
_RESUME: dict[str, Callable[[Work], None]] = {
    "chancellor": begin_play,
    "action": _next_turn,
    "administration": _finish_round,
    "income": _next_round,
}


def player_score(spec: AlmaMaterSpec, state: GameState, seat: int) -> Score:
    """Final scoring of ``seat`` as if the game ended now."""
    p = state.players[seat]
    c = spec.components
    math = sum(
        c.student(n).gain.prestige for n in (*p.row_a, *p.row_b) if c.student(n).timing == "end"
    )
    return final_score(
        players=spec.players,
        prestige=p.prestige,
        textbooks=p.all_textbooks,
        ducats=p.ducats,
        dictionaries=p.dictionaries,
        reputation_rank=state.rank_of(seat),
        milestones=p.research // STEPS_PER_CARD,
        professors=[c.professor(n).prestige for n in p.professors],
        math_prestige=math,
        row_a=len(p.row_a),
        row_b=len(p.row_b),
        busts=len(p.busts),
        components=c,
    )


def outcome(spec: AlmaMaterSpec, state: GameState) -> Outcome | None:
    """``None`` while the game runs; then winners, ranking, totals and the score lines.

    Ties: most ducats left after the 4:1 conversion, then a shared win (kit default).
    """
    if state.phase != "over":
        return None
    return outcome_now(spec, state, f"after round {state.rounds}")


def outcome_now(spec: AlmaMaterSpec, state: GameState, termination: str) -> Outcome:
    """The outcome if the game ended at ``state`` (any position): the final scoring now,
    ranked as :func:`outcome` ranks it. A table that ends a game early (a round or time
    limit, "End the game now") names the winner by this score so far.

    >>> from gamekit.almamater.spec import make_spec
    >>> spec = make_spec(2); s = new_game(spec, seed=1)
    >>> now = outcome_now(spec, s, "ended by the teacher")
    >>> now.termination, now.scores == tuple(player_score(spec, s, i).total for i in (0, 1))
    ('ended by the teacher', True)
    """
    scores = [player_score(spec, state, seat) for seat in range(spec.players)]
    key = [(s.total, s.ducats_left) for s in scores]
    ranking = tuple(sorted(range(spec.players), key=lambda i: (-key[i][0], -key[i][1], i)))
    best = key[ranking[0]]
    winners = tuple(i for i in ranking if key[i] == best)
    return Outcome(
        termination,
        winners=winners,
        ranking=ranking,
        scores=tuple(s.total for s in scores),
        breakdown=tuple(s.all_lines() for s in scores),
    )


def describe(spec: AlmaMaterSpec, state: GameState, action: Action, lang: str = "en") -> str:
    """The words of a button for ``action``, with the prices of this position, in English
    or German (``lang="de"``); see :func:`gamekit.almamater.words.describe`.

    >>> from gamekit.almamater.actions import HireStudent
    >>> from gamekit.almamater.spec import make_spec
    >>> spec = make_spec(2); s = new_game(spec, seed=0)
    >>> describe(spec, s, HireStudent(1, 1, 1, s.campus[0][0], "A")).endswith("into row A")
    True
    """
    return words.describe(spec, state, action, lang)
