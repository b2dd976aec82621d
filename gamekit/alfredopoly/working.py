"""The working table's data: a mutable copy of a game state with the board's lookups.

:class:`WorkingTable` holds every field of
:class:`~gamekit.alfredopoly.state.GameState` (the copies both ways are derived from the
dataclass fields) plus the board's lookups and the event log; the rules build on it in
layers, each a small module: :mod:`~gamekit.alfredopoly.money` (paying and owing),
:mod:`~gamekit.alfredopoly.turns` (the flow of a turn: dice, moves, spaces, cards),
:mod:`~gamekit.alfredopoly.properties` (buying, auctions, building, mortgages, trades)
and :mod:`~gamekit.alfredopoly.engine` (bankruptcy, and :class:`Table`, which applies
any action).

>>> from gamekit.alfredopoly.rules import new_game
>>> from gamekit.alfredopoly.spec import AlfredopolySpec
>>> s = new_game(AlfredopolySpec(), players=2, seed=0)
>>> t = WorkingTable(AlfredopolySpec(), s)
>>> t.owner[1] = 0
>>> t.freeze().owner[1], s.owner[1]
(0, -1)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from gamekit.alfredopoly import actions as A
from gamekit.alfredopoly.board import DECKS, Board
from gamekit.alfredopoly.constants import SCULPTURES_PER_STATUE
from gamekit.alfredopoly.narration import NULL_LOG, TRUSTEES_WORDS, EventLog, reason
from gamekit.alfredopoly.state import AuctionState, Debt, GameState, PlayerState

if TYPE_CHECKING:
    from gamekit.alfredopoly.spec import AlfredopolySpec

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
        # the deck a card space draws from (-1: not a card space) and the reason a fee
        # there gives, written once instead of on every landing
        self.deck_at = [DECKS.index(s.deck or "email") if s.kind == "card" else -1
                        for s in board.spaces]  # fmt: skip
        self.fee_reason = [reason("why.for", space=s.name) for s in board.spaces]
        self.names = [s.name for s in board.spaces]
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


class WorkingTable:
    """A mutable working copy of a game (the rules are methods of its subclasses).

    It has every field of :class:`~gamekit.alfredopoly.state.GameState` (the copies
    both ways are derived from the dataclass fields; :data:`_LISTS` are lists here),
    plus the board's lookups and the event log.
    """

    __slots__ = (
        *_STATE_FIELDS,
        "board",
        "lay",
        "log",
        "mortgage_version",
        "owner_version",
    )
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
        # the null log keeps nothing and builds no words: the rules narrate unconditionally
        self.log = EventLog() if log else NULL_LOG

    def freeze(self) -> GameState:
        """The table as an immutable state (carrying the spec)."""
        return _freeze_table(self)  # type: ignore[no-any-return]

    def building_kind(self, i: int) -> str:
        """The supply a build on street ``i`` draws from: the fifth purchase is the statue
        (``"statue"``), the others are sculptures (``"sculpture"``)."""
        return "statue" if self.level[i] == SCULPTURES_PER_STATUE else "sculpture"

    def _nm(self, seat: int) -> str:
        return self.players[seat].name if seat >= 0 else "the trustees"

    def _who(self, seat: int) -> Any:
        """Who ``seat`` is, for an event's words: the player's name, or the trustees."""
        return self.players[seat].name if seat >= 0 else TRUSTEES_WORDS
