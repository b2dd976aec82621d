"""Alfredopoly's phase table is the turn structure the engine really follows.

The table is walked (every phase reachable from the start, every phase described), and
seeded games of every strategy, with the house rules on and off, record every change of
phase: each one the engine makes (through ``PHASES.move``) and each one a step shows
from outside must be a transition the table allows, and together they visit every
phase and every transition of the table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace

import pytest

from gamekit.alfredopoly import actions as A
from gamekit.alfredopoly import checks
from gamekit.alfredopoly.bots import make_bot, strategy_names
from gamekit.alfredopoly.engine import Table
from gamekit.alfredopoly.phases import CHANCE, OVER, PHASES, WAITING
from gamekit.alfredopoly.rules import apply, chance_step, current_player, legal_actions, new_game
from gamekit.alfredopoly.simulate import play_game
from gamekit.alfredopoly.spec import AlfredopolySpec
from gamekit.alfredopoly.state import GameState
from gamekit.core.actions import Phase, PhaseTable
from gamekit.core.dice import Dice, DiceRoll
from gamekit.core.errors import IllegalTransition

from .helpers import SPEC, game, on_top, own, player, roll

# the phases the state's docstring lists, independently of the table
STATE_PHASES = {"turn", "dice", "card_dice", "buy", "auction", "tax", "debt", "trade",
                "transfer", "over", "building_auction", "placing"}  # fmt: skip


def test_the_table_walks_from_turn_to_over() -> None:
    assert set(PHASES.names) == STATE_PHASES
    assert PHASES.start == "turn"
    assert PHASES.reachable() == STATE_PHASES
    assert all(PHASES[name].description.strip() for name in PHASES.names)
    assert PHASES.successors(OVER) == ()  # the last phase
    # every phase but the last can reach "over"
    for name in PHASES.names:
        seen, todo = {name}, [name]
        while todo:
            for nxt in PHASES.successors(todo.pop()):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        assert OVER in seen, name


def test_chance_and_waiting_phases() -> None:
    # chance phases and the end allow no action; every other phase waits for a decision
    # and allows management to any solvent player (Decision "at any time"), but placing
    # a building won at auction, one decision no management can take away (rule 10)
    for name in PHASES.names:
        if name in CHANCE or name == OVER:
            assert PHASES[name].actions == ()
            assert name not in WAITING
        elif name == "placing":
            assert PHASES[name].actions == (A.PlaceBuilding,)
            assert name not in WAITING
        else:
            assert name in WAITING
            assert set(A.MANAGEMENT) <= set(PHASES[name].actions)
    assert {"dice", "card_dice"} == CHANCE


def record_moves(monkeypatch: pytest.MonkeyPatch, record: Callable[[str, str], object]) -> None:
    """Let ``record`` see every change of phase the engine asks Alfredopoly's table for."""
    move = PhaseTable.move

    def recording_move(table: PhaseTable, old: str, new: str) -> str:
        if table is PHASES and old != new:
            record(old, new)
        return move(table, old, new)

    monkeypatch.setattr(PhaseTable, "move", recording_move)


def play_recording(
    spec: AlfredopolySpec, strategies: list[str], seed: int, monkeypatch: pytest.MonkeyPatch
) -> tuple[Counter[tuple[str, str]], Counter[tuple[str, str]]]:
    """Play a seeded game; the phase changes the engine made and those steps showed."""
    moves: Counter[tuple[str, str]] = Counter()
    record_moves(monkeypatch, lambda old, new: moves.update([(old, new)]))
    steps: Counter[tuple[str, str]] = Counter()
    last = ["turn"]

    def on_step(t: Table) -> None:
        if t.phase != last[0]:
            steps[last[0], t.phase] += 1
        last[0] = t.phase

    bots = [make_bot(name, seed * 10 + k) for k, name in enumerate(strategies)]
    table, _ = play_game(spec, bots, seed=seed, on_step=on_step)
    assert table.phase == OVER
    return moves, steps


