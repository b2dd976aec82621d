"""Alfredopoly speed: whole 4-bot games per second (200-round limit), rounds and dice
rolls per CPU-second, actions per second, and the parallel speed-up.

    .venv/bin/python benchmarks/alfredopoly_games.py [--games 400] [--strategy A,B,C,D] [--quick]

The single-core figures run in one process. Games per second depend on how long games
last (builder games end early), so rounds and rolls per CPU-second are the fairer speed
of the game loop: measured on the game loop alone (``play_game``, bots already made; the
rolls are counted in a second, untimed pass of the same games), for the chosen
strategies and for four ``builder`` bots, each beside the same games played by the bots
as they were before their holdings caches (``alfredopoly_reference_bots.py``, same
engine, same run, best of three alternating runs; the games must come out the same).
Then, for scale, the checked public API (``step``/``chance_step`` with a frozen state
after every action), and ``simulate`` with one worker against every core (same games,
same frame).

Last, the kit's first version against today's, in the same run: ``simulate`` with four
``builder`` bots in a fresh process for each (the first version's ``gamekit`` is taken
from the git history, commit ``--against``; the line is skipped, and says so, when the
history is not there). The rules have grown since (issue 14), so the games are not the
same ones: the fair figure is rounds per CPU-second, not games. A third line plays today's
games again with bots that cost nothing (they hand back the decisions recorded in an
untimed first pass): the most that any faster bot could give, as the engine, the loop and
``simulate``'s own work remain.

And the same comparison with start-up counted: the whole ``gamekit alfredopoly simulate``
command for 200 four-builder games, in a fresh process, so Python's start-up and the
imports (pandas alone is about 0.4 CPU-seconds here) are counted with the games. (The
machine's speed changes from day to day by up to 2x, so only the ratios of one run
compare: issue 15's "about 9,000" is the first version's ``simulate`` without start-up
on a day like 2026-12-01, and its whole command on a day twice as fast.) The same
command for one game shows the start-up's share, and the most any faster game loop could
gain by that method.
"""

from __future__ import annotations

import argparse
import importlib.util
import io
import os
import resource
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pandas as pd

from gamekit.alfredopoly import bots as current
from gamekit.alfredopoly.bots import make_bot
from gamekit.alfredopoly.rules import (
    AlfredopolySpec,
    chance_outcomes,
    chance_step,
    is_chance,
    new_game,
    step,
)
from gamekit.alfredopoly.simulate import GameRecord, play_game, simulate
from gamekit.core.actions import sample_outcome
from gamekit.core.parallel import SeedPlan, available_cores

FOUR_BUILDERS = "builder,builder,builder,builder"
FIRST_VERSION = "6df459c"
"""The last commit of the kit's first version (the speed issue 15 measured)."""
ROOT = Path(__file__).resolve().parents[1]

# Run in a fresh process with one version's gamekit first on sys.path: four builder bots
# through ``simulate`` (an API both versions have), one process; prints rounds and CPU s.
_MEASURE = """
import importlib, sys, time
sys.path.insert(0, sys.argv[1])
s = importlib.import_module("gamekit.alfredopoly.simulate")
games, seed = int(sys.argv[2]), int(sys.argv[3])
s.simulate(players=4, games=3, seed=1, strategies="builder")
cpu = time.process_time()
df = s.simulate(players=4, games=games, seed=seed, max_rounds=200, strategies="builder")
cpu = time.process_time() - cpu
assert s.__file__.startswith(sys.argv[1]), s.__file__
print(int(df.drop_duplicates("game")["rounds"].sum()), cpu)
"""

