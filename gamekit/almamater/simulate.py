"""Whole games between bots, and a tidy frame of everyone's score lines.

>>> frame = simulate(players=2, games=2, seed=1, strategies=("random", "scholar"))
>>> frame.shape[0], list(frame.columns[:4])
(4, ['game', 'seat', 'strategy', 'position'])
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

import pandas as pd

import gamekit
from gamekit.almamater.bots import BOTS, Bot
from gamekit.almamater.components import Components
from gamekit.almamater.rules import legal_actions, step
from gamekit.almamater.scoring import DURING_PLAY, RULES
from gamekit.almamater.setup import new_game
from gamekit.almamater.spec import AlmaMaterSpec, make_spec
from gamekit.almamater.state import GameState
from gamekit.core.game import Game
from gamekit.core.parallel import pop_run_options
from gamekit.core.rng import Seed, make_rng
from gamekit.core.simulate import simulate as run_simulation
from gamekit.core.simulate import simulate_to_csv as run_simulation_to_csv


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
    options = _options(players=players, games=games, seed=seed, strategies=strategies, data=data)
    return run_simulation(
        game(), **options, workers=workers, executor=executor, chunk=chunk, progress=progress
    )


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
    return run_simulation_to_csv(path, game(), **_options(games=games, **options), **run)


def game() -> Game:
    """Alma Mater behind the Game protocol (what :func:`simulate` plays through)."""
    return gamekit.games()["almamater"]


def _options(
    *,
    players: int = 4,
    games: int = 100,
    seed: Seed = None,
    strategies: Sequence[str | Bot] = ("random",),
    data: str | Path | Components | None = None,
) -> dict[str, Any]:
    """The arguments of :func:`gamekit.core.simulate.simulate`, after checking ours: seats
    rotate by one each game over the strategies as given."""
    pool = list(strategies)
    _bots(pool)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be >= 1, got {games}")
    return dict(
        players=players, games=games, seed=seed, strategies=pool, rotate=True,
        spec=make_spec(players, data),
    )  # fmt: skip


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
