"""The Alma Mater lessons' exercises: each answer computed here, out of the learner's sight.

A lesson's self-check cell is one line, ``check("almamater_1.first_player", answer_2)``
(:func:`gamekit.core.exercises.check`). The functions below derive each answer from the
engine and the kit's data, so a lesson's answer follows the data when a kit default changes.

>>> from gamekit.core.exercises import check
>>> check("almamater_3.product_gain", 3)
Correct: 3.
True
"""

from __future__ import annotations

import math
import re
import shutil
import tempfile
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from statistics import NormalDist
from typing import Any

import numpy as np

from gamekit.almamater.bots import BOTS
from gamekit.almamater.components import DEFAULT_FOLDER, load_components
from gamekit.almamater.placements import masters_needed
from gamekit.almamater.rounds import turn_order_after_bishop
from gamekit.almamater.rules import apply, legal_actions, new_game, outcome
from gamekit.almamater.setup import founding_sum
from gamekit.almamater.sheet import score_sheet
from gamekit.almamater.simulate import play_game, simulate
from gamekit.almamater.spec import make_spec
from gamekit.almamater.state import GameState, PlayerState
from gamekit.core.exercises import _matches, register

__all__ = [
    "CHANGE_EXERCISE",
    "LESSON_3_SHEET",
    "OWN_BOT_DUEL",
    "PARK_EXERCISE",
    "copy_data",
    "duel",
    "duels_needed",
    "own_bot_bar",
]

#: A near miss: a test of the learner's answer, and what to tell them when it holds.
NearMiss = tuple[Callable[[Any], bool], str]


def _near_misses(*misses: NearMiss) -> Callable[[Any], str | None]:
    """An ``accept`` check (see :func:`gamekit.core.exercises.register`) that names what is
    wrong in a common near miss, instead of the hint about the reasoning.

    Each test must be false for every right answer; an answer no test catches is compared
    as usual. A test that cannot read the answer (a word where a number belongs) does not
    hold.

    >>> accept = _near_misses((lambda a: a > 1, "write a share between 0 and 1"))
    >>> accept(11.5), accept(0.1), accept("x")
    ('write a share between 0 and 1', None, None)
    """

    def accept(answer: Any) -> str | None:
        for holds, reason in misses:
            try:
                if holds(answer):
                    return reason
            except (TypeError, ValueError, IndexError, AttributeError):
                continue
        return None

    return accept


def _is(answer: Any, truth: Any) -> bool:
    """Whether ``answer`` is ``truth`` in a form the self-check accepts."""
    return _matches(answer, truth, 1e-3)


def _pair(answer: Any) -> bool:
    return not isinstance(answer, str) and len(answer) == 2


# ---------------------------------------------------------------- the solutions

