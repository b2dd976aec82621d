"""Small builders for rule tests: set up a position, roll given dice."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from gamekit.alfredopoly.actions import RollDice
from gamekit.alfredopoly.rules import AlfredopolySpec, apply, chance_step, new_game
from gamekit.alfredopoly.state import GameState
from gamekit.core.actions import Step
from gamekit.core.dice import DiceRoll

SPEC = AlfredopolySpec()


def game(players: int = 2, spec: AlfredopolySpec = SPEC, **changes: Any) -> GameState:
    return replace(new_game(spec, players, seed=0), **changes)


def player(s: GameState, seat: int, **changes: Any) -> GameState:
    players = list(s.players)
    players[seat] = replace(players[seat], **changes)
    return replace(s, players=tuple(players))


def own(
    s: GameState, seat: int, *spaces: int, level: int = 0, mortgaged: bool = False
) -> GameState:
    owner, lv, mort = list(s.owner), list(s.level), list(s.mortgaged)
    sculptures, statues = s.sculptures_left, s.statues_left
    for i in spaces:
        owner[i] = seat
        lv[i] = level
        mort[i] = mortgaged
        if level == 5:
            statues -= 1
        else:
            sculptures -= level
    return replace(
        s, owner=tuple(owner), level=tuple(lv), mortgaged=tuple(mort),
        sculptures_left=sculptures, statues_left=statues,
    )  # fmt: skip


def on_top(s: GameState, card: str) -> GameState:
    """Put ``card`` on top of its deck."""
    decks = list(s.decks)
    d = 0 if card.startswith("EM") else 1
    rest = tuple(c for c in decks[d] if c != card)
    decks[d] = (card, *rest)
    return replace(s, decks=(decks[0], decks[1]))


def roll(s: GameState, a: int, b: int, spec: AlfredopolySpec = SPEC) -> Step[GameState]:
    """The current player rolls ``a`` and ``b``."""
    s = apply(spec, s, RollDice())
    return chance_step(spec, s, DiceRoll((a, b)))


def cash(s: GameState) -> list[int]:
    return [p.cash for p in s.players]


def texts(step: Step[GameState]) -> list[str]:
    return [e.text for e in step.events]
