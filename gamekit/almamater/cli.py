"""The ``gamekit almamater`` subcommands: ``score`` (a typed-in score sheet), ``simulate``,
``balance``, ``sweep`` and ``tune``.

gamekit almamater score SHEET.json [--format table|json] [--data FOLDER]
gamekit almamater simulate --players 4 --games 1000 --seed 1 --strategy random,greedy
gamekit almamater balance --players 2,3 --games 400 --seed 1 --strategy scholar,dean
gamekit almamater balance --lineups suite --games 400 --seed 1 --workers 2
gamekit almamater tune --trials 30 --games 100 --seed 1 --study tune.log --out candidate/
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager

import pandas as pd

from gamekit.almamater.bots import BOTS
from gamekit.commands.runs import (
    add_parallel_options,
    add_worker_options,
    check_run,
    count,
    games_help,
    parallel_executor,
    simulate_command,
)
from gamekit.commands.sweep import register_sweep
from gamekit.core.output import FORMATS, render_frame
from gamekit.core.parallel import (
    MAX_GAMES,
    terminate_as_interrupt,
)

#: The seats Alma Mater has (its spec refuses any other count).
MIN_PLAYERS, MAX_PLAYERS = 2, 4

#: ``balance`` plays its games in this process, keeping every row: at most this many per
#: player count (about 30 ms a game here: some 8 hours per player count).
MAX_BALANCE_GAMES = 1_000_000

#: ``tune`` runs at most this many trials in one call (each plays every line-up).
MAX_TRIALS = 10_000

#: ``tune`` plays at most this many games per line-up and trial.
MAX_TUNE_GAMES = 100_000

#: The bot names, as ``--help`` lists them.
BOT_NAMES = ", ".join(BOTS)


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
    sim.add_argument("--strategy", default="random", help=f"comma list: {BOT_NAMES}")
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
        help=f"games per player count, or per line-up with --lineups (default 100, at most "
        f"{MAX_BALANCE_GAMES:,})",
    )
    bal.add_argument("--seed", type=count(0, 2**128), default=None, metavar="S")
    bal.add_argument(
        "--strategy", default="scholar,dean", help=f"comma list of bot names ({BOT_NAMES})"
    )
    bal.add_argument(
        "--lineups",
        type=_lineups,
        default=None,
        metavar="LINEUPS",
        help="play these line-ups apart, seats rotated, instead of --strategy: 'suite' (the "
        "judge's: duels, every line-up of 3 and 4 of scholar, dean, search, greedy, a class's "
        "line-ups), 'every' (also with repeats) or e.g. 'scholar+dean,greedy+random'; "
        "judged on the issue 27 targets",
    )
    bal.add_argument("--data", help="folder of component files (default: the kit's)")
    bal.add_argument("--format", choices=FORMATS, default="table")
    bal.add_argument("--progress", action="store_true", help="show a progress bar on stderr")
    add_worker_options(bal, short=True)
    bal.set_defaults(handler=run_balance)
    register_sweep(sub, "almamater", "scholar,dean", (MIN_PLAYERS, MAX_PLAYERS))
    tune = sub.add_parser(
        "tune",
        help="search the kit defaults for the data folder nearest the balance targets "
        "(needs the tune extra: pip install 'campus-gamekit[tune]')",
        description="Search the values the data files mark as kit defaults (never the "
        "facts) for the candidate data folder whose balance report (the judge's line-ups) "
        "has the smallest worst excess over the targets. Optuna's seeded TPE sampler; a "
        "study file resumes a stopped run.",
    )
    tune.add_argument("--trials", type=count(0, MAX_TRIALS), default=20, metavar="N",
                      help=f"trials to run now (default 20, at most {MAX_TRIALS:,}; 0: only "
                      "write what the --study file found so far)")  # fmt: skip
    tune.add_argument(
        "--games", type=count(1, MAX_TUNE_GAMES), default=100, metavar="N",
        help=f"games per line-up and trial (default 100, at most {MAX_TUNE_GAMES:,})",
    )  # fmt: skip
    tune.add_argument("--seed", type=count(0, 2**32 - 1), default=0, metavar="S",
                      help="seed of the games and the sampler (default 0)")  # fmt: skip
    tune.add_argument("--study", metavar="FILE", default=None,
                      help="study file (Optuna's journal): resumed if it exists")  # fmt: skip
    tune.add_argument("--out", metavar="DIR", default=None,
                      help="write the best candidate data folder here (replaced)")  # fmt: skip
    tune.add_argument("--report", metavar="FILE.md", default=None,
                      help="also write the before/after report (Markdown) here")  # fmt: skip
    tune.add_argument("--players", type=_player_counts, default=(2, 3, 4),
                      help="player counts to judge, e.g. 2 or 2,3,4 (default 2,3,4)")  # fmt: skip
    tune.add_argument("--lineups", type=_lineups, default=None, metavar="LINEUPS",
                      help="line-ups as in balance (default: suite)")  # fmt: skip
    tune.add_argument("--data", help="data folder to tune (default: the kit's)")
    tune.add_argument("--space", metavar="FILE", default=None,
                      help="the search space: a table as --show-space prints it, one row a "
                      "value (default: the kit's table)")  # fmt: skip
    tune.add_argument("--show-space", action="store_true",
                      help="print the search space read against the data folder (each "
                      "value now and its range) and stop; needs no Optuna")  # fmt: skip
    tune.add_argument("--progress", action="store_true", help="a progress bar of trials")
    add_worker_options(tune, short=True)
    tune.set_defaults(handler=run_tune)


def _lineups(text: str) -> tuple[tuple[str, ...], ...]:
    """``--lineups``: a usage error (exit 2) for an unknown bot or a bad line-up."""
    from gamekit.almamater.balance import parse_lineups

    try:
        return parse_lineups(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


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

    # every row stays in memory: games per player count, or per line-up
    runs = len(args.players) if args.lineups is None else len(args.lineups)
    check_games(args.games * runs, max(args.players), streamed=False, name="--games")
    check_run(argparse.Namespace(workers=args.workers, scheduler=args.scheduler, games=0), 1)
    strategies = tuple(s.strip() for s in args.strategy.split(",") if s.strip())
    with parallel_executor(args) as executor:
        report = balance(args.players, args.games, args.seed, strategies, args.data,
                         args.progress, lineups=args.lineups, workers=args.workers,
                         executor=executor)  # fmt: skip
    if args.format == "table":
        print(report_text(report), end="")
    else:
        print(render_frame(report.long(), args.format), end="")
    return 0


def run_tune(args: argparse.Namespace) -> int:
    from gamekit.almamater.balance import SUITE
    from gamekit.almamater.tune import (
        SPACE_TABLE,
        check_out,
        require_optuna,
        search_space,
        space_text,
        tune,
    )
    from gamekit.core.parallel import check_games

    table = SPACE_TABLE
    if args.space is not None:
        try:
            with open(args.space, encoding="utf-8") as f:
                table = f.read()
        except OSError as exc:
            raise ValueError(f"--space {args.space}: {exc.strerror or exc}") from None
        except ValueError as exc:  # not UTF-8 text
            raise ValueError(f"--space {args.space}: {exc}") from None
    if args.space is not None or args.show_space:
        try:
            knobs = search_space(args.data, table)  # a bad row: refused before any game
        except ValueError as exc:
            if args.space is None:
                raise
            raise ValueError(f"--space {args.space}: {exc}") from None
        if args.show_space:
            print(space_text(knobs, args.data), end="")
            return 0
    require_optuna()  # the extra's one-line error before anything else
    check_run(argparse.Namespace(workers=args.workers, scheduler=args.scheduler, games=0), 1)
    lineups = args.lineups or SUITE
    # each trial keeps the rows of all its line-ups in memory
    check_games(args.games * len(lineups), max(args.players), streamed=False, name="--games")
    if args.out:
        check_out(args.out)  # found now, not after the study
    with parallel_executor(args) as executor, _kept_on_stop(args.study):
        result = tune(
            args.trials, args.games, args.seed, study=args.study, out=args.out,
            report=args.report, players=args.players, lineups=lineups,
            data=args.data, workers=args.workers, executor=executor, progress=args.progress,
            table=table,
        )  # fmt: skip
    print(result.report, end="")
    if result.out is not None:
        print(f"wrote the best candidate folder to {result.out}")
    return 0


@contextmanager
def _kept_on_stop(study: str | None) -> Iterator[None]:
    """Ctrl-C or SIGTERM during ``tune``: say what the study file keeps, exit 130 / 143."""
    try:
        with terminate_as_interrupt():
            yield
    except KeyboardInterrupt as exc:
        signum = int(getattr(exc, "signum", signal.SIGINT))
        kept = (
            f"{study} keeps the finished trials: run the same command to go on"
            if study
            else "no --study file, so the trials are lost"
        )
        print(f"gamekit: stopped: {kept}", file=sys.stderr)
        raise SystemExit(128 + signum) from None