#: Each exercise's worked solution, in Markdown, shown by ``reveal(id)`` in the lesson once
#: the self-check has seen a try (never in the notebook a learner opens).
SOLUTIONS: dict[str, str] = {
    "glossary_almamater.lexikon": (
        '**`"dictionary"`**: a yellow book that hires professors and the best students. '
        'In code: `glossary[glossary.german == "Lexikon"].english.item()`.'
    ),
    "almamater_1.extra_points_se": """\
```python
def my_se(values):
    \"\"\"The standard error of the mean of `values` (a pandas Series).\"\"\"
    return values.std() / np.sqrt(len(values))
```
pandas' `.std()` is the sample's standard deviation (it divides by $n - 1$); pandas has
the whole formula built in as `values.sem()`.""",
    "almamater_1.unused_chancellors": """\
Players + 1 = 5 are drawn; 4 are taken, the fifth goes on a bust stack with 2 more: 7
chancellors are used, so **3** stay in the box. Check in code:
```python
spec4 = make_spec(4)
s4 = new_game(spec4, seed=0)
while s4.phase != "action":
    s4 = apply(spec4, s4, legal_actions(spec4, s4)[0])
used = {p.chancellor for p in s4.players} | set(s4.bust_chancellors)
len(components.chancellors) - len(used)
```""",
    "almamater_1.first_player": """\
Sums: Red 2 + 7 + 9 = 18, Blue 1 + 5 + 12 = 18, Green 3 + 4 + 10 = 17. Green plays first;
Red and Blue tie at 18: **`("green", 18)`**.""",
    "almamater_1.tie_share": """\
```python
ties = 0
for seed in range(200):
    s = draft(seed, [go_first] * 3)
    total = sorted(founding_sum(spec, p) for p in s.players)
    ties += total[0] == total[1]
answer_3 = ties / 200
```""",
    "almamater_2.masters": """\
Only the last user counts: Blue placed 2, so Green needs 2 + 1 = **3** at the Laboratory.
The Bishop never asks for more: **1** master is enough. `(3, 1)`.""",
    "almamater_2.shelf_shift": """\
Every book on the 7 shelves pays 1 ducat: 1 + 2 + 3 + 1 = **7** ducats; then the leftmost
shelf's **1** book goes back: `(7, 1)`.
```python
shelves = tuple(tuple(i < n for i in range(3)) for n in (1, 0, 0, 2, 0, 3, 1))
shelf_shift(shelves)
```""",
    "almamater_2.bishop_order": """\
Most masters first: Blue (2). Then Green and Red have 1 each: Green placed first, so
Green goes before Red. **`["blue", "green", "red"]`**. The kit computes the same with
`turn_order_after_bishop` from `gamekit.almamater.rounds`, in seat numbers (Red 0, Blue 1,
Green 2):
```python
old_order = (0, 1, 2)                       # Red, Blue, Green
at_the_bishop = ((2, 1), (1, 2), (0, 1))    # (seat, masters), in the order placed:
                                            # Green 1, then Blue 2, then Red 1
turn_order_after_bishop(old_order, at_the_bishop)   # (1, 2, 0): Blue, Green, Red
```""",
    "almamater_3.my_score": """\
```python
bust_points = (0, 3, 7, 12)[busts]
products = milestones * len(professors) + row_a * row_b
```""",
    "almamater_3.total": """\
Line by line, as in section 1:

1. textbooks to ducats: 14 + 3 = 17 ducats (no prestige itself);
2. 17 // 4 = **4**;
3. no dictionaries: **0**;
4. reputation rank 4 of 4 players: **0**;
5. milestones x professors: 2 x 2 = **4**;
6. the professors' printed prestige: 3 + 3 = **6**;
7. no Mathematics students: **0**;
8. row A x row B: 4 x 1 = **4**;
9. 2 busts: **7**.

Total: 30 (during play) + 4 + 0 + 0 + 4 + 6 + 0 + 4 + 7 = **55**.""",
    "almamater_3.product_gain": """\
Row B: 4 x 2 = 8 (gain 4). Row A: 5 x 1 = 5 (gain 1). Difference **3**.""",
    "almamater_3.extra_ducats": """\
11 ducats + 5 textbooks = 16: exactly 4 prestige, with 0 left over. The next prestige
needs 20, so **4** more ducats.""",
    "almamater_4.change_in_se": """\
Each report's standard error: $\\sqrt{0.62 \\times 0.38 / 200} = 0.0343$ and
$\\sqrt{0.55 \\times 0.45 / 200} = 0.0352$. The two reports are independent, so their
*variances* add (not their standard errors): the change's standard error is
$\\sqrt{0.0343^2 + 0.0352^2} = 0.0491$, `np.hypot(0.0343, 0.0352)`. The change is
$0.55 - 0.62 = -0.07$, so $-0.07 / 0.0491 =$ **-1.4** standard errors: within 2, so these
games alone do not show that the change made the scholar weaker.""",
    "almamater_4.cheap_park": """\
```python
park = copy_with("cheap_park", "board.toml",
                 lambda text: re.sub(r"(\\[park\\]\\nprice = )\\d+", r"\\g<1>2", text))
played = simulate(players=2, games=100, seed=5, strategies=("scholar", "dean"), data=park)
answer_2 = played[played.strategy == "scholar"].won.mean()
```""",
    "almamater_4.own_bot": """\
There is no single answer. Look at the signature table of section 2: the scholar scores
from its professors, less from students and ducats than the dean (section 2 checks two
lines), and every student it does not hire is a student the other player may take. One
bot that clears the bar keeps the scholar's plan but hires a student whenever it can, the
one that costs the fewest masters:
```python
def students_first(spec, state, legal, rng):
    \"\"\"The scholar, but a student first whenever one can be hired (fewest masters).\"\"\"
    if state.phase == "action" and not state.pending:
        hire = [a for a in legal if isinstance(a, A.HireStudent)]
        if hire:
            return min(hire, key=lambda a: a.masters)
    return BOTS["scholar"](spec, state, legal, rng)
```
A bot that wins only a little more than half is refused: over this many duels such a share
is within chance of a bot that is no better than the scholar. To see how good your bot
really is, play it against the scholar with `duel` and another seed.""",
}


