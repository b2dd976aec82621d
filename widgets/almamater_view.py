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
from gamekit.almamater.spec import OPEN_SPACES, AlmaMaterSpec
from gamekit.almamater.state import GameState
from gamekit.almamater.words import (
    COLOURS_DE,
    chancellor_words,
    name_words,
    requirements_words,
    step_words,
    student_effect,
)
from gamekit.almamater.words import (
    books as book_words,
)
from widgets.colours import ALMAMATER_HEX, ink_on
from widgets.i18n import _PHASES, amount, gain_text, phase_words, space_name, words

#: The players' colours (names as in the game) as colour-blind-safe shades.
COLOUR_HEX = dict(ALMAMATER_HEX)
FACULTY_HEX = {"Arts": "#b5651d", "Medicine": "#a3344f", "Law": "#34495e", "Mathematics": "#16a085"}
PHASE_WORDS = dict(_PHASES["en"])


def _seat(colour: str) -> dict[str, str]:
    """A seat's colour with its ink (black or white text on it)."""
    return {"hex": COLOUR_HEX[colour], "ink": ink_on(COLOUR_HEX[colour])}


def book_letter(colour: str) -> str:
    """The letter a price chip shows, as lesson 1 teaches: a colour's first letter (R red,
    B blue, G green, P purple) and D for a dictionary, whoever owns the colour.

    >>> [book_letter(c) for c in ("red", "blue", "green", "purple", "dictionary")]
    ['R', 'B', 'G', 'P', 'D']
    """
    return colour[:1].upper()


def book_legend(spec: AlmaMaterSpec, lang: str = "en") -> str:
    """The key to the price chips for the colours in play: each letter with its colour, and D.

    >>> from gamekit.almamater.spec import make_spec
    >>> book_legend(make_spec(2))
    'R red, B blue, D dictionary'
    """
    de = lang == "de"
    keys = [f"{book_letter(c)} {COLOURS_DE[c] if de else c}" for c in spec.colours]
    return ", ".join([*keys, f"{book_letter('dictionary')} {'Lexikon' if de else 'dictionary'}"])


def _books(
    spec: AlmaMaterSpec, by_seat: Mapping[int, int], dictionaries: int, lang: str = "en"
) -> list[dict[str, Any]]:
    # the chip's letter is the book's colour letter (not its owner's name, which could
    # begin with D like the dictionary): colour is never the only cue; its tooltip says it
    # in words, in the table's language ("1 red book", "1 rotes Buch")
    chips = [
        {
            "colour": spec.colours[seat],
            **_seat(spec.colours[seat]),
            "count": n,
            "initial": book_letter(spec.colours[seat]),
            "tip": book_words(n, spec.colours[seat], lang),
        }
        for seat, n in sorted(by_seat.items())
        if n
    ]
    if dictionaries:
        chips.append(
            {
                "colour": "dictionary",
                **_seat("dictionary"),
                "count": dictionaries,
                "initial": book_letter("dictionary"),
                "tip": book_words(dictionaries, "dictionary", lang),
            }
        )
    return chips


def _space_details(spec: AlmaMaterSpec, space: str, lang: str = "en") -> list[str]:
    b = spec.components.board
    de = lang == "de"
    if space == "antiquarian":
        return [
            f"{amount(o.ducats, 'ducats', lang)}: {amount(o.books, 'books', lang)}"
            + (f" + {amount(o.dictionaries, 'dictionaries', lang)}" if o.dictionaries else "")
            for o in b.antiquarian
        ]
    if space == "laboratory":
        if de:
            return [f"{b.lab_free_steps} freier Schritt, dann bis zu {b.lab_max_paid} bezahlte"]
        return [f"{b.lab_free_steps} free step, then up to {b.lab_max_paid} paid"]
    if space == "park":
        if de:
            return [f"{b.park_price} Geld je Prestige (bis zu {b.park_max})"]
        return [f"{b.park_price} ducats per prestige (up to {b.park_max})"]
    if space == "bishop":
        payout = ", ".join(f"{n + 1}:{d}" for n, d in enumerate(b.bishop_payout))
        return [("Geld nach Magistern: " if de else "ducats by masters: ") + payout]
    if space == "colloquium":
        prices = ", ".join(map(str, spec.components.shelves.prices))
        if de:
            return [f"Bücher vom Verkaufsregal: {prices} Geld; Lexikon {b.dictionary_price}"]
        return [f"sale-shelf books cost {prices} ducats; dictionary {b.dictionary_price}"]
    if space == "hall_of_fame":
        if de:
            return ["ein Ruhmesplättchen jetzt erfüllen: seine Büste nehmen"]
        return ["meet a glory tile now: take its bust"]
    return []


