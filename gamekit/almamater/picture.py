"""A picture of an Alma Mater position as standalone SVG, drawn by a pure function.

The dashboard's board is an interactive widget; this is its still life, for places where no
widget runs: a lesson exported to HTML or PDF, a notebook opened on a code host, a printed
handout. A state shows it in Jupyter (``GameState._repr_svg_``). From top to bottom: the
round and whose turn it is; the action spaces with the masters on them this round (the
Bishop's queue by colour); the research and book-reputation tracks; and one card per
university with its masters, ducats, prestige, library, storage, students, professors and
busts (the words of :mod:`gamekit.almamater.display`, so the picture and the table agree).

Every name is escaped, so a player called ``<script>`` stays text. ``lang="de"`` draws the
picture's words in German (Alma Mater's phrasebook: ``picture.*``, spaces, phases, colours,
the kit's professors and students), as a German table's exported still.

>>> from gamekit.almamater.rules import new_game
>>> from gamekit.almamater.spec import make_spec
>>> svg = university_svg(new_game(make_spec(3), seed=1), names=["Ann", "A&B", "Cy"])
>>> svg.startswith("<svg"), "A&amp;B" in svg, "Bishop" in svg
(True, True, True)
>>> german = university_svg(new_game(make_spec(3), seed=1), lang="de")
>>> "Bischofssitz" in german, "Gründungsphase" in german, "Bishop" in german
(True, True, False)
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from html import escape

from gamekit.almamater import phrases as ph
from gamekit.almamater.display import _cells, _names, _phase_words
from gamekit.almamater.state import GameState, PlayerState
from gamekit.almamater.words import COLOURS_DE, book_phrase, check_lang, name_words, space_name
from gamekit.core import views
from gamekit.core.events import Texts, Words
from gamekit.core.palette import ALMAMATER_HEX, ink_on, mix

__all__ = ["FONT_FLOOR", "university_svg"]

W = 1000  # the viewBox's width
FONT_FLOOR = 14  # the smallest text at the default size, in CSS pixels
DEFAULT_WIDTH = 960
CHAR = 0.58  # a character's average width, in font sizes (DejaVu Sans)
#: A card's lines: the state table's column and the phrasebook entry that names it.
_ROWS = (
    ("masters", "picture.masters"),
    ("ducats", "picture.ducats"),
    ("prestige", "picture.prestige"),
    ("library", "picture.library"),
    ("storage", "picture.storage"),
    ("students", "picture.students"),
    ("professors", "picture.professors"),
    ("research", "picture.research_step"),
    ("reputation", "picture.reputation_rank"),
)


def university_svg(
    state: GameState,
    *,
    names: Sequence[str] | None = None,
    width: int = DEFAULT_WIDTH,
    seats: Sequence[int] | None = None,
    board: bool = True,
    lang: str = "en",
) -> str:
    """The position ``state`` as an SVG document ``width`` pixels wide.

    ``names`` are the players by seat (default: their colours); ``seats`` draws only those
    players' universities, and ``board=False`` leaves out the action spaces and tracks (one
    player's tableau); ``lang`` (``"en"`` or ``"de"``) the language of its words. Text is
    never smaller than :data:`FONT_FLOOR` pixels at the default width (it scales with
    ``width``).

    >>> from gamekit.almamater.rules import new_game
    >>> from gamekit.almamater.spec import make_spec
    >>> svg = university_svg(new_game(make_spec(2), seed=1), width=800)
    >>> 'width="800"' in svg, svg.count('class="university"')
    (True, 2)
    """
    check_lang(lang)
    who = _names(state, names)
    if names is None:  # the players' colours, in the picture's language
        who = [ph.text(ph.seat(p.colour), lang) if p.colour else n
               for p, n in zip(state.players, who, strict=True)]  # fmt: skip
    headline = _headline(state, who, lang)
    font = math.ceil(FONT_FLOOR * W / DEFAULT_WIDTH * 10) / 10
    body: list[str] = []
    y = font * 1.6
    body.append(_text(W / 2, y, headline, font * 1.25, W - 20, weight="700"))
    y += font
    if board:
        y = _spaces(body, state, who, y, font, lang)
        y = _tracks(body, state, who, y + font * 0.5, font, lang)
    shown = list(range(len(state.players))) if seats is None else list(seats)
    y = _universities(body, state, who, y + font * 0.5, font, shown, lang)
    height = math.ceil(y + font)
    px = round(width * height / W)
    return "\n".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{px}" '
            f'viewBox="0 0 {W} {height}" role="img" '
            'font-family="DejaVu Sans, Verdana, sans-serif">',
            f"<title>{escape(headline)}</title>",
            f'<rect width="{W}" height="{height}" fill="#f7f4ec" stroke="#333"/>',
            *body,
            "</svg>",
        ]
    )


def _headline(state: GameState, who: Sequence[str], lang: str) -> str:
    """The round and whose turn it is (English: the words of the state's table)."""
    if state.phase == "over":
        return ph.text(Words("picture.over", round=state.round), lang)
    kind = f"phase.{state.phase}"
    german: Words | str = Words(kind) if kind in ph.PHRASES else state.phase
    phase = Texts(en=_phase_words(state.phase), de=german)
    when = (
        Words("picture.round", round=state.round, rounds=state.rounds)
        if state.round
        else Words("picture.setup")
    )
    seat = state.current
    if seat is None:
        return ph.text(Words("picture.headline", when=when, phase=phase), lang)
    player = who[seat] if 0 <= seat < len(who) else f"seat {seat}"
    acting = Words("picture.headline.acting", when=when, phase=phase, player=player)
    return ph.text(acting, lang)


def _colour(state: GameState, seat: int) -> str:
    name = state.players[seat].colour if 0 <= seat < len(state.players) else ""
    return ALMAMATER_HEX.get(name, "#777777")


def _text(
    x: float, y: float, line: str, font: float, width: float, *, weight: str = "400",
    anchor: str = "middle", fill: str = "#111",
) -> str:  # fmt: skip
    """One line, condensed (``textLength``) only when it would not fit ``width``."""
    fit = ""
    if len(line) * font * CHAR > width:
        fit = f' textLength="{width:.1f}" lengthAdjust="spacingAndGlyphs"'
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{font:.1f}" font-weight="{weight}" '
        f'text-anchor="{anchor}" fill="{fill}"{fit}>{escape(line)}</text>'
    )


