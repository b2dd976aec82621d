"""The Alfredopoly lessons' exercises: each answer computed here, out of the learner's sight.

A lesson's self-check cell is one line, ``check("alfredopoly_1.fee", answer_1)``
(:func:`gamekit.core.exercises.check`). The functions below derive each answer from the
engine, the board file and the exact chain, so an answer follows the rules when they
change, and no lesson cell holds an expected value.

>>> from fractions import Fraction
>>> from gamekit.core.exercises import check
>>> check("alfredopoly_1.three_doubles", Fraction(2, 432))
Correct: 1/216.
True
"""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any, Literal

import numpy as np

from gamekit.alfredopoly.actions import BuildSculpture
from gamekit.alfredopoly.board import Board, data_dir, load_board
from gamekit.alfredopoly.economics import group_economics, property_economics
from gamekit.alfredopoly.landing import LandingOptions, build_chain, forgetting
from gamekit.alfredopoly.rules import AlfredopolySpec, apply, fee, new_game
from gamekit.core.data import read_toml
from gamekit.core.dice import Dice
from gamekit.core.exercises import register
from gamekit.core.prose import DOLLAR as D

__all__ = ["Accepts", "moved_corner_board", "toy_matrix"]


#: The written solutions, shown by ``reveal(id)`` once ``check`` has seen a try (never in
#: the notebook a learner opens).
_SOLUTIONS: dict[str, str] = {
    "alfredopoly_4.fee_per_round_16": (
        "```python\nmy_fee_16 = (PLAYERS - 1) * rolls_per_turn * p_roll[16] * mclane.rents[3]\n```"
    ),
    "alfredopoly_1.fee": (
        "A deed lists the fee with no sculpture, then with 1, 2, 3, 4 sculptures and the statue:\n"
        "Babcock Hall `(4, 20, 60, 180, 320, 450)`, Fasano House `(2, 10, 30,"
        " 90, 160, 250)`. With\n"
        f"one sculpture the fees are {D}20 and {D}10 (the doubling for a whole group applies\n"
        f"only to buildings without sculptures), so Bo pays 2 x {D}20 + {D}10 = {D}50. Check\n"
        "with the"
        " engine: build one sculpture on each brown building of `both_brown`, then ask for the\n"
        "fees. In `both_brown` it is Bo's turn, so say that Ann (player 0) builds:\n"
        "```python\n"
        "built = apply(spec, both_brown, BuildSculpture(1, player=0))\n"
        "built = apply(spec, built, BuildSculpture(3, player=0))\n"
        "2 * fee(spec, built, 3) + fee(spec, built, 1)\n"
        "```"
    ),
    "alfredopoly_1.three_doubles": (
        "Each roll is a double with probability 6/36 = 1/6, independently, so three in a row:\n"
        "(1/6)^3 = Fraction(1, 216). (A turn that ends early, on a roll that is not a double,\n"
        "cannot reach a third double: that is already inside the product.)"
    ),
    "alfredopoly_1.back_three": (
        '36 - 3 = 33, a PCC Mail space: so `(33, "PCC Mail")`. Landing there, she draws again,\n'
        "now from the PCC Mail deck. (This chained draw matters in lesson 2: the exact chain\n"
        "follows it.)"
    ),
    "alfredopoly_2.no_probation_space_10": (
        "Without the rule, every column of $P$ also sums to 1 (the matrix is"
        " *doubly stochastic*),\n"
        "and the uniform vector is stationary: every space has Fraction(1, 40).\n"
        "\n"
        "```python\n"
        "Q = np.zeros((40, 40))\n"
        "for i in range(40):\n"
        "    for total, p in two_d6.items():\n"
        "        Q[i, (i + total) % 40] += float(p)\n"
        "stationary_distribution(Q)[10]   # 0.025\n"
        "```"
    ),
    "alfredopoly_2.probation_vs_powell": (
        "The question is **per turn**, so both probabilities come from the per-turn chain:\n"
        "```python\n"
        'p = long_chain.probabilities("turn")\n'
        "p[40] / p[24]\n"
        "```\n"
        "A turn ends in Probation more than three times as often as on Powell Campus Center,\n"
        'the board space where turns end most often. Per roll (`probabilities("roll")`) the\n'
        "ratio is smaller: a turn that goes to Probation ends there, while the extra rolls of\n"
        "a double-turn land on ordinary spaces such as Powell (section 5)."
    ),
    "alfredopoly_2.probation_turns": (
        "Per turn, the long strategy ends a turn in Probation with probability `p_turn[40]`\n"
        "(the table of section 5). The expected number of such turns among 50 is\n"
        "50 x `p_turn[40]` (expected counts add up turn by turn, even though the turns are\n"
        "not independent)."
    ),
    "alfredopoly_3.rolls_for_third": (
        "The standard error falls like $1/\\sqrt{n}$; a third of the error needs $3^2 = 9$ times\n"
        "the rolls: 900,000."
    ),
    "alfredopoly_3.forgotten_short": (
        "```python\n"
        'short_turns = build_chain("alfred", LandingOptions(jail="short", per="turn"))\n'
        "d = forgetting(short_turns, 30)\n"
        "int(d[d.distance < 0.05].step.min())\n"
        "```\n"
        "Section 5 measured the long strategy against 0.01, not 0.05. To compare, ask both\n"
        "chains the same question:\n"
        "```python\n"
        'long_turns = build_chain("alfred", LandingOptions(jail="long", per="turn"))\n'
        "d_long = forgetting(long_turns, 30)\n"
        "int(d_long[d_long.distance < 0.05].step.min())\n"
        "```\n"
        "The short strategy gets there a little sooner: a token that leaves Probation at once\n"
        "mixes faster."
    ),
    "alfredopoly_3.z_short": (
        "```python\n"
        's = simulate_landing("alfred", rolls=200_000, seed=23, jail="short")\n'
        'e = build_chain("alfred").probabilities()[40]\n'
        "answer_3 = (s.probability[40] - e) / s.stderr[40]\n"
        "abs(answer_3) < 3      # within 3 standard errors?\n"
        "```"
    ),
    "alfredopoly_4.six_sculptures_gain": (
        "Six sculptures on three buildings, evenly, is two on each. The group's fee per round at\n"
        '"2 sculptures" minus at "group" (complete, unimproved):\n'
        "\n"
        "```python\n"
        'orange = groups[groups.group == "orange"].set_index("level").fee_per_round\n'
        'orange["2 sculptures"] - orange["group"]\n'
        "```"
    ),
    "alfredopoly_4.two_player_orange": (
        "One opponent instead of three: the fee per round falls to a third, so the payback\n"
        "triples: 3 x the orange row of section 2, then rounded to a whole number of rounds\n"
        "(the table shows the row rounded to one decimal; 3 x that is close enough to round).\n"
        "Or compute it directly:\n"
        '`group_economics(property_economics("alfred", jail="long", players=2))`, orange at\n'
        "3 sculptures."
    ),
    "alfredopoly_4.games_for_stderr": (
        "$\\sqrt{p(1-p)/n} = 0.02$ with $p = 1/2$: $n = 0.25 / 0.0004$ = 625 games."
    ),
    "alfredopoly_5.three_dice_doubles": (
        "Of the 6 x 6 x 6 = 216 rolls, 6 show the same number on all three dice: 1/36\n"
        "(`Dice(3, 6).doubles_probability()`). With the long strategy a token in Probation leaves\n"
        "early only on such a roll, so it nearly always sits out all three"
        " tries. But three doubles\n"
        "in a row, one of the three doors into Probation, become very rare too, so fewer tokens\n"
        "are sent there: the two effects nearly cancel."
    ),
    "alfredopoly_5.dear_brown": (
        "```python\n"
        "from gamekit.alfredopoly.economics import group_economics, property_economics\n"
        'd = tomllib.loads((data_dir() / "alfred.toml").read_text(encoding="utf-8"))\n'
        'd["spaces"][3]["price"] = 600\n'
        'f = folder / "dear.json"; f.write_text(json.dumps(d))\n'
        "g = group_economics(property_economics(load_board(f)))\n"
        'g[(g.group == "brown") & (g.level == "3 sculptures")].cost.item()\n'
        "```\n"
        f"{D}60 + {D}600 + 6 sculptures of {D}50 = {D}960."
    ),
    "alfredopoly_5.moved_loses_most": (
        "```python\n"
        "change = (moved - base)[:40]\n"
        "change[[20, 30]] = np.inf\n"
        "int(np.argmin(change))\n"
        "```\n"
        "Space 27, Binns-Merrill Hall: it is 7 spaces, the likeliest total, after space 20.\n"
        "On the standard board tokens that stop on Pine Hill (20) roll on from"
        " there; on the moved\n"
        "board space 20 sends them to Academic Probation instead, so the spaces a likely roll\n"
        "after it lose that traffic."
    ),
    "glossary_alfredopoly.dice_choice": (
        '"chance_step": `chance_step(spec, state, DiceRoll((5, 5)))`. The numbers on the dice\n'
        "are chance, not a decision, so `step` and `apply` refuse them; `apply_chance` does the\n"
        "same as `chance_step` but returns the state only."
    ),
    "alfredopoly_2.toy_matrix": (
        "```python\n"
        "j = (i + total) % 40\n"
        "if j == 30:\n"
        "    j = 10\n"
        "P[i, j] += float(p)\n"
        "...\n"
        "return P\n"
        "```"
    ),
    "alfredopoly_3.walk": (
        "```python\n"
        's = int(np.searchsorted(cumulative[s], u, side="right"))\n'
        "s = min(s, len(chain.states) - 1)   # guards against a running sum of 0.9999999999\n"
        "path.append(s)\n"
        "...\n"
        "return path\n"
        "```"
    ),
}


