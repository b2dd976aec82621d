"""A load through the table's Load button is atomic, and a forged message from the page
reaches nothing (issue 26): headless, through the same handlers the page calls.

The Load button's handler is ``GameTable._uploaded`` (the ``FileUpload`` widget's value
observer); page messages arrive as ``set_state`` of the widgets (an ``intent`` of the panel,
the slider's ``value``, a board's ``selected``).
"""

from __future__ import annotations

import datetime
import json
from pathlib import Path
from typing import Any

import pytest

import gamekit.core.data as data_module
from gamekit.alfredopoly.actions import Mortgage, RollDice
from widgets.play_alfredopoly import AlfredopolyTable
from widgets.play_almamater import AlmaMaterTable
from widgets.table import MAX_SAVE_BYTES


def upload(table: Any, content: bytes, name: str = "game.json") -> None:
    """What the Load button does with a chosen file."""
    when = datetime.datetime(2026, 1, 1, tzinfo=datetime.UTC)
    item = {"name": name, "type": "application/json", "size": len(content), "last_modified": when}
    table.upload.value = ({**item, "content": memoryview(content)},)


def alfredopoly(**kw: Any) -> AlfredopolyTable:
    return AlfredopolyTable(["Ann", "Bo"], seed=1, bots={"Bo": "buy_all"}, **kw)


def with_cash(text: str, cash: int) -> bytes:
    data = json.loads(text)
    for where in ("start", "final"):
        data["history"][where]["state"]["players"][0]["cash"] = cash
    return json.dumps(data).encode()


def kept_and_working(table: AlfredopolyTable, before: Any) -> None:
    """The table shows its game, says why in red, and the next click works."""
    assert table.state == before
    assert table.panel.error and table.file_note.value.startswith("Could not load: game.json")
    table.panel.set_state({"intent": {"kind": "act", "action": RollDice().to_struct()}})
    assert not table.panel.error, table.panel.message
    assert table.state != before


@pytest.mark.parametrize("cash", [2**63, 10**12])
def test_a_save_with_impossible_cash_is_refused_and_every_later_click_works(cash: int) -> None:
    """The issue's case: cash 2**63 passed the checks, the money chart's redraw raised after
    the game was replaced, and every later click raised."""
    t = alfredopoly()
    t.money_chart()
    saved = t.save_json()
    before = t.state
    upload(t, with_cash(saved, cash))
    kept_and_working(t, before)
    assert "state.players[0].cash" in t.file_note.value


def test_a_view_that_cannot_draw_the_loaded_game_keeps_the_old_one() -> None:
    """Whatever the redraw cannot draw (here: a chart that fails on the loaded game) puts
    the old game back, says why, and leaves the table working."""
    source = alfredopoly()
    source.roll(3, 4)
    t = alfredopoly()
    before = t.state
    t._live.append(lambda: t.session.state != before and 1 / 0)
    upload(t, source.save_json().encode())
    assert "the game could not be shown (division by zero)" in t.file_note.value
    t._live.clear()
    kept_and_working(t, before)
    assert t.history.max == 1


def test_a_12_mb_upload_is_refused_by_size_before_parsing(monkeypatch: Any) -> None:
    t = alfredopoly()
    before = t.state
    parsed: list[int] = []
    monkeypatch.setattr("widgets.table.parse_json", lambda text, name: parsed.append(len(text)))
    upload(t, b" " * 12_000_000)
    assert parsed == []
    assert t.file_note.value == (
        f"Could not load: game.json: 12,000,000 bytes, more than a saved game may have "
        f"({MAX_SAVE_BYTES:,} bytes)"
    )
    kept_and_working(t, before)


def test_a_path_in_an_uploaded_save_is_never_read(tmp_path: Path, monkeypatch: Any) -> None:
    secret = tmp_path / "board.toml"
    secret.write_text('private_key_name = "x"\n')
    opened: list[str] = []
    real = data_module.read_text
    monkeypatch.setattr(data_module, "read_text", lambda p: opened.append(str(p)) or real(p))
    t = alfredopoly()
    data = json.loads(t.save_json())
    for where in ("start", "final"):
        data["history"][where]["options"]["board"] = str(secret)
    before = t.state
    upload(t, json.dumps(data).encode())
    assert opened == [] and "private_key_name" not in t.file_note.value
    assert "other rules than this table" in t.file_note.value
    kept_and_working(t, before)


def test_a_forged_message_cannot_act_for_a_bot() -> None:
    """Bo is a bot: a message mortgaging Bo's property is refused with a reason."""
    t = AlfredopolyTable(["Ann", "Bo"], seed=3, bots={"Bo": "buy_all"})
    for _ in range(200):  # Ann ends her turns until the bot owns a property
        if 1 in t.state.owner:
            break
        legal = t.session.legal()
        t.act(next((a for a in legal if type(a).__name__ == "DeclineBuy"), legal[0]))
    space = t.state.owner.index(1)
    before = t.state
    forged = Mortgage(space=space, player=1).to_struct()
    assert t.session.game.step(t.state, Mortgage(space=space, player=1))  # the rules allow it
    t.panel.set_state({"intent": {"kind": "act", "action": forged, "seq": 7}})
    assert t.state == before and t.panel.error
    assert t.panel.message == "Bo is played by a bot: a bot's seat acts only through the bot step"
    assert t.panel.answered == 7


@pytest.mark.parametrize(
    "state",
    [
        {"value": 10**9, "max": 10**9},  # the history slider past the history
        {"value": -5},
    ],
)
def test_a_forged_slider_value_is_refused_and_the_slider_put_back(state: dict[str, Any]) -> None:
    t = alfredopoly()
    t.roll(3, 4)
    t.history.set_state(state)
    assert t.session.position == t.history.value <= t.history.max == len(t.session.history) - 1


