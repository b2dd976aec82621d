"""``GameTable``: what both play tables share (the panel, the history slider, bots, intents,
saving and loading).

A table is a stock ``ipywidgets.VBox`` around a game's board widgets. Each game's table
supplies ``refresh()`` (draw its boards, name its actions), and calls :meth:`show_turn`
to fill the panel; clicks come back through :meth:`act`, and the engine checks them.

Classroom safety: a click made on buttons that have since changed is ignored (see
:class:`~widgets.play_panel.PlayPanel`); a move from an earlier position that differs from
the recorded one asks before it starts a new branch, and the branch can be undone; with
``step_bots`` on, each bot decision waits for a click; :meth:`save_json` and
:meth:`load_json` (and the Save / Load buttons) keep a game across a page reload.
"""

from __future__ import annotations

import base64
import copy
import html
import json
import re
import string
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as ipw

from gamekit.core.actions import Action, Outcome
from gamekit.core.data import parse_json, template_problem
from gamekit.core.errors import DataError, GamekitError, IllegalAction
from gamekit.core.events import LANGUAGES, Words, core_phrases
from gamekit.core.structs import MAX_INT, cut_text
from widgets.base import GameWidget, with_still
from widgets.play_panel import PlayPanel
from widgets.session import MAX_BOT_STEPS, Entry, Session, unreadable

LOG_LINES = 400
SAVE_FORMAT = "campus-gamekit saved game"
SAVE_VERSION = 1
MAX_SAVE_BYTES = 4_000_000
"""The largest saved game a table reads (4 MB, checked before parsing): a whole four-player
Alfredopoly game of bots writes about 130 KB, so this holds about 30 such games."""
_END_NOW: Any = object()  # the pending "End the game now" question (not an action of a game)

#: Why a file could not be loaded, in English (the panel's ``words`` hold other languages
#: under the same keys); the fields are filled in as text.
LOAD_WORDS = {
    "load_failed": "Could not load: {why}",
    "loaded": "Loaded {name}.",
    "load_not_json": "{name}: not JSON text ({problem})",
    # the JSON parser's detail in it: its place (json_at) or any other problem (json_bad);
    # English keeps the parser's own words
    "json_at": "{detail}: line {line}, column {column}",
    "json_bad": "{problem}",
    "load_not_saved": "{name}: not a saved Campus Gamekit game (format {format})",
    "load_version": "{name}: version {version}, this kit reads {expected}",
    "load_game": "{name}: a game of {game}, this table plays {table}",
    "load_fact": "{name}: {key} {value}, but this table has {expected}",
    "load_history": "{name}: history: {problem}",
    "load_extra": "{name}: extra: {problem}",
    "load_too_large": "{name}: {size} bytes, more than a saved game may have ({limit} bytes)",
    "load_view": "{name}: the game could not be shown ({problem}); this table keeps its game",
    # a fact of the table in load_fact's {key} (the saved file's field name in English)
    "fact_players": "players",
}


@dataclass(frozen=True)
class Reply:
    """What became of an action taken with :meth:`GameTable.act`, for the control where the
    click was made (the panel's message line may be out of view there, the trade form's
    Propose button, say). ``kind`` is ``"taken"`` (``text`` is the panel's message, else
    the newest event: a bot's answer to a trade), ``"refused"`` (``text`` is the engine's
    reason), ``"asked"`` (``text`` is the question shown in the panel, ``yes`` and ``no``
    its answers; :meth:`GameTable.answer` answers it) or ``"kept"`` (the answer was no:
    ``text`` says that the recorded moves are kept).

    >>> Reply("refused", "Ann has only $1500").text
    'Ann has only $1500'
    """

    kind: str
    text: str = ""
    yes: str = ""
    no: str = ""


class LoadError(ValueError):
    """A file that is not a saved game of this table: ``key`` (a key of
    :data:`LOAD_WORDS`) names the problem, ``fields`` fill in its sentence.

    >>> str(LoadError("load_not_json", name="a.json", problem="line 1"))
    'a.json: not JSON text (line 1)'
    """

    def __init__(self, key: str, /, **fields: Any) -> None:
        self.key = key
        # no 1 MB name echoed; a whole number (a size) is kept as a number, said in the
        # language's format (English "4,000,000", German "4.000.000")
        self.fields: dict[str, Any] = {
            k: v if isinstance(v, int) and not isinstance(v, bool) else _cut(_text(v))
            for k, v in fields.items()
        }
        super().__init__(LOAD_WORDS[key].format(**self._said("en")))

    def _said(self, lang: str) -> dict[str, str]:
        """The fields as text in ``lang``: numbers in its format, a cut text's length in its
        words (``core.cut``: "… (1.234 Zeichen)")."""
        lang = lang if lang in LANGUAGES else "en"
        out = {}
        for k, v in self.fields.items():
            if isinstance(v, int):
                out[k] = core_phrases().text(Words("core.number", n=v), lang)
            else:
                out[k] = _in_lang(v, lang)
        return out

    def words(self, templates: dict[str, Any], lang: str = "en") -> str:
        """The sentence in the language of ``templates`` (English when it has none, or when
        its sentence is not text with this sentence's fields: page-set words never raise);
        numbers and a cut name's length in ``lang``. The JSON parser's own English detail is
        said in the templates' words when they have them (``json_at``: where it failed;
        ``json_bad``: any other problem).

        >>> e = LoadError("load_not_json", name="a.json", problem="Oops: line 2 column 5")
        >>> e.words({"load_not_json": "{name}: {problem}", "json_at": "Zeile {line}"})
        'a.json: Zeile 2'
        >>> LoadError("load_too_large", name="b.json", size=5_000_000, limit=4_000_000).words(
        ...     {"load_too_large": "{name}: {size} Bytes (höchstens {limit})"}, "de")
        'b.json: 5.000.000 Bytes (höchstens 4.000.000)'
        """
        fields = self._said(lang)
        fact = templates.get(f"fact_{fields.get('key')}")
        if self.key == "load_fact" and isinstance(fact, str):
            fields["key"] = fact  # "players": the word in the templates' language
        if self.key == "load_not_json" and isinstance(templates.get("json_at"), str):
            at = re.search(r"^(.*): line (\d+) column (\d+)", fields.get("problem", ""))
            bad = templates.get("json_bad")
            problem = fields.get("problem", "")
            try:  # words set by the page must not raise: else the parser's English stays
                if at:
                    fields["problem"] = templates["json_at"].format(
                        detail=at[1], line=at[2], column=at[3]
                    )
                elif isinstance(bad, str):
                    fields["problem"] = bad.format(problem=problem)
            except (KeyError, IndexError, ValueError):
                pass
        return safe_words(templates, self.key, LOAD_WORDS[self.key]).format(**fields)


