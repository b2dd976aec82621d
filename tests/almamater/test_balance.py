"""The balance report against hand counts from simulate's frame and replayed games; the
search bot; the ``gamekit almamater balance`` command."""

from __future__ import annotations

import io
import json
import math
import re
from collections import Counter
from contextlib import redirect_stdout
from dataclasses import replace

import numpy as np
import pandas as pd
import pytest

from gamekit.almamater.balance import (
    MAX_VS_FAIR,
    STRATEGIC,
    balance,
    lineup_shares,
    report_text,
    targets,
    wilson,
)
from gamekit.almamater.bots import BOTS
from gamekit.almamater.rules import legal_actions, new_game, outcome, step
from gamekit.almamater.scoring import DURING_PLAY, RULES
from gamekit.almamater.search_bot import make_search_bot, playout, search_bot, shortlist
from gamekit.almamater.simulate import simulate
from gamekit.almamater.spec import make_spec, space_title
from gamekit.cli import main
from gamekit.core.rng import make_rng
from tests.almamater.helpers import DUEL_GAMES, DUEL_PAIR, DUEL_SEED, first_until, kinds_and_scores

GAMES, SEED, PAIR = DUEL_GAMES, DUEL_SEED, DUEL_PAIR  # the run of the ``report`` fixture


def test_win_shares_match_a_hand_count_of_simulates_frame(report) -> None:  # type: ignore[no-untyped-def]
    for n in (2, 3):
        frame = simulate(n, GAMES, SEED, PAIR)
        plays: Counter[str] = Counter()
        wins: Counter[str] = Counter()
        for strategy, won in zip(frame["strategy"], frame["won"], strict=True):
            plays[str(strategy)] += 1
            wins[str(strategy)] += bool(won)
        got = report.wins[report.wins["players"] == n].set_index("strategy")
        assert sorted(got.index) == sorted(plays)
        for strategy in plays:
            assert got.loc[strategy, "plays"] == plays[strategy]
            assert got.loc[strategy, "wins"] == wins[strategy]
            assert got.loc[strategy, "win share"] == pytest.approx(wins[strategy] / plays[strategy])
            assert got.loc[strategy, "vs fair share"] == pytest.approx(
                wins[strategy] / plays[strategy] * n
            )
            low, high = got.loc[strategy, ["low", "high"]]
            assert low <= got.loc[strategy, "win share"] <= high
    # 3 players, 2 strategies rotated: seats go scholar, dean, scholar then dean, scholar, dean
    three = report.wins[report.wins["players"] == 3].set_index("strategy")["plays"]
    assert three.to_dict() == {"dean": 9, "scholar": 9}


def test_lineups_match_a_hand_count_of_simulates_frame(report) -> None:  # type: ignore[no-untyped-def]
    for n in (2, 3):
        frame = simulate(n, GAMES, SEED, PAIR)
        tables: dict[int, list[tuple[str, bool]]] = {}
        for game, strategy, won in zip(frame["game"], frame["strategy"], frame["won"], strict=True):
            tables.setdefault(int(game), []).append((str(strategy), bool(won)))
        games: Counter[str] = Counter()
        plays: Counter[tuple[str, str]] = Counter()
        wins: Counter[tuple[str, str]] = Counter()
        for seats in tables.values():
            name = "+".join(sorted(s for s, _ in seats))
            games[name] += 1
            for strategy, won in seats:
                plays[name, strategy] += 1
                wins[name, strategy] += won
        got = report.lineups[report.lineups["players"] == n].set_index(["line-up", "strategy"])
        assert sorted(got.index) == sorted(plays)
        for (name, strategy), k in plays.items():
            row = got.loc[(name, strategy)]
            assert row["games"] == games[name] and row["plays"] == k
            assert row["seats"] == k // games[name] and row["wins"] == wins[name, strategy]
            share = wins[name, strategy] / k
            assert row["win share"] == pytest.approx(share)
            assert row["vs fair share"] == pytest.approx(share * n)
            assert (row["low"], row["high"]) == pytest.approx(wilson(wins[name, strategy], k))
    # 3 players, seats rotated: games 0, 2, 4 seat scholar, dean, scholar; 1, 3, 5 the reverse
    three = report.lineups[report.lineups["players"] == 3]
    assert three[["line-up", "strategy", "seats", "games", "plays"]].values.tolist() == [
        ["dean+dean+scholar", "dean", 2, 3, 6],
        ["dean+dean+scholar", "scholar", 1, 3, 3],
        ["dean+scholar+scholar", "dean", 1, 3, 3],
        ["dean+scholar+scholar", "scholar", 2, 3, 6],
    ]
    # the line-ups add up to the average table
    summed = three.groupby("strategy")[["plays", "wins"]].sum()
    overall = report.wins[report.wins["players"] == 3].set_index("strategy")
    assert summed.to_dict() == overall[["plays", "wins"]].to_dict()


