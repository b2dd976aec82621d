"""``PlayPanel``: the side panel of a play table (players, actions as buttons, event log).

It draws what the table sends and turns a click into an intent; the table checks every
intent with the engine. Click safety: every redraw of the decisions bumps ``view``; the page
sends the ``view`` its buttons were drawn for, and an intent made for an older view is
ignored (the page also ignores clicks for ``GUARD_MS`` after a redraw). A new decision never
appears under the pointer of the mouse click that led to it: a "Just done: ..." line takes
that spot and the new buttons go below it, for as long as that view is shown. Used by
:class:`~widgets.play_alfredopoly.AlfredopolyTable` and
:class:`~widgets.play_almamater.AlmaMaterTable`.

>>> seen = []
>>> panel = PlayPanel(on_act=seen.append)
>>> panel.set_state({"intent": {"kind": "act", "action": {"type": "RollDice"}, "seq": 1}})
>>> seen
[{'type': 'RollDice'}]
>>> PlayPanel(lang="de").words["log"]
'Protokoll'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import traitlets

from gamekit.core.errors import IllegalAction
from gamekit.core.events import Words, core_phrases
from widgets.base import GameWidget, asset


def _refused(kind: str, **fields: Any) -> IllegalAction:
    """A refusal of a forged or out-of-place request, in words (``core.panel.<kind>``), so a
    German table says it in German."""
    return core_phrases().refused(Words(f"core.panel.{kind}", **fields))


GUARD_MS = 450  # clicks this soon after the decisions were redrawn are ignored by the page
ANSWER_WAIT_MS = 20_000  # a click unanswered this long is said to be unanswered

#: The panel's own words (the buttons, prompts and log heading it draws itself), by
#: language; the table's words (status, actions, log lines) come from the table.
PANEL_WORDS: dict[str, dict[str, str]] = {
    "en": {},  # the English words are the front end's defaults
    "de": {
        "step": "Bots schrittweise (jede Bot-Entscheidung wartet auf einen Klick)",
        "branch_yes": "Neuen Zweig beginnen",
        "branch_no": "Aufgezeichnete Züge behalten",
        "pick": "Wähle ein Feld (hier oder auf dem Spielplan), dann eine seiner Möglichkeiten:",
        "choose": "eine Möglichkeit wählen",
        "selected": "Ausgewählt",
        "just_done": "Eben erledigt:",
        "log": "Protokoll",
        "log_fresh": "Protokoll (hervorgehoben: was seit der letzten Entscheidung eines "
        "Menschen geschah)",
        "bot_badge": "Bot",
        "bot_next": "Bot: nächste Aktion",
        "bot_turn": "Bot: Zug beenden",
        "bots_on": "Bots: weiterspielen",
        "bots_on_tip": "Bots spielen, bis ein Mensch an der Reihe ist (oder das Spiel endet)",
        "bots_stopped": "Nach {steps} Bot-Zügen angehalten (eine Sicherheitsgrenze); "
        "„Bots: weiterspielen“ noch einmal drücken, um fortzufahren.",
        # the table's own controls and notes (widgets/table.py)
        "history": "Verlauf",
        "save": "Spiel speichern",
        "save_tip": "das Spiel (mit seinem Verlauf) als JSON speichern",
        "load": "Spiel laden",
        "dice_shown": "Würfel: {who} würfelte {dice}",
        "looking_back": "Rückblick auf Zug {position} von {last}. Der aufgezeichnete Zug wird mit "
        "seinen Würfeln wiederholt; ein anderer Zug fragt, bevor er einen neuen Zweig beginnt.",
        "bot_waits": "{who} (Bot) ist am Zug: „Bot: nächste Aktion“ klicken",
        "bot_acts": "{who} (Bot) ist am Zug",
        "undo": "Zweig rückgängig machen ({moves} Zug/Züge zurückholen)",
        "branch_ask": "„{action}“ weicht vom aufgezeichneten Zug ab. Hier einen neuen Zweig "
        "beginnen? Die {later} späteren Züge werden beiseitegelegt (Rückgängig holt sie "
        "zurück).",
        "branch_kept": "Kein neuer Zweig: die aufgezeichneten Züge bleiben.",
        "branch_undone": "Der Zweig ist rückgängig gemacht: {back} aufgezeichnete Züge sind "
        "zurück.",
        "undo_last": "Meine letzte Entscheidung zurücknehmen",
        "undone": "Zurückgenommen: {action}. {who} entscheidet noch einmal.",
        "undo_none": "noch keine Entscheidung eines Menschen zum Zurücknehmen",
        "latest": "Eben geschehen",
        "log_label": "Protokoll des Spiels",
        "end_now": "Spiel jetzt beenden",
        "end_ask": "Das Spiel jetzt beenden? Es gewinnt, wer den höchsten {score} hat.",
        "end_yes": "Spiel jetzt beenden",
        "end_no": "Weiterspielen",
        "end_over": "das Spiel ist schon zu Ende",
        "ended_teacher": "von der Lehrkraft beendet",
        "time_limit": "Zeitlimit",
        "score_name": "Punktestand",
        "turn_heading": "Zug {turn}",
        "load_tip": "ein mit „Spiel speichern“ geschriebenes Spiel (JSON) laden",
        "download_again": "gespeichert als {name} (noch einmal)",
        "one_option": "1 Möglichkeit",
        "options": "{n} Möglichkeiten",
        # a file that could not be loaded (shown next to the Load button)
        "load_failed": "Nicht geladen: {why}",
        "loaded": "{name} geladen.",
        "load_not_json": "{name} ist keine JSON-Datei ({problem})",
        "json_at": "Fehler in Zeile {line}, Spalte {column}",
        "json_bad": "kein gültiges JSON",
        "load_not_saved": "{name} ist kein gespeichertes Campus-Gamekit-Spiel",
        "load_version": "{name} hat die Version {version}; dieses Kit liest Version {expected}",
        "load_game": "{name} ist ein Spiel von {game}, dieser Tisch spielt {table}",
        "load_fact": "{name}: {key} {value}, aber dieser Tisch hat {expected}",
        "load_history": "{name}: der Verlauf lässt sich nicht nachspielen ({problem})",
        "load_extra": "{name}: Zusatzdaten fehlerhaft ({problem})",
        "fact_players": "Spieler",
        "no_answer": "Seit {s} s keine Antwort vom Kernel: er ist vielleicht beschäftigt oder "
        "angehalten. Warten oder die Seite neu laden.",
        "answer_late": "Der Kernel hat nach {s} s geantwortet: der Tisch ist wieder bereit.",
        "ignored": "Dieser Klick galt Knöpfen, die sich schon geändert hatten; er wurde "
        "übergangen.",
        "load_too_large": "{name}: {size} Bytes, mehr als ein gespeichertes Spiel haben darf "
        "({limit} Bytes)",
        "load_view": "{name}: das Spiel ließ sich nicht zeigen ({problem}); dieser Tisch behält "
        "sein Spiel",
    },
}


class PlayPanel(GameWidget):
    """Players, legal actions and the event log of one game.

    ``actions`` items: ``{"label", "action" (struct), "group": "main" | "manage" | "later",
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
    fresh = traitlets.Int(0).tag(sync=True)  # the last lines: everything since a person acted
    view = traitlets.Int(0).tag(sync=True)  # bumped at every redraw of the decisions
    guard_ms = traitlets.Int(GUARD_MS).tag(sync=True)
    # a click not answered for this long: the panel says so in words (``no_answer``) and
    # that the user may wait or reload; an answer that comes later still counts
    answer_wait_ms = traitlets.Int(ANSWER_WAIT_MS).tag(sync=True)
    step_bots = traitlets.Bool(False).tag(sync=True)  # each bot decision waits for a click
    show_step_toggle = traitlets.Bool(True).tag(sync=True)
    dice_note = traitlets.Unicode("").tag(sync=True)  # "Cy rolled 3+4"
    confirm = traitlets.Unicode("").tag(sync=True)  # a question (start a branch?) or ""
    confirm_yes = traitlets.Unicode("").tag(sync=True)  # its answers ("": a new branch's)
    confirm_no = traitlets.Unicode("").tag(sync=True)
    undo_label = traitlets.Unicode("").tag(sync=True)  # "Undo the branch ..." or ""
    undo_last_label = traitlets.Unicode("").tag(sync=True)  # "Undo my last decision" or ""
    # what just happened, at the panel's top beside the decisions (newest last)
    latest = traitlets.List(traitlets.Unicode()).tag(sync=True)
    log_turns = traitlets.List().tag(sync=True)  # [[line index, "Round 2 · Bo"], ...]
    download = traitlets.Dict().tag(sync=True)  # {"name", "data" (base64), "n"}: save at once
    pick_first = traitlets.Bool(False).tag(sync=True)  # choose a space, then its options
    lang = traitlets.Unicode("en").tag(sync=True)  # the language of the panel's own words
    words = traitlets.Dict().tag(sync=True)  # PANEL_WORDS[lang], set from ``lang``
    # "Load a game" (the table's button): the page reads the chosen file itself and sends a
    # "load_file" intent: its text, or only its size when it is over `max_upload` bytes (the
    # server would drop so large a message, and no word would come back); 0: the stock way
    max_upload = traitlets.Int(0).tag(sync=True)
    on_file: Callable[[str, Any, Any], Any] | None = None

    def __init__(
        self,
        *,
        on_act: Callable[[dict[str, Any]], Any] | None = None,
        on_bot: Callable[[str], Any] | None = None,
        on_confirm: Callable[[bool], Any] | None = None,
        on_undo: Callable[[], Any] | None = None,
        on_undo_last: Callable[[], Any] | None = None,
        **traits: Any,
    ) -> None:
        super().__init__(**traits)
        self._on_undo_last = on_undo_last
        self._on_act = on_act
        self._on_bot = on_bot
        self._on_confirm = on_confirm
        self._on_undo = on_undo
        self.ignored = 0  # intents ignored as made for an older view (a count, for tests)
        self.words = dict(PANEL_WORDS[self.lang])

    @traitlets.validate("lang")
    def _check_lang(self, proposal: dict[str, Any]) -> str:
        if proposal["value"] not in PANEL_WORDS:
            known = ", ".join(sorted(PANEL_WORDS))
            raise traitlets.TraitError(f"lang must be one of {known}, not {proposal['value']!r}")
        return str(proposal["value"])

    @traitlets.observe("lang")
    def _lang_changed(self, change: dict[str, Any]) -> None:
        self.words = dict(PANEL_WORDS[change["new"]])

    def stale(self, intent: dict[str, Any]) -> bool:
        """Whether ``intent`` was made for an older view of the decisions (then it is
        ignored). Intents without a ``view`` (from Python) are never stale."""
        view = intent.get("view")
        return isinstance(view, int) and not isinstance(view, bool) and view != self.view

    def _ignore(self) -> str:
        self.ignored += 1
        english = "That click was made on buttons that had already changed, so it was ignored."
        said = self.words.get("ignored", english)  # the panel's language (page-set: text only)
        return said if isinstance(said, str) else english

    def _intent_act(self, intent: dict[str, Any]) -> Any:
        action = intent.get("action")
        if not isinstance(action, dict) or self._on_act is None:
            raise _refused("no_action")
        if self.stale(intent):
            return self._ignore()
        return self._on_act(action)

    def _intent_bot(self, intent: dict[str, Any]) -> Any:
        until = intent.get("until", "step")
        if until not in ("step", "turn", "person") or self._on_bot is None:
            raise _refused("bot", until=repr(until)[:80])
        if self.stale(intent):
            return self._ignore()
        return self._on_bot(until)

    def _intent_confirm(self, intent: dict[str, Any]) -> Any:
        if self._on_confirm is None or not self.confirm:
            raise _refused("no_confirm")
        if self.stale(intent):
            return self._ignore()
        return self._on_confirm(bool(intent.get("yes")))

    def _intent_undo(self, intent: dict[str, Any]) -> Any:
        if self._on_undo is None:
            raise _refused("no_undo")
        if self.stale(intent):
            return self._ignore()
        return self._on_undo()

    def _intent_undo_last(self, intent: dict[str, Any]) -> Any:
        if self._on_undo_last is None:
            raise _refused("no_undo")
        if self.stale(intent):
            return self._ignore()
        return self._on_undo_last()

    def _intent_load_file(self, intent: dict[str, Any]) -> Any:
        if self.on_file is None:
            raise _refused("no_files")
        unnamed = core_phrases().text(Words("core.the_file"), self.lang)
        name = str(intent.get("name", unnamed))[:100]
        return self.on_file(name, intent.get("text"), intent.get("size"))

    def _repr_fields(self) -> dict[str, Any]:
        return {"title": self.title}
