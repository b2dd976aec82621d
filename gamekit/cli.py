"""The ``gamekit`` command: one entry point, a subcommand group per game.

Each game of :func:`gamekit.games` gets a group (its help line is the game's ``summary``):
a module ``gamekit/<game>/cli.py`` adds the game's own subcommands with ``register(parser)``;
any other game gets ``simulate`` and ``sweep`` from the protocol (:mod:`gamekit.commands`).
Bad input exits with status 2 and one line on stderr; Ctrl-C exits
with 130 and SIGTERM with 143, after stopping any worker processes and removing a
half-written ``--out`` file.

    gamekit --version
    gamekit alfredopoly --help
    gamekit almamater --help
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import signal
import sys
import threading
from collections.abc import Sequence
from typing import NoReturn

from gamekit import __version__
from gamekit.core.errors import GamekitError
from gamekit.core.parallel import Terminated


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
        text = str(getattr(game, "summary", "") or name)
        group = groups.add_parser(name, help=text, description=f"{name}: {text}")
        group.set_defaults(_group=group)
        if importlib.util.find_spec(f"gamekit.{name}.cli") is not None:
            importlib.import_module(f"gamekit.{name}.cli").register(group)
        else:  # a game without commands of its own: simulate and sweep from the protocol
            from gamekit.commands.simulate import register_generic

            register_generic(group, game)
    return parser


def _terminate(signum: int, frame: object) -> None:
    raise Terminated()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit status (0 ok, 2 bad input, 130 Ctrl-C, 143
    SIGTERM)."""
    main_thread = threading.current_thread() is threading.main_thread()
    old = signal.signal(signal.SIGTERM, _terminate) if main_thread else None
    try:
        return _main(argv)
    finally:
        if main_thread and old is not None:
            signal.signal(signal.SIGTERM, old)


def _main(argv: Sequence[str] | None) -> int:
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
    except KeyboardInterrupt as exc:
        signum = int(getattr(exc, "signum", signal.SIGINT))
        word = "terminated" if signum == signal.SIGTERM else "interrupted"
        print(f"gamekit: {word}", file=sys.stderr)
        return 128 + signum


def run() -> NoReturn:  # pragma: no cover - console entry point
    sys.exit(main())


if __name__ == "__main__":  # pragma: no cover
    run()
