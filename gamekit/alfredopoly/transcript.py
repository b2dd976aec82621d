"""A game as readable text, through the Game protocol (for lessons and golden tests).

The kit's one transcript function (:func:`gamekit.core.transcript.transcript`) plays the
game; this module chooses the seeds (one for the deck shuffle, one for the dice, one per
seat) and the wording of the lines.

>>> text = transcript(AlfredopolySpec(max_rounds=1), ["buy_all", "builder"], seed=2)
>>> print(text.splitlines()[0])
Alfredopoly (Alfred University): 2 players, seed 2, round limit 1
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from gamekit.alfredopoly.game import AlfredopolyGame
from gamekit.alfredopoly.spec import AlfredopolySpec
from gamekit.alfredopoly.state import GameState
from gamekit.core.actions import Action, Outcome
from gamekit.core.transcript import transcript as play_transcript


def transcript(spec: AlfredopolySpec, strategies: Sequence[str], seed: int) -> str:
    """Play a seeded bot game and write every decision, roll and event as text."""
    game = AlfredopolyGame()
    factories = game.bots()
    seq = np.random.SeedSequence(seed)
    game_seq, dice_seq, *bot_seqs = seq.spawn(len(strategies) + 2)
    state = game.new_game(len(strategies), seed=np.random.default_rng(game_seq), spec=spec)
    limit = spec.max_rounds or "none"
    header = [
        f"{spec.board.title}: {len(strategies)} players, seed {seed}, round limit {limit}",
        "Players: "
        + ", ".join(f"{p.name} ({n})" for p, n in zip(state.players, strategies, strict=True)),
        f"E-Mail deck: {' '.join(state.decks[0])}",
        f"PCC Mail deck: {' '.join(state.decks[1])}",
    ]

    def turn_lines(previous: GameState | None, state: GameState) -> list[str]:
        if previous is not None and previous.turn == state.turn:
            return []
        money = ", ".join(f"{p.name} ${p.cash}" for p in state.players if not p.bankrupt)
        return ["", f"Turn {state.turn} (round {state.round}), "
                    f"{state.players[state.current].name} to play. Cash: {money}"]  # fmt: skip

    def action_line(state: GameState, action: Action, number: int) -> str:
        words = str(action)
        space = getattr(action, "space", None)
        if isinstance(space, int):
            words += f" ({spec.board.spaces[space].name})"
        who = getattr(action, "player", None)  # management may name another seat
        who = state.actor if who is None else who
        return f"  > {state.players[who].name}: {words}"

    def footer(state: GameState, result: Outcome) -> list[str]:
        lines = ["", f"Game over ({result.termination}) after {state.turn} turns."]
        for rank, seat in enumerate(result.ranking, start=1):
            p = state.players[seat]
            status = "bankrupt" if p.bankrupt else f"net worth ${result.scores[seat]}"
            lines.append(f"  {rank}. {p.name}: {status}")
        return lines

    bots: list[Any] = [factories[name]() for name in strategies]
    return play_transcript(
        game,
        state,
        bots,
        [np.random.default_rng(s) for s in bot_seqs],
        np.random.default_rng(dice_seq),
        header=header,
        turn_lines=turn_lines,
        action_line=action_line,
        footer=footer,
    )
