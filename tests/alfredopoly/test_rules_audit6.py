"""Findings of the sixth rules audit (notes/audit_alfredopoly.md, 1b, 2, 5, 6, 7, 8).

Amounts from the campus deeds, worked by hand: WALF Radio (5) mortgage $100, so keeping
it costs $10 and lifting it $110; The Brick (6) mortgage $50, lifting it $55; the pink
group South Hall / Allen Hall / Seidlin Hall (11, 13, 14), Allen Hall's fee $10 bare,
$20 for the whole group, $450 with three sculptures; Hot Dog Day (38) costs $75.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from gamekit.alfredopoly import actions as A
from gamekit.alfredopoly.board import data_dir, load_board
from gamekit.alfredopoly.engine import Table
from gamekit.alfredopoly.landing import landing_probabilities
from gamekit.alfredopoly.montecarlo import simulate_landing
from gamekit.alfredopoly.rules import (
    AlfredopolySpec,
    apply,
    chance_step,
    legal_actions,
    management_actions,
    step,
)
from gamekit.alfredopoly.simulate import simulate
from gamekit.alfredopoly.state import GameState, state_from_struct, state_to_struct
from gamekit.core.actions import Action
from gamekit.core.dice import Dice, DiceRoll
from gamekit.core.errors import DataError, IllegalAction

from .helpers import SPEC, cash, game, on_top, own, player, roll, texts

# --- 1b: lifting at once while a debt that cash covers waits in the queue ---------------


def ann_receives_two_mortgages() -> GameState:
    """Ann draws "collect $50 from every player"; Bo ($20, WALF Radio and The Brick
    mortgaged) goes bankrupt to her; Cy's $50 is still queued. Ann keeps the mortgage on
    WALF Radio: its $10 interest waits behind Cy's debt; The Brick is asked next."""
    s = own(game(3), 1, 5, 6, mortgaged=True)
    s = on_top(player(player(s, 0, position=14, cash=230), 1, cash=20), "PM07")
    s = roll(s, 1, 2).state  # Ann to PCC Mail (17)
    assert (s.phase, s.actor) == ("debt", 1)
    s = apply(SPEC, s, A.DeclareBankruptcy())
    assert (s.phase, s.actor, s.transfers, cash(s)) == ("transfer", 0, (5, 6), [250, 0, 1500])
    s = apply(SPEC, s, A.KeepMortgage(5))
    assert s.transfers == (6,)
    assert [(d.debtor, d.amount) for d in s.debts] == [(2, 50), (0, 10)]
    return s


def test_1b_the_receiver_may_lift_at_once_while_a_covered_debt_is_queued() -> None:
    s = ann_receives_two_mortgages()
    assert A.LiftMortgage(6) in legal_actions(SPEC, s)
    after = apply(SPEC, s, A.LiftMortgage(6))
    # 250 - 55 (lift) + 50 (Cy) - 10 (interest on WALF Radio) = 235; Cy 1500 - 50
    assert cash(after) == [235, 0, 1450]
    assert not after.mortgaged[6] and after.mortgaged[5]
    assert (after.phase, after.debts, after.transfers) == ("turn", (), ())
    # the fast path (simulate, play_game) plays the same rule
    t = Table(SPEC, s, log=False)
    t.do(A.LiftMortgage(6))
    assert t.freeze() == after


def test_1b_queued_debts_still_keep_the_cash_they_need() -> None:
    s = player(ann_receives_two_mortgages(), 0, cash=60)  # 60 - 55 = 5 < the $10 owed
    assert A.LiftMortgage(6) not in legal_actions(SPEC, s)
    with pytest.raises(IllegalAction, match=r"Ann owes money \(\$10, and has \$60\)"):
        apply(SPEC, s, A.LiftMortgage(6))
    assert legal_actions(SPEC, s) == [A.KeepMortgage(6)]


# --- 2: a roll stays in one piece after the last failed try in Probation -----------------