def _cut(text: str, most: int = 300) -> str:
    """``text`` cut to ``most`` characters (:func:`~gamekit.core.structs.cut_text`: a cut text
    keeps its words, "… (1,234 characters)", for any language)."""
    return cut_text(text, most)


def _text(value: Any) -> str:
    """``value`` as text; a text that keeps its words (a cut name) stays as it is."""
    return value if isinstance(value, str) else str(value)


def _in_lang(text: str, lang: str) -> str:
    """``text`` in ``lang``: a cut text keeps its words ("… (1.234 Zeichen)"), any other
    text stays as it is."""
    words = getattr(text, "words", None)
    return core_phrases().text(words, lang) if isinstance(words, Words) else text


def safe_words(words: Any, key: str, english: str) -> str:
    """``words[key]`` when it is a template with exactly the fields of ``english`` (the
    panel's ``words`` can be set by the page), else ``english``.

    >>> safe_words({"loaded": "{name} geladen."}, "loaded", "Loaded {name}.")
    '{name} geladen.'
    >>> safe_words({"loaded": "{name.__class__}"}, "loaded", "Loaded {name}.")
    'Loaded {name}.'
    """
    template = words.get(key, english) if isinstance(words, dict) else english
    if not isinstance(template, str) or len(template) > 2000:
        return english
    try:
        fields = {f for _, f, _, _ in string.Formatter().parse(english) if f is not None}
    except ValueError:
        return english
    return template if template_problem(template, fields) is None else english


def since_last_person(entries: Sequence[Entry]) -> int:
    """How many log lines at the end of ``entries`` came after the last decision a person
    made (that decision's own lines included): what the bots did since, to highlight.

    >>> from gamekit.alfredopoly.actions import EndTurn
    >>> e = [Entry(None), Entry(None, ("a", "b"), seat=0, action=EndTurn()),
    ...      Entry(None, ("c",), seat=1, action=EndTurn(), bot=True)]
    >>> since_last_person(e), since_last_person(e[:1])
    (3, 0)
    """
    lines = 0
    for entry in reversed(entries):
        lines += len(entry.events)
        if entry.action is not None and not entry.bot:
            break
    return lines


PERSON = "person"


class SetupForm(ipw.VBox):
    """A new game from a form a Voila user can fill in: the players (a name each, and
    whether a person or which bot plays it), the game's house rules, and a limit (rounds,
    minutes) after which the game ends with the winner by the score then.

    How a game's table hooks in: pass ``rules`` (option name -> an ipywidgets control whose
    ``value`` is the option's value, e.g. ``{"auction": Checkbox(...)}``) and ``on_start``,
    called with ``(names, bots, options, minutes)`` (``bots`` seat -> strategy, ``options``
    the rules plus ``max_rounds`` when a round limit is set, ``minutes`` ``None`` or a
    number); it starts the game and returns a message ("" when all went well). A bad name
    is refused with its reason beside the button, and the game in play is kept.

    >>> seen = []
    >>> form = SetupForm(["Ann", "Bo"], {1: "builder"}, ["builder", "random"],
    ...                  on_start=lambda *a: seen.append(a) or "")
    >>> form.count.value = 3; form.names[2].value = "Cy"; form.start.click()
    >>> seen[0][:2]
    (['Ann', 'Bo', 'Cy'], {1: 'builder'})
    """

    MAX_PLAYERS = 6

    def __init__(
        self,
        names: Sequence[str],
        bots: dict[int, str],
        strategies: Sequence[str],
        *,
        on_start: Callable[[list[str], dict[int, str], dict[str, Any], float | None], str],
        rules: dict[str, Any] | None = None,
        words: dict[str, str] | None = None,
        min_players: int = 2,
        max_players: int = MAX_PLAYERS,
        rounds: bool = True,
    ) -> None:
        w = words or {}
        self._on_start = on_start
        self.rules = dict(rules or {})
        self.count = ipw.BoundedIntText(
            value=len(names), min=min_players, max=max_players,
            description=w.get("setup_players", "Players"), style={"description_width": "initial"},
            layout=ipw.Layout(width="160px"),
        )  # fmt: skip
        person = w.get("setup_person", "a person")
        badge = w.get("bot_badge", "Bot")
        choices = [(person, PERSON)] + [(f"{badge}: {s}", s) for s in strategies]
        defaults = list(names) + [f"Player {n + 1}" for n in range(len(names), max_players)]
        self.names = [
            ipw.Text(value=defaults[n], layout=ipw.Layout(width="180px"),
                     description=f"{n + 1}.", style={"description_width": "24px"})
            for n in range(max_players)
        ]  # fmt: skip
        self.roles = [
            ipw.Dropdown(
                options=choices, value=bots.get(n, PERSON), layout=ipw.Layout(width="190px")
            )
            for n in range(max_players)
        ]
        self.rows = [
            ipw.HBox([n, r], layout=ipw.Layout(grid_gap="6px"))
            for n, r in zip(self.names, self.roles, strict=True)
        ]
        self.round_limit = ipw.BoundedIntText(
            value=0, min=0, max=999, description=w.get("setup_rounds", "Round limit (0: none)"),
            style={"description_width": "initial"}, layout=ipw.Layout(width="260px"),
        )  # fmt: skip
        self.minutes = ipw.BoundedIntText(
            value=0, min=0, max=600,
            description=w.get("setup_minutes", "Time limit in minutes (0: none)"),
            style={"description_width": "initial"}, layout=ipw.Layout(width="320px"),
        )  # fmt: skip
        self.start = ipw.Button(
            description=w.get("setup_start", "Start the new game"), button_style="primary",
            tooltip=w.get("setup_start_tip", "the game in play ends; Save it first to keep it"),
            layout=ipw.Layout(width="auto"),
        )  # fmt: skip
        self.note = ipw.Label("")
        self.note.add_class("gk-file-note")
        self.start.on_click(lambda _: self.submit())
        self.count.observe(lambda _: self._show_rows(), names="value")
        limits = [self.round_limit, self.minutes] if rounds else [self.minutes]
        flow = ipw.Layout(flex_flow="row wrap", grid_gap="8px", align_items="center")
        super().__init__(
            [
                self.count,
                ipw.Box(self.rows, layout=flow),
                ipw.Box(list(self.rules.values()), layout=flow),
                ipw.Box(limits, layout=flow),
                ipw.Box([self.start, self.note], layout=flow),
            ]
        )
        self.add_class("gk-setup")
        self._show_rows()

    def _show_rows(self) -> None:
        for n, row in enumerate(self.rows):
            row.layout.display = "" if n < self.count.value else "none"

    def submit(self) -> str:
        """Start the new game from the form (what the button does); returns the message."""
        n = self.count.value
        names = [self.names[k].value.strip() for k in range(n)]
        bots = {k: self.roles[k].value for k in range(n) if self.roles[k].value != PERSON}
        options = {key: control.value for key, control in self.rules.items()}
        if self.round_limit.value:
            options["max_rounds"] = int(self.round_limit.value)
        minutes = float(self.minutes.value) if self.minutes.value else None
        try:
            message = self._on_start(names, bots, options, minutes)
        except ValueError as exc:
            message = str(exc)
            self.note.add_class("gk-error")
        else:
            self.note.remove_class("gk-error")
        self.note.value = message
        return message


