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
from gamekit.alfredopoly import narration
from gamekit.alfredopoly import rules as R
from gamekit.alfredopoly.board import Board
from gamekit.alfredopoly.constants import STATUE
from gamekit.alfredopoly.narration import Reason, legacy_reason
from gamekit.alfredopoly.spec import AlfredopolySpec
from gamekit.alfredopoly.state import GameState
from gamekit.alfredopoly.words import check_lang, waiting_words
from gamekit.core.actions import Action, Outcome
from gamekit.core.dice import DiceRoll
from gamekit.core.events import Words
from gamekit.core.rng import Seed
from widgets.alfredopoly_board import AlfredopolyBoard
from widgets.charts import PLAYER_COLOURS, money_chart, show
from widgets.i18n import words as setup_words
from widgets.session import Session, bot_seats, seat_names
from widgets.table import GameTable, SetupForm
from widgets.trade_form import TradeForm

MAIN = (
    A.RollDice, A.EndTurn, A.BuySpace, A.DeclineBuy, A.PayTax, A.PayJailFine, A.UseGetOutCard,
    A.AcceptTrade, A.RejectTrade, A.PayDebt, A.DeclareBankruptcy, A.Bid, A.PassBid,
    A.KeepMortgage, A.PlaceBuilding,
)  # fmt: skip
SECTIONS = {
    A.BuildSculpture: "section.build",
    A.SellSculpture: "section.sell",
    A.SellAllSculptures: "section.sell",
    A.Mortgage: "section.mortgage",
    A.LiftMortgage: "section.lift",
}
"""The panel's section of each management action (a kind of Alfredopoly's phrasebook)."""


def say(kind: str, lang: str = "en", /, **fields: Any) -> str:
    """The table's words ``kind`` (an entry of Alfredopoly's phrasebook) in ``lang``.

    >>> say("table.worth", "de", worth=1500)
    'Nettovermögen 1.500\xa0$'
    """
    return narration.phrasebook().text(Words(kind, **fields), lang)


def names_words(names: Sequence[str]) -> Any:
    """Names joined as the language joins them ("Ann and Bo", "Ann und Bo")."""
    joined: Any = names[-1] if names else ""
    for name in reversed(names[:-1]):
        joined = Words("table.winners", first=name, rest=joined)
    return joined


def ending_words(termination: str) -> Any:
    """How a game ended (the engine's or the table's English words) in words, where the
    phrasebook has them (``end.<termination>``), else as it is."""
    kind = f"end.{termination}"
    return Words(kind) if kind in narration.phrasebook() else termination


def bot_name(strategy: str, lang: str = "en") -> str:
    """A bot's strategy as its badge says it (a strategy the kit does not know: its name).

    >>> bot_name("builder", "de"), bot_name("builder")
    ('Bauherr', 'builder')
    """
    kind = f"bot.{strategy}"
    return say(kind, lang) if kind in narration.phrasebook() else strategy


