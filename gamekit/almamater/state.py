"""Immutable Alma Mater positions: one :class:`PlayerState` per seat inside a :class:`GameState`.

Every field is a plain value or a tuple, so a state is hashable, cheap to compare and
converts to JSON and back (:func:`state_to_struct`, :func:`state_from_struct`).

>>> from gamekit.almamater.rules import new_game
>>> from gamekit.almamater.spec import make_spec
>>> spec = make_spec(2)
>>> s = new_game(spec, seed=1)
>>> state_from_struct(state_to_struct(s), spec) == s
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NoReturn, TypeVar

from gamekit.almamater.records import HAND, LETTERS, STEPS_PER_CARD
from gamekit.almamater.spec import AlmaMaterSpec
from gamekit.core.structs import NOT_IN_STRUCT, check_values, from_struct, to_struct
from gamekit.core.views import Shown

EXTRA_TRIGGERS = frozenset(("glory", "prestige", "slot"))  # rule 22: each gives one master
PHASES = ("draft", "discard", "chancellor", "action", "administration", "income", "over")
T = TypeVar("T")


@dataclass(frozen=True)
class PlayerState:
    """One player's university board, storage, shelves and markers."""

    seat: int
    colour: str
    hand: tuple[str, ...] = ()  # founding cards still to draft from
    kept: tuple[str, ...] = ()  # founding cards kept (4 during the draft, then 3)
    discarded: str | None = None
    chancellor: str | None = None
    abilities: tuple[str, ...] = ()  # chancellors whose abilities this player has
    ducats: int = 0
    prestige: int = 0
    storage: tuple[int, ...] = ()  # books by colour (index = the colour's seat)
    dictionaries: int = 0
    shelves: tuple[tuple[bool, ...], ...] = ()  # 6 library shelves, then the sale shelf
    research: int = 0
    row_a: tuple[str, ...] = ()
    row_b: tuple[str, ...] = ()
    professors: tuple[str, ...] = ()
    exhausted: tuple[str, ...] = ()
    masters: int = 0
    placed: int = 0
    starting_student: int = 0  # masters on the own starting-student space this round
    busts: tuple[str, ...] = ()
    extra: tuple[str, ...] = ()  # extra-master triggers already used
    passed: bool = False
    pereira_used: bool = False
    paracelsus_used: int = 0  # lectures whose professor Paracelsus readied this round

    @property
    def free_masters(self) -> int:
        return self.masters - self.placed

    @property
    def students(self) -> int:
        return len(self.row_a) + len(self.row_b)

    @property
    def books(self) -> int:
        """Books in storage, dictionaries included (what the storage limit counts)."""
        return sum(self.storage) + self.dictionaries

    @property
    def textbooks(self) -> int:
        """Own-colour books in storage."""
        return self.storage[self.seat]

    @property
    def all_textbooks(self) -> int:
        """Books of every player colour in storage (final scoring line 1), not dictionaries."""
        return sum(self.storage)

    @property
    def shelved(self) -> int:
        return sum(sum(shelf) for shelf in self.shelves)


