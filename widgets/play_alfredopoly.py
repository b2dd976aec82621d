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
from gamekit.core.actions import Action, Outcome
from gamekit.core.dice import DiceRoll
from gamekit.core.errors import IllegalAction
from gamekit.core.rng import Seed
from widgets.alfredopoly_board import AlfredopolyBoard
from widgets.charts import PLAYER_COLOURS, money_chart, show
from widgets.session import Session, bot_seats, seat_names
from widgets.table import GameTable, SetupForm
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
        self._rule_options = dict(rule_options)
        self._auto_bots_wanted = auto_bots
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
            title="",  # the board's centre shows the title: the panel starts with the status
            manage_label="Manage property",
        )
        self.panel.add_class("gk-panel-box")
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
        self.setup = self._setup_form()
        self.setups = ipw.Accordion(
            [self.setup], titles=["New game: players, bots, house rules, limits"]
        )
        self.setups.selected_index = None
        self.end_button = ipw.Button(
            description="End the game now",
            tooltip="end the game here, the winner by net worth (asks first)",
            layout=ipw.Layout(width="auto"),
        )
        self.end_button.on_click(lambda _: self._ask_end())
        self.files.children = (*self.files.children, self.end_button)
        row = ipw.HBox(
            [self.board, self.panel],
            layout=ipw.Layout(align_items="flex-start", flex_flow="row wrap"),
        )
        row.add_class("gk-table-row")
        super().__init__([row, self.history, self.trades, self.files, self.setups])
        self._start()

    def _setup_form(self) -> SetupForm:
        """The "New game" form: players and bots, house rules, a round or time limit."""
        spec = self.spec
        wide = {"description_width": "initial"}

        def number(value: int, low: int, high: int, words: str, width: str) -> ipw.BoundedIntText:
            box = ipw.Layout(width=width)
            return ipw.BoundedIntText(
                value=value, min=low, max=high, description=words, style=wide, layout=box
            )

        rules: dict[str, Any] = {
            "auction": ipw.Checkbox(
                value=spec.auction, description="Auction a space nobody buys", style=wide
            ),
            "free_parking_jackpot": ipw.Checkbox(
                value=spec.free_parking_jackpot,
                description="Jackpot: taxes and fines go to the free corner",
                style=wide,
            ),
            "jail_tries": number(spec.jail_tries, 1, 5, "Tries for a double in Probation", "300px"),
            "jail_fine": number(spec.jail_fine, 0, 1000, "Fine to leave Probation ($)", "300px"),
            "starting_cash": number(spec.starting_cash, 0, 100_000, "Starting cash ($)", "260px"),
        }  # fmt: skip
        form = SetupForm(
            self._args["players"],
            self._bots,
            list(games()["alfredopoly"].bots()),
            on_start=self._start_from_form,
            rules=rules,
            max_players=8,
        )
        form.round_limit.value = spec.max_rounds or 0
        return form

    def _start_from_form(
        self, names: list[str], bots: dict[int, str], options: dict[str, Any], minutes: float | None
    ) -> str:
        self.new_game(names, bots=bots, minutes=minutes, **options)
        return f"A new game: {', '.join(names)}."

    def new_game(
        self,
        players: int | Sequence[str],
        *,
        bots: Mapping[int | str, str] | Sequence[str | None] | None = None,
        seed: Seed = None,
        minutes: float | None = None,
        **rule_options: Any,
    ) -> None:
        """Start a new game at this table (the setup form's button): other players, bots,
        rule options of ``AlfredopolySpec`` (``auction=True``, ``max_rounds=20``, ...) and
        an optional time limit in ``minutes`` (:meth:`set_time_limit`). The board stays.
        A bad name or option raises ``ValueError`` and the game in play is kept.

        >>> t = AlfredopolyTable(["Ann", "Bo"], seed=1)
        >>> t.new_game(["Ann", "Bo", "Cy"], bots={"Cy": "random"}, max_rounds=10, seed=2)
        >>> len(t.state.players), t.spec.max_rounds, t.session.history[1:]
        (3, 10, [])
        """
        names = seat_names(players, R.NAMES)
        seats = bot_seats(bots, names)
        board = self._args["board"]
        session = Session(
            games()["alfredopoly"],
            names,
            seed=seed,
            bots=seats,
            options={"board": board, **rule_options},
        )  # ValueError: the game in play is kept
        self._bots = seats
        self._args = {"players": names, "bots": seats, "board": board, "seed": seed}
        self._rule_options = dict(rule_options)
        self.session = session
        self.spec = session.state.spec
        self.trade._spec = self.spec
        self._money_rows = {}
        self._pending = None
        self._ended_early = None
        self.set_time_limit(minutes)
        people = len(seats) < len(names)
        self.auto_bots = self._auto_bots_wanted and people
        self.panel.show_step_toggle = self.auto_bots
        self.panel.confirm = ""
        self.panel.show_message("")
        if self._autoplay():
            self.session.run_bots()
        self.refresh()

    def _ask_first(self, action: Action) -> tuple[str, str, str] | None:
        """Declare bankruptcy and Don't buy cannot be taken back in one click: ask first."""
        state: GameState = self.session.state
        if isinstance(action, A.DeclareBankruptcy):
            who = state.players[state.actor].name
            return (
                f"{who}: declare bankruptcy? {who} leaves the game and gives up everything.",
                "Yes, declare bankruptcy",
                "No, go back",
            )
        if isinstance(action, A.DeclineBuy):
            name = self.spec.board.spaces[action.space].name
            after = " (it goes to auction)" if self.spec.auction else ""
            return (
                f"Don't buy {name}{after}? It stays unsold this time.",
                f"Yes, don't buy {name}",
                "No, go back",
            )
        return None

    def _score_now(self, why: str) -> Outcome:
        """The outcome by net worth now (the round limit's ranking: mortgaged property at
        half price), bankrupt players last."""
        state: GameState = self.session.state
        scores = tuple(
            0 if p.bankrupt else R.net_worth(self.spec, state, i, ranking=True)
            for i, p in enumerate(state.players)
        )
        active = sorted(state.active, key=lambda i: (-scores[i], i))
        ranking = (*active, *reversed(state.out_order))
        best = scores[active[0]]
        winners = tuple(i for i in active if scores[i] == best)
        return Outcome(why, winners, tuple(ranking), scores)

    def _turn_heading(self, state: Any) -> str | None:
        return f"Round {state.round} · {state.players[state.current].name}"

    def _words(self, line: Any) -> str:
        """An event as shown, read from its words (not its English text): a move onto
        the Probation corner says "just visiting" (a player sent there "went to" it); a
        tax paid says what it was (the debt's reason names the space and the choice)."""
        text = str(line)
        words = getattr(line, "words", None)
        if words is None:
            return text
        spaces = self.spec.board.spaces
        if words.kind == "move":
            space = next((s for s in spaces if s.name == words.get("space")), None)
            if space is not None and space.kind == "jail":
                return f"{text} (just visiting)"
        reason = words.get("reason")
        if getattr(line, "kind", None) == "tax" and isinstance(reason, str):
            place, _, choice = reason.removeprefix("for ").rpartition(" (")
            space = next((s for s in spaces if s.name == place), None)
            if space is not None and choice == "percent)":
                percent = space.tax_percent or 10
                return text.removesuffix(" (percent)") + f" ({percent}% of net worth)"
            if space is not None and choice == "flat)":
                return text.removesuffix(" (flat)") + " (the flat amount)"
        return text

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
        self._check_deadline()
        self.panel.show_message("")
        self.refresh()

    def refresh(self) -> None:
        """Redraw board, panel and slider from the session's current position."""
        state: GameState = self.session.state
        spec = self.spec
        actions = []
        if self.people_to_act():
            me = state.players[state.actor].name
            for a in self.session.legal():
                main = isinstance(a, MAIN)
                label = self.session.game.describe(state, a)
                if isinstance(a, A.RollDice) and state.doubles:
                    label = "Roll again (a double)"  # a new label: the class sees the landing
                actions.append(
                    {
                        "label": label,
                        "action": a.to_struct(),
                        "group": "main" if main else "manage",
                        "space": getattr(a, "space", None),
                        "section": "" if main else f"{me}: {SECTIONS.get(type(a), '')}",
                    }
                )
            # management at any time: every other person still in the game may manage too
            for seat, p in enumerate(state.players):
                if seat == state.actor or seat in self._bots or p.bankrupt:
                    continue
                actions.extend(
                    {
                        "label": self.session.game.describe(state, a),
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
        early = self.early_outcome()
        status = status_line(spec, state)
        if early is not None:
            winners = " and ".join(state.players[w].name for w in early.winners)
            worth = early.scores[early.winners[0]]
            status = f"Game over ({early.termination}). Winner by net worth: {winners} (${worth:,})"
            can_trade = False
            self.trades.layout.display = "none"
        self.end_button.disabled = early is not None or self.session.outcome is not None
        self.show_turn(
            status,
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
