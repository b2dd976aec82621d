"""Final scoring: a pure function of a player's end position, used by the game and the CLI.

>>> s = final_score(players=3, prestige=20, textbooks=5, ducats=11, dictionaries=2,
...                 reputation_rank=2, milestones=3, professors=(4, 2), math_prestige=3,
...                 row_a=3, row_b=2, busts=1)
>>> [line.points for line in s.lines], s.total
([0, 4, 2, 7, 6, 6, 3, 6, 3], 57)
>>> s.working[:2]  # line 1 scores no prestige itself: its ducats count on line 2
('5 textbooks -> +5 ducats', '11 ducats + 5 from line 1 = 16 -> 4 prestige, 0 ducats left')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from gamekit.almamater.components import Components, load_components
from gamekit.core.actions import ScoreLine

RULES = (
    "1. textbooks left (any player colour), 1 ducat each",
    "2. every 4 ducats, 1 prestige",
    "3. dictionaries, 1 prestige each",
    "4. book reputation rank",
    "5. milestones x professors",
    "6. professors' printed prestige",
    "7. Mathematics students",
    "8. students in row A x students in row B",
    "9. busts",
)
DURING_PLAY = "prestige during play"


@dataclass(frozen=True)
class Score:
    """The nine lines of final scoring, the prestige earned during play and the total.

    ``points`` are the nine lines' prestige in rule order (``lines`` pairs them with the
    rules). ``ducats_left`` (after the 4:1 conversion) breaks ties (kit default).
    ``working`` says, line by line, how the points come about, so that a teacher can check
    a sheet by hand: line 1 scores no prestige itself, and its working shows the ducats it
    adds to line 2 ("9 textbooks -> +9 ducats"). The lines and the working are made when
    first read: bots score thousands of positions and read only the total.
    """

    points: tuple[int, ...]
    during_play: int
    total: int
    ducats_left: int
    facts: tuple[Any, ...] = field(default=(), repr=False)
    """What the working is written from (the arguments of ``_working``)."""

    @cached_property
    def lines(self) -> tuple[ScoreLine, ...]:
        """The nine lines: each rule and the prestige it scores."""
        return tuple(ScoreLine(rule, p) for rule, p in zip(RULES, self.points, strict=True))

    @cached_property
    def working(self) -> tuple[str, ...]:
        """How each of the nine lines comes about, one sentence a line."""
        if not self.facts:
            return ()
        *worked, row_a, row_b, busts = self.facts
        return _working(*worked, row_a=row_a, row_b=row_b, busts=busts)

    def all_lines(self) -> tuple[ScoreLine, ...]:
        return (
            *self.lines,
            ScoreLine(DURING_PLAY, self.during_play),
            ScoreLine("total", self.total),
        )

    def rows(self) -> tuple[tuple[str, str, int], ...]:
        """``(rule, worked out, prestige)`` for :meth:`all_lines`: a score sheet to read.

        >>> s = final_score(players=2, prestige=3, textbooks=9, ducats=14, dictionaries=0,
        ...                 reputation_rank=1, milestones=0, professors=(), math_prestige=0,
        ...                 row_a=0, row_b=0, busts=0)
        >>> s.rows()[0]
        ('1. textbooks left (any player colour), 1 ducat each', '9 textbooks -> +9 ducats', 0)
        >>> s.rows()[-1]
        ('total', '', 20)
        """
        working = (*self.working, "", "")
        return tuple(
            (line.rule, how, line.points)
            for line, how in zip(self.all_lines(), working, strict=True)
        )


_DEFAULT: list[Components] = []


def _components() -> Components:
    if not _DEFAULT:
        _DEFAULT.append(load_components())
    return _DEFAULT[0]


def final_score(
    *,
    players: int,
    prestige: int,
    textbooks: int,
    ducats: int,
    dictionaries: int,
    reputation_rank: int,
    milestones: int,
    professors: Sequence[int],
    math_prestige: int,
    row_a: int,
    row_b: int,
    busts: int,
    components: Components | None = None,
) -> Score:
    """Score an end position by the nine rules, in order (tables from ``components``).

    ``textbooks`` counts every textbook left in storage, of any player colour ("Jedes
    Lehrbuch (in Spielerfarbe) bringt ein Geld"), not dictionaries.
    """
    c = components or _components()
    if not 2 <= players <= 4:
        raise ValueError(f"players must be 2 to 4, got {players}")
    if not 1 <= reputation_rank <= players:
        raise ValueError(f"reputation_rank must be 1 to {players}, got {reputation_rank}")
    money = ducats + textbooks
    table = c.reputation.final_for(players)
    bust_table = c.bust_prestige
    points = (
        0,
        money // 4,
        dictionaries,
        table[reputation_rank - 1],
        milestones * len(professors),
        sum(professors),
        math_prestige,
        row_a * row_b,
        bust_table[min(busts, len(bust_table)) - 1] if busts > 0 else 0,
    )
    facts = (textbooks, ducats, dictionaries, reputation_rank, players, milestones,
             tuple(professors), row_a, row_b, busts)  # fmt: skip
    return Score(points, prestige, prestige + sum(points), money % 4, facts)


def _n(count: int, one: str, many: str = "") -> str:
    return f"{count} {one if count == 1 else many or one + 's'}"


def _working(
    textbooks: int,
    ducats: int,
    dictionaries: int,
    reputation_rank: int,
    players: int,
    milestones: int,
    professors: Sequence[int],
    *,
    row_a: int,
    row_b: int,
    busts: int,
) -> tuple[str, ...]:
    """How each of the nine lines comes about (see :attr:`Score.working`)."""
    money = ducats + textbooks
    added = _n(ducats, "ducat")
    if textbooks:
        added += f" + {textbooks} from line 1 = {money}"
    printed = " + ".join(str(n) for n in professors) or "no professors"
    return (
        f"{_n(textbooks, 'textbook')} -> +{_n(textbooks, 'ducat')}",
        f"{added} -> {money // 4} prestige, {_n(money % 4, 'ducat')} left",
        _n(dictionaries, "dictionary", "dictionaries"),
        f"rank {reputation_rank} of {players}",
        f"{_n(milestones, 'milestone')} x {_n(len(professors), 'professor')}",
        printed,
        "printed on the Mathematics students",
        f"{row_a} in row A x {row_b} in row B",
        _n(busts, "bust"),
    )
