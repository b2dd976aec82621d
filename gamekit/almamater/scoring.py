"""Final scoring: a pure function of a player's end position, used by the game and the CLI.

>>> s = final_score(players=3, prestige=20, textbooks=5, ducats=11, dictionaries=2,
...                 reputation_rank=2, milestones=3, professors=(4, 2), math_prestige=3,
...                 row_a=3, row_b=2, busts=1)
>>> [line.points for line in s.lines], s.total
([0, 4, 2, 7, 6, 6, 3, 6, 3], 57)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

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

    ``ducats_left`` (after the 4:1 conversion) breaks ties (kit default).
    """

    lines: tuple[ScoreLine, ...]
    during_play: int
    total: int
    ducats_left: int

    def all_lines(self) -> tuple[ScoreLine, ...]:
        return (
            *self.lines,
            ScoreLine(DURING_PLAY, self.during_play),
            ScoreLine("total", self.total),
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
    lines = tuple(ScoreLine(rule, p) for rule, p in zip(RULES, points, strict=True))
    return Score(lines, prestige, prestige + sum(points), money % 4)