def _replayed_lineup_wins(players: int, games: int, seed: int) -> Counter[tuple[str, str]]:
    """Winning seats per (line-up, strategy), from games replayed with ``step`` and ``outcome``."""
    spec = make_spec(players)
    wins: Counter[tuple[str, str]] = Counter()
    for g, child in enumerate(np.random.SeedSequence(seed).spawn(games)):
        names = [PAIR[(i + g) % len(PAIR)] for i in range(players)]
        rng = make_rng(child)
        state = new_game(spec, seed=rng)
        while state.phase != "over":
            assert state.current is not None
            bot = BOTS[names[state.current]]
            state = step(spec, state, bot(spec, state, legal_actions(spec, state), rng)).state
        result = outcome(spec, state)
        assert result is not None
        for seat in result.winners:
            wins["+".join(sorted(names)), names[seat]] += 1
    return wins


def test_lineup_wins_of_a_small_seeded_case_match_replayed_games() -> None:
    report = balance(players=(3,), games=8, seed=5, strategies=PAIR)
    wins = _replayed_lineup_wins(3, 8, 5)
    got = report.lineups.set_index(["line-up", "strategy"])["wins"].to_dict()
    assert got == {key: wins[key] for key in got} and sum(got.values()) == sum(wins.values())
    # every game has at least one winner, and both line-ups were seated 4 times
    assert sum(got.values()) >= 8 and set(got) == {
        (lineup, strategy)
        for lineup in ("dean+dean+scholar", "dean+scholar+scholar")
        for strategy in ("dean", "scholar")
    }


def test_targets_are_judged_on_the_worst_lineup_not_the_average(report) -> None:  # type: ignore[no-untyped-def]
    # 3 players, 40 games of each line-up: the lone dean wins 30 of 40 (x2.25, its 95%
    # interval [0.598, 0.858] x3 lies above 1.5); two deans win 26 of 80 seats; the
    # average over both line-ups, 56 of 120 = 0.467 (x1.4), would meet the target
    rows = [(g, "d+s+s", ["d", "s", "s"], 0 if g < 30 else 1) for g in range(40)]
    rows += [(40 + g, "d+d+s", ["d", "d", "s"], g % 2 if g < 26 else 2) for g in range(40)]
    frame = pd.DataFrame(
        [
            {"players": 3, "game": g, "strategy": name, "won": seat == winner}
            for g, _, names, winner in rows
            for seat, name in enumerate(names)
        ]
    )
    fake = replace(report, lineups=lineup_shares(frame))
    averaged = fake.lineups.groupby("strategy")[["wins", "plays"]].sum()
    assert averaged.loc["d", "wins"] / averaged.loc["d", "plays"] * 3 == pytest.approx(1.4)
    judged = _lineup_target(fake)
    assert (judged["players"], judged["line-up"], judged["strategy"]) == (3, "d+s+s", "d")
    assert judged["value"] == pytest.approx(30 / 40 * 3)
    assert (judged["low"], judged["high"]) == pytest.approx([3 * x for x in wilson(30, 40)])
    assert judged["value"] > MAX_VS_FAIR and not judged["met"] and judged["sure"]
    # 2 players: 28 of 40 (70%) is outside 35-65%, but its interval reaches back inside
    duel = pd.DataFrame(
        [
            {"players": 2, "game": g, "strategy": name, "won": (seat == 0) == (g < 28)}
            for g in range(40)
            for seat, name in enumerate(("a", "b"))
        ]
    )
    judged = _lineup_target(replace(report, lineups=lineup_shares(duel)))
    assert (judged["strategy"], judged["value"]) == ("a", pytest.approx(0.7))
    assert not judged["met"] and not judged["sure"]
    # the fixture's real games: one line-up row per player count (then the chancellor and
    # turn-order targets, tests/almamater/test_balance_chancellors.py)
    judged = targets(report)
    assert judged.loc[judged["group"] == "all", "players"].tolist() == [2, 3]