class Accepts:
    """An answer that is a piece of work (a matrix, a path), judged by ``test``.

    ``check`` compares the learner's value with ``==``; this object answers that
    comparison itself (also for numpy arrays, which then defer to it).

    >>> ok = Accepts(lambda v: v == 3, "a three")
    >>> 3 == ok, 4 == ok, str(ok)
    (True, False, 'a three')
    """

    __array_ufunc__ = None  # numpy: let ``array == Accepts(...)`` call our __eq__

    def __init__(self, test: Callable[[Any], bool], words: str) -> None:
        self.test, self.words = test, words

    def __eq__(self, other: object) -> bool:
        try:
            return bool(self.test(other))
        except (TypeError, ValueError, IndexError):
            return False

    __hash__ = None  # type: ignore[assignment]

    def __str__(self) -> str:
        return self.words


# ----------------------------------------------------- Alfredopoly 1: the board and a turn


@register(
    "alfredopoly_1.fee",
    solution=_SOLUTIONS["alfredopoly_1.fee"],
    hint="each deed lists: base fee, 1, 2, 3, 4 sculptures, statue; "
    "the doubling for a whole group is for buildings without sculptures",
)
def _fee_two_and_one() -> int:
    spec = AlfredopolySpec()
    start = new_game(spec, players=2, seed=1)
    brown = replace(start, owner=tuple(0 if i in (1, 3) else -1 for i in range(40)))
    built = apply(spec, apply(spec, brown, BuildSculpture(1)), BuildSculpture(3))
    return 2 * fee(spec, built, 3) + fee(spec, built, 1)


