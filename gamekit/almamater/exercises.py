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

import re
import shutil
import tempfile
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
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

__all__ = ["LESSON_3_SHEET", "PARK_EXERCISE", "copy_data", "duel"]

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


# ---------------------------------------------------------------- the glossary


def _one_word(text: str) -> str:
    """``text`` as one word: in the singular, without an article ("a dictionary" -> ...)."""
    word = text.strip().casefold().removeprefix("a ").removeprefix("an ")
    word = word.removeprefix("the ").strip()
    return word[:-3] + "y" if word.endswith("ies") else word.removesuffix("s")


@register(
    "glossary_almamater.lexikon",
    hint="search the table for Lexikon",
    accept=_near_misses(
        (
            lambda a: _one_word(a) == _one_word(_lexikon()) and not _is(a, _lexikon()),
            "that is the right word, but write it as the table does: one word, in the "
            'singular, without "a" or "the"',
        )
    ),
)
def _lexikon() -> str:
    from gamekit.almamater.glossary import GLOSSARY

    return next(english for german, english, _ in GLOSSARY if german == "Lexikon")


# ---------------------------------------------------------------- Alma Mater 1: setup


@register("almamater_1.unused_chancellors", hint="10 chancellors; players + 1 are drawn ...")
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
            lambda a: not isinstance(a, str) and 1 < float(a) <= 100,
            "a share is a number between 0 and 1 (0.25, not 25 for 25 %); "
            "if you wrote a percentage, divide it by 100",
        )
    ),
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


#: Alma Mater 1, section 3: the lesson's resource points per unit of a founding card's gain.
LESSON_1_WORTH = {"ducats": 1, "textbooks": 1, "dictionaries": 3, "research": 3, "prestige": 2}


def _rich(spec: Any, state: GameState, options: list[Any]) -> Any:
    def worth(a: Any) -> int:
        gain = spec.founding[a.card].gain
        return sum(w * getattr(gain, key) for key, w in LESSON_1_WORTH.items())

    return max(options, key=worth) if state.phase == "draft" else min(options, key=worth)


@register(
    "almamater_1.extra_points_se",
    tolerance=0.01,
    hint="the standard deviation of the 200 values (drafts['extra points'].std()), "
    "divided by the square root of 200",
)
def _extra_points_se() -> float:
    spec = make_spec(3)

    def points(card: str) -> int:
        gain = spec.founding[card].gain
        return sum(w * getattr(gain, key) for key, w in LESSON_1_WORTH.items())

    extra = []
    for seed in range(200):
        s = new_game(spec, seed=seed)
        rules = [_rich, _go_first, _go_first]
        while s.phase in ("draft", "discard"):
            assert s.current is not None
            s = apply(spec, s, rules[s.current](spec, s, legal_actions(spec, s)))
        red = sum(points(c) for c in s.players[0].kept)
        others = [sum(points(c) for c in p.kept) for p in s.players[1:]]
        extra.append(red - float(np.mean(others)))
    return float(np.std(extra, ddof=1) / np.sqrt(len(extra)))


# ---------------------------------------------------------------- Alma Mater 2: a round


@register(
    "almamater_2.masters",
    hint="an occupied space: one more than its LAST user placed; the Bishop never escalates",
)
def _masters() -> tuple[int, int]:
    spec = make_spec(3)
    laboratory = masters_needed(spec, PlayerState(2, "green"), 2)  # Red 1, then Blue 2
    return laboratory, 1  # the Bishop takes any number of masters, so 1 is enough


@register(
    "almamater_2.shelf_shift",
    hint="every book on the 7 shelves pays first; then only the leftmost shelf empties",
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


@register("almamater_3.total", hint="go line by line; score_sheet can check each line")
def _total() -> int:
    return score_sheet(
        {"players": 4, "prestige": 30, "textbooks": 3, "ducats": 14, "dictionaries": 0,
         "reputation_rank": 4, "milestones": 2, "professors": [3, 3], "math_prestige": 0,
         "row_a": 4, "row_b": 1, "busts": 2}
    ).total  # fmt: skip


@register("almamater_3.product_gain", hint="compute both products, then subtract")
def _product_gain() -> int:
    base = {**LESSON_3_SHEET, "row_a": 4, "row_b": 1}
    in_b = score_sheet({**base, "row_b": 2}).total
    in_a = score_sheet({**base, "row_a": 5}).total
    return in_b - in_a


@register(
    "almamater_3.extra_ducats", hint="ducats + textbooks after line 1; the next multiple of 4"
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


def _score_refusal(formula: Any) -> str | None:
    """Why ``formula`` is not the final score (None when it agrees on 200 sheets)."""
    if not callable(formula):
        return "set it to your function itself (no brackets): check(..., my_score)"
    for sheet in _score_sheets():
        try:
            mine = formula(**sheet)
        except Exception as exc:  # the learner's code: say what went wrong, and where
            return f"your function raised {type(exc).__name__}: {exc} on the sheet {sheet}"
        kit = score_sheet(sheet).total
        if mine != kit:
            return f"on the sheet {sheet} your function gives {mine}, the kit {kit}"
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
)
def _my_score() -> _AgreesWithTheKit:
    return _AgreesWithTheKit()


# ---------------------------------------------------------------- Alma Mater 4: design


@register("almamater_4.games_needed", hint="solve sqrt(p (1 - p) / n) = 0.02 for n, p = 0.5")
def _games_needed() -> int:
    return int(np.ceil(0.5 * 0.5 / 0.02**2 - 1e-9))


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

    A shared win counts as a win.

    >>> duel(BOTS["dean"], BOTS["random"], games=2, seed=1)
    1.0
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
    share = duel(answer, BOTS["dean"], games=20, seed=1)
    if share <= 0.5:
        return f"your bot wins {share:.0%} of the 20 duels against the dean (more than 50% needed)"
    print(f"Your bot wins {share:.0%} of the 20 duels against the dean.")
    return None


class _AnyOwnBot:
    """Stands for "a bot of your own that passed the duel" in the reply."""

    def __eq__(self, other: object) -> bool:
        return callable(other)

    def __hash__(self) -> int:
        return 0

    def __str__(self) -> str:
        return "a bot of your own that beats the dean in more than half of 20 duels"


@register(
    "almamater_4.own_bot",
    accept=_own_bot,
    hint="which score lines does the winner of section 2 score?",
)
def _own_bot_answer() -> _AnyOwnBot:
    return _AnyOwnBot()
