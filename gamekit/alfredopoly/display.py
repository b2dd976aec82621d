"""How an Alfredopoly state shows itself: a compact HTML table for notebooks, and text.

A state evaluated in a notebook cell draws :func:`state_html` (hooked into
:class:`~gamekit.alfredopoly.state.GameState` as ``_repr_html_``): one row per player with
cash, the space the token stands on (in Academic Probation or just visiting) and the
properties by colour group with their sculptures, statues and mortgages, under a caption
with the round, whose turn it is and the phase. Every name (players, spaces, groups) is
escaped, so a player called ``<script>`` stays text. Pure Python, no Jupyter import.

>>> from gamekit.alfredopoly.rules import new_game
>>> from gamekit.alfredopoly.spec import AlfredopolySpec
>>> s = new_game(AlfredopolySpec(), players=2, seed=1, names=["Ann", "<b>Bo</b>"])
>>> "&lt;b&gt;Bo&lt;/b&gt;" in state_html(s), "<b>Bo" in state_html(s)
(True, False)
>>> print(state_text(s))  # doctest: +ELLIPSIS
Alfredopoly, round 1, turn 1, Ann to act: ...
  Ann         $1,500  Academic Alley
  <b>Bo</b>   $1,500  Academic Alley
"""

from __future__ import annotations

from functools import cache
from html import escape

from gamekit.alfredopoly.constants import STATUE
from gamekit.alfredopoly.spec import AlfredopolySpec
from gamekit.alfredopoly.state import GameState
from gamekit.core import views

_CELL = "padding:2px 8px;text-align:left;vertical-align:top"
_NUM = "padding:2px 8px;text-align:right;vertical-align:top"
# legible from a lecture hall's back row (16 px, not the notebook's 13 px): the table, its notes
# and its footer line (lecturer trial 2026-12-01, finding 5)
_FONT = "font-size:16px"


def state_html(state: GameState, spec: AlfredopolySpec | None = None) -> str:
    """The state as an escaped HTML table: players, cash, positions, properties by group.

    ``spec`` defaults to the state's own (``state.spec``), else the kit's default game.

    >>> from gamekit.alfredopoly.rules import new_game
    >>> from gamekit.alfredopoly.spec import AlfredopolySpec
    >>> html = state_html(new_game(AlfredopolySpec(), players=2, seed=1))
    >>> html.startswith("<table"), "$1,500" in html
    (True, True)
    """
    spec = _spec(state, spec)
    board = spec.board
    head = "".join(
        f'<th style="{_NUM if h == "cash" else _CELL}">{h}</th>'
        for h in ("player", "cash", "position", "properties")
    )
    rows = []
    for seat, p in enumerate(state.players):
        mark = "&#9654; " if seat == _to_act(state) else ""
        name = f"{mark}{escape(p.name)}"
        if p.bankrupt:
            name = f"<s>{escape(p.name)}</s> (out)"
        cards = f" + {_n(len(p.cards), 'Get out card')}" if p.cards else ""
        rows.append(
            "<tr>"
            f'<td style="{_CELL};white-space:nowrap">{name}</td>'
            f'<td style="{_NUM}">{_money(p.cash)}{cards}</td>'
            f'<td style="{_CELL}">{escape(_position(state, spec, seat))}</td>'
            f'<td style="{_CELL}">{_holdings_html(state, spec, seat)}</td>'
            "</tr>"
        )
    notes = "".join(f"<li>{escape(n)}</li>" for n in _notes(state, spec))
    return (
        f'<table class="gk-state" style="border-collapse:collapse;{_FONT}">'
        f'<caption style="text-align:left">{escape(_headline(state))}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
        + (f'<ul style="margin:2px 0;{_FONT}">{notes}</ul>' if notes else "")
        + f'<div style="{_FONT};color:#555">{escape(board.title)}: '
        f"{state.sculptures_left} sculptures and {state.statues_left} statues left</div>"
    )


def state_text(state: GameState, spec: AlfredopolySpec | None = None) -> str:
    """The state in a few lines of text (a player per line), for terminals and logs."""
    spec = _spec(state, spec)
    width = max(len(p.name) for p in state.players) + 2
    lines = [_headline(state)]
    for seat, p in enumerate(state.players):
        held = _holdings_text(state, spec, seat)
        where = "out" if p.bankrupt else _position(state, spec, seat)
        line = f"  {p.name:<{width}}{_money(p.cash):>7}  {where}"
        lines.append(f"{line}; {held}" if held else line)
    lines.extend(f"  {n}" for n in _notes(state, spec))
    return "\n".join(lines)


def _spec(state: GameState, spec: AlfredopolySpec | None) -> AlfredopolySpec:
    if spec is None:
        spec = getattr(state, "spec", None)
    return spec if spec is not None else _default_spec()


@cache
def _default_spec() -> AlfredopolySpec:
    return AlfredopolySpec()