def test_seeded_games_follow_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    names = strategy_names()
    assert set(names) == {"buy_all", "reserve", "builder", "random"}
    engine_moves: Counter[tuple[str, str]] = Counter()
    step_moves: Counter[tuple[str, str]] = Counter()
    specs = [
        AlfredopolySpec(auction=auction, free_parking_jackpot=jackpot, max_rounds=150)
        for auction in (False, True)
        for jackpot in (False, True)
    ]
    # a short supply: building-shortage auctions (rule 10)
    specs.append(AlfredopolySpec(sculptures=5, statues=1, max_rounds=150))
    for spec in specs:
        for seed in range(12):
            players = 2 + seed % 3
            strategies = [names[(seed + k) % len(names)] for k in range(players)]
            moves, steps = play_recording(spec, strategies, seed, monkeypatch)
            engine_moves += moves
            step_moves += steps
    for old, new in engine_moves | step_moves:
        assert new in PHASES.successors(old), f"{old} -> {new}"
    # the games visit every phase and every transition the table allows
    seen = {p for pair in engine_moves for p in pair}
    assert seen == STATE_PHASES - {"placing"}  # see test_shortage_auction.py
    table_moves = {(p.name, n) for p in PHASES.phases for n in p.successors}
    # every transition but the rare ones set up by hand below; a step shows
    # "turn -> transfer" only inside "debt -> transfer" (a bankrupt player's turn ends,
    # the next begins with the mortgaged property they left)
    assert set(engine_moves) == table_moves - RARE, (table_moves - RARE) - set(engine_moves)
    assert set(step_moves) >= table_moves - RARE - {("turn", "transfer")}


RARE = {("debt", "buy"), ("debt", "tax"), ("debt", "card_dice"), ("debt", "transfer"),
        ("transfer", "debt"), ("card_dice", "debt")} | {
    # a building-shortage auction asked for in a phase where bots never build (a person's
    # management at any time), and one won by a player other than the one who asked:
    # test_shortage_auction.py walks each by hand
    (old, new)
    for phase in ("buy", "tax", "debt", "trade", "transfer")
    for old, new in ((phase, "building_auction"), ("building_auction", phase),
                     ("placing", phase))
} | {("building_auction", "placing"), ("placing", "turn")}  # fmt: skip
"""Transitions too rare for a few seeded games (or impossible with two six-sided dice on
the kit's boards, but possible with other dice or a teacher's board): positions below."""