# ---------------------------------------------------------------- the glossary


def _lexikon() -> str:
    from gamekit.almamater.glossary import GLOSSARY

    return next(english for german, english, _ in GLOSSARY if german == "Lexikon")


def _word_forms(word: str) -> frozenset[str]:
    """``word`` as a learner may rightly write it: singular or plural, with "a" or "the".

    >>> sorted(_word_forms("dictionary"))[:3]
    ['a dictionary', 'dictionaries', 'dictionary']
    """
    plural = word[:-1] + "ies" if word.endswith("y") else word + "s"
    article = "an" if word[0] in "aeiou" else "a"
    return frozenset({word, plural, f"{article} {word}", f"the {word}", f"the {plural}"})


@register(
    "glossary_almamater.lexikon",
    hint="search the table for Lexikon",
    solution=SOLUTIONS["glossary_almamater.lexikon"],
)
def _lexikon_forms() -> frozenset[str]:
    # "dictionaries" or "a dictionary" is the right word in another form: accepted
    return _word_forms(_lexikon())


# ---------------------------------------------------------------- Alma Mater 1: setup


@register(
    "almamater_1.unused_chancellors",
    hint="10 chancellors; players + 1 are drawn ...",
    solution=SOLUTIONS["almamater_1.unused_chancellors"],
)
def _unused_chancellors() -> int:
    spec = make_spec(4)
    state = new_game(spec, seed=0)
    while state.phase != "action":
        state = apply(spec, state, legal_actions(spec, state)[0])
    seen = {p.chancellor for p in state.players} | set(state.bust_chancellors)
    return len(spec.components.chancellors) - len(seen)


@register(
    "almamater_1.first_player",
    hint="add each player's three white numbers; the lowest sum plays first, and the "
    "second value is the sum that two players share",
    accept=_near_misses(
        (
            lambda a: (
                _pair(a) and _is(a[0], _first_player()[0]) and not _is(a[1], _first_player()[1])
            ),
            "the first value (who plays first) is right; the second is not: it is the white "
            "sum that the two tied players share, not the sum of whoever plays first",
        ),
        (
            lambda a: (
                _pair(a) and _is(a[1], _first_player()[1]) and not _is(a[0], _first_player()[0])
            ),
            "the second value (the tied sum) is right; the first is not: who plays first is "
            "the player with the lowest white sum",
        ),
    ),
    solution=SOLUTIONS["almamater_1.first_player"],
)
def _first_player() -> tuple[str, int]:
    kept = {"red": (2, 7, 9), "blue": (1, 5, 12), "green": (3, 4, 10)}
    sums = {colour: sum(whites) for colour, whites in kept.items()}
    first = min(sums, key=lambda c: sums[c])
    tied = [s for s in sums.values() if list(sums.values()).count(s) == 2]
    return first, tied[0]


def _go_first(spec: Any, state: GameState, options: list[Any]) -> Any:
    def white(a: Any) -> int:
        return int(spec.founding[a.card].white)

    return min(options, key=white) if state.phase == "draft" else max(options, key=white)


@register(
    "almamater_1.tie_share",
    tolerance=0.006,
    hint="count the drafts whose two lowest white sums are equal, then divide by 200",
    accept=_near_misses(
        (
            lambda a: not isinstance(a, str) and float(a) == _tie_share() * 200,
            "that is the number of drafts with a tie; a share divides it by the 200 drafts",
        ),
        (
            lambda a: not isinstance(a, str) and 1 < float(a) <= 100,
            "a share is a number between 0 and 1 (0.25, not 25 for 25 %); "
            "if you wrote a percentage, divide it by 100",
        ),
    ),
    solution=SOLUTIONS["almamater_1.tie_share"],
)
def _tie_share() -> Fraction:
    spec = make_spec(3)
    ties = 0
    for seed in range(200):
        s = new_game(spec, seed=seed)
        while s.phase in ("draft", "discard"):
            s = apply(spec, s, _go_first(spec, s, legal_actions(spec, s)))
        sums = sorted(founding_sum(spec, p) for p in s.players)
        ties += sums[0] == sums[1]
    return Fraction(ties, 200)


