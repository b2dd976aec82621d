"""Tidy tables of a position for notebooks: one row per player, and the score lines.

>>> from gamekit.almamater.rules import new_game
>>> from gamekit.almamater.spec import make_spec
>>> spec = make_spec(2); s = new_game(spec, seed=0)
>>> players_frame(spec, s).columns[:4].tolist()
['colour', 'turn', 'ducats', 'prestige']
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from gamekit.almamater.rounds import storage_limit
from gamekit.almamater.rules import player_score
from gamekit.almamater.spec import AlmaMaterSpec
from gamekit.almamater.state import GameState


def players_frame(spec: AlmaMaterSpec, state: GameState) -> pd.DataFrame:
    """One row per player: turn position, resources, students, professors, research, masters."""
    rows: list[dict[str, Any]] = []
    for p in state.players:
        rows.append(
            {
                "colour": p.colour,
                "turn": state.order.index(p.seat) + 1,
                "ducats": p.ducats,
                "prestige": p.prestige,
                "textbooks": p.textbooks,
                "other books": p.books - p.textbooks - p.dictionaries,
                "dictionaries": p.dictionaries,
                "storage limit": storage_limit(spec, p),
                "books on shelves": p.shelved,
                "research": p.research,
                "reputation rank": state.rank_of(p.seat),
                "row A": len(p.row_a),
                "row B": len(p.row_b),
                "professors": len(p.professors),
                "busts": len(p.busts),
                "masters": p.masters,
                "free masters": p.free_masters,
                "chancellor": p.chancellor or "",
            }
        )
    return pd.DataFrame(rows)


def score_frame(spec: AlmaMaterSpec, state: GameState) -> pd.DataFrame:
    """Tidy score lines (colour, rule, prestige) as if the game ended now.

    >>> from gamekit.almamater.rules import new_game
    >>> from gamekit.almamater.spec import make_spec
    >>> spec = make_spec(2)
    >>> len(score_frame(spec, new_game(spec, seed=0)))
    22
    """
    rows = [
        {"colour": spec.colours[seat], "rule": line.rule, "prestige": line.points}
        for seat in range(spec.players)
        for line in player_score(spec, state, seat).all_lines()
    ]
    return pd.DataFrame(rows)
