"""Property on the working table: buying, the auction house rule, building and selling
sculptures, mortgages, and trades between players (rules 4, 10-12 and Decisions)."""

from __future__ import annotations

from dataclasses import replace

from gamekit.alfredopoly import actions as A
from gamekit.alfredopoly.board import Board
from gamekit.alfredopoly.constants import SCULPTURES_PER_STATUE, STATUE, TRUSTEES
from gamekit.alfredopoly.management import place_options, shortage_bidders
from gamekit.alfredopoly.narration import listed, offer_words, phrasebook, reason
from gamekit.alfredopoly.phases import PHASES
from gamekit.alfredopoly.state import AuctionState
from gamekit.alfredopoly.turns import DUE_PHASES, TurnRules
from gamekit.core.events import Words


class PropertyRules(TurnRules):
    """Buy, bid, build, sell, mortgage, lift, keep a mortgage, trade."""

    __slots__ = ()

    def _do_buy(self, a: A.BuySpace) -> None:
        s = self.board.spaces[a.space]
        self._pay(self.actor, TRUSTEES, s.price, "purchase", "buy", key="space", value=s.name)
        self.owner[a.space] = self.actor
        self.owner_version += 1
        self.pending = -1
        self.proceed()

    def _do_decline(self, a: A.DeclineBuy) -> None:
        cur = self.current
        self.log.moved("decline", "decline", cur, self.players[cur].name, self.lay.names[a.space])
        if self.spec.auction:
            n = len(self.players)
            bidders = tuple(
                (cur + k) % n for k in range(n) if not self.players[(cur + k) % n].bankrupt
            )
            self.auction = AuctionState(a.space, bidders)
            self.phase = PHASES.move(self.phase, "auction")
            self.actor = bidders[0]
            return
        self.pending = -1
        self.proceed()

    def _do_bid(self, a: A.Bid) -> None:
        au = self.auction
        assert au is not None
        self.log.say("bid", "bid", self.actor, None, None, player=self._who(self.actor),
                     amount=a.amount)  # fmt: skip
        turn = (au.turn + 1) % len(au.bidders)
        self._auction_next(replace(au, turn=turn, high_bid=a.amount, high_bidder=self.actor))

    def _do_pass_bid(self, a: A.PassBid) -> None:
        au = self.auction
        assert au is not None
        self.log.say("bid", "bid.pass", self.actor, None, None, player=self._who(self.actor))
        bidders = au.bidders[: au.turn] + au.bidders[au.turn + 1 :]
        turn = au.turn % len(bidders) if bidders else 0
        self._auction_next(replace(au, bidders=bidders, turn=turn))

    def _auction_next(self, au: AuctionState) -> None:
        done = not au.bidders or (len(au.bidders) == 1 and au.high_bidder == au.bidders[0])
        if not done:
            self.auction = au
            self.actor = au.bidders[au.turn]
            return
        self.auction = None
        if au.building:
            self._building_auction_won(au)
            return
        self.pending = -1
        if au.high_bidder >= 0:
            s = self.board.spaces[au.space]
            self._pay(au.high_bidder, TRUSTEES, au.high_bid, "purchase", "buy.auction",
                      key="space", value=s.name)  # fmt: skip
            self.owner[au.space] = au.high_bidder
            self.owner_version += 1
        self.proceed()

    def _do_build(self, a: A.BuildSculpture) -> None:
        seat = self.actor if a.player is None else a.player
        i = a.space
        # rule 10's shortage: fewer left than players who can build from that supply
        # (the supply rarely runs this low, so the count is skipped until it does)
        left = self.statues_left if self.level[i] == SCULPTURES_PER_STATUE else self.sculptures_left
        if left < len(self.players):
            bidders = shortage_bidders(self, seat, i)
            if bidders:
                self._open_building_auction(seat, i, bidders)
                return
        self._place(seat, i, self.board.spaces[i].building_cost, "")

    def _place(self, seat: int, i: int, price: int, how: str) -> None:
        """One more sculpture (or the statue) on street ``i`` from the supply, for ``price``."""
        s = self.board.spaces[i]
        if self.level[i] == SCULPTURES_PER_STATUE:
            self.statues_left -= 1
            self.sculptures_left += SCULPTURES_PER_STATUE
            phrase = "build.statue" + how
        else:
            self.sculptures_left -= 1
            phrase = "build.sculpture" + how
        self.level[i] += 1
        self._pay(seat, TRUSTEES, price, "build", phrase, key="space", value=s.name)

    def _open_building_auction(self, seat: int, i: int, bidders: tuple[int, ...]) -> None:
        """Rule 10, Decision "building shortage": the request opens an auction for one
        building among ``bidders``; the game then returns to the phase it was in."""
        building = self.building_kind(i)
        left = self.statues_left if building == "statue" else self.sculptures_left
        self.log.say("shortage", f"shortage.{building}", seat, None, None,
                     player=self._who(seat), space=self.board.spaces[i].name, left=left,
                     bidders=len(bidders), names=listed([self._who(q) for q in bidders]),
                     seats=bidders)  # fmt: skip
        self.auction = AuctionState(i, bidders, 0, 0, -1, building, self.phase, self.actor)
        self.phase = PHASES.move(self.phase, "building_auction")
        self.actor = seat

    def _building_auction_won(self, au: AuctionState) -> None:
        """The end of a building-shortage auction: the winner pays the bid and the building
        goes on the requested street when the winner asked for it and may still build
        there, else on a street the winner chooses (``placing``)."""
        winner = au.high_bidder
        if winner < 0:
            self.log.say("shortage", "shortage.nobody", None, None, None,
                         building=Words(f"building.{au.building}"))  # fmt: skip
            self._resume(au)
            return
        self.auction = au  # place_options reads the winning bid
        options = place_options(self, winner)
        if au.space in options and self.owner[au.space] == winner:
            self._do_place(A.PlaceBuilding(au.space))
            return
        if not options:  # management during the auction took away every street for it
            self.auction = None
            self.log.say("shortage", "shortage.unplaced", winner, None, None,
                         player=self._who(winner),
                         building=Words(f"building.{au.building}"))  # fmt: skip
            self._resume(au)
            return
        self.auction = replace(au, bidders=(winner,), turn=0)
        self.phase = PHASES.move(self.phase, "placing")
        self.actor = winner

    def _do_place(self, a: A.PlaceBuilding) -> None:
        au = self.auction
        assert au is not None
        self.auction = None
        self._place(au.high_bidder, a.space, au.high_bid, ".auction")
        self._resume(au)

    def _resume(self, au: AuctionState) -> None:
        """Back where the shortage auction was opened (rule 10, Decision "building
        shortage"). A turn, a debt or a transfer is worked out again by :meth:`proceed`
        from what is still due, since management meanwhile may have changed it (say, the
        receiver lifted the transferred mortgage); a purchase, Alumni Hall or a trade
        answer is asked again as it was."""
        if au.resume in DUE_PHASES:
            self.proceed()
            return
        self.phase = PHASES.move(self.phase, au.resume)
        self.actor = au.resume_actor

    def _do_sell(self, a: A.SellSculpture) -> None:
        seat = self.actor if a.player is None else a.player
        i = a.space
        s = self.board.spaces[i]
        if self.level[i] == STATUE:
            self.statues_left += 1
            self.sculptures_left -= SCULPTURES_PER_STATUE
        else:
            self.sculptures_left += 1
        self.level[i] -= 1
        half = s.building_cost // 2
        self._receive(seat, half, "sell", "sell", key="space", value=s.name)

    def _do_sell_all(self, a: A.SellAllSculptures) -> None:
        seat = self.actor if a.player is None else a.player
        total = 0
        for i in self.board.groups[a.group]:
            lv = self.level[i]
            if lv == STATUE:
                self.statues_left += 1
            else:
                self.sculptures_left += lv
            total += lv * (self.board.spaces[i].building_cost // 2)
            self.level[i] = 0
        self._receive(seat, total, "sell", "sell.group", key="group", value=a.group)

    def _do_mortgage(self, a: A.Mortgage) -> None:
        s = self.board.spaces[a.space]
        self.mortgaged[a.space] = True
        self.mortgage_version += 1
        seat = self.actor if a.player is None else a.player
        self._receive(seat, s.mortgage, "mortgage", "mortgage", key="space", value=s.name)

    def _do_lift(self, a: A.LiftMortgage) -> None:
        s = self.board.spaces[a.space]
        cost = self.spec.lift_cost(a.space)
        self.mortgaged[a.space] = False
        self.mortgage_version += 1
        seat = self.actor if a.player is None else a.player
        self._pay(seat, TRUSTEES, cost, "lift", "lift", key="space", value=s.name)
        if a.space in self.transfers:  # lifted at once after changing hands (Decision)
            self.transfers.remove(a.space)
            if self.phase == "transfer":
                self.proceed()

    def _do_keep(self, a: A.KeepMortgage) -> None:
        """Decision (rules 11-13): the new owner keeps the mortgage and pays 10% of it now."""
        s = self.board.spaces[a.space]
        self.transfers.remove(a.space)
        self._owe(self.actor, TRUSTEES, self.spec.transfer_interest(a.space), "interest",
                  reason("why.keep", space=s.name))  # fmt: skip
        self.proceed()

    def _do_propose(self, a: A.ProposeTrade) -> None:
        self.offer = a
        self.phase = PHASES.move(self.phase, "trade")
        self.actor = a.partner
        cur = self.current  # the null log describes nothing (the offer's words cost most)
        self.log.offered(self.board, cur, self._who(cur), self._who(a.partner), a)

    def describe_offer(self, a: A.ProposeTrade) -> str:
        """The terms of offer ``a`` in the log's words (see :func:`offer_terms`)."""
        return offer_terms(self.board, a)

    def _do_accept(self, a: A.AcceptTrade) -> None:
        o = self.offer
        assert o is not None
        me, you = self.current, o.partner
        self.owner_version += 1
        for i in o.give:
            self.owner[i] = you
        for i in o.take:
            self.owner[i] = me
        for c in o.give_cards:
            self.players[me].cards.remove(c)
            self.players[you].cards.append(c)
        for c in o.take_cards:
            self.players[you].cards.remove(c)
            self.players[me].cards.append(c)
        self.log.say("trade", "trade.accept", you, None, None, player=self._who(you))
        if o.give_cash:
            self._pay(
                me,
                you,
                o.give_cash,
                "trade_payment",
                "trade.pay",
                key="receiver",
                value=self._nm(you),
            )
        if o.take_cash:
            self._pay(
                you,
                me,
                o.take_cash,
                "trade_payment",
                "trade.pay",
                key="receiver",
                value=self._nm(me),
            )
        self.offer = None
        self.transfers += sorted(i for i in (*o.give, *o.take) if self.mortgaged[i])
        self.proceed()

    def _do_reject(self, a: A.RejectTrade) -> None:
        self.log.say("trade", "trade.reject", self.actor, None, None,
                     player=self._who(self.actor))  # fmt: skip
        self.offer = None
        self.phase = PHASES.move(self.phase, "turn")
        self.actor = self.current


def offer_terms(board: Board, a: A.ProposeTrade) -> str:
    """The terms of a trade offer as the log and the buttons say them: what the proposer
    gives for what they take (space names, cash, "Get out" cards).

    >>> from gamekit.alfredopoly.spec import AlfredopolySpec
    >>> offer_terms(AlfredopolySpec().board, A.ProposeTrade(1, give=(1,), give_cash=10))
    'gives Fasano House, $10 for nothing'
    """

    return phrasebook().text(offer_words(board, a))
