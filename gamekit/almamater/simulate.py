"""Whole games between bots, and a tidy frame of everyone's score lines.

>>> frame = simulate(players=2, games=2, seed=1, strategies=("random", "scholar"))
>>> frame.shape[0], list(frame.columns[:4])
(4, ['game', 'seat', 'strategy', 'position'])
"""

from __future__ import annotations

import pickle
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from functools import partial
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
from gamekit.core.parallel import SeedPlan, pop_run_options, run_games, stream_csv
from gamekit.core.rng import Seed, make_rng


def play_game(spec: AlmaMaterSpec, bots: Sequence[Bot], seed: Seed = None) -> GameState:
    """Play one game, seat ``i`` played by ``bots[i]``; returns the final state.

    >>> s = play_game(make_spec(2), [BOTS["random"]] * 2, seed=5)
    >>> s.phase
    'over'
    """
    rng = make_rng(seed)
    state = new_game(spec, seed=rng)
    while state.phase != "over":
        seat = state.current
        assert seat is not None
        legal = legal_actions(spec, state)
        action = bots[seat](spec, state, legal, rng)
        state = step(spec, state, action, check=False, narrate=False).state
    return state


COLUMNS = ("game", "seat", "strategy", "position", *RULES, DURING_PLAY, "total", "rank", "won")


def simulate(
    players: int = 4,
    games: int = 100,
    seed: Seed = None,
    strategies: Sequence[str | Bot] = ("random",),
    data: str | Path | Components | None = None,
    progress: bool = False,
    *,
    workers: int | None = None,
    executor: Executor | None = None,
    chunk: int | None = None,
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

    Game ``g`` is played from child ``g`` of the seed's sequence, so games can run in
    parallel, with the same frame: ``workers`` processes (default: every core once the run
    is large enough and every bot is a built-in one or a module-level function) or any
    ``executor`` (a process pool, a Dask client's ``get_executor()``), ``chunk`` games at
    a time. A ``numpy.random.Generator`` seed is one stream drawn game after game, so it
    runs in this process.
    """
    task, games, workers = _plan(
        players=players, games=games, seed=seed, strategies=strategies, data=data,
        workers=workers, executor=executor,
    )  # fmt: skip
    rows = run_games(
        task, games, workers=workers, executor=executor, chunk=chunk, progress=progress
    )
    return pd.DataFrame(rows, columns=list(COLUMNS))


def simulate_to_csv(path: str | Path, games: int = 100, **options: Any) -> int:
    """Like :func:`simulate`, but rows are appended to the CSV file ``path`` chunk by
    chunk in game order, keeping memory for a few chunks only; returns the games written.

    >>> import tempfile, pathlib
    >>> out = pathlib.Path(tempfile.mkdtemp()) / "games.csv"
    >>> simulate_to_csv(out, games=2, players=2, seed=3)
    2
    >>> len(out.read_text().splitlines())  # a header and two seats per game
    5
    """
    run = pop_run_options(options)
    task, games, run["workers"] = _plan(
        games=games, workers=run["workers"], executor=run["executor"], **options
    )
    return stream_csv(path, COLUMNS, task, games, **run)


def _plan(
    *,
    players: int = 4,
    games: int = 100,
    seed: Seed = None,
    strategies: Sequence[str | Bot] = ("random",),
    data: str | Path | Components | None = None,
    workers: int | None = None,
    executor: Executor | None = None,
) -> tuple[Callable[[range], list[tuple[Any, ...]]], int, int | None]:
    """The task that plays a range of games, and the workers to use."""
    bots = _bots(strategies)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be >= 1, got {games}")
    spec = make_spec(players, data)
    if isinstance(seed, np.random.Generator):
        if executor is not None or (workers or 1) > 1:
            raise ValueError(
                "a numpy Generator seed is one stream drawn game after game and cannot be "
                "split over workers; give an int or a SeedSequence instead"
            )
        return partial(_play_stream, spec, tuple(bots), seed), games, 1
    if workers is None and executor is None and not all(_picklable(b) for _, b in bots):
        workers = 1  # a bot defined in a notebook cell cannot travel to another process
    plan = SeedPlan.from_seed(seed)
    return partial(_play_seeded, spec, tuple(bots), plan), games, workers


def _picklable(bot: Bot) -> bool:
    try:
        pickle.dumps(bot)
    except Exception:
        return False
    return True


def _play_seeded(
    spec: AlmaMaterSpec, bots: tuple[tuple[str, Bot], ...], plan: SeedPlan, games: range
) -> list[tuple[Any, ...]]:
    return [row for g in games for row in _game_rows(spec, bots, g, make_rng(plan.child(g)))]


def _play_stream(
    spec: AlmaMaterSpec, bots: tuple[tuple[str, Bot], ...], rng: np.random.Generator, games: range
) -> list[tuple[Any, ...]]:
    return [row for g in games for row in _game_rows(spec, bots, g, rng)]


def _game_rows(
    spec: AlmaMaterSpec, bots: tuple[tuple[str, Bot], ...], g: int, rng: np.random.Generator
) -> list[tuple[Any, ...]]:
    """Play game ``g`` (seats rotated by ``g``) and return one row per seat."""
    players = spec.players
    seated = [bots[(i + g) % len(bots)] for i in range(players)]
    names = [name for name, _ in seated]
    final = play_game(spec, [bot for _, bot in seated], rng)
    result = outcome(spec, final)
    assert result is not None
    first = sorted(
        range(players), key=lambda i: (founding_sum(spec, final.players[i]), final.tie_draw[i])
    )
    rows = []
    for seat in range(players):
        score = player_score(spec, final, seat)
        lines = {line.rule: line.points for line in score.lines}
        rows.append(
            (g, seat, names[seat], first.index(seat) + 1, *(lines[r] for r in RULES),
             score.during_play, score.total, result.ranking.index(seat) + 1,
             seat in result.winners)
        )  # fmt: skip
    return rows


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