def _wrap(text: str, most: int) -> list[str]:
    """Greedy word wrap to lines of at most ``most`` characters (a longer word stays whole
    and is condensed when drawn)."""
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= most:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def _spaces(
    body: list[str], state: GameState, who: Sequence[str], y: float, font: float, lang: str
) -> float:
    """The action spaces in a grid of boxes, each with its name and the masters on it."""
    spaces = state.spec.spaces if state.spec is not None else ()
    if not spaces:
        return y
    columns = 7
    gap = 6
    box_w = (W - 20 - gap * (columns - 1)) / columns
    box_h = font * 4.2
    for k, space in enumerate(spaces):
        row, col = divmod(k, columns)
        x0 = 10 + col * (box_w + gap)
        y0 = y + row * (box_h + gap)
        count = state.spaces[k] if k < len(state.spaces) else 0
        fill = "#fff" if not count else "#efe6cf"
        body.append(
            f'<g class="space" data-space="{escape(space)}">'
            f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{box_w:.1f}" height="{box_h:.1f}" '
            f'fill="{fill}" stroke="#555"/>'
        )
        lines = _wrap(space_name(space, lang), int(box_w / (font * CHAR)))[:2]
        for n, line in enumerate(lines):
            body.append(_text(x0 + box_w / 2, y0 + font * (1.2 + n * 1.1), line, font, box_w - 6))
        if space == "bishop" and state.bishop:
            body.append(_discs(state, [seat for seat, m in state.bishop for _ in range(m)],
                               x0 + 4, y0 + box_h - font * 0.9, font, box_w - 8, lang))  # fmt: skip
        elif count:
            label = ph.text(ph.amount("masters", count), lang)
            body.append(_text(x0 + box_w / 2, y0 + box_h - font * 0.5, label, font, box_w - 6))
        body.append("</g>")
    rows = math.ceil(len(spaces) / columns)
    return y + rows * (box_h + gap)