@register(
    "alfredopoly_1.three_doubles",
    solution=_SOLUTIONS["alfredopoly_1.three_doubles"],
    tolerance=5e-5,  # 0.0046 (two significant digits) is right; 0.005 or 1/36 is not
    hint="what is the chance of one double (how many of the 36 rolls are doubles)? "
    "The three rolls are independent.",
)
def _three_doubles() -> Fraction:
    return Dice(2, 6).doubles_probability() ** 3


_DECK_WORDS = {"email": "E-Mail", "pcc_mail": "PCC Mail"}  # the decks as the lessons name them


def _back_three_end() -> tuple[int, str]:
    """Where "go back three spaces" from space 36 ends, and the deck drawn from there."""
    board = load_board("alfred")
    card = next(c for deck in board.decks.values() for c in deck if c.effect == "move_back")
    end = board.card_destination(36, card)
    assert end is not None
    deck = board.spaces[end].deck
    return end, _DECK_WORDS.get(deck, deck) if deck else "none"


def _back_three_refusal(value: Any) -> str | None:
    """A space number alone answers half the question: it asks what happens there too."""
    whole = isinstance(value, (int, np.integer)) and not isinstance(value, bool)
    if whole and int(value) == _back_three_end()[0]:
        return (
            f"{int(value)} is the right space, but the question also asks what happens "
            "there: give a pair, the space and the deck she then draws from, "
            '(12, "E-Mail") for example'
        )
    return None


