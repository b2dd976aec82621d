"""``AlmaMaterBoard`` (the shared board) and ``UniversityTableau`` (one player's university).

Both draw a JSON view built by :mod:`widgets.almamater_view` from an engine state; the
JavaScript draws and never decides a rule. Clicking an action space on the board selects
it (the synced ``selected`` trait), which a play table uses to show that space's actions.

>>> from gamekit.almamater.spec import make_spec
>>> from gamekit.almamater.rules import new_game
>>> spec = make_spec(3)
>>> state = new_game(spec, seed=2)
>>> board = AlmaMaterBoard(spec, state)
>>> board
AlmaMaterBoard(players=3, round=0, selected=None)
>>> board.set_state({"selected": "bishop"})     # a click in the browser
>>> board.selected
'bishop'
>>> UniversityTableau(spec, state, seat=1).view["colour"]
'blue'
>>> AlmaMaterBoard(spec, state, lang="de").view["spaces"][-2]["name"]
'Bischofssitz'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import traitlets

from gamekit.almamater.picture import university_svg
from gamekit.almamater.spec import AlmaMaterSpec
from gamekit.almamater.state import GameState
from widgets.almamater_view import board_view, tableau_view
from widgets.base import GameWidget, asset
from widgets.i18n import check_lang


class AlmaMaterBoard(GameWidget):
    """The shared Alma Mater board for ``spec`` at ``state``.

    ``placements``: ``(space, seat, masters)`` placed this round (a play table tracks
    them); ``names``: the players' names (default: their colours); ``lang``: ``"en"``
    (default) or ``"de"`` (the German terms of the kit's glossary); ``projector``: larger
    text for a projector.
    """

    _esm = asset("common.js") + asset("almamater_board.js")
    _css = asset("common.css") + asset("almamater.css")

    view = traitlets.Dict().tag(sync=True)
    selected = traitlets.Unicode(None, allow_none=True).tag(sync=True)
    width = traitlets.Int(940).tag(sync=True)
    projector = traitlets.Bool(False).tag(sync=True)

    def __init__(
        self,
        spec: AlmaMaterSpec,
        state: GameState,
        *,
        placements: Sequence[tuple[str, int, int]] = (),
        names: Sequence[str] | None = None,
        width: int = 940,
        lang: str = "en",
        projector: bool = False,
    ) -> None:
        self._spec = spec
        self._names = list(names) if names else None
        self.lang = check_lang(lang)
        super().__init__(width=width, projector=projector)
        self.show(state, placements)

    def show(self, state: GameState, placements: Sequence[tuple[str, int, int]] = ()) -> None:
        """Draw another position."""
        self._state = state
        self.view = board_view(self._spec, state, placements, self._names, self.lang)

    @traitlets.validate("selected")
    def _check_selected(self, proposal: dict[str, Any]) -> str | None:
        value = proposal["value"]
        if value is not None and value not in self._spec.spaces:
            raise traitlets.TraitError(f"no action space {value!r}")
        return value

    @traitlets.validate("width")
    def _check_width(self, proposal: dict[str, Any]) -> int:
        if not 480 <= proposal["value"] <= 2400:
            raise traitlets.TraitError("width must be 480-2400 pixels")
        return int(proposal["value"])

    def export_picture(self) -> str:
        """The position as standalone SVG (``gamekit.almamater.picture``, in the board's
        ``lang``), for exported notebooks (see :meth:`GameWidget.export_picture`)."""
        state = self._state
        if state.spec is None:
            state = replace(state, spec=self._spec)
        return university_svg(state, names=self._names, width=self.width, lang=self.lang)

    def _repr_fields(self) -> dict[str, Any]:
        return {
            "players": self._spec.players,
            "round": self._state.round,
            "selected": self.selected,
        }


class UniversityTableau(GameWidget):
    """One player's university board (lecture halls, library, storage, professors...)."""

    _esm = asset("common.js") + asset("university_tableau.js")
    _css = asset("common.css") + asset("almamater.css")

    view = traitlets.Dict().tag(sync=True)
    projector = traitlets.Bool(False).tag(sync=True)

    def __init__(
        self,
        spec: AlmaMaterSpec,
        state: GameState,
        *,
        seat: int = 0,
        names: Sequence[str] | None = None,
        lang: str = "en",
        projector: bool = False,
    ) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < spec.players:
            raise ValueError(f"seat must be 0-{spec.players - 1}, got {seat!r}")
        self._spec = spec
        self.seat = seat
        self._names = list(names) if names else None
        self.lang = check_lang(lang)
        super().__init__(projector=projector)
        self.show(state)

    def show(self, state: GameState) -> None:
        """Draw this seat at another position."""
        self._state = state
        self.view = tableau_view(self._spec, state, self.seat, self._names, self.lang)

    def export_picture(self) -> str:
        """This seat's university as standalone SVG, for exported notebooks."""
        state = self._state
        if state.spec is None:
            state = replace(state, spec=self._spec)
        return university_svg(
            state, names=self._names, seats=[self.seat], board=False, lang=self.lang
        )

    def _repr_fields(self) -> dict[str, Any]:
        return {"seat": self.seat, "colour": self._spec.colours[self.seat]}
