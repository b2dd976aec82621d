"""Scholar and dean choose students one step ahead and spend what they hold (issue 27).

Before: the scholar took the cheapest student, always into row A (its row A x row B line
scored 0.5-1.1 a game), bought books only while it held fewer than 4 and never went to the
Park, so in 4-player games it ended with about 27 ducats (worth 6 prestige at 4:1); the
dean took the dearest student into the shorter row and so left the Mathematics students'
end prestige to others. Each test below fails on those bots (checked on the commit before
this file's: see the commit message)."""

from __future__ import annotations

from gamekit.almamater.actions import Bishop, BuyTextbooks, HireStudent, Park, Pass, Research
from gamekit.almamater.bots import BOTS, DEAN_PARK_DUCATS, _best_student, greedy_value
from gamekit.almamater.rules import legal_actions, step
from gamekit.almamater.setup import new_game
from gamekit.almamater.simulate import play_game
from gamekit.almamater.spec import make_spec
from gamekit.almamater.state import GameState, replace
from gamekit.core.rng import make_rng


def _games(names: tuple[str, ...], seeds: range):
    """Seeded games, the line-up turned by one seat each game; yields (names, final state)."""
    spec = make_spec(len(names))
    for seed in seeds:
        order = names[seed % len(names) :] + names[: seed % len(names)]
        yield order, play_game(spec, [BOTS[n] for n in order], seed=seed)


def test_the_scholar_fills_both_lecture_rows() -> None:
    # 8 two-player games against the dean: the old scholar put every student into row A
    # (row B 0.18 students a game); now row B holds a student in every one of these games
    rows = []
    for order, state in _games(("scholar", "dean"), range(8)):
        p = state.players[order.index("scholar")]
        rows.append((len(p.row_a), len(p.row_b)))
    assert all(b >= 1 for _, b in rows), rows
    assert sum(a * b for a, b in rows) >= 8 * 3, rows


def test_the_scholar_buys_prestige_at_the_park_rather_than_ducats_at_the_bishop() -> None:
    # a real position of a seeded game (the scholar to place, round 1) with 12 ducats and
    # only the Park, the Bishop and Pass offered: 12 ducats buy 4 prestige at the Park (3
    # a prestige; 3 at the end's 4:1); the old scholar went to the Bishop for more ducats
    spec = make_spec(2)
    rng = make_rng(4)
    state = new_game(spec, seed=rng)
    while state.phase != "action" or state.pending:
        state = step(
            spec, state, BOTS["scholar"](spec, state, legal_actions(spec, state), rng)
        ).state
    seat = state.current
    assert seat is not None
    rich = replace(state.players[seat], ducats=12)
    state = replace(
        state, players=tuple(rich if i == seat else p for i, p in enumerate(state.players))
    )
    offered = [a for a in legal_actions(spec, state) if isinstance(a, (Park, Bishop, Pass))]
    assert any(isinstance(a, Park) for a in offered) and any(isinstance(a, Bishop) for a in offered)
    chosen = BOTS["scholar"](spec, state, offered, make_rng(0))
    assert isinstance(chosen, Park) and chosen.prestige == 4, chosen


def test_the_student_chosen_is_worth_most_one_step_ahead() -> None:
    # at every student the dean hires in 6 seeded games, no other legal student (same
    # Pereira use) is worth more by greedy_value after it, masters counted
    spec = make_spec(2)
    checked = 0
    for seed in range(6):
        rng = make_rng(seed)
        state = new_game(spec, seed=rng)
        bots = [BOTS["dean"], BOTS["scholar"]]
        while state.phase != "over":
            seat = state.current
            assert seat is not None
            legal = legal_actions(spec, state)
            action = bots[seat](spec, state, legal, rng)
            if isinstance(action, HireStudent):
                assert action == _best_student(spec, state, legal)

                def worth(a: HireStudent, seat: int = seat, state: GameState = state) -> float:
                    after = step(spec, state, a, check=False, narrate=False).state
                    return greedy_value(spec, after, seat) - a.masters

                same = [
                    a for a in legal if isinstance(a, HireStudent) and a.pereira == action.pereira
                ]
                assert worth(action) >= max(worth(a) for a in same) - 1e-9
                checked += 1
            state = step(spec, state, action, check=False, narrate=False).state
    assert checked >= 12


