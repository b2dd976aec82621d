"""The simulation's fast path agrees with the checked API; games are deterministic."""

from __future__ import annotations

import random

import numpy as np
import pandas as pd
import pytest

from gamekit.alfredopoly import actions as A
from gamekit.alfredopoly.bots import make_bot, strategy_names
from gamekit.alfredopoly.engine import Table
from gamekit.alfredopoly.rules import (
    AlfredopolySpec,
    GameState,
    apply,
    chance_step,
    legal_actions,
    outcome,
    step,
)
from gamekit.alfredopoly.simulate import GameRecord, play_game, simulate
from gamekit.core.dice import DiceRoll

STRATEGY_SETS = [
    ["buy_all", "reserve", "builder", "builder"],
    ["random", "builder", "reserve"],
    ["builder", "builder", "buy_all", "random"],
]


@pytest.mark.parametrize(("strategies", "seed", "board"), [
    (STRATEGY_SETS[0], 1, "alfred"),
    (STRATEGY_SETS[1], 2, "classic"),
    (STRATEGY_SETS[2], 3, "alfred"),
])  # fmt: skip
def test_fast_path_replays_identically_through_the_checked_api(
    strategies: list[str], seed: int, board: str
) -> None:
    spec = AlfredopolySpec(board, max_rounds=80, auction=seed == 3, free_parking_jackpot=seed == 2)
    bots = [make_bot(n, seed=10 + i) for i, n in enumerate(strategies)]
    record = GameRecord(start=None)  # type: ignore[arg-type]
    trail: list[GameState] = []
    table, _ = play_game(
        spec, bots, seed, record=record, on_step=lambda t: trail.append(t.freeze())
    )
    s = record.start
    assert len(trail) == len(record.steps) > 100
    for (kind, what), expected in zip(record.steps, trail, strict=True):
        if kind == "roll":
            s = chance_step(spec, s, DiceRoll(what)).state
        else:
            s = step(spec, s, what).state  # raises if the fast path did anything illegal
        assert s == expected
    assert s == table.freeze() and outcome(spec, s) is not None


def test_fast_path_equals_checked_path_with_transfers_and_auction_management() -> None:
    # seed 3: mortgaged property changes hands (KeepMortgage) and a builder mortgages to
    # raise a bid during an auction (management at any time); both paths agree
    spec = AlfredopolySpec(max_rounds=80, auction=True)
    bots = [make_bot(n, seed=10 + i) for i, n in enumerate(["builder", "builder", "buy_all",
                                                              "reserve"])]  # fmt: skip
    record = GameRecord(start=None)  # type: ignore[arg-type]
    trail: list[GameState] = []
    table, _ = play_game(spec, bots, 3, record=record, on_step=lambda t: trail.append(t.freeze()))
    s = record.start
    seen = {"keep": 0, "auction_mortgage": 0}
    for (kind, what), expected in zip(record.steps, trail, strict=True):
        if kind == "roll":
            s = chance_step(spec, s, DiceRoll(what)).state
        else:
            seen["keep"] += isinstance(what, A.KeepMortgage)
            seen["auction_mortgage"] += s.phase == "auction" and isinstance(what, A.Mortgage)
            s = step(spec, s, what).state
        assert s == expected
    assert s == table.freeze()
    assert seen["keep"] >= 1 and seen["auction_mortgage"] >= 1, seen


def test_bot_choices_are_legal_and_the_same_on_both_paths() -> None:
    spec = AlfredopolySpec(max_rounds=30)
    bots = [make_bot(n, seed=3) for n in ("buy_all", "reserve", "builder")]
    twins = [make_bot(n, seed=3) for n in ("buy_all", "reserve", "builder")]
    record = GameRecord(start=None)  # type: ignore[arg-type]
    play_game(spec, bots, 4, record=record)
    s = record.start
    for kind, what in record.steps:
        if kind == "roll":
            s = chance_step(spec, s, DiceRoll(what)).state
            continue
        choice = twins[s.actor].choose(spec, s)
        assert choice == what
        if not isinstance(choice, A.ProposeTrade):
            assert choice in legal_actions(spec, s)
        s = apply(spec, s, choice)


def test_same_seed_same_game_even_when_global_random_state_is_disturbed() -> None:
    spec = AlfredopolySpec(max_rounds=60)

    def run(disturb: bool) -> GameState:
        bots = [make_bot(n, seed=5) for n in ("random", "builder", "reserve", "buy_all")]

        def poke(t: Table) -> None:
            if disturb:
                random.seed(len(t.players) + t.turn)
                random.random()
                np.random.seed(t.turn)
                np.random.random()

        table, _ = play_game(spec, bots, 21, on_step=poke)
        return table.freeze()

    assert run(False) == run(True)
    a = simulate(games=3, seed=9, max_rounds=40)
    np.random.seed(1)
    random.seed(2)
    b = simulate(games=3, seed=9, max_rounds=40)
    pd.testing.assert_frame_equal(a, b)


