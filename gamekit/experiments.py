"""Sweeps: the same bot games under every combination of a grid of settings.

A class asks "does the auction house rule favour the builder?": play the same seeded
games with the auction off and on, and compare the builder's win share in each. A sweep
plays every combination of the grid's settings (a cartesian product) with the same seed,
so settings are compared on the same dice and the same decks (common random numbers),
and returns one tidy frame with a column per grid key.

Any game of :func:`gamekit.games` can be swept: its ``sweep_settings`` name what a grid
may vary and its ``options_from_setting`` turns one combination into the game's options,
and the games are played by :func:`gamekit.core.simulate.simulate`. Alfredopoly settings
are the spec's options (``auction``, ``free_parking_jackpot``, ``starting_cash``,
``salary``, ``jail_fine``, ``jail_tries``, ``sculptures``, ``statues``,
``interest_percent``, ``max_rounds``), ``board`` (a name or file) and ``dice`` (``"2d6"``).
Alma Mater settings are ``data`` (a folder of component files, e.g. a copy of the kit's
with one default changed) and ``players``.

>>> frame = sweep("alfredopoly", {"auction": [False, True]}, ["builder", "buy_all"],
...               games=4, seed=1, max_rounds=20)
>>> sorted(frame["auction"].unique().tolist()), len(frame)
([False, True], 16)
>>> win_shares(frame, "auction").columns.tolist()
['auction', 'strategy', 'games', 'wins', 'win share', 'low', 'high', 'fair share']
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from typing import Any

import pandas as pd

import gamekit
from gamekit.core.game import Game
from gamekit.core.simulate import simulate
from gamekit.core.stats import counted_shares

__all__ = ["parse_grid", "sweep", "sweep_settings", "win_shares"]  # and GAMES (below)


def sweep_settings() -> dict[str, tuple[str, ...]]:
    """The games a sweep can play, and the settings each understands (from
    :func:`gamekit.games`; ``GAMES`` is the same mapping).

    >>> sweep_settings()["almamater"]
    ('data', 'players')
    """
    return {name: game.sweep_settings for name, game in gamekit.games().items()}


def __getattr__(name: str) -> Any:
    if name == "GAMES":  # computed when asked for: the games are found by discovery
        return sweep_settings()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_BOOL = {"on": True, "true": True, "yes": True, "off": False, "false": False, "no": False}


def parse_grid(text: str) -> dict[str, list[Any]]:
    """A grid from the command line: ``"auction=off,on; starting_cash=1000,1500"``.

    ``on``/``off`` (and true/false, yes/no) become booleans, whole numbers become ints,
    anything else stays text (a board name, a folder, ``2d6``).

    >>> parse_grid("auction=off,on; starting_cash=1000,1500")
    {'auction': [False, True], 'starting_cash': [1000, 1500]}
    """
    grid: dict[str, list[Any]] = {}
    for part in text.split(";"):
        if not part.strip():
            continue
        key, sep, values = part.partition("=")
        key = key.strip()
        if not sep or not key:
            raise ValueError(f"grid: expected KEY=V1,V2 in {part.strip()!r}")
        if key in grid:
            raise ValueError(f"grid: {key!r} is given twice")
        items = [v.strip() for v in values.split(",") if v.strip()]
        if not items:
            raise ValueError(f"grid: {key!r} has no values")
        grid[key] = [_value(v) for v in items]
    if not grid:
        raise ValueError("grid: give at least one KEY=V1,V2")
    return grid


def _value(text: str) -> Any:
    if text.lower() in _BOOL:
        return _BOOL[text.lower()]
    try:
        return int(text)
    except ValueError:
        return text


def _check(game: str, grid: Mapping[str, Sequence[Any]]) -> Game:
    known = gamekit.games()
    if game not in known:
        raise ValueError(f"unknown game {game!r}; known: {', '.join(known)}")
    settings = known[game].sweep_settings
    for key, values in grid.items():
        if key not in settings:
            raise ValueError(f"{game} cannot sweep {key!r}; it can sweep: {', '.join(settings)}")
        if isinstance(values, str) or not len(values):
            raise ValueError(f"grid {key!r}: give a list of values, got {values!r}")
    return known[game]


def sweep(
    game: str,
    grid: Mapping[str, Sequence[Any]],
    strategies: Sequence[str] | str,
    games: int = 100,
    seed: int = 0,
    *,
    players: int | None = None,
    max_rounds: int = 200,
    workers: int | None = None,
    executor: Executor | None = None,
    progress: bool = False,
) -> pd.DataFrame:
    """Play ``games`` games for every combination of ``grid``; one tidy frame.

    Every setting gets the same ``seed``, so the settings meet the same dice and decks.
    Seats are rotated game by game, so every strategy sits in every seat equally often.
    The frame is each game's own frame (see the games' ``simulate``) with a column per
    grid key in front; ``workers`` and ``executor`` spread the games as ``simulate`` does.
    """
    rules = _check(game, grid)
    keys = list(grid)
    frames = []
    for combo in itertools.product(*(grid[k] for k in keys)):
        setting = dict(zip(keys, combo, strict=True))
        frame = _play(rules, setting, strategies, games, seed, players, max_rounds,
                      workers, executor, progress)  # fmt: skip
        for k in reversed(keys):
            frame.insert(0, k, [setting[k]] * len(frame))
        frames.append(frame)
    return pd.concat(frames, ignore_index=True)


def _play(
    game: Game,
    setting: dict[str, Any],
    strategies: Sequence[str] | str,
    games: int,
    seed: int,
    players: int | None,
    max_rounds: int,
    workers: int | None,
    executor: Executor | None,
    progress: bool,
) -> pd.DataFrame:
    """One setting's games: seats rotated game by game, ``players`` from the setting if it
    names them, else the argument, else one per strategy."""
    names = strategies.split(",") if isinstance(strategies, str) else list(strategies)
    names = [n.strip() for n in names if n.strip()]
    options = game.options_from_setting(setting, max_rounds=max_rounds)
    seats = int(options.pop("players", None) or players or len(names))
    return simulate(
        game, seats, games, seed, names, rotate=True, workers=workers, executor=executor,
        progress=progress, **options,
    )  # fmt: skip


def win_shares(frame: pd.DataFrame, by: str | Sequence[str]) -> pd.DataFrame:
    """Each strategy's win share per setting with a 95% Wilson interval.

    A strategy's games are the rows it played (one row per seat and game); a shared win
    counts as a win. ``low`` and ``high`` bound the share; ``fair share`` is what a seat
    wins by chance alone, one over the seats per game (when the frame has a ``game``
    column; one over the strategies otherwise).

    >>> df = pd.DataFrame({"auction": [True] * 4, "strategy": ["a", "b", "a", "b"],
    ...                    "winner": [True, False, False, True]})
    >>> win_shares(df, "auction")[["strategy", "games", "wins", "win share"]].values.tolist()
    [['a', 2, 1, 0.5], ['b', 2, 1, 0.5]]
    """
    keys = [by] if isinstance(by, str) else list(by)
    won = "winner" if "winner" in frame.columns else "won"
    out = counted_shares(frame, [*keys, "strategy"], won)
    if "game" in frame.columns:
        seats = frame.groupby([*keys, "game"]).size().groupby(keys).mean().rename("seats")
        out = out.merge(seats.reset_index(), on=keys)
        out["fair share"] = 1 / out.pop("seats")
    else:
        out["fair share"] = 1 / out.groupby(keys)["strategy"].transform("size")
    return out
