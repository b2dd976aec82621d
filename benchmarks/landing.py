"""Benchmark: exact landing chain vs Monte Carlo vs a plain-Python one-token loop.

    .venv/bin/python benchmarks/landing.py [--quick]

Prints, in one run:
1. exact solve time per rule variant (building the matrix included: card resolution,
   roll matrix, stationary vector; the per-turn variants also build the turn matrix);
2. Monte Carlo rolls per second with the full rules (long jail, cards, doubles), and the
   same for a plain-Python loop moving one token (written here, same rules), and the
   ratio of the two;
3. the accuracy each method reaches per second of compute, and the largest difference
   between the exact and simulated tables, in standard errors.

BLAS threads: OPENBLAS_NUM_THREADS defaults to 1 here (set it to override). On this
2-core machine, shared with other work, threading a 123x123 solve costs more than it
saves; the kit itself does not change the setting.
"""

from __future__ import annotations

import argparse
import os
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np

from gamekit.alfredopoly.board import Board, load_board
from gamekit.alfredopoly.landing import LandingOptions, build_chain, card_destination
from gamekit.alfredopoly.montecarlo import make_tables, simulate_counts, simulate_landing
from gamekit.core.dice import Dice


def best_time(fn, repeats: int) -> float:
    """Best wall time of ``repeats`` calls (the least disturbed by other work)."""
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def exact_times(board: Board, repeats: int) -> None:
    print("1. Exact chain: build + solve, best of", repeats, "(ms)")
    print(f"   {'variant':<44} {'states':>6} {'ms':>8}")
    for dice in ("2d6", "2d4", "3d6"):
        for jail in ("short", "long"):
            for per in ("roll", "turn"):
                for cards in (True, False):
                    opts = LandingOptions(jail=jail, per=per, dice=Dice.parse(dice), cards=cards)  # type: ignore[arg-type]
                    secs = best_time(lambda o=opts: build_chain(board, o).probabilities(), repeats)
                    n = build_chain(board, opts).P.shape[0]
                    print(f"   {opts.label:<44} {n:>6} {secs * 1e3:>8.2f}")


def python_loop(board: Board, rolls: int, seed: int) -> list[int]:
    """One token, full rules (long jail, doubles, chained card draws), plain Python.

    Random numbers are drawn in blocks with numpy and read as Python ints (included in
    the timing): one number per roll picks the two dice and the card together, as the
    numpy simulator does, so the loop body is lean pure Python.
    """
    rng = np.random.default_rng(seed)
    n = len(board.spaces)
    is_card = [s.kind == "card" for s in board.spaces] + [False]
    to_jail = [s.kind == "go_to_jail" for s in board.spaces] + [True]
    moves = {s.index: [card_destination(board, s.index, c) for c in board.decks[s.deck or ""]]
             for s in board.spaces if s.kind == "card"}  # fmt: skip
    dice = [(a + b, a == b) for a in range(1, 7) for b in range(1, 7)]
    counts = [0] * (n + 1)
    pos, doubles, tries, in_jail = 0, 0, 0, False
    done = 0
    while done < rolls:
        m = min(1 << 16, rolls - done)
        for u in rng.integers(0, 36 * 16, m).tolist():
            total, double = dice[u >> 4]
            if in_jail:
                if not double and tries < 2:
                    tries += 1
                    counts[n] += 1
                    continue
                in_jail, tries, pos, doubles = False, 0, board.jail, 0
                double = False  # leaving gives no extra roll
            elif double and doubles == 2:
                in_jail, doubles = True, 0
                counts[n] += 1
                continue
            pos = (pos + total) % n
            draw = u & 15  # decks of 16
            while is_card[pos]:
                dest = moves[pos][draw]
                if dest is None or dest == pos:
                    break
                pos = dest
                draw = int(rng.integers(16))  # rare: a card moved it onto a card space
            if to_jail[pos]:
                in_jail, doubles = True, 0
                counts[n] += 1
                continue
            doubles = doubles + 1 if double else 0
            counts[pos] += 1
        done += m
    return counts


