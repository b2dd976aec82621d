"""The shared base of the kit's anywidget boards.

Every board is one Python class with its ``.js`` and ``.css`` beside it (read with
``pathlib`` as UTF-8, shipped in the wheel). A board syncs JSON structs and a few small
UI traits. What the user asks for (a click on an action, say) arrives through one
synced trait, ``intent``: the front end sets ``{"kind": ..., "seq": n, ...}`` and Python
validates it and answers. A rejected intent sets ``message`` and ``error`` and changes
nothing else. A widget with a ``lang`` (``"de"``) says why in that language, with the
kit's core words (``gamekit/core/phrases.toml``; a board may name a phrasebook of its own).

>>> class Demo(GameWidget):
...     def _intent_ping(self, intent):
...         return "pong"
>>> w = Demo()
>>> w.set_state({"intent": {"kind": "ping", "seq": 1}})
>>> w.message, w.error
('pong', False)
>>> w.set_state({"intent": {"kind": "fly", "seq": 2}})
>>> w.error, w.message
(True, "unknown request 'fly'")
>>> w.lang = "de"; w.set_state({"intent": {"kind": "fly", "seq": 3}}); w.message
"unbekannte Anfrage 'fly'"
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anywidget
import traitlets

from gamekit.core.errors import IllegalAction
from gamekit.core.events import LANGUAGES, Phrasebook, Words, core_phrases

HERE = Path(__file__).parent


def asset(name: str) -> str:
    """The text of a ``.js``/``.css`` file that ships beside this module (UTF-8).

    >>> "gk-" in asset("common.css")
    True
    """
    return (HERE / name).read_text(encoding="utf-8")


class GameWidget(anywidget.AnyWidget):
    """Base of the kit's boards: the ``intent`` channel, ``message``/``error``, a stable repr.

    Subclasses answer an intent of kind ``k`` with a method ``_intent_k(intent)``; it may
    return a message to show, and raises ``ValueError`` (for example ``IllegalAction``)
    to reject the intent.
    """

    _esm = "export default { render() {} };"
    _css = ""

    intent = traitlets.Dict().tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    error = traitlets.Bool(False).tag(sync=True)
    answered = traitlets.Int(0).tag(sync=True)  # the seq of the last intent handled

    def __init__(self, **kwargs: Any) -> None:
        unknown = sorted(k for k in kwargs if not self.has_trait(k))
        if unknown:
            raise TypeError(
                f"{type(self).__name__}() got unknown argument(s): {', '.join(unknown)}"
            )
        super().__init__(**kwargs)

    def say_error(self, error: BaseException) -> str:
        """How a refused intent's error is put into words: its ``words`` in the widget's
        language (:meth:`phrases`), else ``str(error)``. A table sets its own on its panel
        (``panel.say_error = ...``: the game's phrasebook, the players' names)."""
        words = getattr(error, "words", None)
        if not isinstance(words, Words):
            return str(error)
        try:
            return self.phrases().text(words, self.language())
        except KeyError:  # words of another book: the English the error was made with
            return str(error)

    def language(self) -> str:
        """The language the widget speaks (its ``lang``, where it has one), else English."""
        lang = getattr(self, "lang", "en")
        return lang if lang in LANGUAGES else "en"

    def phrases(self) -> Phrasebook:
        """The phrasebook of the widget's own refusals (the kit's core words; a board of a
        game may name its game's book, which holds them too)."""
        return core_phrases()

    def refusal(self, words: Words) -> str:
        """``words`` in the widget's language, at most 300 characters (shown as text)."""
        return self.phrases().text(words, self.language())[:300]

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """State sent by the page. A value a trait refuses (a forged message: a space that
        does not exist, text for a number) is refused with a reason in the message line,
        and the page gets the kernel's values back; it never raises into the kernel."""
        try:
            super().set_state(sync_data)
        except traitlets.TraitError as exc:
            keys = ", ".join(repr(k) for k in sorted(sync_data) if isinstance(k, str))[:200]
            words = Words("core.page.value", detail=str(exc)[:270], keys=keys)
            self.show_message(self.refusal(words), error=True)
            self.send_state([k for k in sync_data if k in self.keys])

    @traitlets.observe("intent")
    def _on_intent(self, change: dict[str, Any]) -> None:
        intent = change["new"]
        if not intent:
            return
        self.handle_intent(intent)

    def handle_intent(self, intent: dict[str, Any]) -> bool:
        """Validate and carry out one intent; returns whether it was accepted."""
        kind = intent.get("kind")
        handler = getattr(self, f"_intent_{kind}", None) if isinstance(kind, str) else None
        try:
            if handler is None:
                raise IllegalAction(
                    f"unknown request {kind!r}",
                    words=Words("core.page.unknown", kind=repr(kind)[:80]),
                )
            answer = handler(intent)
        except ValueError as exc:  # IllegalAction, bad data: shown, never raised into the UI
            self.show_message(self.say_error(exc), error=True)
            ok = False
        except (TypeError, KeyError, IndexError, AttributeError, OverflowError) as exc:
            # a forged message of the wrong shape: refused with a reason, never raised
            words = Words("core.page.shape", detail=str(exc)[:250])
            self.show_message(self.refusal(words), error=True)
            ok = False
        else:
            self.show_message(answer or "", error=False)
            ok = True
        # always answer, even when nothing visible changed, so the page stops waiting
        seq = intent.get("seq")
        known = isinstance(seq, int) and not isinstance(seq, bool)
        self.answered = seq if known else self.answered + 1
        return ok

    def show_message(self, text: str, *, error: bool = False) -> None:
        """Show ``text`` under the board (an error in red)."""
        with self.hold_sync():
            self.message = text
            self.error = error

    def export_picture(self) -> str | None:
        """A still picture of what the widget shows (HTML or inline SVG), or ``None``.

        It rides along in the widget's display bundle as ``text/html``: JupyterLab and
        Voila draw the live widget (its renderer ranks first), while a notebook exported
        without widget state (``jupyter nbconvert --to html``), or opened on a code host,
        shows this picture in its place."""
        return None

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return with_still(super()._repr_mimebundle_(**kwargs), self.export_picture)

    def _repr_fields(self) -> dict[str, Any]:
        return {}

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={v!r}" for k, v in self._repr_fields().items())
        return f"{type(self).__name__}({fields})"


def with_still(bundle: Any, picture: Any) -> Any:
    """A widget's display ``bundle`` with ``picture()`` (HTML, or ``None``) as its
    ``text/html``: JupyterLab and Voila draw the live widget (its renderer ranks first),
    while an export without widget state shows the picture (see
    :meth:`GameWidget.export_picture`). Containers (a play table, a panel) use it too."""
    if bundle is None:
        return bundle
    still = picture()
    if still is None:
        return bundle
    data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
    return {**data, "text/html": still}, metadata