def founding_card(spec: AlmaMaterSpec, card_id: str, lang: str = "en") -> dict[str, Any]:
    """A founding card's contents: its white number and what it gives.

    >>> from gamekit.almamater.spec import make_spec
    >>> card = founding_card(make_spec(2), "F01")
    >>> card["white"], card["gives"]
    (1, '1 ducat')
    """
    card = next((f for f in spec.components.founding if f.id == card_id), None)
    if card is None:
        raise ValueError(f"no founding card {card_id!r}")
    return {"id": card.id, "white": card.white, "gives": gain_text(card.gain, lang)}


def chancellor_card(spec: AlmaMaterSpec, name: str, lang: str = "en") -> dict[str, Any]:
    """A chancellor's card: name, the gist of the ability and what it does in full.

    >>> from gamekit.almamater.spec import make_spec
    >>> chancellor_card(make_spec(2), "Copernicus")["gist"]
    'library income x2'
    >>> chancellor_card(make_spec(2), "Copernicus", "de")["gist"]
    'Bibliothekseinkommen x2'
    """
    gist, text = chancellor_words(spec, name, lang)
    return {"name": name, "gist": gist, "text": text}


def _draft(
    spec: AlmaMaterSpec, state: GameState, names: Sequence[str], lang: str
) -> dict[str, Any] | None:
    """What the player to move chooses from in the founding phase, as cards; ``None`` when
    there is nothing to choose on the board: outside that phase, while a textbook decision
    waits (``state.pending``: it is asked in the panel), or once the chancellors are taken.

    >>> from gamekit.almamater import rules as R
    >>> from gamekit.almamater.spec import make_spec
    >>> spec = make_spec(2)
    >>> _draft(spec, R.new_game(spec, seed=1), ["Ann", "Bo"], "en")["kind"]
    'founding'
    """
    seat = state.current
    if seat is None or state.pending or state.phase not in ("draft", "discard", "chancellor"):
        return None
    w = words(lang)
    p = state.players[seat]
    if state.phase == "chancellor":
        if not state.chancellor_pool:
            return None
        return {
            "kind": "chancellor",
            "title": w["chancellor_title"].format(name=names[seat]),
            "hint": w["chancellor_hint"],
            "cards": [chancellor_card(spec, n, lang) for n in state.chancellor_pool],
        }
    # in the order of the buttons (the engine's legal actions: by card number), so the
    # board and the panel list the same cards in the same order
    cards = sorted(p.hand if state.phase == "draft" else p.kept)
    kept = sorted(p.kept) if state.phase == "draft" else []
    return {
        "kind": "founding",
        "title": w["draft_title"].format(name=names[seat]),
        "hint": w["draft_hint"],
        "cards": [founding_card(spec, c, lang) for c in cards],
        "kept": [founding_card(spec, c, lang) for c in kept],
    }


