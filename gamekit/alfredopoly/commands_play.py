"""``gamekit alfredopoly simulate``: whole games between bots, as a table.

    gamekit alfredopoly simulate --players 4 --games 100 --seed 1 --max-rounds 200 \\
        --strategy buy_all,reserve,builder --board alfred --format table
"""

from __future__ import annotations

import argparse
from typing import Any

from gamekit.alfredopoly.bots import strategy_names
from gamekit.alfredopoly.constants import MAX_PLAYERS, MIN_PLAYERS
from gamekit.alfredopoly.simulate import DEFAULT_STRATEGIES, simulate, simulate_to_csv
from gamekit.commands.runs import (
    add_parallel_options,
    add_players,
    count,
    games_help,
    simulate_command,
)
from gamekit.core.output import FORMATS, render_frame
from gamekit.core.parallel import MAX_GAMES
from gamekit.core.simulate import MAX_ROUNDS


def register(sub: argparse._SubParsersAction[Any]) -> None:
    """Add this module's subcommands to ``gamekit alfredopoly``."""
    p = sub.add_parser(
        "simulate",
        help="play whole games between bots; one row per game and player",
        description="Play whole Alfredopoly games between bots and print one row per game "
        "and player (seat, strategy, final cash, net worth, properties, rank, rounds, how "
        f"the game ended). Strategies: {', '.join(strategy_names())}.",
    )
    add_players(p, "Alfredopoly", MIN_PLAYERS, MAX_PLAYERS, default=4)
    p.add_argument(
        "--games", type=count(1, MAX_GAMES), default=10, metavar="N", help=games_help(10, 4)
    )
    p.add_argument("--seed", type=count(0, 2**128), default=0, metavar="S",
                   help="random seed (default 0)")  # fmt: skip
    p.add_argument(
        "--max-rounds",
        type=count(1, MAX_ROUNDS),
        default=200,
        metavar="N",
        help=f"round limit (default 200, at most {MAX_ROUNDS:,})",
    )
    p.add_argument(
        "--strategy",
        default=",".join(DEFAULT_STRATEGIES),
        help="comma-separated strategies, given to the seats in turn "
        f"(default {','.join(DEFAULT_STRATEGIES)})",
    )
    p.add_argument(
        "--rotate",
        action="store_true",
        help="shift the seats by one each game, so every strategy sits in every seat "
        "equally often (over a multiple of --players games)",
    )
    p.add_argument("--board", default="alfred", help="board name (alfred, classic) or a file path")
    p.add_argument("--format", choices=FORMATS, default="table", help="output format")
    p.add_argument("--progress", action="store_true", help="show a progress bar on stderr")
    add_parallel_options(p)
    p.set_defaults(handler=_simulate)


def _simulate(args: argparse.Namespace) -> int:
    options = dict(
        players=args.players,
        seed=args.seed,
        max_rounds=args.max_rounds,
        strategies=args.strategy,
        board=args.board,
        progress=args.progress,
        rotate=args.rotate,
        workers=args.workers,
    )
    frame = simulate_command(args, simulate, simulate_to_csv, options)
    if frame is not None:
        print(render_frame(frame, args.format), end="")
    return 0