# The same games as _MEASURE's "now", with bots that cost nothing: every game is played
# once untimed with a record of its decisions, then timed again through ``simulate`` with
# bots that hand back the recorded decisions (a list pop), so only the engine, the loop and
# ``simulate``'s own work remain. The most any faster bot could give; same frame asserted.
_MEASURE_FREE = """
import importlib, sys, time
sys.path.insert(0, sys.argv[1])
s = importlib.import_module("gamekit.alfredopoly.simulate")
g = importlib.import_module("gamekit.alfredopoly.game")
games, seed = int(sys.argv[2]), int(sys.argv[3])
real, decisions = g.fast_play, []

def recording(spec, bots, rng):
    record = s.GameRecord(None)
    table = real(spec, bots, rng, record=record)
    decisions.append([a for kind, a in reversed(record.steps) if kind == "act"])
    return table

class Recorded:
    def __init__(self, moves):
        self.decide = lambda table: moves.pop()

replays = iter(decisions)
def replaying(spec, bots, rng):
    return real(spec, [Recorded(next(replays))] * len(bots), rng)

g.fast_play = recording
played = s.simulate(players=4, games=games, seed=seed, max_rounds=200, strategies="builder",
                    workers=1)
g.fast_play = replaying
cpu = time.process_time()
df = s.simulate(players=4, games=games, seed=seed, max_rounds=200, strategies="builder", workers=1)
cpu = time.process_time() - cpu
assert df.equals(played), "the replayed games differ"
print(int(df.drop_duplicates("game")["rounds"].sum()), cpu)
"""


def checked_actions_per_second(seconds: float = 3.0) -> float:
    spec = AlfredopolySpec(max_rounds=200)
    bots = [make_bot(n, seed=i) for i, n in enumerate(("buy_all", "reserve", "builder", "builder"))]
    rng = np.random.default_rng(0)
    s = new_game(spec, 4, seed=0)
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        if s.phase == "over":
            s = new_game(spec, 4, seed=n)
        if is_chance(s):
            s = chance_step(spec, s, sample_outcome(chance_outcomes(spec, s), rng)).state
        else:
            s = step(spec, s, bots[s.actor].choose(spec, s)).state
        n += 1
    return n / (time.perf_counter() - start)


def reference_bots() -> ModuleType:
    """``alfredopoly_reference_bots.py`` (beside this file): the bots before the caches."""
    path = Path(__file__).with_name("alfredopoly_reference_bots.py")
    spec = importlib.util.spec_from_file_location("alfredopoly_reference_bots", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def play_loop(bots_module: Any, strategy: str, games: int, seed: int) -> tuple[float, int, Any]:
    """Play the first ``games`` games of the run with ``bots_module``'s bots; CPU
    seconds of the game loop alone, rounds played, and the final states."""
    spec = AlfredopolySpec(max_rounds=200)
    names = strategy.split(",")
    plan = SeedPlan.from_seed(seed)
    setups = []
    for g in range(games):
        game_seq, *bot_seqs = plan.child(g).spawn(len(names) + 1)
        bots = [bots_module.make_bot(n, np.random.default_rng(s))
                for n, s in zip(names, bot_seqs, strict=True)]  # fmt: skip
        setups.append((bots, np.random.default_rng(game_seq)))
    rounds = 0
    finals = []
    cpu = time.process_time()
    for bots, rng in setups:
        table, _ = play_game(spec, bots, rng)
        rounds += min(table.round, 200)
        finals.append(table.freeze())
    return time.process_time() - cpu, rounds, finals


def count_rolls(strategy: str, games: int, seed: int) -> int:
    """The dice rolls of the same games (an untimed pass with a record of every step)."""
    spec = AlfredopolySpec(max_rounds=200)
    names = strategy.split(",")
    plan = SeedPlan.from_seed(seed)
    rolls = 0
    for g in range(games):
        game_seq, *bot_seqs = plan.child(g).spawn(len(names) + 1)
        bots = [make_bot(n, np.random.default_rng(s)) for n, s in zip(names, bot_seqs, strict=True)]
        record = GameRecord(start=None)  # type: ignore[arg-type]
        play_game(spec, bots, np.random.default_rng(game_seq), record=record)
        rolls += sum(1 for kind, _ in record.steps if kind == "roll")
    return rolls


def loop_speed(strategy: str, games: int, seed: int, repeats: int = 3) -> None:
    """Rounds and dice rolls per CPU-second of the game loop with today's bots, beside
    the same games with the reference bots (alternating runs, the best of each)."""

    reference = reference_bots()
    best = {"current": 0.0, "reference": 0.0}
    rounds = 0
    for _ in range(repeats):
        finals = {}
        for name, module in (("reference", reference), ("current", current)):
            cpu, rounds, finals[name] = play_loop(module, strategy, games, seed)
            best[name] = max(best[name], rounds / cpu)
        if finals["current"] != finals["reference"]:
            raise SystemExit("the reference bots played different games")
    rolls = count_rolls(strategy, games, seed)
    per_round = rolls / rounds
    print(f"{strategy} ({games} games, {rounds / games:.1f} rounds a game, "
          f"{per_round:.1f} rolls a round), game loop alone:")  # fmt: skip
    for name in ("current", "reference"):
        label = "bots now" if name == "current" else "bots before the caches"
        print(f"  {label:24s} rounds per CPU-second: {best[name]:>9,.0f}; "
              f"dice rolls per CPU-second: {best[name] * per_round:>9,.0f}")  # fmt: skip
    print(
        f"  bots now / before: {best['current'] / best['reference']:.2f}x "
        "(same engine, same games, same run)"
    )


def first_version_source(rev: str, into: Path) -> Path | None:
    """``rev``'s ``gamekit`` package unpacked under ``into`` (None without the history)."""
    archive = into / "first.tar"
    with archive.open("wb") as out:
        done = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "gamekit"],
                              stdout=out, stderr=subprocess.DEVNULL, check=False)  # fmt: skip
    if done.returncode != 0:
        return None
    with tarfile.open(archive) as tar:
        tar.extractall(into / "first", filter="data")
    return into / "first"