def _standard_error_refusal(formula: Any) -> str | None:
    """Why ``formula`` is not the standard error of a mean (None when it is, on 5 samples)."""
    import pandas as pd

    if not callable(formula):
        return "set it to your function itself (no brackets): check(..., my_se)"
    rng = np.random.default_rng(1)
    # n = 2 last: there s / n equals numpy's ddof=0 spread over sqrt(n), so a formula that
    # divides by n must be told apart on a larger sample first
    for size in (10, 57, 200, 1000, 2):
        values = pd.Series(rng.normal(3, 2, size=size).round(2))
        try:
            mine = formula(values)
        except Exception as exc:  # the learner's code: say what went wrong
            return f"your function raised {type(exc).__name__}: {exc} on {size} values"
        if mine is None:
            return "your function returns None: replace the TODO line with the formula"
        truth = float(values.std(ddof=1) / np.sqrt(size))
        try:
            if abs(float(mine) - truth) <= 1e-6 * max(1.0, truth):
                continue
        except (TypeError, ValueError):
            return f"your function returns {mine!r}, not a number"
        if abs(float(mine) - float(values.std(ddof=1) / size)) <= 1e-9:
            return "close: divide the standard deviation by the square root of n, not by n"
        if abs(float(mine) - float(values.std(ddof=0) / np.sqrt(size))) <= 1e-9:
            return (
                "close: that is numpy's standard deviation with ddof=0; the standard error "
                "uses the sample's standard deviation, pandas' .std() (ddof=1)"
            )
        return (
            f"on {size} values your function gives {float(mine):.4g}, "
            f"the standard error is {truth:.4g}"
        )
    return None


class _StandardErrorFormula:
    """Stands for "a function that computes s / sqrt(n)" in the reply."""

    def __eq__(self, other: object) -> bool:
        return callable(other) and _standard_error_refusal(other) is None

    def __hash__(self) -> int:
        return 0

    def __str__(self) -> str:
        return "your function gives the standard error of the mean on 5 sets of values"


@register(
    "almamater_1.extra_points_se",
    accept=_standard_error_refusal,
    hint="the standard deviation of the values (values.std()), divided by np.sqrt(len(values))",
    solution=SOLUTIONS["almamater_1.extra_points_se"],
)
def _extra_points_se() -> _StandardErrorFormula:
    return _StandardErrorFormula()


# ---------------------------------------------------------------- Alma Mater 2: a round


@register(
    "almamater_2.masters",
    hint="an occupied space: one more than its LAST user placed; the Bishop never escalates",
    solution=SOLUTIONS["almamater_2.masters"],
)
def _masters() -> tuple[int, int]:
    spec = make_spec(3)
    laboratory = masters_needed(spec, PlayerState(2, "green"), 2)  # Red 1, then Blue 2
    return laboratory, 1  # the Bishop takes any number of masters, so 1 is enough


@register(
    "almamater_2.shelf_shift",
    hint="every book on the 7 shelves pays first; then only the leftmost shelf empties",
    solution=SOLUTIONS["almamater_2.shelf_shift"],
)
def _shelf_shift() -> tuple[int, int]:
    shelves = load_components().shelves
    books = (1, 0, 0, 2, 0, 3, 1)
    return sum(books) * shelves.income_per_book, books[0]


@register(
    "almamater_2.bishop_order",
    hint="most masters first; among equals, who placed there first; then the rest",
    accept=_near_misses(
        (
            lambda a: sorted(int(x) for x in a if not isinstance(x, (str, bool))) == [0, 1, 2],
            "those are seat numbers (what turn_order_after_bishop gives); write the colours "
            "they stand for (red 0, blue 1, green 2), each a word in quotes",
        ),
        (
            lambda a: len(a) == 3 and all(x.strip().casefold() in ("r", "b", "g") for x in a),
            'write whole colour words in quotes ("red"), not the board\'s letters',
        ),
    ),
    solution=SOLUTIONS["almamater_2.bishop_order"],
)
def _bishop_order() -> list[str]:
    colours = ("red", "blue", "green")
    # placed in this order: Green 1, Blue 2, Red 1; old order Red, Blue, Green
    order = turn_order_after_bishop((0, 1, 2), ((2, 1), (1, 2), (0, 1)))
    return [colours[i] for i in order]


# ---------------------------------------------------------------- Alma Mater 3: scoring

#: The end position of Alma Mater 3, section 1 (a test checks the lesson uses this one).
LESSON_3_SHEET: dict[str, Any] = {
    "players": 3,
    "prestige": 20,
    "textbooks": 5,
    "ducats": 11,
    "dictionaries": 2,
    "reputation_rank": 2,
    "milestones": 3,
    "professors": [4, 2],
    "math_prestige": 3,
    "row_a": 3,
    "row_b": 2,
    "busts": 1,
}


