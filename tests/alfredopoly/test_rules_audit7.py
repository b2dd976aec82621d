"""Findings of the seventh rules audit (notes/audit7_alfredopoly.md, findings 1-5).

Amounts from the campus deeds, worked by hand: brown (1, 3) and light blue (6, 8, 9)
sculptures cost $50; WALF Radio (5) has a $100 mortgage, so lifting it costs $110; the
Saxon Inn club (12) has a $75 mortgage, lifting it $83.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from gamekit.alfredopoly import actions as A
from gamekit.alfredopoly.game import AlfredopolyGame
from gamekit.alfredopoly.rules import apply, legal_actions, management_actions
from gamekit.alfredopoly.state import Debt, GameState
from gamekit.core.errors import IllegalAction

from .helpers import SPEC, cash, game, own, player

# --- 1: a shortage auction resumes through proceed(): what is still due decides ----------


def shortage_in_transfer() -> GameState:
    """Ann takes WALF Radio (5, mortgaged) from Bo and gives him club 12 (mortgaged) for
    $10: both must answer for a transferred mortgage, Ann first (board order). Ann owns
    brown, Cy light blue, one sculpture is left: Ann's request opens a shortage auction."""
    s = own(own(game(3), 0, 1, 3), 2, 6, 8, 9)
    s = own(own(s, 1, 5, mortgaged=True), 0, 12, mortgaged=True)
    s = replace(s, sculptures_left=1)
    s = apply(SPEC, s, A.ProposeTrade(partner=1, give=(12,), take=(5,), give_cash=10))
    s = apply(SPEC, s, A.AcceptTrade())
    assert (s.phase, s.actor, s.transfers) == ("transfer", 0, (5, 12))
    s = apply(SPEC, s, A.BuildSculpture(1))
    assert (s.phase, s.auction and s.auction.bidders) == ("building_auction", (0, 2))
    return s


def test_1_a_transfer_lifted_during_the_auction_asks_the_next_receiver() -> None:
    """Audit finding 1: Ann's transfer question is gone, so the game asks Bo about his
    (the old code went back to Ann, who could not answer for Bo's property)."""
    s = shortage_in_transfer()
    s = apply(SPEC, s, A.LiftMortgage(5))  # Ann lifts hers
    s = apply(SPEC, s, A.Bid(50))
    s = apply(SPEC, s, A.PassBid())  # Cy drops out: Ann's sculpture goes on space 1
    # Bo still has club 12 to answer for
    assert (s.phase, s.actor, s.transfers) == ("transfer", 1, (12,))
    assert legal_actions(SPEC, s)[0] == A.KeepMortgage(12)
    assert s.level[1] == 1 and not s.mortgaged[5]
    assert cash(s) == [1500 - 10 - 110 - 50, 1510, 1500]
    s = apply(SPEC, s, A.KeepMortgage(12))  # Bo pays $8 (10% of $75, rounded up)
    assert (s.phase, s.actor, s.transfers) == ("turn", 0, ())
    assert cash(s) == [1330, 1502, 1500]


def test_1_the_audits_reproduction_resumes_to_the_turn() -> None:
    """The report's script: only Ann's transfer, lifted during the auction."""
    s = own(own(game(3), 0, 1, 3), 2, 6, 8, 9)
    s = replace(own(s, 1, 5, mortgaged=True), sculptures_left=1)
    for a in (A.ProposeTrade(partner=1, take=(5,), give_cash=10), A.AcceptTrade(),
              A.BuildSculpture(1), A.LiftMortgage(5, 0), A.Bid(50), A.PassBid()):  # fmt: skip
        s = apply(SPEC, s, a)
    assert (s.phase, s.actor, s.transfers) == ("turn", 0, ())
    assert legal_actions(SPEC, s)[0] == A.RollDice()
    assert cash(s) == [1500 - 10 - 110 - 50, 1510, 1500]


