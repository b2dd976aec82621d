"""Random play through the checked API, checking the books after every step.

Hypothesis draws the seeds and house rules; each example plays up to 1000 random legal
actions (with random trade offers mixed in). Set GAMEKIT_SOAK=20 (say) for a longer run.
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamekit.alfredopoly import actions as A
from gamekit.alfredopoly.engine import MONEY_KINDS
from gamekit.alfredopoly.rules import (
    AlfredopolySpec,
    GameState,
    chance_outcomes,
    chance_step,
    is_chance,
    legal_actions,
    management_actions,
    new_game,
    step,
)
from gamekit.alfredopoly.state import PlayerState, state_from_struct, state_to_struct
from gamekit.core.actions import Event, sample_outcome
from gamekit.core.errors import IllegalAction

SOAK = int(os.environ.get("GAMEKIT_SOAK", "1"))
ALL_CARDS = 32


def check_money(before: GameState, after: GameState, events: tuple[Event, ...]) -> None:
    """Cash changes are exactly the money events: player to player or trustees."""
    n = len(before.players)
    expected = [p.cash for p in before.players]
    for e in events:
        if e.kind not in MONEY_KINDS:
            continue
        assert e.amount is not None and e.amount > 0, e
        assert e.player is None or 0 <= e.player < n, e
        assert e.target is None or 0 <= e.target < n, e
        assert e.player != e.target, e
        if e.player is not None:
            expected[e.player] -= e.amount
        if e.target is not None:
            expected[e.target] += e.amount
    assert [p.cash for p in after.players] == expected, [str(e) for e in events]


def reference_fee(spec: AlfredopolySpec, s: GameState, i: int, total: int) -> int:
    """The deed's fee, derived here from the rules text (rule 5 and Decisions)."""
    space = spec.board.spaces[i]
    owner = s.owner[i]
    group = [j for j, x in enumerate(spec.board.spaces) if x.group == space.group]
    held = sum(1 for j in group if s.owner[j] == owner)
    if space.kind == "railroad":
        return {1: 25, 2: 50, 3: 100, 4: 200}[held]
    if space.kind == "utility":
        return (4 if held == 1 else 10) * total
    if s.level[i]:
        return space.rents[s.level[i]]
    return space.rents[0] * (2 if held == len(group) else 1)


def check_fees(spec: AlfredopolySpec, before: GameState, after: GameState,
               roll: tuple[int, ...], events: tuple[Event, ...]) -> None:  # fmt: skip
    """After a roll, a fee paid equals the deed's fee for where the payer stands."""
    fees = [e for e in events if e.kind == "fee"]
    cards = [e for e in events if e.kind == "card"]
    if len(fees) != 1 or fees[0].player is None:
        return
    e = fees[0]
    space = after.players[e.player].position
    total = sum(roll)
    if before.phase == "card_dice":
        assert e.amount == 10 * total
        return
    if before.owner[space] != e.target:
        return  # ownership moved within the step (not for a simple roll)
    expected = reference_fee(spec, before, space, total)
    if cards and "nearest railroad" in cards[-1].text.lower():
        expected *= 2
    assert e.amount == expected, (e.text, expected)


def check_books(spec: AlfredopolySpec, s: GameState) -> None:
    board = spec.board
    assert all(p.cash >= 0 for p in s.players)
    assert s.jackpot >= 0 and (spec.free_parking_jackpot or s.jackpot == 0)
    for i, space in enumerate(board.spaces):
        o = s.owner[i]
        if not space.is_property:
            assert o == -1 and s.level[i] == 0 and not s.mortgaged[i]
            continue
        assert o == -1 or not s.players[o].bankrupt, (i, o)
        if o == -1:
            assert s.level[i] == 0 and not s.mortgaged[i]
        if s.level[i]:
            assert space.kind == "street"
            group = board.groups[space.group or ""]
            assert all(s.owner[j] == o and not s.mortgaged[j] for j in group)
            levels = [s.level[j] for j in group]
            assert max(levels) - min(levels) <= 1, levels
    statues = sum(1 for v in s.level if v == 5)
    sculptures = sum(v for v in s.level if v < 5)
    assert s.sculptures_left >= 0 and s.statues_left >= 0
    assert s.sculptures_left + sculptures == spec.sculptures
    assert s.statues_left + statues == spec.statues
    held = [c for p in s.players for c in p.cards]
    places = Counter([*s.decks[0], *s.decks[1], *held])
    assert len(places) == ALL_CARDS and set(places.values()) == {1}
    for p in s.players:
        if p.bankrupt:
            assert p.cash == 0 and not p.cards and p.name
    if s.phase == "debt":
        d = s.debts[0]
        assert d.debtor == s.actor