@register(
    "alfredopoly_1.back_three",
    solution=_SOLUTIONS["alfredopoly_1.back_three"],
    hint="count three spaces backwards from 36, then look at that space in the board table: "
    "what kind of space is it?",
    accept=_back_three_refusal,
)
def _back_three() -> frozenset[tuple[int, str]]:
    end, deck = _back_three_end()
    # the deck by its name in the lessons ("PCC Mail"), or by its short name ("PCC")
    return frozenset((end, name) for name in {deck, deck.split()[0]})


# ----------------------------------------------------- Alfredopoly 2: the Markov chain


def toy_matrix(go_to_probation: bool = True) -> np.ndarray:
    """The toy chain of lesson 2: 2d6 moves on a ring of 40, space 30 sends to 10.

    >>> P = toy_matrix()
    >>> bool(np.allclose(P.sum(axis=1), 1)), float(P[28, 10]) == 1 / 36
    (True, True)
    """
    P = np.zeros((40, 40))
    for i in range(40):
        for total, p in Dice(2, 6).total_distribution().items():
            j = (i + total) % 40
            if go_to_probation and j == 30:
                j = 10
            P[i, j] += float(p)
    return P


def _matrix_refusal(value: Any) -> str | None:
    """Why ``value`` is not the toy matrix (None when it is), in words."""
    mine = np.asarray(value, dtype=float)
    if mine.shape != (40, 40):
        return f"the matrix must be 40 x 40, yours is {' x '.join(map(str, mine.shape))}"
    sums = mine.sum(axis=1)
    if not np.allclose(sums, 1):
        row = int(np.argmax(~np.isclose(sums, 1)))
        return f"every row must sum to 1; row {row} sums to {sums[row]:.4f}"
    wrong = ~np.isclose(mine, toy_matrix()).all(axis=1)
    if wrong.any():
        row = int(np.argmax(wrong))
        off = ~np.isclose(mine[row], toy_matrix()[row])
        spaces = ", ".join(str(j) for j in np.flatnonzero(off)[:4])
        return (
            f"row {row} (from space {row}) goes to the wrong spaces: "
            f"check the probabilities of reaching spaces {spaces}"
        )
    return None


def _same_matrix(value: Any) -> bool:
    return _matrix_refusal(value) is None


@register(
    "alfredopoly_2.toy_matrix",
    solution=_SOLUTIONS["alfredopoly_2.toy_matrix"],
    hint="row i: for each total t of two dice add P(t) to column (i + t) % 40, "
    "but column 10 instead of 30; every row must sum to 1",
    accept=_matrix_refusal,
)
def _toy_matrix() -> Accepts:
    return Accepts(_same_matrix, "your 40 x 40 matrix is the toy chain")


@register(
    "alfredopoly_2.no_probation_space_10",
    solution=_SOLUTIONS["alfredopoly_2.no_probation_space_10"],
    tolerance=1e-4,
    hint="without the special rule, is any space special? Check the columns' sums too.",
)
def _no_probation_space_10() -> Fraction:
    from gamekit.core.markov import stationary_distribution

    value = float(stationary_distribution(toy_matrix(go_to_probation=False))[10])
    return Fraction(value).limit_denominator(1000)


@register(
    "alfredopoly_2.best_turn_space",
    hint="per turn, long strategy; leave out index 40 (in Probation)",
)
def _best_turn_space() -> int:
    p = build_chain("alfred", LandingOptions(jail="long")).probabilities("turn")
    return int(np.argmax(p[:40]))


def _probation_ratio(per: Literal["roll", "turn"]) -> float:
    """Long strategy: P(in Probation) / P(Powell Campus Center), per roll or per turn."""
    p = build_chain("alfred", LandingOptions(jail="long")).probabilities(per)
    return float(p[40] / p[24])


