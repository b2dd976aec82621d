"""How an Alma Mater state shows itself: a compact HTML table for notebooks, and text.

A state evaluated in a notebook cell draws :func:`state_html` (hooked into
:class:`~gamekit.almamater.state.GameState` as ``_repr_html_``): the round and phase in
the caption, then one row per player with masters, ducats, prestige, the library, the
storage, students, professors, research and book reputation. Every name (players,
students, professors, chancellors) is escaped, so a name like ``<script>`` stays text.
Pure Python, no Jupyter import.

>>> from gamekit.almamater.rules import new_game
>>> from gamekit.almamater.spec import make_spec
>>> s = new_game(make_spec(2), seed=1)
>>> print(state_text(s))  # doctest: +ELLIPSIS
Alma Mater, setup, draft (...): Red to act
  Red   4/4 masters, 0 ducats, 0 prestige, research 0, reputation 1
  Blue  4/4 masters, 0 ducats, 0 prestige, research 0, reputation 2
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING

from gamekit.almamater.state import GameState, PlayerState
from gamekit.core import views

if TYPE_CHECKING:
    from gamekit.almamater.spec import AlmaMaterSpec

_CELL = "padding:2px 4px;text-align:left;vertical-align:top"
_NUM = "padding:2px 4px;text-align:right;vertical-align:top"
# legible from a lecture hall's back row (16 px, not the notebook's 13 px): the table, its notes
# (lecturer trial 2026-12-01, finding 5); cells padded 4 px, not 8, so the ten columns still
# fit a lesson's output beside JupyterLab's file browser at 1280 px
_FONT = "font-size:16px"
COLUMNS = (
    "player",
    "masters",
    "ducats",
    "prestige",
    "library",
    "storage",
    "students",
    "professors",
    "research",
    "reputation",
)
_NUMERIC = {"ducats", "prestige", "research", "reputation"}


def state_html(
    state: GameState, spec: AlmaMaterSpec | None = None, *, names: Sequence[str] | None = None
) -> str:
    """The state as an escaped HTML table: a row per player, the round and phase on top.

    ``names`` are the players' names by seat (default: their colours, ``Red``, ``Blue``...).

    >>> from gamekit.almamater.rules import new_game
    >>> from gamekit.almamater.spec import make_spec
    >>> html = state_html(new_game(make_spec(2), seed=1), names=["Ann", "<i>Bo</i>"])
    >>> "&lt;i&gt;Bo&lt;/i&gt;" in html, "<i>" in html
    (True, False)
    """
    spec = spec if spec is not None else getattr(state, "spec", None)
    who = _names(state, names)
    head = "".join(f'<th style="{_NUM if c in _NUMERIC else _CELL}">{c}</th>' for c in COLUMNS)
    rows = []
    for p in state.players:
        cells = _cells(state, spec, p)
        mark = "&#9654; " if p.seat == state.current else ""
        tds = [f'<td style="{_CELL};white-space:nowrap">{mark}{escape(who[p.seat])}</td>']
        tds += [
            f'<td style="{_NUM if c in _NUMERIC else _CELL}">{escape(cells[c])}</td>'
            for c in COLUMNS[1:]
        ]
        rows.append(f"<tr>{''.join(tds)}</tr>")
    notes = "".join(f"<li>{escape(n)}</li>" for n in _notes(state, who))
    return (
        f'<table class="gk-state" style="border-collapse:collapse;{_FONT}">'
        f'<caption style="text-align:left">{escape(_headline(state, who))}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
        + (f'<ul style="margin:2px 0;{_FONT}">{notes}</ul>' if notes else "")
    )


def state_text(
    state: GameState, spec: AlmaMaterSpec | None = None, *, names: Sequence[str] | None = None
) -> str:
    """The state in a few lines of text (a player per line), for terminals and logs."""
    spec = spec if spec is not None else getattr(state, "spec", None)
    who = _names(state, names)
    width = max(len(n) for n in who) + 2
    lines = [_headline(state, who)]
    for p in state.players:
        c = _cells(state, spec, p)
        parts = [f"{c['masters']} masters", f"{c['ducats']} ducats", f"{c['prestige']} prestige"]
        if p.shelved:
            parts.append(f"library {c['library']}")
        if p.books:
            parts.append(f"storage {c['storage']}")
        if p.students:
            parts.append(_n(p.students, "student"))
        if p.professors:
            parts.append(f"professors {c['professors']}")
        parts += [f"research {c['research']}", f"reputation {c['reputation']}"]
        lines.append(f"  {who[p.seat]:<{width}}" + ", ".join(parts))
    lines.extend(f"  {n}" for n in _notes(state, who))
    return "\n".join(lines)



def _names(state: GameState, names: Sequence[str] | None) -> list[str]:
    if names is not None:
        if len(names) != len(state.players):
            raise ValueError(f"names: {len(state.players)} players, got {len(names)} names")
        return [str(n) for n in names]
    return [p.colour.capitalize() for p in state.players]


def _headline(state: GameState, who: Sequence[str]) -> str:
    if state.phase == "over":
        return f"Alma Mater, the game is over after round {state.round}"
    phase = _phase_words(state.phase)
    seat = state.current
    acting = f": {_seat_name(who, seat)} to act" if seat is not None else ""
    when = f"round {state.round} of {state.rounds}" if state.round else "setup"
    return f"Alma Mater, {when}, {phase}{acting}"


def _phase_words(phase: str) -> str:
    """The phase and its description from the game's phase table."""
    try:
        from gamekit.almamater.phases import PHASES

        described = PHASES[phase].description
    except (KeyError, ImportError):
        described = ""
    return f"{phase} ({described})" if described else phase


