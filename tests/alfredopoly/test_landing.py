"""The exact landing chain (gamekit.alfredopoly.landing), checked against an independent
brute-force builder written here with exact fractions, hand counts and published values.

Rules cited: rule sheet 2 (doubles, third double), 8 (ways into Probation), 9 (leaving
Probation); kit decisions "Probability conventions" (per roll / per turn, index 40,
1/16 draws, chained moves, any dice).
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamekit.alfredopoly.board import Board, load_board
from gamekit.alfredopoly.landing import (
    LandingOptions,
    State,
    build_chain,
    distributions_after,
    forgetting,
    landing_probabilities,
    resolve_landings,
    visits_and_recurrence,
)
from gamekit.core import markov
from gamekit.core.dice import Dice

JAIL = 40
CLASSIC = load_board("classic")
ALFRED = load_board("alfred")
VARIANTS = [
    LandingOptions(jail=jail, dice=Dice.parse(dice), cards=cards)
    for jail in ("short", "long")
    for dice in ("2d6", "2d4", "3d4", "1d6")
    for cards in (True, False)
]


# --- an independent builder: plain dictionaries, exact fractions, recursion -------------


def _card_target(board: Board, space: int, effect: str, destination: int | None, amount: int):
    if effect == "move_to":
        return destination
    if effect in ("move_nearest_railroad", "move_nearest_utility"):
        kind = effect.removeprefix("move_nearest_")
        return next(
            (space + k) % 40 for k in range(1, 41) if board.spaces[(space + k) % 40].kind == kind
        )
    if effect == "move_back":
        return (space - amount) % 40
    if effect == "go_to_jail":
        return JAIL
    return None


def _rests(board: Board, space: int, cards: bool) -> dict[int, Fraction]:
    """Where a token landing on ``space`` comes to rest (drawing again on card spaces)."""
    s = board.spaces[space]
    if s.kind == "go_to_jail":
        return {JAIL: Fraction(1)}
    if s.kind != "card" or not cards:
        return {space: Fraction(1)}
    deck = board.decks[s.deck]
    out: dict[int, Fraction] = defaultdict(Fraction)
    for c in deck:
        dest = _card_target(board, space, c.effect, c.destination, c.amount)
        if dest is None:
            sub = {space: Fraction(1)}
        elif dest == JAIL:
            sub = {JAIL: Fraction(1)}
        else:
            sub = _rests(board, dest, cards)
        for r, p in sub.items():
            out[r] += p / len(deck)
    return dict(out)


def brute_force(board: Board, opts: LandingOptions) -> dict[tuple, dict[tuple, Fraction]]:
    """Transition probabilities between (position, doubles, tries) states, by the rules."""
    faces = list(itertools.product(range(1, opts.dice.sides + 1), repeat=opts.dice.count))
    w = Fraction(1, len(faces))
    rolls = [(sum(f), len(f) > 1 and len(set(f)) == 1) for f in faces]
    rests = {s: _rests(board, s, opts.cards) for s in range(40)}
    tries = opts.jail_tries if opts.jail == "long" else 1
    states = [(p, d, 0) for p in range(40) for d in range(3)] + [(JAIL, 0, j) for j in range(tries)]
    P: dict[tuple, dict[tuple, Fraction]] = {}
    for p, d, j in states:
        row: dict[tuple, Fraction] = defaultdict(Fraction)
        for total, double in rolls:
            if p == JAIL and opts.jail == "long":
                if double or j == tries - 1:  # leave: no extra roll either way
                    for r, q in rests[(10 + total) % 40].items():
                        row[(r, 0, 0)] += w * q
                else:
                    row[(JAIL, 0, j + 1)] += w
                continue
            start, dd = (10, 0) if p == JAIL else (p, d)  # short: pay, then a normal turn
            if double and dd == 2:
                row[(JAIL, 0, 0)] += w
                continue
            for r, q in rests[(start + total) % 40].items():
                nxt = (JAIL, 0, 0) if r == JAIL else (r, dd + 1 if double else 0, 0)
                row[nxt] += w * q
        P[(p, d, j)] = dict(row)
    return P


def _key(s: State) -> tuple[int, int, int]:
    return (s.position, s.doubles, s.tries)


@pytest.mark.parametrize("opts", VARIANTS, ids=lambda o: o.label)
def test_matrix_equals_brute_force(opts: LandingOptions) -> None:
    chain = build_chain(CLASSIC, opts)
    expected = brute_force(CLASSIC, opts)
    assert [_key(s) for s in chain.states] == list(expected)
    index = {_key(s): i for i, s in enumerate(chain.states)}
    E = np.zeros_like(chain.P)
    for a, row in expected.items():
        for b, p in row.items():
            E[index[a], index[b]] = float(p)
    np.testing.assert_allclose(chain.P, E, rtol=0, atol=1e-15)


@pytest.mark.parametrize("opts", VARIANTS, ids=lambda o: o.label)
def test_rows_sum_to_one_and_pi_is_stationary(opts: LandingOptions) -> None:
    chain = build_chain(ALFRED, opts)
    for per in ("roll", "turn"):
        P = chain.matrix(per)
        assert np.all(P >= 0)
        np.testing.assert_allclose(P.sum(axis=1), 1.0, rtol=0, atol=1e-14)
        pi = chain.stationary(per)
        np.testing.assert_allclose(pi @ P, pi, rtol=0, atol=1e-12)
        assert chain.probabilities(per).sum() == pytest.approx(1.0, abs=1e-12)


# --- hand counts ----------------------------------------------------------------------


def test_first_roll_from_academic_alley_without_cards() -> None:
    """2d6 from space 0, cards off: space 7 by 6 of 36 rolls, none of them a double;
    space 4 by 1+3, 3+1 (turn over) and 2+2 (a double: roll again)."""
    chain = build_chain(ALFRED, LandingOptions(cards=False))
    row = chain.P[chain.states.index(State(0, 0))]
    at = {_key(s): p for s, p in zip(chain.states, row, strict=True) if p}
    assert at[(7, 0, 0)] == pytest.approx(6 / 36, abs=1e-15)
    assert at[(4, 0, 0)] == pytest.approx(2 / 36, abs=1e-15)
    assert at[(4, 1, 0)] == pytest.approx(1 / 36, abs=1e-15)
    assert at[(12, 1, 0)] == pytest.approx(1 / 36, abs=1e-15)
    assert len(at) == 9 + 6  # plain totals 3..11, and the six doubles 2, 4, ..., 12


def test_third_double_goes_to_probation() -> None:
    """From (0, 2 doubles): any double (1/6) goes to Probation without moving; with cards,
    also Chance on 7 (6/36 plain rolls) then its Go to Jail card (1/16): 1/6 + 1/96."""
    off = build_chain(ALFRED, LandingOptions(cards=False))
    on = build_chain(ALFRED, LandingOptions())
    s, j = off.states.index(State(0, 2)), off.states.index(State(40))
    assert off.P[s, j] == pytest.approx(1 / 6, abs=1e-15)
    assert on.P[s, j] == pytest.approx(1 / 6 + 1 / 96, abs=1e-15)


def test_long_jail_tries() -> None:
    """Long strategy: a failed try (5/6) stays in Probation with one more try used; on the
    last try the token always leaves, back to Probation only by 17 (PCC Mail, total 7:
    6/36) or 22 (E-Mail, total 12: 1/36) then the Go to Jail card (1/16): 7/576."""
    chain = build_chain(ALFRED, LandingOptions(jail="long"))
    j0, j1, j2 = (chain.states.index(State(40, 0, t)) for t in range(3))
    assert chain.P[j0, j1] == pytest.approx(5 / 6, abs=1e-15)
    assert chain.P[j1, j2] == pytest.approx(5 / 6, abs=1e-15)
    assert chain.P[j2, j0] == pytest.approx(7 / 576, abs=1e-15)
    # leaving on a double gives no extra roll: every exit lands on a turn-end state
    exits = chain.P[j0] * ~chain.turn_end
    assert exits.sum() == 0


def test_chained_move_draws_again() -> None:
    """Chance on 36, "go back three" (1/16) to Community Chest 33, which keeps the token
    there with 14 of 16 cards and sends it to Go or to jail with one each."""
    res = resolve_landings(CLASSIC)
    assert res.rest[36, 33] == pytest.approx(Fraction(14, 256), abs=1e-15)
    assert res.rest[36, 0] == pytest.approx(1 / 16 + 1 / 256, abs=1e-15)
    assert res.rest[36, 40] == pytest.approx(1 / 16 + 1 / 256, abs=1e-15)
    assert res.rest[36, 5] == pytest.approx(3 / 16, abs=1e-15)  # Reading: 1 + 2 nearest
    assert res.rest[30, 40] == 1.0 and res.rest[24, 24] == 1.0
    np.testing.assert_allclose(res.rest.sum(axis=1), 1.0, atol=1e-15)


def test_one_turn_from_go_ends_in_probation() -> None:
    """Cards off, short jail: a first turn ends in Probation after three doubles (1/216),
    or by reaching space 30 on its last roll: after two doubles (2a, 2b) a plain roll of
    30 - 2a - 2b (counted here by listing the rolls)."""
    chain = build_chain(ALFRED, LandingOptions(cards=False, per="turn"))
    plain = {t: Fraction(6 - abs(t - 7) - (t % 2 == 0), 36) for t in range(3, 12)}
    reach = sum(
        Fraction(1, 36) ** 2 * plain.get(30 - 2 * a - 2 * b, 0)
        for a in range(1, 7)
        for b in range(1, 7)
    )
    p = chain.after(1)[1]
    assert p[40] == pytest.approx(float(Fraction(1, 216) + reach), abs=1e-15)
    assert p[30] == 0


def test_project_euler_84_modal_strings() -> None:
    """Project Euler 84 counts per roll, jail as square 10 (short jail), 16-card decks:
    with 2d6 the top squares are 10, 24, 00 ("102400", given in the problem) and with
    2d4 the answer is "101524"."""
    for dice, expected in (("2d6", "102400"), ("2d4", "101524")):
        p = build_chain(CLASSIC, LandingOptions(dice=Dice.parse(dice))).probabilities()
        square = p[:40].copy()
        square[10] += p[40]  # PE84 has no separate "in jail" state
        top = np.argsort(-square)[:3]
        assert "".join(f"{i:02d}" for i in top) == expected


# --- boards and variant flags ---------------------------------------------------------


@pytest.mark.parametrize("opts", VARIANTS[::3], ids=lambda o: o.label)
def test_classic_and_alfred_boards_agree(opts: LandingOptions) -> None:
    a = landing_probabilities(ALFRED, opts)
    c = landing_probabilities(CLASSIC, opts)
    np.testing.assert_allclose(a.probability, c.probability, rtol=0, atol=1e-15)
    assert a.space[24] != c.space[24]  # same layout, different names


def test_jail_flag_changes_only_the_probation_rows() -> None:
    short = build_chain(ALFRED, LandingOptions(jail="short"))
    long = build_chain(ALFRED, LandingOptions(jail="long"))
    board_states = 120
    np.testing.assert_array_equal(
        short.P[:board_states, : board_states + 1], long.P[:board_states, : board_states + 1]
    )
    assert not np.allclose(
        short.P[board_states, :board_states], long.P[board_states, :board_states]
    )
    assert len(long.states) == len(short.states) + 2


def test_per_flag_changes_only_the_counting() -> None:
    """Same roll matrix; per-turn = per-roll chain watched at turn ends (the link)."""
    roll = build_chain(ALFRED, LandingOptions(per="roll", jail="long"))
    turn = build_chain(ALFRED, LandingOptions(per="turn", jail="long"))
    np.testing.assert_array_equal(roll.P, turn.P)
    pi = roll.stationary("roll")
    at_ends = pi * roll.turn_end
    np.testing.assert_allclose(
        turn.probabilities(), roll.to_spaces(at_ends, "roll") / at_ends.sum(), atol=1e-14
    )
    assert not np.allclose(roll.probabilities(), turn.probabilities())


def test_cards_flag_changes_only_card_spaces() -> None:
    on, off = resolve_landings(ALFRED, True), resolve_landings(ALFRED, False)
    card = [s.index for s in ALFRED.spaces if s.kind == "card"]
    other = [i for i in range(40) if i not in card]
    np.testing.assert_array_equal(on.rest[other], off.rest[other])
    for c in card:
        assert off.rest[c, c] == 1.0 and on.rest[c, c] < 1.0


def test_dice_flag() -> None:
    default = build_chain(ALFRED, LandingOptions())
    explicit = build_chain(ALFRED, LandingOptions(dice=Dice(2, 6)))
    np.testing.assert_array_equal(default.P, explicit.P)
    assert not np.allclose(default.P, build_chain(ALFRED, LandingOptions(dice=Dice(2, 4))).P)
    # one die never rolls a double, so no state with doubles is ever reached
    one = build_chain(ALFRED, LandingOptions(dice=Dice(1, 6)))
    assert one.stationary("roll")[~one.turn_end].sum() == 0


def test_bad_options_are_refused() -> None:
    with pytest.raises(ValueError, match="jail must be"):
        LandingOptions(jail="forever")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="per must be"):
        LandingOptions(per="game")  # type: ignore[arg-type]


# --- after k turns, visits, recurrence ------------------------------------------------


def test_distributions_and_visits() -> None:
    chain = build_chain(ALFRED, LandingOptions(per="turn", jail="long"))
    dist = chain.after(200)
    assert dist[0, 0] == 1.0 and dist[0].sum() == 1.0
    np.testing.assert_allclose(dist.sum(axis=1), 1.0, atol=1e-12)
    np.testing.assert_allclose(dist[-1], chain.probabilities(), atol=1e-12)
    visits = chain.expected_visits(25)
    assert visits.sum() == pytest.approx(25, abs=1e-9)
    np.testing.assert_allclose(visits, dist[1:26].sum(axis=0), atol=1e-12)
    frame = distributions_after(chain, 3)
    assert list(frame.columns) == ["step", "index", "space", "probability"]
    d = forgetting(chain, 40).distance.to_numpy()
    assert d[0] > 0.9 and np.all(np.diff(d[5:]) < 0) and d[-1] < 1e-4


@pytest.mark.parametrize("per", ["roll", "turn"])
def test_recurrence_times_by_first_passage(per: str) -> None:
    """Mean return time to a space, computed independently by first-passage equations
    (``m = 1 + P_out m``) from the stationary mix of the space's states: equals 1/pi."""
    chain = build_chain(ALFRED, LandingOptions(jail="long", per=per))  # type: ignore[arg-type]
    P, pi = chain.matrix(), chain.stationary()
    positions = chain.position if per == "roll" else chain.position[chain.turn_states]
    rec = visits_and_recurrence(chain, 5).recurrence_time.to_numpy()
    for space in (0, 24, 40):
        inside = positions == space
        out = ~inside
        m = np.linalg.solve(np.eye(out.sum()) - P[np.ix_(out, out)], np.ones(out.sum()))
        back = 1 + P[np.ix_(inside, out)] @ m
        w = pi[inside] / pi[inside].sum()
        assert float(w @ back) == pytest.approx(rec[space], rel=1e-10)
    assert rec[30] == np.inf
    if per == "turn":
        single = markov.mean_recurrence_times(P)[positions == 24]
        assert single[0] == pytest.approx(rec[24], rel=1e-12)


