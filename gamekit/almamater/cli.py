"""The ``gamekit almamater`` subcommands: ``score`` (a typed-in score sheet), ``simulate``
and ``balance``.

gamekit almamater score SHEET.json [--format table|json] [--data FOLDER]
gamekit almamater simulate --players 4 --games 1000 --seed 1 --strategy random,greedy
gamekit almamater balance --players 2,3 --games 400 --seed 1 --strategy scholar,dean
"""

from __future__ import annotations

import argparse
import json

import pandas as pd

from gamekit.commands.runs import add_parallel_options, count, games_help, simulate_command
from gamekit.commands.sweep import register_sweep
from gamekit.core.output import FORMATS, render_frame
from gamekit.core.parallel import MAX_GAMES

#: The seats Alma Mater has (its spec refuses any other count).
MIN_PLAYERS, MAX_PLAYERS = 2, 4

#: ``balance`` plays its games in this process, keeping every row: at most this many per
#: player count (about 30 ms a game here: some 8 hours per player count).
MAX_BALANCE_GAMES = 1_000_000


def register(parser: argparse.ArgumentParser) -> None:
    """Add this game's subcommands to its ``gamekit almamater`` group."""
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    score = sub.add_parser(
        "score", help="final scoring of one player's end position (a JSON sheet)"
    )
    score.add_argument("sheet", help="JSON file with players, prestige, textbooks, ducats, ...")
    score.add_argument("--format", choices=("table", "json"), default="table")
    score.add_argument("--data", help="folder of component files (default: the kit's)")
    score.set_defaults(handler=run_score)
    sim = sub.add_parser("simulate", help="play seeded games between bots; score lines per player")
    sim.add_argument(
        "--players",
        type=count(MIN_PLAYERS, MAX_PLAYERS, "Alma Mater seats 2 to 4 players"),
        default=4,
        metavar="N",
        help=f"players per game ({MIN_PLAYERS}-{MAX_PLAYERS}, default 4)",
    )
    sim.add_argument(
        "--games", type=count(1, MAX_GAMES), default=100, metavar="N", help=games_help(100, 4)
    )
    sim.add_argument("--seed", type=count(0, 2**128), default=None, metavar="S")
    sim.add_argument(
        "--strategy", default="random", help="comma list: random, greedy, scholar, dean"
    )
    sim.add_argument("--data", help="folder of component files (default: the kit's)")
    sim.add_argument(
        "--by", choices=("strategy", "game"), default="strategy", help="summary or every row"
    )
    sim.add_argument("--format", choices=FORMATS, default="table")
    sim.add_argument("--progress", action="store_true", help="show a progress bar on stderr")
    add_parallel_options(sim)
    sim.set_defaults(handler=run_simulate)
    bal = sub.add_parser(
        "balance",
        help="balance report: win shares (each line-up apart), scores, space visits, targets",
    )
    bal.add_argument("--players", type=_player_counts, default=(2, 3, 4), help="e.g. 2 or 2,3,4")
    bal.add_argument(
        "--games",
        type=count(1, MAX_BALANCE_GAMES),
        default=100,
        metavar="N",
        help=f"games per player count (default 100, at most {MAX_BALANCE_GAMES:,})",
    )
    bal.add_argument("--seed", type=count(0, 2**128), default=None, metavar="S")
    bal.add_argument("--strategy", default="scholar,dean", help="comma list of bot names")
    bal.add_argument("--data", help="folder of component files (default: the kit's)")
    bal.add_argument("--format", choices=FORMATS, default="table")
    bal.set_defaults(handler=run_balance)
    register_sweep(sub, "almamater", "scholar,dean", (MIN_PLAYERS, MAX_PLAYERS))


def run_score(args: argparse.Namespace) -> int:
    from gamekit.almamater.components import load_components
    from gamekit.almamater.sheet import load_sheet

    score = load_sheet(args.sheet, load_components(args.data))
    if args.format == "json":
        lines = [{"rule": line.rule, "prestige": line.points} for line in score.lines]
        print(json.dumps({"lines": lines, "total": score.total}, indent=1))
        return 0
    rows = list(score.rows())  # each line with how it is worked out (line 1: its ducats)
    rows[-2] = ("prestige already on the track", "", score.during_play)
    frame = pd.DataFrame(rows, columns=["rule", "worked out", "prestige"])
    print(render_frame(frame, "table"), end="")
    return 0


def run_simulate(args: argparse.Namespace) -> int:
    from gamekit.almamater.simulate import simulate, simulate_to_csv, summarize

    strategies = tuple(s.strip() for s in args.strategy.split(",") if s.strip())
    options = dict(
        players=args.players, seed=args.seed, strategies=strategies, data=args.data,
        progress=args.progress, workers=args.workers,
    )  # fmt: skip
    frame = simulate_command(args, simulate, simulate_to_csv, options)
    if frame is None:
        return 0
    out = summarize(frame) if args.by == "strategy" else frame
    print(render_frame(out, args.format), end="")
    return 0


def _player_counts(text: str) -> tuple[int, ...]:
    """``"2,3"`` -> ``(2, 3)``; anything else is a usage error (exit 2)."""
    try:
        counts = tuple(int(x) for x in text.split(",") if x.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"player counts are numbers 2-4, got {text!r}") from None
    if not counts or any(not 2 <= n <= 4 for n in counts):
        raise argparse.ArgumentTypeError(f"player counts are numbers 2-4, got {text!r}")
    return counts


def run_balance(args: argparse.Namespace) -> int:
    from gamekit.almamater.balance import balance, report_text
    from gamekit.core.parallel import check_games

    # every row stays in memory (balance plays in this process)
    check_games(args.games * len(args.players), max(args.players), streamed=False,
                name="--games")  # fmt: skip
    strategies = tuple(s.strip() for s in args.strategy.split(",") if s.strip())
    report = balance(args.players, args.games, args.seed, strategies, args.data)
    if args.format == "table":
        print(report_text(report), end="")
    else:
        print(render_frame(report.long(), args.format), end="")
    return 0
