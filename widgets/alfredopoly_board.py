"""``AlfredopolyBoard``: the 40 spaces as the classic square ring, in SVG.

It shows names, colour bands, prices, owners, sculptures and statues, mortgage marks
(a strip on the inner edge), tokens and dice with whose they are ("Cy rolled 3+4"), and
optionally a heat map of any per-space value with a legend. Owners' marks and tokens stand
in a lane just inside the ring beside their space, so they never cover a space's name,
price or mortgage mark; names break between words (at a syllable, with a hyphen, only
when a word is far too wide for its space). No line of a name is condensed below 0.85 of
its natural width: the board grows past ``size`` (up to the page's width and a screen's
height) until every name is readable at 14 px (18 px with ``projector=True``). Where a
square that tall does not fit the room below its top (a projector's 18 px at 1280x720
needs a 752 px square), the ring is wider than tall: its top and bottom rows less deep and
wider, its side columns deeper, names on more lines (741x631 px beside the play panel in
the Voila dashboard). Where not even that fits (a browser zoomed to 150 %), the board takes
the row's whole width, the panel moves above it and its bottom row is a scroll away. In a
zoomed browser the projector's 18 px are pixels of the screen (12 CSS px at 150 %), never
under 14 CSS px. The centre's title wraps to as many lines as it needs.
Clicking a space selects it (the synced ``selected`` trait) and shows its deed in the
centre. The JavaScript only draws; every value comes from the board file and the game
state, as JSON structs, and every word from Alfredopoly's phrasebook in the board's
``lang`` (:func:`board_words`: English "$220", "IN", "MORTG."; German "220 $", "DRIN",
"HYPOTH."; a play table gives its boards its own language).

>>> board = AlfredopolyBoard("alfred")
>>> board
AlfredopolyBoard(board='alfred', selected=None, heat=None)
>>> board.set_state({"selected": 39})   # what a click in the browser sends
>>> board.space.name
'The Steinheim'
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pandas as pd
import traitlets
from babel.numbers import get_decimal_symbol, get_group_symbol

from gamekit.alfredopoly.board import Board, Space, load_board
from gamekit.alfredopoly.narration import phrasebook
from gamekit.alfredopoly.picture import BoardView, Piece, draw_board, ring_label
from gamekit.core.events import LANGUAGES, Phrasebook, Words, core_phrases
from gamekit.core.structs import short_repr, to_struct
from widgets.base import GameWidget, asset
from widgets.colours import SEAT_COLOURS, ink_on

HEAT_FORMATS = ("percent", "money", "number")
_HEX = re.compile(r"#[0-9a-fA-F]{6}")

#: The board's counted words, said by the phrasebook for each count the board shows
#: (kind, counts): a deed's sculpture levels, organizations owned, sculptures on a space.
_COUNTED = {"board.level": range(1, 5), "board.organizations": range(1, 9),
            "board.sculptures": range(1, 5)}  # fmt: skip


def board_words(lang: str = "en") -> dict[str, Any]:
    """The words the board's JavaScript draws, in ``lang``: the templates of Alfredopoly's
    phrasebook (``board.*``; the page fills ``{field}`` with text and ``{field:n}`` with a
    number), each counted entry said for every count the board shows (a list, count 1
    first), the kit's money (``core.money``) and the language's number symbols (Babel's),
    so prices read "$1,500" in English and "1.500 $" in German, as the table's log does.

    >>> w = board_words("de")
    >>> w["board.skip"], w["board.level"][1], w["core.money"], w["number"]["group"]
    ('Zu den Aktionen springen', 'mit 2 Skulpturen', '{amount:n}\xa0$', '.')
    >>> board_words()["board.jail_cell"], board_words()["number"]["decimal"]
    ('IN', '.')
    """
    if lang not in LANGUAGES:
        raise ValueError(f"lang must be one of {', '.join(LANGUAGES)}, not {lang!r}")
    book = phrasebook()
    out: dict[str, Any] = {}
    for kind in book:
        if not kind.startswith("board."):
            continue
        if kind in _COUNTED:
            out[kind] = [book.text(Words(kind, n=n), lang) for n in _COUNTED[kind]]
        else:
            entry = book[kind]
            out[kind] = entry.get(lang, entry["en"])
    out["core.money"] = core_phrases()["core.money"][lang]
    out["trustees"] = book.text(Words("trustees"), lang)
    out["number"] = {"group": get_group_symbol(lang), "decimal": get_decimal_symbol(lang)}
    return out


def space_structs(board: Board) -> list[dict[str, Any]]:
    """The board's spaces as JSON structs (what the front end draws), each with a short
    ``short`` label for the ring."""
    return [{**to_struct(space), "short": ring_label(space.name)} for space in board.spaces]


def initials(names: Sequence[str]) -> list[str]:
    """One or two letters per player, different for every player where possible.

    >>> initials(["Ann", "Bo", "Ben"])
    ['A', 'Bo', 'Be']
    """
    first = [n[:1].upper() or "?" for n in names]
    return [
        f if first.count(f) == 1 else (n[:2][:1].upper() + n[1:2].lower() or f)
        for f, n in zip(first, names, strict=True)
    ]


class AlfredopolyBoard(GameWidget):
    """The Alfredopoly board as an interactive SVG ring.

    ``board`` is a built-in name (``"alfred"``, ``"classic"``), a path to a board file,
    or a loaded ``Board``. ``heat`` is an optional per-space value (40 values, or 41 with
    "in Academic Probation" last, or a frame with ``index`` and ``heat_column``).

    >>> b = AlfredopolyBoard("classic", size=800)
    >>> b.show_heat([1 / 40] * 40, label="landing probability")
    >>> len(b.heat), b.heat_label
    (40, 'landing probability')
    """

    _esm = asset("common.js") + asset("alfredopoly_board.js")
    _css = asset("common.css") + asset("alfredopoly_board.css")

    title = traitlets.Unicode("").tag(sync=True)
    spaces = traitlets.List().tag(sync=True)
    players = traitlets.List().tag(sync=True)
    property_states = traitlets.List().tag(sync=True)
    current = traitlets.Int(None, allow_none=True).tag(sync=True)
    dice = traitlets.List(traitlets.Int()).tag(sync=True)
    dice_label = traitlets.Unicode("").tag(sync=True)  # whose dice: "Cy rolled 3+4"
    heat = traitlets.List().tag(sync=True)
    heat_label = traitlets.Unicode("").tag(sync=True)
    heat_format = traitlets.Unicode("percent").tag(sync=True)
    selected = traitlets.Int(None, allow_none=True).tag(sync=True)
    # the size on screen to aim for, in pixels: smaller where the page is, larger (up to a
    # screen's height, else the page's width) where names would be condensed below 0.85
    size = traitlets.Int(640).tag(sync=True)
    projector = traitlets.Bool(False).tag(sync=True)  # larger labels still (18 px)
    # the language of the board's own words (prices, the deed, the skip link, what a screen
    # reader hears); a play table sets its own (GameTable)
    lang = traitlets.Unicode("en").tag(sync=True)
    words = traitlets.Dict().tag(sync=True)  # board_words(lang), set from ``lang``

    def __init__(
        self,
        board: str | Path | Board = "alfred",
        *,
        size: int = 640,
        heat: Any = None,
        heat_label: str = "",
        heat_format: str = "percent",
        selected: int | None = None,
        projector: bool = False,
        lang: str = "en",
    ) -> None:
        self._board = load_board(board)
        self._board_arg = board if isinstance(board, str) else str(getattr(board, "name", board))
        super().__init__(
            title=self._board.title,
            spaces=space_structs(self._board),
            size=size,
            selected=selected,
            projector=projector,
            lang=lang,
        )
        if not self.words:  # "en" is the trait's default: no change to observe
            self.words = board_words(self.lang)
        # take the room a row leaves (up to `size`): the board fits the page's width and
        # height and keeps every label at least 14 px on screen (18 px with `projector`),
        # growing past `size` when its names need it (alfredopoly_board.js, `readable`)
        self.layout.flex = "0 1 auto"
        self.layout.min_width = "280px"
        if heat is not None:
            self.show_heat(heat, label=heat_label, fmt=heat_format)

    def use_board(self, board: str | Path | Board) -> None:
        """Show another board (the heat map, game and selection are cleared).

        >>> b = AlfredopolyBoard()
        >>> b.use_board("classic"); b.spaces[39]["name"]
        'Boardwalk'
        """
        loaded = load_board(board)
        with self.hold_sync():
            self._board = loaded
            self._board_arg = board if isinstance(board, str) else loaded.name
            self.selected = None
            self.heat = []
            self.heat_label = ""
            self.players = []
            self.property_states = []
            self.title = loaded.title
            self.spaces = space_structs(loaded)

    @property
    def board(self) -> Board:
        """The loaded board (a frozen ``Board``)."""
        return self._board

    @property
    def space(self) -> Space | None:
        """The selected ``Space``, or ``None``."""
        return None if self.selected is None else self._board.spaces[self.selected]

    @traitlets.validate("selected")
    def _check_selected(self, proposal: dict[str, Any]) -> int | None:
        value = proposal["value"]
        if value is not None and not 0 <= value < len(self._board.spaces):
            raise traitlets.TraitError(f"selected must be a space 0-{len(self._board.spaces) - 1}")
        return value

    @traitlets.validate("lang")
    def _check_lang(self, proposal: dict[str, Any]) -> str:
        if proposal["value"] not in LANGUAGES:
            known = ", ".join(LANGUAGES)
            raise traitlets.TraitError(f"lang must be one of {known}, not {proposal['value']!r}")
        return str(proposal["value"])

    @traitlets.observe("lang")
    def _lang_changed(self, change: dict[str, Any]) -> None:
        self.words = board_words(change["new"])

    @traitlets.validate("size")
    def _check_size(self, proposal: dict[str, Any]) -> int:
        if not 240 <= proposal["value"] <= 2000:
            raise traitlets.TraitError(f"size must be 240-2000 pixels, got {proposal['value']}")
        return int(proposal["value"])

    @traitlets.validate("heat_format")
    def _check_format(self, proposal: dict[str, Any]) -> str:
        if proposal["value"] not in HEAT_FORMATS:
            raise traitlets.TraitError(f"heat_format must be one of {HEAT_FORMATS}")
        return str(proposal["value"])

    def show_heat(
        self, values: Any, *, label: str = "", fmt: str = "percent", column: str | None = None
    ) -> None:
        """Colour the spaces by ``values`` (a sequence of 40 or 41 numbers, a dict
        index -> value, or a tidy frame with ``index`` and a value ``column``).

        >>> b = AlfredopolyBoard()
        >>> b.show_heat({39: 0.05}, label="P")
        >>> b.heat[39], b.heat[0]
        (0.05, None)
        """
        heat = heat_list(values, column=column, n=len(self._board.spaces))
        with self.hold_sync():
            self.heat_format = fmt
            self.heat_label = label or (column or "")
            self.heat = heat

    def clear_heat(self) -> None:
        """Remove the heat map."""
        with self.hold_sync():
            self.heat = []
            self.heat_label = ""

    def show_game(
        self,
        players: Sequence[Mapping[str, Any]],
        property_states: Sequence[Mapping[str, Any] | None] = (),
        *,
        current: int | None = None,
        dice: Sequence[int] = (),
        dice_label: str | None = None,
    ) -> None:
        """Draw a position: ``players`` (``name``, ``position``, ``in_jail``, optional
        ``colour``, ``bankrupt``) and per-space ``property_states`` (``owner``,
        ``sculptures`` 0-5 where 5 is the statue, ``mortgaged``). ``dice_label`` says
        whose dice are shown, under the dice ("Cy rolled 3+4"); ``None`` keeps the label
        (the play table keeps it in step with its panel's dice note).

        >>> b = AlfredopolyBoard()
        >>> b.show_game([{"name": "Ann", "position": 0}], [None, {"owner": 0}])
        >>> b.players[0]["colour"], b.players[0]["initial"], b.property_states[1]["sculptures"]
        ('#D55E00', 'A', 0)
        >>> b.show_game([{"name": "Ann", "position": 7}], dice=[3, 4], dice_label="Ann rolled 3+4")
        >>> b.dice, b.dice_label
        ([3, 4], 'Ann rolled 3+4')
        """
        people = []
        names = [str(p.get("name", f"Player {seat + 1}")) for seat, p in enumerate(players)]
        for seat, (p, initial) in enumerate(zip(players, initials(names), strict=True)):
            colour = p.get("colour") or SEAT_COLOURS[seat % len(SEAT_COLOURS)]
            person = {
                "name": names[seat],
                "initial": initial,
                "colour": colour,
                "ink": ink_on(colour) if _HEX.fullmatch(str(colour)) else "#ffffff",
                "position": p.get("position"),
                "in_jail": bool(p.get("in_jail", False)),
                "bankrupt": bool(p.get("bankrupt", False)),
            }
            people.append(person)
        states = [
            None
            if s is None
            else {
                "owner": s.get("owner"),
                "sculptures": int(s.get("sculptures", 0)),
                "mortgaged": bool(s.get("mortgaged", False)),
            }
            for s in property_states
        ]
        with self.hold_sync():
            self.players = people
            self.property_states = states
            self.current = current
            self.dice = [int(d) for d in dice]
            if dice_label is not None:
                self.dice_label = str(dice_label)

    def _intent_select(self, intent: dict[str, Any]) -> str:
        index = intent.get("index")
        if isinstance(index, bool) or not isinstance(index, int):
            value = short_repr(index, 60)
            raise phrasebook().refused(Words("board.needs_space", value=value))
        if not 0 <= index < len(self._board.spaces):
            raise phrasebook().refused(Words("board.no_space", index=index))
        self.selected = index
        return ""

    def phrases(self) -> Phrasebook:
        """Alfredopoly's phrasebook (its board words and the kit's core words)."""
        return phrasebook()

    def export_picture(self) -> str:
        """The board as it stands, as standalone SVG (``gamekit.alfredopoly.picture``), for
        exported notebooks (see :meth:`GameWidget.export_picture`).

        >>> b = AlfredopolyBoard()
        >>> b.show_game([{"name": "Ann", "position": 3}], [None, {"owner": 0}])
        >>> svg = b.export_picture()
        >>> svg.startswith("<svg"), 'data-seat="0"' in svg
        (True, True)
        """
        n = len(self._board.spaces)
        states = list(self.property_states) + [None] * (n - len(self.property_states))
        view = BoardView(
            board=self._board,
            pieces=tuple(
                Piece(
                    str(p.get("name", "")),
                    p.get("position"),
                    bool(p.get("in_jail")),
                    bool(p.get("bankrupt")),
                    str(p.get("colour") or ""),
                )
                for p in self.players
            ),
            owner=tuple(None if s is None else s.get("owner") for s in states[:n]),
            level=tuple(0 if s is None else int(s.get("sculptures", 0)) for s in states[:n]),
            mortgaged=tuple(bool(s and s.get("mortgaged")) for s in states[:n]),
            heat=tuple(self.heat),
            heat_label=self.heat_label,
            heat_format=self.heat_format,
            status=(self.dice_label,) if self.dice_label else (),
        )
        return draw_board(view, size=self.size, lang=self.lang)

    def _repr_fields(self) -> dict[str, Any]:
        return {
            "board": self._board_arg,
            "selected": self.selected,
            "heat": self.heat_label or None,
        }


def heat_list(values: Any, *, column: str | None = None, n: int = 40) -> list[float | None]:
    """Normalise per-space values to a list of ``n`` or ``n + 1`` floats (``None`` = no value).

    >>> heat_list([0.5, float("nan")], n=2)
    [0.5, None]
    """
    if isinstance(values, pd.DataFrame):
        col = column or next(
            (c for c in ("probability", "expected_fee", "value") if c in values.columns), None
        )
        if col is None or "index" not in values.columns:
            raise ValueError("a heat frame needs an 'index' column and a value column")
        values = dict(zip(values["index"].astype(int), values[col].astype(float), strict=True))
    if isinstance(values, Mapping):
        out: list[float | None] = [None] * (n + 1)
        for k, v in values.items():
            k = int(k)
            if not 0 <= k <= n:
                raise ValueError(f"heat for space {k}: the board has spaces 0-{n - 1} (and {n})")
            out[k] = _number(v)
        return out if out[n] is not None else out[:n]
    seq = list(values)
    if len(seq) not in (n, n + 1):
        raise ValueError(f"heat needs {n} values (or {n + 1} with 'in jail' last), got {len(seq)}")
    return [_number(v) for v in seq]


def _number(value: Any) -> float | None:
    if value is None:
        return None
    x = float(value)
    return None if math.isnan(x) or math.isinf(x) else x
