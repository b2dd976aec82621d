"""Management at any time (rules 10-12 and Decision "at any time"): whether a player may
build, sell, mortgage or lift now and why not, where a building may go, and who bids when
the supply runs short (rule 10's shortage).

These are the legality helpers both the checks (:mod:`~gamekit.alfredopoly.checks`) and
the rules that build (:mod:`~gamekit.alfredopoly.properties`) need, so they live below
both: this module imports the working table and the phase table, never the engine, the
property rules or the checks (no import circle). Reasons are words
(:class:`~gamekit.core.events.Words`, kinds of ``phrases.toml``).
"""

from __future__ import annotations

from gamekit.alfredopoly import actions as A
from gamekit.alfredopoly.constants import SCULPTURES_PER_STATUE, STATUE
from gamekit.alfredopoly.narration import action_words, phase_words
from gamekit.alfredopoly.phases import WAITING
from gamekit.alfredopoly.working import WorkingTable as Table
from gamekit.core.actions import Action
from gamekit.core.events import Words

_WHY: dict[tuple[str, type, object], Words] = {}
_KEEP = 4096  # at most this many kept (a board has a few hundred; typed-in values vary)


def _why(kind: str, key: str, value: object) -> Words:
    """``Words(kind, key=value)``, made once: the listing of legal actions asks for these
    reasons thousands of times a game (a space's name, a group), so they are kept (by
    type and value: ``True == 1``, but they read differently).

    >>> _why("no.sell.none", "space", "Hall") is _why("no.sell.none", "space", "Hall")
    True
    >>> _why("no.build.space", "space", True)["space"], _why("no.build.space", "space", 1)["space"]
    (True, 1)
    """
    try:
        words = _WHY.get((kind, type(value), value))
    except TypeError:  # an unhashable value (typed in): said, not kept
        return Words(kind, **{key: value})
    if words is None:
        words = Words(kind, **{key: value})
        if len(_WHY) < _KEEP:
            _WHY[kind, type(value), value] = words
    return words


_NO_STATUES = Words("no.build.no_statues")
_NO_SCULPTURES = Words("no.build.no_sculptures")


def on_board(t: Table, i: object) -> bool:
    """Whether ``i`` is a space of the board (a whole number, not a bool)."""
    return isinstance(i, int) and not isinstance(i, bool) and 0 <= i < t.lay.n


def build_problem(t: Table, seat: int, i: int) -> Words | None:
    """Rule 10: whole group, none mortgaged, evenly, supply and cash."""
    if not on_board(t, i) or t.lay.kind[i] != "street":
        return _why("no.build.space", "space", i)
    s = t.board.spaces[i]
    if t.owner[i] != seat:
        return _why("no.not_yours", "space", s.name)
    group = t.lay.group[i]
    if any(t.owner[j] != seat for j in group):
        return _why("no.build.group", "group", s.group)
    if any(t.mortgaged[j] for j in group):
        return _why("no.build.mortgaged", "group", s.group)
    lv = t.level[i]
    if lv >= STATUE:
        return _why("no.build.statue", "space", s.name)
    if lv > min(t.level[j] for j in group):
        return _why("no.build.evenly", "group", s.group)
    if lv == SCULPTURES_PER_STATUE and t.statues_left < 1:
        return _NO_STATUES
    if lv < SCULPTURES_PER_STATUE and t.sculptures_left < 1:
        return _NO_SCULPTURES
    if t.players[seat].cash < s.building_cost:
        return Words("no.build.cash", cost=s.building_cost, cash=t.players[seat].cash)
    return None


def sell_problem(t: Table, seat: int, i: int) -> Words | None:
    """Rule 11: sculptures sell evenly; a statue needs four sculptures in the supply, and
    none while the last sculptures are auctioned (Decision "building shortage": a statue
    sold alone puts four sculptures from the supply on its building)."""
    if not on_board(t, i) or t.owner[i] != seat:
        return _why("no.space.not_yours", "space", repr(i))
    s = t.board.spaces[i]
    lv = t.level[i]
    if lv == 0:
        return _why("no.sell.none", "space", s.name)
    if lv < max(t.level[j] for j in t.lay.group[i]):
        return _why("no.sell.evenly", "group", s.group)
    au = t.auction
    if lv == STATUE and au is not None and au.building == "sculpture":
        return Words("no.sell.statue_auction")
    if lv == STATUE and t.sculptures_left < SCULPTURES_PER_STATUE:
        return Words("no.sell.statue_supply")
    return None