@dataclass(frozen=True)
class GameState(Shown):
    """One position of a game. ``order`` is the turn order (seats); ``turn`` indexes it.

    In a notebook it shows a table of players (``display.py``) and a picture
    (``picture.py``); ``print(state)`` gives a few lines of text (``gamekit.core.views``).
    """

    phase: str
    round: int
    order: tuple[int, ...]
    turn: int
    players: tuple[PlayerState, ...]
    tie_draw: tuple[int, ...]  # seeded tie-break for the founding sums (lower goes first)
    chancellor_pool: tuple[str, ...]
    bust_extra: tuple[str, ...]  # the 2 chancellors drawn for the bust stacks
    bust_order: tuple[int, ...]  # seeded order of (left over, extra 1, extra 2) on the tiles
    glory: tuple[str, ...]  # glory tile ids in play
    bust_chancellors: tuple[str, ...]  # chancellor on each tile's bust stack
    busts_left: tuple[int, ...]
    research_track: tuple[str, ...]  # research card ids, letters A-E in order
    campus: tuple[tuple[str, ...], ...]  # student kind by row and column
    campus_left: tuple[tuple[int, ...], ...]
    academy: tuple[str, ...]  # professor types in play
    academy_left: tuple[int, ...]
    academy_paid: tuple[str | None, ...]  # the colour the first buyer paid in, or None
    spaces: tuple[int, ...]  # masters placed by the last user of each space this round
    bishop: tuple[tuple[int, int], ...]  # (seat, masters) in the order placed this round
    reputation: tuple[int, ...]  # seats, best book reputation first
    dictionaries: int  # in the supply
    rounds: int
    # decisions owed before play goes on, first one first: (kind, seat, count), kind
    # "shelve" (count = most new own textbooks that may go into the library) or
    # "return" (count = books still over the storage limit)
    pending: tuple[tuple[str, int, int], ...] = ()
    # the rules this state is played by (set by new_game; compared, never written: two
    # positions under different rules are different states)
    spec: AlmaMaterSpec | None = field(
        default=None, repr=False, metadata=NOT_IN_STRUCT
    )

    @property
    def current(self) -> int | None:
        """The seat to act (a pending decision's owner first), or ``None`` when the game is over."""
        if self.pending:
            return self.pending[0][1]
        if self.phase == "over":
            return None
        if self.phase in ("draft", "discard"):
            return self.turn
        return self.order[self.turn]

    def rank_of(self, seat: int) -> int:
        """The book-reputation rank (1 = best) of ``seat``'s colour."""
        return self.reputation.index(seat) + 1


def replace(obj: T, **changes: Any) -> T:
    """A copy of the frozen dataclass ``obj`` with ``changes`` (a fast ``dataclasses.replace``).

    Skips ``__init__``: the engine only ever passes values of the declared types.
    """
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__)
    new.__dict__.update(changes)
    return new


def state_to_struct(state: GameState) -> dict[str, Any]:
    """A JSON-ready dict of ``state`` (stable key order; the spec is not written)."""
    data: dict[str, Any] = to_struct(state)
    data.pop("spec", None)
    return data


def state_from_struct(data: Any, spec: Any) -> GameState:
    """Rebuild a state from :func:`state_to_struct` output for the game of ``spec``
    (``ValueError`` naming the field and the problem, as the Alfredopoly loader does).

    >>> from gamekit.almamater.rules import new_game
    >>> from gamekit.almamater.spec import make_spec
    >>> spec = make_spec(2)
    >>> s = new_game(spec, seed=1)
    >>> state_from_struct(state_to_struct(s), spec) == s
    True

    A saved game is checked like a data file: every value must be one the game can reach
    with ``spec``'s components (no negative ducats, at most the board's masters, only known
    cards, rows no longer than the lecture halls, ...).

    >>> data = state_to_struct(s)
    >>> data["players"][1]["masters"] = 99
    >>> state_from_struct(data, spec)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: state.players[1].masters: 99 is more than 6 (the most masters a player has: ...)
    """
    if isinstance(data, dict) and "spec" in data:
        data = {k: v for k, v in data.items() if k != "spec"}
    state = from_struct(GameState, data, "state")
    if len(state.players) != spec.players:
        raise ValueError(
            f"state.players: the spec is for {spec.players} players, got {len(state.players)}"
        )
    seats = range(spec.players)
    check_values("state.phase", state.phase, frozenset(PHASES))
    _check_order("state.order", state.order, spec.players)
    check_values("state.turn", state.turn, seats)
    check_values("state.pending (seat)", tuple(seat for _, seat, _ in state.pending), seats)
    check_values("state.bishop (seat)", tuple(seat for seat, _ in state.bishop), seats)
    check_values("state.reputation", state.reputation, seats)
    _check_order("state.reputation", state.reputation, spec.players)
    _check_table(state, spec)
    for seat, player in enumerate(state.players):
        _check_player(state, spec, seat, player)
    _check_founding_once(state)
    return replace(state, spec=spec)