def _per_roll_refusal(value: Any) -> str | None:
    """The same ratio per roll is a different number: the question asks per turn."""
    if not isinstance(value, (int, float, np.integer, np.floating)) or isinstance(value, bool):
        return None
    per_roll, per_turn = _probation_ratio("roll"), _probation_ratio("turn")
    if abs(float(value) - per_roll) <= 0.05 < abs(float(value) - per_turn):
        return (
            "that is the ratio per roll; the question asks per turn "
            '(long_chain.probabilities("turn"), section 5)'
        )
    return None


@register(
    "alfredopoly_2.probation_vs_powell",
    solution=_SOLUTIONS["alfredopoly_2.probation_vs_powell"],
    tolerance=0.05,
    hint="per turn, long strategy: the probability of index 40 divided by that of space 24",
    accept=_per_roll_refusal,
)
def _probation_vs_powell() -> float:
    return _probation_ratio("turn")


@register(
    "alfredopoly_2.probation_turns",
    solution=_SOLUTIONS["alfredopoly_2.probation_turns"],
    tolerance=0.05,  # "one decimal": 5.47 rounds to 5.5; 5.4 (cut off, not rounded) is refused
    hint="the expected number of turns ending in a state = number of turns x its share per turn",
)
def _probation_turns() -> float:
    p = build_chain("alfred", LandingOptions(jail="long")).probabilities("turn")
    return float(50 * p[40])


# ----------------------------------------------------- Alfredopoly 3: simulation


def _path_refusal(value: Any) -> str | None:
    """Why ``value`` is not a path of the lesson's chain (None when it is), in words."""
    chain = build_chain("alfred", LandingOptions(jail="long"))
    path = np.asarray(value)
    if path.ndim != 1 or len(path) < 10_000:
        return "give the path of at least 10,000 rolls: one state number per roll"
    if not np.issubdtype(path.dtype, np.integer):
        return "the states must be whole numbers (indices of chain.states)"
    if path.min() < 0 or path.max() >= len(chain.states):
        return f"state numbers go from 0 to {len(chain.states) - 1}"
    impossible = chain.P[path[:-1], path[1:]] == 0
    if impossible.any():
        t = int(np.argmax(impossible))
        why = f"roll {t + 1} goes from state {path[t]} to {path[t + 1]}, which the chain never does"
        if path.max() <= 40:  # board positions (0 to 40) given for state numbers?
            why += (
                "; did you give board positions? The path holds state numbers (0 to "
                f"{len(chain.states) - 1}), the index j in cumulative[s][j]"
            )
        return why
    share = float(np.mean(chain.position[path] == 40))
    if abs(share - float(chain.probabilities()[40])) > 0.02:
        return f"your token is in Probation {share:.1%} of the time; is each row drawn fairly?"
    return None


def _follows_chain(value: Any) -> bool:
    return _path_refusal(value) is None


@register(
    "alfredopoly_3.walk",
    solution=_SOLUTIONS["alfredopoly_3.walk"],
    hint="draw u = rng.random(), then the next state is np.searchsorted(cumulative[s], u, "
    "side='right'); return the list of states visited (integers)",
    accept=_path_refusal,
)
def _walk() -> Accepts:
    return Accepts(_follows_chain, "every step of your path is an arrow of the chain")


@register(
    "alfredopoly_3.rolls_for_third",
    solution=_SOLUTIONS["alfredopoly_3.rolls_for_third"],
    # "about how many": within 1% (the lesson says so), so int() of a float that is a hair
    # under 900,000 (899999.9999999998 -> 899999) passes; 3 times the rolls (300,000) does not
    tolerance=9_000,
    hint="the standard error falls like 1/sqrt(n): a third of the error needs how many "
    "times the rolls?",
)
def _rolls_for_third() -> int:
    return 100_000 * 3**2


@register(
    "alfredopoly_3.forgotten_short",
    solution=_SOLUTIONS["alfredopoly_3.forgotten_short"],
    hint="build the per-turn chain with jail='short', then find the first turn with "
    "distance below 0.05",
)
def _forgotten_short() -> int:
    chain = build_chain("alfred", LandingOptions(jail="short", per="turn"))
    d = forgetting(chain, 40)
    return int(d[d.distance < 0.05].step.min())


