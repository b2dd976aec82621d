"""JSON views of an Alma Mater position for the boards: what to draw, in words and numbers.

Every number comes from the engine (prices from ``student_price``, the masters a space
needs from ``masters_needed``, the storage limit from ``storage_limit``); these functions
only gather and name them. The JavaScript draws the result and decides nothing.

>>> from gamekit.almamater.spec import make_spec
>>> from gamekit.almamater.rules import new_game
>>> spec = make_spec(2)
>>> view = board_view(spec, new_game(spec, seed=1))
>>> [s["name"] for s in view["spaces"]][:2]
['Campus row 1', 'Campus row 2']
>>> tableau_view(spec, new_game(spec, seed=1), 0)["colour"]
'red'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gamekit.almamater.placements import masters_needed, student_price
from gamekit.almamater.rounds import storage_limit
from gamekit.almamater.spec import OPEN_SPACES, AlmaMaterSpec, space_title
from gamekit.almamater.state import GameState

COLOUR_HEX = {
    "red": "#c0392b",
    "blue": "#2e6db4",
    "green": "#2e8b57",
    "purple": "#7d3c98",
    "dictionary": "#d4a017",
}
FACULTY_HEX = {"Arts": "#b5651d", "Medicine": "#c0392b", "Law": "#34495e", "Mathematics": "#16a085"}
PHASE_WORDS = {
    "draft": "founding draft: keep a card, pass the rest",
    "discard": "founding draft: discard one of four",
    "chancellor": "choose a chancellor",
    "action": "place masters or give a lecture",
    "administration": "administration",
    "income": "income",
    "end": "the game is over",
}


def _books(
    spec: AlmaMaterSpec, by_seat: Mapping[int, int], dictionaries: int
) -> list[dict[str, Any]]:
    chips = [
        {"colour": spec.colours[seat], "hex": COLOUR_HEX[spec.colours[seat]], "count": n}
        for seat, n in sorted(by_seat.items())
        if n
    ]
    if dictionaries:
        chips.append(
            {"colour": "dictionary", "hex": COLOUR_HEX["dictionary"], "count": dictionaries}
        )
    return chips


def _space_details(spec: AlmaMaterSpec, space: str) -> list[str]:
    b = spec.components.board
    if space == "antiquarian":
        return [
            f"{o.ducats} ducats: {o.books} books"
            + (f" + {o.dictionaries} dict." if o.dictionaries else "")
            for o in b.antiquarian
        ]
    if space == "laboratory":
        return [f"{b.lab_free_steps} free step, then up to {b.lab_max_paid} paid"]
    if space == "park":
        return [f"{b.park_price} ducats per prestige (up to {b.park_max})"]
    if space == "bishop":
        return [
            "ducats by masters: " + ", ".join(f"{n + 1}:{d}" for n, d in enumerate(b.bishop_payout))
        ]
    if space == "colloquium":
        prices = ", ".join(map(str, spec.components.shelves.prices))
        return [f"sale-shelf books cost {prices} ducats; dictionary {b.dictionary_price}"]
    if space == "hall_of_fame":
        return ["meet a glory tile now: take its bust"]
    return []


def board_view(
    spec: AlmaMaterSpec,
    state: GameState,
    placements: Sequence[tuple[str, int, int]] = (),
    names: Sequence[str] | None = None,
) -> dict[str, Any]:
    """The shared board: action spaces (masters placed, what the next placement needs),
    the campus grid with prices, the academy, research and reputation tracks, the hall of
    fame, turn order. ``placements`` are ``(space, seat, masters)`` of this round, in order.
    """
    c = spec.components
    names = list(names or [col.capitalize() for col in spec.colours])
    seat = state.current
    who = state.players[seat] if seat is not None else None
    placed_on: dict[str, list[dict[str, Any]]] = {}
    for space, s, n in placements:
        placed_on.setdefault(space, []).append(
            {"seat": s, "masters": n, "hex": COLOUR_HEX[spec.colours[s]]}
        )
    if "bishop" not in placed_on:
        placed_on["bishop"] = [
            {"seat": s, "masters": n, "hex": COLOUR_HEX[spec.colours[s]]} for s, n in state.bishop
        ]
    spaces = []
    for i, space in enumerate(spec.spaces):
        last = state.spaces[i]
        is_open = space in OPEN_SPACES
        need = 1 if is_open or who is None else masters_needed(spec, who, last)
        spaces.append(
            {
                "id": space,
                "name": space_title(space),
                "last": last,
                "open": is_open,
                "next": need,
                "placed": placed_on.get(space, []),
                "details": _space_details(spec, space),
            }
        )
    columns = []
    for col in range(1, len(c.board.campus_columns) + 1):
        books, dictionaries = student_price(spec, state.reputation, col)
        columns.append({"column": col, "price": _books(spec, books, dictionaries)})
    campus = [
        [
            {
                "student": name,
                "faculty": c.student(name).faculty,
                "faculty_hex": FACULTY_HEX.get(c.student(name).faculty, "#555"),
                "left": state.campus_left[r][k],
                "effect": c.student(name).effect_text(),
            }
            for k, name in enumerate(row)
        ]
        for r, row in enumerate(state.campus)
    ]
    academy = []
    for k, name in enumerate(state.academy):
        prof = c.professor(name)
        paid = state.academy_paid[k]
        if paid is None:
            cost = f"first buyer: {prof.books} books + {prof.ducats} ducats"
        else:
            cost = f"now: {prof.books} {paid} books, no ducats"
        academy.append(
            {
                "name": name,
                "faculty": prof.faculty,
                "faculty_hex": FACULTY_HEX.get(prof.faculty, "#555"),
                "left": state.academy_left[k],
                "cost": cost,
                "prestige": prof.prestige,
                "lecture": str(prof.lecture),
            }
        )
    research = [
        {
            "letter": spec.research[card].letter,
            "id": card,
            "steps": [str(step) for step in spec.research[card].steps],
            "milestone": str(spec.research[card].milestone),
        }
        for card in state.research_track
    ]
    markers = [
        {"seat": p.seat, "name": names[p.seat], "hex": COLOUR_HEX[p.colour], "position": p.research}
        for p in state.players
    ]
    reputation = [
        {
            "rank": rank + 1,
            "seat": s,
            "name": names[s],
            "hex": COLOUR_HEX[spec.colours[s]],
            "income": c.reputation.income[rank] if rank < len(c.reputation.income) else 0,
            "final": c.reputation.final_for(spec.players)[rank]
            if rank < len(c.reputation.final_for(spec.players))
            else 0,
        }
        for rank, s in enumerate(state.reputation)
    ]
    hall = []
    for k, tile in enumerate(state.glory):
        # the bust stacks get their chancellors once every player has chosen one
        bust = state.bust_chancellors[k] if k < len(state.bust_chancellors) else None
        hall.append(
            {
                "tile": tile,
                "level": spec.glory[tile].level,
                "requires": str(spec.glory[tile]),
                "chancellor": bust or "(after the chancellors are chosen)",
                "gist": c.chancellor(bust).gist if bust else "",
                "busts_left": state.busts_left[k] if k < len(state.busts_left) else 0,
            }
        )
    order = [
        {
            "seat": s,
            "name": names[s],
            "hex": COLOUR_HEX[spec.colours[s]],
            "passed": state.players[s].passed,
            "current": s == seat,
        }
        for s in state.order
    ]
    return {
        "round": state.round,
        "rounds": state.rounds,
        "phase": state.phase,
        "phase_words": PHASE_WORDS.get(state.phase, state.phase),
        "current": seat,
        "order": order,
        "spaces": spaces,
        "columns": columns,
        "campus": campus,
        "academy": academy,
        "research": research,
        "markers": markers,
        "reputation": reputation,
        "hall": hall,
        "dictionaries": state.dictionaries,
    }


def tableau_view(
    spec: AlmaMaterSpec, state: GameState, seat: int, names: Sequence[str] | None = None
) -> dict[str, Any]:
    """One player's university: lecture halls A and B, library and sale shelf, storage,
    professors (ready or exhausted), chancellor and busts, money and prestige."""
    c = spec.components
    b = c.board
    p = state.players[seat]
    names = list(names or [col.capitalize() for col in spec.colours])
    marked = set(b.marked)

    def row(label: str, students: Sequence[str], slots: int) -> list[dict[str, Any]]:
        out = []
        for k in range(slots):
            name = students[k] if k < len(students) else None
            kind = c.student(name) if name else None
            out.append(
                {
                    "slot": f"{label}{k + 1}",
                    "marked": f"{label}{k + 1}" in marked,
                    "student": name,
                    "faculty_hex": FACULTY_HEX.get(kind.faculty, "#555") if kind else None,
                    "effect": kind.effect_text() if kind else "",
                }
            )
        return out

    professors = [
        {
            "name": name,
            "faculty": c.professor(name).faculty,
            "faculty_hex": FACULTY_HEX.get(c.professor(name).faculty, "#555"),
            "ready": name not in p.exhausted,
            "prestige": c.professor(name).prestige,
            "lecture": str(c.professor(name).lecture),
        }
        for name in p.professors
    ]
    chancellors = [
        {"name": n, "gist": c.chancellor(n).gist, "own": n == p.chancellor} for n in p.abilities
    ]
    storage = _books(spec, dict(enumerate(p.storage)), p.dictionaries)
    return {
        "seat": seat,
        "name": names[seat],
        "colour": p.colour,
        "hex": COLOUR_HEX[p.colour],
        "current": state.current == seat,
        "passed": p.passed,
        "ducats": p.ducats,
        "prestige": p.prestige,
        "research": p.research,
        "masters": p.masters,
        "free_masters": p.free_masters,
        "row_a": row("A", p.row_a, b.row_a),
        "row_b": row("B", p.row_b, b.row_b),
        "shelves": [list(shelf) for shelf in p.shelves],
        "sale_prices": list(c.shelves.prices),
        "sale_prestige": list(c.shelves.prestige),
        "storage": storage,
        "storage_used": p.books,
        "storage_limit": storage_limit(spec, p),
        "professors": professors,
        "chancellors": chancellors,
        "busts": list(p.busts),
        "kept": list(p.kept),
        "hand": len(p.hand),
    }