def mortgage_problem(t: Table, seat: int, i: int) -> Words | None:
    """Rule 12: a property without sculptures (none in its group either)."""
    if not on_board(t, i) or not t.lay.is_property[i] or t.owner[i] != seat:
        return _why("no.space.not_your_property", "space", repr(i))
    s = t.board.spaces[i]
    if t.mortgaged[i]:
        return _why("no.mortgage.already", "space", s.name)
    if any(t.level[j] for j in t.lay.group[i]):
        return _why("no.mortgage.sculptures", "group", s.group)
    return None


def lift_problem(t: Table, seat: int, i: int) -> Words | None:
    if not on_board(t, i) or not t.lay.is_property[i] or t.owner[i] != seat:
        return _why("no.space.not_your_property", "space", repr(i))
    s = t.board.spaces[i]
    if not t.mortgaged[i]:
        return _why("no.lift.not_mortgaged", "space", s.name)
    cost = t.spec.lift_cost(i)
    if t.players[seat].cash < cost:
        return Words("no.lift.cash", cost=cost, cash=t.players[seat].cash)
    return None


def sell_all_problem(t: Table, seat: int, group: str) -> Words | None:
    """Rule 11: every sculpture and statue of a colour group at once (always even)."""
    g = t.board.groups.get(group) if isinstance(group, str) else None
    if g is None or t.lay.kind[g[0]] != "street":
        return _why("no.group.unknown", "group", repr(group))
    if any(t.owner[j] != seat for j in g) or not any(t.level[j] for j in g):
        return _why("no.group.none", "group", group)
    return None


def _seat(t: Table, player: object) -> int | Words:
    """The seat a management action names (``None``: the actor), or why it cannot act."""
    seat = t.actor if player is None else player
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(t.players):
        return Words("no.seat", seat=repr(seat))
    if t.players[seat].bankrupt:
        return Words("no.seat.out", player=t.players[seat].name)
    return seat


def owed_by(t: Table, seat: int) -> int:
    """What ``seat`` owes in the debt queue (cash they keep: Decision "at any time").

    >>> from gamekit.alfredopoly.rules import new_game
    >>> from gamekit.alfredopoly.state import Debt
    >>> s = new_game(players=3, seed=0)
    >>> t = Table(s.spec, s)
    >>> t.debts = [Debt(1, 0, 50, "(card)"), Debt(2, 0, 30, "(card)"), Debt(1, 2, 20, "(card)")]
    >>> owed_by(t, 1), owed_by(t, 0)
    (70, 0)
    """
    return sum(d.amount for d in t.debts if d.debtor == seat)


def spending_problem(t: Table, seat: int, cost: int) -> Words | None:
    """Building, lifting and bidding spend cash: a player keeps the cash for what they
    owe, and the high bidder of an auction keeps the cash for the bid (Decision "at any
    time").

    A debt still in the queue that the player's cash covers is paid at once when its
    turn comes, so it blocks only the cash it needs: the receiver of a mortgaged property
    may lift the mortgage at once (the Decision's promise) while, say, the interest on
    another one waits behind someone else's debt. A player who cannot pay what they owe
    may only sell and mortgage.
    """
    owed = owed_by(t, seat)
    cash = t.players[seat].cash
    if owed and cash - cost < owed:
        return Words("no.spend.owes", player=t.players[seat].name, owed=owed, cash=cash)
    au = t.auction
    if au is not None and au.high_bidder == seat and t.players[seat].cash - cost < au.high_bid:
        return Words("no.spend.bid", bid=au.high_bid)
    return None


def roll_pending_problem(t: Table, seat: int) -> Words | None:
    """A roll's consequences stay in one piece (Decision "at any time"): after the last
    failed try in Academic Probation a player short of the fine raises it (the ``debt``
    phase) and then moves by that roll (``then_move``). The destination is known, so
    until the move only the debtor may manage (sell and mortgage to pay); no one may
    build on the space they are about to land on."""
    if not t.then_move or seat == t.current:
        return None
    who = t.players[t.current].name
    return Words("no.manage.roll_pending", player=who, steps=t.then_move)