def against_first_version(rev: str, games: int, seed: int, repeats: int) -> None:
    """Rounds per CPU-second of four builder games: the first version and today's, each
    in its own fresh process, alternating, the best of ``repeats`` runs each."""
    with tempfile.TemporaryDirectory() as tmp:
        first = first_version_source(rev, Path(tmp))
        if first is None:
            print(f"first version ({rev}) vs now: skipped, no git history here")
            return
        runs = (("first", first, _MEASURE), ("now", ROOT, _MEASURE), ("free", ROOT, _MEASURE_FREE))
        best = {name: 0.0 for name, _, _ in runs}
        rounds = {}
        for _ in range(repeats):
            for name, root, script in runs:
                out = subprocess.run(
                    [sys.executable, "-c", script, str(root), str(games), str(seed)],
                    capture_output=True, text=True, check=True,
                ).stdout.split()  # fmt: skip
                rounds[name] = int(out[0])
                best[name] = max(best[name], rounds[name] / float(out[1]))
    print(f"four builders, simulate in one process, {games} games (best of {repeats}):")
    labels = (("first", f"first version ({rev})"), ("now", "now"),
              ("free", "now, bots cost nothing"))  # fmt: skip
    for name, label in labels:
        print(f"  {label:24s} rounds per CPU-second: {best[name]:>9,.0f} "
              f"({rounds[name] / games:.1f} rounds a game)")  # fmt: skip
    note = " (a quick run: too few games for a fair figure)" if games < 100 else ""
    print(f"  now / first version: {best['now'] / best['first']:.2f}x (same run){note}")
    print(f"  the same games with bots that cost nothing / first version: "
          f"{best['free'] / best['first']:.2f}x (the most any faster bot could give; the "
          f"engine, the loop and simulate's own work remain)")  # fmt: skip


