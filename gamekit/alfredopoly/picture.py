"""A picture of an Alfredopoly position: the board as standalone SVG, drawn by a pure function.

The play table's board is an interactive widget; this is its still life, for places where no
widget runs: a lesson exported to HTML or PDF, a notebook opened on a code host, a printed
handout. A state shows it in Jupyter (``GameState._repr_svg_``), and the kit's board widgets
carry it as their export fallback. The layout is the widget's: the classic square ring of 40
spaces, colour bands on the inner edge, the owner's colour as the space's fill, sculptures as
squares in the band (a statue as a crown), "MORTG." on mortgaged spaces, and tokens
as discs with their player's initial; the centre lists the players with their cash.

Every name from a data file is escaped, so a space or player called ``<script>`` stays text.
The picture's own words (the status lines, prices, "MORTG.", the players' list) come from
Alfredopoly's phrasebook (``picture.*``, ``board.mortgage_mark``, ``core.money``) in
``lang``: a German table exports a German still; names from the data files stay as written.

>>> from gamekit.alfredopoly.rules import new_game
>>> svg = board_svg(new_game(players=2, seed=1, names=["Ann", "A&B"]))
>>> svg.startswith("<svg"), "A&amp;B" in svg, "Babcock" in svg
(True, True, True)
>>> german = board_svg(new_game(players=2, seed=1, names=["Ann", "Bo"]), lang="de")
>>> "Runde 1: Ann ist am Zug (Zug)" in german, "400\xa0$" in german, "$400" in german
(True, True, False)
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, TypeVar

from babel.numbers import format_decimal

from gamekit.alfredopoly.narration import phase_words, phrasebook
from gamekit.alfredopoly.state import GameState
from gamekit.core import views
from gamekit.core.events import LANGUAGES, Words, core_phrases
from gamekit.core.palette import SEAT_COLOURS, ink_on, mix

if TYPE_CHECKING:
    from gamekit.alfredopoly.board import Board, Space
    from gamekit.alfredopoly.spec import AlfredopolySpec

__all__ = ["FONT_FLOOR", "BoardView", "Piece", "board_svg", "draw_board", "ring_label"]

_T = TypeVar("_T")

V = 1000  # the viewBox's side
CORNER = 130  # a corner square's side and the ring's depth
CELL = (V - 2 * CORNER) / 9  # a side space's width
BAND = 22  # the colour band's depth
CHAR = 0.58  # a character's average width, in font sizes (DejaVu Sans)
LEAST = 0.85  # the least a line is condensed to, of its natural width
#: The smallest text on the picture at its default size, in CSS pixels.
FONT_FLOOR = 14
DEFAULT_SIZE = 720
STATUE = 5
#: The jail space's name as the picture says it (a data name: kept in every language).
PROBATION = "Academic Probation"

# Words a label on the ring can do without (the full name is in the space's tooltip).
_GENERIC = {"hall", "house", "avenue", "place", "center", "centre", "library", "memorial"}
_SMALL = {"of", "the", "and", "&"}


def ring_label(name: str) -> str:
    """A short name for a space on the ring, so it can be printed large enough for a
    projector; the full name is in the space's tooltip and the screen-reader label.

    Generic words go ("Hall", "Avenue", ...); a name of three or more words left becomes
    its initials.

    >>> ring_label("Babcock Hall"), ring_label("Society of Women Engineers")
    ('Babcock', 'SWE')
    >>> ring_label("The Steinheim"), ring_label("Mediterranean Avenue"), ring_label("E-Mail")
    ('Steinheim', 'Mediterranean', 'E-Mail')
    >>> ring_label("Go to Academic Probation"), ring_label("Jail / Just Visiting")
    ('Go to Probation', 'Jail')
    """
    name = name.split(" / ")[0]  # "Jail / Just Visiting" -> "Jail"
    words = name.split()
    if len(words) <= 1:
        return name
    if name.lower().startswith("go to "):
        return f"Go to {words[-1]}"
    kept = [w for w in words if w.lower() not in _GENERIC]
    if kept and kept[0].lower() == "the":
        kept = kept[1:]
    kept = kept or words[:1]
    if len(kept) >= 3 and len(" ".join(kept)) > 12:
        return "".join(w[0].upper() for w in kept if w.lower() not in _SMALL and w[0].isalpha())
    return " ".join(kept)


@dataclass(frozen=True)
class Piece:
    """A player as the picture shows them: a token on ``position`` (``None``: off the board)
    and a line in the centre's list (with ``cash`` when it is known)."""

    name: str
    position: int | None = 0
    in_jail: bool = False
    bankrupt: bool = False
    colour: str | None = None
    cash: int | None = None