def test_1_a_debt_raised_during_the_auction_is_paid_when_it_ends() -> None:
    """Bo owes Ann $100 with $10 in hand; during Ann's shortage auction he mortgages
    WALF Radio ($100). When the auction ends the debt is due and covered: it is paid
    (as ``proceed`` pays every covered debt) and Bo's turn goes on."""
    s = own(own(game(3), 0, 1, 3), 2, 6, 8, 9)
    s = player(own(s, 1, 5), 1, cash=10)
    s = replace(s, sculptures_left=1, current=1, actor=1, phase="debt", may_roll=False,
                rolled=True, debts=(Debt(1, 0, 100, "for a card", "card_payment"),))  # fmt: skip
    s = apply(SPEC, s, A.BuildSculpture(1, 0))
    assert s.phase == "building_auction"
    s = apply(SPEC, s, A.Mortgage(5, 1))
    s = apply(SPEC, s, A.Bid(50))
    s = apply(SPEC, s, A.PassBid())
    assert (s.phase, s.actor, s.debts) == ("turn", 1, ())
    assert cash(s) == [1500 - 50 + 100, 10 + 100 - 100, 1500]
    # without the mortgage Bo is still short: the game asks him again
    s = own(own(game(3), 0, 1, 3), 2, 6, 8, 9)
    s = player(own(s, 1, 5), 1, cash=10)
    debt = Debt(1, 0, 100, "for a card", "card_payment")
    s = replace(s, sculptures_left=1, current=1, actor=1, phase="debt", may_roll=False,
                rolled=True, debts=(debt,))  # fmt: skip
    for a in (A.BuildSculpture(1, 0), A.Bid(50), A.PassBid()):
        s = apply(SPEC, s, a)
    assert (s.phase, s.actor, s.debts, cash(s)) == ("debt", 1, (debt,), [1450, 10, 1500])


# --- 2: a bidder keeps the cash for what they owe ------------------------------------------


def debtors_shortage(cy_cash: int = 100, di_cash: int = 100) -> GameState:
    """Bo cannot pay his $50 (phase ``debt``); Cy and Di owe $50 each behind him. Cy owns
    light blue, Di brown (both $50 sculptures), one sculpture is left: Cy's request opens
    a shortage auction between the two, who can each build with the cash beyond their
    debt (Decision "at any time": they may build "only with cash beyond what they owe")."""
    s = own(own(game(4), 2, 6, 8, 9), 3, 1, 3)
    s = player(player(player(s, 1, cash=10), 2, cash=cy_cash), 3, cash=di_cash)
    debts = tuple(Debt(seat, 0, 50, "(card)", "card_payment") for seat in (1, 2, 3))
    s = replace(s, sculptures_left=1, current=1, actor=1, phase="debt", debts=debts)
    return apply(SPEC, s, A.BuildSculpture(6, 2))


def test_2_a_bid_may_not_spend_the_cash_a_debt_needs() -> None:
    s = debtors_shortage()
    assert s.auction is not None and s.auction.bidders == (2, 3)
    assert [a for a in legal_actions(SPEC, s) if isinstance(a, A.Bid)] == [A.Bid(50)]
    why = r"owes money \(\$50, and has \$100\).*bid at most \$50"
    with pytest.raises(IllegalAction, match=why):
        apply(SPEC, s, A.Bid(100))
    assert apply(SPEC, s, A.Bid(50)).auction.high_bid == 50  # type: ignore[union-attr]


def test_2_an_owing_bidder_cannot_outbid_with_what_they_owe() -> None:
    """Di ($100, owing $50) may not answer Cy's $50 with $51-$100: she drops out and Cy
    builds; both debts stay covered and are paid when their turn comes."""
    s = apply(SPEC, debtors_shortage(), A.Bid(50))
    assert s.actor == 3
    assert [a for a in legal_actions(SPEC, s) if isinstance(a, A.Bid)] == []
    with pytest.raises(IllegalAction, match=r"Di owes money"):
        apply(SPEC, s, A.Bid(51))
    s = apply(SPEC, s, A.PassBid())
    assert (s.phase, s.level[6]) == ("debt", 1)
    assert cash(s) == [1500, 10, 50, 100]
    assert all(s.players[d.debtor].cash >= d.amount for d in s.debts[1:])


def test_2_a_builder_bot_bids_only_what_it_does_not_owe() -> None:
    """The builder bot (no reserve, up to twice the price): Cy opens at his $50 floor;
    Di would answer $60 of her $100, but owing $50 she drops out."""
    from gamekit.alfredopoly.bots import Builder
    from gamekit.alfredopoly.engine import Table

    s = debtors_shortage()
    assert Builder(seed=0).decide(Table(SPEC, s)) == A.Bid(50)
    s = apply(SPEC, s, A.Bid(50))
    assert Builder(seed=0).decide(Table(SPEC, s)) == A.PassBid()


# --- 3: a saved game that does not hold together is refused, naming the field -------------

GAME = AlfredopolyGame()


def saved(s: GameState | None = None) -> dict[str, Any]:
    """A legal saved game (JSON round trip): by default Ann's first turn of three."""
    s = GAME.new_game(["Ann", "Bo", "Cy"], seed=1) if s is None else s
    data: dict[str, Any] = json.loads(json.dumps(GAME.state_to_struct(s)))
    assert GAME.state_from_struct(data) == s
    return data


def shortage_auction() -> GameState:
    """Ann asks to build on Fasano House (1) with one sculpture left and Cy able to build:
    a shortage auction that goes back to Ann's turn."""
    s = replace(own(own(game(3), 0, 1, 3), 2, 6, 8, 9), sculptures_left=1)
    return apply(SPEC, s, A.BuildSculpture(1))


