"""Landing probabilities: an exact Markov chain of where a token comes to rest.

The chain is built from the same :class:`~gamekit.alfredopoly.board.Board` (spaces and
decks) and :class:`~gamekit.core.dice.Dice` as the game engine.

**States.** ``(position, doubles rolled this turn, turns tried in Academic Probation)``,
keeping only the combinations that can occur: ``(p, d)`` for a token on space ``p``
(0..39) that has rolled ``d`` doubles so far this turn (0, 1 or 2), and ``(40, j)`` for a
token *in* Academic Probation that has already failed ``j`` tries for doubles. Index 40
("in Academic Probation") is kept apart from space 10 ("just visiting").

**One step is one roll** of the dice, and the state after it is where the token comes
to rest, with every consequence of that roll resolved:

* the token moves by the total and resolves the space it lands on. An E-Mail or PCC Mail
  space draws a card, **each card with probability 1/len(deck) (1/16) with replacement**,
  as the Markov literature does (the game engine itself uses real cycling decks, and a
  held "Get out" card leaves its deck: while both are held, as the long stay keeps them,
  tokens rest on each E-Mail space about 11% less often than this chain says, computed
  at the end of this text; see the rule book). A card
  that moves the token resolves its new space too: "go back three" onto a PCC Mail space
  draws again (chained moves, solved exactly as a linear system, so any chain of card
  moves a board allows is handled). The card space itself is a resting place only when
  the card drawn does not move the token.
* "Go to Academic Probation" (the space, a card, or a third double in a row, which does
  not move the token) rests at 40 and ends the turn.
* a double (all dice equal) gives another roll; the turn ends on a roll that is not a
  double, or on being sent to Probation.
* in Probation, ``jail="short"``: pay $50 or use a card at once, then roll as in any
  turn (a double rolls again). ``jail="long"``: roll for doubles on each of up to
  ``jail_tries`` (3) turns; a double moves the token by that roll but gives no extra
  roll; after the last failed try the player pays $50 and moves by that roll.

**Per roll** results count one resting place after every roll (the stationary
distribution of this chain). **Per turn** results count where the token is at the END
of each turn (a turn may hold several rolls), from the chain observed at turn ends.

>>> chain = build_chain("classic", LandingOptions(jail="long"))
>>> p = chain.probabilities()   # per roll
>>> round(float(p[40]), 4), round(float(p[24]), 4)   # in Probation; Illinois Avenue
(0.0939, 0.03)

The "Get out" cards: the kit's board with both cards taken out of their decks, against the
chain's draw from full decks, on each E-Mail space (long stay):

>>> from dataclasses import replace
>>> board = load_board("alfred")
>>> held = {name: tuple(c for c in deck if c.effect != "get_out_of_jail")
...         for name, deck in board.decks.items()}
>>> full = build_chain(board, LandingOptions(jail="long")).probabilities()
>>> kept = build_chain(replace(board, decks=held), LandingOptions(jail="long")).probabilities()
>>> [f"{1 - kept[s.index] / full[s.index]:.0%} less" for s in board.spaces if s.deck == "email"]
['11% less', '11% less', '11% less']
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import Literal

import numpy as np
import pandas as pd
from numpy.typing import NDArray

from gamekit.alfredopoly.board import Board, Card, load_board
from gamekit.alfredopoly.constants import DOUBLES_LIMIT, JAIL_TRIES
from gamekit.core import markov
from gamekit.core.dice import Dice

FloatArray = NDArray[np.float64]
IntArray = NDArray[np.int64]

JailStrategy = Literal["short", "long"]
Per = Literal["roll", "turn"]

IN_PROBATION = 40
IN_PROBATION_NAME = "In Academic Probation"
MAX_LISTED_OUTCOMES = 1 << 16
START = 0  # state (0, d0), on Academic Alley before a turn: first in both chains
MOVING_EFFECTS = (
    "move_to",
    "move_nearest_railroad",
    "move_nearest_utility",
    "move_back",
    "go_to_jail",
)


@dataclass(frozen=True)
class LandingOptions:
    """The rule variant and the way results are counted.

    ``jail``: ``"short"`` (leave at once) or ``"long"`` (try for doubles);
    ``per``: ``"roll"`` or ``"turn"``; ``dice``: any ``Dice(count, sides)``;
    ``cards``: ``False`` treats card spaces as plain spaces (no card ever moves a token);
    ``jail_tries``: turns allowed in Probation with the long strategy.

    >>> LandingOptions(dice=Dice.parse("2d4"), cards=False).label
    'jail=short per=roll dice=2d4 cards=off'
    """

    jail: JailStrategy = "short"
    per: Per = "roll"
    dice: Dice = field(default_factory=Dice)
    cards: bool = True
    jail_tries: int = JAIL_TRIES

    def __post_init__(self) -> None:
        if self.jail not in ("short", "long"):
            raise ValueError(f"jail must be 'short' or 'long', got {self.jail!r}")
        if self.per not in ("roll", "turn"):
            raise ValueError(f"per must be 'roll' or 'turn', got {self.per!r}")
        if not isinstance(self.dice, Dice):
            raise ValueError(f"dice must be a Dice, got {self.dice!r}")
        if isinstance(self.jail_tries, bool) or not 1 <= int(self.jail_tries) <= 10:
            raise ValueError(f"jail_tries must be between 1 and 10, got {self.jail_tries!r}")

    @property
    def label(self) -> str:
        cards = "on" if self.cards else "off"
        return f"jail={self.jail} per={self.per} dice={self.dice} cards={cards}"


# --- cards -----------------------------------------------------------------------------


def card_destination(board: Board, at: int, card: Card) -> int | None:
    """Where ``card``, drawn on space ``at``, sends the token (40 = in Probation), or
    ``None`` when the card does not move it: :meth:`Board.card_destination
    <gamekit.alfredopoly.board.Board.card_destination>`, with "go to Academic Probation"
    kept apart from "just visiting" as the chain's state 40.

    >>> b = load_board("classic")
    >>> back = next(c for c in b.decks["email"] if c.effect == "move_back")
    >>> card_destination(b, 36, back), card_destination(b, 7, b.decks["pcc_mail"][5])
    (33, 40)
    """
    if card.effect == "go_to_jail":
        return IN_PROBATION
    return board.card_destination(at, card)


@dataclass(frozen=True)
class Resolution:
    """What landing on each space by the dice leads to, before the next roll.

    ``rest[s, r]``: probability that a token landing on space ``s`` (0..39) comes to rest
    at ``r`` (0..40). ``by_effect[e][s, r]``: the part of it whose last move was a card of
    effect ``e`` (``"dice"``: no card moved the token; ``"go_to_jail"`` also covers the
    Go to Academic Probation space).
    """

    rest: FloatArray
    by_effect: dict[str, FloatArray]


def resolve_landings(board: Board, cards: bool = True) -> Resolution:
    """Solve the card moves of every space exactly (chained draws included).

    A card space ``c`` leads with probability ``C[c, c']`` to another card space (which
    draws again) and with ``B_e[c, r]`` to a final rest ``r`` by a card of effect ``e``;
    so the rests are ``(I - C)^-1 B_e``, whatever the length of a chain of draws.

    >>> res = resolve_landings(load_board("classic"))
    >>> float(res.rest[36, 33] * 256)   # go back 3 (1/16), then a PCC Mail card that stays
    14.0
    """
    n = len(board.spaces)
    rest_shape = (n, n + 1)
    dice_part = np.zeros(rest_shape)
    gtj = np.zeros(rest_shape)
    by_effect: dict[str, FloatArray] = {"dice": dice_part, "go_to_jail": gtj}
    card_spaces = [s.index for s in board.spaces if s.kind == "card"] if cards else []
    for s in board.spaces:
        if s.kind == "go_to_jail":
            gtj[s.index, IN_PROBATION] = 1.0
        elif s.index not in card_spaces:
            dice_part[s.index, s.index] = 1.0
    if not card_spaces:
        return Resolution(dice_part + gtj, by_effect)
    slot = {c: k for k, c in enumerate(card_spaces)}
    m = len(card_spaces)
    C = np.zeros((m, m))
    B = {e: np.zeros((m, n + 1)) for e in ("dice", *MOVING_EFFECTS)}
    for c in card_spaces:
        deck = board.decks[board.spaces[c].deck or ""]
        w = 1.0 / len(deck)
        for card in deck:
            dest = card_destination(board, c, card)
            if dest is None or dest == c:
                B["dice"][slot[c], c] += w
            elif dest == IN_PROBATION or board.spaces[dest].kind == "go_to_jail":
                B["go_to_jail"][slot[c], IN_PROBATION] += w
            elif dest in slot:
                C[slot[c], slot[dest]] += w
            else:
                B[card.effect][slot[c], dest] += w
    try:
        H = np.linalg.inv(np.eye(m) - C)
    except np.linalg.LinAlgError:
        raise ValueError("the decks can move a token between card spaces forever") from None
    rows = np.array(card_spaces)
    for e, Be in B.items():
        part = by_effect.setdefault(e, np.zeros(rest_shape))
        part[rows] += H @ Be
    return Resolution(sum(by_effect.values(), np.zeros(rest_shape)), by_effect)


# --- the chain -------------------------------------------------------------------------


def dice_table(dice: Dice) -> tuple[IntArray, NDArray[np.bool_], FloatArray]:
    """The dice as arrays ``(totals, is_double, probabilities)``, one entry per
    (total, is a double) pair, from :meth:`Dice.distribution`.

    Dice with more than 65536 ordered outcomes (``4d100``) are not listed one by one:
    the totals come from convolving one die's faces, and the doubles (``sides`` of the
    ``sides**count`` outcomes) are taken out of them.

    >>> totals, doubles, probs = dice_table(Dice(2, 6))
    >>> len(totals), float(probs[doubles].sum() * 6)
    (15, 1.0)
    """
    if dice.sides**dice.count <= MAX_LISTED_OUTCOMES:
        dist = dice.distribution()
        totals = np.array([t for t, _ in dist], dtype=np.int64)
        doubles = np.array([d for _, d in dist], dtype=bool)
        return totals, doubles, np.array([float(p) for p in dist.values()])
    face = np.full(dice.sides, 1.0 / dice.sides)
    pmf = np.ones(1)
    for _ in range(dice.count):
        pmf = np.convolve(pmf, face)
    all_totals = np.arange(dice.min_total, dice.max_total + 1)
    double_p = float(dice.sides) ** -dice.count
    double_totals = dice.count * np.arange(1, dice.sides + 1)
    if dice.count == 1:  # one die never rolls a double
        return all_totals, np.zeros(all_totals.size, bool), pmf
    plain = pmf.copy()
    plain[double_totals - dice.min_total] -= double_p
    keep = plain > 0
    totals = np.concatenate([all_totals[keep], double_totals])
    doubles = np.concatenate([np.zeros(keep.sum(), bool), np.ones(dice.sides, bool)])
    probs = np.concatenate([plain[keep], np.full(dice.sides, double_p)])
    order = np.lexsort((doubles, totals))
    return totals[order], doubles[order], probs[order]


@dataclass(frozen=True)
class State:
    """One state of the chain: ``position`` 0..40, ``doubles`` this turn, ``tries`` in
    Probation. ``str`` gives a short label such as ``"24 d1"`` or ``"40 j2"``."""

    position: int
    doubles: int = 0
    tries: int = 0

    def __str__(self) -> str:
        if self.position == IN_PROBATION:
            return f"{IN_PROBATION} j{self.tries}"
        return f"{self.position} d{self.doubles}"


class LandingChain:
    """The per-roll chain ``P`` over :attr:`states`, and the per-turn chain derived from it.

    Build it with :func:`build_chain`. ``P[i, j]`` is the probability that one roll takes
    state ``i`` to state ``j``. States ``(p, d)`` are numbered ``3 p + d``; the Probation
    states ``(40, j)`` follow from 120. Both chains start on Academic Alley, state 0.

    >>> chain = build_chain("alfred", LandingOptions(jail="long"))
    >>> str(chain.states[72]), chain.T.shape
    ('24 d0', (43, 43))
    """

    def __init__(self, board: Board, options: LandingOptions) -> None:
        self.board = board
        self.options = options
        self.resolution = resolve_landings(board, options.cards)
        self.P = _roll_matrix(board, options, self.resolution.rest)
        n = len(board.spaces)
        jail_states = options.jail_tries if options.jail == "long" else 1
        self.states: tuple[State, ...] = tuple(
            [State(p, d) for p in range(n) for d in range(DOUBLES_LIMIT)]
            + [State(IN_PROBATION, 0, j) for j in range(jail_states)]
        )
        self.position = np.array([s.position for s in self.states], dtype=np.int64)
        self.turn_end = np.array([s.doubles == 0 for s in self.states], dtype=bool)

    @property
    def space_names(self) -> list[str]:
        return [s.name for s in self.board.spaces] + [IN_PROBATION_NAME]

    @cached_property
    def turn_states(self) -> IntArray:
        """Indices (into :attr:`states`) of the turn-end states, the per-turn chain's states."""
        return np.flatnonzero(self.turn_end)

    @cached_property
    def T(self) -> FloatArray:
        """Per-turn matrix over :attr:`turn_states`: from the end of one turn to the next.

        A turn leaves the turn-end states ``E`` through the mid-turn states ``M`` (after a
        double) and returns: ``T = P_EE + P_EM (I - P_MM)^-1 P_ME``.
        """
        E, M = self.turn_states, np.flatnonzero(~self.turn_end)
        P = self.P
        through = np.linalg.solve(np.eye(len(M)) - P[np.ix_(M, M)], P[np.ix_(M, E)])
        return np.asarray(P[np.ix_(E, E)] + P[np.ix_(E, M)] @ through)

    def matrix(self, per: Per | None = None) -> FloatArray:
        """The transition matrix for ``per`` (default: the options' ``per``)."""
        return self.P if (per or self.options.per) == "roll" else self.T

    def _positions(self, per: Per | None) -> IntArray:
        if (per or self.options.per) == "roll":
            return self.position
        return self.position[self.turn_states]

    def to_spaces(self, v: FloatArray, per: Per | None = None) -> FloatArray:
        """Add up a vector (or rows of a matrix) over states into the 41 positions."""
        pos = self._positions(per)
        onehot = np.zeros((pos.size, IN_PROBATION + 1))
        onehot[np.arange(pos.size), pos] = 1.0
        return np.asarray(np.asarray(v, dtype=float) @ onehot)

    @cached_property
    def _stationary_roll(self) -> FloatArray:
        return markov.stationary_distribution(self.P)

    @cached_property
    def _stationary_turn(self) -> FloatArray:
        return markov.stationary_distribution(self.T)

    def stationary(self, per: Per | None = None) -> FloatArray:
        """Stationary distribution over the chain's states (roll or turn chain)."""
        return (
            self._stationary_roll if (per or self.options.per) == "roll" else self._stationary_turn
        )

    def probabilities(self, per: Per | None = None) -> FloatArray:
        """Long-run probability of each of the 41 positions (index 40 = in Probation)."""
        return self.to_spaces(self.stationary(per), per)

    def after(self, k: int, per: Per | None = None) -> FloatArray:
        """Array ``(k + 1, 41)``: row ``t`` is where the token is after ``t`` rolls or
        turns, starting on Academic Alley."""
        dist = markov.distributions_over_steps(self.matrix(per), START, k)
        return self.to_spaces(dist, per)

    def expected_visits(self, k: int, per: Per | None = None) -> FloatArray:
        """Expected number of rests on each position in the first ``k`` rolls or turns."""
        visits = markov.expected_visits(self.matrix(per), START, k)
        return self.to_spaces(visits, per)

    def recurrence_times(self, per: Per | None = None) -> FloatArray:
        """Mean rolls (or turns) between two rests on each position: ``1 / pi(space)``.

        For a single state this is :func:`gamekit.core.markov.mean_recurrence_times`; a
        position groups several states, and Kac's lemma for a set of states gives
        ``1 / pi(set)`` (infinite for a position that is never a resting place).
        """
        p = self.probabilities(per)
        with np.errstate(divide="ignore"):
            return np.where(p > 0, 1.0 / np.where(p > 0, p, 1.0), np.inf)

    def rolls_per_turn(self) -> float:
        """Mean number of rolls in a turn (renewal: 1 / P(a roll ends the turn)).

        >>> round(build_chain("alfred").rolls_per_turn(), 4)
        1.1866
        """
        return float(1.0 / self._stationary_roll[self.turn_end].sum())

    def arrivals(self) -> dict[str, tuple[FloatArray, FloatArray]]:
        """How tokens come to rest, in the long run, per roll.

        For each last move ``e`` (``"dice"``, or a card effect such as
        ``"move_nearest_railroad"``) a pair ``(rate, rate_x_total)`` of 41-vectors: the
        probability per roll of resting on each position after a last move ``e``, and the
        same weighted by the dice total of that roll (so ``rate_x_total / rate`` is the
        mean total of the rolls that brought tokens there, which a utility fee needs).
        Rolls that move no token (a third double, a failed try in Probation) are left
        out, so over 0..39 the rates add up to :meth:`probabilities` per roll.

        >>> chain = build_chain("classic")
        >>> rate, _ = chain.arrivals()["move_nearest_railroad"]
        >>> float(rate[[5, 15, 25]].round(5).sum()) > 0
        True
        """
        totals, doubles, probs = dice_table(self.options.dice)
        n = len(self.board.spaces)
        in_jail = self.position == IN_PROBATION
        doubles_so_far = np.array([s.doubles for s in self.states])
        tries = np.array([s.tries for s in self.states])
        moves = ~((~in_jail & (doubles_so_far == DOUBLES_LIMIT - 1))[:, None] & doubles[None, :])
        if self.options.jail == "long":
            stays = in_jail & (tries < self.options.jail_tries - 1)
            moves &= ~(stays[:, None] & ~doubles[None, :])
        origin = np.where(in_jail, self.board.jail, self.position)
        land = ((origin[:, None] + totals[None, :]) % n).ravel()
        weight = (self._stationary_roll[:, None] * probs[None, :] * moves).ravel()
        weight_total = weight * np.tile(totals, len(self.states))
        return {
            e: (weight @ R[land], weight_total @ R[land])
            for e, R in self.resolution.by_effect.items()
        }


