"""Benchmark: the checked API (random legal play, as a learner or a play table uses it)
against the very same moves replayed by the unchecked rules, in one run.

    .venv/bin/python benchmarks/checked_api.py [--games 6] [--repeats 3] [--quick]
                                               [--against DIR ...]

For each game, seeded games of random legal play through the Game protocol alone
(``legal_actions``, ``step``, ``chance_step``: every action checked, every event
narrated, a frozen state after each), in decisions per CPU second (best of the repeats).
The reference is the same games' decisions and rolls replayed on the rules without checks
or words (Alfredopoly: one working ``Table`` with the null log; Alma Mater:
``rules.step(check=False, narrate=False)``), which must end in the same final state; the
ratio is what checking, narrating and freezing cost.

``--against DIR`` (another checkout of the kit, e.g. ``git archive <commit> | tar -x -C
DIR``) measures that code too, in child processes that alternate with this tree's, and
prints each tree's CPU time over this tree's for the same games.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np
from against import ROOT, command_line

#: (game, players, options, step cap per game, games per --games)
CASES: tuple[tuple[str, int, dict[str, Any], int, int], ...] = (
    ("alfredopoly", 3, {"max_rounds": 40}, 2000, 1),
    ("almamater", 3, {}, 100_000, 5),
)


def random_game(game: Any, seed: int, players: int, cap: int, options: dict[str, Any]) -> list[Any]:
    """One game of random legal play through the checked protocol; its moves in order."""
    from gamekit.core.actions import sample_outcome

    rng = np.random.default_rng(seed)
    state = game.new_game(players, seed=seed, **options)
    moves: list[tuple[str, Any]] = []
    while not game.is_over(state) and len(moves) < cap:
        if game.is_chance(state):
            outcome = sample_outcome(game.chance_outcomes(state), rng)
            state = game.chance_step(state, outcome).state
            moves.append(("chance", outcome))
        else:
            legal = game.legal_actions(state)
            action = legal[int(rng.integers(len(legal)))]
            state = game.step(state, action).state
            moves.append(("act", action))
    return [state, moves]


def replay(game: Any, seed: int, players: int, options: dict[str, Any], moves: list[Any]) -> Any:
    """The same moves on the rules without checks or words; the final state."""
    state = game.new_game(players, seed=seed, **options)
    if game.name == "alfredopoly":
        from gamekit.alfredopoly.engine import Table

        table = Table(state.spec, state, log=False)
        for kind, move in moves:
            if kind == "act":
                table.do(move)
            else:
                table.roll(tuple(move.values))
        return table.freeze()
    from gamekit.almamater import rules

    for kind, move in moves:
        if kind == "act":
            state = rules.step(state.spec, state, move, check=False, narrate=False).state
        else:
            state = game.chance_step(state, move).state
    return state


def measure(games: int, repeats: int) -> dict[str, dict[str, float]]:
    """Per game: decisions, and the best CPU seconds of checked play and of the replay."""
    import gamekit

    found = gamekit.games()
    out = {}
    for name, players, options, cap, scale in CASES:
        game = found[name]
        seeds = range(100, 100 + games * scale)
        random_game(game, 1, players, cap, options)  # first calls (caches, lazy imports)
        best_checked = best_replay = float("inf")
        for _ in range(repeats):
            cpu = time.process_time()
            played = [random_game(game, s, players, cap, options) for s in seeds]
            best_checked = min(best_checked, time.process_time() - cpu)
            cpu = time.process_time()
            finals = [
                replay(game, s, players, options, moves)
                for s, (_, moves) in zip(seeds, played, strict=True)
            ]
            best_replay = min(best_replay, time.process_time() - cpu)
            if any(a != b for (a, _), b in zip(played, finals, strict=True)):
                raise AssertionError(f"{name}: the unchecked replay ended elsewhere")
        decisions = sum(sum(k == "act" for k, _ in m) for _, m in played)
        out[name] = {"decisions": decisions, "checked": best_checked, "replay": best_replay}
    return out


def main() -> None:
    assert __doc__ is not None
    ran = command_line(__file__, measure, games=6, description=__doc__.splitlines()[0])
    if ran is None:  # a --child run: its figures are printed
        return
    args, results = ran
    print(f"checked API, random legal play: decisions per CPU second (best of {args.repeats})")
    for name, players, options, _cap, scale in CASES:
        here = results[ROOT][name]
        shown = ", ".join(f"{k}={v}" for k, v in options.items())
        print(
            f"{name}, {players} players{', ' + shown if shown else ''}, "
            f"{args.games * scale} games, {here['decisions']:,.0f} decisions:"
        )
        for tree in results:  # this tree first
            f = results[tree][name]
            label = "this tree" if tree == ROOT else str(tree)
            line = (
                f"  {label}: checked {f['decisions'] / f['checked']:,.0f}/s, unchecked replay "
                f"{f['decisions'] / f['replay']:,.0f}/s (checked takes "
                f"{f['checked'] / f['replay']:.1f}x the replay's time)"
            )
            if tree != ROOT:
                line += f"; its checked time / this tree's: {f['checked'] / here['checked']:.2f}"
            print(line)


if __name__ == "__main__":
    main()
