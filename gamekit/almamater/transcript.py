"""A seeded game between bots as readable text: each decision, its options and what happened.

The kit's one transcript function (:func:`gamekit.core.transcript.transcript`) plays the
game through the Game protocol; this module chooses the seed (one generator for the setup
and every bot) and the wording of the lines.

>>> text = transcript(players=2, seed=1, strategies=("scholar", "dean"))
>>> text.splitlines()[0]
'Alma Mater, 2 players, seed 1: Red = scholar, Blue = dean'
"""

from __future__ import annotations

from collections.abc import Sequence

from gamekit.almamater.game import AlmaMaterGame
from gamekit.almamater.rules import player_score
from gamekit.almamater.spec import make_spec
from gamekit.almamater.state import GameState
from gamekit.core.actions import Action, Outcome
from gamekit.core.rng import make_rng
from gamekit.core.transcript import transcript as play_transcript


def transcript(
    players: int = 3, seed: int = 0, strategies: Sequence[str] = ("scholar", "dean", "greedy")
) -> str:
    """Play a seeded game and narrate it: one line per decision, events indented below."""
    game = AlmaMaterGame()
    factories = game.bots()
    spec = make_spec(players)
    names = [strategies[i % len(strategies)] for i in range(players)]
    rng = make_rng(seed)
    state = game.new_game(players, seed=rng, spec=spec)
    who = ", ".join(f"{spec.colours[i].capitalize()} = {names[i]}" for i in range(players))
    header = [f"Alma Mater, {players} players, seed {seed}: {who}"]
    header.append(
        f"research track {' '.join(state.research_track)}; glory tiles {' '.join(state.glory)}"
    )
    header.append(f"academy: {', '.join(state.academy)}")
    for r, row in enumerate(state.campus, start=1):
        header.append(f"campus row {r}: {', '.join(row)}")

    def action_line(state: GameState, action: Action, number: int) -> str:
        seat = game.current_player(state)
        assert seat is not None
        legal = game.legal_actions(state)
        tag = f"R{state.round}" if state.round else "setup"
        actor = spec.colours[seat].capitalize()
        return f"{number:4d} {tag} {state.phase:<10} {actor}: {action}  [{len(legal)} legal]"

    def footer(state: GameState, result: Outcome) -> list[str]:
        lines = ["final scoring"]
        for seat in range(players):
            score = player_score(spec, state, seat)
            parts = ", ".join(f"{line.points}" for line in score.lines)
            name = spec.colours[seat].capitalize()
            lines.append(
                f"  {name}: lines [{parts}] + {score.during_play} during play = {score.total}"
            )
        lines.append(
            "winner(s): " + ", ".join(spec.colours[i].capitalize() for i in result.winners)
        )
        return lines

    bots = [factories[name]() for name in names]
    return play_transcript(
        game,
        state,
        bots,
        [rng] * players,
        header=header,
        action_line=action_line,
        event_prefix="       - ",
        footer=footer,
    )
