"""Colour-blind-safe colours for seats, charts and heat maps, and the check behind them.

Seat colours start from the Okabe-Ito palette (Okabe & Ito 2008), ordered so that the
first seats stay far apart under deuteranopia and protanopia; every token, pawn and
marker also carries its player's initial, so colour is never the only cue.

:func:`simulate_cvd` applies the Machado, Oliveira & Fernandes (2009) matrices (severity
1.0) in linear RGB; :func:`delta_e` is CIEDE2000. The kit's tests use both to check that
every pair of seat colours keeps a clear difference for every viewer.

>>> round(delta_e("#000000", "#ffffff"))
100
>>> min_pair_delta_e(SEAT_COLOURS[:4], "deuteranopia") > 20
True
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import numpy as np

from gamekit.core.palette import ALMAMATER_HEX, SEAT_COLOURS, ink_on  # noqa: F401 (re-exported)

#: Ten colours for categorical charts (Paul Tol's "muted" scheme plus pale grey),
#: designed to stay distinguishable for colour-blind readers.
CATEGORY_10: tuple[str, ...] = (
    "#332288",
    "#88CCEE",
    "#44AA99",
    "#117733",
    "#999933",
    "#DDCC77",
    "#CC6677",
    "#882255",
    "#AA4499",
    "#BBBBBB",
)

#: A light-to-dark blue ramp for heat maps: clear of the red, orange and yellow colour
#: bands, ordered by lightness (readable without hue), dark text stays readable on it.
HEAT_STOPS: tuple[str, ...] = ("#F7FBFF", "#C6DBEF", "#8CC0E0", "#5AA2D4")

# Machado et al. (2009), severity 1.0, applied to linear RGB.
MACHADO: dict[str, np.ndarray] = {
    "normal": np.eye(3),
    "protanopia": np.array(
        [
            [0.152286, 1.052583, -0.204868],
            [0.114503, 0.786281, 0.099216],
            [-0.003882, -0.048116, 1.051998],
        ]
    ),
    "deuteranopia": np.array(
        [
            [0.367322, 0.860646, -0.227968],
            [0.280085, 0.672501, 0.047413],
            [-0.011820, 0.042940, 0.968881],
        ]
    ),
    "tritanopia": np.array(
        [
            [1.255528, -0.076749, -0.178779],
            [-0.078411, 0.930809, 0.147602],
            [0.004733, 0.691367, 0.303900],
        ]
    ),
}


def hex_to_rgb(colour: str) -> np.ndarray:
    """``"#RRGGBB"`` as three floats in 0-1.

    >>> hex_to_rgb("#ff8000").round(3).tolist()
    [1.0, 0.502, 0.0]
    """
    text = colour.lstrip("#")
    if len(text) != 6:
        raise ValueError(f"a colour is #RRGGBB, got {colour!r}")
    return np.array([int(text[i : i + 2], 16) / 255 for i in (0, 2, 4)])


def _to_linear(rgb: np.ndarray) -> np.ndarray:
    return np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)


def _to_srgb(lin: np.ndarray) -> np.ndarray:
    lin = np.clip(lin, 0.0, 1.0)
    return np.where(lin <= 0.0031308, lin * 12.92, 1.055 * lin ** (1 / 2.4) - 0.055)


def simulate_cvd(colour: str, kind: str) -> np.ndarray:
    """How ``colour`` looks (sRGB, 0-1) with ``kind`` of colour vision: ``"normal"``,
    ``"protanopia"``, ``"deuteranopia"`` or ``"tritanopia"``.

    >>> simulate_cvd("#ffffff", "deuteranopia").round(2).tolist()
    [1.0, 1.0, 1.0]
    """
    if kind not in MACHADO:
        raise ValueError(f"kind must be one of {', '.join(MACHADO)}, got {kind!r}")
    lin = _to_linear(hex_to_rgb(colour))
    return _to_srgb(MACHADO[kind] @ lin)


def to_lab(rgb: np.ndarray) -> np.ndarray:
    """CIE L*a*b* (D65) of an sRGB triple in 0-1.

    >>> [round(float(v), 1) + 0.0 for v in to_lab(np.array([1.0, 1.0, 1.0]))]
    [100.0, 0.0, 0.0]
    """
    lin = _to_linear(np.asarray(rgb, dtype=float))
    m = np.array(
        [
            [0.4124564, 0.3575761, 0.1804375],
            [0.2126729, 0.7151522, 0.0721750],
            [0.0193339, 0.1191920, 0.9503041],
        ]
    )
    xyz = m @ lin / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > (6 / 29) ** 3, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def ciede2000(lab1: np.ndarray, lab2: np.ndarray) -> float:
    """The CIEDE2000 colour difference of two L*a*b* colours (Sharma et al. 2005).

    >>> round(ciede2000(np.array([50, 2.6772, -79.7751]), np.array([50, 0, -82.7485])), 4)
    2.0425
    """
    l1, a1, b1 = (float(v) for v in lab1)
    l2, a2, b2 = (float(v) for v in lab2)
    c1, c2 = np.hypot(a1, b1), np.hypot(a2, b2)
    cbar7 = ((c1 + c2) / 2) ** 7
    g = 0.5 * (1 - np.sqrt(cbar7 / (cbar7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = np.hypot(a1p, b1), np.hypot(a2p, b2)
    h1p = np.degrees(np.arctan2(b1, a1p)) % 360
    h2p = np.degrees(np.arctan2(b2, a2p)) % 360
    dl, dc = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    elif h2p - h1p > 180:
        dh = h2p - h1p - 360
    else:
        dh = h2p - h1p + 360
    dhh = 2 * np.sqrt(c1p * c2p) * np.sin(np.radians(dh / 2))
    lbar, cbarp = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        hbar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hbar = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        hbar = (h1p + h2p + 360) / 2
    else:
        hbar = (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * np.cos(np.radians(hbar - 30))
        + 0.24 * np.cos(np.radians(2 * hbar))
        + 0.32 * np.cos(np.radians(3 * hbar + 6))
        - 0.20 * np.cos(np.radians(4 * hbar - 63))
    )
    sl = 1 + 0.015 * (lbar - 50) ** 2 / np.sqrt(20 + (lbar - 50) ** 2)
    sc = 1 + 0.045 * cbarp
    sh = 1 + 0.015 * cbarp * t
    dtheta = 30 * np.exp(-(((hbar - 275) / 25) ** 2))
    rc = 2 * np.sqrt(cbarp**7 / (cbarp**7 + 25**7))
    rt = -np.sin(np.radians(2 * dtheta)) * rc
    return float(
        np.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dhh / sh) ** 2 + rt * (dc / sc) * (dhh / sh))
    )


def delta_e(colour1: str, colour2: str, kind: str = "normal") -> float:
    """CIEDE2000 difference of two ``#RRGGBB`` colours as seen with ``kind`` of vision.

    >>> round(delta_e("#D55E00", "#0072B2", "deuteranopia"))
    57
    """
    return ciede2000(to_lab(simulate_cvd(colour1, kind)), to_lab(simulate_cvd(colour2, kind)))


def min_pair_delta_e(colours: Sequence[str], kind: str = "normal") -> float:
    """The smallest CIEDE2000 difference between any two of ``colours`` for ``kind``.

    >>> round(min_pair_delta_e(["#000000", "#ffffff"]))
    100
    """
    return min(delta_e(a, b, kind) for a, b in itertools.combinations(colours, 2))
