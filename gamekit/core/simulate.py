"""Whole games between bots for any game of the kit, on one core or many, as one tidy frame.

:func:`simulate` asks the :class:`~gamekit.core.game.Game` for everything game-specific:
``make_spec`` (the options, checked once), ``seat_strategies`` (who sits where in game
``g``), ``play_game`` (a whole game with the game's own fast loop) and ``result_rows``
(one row per seat). Game ``g`` is played from child ``g`` of the seed's sequence, so the
games can run in any number of processes (:func:`gamekit.core.parallel.run_games`) and
the frame is the same: same seed, same frame.

>>> import gamekit
>>> frame = simulate(gamekit.games()["almamater"], players=2, games=2, seed=1,
...                  strategies=["random", "scholar"], rotate=True)
>>> frame[["game", "seat", "strategy"]].values.tolist()
[[0, 0, 'random'], [0, 1, 'scholar'], [1, 0, 'scholar'], [1, 1, 'random']]
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

from gamekit.core.errors import GamekitError
from gamekit.core.game import Game
from gamekit.core.parallel import SeedPlan, check_games, run_games, stream_csv
from gamekit.core.rng import Seed

__all__ = [
    "MAX_ROUNDS",
    "MAX_SEATS",
    "columns",
    "rotate_seats",
    "rotate_strategies",
    "simulate",
    "simulate_to_csv",
]

Task = Callable[[range], list[tuple[Any, ...]]]

#: The highest round limit a simulation accepts: a game stops anyway after 200,000
#: decisions (Alfredopoly's fast loop), which 10,000 rounds of 2 to 8 players can reach.
MAX_ROUNDS = 10_000

#: No game of the kit seats more (Alfredopoly seats 2 to 8, Alma Mater 2 to 4): a larger
#: count is refused before anything runs, and the game refuses its own limits at once.
MAX_SEATS = 8


def rotate_strategies(
    strategies: Sequence[Any], players: int, game: int, rotate: bool
) -> list[Any]:
    """Seat ``i`` of game ``game`` gets ``strategies[(i + game) % len(strategies)]`` (the
    list turns by one each game; without ``rotate``, every game seats them as game 0).
    With more strategies than seats, every strategy still gets its turn.

    >>> rotate_strategies("abc", 2, 1, True), rotate_strategies("ab", 3, 5, False)
    (['b', 'c'], ['a', 'b', 'a'])
    """
    shift = game if rotate else 0
    return [strategies[(i + shift) % len(strategies)] for i in range(players)]


def rotate_seats(strategies: Sequence[Any], players: int, game: int, rotate: bool) -> list[Any]:
    """The strategies repeated over the seats, then the seats turn by one each game: seat
    ``i`` of game ``game`` gets what game 0 gives seat ``(i + game) % players``.

    >>> rotate_seats("ab", 3, 1, True), rotate_seats("ab", 3, 1, False)
    (['b', 'a', 'a'], ['a', 'b', 'a'])
    """
    seated = [strategies[i % len(strategies)] for i in range(players)]
    if not rotate:
        return seated
    return [seated[(i + game) % players] for i in range(players)]


def columns(game: Game) -> tuple[str, ...]:
    """The frame's columns: ``game`` (the game's number in the run), then the game's own."""
    return ("game", *game.result_columns())


def simulate(
    game: Game,
    players: int,
    games: int = 100,
    seed: Seed | np.random.SeedSequence = None,
    strategies: Sequence[Any] = ("random",),
    *,
    rotate: bool = False,
    workers: int | None = None,
    executor: Executor | None = None,
    chunk: int | None = None,
    progress: bool = False,
    **options: Any,
) -> pd.DataFrame:
    """Play ``games`` seeded games of ``game``; one row per game and seat.

    ``strategies`` (names of ``game.bots()``, or whatever else the game's ``play_game``
    accepts, such as Alma Mater's bot functions) are seated by ``game.seat_strategies``
    (``rotate=True`` moves them by one seat each game); ``options`` are the game's
    (``make_spec``). An int or ``SeedSequence`` seed gives game ``g`` child ``g`` of its
    sequence, so ``workers`` processes or any ``executor`` (a process pool, a Dask
    client's ``get_executor()``) give the same frame, ``chunk`` games at a time. A
    ``numpy.random.Generator`` seed is one stream drawn game after game, in this process.
    A strategy that cannot be pickled (a function from a notebook cell) keeps the run in
    this process unless ``workers`` or ``executor`` say otherwise.
    """
    task, games, workers = _plan(
        game, players, games, seed, strategies, rotate, workers, executor, options
    )
    check_games(games, players, streamed=False, stream_hint="stream them to a file with "
                "simulate_to_csv")  # fmt: skip
    rows = run_games(
        task, games, workers=workers, executor=executor, chunk=chunk, progress=progress
    )
    return pd.DataFrame(rows, columns=list(columns(game)))