def _lineup_target(report):  # type: ignore[no-untyped-def]
    """The one line-up target row of a report whose line-ups are of one player count."""
    judged = targets(report)
    (row,) = [r for _, r in judged.iterrows() if "line-up" in r["target"]]
    return row


def test_scores_and_lines_are_the_frames_min_median_max_and_means(report) -> None:  # type: ignore[no-untyped-def]
    frame = simulate(2, GAMES, SEED, PAIR)
    for strategy in PAIR:
        totals = sorted(frame.loc[frame["strategy"] == strategy, "total"])
        row = report.scores[
            (report.scores["players"] == 2) & (report.scores["strategy"] == strategy)
        ].iloc[0]
        assert row["min"] == totals[0] and row["max"] == totals[-1]
        assert row["median"] == (totals[2] + totals[3]) / 2  # 6 games: mean of the middle two
        lines = report.lines[
            (report.lines["players"] == 2) & (report.lines["strategy"] == strategy)
        ].iloc[0]
        for rule in (*RULES, DURING_PLAY):
            points = frame.loc[frame["strategy"] == strategy, rule].tolist()
            assert lines[rule] == pytest.approx(sum(points) / len(points))


def _replayed_visits(players: int, games: int, seed: int) -> Counter[str]:
    """Placements per space, read from the narrated 'place' events of the same games."""
    spec = make_spec(players)
    titles = {space_title(s): s for s in (*spec.spaces, "starting_student")}
    seen: Counter[str] = Counter()
    for g, child in enumerate(np.random.SeedSequence(seed).spawn(games)):
        bots = [BOTS[PAIR[(i + g) % len(PAIR)]] for i in range(players)]
        rng = make_rng(child)
        state = new_game(spec, seed=rng)
        while state.phase != "over":
            assert state.current is not None
            action = bots[state.current](spec, state, legal_actions(spec, state), rng)
            result = step(spec, state, action)
            for event in result.events:
                if event.kind == "place":
                    title = re.search(r" (?:on|to use) (.+)$", event.text)
                    assert title is not None, event.text
                    seen[titles[title.group(1).removeprefix("Pereira to use ")]] += 1
            state = result.state
    return seen


def test_visits_per_game_match_the_placements_in_replayed_games(report) -> None:  # type: ignore[no-untyped-def]
    seen = _replayed_visits(2, GAMES, SEED)
    visits = report.visits[report.visits["players"] == 2].set_index("space")["visits per game"]
    assert sum(seen.values()) > 0
    for space, per_game in visits.items():
        assert per_game == pytest.approx(seen[space] / GAMES), space
    assert set(seen) <= set(visits.index)
    # each strategy's own visits add up to everyone's
    own = report.strategy_visits[report.strategy_visits["players"] == 2]
    summed = own.groupby("space")["visits per game"].sum()
    for space, per_game in visits.items():
        assert summed[space] == pytest.approx(per_game), space
    assert sorted(own["strategy"].unique()) == sorted(PAIR)


def test_wilson_interval_hand_values() -> None:
    z = 1.959963984540054
    assert wilson(50, 100) == pytest.approx((0.40383, 0.59617), abs=1e-5)
    # no wins in 10: the upper end is z^2 / (n + z^2)
    assert wilson(0, 10) == pytest.approx((0.0, z * z / (10 + z * z)))
    low, high = wilson(7, 10)
    assert low == pytest.approx(1 - wilson(3, 10)[1]) and high == pytest.approx(
        1 - wilson(3, 10)[0]
    )


