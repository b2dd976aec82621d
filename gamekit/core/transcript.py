"""A game between bots as readable text, through the :class:`~gamekit.core.game.Game`
protocol alone (for lessons and the golden playthrough tests of both games).

Every decision is a bot's ``bot(state, rng)`` checked by ``game.step``, every chance step
draws from ``game.chance_outcomes`` with :func:`~gamekit.core.actions.sample_outcome`.
A game's own ``transcript.py`` only chooses the seeds and the wording of the lines.

>>> import gamekit
>>> from gamekit.core.game import seat_generators
>>> game = gamekit.games()["almamater"]
>>> state = game.new_game(2, seed=3)
>>> bots = [game.bots()["greedy"]() for _ in range(2)]
>>> text = transcript(game, state, bots, seat_generators(3, 2), header=["A test game"])
>>> lines = text.splitlines()
>>> lines[0], lines[1].startswith("  > 0: "), lines[-2].startswith("  1. seat")
('A test game', True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np

from gamekit.core.actions import Action, Outcome, sample_outcome
from gamekit.core.game import Bot, Game


def transcript(
    game: Game,
    state: Any,
    bots: Sequence[Bot],
    rngs: Sequence[np.random.Generator],
    chance_rng: np.random.Generator | None = None,
    *,
    header: Iterable[str] = (),
    turn_lines: Callable[[Any, Any], Iterable[str]] | None = None,
    action_line: Callable[[Any, Action, int], str] | None = None,
    event_prefix: str = "    ",
    footer: Callable[[Any, Outcome], Iterable[str]] | None = None,
) -> str:
    """Play ``state`` to the end and write every decision, chance step and event.

    ``bots[s]`` plays seat ``s`` with ``rngs[s]`` (several seats may share a generator);
    chance steps draw from ``chance_rng``. The wording hooks: ``turn_lines(previous,
    state)`` before each step (``previous`` is ``None`` at the start), ``action_line(state,
    action, number)`` for the ``number``-th decision, ``event_prefix`` before each event's
    text and ``footer(state, outcome)`` at the end. Without them, a decision reads
    ``"  > seat: <describe(action)>"`` and the end lists the ranking with the scores.
    """
    lines = list(header)
    previous: Any = None
    number = 0
    while not game.is_over(state):
        if turn_lines is not None:
            lines.extend(turn_lines(previous, state))
        if game.is_chance(state):
            if chance_rng is None:
                raise ValueError("a chance step is due but no chance_rng was given")
            done = game.chance_step(state, sample_outcome(game.chance_outcomes(state), chance_rng))
        else:
            seat = game.current_player(state)
            if seat is None:
                raise RuntimeError("no player to act, no chance step and the game is not over")
            action = bots[seat](state, rngs[seat])
            number += 1
            if action_line is not None:
                lines.append(action_line(state, action, number))
            else:
                lines.append(f"  > {seat}: {game.describe(state, action)}")
            done = game.step(state, action)
        lines.extend(f"{event_prefix}{event.text}" for event in done.events)
        previous, state = state, done.state
    result = game.outcome(state)
    assert result is not None  # the game is over
    if footer is not None:
        lines.extend(footer(state, result))
    else:
        lines.append(f"Game over ({result.termination}).")
        for rank, seat in enumerate(result.ranking, start=1):
            score = f": {result.scores[seat]}" if result.scores else ""
            lines.append(f"  {rank}. seat {seat}{score}")
    return "\n".join(lines) + "\n"