def _to_act(state: GameState) -> int | None:
    if state.phase in ("over", "dice", "card_dice"):
        return None if state.phase == "over" else state.current
    return state.actor


def _headline(state: GameState) -> str:
    if state.phase == "over":
        return f"Alfredopoly, game over after round {state.round}" + (
            f": {state.ended}" if state.ended else ""
        )
    who = _to_act(state)
    name = _seat_name([p.name for p in state.players], who)
    return (
        f"Alfredopoly, round {state.round}, turn {state.turn}, {name} to act: "
        f"{_phase_words(state.phase)}"
    )


def _phase_words(phase: str) -> str:
    """The phase's description from the game's phase table (its name if none)."""
    try:
        from gamekit.alfredopoly.phases import PHASES

        described = PHASES[phase].description
    except (ImportError, KeyError):
        described = ""
    return described or phase


def _position(state: GameState, spec: AlfredopolySpec, seat: int) -> str:
    p = state.players[seat]
    board = spec.board
    space = board.spaces[p.position].name
    if p.position == board.jail:
        if p.in_jail:
            return f"in {space} (tries {p.jail_tries})" if p.jail_tries else f"in {space}"
        return f"{space} (just visiting)"
    return space


def _owned_by_group(state: GameState, spec: AlfredopolySpec, seat: int) -> dict[str, list[int]]:
    groups: dict[str, list[int]] = {}
    for space in spec.board.spaces:
        if space.is_property and state.owner[space.index] == seat:
            groups.setdefault(space.group or space.kind, []).append(space.index)
    return groups


def _marks(state: GameState, index: int) -> str:
    level = state.level[index]
    marks = []
    if level == STATUE:
        marks.append("statue")
    elif level:
        marks.append(_n(level, "sculpture"))
    if state.mortgaged[index]:
        marks.append("mortgaged")
    return f" ({', '.join(marks)})" if marks else ""


def _holdings_html(state: GameState, spec: AlfredopolySpec, seat: int) -> str:
    board = spec.board
    parts = []
    for group, indices in _owned_by_group(state, spec, seat).items():
        colour = board.spaces[indices[0]].colour
        swatch = (
            f'<span style="color:{escape(colour)}" aria-hidden="true">&#9632;</span> '
            if colour
            else ""
        )
        complete = len(indices) == len(board.groups.get(group, ()))
        names = ", ".join(escape(board.spaces[i].name) + escape(_marks(state, i)) for i in indices)
        label = escape(group.replace("_", " "))
        label = f"<b>{label}</b>" if complete else label
        parts.append(f"{swatch}{label}: {names}")
    return "<br>".join(parts)


def _holdings_text(state: GameState, spec: AlfredopolySpec, seat: int) -> str:
    board = spec.board
    return " | ".join(
        f"{group.replace('_', ' ')}: "
        + ", ".join(board.spaces[i].name + _marks(state, i) for i in indices)
        for group, indices in _owned_by_group(state, spec, seat).items()
    )


def _notes(state: GameState, spec: AlfredopolySpec) -> list[str]:
    """What the game waits for beyond the phase name: a pending buy, an auction, a debt."""
    names = [p.name for p in state.players]
    board = spec.board
    notes = []
    if state.last_roll:
        notes.append(f"last roll {'+'.join(map(str, state.last_roll))}")
    if state.pending >= 0 and state.phase in ("buy", "auction"):
        space = board.spaces[state.pending]
        notes.append(f"for sale: {space.name} ({_money(space.price)})")
    if state.auction is not None:
        a = state.auction
        high = (
            f"{_seat_name(names, a.high_bidder)} bids {_money(a.high_bid)}"
            if a.high_bidder >= 0
            else "no bid"
        )
        what = f"a {a.building} (for " if a.building else ""  # rule 10's shortage auction
        notes.append(f"auction of {what}{board.spaces[a.space].name}{')' if what else ''}: {high}")
    for d in state.debts:
        creditor = "the trustees" if d.creditor < 0 else _seat_name(names, d.creditor)
        notes.append(
            f"{_seat_name(names, d.debtor)} owes {creditor} {_money(d.amount)} ({d.reason})"
        )
    if state.offer is not None and state.phase == "trade":
        notes.append(f"{_seat_name(names, state.actor)} is offered: {state.offer}")
    if state.jackpot:
        parking = next(s.name for s in board.spaces if s.kind == "free_parking")
        notes.append(f"{parking} jackpot {_money(state.jackpot)}")
    return notes


def _seat_name(names: list[str], seat: int | None) -> str:
    """A seat's name; an edited or broken state's impossible seat shows as its number."""
    return names[seat] if seat is not None and 0 <= seat < len(names) else f"seat {seat}"


def _money(amount: int) -> str:
    return f"-${-amount:,}" if amount < 0 else f"${amount:,}"


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


# a state shows itself through these (gamekit.core.views): the state never imports them
views.html.register(GameState, lambda state: state_html(state))
views.text.register(GameState, lambda state: state_text(state))