def test_jail_tries_flag_changes_only_the_probation_rows() -> None:
    three = build_chain(ALFRED, LandingOptions(jail="long"))
    two = build_chain(ALFRED, LandingOptions(jail="long", jail_tries=2))
    board_states = 120
    np.testing.assert_array_equal(
        three.P[:board_states, : board_states + 1], two.P[:board_states, : board_states + 1]
    )
    assert len(two.states) == board_states + 2
    # with two tries the second failure pays and moves: the last row of each is the same
    np.testing.assert_array_equal(three.P[-1, :board_states], two.P[-1, :board_states])


def test_big_dice_are_convolved_not_listed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Dice with too many ordered outcomes to list: totals by convolution, same table."""
    from gamekit.alfredopoly import landing

    for dice in (Dice(2, 6), Dice(3, 4), Dice(1, 6)):
        listed = landing.dice_table(dice)
        monkeypatch.setattr(landing, "MAX_LISTED_OUTCOMES", 1)
        convolved = landing.dice_table(dice)
        monkeypatch.undo()
        np.testing.assert_array_equal(listed[0], convolved[0])
        np.testing.assert_array_equal(listed[1], convolved[1])
        np.testing.assert_allclose(listed[2], convolved[2], rtol=0, atol=1e-16)


@settings(max_examples=40, deadline=None)
@given(
    jail=st.sampled_from(["short", "long"]),
    count=st.integers(1, 3),
    sides=st.integers(2, 8),
    cards=st.booleans(),
    tries=st.integers(1, 4),
)
def test_any_variant_is_a_proper_chain(
    jail: str, count: int, sides: int, cards: bool, tries: int
) -> None:
    """Property: for any dice and rule variant the matrices are stochastic, pi is
    stationary, and the per-roll and per-turn tables are distributions."""
    opts = LandingOptions(jail=jail, dice=Dice(count, sides), cards=cards, jail_tries=tries)  # type: ignore[arg-type]
    chain = build_chain(ALFRED, opts)
    for per in ("roll", "turn"):
        P = chain.matrix(per)  # type: ignore[arg-type]
        np.testing.assert_allclose(P.sum(axis=1), 1.0, atol=1e-13)
        pi = chain.stationary(per)  # type: ignore[arg-type]
        np.testing.assert_allclose(pi @ P, pi, atol=1e-12)
        p = chain.probabilities(per)  # type: ignore[arg-type]
        assert p.min() >= 0 and abs(p.sum() - 1) < 1e-12 and p[30] == 0
