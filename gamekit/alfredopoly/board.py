"""The Alfredopoly board and its two card decks, loaded from validated data files.

Boards are data: ``gamekit/data/alfredopoly/alfred.toml`` (the default, with Alfred
University names) and ``classic.toml`` (the classic US names, for comparing with the
published literature). Wherever a board name is accepted, a path to a ``.toml`` or
``.json`` board file is accepted too. A wrong file raises
:class:`~gamekit.core.errors.DataError` naming the file, the space and the field.

Decks (E-Mail = Chance effects, PCC Mail = Community Chest effects) live in a deck file
that a board names with ``decks = "campus"`` (built-in), ``decks = "classic"`` or a
path relative to the board file; a board may instead list its cards inline under
``[[email]]`` and ``[[pcc_mail]]``. A user's board that says nothing gets the campus
decks. ``{destination}`` in a card text becomes the board's name for that space.

Names and texts are plain text, never markup: a front-end must show them as text.

>>> board = load_board("alfred")
>>> board.spaces[39].name, board.spaces[39].price
('The Steinheim', 400)
>>> board.groups["dark_blue"]
(37, 39)
>>> board.nearest("railroad", 36), board.jail, board.go_to_jail
(5, 10, 30)
>>> len(board.decks["email"]), len(board.decks["pcc_mail"])
(16, 16)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal, cast, get_args

from gamekit.core.data import Checker, hidden_character, load_data_file
from gamekit.core.errors import DataError

SpaceKind = Literal[
    "go", "street", "railroad", "utility", "card", "tax", "jail", "free_parking", "go_to_jail"
]
SPACE_KINDS: tuple[str, ...] = get_args(SpaceKind)
PROPERTY_KINDS = ("street", "railroad", "utility")
DECKS = ("email", "pcc_mail")
DECK_TITLES = {"email": "E-Mail", "pcc_mail": "PCC Mail"}
CARD_EFFECTS = (
    "move_to",
    "move_nearest_railroad",
    "move_nearest_utility",
    "move_back",
    "go_to_jail",
    "get_out_of_jail",
    "collect",
    "pay",
    "collect_from_each",
    "pay_each",
    "repairs",
)
BUILTIN_BOARDS = ("alfred", "classic")
BUILTIN_DECKS = ("campus", "classic")
BOARD_SIZE = 40
MAX_NAME_LENGTH = 60

_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_HEX_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


@dataclass(frozen=True)
class Space:
    """One of the 40 spaces. ``rents`` are, for a street: base, 1-4 sculptures, statue;
    for railroads: the fee by how many the owner holds; for utilities: dice multipliers
    by how many the owner holds. ``tax_percent`` (Alumni Hall) offers "pay ``tax`` or
    this percent of net worth"."""

    index: int
    name: str
    kind: SpaceKind
    group: str | None = None
    price: int = 0
    rents: tuple[int, ...] = ()
    building_cost: int = 0
    mortgage: int = 0
    deck: str | None = None
    tax: int = 0
    colour: str | None = None
    tax_percent: int = 0

    @property
    def is_property(self) -> bool:
        """Can be owned (a building or an organization)."""
        return self.kind in PROPERTY_KINDS


@dataclass(frozen=True)
class Card:
    """One E-Mail or PCC Mail card; ``effect`` is one of :data:`CARD_EFFECTS`."""

    id: str
    deck: str
    text: str
    effect: str
    destination: int | None = None
    amount: int = 0
    per_sculpture: int = 0
    per_statue: int = 0