COUNT_LIMIT = 10**6
"""The most ducats, prestige, dictionaries or books of a colour a player may hold in a
loaded game: a generous but finite bound (a whole game pays a few dozen of each; the kit's
bots end near 50 prestige), so a saved game above it was edited."""


def _check_founding_once(state: GameState) -> None:
    """Each founding card is in one place: one player's hand, kept cards or discard."""
    seen: dict[str, str] = {}
    for seat, p in enumerate(state.players):
        held = [("hand", c) for c in p.hand] + [("kept", c) for c in p.kept]
        if p.discarded is not None:
            held.append(("discarded", p.discarded))
        for name, card in held:
            where = f"state.players[{seat}].{name}"
            if card in seen:
                _fail(where, f"founding card {card} is in two places ({seen[card]} and {where})")
            seen[card] = where


def _fail(name: str, problem: str) -> NoReturn:
    raise ValueError(f"{name}: {problem}")


def _check_order(name: str, order: tuple[int, ...], players: int) -> None:
    """``order`` holds each seat once."""
    if sorted(order) != list(range(players)):
        _fail(name, f"must hold each seat 0..{players - 1} once, got {order}")


def _check_count(name: str, value: int, least: int, most: int | None, why: str) -> None:
    """``least <= value <= most`` (``most`` None: :data:`COUNT_LIMIT`); ``why`` names the
    bound's source (a rule or a data file's field)."""
    if value < least:
        _fail(name, f"{value} is below zero" if least == 0 else f"{value} is below {least} ({why})")
    if most is None:
        most, why = COUNT_LIMIT, "far beyond a game"
    if value > most:
        _fail(name, f"{value} is more than {most} ({why})")


def _check_names(name: str, values: tuple[str, ...], known: Any, what: str) -> None:
    """Every value is one of ``known`` (card ids, names): the game looks them up."""
    for v in values:
        if v not in known:
            _fail(name, f"{v!r} is not {what}")


def _check_length(name: str, values: tuple[Any, ...], length: int, why: str) -> None:
    if len(values) != length:
        _fail(name, f"must hold {length} entries ({why}), got {len(values)}")


