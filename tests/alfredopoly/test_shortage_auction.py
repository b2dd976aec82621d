"""Rule 10's building shortage (Decision "building shortage"): when a player asks to build
and the supply has fewer sculptures (or statues) left than the players who could legally
build from it right now, one building is auctioned among them, and the game returns to
the phase the request came in. Also: the bots bid and place sensibly, and never choose
an action the rules refuse (audit findings 1a and 1b).

Seats in most positions here: Ann (0) owns the brown group (Fasano House 1, Babcock Hall
3; a sculpture costs $50), Bo (1) the orange group (16, 18, 19; $100) and Cy (2) the pink
group (South Hall 11, Allen Hall 13, Seidlin Hall 14; $100); everyone starts with $1500.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from gamekit.alfredopoly import actions as A
from gamekit.alfredopoly.bots import make_bot
from gamekit.alfredopoly.constants import TRUSTEES
from gamekit.alfredopoly.engine import Table
from gamekit.alfredopoly.rules import (
    AlfredopolySpec,
    GameState,
    apply,
    apply_chance,
    chance_outcomes,
    is_chance,
    legal_actions,
    management_actions,
    new_game,
    step,
)
from gamekit.alfredopoly.state import Debt, state_from_struct, state_to_struct
from gamekit.alfredopoly.words import describe, waiting_for
from gamekit.core.actions import sample_outcome
from gamekit.core.errors import IllegalAction
from gamekit.core.rng import make_rng

from .helpers import SPEC, cash, game, own, player

BROWN, ORANGE, PINK = (1, 3), (16, 18, 19), (11, 13, 14)


def three(left: int = 1, **changes: object) -> GameState:
    """Ann, Bo and Cy each own a bare colour group; the trustees have ``left`` sculptures."""
    s = own(own(own(game(3), 0, *BROWN), 1, *ORANGE), 2, *PINK)
    return replace(s, sculptures_left=left, **changes)


def refused(s: GameState, action: A.Action, words: str) -> None:
    """``action`` is illegal with a reason containing ``words``, and changes nothing."""
    before = state_to_struct(s)
    with pytest.raises(IllegalAction, match=words):
        apply(SPEC, s, action)
    assert state_to_struct(s) == before


# ---- when a request opens an auction -----------------------------------------------


def test_enough_left_builds_at_once_and_one_too_few_opens_an_auction() -> None:
    # three players can build: with 3 left there is one for each, so Ann just builds
    s = apply(SPEC, three(left=3), A.BuildSculpture(1))
    assert (s.phase, s.level[1], s.sculptures_left, cash(s)) == ("turn", 1, 2, [1450, 1500, 1500])
    # now 2 left for 3 players: Bo's request (on Ann's turn) opens an auction for one
    st = step(SPEC, s, A.BuildSculpture(16, player=1))
    s = st.state
    assert (s.phase, s.actor, s.level[16], s.sculptures_left) == ("building_auction", 1, 0, 2)
    assert s.auction is not None
    assert (s.auction.bidders, s.auction.building, s.auction.space) == ((1, 2, 0), "sculpture", 16)
    assert (s.auction.resume, s.auction.resume_actor) == ("turn", 0)
    assert cash(s) == [1450, 1500, 1500]  # nothing paid yet
    assert [str(e) for e in st.events] == [
        "Bo asked to build on McLane Center, but the trustees have 2 sculptures left for 3 "
        "players who can build: one is auctioned among Bo, Cy, Ann"
    ]


def test_only_players_who_could_build_now_bid() -> None:
    # Bo's group is mortgaged in part, Cy owes a debt: neither could build now
    s = three(left=1)
    mortgaged = list(s.mortgaged)
    mortgaged[18] = True
    s = replace(s, mortgaged=tuple(mortgaged))
    assert [a for a in legal_actions(SPEC, s) if isinstance(a, A.BuildSculpture)] == [
        A.BuildSculpture(1),
        A.BuildSculpture(3),
    ]
    s = replace(s, debts=(Debt(2, TRUSTEES, 3000, "for a test"),))
    after = apply(SPEC, s, A.BuildSculpture(1))  # no one else could: no auction
    assert (after.phase, after.level[1], after.sculptures_left) == ("turn", 1, 0)
    # a player short of the price does not bid either
    s = player(three(left=1), 2, cash=99)
    s = player(s, 1, cash=99)
    after = apply(SPEC, s, A.BuildSculpture(1))
    assert (after.phase, after.level[1]) == ("turn", 1)
    # $100, the price of his sculpture: Bo could build, so he bids
    after = apply(SPEC, player(s, 1, cash=100), A.BuildSculpture(1))
    assert after.auction is not None and (after.phase, after.auction.bidders) == (
        "building_auction",
        (0, 1),
    )


# ---- the auction ---------------------------------------------------------------------


def test_the_requester_wins_and_the_building_goes_where_they_asked() -> None:
    s = apply(SPEC, three(left=1), A.BuildSculpture(3))  # bidders: Ann, Bo, Cy
    assert legal_actions(SPEC, s)[:3] == [A.Bid(50), A.Bid(100), A.PassBid()]
    s = apply(SPEC, s, A.Bid(50))
    refused(s, A.Bid(90), r"bid at least \$100, the price of a sculpture on your street")
    s = apply(SPEC, s, A.Bid(100))  # Bo
    refused(s, A.Bid(100), r"bid more than \$100")
    s = apply(SPEC, s, A.PassBid())  # Cy
    s = apply(SPEC, s, A.Bid(130))  # Ann
    st = step(SPEC, s, A.PassBid())  # Bo: Ann wins at $130
    s = st.state
    assert (s.phase, s.actor, s.auction) == ("turn", 0, None)
    assert (s.level[3], s.sculptures_left, cash(s)) == (1, 0, [1500 - 130, 1500, 1500])
    assert [str(e) for e in st.events][-1] == (
        "Ann built a sculpture on Babcock Hall for $130 (won at auction)"
    )


def test_another_winner_places_the_building_on_a_street_of_their_own() -> None:
    s = apply(SPEC, three(left=1), A.BuildSculpture(1))
    s = apply(SPEC, s, A.Bid(50))
    s = apply(SPEC, s, A.PassBid())  # Bo
    s = apply(SPEC, s, A.Bid(120))  # Cy
    s = apply(SPEC, s, A.PassBid())  # Ann: Cy wins at $120
    assert (s.phase, s.actor, s.level[1], cash(s)) == ("placing", 2, 0, [1500, 1500, 1500])
    assert legal_actions(SPEC, s) == [A.PlaceBuilding(11), A.PlaceBuilding(13), A.PlaceBuilding(14)]
    assert management_actions(SPEC, s, 0) == []  # no one manages while Cy chooses
    refused(s, A.PlaceBuilding(1), "cannot take it; choose one of: South Hall, Allen Hall")
    refused(s, A.BuildSculpture(13, player=2), "not allowed in the placing phase")
    assert waiting_for(SPEC, s) == "you won the sculpture for $120: choose the street to put it on"
    assert describe(SPEC, s, A.PlaceBuilding(13)) == (
        "Put the sculpture on Allen Hall ($120 paid at auction)"
    )
    s = apply(SPEC, s, A.PlaceBuilding(13))
    assert (s.phase, s.actor, s.auction) == ("turn", 0, None)
    assert (s.level[13], s.sculptures_left, cash(s)) == (1, 0, [1500, 1500, 1380])


def test_an_asker_who_wins_below_the_price_of_the_street_asked_for_chooses_a_cheaper_one() -> None:
    # Ann owns brown ($50) and pink ($100) and asks for Allen Hall; Bo (orange) could build
    s = replace(own(own(own(game(2), 0, *BROWN), 0, *PINK), 1, *ORANGE), sculptures_left=1)
    s = apply(SPEC, s, A.BuildSculpture(13))
    assert legal_actions(SPEC, s)[0] == A.Bid(50)  # her floor: a brown sculpture
    s = apply(SPEC, s, A.Bid(50))
    s = apply(SPEC, s, A.PassBid())  # Bo
    assert (s.phase, s.actor) == ("placing", 0)
    assert legal_actions(SPEC, s) == [A.PlaceBuilding(1), A.PlaceBuilding(3)]
    refused(s, A.PlaceBuilding(13), "cannot take it; choose one of: Fasano House, Babcock Hall")
    s = apply(SPEC, s, A.PlaceBuilding(3))
    assert (s.phase, s.level[3], s.level[13], cash(s)) == ("turn", 1, 0, [1450, 1500])


def test_nobody_bids_and_the_sculpture_stays_with_the_trustees() -> None:
    s = apply(SPEC, three(left=1), A.BuildSculpture(1))
    for _ in range(3):
        s = apply(SPEC, s, A.PassBid())
    assert (s.phase, s.actor, s.auction, s.sculptures_left, cash(s)) == (
        "turn", 0, None, 1, [1500] * 3,
    )  # fmt: skip
    assert A.BuildSculpture(1) in legal_actions(SPEC, s)  # Ann may ask again


def test_the_last_statue_is_auctioned_too() -> None:
    # Ann's brown and Cy's pink have four sculptures each; one statue left, 32 - 20 = 12
    # sculptures in the supply
    s = own(own(own(game(3), 0, *BROWN, level=4), 1, *ORANGE), 2, *PINK, level=4)
    s = replace(s, statues_left=1)
    assert s.sculptures_left == 12
    s = apply(SPEC, s, A.BuildSculpture(14, player=2))
    assert s.auction is not None and (s.auction.bidders, s.auction.building) == ((2, 0), "statue")
    s = apply(SPEC, s, A.Bid(100))  # Cy
    assert legal_actions(SPEC, s)[0] == A.Bid(101)  # Ann: a statue costs her $50
    s = apply(SPEC, s, A.PassBid())  # Ann: Cy wins at $100, on Seidlin Hall
    assert (s.phase, s.level[14], s.statues_left, s.sculptures_left) == ("turn", 5, 0, 16)
    assert cash(s) == [1500, 1500, 1400]


def test_management_during_the_auction() -> None:
    s = apply(SPEC, three(left=1), A.BuildSculpture(1))
    s = apply(SPEC, s, A.Bid(50))  # Ann leads
    # the sculpture being auctioned is not for sale, not even to a bidder
    refused(s, A.BuildSculpture(16), "last sculptures are being auctioned")
    refused(s, A.BuildSculpture(11, player=2), "last sculptures are being auctioned")
    assert not any(isinstance(a, A.BuildSculpture) for a in management_actions(SPEC, s, 2))
    # Bo mortgages his group away: then he has nowhere to put it and may only drop out
    s = apply(SPEC, s, A.Mortgage(16))
    assert legal_actions(SPEC, s)[0] == A.PassBid()
    refused(s, A.Bid(200), "none of your streets can take the sculpture now: drop out")


def test_a_winner_left_with_no_street_for_it_gets_nothing_and_pays_nothing() -> None:
    s = apply(SPEC, three(left=1), A.BuildSculpture(1))
    s = apply(SPEC, s, A.Bid(50))
    s = apply(SPEC, s, A.Bid(100))  # Bo leads ...
    s = apply(SPEC, s, A.Mortgage(19, player=1))  # ... then mortgages part of his group
    s = apply(SPEC, s, A.PassBid())  # Cy
    st = step(SPEC, s, A.PassBid())  # Ann: Bo wins, with no street that can take it
    s = st.state
    assert (s.phase, s.actor, s.auction, s.sculptures_left) == ("turn", 0, None, 1)
    assert cash(s) == [1500, 1500 + 100, 1500]  # only the mortgage money
    assert str(st.events[-1]) == (
        "Bo has no street that can take the sculpture now: it stays with the trustees, unpaid"
    )


def test_a_shortage_build_waits_for_a_property_auction_to_end() -> None:
    spec = AlfredopolySpec(auction=True)
    s = replace(three(left=1), phase="buy", pending=5, may_roll=False, rolled=True, spec=spec)
    s = apply(spec, s, A.DeclineBuy(5))
    assert s.phase == "auction"
    before = state_to_struct(s)
    with pytest.raises(IllegalAction, match="go to auction .rule 10.: build after this auction"):
        apply(spec, s, A.BuildSculpture(11, player=2))
    assert state_to_struct(s) == before
    for _ in range(3):
        s = apply(spec, s, A.PassBid())
    assert s.phase == "turn"
    assert apply(spec, s, A.BuildSculpture(11, player=2)).phase == "building_auction"


def trade_offer(s: GameState) -> GameState:
    return replace(s, phase="trade", actor=1, offer=A.ProposeTrade(1, give_cash=10))


SETUPS = {
    "buy": lambda s: replace(s, phase="buy", pending=5, may_roll=False, rolled=True),
    "tax": lambda s: replace(s, phase="tax", pending=4, may_roll=False, rolled=True),
    "debt": lambda s: replace(s, phase="debt", debts=(Debt(0, TRUSTEES, 5000, "for a test"),)),
    "trade": trade_offer,
    "transfer": lambda s: replace(
        own(s, 0, 5, mortgaged=True), phase="transfer", transfers=(5,), may_roll=False
    ),
}


@pytest.mark.parametrize("phase", list(SETUPS))
@pytest.mark.parametrize("winner", ["Cy", "Bo"])
def test_the_game_returns_to_the_phase_the_request_came_in(phase: str, winner: str) -> None:
    # Cy asks during a decision someone else owes; Ann (when she may bid) drops out
    s = SETUPS[phase](three(left=1))
    waiting = (s.phase, s.actor, s.pending, s.offer, s.debts, s.transfers)
    main = [a for a in legal_actions(SPEC, s) if not isinstance(a, A.MANAGEMENT)]
    s = apply(SPEC, s, A.BuildSculpture(11, player=2))
    assert s.auction is not None
    # a debtor does not bid (she may only sell and mortgage)
    assert s.auction.bidders == ((2, 1) if phase == "debt" else (2, 0, 1))
    assert (s.phase, s.auction.resume) == ("building_auction", phase)
    s = apply(SPEC, s, A.Bid(100))
    if phase != "debt":
        s = apply(SPEC, s, A.PassBid())  # Ann
    if winner == "Bo":
        s = apply(SPEC, s, A.Bid(110))
        s = apply(SPEC, s, A.PassBid())  # Cy
        assert s.phase == "placing"
        s = apply(SPEC, s, A.PlaceBuilding(18))
        assert (s.level[18], s.level[11], cash(s)[1]) == (1, 0, 1390)
    else:
        s = apply(SPEC, s, A.PassBid())  # Bo
        assert (s.level[11], cash(s)[2]) == (1, 1400)
    assert (s.phase, s.actor, s.pending, s.offer, s.debts, s.transfers) == waiting
    assert s.auction is None and s.sculptures_left == 0
    assert [a for a in legal_actions(SPEC, s) if not isinstance(a, A.MANAGEMENT)] == main


def test_the_status_line_names_the_bidders_and_the_high_bid() -> None:
    s = apply(SPEC, three(left=1), A.BuildSculpture(1))
    s = apply(SPEC, s, A.Bid(50))
    assert waiting_for(SPEC, s) == (
        "building shortage: 1 sculpture left, one is auctioned (asked for by Ann for Fasano "
        "House); still bidding: Ann, Bo, Cy; high bid $50 by Ann; bid at least the price "
        "of a sculpture on your street, or drop out"
    )
    assert describe(SPEC, s, A.Bid(100)) == "Bid $100"


# ---- bots ------------------------------------------------------------------------------


def test_builders_bid_up_to_twice_the_price_and_place_what_they_win() -> None:
    # Ann (builder, $50 sculptures) asks and bids $50; Cy (builder, $100) bids his price;
    # $110 is more than twice Ann's price, so she drops out, and Cy puts the sculpture on
    # South Hall (his cheapest, lowest, first street); Bo (buy_all, no group) is not asked
    spec = SPEC
    s = replace(own(own(game(3), 0, *BROWN), 2, *PINK), sculptures_left=1)
    bots = {0: make_bot("builder"), 1: make_bot("buy_all"), 2: make_bot("builder")}
    seen = []
    while True:
        a = bots[s.actor].choose(spec, s)
        seen.append((s.players[s.actor].name, a))
        s = apply(spec, s, a)
        if s.phase == "turn":
            break
    assert seen == [
        ("Ann", A.BuildSculpture(1)),
        ("Ann", A.Bid(50)),
        ("Cy", A.Bid(100)),  # his floor: the price of his own sculptures
        ("Ann", A.PassBid()),  # $110 is over her limit of $100
        ("Cy", A.PlaceBuilding(11)),
    ]
    assert (s.level[11], s.level[1], cash(s)) == (1, 0, [1500, 1500, 1400])


def test_a_reserve_bot_pays_at_most_a_quarter_over_the_price() -> None:
    s = apply(SPEC, replace(own(own(game(2), 0, *BROWN), 1, *ORANGE), sculptures_left=1),
              A.BuildSculpture(16, player=1))  # fmt: skip
    s = apply(SPEC, s, A.Bid(110))  # Bo asked; Ann's turn to bid
    bot = make_bot("reserve")
    assert bot.choose(SPEC, s) == A.PassBid()  # Ann's floor $50: limit $62 < $120
    s = apply(SPEC, replace(own(own(game(2), 0, *BROWN), 1, *ORANGE), sculptures_left=1),
              A.BuildSculpture(1))  # fmt: skip
    assert bot.choose(SPEC, s) == A.Bid(50)
    s = apply(SPEC, s, A.Bid(50))
    s = apply(SPEC, s, A.Bid(100))  # Bo
    assert make_bot("buy_all").choose(SPEC, s) == A.PassBid()  # never builds
    assert bot.choose(SPEC, s) == A.PassBid()


@pytest.mark.parametrize("name", ["buy_all", "reserve", "builder"])
def test_bots_reject_a_trade_that_no_longer_holds(name: str) -> None:
    # audit 1a: Ann offers $1400 for Fasano House, then builds: she has $1300 left
    s = own(own(game(), 0, 37, 39), 1, 1)
    s = apply(SPEC, s, A.ProposeTrade(1, take=(1,), give_cash=1400))
    s = apply(SPEC, s, A.BuildSculpture(37, player=0))
    assert legal_actions(SPEC, s)[0] == A.RejectTrade()
    assert make_bot(name).choose(SPEC, s) == A.RejectTrade()  # was AcceptTrade: illegal


@pytest.mark.parametrize("name", ["reserve", "builder"])
def test_bots_keep_a_mortgage_they_may_not_lift(name: str) -> None:
    # audit 1b: WALF Radio came to Ann with its mortgage while she owes $1600 she cannot
    # pay: lifting ($110) is refused, so she keeps it (pays $10 as a debt)
    s = own(game(), 0, 5, mortgaged=True)
    s = replace(s, phase="transfer", transfers=(5,), may_roll=False,
                debts=(Debt(0, 1, 1600, "for a test"),))  # fmt: skip
    assert legal_actions(SPEC, s)[0] == A.KeepMortgage(5)
    assert A.LiftMortgage(5) not in legal_actions(SPEC, s)
    assert make_bot(name).choose(SPEC, s) == A.KeepMortgage(5)  # was LiftMortgage: illegal
    # with nothing owed, both styles still lift at once
    s = replace(s, debts=())
    assert make_bot(name).choose(SPEC, s) == A.LiftMortgage(5)


def test_bots_play_only_legal_moves_with_a_short_supply() -> None:
    # every strategy on the checked path; each seat starts with a colour group and the
    # supplies are small, so shortage auctions are frequent: no IllegalAction, supplies
    # and money conserved
    names = ["builder", "random", "reserve", "builder", "buy_all"]
    groups = [BROWN, PINK, ORANGE, (6, 8, 9), (21, 23, 24), (26, 27, 29)]
    auctions = placings = 0
    for seed in range(24):
        rng = make_rng(seed)
        n = 2 + seed % 4
        spec = AlfredopolySpec(sculptures=8 + seed % 5, statues=1 + seed % 2, max_rounds=40,
                               auction=seed % 2 == 1)  # fmt: skip
        s = new_game(spec, n, seed=seed)
        for k in range(n):
            s = own(s, k, *groups[(seed + k) % len(groups)])
        bots = [make_bot(names[(seed + k) % 5], seed=seed * 10 + k) for k in range(n)]
        while s.phase != "over":
            if is_chance(s):
                s = apply_chance(spec, s, sample_outcome(chance_outcomes(spec, s), rng))
                continue
            before = s.phase
            s = apply(spec, s, bots[s.actor].choose(spec, s))  # raises if illegal
            if s.phase != before:
                auctions += s.phase == "building_auction"
                placings += s.phase == "placing"
            on_board = sum(lv for lv in s.level if lv < 5)
            statues = sum(1 for lv in s.level if lv == 5)
            assert on_board + s.sculptures_left == spec.sculptures
            assert statues + s.statues_left == spec.statues
            assert min(p.cash for p in s.players) >= 0
    assert auctions >= 40 and placings >= 10, (auctions, placings)  # 87 and 50


def test_the_fast_path_plays_shortage_auctions_as_the_checked_api_does() -> None:
    # the bots on one working table (as simulations run them, no checks) and the checked
    # API step by step from the same start: the same states all the way
    spec = AlfredopolySpec(sculptures=9, statues=1, max_rounds=40)
    auctions = 0
    for seed in range(6):
        rng = make_rng(seed)
        s = own(own(own(new_game(spec, 3, seed=seed), 0, *BROWN), 1, *ORANGE), 2, *PINK)
        t = Table(spec, s, log=False)
        fast = [make_bot(n, seed=seed + k) for k, n in enumerate(["builder", "reserve", "random"])]
        slow = [make_bot(n, seed=seed + k) for k, n in enumerate(["builder", "reserve", "random"])]
        while s.phase != "over":
            if is_chance(s):
                roll = sample_outcome(chance_outcomes(spec, s), rng)
                s = apply_chance(spec, s, roll)
                t.roll(roll.values)
            else:
                action = fast[t.actor].decide(t)
                assert slow[s.actor].choose(spec, s) == action
                before = s.phase
                s = apply(spec, s, action)  # raises if the fast path did anything illegal
                t.do(action)
                if s.phase != before and s.phase == "building_auction":
                    auctions += 1
            assert t.freeze() == s
    assert auctions >= 5, auctions


def test_a_saved_game_keeps_the_auction_and_where_to_go_back_to() -> None:
    s = apply(SPEC, SETUPS["trade"](three(left=1)), A.BuildSculpture(11, player=2))
    s = apply(SPEC, s, A.Bid(100))
    data = state_to_struct(s)
    assert data["auction"] == {
        "space": 11, "bidders": [2, 0, 1], "turn": 1, "high_bid": 100, "high_bidder": 2,
        "building": "sculpture", "resume": "trade", "resume_actor": 1,
    }  # fmt: skip
    assert state_from_struct(data, SPEC) == s
    data["auction"]["resume"] = "lunch"
    with pytest.raises(ValueError, match="state.auction.resume: 'lunch' is not allowed"):
        state_from_struct(data, SPEC)