def _set(**changes: Any) -> Callable[[dict[str, Any]], None]:
    return lambda st: st.update(changes)


def _auction(**changes: Any) -> Callable[[dict[str, Any]], None]:
    return lambda st: st["auction"].update(changes)


def _players(count: int) -> Callable[[dict[str, Any]], None]:
    def edit(st: dict[str, Any]) -> None:
        st["players"] = [dict(st["players"][0], name=f"P{k}") for k in range(count)]

    return edit


def _owners(level: dict[int, int], owner: dict[int, int]) -> Callable[[dict[str, Any]], None]:
    def edit(st: dict[str, Any]) -> None:
        for i, seat in owner.items():
            st["owner"][i] = seat
        for i, lv in level.items():
            st["level"][i] = lv
        st["sculptures_left"] -= sum(lv for lv in level.values() if lv < 5)
        st["statues_left"] -= sum(1 for lv in level.values() if lv == 5)

    return edit


def _debt(amount: int, debtor: int = 0) -> dict[str, Any]:
    return {"debtor": debtor, "creditor": 1, "amount": amount, "reason": "(card)",
            "kind": "card_payment", "jackpot": False}  # fmt: skip


TURN_CASES = [
    ("level", lambda st: st.update(level=st["level"][:39]),
     "state.level: the board has 40 spaces, the state 39"),
    ("mortgaged", lambda st: st.update(mortgaged=[*st["mortgaged"], False]),
     "state.mortgaged: the board has 40 spaces, the state 41"),
    ("one player", _players(1), "state.players: 1 player; Alfredopoly seats 2 to 8"),
    ("nine players", _players(9), "state.players: 9 players; Alfredopoly seats 2 to 8"),
    ("no phase", lambda st: st.pop("phase"), "state.phase: missing"),
    ("buy space 39", _set(phase="buy", pending=-1),
     r"state.pending: phase buy needs the property on offer \(the trustees'\), got -1"),
    ("buy Academic Alley", _set(phase="buy", pending=0), "state.pending: phase buy .* got 0"),
    ("tax", _set(phase="tax"), "state.pending: phase tax needs a tax space"),
    ("debt", _set(phase="debt"), "state.debts: phase debt needs a debt"),
    ("transfer", _set(phase="transfer"), "state.transfers: phase transfer needs a mortgaged"),
    ("trade", _set(phase="trade"), "state.offer: phase trade needs an offer"),
    ("auction", _set(phase="auction", pending=1),
     "state.auction: phase auction needs the house rule's auction"),
    ("building_auction", _set(phase="building_auction"),
     "state.auction: phase building_auction needs a building-shortage auction"),
    ("placing", _set(phase="placing"), "state.auction: phase placing needs a building-shortage"),
    ("debtor", _set(phase="debt", debts=[_debt(50, debtor=1)]),
     "state.actor: phase debt waits for Bo, not Ann"),
    ("negative debt", _set(phase="debt", debts=[_debt(-500)]),
     r"state.debts\[0\].amount: -500 is not above zero"),
    ("split group", _owners({1: 3}, {1: 0, 3: 1}),
     r"state.level\[1\]: Fasano House has buildings but the brown group is not all Ann's"),
    ("uneven", _owners({1: 5}, {1: 0, 3: 0}),
     r"state.level\[1\]: .* the brown group is not built evenly \(levels \[5, 0\]\)"),
    ("supply", _set(sculptures_left=1000),
     "state.sculptures_left: 1000 left and 0 on the board, more than the supply of 32"),
    ("statue supply", _owners({1: 5, 3: 5}, {1: 0, 3: 0}), None),
    ("Academic Alley owned", lambda st: st["owner"].__setitem__(0, 1),
     r"state.owner\[0\]: Academic Alley is owned by seat 1 but is not a property"),
    ("trustees' mortgage", lambda st: st["mortgaged"].__setitem__(1, True),
     r"state.mortgaged\[1\]: Fasano House is mortgaged but is the trustees'"),
    ("jail tries", lambda st: st["players"][0].update(jail_tries=-3, in_jail=True),
     r"state.players\[0\].jail_tries: -3 is not allowed \(expected 0..2\)"),
    ("then_move", _set(then_move=-5), "state.then_move: -5 is below zero"),
    ("bankrupt", lambda st: st["players"][0].update(bankrupt=True),
     "state.current: Ann is out of the game"),
]  # fmt: skip


@pytest.mark.parametrize(
    "edit, words", [case[1:] for case in TURN_CASES], ids=[case[0] for case in TURN_CASES]
)
def test_3_a_saved_game_that_does_not_hold_together_is_refused(edit, words) -> None:  # type: ignore[no-untyped-def]
    data = saved()
    edit(data["state"])
    if words is None:  # a legal variant (it loads), then the supply is overdrawn
        GAME.state_from_struct(data)
        data["state"]["statues_left"] += 1
        words = "state.statues_left: 11 left and 2 on the board, more than the supply of 12"
    with pytest.raises(ValueError, match=words):
        GAME.state_from_struct(data)