def last_failed_try() -> GameState:
    """Ann ($30) fails her third try with 1+2: she owes the $50 fine, then moves 3 to
    Allen Hall (13); Bo owns the bare pink group; Ann owns The Steinheim to mortgage."""
    s = player(game(), 0, position=10, in_jail=True, jail_tries=2, cash=30)
    s = own(own(s, 0, 39), 1, 11, 13, 14)
    s = roll(s, 1, 2).state
    assert (s.phase, s.actor, s.then_move) == ("debt", 0, 3)
    return s


def test_2_no_one_builds_on_the_known_destination_before_the_move() -> None:
    s = last_failed_try()
    assert management_actions(SPEC, s, 1) == []
    for action in (A.BuildSculpture(13, player=1), A.Mortgage(11, player=1)):
        with pytest.raises(IllegalAction, match="Ann's roll is not resolved yet"):
            apply(SPEC, s, action)
    # the debtor still raises the money, pays, and moves by that roll
    assert management_actions(SPEC, s, 0) == [A.Mortgage(39, 0)]
    assert A.Mortgage(39) in legal_actions(SPEC, s)
    s = apply(SPEC, apply(SPEC, s, A.Mortgage(39)), A.PayDebt())
    assert s.players[0].position == 13
    # 30 + 200 (mortgage) - 50 (fine) - 20 (Allen Hall, whole group, bare) = 160
    assert cash(s) == [160, 1520]
    # once the roll is resolved, Bo manages again
    assert A.BuildSculpture(13, player=1) in management_actions(SPEC, s, 1)


# --- 5: big dice -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "values"), [(Dice(2, 100), (100, 99)), (Dice(4, 20), (20,) * 3 + (19,))]
)
def test_5_a_move_round_the_board_pays_workstudy_once_per_lap(
    dice: Dice, values: tuple[int, ...]
) -> None:
    spec = AlfredopolySpec(dice=dice)
    s = player(game(spec=spec), 0, position=39)
    s = apply(spec, s, A.RollDice())
    done = chance_step(spec, s, DiceRoll(values))
    total = sum(values)
    laps, where = divmod(39 + total, 40)  # 238 = 5 x 40 + 38; 118 = 2 x 40 + 38
    assert where == 38  # Hot Dog Day, $75
    assert done.state.players[0].position == 38
    assert cash(done.state)[0] == 1500 + 200 * laps - 75
    assert texts(done).count("Ann collected $200 workstudy") == laps


def test_5_games_with_big_dice_run() -> None:
    frame = simulate(
        players=3, games=4, seed=5, spec=AlfredopolySpec(dice=Dice(4, 20), max_rounds=30)
    )
    assert len(frame) > 0


def test_5_simulated_landing_with_big_dice_agrees_with_the_chain() -> None:
    dice = Dice(2, 100)
    exact = landing_probabilities("alfred", dice=dice)
    sim = simulate_landing("alfred", rolls=300_000, seed=4, dice=dice)
    z = (sim.probability - exact.probability).abs() / sim.stderr.clip(lower=1e-9)
    assert float(z.max()) < 5


# --- 6: every field of every action is checked for its type -----------------------------


def mistyped(action: Action) -> Iterator[Action]:
    """Copies of ``action`` with one field typed wrong but equal in value: a whole number
    as a float (and as a bool when it is 0 or 1), a flag as a number, a choice or a card
    as a one-item list, a list of spaces with a float in it."""
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        if isinstance(value, bool):
            yield replace(action, **{f.name: int(value)})
        elif isinstance(value, int):
            yield replace(action, **{f.name: float(value)})
            if value in (0, 1):
                yield replace(action, **{f.name: bool(value)})
        elif isinstance(value, str):
            yield replace(action, **{f.name: [value]})
        elif isinstance(value, tuple) and value and isinstance(value[0], int):
            yield replace(action, **{f.name: (float(value[0]), *value[1:])})


