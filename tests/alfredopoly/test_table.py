"""The engine's working copy is derived from the state dataclasses: every field, both
ways, and the null log keeps nothing."""

from __future__ import annotations

import dataclasses

from gamekit.alfredopoly import actions as A
from gamekit.alfredopoly.engine import Player, Table
from gamekit.alfredopoly.narration import NULL_LOG, EventLog
from gamekit.alfredopoly.rules import new_game, step
from gamekit.alfredopoly.state import AuctionState, Debt, GameState, PlayerState
from gamekit.alfredopoly.working import WorkingTable

from .helpers import SPEC, game, own, player, roll


def test_table_and_player_hold_every_field_of_the_state() -> None:
    state_fields = [f.name for f in dataclasses.fields(GameState)]
    player_fields = [f.name for f in dataclasses.fields(PlayerState)]
    # the slots come from the fields; the annotations (what mypy sees) must agree
    assert list(WorkingTable.__annotations__) == state_fields
    assert set(state_fields) <= set(WorkingTable.__slots__)
    # the rule layers add no attributes of their own: a table has no __dict__
    assert not hasattr(Table(SPEC, game()), "__dict__")
    assert list(Player.__annotations__) == player_fields == list(Player.__slots__)


def test_a_state_with_everything_in_it_survives_the_round_trip() -> None:
    s = own(game(3), 1, 1, 3, level=2)
    s = own(s, 2, 39, mortgaged=True)
    s = player(s, 0, cash=7, position=10, in_jail=True, jail_tries=2, cards=("EM09",))
    s = player(s, 2, bankrupt=True)
    s = dataclasses.replace(
        s,
        current=1, phase="auction", actor=2, may_roll=False, rolled=True, doubles=2,
        last_roll=(3, 3), pending=5, debts=(Debt(0, 1, 40, "for a fee", "fee", False),),
        then_move=4, offer=A.ProposeTrade(1, give=(6,)), auction=AuctionState(5, (1, 2), 1, 30, 2),
        jackpot=90, round=7, turn=20, ended="", out_order=(2,), transfers=(39,),
    )  # fmt: skip
    t = Table(SPEC, s)
    back = t.freeze()
    assert back == s and back.spec is SPEC
    # the table's lists are copies: changing them leaves the state alone
    t.owner[1] = 0
    t.players[0].cards.append("PM05")
    t.decks[0].pop()
    assert s.owner[1] == 1 and s.players[0].cards == ("EM09",) and len(s.decks[0]) == 16


def test_the_checked_api_narrates_and_the_null_log_keeps_nothing() -> None:
    st = roll(game(), 1, 2)
    assert [str(e) for e in st.events] == ["Ann rolled 1+2 = 3", "Ann moved to Babcock Hall"]
    bought = step(SPEC, st.state, A.BuySpace(3))
    assert [str(e) for e in bought.events] == ["Ann bought Babcock Hall for $60"]
    assert isinstance(Table(SPEC, st.state).log, EventLog)
    quiet = Table(SPEC, st.state, log=False)
    assert quiet.log is NULL_LOG
    quiet.do(A.BuySpace(3))
    assert quiet.owner[3] == 0 and len(NULL_LOG) == 0
    assert new_game(SPEC, 2, seed=0).spec is SPEC