@dataclass(frozen=True)
class Board:
    """A validated board: 40 spaces in order and the two decks (16 cards each by default)."""

    name: str
    title: str
    spaces: tuple[Space, ...]
    decks: Mapping[str, tuple[Card, ...]]
    source: str
    groups: Mapping[str, tuple[int, ...]] = field(init=False, repr=False, compare=False)
    jail: int = field(init=False, repr=False, compare=False)
    go_to_jail: int = field(init=False, repr=False, compare=False)
    cards: Mapping[str, Card] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        groups: dict[str, list[int]] = {}
        for s in self.spaces:
            if s.group is not None:
                groups.setdefault(s.group, []).append(s.index)
        object.__setattr__(
            self, "groups", MappingProxyType({g: tuple(v) for g, v in groups.items()})
        )
        object.__setattr__(self, "jail", _only(self.spaces, "jail"))
        object.__setattr__(self, "go_to_jail", _only(self.spaces, "go_to_jail"))
        cards = {c.id: c for deck in self.decks.values() for c in deck}
        object.__setattr__(self, "cards", MappingProxyType(cards))

    def __hash__(self) -> int:
        """By name, title and spaces (equal boards hash alike; the decks, read-only
        mappings, do not hash), so the rules a state carries can be part of its hash."""
        return hash((self.name, self.title, self.spaces))

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle as the constructor's arguments (read-only mappings do not pickle), so a
        board travels to worker processes in parallel simulations."""
        return (_rebuild_board, (self.name, self.title, self.spaces, dict(self.decks), self.source))

    def nearest(self, kind: str, from_index: int) -> int:
        """The next space of ``kind`` moving forward from ``from_index`` (never itself).

        >>> load_board().nearest("utility", 22)
        28
        """
        for step in range(1, len(self.spaces) + 1):
            i = (from_index + step) % len(self.spaces)
            if self.spaces[i].kind == kind:
                return i
        raise ValueError(f"the board has no {kind} space")

    def card_destination(self, at: int, card: Card) -> int | None:
        """The space ``card``, drawn on space ``at``, sends the token to, or ``None`` when
        the card does not move it: the one rule of where a card sends a token.

        ``move_to``: its destination; ``move_nearest_railroad`` / ``move_nearest_utility``:
        the next one moving forward (``None`` on a board without one); ``move_back``:
        ``amount`` spaces back; ``go_to_jail``: the jail space :attr:`jail` (the token goes
        *in* Academic Probation: callers that tell that from "just visiting" look at the
        effect). What the move costs or pays (workstudy, fees) is the engine's business.

        >>> b = load_board("classic")
        >>> back = next(c for c in b.decks["email"] if c.effect == "move_back")
        >>> rail = next(c for c in b.decks["email"] if c.effect == "move_nearest_railroad")
        >>> b.card_destination(36, back), b.card_destination(36, rail)
        (33, 5)
        >>> b.card_destination(7, b.cards["PM06"]), b.card_destination(7, b.cards["PM02"])
        (10, None)
        """
        effect = card.effect
        if effect == "move_to":
            return card.destination
        if effect == "move_nearest_railroad" or effect == "move_nearest_utility":
            try:
                return self.nearest(effect.removeprefix("move_nearest_"), at)
            except ValueError:
                return None
        if effect == "move_back":
            return (at - card.amount) % len(self.spaces)
        if effect == "go_to_jail":
            return self.jail
        return None

    @property
    def properties(self) -> tuple[int, ...]:
        """Indices of every space that can be owned."""
        return tuple(s.index for s in self.spaces if s.is_property)


def _rebuild_board(
    name: str, title: str, spaces: tuple[Space, ...], decks: dict[str, Any], source: str
) -> Board:
    return Board(name, title, spaces, MappingProxyType(decks), source)


def _only(spaces: tuple[Space, ...], kind: str) -> int:
    return next(s.index for s in spaces if s.kind == kind)


def board_names() -> list[str]:
    """The built-in boards.

    >>> board_names()
    ['alfred', 'classic']
    """
    return list(BUILTIN_BOARDS)


def data_dir() -> Path:
    """The folder of the built-in board and deck files."""
    return Path(str(resources.files("gamekit") / "data" / "alfredopoly"))


def load_board(board: str | Path | Board = "alfred") -> Board:
    """Load a built-in board by name (``"alfred"``, ``"classic"``) or a board file by path
    (a ``Board`` is returned as it is).

    >>> load_board("classic").spaces[24].name
    'Illinois Avenue'
    >>> load_board("alfred").decks["email"][2].text[:35]
    'Study group at Powell Campus Center'
    """
    if isinstance(board, Board):
        return board
    if isinstance(board, str) and board in BUILTIN_BOARDS:
        return _builtin(board)
    path = Path(board)
    if not path.suffix and isinstance(board, str):
        raise DataError(
            board,
            None,
            None,
            f"unknown board; built-in boards are {', '.join(BUILTIN_BOARDS)}, "
            "or give a path to a .toml/.json file",
        )
    return _load_file(path, str(path))


@cache
def _builtin(name: str) -> Board:
    board = _load_file(data_dir() / f"{name}.toml", name)
    object.__setattr__(board, "source", name)
    return board


def _load_file(path: Path, source: str) -> Board:
    data = load_data_file(path)
    check = Checker(path)
    check.no_unknown(data, ("name", "title", "decks", "spaces", *DECKS), entry=None)
    name = check.text(data, "name", entry=None)
    _plain(check, name, None, "name")
    title = check.text(data, "title", entry=None, default=name)
    _plain(check, title, None, "title")
    rows = check.table_list(data, "spaces")
    if len(rows) != BOARD_SIZE:
        check.fail(None, "spaces", f"a board needs exactly {BOARD_SIZE} spaces, got {len(rows)}")
    spaces: dict[int, Space] = {}
    for n, row in enumerate(rows):
        space = _space(check, row, n)
        if space.index in spaces:
            check.fail(f"space {space.index}", "index", "used by two spaces")
        spaces[space.index] = space
    ordered = tuple(spaces[i] for i in range(BOARD_SIZE))
    _check_layout(check, ordered)
    decks, deck_check = _decks(check, data, path)
    names = {s.index: s.name for s in ordered}
    decks = {
        d: tuple(
            Card(
                c.id,
                c.deck,
                c.text.replace("{destination}", names.get(c.destination or 0, "")),
                c.effect,
                c.destination,
                c.amount,
                c.per_sculpture,
                c.per_statue,
            )
            for c in cards
        )
        for d, cards in decks.items()
    }
    for s in ordered:
        if s.kind == "card" and s.deck not in decks:
            check.fail(f"space {s.index}", "deck", f"no deck {s.deck!r}")
    board = Board(name, title, ordered, MappingProxyType(decks), source)
    _check_draws_end(deck_check, board)
    return board


def _plain(check: Checker, text: str, entry: str | None, fieldname: str) -> None:
    if _CONTROL.search(text) or hidden_character(text):
        check.fail(
            entry,
            fieldname,
            "must be plain text on one line (no control or text-direction characters)",
        )
    if len(text) > MAX_NAME_LENGTH and fieldname == "name":
        check.fail(entry, fieldname, f"must be at most {MAX_NAME_LENGTH} characters")


_COMMON = ("index", "name", "kind")
_FIELDS: dict[str, tuple[str, ...]] = {
    "go": _COMMON,
    "jail": _COMMON,
    "free_parking": _COMMON,
    "go_to_jail": _COMMON,
    "card": (*_COMMON, "deck"),
    "tax": (*_COMMON, "tax", "tax_percent"),
    "street": (*_COMMON, "group", "colour", "price", "rents", "building_cost", "mortgage"),
    "railroad": (*_COMMON, "group", "price", "rents", "mortgage"),
    "utility": (*_COMMON, "group", "price", "rents", "mortgage"),
}


def _space(check: Checker, row: Mapping[str, Any], n: int) -> Space:
    index = check.integer(
        row, "index", entry=f"space #{n + 1} in the list", minimum=0, maximum=BOARD_SIZE - 1
    )
    entry = f"space {index}"
    name = check.text(row, "name", entry=entry)
    _plain(check, name, entry, "name")
    kind = cast(SpaceKind, check.choice(row, "kind", SPACE_KINDS, entry=entry))
    check.no_unknown(row, _FIELDS[kind], entry=entry)
    if kind == "card":
        deck = check.choice(row, "deck", DECKS, entry=entry)
        return Space(index, name, kind, deck=deck)
    if kind == "tax":
        tax = check.integer(row, "tax", entry=entry, minimum=0)
        percent = check.integer(row, "tax_percent", entry=entry, minimum=0, maximum=100, default=0)
        return Space(index, name, kind, tax=tax, tax_percent=percent)
    if kind not in PROPERTY_KINDS:
        return Space(index, name, kind)
    price = check.integer(row, "price", entry=entry, minimum=0)
    mortgage = check.integer(row, "mortgage", entry=entry, minimum=0)
    if mortgage > price:
        check.fail(entry, "mortgage", f"must not exceed the price {price}, got {mortgage}")
    if kind == "street":
        group = check.text(row, "group", entry=entry)
        if group in ("railroad", "utility"):
            check.fail(entry, "group", f"{group!r} is reserved for organizations")
        rents = check.integers(row, "rents", entry=entry, length=6, minimum=0)
        cost = check.integer(row, "building_cost", entry=entry, minimum=0)
        colour = check.text(row, "colour", entry=entry, default=None)
        if colour is not None and not _HEX_COLOUR.match(colour):
            check.fail(entry, "colour", f"must look like #rrggbb, got {colour!r}")
        return Space(index, name, kind, group, price, rents, cost, mortgage, colour=colour)
    group = check.text(row, "group", entry=entry, default=kind)
    if group != kind:
        check.fail(entry, "group", f"a {kind} belongs to the group {kind!r}, got {group!r}")
    rents = check.integers(row, "rents", entry=entry, minimum=0)
    if not rents:
        check.fail(entry, "rents", "must list at least one fee")
    return Space(index, name, kind, group, price, rents, 0, mortgage)


def _check_layout(check: Checker, spaces: tuple[Space, ...]) -> None:
    named: dict[str, Space] = {}
    for s in spaces:
        first = named.setdefault(s.name, s)
        if first is not s and not (s.kind == first.kind == "card" and s.deck == first.deck):
            check.fail(
                f"space {s.index}",
                "name",
                f"{s.name!r} is also the name of space {first.index} (players buy, trade "
                "and land on spaces by name; only card spaces of one deck share a name)",
            )
    for kind in ("go", "jail", "go_to_jail"):
        found = [s.index for s in spaces if s.kind == kind]
        if len(found) != 1:
            at = f"space {found[1]}" if len(found) > 1 else None
            check.fail(at, "kind", f"a board needs exactly one {kind!r} space, found {len(found)}")
    if spaces[0].kind != "go":
        check.fail("space 0", "kind", f"space 0 must be the 'go' space, got {spaces[0].kind!r}")
    groups: dict[str, list[Space]] = {}
    for s in spaces:
        if s.group is not None:
            groups.setdefault(s.group, []).append(s)
    for group, members in groups.items():
        last = members[-1]
        if last.kind == "street":
            if len(members) < 2:
                check.fail(
                    f"space {last.index}",
                    "group",
                    f"colour group {group!r} has only one street; a group needs 2 or more",
                )
            costs = {s.building_cost for s in members}
            if len(costs) > 1:
                check.fail(
                    f"space {last.index}",
                    "building_cost",
                    f"colour group {group!r} mixes sculpture costs {sorted(costs)}",
                )
        else:
            for s in members:
                if len(s.rents) < len(members):
                    check.fail(
                        f"space {s.index}",
                        "rents",
                        f"{len(members)} {group} spaces need {len(members)} fees, "
                        f"got {len(s.rents)}",
                    )


def _decks(
    check: Checker, data: Mapping[str, Any], board_path: Path
) -> tuple[dict[str, tuple[Card, ...]], Checker]:
    """The board's decks, and a checker for the file that holds their cards."""
    inline = [d for d in DECKS if d in data]
    if inline:
        if "decks" in data:
            check.fail(None, "decks", "give either a deck file or inline cards, not both")
        return _read_decks(check, data), check
    ref = check.text(data, "decks", entry=None, default="campus")
    path = _deck_path(ref, board_path.parent)
    try:
        return _deck_file(ref, board_path.parent), Checker(path)
    except DataError as exc:
        if exc.entry is not None or exc.field is not None:
            raise  # a problem inside the deck file, which it names
        titles = " and ".join(DECK_TITLES.values())
        role = f"the deck file ({titles} cards) that {board_path.name} names in 'decks'"
        raise DataError(exc.file, None, None, f"{exc.problem}: {role}") from None


