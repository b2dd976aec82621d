"""The rules of Alfredopoly, in one place, on a mutable working table.

:class:`Table` is a scratch copy of a :class:`~gamekit.alfredopoly.state.GameState`
(lists instead of tuples). The checked public API (:mod:`gamekit.alfredopoly.rules`)
thaws a state into a table, checks the action with :meth:`Table.why_illegal`, applies
it and freezes the result, so a rejected action changes nothing. Bots and
:func:`~gamekit.alfredopoly.simulate.simulate` keep one table for a whole game and skip
the copies: the same rule code, only without the freezing (tests replay the fast
path's choices through the checked ``apply`` and compare every state).

The engine changes phase only through the phase table (``PHASES.move``, in
:mod:`gamekit.alfredopoly.phases`), which raises ``IllegalTransition`` for a change it
does not allow.

Rule numbers in comments refer to ``docs/rules/alfredopoly.md``, the kit's rule book.

Decisions (where the sheet is silent; the kit follows classic US rules before 2008):

- Money owed is a *debt*: paid at once when the debtor has the cash, otherwise the
  debtor must raise money (sell sculptures, mortgage) and then pay, or, when even
  selling and mortgaging everything cannot cover it, go bankrupt (rule 13). Cash never
  goes negative.
- "Pay each player" cards make one debt per player, paid in seat order; a player who
  cannot pay goes bankrupt to the one they cannot pay.
- Organizations (board data): railroads charge 25/50/100/200 by how many the owner
  holds; utilities 4x the dice with one owned, 10x with both. The "nearest railroad"
  card doubles the fee; the "nearest utility" card makes the player roll and pay 10x.
- Owning a whole colour group doubles the base fee of its unimproved buildings even if
  some of the group is mortgaged (classic rule); railroads count every one the owner
  holds, mortgaged or not.
- A mortgaged property that changes hands (trade, or bankruptcy to a player) costs its
  new owner 10% of the mortgage at once (``KeepMortgage``), or the owner lifts it at
  once for the mortgage plus 10% (``LiftMortgage``): the ``transfer`` phase asks, one
  property at a time, before anything else goes on (classic rule; trades are rule 11,
  bankruptcy rule 13, the 10% interest rule 12).
- Bankrupt to a player: sculptures go back to the trustees for half price, then all
  cash, property and "Get out" cards go to the creditor. Bankrupt to the trustees:
  sculptures return to the supply, property returns unmortgaged and buyable, cash goes
  to the trustees, "Get out" cards go to the bottom of their decks.
- Selling a statue returns it to the trustees for half a sculpture's price and puts
  four sculptures back on the building; when the supply has fewer than four,
  ``SellAllSculptures`` sells a whole group's buildings at once (always even).
- Alumni Hall's 10% is of net worth (cash, printed prices of all property, mortgaged
  or not, and what was paid for sculptures and statues), rounded down.
- "At any time" (rule 12, and the classic rules for building and selling): any solvent
  player may build (evenly, from the supply), sell, mortgage and lift whenever the game
  waits for a decision (every phase but ``dice``, ``card_dice`` and ``over``), never
  while a roll or a card is being resolved. A player who owes a debt may only sell and
  mortgage; the high bidder of an auction keeps the cash for the bid.
- The building shortage: the kit does not hold a shortage auction. Decisions reach the
  engine one at a time, so the last sculptures go to whoever builds first while the game
  waits; see ``docs/rules/alfredopoly.md``, Decisions.
- The auction house rule: every player still in the game, starting with the one who
  declined, bids in turn or drops out; the last bidder buys at their bid. If nobody
  bids the property stays with the trustees.
- The Free Parking jackpot house rule collects taxes, card payments to the trustees
  and Probation fines; the player landing on Free Parking takes it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from gamekit.alfredopoly import actions as A
from gamekit.alfredopoly.board import DECK_TITLES, DECKS, Board
from gamekit.alfredopoly.constants import (
    DOUBLES_LIMIT,
    RAILROAD_CARD_FACTOR,
    SCULPTURES_PER_STATUE,
    UTILITY_CARD_MULTIPLIER,
)
from gamekit.alfredopoly.constants import STATUE as STATUE  # re-exported: bots, simulate
from gamekit.alfredopoly.constants import TRUSTEES as TRUSTEES
from gamekit.alfredopoly.narration import NULL_LOG, EventLog
from gamekit.alfredopoly.phases import OVER, PHASES
from gamekit.alfredopoly.state import AuctionState, Debt, GameState, PlayerState
from gamekit.core.actions import Action

if TYPE_CHECKING:
    from gamekit.alfredopoly.spec import AlfredopolySpec

MONEY_KINDS = frozenset(
    {"workstudy", "purchase", "fee", "tax", "card_payment", "fine", "build", "sell",
     "mortgage", "lift", "bankruptcy", "trade_payment", "jackpot", "interest"}
)  # fmt: skip
"""Event kinds that move money: ``player`` pays ``amount`` to ``target`` (``None`` is
the trustees; the Free Parking jackpot is money the trustees hold aside)."""


_go = PHASES.move
"""Every change of phase goes through the phase table (``IllegalTransition`` otherwise)."""

_CARD_MODE = {"move_to": "", "move_nearest_railroad": "double", "move_nearest_utility": "card",
              "move_back": "back"}  # fmt: skip
"""How :meth:`Table._land` treats the space a moving card sends the token to: the
nearest railroad charges double, the nearest utility rolls for 10x, moving back never
passes Academic Alley (it is landed on, not moved to)."""


class _Layout:
    """Per-board lookups, computed once per board."""

    def __init__(self, board: Board) -> None:
        n = len(board.spaces)
        self.n = n
        self.kind = [s.kind for s in board.spaces]
        self.is_property = [s.is_property for s in board.spaces]
        self.group = [board.groups[s.group] if s.group else () for s in board.spaces]
        self.streets_by_group = {
            g: members
            for g, members in board.groups.items()
            if board.spaces[members[0]].kind == "street"
        }
        self.street_groups = list(self.streets_by_group.values())
        self.props = [s.index for s in board.spaces if s.is_property]
        self.deck_of = {c.id: DECKS.index(c.deck) for c in board.cards.values()}
        # dest[card id][position]: where a moving card drawn there sends the token, from
        # the one rule, Board.card_destination (None: the card does not move the token)
        self.dest = {
            c.id: [board.card_destination(i, c) for i in range(n)]
            for c in board.cards.values()
            if c.effect in _CARD_MODE
        }


_LAYOUTS: dict[int, tuple[Board, _Layout]] = {}


def layout(board: Board) -> _Layout:
    """The lookups for ``board`` (cached by identity; boards are immutable)."""
    hit = _LAYOUTS.get(id(board))
    if hit is None or hit[0] is not board:
        hit = (board, _Layout(board))
        _LAYOUTS[id(board)] = hit
    return hit[1]


def _compiled(name: str, lines: list[str], env: dict[str, Any]) -> Callable[..., Any]:
    """A function compiled from source lines, as :mod:`dataclasses` writes ``__init__``:
    the copies between states and tables are derived from the state dataclasses'
    fields, yet run as fast as if every field were written out (the checked API makes
    one table and one state per action)."""
    namespace: dict[str, Any] = {}
    exec("\n".join(lines), env, namespace)
    return namespace[name]  # type: ignore[no-any-return]


_PLAYER_FIELDS = [f.name for f in dataclasses.fields(PlayerState)]
_STATE_FIELDS = [f.name for f in dataclasses.fields(GameState)]
_LISTS = ("owner", "level", "mortgaged", "debts", "transfers")
"""The state's tuples that the rules change in place: lists on the table. ``players``
become :class:`Player` records and ``decks`` lists; every other field is an immutable
value the table replaces, never changes."""


def _thaw_code(cls_fields: list[str], source: str, special: dict[str, str]) -> list[str]:
    return [f"    self.{f} = {special.get(f, f'{source}.{f}')}" for f in cls_fields]


def _freeze_code(cls: str, cls_fields: list[str], special: dict[str, str]) -> list[str]:
    args = [special.get(f, f"self.{f}") for f in cls_fields]  # positional, in field order
    return [f"    return {cls}({', '.join(args)})"]


_thaw_player = _compiled(
    "thaw",
    ["def thaw(self, p):", *_thaw_code(_PLAYER_FIELDS, "p", {"cards": "list(p.cards)"})],
    {},
)
_freeze_player = _compiled(
    "freeze",
    [
        "def freeze(self):",
        *_freeze_code("PlayerState", _PLAYER_FIELDS, {"cards": "tuple(self.cards)"}),
    ],
    {"PlayerState": PlayerState},
)


class Player:
    """A mutable player record: the fields of ``PlayerState``, ``cards`` a list."""

    __slots__ = tuple(_PLAYER_FIELDS)
    name: str
    cash: int
    position: int
    in_jail: bool
    jail_tries: int
    cards: list[str]
    bankrupt: bool

    def __init__(self, p: PlayerState) -> None:
        _thaw_player(self, p)

    def freeze(self) -> PlayerState:
        return _freeze_player(self)  # type: ignore[no-any-return]


_thaw_table = _compiled(
    "thaw",
    [
        "def thaw(self, spec, state):",
        *_thaw_code(
            _STATE_FIELDS,
            "state",
            {
                "players": "[Player(p) for p in state.players]",
                "decks": "[list(d) for d in state.decks]",
                "spec": "spec",
                **{f: f"list(state.{f})" for f in _LISTS},
            },
        ),
    ],
    {"Player": Player},
)
_freeze_table = _compiled(
    "freeze",
    [
        "def freeze(self):",
        *_freeze_code(
            "GameState",
            _STATE_FIELDS,
            {
                "players": "tuple([p.freeze() for p in self.players])",
                "decks": "(tuple(self.decks[0]), tuple(self.decks[1]))",
                **{f: f"tuple(self.{f})" for f in _LISTS},
            },
        ),
    ],
    {"GameState": GameState},
)


class Table:
    """A mutable working copy of a game, with every rule as a method.

    It has every field of :class:`~gamekit.alfredopoly.state.GameState` (the copies
    both ways are derived from the dataclass fields; :data:`_LISTS` are lists here),
    plus the board's lookups and the event log.
    """

    __slots__ = (*_STATE_FIELDS, "board", "lay", "log", "mortgage_version", "owner_version")
    # the state's fields as the table holds them (tests check these match GameState)
    players: list[Player]
    owner: list[int]
    level: list[int]
    mortgaged: list[bool]
    decks: list[list[str]]
    sculptures_left: int
    statues_left: int
    current: int
    phase: str
    actor: int
    may_roll: bool
    rolled: bool
    doubles: int
    last_roll: tuple[int, ...]
    pending: int
    debts: list[Debt]
    then_move: int
    offer: A.ProposeTrade | None
    auction: AuctionState | None
    jackpot: int
    round: int
    turn: int
    ended: str
    out_order: tuple[int, ...]
    transfers: list[int]
    spec: AlfredopolySpec

    def __init__(self, spec: AlfredopolySpec, state: GameState, log: bool = True) -> None:
        _thaw_table(self, spec, state)
        self.board = spec.board
        self.lay = layout(spec.board)
        self.owner_version = 0  # bumps whenever ownership changes (bots cache on it)
        self.mortgage_version = 0  # bumps whenever a mortgage is taken or lifted
        self.log = EventLog() if log else NULL_LOG  # the null log keeps nothing

    def freeze(self) -> GameState:
        """The table as an immutable state (carrying the spec)."""
        return _freeze_table(self)  # type: ignore[no-any-return]

    # ---- narration and money ------------------------------------------------------

    def _nm(self, seat: int) -> str:
        return self.players[seat].name if seat >= 0 else "the trustees"

    def _receive(self, seat: int, amount: int, kind: str, why: str) -> None:
        """The trustees pay ``seat``."""
        self.players[seat].cash += amount
        if self.log.keeps:  # the words cost time on the fast path
            self.log.say(kind, f"{self._nm(seat)} {why}", None, amount, seat)

    def _pay(self, seat: int, to: int, amount: int, kind: str, why: str,
             jackpot: bool = False) -> None:  # fmt: skip
        """``seat`` pays ``to`` (``-1``: the trustees); the cash is there."""
        self.players[seat].cash -= amount
        if to >= 0:
            self.players[to].cash += amount
        elif jackpot and self.spec.free_parking_jackpot:
            self.jackpot += amount
        if self.log.keeps:  # the words cost time on the fast path
            self.log.say(kind, f"{self._nm(seat)} {why}", seat, amount, to if to >= 0 else None)

    def _owe(self, debtor: int, creditor: int, amount: int, kind: str, reason: str,
             jackpot: bool = False) -> None:  # fmt: skip
        if amount <= 0:
            return
        if not self.debts and self.players[debtor].cash >= amount:
            # what proceed() would do first, done at once
            self._settle(debtor, creditor, amount, kind, reason, jackpot)
        else:
            self.debts.append(Debt(debtor, creditor, amount, reason, kind, jackpot))

    # ---- the flow of a turn ---------------------------------------------------------

    def proceed(self) -> None:
        """Settle debts and pending moves until a decision or a chance is needed."""
        while self.phase != OVER:
            if self.transfers:  # a mortgaged property changed hands: its owner decides
                self.phase = _go(self.phase, "transfer")
                self.actor = self.owner[self.transfers[0]]
                return
            while self.debts:
                d = self.debts[0]
                if self.players[d.debtor].cash < d.amount:
                    self.phase = _go(self.phase, "debt")
                    self.actor = d.debtor
                    return
                del self.debts[0]
                self._settle(d.debtor, d.creditor, d.amount, d.kind, d.reason, d.jackpot)
            if self.then_move:
                steps, self.then_move = self.then_move, 0
                if self._move(steps, ""):
                    return
                continue
            self.phase = _go(self.phase, "turn")
            self.actor = self.current
            return

    def _settle(self, debtor: int, creditor: int, amount: int, kind: str, reason: str,
                jackpot: bool) -> None:  # fmt: skip
        players = self.players
        players[debtor].cash -= amount
        if creditor >= 0:
            players[creditor].cash += amount
        elif jackpot and self.spec.free_parking_jackpot:
            self.jackpot += amount
        if self.log.keeps:  # the words cost time on the fast path
            word = _WORDS.get(kind, "")
            to = f" to {self._nm(creditor)}" if creditor >= 0 else ""
            self.log.say(kind, f"{self._nm(debtor)} paid ${amount}{word}{to} {reason}", debtor,
                         amount, creditor if creditor >= 0 else None)  # fmt: skip

    def roll(self, values: tuple[int, ...]) -> None:
        """Resolve the dice of a chance step (the phase is ``dice`` or ``card_dice``)."""
        total = sum(values)
        double = len(values) > 1 and values.count(values[0]) == len(values)
        cur = self.current
        p = self.players[cur]
        self.last_roll = values
        if self.phase == "card_dice":
            fee = UTILITY_CARD_MULTIPLIER * total
            space = self.pending
            self.pending = -1
            self.log.say("roll", f"{p.name} rolled {_dice(values)} for the utility card")
            self._owe(cur, self.owner[space], fee, "fee",
                      f"for {self.board.spaces[space].name} (10 x {total})")  # fmt: skip
            self.proceed()
            return
        self.rolled = True
        if p.in_jail:
            if double:  # rule 9a: leave, move by the roll, no extra roll
                p.in_jail = False
                p.jail_tries = 0
                self.may_roll = False
                self.log.say("roll", f"{p.name} rolled {_dice(values)} and left Academic "
                          "Probation")  # fmt: skip
                if not self._move(total, ""):
                    self.proceed()
                return
            p.jail_tries += 1
            self.may_roll = False
            if p.jail_tries >= self.spec.jail_tries:  # Decision: pay and move by that roll
                p.in_jail = False
                p.jail_tries = 0
                self.log.say("roll", f"{p.name} rolled {_dice(values)}, a last failed try "
                          "in Academic Probation")  # fmt: skip
                self._owe(cur, TRUSTEES, self.spec.jail_fine, "fine",
                          "to leave Academic Probation", True)  # fmt: skip
                self.then_move = total
            else:
                self.log.say("roll", f"{p.name} rolled {_dice(values)} and stays in Academic "
                          "Probation")  # fmt: skip
            self.proceed()
            return
        if double:
            self.doubles += 1
            if self.doubles >= DOUBLES_LIMIT:  # rule 2 / 8c: third double, straight to Probation
                self.log.say("roll", f"{p.name} rolled {_dice(values)}, a third double")
                self._jail(cur)
                self.proceed()
                return
        self.may_roll = double
        if self.log.keeps:  # the words cost time on the fast path
            self.log.say("roll", f"{p.name} rolled {_dice(values)}")
        if not self._move(total, ""):
            self.proceed()

    def _move(self, steps: int, mode: str) -> bool:
        """Move the current player forward; True if the landing waits for a decision."""
        cur = self.current
        p = self.players[cur]
        new = p.position + steps
        if new >= self.lay.n:  # rule 3: passing or landing on Academic Alley
            new -= self.lay.n
            p.position = new
            salary = self.spec.salary
            p.cash += salary
            if self.log.keeps:  # the words cost time on the fast path
                self.log.say("workstudy", f"{p.name} collected ${salary} workstudy", None,
                             salary, cur)  # fmt: skip
        p.position = new
        if self.log.keeps:  # the words cost time on the fast path
            self.log.say("move", f"{p.name} moved to {self.board.spaces[new].name}", cur)
        return self._land(new, mode)

    def _land(self, i: int, mode: str) -> bool:
        cur = self.current
        kind = self.lay.kind[i]
        if self.lay.is_property[i]:
            o = self.owner[i]
            if o == TRUSTEES:  # rule 4
                self.phase = _go(self.phase, "buy")
                self.pending = i
                self.actor = cur
                return True
            if o == cur or self.mortgaged[i]:  # rule 5: a mortgaged property collects no fee
                return False
            if kind == "utility" and mode == "card":
                self.phase = _go(self.phase, "card_dice")
                self.pending = i
                self.actor = cur
                return True
            fee = self.fee(i, sum(self.last_roll))
            if mode == "double":
                fee *= RAILROAD_CARD_FACTOR
            self._owe(cur, o, fee, "fee", f"for {self.board.spaces[i].name}")
            return False
        if kind == "card":  # rule 6
            return self._draw(DECKS.index(self.board.spaces[i].deck or "email"))
        if kind == "tax":
            s = self.board.spaces[i]
            if s.tax_percent:  # rule 7: the player chooses before counting
                self.phase = _go(self.phase, "tax")
                self.pending = i
                self.actor = cur
                return True
            self._owe(cur, TRUSTEES, s.tax, "tax", f"for {s.name}", True)
            return False
        if kind == "go_to_jail":  # rule 8a
            self._jail(cur)
            return False
        if kind == "free_parking" and self.jackpot:
            amount, self.jackpot = self.jackpot, 0
            self._receive(cur, amount, "jackpot", f"took the ${amount} Free Parking jackpot")
        return False

    def fee(self, i: int, dice_total: int) -> int:
        """The fee for landing on owned, unmortgaged space ``i`` (rule 5 and Decisions)."""
        s = self.board.spaces[i]
        o = self.owner[i]
        kind = self.lay.kind[i]
        if kind == "street":
            lv = self.level[i]
            if lv:
                return s.rents[lv]
            group = self.lay.group[i]
            whole = all(self.owner[j] == o for j in group)
            return s.rents[0] * 2 if whole else s.rents[0]
        count = sum(1 for j in self.lay.group[i] if self.owner[j] == o)
        if kind == "railroad":
            return s.rents[count - 1]
        return s.rents[count - 1] * dice_total

    def _jail(self, seat: int) -> None:
        """Rule 8: to Academic Probation; the turn ends, no workstudy."""
        p = self.players[seat]
        p.position = self.board.jail
        p.in_jail = True
        p.jail_tries = 0
        self.may_roll = False
        self.doubles = 0
        self.then_move = 0
        self.log.say("jail", f"{p.name} went to {self.board.spaces[self.board.jail].name}", seat)

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
        if self.log.keeps:  # the words cost time on the fast path
            self.log.say("card", f"{p.name} drew {DECK_TITLES[DECKS[d]]}: {card.text}", cur)
        effect = card.effect
        mode = _CARD_MODE.get(effect)
        if mode is not None:
            dest = self.lay.dest[cid][p.position]
            if dest is None:  # no such space on this board: the card does nothing
                return False
            if mode == "back":  # never pays workstudy; the new space is resolved
                p.position = dest
                self.log.say("move", f"{p.name} moved back to {self.board.spaces[dest].name}",
                          cur)  # fmt: skip
                return self._land(dest, "")
            return self._move((dest - p.position) % self.lay.n, mode)
        n = self.lay.n
        if effect == "go_to_jail":  # rule 8b
            self._jail(cur)
        elif effect == "collect":
            self._receive(
                cur, card.amount, "card_payment", f"collected ${card.amount} (card {cid})"
            )
        elif effect == "pay":
            self._owe(cur, TRUSTEES, card.amount, "card_payment", f"(card {cid})", True)
        elif effect == "repairs":
            lv = [self.level[i] for i in range(n) if self.owner[i] == cur]
            statues = sum(1 for v in lv if v == STATUE)
            sculptures = sum(v for v in lv if v < STATUE)
            cost = sculptures * card.per_sculpture + statues * card.per_statue
            self._owe(cur, TRUSTEES, cost, "card_payment", f"for {sculptures} sculptures and "
                      f"{statues} statues (card {cid})", True)  # fmt: skip
        elif effect in ("collect_from_each", "pay_each"):
            for k in range(1, len(self.players)):
                q = (cur + k) % len(self.players)
                if self.players[q].bankrupt:
                    continue
                if effect == "pay_each":
                    self._owe(cur, q, card.amount, "card_payment", f"(card {cid})")
                else:
                    self._owe(q, cur, card.amount, "card_payment", f"(card {cid})")
        return False

    def next_turn(self) -> None:
        """End the current turn and start the next active player's."""
        n = len(self.players)
        nxt = self.current
        for k in range(1, n + 1):
            nxt = (self.current + k) % n
            if not self.players[nxt].bankrupt:
                break
        if nxt <= self.current:
            self.round += 1
        self.turn += 1
        self.current = nxt
        self.actor = nxt
        self.phase = _go(self.phase, "turn")
        self.may_roll = True
        self.rolled = False
        self.doubles = 0
        self.pending = -1
        self.then_move = 0
        limit = self.spec.max_rounds
        if limit is not None and self.round > limit:
            self.phase = _go(self.phase, "over")
            self.ended = "round limit"
            self.log.say("over", f"The game stopped after {limit} rounds")

    # ---- worth ----------------------------------------------------------------------

    def raisable(self, seat: int) -> int:
        """Cash a player could raise by selling every sculpture and mortgaging everything."""
        total = 0
        spaces = self.board.spaces
        for i, o in enumerate(self.owner):
            if o == seat:
                s = spaces[i]
                total += self.level[i] * s.building_cost // 2
                if not self.mortgaged[i]:
                    total += s.mortgage
        return total

    def net_worth(self, seat: int, ranking: bool = False) -> int:
        """Decision: cash + printed prices + sculptures at cost (statue: five purchases);
        for the round-limit ranking a mortgaged property counts at half its price."""
        total = self.players[seat].cash
        spaces = self.board.spaces
        for i, o in enumerate(self.owner):
            if o == seat:
                s = spaces[i]
                total += s.price // 2 if ranking and self.mortgaged[i] else s.price
                total += self.level[i] * s.building_cost
        return total

    # ---- actions ----------------------------------------------------------------------

    def do(self, action: Action) -> None:
        """Apply an action known to be legal."""
        _HANDLERS[type(action)](self, action)

    def _do_roll(self, a: A.RollDice) -> None:
        self.phase = _go(self.phase, "dice")
        self.actor = self.current

    def _do_end(self, a: A.EndTurn) -> None:
        self.next_turn()

    def _do_buy(self, a: A.BuySpace) -> None:
        s = self.board.spaces[a.space]
        self._pay(self.actor, TRUSTEES, s.price, "purchase", f"bought {s.name} for ${s.price}")
        self.owner[a.space] = self.actor
        self.owner_version += 1
        self.pending = -1
        self.proceed()

    def _do_decline(self, a: A.DeclineBuy) -> None:
        cur = self.current
        self.log.say("decline", f"{self._nm(cur)} declined {self.board.spaces[a.space].name}",
                  cur)  # fmt: skip
        if self.spec.auction:
            n = len(self.players)
            bidders = tuple(
                (cur + k) % n for k in range(n) if not self.players[(cur + k) % n].bankrupt
            )
            self.auction = AuctionState(a.space, bidders)
            self.phase = _go(self.phase, "auction")
            self.actor = bidders[0]
            return
        self.pending = -1
        self.proceed()

    def _do_bid(self, a: A.Bid) -> None:
        au = self.auction
        assert au is not None
        self.log.say("bid", f"{self._nm(self.actor)} bid ${a.amount}", self.actor, None)
        turn = (au.turn + 1) % len(au.bidders)
        self._auction_next(AuctionState(au.space, au.bidders, turn, a.amount, self.actor))

    def _do_pass_bid(self, a: A.PassBid) -> None:
        au = self.auction
        assert au is not None
        self.log.say("bid", f"{self._nm(self.actor)} dropped out of the auction", self.actor)
        bidders = au.bidders[: au.turn] + au.bidders[au.turn + 1 :]
        turn = au.turn % len(bidders) if bidders else 0
        self._auction_next(AuctionState(au.space, bidders, turn, au.high_bid, au.high_bidder))

    def _auction_next(self, au: AuctionState) -> None:
        done = not au.bidders or (len(au.bidders) == 1 and au.high_bidder == au.bidders[0])
        if not done:
            self.auction = au
            self.actor = au.bidders[au.turn]
            return
        self.auction = None
        self.pending = -1
        if au.high_bidder >= 0:
            s = self.board.spaces[au.space]
            self._pay(au.high_bidder, TRUSTEES, au.high_bid, "purchase",
                      f"bought {s.name} at auction for ${au.high_bid}")  # fmt: skip
            self.owner[au.space] = au.high_bidder
            self.owner_version += 1
        self.proceed()

    def _do_tax(self, a: A.PayTax) -> None:
        s = self.board.spaces[self.pending]
        cur = self.current
        amount = s.tax if a.choice == "flat" else self.net_worth(cur) * s.tax_percent // 100
        self.pending = -1
        self._owe(cur, TRUSTEES, amount, "tax", f"for {s.name} ({a.choice})", True)
        self.proceed()

    def _do_fine(self, a: A.PayJailFine) -> None:
        cur = self.current
        p = self.players[cur]
        self._pay(cur, TRUSTEES, self.spec.jail_fine, "fine",
                  f"paid ${self.spec.jail_fine} to leave Academic Probation", True)  # fmt: skip
        p.in_jail = False
        p.jail_tries = 0

    def _do_card(self, a: A.UseGetOutCard) -> None:
        cur = self.current
        p = self.players[cur]
        p.cards.remove(a.card)
        self.decks[self.lay.deck_of[a.card]].append(a.card)
        p.in_jail = False
        p.jail_tries = 0
        self.log.say("card", f"{p.name} used a Get out card to leave Academic Probation", cur)

    def _do_build(self, a: A.BuildSculpture) -> None:
        seat = self.actor if a.player is None else a.player
        i = a.space
        s = self.board.spaces[i]
        if self.level[i] == SCULPTURES_PER_STATUE:
            self.statues_left -= 1
            self.sculptures_left += SCULPTURES_PER_STATUE
            what = "a statue of King Alfred"
        else:
            self.sculptures_left -= 1
            what = "a sculpture"
        self.level[i] += 1
        self._pay(seat, TRUSTEES, s.building_cost, "build",
                  f"built {what} on {s.name} for ${s.building_cost}")  # fmt: skip

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
        self._receive(seat, half, "sell", f"sold a sculpture on {s.name} for ${half}")

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
        self._receive(self.actor if a.player is None else a.player, s.mortgage, "mortgage",
                      f"mortgaged {s.name} for ${s.mortgage}")  # fmt: skip

    def _do_lift(self, a: A.LiftMortgage) -> None:
        s = self.board.spaces[a.space]
        cost = self.spec.lift_cost(a.space)
        self.mortgaged[a.space] = False
        self.mortgage_version += 1
        self._pay(self.actor if a.player is None else a.player, TRUSTEES, cost, "lift",
                  f"paid ${cost} to lift the mortgage on {s.name}")  # fmt: skip
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
        self.phase = _go(self.phase, "trade")
        self.actor = a.partner
        self.log.say("trade", f"{self._nm(self.current)} offered {self._nm(a.partner)} a "
                  f"trade: {self.describe_offer(a)}", self.current)  # fmt: skip

    def describe_offer(self, a: A.ProposeTrade) -> str:
        def side(spaces: Sequence[int], cash: int, cards: Sequence[str]) -> str:
            parts = [self.board.spaces[i].name for i in spaces]
            if cash:
                parts.append(f"${cash}")
            parts += [f"Get out card {c}" for c in cards]
            return ", ".join(parts) or "nothing"

        return (f"gives {side(a.give, a.give_cash, a.give_cards)} for "
                f"{side(a.take, a.take_cash, a.take_cards)}")  # fmt: skip

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
        self.phase = _go(self.phase, "turn")
        self.actor = self.current

    def _do_pay_debt(self, a: A.PayDebt) -> None:
        d = self.debts.pop(0)
        self._settle(d.debtor, d.creditor, d.amount, d.kind, d.reason, d.jackpot)
        self.proceed()

    def _do_bankrupt(self, a: A.DeclareBankruptcy) -> None:
        d = self.debts[0]
        self.bankrupt(d.debtor, d.creditor)

    def bankrupt(self, b: int, c: int) -> None:
        """Rule 13: ``b`` is out; everything goes to ``c`` (a seat, or -1: the trustees)."""
        p = self.players[b]
        self.log.say("bankrupt", f"{p.name} went bankrupt to {self._nm(c)}", b, None,
                  c if c >= 0 else None)  # fmt: skip
        mine = [i for i, o in enumerate(self.owner) if o == b]
        self.owner_version += 1
        if c >= 0:
            for g in sorted({self.board.spaces[i].group or "" for i in mine if self.level[i]}):
                self._do_sell_all_for(b, g)
            if p.cash:
                self._pay(b, c, p.cash, "bankruptcy", f"handed ${p.cash} to {self._nm(c)}")
            for i in mine:
                self.owner[i] = c
            self.players[c].cards.extend(p.cards)
            self.transfers += [i for i in mine if self.mortgaged[i]]
        else:
            for i in mine:
                lv = self.level[i]
                if lv == STATUE:
                    self.statues_left += 1
                else:
                    self.sculptures_left += lv
                self.level[i] = 0
                self.owner[i] = TRUSTEES
                self.mortgaged[i] = False
                self.mortgage_version += 1
            if p.cash:
                self._pay(b, TRUSTEES, p.cash, "bankruptcy", f"handed ${p.cash} to the trustees")
            for cid in p.cards:
                self.decks[self.lay.deck_of[cid]].append(cid)
        p.cards = []
        p.bankrupt = True
        p.in_jail = False
        p.jail_tries = 0
        self.out_order = (*self.out_order, b)
        self.debts = [
            d if d.creditor != b else Debt(d.debtor, TRUSTEES, d.amount, d.reason, d.kind)
            for d in self.debts
            if d.debtor != b
        ]
        active = [i for i, q in enumerate(self.players) if not q.bankrupt]
        self.transfers = [i for i in self.transfers if self.owner[i] >= 0]
        if len(active) == 1:
            self.phase = _go(self.phase, "over")
            self.ended = "last player standing"
            self.debts = []
            self.transfers = []
            self.pending = -1
            self.log.say("over", f"{self._nm(active[0])} is the last player standing")
            return
        if b == self.current:
            self.debts = []
            self.next_turn()
        self.proceed()

    def _do_sell_all_for(self, seat: int, group: str) -> None:
        actor = self.actor
        self.actor = seat
        self._do_sell_all(A.SellAllSculptures(group))
        self.actor = actor


