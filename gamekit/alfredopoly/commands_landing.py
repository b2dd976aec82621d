"""The ``gamekit alfredopoly landing`` and ``economics`` commands.

gamekit alfredopoly landing --jail long --per turn --format csv
gamekit alfredopoly landing --method simulate --rolls 5000000 --seed 1
gamekit alfredopoly economics --players 3 --groups
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from gamekit.alfredopoly.constants import MAX_PLAYERS, MIN_PLAYERS
from gamekit.alfredopoly.economics import group_economics, property_economics
from gamekit.alfredopoly.landing import LandingOptions, landing_probabilities
from gamekit.alfredopoly.montecarlo import MAX_ROLLS, ROLLS_PER_SECOND, simulate_landing
from gamekit.commands.runs import add_players, count
from gamekit.core.dice import Dice
from gamekit.core.output import FORMATS, render_frame


def _rolls(text: str) -> int:
    """``--rolls``: a whole number from 32 (one per group) to :data:`MAX_ROLLS`; a larger
    one is refused with the time it would take."""
    value = count(1, 10**60)(text)
    if value > MAX_ROLLS:
        seconds = value / ROLLS_PER_SECOND
        took = (f"{seconds / 31_557_600:,.0f} years" if seconds > 31_557_600 * 2
                else f"{seconds / 3600:,.0f} hours")  # fmt: skip
        raise argparse.ArgumentTypeError(
            f"at most {MAX_ROLLS:,} (about {MAX_ROLLS // ROLLS_PER_SECOND // 60} minutes); "
            f"{value:,} would take about {took} at {ROLLS_PER_SECOND:,} rolls a second"
        )
    if value < 32:
        raise argparse.ArgumentTypeError(f"must be at least 32 (one per group), got {value}")
    return value


def _dice(text: str) -> Dice:
    try:
        return Dice.parse(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be >= 0, got {value}")
    return value


def _variant_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--board",
        default="alfred",
        metavar="NAME|PATH",
        help="built-in board (alfred, classic) or a board file (default: alfred)",
    )
    p.add_argument(
        "--jail",
        choices=("short", "long"),
        default="short",
        help="leave Probation at once (short) or try for doubles (long)",
    )
    p.add_argument(
        "--dice",
        type=_dice,
        default=Dice(2, 6),
        metavar="NdS",
        help="N dice with S sides, 1-6 dice of 2-100 sides; doubles = all dice equal "
        "(default: 2d6)",
    )
    p.add_argument(
        "--cards",
        choices=("on", "off"),
        default="on",
        help="off: card spaces never move a token (default: on)",
    )
    p.add_argument("--format", choices=FORMATS, default="table",
                   help="table, csv or json (default: table)")  # fmt: skip


def register(sub: argparse._SubParsersAction[Any]) -> None:
    """Add ``landing`` and ``economics`` to ``gamekit alfredopoly``."""
    land = sub.add_parser(
        "landing",
        help="how likely is each space (exact or simulated)",
        description="Long-run probability of resting on each space (41 rows; index 40 = "
        "in Academic Probation). Cards are drawn 1/16 each, with replacement.",
    )
    _variant_flags(land)
    land.add_argument(
        "--per",
        choices=("roll", "turn"),
        default="roll",
        help="count a resting place after every roll, or at turn ends",
    )
    land.add_argument(
        "--method",
        choices=("exact", "simulate"),
        default="exact",
        help="exact Markov chain or Monte Carlo (adds a stderr column)",
    )
    land.add_argument(
        "--rolls",
        type=_rolls,
        default=2_000_000,
        metavar="N",
        help=f"simulated rolls (default: 2000000; at most {MAX_ROLLS:,}, about "
        f"{MAX_ROLLS // ROLLS_PER_SECOND // 60} minutes)",
    )
    land.add_argument("--seed", type=_seed, default=None, metavar="S",
                      help="random seed for --method simulate")  # fmt: skip
    land.add_argument(
        "--progress",
        action="store_true",
        help="show a bar of simulated rolls on stderr (Ctrl-C prints the rolls so far)",
    )
    land.set_defaults(handler=_landing)

    econ = sub.add_parser(
        "economics",
        help="expected fees and payback time of each property and build level",
        description="Expected fee per opponent roll and per round, cost and payback in "
        "rounds, for each property and build level (or totals by group with --groups).",
    )
    _variant_flags(econ)
    add_players(econ, "Alfredopoly", MIN_PLAYERS, MAX_PLAYERS, default=4,
                help=f"players at the table ({MIN_PLAYERS}-{MAX_PLAYERS}, default: 4)")  # fmt: skip
    econ.add_argument("--groups", action="store_true",
                      help="totals by colour group instead of one row per property")  # fmt: skip
    econ.set_defaults(handler=_economics)


def _options(args: argparse.Namespace, per: str = "roll") -> LandingOptions:
    return LandingOptions(jail=args.jail, per=per, dice=args.dice, cards=args.cards == "on")  # type: ignore[arg-type]


def _landing(args: argparse.Namespace) -> int:
    opts = _options(args, args.per)
    if args.method == "exact":
        frame = landing_probabilities(args.board, opts)
    else:
        # Ctrl-C ends a long run early: the table of the rolls so far, and exit status 130
        frame = simulate_landing(
            args.board, opts, rolls=args.rolls, seed=args.seed, progress=args.progress,
            interruptible=True,
        )  # fmt: skip
        if frame.attrs["interrupted"]:
            print(
                f"gamekit: interrupted after {frame.attrs['rolls']} counted rolls; the "
                "standard errors are those of this shorter run",
                file=sys.stderr,
            )
            sys.stdout.write(render_frame(frame, args.format))
            return 130
    sys.stdout.write(render_frame(frame, args.format))
    return 0


def _economics(args: argparse.Namespace) -> int:
    frame = property_economics(args.board, _options(args), players=args.players)
    if args.groups:
        frame = group_economics(frame)
    sys.stdout.write(render_frame(frame, args.format))
    return 0
