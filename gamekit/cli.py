"""The ``gamekit`` command: one entry point, a subcommand group per game.

Each game module ``gamekit/<game>/cli.py`` has ``register(parser)``, which adds that
game's subcommands to its group. Bad input exits with status 2 and one line on stderr.

    gamekit --version
    gamekit alfredopoly --help
    gamekit almamater --help
"""

from __future__ import annotations

import argparse
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
    from gamekit.alfredopoly import cli as alfredopoly_cli
    from gamekit.almamater import cli as almamater_cli

    parser = _Parser(
        prog="gamekit",
        description="Campus Gamekit: rules engines and probability tools for "
        "Alfredopoly and Alma Mater.",
        epilog="Run 'gamekit GAME --help' for a game's commands.",
    )
    parser.add_argument("--version", action="version", version=f"gamekit {__version__}")
    games = parser.add_subparsers(dest="game", metavar="GAME", parser_class=_Parser)
    for name, module, text in (
        ("alfredopoly", alfredopoly_cli, "the Monopoly-style property game at Alfred University"),
        ("almamater", almamater_cli, "the worker-placement game about running a university"),
    ):
        group = games.add_parser(name, help=text, description=f"{name}: {text}")
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