@dataclass(frozen=True)
class BoardView:
    """What one picture shows: a board, and optionally a position (pieces, and per space
    its owner's seat or ``None``, its buildings 0-5 and whether it is mortgaged) and a heat
    map (one value a space, ``None`` for none; an optional 41st value is "in Academic
    Probation"), with a few status lines for the centre."""

    board: Board
    pieces: tuple[Piece, ...] = ()
    owner: tuple[int | None, ...] = ()
    level: tuple[int, ...] = ()
    mortgaged: tuple[bool, ...] = ()
    heat: tuple[float | None, ...] = ()
    heat_label: str = ""
    heat_format: str = "percent"
    status: tuple[str, ...] = ()


def board_svg(
    state: GameState,
    spec: AlfredopolySpec | None = None,
    *,
    size: int = DEFAULT_SIZE,
    colours: Mapping[int, str] | None = None,
    lang: str = "en",
) -> str:
    """The board of ``state`` as an SVG document ``size`` pixels square.

    ``spec`` defaults to the state's own rules; ``colours`` maps a seat to a ``#rrggbb``
    colour in place of the kit's colour-blind-safe seat colours; ``lang`` (``"en"`` or
    ``"de"``) the language of the picture's own words. Text is never smaller than
    :data:`FONT_FLOOR` pixels at the default size (it scales with ``size``).

    >>> from gamekit.alfredopoly.rules import new_game
    >>> svg = board_svg(new_game(players=3, seed=2), size=500)
    >>> 'width="500"' in svg, svg.count('class="token"')
    (True, 3)
    """
    _check_lang(lang)
    spec = spec if spec is not None else _spec_of(state)
    if state.ended or state.phase == "over":
        first = Words("picture.over", round=state.round)
    elif 0 <= state.actor < len(state.players):
        first = Words(
            "picture.to_act",
            round=state.round,
            player=state.players[state.actor].name,
            phase=phase_words(state.phase),
        )
    else:
        first = Words("picture.round", round=state.round)
    status = [_say(first, lang)]
    if state.last_roll:
        faces = " + ".join(str(d) for d in state.last_roll)
        status.append(_say(Words("picture.last_roll", faces=faces), lang))
    view = BoardView(
        board=spec.board,
        pieces=tuple(
            Piece(
                p.name,
                p.position,
                p.in_jail,
                p.bankrupt,
                (colours or {}).get(seat),
                p.cash,
            )
            for seat, p in enumerate(state.players)
        ),
        owner=tuple(None if o < 0 else o for o in state.owner),
        level=state.level,
        mortgaged=state.mortgaged,
        status=tuple(status),
    )
    return draw_board(view, size=size, lang=lang)


def _check_lang(lang: str) -> None:
    if lang not in LANGUAGES:
        raise ValueError(f"lang must be one of {', '.join(LANGUAGES)}, not {lang!r}")


def _say(words: Words, lang: str) -> str:
    """``words`` in ``lang``: Alfredopoly's phrasebook (its ``phase.*``, ``picture.*``)."""
    return phrasebook().text(words, lang)


def money(amount: float, lang: str = "en") -> str:
    """Whole dollars as the kit writes them in ``lang`` (``core.money``).

    >>> money(1500), money(1500, "de")
    ('$1,500', '1.500\xa0$')
    """
    return core_phrases().text(Words("core.money", amount=amount), lang)