@register(
    "almamater_3.total",
    hint="go line by line; score_sheet can check each line",
    solution=SOLUTIONS["almamater_3.total"],
)
def _total() -> int:
    return score_sheet(
        {"players": 4, "prestige": 30, "textbooks": 3, "ducats": 14, "dictionaries": 0,
         "reputation_rank": 4, "milestones": 2, "professors": [3, 3], "math_prestige": 0,
         "row_a": 4, "row_b": 1, "busts": 2}
    ).total  # fmt: skip


@register(
    "almamater_3.product_gain",
    hint="compute both products, then subtract",
    solution=SOLUTIONS["almamater_3.product_gain"],
)
def _product_gain() -> int:
    base = {**LESSON_3_SHEET, "row_a": 4, "row_b": 1}
    in_b = score_sheet({**base, "row_b": 2}).total
    in_a = score_sheet({**base, "row_a": 5}).total
    return in_b - in_a


@register(
    "almamater_3.extra_ducats",
    hint="ducats + textbooks after line 1; the next multiple of 4",
    solution=SOLUTIONS["almamater_3.extra_ducats"],
)
def _extra_ducats() -> int:
    now = score_sheet(LESSON_3_SHEET).total
    return next(
        k
        for k in range(1, 10)
        if score_sheet({**LESSON_3_SHEET, "ducats": LESSON_3_SHEET["ducats"] + k}).total > now
    )


def _score_sheets(count: int = 200, seed: int = 3) -> list[dict[str, Any]]:
    """``count`` seeded random end positions of 3 or 4 players (as in Alma Mater 3)."""
    rng = np.random.default_rng(seed)
    sheets = []
    for _ in range(count):
        players = int(rng.integers(3, 5))
        sheets.append({
            "players": players, "prestige": int(rng.integers(0, 60)),
            "textbooks": int(rng.integers(0, 10)), "ducats": int(rng.integers(0, 40)),
            "dictionaries": int(rng.integers(0, 6)),
            "reputation_rank": int(rng.integers(1, players + 1)),
            "milestones": int(rng.integers(0, 6)),
            "professors": [int(x) for x in rng.integers(1, 6, size=rng.integers(0, 6))],
            "math_prestige": int(rng.integers(0, 8)), "row_a": int(rng.integers(0, 7)),
            "row_b": int(rng.integers(0, 6)), "busts": int(rng.integers(0, 4)),
        })  # fmt: skip
    return sheets


#: The score lines a learner's ``my_score`` is probed on (Alma Mater 3, section 2): each
#: line's name as the lesson writes it, and the sheets that change only that line's inputs.
_LINE_PROBES: list[tuple[str, Callable[[dict[str, Any]], list[dict[str, Any]]]]] = [
    ("lines 1-2, textbooks and ducats", lambda s: [{**s, "ducats": d} for d in range(0, 30, 3)]),
    ("line 3, dictionaries", lambda s: [{**s, "dictionaries": d} for d in range(6)]),
    (
        "line 4, book reputation",
        lambda s: [{**s, "reputation_rank": r} for r in range(1, s["players"] + 1)],
    ),
    (
        "line 5, milestones x professors (your TODO 2)",
        lambda s: [
            {**s, "milestones": m, "professors": [2] * k} for m in range(4) for k in range(4)
        ],
    ),
    (
        "line 6, the professors' printed prestige",
        lambda s: [{**s, "milestones": 0, "professors": [v, 2]} for v in range(1, 6)],
    ),
    ("line 7, Mathematics students", lambda s: [{**s, "math_prestige": v} for v in range(8)]),
    (
        "line 8, row A x row B (your TODO 2)",
        lambda s: [{**s, "row_a": a, "row_b": b} for a in range(4) for b in range(4)],
    ),
    ("line 9, busts (your TODO 1)", lambda s: [{**s, "busts": b} for b in range(4)]),
]


def _lines_off(formula: Any, sheet: dict[str, Any]) -> list[str]:
    """The score lines whose inputs, changed alone, move ``formula`` unlike the kit."""
    off = []
    for name, probes in _LINE_PROBES:
        sheets = probes(sheet)
        try:
            mine = [formula(**s) - formula(**sheets[0]) for s in sheets]
        except Exception:  # the learner's code; its error is reported elsewhere
            continue
        kit = [score_sheet(s).total - score_sheet(sheets[0]).total for s in sheets]
        if mine != kit:
            off.append(name)
    return off