def test_the_dean_hires_mathematics_students() -> None:
    # 8 two-player games against the scholar: the old dean's Mathematics students scored
    # 3.7 prestige a game, the new one's about 9.6 (200 games, seed 2)
    spec = make_spec(2)
    math = 0
    for order, state in _games(("dean", "scholar"), range(8)):
        p = state.players[order.index("dean")]
        c = spec.components
        math += sum(
            c.student(n).gain.prestige for n in (*p.row_a, *p.row_b) if c.student(n).timing == "end"
        )
    assert math >= 8 * 6, math


def _position(who: str, kinds: tuple[type, ...]) -> tuple[GameState, list]:
    """The first position of seeded scholar-vs-dean games where ``who`` is to place and
    each of ``kinds`` is legal; with the legal actions of those kinds (and Pass)."""
    spec = make_spec(2)
    names = ("scholar", "dean")
    for seed in range(20):
        rng = make_rng(seed)
        state = new_game(spec, seed=rng)
        while state.phase != "over":
            seat = state.current
            assert seat is not None
            legal = legal_actions(spec, state)
            offered = [a for a in legal if isinstance(a, (*kinds, Pass))]
            if (
                names[seat] == who
                and state.phase == "action"
                and not state.pending
                and all(any(isinstance(a, k) for a in offered) for k in kinds)
            ):
                return state, offered
            state = step(spec, state, BOTS[names[seat]](spec, state, legal, rng)).state
    raise AssertionError(f"no position with {kinds} for {who}")


def _holding(
    spec: object, state: GameState, ducats: int, kinds: tuple[type, ...]
) -> tuple[GameState, list]:
    """``state`` with the player to act holding ``ducats``, and its legal actions of
    ``kinds`` (and Pass)."""
    seat = state.current
    assert seat is not None
    held = replace(state.players[seat], ducats=ducats)
    state = replace(
        state, players=tuple(held if i == seat else p for i, p in enumerate(state.players))
    )
    return state, [a for a in legal_actions(spec, state) if isinstance(a, (*kinds, Pass))]


def test_the_scholar_hires_a_student_before_it_researches() -> None:
    # students score (row A x row B, Mathematics) and fields need them: with a student and
    # a research step both on offer the scholar hires (it researched first until this test)
    spec = make_spec(2)
    state, offered = _position("scholar", (HireStudent, Research))
    assert isinstance(BOTS["scholar"](spec, state, offered, make_rng(0)), HireStudent)


def test_the_dean_researches_before_the_park() -> None:
    # milestones count once per professor: with 12 ducats, the Park and a research step
    # on offer the dean researches (it went to the Park first until this test)
    spec = make_spec(2)
    state, _ = _position("dean", (Park, Research))
    state, offered = _holding(spec, state, 12, (Park, Research))
    assert isinstance(BOTS["dean"](spec, state, offered, make_rng(0)), Research)


def test_the_dean_buys_books_before_the_park_with_ten_ducats() -> None:
    # DEAN_PARK_DUCATS is 11 (it was 10: with 10 the dean went to the Park before books,
    # and the scholar won 0.642 of 400 two-player duels; at 11, 0.598)
    spec = make_spec(2)
    state, _ = _position("dean", (Park, BuyTextbooks))
    for ducats, kind in ((10, BuyTextbooks), (DEAN_PARK_DUCATS, Park)):
        there, offered = _holding(spec, state, ducats, (Park, BuyTextbooks))
        assert isinstance(BOTS["dean"](spec, there, offered, make_rng(0)), kind), ducats