def draw_board(view: BoardView, *, size: int = DEFAULT_SIZE, lang: str = "en") -> str:
    """``view`` as an SVG document ``size`` pixels square (the work of :func:`board_svg`,
    for pictures that are not a game state: a heat map of landing probabilities, say);
    ``lang`` the language of its own words (``view.status`` is drawn as given).

    >>> from gamekit.alfredopoly.board import load_board
    >>> board = load_board("alfred")
    >>> svg = draw_board(BoardView(board, heat=(0.025,) * 40, heat_label="P(land)"))
    >>> "2.50%" in svg, "P(land)" in svg
    (True, True)
    >>> "2,50\xa0%" in draw_board(BoardView(board, heat=(0.025,) * 40), lang="de")
    True
    """
    _check_lang(lang)
    # in viewBox units: at least FONT_FLOOR px at the default size (rounded up, as written)
    font = math.ceil(FONT_FLOOR * V / DEFAULT_SIZE * 10) / 10
    colour = {
        seat: piece.colour or SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        for seat, piece in enumerate(view.pieces)
    }
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
        f'viewBox="0 0 {V} {V}" role="img" font-family="DejaVu Sans, Verdana, sans-serif">',
        f"<title>{escape(_summary(view, lang))}</title>",
        f'<rect x="0" y="0" width="{V}" height="{V}" fill="#f4f1e8" stroke="#333"/>',
    ]
    scale = _heat_scale(view.heat)
    for space in view.board.spaces:
        parts.append(_space(space, view, colour, font, scale, lang))
    parts.append(_centre(view, colour, font, lang))
    parts.append("</svg>")
    return "\n".join(parts)


def _spec_of(state: GameState) -> AlfredopolySpec:
    if state.spec is not None:
        return state.spec
    from gamekit.alfredopoly.spec import AlfredopolySpec

    return AlfredopolySpec()


def _summary(view: BoardView, lang: str = "en") -> str:
    spaces = view.board.spaces
    where = ", ".join(
        _say(Words("picture.on", player=p.name, space=spaces[p.position].name), lang)
        for p in view.pieces
        if not p.bankrupt and p.position is not None and 0 <= p.position < len(spaces)
    )
    if not where:
        return view.board.title
    return _say(Words("picture.summary", title=view.board.title, where=where), lang)


def _heat_scale(heat: tuple[float | None, ...]) -> Callable[[float], float] | None:
    """Where a value sits on the colour scale (0-1), as the widget does: every value shown
    counts, "in Probation" included; ``None`` when there is no heat map."""
    finite = [v for v in heat if v is not None and math.isfinite(v)]
    if not finite:
        return None
    positive = [v for v in finite if v > 0]
    top, bottom = max(finite), (min(positive) if positive else 0.0)
    span = (top - bottom) or 1.0
    return lambda v: 0.0 if v <= 0 else 0.08 + 0.92 * (v - bottom) / span


def heat_colour(t: float) -> str:
    """White to blue by ``t`` in 0-1 (clear of the colour bands, ordered by lightness).

    >>> heat_colour(0), heat_colour(1)
    ('rgb(247,251,255)', 'rgb(90,162,212)')
    """
    stops = [(247, 251, 255), (198, 219, 239), (140, 192, 224), (90, 162, 212)]
    u = max(0.0, min(1.0, t)) * (len(stops) - 1)
    a, b = stops[int(u)], stops[min(len(stops) - 1, int(u) + 1)]
    f = u - int(u)
    r, g, bl = (round(x + (y - x) * f) for x, y in zip(a, b, strict=True))
    return f"rgb({r},{g},{bl})"


def format_value(value: float, fmt: str, lang: str = "en") -> str:
    """A heat value as the board prints it, in ``lang``'s number format.

    >>> format_value(0.0231, "percent"), format_value(12.5, "money"), format_value(3.14, "number")
    ('2.31%', '$12', '3.14')
    >>> format_value(0.0231, "percent", "de"), format_value(1234.5, "money", "de")
    ('2,31\xa0%', '1.234\xa0$')
    """
    if lang != "en":
        return _format_value(value, fmt, lang)
    if fmt == "percent":
        return f"{100 * value:.{2 if value < 0.1 else 1}f}%"
    if fmt == "money":
        return f"${value:.{2 if value < 10 else 0}f}"
    return f"{value:.2f}" if abs(value) < 10 else f"{value:.0f}"


