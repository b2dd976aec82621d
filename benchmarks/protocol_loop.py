"""Benchmark: each game's fast loop, the same through ``Game.play_game``, and a step-by-step
loop through the Game protocol.

    .venv/bin/python benchmarks/protocol_loop.py [--games 20] [--repeats 3] [--quick]

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
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

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


def best_rate(play: Callable[[int], object], games: int, repeats: int) -> float:
    """Games per CPU second, the best of ``repeats`` runs of ``games`` games."""
    rates = []
    for _ in range(repeats):
        cpu = time.process_time()
        for g in range(games):
            play(g)
        rates.append(games / max(time.process_time() - cpu, 1e-9))
    return max(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="2 games, one run (CI smoke test)")
    args = parser.parse_args()
    if args.quick:
        args.games, args.repeats = 2, 1
    games = gamekit.games()
    spec = AlfredopolySpec(max_rounds=200)
    spec4 = make_spec(4)

    def alf_fast(g: int) -> object:  # seeded as play_game seeds: the very same games
        game_seq, *bot_seqs = np.random.SeedSequence(g).spawn(len(ALFREDOPOLY_BOTS) + 1)
        rngs = [np.random.default_rng(q) for q in bot_seqs]
        bots = [make_bot(s, r) for s, r in zip(ALFREDOPOLY_BOTS, rngs, strict=True)]
        return alfredopoly_fast(spec, bots, seed=np.random.default_rng(game_seq))

    def alf_play_game(g: int) -> object:
        seed = np.random.SeedSequence(g)
        return games["alfredopoly"].play_game(4, ALFREDOPOLY_BOTS, seed, spec=spec)

    def alf_protocol(g: int) -> object:
        return protocol_game(games["alfredopoly"], g, ALFREDOPOLY_BOTS, max_rounds=200)

    def alma_fast(g: int) -> object:
        return almamater_fast(spec4, [BOTS["random"]] * 4, seed=np.random.SeedSequence(g))

    def alma_play_game(g: int) -> object:
        seed = np.random.SeedSequence(g)
        return games["almamater"].play_game(4, ["random"] * 4, seed, spec=spec4)

    def alma_protocol(g: int) -> object:
        return protocol_game(games["almamater"], g, ["random"] * 4)

    rows = [
        ("Alfredopoly, 4 bots, 200-round limit", alf_fast, alf_play_game, alf_protocol, args.games),
        ("Alma Mater, 4 random bots", alma_fast, alma_play_game, alma_protocol, 3 * args.games),
    ]
    print("games per CPU second (best of", args.repeats, "runs)")
    for title, fast, whole, protocol, n in rows:
        a = best_rate(fast, n, args.repeats)
        w = best_rate(whole, n, args.repeats)
        b = best_rate(protocol, n, args.repeats)
        print(
            f"{title}: fast loop {a:,.1f}, Game.play_game {w:,.1f} ({w / a:.2f}x), "
            f"step by step {b:,.1f} ({b / a:.2f}x), {n} games"
        )


if __name__ == "__main__":
    main()