def _roll_matrix(board: Board, options: LandingOptions, rest: FloatArray) -> FloatArray:
    """Build the per-roll matrix with numpy index arithmetic (no loop over states)."""
    n = len(board.spaces)
    totals, doubles, probs = dice_table(options.dice)
    p_double = float(probs[doubles].sum())
    jail_states = options.jail_tries if options.jail == "long" else 1
    size = DOUBLES_LIMIT * n + jail_states
    P = np.zeros((size, size))
    J0 = DOUBLES_LIMIT * n  # the state (40, j0)

    # land[p, k]: the space reached from p with outcome k; then where it comes to rest
    land = (np.arange(n)[:, None] + totals[None, :]) % n
    rest_plain = np.einsum("k,pkr->pr", probs * ~doubles, rest[land])
    rest_double = np.einsum("k,pkr->pr", probs * doubles, rest[land])
    board_cols = DOUBLES_LIMIT * np.arange(n)  # column of (r, d0)
    for d in range(DOUBLES_LIMIT):
        rows = DOUBLES_LIMIT * np.arange(n) + d
        P[rows[:, None], board_cols[None, :]] += rest_plain[:, :n]
        P[rows, J0] += rest_plain[:, n]
        if d + 1 < DOUBLES_LIMIT:
            P[rows[:, None], (board_cols + d + 1)[None, :]] += rest_double[:, :n]
            P[rows, J0] += rest_double[:, n]
        else:
            P[rows, J0] += p_double  # third double: to Probation without moving

    jail = board.jail
    if options.jail == "short":
        P[J0] = P[DOUBLES_LIMIT * jail]  # pay at once, then an ordinary turn from space 10
        return P
    # long: a double moves the token, with no extra roll; otherwise try again, and
    # after the last failed try pay and move by that roll
    leave_double = rest_double[jail]
    leave_plain = rest_plain[jail]
    for j in range(jail_states):
        row = J0 + j
        moved = leave_double + (leave_plain if j == jail_states - 1 else 0.0)
        P[row, board_cols] += moved[:n]
        P[row, J0] += moved[n]
        if j < jail_states - 1:
            P[row, J0 + j + 1] += 1.0 - p_double
    return P


