"""Whole games between bots, and a tidy frame of everyone's score lines.

>>> frame = simulate(players=2, games=2, seed=1, strategies=("random", "scholar"))
>>> frame.shape[0], list(frame.columns[:4])
(4, ['game', 'seat', 'strategy', 'position'])
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from gamekit.almamater.bots import BOTS, Bot
from gamekit.almamater.components import Components
from gamekit.almamater.rules import legal_actions, outcome, player_score, step
from gamekit.almamater.scoring import DURING_PLAY, RULES
from gamekit.almamater.setup import founding_sum, new_game
from gamekit.almamater.spec import AlmaMaterSpec, make_spec
from gamekit.almamater.state import GameState
from gamekit.core.rng import Seed, make_rng


def play_game(spec: AlmaMaterSpec, bots: Sequence[Bot], seed: Seed = None) -> GameState:
    """Play one game, seat ``i`` played by ``bots[i]``; returns the final state.

    >>> s = play_game(make_spec(2), [BOTS["random"]] * 2, seed=5)
    >>> s.phase
    'end'
    """
    rng = make_rng(seed)
    state = new_game(spec, rng)
    while state.phase != "end":
        seat = state.current
        assert seat is not None
        legal = legal_actions(spec, state)
        action = bots[seat](spec, state, legal, rng)
        state = step(spec, state, action, check=False, narrate=False).state
    return state


def simulate(
    players: int = 4,
    games: int = 100,
    seed: Seed = None,
    strategies: Sequence[str | Bot] = ("random",),
    data: str | Path | Components | None = None,
    progress: bool = False,
) -> pd.DataFrame:
    """Play ``games`` seeded games; one row per player and game with the nine score lines.

    Strategies are given to seats in order (repeated if fewer than the players) and rotate
    by one seat each game, so each strategy plays every seat equally often. Columns:
    game, seat, strategy, position (turn order after the draft, 1 = first), the nine
    lines, ``prestige during play``, total, rank (1 = best) and won (a shared win counts).

    A strategy is a name from :data:`~gamekit.almamater.bots.BOTS` or a bot of your own,
    a callable like the built-in ones (``bot(spec, state, legal, rng) -> Action``), named
    in the frame by its ``__name__``:

    >>> def first(spec, state, legal, rng):
    ...     return legal[0]
    >>> simulate(players=2, games=1, seed=1, strategies=(first, "random")).strategy.tolist()
    ['first', 'random']
    """
    bots = _bots(strategies)
    if games < 1:
        raise ValueError(f"games must be >= 1, got {games}")
    spec = make_spec(players, data)
    rows: list[dict[str, Any]] = []
    children: list[Seed]
    if isinstance(seed, np.random.Generator):
        children = [seed] * games  # one shared stream, drawn game after game
    else:
        seq = seed if isinstance(seed, np.random.SeedSequence) else np.random.SeedSequence(seed)
        children = list(seq.spawn(games))
    iterator: Any = range(games)
    if progress:
        from tqdm.auto import tqdm

        iterator = tqdm(iterator, desc="games")
    for g in iterator:
        seated = [bots[(i + g) % len(bots)] for i in range(players)]
        names = [name for name, _ in seated]
        final = play_game(spec, [bot for _, bot in seated], make_rng(children[g]))
        result = outcome(spec, final)
        assert result is not None
        first = sorted(
            range(players), key=lambda i: (founding_sum(spec, final.players[i]), final.tie_draw[i])
        )
        for seat in range(players):
            score = player_score(spec, final, seat)
            row: dict[str, Any] = {
                "game": g,
                "seat": seat,
                "strategy": names[seat],
                "position": first.index(seat) + 1,
            }
            for line in score.lines:
                row[line.rule] = line.points
            row[DURING_PLAY] = score.during_play
            row["total"] = score.total
            row["rank"] = result.ranking.index(seat) + 1
            row["won"] = seat in result.winners
            rows.append(row)
    return pd.DataFrame(
        rows,
        columns=[
            "game",
            "seat",
            "strategy",
            "position",
            *RULES,
            DURING_PLAY,
            "total",
            "rank",
            "won",
        ],
    )


def _bots(strategies: Sequence[str | Bot]) -> list[tuple[str, Bot]]:
    """Each strategy as ``(name, bot)``: a name from ``BOTS`` or a callable bot."""
    out: list[tuple[str, Bot]] = []
    for s in strategies:
        if isinstance(s, str):
            if s not in BOTS:
                raise ValueError(f"unknown strategy {s!r}; known: {', '.join(BOTS)}")
            out.append((s, BOTS[s]))
        elif callable(s):
            out.append((str(getattr(s, "__name__", type(s).__name__)), s))
        else:
            raise ValueError(
                f"a strategy is a bot name ({', '.join(BOTS)}) or a bot callable, got {s!r}"
            )
    if not out:
        raise ValueError(f"unknown strategy ''; known: {', '.join(BOTS)}")
    return out


def summarize(frame: pd.DataFrame) -> pd.DataFrame:
    """Mean score lines, total and win share by strategy.

    >>> summarize(simulate(players=2, games=2, seed=1, strategies=("random", "dean"))).columns[0]
    'strategy'
    """
    numeric = [*RULES, DURING_PLAY, "total"]
    out = frame.groupby("strategy", sort=True)[numeric].mean().round(2)
    out.insert(0, "players", frame.groupby("strategy").size())
    out["win share"] = frame.groupby("strategy")["won"].mean().round(3)
    return out.reset_index()