def random_offer(s: GameState, rng: np.random.Generator) -> A.ProposeTrade | None:
    me = s.current
    others = [i for i in s.active if i != me]
    if not others:
        return None
    them = int(rng.choice(others))
    mine = [i for i, o in enumerate(s.owner) if o == me]
    theirs = [i for i, o in enumerate(s.owner) if o == them]
    give = tuple(int(x) for x in mine if rng.random() < 0.3)
    take = tuple(int(x) for x in theirs if rng.random() < 0.3)
    return A.ProposeTrade(
        them, give=give, take=take,
        give_cash=int(rng.integers(0, 200)), take_cash=int(rng.integers(0, 50)),
        give_cards=tuple(s.players[me].cards[:1]),
    )  # fmt: skip


def play_random(spec: AlfredopolySpec, players: int, seed: int, steps: int) -> int:
    rng = np.random.default_rng(seed)
    s = new_game(spec, players, seed=seed)
    check_books(spec, s)
    done = 0
    while s.phase != "over" and done < steps:
        if is_chance(s):
            roll = sample_outcome(chance_outcomes(spec, s), rng)
            result = chance_step(spec, s, roll)
            check_fees(spec, s, result.state, roll.values, result.events)
        else:
            moves = legal_actions(spec, s)
            assert moves or s.phase == "turn", s.phase
            action = moves[int(rng.integers(len(moves)))]
            if s.phase == "turn" and rng.random() < 0.05:
                offer = random_offer(s, rng)
                if offer is not None:
                    action = offer
            elif rng.random() < 0.1:  # management at any time, by another seat
                seat = int(rng.choice(s.active))
                others = management_actions(spec, s, seat)
                if others:
                    action = others[int(rng.integers(len(others)))]
            try:
                result = step(spec, s, action)
            except IllegalAction:
                assert isinstance(action, A.ProposeTrade)  # listed actions are always legal
                continue
        if done % 10 == 0 and not is_chance(s):
            # a wrong action is refused and changes nothing
            snapshot = state_to_struct(s)
            bad = A.BuySpace(39) if s.phase != "buy" else A.EndTurn()
            try:
                step(spec, s, bad)
                raise AssertionError(f"{bad} was accepted in the {s.phase} phase")
            except IllegalAction as exc:
                assert exc.reason
            assert state_to_struct(s) == snapshot
        check_money(s, result.state, result.events)
        s = result.state
        check_books(spec, s)
        if done % 97 == 0:
            assert state_from_struct(state_to_struct(s), spec) == s
        done += 1
    return done


@settings(
    max_examples=3 * SOAK,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 6),
    auction=st.booleans(),
    jackpot=st.booleans(),
    board=st.sampled_from(["alfred", "classic"]),
)
def test_random_play_keeps_the_books(
    seed: int, players: int, auction: bool, jackpot: bool, board: str
) -> None:
    spec = AlfredopolySpec(board, auction=auction, free_parking_jackpot=jackpot, max_rounds=60)
    play_random(spec, players, seed, steps=1000)


def test_random_play_reaches_thousands_of_actions() -> None:
    spec = AlfredopolySpec(max_rounds=100)
    total = sum(play_random(spec, 4, seed, steps=1500) for seed in range(2))
    assert total >= 2000


def test_state_struct_round_trip_with_everything_in_it() -> None:
    spec = AlfredopolySpec()
    s = new_game(spec, 3, seed=1)
    s = replace(
        s,
        players=(PlayerState("Ann", 5, 10, True, 2, ("EM09",)), *s.players[1:]),
        decks=(tuple(c for c in s.decks[0] if c != "EM09"), s.decks[1]),  # a card is in one place
        offer=A.ProposeTrade(1, give=(1,), take_cash=5, give_cards=("EM09",)),
        phase="trade",
        actor=1,
    )
    back = state_from_struct(state_to_struct(s), spec)
    assert back == s and back.spec is spec
    with pytest.raises(ValueError, match="the board has 40 spaces, the state 3"):
        state_from_struct({**state_to_struct(s), "owner": [-1, -1, -1]}, spec)
