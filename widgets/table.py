"""``GameTable``: what both play tables share (the panel, the history slider, bots, intents).

A table is a stock ``ipywidgets.VBox`` around a game's board widgets. Each game's table
supplies ``refresh()`` (draw its boards, name its actions), and calls :meth:`show_turn`
to fill the panel; clicks come back through :meth:`act`, and the engine checks them.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as ipw

from gamekit.core.actions import Action
from widgets.play_panel import PlayPanel
from widgets.session import Session

LOG_LINES = 400


class GameTable(ipw.VBox):
    """Base of :class:`~widgets.play_alfredopoly.AlfredopolyTable` and
    :class:`~widgets.play_almamater.AlmaMaterTable`."""

    session: Session
    panel: PlayPanel
    history: ipw.IntSlider

    def _controls(
        self, session: Session, *, people: bool, auto_bots: bool, slider_width: str, **panel: Any
    ) -> None:
        """Create the session's panel and history slider (call before ``super().__init__``)."""
        self.session = session
        self.auto_bots = auto_bots and people  # with no person seated, bots wait for a click
        self._live: list[Any] = []  # updaters of charts that follow the game
        self.panel = PlayPanel(on_act=self._act, on_bot=self._bot, **panel)
        self.history = ipw.IntSlider(
            value=0,
            min=0,
            max=0,
            description="History",
            layout=ipw.Layout(width="100%", max_width=slider_width),
        )
        self.history.observe(self._seek, names="value")

    def _start(self) -> None:
        self.add_class("gk-table")
        if self.auto_bots:
            self.session.run_bots()
        self.refresh()

    def refresh(self) -> None:  # pragma: no cover - each game draws its own
        raise NotImplementedError

    # --- intents from the panel -------------------------------------------------------
    def _act(self, struct: dict[str, Any]) -> str:
        self.session.act_struct(struct)  # IllegalAction -> message, game unchanged
        if self.auto_bots and self.session.bot_to_act():
            self.session.run_bots()
        self.refresh()
        return ""  # what happened is in the log

    def _bot(self, until: str) -> str:
        if until == "step":
            self.session.bot_step()
        else:
            self.session.run_bots(until=until)
        self.refresh()
        return ""

    def act(self, action: Action | dict[str, Any]) -> None:
        """Take an action from Python, exactly as a click would (errors become the message)."""
        struct = action.to_struct() if isinstance(action, Action) else dict(action)
        self.panel.handle_intent({"kind": "act", "action": struct})

    def _seek(self, change: dict[str, Any]) -> None:
        if change["new"] != self.session.position:
            self.session.seek(change["new"])
            self.refresh()

    # --- drawing -----------------------------------------------------------------------
    def show_turn(
        self, status: str, players: list[dict[str, Any]], actions: list[dict[str, Any]]
    ) -> None:
        """Fill the panel (status, player cards, action buttons, log) and the slider."""
        s = self.session
        entries = s.history[: s.position + 1]
        bot_turn = s.bot_to_act()
        people_act = bool(actions) and not bot_turn
        note = ""
        if not s.at_end:
            note = (
                f"Looking back at move {s.position} of {len(s.history) - 1}. "
                "Acting here starts a new branch (later moves are dropped)."
            )
        with self.panel.hold_sync():
            self.panel.status = status
            self.panel.history_note = note
            self.panel.players = players
            self.panel.actions = actions if people_act else []
            self.panel.can_act = people_act
            self.panel.bot_turn = bot_turn
            self.panel.waiting = "a bot is to act" if bot_turn else ""
            self.panel.log = [line for e in entries for line in e.events][-LOG_LINES:]
            self.panel.fresh = len(entries[-1].events)
        with self.history.hold_trait_notifications():
            self.history.max = len(s.history) - 1
            self.history.value = s.position
        for update in self._live:
            update()

    def people_to_act(self) -> bool:
        """Whether a person (not a bot) is to act at the position shown."""
        return bool(self.session.legal()) and not self.session.bot_to_act()

    @property
    def state(self) -> Any:
        """The position shown (an immutable engine state)."""
        return self.session.state