class GameTable(ipw.VBox):
    """Base of :class:`~widgets.play_alfredopoly.AlfredopolyTable` and
    :class:`~widgets.play_almamater.AlmaMaterTable`."""

    session: Session
    panel: PlayPanel
    history: ipw.IntSlider
    game = ""  # "alfredopoly" or "almamater", written into saved games

    def _controls(
        self, session: Session, *, people: bool, auto_bots: bool, slider_width: str, **panel: Any
    ) -> None:
        """Create the session's panel, history slider and file buttons (call before
        ``super().__init__``)."""
        self.session = session
        self.auto_bots = auto_bots and people  # with no person seated, bots wait for a click
        self._live: list[Any] = []  # updaters of charts that follow the game
        self._pending: Action | None = None  # a move waiting for "start a new branch?"
        self._pending_branch = True  # whether that question is the new-branch one
        self._from_python = False  # True while act() takes an action given in Python
        self._ended_early: tuple[int, str] | None = None  # (position, why): "End the game now"
        self._deadline: float | None = None  # time.monotonic() when a time limit ends the game
        self.panel = PlayPanel(
            on_act=self._act,
            on_bot=self._bot,
            on_confirm=self._confirm,
            on_undo=self._undo,
            on_undo_last=self.undo_last,
            show_step_toggle=self.auto_bots,
            **panel,
        )
        self.panel.observe(self._step_mode, names="step_bots")
        self.history = ipw.IntSlider(
            value=0,
            min=0,
            max=0,
            description=self._t("history", "History"),
            layout=ipw.Layout(width="100%", max_width=slider_width),
        )
        self.history.observe(self._seek, names="value")
        self.save_button = ipw.Button(
            description=self._t("save", "Save the game"),
            tooltip=self._t("save_tip", "write the game (with its history) as JSON"),
            # as wide as its words (at a projector's 18 px, ipywidgets' 148 px cut them)
            layout=ipw.Layout(width="auto", min_width="max-content"),
        )
        self.save_button.on_click(lambda _: self._offer_download())
        self.download = ipw.HTML("")
        self.upload = ipw.FileUpload(
            accept=".json,application/json",
            multiple=False,
            description=self._t("load", "Load a game"),
            tooltip=self._t("load_tip", "read a game written by “Save the game” (JSON)"),
            layout=ipw.Layout(width="auto", min_width="max-content"),
        )
        self.upload.observe(self._uploaded, names="value")
        self.panel.max_upload = MAX_SAVE_BYTES  # the page reads the file and says its size
        self.panel.on_file = self._file_from_page
        # what became of the last file loaded, next to the Load button (a Label: text only)
        self.file_note = ipw.Label("", layout=ipw.Layout(display="none"))
        self.file_note.add_class("gk-file-note")
        self.files = ipw.HBox(
            [self.save_button, self.download, self.upload, self.file_note],
            layout=ipw.Layout(align_items="center", flex_flow="row wrap", grid_gap="8px"),
        )
        self.files.add_class("gk-files")

    def _t(self, key: str, english: str) -> str:
        """The table's own words in its language (the panel's ``words``), else English
        (also when the page set a word that is not text with the English fields)."""
        return safe_words(self.panel.words, key, english)

    def _start(self) -> None:
        self.add_class("gk-table")
        self._speak(self._lang())
        if self._autoplay():
            self.session.run_bots()
        self.refresh()

    def _speak(self, lang: str) -> None:
        """Every board of the table that speaks a language (a ``lang`` trait: the Alfredopoly
        board's prices, deed and skip link) speaks the table's, as its panel does."""
        stack: list[Any] = list(self.children)
        while stack:
            widget = stack.pop()
            board = isinstance(widget, GameWidget) and widget is not self.panel
            if board and widget.has_trait("lang") and widget.lang != lang:
                widget.lang = lang
            stack.extend(getattr(widget, "children", ()))

    def _play_bots(self, until: str = "person") -> str:
        """Let the bots act (see :meth:`Session.run_bots`); the message when the safety cap
        stopped them with a bot still to act (else "")."""
        steps = self.session.run_bots(until=until, limit=MAX_BOT_STEPS)
        if steps < MAX_BOT_STEPS or not self.session.bot_to_act():
            return ""
        return self._t(
            "bots_stopped",
            "Stopped after {steps} bot moves (a safety limit); press “Bots: play on” again to "
            "go on.",
        ).format(steps=steps)

    def refresh(self) -> None:  # pragma: no cover - each game draws its own
        raise NotImplementedError

    @property
    def step_bots(self) -> bool:
        """Whether each bot decision waits for a click ("Bot: next action"), so a teacher
        can narrate; off by default (bots act at once after a person's click)."""
        return self.panel.step_bots

    @step_bots.setter
    def step_bots(self, value: bool) -> None:
        self.panel.step_bots = bool(value)

    def _autoplay(self) -> bool:
        return self.auto_bots and not self.panel.step_bots

    def _step_mode(self, change: dict[str, Any]) -> None:
        if not change["new"] and self._autoplay() and self.session.bot_to_act():
            self.session.run_bots()  # stepping off: the waiting bots act now
        self.refresh()

    # --- intents from the panel -------------------------------------------------------
    def _ask_first(self, action: Action) -> tuple[str, str, str] | None:
        """``(question, yes, no)`` when a click on ``action`` must be confirmed first (an
        irreversible choice that is easy to click by mistake), else ``None``. Actions taken
        from Python (:meth:`act`) are never asked about.

        How a game's table hooks in: override this and return the question for the actions
        that cannot be taken back (Alfredopoly: Declare bankruptcy, Don't buy; Alma Mater:
        pass); the panel shows it in place of the buttons, and its "yes" takes the action
        (through :meth:`_confirm`)."""
        return None

    def _act(self, struct: dict[str, Any], *, branch: bool = False, confirmed: bool = False) -> str:
        s = self.session
        action = self._action_for_a_person(struct)
        ask = None if confirmed or self._from_python else self._ask_first(action)
        if ask is not None:
            s.check(action)  # an illegal move is refused first
            self._pending, self._pending_branch = action, False
            with self.panel.hold_sync():
                self.panel.confirm, self.panel.confirm_yes, self.panel.confirm_no = ask
            return ""
        if not branch and s.would_branch(action):
            s.check(action)  # an illegal move is refused first
            self._pending, self._pending_branch = action, True
            later = len(s.history) - 1 - s.position
            with self.panel.hold_sync():
                self.panel.confirm_yes = self.panel.confirm_no = ""
                self.panel.confirm = self._t(
                    "branch_ask",
                    "“{action}” differs from the recorded move. Start a new branch here? The "
                    "{later} later move(s) are set aside (Undo brings them back).",
                ).format(action=self._label(action), later=later)
            return ""
        self._pending = None
        if self.early_outcome() is not None:
            raise IllegalAction(self._t("end_over", "the game is over already"), action)
        s.act(action)  # IllegalAction -> message, game unchanged
        stopped = self._play_bots() if self._autoplay() and s.bot_to_act() else ""
        self._check_deadline()
        self.refresh()
        return stopped  # what happened is in the log

    def _action_for_a_person(self, struct: Any) -> Action:
        """The action ``struct`` names, checked as a message from the page: an action of
        this game, for a seat a person holds (the seat it names, else the one to act). A
        bot's seat acts only through the bot step. Raises ``IllegalAction`` (the reason)."""
        s = self.session
        try:
            action = s.game.action_from_struct(struct)
        except (ValueError, TypeError, KeyError, AttributeError, IndexError) as exc:
            # words of the core phrasebook (every game's book has them): German on a
            # German table, the English as it always read
            kind = struct.get("type") if isinstance(struct, dict) else None
            reason = (
                Words("core.page.typed", type=_cut(repr(kind), 60))
                if isinstance(kind, str)
                else Words("core.page.no_type")
            )
            words = Words("core.page_action", detail=_cut(str(exc), 200), reason=reason)
            raise core_phrases().refused(words) from None
        named = getattr(action, "player", None)
        seat = s.actor() if named is None else named
        if isinstance(seat, int) and seat in s.bot_players:
            names = [] if isinstance(s.players, int) else list(s.players)
            who = names[seat] if 0 <= seat < len(names) else Words("core.seat", n=seat)
            raise core_phrases().refused(Words("core.bot_seat", who=who), action)
        return action

    def _label(self, action: Action) -> str:
        text = str(action)
        return text[:1].upper() + text[1:]

    def _confirm(self, yes: bool) -> str:
        pending, self._pending = self._pending, None
        self.panel.confirm = ""
        if pending is _END_NOW:
            if yes:
                self.end_now()
            else:
                self.refresh()
            return ""
        if not yes or pending is None:
            self.refresh()
            kept = self._t("branch_kept", "No new branch: the recorded moves are kept.")
            return kept if self._pending_branch else ""
        # a confirmed choice may still need the new-branch question (from an earlier move)
        return self._act(pending.to_struct(), branch=self._pending_branch, confirmed=True)

    # --- undo, ending early ---------------------------------------------------------
    def last_decision(self) -> int | None:
        """The history index of the last decision a person made up to the position shown
        (``None`` when there is none): what "Undo my last decision" takes back.

        >>> from widgets.play_alfredopoly import AlfredopolyTable
        >>> t = AlfredopolyTable(["Ann", "Bo"], seed=1)
        >>> t.last_decision() is None
        True
        """
        s = self.session
        for k in range(s.position, 0, -1):
            entry = s.history[k]
            if entry.action is not None and not entry.bot:
                return k
        return None

    def undo_last(self) -> str:
        """The "Undo my last decision" button, in one click: show the position before the
        last decision a person made (the bots' moves after it go too) and set the later
        moves aside, so "Undo the branch" brings them back. Shared by every table: a game's
        table needs no code for it (the panel shows the button whenever
        :meth:`last_decision` finds one).
        Raises ``IllegalAction`` when no person has decided anything yet.

        >>> from widgets.play_alfredopoly import AlfredopolyTable
        >>> t = AlfredopolyTable(["Ann", "Bo"], seed=1); t.roll(3, 4)
        >>> t.undo_last()
        'Undone: Roll the dice. Ann is to decide again.'
        >>> t.session.position, t.session.state.players[0].position
        (0, 0)
        """
        k = self.last_decision()
        if k is None:
            raise IllegalAction(self._t("undo_none", "no decision of a person to undo yet"))
        s = self.session
        entry, before = s.history[k], s.history[k - 1].state
        lang = self._lang()  # the action in the table's language
        label = entry.label if entry.action is None else s.game.describe(before, entry.action, lang)
        who = self._seat_name(before, entry.seat) if entry.seat is not None else ""
        s.set_aside.append((list(s.history), s.position))
        del s.history[k:]
        s.position = k - 1
        self._pending = None
        if self._ended_early is not None and self._ended_early[0] >= k - 1:
            self._ended_early = None
        self.refresh()
        return self._t("undone", "Undone: {action}. {who} is to decide again.").format(
            action=label[:1].upper() + label[1:], who=who
        )

    def _seat_name(self, state: Any, seat: int) -> str:
        """A seat's name in the table's words (Alma Mater may override)."""
        return str(getattr(state.players[seat], "name", f"seat {seat}"))

    def _seat_names(self, state: Any) -> list[str]:
        """Every seat's name (:meth:`_seat_name`), the first seat's first."""
        return [self._seat_name(state, seat) for seat in range(len(state.players))]

    def early_outcome(self) -> Outcome | None:
        """How the game ended when a teacher ended it early ("End the game now" or the time
        limit): ranked by the game's own score (:meth:`_score_now`), else ``None``."""
        if self._ended_early is None or self._ended_early[0] != self.session.position:
            return None
        return self._score_now(self._ended_early[1])

    def _score_now(self, why: str) -> Outcome:  # pragma: no cover - each game scores its own
        """The outcome if the game ended now, ``why`` its termination (Alfredopoly: net worth,
        Alma Mater: the score so far). A game's table overrides this to offer "End the game
        now" and a time limit."""
        raise NotImplementedError

    def end_now(self, why: str = "") -> Outcome:
        """End the game at the position shown, the winner by the game's score now
        (:meth:`_score_now`); no more decisions are offered (Undo brings the game back).
        The "End the game now" button asks first, then calls this.

        >>> from widgets.play_alfredopoly import AlfredopolyTable
        >>> t = AlfredopolyTable(["Ann", "Bo"], seed=1)
        >>> t.end_now().termination, t.panel.actions
        ('ended by the teacher', [])
        """
        if self.session.outcome is not None:
            raise IllegalAction(self._t("end_over", "the game is over already"))
        why = why or self._t("ended_teacher", "ended by the teacher")
        self._ended_early = (self.session.position, why)
        self._pending = None
        self.refresh()
        outcome = self.early_outcome()
        assert outcome is not None
        return outcome

    def set_time_limit(self, minutes: float | None) -> None:
        """End the game at the first decision after ``minutes`` from now (``None``: no
        limit), the winner by the score then (:meth:`end_now`).

        >>> from widgets.play_alfredopoly import AlfredopolyTable
        >>> t = AlfredopolyTable(["Ann", "Bo"], seed=1); t.set_time_limit(0)
        >>> t.roll(3, 4); t.early_outcome().termination
        'time limit'
        """
        if minutes is not None and (isinstance(minutes, bool) or not minutes >= 0):
            raise ValueError(f"minutes must be a number >= 0 or None, not {minutes!r}")
        self._deadline = None if minutes is None else time.monotonic() + 60 * float(minutes)

    def _check_deadline(self) -> None:
        if (
            self._deadline is not None
            and time.monotonic() >= self._deadline
            and self._ended_early is None
            and self.session.at_end
            and self.session.outcome is None
        ):
            self._deadline = None
            self._ended_early = (self.session.position, self._t("time_limit", "time limit"))

    def _ask_end(self) -> None:
        """The "End the game now" button: ask first (it cannot be taken back in one click)."""
        self._pending, self._pending_branch = _END_NOW, False
        with self.panel.hold_sync():
            self.panel.confirm = self._t(
                "end_ask", "End the game now? The winner is the one with the highest {score}."
            ).format(score=self._t("score_name", "score"))
            self.panel.confirm_yes = self._t("end_yes", "End the game now")
            self.panel.confirm_no = self._t("end_no", "Play on")
            self.panel.view += 1

    def _moves_set_aside(self) -> int:
        """How many recorded moves "Undo the branch" brings back: those of the set-aside
        line beyond the point where the game left it (a branch started from an earlier
        move, or "Undo my last decision", which sets aside the moves it takes back)."""
        s = self.session
        history, position = s.set_aside[-1]
        return len(history) - 1 - min(position, len(s.history) - 1)

    def _undo(self) -> str:
        back = self._moves_set_aside() if self.session.set_aside else 0
        self.session.undo_branch()
        self._pending = None
        self.refresh()
        return self._t(
            "branch_undone", "The branch is undone: {back} recorded move(s) are back."
        ).format(back=back)

    def _bot(self, until: str) -> str:
        stopped = ""
        if until == "step":
            self.session.bot_step()
        else:
            stopped = self._play_bots(until)
        self._check_deadline()
        self.refresh()
        return stopped

    def act(
        self,
        action: Action | dict[str, Any],
        *,
        branch: bool = False,
        reply: Callable[[Reply], Any] | None = None,
    ) -> bool:
        """Take an action from Python, exactly as a click would (errors become the message).

        From an earlier position, a move that differs from the recorded one asks first
        (``panel.confirm``) unless ``branch=True``. Returns whether the action was taken.
        ``reply``, when given, is called with a :class:`Reply` saying what became of it, so
        the control that took it can say so where the click was made.

        >>> from widgets.play_alfredopoly import AlfredopolyTable
        >>> from gamekit.alfredopoly.actions import ProposeTrade
        >>> t = AlfredopolyTable(["Ann", "Bo"], seed=1)
        >>> t.act(ProposeTrade(1, give_cash=5000), reply=print)
        Reply(kind='refused', text='Ann has only $1500', yes='', no='')
        False
        """
        struct = action.to_struct() if isinstance(action, Action) else dict(action)
        before = self._where()
        if branch:
            try:
                self._act(struct, branch=True, confirmed=True)
            except ValueError as exc:  # IllegalAction: shown, the game is unchanged
                self.panel.show_message(str(exc), error=True)
                return self._replied(before, False, reply)
            self.panel.show_message("")
            ok = True
        else:
            self._from_python = True  # taken as given: no "are you sure?" question
            try:
                ok = self.panel.handle_intent({"kind": "act", "action": struct})
            finally:
                self._from_python = False
        return self._replied(before, ok, reply)

    def answer(self, yes: bool, *, reply: Callable[[Reply], Any] | None = None) -> bool:
        """Answer the panel's question (a new branch?), as its buttons do, from another
        control; ``reply`` hears what became of the move. Returns whether it was taken."""
        before = self._where()
        ok = self.panel.handle_intent({"kind": "confirm", "yes": bool(yes)})
        return self._replied(before, ok, reply)

    def _where(self) -> tuple[int, int, Any]:
        return (len(self.session.history), self.session.position, self.session.state)

    def _replied(
        self, before: tuple[int, int, Any], ok: bool, reply: Callable[[Reply], Any] | None
    ) -> bool:
        taken = ok and self._where() != before
        if reply is not None:
            p = self.panel
            if taken:  # what the click led to: the message, else the newest event
                reply(Reply("taken", p.message or (p.latest[-1] if p.latest else "")))
            elif self._pending is not None and p.confirm:
                yes = p.confirm_yes or self._t("branch_yes", "Start the new branch")
                no = p.confirm_no or self._t("branch_no", "Keep the recorded moves")
                reply(Reply("asked", p.confirm, yes, no))
            else:  # refused (an error), or a question answered "no"
                reply(Reply("refused" if p.error else "kept", p.message))
        return taken

    def _seek(self, change: dict[str, Any]) -> None:
        if change["new"] != self.session.position:
            self._pending = None
            try:
                self.session.seek(change["new"])
            except (ValueError, TypeError) as exc:  # a slider value the page forged
                self.panel.show_message(str(exc), error=True)
                with self.history.hold_trait_notifications():
                    self.history.max = len(self.session.history) - 1
                    self.history.value = self.session.position
                return
            self.refresh()

    def _lang(self) -> str:
        """The table's language (its panel's)."""
        return getattr(self.panel, "lang", "en")

    # --- a still for exports ------------------------------------------------------------
    def export_picture(self) -> str:
        """A still of the table for a notebook exported without widget state (HTML, a code
        host): the status and the position shown, drawn by the game's own picture of a
        state (its SVG, else its HTML view, else its text), in place of the table's
        Python description. The picture is in the table's language and names the table's
        players where the game's picture takes them (``lang``, ``names``: :meth:`_picture`).

        >>> from widgets.play_alfredopoly import AlfredopolyTable
        >>> still = AlfredopolyTable(["Ann", "Bo"], seed=3).export_picture()
        >>> still[:46], "<svg" in still
        ('<div class="gk-table-still"><p><strong>Round 1', True)
        >>> german = AlfredopolyTable(["Ann", "Bo"], seed=3, lang="de").export_picture()
        >>> "Runde 1: Ann ist am Zug" in german, "to act" in german
        (True, False)
        """
        from html import escape

        from gamekit.core import views

        state = self.session.state
        picture = self._picture(state) or views.html(state)
        picture = picture or f"<pre>{escape(views.text(state))}</pre>"
        status = f"<p><strong>{escape(self.panel.status)}</strong></p>" if self.panel.status else ""
        return f'<div class="gk-table-still">{status}{picture}</div>'

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return with_still(super()._repr_mimebundle_(**kwargs), self.export_picture)

    def _picture(self, state: Any) -> str | None:
        """The game's SVG picture of ``state`` (``gamekit.core.views.svg``), given the
        table's language (``lang``) and players' names (``names``) where the game's
        picture function takes them (a game that registered a one-argument picture gets
        only the state)."""
        import inspect

        from gamekit.core import views

        draw = views.svg.dispatch(type(state))
        try:
            takes = set(inspect.signature(draw).parameters)
        except (TypeError, ValueError):  # a builtin or C function: the state only
            takes = set()
        options: dict[str, Any] = {}
        if "lang" in takes:
            options["lang"] = self._lang()
        names = getattr(self, "names", None)
        if (
            "names" in takes
            and isinstance(names, list | tuple)
            and len(names) == len(getattr(state, "players", ()))
        ):
            options["names"] = [str(n) for n in names]
        picture: str | None = draw(state, **options)
        return picture

    # --- saving -----------------------------------------------------------------------
    def _save_extra(self) -> dict[str, Any]:
        """Game-specific parts of a saved game (the bots' generators, say)."""
        return {}

    def _load_extra(self, data: dict[str, Any]) -> None:
        """Restore what :meth:`_save_extra` wrote (after the history was restored)."""

    def _table_facts(self) -> dict[str, Any]:
        """What a saved game must share with the table that loads it (players, board)."""
        return {}

    def save_json(self) -> str:
        """The game as JSON text: every move with its dice (the history), the position
        shown and the dice generator, so :meth:`load_json` restores exactly this game.

        >>> from widgets.play_alfredopoly import AlfredopolyTable
        >>> a = AlfredopolyTable(["Ann", "Bo"], seed=3); a.roll(3, 4)
        >>> b = AlfredopolyTable(["Ann", "Bo"], seed=8); b.load_json(a.save_json())
        >>> b.state == a.state, b.history.max
        (True, 1)
        """
        data = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.game,
            **self._table_facts(),
            "history": self.session.save(),
            "extra": self._save_extra(),
        }
        return json.dumps(data, indent=1)

    def load_json(self, text: str | bytes, *, name: str = "the saved game") -> None:
        """Replace this table's game with one written by :meth:`save_json`.

        The file is checked first (its kind, game, players, board, and every move replayed
        through the engine to the saved final position); a bad file raises ``ValueError``
        naming ``name``, the field or move and the problem, and the current game is kept.

        A load is atomic: the size is checked before parsing (:data:`MAX_SAVE_BYTES`), the
        history is rebuilt and checked on a copy of the session, the new positions are
        drawn dry (:meth:`_dry_render`), and only then is the game swapped in; should the
        redraw still fail, the table goes back to its game and says why (``load_view``).
        """
        size = len(text)
        if size > MAX_SAVE_BYTES:
            raise LoadError("load_too_large", name=name, size=size, limit=MAX_SAVE_BYTES)
        try:
            data = parse_json(text, name)
        except DataError as exc:
            problem = exc.problem.removeprefix("not valid JSON: ")
            raise LoadError("load_not_json", name=name, problem=problem) from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise LoadError("load_not_saved", name=name, format=repr(SAVE_FORMAT))
        if data.get("version") != SAVE_VERSION:
            raise LoadError(
                "load_version", name=name, version=repr(data.get("version")), expected=SAVE_VERSION
            )
        if data.get("game") != self.game:
            raise LoadError(
                "load_game", name=name, game=repr(data.get("game")), table=repr(self.game)
            )
        for key, value in self._table_facts().items():
            if data.get(key) != value:
                raise LoadError(
                    "load_fact", name=name, key=key, value=repr(data.get(key)), expected=repr(value)
                )
        s = self.session
        candidate = copy.copy(s)  # restore() replaces the copy's history, never the table's
        try:
            candidate.restore(data.get("history"))
        except ValueError as exc:
            # said as the table says refusals (a German table: the engine's German words)
            raise LoadError("load_history", name=name, problem=self.panel.say_error(exc)) from None
        except (TypeError, KeyError, IndexError, AttributeError, OverflowError) as exc:
            # an edited position the engine cannot replay (a seat or space out of range)
            detail = f"not a position of this game ({exc})"
            refusal = GamekitError(detail, words=unreadable(detail))  # German: no Python English
            problem = self.panel.say_error(refusal)
            raise LoadError("load_history", name=name, problem=problem) from None
        try:
            self._dry_render(candidate)
        except Exception as exc:  # whatever the view cannot draw is refused
            raise LoadError("load_view", name=name, problem=exc) from None
        parts = ("history", "position", "rng", "bot_rngs", "set_aside")
        kept = {k: getattr(s, k) for k in parts}
        pending = self._pending
        for k in parts:
            setattr(s, k, getattr(candidate, k))
        try:
            self._load_extra(data.get("extra") or {})
        except (ValueError, TypeError, KeyError, AttributeError) as exc:
            self._put_back(kept)  # keep the current game
            raise LoadError("load_extra", name=name, problem=exc) from None
        # a loaded game is played on: "End the game now" before the load ended the old game,
        # not this one (a save made just before ending, loaded again, showed "Game over")
        ended = self._ended_early
        self._pending = self._ended_early = None
        self.panel.confirm = ""
        try:
            self.refresh()
        except Exception as exc:  # the old game comes back, and a reason
            self._put_back(kept)
            self._pending, self._ended_early = pending, ended
            self.refresh()
            raise LoadError("load_view", name=name, problem=exc) from None

    def _put_back(self, session_parts: dict[str, Any]) -> None:
        """Undo a swap: the session's history, position and generators as they were."""
        for k, v in session_parts.items():
            setattr(self.session, k, v)

    def _dry_render(self, session: Session) -> None:
        """Draw ``session``'s positions without showing them: what the page receives must
        be plain JSON whose numbers the browser shows exactly (``ValueError`` otherwise).
        A game's table may draw more (its charts' frames)."""
        game = session.game
        for entry in {
            id(e): e for e in (session.history[session.position], session.history[-1])
        }.values():
            struct = game.state_to_struct(entry.state)
            json.dumps(struct, allow_nan=False)
            stack: list[Any] = [struct]
            while stack:
                value = stack.pop()
                if isinstance(value, dict):
                    stack.extend(value.values())
                elif isinstance(value, list):
                    stack.extend(value)
                elif isinstance(value, int) and abs(value) > MAX_INT:
                    raise ValueError(f"the number {value} is beyond what the page shows exactly")

    def _offer_download(self) -> None:
        """Save: the page downloads the file at once (the panel's ``download`` trait, one
        click); the link beside the button downloads it again."""
        text = self.save_json()
        moves = len(self.session.history) - 1
        payload = base64.b64encode(text.encode("utf-8")).decode("ascii")
        lang = self._lang()  # the file's name in the table's language
        name = Words("core.save_name", game=self.game, moves=moves, ext=".json")
        filename = core_phrases().text(name, lang)
        again = self._t("download_again", "saved as {name} (again)").format(name=filename)
        self.download.value = (
            f'<a class="gk-download" download="{filename}" title="{html.escape(again)}" '
            f'href="data:application/json;base64,{payload}">{html.escape(again)}</a>'
        )
        # one text at a time beside the buttons, so their row stays one line on a projector
        # (a saved-as link and a loaded-file note side by side wrapped it: the board 84 px lower)
        self.file_note.value, self.file_note.tooltip = "", None
        self.file_note.layout.display = "none"
        n = int(self.panel.download.get("n", 0)) + 1
        self.panel.download = {"name": filename, "data": payload, "n": n}

    def _uploaded(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0]
        content = item.get("content", b"")
        unnamed = core_phrases().text(Words("core.the_file"), self._lang())
        self._load_file(str(item.get("name") or unnamed), content, len(content))
        self.upload.value = ()

    def _file_from_page(self, name: str, text: Any, size: Any) -> str:
        """The Load button's file as the page sent it (its text, or only its size when it
        is too large to send); the note is also the panel's message (``ValueError``)."""
        ok = self._load_file(name, text if isinstance(text, str) else None, size)
        if not ok:
            raise ValueError(self.file_note.value)
        return str(self.file_note.value)

    def _load_file(self, name: str, content: Any, size: Any) -> bool:
        """Load a file chosen with the Load button and say what became of it next to the
        button; never raises. Returns whether it was loaded."""
        name = _cut(name, 100)
        words = {k: self._t(k, v) for k, v in LOAD_WORDS.items()}
        try:
            if content is None:  # the page kept it: over MAX_SAVE_BYTES
                big = size if isinstance(size, int) and not isinstance(size, bool) else 0
                shown = big if big > 0 else "?"
                raise LoadError("load_too_large", name=name, size=shown, limit=MAX_SAVE_BYTES)
            keep = len(content) > MAX_SAVE_BYTES or isinstance(content, str)
            self.load_json(content if keep else bytes(content), name=name)
        except LoadError as exc:
            lang = self._lang()
            self.show_file_note(words["load_failed"].format(why=exc.words(words, lang)), error=True)
            return False
        except Exception as exc:  # a click never raises into the kernel
            why = _cut(f"{name}: {exc}", 300)
            self.show_file_note(words["load_failed"].format(why=why), error=True)
            return False
        shown = _in_lang(name, self._lang())  # a cut name's length in the table's words
        self.show_file_note(words["loaded"].format(name=shown))
        return True

    def show_file_note(self, text: str, *, error: bool = False) -> None:
        """Say what became of a file (loaded, or why not) next to the Load button, where the
        teacher clicked, and in the panel's message line; the text is shown as text."""
        self.panel.show_message(text, error=error)
        if text:
            self.download.value = ""  # the link was the game before this file's
        self.file_note.value = text
        self.file_note.tooltip = text or None  # the whole text, when the note is cut
        self.file_note.layout.display = "" if text else "none"
        if error:
            self.file_note.add_class("gk-error")
        else:
            self.file_note.remove_class("gk-error")

    # --- drawing -----------------------------------------------------------------------
    def _words(self, line: Any) -> str:
        """An event as shown in the log: ``line`` is the game's event record (its
        ``words`` as data, see :mod:`gamekit.core.events`) or, for a history without
        records, its English text. A game's table may say more from the words (Alma
        Mater: the table's language and the players' names)."""
        return str(line)

    @staticmethod
    def _lines(entry: Entry) -> Sequence[Any]:
        """An entry's events: the records (data and words) where the session kept them,
        else the English lines."""
        return entry.records or entry.events

    def _dice_note(self, entries: Sequence[Entry]) -> str:
        """Whose dice the board shows: the last roll among the events, read from its data
        (not its words, so any language or wording will do): an event whose ``words`` have
        a ``dice`` field (the faces) and a ``seat`` (else a ``player``)."""
        for entry in reversed(entries):
            for record in reversed(entry.records):
                words = getattr(record, "words", None)
                dice = words.get("dice") if words is not None else None
                if not isinstance(dice, tuple) or not dice:
                    continue
                seat = words.get("seat")
                who = (
                    self._seat_name(entries[0].state, seat)
                    if isinstance(seat, int)
                    else str(words.get("player", ""))
                )
                return self._t("dice_shown", "Dice shown: {who} rolled {dice}").format(
                    who=who, dice="+".join(str(v) for v in dice)
                )
        return ""

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
            note = self._t(
                "looking_back",
                "Looking back at move {position} of {last}. The recorded move replays with its "
                "dice; a different move asks before it starts a new branch.",
            ).format(position=s.position, last=len(s.history) - 1)
        if bot_turn:
            who = next((p["name"] for p in players if p.get("current")), "a bot")
            waiting = (
                self._t("bot_waits", "{who} (bot) is to act: click “Bot: next action”")
                if self.panel.step_bots or not self.auto_bots
                else self._t("bot_acts", "{who} (bot) is to act")
            ).format(who=who)
        else:
            waiting = ""
        log = [self._words(line) for e in entries for line in self._lines(e)]
        turns = self._log_turns(entries)
        early = self.early_outcome()
        if early is not None:
            actions, people_act, bot_turn, waiting = [], False, False, ""
        undo = ""
        if s.set_aside:
            undo = self._t("undo", "Undo the branch (bring back {moves} move(s))").format(
                moves=self._moves_set_aside()
            )
        with self.panel.hold_sync():
            self.panel.status = status
            self.panel.history_note = note
            self.panel.players = players
            self.panel.actions = actions if people_act else []
            self.panel.can_act = people_act
            self.panel.bot_turn = bot_turn
            self.panel.waiting = waiting
            cut = max(0, len(log) - LOG_LINES)
            self.panel.log = log[cut:]
            self.panel.log_turns = [[n - cut, text] for n, text in turns if n >= cut]
            self.panel.fresh = min(since_last_person(entries), LOG_LINES)
            self.panel.latest = self._latest(entries)
            self.panel.undo_last_label = (
                self._t("undo_last", "Undo my last decision")
                if self.last_decision() is not None
                else ""
            )
            self.panel.dice_note = self._dice_note(entries)
            self.panel.undo_label = undo
            if self._pending is None:
                self.panel.confirm = ""
            self.panel.view += 1
        with self.history.hold_trait_notifications():
            self.history.max = len(s.history) - 1
            self.history.value = s.position
        for update in self._live:
            update()

    def _turn_heading(self, state: Any) -> str | None:
        """The log's heading for the turn ``state`` is in (``None``: no headings). A game's
        table overrides it (Alfredopoly: "Round 2 · Bo"); a new heading starts a turn."""
        turn = getattr(state, "turn", None)
        return None if turn is None else self._t("turn_heading", "Turn {turn}").format(turn=turn)

    def _log_turns(self, entries: Sequence[Entry]) -> list[list[Any]]:
        """``[line index, heading]`` where the log starts a new turn (before that line)."""
        out: list[list[Any]] = []
        n, last = 0, None
        for k, entry in enumerate(entries):
            if k > 0 and entry.events:
                heading = self._turn_heading(entries[k - 1].state)
                if heading is not None and heading != last:
                    out.append([n, heading])
                    last = heading
            n += len(entry.events)
        return out

    def _latest(self, entries: Sequence[Entry], most: int = 4) -> list[str]:
        """What just happened, for the panel's top: the lines since the last decision a
        person made (that decision's own lines included), at most ``most`` (the newest
        last); a bot's lines name it ("Bot Cy: bought Alumni Hall for $200"), except a line
        about another player ("Ann paid $300 to Cy in the trade" the bot accepted)."""
        lines: list[str] = []
        names = self._seat_names(entries[0].state)
        for k in range(len(entries) - 1, 0, -1):
            entry = entries[k]
            who = ""
            if entry.bot and entry.seat is not None:
                who = self._seat_name(entries[0].state, entry.seat)
            if not entry.events and entry.action is not None and entry.seat is not None:
                # a decision with no event of its own ("End the turn"): its words
                lang = self._lang()  # in the table's language
                before = entries[k - 1].state
                said = (
                    self.session.game.describe(before, entry.action, lang)
                    if lang != "en"
                    else self.session.game.describe(before, entry.action)
                )
                name = self._seat_name(entries[0].state, entry.seat)
                lines.append(
                    f"{name}: {said}"
                    if not entry.bot
                    else f"{self._t('bot_badge', 'Bot')} {name}: {said}"
                )
            for line in reversed(self._lines(entry)):
                text = self._words(line)
                # another player's line (Ann paying for a trade the bot accepted) is not
                # the bot's: no badge
                others = (n for n in names if n != who and text.startswith(n + " "))
                if who and next(others, None) is None:
                    bot = self._t("bot_badge", "Bot")
                    rest = text.removeprefix(who + " ") if text.startswith(who + " ") else text
                    text = f"{bot} {who}: {rest}"
                lines.append(text)
            if (entry.action is not None and not entry.bot) or len(lines) >= most:
                break
        return lines[:most][::-1]

    def people_to_act(self) -> bool:
        """Whether a person (not a bot) is to act at the position shown."""
        return bool(self.session.legal()) and not self.session.bot_to_act()

    @property
    def state(self) -> Any:
        """The position shown (an immutable engine state)."""
        return self.session.state


__all__ = ["LOAD_WORDS", "GameTable", "LoadError", "Reply", "SetupForm", "since_last_person"]