def management_problem(t: Table, action: Action) -> Words | None:
    """Decision "at any time": build, sell, mortgage or lift for the named player (the
    actor if none is named), whenever the game waits for a decision."""
    if t.phase not in WAITING:
        return Words("no.phase", action=action_words(action), phase=phase_words(t.phase))
    seat = _seat(t, getattr(action, "player", None))
    if isinstance(seat, Words):
        return seat
    problem = roll_pending_problem(t, seat)
    if problem is not None:
        return problem
    if isinstance(action, (A.BuildSculpture, A.LiftMortgage)):
        # what is owed comes first: "owes money" is the reason, not the space's state
        problem = spending_problem(t, seat, 0)
        if problem is not None:
            return problem
    if isinstance(action, A.BuildSculpture):
        problem = build_problem(t, seat, action.space)
        cost = 0 if problem else t.board.spaces[action.space].building_cost
        return problem or spending_problem(t, seat, cost)
    if isinstance(action, A.LiftMortgage):
        problem = lift_problem(t, seat, action.space)
        return problem or spending_problem(t, seat, t.spec.lift_cost(action.space))
    if isinstance(action, A.SellSculpture):
        return sell_problem(t, seat, action.space)
    if isinstance(action, A.Mortgage):
        return mortgage_problem(t, seat, action.space)
    if isinstance(action, A.SellAllSculptures):
        return sell_all_problem(t, seat, action.group)
    return Words("no.manage.not", action=action_words(action))


def placements(t: Table, seat: int, building: str) -> list[int]:
    """The streets of ``seat`` that may take one more ``building`` (``"sculpture"`` or
    ``"statue"``) now by rule 10 (whole unmortgaged group, evenly, from the supply, cash
    for its price), in board order.

    >>> from gamekit.alfredopoly.rules import new_game
    >>> s = new_game(players=2, seed=0)
    >>> t = Table(s.spec, s)
    >>> t.owner[1] = t.owner[3] = 0
    >>> placements(t, 0, "sculpture"), placements(t, 0, "statue"), placements(t, 1, "sculpture")
    ([1, 3], [], [])
    """
    statue = building == "statue"
    return [
        i
        for i, o in enumerate(t.owner)
        if o == seat
        and t.lay.kind[i] == "street"
        and (t.level[i] == SCULPTURES_PER_STATUE) == statue
        and build_problem(t, seat, i) is None
    ]


def shortage_bidders(t: Table, seat: int, i: int) -> tuple[int, ...]:
    """Rule 10's building shortage (Decision "building shortage"): ``seat`` asks to build
    on street ``i``; when the supply that build draws from has fewer buildings left than
    the players who could legally build from it right now (``seat`` and every other
    player for whom a ``BuildSculpture`` from that supply would be legal), those players
    bid for one: ``seat`` first, then the others in seat order. ``()`` when the supply is
    enough.

    >>> from gamekit.alfredopoly.rules import new_game
    >>> s = new_game(players=3, seed=0)
    >>> t = Table(s.spec, s)
    >>> t.owner[1] = t.owner[3] = 0            # Ann: the first group
    >>> t.owner[6] = t.owner[8] = t.owner[9] = 2   # Cy: the second
    >>> t.sculptures_left = 1                      # one left for two who could build
    >>> shortage_bidders(t, 0, 1), shortage_bidders(t, 2, 9)
    ((0, 2), (2, 0))
    >>> t.sculptures_left = 2                      # one each: no auction
    >>> shortage_bidders(t, 0, 1)
    ()
    """
    building = t.building_kind(i)
    left = t.statues_left if building == "statue" else t.sculptures_left
    n = len(t.players)
    if left >= n:  # the requester plus every other player could not want more: no auction
        return ()
    others = tuple(
        q
        for q in ((seat + k) % n for k in range(1, n))
        if not t.players[q].bankrupt
        and any(
            management_problem(t, A.BuildSculpture(j, q)) is None
            for j in placements(t, q, building)
        )
    )
    return (seat, *others) if left < 1 + len(others) else ()


def place_options(t: Table, seat: int) -> list[int]:
    """Where the winner ``seat`` of a building-shortage auction may put the building:
    :func:`placements` whose building price is at most the winning bid."""
    au = t.auction
    assert au is not None
    spaces = t.board.spaces
    return [i for i in placements(t, seat, au.building) if spaces[i].building_cost <= au.high_bid]


__all__ = [
    "build_problem",
    "lift_problem",
    "management_problem",
    "mortgage_problem",
    "on_board",
    "owed_by",
    "place_options",
    "placements",
    "roll_pending_problem",
    "sell_all_problem",
    "sell_problem",
    "shortage_bidders",
    "spending_problem",
]
