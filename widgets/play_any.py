"""A play table for ANY game of :func:`gamekit.games`, from the ``Game`` protocol alone.

The kit's two games have tables of their own (boards, trade forms, score charts); a game
that brings nothing but its rules still gets a table that a class can play: one button per
legal action in the game's words (``describe``), bots in any seat, the history slider,
"Undo my last decision", Save and Load, and the state's picture (its registered SVG view,
``gamekit.core.views``; else its HTML or text view) beside the panel. The log is the
steps' events.

>>> from widgets.play_any import play
>>> table = play("alfredopoly", ["Ann", "Bo"], seed=1)
>>> [a["label"] for a in table.panel.actions]
['Roll the dice']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

import ipywidgets as ipw

from gamekit import games
from gamekit.core import views
from gamekit.core.rng import Seed
from widgets.session import Session, bot_seats, seat_names
from widgets.table import GameTable

__all__ = ["AnyGameTable", "play"]

_DEFAULT_NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")


class AnyGameTable(GameTable):
    """The generic table of game ``name`` (see the module docstring).

    ``players`` is a count or the names, ``bots`` maps seats (or names) to a strategy of
    the game's ``bots()``, ``options`` go to the game's ``new_game``.
    """

    def __init__(
        self,
        name: str,
        players: int | Sequence[str] = 2,
        *,
        bots: Mapping[int | str, str] | Sequence[str | None] | None = None,
        seed: Seed = None,
        lang: str = "en",
        **options: Any,
    ) -> None:
        found = games()
        if name not in found:
            raise ValueError(f"no game {name!r}; the kit has: {', '.join(sorted(found))}")
        self.game = name
        self.lang = lang
        self.names = seat_names(players, _DEFAULT_NAMES)
        self._bots = bot_seats(bots, self.names)
        self._seed = seed
        session = Session(found[name], self.names, seed=seed, bots=self._bots, options=options)
        self._controls(
            session,
            people=len(self._bots) < len(self.names),
            auto_bots=True,
            slider_width="900px",
            title=name.capitalize(),
            lang=lang,
            layout=ipw.Layout(min_width="300px", max_width="460px"),
        )
        self.picture = ipw.HTML(layout=ipw.Layout(flex="1 1 auto", overflow="auto"))
        main = ipw.HBox([self.picture, self.panel], layout=ipw.Layout(align_items="flex-start"))
        super().__init__([main, self.history, self.files])
        self._start()

    def refresh(self) -> None:
        """Draw the position shown: its picture, the players, and a button per action."""
        s = self.session
        state, game = s.state, s.game
        self.picture.value = _picture(state)
        actions = [
            {"label": s.describe(a, self.lang), "action": game.action_to_struct(a), "group": "main"}
            for a in (s.legal() if self.people_to_act() else [])
        ]
        outcome = game.outcome(state)
        scores = outcome.scores if outcome is not None else ()
        cards = [
            {
                "name": who,
                "colour": "#555555",
                "headline": f"score {scores[seat]}" if seat < len(scores) else "",
                "lines": [],
                "current": seat == game.current_player(state),
                "out": False,
                "bot": self._bots.get(seat),
            }
            for seat, who in enumerate(self.names)
        ]
        self.show_turn(self._status(state, outcome), cards, actions)

    def _status(self, state: Any, outcome: Any) -> str:
        game = self.session.game
        if outcome is not None:
            won = ", ".join(self.names[w] for w in outcome.winners)
            return f"The game is over ({outcome.termination}): {won} won."
        seat = game.current_player(state)
        if seat is None:
            return "Chance moves next."
        return f"{self.names[seat]} to act."

    def _seat_name(self, state: Any, seat: int) -> str:
        return self.names[seat]

    def _seat_names(self, state: Any) -> list[str]:
        return list(self.names)

    def __repr__(self) -> str:
        return f"AnyGameTable({self.game!r}, players={self.names!r}, bots={self._bots!r})"


def play(
    name: str,
    players: int | Sequence[str] = 2,
    *,
    bots: Mapping[int | str, str] | Sequence[str | None] | None = None,
    seed: Seed = None,
    **options: Any,
) -> AnyGameTable:
    """A table to play game ``name`` in a notebook (any game of :func:`gamekit.games`).

    >>> play("almamater", 2, bots={1: "scholar"}, seed=3).names
    ['Ann', 'Bo']
    """
    return AnyGameTable(name, players, bots=bots, seed=seed, **options)


def _picture(state: Any) -> str:
    """The state's SVG view, else its HTML view, else its text (escaped)."""
    return views.svg(state) or views.html(state) or f"<pre>{escape(views.text(state))}</pre>"