def _discs(
    state: GameState, seats: Sequence[int], x: float, cy: float, font: float, width: float,
    lang: str = "en",
) -> str:  # fmt: skip
    """Masters as discs in their player's colour, with the colour's initial; those that do
    not fit ``width`` are counted ("+4") at the end of the row."""
    r = font * 0.72
    room = max(1, int((width + 2) // (2 * r + 2)))
    shown = list(seats) if len(seats) <= room else list(seats[: room - 2])
    out = []
    if len(shown) < len(seats):  # the rest as a count, "+4", where two discs would stand
        rest = f"+{len(seats) - len(shown)}"
        end = x + len(shown) * (2 * r + 2) + 2 * r + 1
        out.append(_text(end, cy + font * 0.35, rest, font, 4 * r, weight="700"))
    for k, seat in enumerate(shown):
        cx = x + r + k * (2 * r + 2)
        colour = _colour(state, seat)
        initial = _colour_name(state, seat, lang)[:1].upper() or "?"
        disc = (
            f'<circle class="master" data-seat="{seat}" cx="{cx:.1f}" cy="{cy:.1f}" '
            f'r="{r:.1f}" fill="{colour}" stroke="#222"/>'
        )
        letter = _text(
            cx, cy + font * 0.35, initial, font, 2 * r, weight="700", fill=ink_on(colour)
        )
        out.append(disc + letter)
    return "".join(out)


def _colour_name(state: GameState, seat: int, lang: str) -> str:
    """A seat's colour in ``lang`` ("red", German "rot"); "" for no such seat."""
    colour = state.players[seat].colour if 0 <= seat < len(state.players) else ""
    return COLOURS_DE.get(colour, colour) if lang == "de" else colour


def _tracks(
    body: list[str], state: GameState, who: Sequence[str], y: float, font: float, lang: str
) -> float:
    """Research positions and the book reputation, as one line each per player."""
    best = max((p.research for p in state.players), default=0)
    research = ", ".join(
        f"{who[p.seat]} {p.research}"
        for p in sorted(state.players, key=lambda p: -p.research)
        if 0 <= p.seat < len(who)
    )
    reputation = ", ".join(
        f"{rank}. {who[seat]}" for rank, seat in enumerate(state.reputation, 1) if seat < len(who)
    )
    y += font * 1.3
    line = ph.text(Words("picture.research", best=best, players=research), lang)
    body.append(_text(10, y, line, font, W - 20, anchor="start"))
    y += font * 1.4
    line = ph.text(Words("picture.reputation", players=reputation), lang)
    body.append(_text(10, y, line, font, W - 20, anchor="start"))
    return y + font * 0.5


def _universities(
    body: list[str], state: GameState, who: Sequence[str], y: float, font: float,
    seats: Sequence[int], lang: str = "en",
) -> float:  # fmt: skip
    """One card per player of ``seats``: a header in the player's colour and a line per
    column of the state's table (wrapped to the card's width)."""
    n = max(1, len(seats))
    gap = 8
    card_w = (W - 20 - gap * (n - 1)) / n
    most = max(8, int((card_w - 12) / (font * CHAR)))
    bottom = y
    for place, seat in enumerate(seats):
        p = state.players[seat]
        x0 = 10 + place * (card_w + gap)
        colour = _colour(state, seat)
        cells = _cells(state, state.spec, p) if lang == "en" else _cells_in(state, p, lang)
        lines: list[str] = []
        for key, kind in _ROWS:
            lines.extend(_wrap(ph.text(Words(kind, value=cells[key] or "-"), lang), most))
        if p.busts:
            lines.extend(_wrap(ph.text(Words("picture.busts", value=len(p.busts)), lang), most))
        if p.chancellor:
            said = ph.text(Words("picture.chancellor", value=p.chancellor), lang)
            lines.extend(_wrap(said, most))
        height = font * (2.2 + 1.25 * len(lines)) + 8
        body.append(
            f'<g class="university" data-seat="{seat}">'
            f'<rect x="{x0:.1f}" y="{y:.1f}" width="{card_w:.1f}" height="{height:.1f}" '
            f'fill="{mix(colour, 0.88)}" stroke="{colour}" stroke-width="3"/>'
            f'<rect x="{x0:.1f}" y="{y:.1f}" width="{card_w:.1f}" height="{font * 1.7:.1f}" '
            f'fill="{colour}"/>'
        )
        colour_name = _colour_name(state, seat, lang)
        header = who[seat]
        if who[seat].lower() not in (p.colour, colour_name.lower()):
            header = ph.text(Words("picture.header", player=who[seat], colour=colour_name), lang)
        body.append(_text(x0 + card_w / 2, y + font * 1.2, header, font * 1.1, card_w - 8,
                          weight="700", fill=ink_on(colour)))  # fmt: skip
        for k, line in enumerate(lines):
            body.append(_text(x0 + 6, y + font * (3.0 + 1.25 * k), line, font, card_w - 12,
                              anchor="start"))  # fmt: skip
        body.append("</g>")
        bottom = max(bottom, y + height)
    return bottom


def _cells_in(state: GameState, p: PlayerState, lang: str) -> dict[str, str]:
    """Each line's value for player ``p`` in ``lang`` (what ``display._cells`` says in
    English): books by colour, the kit's professors and students in the phrasebook's words.

    >>> from gamekit.almamater.rules import new_game
    >>> from gamekit.almamater.spec import make_spec
    >>> from gamekit.almamater.state import replace
    >>> s = new_game(make_spec(2), seed=1)
    >>> red = replace(s.players[0], storage=(2, 1), dictionaries=1, passed=True)
    >>> cells = _cells_in(s, red, "de")
    >>> cells["storage"], cells["masters"]
    ('2 rote Bücher, 1 blaues Buch, 1 Lexikon', '4/4 (gepasst)')
    """
    colours = [q.colour for q in state.players]
    storage = [ph.text(book_phrase(n, colours[i]), lang) for i, n in enumerate(p.storage) if n]
    if p.dictionaries:
        storage.append(ph.text(book_phrase(p.dictionaries, "dictionary"), lang))
    sale = sum(p.shelves[-1]) if p.shelves else 0
    library: Words | str = str(p.shelved)
    if sale:
        library = Words("picture.on_sale", value=p.shelved, n=sale)
    exhausted = Counter(p.exhausted)
    professors = []
    for name in p.professors:
        said = name_words(name, lang)
        if exhausted[name]:
            exhausted[name] -= 1
            said = ph.text(Words("picture.lectured", name=said), lang)
        professors.append(said)
    halls = []
    for hall, kinds in (("A", p.row_a), ("B", p.row_b)):
        if kinds:
            counted = Counter(kinds)
            listed = ", ".join(
                name_words(k, lang) if n == 1 else f"{n} {name_words(k, lang)}"
                for k, n in counted.items()
            )
            halls.append(ph.text(Words("picture.hall", hall=hall, students=listed), lang))
    masters: Words | str = f"{p.free_masters}/{p.masters}"
    if p.passed:
        masters = Words("picture.passed", value=masters)
    return {
        "masters": ph.text(masters, lang),
        "ducats": str(p.ducats),
        "prestige": str(p.prestige),
        "library": ph.text(library, lang),
        "storage": ", ".join(storage) if storage else "0",
        "students": "; ".join(halls),
        "professors": ", ".join(professors),
        "research": str(p.research),
        "reputation": str(state.rank_of(p.seat)) if p.seat in state.reputation else "",
    }


def _state_svg(state: GameState, lang: str = "en", names: Sequence[str] | None = None) -> str:
    """A state's SVG view (``gamekit.core.views.svg``), in ``lang`` with the players'
    ``names`` for a table that has them (``widgets.table.GameTable.export_picture``)."""
    return university_svg(state, names=names, lang=lang)


views.svg.register(GameState, _state_svg)