_Z_SHORT_SEED, _Z_SHORT_ROLLS = 23, 200_000


def _z_short_parts() -> tuple[float, float, float, float]:
    """Simulated share of position 40 (short strategy), its batch-means standard error,
    the exact share and the number of rolls counted."""
    from gamekit.alfredopoly.montecarlo import simulate_landing

    s = simulate_landing("alfred", rolls=_Z_SHORT_ROLLS, seed=_Z_SHORT_SEED, jail="short")
    exact = float(build_chain("alfred").probabilities()[40])
    return float(s.probability[40]), float(s.stderr[40]), exact, float(s.attrs["rolls"])


def _z_short_refusal(value: Any) -> str | None:
    """Refuse the z of the textbook standard error sqrt(p(1-p)/n), which lesson 3 shows is
    wrong for a token's path (a z within 0.02 of it, with p simulated or exact)."""
    if not isinstance(value, (int, float, np.floating, np.integer)) or isinstance(value, bool):
        return None
    simulated, stderr, exact, rolls = _z_short_parts()
    right = (simulated - exact) / stderr
    for p in (simulated, exact):
        for n in (rolls, _Z_SHORT_ROLLS):
            naive = (simulated - exact) / float(np.sqrt(p * (1 - p) / n))
            if abs(float(value) - naive) <= 0.02 < abs(float(value) - right):
                return (
                    "that z divides by the textbook standard error sqrt(p(1-p)/n), which "
                    "assumes independent rolls; a token's rolls are not independent "
                    "(section 4). Divide by the standard error the simulation reports, "
                    "s.stderr[40]."
                )
    return None


@register(
    "alfredopoly_3.z_short",
    solution=_SOLUTIONS["alfredopoly_3.z_short"],
    tolerance=0.02,
    hint="z = (simulated - exact) / standard error, for position 40, keeping its sign; "
    "use the standard error the simulation reports",
    accept=_z_short_refusal,
)
def _z_short() -> float:
    """z of position 40, short strategy: a number, so a guess does not pass half the time
    (a True/False answer did)."""
    simulated, stderr, exact, _ = _z_short_parts()
    return (simulated - exact) / stderr


# ----------------------------------------------------- Alfredopoly 4: economics


def _fee_16_parts() -> tuple[float, float, float, float, tuple[int, ...]]:
    """McLane Center, 4 players, long jail: (opponents, rolls per turn, p per roll,
    p per turn, the deed's fees: base, 1, 2, 3, 4 sculptures, statue)."""
    chain = build_chain("alfred", LandingOptions(jail="long"))
    rents = tuple(chain.board.spaces[16].rents)
    p_roll, p_turn = chain.probabilities("roll")[16], chain.probabilities("turn")[16]
    return 3.0, float(chain.rolls_per_turn()), float(p_roll), float(p_turn), rents


def _fee_16_refusal(value: Any) -> str | None:
    """Say which step of the formula a wrong fee left out or changed (each within 0.05)."""
    if not isinstance(value, (int, float, np.integer, np.floating)) or isinstance(value, bool):
        return None
    opponents, rolls, p_roll, p_turn, rents = _fee_16_parts()
    right = opponents * rolls * p_roll * rents[3]
    if abs(float(value) - right) <= 0.05:
        return None
    slips = [
        (round(right), "round to two decimals, not to whole dollars"),
        (
            opponents * p_roll * rents[3],
            "an opponent's turn has a little more than one roll "
            "on average: multiply by rolls_per_turn too",
        ),
        (
            (opponents + 1) * rolls * p_roll * rents[3],
            "fees come from the opponents only: PLAYERS - 1 of them",
        ),
        (
            opponents * p_turn * rents[3],
            "that uses the share per turn; a fee is paid on every "
            "landing, so use p_roll[16] (per roll) times rolls_per_turn",
        ),
        (
            opponents * rolls * p_roll * rents[2],
            "mclane.rents[2] is the fee with 2 sculptures: "
            "rents[0] is the fee without any, so 3 sculptures is rents[3]",
        ),
        (
            opponents * rolls * p_roll * rents[4],
            "mclane.rents[4] is the fee with 4 sculptures: "
            "rents[0] is the fee without any, so 3 sculptures is rents[3]",
        ),
    ]
    for wrong, words in slips:
        if abs(float(value) - wrong) <= 0.05:
            return words
    return None