def build_chain(
    board: str | Path | Board = "alfred", options: LandingOptions | None = None
) -> LandingChain:
    """The exact landing chain for a board and rule variant.

    >>> chain = build_chain("alfred", LandingOptions(cards=False))
    >>> chain.P.shape, bool(np.allclose(chain.P.sum(axis=1), 1))
    ((121, 121), True)
    """
    return LandingChain(load_board(board), options or LandingOptions())


# --- tidy frames -----------------------------------------------------------------------


def _space_frame(chain: LandingChain) -> pd.DataFrame:
    return pd.DataFrame({"index": np.arange(IN_PROBATION + 1), "space": chain.space_names})


def landing_probabilities(
    board: str | Path | Board = "alfred", options: LandingOptions | None = None, **changes: object
) -> pd.DataFrame:
    """Long-run probability of each position: 41 rows ``index, space, probability``.

    Keyword ``changes`` override fields of ``options`` (``jail="long"``, ``per="turn"``).

    >>> df = landing_probabilities("classic", jail="long", per="turn")
    >>> df.loc[40, "space"], round(float(df.probability.sum()), 12)
    ('In Academic Probation', 1.0)
    """
    opts = replace(options or LandingOptions(), **changes)  # type: ignore[arg-type]
    chain = build_chain(board, opts)
    frame = _space_frame(chain)
    frame["probability"] = chain.probabilities()
    return frame