def _score_refusal(formula: Any) -> str | None:
    """Why ``formula`` is not the final score (None when it agrees on 200 sheets): the
    totals on one sheet where they differ, and the lines that do not follow the kit.

    >>> def only_todo_1(players, prestige, textbooks, ducats, dictionaries, reputation_rank,
    ...                 milestones, professors, math_prestige, row_a, row_b, busts):
    ...     reputation = {3: (12, 7, 3), 4: (12, 7, 3, 0)}[players][reputation_rank - 1]
    ...     return (prestige + (ducats + textbooks) // 4 + dictionaries + reputation
    ...             + sum(professors) + math_prestige + (0, 3, 7, 12)[busts])
    >>> print(_score_refusal(only_todo_1).split(". ")[1].replace("; ", ";\\n"))
    The lines that do not follow it: line 5, milestones x professors (your TODO 2);
    line 8, row A x row B (your TODO 2)
    """
    if not callable(formula):
        return "set it to your function itself (no brackets): check(..., my_score)"
    for sheet in _score_sheets():
        shown = ", ".join(f"{key} {value}" for key, value in sheet.items())
        try:
            mine = formula(**sheet)
        except Exception as exc:  # the learner's code: say what went wrong, and where
            return f"your function raised {type(exc).__name__}: {exc}, on the end position {shown}"
        kit = score_sheet(sheet).total
        if mine != kit:
            off = _lines_off(formula, sheet)
            lines = (
                f"The lines that do not follow it: {'; '.join(off)}"
                if off
                else "Each line follows it when its inputs change, so look at what they share"
            )
            return (
                f"your function gives {mine} where the kit's score_sheet gives {kit}. {lines}. "
                f"(The end position: {shown}.)"
            )
    return None


class _AgreesWithTheKit:
    """Stands for "a formula that agrees with score_sheet" in the reply."""

    def __eq__(self, other: object) -> bool:
        return callable(other) and _score_refusal(other) is None

    def __hash__(self) -> int:
        return 0

    def __str__(self) -> str:
        return "your formula agrees with the kit's score_sheet on 200 random end positions"


@register(
    "almamater_3.my_score",
    accept=_score_refusal,
    hint="compare your lines with the nine lines of section 1",
    solution=SOLUTIONS["almamater_3.my_score"],
)
def _my_score() -> _AgreesWithTheKit:
    return _AgreesWithTheKit()


# ---------------------------------------------------------------- Alma Mater 4: design


#: Alma Mater 4, exercise 1: the scholar's win share in two balance reports of 2-player
#: games, before and after a change of the kit's numbers (share, games).
CHANGE_EXERCISE: dict[str, tuple[float, int]] = {"before": (0.62, 200), "after": (0.55, 200)}


def _standard_error(share: float, games: int) -> float:
    return math.sqrt(share * (1 - share) / games)


def _change_in_se() -> float:
    (p0, n0), (p1, n1) = CHANGE_EXERCISE["before"], CHANGE_EXERCISE["after"]
    return (p1 - p0) / math.hypot(_standard_error(p0, n0), _standard_error(p1, n1))


def _change_over(*standard_errors: float) -> float:
    """The change divided by ``sum(standard_errors)``: what a near miss computes."""
    (p0, _), (p1, _) = CHANGE_EXERCISE["before"], CHANGE_EXERCISE["after"]
    return (p1 - p0) / sum(standard_errors)


def _near(answer: Any, value: float) -> bool:
    return abs(float(answer) - value) <= 0.05


_SE_BEFORE = _standard_error(*CHANGE_EXERCISE["before"])
_SE_AFTER = _standard_error(*CHANGE_EXERCISE["after"])


@register(
    "almamater_4.change_in_se",
    tolerance=0.05,
    hint="each report has a standard error sqrt(p(1-p)/n); the change's is the square root of "
    "the sum of their squares; divide the change (after minus before) by it",
    accept=_near_misses(
        (
            lambda a: _near(a, -_change_in_se()) and not _near(a, _change_in_se()),
            "the size is right, but the share fell: a fall is a negative change (after minus "
            "before)",
        ),
        (
            lambda a: any(
                _near(abs(float(a)), -_change_over(se)) for se in (_SE_BEFORE, _SE_AFTER)
            ),
            "that divides by one report's standard error; both reports were measured, and "
            "both can be off: the change's standard error is the square root of the sum of "
            "their squares",
        ),
        (
            lambda a: _near(abs(float(a)), -_change_over(_SE_BEFORE, _SE_AFTER)),
            "that adds the two standard errors; for independent measurements their squares "
            "(the variances) add: np.hypot(se_before, se_after)",
        ),
    ),
    solution=SOLUTIONS["almamater_4.change_in_se"],
)
def _change_in_se_answer() -> float:
    return _change_in_se()