def simulate_to_csv(
    path: str | Path,
    game: Game,
    players: int,
    games: int = 100,
    seed: Seed | np.random.SeedSequence = None,
    strategies: Sequence[Any] = ("random",),
    *,
    rotate: bool = False,
    workers: int | None = None,
    executor: Executor | None = None,
    chunk: int | None = None,
    progress: bool = False,
    **options: Any,
) -> int:
    """Like :func:`simulate`, but each chunk's rows are appended to the CSV file ``path`` in
    game order (memory for a few chunks only); returns the number of games written.

    >>> import gamekit, tempfile, pathlib
    >>> out = pathlib.Path(tempfile.mkdtemp()) / "games.csv"
    >>> simulate_to_csv(out, gamekit.games()["almamater"], 2, games=2, seed=3)
    2
    >>> len(out.read_text().splitlines())  # a header and two seats per game
    5
    """
    task, games, workers = _plan(
        game, players, games, seed, strategies, rotate, workers, executor, options
    )
    check_games(games, players, streamed=True)
    return stream_csv(
        path, columns(game), task, games,
        workers=workers, executor=executor, chunk=chunk, progress=progress,
    )  # fmt: skip


def _plan(
    game: Game,
    players: int,
    games: int,
    seed: Seed | np.random.SeedSequence,
    strategies: Sequence[Any],
    rotate: bool,
    workers: int | None,
    executor: Executor | None,
    options: dict[str, Any],
) -> tuple[Task, int, int | None]:
    """The picklable task that plays a range of games, the games and the workers."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise ValueError(f"games must be a whole number >= 0, got {games!r}")
    if isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= MAX_SEATS:
        raise GamekitError(f"players: a whole number 1 to {MAX_SEATS}, got {players!r}")
    pool = list(strategies)
    if not pool:
        raise ValueError("give at least one strategy")
    known = game.bots()
    for s in pool:
        if isinstance(s, str) and s not in known:
            raise ValueError(f"unknown strategy {s!r}; known: {', '.join(known)}")
    spec = game.make_spec(players, **options)
    rounds = getattr(spec, "max_rounds", None)
    if isinstance(rounds, int) and rounds > MAX_ROUNDS:
        raise GamekitError(f"max_rounds: at most {MAX_ROUNDS:,}, got {rounds:,}")
    names = tuple(s if isinstance(s, str) else _name(s) for s in pool)
    if isinstance(seed, np.random.Generator):
        if executor is not None or (workers or 1) > 1:
            raise ValueError(
                "a numpy Generator seed is one stream drawn game after game and cannot be "
                "split over workers; give an int or a SeedSequence instead"
            )
        source: SeedPlan | np.random.Generator = seed
        workers = 1
    else:
        source = SeedPlan.from_seed(seed)
        if workers is None and executor is None and not all(map(_picklable, pool)):
            workers = 1  # a bot defined in a notebook cell cannot travel to another process
    task = partial(_play, game, spec, players, tuple(pool), names, rotate, source)
    return task, games, workers


def _play(
    game: Game,
    spec: Any,
    players: int,
    strategies: tuple[Any, ...],
    names: tuple[str, ...],
    rotate: bool,
    source: SeedPlan | np.random.Generator,
    games: range,
) -> list[tuple[Any, ...]]:
    """Play the games numbered ``games`` (a worker's chunk); their rows in order."""
    cols = game.result_columns()
    seat = game.seat_strategies
    rows: list[tuple[Any, ...]] = []
    for g in games:
        seated = seat(strategies, players, g, rotate)
        seed = source.child(g) if isinstance(source, SeedPlan) else source
        state, extra = game.play_game(players, seated, seed, spec=spec)
        for row in game.result_rows(state, seat(names, players, g, rotate), extra):
            rows.append((g, *(row[c] for c in cols)))
    return rows


def _name(strategy: Any) -> str:
    return str(getattr(strategy, "__name__", type(strategy).__name__))


def _picklable(strategy: Any) -> bool:
    if isinstance(strategy, str):
        return True
    try:
        pickle.dumps(strategy)
    except Exception:
        return False
    return True