@register(
    "alfredopoly_4.fee_per_round_16",
    solution=_SOLUTIONS["alfredopoly_4.fee_per_round_16"],
    tolerance=0.05,
    hint="the formula of section 1 for space 16: (PLAYERS - 1) x rolls_per_turn x p_roll[16] x "
    "mclane.rents[3] (the deed's fees start with the fee without sculptures, rents[0])",
    accept=_fee_16_refusal,
)
def _fee_per_round_16() -> float:
    opponents, rolls, p_roll, _, rents = _fee_16_parts()
    return opponents * rolls * p_roll * rents[3]


def _orange_payback(players: int) -> float:
    """Rounds for the whole orange group with three sculptures to pay back (long jail)."""
    g = group_economics(property_economics("alfred", jail="long", players=players))
    row = g[(g.group == "orange") & (g.level == "3 sculptures")]
    return float(row.payback_rounds.iloc[0])


def _orange_refusal(value: Any) -> str | None:
    """The 4-player payback itself (the table's row) gets a reason, not only "not right"."""
    if not isinstance(value, (int, float, np.integer, np.floating)) or isinstance(value, bool):
        return None
    four = _orange_payback(4)
    if abs(float(value) - four) < 0.5 or value == round(four):
        return "that is the payback with 3 opponents (4 players); the question has 1 opponent"
    return None


@register(
    "alfredopoly_4.two_player_orange",
    solution=_SOLUTIONS["alfredopoly_4.two_player_orange"],
    # "the nearest whole number of rounds": the exact payback and 3 x the table's rounded
    # value (which can miss it by up to 0.15) both lie within 0.5 of it; a whole number
    # must be the right one (a wrong rounding, one round off, is refused)
    tolerance=0.5,
    hint="a payback time is price / fee per round; the fee per round is (players - 1) x "
    "the fee per opponent, so how does it change from 3 opponents to 1?",
    accept=_orange_refusal,
)
def _two_player_orange() -> int:
    return round(_orange_payback(2))


@register(
    "alfredopoly_4.six_sculptures_gain",
    solution=_SOLUTIONS["alfredopoly_4.six_sculptures_gain"],
    tolerance=0.5,
    hint="sculptures go on evenly: six on three buildings is two each; compare the "
    "group's fee per round at '2 sculptures' with 'group' (no sculptures)",
)
def _six_sculptures_gain() -> float:
    g = group_economics(property_economics("alfred", jail="long", players=4))
    orange = g[g.group == "orange"].set_index("level").fee_per_round
    return float(orange["2 sculptures"] - orange["group"])


def _games_for_stderr_refusal(value: Any) -> str | None:
    """More games than needed also give a standard error of at most 0.02: say that the
    question asks for the smallest number (a fresh reader's 626 and 630 got only the hint)."""
    if not isinstance(value, (int, float, np.integer, np.floating)) or isinstance(value, bool):
        return None
    smallest = _games_for_stderr()
    if float(value) > smallest and np.sqrt(0.25 / float(value)) <= 0.02:
        return (
            f"{value:g} games do give a standard error of at most 0.02, but so do fewer: "
            "the question asks for the smallest number"
        )
    return None


@register(
    "alfredopoly_4.games_for_stderr",
    solution=_SOLUTIONS["alfredopoly_4.games_for_stderr"],
    hint="standard error = sqrt(p (1 - p) / n); solve for n with p = 1/2",
    accept=_games_for_stderr_refusal,
)
def _games_for_stderr() -> int:
    return round(0.5 * 0.5 / 0.02**2)


# ----------------------------------------------------- Alfredopoly 5: experiments


@register(
    "alfredopoly_5.three_dice_doubles",
    solution=_SOLUTIONS["alfredopoly_5.three_dice_doubles"],
    tolerance=5e-4,  # a decimal to 3 places (0.028) is a right answer; 1/216 or 1/6 is not
    hint="how many of the 6 x 6 x 6 rolls show the same number on all three dice?",
)
def _three_dice_doubles() -> Fraction:
    return Dice(3, 6).doubles_probability()


