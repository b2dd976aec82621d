"""Property on the working table: buying, the auction house rule, building and selling
sculptures, mortgages, and trades between players (rules 4, 10-12 and Decisions)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from gamekit.alfredopoly import actions as A
from gamekit.alfredopoly.board import Board
from gamekit.alfredopoly.constants import SCULPTURES_PER_STATUE, STATUE, TRUSTEES
from gamekit.alfredopoly.phases import PHASES
from gamekit.alfredopoly.state import AuctionState
from gamekit.alfredopoly.turns import DUE_PHASES, TurnRules


class PropertyRules(TurnRules):
    """Buy, bid, build, sell, mortgage, lift, keep a mortgage, trade."""

    __slots__ = ()

    def _do_buy(self, a: A.BuySpace) -> None:
        s = self.board.spaces[a.space]
        # the words only when a log keeps them (here and below: frequent on the fast path)
        why = f"bought {s.name} for ${s.price}" if self.narrating else ""
        self._pay(self.actor, TRUSTEES, s.price, "purchase", why)
        self.owner[a.space] = self.actor
        self.owner_version += 1
        self.pending = -1
        self.proceed()

    def _do_decline(self, a: A.DeclineBuy) -> None:
        cur = self.current
        if self.narrating:
            self.log.say("decline", f"{self._nm(cur)} declined {self.board.spaces[a.space].name}",
                         cur)  # fmt: skip
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
        self.log.say("bid", f"{self._nm(self.actor)} bid ${a.amount}", self.actor, None)
        turn = (au.turn + 1) % len(au.bidders)
        self._auction_next(replace(au, turn=turn, high_bid=a.amount, high_bidder=self.actor))

    def _do_pass_bid(self, a: A.PassBid) -> None:
        au = self.auction
        assert au is not None
        self.log.say("bid", f"{self._nm(self.actor)} dropped out of the auction", self.actor)
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
            self._pay(au.high_bidder, TRUSTEES, au.high_bid, "purchase",
                      f"bought {s.name} at auction for ${au.high_bid}")  # fmt: skip
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
            from gamekit.alfredopoly.checks import shortage_bidders  # checks imports us

            bidders = shortage_bidders(self, seat, i)  # type: ignore[arg-type]
            if bidders:
                self._open_building_auction(seat, i, bidders)
                return
        self._place(seat, i, self.board.spaces[i].building_cost, "")

    def building_kind(self, i: int) -> str:
        """The supply a build on street ``i`` draws from: the fifth purchase is the statue
        (``"statue"``), the others are sculptures (``"sculpture"``)."""
        return "statue" if self.level[i] == SCULPTURES_PER_STATUE else "sculpture"

    def _place(self, seat: int, i: int, price: int, how: str) -> None:
        """One more sculpture (or the statue) on street ``i`` from the supply, for ``price``."""
        s = self.board.spaces[i]
        if self.level[i] == SCULPTURES_PER_STATUE:
            self.statues_left -= 1
            self.sculptures_left += SCULPTURES_PER_STATUE
            what = "a statue of King Alfred"
        else:
            self.sculptures_left -= 1
            what = "a sculpture"
        self.level[i] += 1
        why = f"built {what} on {s.name} for ${price}{how}" if self.narrating else ""
        self._pay(seat, TRUSTEES, price, "build", why)

    def _open_building_auction(self, seat: int, i: int, bidders: tuple[int, ...]) -> None:
        """Rule 10, Decision "building shortage": the request opens an auction for one
        building among ``bidders``; the game then returns to the phase it was in."""
        building = self.building_kind(i)
        left = self.statues_left if building == "statue" else self.sculptures_left
        names = ", ".join(self._nm(q) for q in bidders)
        self.log.say("shortage", f"{self._nm(seat)} asked to build on {self.board.spaces[i].name}"
                     f", but the trustees have {left} {building}{'s' if left != 1 else ''} left "
                     f"for {len(bidders)} players who can build: one is auctioned among "
                     f"{names}", seat)  # fmt: skip
        self.auction = AuctionState(i, bidders, 0, 0, -1, building, self.phase, self.actor)
        self.phase = PHASES.move(self.phase, "building_auction")
        self.actor = seat

    def _building_auction_won(self, au: AuctionState) -> None:
        """The end of a building-shortage auction: the winner pays the bid and the building
        goes on the requested street when the winner asked for it and may still build
        there, else on a street the winner chooses (``placing``)."""
        from gamekit.alfredopoly.checks import place_options  # checks imports us

        winner = au.high_bidder
        if winner < 0:
            self.log.say("shortage", f"Nobody bid: the {au.building} stays with the trustees")
            self._resume(au)
            return
        self.auction = au  # place_options reads the winning bid
        options = place_options(self, winner)  # type: ignore[arg-type]
        if au.space in options and self.owner[au.space] == winner:
            self._do_place(A.PlaceBuilding(au.space))
            return
        if not options:  # management during the auction took away every street for it
            self.auction = None
            self.log.say("shortage", f"{self._nm(winner)} has no street that can take "
                         f"the {au.building} now: it stays with the trustees, unpaid",
                         winner)  # fmt: skip
            self._resume(au)
            return
        self.auction = replace(au, bidders=(winner,), turn=0)
        self.phase = PHASES.move(self.phase, "placing")
        self.actor = winner

    def _do_place(self, a: A.PlaceBuilding) -> None:
        au = self.auction
        assert au is not None
        self.auction = None
        self._place(au.high_bidder, a.space, au.high_bid, " (won at auction)")
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
        why = f"sold a sculpture on {s.name} for ${half}" if self.narrating else ""
        self._receive(seat, half, "sell", why)

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
        self._receive(seat, total, "sell",
                      f"sold every sculpture of the {a.group} group for ${total}")  # fmt: skip

    def _do_mortgage(self, a: A.Mortgage) -> None:
        s = self.board.spaces[a.space]
        self.mortgaged[a.space] = True
        self.mortgage_version += 1
        why = f"mortgaged {s.name} for ${s.mortgage}" if self.narrating else ""
        self._receive(self.actor if a.player is None else a.player, s.mortgage, "mortgage", why)

    def _do_lift(self, a: A.LiftMortgage) -> None:
        s = self.board.spaces[a.space]
        cost = self.spec.lift_cost(a.space)
        self.mortgaged[a.space] = False
        self.mortgage_version += 1
        why = f"paid ${cost} to lift the mortgage on {s.name}" if self.narrating else ""
        self._pay(self.actor if a.player is None else a.player, TRUSTEES, cost, "lift", why)
        if a.space in self.transfers:  # lifted at once after changing hands (Decision)
            self.transfers.remove(a.space)
            if self.phase == "transfer":
                self.proceed()

    def _do_keep(self, a: A.KeepMortgage) -> None:
        """Decision (rules 11-13): the new owner keeps the mortgage and pays 10% of it now."""
        s = self.board.spaces[a.space]
        self.transfers.remove(a.space)
        self._owe(self.actor, TRUSTEES, self.spec.transfer_interest(a.space), "interest",
                  f"to keep the mortgage on {s.name}")  # fmt: skip
        self.proceed()

    def _do_propose(self, a: A.ProposeTrade) -> None:
        self.offer = a
        self.phase = PHASES.move(self.phase, "trade")
        self.actor = a.partner
        if self.narrating:  # describing the offer costs more than the rest of the step
            self.log.say("trade", f"{self._nm(self.current)} offered {self._nm(a.partner)} a "
                         f"trade: {self.describe_offer(a)}", self.current)  # fmt: skip

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
        self.log.say("trade", f"{self._nm(you)} accepted the trade", you)
        if o.give_cash:
            self._pay(me, you, o.give_cash, "trade_payment", f"paid ${o.give_cash} to "
                      f"{self._nm(you)} in the trade")  # fmt: skip
        if o.take_cash:
            self._pay(you, me, o.take_cash, "trade_payment", f"paid ${o.take_cash} to "
                      f"{self._nm(me)} in the trade")  # fmt: skip
        self.offer = None
        self.transfers += sorted(i for i in (*o.give, *o.take) if self.mortgaged[i])
        self.proceed()

    def _do_reject(self, a: A.RejectTrade) -> None:
        self.log.say("trade", f"{self._nm(self.actor)} rejected the trade", self.actor)
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

    def side(spaces: Sequence[int], cash: int, cards: Sequence[str]) -> str:
        parts = [board.spaces[i].name for i in spaces]
        if cash:
            parts.append(f"${cash}")
        parts += [f"Get out card {c}" for c in cards]
        return ", ".join(parts) or "nothing"

    return (f"gives {side(a.give, a.give_cash, a.give_cards)} for "
            f"{side(a.take, a.take_cash, a.take_cards)}")  # fmt: skip
