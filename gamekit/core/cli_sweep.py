"""``gamekit GAME sweep``: the same seeded games under every combination of settings.

    gamekit alfredopoly sweep --grid "auction=off,on" --strategy builder,buy_all \\
        --games 400 --seed 1 --players 4
    gamekit almamater sweep --grid "data=my_defaults,gamekit/data/almamater" \\
        --strategy scholar,dean --games 200

Prints each strategy's win share per setting with a 95% interval (``--raw`` prints every
row instead); ``--workers`` and ``--scheduler`` spread the games as ``simulate`` does.
"""

from __future__ import annotations

import argparse
from typing import Any

from gamekit.core.cli_parallel import run_parallel
from gamekit.core.output import FORMATS, render_frame


def register_sweep(sub: argparse._SubParsersAction[Any], game: str, strategies: str) -> None:
    """Add the ``sweep`` command to a game's subcommands."""
    import gamekit

    settings = gamekit.games()[game].sweep_settings
    p = sub.add_parser(
        "sweep",
        help="win shares of bot strategies under every combination of a grid of settings",
        description=f"Settings {game} can sweep: {', '.join(settings)}.",
    )
    p.add_argument("--grid", required=True, help='e.g. "auction=off,on; starting_cash=1000,1500"')
    p.add_argument("--strategy", default=strategies, help=f"comma list (default {strategies})")
    p.add_argument("--players", type=int, default=None, help="players (default: one per strategy)")
    p.add_argument("--games", type=int, default=100, help="games per setting (default 100)")
    p.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    p.add_argument("--raw", action="store_true", help="print every row, not the win shares")
    p.add_argument("--format", choices=FORMATS, default="table")
    p.add_argument("--progress", action="store_true", help="show a progress bar on stderr")
    p.add_argument("--workers", type=int, default=None, help="processes (default: automatic)")
    p.add_argument("--scheduler", default=None, metavar="ADDRESS", help="a Dask scheduler")
    p.set_defaults(handler=_run, game=game)


def _run(args: argparse.Namespace) -> int:
    from gamekit.experiments import parse_grid, sweep, win_shares

    if args.games < 1:
        raise ValueError(f"--games must be >= 1, got {args.games}")
    grid = parse_grid(args.grid)
    frame = run_parallel(
        args,
        lambda ex: sweep(
            args.game, grid, args.strategy, games=args.games, seed=args.seed,
            players=args.players, workers=args.workers, executor=ex, progress=args.progress,
        ),
    )  # fmt: skip
    out = frame if args.raw else win_shares(frame, list(grid))
    print(render_frame(out, args.format), end="")
    return 0