def _deck_path(ref: str, folder: Path) -> Path:
    return data_dir() / f"{ref}_decks.toml" if ref in BUILTIN_DECKS else folder / ref


def _deck_file(ref: str, folder: Path) -> dict[str, tuple[Card, ...]]:
    if ref in BUILTIN_DECKS:
        return _builtin_decks(ref)
    return _read_deck_path(_deck_path(ref, folder))


def _check_draws_end(check: Checker, board: Board) -> None:
    """Rule 6 must end: a card drawn on a card space may send the token to another card
    space (which draws again), but some card must lead out of every such chain, and a
    deck must never run empty.

    A "Get out" card is kept (rule 9b), so it leaves the deck; a deck of kept cards only
    can be emptied, and a kept card is no way out of a chain (it may be gone the next
    time round). A card space is a trap when every card of its deck that stays in the
    deck sends the token to a trap: the largest such set is found by removing, until
    nothing changes, each card space with a way out. A trap draws for ever (the engine
    would recurse without end), so the board is refused, naming a card that leads in.
    """
    for deck, cards in board.decks.items():
        if all(c.effect == "get_out_of_jail" for c in cards):
            check.fail(
                f"{deck} card {cards[0].id}",
                "effect",
                f"every {DECK_TITLES[deck]} card is kept (get_out_of_jail): the deck can "
                "run empty; it needs a card that goes back under the deck",
            )
    at_card = {s.index: s.deck or "" for s in board.spaces if s.kind == "card"}
    traps = set(at_card)
    changed = True
    while changed:
        changed = False
        for at in sorted(traps):
            kept = [c for c in board.decks[at_card[at]] if c.effect != "get_out_of_jail"]
            if any(board.card_destination(at, c) not in traps for c in kept):
                traps.discard(at)
                changed = True
    if traps:
        at = min(traps)
        card = next(
            c
            for c in board.decks[at_card[at]]
            if c.effect != "get_out_of_jail" and board.card_destination(at, c) in traps
        )
        to = board.card_destination(at, card)
        field_name = "destination" if card.effect == "move_to" else "effect"
        check.fail(
            f"{card.deck} card {card.id}",
            field_name,
            f"drawn on space {at} it sends the token to space {to}, a card space whose "
            "cards all lead to card spaces again: the drawing never ends",
        )


