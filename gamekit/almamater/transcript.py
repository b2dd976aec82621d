"""A seeded game between bots as readable text: each decision, its options and what happened.

>>> text = transcript(players=2, seed=1, strategies=("scholar", "dean"))
>>> text.splitlines()[0]
'Alma Mater, 2 players, seed 1: Red = scholar, Blue = dean'
"""

from __future__ import annotations

from collections.abc import Sequence

from gamekit.almamater.bots import BOTS
from gamekit.almamater.rules import legal_actions, outcome, player_score, step
from gamekit.almamater.setup import new_game
from gamekit.almamater.spec import make_spec
from gamekit.core.rng import make_rng


def transcript(
    players: int = 3, seed: int = 0, strategies: Sequence[str] = ("scholar", "dean", "greedy")
) -> str:
    """Play a seeded game and narrate it: one line per decision, events indented below."""
    spec = make_spec(players)
    names = [strategies[i % len(strategies)] for i in range(players)]
    rng = make_rng(seed)
    state = new_game(spec, seed=rng)
    who = ", ".join(f"{spec.colours[i].capitalize()} = {names[i]}" for i in range(players))
    lines = [f"Alma Mater, {players} players, seed {seed}: {who}"]
    lines.append(
        f"research track {' '.join(state.research_track)}; glory tiles {' '.join(state.glory)}"
    )
    lines.append(f"academy: {', '.join(state.academy)}")
    for r, row in enumerate(state.campus, start=1):
        lines.append(f"campus row {r}: {', '.join(row)}")
    number = 0
    while state.phase != "over":
        seat = state.current
        assert seat is not None
        legal = legal_actions(spec, state)
        action = BOTS[names[seat]](spec, state, legal, rng)
        number += 1
        tag = f"R{state.round}" if state.round else "setup"
        actor = spec.colours[seat].capitalize()
        lines.append(f"{number:4d} {tag} {state.phase:<10} {actor}: {action}  [{len(legal)} legal]")
        result = step(spec, state, action)
        lines.extend(f"       - {event.text}" for event in result.events)
        state = result.state
    final = outcome(spec, state)
    assert final is not None
    lines.append("final scoring")
    for seat in range(players):
        score = player_score(spec, state, seat)
        parts = ", ".join(f"{line.points}" for line in score.lines)
        name = spec.colours[seat].capitalize()
        lines.append(f"  {name}: lines [{parts}] + {score.during_play} during play = {score.total}")
    lines.append("winner(s): " + ", ".join(spec.colours[i].capitalize() for i in final.winners))
    return "\n".join(lines) + "\n"
