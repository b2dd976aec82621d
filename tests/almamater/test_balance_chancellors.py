"""The balance report's win shares per chancellor held and per turn-order position, against
a hand count of replayed games (chancellors read from the final state, positions from the
turn order of round 1's first action), and the targets judged on them."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import numpy as np
import pandas as pd
import pytest

from gamekit.almamater.balance import (
    MAX_VS_FAIR,
    chancellor_shares,
    position_shares,
    report_text,
    targets,
    wilson,
)
from gamekit.almamater.bots import BOTS
from gamekit.almamater.rules import legal_actions, new_game, outcome, step
from gamekit.almamater.simulate import simulate
from gamekit.almamater.spec import make_spec
from gamekit.core.rng import make_rng
from tests.almamater.helpers import DUEL_GAMES, DUEL_PAIR, DUEL_SEED

GAMES, SEED, PAIR = DUEL_GAMES, DUEL_SEED, DUEL_PAIR  # the run of the ``report`` fixture


def _replayed(players: int) -> list[tuple[str, int, bool]]:
    """(chancellor held, place in round 1's turn order, won) per seat of the same games,
    replayed with ``step``; the place is read from ``state.order`` at the first action."""
    spec = make_spec(players)
    seats: list[tuple[str, int, bool]] = []
    for g, child in enumerate(np.random.SeedSequence(SEED).spawn(GAMES)):
        bots = [BOTS[PAIR[(i + g) % len(PAIR)]] for i in range(players)]
        rng = make_rng(child)
        state = new_game(spec, seed=rng)
        order: tuple[int, ...] = ()
        while state.phase != "over":
            if state.phase == "action" and not order:
                order = tuple(state.order)
            assert state.current is not None
            action = bots[state.current](spec, state, legal_actions(spec, state), rng)
            state = step(spec, state, action).state
        result = outcome(spec, state)
        assert result is not None and sorted(order) == list(range(players))
        for seat, p in enumerate(state.players):
            assert p.chancellor is not None
            seats.append((p.chancellor, order.index(seat) + 1, seat in result.winners))
    return seats


def _check(table: pd.DataFrame, column: str, seats: list[tuple[str | int, bool]], n: int) -> None:
    plays: Counter[str | int] = Counter(key for key, _ in seats)
    wins: Counter[str | int] = Counter(key for key, won in seats if won)
    assert table[column].tolist() == sorted(plays, key=lambda k: (str(type(k)), k))
    for _, row in table.iterrows():
        k, w = plays[row[column]], wins[row[column]]
        assert (row["plays"], row["wins"]) == (k, w), row[column]
        assert row["win share"] == pytest.approx(w / k)
        assert row["vs fair share"] == pytest.approx(w / k * n)
        assert (row["low"], row["high"]) == pytest.approx(wilson(w, k))


@pytest.mark.parametrize("players", [2, 3])
def test_chancellor_and_position_shares_match_a_hand_count_of_replayed_games(
    report,  # type: ignore[no-untyped-def]
    players: int,
) -> None:
    seats = _replayed(players)
    chancellors = report.chancellors[report.chancellors["players"] == players]
    positions = report.positions[report.positions["players"] == players]
    _check(chancellors, "chancellor", [(c, won) for c, _, won in seats], players)
    _check(positions, "position", [(p, won) for _, p, won in seats], players)
    # every seat held a chancellor and had a place: plays add up to seats x games
    assert chancellors["plays"].sum() == positions["plays"].sum() == players * GAMES
    # each place in the turn order is taken once a game
    assert positions["plays"].tolist() == [GAMES] * players
    # players + 1 chancellors are drawn, so at most 6 x players different ones held
    assert len(chancellors) <= min(10, GAMES * players)


def test_the_games_frame_is_simulates_frame_with_the_chancellor_held(report) -> None:  # type: ignore[no-untyped-def]
    for n in (2, 3):
        mine = report.games[report.games["players"] == n].drop(columns="players")
        plain = simulate(n, GAMES, SEED, PAIR)
        pd.testing.assert_frame_equal(mine.drop(columns="chancellor").reset_index(drop=True), plain)
        assert mine["chancellor"].notna().all()
        assert list(report.games.columns)[-1] == "chancellor"


def test_shares_by_chancellor_and_position_of_a_hand_made_frame() -> None:
    # 3 players, 4 games: Alberti held 4 times and won 3 (x2.25); the winners' places
    # (seat 0 at 1, seat 0 at 1, seat 1 at 1, seat 0 at 1): position 1 won all 4
    frame = pd.DataFrame(
        {
            "players": 3,
            "game": [g for g in range(4) for _ in range(3)],
            "chancellor": ["Alberti", "Erasmus", "Pereira"] * 3
            + ["Alberti", "Agricola", "Pereira"],
            "position": [1, 2, 3, 1, 3, 2, 2, 1, 3, 1, 2, 3],
            "won": [True, False, False, True, False, False, False, True, False, True, False, False],
        }
    )
    got = chancellor_shares(frame).set_index("chancellor")
    assert got["plays"].to_dict() == {"Agricola": 1, "Alberti": 4, "Erasmus": 3, "Pereira": 4}
    assert got["wins"].to_dict() == {"Agricola": 0, "Alberti": 3, "Erasmus": 1, "Pereira": 0}
    assert got.loc["Alberti", "vs fair share"] == pytest.approx(3 / 4 * 3)
    assert got.loc["Erasmus", "win share"] == pytest.approx(1 / 3)
    by_place = position_shares(frame).set_index("position")
    assert by_place["wins"].to_dict() == {1: 4, 2: 0, 3: 0}
    assert by_place["plays"].to_dict() == {1: 4, 2: 4, 3: 4}
    assert (by_place.loc[1, "low"], by_place.loc[1, "high"]) == pytest.approx(wilson(4, 4))


def test_targets_name_the_worst_chancellor_and_position(report) -> None:  # type: ignore[no-untyped-def]
    # 3 players, 60 games: Alberti's holder wins 40 of 60 (x2.0, interval above 1.5 x fair);
    # position 1 wins 30 of 60 (x1.5: met, but the interval crosses the limit)
    rows = []
    for g in range(60):
        winner = 0 if g < 40 else 1
        first = 0 if g < 30 else (1 if g < 45 else 2)
        for seat in range(3):
            rows.append(
                {
                    "players": 3,
                    "game": g,
                    "chancellor": ["Alberti", "Da Vinci", "Erasmus"][seat],
                    "position": (seat - first) % 3 + 1,
                    "won": seat == winner,
                }
            )
    frame = pd.DataFrame(rows)
    fake = replace(report, chancellors=chancellor_shares(frame), positions=position_shares(frame))
    judged = targets(fake).set_index(["players", "target"])
    chancellor = judged.loc[(3, "at most 1.5 x fair share per chancellor held")]
    assert chancellor["group"] == "Alberti" and chancellor["value"] == pytest.approx(2.0)
    assert (chancellor["low"], chancellor["high"]) == pytest.approx([3 * x for x in wilson(40, 60)])
    assert not chancellor["met"] and chancellor["sure"] and chancellor["low"] > MAX_VS_FAIR
    place = judged.loc[(3, "at most 1.5 x fair share per turn-order position")]
    # position 1 is seat 0 in games 0-29 (seat 0 wins games 0-39: 30 wins), seat 1 in
    # games 30-44 (seat 1 wins games 40-59: 5 wins), seat 2 in 45-59 (never wins)
    assert place["group"] == "1" and place["value"] == pytest.approx(35 / 60 * 3)
    assert not place["met"] and not place["sure"]
    # the line-up targets of the real report are still there, group "all"
    assert targets(report)["group"].tolist()[:1] == ["all"]
    assert targets(report)["players"].tolist() == [2, 2, 2, 3, 3, 3]


def test_text_and_long_frame_show_the_new_tables(report) -> None:  # type: ignore[no-untyped-def]
    text = report_text(report)
    assert text.count("win share per chancellor held") == 2
    assert text.count("win share per place in round 1's turn order") == 2
    long = report.long()
    alberti = long[(long["section"] == "chancellors") & (long["group"] == "Alberti")]
    for n, part in alberti.groupby("players"):
        row = report.chancellors.set_index(["players", "chancellor"]).loc[(n, "Alberti")]
        assert dict(zip(part["item"], part["value"], strict=True))["wins"] == row["wins"]
    first = long[(long["section"] == "positions") & (long["group"] == "1")]
    assert sorted(first.loc[first["item"] == "plays", "value"]) == [GAMES, GAMES]
    assert set(long.loc[~long["section"].isin(["chancellors", "positions"]), "group"]) == {"all"}
