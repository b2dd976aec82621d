"""The ``gamekit almamater``  subcommands."""

from __future__ import annotations

import argparse


def register(parser: argparse.ArgumentParser) -> None:
    """Add this game's subcommands to its ``gamekit almamater`` group."""
    parser.add_subparsers(dest="command", metavar="COMMAND")