def test_long_frame_holds_every_section_and_the_text_has_one_block_per_player_count(report) -> None:  # type: ignore[no-untyped-def]
    long = report.long()
    columns = ["players", "section", "line-up", "strategy", "group", "item", "value"]
    assert list(long.columns) == columns
    sections = {"wins", "scores", "visits", "lines", "line-ups", "chancellors", "positions"}
    sections |= {"line shares", "line shares low", "line shares high"}
    assert set(long["section"]) == sections
    lone = long[(long["line-up"] == "dean+scholar+scholar") & (long["strategy"] == "dean")]
    row = report.lineups.set_index(["line-up", "strategy"]).loc[("dean+scholar+scholar", "dean")]
    assert dict(zip(lone["item"], lone["value"], strict=True))["wins"] == row["wins"]
    assert set(long.loc[long["section"] != "line-ups", "line-up"]) == {"all"}
    share = long[
        (long["section"] == "wins") & (long["item"] == "win share") & (long["players"] == 2)
    ]
    assert share["value"].sum() >= 1.0  # every game has a winner; shared wins count twice
    text = report_text(report)
    assert text.count("== 2 players, 6 games ==") == 1 and "== 3 players" in text
    assert "colloquium" in text and "5. milestones x professors" in text
    # line-ups only where seats repeat a strategy (3 players), then the targets
    assert text.count("win share per seat in each line-up") == 1
    two, three = text.split("== 3 players")
    assert "dean+scholar+scholar" in three and "line-up" not in two
    assert "== targets, judged on the worst line-up" in three


def test_bad_arguments_raise_value_errors() -> None:
    with pytest.raises(ValueError, match="2 to 4 players"):
        balance(players=(5,), games=1)
    with pytest.raises(ValueError, match="games must be >= 1"):
        balance(players=(2,), games=0)
    with pytest.raises(ValueError, match="unknown strategy 'nobody'"):
        balance(players=(2,), games=1, strategies=("nobody",))
    assert STRATEGIC == ("scholar", "dean")


def _cli(*args: str) -> tuple[int, str]:
    buffer = io.StringIO()
    with redirect_stdout(buffer):
        code = main(["almamater", "balance", "--games", "2", "--seed", "3", *args])
    return code, buffer.getvalue()


def test_cli_balance_formats() -> None:
    code, text = _cli("--players", "2")
    assert code == 0 and text.startswith("== 2 players, 2 games ==")
    code, csv = _cli("--players", "2,3", "--format", "csv", "--strategy", "dean,random")
    frame = pd.read_csv(io.StringIO(csv))
    assert code == 0 and sorted(frame["players"].unique()) == [2, 3]
    assert set(frame["strategy"]) == {"dean", "random", "all"}
    code, out = _cli("--players", "3", "--format", "json")
    records = json.loads(out)
    sections = {"wins", "scores", "visits", "lines", "line-ups", "chancellors", "positions"}
    sections |= {"line shares", "line shares low", "line shares high"}
    assert code == 0 and {r["section"] for r in records} == sections
    wins = simulate(3, 2, 3, STRATEGIC).groupby("strategy")["won"].sum()
    got = {
        r["strategy"]: r["value"] for r in records if r["item"] == "wins" and r["section"] == "wins"
    }
    assert got == {k: float(v) for k, v in wins.items()}
    # 2 games at 3 players: one of each line-up, the lone strategy's win read from the frame
    frame = simulate(3, 2, 3, STRATEGIC)
    for game in (0, 1):
        seats = frame[frame["game"] == game]
        lone = seats["strategy"].value_counts().idxmin()
        name = "+".join(sorted(seats["strategy"]))
        key = ("line-ups", name, lone, "wins")
        (record,) = [
            r for r in records if (r["section"], r["line-up"], r["strategy"], r["item"]) == key
        ]
        assert record["value"] == float(seats.loc[seats["strategy"] == lone, "won"].sum())