def monte_carlo(board: Board, quick: bool) -> None:
    opts = LandingOptions(jail="long")
    tables = make_tables(board, opts)
    # the configuration simulate_landing uses: 32 groups of 1024 tokens moved together
    groups, tokens, steps = 32, 1024, (150 if quick else 600)
    secs = best_time(
        lambda: simulate_counts(
            board, opts, tokens=tokens, rolls_per_token=steps, burn_in=0, groups=groups,
            seed=1, tables=tables,
        ),
        3,
    )  # fmt: skip
    mc_rate = groups * tokens * steps / secs
    py_rolls = 300_000 if quick else 1_000_000
    py_secs = best_time(lambda: python_loop(board, py_rolls, 2), 1 if quick else 2)
    py_rate = py_rolls / py_secs
    print("\n2. Monte Carlo, full rules (jail=long, cards on, 2d6)")
    print(
        f"   numpy, {groups * tokens} tokens x {steps} rolls: {mc_rate / 1e6:6.1f} million rolls/s"
    )
    print(f"   plain-Python one-token loop:          {py_rate / 1e6:8.2f} million rolls/s")
    print(f"   ratio numpy / plain Python:           {mc_rate / py_rate:8.1f} x")

    # the plain loop follows the same rules: its table agrees with the chain too
    counts = np.array(python_loop(board, py_rolls, 3), dtype=float)
    exact = build_chain(board, opts).probabilities()
    p = counts / counts.sum()
    rough_se = np.sqrt(np.maximum(exact, 1e-12) / counts.sum()) * 3  # x3: autocorrelation
    print(f"   plain loop vs exact: max |diff| = {np.abs(p - exact).max():.2e} "
          f"(~{(np.abs(p - exact) / rough_se).max():.1f} rough SE)")  # fmt: skip

    print("\n3. Accuracy per second of compute, and exact vs simulated")
    t0 = time.perf_counter()
    chain = build_chain(board, opts)
    pi = chain.stationary()
    exact = chain.probabilities()
    t_exact = time.perf_counter() - t0
    residual = np.abs(pi @ chain.P - pi).max()
    power = chain.after(3000)[-1]  # an independent route to the same vector
    print(f"   exact (one cold run): {t_exact * 1e3:.1f} ms, max|pi P - pi| = {residual:.1e}, "
          f"max diff to 3000 powers of P = {np.abs(power - exact).max():.1e}")  # fmt: skip
    rolls = 20_000_000 if quick else 100_000_000
    worst = 0.0
    for variant in (
        LandingOptions(jail="short", per="roll"),
        LandingOptions(jail="short", per="turn"),
        LandingOptions(jail="long", per="roll"),
        LandingOptions(jail="long", per="turn"),
    ):
        t0 = time.perf_counter()
        sim = simulate_landing(board, variant, rolls=rolls, seed=2026)
        secs = time.perf_counter() - t0
        ex = build_chain(board, variant).probabilities()
        live = ex > 0
        z = np.abs(sim.probability.to_numpy() - ex)[live] / sim.stderr.to_numpy()[live]
        worst = max(worst, float(z.max()))
        se = float(sim.stderr.mean())
        print(f"   MC {variant.label:<42} {rolls / 1e6:.0f}M rolls in {secs:5.2f} s "
              f"({rolls / secs / 1e6:5.1f} M counted rolls/s incl. burn-in): mean SE "
              f"{se:.1e}, = {se * np.sqrt(secs):.1e} at 1 s; max |exact - sim| = "
              f"{z.max():.2f} SE")  # fmt: skip
    print(f"   largest exact-vs-simulated difference over all spaces and variants: {worst:.2f} SE")
    print(f"   exact reaches ~1e-15 in ~{t_exact * 1e3:.0f} ms; Monte Carlo needs 4x the time "
          "per halving of its error (about 1e20 rolls for 1e-15)")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller runs (for CI smoke)")
    args = parser.parse_args()
    board = load_board("alfred")
    print(f"BLAS threads: OPENBLAS_NUM_THREADS={os.environ.get('OPENBLAS_NUM_THREADS')}, "
          f"numpy {np.__version__}, {os.cpu_count()} CPUs\n")  # fmt: skip
    exact_times(board, 5 if args.quick else 20)
    monte_carlo(board, args.quick)


if __name__ == "__main__":
    main()
