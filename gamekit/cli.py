"""The ``gamekit`` command: one entry point, a subcommand group per game.

Each game of :func:`gamekit.games` with a module ``gamekit/<game>/cli.py`` gets a group;
that module's ``register(parser)`` adds the game's subcommands to it (the help line is the
game's ``summary``). Bad input exits with status 2 and one line on stderr.

    gamekit --version
    gamekit alfredopoly --help
    gamekit almamater --help
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import sys
from collections.abc import Sequence
from typing import NoReturn

from gamekit import __version__
from gamekit.core.errors import GamekitError


class UsageError(Exception):
    """Bad command-line arguments (exit status 2)."""


class _Parser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose errors are one line, raised rather than printed."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message}")


def build_parser() -> argparse.ArgumentParser:
    import gamekit

    parser = _Parser(
        prog="gamekit",
        description="Campus Gamekit: rules engines and probability tools for "
        "Alfredopoly and Alma Mater.",
        epilog="Run 'gamekit GAME --help' for a game's commands.",
    )
    parser.add_argument("--version", action="version", version=f"gamekit {__version__}")
    groups = parser.add_subparsers(dest="game", metavar="GAME", parser_class=_Parser)
    for name, game in gamekit.games().items():
        if importlib.util.find_spec(f"gamekit.{name}.cli") is None:
            continue  # a game without commands of its own
        module = importlib.import_module(f"gamekit.{name}.cli")
        text = str(getattr(game, "summary", name))
        group = groups.add_parser(name, help=text, description=f"{name}: {text}")
        group.set_defaults(_group=group)
        module.register(group)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit status (0 ok, 2 bad input)."""
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        handler = getattr(args, "handler", None)
        if handler is None:
            group = getattr(args, "_group", parser)
            group.print_help()
            return 0
        result = handler(args)
        return int(result or 0)
    except UsageError as exc:
        print(f"{exc}", file=sys.stderr)
        return 2
    except (GamekitError, ValueError, OSError) as exc:
        print(f"gamekit: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("gamekit: interrupted", file=sys.stderr)
        return 130


def run() -> NoReturn:  # pragma: no cover - console entry point
    sys.exit(main())


if __name__ == "__main__":  # pragma: no cover
    run()
