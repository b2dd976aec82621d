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
from gamekit.core.dice import Dice
from gamekit.core.errors import DataError, GamekitError
from gamekit.core.game import Game
from gamekit.core.parallel import check_games
from gamekit.core.simulate import MAX_ROUNDS, MAX_SEATS, simulate
from gamekit.core.stats import counted_shares

__all__ = [
    "MAX_COMBINATIONS",
    "default_seats",
    "parse_grid",
    "read_setting",
    "setting_bounds",
    "sweep",
    "sweep_settings",
    "win_shares",
]  # and GAMES (below)

#: A sweep plays every combination of its grid, each a whole run: at most this many.
MAX_COMBINATIONS = 100

#: Settings that are on or off (the command line reads on/off, true/false, yes/no).
FLAG_SETTINGS = ("auction", "free_parking_jackpot")

#: Settings that are whole numbers, with the values a sweep accepts (money far above any
#: table's; beyond these a game means nothing or cannot end).
NUMBER_SETTINGS: dict[str, tuple[int, int]] = {
    "starting_cash": (0, 1_000_000),
    "salary": (0, 1_000_000),
    "jail_fine": (0, 1_000_000),
    "jail_tries": (1, 10),
    "sculptures": (0, 1_000),
    "statues": (0, 1_000),
    "interest_percent": (0, 100),
    "max_rounds": (1, MAX_ROUNDS),
    "players": (2, MAX_SEATS),
}

#: Settings given as dice, ``NdS`` (e.g. ``2d6``); any other setting is text (a board
#: name or file, a data folder).
DICE_SETTINGS = ("dice",)


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


def parse_grid(text: str, game: str | None = None) -> dict[str, list[Any]]:
    """A grid from the command line: ``"auction=off,on; starting_cash=1000,1500"``.

    Each value is read by its setting's type: on/off (and true/false, yes/no) for
    :data:`FLAG_SETTINGS`, a whole number within :data:`NUMBER_SETTINGS`' bounds, ``NdS``
    for dice, text for the rest (a board name, a folder). Anything else is refused with
    the values allowed, and so is a key ``game`` (if given) cannot sweep.

    >>> parse_grid("auction=off,on; starting_cash=1000,1500")
    {'auction': [False, True], 'starting_cash': [1000, 1500]}
    >>> try:
    ...     parse_grid("auction=maybe")
    ... except ValueError as exc:
    ...     print(exc)
    grid: auction='maybe': expected on or off (true, false, yes, no)
    """
    rules = gamekit.games()[game] if game is not None else None
    settings = rules.sweep_settings if rules is not None else None
    grid: dict[str, list[Any]] = {}
    for part in text.split(";"):
        if not part.strip():
            continue
        key, sep, values = part.partition("=")
        key = key.strip()
        if not sep or not key:
            raise GamekitError(f"grid: expected KEY=V1,V2 in {part.strip()[:60]!r}")
        if settings is not None and key not in settings:
            raise GamekitError(f"{game} cannot sweep {key!r}; it can sweep: {', '.join(settings)}")
        if key in grid:
            raise GamekitError(f"grid: {key!r} is given twice")
        items = [v.strip() for v in values.split(",") if v.strip()]
        if not items:
            raise GamekitError(f"grid: {key!r} has no values")
        grid[key] = [read_setting(key, v, rules) for v in items]
    if not grid:
        raise GamekitError("grid: give at least one KEY=V1,V2")
    _check_size(grid)
    return grid


def setting_bounds(key: str, rules: Any = None) -> tuple[int, int] | None:
    """The whole numbers a setting accepts: the game's seats for ``players``, the game's own
    ``option_limits``, else :data:`NUMBER_SETTINGS`; ``None`` when it is not a number with
    known bounds.

    >>> setting_bounds("jail_tries"), setting_bounds("board")
    ((1, 10), None)
    """
    if key == "players" and hasattr(rules, "min_players") and hasattr(rules, "max_players"):
        return int(rules.min_players), int(rules.max_players)
    limits = getattr(rules, "option_limits", None) or {}
    if key in limits:
        low, high = limits[key]
        return int(low), int(high)
    return NUMBER_SETTINGS.get(key)


def read_setting(key: str, text: str, rules: Any = None, source: str = "grid") -> Any:
    """One setting's value from the command line (``--grid`` or ``--set``), read by its
    type: on/off (true/false, yes/no) for :data:`FLAG_SETTINGS` and for an option whose
    default is ``True``/``False``; a whole number within :func:`setting_bounds` for
    :data:`NUMBER_SETTINGS` and for an option whose default is a whole number; ``NdS``
    for dice; text for an option whose default is text. ``rules`` is the game (its
    ``options`` defaults, ``option_limits`` and seats), if it has them; ``source`` names
    the option in an error (``"grid"``, ``"--set"``). A value of the wrong kind raises
    ``GamekitError`` saying what was expected.

    >>> read_setting("auction", "on"), read_setting("salary", "200")
    (True, 200)
    >>> try:
    ...     read_setting("jail_tries", "99")
    ... except ValueError as exc:
    ...     print(exc)
    grid: jail_tries=99: expected a whole number 1 to 10
    """
    defaults = getattr(rules, "options", None) or {}
    default = defaults.get(key)
    if key in FLAG_SETTINGS or isinstance(default, bool):
        if text.lower() not in _BOOL:
            raise GamekitError(
                f"{source}: {key}={text[:40]!r}: expected on or off (true, false, yes, no)"
            )
        return _BOOL[text.lower()]
    bounds = setting_bounds(key, rules)
    if bounds is not None or isinstance(default, int):
        digits = text.replace("_", "")
        if len(digits) > 30 or not digits.lstrip("+-").isdigit() or not digits.isascii():
            within = f" {bounds[0]:,} to {bounds[1]:,}" if bounds else ""
            raise GamekitError(f"{source}: {key}={text[:40]!r}: expected a whole number{within}")
        return _number(key, int(digits), bounds, source)
    if key in DICE_SETTINGS:
        try:
            Dice.parse(text)
        except ValueError as exc:
            raise GamekitError(f"{source}: {key}={text[:40]!r}: {exc}") from None
        return text
    if isinstance(default, str):
        return text
    if text.lower() in _BOOL:  # a setting of unknown type keeps the old reading of on/off
        return _BOOL[text.lower()]
    try:
        return int(text)
    except ValueError:
        return text


