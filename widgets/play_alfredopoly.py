"""``AlfredopolyTable``: a whole hot-seat game of Alfredopoly in one constructor call.

The board (with tokens, owners, sculptures, dice), a panel per player, the legal actions
of the player to act as buttons, the event log in words and a history slider. Any seat
can be a bot. Every click is checked by the engine; an illegal one is shown as a message
and the game is unchanged.

>>> table = AlfredopolyTable(["Ann", "Bo"], bots={1: "builder"}, seed=7)
>>> table
AlfredopolyTable(players=['Ann', 'Bo'], bots={1: 'builder'}, board='alfred', seed=7)
>>> [a["label"] for a in table.panel.actions]
['Roll the dice']
>>> table.panel.set_state({"intent": {"kind": "act", "action": {"type": "RollDice"}, "seq": 1}})
>>> table.panel.log[0].startswith("Ann rolled")
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import altair as alt
import ipywidgets as ipw
import pandas as pd

from gamekit import games
from gamekit.alfredopoly import actions as A
from gamekit.alfredopoly import rules as R
from gamekit.alfredopoly.board import Board
from gamekit.alfredopoly.constants import STATUE
from gamekit.alfredopoly.spec import AlfredopolySpec
from gamekit.alfredopoly.state import GameState
from gamekit.alfredopoly.words import waiting_for
from gamekit.core.actions import Action
from gamekit.core.dice import DiceRoll
from gamekit.core.errors import IllegalAction
from gamekit.core.rng import Seed
from widgets.alfredopoly_board import AlfredopolyBoard
from widgets.charts import PLAYER_COLOURS, money_chart, show
from widgets.session import Session, bot_seats, seat_names
from widgets.table import GameTable
from widgets.trade_form import TradeForm

MAIN = (
    A.RollDice, A.EndTurn, A.BuySpace, A.DeclineBuy, A.PayTax, A.PayJailFine, A.UseGetOutCard,
    A.AcceptTrade, A.RejectTrade, A.PayDebt, A.DeclareBankruptcy, A.Bid, A.PassBid,
    A.KeepMortgage, A.PlaceBuilding,
)  # fmt: skip
SECTIONS = {
    A.BuildSculpture: "Build",
    A.SellSculpture: "Sell sculptures",
    A.SellAllSculptures: "Sell sculptures",
    A.Mortgage: "Mortgage",
    A.LiftMortgage: "Lift a mortgage",
}


def status_line(spec: AlfredopolySpec, state: GameState) -> str:
    """What the game waits for, in words."""
    outcome = games()["alfredopoly"].outcome(state)
    if outcome is not None:
        winners = " and ".join(state.players[w].name for w in outcome.winners)
        return f"Game over ({outcome.termination}). Winner: {winners}"
    who = state.players[state.actor].name
    doing = waiting_for(spec, state)  # with the high bid, an offer's terms, a Probation try
    return f"Round {state.round} · {who}: {doing}"


def worth_hidden(state: GameState) -> bool:
    """Whether net worth is hidden in ``state``, on the player cards and in the money
    frame and chart: while a player chooses at Alumni Hall (rule 7: $200 or 10%, chosen
    before counting), when the exact figure is the count the choice must not see.

    >>> from gamekit.alfredopoly.spec import make_spec
    >>> worth_hidden(R.new_game(make_spec(), ["Ann", "Bo"], seed=1))
    False
    """
    return state.phase == "tax"


def player_cards(
    spec: AlfredopolySpec, state: GameState, bots: Mapping[int, str], colours: Sequence[str]
) -> list[dict[str, Any]]:
    """One panel per player: cash, where, what they own, net worth."""
    cards = []
    spaces = spec.board.spaces
    for seat, p in enumerate(state.players):
        owned = [i for i, o in enumerate(state.owner) if o == seat]
        # a statue replaces its street's sculptures: count each building once, as the engine does
        sculptures = sum(state.level[i] for i in owned if state.level[i] < STATUE)
        statues = sum(1 for i in owned if state.level[i] == STATUE)
        mortgaged = sum(1 for i in owned if state.mortgaged[i])
        here = spaces[p.position]
        where = (
            f"in {here.name}"
            if p.in_jail
            else f"just visiting {here.name}"
            if here.kind == "jail"
            else f"on {here.name}"
        )
        lines = [
            where,
            f"{len(owned)} propert{'y' if len(owned) == 1 else 'ies'}"
            + (f", {mortgaged} mortgaged" if mortgaged else ""),
        ]
        if sculptures or statues:
            lines.append(f"{sculptures} sculptures, {statues} statues")
        if p.cards:
            lines.append(f"{len(p.cards)} Get out card(s)")
        if not p.bankrupt and worth_hidden(state):
            # rule 7: the player chooses $200 or 10% before counting; without mortgages
            # the figure below is exactly the count the choice must not see
            tax_space = spaces[state.pending].name
            lines.append(f"net worth: hidden until the {tax_space} choice (rule 7)")
        elif not p.bankrupt:
            # the round-limit ranking's worth: a mortgaged property at half its price, so
            # taking a mortgage does not make a player look richer (rule 7's worth would)
            lines.append(f"net worth ${R.net_worth(spec, state, seat, ranking=True):,}")
        cards.append(
            {
                "name": p.name,
                "colour": colours[seat % len(colours)],
                "headline": "bankrupt" if p.bankrupt else f"${p.cash:,}",
                "lines": lines,
                "current": seat == state.actor and state.phase != "over",
                "out": p.bankrupt,
                "bot": bots.get(seat),
            }
        )
    return cards


class AlfredopolyTable(GameTable):
    """A hot-seat game of Alfredopoly: board, player panels, actions, log, history.

    ``players``: a number (2-8) or a list of names. ``bots``: seats (or names) mapped to
    a bot strategy (``"buy_all"``, ``"reserve"``, ``"builder"``, ``"random"``), or a list
    with ``None`` for people. ``seed`` fixes the decks, the dice and the bots. Other
    keywords are rule options of ``AlfredopolySpec`` (``auction=True``, ...).

    The parts are ``table.board`` (:class:`AlfredopolyBoard`), ``table.panel``
    (:class:`PlayPanel`), ``table.history`` (an ``IntSlider``), ``table.trade``
    (:class:`TradeForm`), ``table.files`` (Save / Load) and ``table.session``.
    """

    game = "alfredopoly"

    def __init__(
        self,
        players: int | Sequence[str] = 2,
        *,
        bots: Mapping[int | str, str] | Sequence[str | None] | None = None,
        board: str | Path | Board = "alfred",
        seed: Seed = None,
        size: int = 1000,
        projector: bool = False,
        auto_bots: bool = True,
        **rule_options: Any,
    ) -> None:
        names = seat_names(players, R.NAMES)
        self._bots = bot_seats(bots, names)
        self._args = {"players": names, "bots": self._bots, "board": board, "seed": seed}
        session = Session(
            games()["alfredopoly"],
            names,
            seed=seed,
            bots=self._bots,
            options={"board": board, **rule_options},
        )
        self.spec: AlfredopolySpec = session.state.spec
        self._controls(
            session,
            people=len(self._bots) < len(names),
            auto_bots=auto_bots,
            slider_width="1080px",
            title=self.spec.board.title,
            manage_label="Manage property",
        )
        self.colours = list(PLAYER_COLOURS)
        self._money_rows: dict[int, Any] = {}
        self.board = AlfredopolyBoard(self.spec.board, size=size, projector=projector)
        self.board.observe(self._focus, names="selected")
        # whose dice the board shows, under the dice (the panel's note without its prefix)
        ipw.dlink(
            (self.panel, "dice_note"),
            (self.board, "dice_label"),
            lambda note: note.removeprefix("Dice shown: "),
        )
        self.trade = TradeForm(self.spec, self.act, self.answer)
        self.trades = ipw.Accordion([self.trade], titles=["Propose a trade"])
        self.trades.selected_index = None
        super().__init__(
            [
                ipw.HBox(
                    [self.board, self.panel],
                    layout=ipw.Layout(align_items="flex-start", flex_flow="row wrap"),
                ),
                self.history,
                self.trades,
                self.files,
            ]
        )
        self._start()

    def _focus(self, change: dict[str, Any]) -> None:
        index = change["new"]
        with self.panel.hold_sync():
            self.panel.focus = index
            self.panel.focus_label = (
                "" if index is None else f"{self.spec.board.spaces[index].name}:"
            )

    def roll(self, *values: int) -> None:
        """Stage the next roll, for a teacher demonstrating a rule: ``table.roll(3, 4)``.

        When a roll is due at the position shown (a "Roll the dice" decision, or dice a
        step is waiting for), the roll is made with these faces instead of random ones,
        through the same history as a click: the log, the board and the history slider
        show it as any roll (a branch when the slider went back; bots then act as after a
        click). Only this roll is staged; any dice it leads to (a card that rolls) are
        random. The engine applies the rules (doubles roll again, three doubles go to
        Academic Probation, ...).

        Raises ``ValueError`` unless there are ``spec.dice.count`` whole numbers from 1 to
        ``spec.dice.sides``, and ``IllegalAction`` (with the reason) when no roll is due;
        the game is unchanged in both cases.

        >>> t = AlfredopolyTable(["Ann", "Bo"], seed=5)
        >>> t.roll(3, 4)
        >>> t.state.players[0].position, t.state.last_roll, t.history.value
        (7, (3, 4), 1)
        """
        dice = self.spec.dice
        if len(values) != dice.count or not all(
            isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= dice.sides for v in values
        ):
            raise ValueError(
                f"roll() takes {dice.count} values from 1 to {dice.sides} (the dice are "
                f"{dice}), not {', '.join(map(repr, values)) or 'none'}"
            )
        faces = DiceRoll(tuple(values))
        s = self.session
        if s.outcome is not None:
            raise IllegalAction("no roll is due: the game is over")
        if s.game.is_chance(s.state):
            s.resolve(faces)
        elif A.RollDice() in s.legal():
            s.act(A.RollDice(), outcome=faces)
        else:
            raise IllegalAction(
                f"no roll is due now ({status_line(self.spec, s.state)})",
                A.RollDice(),
            )
        if self.auto_bots and s.bot_to_act():
            s.run_bots()
        self.panel.show_message("")
        self.refresh()

    def refresh(self) -> None:
        """Redraw board, panel and slider from the session's current position."""
        state: GameState = self.session.state
        spec = self.spec
        actions = []
        if self.people_to_act():
            for a in self.session.legal():
                main = isinstance(a, MAIN)
                actions.append(
                    {
                        "label": self.session.game.describe(a, state),
                        "action": a.to_struct(),
                        "group": "main" if main else "manage",
                        "space": getattr(a, "space", None),
                        "section": "" if main else SECTIONS.get(type(a), ""),
                    }
                )
            # management at any time: every other person still in the game may manage too
            for seat, p in enumerate(state.players):
                if seat == state.actor or seat in self._bots or p.bankrupt:
                    continue
                actions.extend(
                    {
                        "label": self.session.game.describe(a, state),
                        "action": a.to_struct(),
                        "group": "manage",
                        "space": getattr(a, "space", None),
                        "section": f"{p.name}: {SECTIONS.get(type(a), '')}",
                    }
                    for a in self.session.game.legal_actions(state, seat)
                )
        states = [
            None if o < 0 else {"owner": o, "sculptures": lv, "mortgaged": m}
            for o, lv, m in zip(state.owner, state.level, state.mortgaged, strict=True)
        ]
        self.board.show_game(
            [
                {
                    "name": p.name,
                    "position": p.position,
                    "in_jail": p.in_jail,
                    "bankrupt": p.bankrupt,
                    "colour": self.colours[i % len(self.colours)],
                }
                for i, p in enumerate(state.players)
            ],
            states,
            current=None if state.phase == "over" else state.actor,
            dice=state.last_roll,
        )
        can_trade = bool(actions) and state.phase == "turn"
        self.trade.show(state, can_trade)
        self.trades.layout.display = "" if can_trade else "none"  # no empty open panel
        if not can_trade:
            self.trades.selected_index = None
        self.show_turn(
            status_line(spec, state),
            player_cards(spec, state, self._bots, self.colours),
            actions,
        )

    def _label(self, action: Action) -> str:
        return self.session.describe(action)

    def _table_facts(self) -> dict[str, Any]:
        return {"players": list(self._args["players"]), "board": self.spec.board.name}

    def money_frame(self) -> pd.DataFrame:
        """Tidy ``move, turn, player, money, net_worth`` for every position up to the one shown;
        ``net_worth`` is missing (``<NA>``) where it is hidden (:func:`worth_hidden`).

        >>> t = AlfredopolyTable(2, seed=1)
        >>> t.money_frame().columns.tolist()
        ['move', 'turn', 'player', 'money', 'net_worth']
        """
        rows = []
        for move, entry in enumerate(self.session.history[: self.session.position + 1]):
            known = self._money_rows.get(id(entry))
            if known is None or known[0] is not entry:  # net worth once per position
                state = entry.state
                hidden = worth_hidden(state)
                known = (
                    entry,
                    [
                        (
                            p.name,
                            p.cash,
                            None
                            if hidden
                            else 0
                            if p.bankrupt
                            else R.net_worth(self.spec, state, seat, ranking=True),
                        )
                        for seat, p in enumerate(state.players)
                    ],
                )
                self._money_rows[id(entry)] = known
            rows.extend((move, entry.state.turn, *row) for row in known[1])
        if len(self._money_rows) > 2 * len(self.session.history) + 64:  # bounded: a load or
            live = {id(e) for e in self.session.history}  # a branch drops old positions
            self._money_rows = {k: v for k, v in self._money_rows.items() if k in live}
        frame = pd.DataFrame(rows, columns=["move", "turn", "player", "money", "net_worth"])
        return frame.astype({"net_worth": "Int64"})

    def money_chart(self, value: str = "money") -> alt.JupyterChart:
        """An offline chart of each player's money (or ``"net_worth"``) that follows the game,
        one point per player and turn (the last position of each turn keeps it small).

        >>> AlfredopolyTable(2, seed=1).money_chart().chart.mark.type
        'line'
        """

        def build() -> alt.Chart:
            # each turn's last row as it is (``last()`` would take the last value shown
            # instead of a hidden one)
            frame = self.money_frame().groupby(["turn", "player"], sort=False).tail(1)
            return money_chart(frame.reset_index(drop=True), value, x="turn")

        chart = show(build())
        self._live.append(lambda: setattr(chart, "chart", build()))
        return chart

    def __repr__(self) -> str:
        a = self._args
        board = a["board"] if isinstance(a["board"], str) else str(a["board"])
        return (
            f"AlfredopolyTable(players={a['players']!r}, bots={a['bots']!r}, "
            f"board={board!r}, seed={a['seed']!r})"
        )