def board_view(
    spec: AlmaMaterSpec,
    state: GameState,
    placements: Sequence[tuple[str, int, int]] = (),
    names: Sequence[str] | None = None,
    lang: str = "en",
) -> dict[str, Any]:
    """The shared board: action spaces (masters placed, what the next placement needs),
    the campus grid with prices, the academy, research and reputation tracks, the hall of
    fame, turn order, and in the founding phase the cards to choose from. ``placements``
    are ``(space, seat, masters)`` of this round, in order; ``lang`` ``"en"`` or ``"de"``.
    """
    c = spec.components
    names = list(names or [col.capitalize() for col in spec.colours])
    w = words(lang)
    # the corner names the chips' letters for the colours in play
    w["price_corner"] = (
        f"Preis in Büchern ({book_legend(spec, lang)}), nach Bücherreputation"
        if lang == "de"
        else f"price in books ({book_legend(spec, lang)}), by reputation"
    )
    seat = state.current
    who = state.players[seat] if seat is not None else None
    placed_on: dict[str, list[dict[str, Any]]] = {}
    for space, s, n in placements:
        placed_on.setdefault(space, []).append(
            {"seat": s, "masters": n, "name": names[s], **_seat(spec.colours[s])}
        )
    if "bishop" not in placed_on:
        placed_on["bishop"] = [
            {"seat": s, "masters": n, "name": names[s], **_seat(spec.colours[s])}
            for s, n in state.bishop
        ]
    spaces = []
    for i, space in enumerate(spec.spaces):
        last = state.spaces[i]
        is_open = space in OPEN_SPACES
        need = 1 if is_open or who is None else masters_needed(spec, who, last)
        spaces.append(
            {
                "id": space,
                "name": space_name(space, lang),
                "last": last,
                "open": is_open,
                "next": need,
                "placed": placed_on.get(space, []),
                "details": _space_details(spec, space, lang),
            }
        )
    columns = []
    for col in range(1, len(c.board.campus_columns) + 1):
        books, dictionaries = student_price(spec, state.reputation, col)
        columns.append({"column": col, "price": _books(spec, books, dictionaries, lang)})
    campus = [
        [
            {
                "student": name_words(name, lang),
                "faculty": c.student(name).faculty,
                "faculty_hex": FACULTY_HEX.get(c.student(name).faculty, "#555"),
                "left": state.campus_left[r][k],
                "effect": student_effect(c.student(name), lang),
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
            cost = (
                f"erster Käufer: {prof.books} Bücher + {prof.ducats} Geld"
                if lang == "de"
                else f"first buyer: {prof.books} books + {prof.ducats} ducats"
            )
        else:
            cost = (
                f"jetzt: {book_words(prof.books, paid, 'de')}, kein Geld"
                if lang == "de"
                else f"now: {book_words(prof.books, paid)}, no ducats"
            )
        academy.append(
            {
                "name": name_words(name, lang),
                "faculty": prof.faculty,
                "faculty_hex": FACULTY_HEX.get(prof.faculty, "#555"),
                "left": state.academy_left[k],
                "cost": cost,
                "prestige": prof.prestige,
                "lecture": gain_text(prof.lecture, lang),
            }
        )
    research = [
        {
            "letter": spec.research[card].letter,
            "id": card,
            "steps": [step_words(step, lang) for step in spec.research[card].steps],
            "milestone": gain_text(spec.research[card].milestone, lang),
        }
        for card in state.research_track
    ]
    markers = [
        {"seat": p.seat, "name": names[p.seat], **_seat(p.colour), "position": p.research}
        for p in state.players
    ]
    reputation = [
        {
            "rank": rank + 1,
            "seat": s,
            "name": names[s],
            **_seat(spec.colours[s]),
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
                "requires": requirements_words(spec.glory[tile], lang),
                "chancellor": bust or w["after_chancellors"],
                "gist": chancellor_words(spec, bust, lang)[0] if bust else "",
                "busts_left": state.busts_left[k] if k < len(state.busts_left) else 0,
            }
        )
    order = [
        {
            "seat": s,
            "name": names[s],
            **_seat(spec.colours[s]),
            # passing is news only in the action phase (a player who must now return
            # books in administration is not shown struck out)
            "passed": state.players[s].passed and state.phase == "action",
            "current": s == seat,
        }
        for s in state.order
    ]
    return {
        "round": state.round,
        "rounds": state.rounds,
        "phase": state.phase,
        "phase_words": phase_words(state.phase, lang),
        "lang": lang,
        "words": w,
        "draft": _draft(spec, state, names, lang),
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
    spec: AlmaMaterSpec,
    state: GameState,
    seat: int,
    names: Sequence[str] | None = None,
    lang: str = "en",
) -> dict[str, Any]:
    """One player's university: lecture halls A and B, library and sale shelf, storage,
    professors (ready or exhausted), chancellor and busts (as cards), the founding cards
    kept (as cards), money and prestige; ``lang`` ``"en"`` or ``"de"``."""
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
                    "student": name_words(name, lang) if name else None,
                    "faculty_hex": FACULTY_HEX.get(kind.faculty, "#555") if kind else None,
                    "effect": student_effect(kind, lang) if kind else "",
                }
            )
        return out

    professors = [
        {
            "name": name_words(name, lang),
            "faculty": c.professor(name).faculty,
            "faculty_hex": FACULTY_HEX.get(c.professor(name).faculty, "#555"),
            "ready": name not in p.exhausted,
            "prestige": c.professor(name).prestige,
            "lecture": gain_text(c.professor(name).lecture, lang),
        }
        for name in p.professors
    ]
    chancellors = [
        {**chancellor_card(spec, n, lang), "own": n == p.chancellor} for n in p.abilities
    ]
    storage = _books(spec, dict(enumerate(p.storage)), p.dictionaries, lang)
    return {
        "seat": seat,
        "name": names[seat],
        "colour": p.colour,
        **_seat(p.colour),
        "lang": lang,
        "words": words(lang),
        "current": state.current == seat,
        "passed": p.passed and state.phase == "action",
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
        "kept_cards": [founding_card(spec, k, lang) for k in p.kept],
        "hand": len(p.hand),
    }