def _check_table(state: GameState, spec: Any) -> None:
    """The supply, the decks and the round: what every player shares."""
    c = spec.components
    board = c.board
    n = spec.players
    chancellors = {ch.name for ch in c.chancellors}
    students = {s.name: s for s in c.students}
    if state.rounds != board.rounds:
        _fail("state.rounds", f"{state.rounds}, but board.toml rounds.count is {board.rounds}")
    before_play = state.phase in ("draft", "discard", "chancellor")
    _check_count(
        "state.round",
        state.round,
        0 if before_play else 1,
        board.rounds,
        f"rounds 1 to {board.rounds}: board.toml rounds.count",
    )
    if before_play and state.round:
        _fail("state.round", f"{state.round} in the {state.phase} phase, before round 1")
    _check_order("state.tie_draw", state.tie_draw, n)
    _check_names(
        "state.chancellor_pool",
        state.chancellor_pool,
        chancellors,
        "a chancellor of chancellors.toml",
    )
    _check_names(
        "state.bust_extra", state.bust_extra, chancellors, "a chancellor of chancellors.toml"
    )
    _check_names(
        "state.bust_chancellors",
        state.bust_chancellors,
        chancellors,
        "a chancellor of chancellors.toml",
    )
    _check_order("state.bust_order", state.bust_order, 3)  # 3 bust stacks (a fact)
    _check_names("state.glory", state.glory, spec.glory, "a glory tile of glory.toml")
    _check_length("state.glory", state.glory, len(c.glory_levels), "glory.toml busts.in_play")
    if state.bust_chancellors:
        _check_length(
            "state.bust_chancellors",
            state.bust_chancellors,
            len(state.glory),
            "one stack per glory tile",
        )
    _check_length("state.busts_left", state.busts_left, len(state.glory), "one per glory tile")
    for i, left in enumerate(state.busts_left):
        _check_count(
            f"state.busts_left[{i}]",
            left,
            0,
            c.bust_stack,
            "busts per stack: glory.toml busts.per_stack",
        )
    _check_length(
        "state.research_track",
        state.research_track,
        len(LETTERS),
        "one research card of each letter A-E",
    )
    for letter, card in zip(LETTERS, state.research_track, strict=True):
        if card not in spec.research or spec.research[card].letter != letter:
            _fail(
                "state.research_track", f"{card!r} is not a letter-{letter} card of research.toml"
            )
    rows, columns = board.campus_rows, len(board.campus_columns)
    _check_length("state.campus", state.campus, rows, "board.toml campus.rows")
    _check_length("state.campus_left", state.campus_left, rows, "board.toml campus.rows")
    for r in range(rows):
        _check_length(f"state.campus[{r}]", state.campus[r], columns, "board.toml campus.column")
        _check_length(
            f"state.campus_left[{r}]", state.campus_left[r], columns, "board.toml campus.column"
        )
        for col, kind in enumerate(state.campus[r]):
            if kind not in students or students[kind].column != col + 1:
                _fail(
                    f"state.campus[{r}][{col}]",
                    f"{kind!r} is not a student kind of price column {col + 1} (students.toml)",
                )
            _check_count(
                f"state.campus_left[{r}][{col}]",
                state.campus_left[r][col],
                0,
                c.student_copies,
                "students.toml copies.per_kind",
            )
    _check_names(
        "state.academy",
        state.academy,
        {p.name for p in c.professors},
        "a professor type of professors.toml",
    )
    _check_length("state.academy", state.academy, len(set(state.academy)), "no type twice")
    _check_length(
        "state.academy_left",
        state.academy_left,
        len(state.academy),
        "one per professor type in play",
    )
    _check_length(
        "state.academy_paid",
        state.academy_paid,
        len(state.academy),
        "one per professor type in play",
    )
    for i, left in enumerate(state.academy_left):
        _check_count(
            f"state.academy_left[{i}]",
            left,
            0,
            c.professor_copies,
            "professors.toml copies.per_type",
        )
    tokens = {*spec.colours, "dictionary"}
    for i, paid in enumerate(state.academy_paid):
        if paid is not None and paid not in tokens:
            _fail(f"state.academy_paid[{i}]", f"{paid!r} is not a player colour or 'dictionary'")
    _check_length("state.spaces", state.spaces, len(spec.spaces), "one per action space")
    for i, masters in enumerate(state.spaces):
        _check_count(
            f"state.spaces[{i}]", masters, 0, board.masters_max, "masters: board.toml masters.max"
        )
    for i, (_, masters) in enumerate(state.bishop):
        _check_count(
            f"state.bishop[{i}] (masters)",
            masters,
            1,
            board.masters_max,
            "masters: board.toml masters.max",
        )
    for i, (kind, _, count) in enumerate(state.pending):
        check_values(f"state.pending[{i}] (kind)", kind, frozenset(("shelve", "return")))
        _check_count(f"state.pending[{i}] (count)", count, 1, None, "a decision owes a book")
    held = sum(p.dictionaries for p in state.players)
    _check_count("state.dictionaries", state.dictionaries, 0, None, "")
    if state.dictionaries + held > board.dictionaries_supply:
        _fail(
            "state.dictionaries",
            f"{state.dictionaries} in the supply and {held} held by the players make "
            f"{state.dictionaries + held}, more than the game's "
            f"{board.dictionaries_supply} (board.toml supply.dictionaries)",
        )