def copy_data(folder: str | Path, edits: dict[str, Callable[[str], str]]) -> Path:
    """Copy the kit's Alma Mater data into ``folder`` and rewrite files with ``edits``.

    ``edits`` maps a file name to a function from its text to the new text.

    >>> import tempfile
    >>> out = copy_data(tempfile.mkdtemp(), {})
    >>> sorted(p.name for p in out.glob("*.toml"))[0]
    'board.toml'
    """
    target = Path(folder) / "almamater"
    shutil.copytree(DEFAULT_FOLDER, target, dirs_exist_ok=True)
    for name, edit in edits.items():
        path = target / name
        path.write_text(edit(path.read_text(encoding="utf-8")), encoding="utf-8")
    return target


def _set_in_section(text: str, section: str, field: str, value: int) -> str:
    """``text`` with ``field = ...`` of TOML table ``[section]`` set to ``value``."""
    head = text.index(f"[{section}]")
    end = text.find("\n[", head + 1)
    end = len(text) if end < 0 else end
    body = re.sub(rf"(?m)^{field} = .*$", f"{field} = {value}", text[head:end], count=1)
    return text[:head] + body + text[end:]


#: Alma Mater 4, exercise 2: the Park's price, the games and the seed.
PARK_EXERCISE = {"price": 2, "games": 100, "seed": 5}


@register(
    "almamater_4.cheap_park",
    hint="copy the data folder, set price = 2 under [park], then simulate with data=folder",
    accept=_near_misses(
        (
            lambda a: not isinstance(a, str) and 1 < float(a) <= PARK_EXERCISE["games"],
            "a share is a number between 0 and 1: if you counted the scholar's wins, divide "
            f"them by the {PARK_EXERCISE['games']} games; if you wrote a percentage, by 100",
        ),
    ),
    solution=SOLUTIONS["almamater_4.cheap_park"],
)
def _cheap_park() -> Fraction:
    with tempfile.TemporaryDirectory() as tmp:
        price = PARK_EXERCISE["price"]
        folder = copy_data(
            tmp, {"board.toml": lambda t: _set_in_section(t, "park", "price", price)}
        )
        games = simulate(
            players=2,
            games=PARK_EXERCISE["games"],
            seed=PARK_EXERCISE["seed"],
            strategies=("scholar", "dean"),
            data=folder,
        )
    scholar = games[games.strategy == "scholar"]
    return Fraction(int(scholar.won.sum()), len(scholar))


def duel(mine: Any, theirs: Any, games: int = 20, seed: int = 0, players: int = 2) -> float:
    """Win share of bot ``mine`` against bot ``theirs``, seats alternating, seeded.

    A shared win counts as a win. A few games say little: the dean wins about 0.95 of its
    duels against uniform random play (300 games, seed 0), yet 0.7 of the 10 games of seed 7.

    >>> duel(BOTS["dean"], BOTS["random"], games=10, seed=7)
    0.7
    """
    spec, wins = make_spec(players), 0
    for g, child in enumerate(np.random.SeedSequence(seed).spawn(games)):
        my_seat = g % 2
        seats = [mine, theirs] if my_seat == 0 else [theirs, mine]
        result = outcome(spec, play_game(spec, seats, seed=np.random.default_rng(child)))
        assert result is not None  # play_game plays to the end
        wins += my_seat in result.winners
    return wins / games


def _plays_like_a_kit_bot(bot: Any) -> str | None:
    """The name of a kit bot that ``bot`` copies move for move in a seeded game, if any."""
    spec = make_spec(2)
    same = {name: True for name in BOTS if name != "random"}
    rng = np.random.default_rng(4)
    state = new_game(spec, seed=4)
    while state.phase != "over" and any(same.values()):
        legal = legal_actions(spec, state)
        if not legal:
            break
        mine = bot(spec, state, legal, np.random.default_rng(0))
        for name in same:
            if same[name] and name != "search":
                same[name] = BOTS[name](spec, state, legal, np.random.default_rng(0)) == mine
        state = apply(spec, state, BOTS["dean"](spec, state, legal, rng))
    same.pop("search", None)
    return next((name for name, s in same.items() if s), None)