def status_line(spec: AlfredopolySpec, state: GameState, lang: str = "en") -> str:
    """What the game waits for, in words (in ``lang``).

    >>> from gamekit.alfredopoly.spec import make_spec
    >>> status_line(make_spec(), R.new_game(make_spec(), ["Ann", "Bo"], seed=1), "de")
    'Runde 1 · Ann: würfeln (vorher nach Belieben tauschen oder Besitz verwalten)'
    """
    outcome = games()["alfredopoly"].outcome(state)
    if outcome is not None:
        winners = names_words([state.players[w].name for w in outcome.winners])
        return say("table.over", lang, why=ending_words(outcome.termination), winners=winners)
    who = state.players[state.actor].name
    doing = waiting_words(spec, state)  # with the high bid, an offer's terms, a Probation try
    return say("table.round", lang, round=state.round, player=who, doing=doing)


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
    spec: AlfredopolySpec,
    state: GameState,
    bots: Mapping[int, str],
    colours: Sequence[str],
    lang: str = "en",
) -> list[dict[str, Any]]:
    """One panel per player: cash, where, what they own, net worth (in ``lang``)."""
    cards = []
    spaces = spec.board.spaces
    for seat, p in enumerate(state.players):
        owned = [i for i, o in enumerate(state.owner) if o == seat]
        # a statue replaces its street's sculptures: count each building once, as the engine does
        sculptures = sum(state.level[i] for i in owned if state.level[i] < STATUE)
        statues = sum(1 for i in owned if state.level[i] == STATUE)
        mortgaged = sum(1 for i in owned if state.mortgaged[i])
        here = spaces[p.position]
        at = "table.in" if p.in_jail else "table.visiting" if here.kind == "jail" else "table.on"
        owns = Words("table.properties", n=len(owned))
        lines = [
            say(at, lang, space=here.name),
            say("table.mortgaged", lang, owned=owns, n=mortgaged)
            if mortgaged
            else say("table.properties", lang, n=len(owned)),
        ]
        if sculptures or statues:
            lines.append(say("table.buildings", lang, sculptures=sculptures, statues=statues))
        if p.cards:
            lines.append(say("table.cards", lang, n=len(p.cards)))
        if not p.bankrupt and worth_hidden(state):
            # rule 7: the player chooses $200 or 10% before counting; without mortgages
            # the figure below is exactly the count the choice must not see
            lines.append(say("table.worth_hidden", lang, space=spaces[state.pending].name))
        elif not p.bankrupt:
            # the round-limit ranking's worth: a mortgaged property at half its price, so
            # taking a mortgage does not make a player look richer (rule 7's worth would)
            worth = R.net_worth(spec, state, seat, ranking=True)
            lines.append(say("table.worth", lang, worth=worth))
        cards.append(
            {
                "name": p.name,
                "colour": colours[seat % len(colours)],
                "headline": say("table.bankrupt", lang)
                if p.bankrupt
                else say("table.cash", lang, cash=p.cash),
                "lines": lines,
                "current": seat == state.actor and state.phase != "over",
                "out": p.bankrupt,
                "bot": bot_name(bots[seat], lang) if seat in bots else None,
            }
        )
    return cards


