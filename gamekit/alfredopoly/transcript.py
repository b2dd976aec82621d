"""A game as readable text, through the checked public API (for lessons and golden tests).

Every decision goes through :func:`~gamekit.alfredopoly.rules.step` and every roll
through :func:`~gamekit.alfredopoly.rules.chance_step`, with the dice drawn from the
exact outcome list by :func:`~gamekit.core.actions.sample_outcome`.

>>> text = transcript(AlfredopolySpec(max_rounds=1), ["buy_all", "builder"], seed=2)
>>> print(text.splitlines()[0])
Alfredopoly (Alfred University): 2 players, seed 2, round limit 1
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from gamekit.alfredopoly.bots import make_bot
from gamekit.alfredopoly.rules import (
    AlfredopolySpec,
    chance_outcomes,
    chance_step,
    is_chance,
    new_game,
    outcome,
    step,
)
from gamekit.core.actions import sample_outcome


def transcript(spec: AlfredopolySpec, strategies: Sequence[str], seed: int) -> str:
    """Play a seeded bot game and write every decision, roll and event as text."""
    seq = np.random.SeedSequence(seed)
    game_seq, dice_seq, *bot_seqs = seq.spawn(len(strategies) + 2)
    bots = [
        make_bot(n, np.random.default_rng(s)) for n, s in zip(strategies, bot_seqs, strict=True)
    ]
    dice = np.random.default_rng(dice_seq)
    state = new_game(spec, len(strategies), seed=np.random.default_rng(game_seq))
    limit = spec.max_rounds or "none"
    lines = [
        f"{spec.board.title}: {len(strategies)} players, seed {seed}, round limit {limit}",
        "Players: "
        + ", ".join(f"{p.name} ({n})" for p, n in zip(state.players, strategies, strict=True)),
        f"E-Mail deck: {' '.join(state.decks[0])}",
        f"PCC Mail deck: {' '.join(state.decks[1])}",
    ]
    turn = 0
    while state.phase != "over":
        if state.turn != turn:
            turn = state.turn
            money = ", ".join(f"{p.name} ${p.cash}" for p in state.players if not p.bankrupt)
            lines.append("")
            lines.append(f"Turn {turn} (round {state.round}), {state.players[state.current].name}"
                         f" to play. Cash: {money}")  # fmt: skip
        if is_chance(state):
            roll = sample_outcome(chance_outcomes(spec, state), dice)
            st = chance_step(spec, state, roll)
        else:
            action = bots[state.actor].choose(spec, state)
            words = str(action)
            space = getattr(action, "space", None)
            if isinstance(space, int):
                words += f" ({spec.board.spaces[space].name})"
            who = getattr(action, "player", None)  # management may name another seat
            who = state.actor if who is None else who
            lines.append(f"  > {state.players[who].name}: {words}")
            st = step(spec, state, action)
        lines.extend(f"    {e.text}" for e in st.events)
        state = st.state
    result = outcome(spec, state)
    assert result is not None
    lines.append("")
    lines.append(f"Game over ({result.termination}) after {state.turn} turns.")
    for rank, seat in enumerate(result.ranking, start=1):
        p = state.players[seat]
        status = "bankrupt" if p.bankrupt else f"net worth ${result.scores[seat]}"
        lines.append(f"  {rank}. {p.name}: {status}")
    return "\n".join(lines) + "\n"