def _format_value(value: float, fmt: str, lang: str) -> str:
    """:func:`format_value` in another language than English: Babel's number format, the
    percent sign after a no-break space (``board.percent``) and the kit's money."""

    def number(x: float, decimals: int) -> str:
        pattern = "#,##0" + ("." + "0" * decimals if decimals else "")
        return str(format_decimal(round(x, decimals), format=pattern, locale=lang))

    if fmt == "percent":
        shown = number(100 * value, 2 if value < 0.1 else 1)
        return _say(Words("board.percent", n=shown), lang)
    if fmt == "money":
        if value < 10:
            before, _, after = core_phrases()["core.money"][lang].partition("{amount:n}")
            return f"{before}{number(value, 2)}{after}"
        return money(round(value), lang)
    return number(value, 2) if abs(value) < 10 else number(value, 0)


def _placement(i: int) -> tuple[float, float, float, float, str]:
    """Space ``i``'s box (x, y, w, h in the local frame) and its transform into the ring;
    the local frame has its inner edge (toward the centre) at the top, except on the top row,
    which is drawn upright with its inner edge at the bottom."""
    if i % 10 == 0:
        far = float(V - CORNER)
        cx, cy = {0: (far, far), 10: (0.0, far), 20: (0.0, 0.0), 30: (far, 0.0)}[i]
        return cx, cy, CORNER, CORNER, f"translate({cx:g},{cy:g})"
    k = i % 10 - 1
    if i < 10:
        x = V - CORNER - (k + 1) * CELL
        return x, V - CORNER, CELL, CORNER, f"translate({x:.2f},{V - CORNER})"
    if i < 20:
        y = V - CORNER - (k + 1) * CELL
        return 0, y, CELL, CORNER, f"translate({CORNER},{y:.2f}) rotate(90)"
    if i < 30:
        x = CORNER + k * CELL  # upright: its inner edge is the bottom one (see _space)
        return x, 0, CELL, CORNER, f"translate({x:.2f},0)"
    y = CORNER + k * CELL
    return V - CORNER, y, CELL, CORNER, f"translate({V - CORNER},{y + CELL:.2f}) rotate(-90)"


def _lines(text: str, width: float, font: float, room: int) -> list[str]:
    """``text`` in at most ``room`` lines that fit ``width`` when condensed to LEAST at the
    most; a word too long for a line is broken with a hyphen where a syllable may begin
    (:func:`hyphen_break`).

    >>> _lines("The Steinheim", 40, 10, 3)  # 8 characters a line
    ['The', 'Stein-', 'heim']
    >>> _lines("Academic Probation", 30, 10, 3)  # 6 a line; the last line takes the rest
    ['Acade-', 'mic', 'Proba-tion']
    """
    most = max(2, int(width / (font * CHAR * LEAST)))
    lines: list[str] = []
    words = [piece for word in text.split() for piece in re.findall(r"[^-]+-?|-", word)]
    for word in words:
        while len(word) > most:
            cut = hyphen_break(word, most - 1)
            lines.append(word[:cut] + "-")
            word = word[cut:]
        glue = "" if lines and lines[-1].endswith("-") else " "
        if lines and len(lines[-1]) + len(glue) + len(word) <= most:
            lines[-1] += glue + word
        else:
            lines.append(word)
    if len(lines) > room:
        rest = lines[room - 1]
        for line in lines[room:]:
            rest += line if rest.endswith("-") else " " + line
        lines = [*lines[: room - 1], rest]
    return lines


_VOWELS = set("aeiouyäöüéèáà")


def hyphen_break(word: str, most: int) -> int:
    """Where to break ``word`` so its first part (with the hyphen) fits ``most`` characters:
    before a consonant that begins a syllable (one followed by a vowel), leaving at least
    3 letters on each side, nearest the middle; else at ``most``, as a plain cut.

    >>> [w[: hyphen_break(w, 6)] for w in ("Steinheim", "Moskowitz", "Carillon", "Probation")]
    ['Stein', 'Mosko', 'Caril', 'Proba']
    """
    low = word.lower()
    fits = [
        i
        for i in range(3, min(most, len(word) - 3) + 1)
        if low[i] not in _VOWELS and low[i + 1 : i + 2] in _VOWELS and low[i - 1].isalpha()
    ]
    if not fits:
        return most
    return min(fits, key=lambda i: (abs(len(word) / 2 - i), -i))