@pytest.mark.parametrize(
    "args",
    [
        ("--players", "5"),
        ("--players", "two"),
        ("--strategy", "nobody"),
        ("--games", "0"),
        ("--format", "xml"),
        ("--lineups", "scholar+nobody"),
        ("--lineups", "scholar"),
        ("--workers", "100000"),
    ],
)
def test_cli_balance_bad_input_exits_2_with_one_line(
    args: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["almamater", "balance", "--games", "1", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.strip()


def test_the_search_bot_plays_from_the_command_line() -> None:
    """``--strategy search`` in simulate, sweep and balance, and ``--lineups`` with it: one
    2-player game each (the search bot's line-up is played apart, seats rotated)."""
    runs = {
        "simulate": ["simulate", "--players", "2", "--games", "1", "--seed", "2",
                     "--strategy", "search,dean", "--format", "csv"],
        "sweep": ["sweep", "--grid", "players=2", "--strategy", "search,dean", "--games", "1",
                  "--seed", "2", "--format", "csv"],
        "balance": ["balance", "--players", "2", "--games", "1", "--seed", "2",
                    "--strategy", "search,dean", "--format", "csv"],
        "lineups": ["balance", "--lineups", "dean+search", "--games", "1", "--seed", "2",
                    "--format", "csv", "--workers", "1"],
    }  # fmt: skip
    for name, argv in runs.items():
        buffer = io.StringIO()
        with redirect_stdout(buffer):
            code = main(["almamater", *argv])
        frame = pd.read_csv(io.StringIO(buffer.getvalue()))
        assert code == 0 and "search" in set(frame["strategy"]), name
    # the line-up run is judged on the targets and shows search's line shares
    shares = frame[frame["section"] == "line shares"]
    assert set(shares["strategy"]) == {"dean", "search"}
    totals = shares.groupby("strategy")["value"].sum()
    assert totals.to_dict() == pytest.approx({"dean": 1.0, "search": 1.0})


# -- the search bot ----------------------------------------------------------------------
def test_search_bot_is_registered_and_repeatable() -> None:
    assert BOTS["search"] is search_bot
    spec = make_spec(2)
    state = new_game(spec, seed=4)
    for _ in range(6):  # through the draft into the action phase
        legal = legal_actions(spec, state)
        state = step(spec, state, legal[0]).state
    legal = legal_actions(spec, state)
    picks = {str(search_bot(spec, state, legal, make_rng(9))) for _ in range(2)}
    assert len(picks) == 1 and BOTS["search"](spec, state, legal, make_rng(9)) in legal


def test_shortlist_keeps_each_spaces_best_and_every_space() -> None:
    spec = make_spec(3)
    state = first_until(spec, new_game(spec, seed=make_rng(2)), "action")
    legal = legal_actions(spec, state)
    kind, score = kinds_and_scores(spec, state, legal)
    kinds = set(kind)
    short = shortlist(spec, state, legal, 1)
    # every space, and on each only its best score (all options tied at it)
    assert {kind[i] for i in short} == kinds and len(short) < len(legal)
    best = {k: max(s for s, k2 in zip(score, kind, strict=True) if k2 == k) for k in kinds}
    assert all(score[i] == best[kind[i]] for i in short)
    assert len(short) == sum(1 for s, k in zip(score, kind, strict=True) if s == best[k])
    # capped at one a space: exactly one option per space
    one = shortlist(spec, state, legal, 1, len(kinds))
    assert len(one) == len(kinds) and {kind[i] for i in one} == kinds
    assert len(shortlist(spec, state, legal, None)) == len(legal)


def test_playout_stops_at_the_end_of_the_round_or_the_game() -> None:
    spec = make_spec(2)
    rng = make_rng(5)
    state = new_game(spec, seed=rng)
    while state.phase != "action":
        state = step(spec, state, legal_actions(spec, state)[0]).state
    after_round = playout(spec, state, rng, rounds=0)
    assert after_round.round == state.round + 1 and after_round.phase != "over"
    assert playout(spec, state, rng).phase == "over"
    with pytest.raises(ValueError, match="playouts"):
        make_search_bot(playouts=0)


def test_search_bot_beats_random_in_a_few_seeded_games() -> None:
    # (against greedy it no longer does: 0.265 [0.21, 0.33] of 200 two-player games with the
    # kit defaults of issue 27's thirteenth round, seed 7; see test_search_bot)
    for opponent, games, least, lead in (("random", 4, 3, 10),):
        frame = simulate(2, games, 1, ("search", opponent))
        wins = frame.groupby("strategy")["won"].sum()
        assert wins["search"] >= least, (opponent, wins.to_dict())
        mean = frame.groupby("strategy")["total"].mean()
        assert mean["search"] > mean[opponent] + lead
    assert not math.isnan(mean["search"])
