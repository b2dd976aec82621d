"""Benchmark: each game's fast loop, the same through ``Game.play_game``, and a step-by-step
loop through the Game protocol.

    .venv/bin/python benchmarks/protocol_loop.py [--games 20] [--repeats 3] [--quick]
                                                 [--against DIR ...]

``simulate`` plays whole games through ``Game.play_game``, which runs each engine's own loop
(Alfredopoly: one working ``Table`` for a whole game; Alma Mater: ``step(check=False,
narrate=False)``), because a step-by-step protocol loop checks every action and freezes a
narrated state after each. This measures, in one process and one run, whole games per CPU
second (best of the repeats) of ``gamekit.alfredopoly.simulate.play_game`` (4 bots,
200-round limit) and ``gamekit.almamater.simulate.play_game`` (4 random bots) called
directly, of the very same games through ``game.play_game`` (what ``simulate`` calls: the
fast loops are seeded here as it seeds them, so the ratio is the protocol's cost), and of a
loop that only uses ``new_game``, ``step``, ``chance_step`` and the game's bots with
``seat_generators``.

``--against DIR`` (another checkout of the kit, e.g. ``git archive <commit> | tar -x -C
DIR``) measures that code too, in child processes that alternate with this tree's (see
``against.py``), and prints each loop's CPU time there over the time here.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from against import ROOT, command_line

import gamekit
from gamekit.alfredopoly.bots import make_bot
from gamekit.alfredopoly.simulate import play_game as alfredopoly_fast
from gamekit.alfredopoly.spec import AlfredopolySpec
from gamekit.almamater.bots import BOTS
from gamekit.almamater.simulate import play_game as almamater_fast
from gamekit.almamater.spec import make_spec
from gamekit.core.actions import sample_outcome
from gamekit.core.game import Game, seat_generators

ALFREDOPOLY_BOTS = ("buy_all", "reserve", "builder", "builder")
ROWS = ("Alfredopoly, 4 bots, 200-round limit", "Alma Mater, 4 random bots")


def protocol_game(game: Game, seed: int, strategies: Sequence[str], **options: Any) -> int:
    """One whole game through the protocol alone; the number of steps."""
    n = len(strategies)
    state = game.new_game(n, seed=seed, **options)
    factories = game.bots()
    bots = [factories[s]() for s in strategies]
    rngs = seat_generators(seed, n)
    dice = np.random.default_rng(seed)
    steps = 0
    while not game.is_over(state):
        if game.is_chance(state):
            outcome = sample_outcome(game.chance_outcomes(state), dice)
            state = game.chance_step(state, outcome).state
        else:
            seat = game.current_player(state)
            assert seat is not None
            state = game.step(state, bots[seat](state, rngs[seat])).state
        steps += 1
    return steps


def best_seconds(play: Callable[[int], object], games: int, repeats: int) -> float:
    """The best CPU seconds of ``repeats`` runs of ``games`` games."""
    best = float("inf")
    for _ in range(repeats):
        cpu = time.process_time()
        for g in range(games):
            play(g)
        best = min(best, time.process_time() - cpu)
    return max(best, 1e-9)


def measure(games: int, repeats: int) -> dict[str, dict[str, float]]:
    """Per row: its games, and the best CPU seconds of each loop."""
    found = gamekit.games()
    spec = AlfredopolySpec(max_rounds=200)
    spec4 = make_spec(4)

    def alf_fast(g: int) -> object:  # seeded as play_game seeds: the very same games
        game_seq, *bot_seqs = np.random.SeedSequence(g).spawn(len(ALFREDOPOLY_BOTS) + 1)
        rngs = [np.random.default_rng(q) for q in bot_seqs]
        bots = [make_bot(s, r) for s, r in zip(ALFREDOPOLY_BOTS, rngs, strict=True)]
        return alfredopoly_fast(spec, bots, seed=np.random.default_rng(game_seq))

    def alf_play_game(g: int) -> object:
        seed = np.random.SeedSequence(g)
        return found["alfredopoly"].play_game(4, ALFREDOPOLY_BOTS, seed, spec=spec)

    def alf_protocol(g: int) -> object:
        return protocol_game(found["alfredopoly"], g, ALFREDOPOLY_BOTS, max_rounds=200)

    def alma_fast(g: int) -> object:
        return almamater_fast(spec4, [BOTS["random"]] * 4, seed=np.random.SeedSequence(g))

    def alma_play_game(g: int) -> object:
        seed = np.random.SeedSequence(g)
        return found["almamater"].play_game(4, ["random"] * 4, seed, spec=spec4)

    def alma_protocol(g: int) -> object:
        return protocol_game(found["almamater"], g, ["random"] * 4)

    rows = {
        ROWS[0]: (alf_fast, alf_play_game, alf_protocol, games),
        ROWS[1]: (alma_fast, alma_play_game, alma_protocol, 3 * games),
    }
    out = {}
    for title, (fast, whole, protocol, n) in rows.items():
        fast(0)  # first calls (caches, lazy imports)
        out[title] = {
            "games": n,
            "fast": best_seconds(fast, n, repeats),
            "whole": best_seconds(whole, n, repeats),
            "protocol": best_seconds(protocol, n, repeats),
        }
    return out


def main() -> None:
    assert __doc__ is not None
    ran = command_line(__file__, measure, games=20, description=__doc__.splitlines()[0])
    if ran is None:  # a --child run: its figures are printed
        return
    args, results = ran
    print("games per CPU second (best of", args.repeats, "runs)")
    for title in ROWS:
        here = results[ROOT][title]
        n = here["games"]
        print(f"{title}, {n:.0f} games:")
        for tree in results:  # this tree first
            f = results[tree][title]
            a, w, b = (n / f[k] for k in ("fast", "whole", "protocol"))
            line = (
                f"  {'this tree' if tree == ROOT else tree}: fast loop {a:,.1f}, "
                f"Game.play_game {w:,.1f} ({w / a:.2f}x), step by step {b:,.1f} ({b / a:.2f}x)"
            )
            if tree != ROOT:
                there = ", ".join(
                    f"{k} {f[k] / here[k]:.2f}" for k in ("fast", "whole", "protocol")
                )
                line += f"; CPU time there / here: {there}"
            print(line)


if __name__ == "__main__":
    main()