class AlfredopolyTable(GameTable):
    """A hot-seat game of Alfredopoly: board, player panels, actions, log, history.

    ``players``: a number (2-8) or a list of names. ``bots``: seats (or names) mapped to
    a bot strategy (``"buy_all"``, ``"reserve"``, ``"builder"``, ``"random"``), or a list
    with ``None`` for people. ``seed`` fixes the decks, the dice and the bots. Other
    keywords are rule options of ``AlfredopolySpec`` (``auction=True``, ...). ``lang``:
    the table's language, ``"en"`` (the default) or ``"de"``: status, log, buttons,
    refusals, the setup and trade forms, Save/Load messages and the money chart.

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
        lang: str = "en",
        **rule_options: Any,
    ) -> None:
        self.lang = check_lang(lang)
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
            manage_label=self._say("table.manage"),
            lang=self.lang,  # the panel's own words (prompts, log heading) in the table's language
        )
        self.panel.say_error = self._reason  # refusals in the table's language
        if self.lang != "en":  # "End the game now?" names this game's score
            end_ask = self._say("table.end_ask", score="{score}")
            score = self._say("table.score_name")
            self.panel.words = {**self.panel.words, "end_ask": end_ask, "score_name": score}
        self.panel.add_class("gk-panel-box")
        self.colours = list(PLAYER_COLOURS)
        self._money_rows: dict[int, Any] = {}
        self.board = AlfredopolyBoard(self.spec.board, size=size, projector=projector)
        self.board.observe(self._focus, names="selected")
        # whose dice the board shows, under the dice (the panel's note without its prefix)
        shown = self._t("dice_shown", "Dice shown: {who} rolled {dice}").split("{who}")[0]
        ipw.dlink(
            (self.panel, "dice_note"),
            (self.board, "dice_label"),
            lambda note: note.removeprefix(shown),
        )
        self.trade = TradeForm(self.spec, self.act, self.answer, lang=self.lang)
        self.trades = ipw.Accordion([self.trade], titles=[self._say("table.trade_title")])
        self.trades.selected_index = None
        self.setup = self._setup_form()
        self.setups = ipw.Accordion([self.setup], titles=[self._say("table.setup_title")])
        self.setups.selected_index = None
        self.end_button = ipw.Button(
            description=self._t("end_now", "End the game now"),
            tooltip=self._say("table.end_tip"),
            layout=ipw.Layout(width="auto"),
        )
        self.end_button.on_click(lambda _: self._ask_end())
        self.files.children = (self.end_button, *self.files.children)
        # the lecturer's controls (End the game now, Save, Load, New game) on one line above
        # the board and the panel, in the first screen at 1280x720, as on Alma Mater's table
        self._tools = ipw.Box(
            [self.files, self.setups],
            layout=ipw.Layout(flex_flow="row wrap", align_items="flex-start", grid_gap="8px"),
        )
        self._tools.add_class("gk-table-tools")
        row = ipw.HBox(
            [self.board, self.panel],
            layout=ipw.Layout(align_items="flex-start", flex_flow="row wrap"),
        )
        row.add_class("gk-table-row")
        super().__init__([self._tools, row, self.history, self.trades])
        if projector:
            self.add_class("gk-big-text")  # the panel and controls at 18 px (play_panel.css)
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

        w = self._say
        rules: dict[str, Any] = {
            "auction": ipw.Checkbox(
                value=spec.auction, description=w("setup.auction"), style=wide
            ),
            "free_parking_jackpot": ipw.Checkbox(
                value=spec.free_parking_jackpot, description=w("setup.jackpot"), style=wide,
            ),
            "jail_tries": number(spec.jail_tries, 1, 5, w("setup.jail_tries"), "300px"),
            "jail_fine": number(spec.jail_fine, 0, 1000, w("setup.jail_fine"), "300px"),
            "starting_cash": number(spec.starting_cash, 0, 100_000, w("setup.starting_cash"),
                                    "260px"),
        }  # fmt: skip
        form = SetupForm(
            self._args["players"],
            self._bots,
            list(games()["alfredopoly"].bots()),
            on_start=self._start_from_form,
            rules=rules,
            words={**setup_words(self.lang), **self.panel.words},  # in the table's language
            max_players=8,
        )
        if self.lang != "en":  # the seats not yet in play: "Spieler 3"
            seat = setup_words(self.lang)["setup_player"]
            for n, field in enumerate(form.names, start=1):
                if n > len(self._args["players"]):
                    field.value = seat.format(n=n)
            badge = self.panel.words.get("bot_badge", "Bot")
            for role in form.roles:  # "Bot: Bauherr"; the values stay the strategies' names
                value, strategies = role.value, list(games()["alfredopoly"].bots())
                role.options = [
                    (f"{badge}: {bot_name(v, self.lang)}" if v in strategies else label, v)
                    for label, v in role.options
                ]
                role.value = value
        form.round_limit.value = spec.max_rounds or 0
        return form

    def _start_from_form(
        self, names: list[str], bots: dict[int, str], options: dict[str, Any], minutes: float | None
    ) -> str:
        self.new_game(names, bots=bots, minutes=minutes, **options)
        # the form folds away: the new game's board, status and first decision take the
        # window again (the open form pushed them 400 px down, below a 720 px projector)
        self.setups.selected_index = None
        return self._say("table.new_game", names=", ".join(names))

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
                self._say("table.ask_bankrupt", player=who),
                self._say("table.yes_bankrupt"),
                self._say("table.go_back"),
            )
        if isinstance(action, A.DeclineBuy):
            name = self.spec.board.spaces[action.space].name
            ask = "table.ask_decline.auction" if self.spec.auction else "table.ask_decline"
            return (
                self._say(ask, space=name),
                self._say("table.yes_decline", space=name),
                self._say("table.go_back"),
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

    def _say(self, kind: str, **fields: Any) -> str:
        """The table's words ``kind`` (Alfredopoly's phrasebook) in the table's language."""
        return say(kind, self.lang, **fields)

    def _turn_heading(self, state: Any) -> str | None:
        return self._say(
            "table.turn_heading", round=state.round, player=state.players[state.current].name
        )

    def _reason(self, error: BaseException) -> str:
        """A refusal in the table's language (``str(error)`` when it has no words).

        >>> t = AlfredopolyTable(["Ann", "Bo"], seed=1, lang="de")
        >>> t.act(A.EndTurn()), t.panel.message
        (False, 'zuerst würfeln')
        """
        words = getattr(error, "words", None)
        return str(error) if words is None else narration.phrasebook().text(words, self.lang)

    def _words(self, line: Any) -> str:
        """An event as shown, in the table's language, read from its words (not its English
        text): a move onto the Probation corner says "just visiting" (a player sent there
        "went to" it); a tax paid says what it was (the debt's reason names the space and
        the choice). A line without words (an old history's) stays as it is."""
        words = getattr(line, "words", None)
        if words is None:
            return str(line)
        spaces = self.spec.board.spaces
        if words.kind == "move":
            space = next((s for s in spaces if s.name == words.get("space")), None)
            if space is not None and space.kind == "jail":
                return self._say("table.visiting_note", line=words)
        reason = words.get("reason")
        if isinstance(reason, str):  # a debt's reason as text (an older kit's saved debt)
            found = legacy_reason(reason)
            reason = found.words() if isinstance(found, Reason) else reason
        if words.kind == "debt.tax" and isinstance(reason, Words) and reason.kind == "why.tax":
            space = next((s for s in spaces if s.name == reason.get("space")), None)
            choice = getattr(reason.get("choice"), "kind", None)
            if space is not None and choice in ("tax.percent", "tax.flat"):
                how = (
                    Words("tax.shown.percent", percent=space.tax_percent or 10)
                    if choice == "tax.percent"
                    else Words("tax.shown.flat")
                )
                shown = Words("why.tax", space=space.name, choice=how)
                words = Words(words.kind, **{**words.as_dict(), "reason": shown})
        return narration.phrasebook().text(words, self.lang)

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
            raise narration.phrasebook().refused(Words("table.no_roll"))
        if s.game.is_chance(s.state):
            s.resolve(faces)
        elif A.RollDice() in s.legal():
            s.act(A.RollDice(), outcome=faces)
        else:
            status = Words("table.round", round=s.state.round,
                           player=s.state.players[s.state.actor].name,
                           doing=waiting_words(self.spec, s.state))  # fmt: skip
            raise narration.phrasebook().refused(
                Words("table.no_roll_now", status=status), A.RollDice()
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
                label = self.session.game.describe(state, a, self.lang)
                if isinstance(a, A.RollDice) and state.doubles:
                    # a new label: the class sees the landing
                    label = self._say("button.roll_again")
                actions.append(
                    {
                        "label": label,
                        "action": a.to_struct(),
                        "group": "main" if main else "manage",
                        "space": getattr(a, "space", None),
                        "section": "" if main else self._section(me, a),
                    }
                )
            # management at any time: every other person still in the game may manage too
            for seat, p in enumerate(state.players):
                if seat == state.actor or seat in self._bots or p.bankrupt:
                    continue
                actions.extend(
                    {
                        "label": self.session.game.describe(state, a, self.lang),
                        "action": a.to_struct(),
                        "group": "manage",
                        "space": getattr(a, "space", None),
                        "section": self._section(p.name, a),
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
        status = status_line(spec, state, self.lang)
        if early is not None:
            winners = names_words([state.players[w].name for w in early.winners])
            worth = early.scores[early.winners[0]]
            why = ending_words(early.termination)
            status = self._say("table.over_early", why=why, winners=winners, worth=worth)
            can_trade = False
            self.trades.layout.display = "none"
        self.end_button.disabled = early is not None or self.session.outcome is not None
        self.show_turn(
            status,
            player_cards(spec, state, self._bots, self.colours, self.lang),
            actions,
        )

    def _section(self, who: str, action: Action) -> str:
        """The panel's section of a management button ("Ann: Build")."""
        kind = SECTIONS.get(type(action))
        return self._say("table.section", player=who, section=Words(kind) if kind else "")

    def _label(self, action: Action) -> str:
        return self.session.describe(action, self.lang)

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

        >>> [layer.mark.type for layer in AlfredopolyTable(2, seed=1).money_chart().chart.layer]
        ['line', 'line']
        """

        def build() -> alt.Chart:
            # each turn's last row as it is (``last()`` would take the last value shown
            # instead of a hidden one)
            frame = self.money_frame().groupby(["turn", "player"], sort=False).tail(1)
            return money_chart(frame.reset_index(drop=True), value, x="turn", lang=self.lang)

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