def distributions_after(chain: LandingChain, k: int) -> pd.DataFrame:
    """Tidy frame ``step, index, space, probability`` for steps 0..k from Academic Alley,
    in the chain's own steps (rolls or turns).

    >>> chain = build_chain("alfred", LandingOptions(per="turn"))
    >>> distributions_after(chain, 3).groupby("step").probability.sum().round(12).tolist()
    [1.0, 1.0, 1.0, 1.0]
    """
    dist = chain.after(k)
    names = chain.space_names
    return pd.DataFrame(
        {
            "step": np.repeat(np.arange(k + 1), IN_PROBATION + 1),
            "index": np.tile(np.arange(IN_PROBATION + 1), k + 1),
            "space": names * (k + 1),
            "probability": dist.ravel(),
        }
    )


def forgetting(chain: LandingChain, k: int) -> pd.DataFrame:
    """How fast the start is forgotten: total-variation distance to the long run after
    each of ``k`` steps from Academic Alley (``step, distance``).

    >>> d = forgetting(build_chain("alfred"), 60).distance
    >>> bool(d.iloc[0] > 0.9 and d.iloc[-1] < 1e-3)
    True
    """
    dist = chain.after(k)
    pi = chain.probabilities()
    return pd.DataFrame(
        {"step": np.arange(k + 1), "distance": [markov.total_variation(row, pi) for row in dist]}
    )


def visits_and_recurrence(chain: LandingChain, k: int) -> pd.DataFrame:
    """Per position: expected rests in the first ``k`` steps from Academic Alley, the
    long-run probability and the mean recurrence time (in the chain's steps).

    >>> df = visits_and_recurrence(build_chain("alfred", LandingOptions(per="turn")), 10)
    >>> round(float(df.expected_visits.sum()), 9)
    10.0
    """
    frame = _space_frame(chain)
    frame["expected_visits"] = chain.expected_visits(k)
    frame["probability"] = chain.probabilities()
    frame["recurrence_time"] = chain.recurrence_times()
    return frame