@cache
def _builtin_decks(name: str) -> dict[str, tuple[Card, ...]]:
    return _read_deck_path(data_dir() / f"{name}_decks.toml")


def _read_deck_path(path: Path) -> dict[str, tuple[Card, ...]]:
    data = load_data_file(path)
    check = Checker(path)
    check.no_unknown(data, ("name", *DECKS), entry=None)
    return _read_decks(check, data)


_NEEDS_AMOUNT = ("collect", "pay", "collect_from_each", "pay_each", "move_back")
_CARD_FIELDS = ("id", "text", "effect", "destination", "amount", "per_sculpture", "per_statue")


def _read_decks(check: Checker, data: Mapping[str, Any]) -> dict[str, tuple[Card, ...]]:
    decks: dict[str, tuple[Card, ...]] = {}
    seen: set[str] = set()
    for deck in DECKS:
        rows = check.table_list(data, deck)
        if not rows:
            check.fail(None, deck, "a deck needs at least one card")
        cards = []
        for n, row in enumerate(rows):
            cid = check.text(row, "id", entry=f"{deck} card #{n + 1}")
            entry = f"{deck} card {cid}"
            if cid in seen:
                check.fail(entry, "id", "used by two cards")
            seen.add(cid)
            check.no_unknown(row, _CARD_FIELDS, entry=entry)
            text = check.template(row, "text", ("destination",), entry=entry)
            _plain(check, text, entry, "text")
            effect = check.choice(row, "effect", CARD_EFFECTS, entry=entry)
            dest = check.integer(
                row, "destination", entry=entry, default=None, minimum=0, maximum=BOARD_SIZE - 1
            )
            if effect == "move_to" and dest is None:
                check.fail(entry, "destination", "missing (a move_to card needs a destination)")
            amount = check.integer(row, "amount", entry=entry, default=0, minimum=0)
            if effect in _NEEDS_AMOUNT and not amount:
                check.fail(entry, "amount", f"a {effect} card needs an amount > 0")
            if effect == "move_back" and amount >= BOARD_SIZE:
                check.fail(entry, "amount", f"must be < {BOARD_SIZE}, got {amount}")
            per_s = check.integer(row, "per_sculpture", entry=entry, default=0, minimum=0)
            per_t = check.integer(row, "per_statue", entry=entry, default=0, minimum=0)
            cards.append(Card(cid, deck, text, effect, dest, amount, per_s, per_t))
        decks[deck] = tuple(cards)
    return decks
