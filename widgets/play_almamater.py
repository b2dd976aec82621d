"""``AlmaMaterTable``: a whole hot-seat game of Alma Mater in one constructor call.

The shared board, each player's university, the legal actions of the player to move
(in the action phase: pick a space, on the board or in the compact list, then one of its
options), the event log in words (players by name) and a history slider. Any seat can be
a bot. Every click is checked by the engine; an illegal one is a message and changes
nothing.

>>> table = AlmaMaterTable(["Ann", "Bo"], bots={1: "greedy"}, seed=4)
>>> table
AlmaMaterTable(players=['Ann', 'Bo'], bots={1: 'greedy'}, seed=4)
>>> table.panel.actions[0]["label"]
'Keep F01 (white 1): 1 ducat'
>>> table.panel.actions[0]["hint"]
'Keep founding card F01 (white number 1: 1 ducat) and pass the rest'
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping, Sequence
from typing import Any

import altair as alt
import ipywidgets as ipw
import pandas as pd

from gamekit import games
from gamekit.almamater import actions as A
from gamekit.almamater import rules as R
from gamekit.almamater.phrases import PHRASES
from gamekit.almamater.rules import action_space
from gamekit.almamater.scoring import DURING_PLAY
from gamekit.almamater.spec import AlmaMaterSpec, make_spec
from gamekit.almamater.state import GameState, PlayerState
from gamekit.almamater.words import books as book_words
from gamekit.almamater.words import button_words, own_textbooks
from gamekit.core.actions import Action, Outcome, ScoreLine
from gamekit.core.events import Phrasebook, Words
from gamekit.core.rng import Seed
from widgets.almamater_board import AlmaMaterBoard, UniversityTableau
from widgets.almamater_view import COLOUR_HEX
from widgets.charts import score_breakdown_chart, show
from widgets.i18n import bot_name, phase_words, score_rule, space_name, words
from widgets.session import MAX_BOT_STEPS, Entry, Session, bot_seats, seat_names
from widgets.table import GameTable, SetupForm

NAMES = ("Ann", "Bo", "Cy", "Di")
MAIN = (A.Pass, A.DraftKeep, A.DiscardFounding, A.ChooseChancellor, *A.DECISIONS)


def placements_this_round(
    spec: AlmaMaterSpec, entries: Sequence[Entry]
) -> list[tuple[str, int, int]]:
    """``(space, seat, masters)`` placed in the round of the last entry, in order (masters
    return to their owners when a round ends, so earlier rounds do not count)."""
    now = entries[-1].state.round
    out: list[tuple[str, int, int]] = []
    for before, entry in itertools.pairwise(entries):
        action = entry.action
        if before.state.round != now or entry.seat is None or action is None:
            continue
        space = action_space(spec, action)
        if space is not None and hasattr(action, "masters"):
            out.append(
                (space, entry.seat, 1 if getattr(action, "pereira", False) else action.masters)
            )
    return out


def named_phrasebook(names: Mapping[str, str]) -> Phrasebook:
    """Alma Mater's phrasebook with the players' names for their colours (``{"red":
    "Ann"}``) in every language: a table's log and reasons name the players.

    >>> from gamekit.core.events import Words
    >>> book = named_phrasebook({"red": "Ann {1}"})
    >>> book.text(Words("pass", player=Words("seat.red")), "de")
    'Ann {1} passt'
    """
    entries: dict[str, Any] = {kind: dict(entry) for kind, entry in PHRASES.items()}
    for colour, name in names.items():
        plain = name.replace("{", "{{").replace("}", "}}")  # a name is text, not a template
        entries[f"seat.{colour}"] = {"en": plain, "de": plain}
    return Phrasebook(entries, source=PHRASES.source)


def check_round_limit(max_rounds: object) -> None:
    """Refuse a round limit that is not ``None`` or a whole number >= 0 (``ValueError``).

    >>> check_round_limit(4)
    >>> check_round_limit(-1)
    Traceback (most recent call last):
    ...
    ValueError: max_rounds must be a whole number >= 0, not -1
    """
    ok = isinstance(max_rounds, int) and not isinstance(max_rounds, bool) and max_rounds >= 0
    if max_rounds is not None and not ok:
        raise ValueError(f"max_rounds must be a whole number >= 0, not {max_rounds!r}")


class AlmaMaterTable(GameTable):
    """A hot-seat game of Alma Mater: board, universities, actions, log, history.

    ``players``: 2-4 names (or a number). ``bots``: seats (or names) mapped to
    ``"greedy"``, ``"scholar"``, ``"dean"`` or ``"random"``, or a list with ``None`` for
    people. ``seed`` fixes the setup and the bots. ``data``: a folder of component files
    to use instead of the kit defaults. ``max_rounds``: the game ends when that round is
    over, the winner by the score so far (``None``, or the game's own rounds: the whole
    game); the "New game" form shows it.

    >>> AlmaMaterTable(["Ann", "Bo"], seed=1, max_rounds=3).setup.round_limit.value
    3
    >>> AlmaMaterTable(["Ann", "Bo"], seed=1).setup.round_limit.value  # the whole game
    6
    """

    game = "almamater"

    def __init__(
        self,
        players: int | Sequence[str] = 2,
        *,
        bots: Mapping[int | str, str] | Sequence[str | None] | None = None,
        seed: Seed = None,
        data: Any = None,
        width: int = 1200,
        auto_bots: bool = True,
        lang: str = "en",
        projector: bool = False,
        max_rounds: int | None = None,
    ) -> None:
        names = seat_names(players, NAMES)
        check_round_limit(max_rounds)
        self.lang = lang
        self._w = words(lang)  # the table's words in its language (raises for an unknown one)
        self._players(names, data)
        self._bots = bot_seats(bots, names)
        self._seed = seed
        self._data, self._width, self._projector = data, width, projector
        self._auto_bots_wanted = auto_bots
        self._max_rounds: int | None = None  # a round limit (the setup form's)
        session = Session(
            games()["almamater"], names, seed=seed, bots=self._bots, options={"data": data}
        )
        self.spec: AlmaMaterSpec = session.state.spec
        spec = self.spec
        rounds = session.state.rounds
        self._max_rounds = max_rounds if max_rounds and max_rounds < rounds else None
        self._controls(
            session,
            people=len(self._bots) < len(names),
            auto_bots=auto_bots,
            slider_width="1400px",
            title="Alma Mater",
            manage_label=self._w["manage_label"],
            lang=lang,  # the panel's own words (prompts, log heading) in the table's language
            manage_open=True,
            pick_first=True,
            layout=ipw.Layout(min_width="300px"),
        )
        self._boards(spec)
        self.panel.observe(self._picked, names="focus")
        self.panel.say_error = self._reason  # refusals in the table's language, by name
        universities = ipw.GridBox(
            self.tableaus,
            layout=ipw.Layout(
                grid_template_columns="repeat(auto-fill, minmax(min(100%, 420px), 1fr))",
                grid_gap="8px",
            ),
        )
        # a grid, not a wrapping row: the panel stays beside the board, which takes the room
        # that is left (up to `width`); a table too narrow for both puts the panel first,
        # above a board as wide as the table (almamater.css: a container query on its width)
        # the board's column: the lecturer's controls (End the game now, New game, Save,
        # Load; added below) above the board, in view at 1280x720 beside the panel (they
        # were under the board and the universities, 2,000 px down)
        self._left = ipw.VBox([self.board], layout=ipw.Layout(min_width="0"))
        self._left.add_class("gk-am-left")
        main = ipw.GridBox(
            [self._left, self.panel],
            layout=ipw.Layout(
                grid_template_columns=f"minmax(0, {width}px) minmax(320px, min(460px, 36%))",
                grid_gap="8px",
                align_items="flex-start",
            ),
        )
        main.add_class("gk-am-main")
        self.panel.add_class("gk-am-panel")
        self._main, self._universities = main, universities
        # "End the game now?" names this game's score (the shared question's {score})
        self.panel.words = {**self.panel.words, "score_name": self._w["score_name"]}
        # a new game (players, bots, a round or time limit) and "End the game now": the
        # shared table's setup form and ending (widgets/table.py), the winner by the score
        # so far (rules.outcome_now)
        self.setup = self._setup_form()
        self.setups = ipw.Accordion([self.setup], titles=[self._w["setup_title"]])
        self.setups.selected_index = None
        self.end_button = ipw.Button(
            description=self._w["end_now"],
            tooltip=self._w["end_now_tip"],
            layout=ipw.Layout(width="auto"),
        )
        self.end_button.on_click(lambda _: self._ask_end())
        self.files.children = (self.end_button, *self.files.children)
        self._tools = ipw.VBox([self.files, self.setups])
        self._tools.add_class("gk-am-tools")
        self._left.children = (self._tools, self.board)
        super().__init__([main, self.history, universities])
        self.add_class("gk-am-table")  # the panel's layout for this game (almamater.css)
        if projector:
            self.add_class("gk-am-projector")  # 18 px text: the board needs more room
            self.add_class("gk-big-text")  # the panel and controls at 18 px (play_panel.css)
        self._start()

    def _players(self, names: list[str], data: Any) -> None:
        """The seats' names, and how the engine's colour words become them."""
        self.names = names
        colours = make_spec(len(names), data).colours
        # the engine narrates by colour ("Green hires ..."); the table says names everywhere
        self.labels = list(names)
        self._colour_words = re.compile(
            r"\b(" + "|".join(re.escape(c.capitalize()) for c in colours) + r")\b"
        )
        self._by_colour = {c.capitalize(): n for n, c in zip(names, colours, strict=True)}
        self._book = named_phrasebook(dict(zip(colours, names, strict=True)))
        self._said: dict[str, Words] = {}  # a log line's English text -> its words

    def _boards(self, spec: AlmaMaterSpec) -> None:
        """The shared board and one university per seat for the game in play."""
        start = self.session.state
        self.board = AlmaMaterBoard(
            spec, start, names=self.labels, width=self._width, lang=self.lang,
            projector=self._projector,
        )  # fmt: skip
        self.board.layout = ipw.Layout(max_width=f"{self._width}px")
        self.tableaus = [
            UniversityTableau(
                spec, start, seat=s, names=self.labels, lang=self.lang, projector=self._projector
            )
            for s in range(len(self.names))
        ]
        self.board.observe(self._focus, names="selected")

    def _setup_form(self) -> SetupForm:
        """The "New game" form: 2-4 players, which are bots, a round or time limit."""
        form = SetupForm(
            self.names,
            self._bots,
            list(games()["almamater"].bots()),
            on_start=self._start_from_form,
            words={**self.panel.words, **self._w},
            min_players=2,
            max_players=len(NAMES),
        )
        form.round_limit.max = self.state.rounds
        # the limit in play (the constructor's), else the game's own rounds: a lecturer sees
        # how long the game is and may shorten it
        form.round_limit.value = self._max_rounds or self.state.rounds
        # the bots' strategies and the names of the seats not yet in play in the table's
        # language ("Bot: Gelehrter", "Spieler 3"); the values stay the strategies' names
        badge = self.panel.words.get("bot_badge", "Bot")
        for role in form.roles:
            value = role.value
            role.options = [
                (label if v not in self._strategies() else f"{badge}: {bot_name(v, self.lang)}", v)
                for label, v in role.options
            ]
            role.value = value
        for n, field in enumerate(form.names[len(self.names) :], start=len(self.names) + 1):
            field.value = self._w["setup_player"].format(n=n)
        return form

    @staticmethod
    def _strategies() -> list[str]:
        return list(games()["almamater"].bots())

    def _start_from_form(
        self, names: list[str], bots: dict[int, str], options: dict[str, Any], minutes: float | None
    ) -> str:
        try:
            self.new_game(names, bots=bots, minutes=minutes, max_rounds=options.get("max_rounds"))
        except ValueError as exc:  # a bad name: said in the table's language
            raise ValueError(self._reason(exc)) from None
        self.setups.selected_index = None  # the form folds away: the new game in the window
        return self._w["new_game_note"].format(names=", ".join(names))

    def new_game(
        self,
        players: int | Sequence[str],
        *,
        bots: Mapping[int | str, str] | Sequence[str | None] | None = None,
        seed: Seed = None,
        minutes: float | None = None,
        max_rounds: int | None = None,
    ) -> None:
        """Start a new game at this table (the setup form's button): 2-4 players, bots, a
        round limit (``max_rounds``: the game ends when that round is over, the winner by
        the score so far) and a time limit in ``minutes``. A bad name or number raises
        ``ValueError`` and the game in play is kept.

        >>> t = AlmaMaterTable(["Ann", "Bo"], seed=1)
        >>> t.new_game(["Ann", "Bo", "Cy"], bots={"Cy": "dean"}, max_rounds=1, seed=2)
        >>> len(t.state.players), len(t.tableaus), t.session.history[1:]
        (3, 3, [])
        """
        names = seat_names(players, NAMES)
        seats = bot_seats(bots, names)
        rounds = self.state.rounds
        check_round_limit(max_rounds)
        session = Session(
            games()["almamater"], names, seed=seed, bots=seats, options={"data": self._data}
        )  # ValueError: the game in play is kept
        self.set_time_limit(minutes)
        self._players(names, self._data)
        self._bots, self._seed = seats, seed
        self._max_rounds = max_rounds if max_rounds and max_rounds < rounds else None
        self.session = session
        self.spec = session.state.spec
        self._boards(self.spec)
        self._left.children = (self._tools, self.board)
        self._universities.children = tuple(self.tableaus)
        self._pending = None
        self._ended_early = None
        self.auto_bots = self._auto_bots_wanted and len(seats) < len(names)
        self.panel.show_step_toggle = self.auto_bots
        self.panel.confirm = ""
        self.panel.show_message("")
        if self._autoplay():
            self._play_bots()
        self.refresh()

    def _past_limit(self) -> bool:
        """Whether the round limit's last round is over (its income paid)."""
        state = self.session.state
        # the round marker moves at administration step 6, before the income: the limit's
        # last round is over when the next round's action phase begins
        return (
            self._max_rounds is not None
            and state.round > self._max_rounds
            and state.phase == "action"
            and not state.pending
        )

    def _play_bots(self, until: str = "person") -> str:
        """As the shared table's, but bots stop where a round limit ends the game."""
        if self._max_rounds is None:
            return super()._play_bots(until)
        start, steps = self.session.actor(), 0
        while self.session.bot_to_act() and steps < MAX_BOT_STEPS and not self._past_limit():
            self.session.bot_step()
            steps += 1
            if until == "turn" and self.session.actor() != start:
                break
        return ""

    def _score_now(self, why: str) -> Outcome:
        """The outcome if the game ended now: the final scoring at this position, ranked as
        at the end (the engine's ``outcome_now``)."""
        return R.outcome_now(self.spec, self.session.state, why)

    def _seat_name(self, state: Any, seat: int) -> str:
        return self.labels[seat]

    def _outcome(self) -> Outcome | None:
        """How the game ended: at the end of its last round, or early (a round or time
        limit, "End the game now"); ``None`` while it runs."""
        s = self.session
        if self._past_limit() and self._ended_early is None and s.at_end and s.outcome is None:
            self._ended_early = (s.position, self._w["round_limit"])
        return s.outcome or self.early_outcome()

    def _focus(self, change: dict[str, Any]) -> None:
        space = change["new"]
        with self.panel.hold_sync():
            self.panel.focus = space
            self.panel.focus_label = "" if space is None else f"{space_name(space, self.lang)}:"

    def _picked(self, change: dict[str, Any]) -> None:
        """A space picked in the panel's list is selected on the board too."""
        space = change["new"]
        if isinstance(space, str) and space in self.spec.spaces and self.board.selected != space:
            self.board.selected = space

    def _words(self, line: Any) -> str:
        """A log line in the table's language, players by name: the event's words put into
        words by the phrasebook (``"Blue chooses Pereira (...)"`` -> ``"Bo chooses Pereira
        (...)"``, German ``"Bo wählt Pereira (...)"``); a line without words (none of the
        engine's) only gets the names.

        >>> t = AlmaMaterTable(["Ann", "Bo"], seed=4, lang="de")
        >>> _ = t.act(t.panel.actions[0]["action"])
        >>> t.panel.log[-1]
        'Ann behält eine Gründungskarte'
        """
        words = getattr(line, "words", None) or self._said.get(str(line))
        if words is None:
            return self._colour_words.sub(lambda m: self._by_colour[m.group(1)], str(line))
        return self._book.text(words, self.lang)

    def _reason(self, error: BaseException) -> str:
        """A refusal in the table's language, players by name (``str(error)`` when the error
        has no words).

        >>> from gamekit.almamater.actions import Park
        >>> t = AlmaMaterTable(["Ann", "Bo"], seed=4, lang="de")
        >>> _ = t.act(Park(1, 1))
        >>> t.panel.message.endswith("ist in der Phase Auswahl nicht erlaubt")
        True
        """
        words = getattr(error, "words", None)
        return str(error) if words is None else self._book.text(words, self.lang)

    def show_turn(
        self, status: str, players: list[dict[str, Any]], actions: list[dict[str, Any]]
    ) -> None:
        """As the shared table shows a turn, with each log line's words at hand (the
        session keeps the events as records beside their English text)."""
        self._said = {
            str(record): record.words
            for entry in self.session.history
            for record in getattr(entry, "records", ())
            if getattr(record, "words", None) is not None
        }
        super().show_turn(status, players, actions)

    @staticmethod
    def _group(action: Action, legal: Sequence[Action]) -> str:
        """Where the panel draws an action: passing, when there is anything else to do,
        is a small secondary button after the real choices ("later"), never the first or
        filled one, and a click on it asks first (:meth:`_ask_first`)."""
        if isinstance(action, A.Pass) and len(legal) > 1:
            return "later"
        return "main" if isinstance(action, MAIN) else "manage"

    def _label(self, action: Action) -> str:
        """An action as its button says it, in the table's language."""
        return self._button(action)[0]

    def _button(self, action: Action) -> tuple[str, str]:
        """A button's words and its tooltip: the short words (the board shows the cards,
        the status line what the decision is) and the whole description, players by name;
        the tooltip is empty when the two are the same.

        >>> t = AlmaMaterTable(["Ann", "Bo"], seed=4)
        >>> label, hint = t._button(t.session.legal()[0])
        >>> label
        'Keep F01 (white 1): 1 ducat'
        >>> hint
        'Keep founding card F01 (white number 1: 1 ducat) and pass the rest'
        """
        state = self.session.state
        short, full = (
            self._colour_words.sub(lambda m: self._by_colour[m.group(1)], text)
            for text in (
                button_words(self.spec, state, action, self.lang),
                self.session.describe(action, self.lang),
            )
        )
        short, full = short[:1].upper() + short[1:], full[:1].upper() + full[1:]
        return short, "" if full == short else full

    def _ask_first(self, action: Action) -> tuple[str, str, str] | None:
        """A click on "Pass for the rest of the round" asks first (passing cannot be taken
        back in the round), unless passing is all the player can do.

        >>> t = AlmaMaterTable(["Ann", "Bo"], seed=3)
        >>> while t.state.phase != "action":
        ...     _ = t.act(t.panel.actions[0]["action"])
        >>> passing = next(a["action"] for a in t.panel.actions if a["group"] == "later")
        >>> seat = t.state.current
        >>> t.panel.handle_intent({"kind": "act", "action": passing, "view": t.panel.view})
        True
        >>> t.panel.confirm_yes, t.state.players[seat].passed
        ('Yes, pass for the rest of the round', False)
        >>> t.panel.handle_intent({"kind": "confirm", "yes": True, "view": t.panel.view})
        True
        >>> t.panel.confirm, t.state.players[seat].passed
        ('', True)
        """
        if not isinstance(action, A.Pass) or len(self.session.legal()) <= 1:
            return None
        seat = self.state.current
        who = self.labels[seat] if seat is not None else ""
        return (
            self._w["pass_question"].format(who=who),
            self._w["pass_yes"],
            self._w["pass_no"],
        )

    def _table_facts(self) -> dict[str, Any]:
        return {"players": list(self.names)}

    def _status(self, state: GameState) -> str:
        outcome = self._outcome()
        if outcome is not None:
            winners = f" {self._w['and']} ".join(self.labels[w] for w in outcome.winners)
            scores = ", ".join(f"{self.labels[s]} {outcome.scores[s]}" for s in outcome.ranking)
            if self.session.outcome is None:  # ended early: by the score so far
                return self._w["game_over_early"].format(
                    why=outcome.termination, winners=winners, scores=scores
                )
            return self._w["game_over"].format(winners=winners, scores=scores)
        seat = state.current
        who = self.labels[seat] if seat is not None else ""
        when = self._w["round_now"].format(n=state.round) if state.round else self._w["setup"]
        # a waiting decision (where new textbooks go, which book to return) comes first
        asks = state.pending[0][0] if state.pending else state.phase
        return f"{when} · {who}: {phase_words(asks, self.lang)}"

    def refresh(self) -> None:
        """Redraw everything from the session's current position."""
        s = self.session
        state: GameState = s.state
        spec = self.spec
        actions = []
        if self.people_to_act():
            legal = s.legal()
            for a in legal:
                space = action_space(spec, a)
                if isinstance(a, A.GiveLecture):
                    section = self._w["lectures"]
                elif space == "starting_student":
                    section = self._w["own_student"]
                else:
                    section = space_name(space, self.lang) if space else ""
                label, hint = self._button(a)
                actions.append(
                    {
                        "label": label,
                        "hint": hint,
                        "action": a.to_struct(),
                        "group": self._group(a, legal),
                        "space": space,
                        "section": section,
                        "pick": space or section,  # the choice made first
                    }
                )
        cards = []
        outcome = self._outcome()
        self.end_button.disabled = outcome is not None
        for seat, p in enumerate(state.players):
            if outcome is None:  # the prestige track, and what the final scoring would give
                headline = f"{p.prestige} {self._w['prestige']}"
                score = self._w["score_now"].format(n=R.player_score(spec, state, seat).total)
            else:  # the final score, as the status line gives it, and what it is made of
                final = outcome.scores[seat]
                headline = self._w["final_headline"].format(n=final)
                score = self._w["final_note"].format(track=p.prestige, end=final - p.prestige)
            cards.append(
                {
                    "name": self.labels[seat],
                    "colour": COLOUR_HEX[p.colour],
                    "headline": headline,
                    "lines": [
                        self._w["purse"].format(d=p.ducats, f=p.free_masters, m=p.masters)
                        + (self._w["passed_note"] if p.passed and state.phase == "action" else ""),
                        self._books_line(p),
                        score,
                    ],
                    "current": seat == state.current,
                    "out": False,
                    "bot": bot_name(self._bots[seat], self.lang) if seat in self._bots else None,
                }
            )
        self.board.show(state, placements_this_round(spec, s.history[: s.position + 1]))
        for t in self.tableaus:
            t.show(state)
        self.show_turn(self._status(state), cards, actions)

    def _books_line(self, p: PlayerState) -> str:
        """A player's books in words, by colour (the card's text, which a screen reader
        reads too): storage, then the own textbooks on the library's shelves.

        >>> t = AlmaMaterTable(["Ann", "Bo"], seed=4)
        >>> t._books_line(t.state.players[0])
        'books in storage: none; in the library: 0 own textbooks'
        """
        held = [(colour, n) for colour, n in zip(self.spec.colours, p.storage, strict=True) if n]
        if p.dictionaries:
            held.append(("dictionary", p.dictionaries))
        stored = ", ".join(book_words(n, colour, self.lang) for colour, n in held)
        library = own_textbooks(sum(sum(shelf) for shelf in p.shelves), self.lang)
        return self._w["books_line"].format(books=stored or self._w["no_books"], library=library)

    def score_frame(self) -> pd.DataFrame:
        """Tidy ``player, rule, points``: each player's score if the game ended at the
        position shown (the engine's final scoring, rule by rule).

        >>> AlmaMaterTable(2, seed=1).score_frame().columns.tolist()
        ['player', 'rule', 'points']
        """
        rows = []
        for seat in range(len(self.names)):
            score = R.player_score(self.spec, self.state, seat)
            lines = [*score.lines, ScoreLine(DURING_PLAY, score.during_play)]
            rows.extend(
                (self.labels[seat], score_rule(line.rule, self.lang), line.points) for line in lines
            )
        return pd.DataFrame(rows, columns=["player", "rule", "points"])

    def score_chart(self) -> alt.JupyterChart:
        """An offline stacked chart of the score breakdown that follows the game."""
        chart = show(score_breakdown_chart(self.score_frame(), lang=self.lang))
        self._live.append(
            lambda: setattr(
                chart, "chart", score_breakdown_chart(self.score_frame(), lang=self.lang)
            )
        )
        return chart

    def __repr__(self) -> str:
        return f"AlmaMaterTable(players={self.names!r}, bots={self._bots!r}, seed={self._seed!r})"