def command_cpu(
    root: Path, games: int, seed: int, cwd: str, extra: tuple[str, ...]
) -> tuple[float, int]:
    """CPU seconds (its own and its children's) of one fresh ``gamekit alfredopoly
    simulate`` command with ``root``'s ``gamekit``, start-up and imports included, and
    the rounds its games lasted (from its CSV)."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    where = "import gamekit; print(gamekit.__file__)"
    probe = subprocess.run(
        [sys.executable, "-c", where], cwd=cwd, env=env, capture_output=True, text=True, check=True
    )
    if not probe.stdout.startswith(str(root)):
        raise SystemExit(f"{root}: another gamekit came first ({probe.stdout.strip()})")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(
        [sys.executable, "-m", "gamekit", "alfredopoly", "simulate", "--games", str(games),
         "--seed", str(seed), "--strategy", "builder", "--format", "csv", *extra],
        cwd=cwd, env=env, capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    rows = pd.read_csv(io.StringIO(out))
    return cpu, int(rows.drop_duplicates("game")["rounds"].sum())


def whole_command(rev: str, games: int, seed: int, repeats: int) -> None:
    """Start-up counted: the whole ``gamekit alfredopoly simulate`` command for
    ``games`` four-builder games, in a fresh process, start-up and imports included (the
    first version's command as it was; today's with ``--workers 1``, one process like
    it). The same command for one game shows what start-up alone costs."""
    with tempfile.TemporaryDirectory() as tmp:
        first = first_version_source(rev, Path(tmp))
        if first is None:
            print(f"whole command, first version ({rev}) vs now: skipped, no git history here")
            return
        versions = (("first", first, ()), ("now", ROOT, ("--workers", "1")))
        best: dict[str, dict[int, float]] = {"first": {}, "now": {}}
        rounds = {}
        for _ in range(repeats):
            for name, root, extra in versions:
                for n in (1, games):
                    cpu, rounds[name, n] = command_cpu(root, n, seed, tmp, extra)
                    best[name][n] = min(best[name].get(n, cpu), cpu)
    print(f"whole command, {games} four-builder games, fresh process, start-up included "
          f"(CPU seconds, best of {repeats}):")  # fmt: skip
    for name, label in (("first", f"first version ({rev})"), ("now", "now")):
        total, start = best[name][games], best[name][1]
        speed = rounds[name, games] / total
        print(f"  {label:24s} {total:.2f} s, of which start-up and 1 game {start:.2f} s "
              f"({start / total:.0%}); {speed:,.0f} rounds per CPU-second")  # fmt: skip
    print(f"  now / first version: {best['first'][games] / best['now'][games]:.2f}x; even a "
          f"game loop that cost nothing would make it at most "
          f"{best['first'][games] / best['now'][1]:.2f}x (start-up alone)")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--strategy", default="buy_all,reserve,builder,builder")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--against", default=FIRST_VERSION,
                        help="the commit to compare with (default: the first version)")  # fmt: skip
    parser.add_argument("--quick", action="store_true", help="20 games, short timings (CI smoke)")
    args = parser.parse_args()
    if args.quick:
        args.games = 20
    print(f"cores: {os.cpu_count()} (single-core figures use one)")
    simulate(games=5, seed=1, strategies=args.strategy)  # warm up caches
    start = time.perf_counter()
    cpu = time.process_time()
    df = simulate(players=4, games=args.games, seed=args.seed, max_rounds=200,
                  strategies=args.strategy, workers=1)  # fmt: skip
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    games = df.drop_duplicates("game")
    decisions = int(games["actions"].sum())
    print(f"strategies: {args.strategy}; 200-round limit; {args.games} games")
    print(f"whole games per second: {args.games / elapsed:.1f} (wall clock); "
          f"{args.games / cpu:.1f} per CPU-second (fairer when the machine is busy)")  # fmt: skip
    print(f"mean rounds per game: {games['rounds'].mean():.1f}; "
          f"ended: {games['ended'].value_counts().to_dict()}")  # fmt: skip
    fast = decisions / elapsed
    checked = checked_actions_per_second(0.5 if args.quick else 3.0)
    print(f"decisions per second (fast path, dice not counted): {fast:,.0f}")
    print(f"steps per second (checked API, dice counted): {checked:,.0f}")
    print(f"fast path / checked API: {fast / checked:.1f}x (same run)")
    loop_games = 30 if args.quick else min(args.games, 200)
    loop_speed(args.strategy, loop_games, args.seed, repeats=1 if args.quick else 3)
    if args.strategy != FOUR_BUILDERS:
        loop_speed(FOUR_BUILDERS, loop_games, args.seed, repeats=1 if args.quick else 3)
    parallel_speedup(args)
    # alternating fresh processes, the best of each: one busy moment cannot decide it
    against_first_version(args.against, 40 if args.quick else 400, args.seed, repeats=3)
    whole_command(args.against, 200, args.seed, repeats=1 if args.quick else 3)


def parallel_speedup(args: argparse.Namespace) -> None:
    """The same games on one worker and on every core: wall clock and the ratio."""
    cores = available_cores()
    games = 200 if args.quick else max(args.games, 4000)
    times = {}
    frames = {}
    for workers in (1, cores):
        start = time.perf_counter()
        frames[workers] = simulate(players=4, games=games, seed=args.seed, max_rounds=200,
                                   strategies=args.strategy, workers=workers)  # fmt: skip
        times[workers] = time.perf_counter() - start
    same = frames[1].equals(frames[cores])
    print(f"{games} games: 1 worker {games / times[1]:.1f} games/s, {cores} workers "
          f"{games / times[cores]:.1f} games/s (wall clock): {times[1] / times[cores]:.2f}x; "
          f"same frame: {same}")  # fmt: skip
    if not same:
        raise SystemExit("the parallel frame differs from the one-worker frame")


if __name__ == "__main__":
    main()