@pytest.fixture
def moves(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """The phase changes the engine makes (through the table) while a test runs."""
    made: list[tuple[str, str]] = []
    record_moves(monkeypatch, lambda old, new: made.append((old, new)))
    return made


def last_failed_try(spec: AlfredopolySpec, a: int, b: int) -> GameState:
    """Ann, with $10 and the brown group, fails her third try in Academic Probation:
    she owes the $50 fine (a debt), then moves by the roll (Decision)."""
    s = own(player(game(spec=spec), 0, position=10, in_jail=True, jail_tries=2, cash=10), 0, 1, 3)
    s = roll(s, a, b, spec).state
    assert s.phase == "debt" and s.then_move == a + b
    for i in (1, 3):
        s = apply(spec, s, A.Mortgage(i))  # $30 each
    return s


def test_after_the_fine_the_move_lands_on_a_space_for_sale(moves: list) -> None:
    s = apply(SPEC, last_failed_try(SPEC, 1, 2), A.PayDebt())
    assert (s.phase, s.pending, s.players[0].cash) == ("buy", 13, 20)
    assert ("debt", "buy") in moves


TWENTY = AlfredopolySpec(dice=Dice(2, 20))


def test_after_the_fine_the_move_lands_on_alumni_hall(moves: list) -> None:
    s = apply(TWENTY, last_failed_try(TWENTY, 15, 19), A.PayDebt())  # 10 + 34: space 4
    assert (s.phase, s.pending, s.players[0].cash) == ("tax", 4, 220)
    assert ("debt", "tax") in moves


def test_after_the_fine_the_move_draws_the_nearest_utility_card(moves: list) -> None:
    s = own(on_top(last_failed_try(TWENTY, 1, 11), "EM07"), 1, 28)  # 10 + 12: E-Mail
    s = apply(TWENTY, s, A.PayDebt())
    assert (s.phase, s.pending, s.players[0].position) == ("card_dice", 28, 28)
    assert ("debt", "card_dice") in moves


def test_the_utility_card_fee_becomes_a_debt(moves: list) -> None:
    s = own(on_top(player(game(), 0, position=20, cash=30), "EM07"), 1, 28)
    s = roll(s, 1, 1).state
    assert (s.phase, s.pending) == ("card_dice", 28)
    s = chance_step(SPEC, s, DiceRoll((6, 5))).state  # 10 x 11 = $110; Ann has $30
    assert (s.phase, s.actor, s.debts[0].amount) == ("debt", 0, 110)
    assert ("card_dice", "debt") in moves


def test_a_bankrupt_debtor_hands_over_a_mortgaged_property(moves: list) -> None:
    # Ann draws "collect $50 from each player"; Bo has nothing but a mortgaged property
    s = on_top(game(3), "PM07")
    s = own(player(player(s, 0, position=15), 1, cash=0), 1, 39, mortgaged=True)
    s = roll(s, 1, 1).state  # to PCC Mail, space 17
    assert (s.phase, s.actor) == ("debt", 1)
    s = apply(SPEC, s, A.DeclareBankruptcy())
    assert (s.phase, s.actor, s.transfers, s.owner[39]) == ("transfer", 0, (39,), 0)
    assert ("debt", "transfer") in moves


def test_keeping_a_mortgage_without_the_interest_is_a_debt(moves: list) -> None:
    s = own(player(game(), 0, cash=5), 0, 39, mortgaged=True)
    s = replace(s, phase="transfer", transfers=(39,), may_roll=False)
    s = apply(SPEC, s, A.KeepMortgage(39))  # 10% of $200 is $20
    assert (s.phase, s.actor, s.debts[0].amount) == ("debt", 0, 20)
    assert ("transfer", "debt") in moves


def test_the_engine_refuses_a_change_the_table_does_not_allow() -> None:
    t = Table(SPEC, game(phase="over"), log=False)
    with pytest.raises(IllegalTransition, match="over -> turn is not in the phase table"):
        t.next_turn()


def test_the_checks_ask_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    # a table where the turn phase allows only rolling: ending the turn and paying the
    # fine become illegal, with the table's reason, and leave the legal actions
    s = replace(game(), may_roll=False)
    assert A.EndTurn() in legal_actions(SPEC, s)
    rows = tuple(
        Phase(p.name, (A.RollDice,), p.next, p.description, p.then) if p.name == "turn" else p
        for p in PHASES.phases
    )
    monkeypatch.setattr(checks, "PHASES", PhaseTable(rows))
    assert checks.why_illegal(Table(SPEC, s), A.EndTurn()) == (
        "end the turn is not allowed in the turn phase"
    )
    assert legal_actions(SPEC, s) == []


def test_current_player() -> None:
    s = new_game(SPEC, players=3, seed=2)
    assert current_player(s) == 0
    assert current_player(replace(s, phase="trade", actor=2)) == 2
    assert current_player(replace(s, phase="dice")) is None
    assert current_player(replace(s, phase="card_dice")) is None
    assert current_player(replace(s, phase="over")) is None


@pytest.mark.parametrize("rounds", [None, 3])
def test_the_game_ends_in_the_phase_and_event_over(rounds: int | None) -> None:
    spec = AlfredopolySpec(max_rounds=rounds)
    table, _ = play_game(spec, [make_bot("builder", 1), make_bot("buy_all", 2)], seed=4, log=True)
    assert table.phase == OVER and current_player(table.freeze()) is None
    assert table.log[-1].kind == "over"
    winners = [p.name for p in table.players if not p.bankrupt]
    if rounds:
        assert table.log[-1].text == "The game stopped after 3 rounds"
    else:
        assert len(winners) == 1
        assert table.log[-1].text == f"{winners[0]} is the last player standing"