def test_different_seeds_differ() -> None:
    a = simulate(games=2, seed=1, max_rounds=30)
    b = simulate(games=2, seed=2, max_rounds=30)
    assert not a.equals(b)


def test_simulate_frame_is_tidy() -> None:
    df = simulate(players=3, games=4, seed=3, max_rounds=50, strategies="buy_all,builder")
    assert len(df) == 12
    assert list(df["strategy"][:3]) == ["buy_all", "builder", "buy_all"]
    for _, g in df.groupby("game"):
        assert sorted(g["rank"]) == [1, 2, 3]
        assert g["won"].sum() >= 1
        assert g["rounds"].nunique() == 1 and g["ended"].nunique() == 1
        assert set(g["ended"]) <= {"round limit", "last player standing"}
        assert (g.loc[g["rank"] == 1, "won"]).all()
    assert (df["final_cash"] >= 0).all() and (df["rounds"] <= 50).all()
    assert df.dtypes["net_worth"].kind == "i"


def test_simulate_rejects_bad_input() -> None:
    with pytest.raises(ValueError, match="unknown strategy"):
        simulate(games=1, strategies="cautious")
    with pytest.raises(ValueError, match="2 to 8 players"):
        simulate(players=9, games=1)
    with pytest.raises(ValueError, match="games"):
        simulate(games=-1)
    # builder against reserve, seed 5: game 5 circles the board for ever without a limit
    for unlimited in ({"max_rounds": None}, {"spec": AlfredopolySpec(max_rounds=None)}):
        with pytest.raises(ValueError, match="round limit"):
            simulate(players=2, games=6, seed=5, strategies="builder,reserve", **unlimited)


def test_simulate_progress_bar_runs() -> None:
    df = simulate(games=1, seed=0, max_rounds=5, progress=True)
    assert len(df) == 4


def test_three_strategies_have_different_styles() -> None:
    assert {"buy_all", "reserve", "builder"} <= set(strategy_names())
    df = simulate(games=30, seed=4, max_rounds=100,
                  strategies="buy_all,reserve,builder,builder")  # fmt: skip
    by = df.groupby("strategy")
    assert by["sculptures"].sum()["buy_all"] == 0  # buy_all never builds
    assert by["statues"].sum()["buy_all"] == 0
    built = by["sculptures"].sum() + 5 * by["statues"].sum()
    assert built["builder"] / 2 > built["reserve"]  # builder builds far more


def test_bots_answer_debt_by_mortgaging_then_selling() -> None:
    from .helpers import SPEC, game, own, player, roll

    s = own(own(game(), 0, 1, 3, level=1), 0, 39)
    s = own(player(s, 0, position=5, cash=0), 1, 6, 8, 9, level=1)
    s = roll(s, 1, 2).state  # $30 fee to Bo
    bot = make_bot("buy_all")
    assert bot.choose(SPEC, s) == A.Mortgage(39)  # before touching the sculptures
    s = apply(SPEC, s, A.Mortgage(39))
    assert bot.choose(SPEC, s) == A.PayDebt()
    s = apply(SPEC, s, A.PayDebt())
    assert s.phase == "turn" and s.players[1].cash == 1530 and s.level[1] == 1


def test_bots_sell_sculptures_when_nothing_is_left_to_mortgage() -> None:
    from .helpers import SPEC, cash, game, own, player, roll

    s = own(game(), 0, 1, 3, level=2)  # sale value 4 x $25 = $100
    s = own(player(s, 0, position=5, cash=0), 1, 6, 8, 9, level=1)
    s = roll(s, 1, 2).state  # $30: one sculpture at a time
    bot = make_bot("builder")
    assert bot.choose(SPEC, s) == A.SellSculpture(1)
    s2 = own(own(player(game(), 0, position=5, cash=0), 0, 1, 3, level=1), 1, 8, level=2)
    s2 = roll(s2, 1, 2).state  # $90 > $50 for the whole brown group
    assert bot.choose(SPEC, s2) == A.SellAllSculptures("brown")
    while s2.phase == "debt":
        s2 = apply(SPEC, s2, bot.choose(SPEC, s2))
    assert s2.phase == "turn" and cash(s2) == [20, 1590] and s2.mortgaged[1] and s2.mortgaged[3]


def test_bots_answer_trade_offers() -> None:
    from .helpers import SPEC, game, own

    s = own(own(game(), 0, 1), 1, 3, 8)
    cheap = apply(SPEC, s, A.ProposeTrade(1, take=(8,), give_cash=50))
    fair = apply(SPEC, s, A.ProposeTrade(1, take=(8,), give_cash=150))
    completes = apply(SPEC, s, A.ProposeTrade(1, take=(3,), give_cash=100))
    rich = apply(SPEC, s, A.ProposeTrade(1, take=(3,), give_cash=200))
    bot = make_bot("buy_all")
    assert bot.choose(SPEC, cheap) == A.RejectTrade()
    assert bot.choose(SPEC, fair) == A.AcceptTrade()
    assert bot.choose(SPEC, completes) == A.RejectTrade()  # would complete Ann's brown group
    assert bot.choose(SPEC, rich) == A.AcceptTrade()
