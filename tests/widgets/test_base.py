"""The widget base: one intent channel, validated in Python, illegal intents shown."""

from __future__ import annotations

import pytest

from gamekit.core.errors import IllegalAction
from widgets.base import GameWidget, asset


class Counter(GameWidget):
    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def _intent_add(self, intent):
        if intent.get("n", 0) < 0:
            raise IllegalAction("cannot add a negative number")
        self.count += intent["n"]
        return f"now {self.count}"


def test_intent_from_the_front_end_is_carried_out() -> None:
    w = Counter()
    w.set_state({"intent": {"kind": "add", "n": 2, "seq": 1}})
    assert w.count == 2 and w.message == "now 2" and not w.error


def test_illegal_intent_is_a_message_and_changes_nothing() -> None:
    w = Counter()
    w.set_state({"intent": {"kind": "add", "n": -1, "seq": 1}})
    assert w.count == 0 and w.error and "negative" in w.message
    w.set_state({"intent": {"kind": "launch", "seq": 2}})
    assert w.error and "launch" in w.message


def test_unknown_constructor_argument_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="colour"):
        GameWidget(colour="red")


def test_repr_is_stable() -> None:
    assert repr(Counter()) == "Counter()"


def test_assets_are_utf8_and_namespaced() -> None:
    css = asset("common.css")
    assert ".gk-" in css
    js = asset("common.js")
    assert "innerHTML" not in js and "http" not in js.replace("http://www.w3.org/2000/svg", "")


def test_every_intent_is_answered_even_a_repeated_error() -> None:
    w = Counter()
    w.set_state({"intent": {"kind": "add", "n": -1, "seq": 1}})
    first = w.message
    w.set_state({"intent": {"kind": "add", "n": -1, "seq": 2}})
    assert w.message == first and w.answered == 2  # the page stops waiting on `answered`