@pytest.mark.parametrize(
    ("widget", "state"),
    [
        ("board", {"selected": 999}),
        ("board", {"selected": "x"}),
        ("panel", {"step_bots": "x"}),
        ("panel", {"lang": "xx"}),
    ],
)
def test_a_bad_trait_value_from_the_page_is_refused_with_a_reason(
    widget: str, state: dict[str, Any]
) -> None:
    t = alfredopoly()
    before = {k: getattr(getattr(t, widget), k) for k in state}
    getattr(t, widget).set_state(state)  # raised a TraitError into the kernel before
    assert {k: getattr(getattr(t, widget), k) for k in state} == before
    assert (
        getattr(t, widget).error and "refused a value from the page" in getattr(t, widget).message
    )


def test_page_set_words_never_raise() -> None:
    """The panel's ``words`` are synced: the page can set any; a word that is not text with
    the English fields is replaced by the English one."""
    t = alfredopoly()
    t.roll(1, 2)  # onto a property: buy it or not
    buy, decline = (next(a for a in t.session.legal() if type(a).__name__ == kind)
                    for kind in ("BuySpace", "DeclineBuy"))  # fmt: skip
    t.act(buy)
    t.panel.set_state(
        {"words": {"branch_ask": "{action.__class__} {nope}", "load_failed": 5, "loaded": "{"}}
    )
    t.history.value = 1  # back, then a different move: the new-branch question
    t.act(decline)
    assert "differs from the recorded move" in t.panel.confirm
    upload(t, b"{}")
    assert t.file_note.value.startswith("Could not load: game.json: not a saved")


def test_the_money_charts_cache_is_bounded_across_loads() -> None:
    """About 200 KB per load stayed in the money rows' cache, for good."""
    source = alfredopoly()
    for _ in range(10):
        source.act(source.session.legal()[0])
    text = source.save_json()
    t = alfredopoly()
    t.money_chart()
    for _ in range(15):
        t.load_json(text)
    assert len(t._money_rows) <= 3 * len(t.session.history) + 64


def test_an_alma_mater_upload_with_impossible_ducats_keeps_the_game() -> None:
    t = AlmaMaterTable(["Ann", "Bo"], seed=1)
    data = json.loads(t.save_json())
    for where in ("start", "final"):
        data["history"][where]["state"]["players"][1]["ducats"] = 10**9
    before = t.state
    upload(t, json.dumps(data).encode())
    assert t.state == before and "state.players[1].ducats" in t.file_note.value


def test_the_page_sends_only_the_size_of_a_file_too_large_to_send() -> None:
    """In the browser the Load button's file is read by the page (play_panel.js): a file
    over ``max_upload`` is not sent (the server drops a 12 MB message and no word came
    back); its name and size are, and the table says why. A small file is sent as text."""
    source = alfredopoly()
    source.roll(3, 4)
    t = alfredopoly()
    assert t.panel.max_upload == MAX_SAVE_BYTES
    before = t.state
    intent = {"kind": "load_file", "name": "big.json", "size": 12_000_000, "seq": 1}
    t.panel.set_state({"intent": intent})
    assert t.state == before and t.panel.error
    assert (
        t.file_note.value
        == t.panel.message
        == (
            "Could not load: big.json: 12,000,000 bytes, more than a saved game may have "
            f"({MAX_SAVE_BYTES:,} bytes)"
        )
    )
    text = source.save_json()
    intent = {"kind": "load_file", "name": "g.json", "size": len(text), "text": text, "seq": 2}
    t.panel.set_state({"intent": intent})
    assert t.state == source.state and t.file_note.value == "Loaded g.json."


@pytest.mark.parametrize("game", ["alfredopoly", "almamater"])
def test_a_save_loaded_after_end_the_game_now_is_played_on(game: str) -> None:
    """Save, "End the game now", then Load that save (a lecturer's trial): the loaded game
    is not the ended one, so it has decisions again; a load refused after the end keeps
    the ended game as it was."""
    if game == "alfredopoly":
        table: Any = alfredopoly()
    else:
        table = AlmaMaterTable(["Ann", "Bo"], seed=1)
    saved = table.save_json()
    table.end_now()
    assert table.panel.actions == [] and table.early_outcome() is not None
    with pytest.raises(ValueError):
        table.load_json("{}")
    assert table.panel.actions == [] and table.early_outcome() is not None  # kept as it was
    table.load_json(saved)
    assert table.early_outcome() is None and table.panel.actions


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "not a position of this game (boom)"),
        ("de", "ein Eintrag passt nicht zu diesem Spiel"),
    ],
)
def test_a_position_the_engine_cannot_replay_is_said_in_the_table_s_language(
    lang: str, said: str, monkeypatch: Any
) -> None:
    """The engine failing on an edited position (an index out of range, say) is refused with
    the kit's words: a German table says no Python English inside its German sentence."""
    import widgets.session

    table = AlfredopolyTable(["Ann", "Bo"], seed=1, lang=lang)
    saved = table.save_json()

    def boom(self: Any, data: Any) -> None:
        raise IndexError("boom")

    monkeypatch.setattr(widgets.session.Session, "restore", boom)
    with pytest.raises(ValueError) as refused:
        table.load_json(saved, name="g.json")
    message = refused.value.words(table.panel.words, lang)  # type: ignore[attr-defined]
    assert said in message and ("boom" in message) == (lang == "en"), message