def _dice(values: tuple[int, ...]) -> str:
    text = "+".join(str(v) for v in values) + f" = {sum(values)}"
    return text + (" (double)" if len(values) > 1 and min(values) == max(values) else "")


_WORDS = {"fee": " fee", "tax": " tax", "fine": " fine", "interest": " interest"}

_HANDLERS: dict[type[Action], Callable[[Table, Any], None]] = {
    A.RollDice: Table._do_roll,
    A.EndTurn: Table._do_end,
    A.BuySpace: Table._do_buy,
    A.DeclineBuy: Table._do_decline,
    A.Bid: Table._do_bid,
    A.PassBid: Table._do_pass_bid,
    A.PayTax: Table._do_tax,
    A.PayJailFine: Table._do_fine,
    A.UseGetOutCard: Table._do_card,
    A.BuildSculpture: Table._do_build,
    A.SellSculpture: Table._do_sell,
    A.SellAllSculptures: Table._do_sell_all,
    A.Mortgage: Table._do_mortgage,
    A.LiftMortgage: Table._do_lift,
    A.KeepMortgage: Table._do_keep,
    A.ProposeTrade: Table._do_propose,
    A.AcceptTrade: Table._do_accept,
    A.RejectTrade: Table._do_reject,
    A.PayDebt: Table._do_pay_debt,
    A.DeclareBankruptcy: Table._do_bankrupt,
}
