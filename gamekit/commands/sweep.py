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

from gamekit.commands.runs import add_players, add_worker_options, check_run, count, run_parallel
from gamekit.core.output import FORMATS, render_frame
from gamekit.core.parallel import MAX_GAMES
from gamekit.core.simulate import MAX_SEATS


def register_sweep(
    sub: argparse._SubParsersAction[Any],
    game: str,
    strategies: str,
    players: tuple[int, int] = (2, MAX_SEATS),
) -> None:
    """Add the ``sweep`` command to a game's subcommands (``players``: the seats the game
    allows, lowest and highest)."""
    import gamekit

    settings = gamekit.games()[game].sweep_settings
    p = sub.add_parser(
        "sweep",
        help="win shares of bot strategies under every combination of a grid of settings",
        description=f"Settings {game} can sweep: {', '.join(settings)}.",
    )
    from gamekit.experiments import FLAG_SETTINGS, MAX_COMBINATIONS, setting_bounds

    rules = gamekit.games()[game]
    defaults = getattr(rules, "options", None) or {}
    flags = [k for k in settings if k in FLAG_SETTINGS or isinstance(defaults.get(k), bool)]
    bounds = {k: setting_bounds(k, rules) for k in settings if k not in flags}
    if "players" in bounds:
        bounds["players"] = players  # the seats the game allows
    numbers = [f"{k} {b[0]:,}-{b[1]:,}" for k, b in bounds.items() if b is not None]
    kinds = (f"; on/off for {', '.join(flags)}" if flags else "") + (
        f"; whole numbers: {', '.join(numbers)}" if numbers else ""
    )
    p.add_argument(
        "--grid",
        required=True,
        help=f'e.g. "{_example(flags, defaults, bounds)}": at most {MAX_COMBINATIONS} '
        f"combinations{kinds}",
    )
    p.add_argument("--strategy", default=strategies, help=f"comma list (default {strategies})")
    low, high = players
    add_players(p, game, low, high, default=None,
                help=f"players, {low}-{high} (default: one a strategy, {low} or more)")  # fmt: skip
    p.add_argument(
        "--games",
        type=count(1, MAX_GAMES),
        default=100,
        metavar="N",
        help=f"games per setting (default 100); every row stays in memory, so the games of "
        f"all settings together (at most {MAX_GAMES:,}) must fit in half the free memory "
        "(about 1 KB a player and game)",
    )
    p.add_argument("--seed", type=count(0, 2**128), default=0, metavar="S",
                   help="random seed (default 0)")  # fmt: skip
    p.add_argument("--raw", action="store_true", help="print every row, not the win shares")
    p.add_argument("--format", choices=FORMATS, default="table")
    p.add_argument("--progress", action="store_true", help="show a progress bar on stderr")
    add_worker_options(p, short=True)
    p.set_defaults(handler=_run, game=game)


def _example(
    flags: list[str], defaults: dict[str, Any], bounds: dict[str, tuple[int, int] | None]
) -> str:
    """A grid for ``--help`` from the game's own settings: a flag off and on, a whole
    number option at its default and half of it, and two player counts."""
    parts = [f"{flags[0]}=off,on"] if flags else []
    whole = [k for k, v in defaults.items() if k in bounds and isinstance(v, int) and v > 1]
    parts += [f"{whole[0]}={defaults[whole[0]]},{defaults[whole[0]] // 2}"] if whole else []
    seats = bounds.get("players")
    parts += [f"players={seats[0]},{seats[0] + 1}"] if seats and seats[1] > seats[0] else []
    return "; ".join(parts[:2])


def _run(args: argparse.Namespace) -> int:
    from gamekit.experiments import parse_grid, sweep, win_shares

    grid = parse_grid(args.grid, args.game)
    check_run(args, 1)  # --workers; the games of every setting are checked by sweep()
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
