"""The ``gamekit alfredopoly`` subcommands.

Each family of commands lives beside the code it calls: ``commands_play`` (simulate
whole games) and ``commands_landing`` (landing probabilities and economics).
"""

from __future__ import annotations

import argparse

from gamekit.alfredopoly import commands_landing, commands_play
from gamekit.alfredopoly.constants import MAX_PLAYERS, MIN_PLAYERS
from gamekit.commands.sweep import register_sweep


def register(parser: argparse.ArgumentParser) -> None:
    """Add this game's subcommands to its ``gamekit alfredopoly`` group."""
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands_play.register(sub)
    commands_landing.register(sub)
    register_sweep(sub, "alfredopoly", "builder,buy_all", (MIN_PLAYERS, MAX_PLAYERS))