def _text(x: float, y: float, line: str, font: float, width: float, **attrs: str) -> str:
    """One line of centred text, condensed (``textLength``) only when it would not fit."""
    natural = len(line) * font * CHAR
    fit = f' textLength="{width:.1f}" lengthAdjust="spacingAndGlyphs"' if natural > width else ""
    extra = "".join(f' {k.replace("_", "-")}="{escape(v)}"' for k, v in attrs.items())
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{font:.1f}" text-anchor="middle"{fit}{extra}>'
        f"{escape(line)}</text>"
    )


def _space(
    space: Space,
    view: BoardView,
    seat_colour: dict[int, str],
    font: float,
    scale: Callable[[float], float] | None,
    lang: str = "en",
) -> str:
    i = space.index
    _x, _y, w, h, transform = _placement(i)
    flip = 20 < i < 30

    def at(depth: float) -> float:
        """The y of a line centred ``depth`` from the space's inner edge (text baseline)."""
        return (h - depth if flip else depth) + font * 0.35

    owner = _at(view.owner, i, None)
    heat = _at(view.heat, i, None)
    if scale is not None and heat is not None and math.isfinite(heat):
        fill = heat_colour(scale(heat))
    elif owner is not None and owner in seat_colour:
        fill = mix(seat_colour[owner], 0.5)
    else:
        fill = "#fbfaf5"
    out = [
        f'<g class="space" data-index="{i}" transform="{transform}">',
        f"<title>{i} {escape(space.name)}</title>",
        f'<rect width="{w:.2f}" height="{h}" fill="{fill}" stroke="#333" stroke-width="1.5"/>',
    ]
    inner = 4.0
    if space.kind == "street" and space.colour:
        band_y = h - BAND if flip else 0
        out.append(
            f'<rect y="{band_y}" width="{w:.2f}" height="{BAND}" fill="{escape(space.colour)}"/>'
        )
        out.append(_buildings(_at(view.level, i, 0), w, band_y))
        inner = BAND + 2
    room = 3 if w == CORNER else 4
    label = ring_label(space.name)  # each of its lines says it whole (a data name), as the
    for k, line in enumerate(_lines(label, w - 6, font, room)):  # board widget's do
        y = at(inner + font * (k + 0.55))
        out.append(_text(w / 2, y, line, font, w - 6, font_weight="600", data_label=label))
    bottom = at(h - font * 0.75)  # the line at the outer edge: the heat, price, or MORTG.
    if _at(view.mortgaged, i, False):
        out.append(
            f'<rect y="{0 if flip else h - font * 1.5:.1f}" width="{w:.2f}" '
            f'height="{font * 1.5:.1f}" fill="#fde7ea" class="mortgaged"/>'
        )
        mark = _say(Words("board.mortgage_mark"), lang)
        out.append(_text(w / 2, bottom, mark, font, w - 6, fill="#b00020", font_weight="700"))
    elif scale is not None and heat is not None and math.isfinite(heat):
        out.append(_text(w / 2, bottom, format_value(heat, view.heat_format, lang), font, w - 6))
    elif space.price:
        out.append(_text(w / 2, bottom, money(space.price, lang), font, w - 6))
    outer = font * 1.5 if flip else h - font * 1.5
    out.append(_tokens(view, i, w, outer, flip, seat_colour, font, lang))
    out.append("</g>")
    return "\n".join(p for p in out if p)


def _at(values: tuple[_T, ...], i: int, default: _T) -> _T:
    return values[i] if i < len(values) else default


def _buildings(level: int, w: float, y: float) -> str:
    """Sculptures as squares in the band, or a statue of King Alfred as a crown."""
    if level <= 0:
        return ""
    if level >= STATUE:  # a crown: King Alfred's statue
        x0, top, bottom = w / 2 - 18, y + 3, y + BAND - 3
        points = [
            (x0, bottom), (x0, top), (x0 + 9, top + 8), (x0 + 18, top),
            (x0 + 27, top + 8), (x0 + 36, top), (x0 + 36, bottom),
        ]  # fmt: skip
        path = " ".join(f"{px:.1f},{py:.1f}" for px, py in points)
        return f'<polygon class="statue" points="{path}" fill="#b3261e" stroke="#fff"/>'
    side = BAND - 6
    gap = (w - level * side) / (level + 1)
    return "".join(
        f'<rect class="sculpture" x="{gap + k * (side + gap):.1f}" y="{y + 3}" width="{side}" '
        f'height="{side}" fill="#1b7f3b" stroke="#fff" stroke-width="1.5"/>'
        for k in range(level)
    )