def _cells(state: GameState, spec: AlmaMaterSpec | None, p: PlayerState) -> dict[str, str]:
    """Each column's text for player ``p`` (escaped later, by the caller)."""
    colours = [q.colour for q in state.players]
    storage = [f"{n} {colours[i]}" for i, n in enumerate(p.storage) if n]
    if p.dictionaries:
        storage.append(_n(p.dictionaries, "dictionary", "dictionaries"))
    sale = sum(p.shelves[-1]) if p.shelves else 0
    library = f"{p.shelved}" + (f" ({sale} on the sale shelf)" if sale else "")
    exhausted = Counter(p.exhausted)
    professors = []
    for name in p.professors:
        if exhausted[name]:
            exhausted[name] -= 1
            professors.append(f"{name} (lectured)")
        else:
            professors.append(name)
    return {
        "masters": f"{p.free_masters}/{p.masters}" + (" (passed)" if p.passed else ""),
        "ducats": str(p.ducats),
        "prestige": str(p.prestige),
        "library": library,
        "storage": ", ".join(storage) if storage else "0",
        "students": _students(p),
        "professors": ", ".join(professors),
        "research": str(p.research),
        "reputation": str(state.rank_of(p.seat)) if p.seat in state.reputation else "",
    }


def _students(p: PlayerState) -> str:
    rows = []
    for hall, kinds in (("A", p.row_a), ("B", p.row_b)):
        if kinds:
            counted = Counter(kinds)
            listed = ", ".join(k if n == 1 else f"{n} {k}" for k, n in counted.items())
            rows.append(f"row {hall}: {listed}")
    return "; ".join(rows)


def _notes(state: GameState, who: Sequence[str]) -> list[str]:
    """Decisions that wait before play goes on, in words."""
    notes = []
    for kind, seat, count in state.pending:
        if kind == "shelve":
            notes.append(
                f"{_seat_name(who, seat)} places new own textbooks (up to {count} in the library)"
            )
        elif kind == "return":
            notes.append(
                f"{_seat_name(who, seat)} returns {_n(count, 'book')} (storage over its limit)"
            )
        else:
            notes.append(f"{_seat_name(who, seat)}: {kind} {count}")
    return notes


def _seat_name(names: Sequence[str], seat: int) -> str:
    """A seat's name; an edited or broken state's impossible seat shows as its number."""
    return names[seat] if 0 <= seat < len(names) else f"seat {seat}"


def _n(count: int, word: str, plural: str | None = None) -> str:
    return f"{count} {word if count == 1 else plural or word + 's'}"


# a state shows itself through these (gamekit.core.views): the state never imports them
views.html.register(GameState, lambda state: state_html(state))
views.text.register(GameState, lambda state: state_text(state))