AUCTION_CASES = [
    ("resume ''", _auction(resume=""), r"state.auction.resume: '' is not allowed \(expected buy, "
     "debt, tax, trade, transfer, turn\\)"),
    ("resume dice", _auction(resume="dice"), "state.auction.resume: 'dice' is not allowed"),
    ("resume over", _auction(resume="over"), "state.auction.resume: 'over' is not allowed"),
    ("resume buy", _auction(resume="buy"),
     r"state.pending: .* got -1 \(the shortage auction goes back to buy\)"),
    ("high bidder", _auction(high_bidder=7), "state.auction.high_bidder: 7 is not allowed"),
    ("turn", _auction(turn=5), r"state.auction.turn: 5 is not allowed \(expected 0..1\)"),
    ("no bidders", _auction(bidders=[], turn=0), r"state.auction.bidders: \[\]"),
    ("placing", _set(phase="placing"), "state.auction: phase placing needs the winner"),
    ("bidder", _set(actor=1), "state.actor: phase building_auction waits for Ann, not Bo"),
]  # fmt: skip


@pytest.mark.parametrize(
    "edit, words", [case[1:] for case in AUCTION_CASES], ids=[case[0] for case in AUCTION_CASES]
)
def test_3_a_saved_shortage_auction_that_cannot_go_on_is_refused(edit, words) -> None:  # type: ignore[no-untyped-def]
    data = saved(shortage_auction())
    edit(data["state"])
    with pytest.raises(ValueError, match=words):
        GAME.state_from_struct(data)


# --- 5: an option of a saved game is named by its path ---------------------------------------


@pytest.mark.parametrize(
    "name, value, words",
    [
        ("sculptures", -1, r"^options.sculptures: must be a whole number >= 0, got -1$"),
        ("dice", "9d6", r"^options.dice: expected an object, got str$"),
        ("dice", {"count": 1, "sides": 6}, r"^options.dice: Alfredopoly needs at least two dice"),
        ("max_rounds", 0, r"^options.max_rounds: must be a whole number >= 1 or None, got 0$"),
    ],
)
def test_5_a_bad_option_in_a_saved_game_names_its_path(name: str, value: Any, words: str) -> None:
    data = saved()
    data["options"][name] = value
    with pytest.raises(ValueError, match=words):
        GAME.state_from_struct(data)


# --- 4: no statue is sold alone while the last sculptures are auctioned ---------------------


def six_builders() -> GameState:
    """Six players; five own a bare colour group and Flo (5) the dark blue group with two
    statues; 4 sculptures are left for the five who could build: Ann's request on Fasano
    House (1) opens a sculpture auction."""
    s = game(6)
    for seat, group in enumerate([(1, 3), (6, 8, 9), (11, 13, 14), (16, 18, 19), (21, 23, 24)]):
        s = own(s, seat, *group)
    s = replace(own(s, 5, 37, 39, level=5), sculptures_left=4)
    s = apply(SPEC, s, A.BuildSculpture(1))
    assert s.auction is not None and s.auction.bidders == (0, 1, 2, 3, 4)
    return s


def test_4_a_statue_is_not_sold_alone_during_a_sculpture_auction() -> None:
    """Decision "building shortage": selling The Steinheim's statue (39) would put four
    of the auctioned sculptures on it (the audit's case left none for the auction)."""
    s = six_builders()
    with pytest.raises(IllegalAction, match="last sculptures are being auctioned") as exc:
        apply(SPEC, s, A.SellSculpture(39, 5))
    assert "sell the whole group" in exc.value.reason
    flo = management_actions(SPEC, s, 5)
    assert A.SellSculpture(39, 5) not in flo and A.SellAllSculptures("dark_blue", 5) in flo
    # the whole group takes nothing from the supply: 2 statues x 5 purchases x $100
    after = apply(SPEC, s, A.SellAllSculptures("dark_blue", 5))
    assert (after.sculptures_left, after.statues_left, after.players[5].cash) == (4, 12, 2500)
    # the auction goes on for the four sculptures: Ann wins one at $50
    for a in (A.Bid(50), *[A.PassBid()] * 4):
        s = apply(SPEC, s, a)
    assert (s.phase, s.level[1], s.sculptures_left, cash(s)[0]) == ("turn", 1, 3, 1450)
    # after it, 3 sculptures are too few to replace a statue (rule 11 Decision)
    with pytest.raises(IllegalAction, match="lack four sculptures"):
        apply(SPEC, s, A.SellSculpture(39, 5))