def _tokens(
    view: BoardView,
    i: int,
    w: float,
    outer: float,
    flip: bool,
    seat_colour: dict[int, str],
    font: float,
    lang: str = "en",
) -> str:
    """The tokens on space ``i`` as discs with initials, in rows from the outer edge's line
    (``outer``) toward the centre."""
    here = [seat for seat, p in enumerate(view.pieces) if not p.bankrupt and p.position == i]
    if not here:
        return ""
    r = font * 0.72
    per_row = max(1, int((w - 4) // (2 * r + 2)))
    out = []
    for k, seat in enumerate(here):
        p = view.pieces[seat]
        row, col = divmod(k, per_row)
        cx = 2 + r + col * (2 * r + 2)
        step = r + row * (2 * r + 2)
        cy = outer + step if flip else outer - step
        colour = seat_colour[seat]
        jailed = " in-jail" if p.in_jail else ""
        ring = "#b00020" if p.in_jail else "#222"
        said = _said_in_jail(p.name, lang) if p.in_jail else p.name
        out.append(
            f'<g class="token{jailed}" data-seat="{seat}"><title>{escape(said)}</title>'
            f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{escape(colour)}" '
            f'stroke="{ring}" stroke-width="{4 if p.in_jail else 1.5}"/>'
            f'<text x="{cx:.1f}" y="{cy + font * 0.35:.1f}" font-size="{font:.1f}" '
            f'text-anchor="middle" font-weight="700" fill="{_ink(colour)}">'
            f"{escape(p.name[:1].upper() or '?')}</text></g>"
        )
    return "".join(out)


def _said_in_jail(line: str, lang: str) -> str:
    return _say(Words("picture.in_jail", line=line, space=PROBATION), lang)


def _ink(colour: str) -> str:
    return ink_on(colour) if re.fullmatch(r"#[0-9a-fA-F]{6}", colour) else "#ffffff"


def _centre(view: BoardView, seat_colour: dict[int, str], font: float, lang: str = "en") -> str:
    width = V - 2 * CORNER - 40
    big = font * 1.6
    y = CORNER + 30 + big
    out = [_text(V / 2, y, view.board.title, big, width, font_weight="700")]
    y += font * 0.6
    lines = [*view.status]
    if view.heat_label and any(v is not None for v in view.heat):
        lines.append(_say(Words("picture.shading", label=view.heat_label), lang))
        in_jail = _at(view.heat, 40, None)
        if in_jail is not None and math.isfinite(in_jail):
            value = format_value(in_jail, view.heat_format, lang)
            lines.append(_say(Words("picture.jail_heat", space=PROBATION, value=value), lang))
    for line in lines:
        y += font * 1.6
        out.append(_text(V / 2, y, line, font, width))
    y += font * 2.4
    left = V / 2 - width / 2 + 20
    for seat, p in enumerate(view.pieces):
        line = p.name
        if p.cash is not None:
            line = _say(Words("picture.cash", player=p.name, cash=money(p.cash, lang)), lang)
        if p.bankrupt:
            line = _say(Words("picture.bankrupt", line=line), lang)
        elif p.in_jail:
            line = _said_in_jail(line, lang)
        out.append(
            f'<rect x="{left:.1f}" y="{y - font:.1f}" width="{font * 1.1:.1f}" '
            f'height="{font * 1.1:.1f}" fill="{escape(seat_colour[seat])}" stroke="#222"/>'
        )
        out.append(
            f'<text x="{left + 10 + font * 1.3:.1f}" y="{y:.1f}" '
            f'font-size="{font:.1f}" class="player">{escape(line)}</text>'
        )
        y += font * 1.5
    return "\n".join(out)


def _state_svg(state: GameState, lang: str = "en") -> str:
    """A state's SVG view (``gamekit.core.views.svg``), in ``lang`` for a table that
    speaks it (``widgets.table.GameTable.export_picture``)."""
    return board_svg(state, lang=lang)


views.svg.register(GameState, _state_svg)
