"""``PlayPanel``: the side panel of a play table (players, actions as buttons, event log).

It draws what the table sends and turns a click into an intent; the table checks every
intent with the engine. Used by :class:`~widgets.play_alfredopoly.AlfredopolyTable` and
:class:`~widgets.play_almamater.AlmaMaterTable`.

>>> seen = []
>>> panel = PlayPanel(on_act=seen.append)
>>> panel.set_state({"intent": {"kind": "act", "action": {"type": "RollDice"}, "seq": 1}})
>>> seen
[{'type': 'RollDice'}]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import traitlets

from widgets.base import GameWidget, asset


class PlayPanel(GameWidget):
    """Players, legal actions and the event log of one game.

    ``actions`` items: ``{"label", "action" (struct), "group": "main" | "manage",
    "space", "section", "hint"}``; ``players`` items: ``{"name", "colour", "headline", "lines",
    "current", "out", "bot"}``.
    """

    _esm = asset("common.js") + asset("play_panel.js")
    _css = asset("common.css") + asset("play_panel.css")

    title = traitlets.Unicode("").tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    history_note = traitlets.Unicode("").tag(sync=True)
    players = traitlets.List().tag(sync=True)
    actions = traitlets.List().tag(sync=True)
    can_act = traitlets.Bool(True).tag(sync=True)
    waiting = traitlets.Unicode("").tag(sync=True)
    bot_turn = traitlets.Bool(False).tag(sync=True)
    focus = traitlets.Any(None, allow_none=True).tag(sync=True)  # a space index or name
    focus_label = traitlets.Unicode("").tag(sync=True)
    manage_label = traitlets.Unicode("More actions").tag(sync=True)
    manage_open = traitlets.Bool(False).tag(sync=True)
    log = traitlets.List(traitlets.Unicode()).tag(sync=True)
    fresh = traitlets.Int(0).tag(sync=True)

    def __init__(
        self,
        *,
        on_act: Callable[[dict[str, Any]], Any] | None = None,
        on_bot: Callable[[str], Any] | None = None,
        **traits: Any,
    ) -> None:
        super().__init__(**traits)
        self._on_act = on_act
        self._on_bot = on_bot

    def _intent_act(self, intent: dict[str, Any]) -> Any:
        action = intent.get("action")
        if not isinstance(action, dict) or self._on_act is None:
            raise ValueError("no action was given")
        return self._on_act(action)

    def _intent_bot(self, intent: dict[str, Any]) -> Any:
        until = intent.get("until", "step")
        if until not in ("step", "turn", "person") or self._on_bot is None:
            raise ValueError(f"unknown bot request {until!r}")
        return self._on_bot(until)

    def _repr_fields(self) -> dict[str, Any]:
        return {"title": self.title}
