"""The flow of a turn on the working table: dice, moves, the spaces, cards, the next turn.

Every change of phase goes through the phase table (``PHASES.move``), which raises
``IllegalTransition`` for a change it does not allow.
"""

from __future__ import annotations

from gamekit.alfredopoly import actions as A
from gamekit.alfredopoly.board import DECK_TITLES, DECKS
from gamekit.alfredopoly.constants import (
    DOUBLES_LIMIT,
    RAILROAD_CARD_FACTOR,
    STATUE,
    TRUSTEES,
    UTILITY_CARD_MULTIPLIER,
)
from gamekit.alfredopoly.money import MoneyRules
from gamekit.alfredopoly.narration import reason
from gamekit.alfredopoly.phases import OVER, PHASES
from gamekit.alfredopoly.working import _CARD_MODE

DUE_PHASES = frozenset({"turn", "debt", "transfer"})
_JAIL_REASON = reason("why.jail")
"""The phases :meth:`TurnRules.proceed` reaches from what is still due (transfers, then
debts, then the turn); the other waiting phases hold a question of their own (a space on
offer, Alumni Hall, a trade offer) that stays asked until it is answered."""


class TurnRules(MoneyRules):
    """A turn: settle what is due, roll, move, land, draw, go to Probation, end the turn."""

    __slots__ = ()

    def proceed(self) -> None:
        """Settle debts and pending moves until a decision or a chance is needed."""
        while self.phase != OVER:
            if self.transfers:  # a mortgaged property changed hands: its owner decides
                self.phase = PHASES.move(self.phase, "transfer")
                self.actor = self.owner[self.transfers[0]]
                return
            while self.debts:
                d = self.debts[0]
                if self.players[d.debtor].cash < d.amount:
                    self.phase = PHASES.move(self.phase, "debt")
                    self.actor = d.debtor
                    return
                del self.debts[0]
                self._settle(d.debtor, d.creditor, d.amount, d.kind, d.reason, d.jackpot)
            if self.then_move:
                steps, self.then_move = self.then_move, 0
                if self._move(steps, ""):
                    return
                continue
            self.phase = PHASES.move(self.phase, "turn")
            self.actor = self.current
            return

    def roll(self, values: tuple[int, ...]) -> None:
        """Resolve the dice of a chance step (the phase is ``dice`` or ``card_dice``)."""
        if len(values) == 2:  # two dice, the usual case: cheaper than sum() and count()
            first, second = values
            total = first + second
            double = first == second
        else:
            total = sum(values)
            double = len(values) > 1 and values.count(values[0]) == len(values)
        cur = self.current
        p = self.players[cur]
        self.last_roll = values
        if self.phase == "card_dice":
            fee = UTILITY_CARD_MULTIPLIER * total
            space = self.pending
            self.pending = -1
            self.log.rolled("roll.card", cur, p.name, values)
            why = reason("why.utility_card", space=self.board.spaces[space].name, total=total)
            self._owe(cur, self.owner[space], fee, "fee", why)
            self.proceed()
            return
        self.rolled = True
        if p.in_jail:
            if double:  # rule 9a: leave, move by the roll, no extra roll
                p.in_jail = False
                p.jail_tries = 0
                self.may_roll = False
                self.log.rolled("roll.jail.leave", cur, p.name, values)
                if not self._move(total, ""):
                    self.proceed()
                return
            p.jail_tries += 1
            self.may_roll = False
            if p.jail_tries >= self.spec.jail_tries:  # Decision: pay and move by that roll
                p.in_jail = False
                p.jail_tries = 0
                self.log.rolled("roll.jail.last", cur, p.name, values)
                self._owe(cur, TRUSTEES, self.spec.jail_fine, "fine",
                          _JAIL_REASON, True)  # fmt: skip
                self.then_move = total
            else:
                self.log.rolled("roll.jail.stay", cur, p.name, values)
            self.proceed()
            return
        if double:
            self.doubles += 1
            if self.doubles >= DOUBLES_LIMIT:  # rule 2 / 8c: third double, straight to Probation
                self.log.rolled("roll.third_double", cur, p.name, values)
                self._jail(cur)
                self.proceed()
                return
        self.may_roll = double
        self.log.rolled("roll", cur, p.name, values)
        if not self._move(total, ""):
            self.proceed()

    def _move(self, steps: int, mode: str) -> bool:
        """Move the current player forward; True if the landing waits for a decision.

        Rule 3: workstudy each time the player passes or lands on Academic Alley; dice
        with many sides (an option) may carry the token round the board more than once.
        """
        cur = self.current
        p = self.players[cur]
        new = p.position + steps
        n = self.lay.n
        if new >= n:  # rule 3: passing or landing on Academic Alley
            laps, new = divmod(new, n)
            p.position = new
            salary = self.spec.salary
            p.cash += salary * laps
            for _ in range(laps):
                self.log.paid("workstudy", "workstudy", None, salary, cur, p.name)
        p.position = new
        self.log.moved("move", "move", cur, p.name, self.lay.names[new])
        return self._land(new, mode)

    def _land(self, i: int, mode: str) -> bool:
        cur = self.current
        lay = self.lay
        kind = lay.kind[i]
        if lay.is_property[i]:
            o = self.owner[i]
            if o == TRUSTEES:  # rule 4
                self.phase = PHASES.move(self.phase, "buy")
                self.pending = i
                self.actor = cur
                return True
            if o == cur or self.mortgaged[i]:  # rule 5: a mortgaged property collects no fee
                return False
            if kind == "utility" and mode == "card":
                self.phase = PHASES.move(self.phase, "card_dice")
                self.pending = i
                self.actor = cur
                return True
            fee = self.fee(i, sum(self.last_roll))
            if mode == "double":
                fee *= RAILROAD_CARD_FACTOR
            self._owe(cur, o, fee, "fee", lay.fee_reason[i])
            return False
        if kind == "card":  # rule 6
            return self._draw(lay.deck_at[i])
        if kind == "tax":
            s = self.board.spaces[i]
            if s.tax_percent:  # rule 7: the player chooses before counting
                self.phase = PHASES.move(self.phase, "tax")
                self.pending = i
                self.actor = cur
                return True
            self._owe(cur, TRUSTEES, s.tax, "tax", lay.fee_reason[i], True)
            return False
        if kind == "go_to_jail":  # rule 8a
            self._jail(cur)
            return False
        if kind == "free_parking" and self.jackpot:
            amount, self.jackpot = self.jackpot, 0
            self._receive(cur, amount, "jackpot", "jackpot")
        return False

    def fee(self, i: int, dice_total: int) -> int:
        """The fee for landing on owned, unmortgaged space ``i`` (rule 5 and Decisions)."""
        rents = self.board.spaces[i].rents
        owner = self.owner
        o = owner[i]
        kind = self.lay.kind[i]
        group = self.lay.group[i]
        # plain loops below: about twice as fast as all()/sum() over a generator
        if kind == "street":
            lv = self.level[i]
            if lv:
                return rents[lv]
            for j in group:
                if owner[j] != o:
                    return rents[0]
            return rents[0] * 2  # the whole group: double
        count = 0
        for j in group:
            if owner[j] == o:
                count += 1
        if kind == "railroad":
            return rents[count - 1]
        return rents[count - 1] * dice_total

    def _jail(self, seat: int) -> None:
        """Rule 8: to Academic Probation; the turn ends, no workstudy."""
        p = self.players[seat]
        p.position = self.board.jail
        p.in_jail = True
        p.jail_tries = 0
        self.may_roll = False
        self.doubles = 0
        self.then_move = 0
        self.log.moved("jail", "jail", seat, p.name, self.lay.names[p.position])

    def _draw(self, d: int) -> bool:
        """Rule 6: draw the top card; it goes to the bottom unless it is kept."""
        cur = self.current
        p = self.players[cur]
        cid = self.decks[d].pop(0)
        card = self.board.cards[cid]
        if card.effect == "get_out_of_jail":
            p.cards.append(cid)
        else:
            self.decks[d].append(cid)
        self.log.drew(cur, p.name, DECK_TITLES[DECKS[d]], card.text, cid)
        effect = card.effect
        mode = _CARD_MODE.get(effect)
        if mode is not None:
            dest = self.lay.dest[cid][p.position]
            if dest is None:  # no such space on this board: the card does nothing
                return False
            if mode == "back":  # never pays workstudy; the new space is resolved
                p.position = dest
                self.log.moved("move", "move.back", cur, p.name, self.lay.names[dest])
                return self._land(dest, "")
            return self._move((dest - p.position) % self.lay.n, mode)
        n = self.lay.n
        if effect == "go_to_jail":  # rule 8b
            self._jail(cur)
        elif effect == "collect":
            self._receive(cur, card.amount, "card_payment", "card.collect", key="card", value=cid)
        elif effect == "pay":
            why = reason("why.card", card=cid)
            self._owe(cur, TRUSTEES, card.amount, "card_payment", why, True)
        elif effect == "repairs":
            lv = [self.level[i] for i in range(n) if self.owner[i] == cur]
            statues = sum(1 for v in lv if v == STATUE)
            sculptures = sum(v for v in lv if v < STATUE)
            cost = sculptures * card.per_sculpture + statues * card.per_statue
            why = reason("why.repairs", sculptures=sculptures, statues=statues, card=cid)
            self._owe(cur, TRUSTEES, cost, "card_payment", why, True)
        elif effect in ("collect_from_each", "pay_each"):
            for k in range(1, len(self.players)):
                q = (cur + k) % len(self.players)
                if self.players[q].bankrupt:
                    continue
                if effect == "pay_each":
                    self._owe(cur, q, card.amount, "card_payment", reason("why.card", card=cid))
                else:
                    self._owe(q, cur, card.amount, "card_payment", reason("why.card", card=cid))
        return False

    def next_turn(self) -> None:
        """End the current turn and start the next active player's."""
        players = self.players
        n = len(players)
        cur = self.current
        nxt = (cur + 1) % n
        while players[nxt].bankrupt and nxt != cur:  # (no range(): it runs every turn)
            nxt = (nxt + 1) % n
        if nxt <= cur:
            self.round += 1
        self.turn += 1
        self.current = nxt
        self.actor = nxt
        self.phase = PHASES.move(self.phase, "turn")
        self.may_roll = True
        self.rolled = False
        self.doubles = 0
        self.pending = -1
        self.then_move = 0
        limit = self.spec.max_rounds
        if limit is not None and self.round > limit:
            self.phase = PHASES.move(self.phase, "over")
            self.ended = "round limit"
            self.log.say("over", "over.rounds", None, None, None, rounds=limit)

    def _do_roll(self, a: A.RollDice) -> None:
        self.phase = PHASES.move(self.phase, "dice")
        self.actor = self.current

    def _do_end(self, a: A.EndTurn) -> None:
        self.next_turn()

    def _do_tax(self, a: A.PayTax) -> None:
        s = self.board.spaces[self.pending]
        cur = self.current
        amount = s.tax if a.choice == "flat" else self.net_worth(cur) * s.tax_percent // 100
        self.pending = -1
        self._owe(cur, TRUSTEES, amount, "tax", reason("why.tax", space=s.name, choice=a.choice),
                  True)  # fmt: skip
        self.proceed()

    def _do_fine(self, a: A.PayJailFine) -> None:
        cur = self.current
        p = self.players[cur]
        self._pay(cur, TRUSTEES, self.spec.jail_fine, "fine", "fine", True)
        p.in_jail = False
        p.jail_tries = 0

    def _do_card(self, a: A.UseGetOutCard) -> None:
        cur = self.current
        p = self.players[cur]
        p.cards.remove(a.card)
        self.decks[self.lay.deck_of[a.card]].append(a.card)
        p.in_jail = False
        p.jail_tries = 0
        self.log.say("card", "card.use", cur, None, None, player=p.name, card=a.card)

    def _do_pay_debt(self, a: A.PayDebt) -> None:
        d = self.debts.pop(0)
        self._settle(d.debtor, d.creditor, d.amount, d.kind, d.reason, d.jackpot)
        self.proceed()
