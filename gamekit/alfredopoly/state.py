"""Game states: immutable values (frozen dataclasses and tuples), cheap to compare.

``owner[i]`` is the seat that owns space ``i`` (``-1``: the trustees), ``level[i]`` its
sculptures (0-4; 5 is the statue of King Alfred) and ``mortgaged[i]`` whether it is
mortgaged. ``decks`` holds the card ids of E-Mail and PCC Mail, top card first; a
"Get out" card a player holds is in that player's ``cards`` and not in its deck.

``phase`` says what the game waits for and ``actor`` who must act (the phase table,
with what each phase allows and may lead to, is :data:`gamekit.alfredopoly.phases.PHASES`):

======== ==========================================================================
turn     the current player may roll (``may_roll``), manage property, trade, end turn
dice     chance: the dice for a move (or a try for doubles in Academic Probation)
card_dice chance: the dice for the "nearest utility" card (10x the roll)
buy      buy or decline ``pending`` (rule 4)
auction  house rule: bid for ``pending``
building_auction  the supply is short (rule 10): bid for one sculpture or statue
placing  the winner of that auction puts the building on one of their streets
tax      a tax space: the flat tax or a percentage of net worth (rule 7)
debt     ``debts[0]``'s debtor must raise money, pay or go bankrupt (rule 13)
trade    ``offer``'s partner accepts or rejects it
transfer ``transfers[0]`` is a mortgaged property that changed hands: its new owner
         keeps the mortgage (pays 10% now) or lifts it (mortgage + 10%), Decision
over     the game has ended
======== ==========================================================================

In every phase but ``dice``, ``card_dice`` and ``over`` the game waits for a decision,
and then any solvent player (not only ``actor``) may also build, sell, mortgage and
lift (management actions name their player; Decision "at any time", rules 10-12), except
in ``placing``, a single choice that management must not take away.

>>> from gamekit.alfredopoly.rules import new_game
>>> from gamekit.alfredopoly.spec import AlfredopolySpec
>>> s = new_game(AlfredopolySpec(), players=3, seed=1)
>>> s.phase, s.actor, s.players[0].cash, s.owner[1]
('turn', 0, 1500, -1)
>>> state_from_struct(state_to_struct(s), s.spec) == s
True
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from gamekit.alfredopoly.actions import ProposeTrade
from gamekit.alfredopoly.board import DECK_TITLES, DECKS
from gamekit.alfredopoly.constants import MAX_PLAYERS, MIN_PLAYERS, STATUE, TRUSTEES
from gamekit.alfredopoly.narration import Reason, legacy_reason, phrasebook
from gamekit.alfredopoly.phases import PHASES
from gamekit.alfredopoly.spec import AlfredopolySpec
from gamekit.core.structs import NOT_IN_STRUCT, check_values, from_struct, to_struct
from gamekit.core.views import Shown


@dataclass(frozen=True)
class PlayerState:
    name: str
    cash: int
    position: int = 0
    in_jail: bool = False
    jail_tries: int = 0
    cards: tuple[str, ...] = ()
    bankrupt: bool = False


@dataclass(frozen=True)
class Debt:
    """``debtor`` owes ``amount`` to ``creditor`` (``-1``: the trustees) for ``reason``:
    words (a :class:`~gamekit.alfredopoly.narration.Reason`, said in any language); a game
    saved by an older kit may hold English text, which still loads."""

    debtor: int
    creditor: int
    amount: int
    reason: Reason | str
    kind: str = "fee"
    jackpot: bool = False


@dataclass(frozen=True)
class AuctionState:
    """An auction: the house rule's, for the declined property ``space``; or, when
    ``building`` is ``"sculpture"`` or ``"statue"``, the building-shortage auction
    (rule 10) for one building that the owner of ``space`` asked to build there, after
    which the game returns to phase ``resume`` with ``resume_actor`` to act."""

    space: int
    bidders: tuple[int, ...]
    turn: int = 0
    high_bid: int = 0
    high_bidder: int = -1
    building: str = ""
    resume: str = ""
    resume_actor: int = -1


@dataclass(frozen=True)
class GameState(Shown):
    """One position. In a notebook it shows a table of players (``display.py``) and the
    board (``picture.py``); ``print(state)`` gives a few lines (``gamekit.core.views``)."""

    players: tuple[PlayerState, ...]
    owner: tuple[int, ...]
    level: tuple[int, ...]
    mortgaged: tuple[bool, ...]
    decks: tuple[tuple[str, ...], tuple[str, ...]]
    sculptures_left: int
    statues_left: int
    current: int = 0
    phase: str = "turn"
    actor: int = 0
    may_roll: bool = True
    rolled: bool = False
    doubles: int = 0
    last_roll: tuple[int, ...] = ()
    pending: int = -1
    debts: tuple[Debt, ...] = ()
    then_move: int = 0
    offer: ProposeTrade | None = None
    auction: AuctionState | None = None
    jackpot: int = 0
    round: int = 1
    turn: int = 1
    ended: str = ""
    out_order: tuple[int, ...] = ()
    transfers: tuple[int, ...] = ()
    # the rules this state is played by (set by new_game; compared, never written: two
    # positions under different rules are different states)
    spec: AlfredopolySpec | None = field(
        default=None, repr=False, metadata=NOT_IN_STRUCT
    )

    @property
    def active(self) -> tuple[int, ...]:
        """Seats still in the game."""
        return tuple(i for i, p in enumerate(self.players) if not p.bankrupt)


def state_to_struct(state: GameState) -> dict[str, Any]:
    """A JSON-ready dict with a stable key order (the spec is not written: the game
    writes its options beside the state).

    >>> from gamekit.alfredopoly.rules import new_game
    >>> state_to_struct(new_game(players=2, seed=0))["players"][0]["cash"]
    1500
    """
    return to_struct(state)  # type: ignore[no-any-return]


def state_from_struct(data: Any, spec: AlfredopolySpec) -> GameState:
    """Rebuild a state from :func:`state_to_struct` output, played by ``spec``
    (``ValueError`` naming the field when the data does not fit, or when its board has
    another number of spaces).

    >>> from gamekit.alfredopoly.rules import new_game
    >>> s = new_game(AlfredopolySpec(), players=2, seed=0)
    >>> state_from_struct(state_to_struct(s), s.spec) == s
    True

    What the players hold must fit together too: no negative cash, property only on
    property spaces, buildings only on a whole, unmortgaged colour group of one owner,
    built evenly, no more built and left than the supply, every card in exactly one place.
    The phase must have what it waits for (a space on offer, a debt, an auction, ...) and
    wait for the right player, so that the game can go on.

    >>> data = state_to_struct(s)
    >>> data["players"][0]["cards"] = [data["decks"][0][0]]
    >>> state_from_struct(data, s.spec)
    Traceback (most recent call last):
    ...
    ValueError: state.players[0].cards: card EM03 is in two places (the E-Mail deck and Ann's hand)
    """
    if isinstance(data, dict) and "phase" not in data:
        raise ValueError("state.phase: missing (a saved game says what the game waits for)")
    state = from_struct(GameState, data, "state")
    state = _with_reasons(state)
    _check_sizes(state, len(spec.board.spaces))
    _check_seats_and_spaces(state, len(spec.board.spaces))
    _check_holdings(state, spec)
    _check_bounds(state, spec)
    _check_phase(state, spec)
    return dataclasses.replace(state, spec=spec)


MONEY_LIMIT = 10**9
"""The most money (cash, a debt, a bid, a trade's cash, the jackpot) a reachable position
holds, beyond what the players started with: a generous but finite bound. The trustees pay
money in only as the salary, cards and the jackpot; at the kit's $200 salary a round, five
million rounds would not pay $1,000,000,000, so a saved game above it was edited."""


def money_limit(spec: AlfredopolySpec) -> int:
    """The bound of :data:`MONEY_LIMIT` for ``spec`` (its players' starting cash added).

    >>> money_limit(AlfredopolySpec())
    1000012000
    """
    return MONEY_LIMIT + MAX_PLAYERS * spec.starting_cash


def _check_bounds(state: GameState, spec: AlfredopolySpec) -> None:
    """Money within :func:`money_limit`; rounds and turns as the game counts them (turn 1
    of round 1 first; a turn ends before the next starts, and a round has at most one turn
    per player, so ``1 <= round <= turn <= round * players``); at most one round past
    ``max_rounds`` (``ValueError`` naming the field)."""
    limit = money_limit(spec)
    amounts = [(f"state.players[{i}].cash", p.cash) for i, p in enumerate(state.players)]
    amounts += [(f"state.debts[{k}].amount", d.amount) for k, d in enumerate(state.debts)]
    amounts.append(("state.jackpot", state.jackpot))
    if state.auction is not None:
        amounts.append(("state.auction.high_bid", state.auction.high_bid))
    if state.offer is not None:
        amounts += [
            ("state.offer.give_cash", state.offer.give_cash),
            ("state.offer.take_cash", state.offer.take_cash),
        ]
    for name, amount in amounts:
        if not 0 <= amount <= limit:
            raise ValueError(f"{name}: {amount} is not in 0-{limit:,} (more than a game can pay)")
    n = len(state.players)
    if not 1 <= state.round <= state.turn <= state.round * n:
        raise ValueError(
            f"state.round, state.turn: round {state.round}, turn {state.turn}; the game counts "
            f"1 <= round <= turn <= round x {n} players"
        )
    if spec.max_rounds is not None and state.round > spec.max_rounds + 1:
        raise ValueError(
            f"state.round: {state.round}, but the game stops after {spec.max_rounds} rounds"
        )


def _check_sizes(state: GameState, spaces: int) -> None:
    """2 to 8 players, and one entry a space in each list of the board (``ValueError``)."""
    if not MIN_PLAYERS <= len(state.players) <= MAX_PLAYERS:
        raise ValueError(
            f"state.players: {len(state.players)} player{'s' * (len(state.players) != 1)}; "
            f"Alfredopoly seats {MIN_PLAYERS} to {MAX_PLAYERS}"
        )
    for name in ("owner", "level", "mortgaged"):
        size = len(getattr(state, name))
        if size != spaces:
            raise ValueError(f"state.{name}: the board has {spaces} spaces, the state {size}")


def _with_reasons(state: GameState) -> GameState:
    """``state`` with each debt's reason as words: an older kit's English text becomes its
    :class:`Reason` when it is one the engine writes (so the game replays to the same
    position); a reason must be words the phrasebook has, with its fields (``ValueError``).

    >>> from gamekit.alfredopoly.rules import new_game
    >>> s = dataclasses.replace(new_game(players=2, seed=0), phase="debt", actor=1,
    ...                         debts=(Debt(1, 0, 24, "for Fasano House"),))
    >>> _with_reasons(s).debts[0].reason
    Reason(kind='why.for', fields=(('space', 'Fasano House'),))
    """
    if not state.debts:
        return state
    debts = []
    for k, d in enumerate(state.debts):
        why = d.reason
        if isinstance(why, str):
            why = legacy_reason(why)
        else:
            why = Reason(why.kind, tuple(sorted(why.fields)))
            try:
                if not why.kind.startswith("why."):
                    raise KeyError(why.kind)
                phrasebook().text(why.words())
            except (KeyError, ValueError, TypeError) as exc:
                raise ValueError(
                    f"state.debts[{k}].reason: {why.kind!r} with fields "
                    f"{[f for f, _ in why.fields]} is not a reason the game says ({exc})"
                ) from None
        debts.append(d if why == d.reason else dataclasses.replace(d, reason=why))
    return dataclasses.replace(state, debts=tuple(debts))


def _check_seats_and_spaces(state: GameState, spaces: int) -> None:
    """A loaded state names only seats, spaces and phases that exist (``ValueError``)."""
    seats = range(len(state.players))
    check_values("state.phase", state.phase, frozenset(PHASES.names))
    for name in ("current", "actor"):
        check_values(f"state.{name}", getattr(state, name), seats)
    check_values("state.owner", state.owner, range(TRUSTEES, len(state.players)))
    check_values("state.level", state.level, range(STATUE + 1))
    check_values("state.pending", state.pending, range(-1, spaces))
    check_values("state.transfers", state.transfers, range(spaces))
    check_values("state.out_order", state.out_order, seats)
    for seat, player in enumerate(state.players):
        check_values(f"state.players[{seat}].position", player.position, range(spaces))
    for k, debt in enumerate(state.debts):
        check_values(f"state.debts[{k}].debtor", debt.debtor, seats)
        check_values(
            f"state.debts[{k}].creditor", debt.creditor, range(TRUSTEES, len(state.players))
        )
        if debt.amount <= 0:
            raise ValueError(f"state.debts[{k}].amount: {debt.amount} is not above zero")
    if state.offer is not None:
        check_values("state.offer.partner", state.offer.partner, seats)
    au = state.auction
    if au is not None:
        check_values("state.auction.space", au.space, range(spaces))
        check_values("state.auction.bidders", au.bidders, seats)
        if not au.bidders or len(set(au.bidders)) != len(au.bidders):
            raise ValueError(
                f"state.auction.bidders: {list(au.bidders)} (an auction under way has "
                "bidders, each once)"
            )
        check_values("state.auction.turn", au.turn, range(len(au.bidders)))
        check_values("state.auction.high_bidder", au.high_bidder, {-1, *au.bidders})
        if au.high_bid < 0:
            raise ValueError(f"state.auction.high_bid: {au.high_bid} is below zero")
        check_values("state.auction.building", au.building, {"", "sculpture", "statue"})
        # a building-shortage auction (rule 10) goes back to the phase it was opened in;
        # the house rule's auction goes on as its phase table says
        opened_in = {p.name for p in PHASES.phases if "building_auction" in p.then}
        check_values("state.auction.resume", au.resume, opened_in if au.building else {""})
        check_values("state.auction.resume_actor", au.resume_actor,
                     seats if au.building else {-1})  # fmt: skip


def _check_holdings(state: GameState, spec: AlfredopolySpec) -> None:
    """What the players hold fits together (``ValueError`` naming the field): no negative
    cash, buildings only on an owned, unmortgaged street, and every card of the board in
    exactly one place (a deck or a player's hand)."""
    for seat, player in enumerate(state.players):
        if player.cash < 0:
            raise ValueError(f"state.players[{seat}].cash: {player.cash} is below zero")
        check_values(f"state.players[{seat}].jail_tries", player.jail_tries,
                     range(spec.jail_tries))  # fmt: skip
    for name in ("jackpot", "sculptures_left", "statues_left", "then_move", "doubles"):
        if getattr(state, name) < 0:
            raise ValueError(f"state.{name}: {getattr(state, name)} is below zero")
    spaces = spec.board.spaces
    for i, (owner, mortgaged) in enumerate(zip(state.owner, state.mortgaged, strict=True)):
        problem = (
            "is not a property"
            if not spaces[i].is_property
            else "is the trustees'"
            if owner < 0 and mortgaged
            else None
        )
        if problem and (owner >= 0 or mortgaged):
            field = "mortgaged" if mortgaged else "owner"
            what = "is mortgaged" if mortgaged else f"is owned by seat {owner}"
            raise ValueError(f"state.{field}[{i}]: {spaces[i].name} {what} but {problem}")
    for i, level in enumerate(state.level):
        if not level:
            continue
        problem = (
            "is not a street"
            if spaces[i].kind != "street"
            else "is the trustees'"
            if state.owner[i] < 0
            else "is mortgaged"
            if state.mortgaged[i]
            else None
        )
        if problem:
            raise ValueError(
                f"state.level[{i}]: {spaces[i].name} has {level} buildings but {problem}"
            )
        _check_group(state, spec, i)
    _check_supply(state, spec)
    places: dict[str, str] = {}
    held = [
        (f"state.decks[{d}]", f"the {DECK_TITLES[DECKS[d]]} deck", deck)
        for d, deck in enumerate(state.decks)
    ]
    held += [
        (f"state.players[{seat}].cards", f"{p.name}'s hand", p.cards)
        for seat, p in enumerate(state.players)
    ]
    for where, place, cards in held:
        for card in cards:
            if card not in spec.board.cards:
                raise ValueError(f"{where}: {card!r} is not a card of this board")
            if card in places:
                raise ValueError(f"{where}: card {card} is in two places ({places[card]} and "
                                 f"{place})")  # fmt: skip
            places[card] = place
    missing = sorted(set(spec.board.cards) - set(places))
    if missing:
        raise ValueError(f"state.decks: card {missing[0]} is in no deck and no hand")


def _check_group(state: GameState, spec: AlfredopolySpec, i: int) -> None:
    """Rule 10: buildings stand on a whole colour group of one owner, none of it
    mortgaged, built evenly (``ValueError`` naming ``state.level[i]``)."""
    space = spec.board.spaces[i]
    group = spec.board.groups[space.group or ""]
    levels = [state.level[j] for j in group]
    problem = (
        f"the {space.group} group is not all {_seat_name(state, state.owner[i])}'s"
        if any(state.owner[j] != state.owner[i] for j in group)
        else f"part of the {space.group} group is mortgaged"
        if any(state.mortgaged[j] for j in group)
        else f"the {space.group} group is not built evenly (levels {levels})"
        if max(levels) - min(levels) > 1
        else None
    )
    if problem:
        raise ValueError(f"state.level[{i}]: {space.name} has buildings but {problem}")


def _check_supply(state: GameState, spec: AlfredopolySpec) -> None:
    """What is built and what the trustees hold is at most the supply (rule 10)."""
    built = {
        "sculptures": sum(lv for lv in state.level if lv < STATUE),
        "statues": sum(1 for lv in state.level if lv == STATUE),
    }
    for kind, count in built.items():
        left = getattr(state, f"{kind}_left")
        supply = getattr(spec, kind)
        if left + count > supply:
            raise ValueError(
                f"state.{kind}_left: {left} left and {count} on the board, more than the "
                f"supply of {supply}"
            )


def _seat_name(state: GameState, seat: int) -> str:
    return state.players[seat].name if 0 <= seat < len(state.players) else "the trustees"


def _check_phase(state: GameState, spec: AlfredopolySpec) -> None:
    """The phase has what it waits for, and its actor is the one it waits for
    (``ValueError`` naming the field)."""
    problem = _phase_problem(state, spec, state.phase)
    au = state.auction
    if problem is None and au is not None and au.building and au.resume in _OWN_QUESTION:
        # the phase a shortage auction goes back to must still have its question
        problem = _phase_problem(state, spec, au.resume, actor=False)
        if problem is not None:
            field, words = problem
            problem = field, f"{words} (the shortage auction goes back to {au.resume})"
    if problem is not None:
        field, words = problem
        raise ValueError(f"state.{field}: {words}")
    if state.phase != "over" and state.players[state.current].bankrupt:
        raise ValueError(f"state.current: {_seat_name(state, state.current)} is out of the game")


_OWN_QUESTION = ("buy", "tax", "trade")
"""Phases that hold a question of their own (a space on offer, Alumni Hall, a trade)."""


def _phase_problem(
    state: GameState, spec: AlfredopolySpec, phase: str, actor: bool = True
) -> tuple[str, str] | None:
    """``(field, problem)`` when ``phase`` lacks what it waits for, or its actor is not
    the one it waits for (only if ``actor``), else ``None``."""
    spaces = spec.board.spaces
    pending = state.pending
    on_offer = spaces[pending] if pending >= 0 else None
    au = state.auction
    waits: int | None = state.current
    if phase in ("buy", "auction") and (
        on_offer is None or not on_offer.is_property or state.owner[pending] >= 0
    ):
        return (
            "pending",
            f"phase {phase} needs the property on offer (the trustees'), got {pending}",
        )
    if phase == "tax" and (on_offer is None or on_offer.kind != "tax" or not on_offer.tax_percent):
        return "pending", f"phase tax needs a tax space with a percentage, got {pending}"
    if phase == "card_dice" and (
        on_offer is None or on_offer.kind != "utility" or state.owner[pending] < 0
    ):
        return "pending", f"phase card_dice needs an owned utility, got {pending}"
    if phase == "auction":
        if au is None or au.building or au.space != pending:
            return "auction", "phase auction needs the house rule's auction of state.pending"
        waits = au.bidders[au.turn]
    if phase in ("building_auction", "placing"):
        if au is None or not au.building:
            return "auction", f"phase {phase} needs a building-shortage auction"
        waits = au.bidders[au.turn]
        if phase == "placing" and au.bidders != (au.high_bidder,):
            return "auction", "phase placing needs the winner as the only bidder"
    if phase == "debt":
        if not state.debts:
            return "debts", "phase debt needs a debt"
        waits = state.debts[0].debtor
    if phase == "transfer":
        if not state.transfers:
            return "transfers", "phase transfer needs a mortgaged property that changed hands"
        for i in state.transfers:
            if state.owner[i] < 0 or not state.mortgaged[i]:
                return "transfers", f"{spaces[i].name} is not a mortgaged property of a player"
        waits = state.owner[state.transfers[0]]
    if phase == "trade":
        if state.offer is None:
            return "offer", "phase trade needs an offer"
        waits = state.offer.partner
    if phase == "over":
        waits = None
    if actor and waits is not None and state.actor != waits:
        return "actor", (
            f"phase {phase} waits for {_seat_name(state, waits)}, not "
            f"{_seat_name(state, state.actor)}"
        )
    return None
