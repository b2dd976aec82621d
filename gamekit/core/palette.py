"""The kit's colours as plain data, shared by the engine's pictures and the widgets.

Seat colours start from the Okabe-Ito palette (Okabe & Ito 2008), ordered so that the first
seats stay far apart under deuteranopia and protanopia; every token, pawn and marker also
carries its player's initial, so colour is never the only cue. ``widgets.colours`` checks
the palette against simulated colour-vision deficiencies.

>>> SEAT_COLOURS[0], ink_on("#F0E442"), ink_on("#0072B2")
('#D55E00', '#000000', '#ffffff')
"""

from __future__ import annotations

__all__ = ["ALMAMATER_HEX", "SEAT_COLOURS", "ink_on", "mix"]

#: Seat colours for Alfredopoly (up to 8 players): Okabe-Ito, reordered so that any first
#: n seats are as far apart as the palette allows for all viewers.
SEAT_COLOURS: tuple[str, ...] = (
    "#D55E00",  # vermillion
    "#56B4E9",  # sky blue
    "#F0E442",  # yellow
    "#0072B2",  # blue
    "#000000",  # black
    "#CC79A7",  # reddish purple
    "#009E73",  # bluish green
    "#E69F00",  # orange
)

#: Alma Mater's four player colours keep their names (the game's pieces are red, blue,
#: green and purple) but use shades that stay apart under colour-vision deficiencies.
ALMAMATER_HEX: dict[str, str] = {
    "red": "#DC3912",
    "blue": "#004488",  # a dark blue: apart from the others in lightness too
    "green": "#009E73",  # Okabe-Ito's bluish green
    "purple": "#9970AB",  # a light purple: apart from the dark blue by lightness
    "dictionary": "#E6B800",  # gold books (dictionaries)
}


def _channels(hex_colour: str) -> tuple[float, float, float]:
    h = hex_colour.lstrip("#")
    r, g, b = (int(h[i : i + 2], 16) / 255 for i in (0, 2, 4))
    return r, g, b


def _luminance(hex_colour: str) -> float:
    """WCAG relative luminance of a ``#rrggbb`` colour."""

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in _channels(hex_colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ink_on(background: str) -> str:
    """Black or white, whichever contrasts more with ``background`` (WCAG).

    >>> ink_on("#ffffff"), ink_on("#000000")
    ('#000000', '#ffffff')
    """
    lum = _luminance(background)
    on_white = (1.05) / (lum + 0.05)
    on_black = (lum + 0.05) / 0.05
    return "#000000" if on_black >= on_white else "#ffffff"


def mix(hex_colour: str, t: float, other: str = "#ffffff") -> str:
    """``hex_colour`` moved a share ``t`` of the way toward ``other`` (white by default).

    >>> mix("#000000", 0.5)
    '#808080'
    """
    a, b = _channels(hex_colour), _channels(other)
    return "#" + "".join(f"{round((x + (y - x) * t) * 255):02x}" for x, y in zip(a, b, strict=True))
