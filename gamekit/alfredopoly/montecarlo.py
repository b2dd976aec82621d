"""Monte Carlo landing probabilities: many tokens moved at once with numpy, same rules.

This is the simulation beside the exact chain of :mod:`gamekit.alfredopoly.landing`: the
same board, decks, dice and :class:`~gamekit.alfredopoly.landing.LandingOptions`, and
the same conventions (a resting place after every roll; index 40 = in Academic
Probation; cards drawn **1/16 each with replacement**, like the chain, unlike the
engine's cycling decks).

**How a roll is simulated.** :func:`after_roll` and :func:`after_card` are the rules for
one token in plain Python: the dice move it (or, in Probation, it tries for doubles), a
double gives another roll and a third double sends it to Probation, a card space draws
a card, a card that moves it onto another card space draws again. Nothing is taken
from the chain's matrix; the only rule shared with the chain is
:func:`~gamekit.alfredopoly.landing.card_destination` (where a card sends a token).
:func:`make_tables` applies those rules once to every (state, dice outcome, card), so
that a roll of all tokens is one table look-up: 32 random bits per token pick its
ordered dice outcome and its card together (dice with more than 4096 outcomes are
rolled die by die), and a token whose card sends it to another card space draws again
(that loop runs only for those few tokens).

**Standard errors** come from independent replications (batch means over independent
tokens). The run is split into ``groups`` groups of tokens (moved together, but
never interacting); each group starts on Academic Alley, rolls ``burn_in`` uncounted rolls so that
the start is forgotten (after 60 rolls the exact chain is within 1e-3 in total
variation of its long run), then counts its rests. Within a token successive rolls are
strongly correlated, but different groups share nothing, so the group estimates
``p_g`` are independent and identically distributed, and ``stderr = std(p_g) /
sqrt(groups)`` accounts for all the autocorrelation without modelling it. Per-turn
results count rests at turn ends only, as a ratio ``(turn ends there) / (turn ends)``
in each group.

>>> df = simulate_landing("classic", rolls=200_000, seed=1)
>>> list(df.columns), len(df)
(['index', 'space', 'probability', 'stderr'], 41)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
from numpy.typing import NDArray

from gamekit.alfredopoly.board import Board, Card, load_board
from gamekit.alfredopoly.constants import DOUBLES_LIMIT
from gamekit.alfredopoly.landing import (
    IN_PROBATION,
    IN_PROBATION_NAME,
    LandingOptions,
    State,
    card_destination,
)
from gamekit.core.errors import GamekitError
from gamekit.core.rng import Seed, make_rng

IntArray = NDArray[np.int64]
N_POS = IN_PROBATION + 1

#: Simulated rolls a second (measured: about 20 million on one core of the test machine).
ROLLS_PER_SECOND = 20_000_000

#: The most rolls :func:`simulate_landing` accepts: about eight minutes at that rate.
MAX_ROLLS = 10_000_000_000
MAX_TABLE_OUTCOMES = 1 << 12  # beyond this, dice are rolled one die at a time
MAX_CARD_SLOTS = 1 << 12
MAX_STEP_TABLE = 1 << 24
_LOW32 = np.uint64(0xFFFFFFFF)
_SHIFT32 = np.uint64(32)


@dataclass(frozen=True)
class Pending:
    """A token that has landed on card space ``space`` and must draw; ``doubles`` is its
    doubles count for this turn if the card leaves it free."""

    space: int
    doubles: int


Outcome = State | Pending


def _arrive(board: Board, options: LandingOptions, space: int, doubles: int) -> Outcome:
    if space == IN_PROBATION or board.spaces[space].kind == "go_to_jail":
        return State(IN_PROBATION)
    if options.cards and board.spaces[space].kind == "card":
        return Pending(space, doubles)
    return State(space, doubles)


def after_roll(
    board: Board, options: LandingOptions, state: State, total: int, double: bool
) -> Outcome:
    """One token's roll, by the rules: where it goes (or which card space it must draw on).

    >>> b = load_board("classic")
    >>> after_roll(b, LandingOptions(), State(0, 2), 8, True)     # third double
    State(position=40, doubles=0, tries=0)
    >>> after_roll(b, LandingOptions(jail="long"), State(40, 0, 1), 5, False)
    State(position=40, doubles=0, tries=2)
    >>> after_roll(b, LandingOptions(), State(5, 0), 2, True)      # a double on Chance
    Pending(space=7, doubles=1)
    """
    n = len(board.spaces)
    if state.position == IN_PROBATION:
        if options.jail == "short" or double or state.tries == options.jail_tries - 1:
            # short: pay at once and take an ordinary turn (a double rolls again);
            # long: leave on a double (no extra roll) or pay after the last failed try
            extra = options.jail == "short" and double
            return _arrive(board, options, (board.jail + total) % n, int(extra))
        return State(IN_PROBATION, 0, state.tries + 1)
    if double and state.doubles == DOUBLES_LIMIT - 1:
        return State(IN_PROBATION)
    return _arrive(board, options, (state.position + total) % n, state.doubles + 1 if double else 0)


def after_card(board: Board, options: LandingOptions, pending: Pending, card: Card) -> Outcome:
    """Follow ``card`` drawn by a pending token (it may land on a card space again).

    >>> b = load_board("classic")
    >>> back = next(c for c in b.decks["email"] if c.effect == "move_back")
    >>> after_card(b, LandingOptions(), Pending(36, 1), back)
    Pending(space=33, doubles=1)
    """
    dest = card_destination(board, pending.space, card)
    if dest is None or dest == pending.space:
        return State(pending.space, pending.doubles)
    return _arrive(board, options, dest, pending.doubles)


@dataclass(frozen=True)
class Tables:
    """The rules tabulated for vectorised rolls.

    States are numbered as in the exact chain (``(p, d)`` = ``3 p + d``, then ``(40, j)``)
    and pending draws follow them. ``roll[q * outcomes + k]`` is the outcome of state
    ``q`` with dice outcome ``k`` (``outcomes`` ordered rolls when ``faces`` is ``None``,
    else ``(total - min_total) * 2 + is_double`` classes). ``draw[x * slots + i]`` follows
    card slot ``i`` for a pending ``x`` (any final state maps to itself); slot ``i`` of a
    deck of ``m`` cards is card ``i % m``, and ``slots`` is a multiple of every deck size,
    so every card is equally likely. ``step[(q * outcomes + k) * slots + i]`` is the two
    look-ups at once: one roll of the dice and, on a card space, the first card.
    """

    roll: IntArray
    draw: IntArray
    step: NDArray[np.int32]
    outcomes: int
    slots: int
    n_states: int
    positions: IntArray
    turn_end: NDArray[np.bool_]
    by_faces: bool


def make_tables(board: Board, options: LandingOptions) -> Tables:
    """Apply :func:`after_roll` and :func:`after_card` to every case, once.

    >>> t = make_tables(load_board("classic"), LandingOptions())
    >>> t.n_states, t.outcomes, t.slots
    (121, 36, 16)
    """
    n = len(board.spaces)
    jail_states = options.jail_tries if options.jail == "long" else 1
    states = [State(p, d) for p in range(n) for d in range(DOUBLES_LIMIT)]
    states += [State(IN_PROBATION, 0, j) for j in range(jail_states)]
    pendings = [
        Pending(s.index, d) for s in board.spaces for d in range(DOUBLES_LIMIT) if s.kind == "card"
    ]
    everything: list[Outcome] = [*states, *pendings]
    code = {s: i for i, s in enumerate(everything)}

    dice = options.dice
    by_faces = dice.sides**dice.count > MAX_TABLE_OUTCOMES
    if by_faces:
        span = dice.max_total - dice.min_total + 1
        cases = [(dice.min_total + c // 2, bool(c % 2)) for c in range(2 * span)]
    else:
        cases = [(r.total, r.is_double) for r, _ in dice.outcomes()]
    roll = np.array([code[after_roll(board, options, s, t, d)] for s in states for t, d in cases])

    decks = [board.decks[s.deck or ""] for s in board.spaces if s.kind == "card"] or [()]
    slots = math.lcm(*(max(len(d), 1) for d in decks))
    if slots > MAX_CARD_SLOTS:
        raise ValueError(f"deck sizes need {slots} card slots; at most {MAX_CARD_SLOTS}")
    draw = np.empty((len(code), slots), dtype=np.int64)
    draw[: len(states)] = np.arange(len(states))[:, None]
    for p in pendings:
        deck = board.decks[board.spaces[p.space].deck or ""]
        draw[code[p]] = [
            code[after_card(board, options, p, deck[i % len(deck)])] for i in range(slots)
        ]
    step = draw[roll.reshape(len(states), len(cases))].astype(np.int32)
    if step.size > MAX_STEP_TABLE:
        raise ValueError(f"dice and decks need a table of {step.size} entries, too many")
    return Tables(
        roll.astype(np.int64),
        draw.ravel(),
        step.ravel(),
        len(cases),
        slots,
        len(states),
        np.array([s.position for s in states], dtype=np.int64),
        np.array([s.doubles == 0 for s in states], dtype=bool),
        by_faces,
    )


def _roll_bar(total: int) -> Any:
    from tqdm.auto import tqdm

    return tqdm(total=total, desc="rolls", unit="roll", unit_scale=True)


def _pick(bits32: NDArray[np.uint64], m: int) -> NDArray[np.intp]:
    # multiply-shift maps 32 random bits onto 0..m-1 (bias below m / 2**32); the result
    # is small, so its bits read as int64 are the same number (a view costs nothing)
    return ((bits32 * np.uint64(m)) >> _SHIFT32).view(np.intp)


def simulate_counts(
    board: Board,
    options: LandingOptions,
    *,
    tokens: int,
    rolls_per_token: int,
    burn_in: int = 60,
    groups: int = 1,
    seed: Seed = None,
    tables: Tables | None = None,
    progress: bool = False,
    interruptible: bool = False,
) -> IntArray:
    """Move ``groups`` x ``tokens`` tokens from Academic Alley, all at once; count their
    rests after ``burn_in`` rolls.

    Returns ``counts[group, end, position]``: rests on each of the 41 positions after a
    roll that did not end the turn (``end=0``) or did (``end=1``).

    ``progress=True`` shows a tqdm bar of rolls. With ``interruptible=True``, Ctrl-C
    stops the run after the current roll and returns the counts so far (every group has
    then made the same number of rolls, so the batch standard errors stay valid); Ctrl-C
    during the burn-in still stops the run with ``KeyboardInterrupt``.

    >>> c = simulate_counts(load_board("classic"), LandingOptions(), tokens=100,
    ...                     rolls_per_token=10, groups=2, seed=1)
    >>> c.shape, int(c.sum())
    ((2, 2, 41), 2000)
    """
    t = tables or make_tables(board, options)
    rng = make_rng(seed)
    bits = rng.bit_generator
    dice = options.dice
    size = groups * tokens
    q: NDArray[np.integer] = np.zeros(size, dtype=np.int32)  # (0, d0): Academic Alley
    # tokens of group g are the g-th block; one bincount counts every group's states
    offset = np.repeat(np.arange(groups, dtype=np.int32) * t.n_states, tokens)
    state_counts = np.zeros(groups * t.n_states, dtype=np.int64)
    combos = t.outcomes * t.slots
    bar = _roll_bar((burn_in + rolls_per_token) * size) if progress else None
    try:
        for step in range(burn_in + rolls_per_token):
            # 32 random bits per token and roll pick the dice outcome and the card together
            # (multiply-shift, bias below combos / 2**32); one 64-bit draw serves two rolls
            if step % 2 == 0:
                raw = bits.random_raw(size)
                bits32 = raw & _LOW32
            else:
                bits32 = raw >> _SHIFT32
            if t.by_faces:
                faces = rng.integers(1, dice.sides + 1, size=(size, dice.count))
                k = (faces.sum(axis=1) - dice.min_total) * 2 + (faces == faces[:, :1]).all(axis=1)
                q = t.step[(q * t.outcomes + k) * t.slots + _pick(bits32, t.slots)]
            else:
                q = t.step[q * combos + _pick(bits32, combos)]
            again = np.flatnonzero(q >= t.n_states)
            while again.size:  # rare: e.g. "go back three" onto a PCC Mail space
                fresh = rng.integers(0, t.slots, size=again.size)
                q[again] = t.draw[q[again] * t.slots + fresh]
                again = again[q[again] >= t.n_states]
            if step >= burn_in:
                # one numpy call: every group gains this roll's rests, or none does
                state_counts += np.bincount(q + offset, minlength=groups * t.n_states)
            if bar is not None:
                bar.update(size)
    except KeyboardInterrupt:
        if not interruptible or not state_counts.any():
            raise
    finally:
        if bar is not None:
            bar.close()
    counts = np.zeros((groups, 2, N_POS), dtype=np.int64)
    end = np.broadcast_to(t.turn_end.astype(np.intp), (groups, t.n_states))
    pos = np.broadcast_to(t.positions, (groups, t.n_states))
    g = np.broadcast_to(np.arange(groups)[:, None], (groups, t.n_states))
    np.add.at(counts, (g, end, pos), state_counts.reshape(groups, t.n_states))
    return counts


def simulate_landing(
    board: str | Path | Board = "alfred",
    options: LandingOptions | None = None,
    *,
    rolls: int = 2_000_000,
    groups: int = 32,
    burn_in: int = 60,
    seed: Seed = None,
    progress: bool = False,
    interruptible: bool = False,
    **changes: object,
) -> pd.DataFrame:
    """Simulated landing probabilities with standard errors: 41 rows ``index, space,
    probability, stderr`` (the table of
    :func:`~gamekit.alfredopoly.landing.landing_probabilities`, plus ``stderr``).

    About ``rolls`` counted rolls in all (burn-in rolls not counted), split over
    ``groups`` independent groups of tokens. Keyword ``changes`` override ``options``.

    ``progress=True`` shows a bar of rolls. ``interruptible=True`` lets Ctrl-C end a long
    run early with what it has: the frame's ``attrs`` then say ``interrupted: True`` and
    how many ``rolls`` were counted, and the standard errors are those of that shorter
    run. (``attrs["rolls"]`` is always the number of counted rolls.)

    >>> df = simulate_landing("classic", rolls=400_000, seed=2, jail="long")
    >>> bool(abs(df.probability[40] - 0.0939) < 5 * df.stderr[40])
    True
    """
    opts = replace(options or LandingOptions(), **changes)  # type: ignore[arg-type]
    b = load_board(board)
    if groups < 2:
        raise ValueError(f"groups must be at least 2 (for a standard error), got {groups}")
    if rolls < groups:
        raise ValueError(f"rolls must be at least groups ({groups}), got {rolls}")
    if rolls > MAX_ROLLS:
        minutes = MAX_ROLLS // ROLLS_PER_SECOND // 60
        raise GamekitError(f"rolls: at most {MAX_ROLLS:,} (about {minutes} minutes), got {rolls:,}")
    tokens, steps = plan(rolls, groups)
    counts = simulate_counts(
        b, opts, tokens=tokens, rolls_per_token=steps, burn_in=burn_in, groups=groups,
        seed=seed, tables=make_tables(b, opts), progress=progress, interruptible=interruptible,
    )  # fmt: skip
    rows = counts.sum(axis=1) if opts.per == "roll" else counts[:, 1]
    est = rows / np.maximum(rows.sum(axis=1, keepdims=True), 1)
    frame = pd.DataFrame(
        {
            "index": np.arange(N_POS),
            "space": [s.name for s in b.spaces] + [IN_PROBATION_NAME],
            "probability": est.mean(axis=0),
            "stderr": est.std(axis=0, ddof=1) / np.sqrt(groups),
        }
    )
    counted = int(counts.sum())
    frame.attrs.update(rolls=counted, interrupted=counted < groups * tokens * steps)
    return frame


def plan(rolls: int, groups: int) -> tuple[int, int]:
    """Tokens per group and counted rolls per token for about ``rolls`` rolls in all.

    Long runs per token keep the burn-in cheap (at least 400 counted rolls each when
    possible); up to 1024 tokens per group, all groups moved together, keep numpy's
    per-call overhead small.

    >>> plan(25_000_000, 32)
    (1024, 763)
    """
    per_group = max(1, rolls // groups)
    tokens = int(min(1024, max(1, per_group // 400)))
    return tokens, max(1, -(-per_group // tokens))