def positions() -> Iterator[tuple[str, AlfredopolySpec, GameState]]:
    """A state of every phase a person decides in; Ann (seat 0) owns the brown group (1,
    3), WALF Radio (5) and, mortgaged, the Power Plant (12), and holds a "Get out" card;
    Bo has a sculpture on each building of the orange group."""
    auction = AlfredopolySpec(auction=True)
    base = own(own(game(3), 0, 1, 3, 5), 0, 12, mortgaged=True)
    base = own(base, 1, 16, 18, 19, level=1)  # Bo's orange group, to sell
    base = player(base, 0, cards=("PM05",))
    base = replace(base, decks=(base.decks[0], tuple(c for c in base.decks[1] if c != "PM05")))
    yield "turn", SPEC, base
    yield "turn", SPEC, player(base, 0, position=10, in_jail=True)  # fine, card
    yield "buy", SPEC, roll(player(base, 0, position=34), 1, 2).state
    to_auction = roll(player(base, 0, position=34), 1, 2, spec=auction).state
    yield "auction", auction, apply(auction, to_auction, A.DeclineBuy(37))
    yield "tax", SPEC, roll(player(base, 0, position=1), 1, 2).state
    yield "debt", SPEC, roll(player(own(base, 1, 39), 0, position=35, cash=10), 2, 2).state
    yield "trade", SPEC, apply(SPEC, own(base, 1, 39), A.ProposeTrade(1, give=(1, 3)))
    received = own(base, 1, 39, mortgaged=True)
    received = apply(SPEC, received, A.ProposeTrade(1, take=(39,), give_cash=1))
    yield "transfer", SPEC, apply(SPEC, received, A.AcceptTrade())


def test_6_every_legal_action_typed_wrong_is_refused() -> None:
    checked: dict[str, int] = {}
    for phase, spec, s in positions():
        assert s.phase == phase
        before = state_to_struct(s)
        actions = list(legal_actions(spec, s))
        actions += [a for seat in range(3) for a in management_actions(spec, s, seat)]
        if phase == "turn":
            actions.append(A.ProposeTrade(1, give=(1, 3), take_cash=1, give_cards=("PM05",)))
        for action in actions:
            for bad in mistyped(action):
                with pytest.raises(IllegalAction, match=r"^\w+\.\w+.*(expected|fits none of)"):
                    step(spec, s, bad)
                kind = type(action).__name__
                checked[kind] = checked.get(kind, 0) + 1
        assert state_to_struct(s) == before
    # every action type with a field was mistyped at least once
    with_fields = {k.__name__ for k in A.ACTIONS.values() if dataclasses.fields(k)}
    assert with_fields - set(checked) <= {"PlaceBuilding"}  # another phase's action
    assert sum(checked.values()) > 60


def test_6_a_bool_or_a_float_is_not_a_space() -> None:
    s = roll(player(game(), 0, position=38), 1, 2).state  # Fasano House (1) on offer
    assert s.pending == 1
    with pytest.raises(IllegalAction, match="BuySpace.space: expected a whole number, got True"):
        apply(SPEC, s, A.BuySpace(True))
    assert apply(SPEC, s, A.BuySpace(1)).owner[1] == 0
    s = roll(game(), 1, 2).state  # Babcock Hall (3)
    for bad in (A.BuySpace(3.0), A.DeclineBuy(3.0)):  # type: ignore[arg-type]
        with pytest.raises(IllegalAction, match="expected a whole number, got 3.0"):
            step(SPEC, s, bad)
    with pytest.raises(IllegalAction, match="BuySpace.space: expected a whole number, got '3'"):
        apply(SPEC, s, A.BuySpace("3"))  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="the space on offer is 3, not 4"):
        apply(SPEC, s, A.BuySpace(4))


# --- 7: decks whose drawing never ends, or that run empty ------------------------------

PCC = (data_dir() / "campus_decks.toml").read_text()
PCC = PCC[PCC.index("[[pcc_mail]]") :]


def board_with_email(tmp_path: Path, *cards: str) -> Path:
    """The campus board with its own E-Mail deck (``cards``: TOML tables) and the campus
    PCC Mail; the path of the board file."""
    (tmp_path / "decks.toml").write_text('name = "test"\n' + "\n".join(cards) + "\n" + PCC)
    board = (data_dir() / "alfred.toml").read_text()
    assert 'decks = "campus"' in board
    path = tmp_path / "board.toml"
    path.write_text(board.replace('decks = "campus"', 'decks = "decks.toml"'))
    return path


def card(cid: str, effect: str, **fields: int) -> str:
    extra = "".join(f"{k} = {v}\n" for k, v in fields.items())
    return f'[[email]]\nid = "{cid}"\ntext = "{effect}"\neffect = "{effect}"\n{extra}'