@register(
    "alfredopoly_5.dear_brown",
    solution=_SOLUTIONS["alfredopoly_5.dear_brown"],
    hint="cost = both prices + three sculptures on each of the two buildings",
)
def _dear_brown() -> int:
    data = read_toml(data_dir() / "alfred.toml")
    data["spaces"][3]["price"] = 600
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "dear.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        g = group_economics(property_economics(load_board(path)))
    return int(g[(g.group == "brown") & (g.level == "3 sculptures")].cost.item())


def moved_corner_board() -> Board:
    """Lesson 5's board: Go to Academic Probation on space 20, Pine Hill on 30.

    >>> moved_corner_board().go_to_jail
    20
    """
    data = read_toml(data_dir() / "alfred.toml")
    spaces = data["spaces"]
    spaces[20], spaces[30] = {**spaces[30], "index": 20}, {**spaces[20], "index": 30}
    data["name"], data["title"] = "moved", "Alfredopoly with the Probation corner moved"
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "moved.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        return load_board(path)


@register(
    "alfredopoly_5.moved_loses_most",
    solution=_SOLUTIONS["alfredopoly_5.moved_loses_most"],
    hint="subtract the standard board's probabilities from the moved board's (spaces "
    "0-39), leave out the two corners that swapped, and find the most negative change",
)
def _moved_loses_most() -> int:
    base = build_chain("alfred", LandingOptions(jail="long")).probabilities()
    moved = build_chain(moved_corner_board(), LandingOptions(jail="long")).probabilities()
    change = (moved - base)[:40]
    change[[20, 30]] = np.inf
    return int(np.argmin(change))


# ---- the start page and the glossary -------------------------------------------------


def _three_dice_ten_solution() -> str:
    ways = Dice(3, 6).total_distribution()[10] * 6**3
    return (
        f"Count the ordered rolls (a, b, c) with a + b + c = 10: there are {ways} of the "
        f"6 x 6 x 6 = {6**3}, so the probability is `Fraction({ways}, {6**3})` = "
        f"`{Fraction(ways, 6**3)!r}`. Check: `Dice(3, 6).total_distribution()[10]`."
    )


def _probability_refusal(value: Any) -> str | None:
    """A count of rolls (27) is not a probability: say so (a fresh reader's slip)."""
    number = isinstance(value, (int, float, Fraction, np.integer, np.floating))
    if number and not isinstance(value, bool) and not 0 <= value <= 1:
        return (
            f"{value} is not a probability (a probability is between 0 and 1): "
            "divide the number of ordered rolls with total 10 by all 6 x 6 x 6 of them"
        )
    return None


@register(
    "start.three_dice_ten",
    hint="count the ordered rolls (a, b, c) with a + b + c = 10",
    solution=_three_dice_ten_solution(),
    accept=_probability_refusal,
)
def _three_dice_ten() -> Fraction:
    return Fraction(Dice(3, 6).total_distribution()[10])


_DICE_CHOICES = ("chance_step", "apply_chance")


def _python_name_refusal(value: Any) -> str | None:
    """The right function in another spelling ("Chance_Step", "chance step") is told why it
    is refused, instead of the hint about decisions and chance."""
    if not isinstance(value, str):
        return None
    spelt = re.sub(r"[\s-]+", "_", value.strip()).removesuffix("()")
    if value.strip().removesuffix("()") not in _DICE_CHOICES and spelt.casefold() in _DICE_CHOICES:
        return (
            f"{value!r} names it, but Python spells a name exactly: write it as the kit's "
            "code does (lower case, words joined by _)"
        )
    return None


@register(
    "glossary_alfredopoly.dice_choice",
    solution=_SOLUTIONS["glossary_alfredopoly.dice_choice"],
    hint="is showing 5 and 5 a player's decision, or chance?",
    exact_case=True,  # a Python name, spelt as in the code
    accept=_python_name_refusal,
)
def _dice_choice() -> frozenset[str]:
    # chance_step, or apply_chance (the same, returning the state only)
    return frozenset(_DICE_CHOICES)