def _check_player(state: GameState, spec: Any, seat: int, p: PlayerState) -> None:
    """One university board: markers on their tracks, rows within the lecture halls,
    only known cards, masters within the board's limits."""
    c = spec.components
    board = c.board
    at = f"state.players[{seat}]"
    if p.seat != seat:
        _fail(f"{at}.seat", f"{p.seat}, but it is the entry of seat {seat}")
    if p.colour != spec.colours[seat]:
        _fail(f"{at}.colour", f"{p.colour!r}, but seat {seat} plays {spec.colours[seat]!r}")
    for name in ("hand", "kept"):
        cards = getattr(p, name)
        _check_names(f"{at}.{name}", cards, spec.founding, "a founding card of founding.toml")
        _check_count(
            f"{at}.{name} (cards)",
            len(cards),
            0,
            HAND,
            f"{HAND} founding cards are dealt to each player",
        )
    if p.discarded is not None:
        _check_names(
            f"{at}.discarded", (p.discarded,), spec.founding, "a founding card of founding.toml"
        )
    chancellors = {ch.name for ch in c.chancellors}
    if p.chancellor is not None:
        _check_names(
            f"{at}.chancellor", (p.chancellor,), chancellors, "a chancellor of chancellors.toml"
        )
    _check_names(f"{at}.abilities", p.abilities, chancellors, "a chancellor of chancellors.toml")
    for name in ("ducats", "prestige", "dictionaries", "paracelsus_used"):
        _check_count(f"{at}.{name}", getattr(p, name), 0, COUNT_LIMIT, "far beyond a game")
    _check_length(f"{at}.storage", p.storage, spec.players, "books by colour, one per player")
    for colour, books in enumerate(p.storage):
        _check_count(f"{at}.storage[{colour}]", books, 0, COUNT_LIMIT, "far beyond a game")
    compartments = len(c.shelves.prices)
    _check_length(f"{at}.shelves", p.shelves, c.shelves.count, "shelves.toml shelves.count")
    for i, shelf in enumerate(p.shelves):
        _check_length(
            f"{at}.shelves[{i}]",
            shelf,
            compartments,
            "compartments per shelf: shelves.toml compartment",
        )
    steps = len(LETTERS) * STEPS_PER_CARD
    _check_count(
        f"{at}.research",
        p.research,
        0,
        steps,
        f"the research track has {steps} steps: 5 cards of 3",
    )
    for row, slots in (("row_a", board.row_a), ("row_b", board.row_b)):
        students = getattr(p, row)
        _check_count(
            f"{at}.{row} (students)",
            len(students),
            0,
            slots,
            f"slots in that row: board.toml lecture_halls.{row}",
        )
        _check_names(
            f"{at}.{row}", students, {s.name for s in c.students}, "a student kind of students.toml"
        )
    _check_names(
        f"{at}.professors",
        p.professors,
        set(state.academy),
        "a professor type in play (state.academy)",
    )
    if c.one_per_type and len(set(p.professors)) != len(p.professors):
        _fail(f"{at}.professors", "a type held twice (professors.toml copies.one_per_type)")
    _check_names(
        f"{at}.exhausted", p.exhausted, set(p.professors), "one of the player's professors"
    )
    _check_count(
        f"{at}.masters",
        p.masters,
        board.masters_start,
        None,
        "the masters each player starts with: board.toml masters.start",
    )
    _check_count(
        f"{at}.masters",
        p.masters,
        0,
        board.masters_max,
        "the most masters a player has: board.toml masters.max",
    )
    _check_count(f"{at}.placed", p.placed, 0, p.masters, "the player's masters")
    _check_count(
        f"{at}.starting_student", p.starting_student, 0, p.placed, "the player's placed masters"
    )
    _check_names(f"{at}.busts", p.busts, set(state.glory), "a glory tile in play (state.glory)")
    for tile in set(p.busts):
        _check_count(
            f"{at}.busts ({tile})",
            p.busts.count(tile),
            0,
            c.busts_per_player,
            "busts per tile and player: glory.toml busts.per_player",
        )
    _check_names(
        f"{at}.extra", p.extra, EXTRA_TRIGGERS, "an extra-master trigger (glory, prestige, slot)"
    )
    _check_length(f"{at}.extra", p.extra, len(set(p.extra)), "each trigger counts once")