def test_7_cards_that_send_the_token_to_their_own_card_space_for_ever_are_refused(
    tmp_path: Path,
) -> None:
    # advance to an E-Mail space (7, 22, 36): drawn there it draws again, for ever
    path = board_with_email(tmp_path, *(card(f"X{i}", "move_to", destination=7) for i in range(3)))
    with pytest.raises(DataError) as err:
        load_board(path)
    assert err.value.file == str(tmp_path / "decks.toml")
    assert (err.value.entry, err.value.field) == ("email card X0", "destination")
    assert "the drawing never ends" in str(err.value)
    # the landing chain reads the same board: refused too (it recursed before)
    with pytest.raises(DataError, match="the drawing never ends"):
        landing_probabilities(path)


def test_7_a_kept_card_is_no_way_out(tmp_path: Path) -> None:
    cards = [card("G1", "get_out_of_jail"), card("X1", "move_to", destination=22)]
    with pytest.raises(DataError, match="email card X1: destination: drawn on space 7"):
        load_board(board_with_email(tmp_path, *cards))


def test_7_a_deck_of_kept_cards_only_is_refused(tmp_path: Path) -> None:
    with pytest.raises(DataError) as err:
        load_board(board_with_email(tmp_path, card("G1", "get_out_of_jail")))
    assert (err.value.entry, err.value.field) == ("email card G1", "effect")
    assert "every E-Mail card is kept" in str(err.value)


def test_7_a_chain_of_draws_with_a_way_out_is_fine(tmp_path: Path) -> None:
    cards = [card("X1", "move_to", destination=22), card("C1", "collect", amount=10)]
    board = load_board(board_with_email(tmp_path, *cards))
    spec = AlfredopolySpec(board=board)
    s = apply(spec, new_game_for(spec), A.RollDice())
    done = chance_step(spec, s, DiceRoll((3, 4))).state  # 7: X1 to 22, then C1 there
    assert done.players[0].position == 22 and cash(done)[0] == 1510
    assert landing_probabilities(board).probability.sum() == pytest.approx(1)


def new_game_for(spec: AlfredopolySpec) -> GameState:
    from gamekit.alfredopoly.rules import new_game

    s = new_game(spec, 2, seed=0)
    return replace(s, decks=(tuple(c.id for c in spec.board.decks["email"]), s.decks[1]))


# --- 8: a saved game must hold together -------------------------------------------------


def saved(**changes: object) -> dict[str, object]:
    return state_to_struct(replace(own(game(3), 0, 1, 3, level=2), **changes))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (lambda d: d["players"][1].update(cash=-5), r"state.players\[1\].cash: -5 is below zero"),
        (lambda d: d["level"].__setitem__(6, 1), r"state.level\[6\]: The Brick .* the trustees'"),
        (lambda d: d["mortgaged"].__setitem__(1, True), r"state.level\[1\]: .* is mortgaged"),
        (lambda d: d["level"].__setitem__(5, 1), r"state.level\[5\]: WALF Radio .* not a street"),
        (
            lambda d: d["players"][2].update(cards=[d["decks"][1][0]]),
            r"state.players\[2\].cards: card PM\d\d is in two places \(the PCC Mail deck "
            r"and Cy's hand\)",
        ),
        (
            lambda d: d["decks"][0].append(d["decks"][0][0]),
            r"state.decks\[0\]: card EM\d\d is in two places",
        ),
        (lambda d: d["decks"][1].pop(), r"state.decks: card PM\d\d is in no deck and no hand"),
        (lambda d: d["players"][0].update(cards=["EM99"]), "'EM99' is not a card of this board"),
        (lambda d: d.update(jackpot=-1), "state.jackpot: -1 is below zero"),
    ],
)
def test_8_a_saved_game_that_does_not_hold_together_is_refused(edit, words) -> None:  # type: ignore[no-untyped-def]
    data = saved()
    assert state_from_struct(data, SPEC) == replace(own(game(3), 0, 1, 3, level=2))
    edit(data)
    with pytest.raises(ValueError, match=words):
        state_from_struct(data, SPEC)