def _number(
    key: str, value: Any, bounds: tuple[int, int] | None = None, source: str = "grid"
) -> int:
    if bounds is None:
        bounds = NUMBER_SETTINGS.get(key)
    number = isinstance(value, int) and not isinstance(value, bool)
    if not number or (bounds is not None and not bounds[0] <= value <= bounds[1]):
        shown = f"{value:,}" if number else repr(value)
        within = f" {bounds[0]:,} to {bounds[1]:,}" if bounds else ""
        raise GamekitError(f"{source}: {key}={shown}: expected a whole number{within}")
    return int(value)


def default_seats(rules: Any, strategies: Sequence[str]) -> int:
    """The players of a run that names none: one per strategy, at least the game's fewest
    (a single strategy plays against itself).

    >>> default_seats(gamekit.games()["almamater"], ["scholar"])
    2
    """
    return max(len(strategies), int(getattr(rules, "min_players", 2)))


def _check_size(grid: Mapping[str, Sequence[Any]]) -> int:
    combinations = 1
    for values in grid.values():
        combinations *= max(1, len(values))
    if combinations > MAX_COMBINATIONS:
        sizes = " x ".join(f"{len(v)} {k}" for k, v in grid.items())
        raise GamekitError(
            f"grid: {combinations:,} combinations ({sizes}); at most {MAX_COMBINATIONS} "
            "(each is a whole run): sweep fewer values at a time"
        )
    return combinations


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
    _check_size(grid)
    rules = known[game]
    defaults = getattr(rules, "options", None) or {}
    for key, values in grid.items():  # Python values are held to the same types
        for value in values:
            flag = key in FLAG_SETTINGS or isinstance(defaults.get(key), bool)
            if flag and not isinstance(value, bool):
                raise GamekitError(f"grid: {key}={value!r}: expected True or False")
            bounds = setting_bounds(key, rules)
            if not flag and (bounds is not None or isinstance(defaults.get(key), int)):
                _number(key, value, bounds)
    return rules


def _check_values(
    rules: Game,
    grid: Mapping[str, Sequence[Any]],
    names: list[str],
    players: int | None,
    max_rounds: int,
) -> int:
    """Build the game's spec for every value of the grid before any game is played (a
    bad board, folder or dice fails now, not after the first settings' games); the most
    seats any combination has."""
    seats = []
    for key, values in grid.items():
        for value in values:
            options = rules.options_from_setting({key: value}, max_rounds=max_rounds)
            n = int(options.pop("players", None) or players or default_seats(rules, names))
            if not 1 <= n <= MAX_SEATS:
                raise GamekitError(f"players: a whole number 1 to {MAX_SEATS}, got {n!r}")
            try:
                rules.make_spec(n, **options)
            except DataError:
                raise  # it names the file already
            except ValueError as exc:
                raise GamekitError(f"grid: {key}={value!r}: {exc}") from None
            seats.append(n)
    return max(seats)


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
    if isinstance(max_rounds, bool) or not isinstance(max_rounds, int):
        raise GamekitError(f"max_rounds: a whole number 1 to {MAX_ROUNDS:,}, got {max_rounds!r}")
    if not 1 <= max_rounds <= MAX_ROUNDS:
        raise GamekitError(f"max_rounds: a whole number 1 to {MAX_ROUNDS:,}, got {max_rounds:,}")
    names = strategies.split(",") if isinstance(strategies, str) else list(strategies)
    seats = _check_values(rules, grid, [n.strip() for n in names if n.strip()], players, max_rounds)
    check_games(
        games * _check_size(grid), seats, streamed=False, name="games",
        stream_hint="sweep fewer settings or games at a time",
    )  # fmt: skip
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
    names them, else the argument, else :func:`default_seats`."""
    names = strategies.split(",") if isinstance(strategies, str) else list(strategies)
    names = [n.strip() for n in names if n.strip()]
    options = game.options_from_setting(setting, max_rounds=max_rounds)
    seats = int(options.pop("players", None) or players or default_seats(game, names))
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
    ...                    "won": [True, False, False, True]})
    >>> win_shares(df, "auction")[["strategy", "games", "wins", "win share"]].values.tolist()
    [['a', 2, 1, 0.5], ['b', 2, 1, 0.5]]
    """
    keys = [by] if isinstance(by, str) else list(by)
    out = counted_shares(frame, [*keys, "strategy"], "won")
    if "game" in frame.columns:
        seats = frame.groupby([*keys, "game"]).size().groupby(keys).mean().rename("seats")
        out = out.merge(seats.reset_index(), on=keys)
        out["fair share"] = 1 / out.pop("seats")
    else:
        out["fair share"] = 1 / out.groupby(keys)["strategy"].transform("size")
    return out
