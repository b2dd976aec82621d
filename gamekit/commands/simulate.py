"""``gamekit GAME simulate`` and ``sweep`` for a game that brings no commands of its own.

Everything comes from the :class:`~gamekit.core.game.Game` protocol: the bots are the
game's ``bots()``, the options its ``sweep_settings`` (given as ``--set NAME=VALUE``, each
value read by the type of the option's default: a whole number within the game's
``option_limits``, on/off, or text), the frame its ``result_rows``.

    gamekit pig simulate --players 2 --games 1000 --strategy hold_at_20,random --set target=50
    gamekit pig sweep --grid "target=50,100" --strategy hold_at_20,random --games 400

>>> options = set_options(["target=50", "fast=on", "board=classic"], ("target", "fast", "board"))
>>> options
{'target': 50, 'fast': True, 'board': 'classic'}
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from gamekit.commands.runs import (
    add_parallel_options,
    add_players,
    count,
    games_help,
    simulate_command,
)
from gamekit.commands.sweep import register_sweep
from gamekit.core.game import Game
from gamekit.core.output import FORMATS, render_frame
from gamekit.core.parallel import MAX_GAMES
from gamekit.core.simulate import MAX_SEATS, simulate, simulate_to_csv


def set_options(pairs: Sequence[str], known: Sequence[str], rules: Any = None) -> dict[str, Any]:
    """``--set NAME=VALUE`` options, each value read by its setting's type (the game's
    option defaults and limits, as a sweep's grid reads them: see
    :func:`gamekit.experiments.read_setting`); an unknown name or a value of the wrong kind
    raises ``ValueError`` saying which."""
    from gamekit.experiments import read_setting

    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        name, value = name.strip(), value.strip()
        if not sep or not name:
            raise ValueError(f"--set {pair!r}: write NAME=VALUE")
        if name not in known:
            raise ValueError(f"--set {name}: not a setting of this game; known: {', '.join(known)}")
        options[name] = read_setting(name, value, rules, source="--set")
    return options


def register_generic(parser: argparse.ArgumentParser, game: Game) -> None:
    """Give ``gamekit NAME`` the generic ``simulate`` and ``sweep`` commands of ``game``."""
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    low = int(getattr(game, "min_players", 2))
    high = int(getattr(game, "max_players", MAX_SEATS))
    bots = ",".join(game.bots())
    settings = tuple(s for s in game.sweep_settings if s != "players")
    p = sub.add_parser(
        "simulate",
        help="play whole games between bots; one row per game and player",
        description=f"Play whole {game.name} games between bots ({bots}) and print one row "
        "per game and player.",
    )
    add_players(p, game.name, low, high, default=low)
    p.add_argument(
        "--games", type=count(1, MAX_GAMES), default=10, metavar="N", help=games_help(10, low)
    )
    p.add_argument("--seed", type=count(0, 2**128), default=0, metavar="S",
                   help="random seed (default 0)")  # fmt: skip
    p.add_argument("--strategy", default="random", help=f"comma list of: {bots}")
    p.add_argument("--rotate", action="store_true", help="shift the seats by one each game")
    p.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help=f"a game setting ({', '.join(settings) or 'none'}); repeat for more",
    )
    p.add_argument("--format", choices=FORMATS, default="table", help="output format")
    p.add_argument("--progress", action="store_true", help="show a progress bar on stderr")
    add_parallel_options(p)
    p.set_defaults(handler=_simulate, game_object=game, settings=settings)
    register_sweep(sub, game.name, bots.split(",")[0], (low, high))


def _simulate(args: argparse.Namespace) -> int:
    game: Game = args.game_object
    strategies = [s.strip() for s in args.strategy.split(",") if s.strip()]
    known = game.bots()
    unknown = [s for s in strategies if s not in known]
    if unknown:
        raise ValueError(f"--strategy: unknown {', '.join(unknown)}; known: {', '.join(known)}")
    options = dict(
        players=args.players,
        seed=args.seed,
        strategies=strategies,
        rotate=args.rotate,
        progress=args.progress,
        workers=args.workers,
        **set_options(args.set, args.settings, game),
    )
    frame = simulate_command(
        args,
        lambda **kw: simulate(game, **kw),
        lambda out, games, **kw: simulate_to_csv(out, game, games=games, **kw),
        options,
    )
    if frame is not None:
        print(render_frame(frame, args.format), end="")
    return 0