def duels_needed(better_by: float = 0.10, power: float = 0.9, z: float = 2.0) -> int:
    """The fewest duels for which the bar of :func:`own_bot_bar` lets a bot that truly wins
    ``1/2 + better_by`` pass with probability ``power`` (normal approximation).

    A bot no better than its opponent wins half, with standard error ``sqrt(1/4 / n)``; the
    bar is ``z`` of those above 1/2. A bot that wins ``p = 1/2 + better_by`` clears it with
    probability ``power`` when ``better_by >= z sqrt(1/4 / n) + q sqrt(p (1 - p) / n)``,
    ``q`` the normal quantile of ``power``; so
    ``n = ((z / 2 + q sqrt(p (1 - p))) / better_by) ** 2``, rounded up.

    >>> duels_needed()
    265
    >>> duels_needed(better_by=0.05)
    1073
    """
    p = 0.5 + better_by
    q = NormalDist().inv_cdf(power)
    return math.ceil(((z * 0.5 + q * math.sqrt(p * (1 - p))) / better_by) ** 2)


def own_bot_bar(games: int, z: float = 2.0) -> float:
    """The win share a bot must beat over ``games`` duels: 1/2 plus ``z`` standard errors of
    an even match, ``sqrt(1/4 / games)``. A bot no better than its opponent gets over it by
    luck alone in about 1 run in 40 (z = 2).

    >>> round(own_bot_bar(265), 4), own_bot_bar(100)
    (0.5614, 0.6)
    """
    return 0.5 + z * math.sqrt(0.25 / games)


#: Alma Mater 4, exercise 3: the bot to beat head to head (the strongest kit plan at two
#: players, as the lesson's balance report shows), the seed, and the duels: as many as a bot
#: that truly wins 60% needs to clear the bar of :func:`own_bot_bar` 9 times in 10.
OWN_BOT_DUEL: dict[str, Any] = {
    "opponent": "scholar",
    "seed": 1,
    "better_by": 0.10,
    "power": 0.9,
    "games": duels_needed(better_by=0.10, power=0.9),
}


def _own_bot(answer: Any) -> str | None:
    if not callable(answer):
        return "set answer_3 to your bot function itself (no brackets), e.g. answer_3 = my_bot"
    shipped = {id(b): name for name, b in BOTS.items()}
    if id(answer) in shipped:
        return f"that is the kit's own {shipped[id(answer)]!r} bot; write your own"
    if getattr(answer, "__name__", "") in ("banker", "patron") and (
        getattr(answer, "__module__", "") == "__main__"
    ):
        return "that is the lesson's own bot; copy it into a new cell, rename it and change it"
    copied = _plays_like_a_kit_bot(answer)
    if copied:
        return f"your bot plays exactly like the kit's {copied!r} bot; give it a plan of its own"
    rival, games = str(OWN_BOT_DUEL["opponent"]), int(OWN_BOT_DUEL["games"])
    share = duel(answer, BOTS[rival], games=games, seed=int(OWN_BOT_DUEL["seed"]))
    bar = own_bot_bar(games)
    if share <= bar:
        luck = (
            "A share this close to half could be luck: a bot no better than the "
            f"{rival} wins about half, give or take {math.sqrt(0.25 / games):.1%}."
            if share > 0.5
            else "Change its plan and try again."
        )
        return (
            f"your bot wins {share:.1%} of the {games} duels against the {rival}; the bar is "
            f"{bar:.1%} (half, plus two standard errors of an even match). {luck}"
        )
    print(
        f"Your bot wins {share:.1%} of the {games} duels against the {rival}, above the bar "
        f"of {bar:.1%}."
    )
    return None


class _AnyOwnBot:
    """Stands for "a bot of your own that passed the duel" in the reply."""

    def __eq__(self, other: object) -> bool:
        return callable(other)

    def __hash__(self) -> int:
        return 0

    def __str__(self) -> str:
        rival, games = OWN_BOT_DUEL["opponent"], OWN_BOT_DUEL["games"]
        bar = own_bot_bar(int(games))
        return f"a bot of your own that beats the {rival} in more than {bar:.1%} of {games} duels"


@register(
    "almamater_4.own_bot",
    accept=_own_bot,
    hint="on which score lines does the scholar score less than the other plans? (the "
    "signature table, section 2)",
    solution=SOLUTIONS["almamater_4.own_bot"],
)
def _own_bot_answer() -> _AnyOwnBot:
    return _AnyOwnBot()
