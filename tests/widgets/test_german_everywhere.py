"""The last English words on a German table (issues 24 and 25): the Alfredopoly board's own
words (prices, the Probation cell, the mortgage mark, the skip link, the deed card, what a
screen reader hears), the saved file's name, a cut value's length, a file's size, the money
chart's tooltip and the refusals a forged message from the page gets back, for both games.
Seeded games of both are played on German tables and every text their widgets send to the
page is scanned for English words outside data names; the English table stays word for
word. The page itself (the board's SVG, the tooltips, the download) is scanned in the
browser: tests/browser/test_german_tables.py."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import altair as alt
import pandas as pd
import pytest
import vl_convert

from gamekit.core.events import core_phrases
from gamekit.core.structs import short_repr
from tests.alfredopoly.test_german_words import english_words as alfredopoly_english
from tests.almamater.test_words import english_words as almamater_english
from tests.widgets.test_alfredopoly_german import data_names
from tests.widgets.test_alfredopoly_german import play as play_alfredopoly
from tests.widgets.test_almamater_german import play as play_almamater
from widgets.alfredopoly_board import AlfredopolyBoard, board_words
from widgets.base import GameWidget
from widgets.charts import money_chart, score_breakdown_chart, to_svg
from widgets.play_alfredopoly import AlfredopolyTable
from widgets.play_almamater import AlmaMaterTable
from widgets.session import seat_names

HERE = Path(__file__).resolve().parents[2] / "widgets"
_seq = iter(range(1, 10**6))

# synced keys that hold no text a person reads: code, layout, internal keys the page uses
# as classes or values (a heat format, an action's struct, a colour's name)
INTERNAL = {"_esm", "_css", "_model_module", "_view_module", "_model_name", "_view_name",
            "_model_module_version", "_view_module_version", "_dom_classes", "layout", "style",
            "tabbable", "spaces", "data", "heat_format", "group", "action", "lang", "phase",
            "colour", "button_style", "bar_style", "orientation", "behavior", "accept",
            "readout_format", "icon", "kind"}  # fmt: skip


def widgets_of(widget: Any, seen: set[int] | None = None) -> Iterator[Any]:
    """``widget`` and every widget inside it."""
    seen = set() if seen is None else seen
    if id(widget) in seen:
        return
    seen.add(id(widget))
    yield widget
    for child in getattr(widget, "children", ()) or ():
        yield from widgets_of(child, seen)


def strings(value: Any, out: list[str]) -> list[str]:
    """Every text in a widget's synced state (templates without their {fields})."""
    if isinstance(value, str):
        out.append(re.sub(r"\{[^}]*\}", " ", value))
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in INTERNAL:
                strings(item, out)
    elif isinstance(value, list | tuple):
        for item in value:
            strings(item, out)
    return out


def page_texts(table: Any) -> list[str]:
    """What the table's widgets send to the page as text."""
    out: list[str] = []
    for widget in widgets_of(table):
        strings({k: v for k, v in widget.get_state().items() if k not in INTERNAL}, out)
    return out


def english(text: str, names: tuple[str, ...]) -> set[str]:
    """English words of either game's phrasebook outside data names ``names``."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    return (alfredopoly_english(text) | almamater_english(text)) - GERMAN_TOO


GERMAN_TOO = {"was"}
"""English template words that are German words too ("was": what)."""


def forge(widget: GameWidget) -> list[str]:
    """Forged messages a page may send a widget; what it answers each (an error)."""
    said = []
    for message in (
        {"intent": {"kind": "fly", "seq": next(_seq)}},  # an unknown request
        {"intent": {"kind": "act", "action": {"type": "Fly"}, "seq": next(_seq)}},  # no action
        {"intent": {"kind": "select", "index": "x", "seq": next(_seq)}},  # not a space
        {"intent": {"kind": "select", "index": 99, "seq": next(_seq)}},  # no such space
        {"intent": 5},  # not a request at all
        {"intent": {"kind": "act", "seq": next(_seq)}},  # a play panel: no action given
        {"intent": {"kind": "bot", "until": "fly", "seq": next(_seq)}},  # no such bot request
        {"intent": {"kind": "confirm", "yes": True, "seq": next(_seq)}},  # nothing to confirm
        {"intent": {"kind": "load_file", "text": None, "seq": next(_seq)}},  # no file, no name
        {"selected": "x", "size": "big", "can_act": "yes"},  # values no trait takes
    ):
        widget.set_state({k: v for k, v in message.items() if k == "intent" or widget.has_trait(k)})
        if widget.message:
            assert widget.error, (type(widget).__name__, message, widget.message)
            said.append(widget.message)
    return said


@pytest.fixture(scope="module")
def tables() -> dict[str, Any]:
    """Seeded games of both, on German tables and on an English one."""
    a = AlfredopolyTable(["Ann", "Bo", "Cy"], bots={"Cy": "builder"}, seed=11, lang="de",
                         starting_cash=400)  # fmt: skip
    play_alfredopoly(a, 120, seed=11)
    a._offer_download()
    m = AlmaMaterTable(["Ann", "Bo", "Cy"], bots={1: "greedy"}, seed=3, lang="de")
    play_almamater(m, 60)
    m._offer_download()
    e = AlfredopolyTable(["Ann", "Bo", "Cy"], bots={"Cy": "builder"}, seed=11, starting_cash=400)
    play_alfredopoly(e, 40, seed=11)
    e._offer_download()
    return {"alfredopoly": a, "almamater": m, "english": e}


def test_every_text_the_german_tables_send_is_german(tables: dict[str, Any]) -> None:
    a, m = tables["alfredopoly"], tables["almamater"]
    assert a.board.lang == "de" and a.board.words == board_words("de")  # the table's language
    names = (*data_names(a), "alfredopoly", "almamater", "Ann", "Bo", "Cy")
    seen = {game: page_texts(t) for game, t in (("alfredopoly", a), ("almamater", m))}
    for game, table in (("alfredopoly", a), ("almamater", m)):
        for widget in widgets_of(table):
            if isinstance(widget, GameWidget):
                seen[game] += forge(widget)
    assert sum(len(t) for t in seen["alfredopoly"]) > 20_000
    assert sum(len(t) for t in seen["almamater"]) > 20_000
    for game, texts in seen.items():
        for text in texts:
            assert not english(text, names), (game, text, english(text, names))
    # the board's words, the file's name and the refusals are among what was scanned
    shown = seen["alfredopoly"]
    assert "Zu den Aktionen springen" in shown and "DRIN" in shown
    assert any(re.fullmatch(r"alfredopoly-spiel-\d+-zuege\.json", t) for t in shown)
    assert any(t.startswith("ein Wert der Seite wurde abgelehnt") for t in shown)
    assert "unbekannte Anfrage 'fly'" in seen["almamater"]


def test_the_english_table_keeps_its_words(tables: dict[str, Any]) -> None:
    """The same checks find English on an English table (they can fail), and its words are
    the ones it always had."""
    e = tables["english"]
    texts = page_texts(e) + forge(e.board) + forge(e.panel)
    found = set().union(*(english(t, data_names(e)) for t in texts))
    assert {"actions", "refused", "request", "owned", "spaces"} <= found, found
    assert re.fullmatch(r"alfredopoly-game-\d+-moves\.json", e.panel.download["name"])
    board = AlfredopolyBoard()
    board.set_state({"selected": "x"})
    assert board.message.startswith("refused a value from the page: The 'selected' trait")
    board.set_state({"intent": {"kind": "fly", "seq": 1}})
    assert board.message == "unknown request 'fly'"


def test_the_board_script_draws_the_phrasebooks_english_before_its_words_arrive() -> None:
    """The board's script holds the phrasebook's English words as its defaults (a page
    whose state has no words: a notebook saved by an older kit); they are the same."""
    js = (HERE / "alfredopoly_board.js").read_text("utf-8")
    block = re.search(r"\nconst ENGLISH = (\{\n.*?\n\});\n", js, re.S)
    assert block, "the script has no English words"
    defaults = json.loads(re.sub(r",\n\}$", "\n}", block[1]))
    assert defaults == board_words("en")
    german = board_words("de")
    assert german.keys() == defaults.keys()
    assert german["core.money"] == "{amount:n}\u00a0$" and german["number"] == {
        "group": ".",
        "decimal": ",",
    }
    for key, text in german.items():  # every word German, the data names aside
        for line in text if isinstance(text, list) else [text] if isinstance(text, str) else []:
            assert not english(re.sub(r"\{[^}]*\}", " ", line), ("Academic Probation",)), key


def test_files_sizes_and_cut_values_are_said_in_the_tables_language(
    tables: dict[str, Any],
) -> None:
    a, e = tables["alfredopoly"], tables["english"]
    long = "x" * 150 + ".json"
    for table, word in ((a, "Zeichen"), (e, "characters")):
        assert not table._load_file(long, "{oops", 5)
        assert f"(155 {word})" in table.file_note.value, table.file_note.value
        assert not table._load_file("b.json", None, 5_000_000)
        size = "5.000.000" if table is a else "5,000,000"
        assert f"b.json: {size} " in table.file_note.value, table.file_note.value
    cut = short_repr("y" * 100, most=10)
    assert str(cut) == "'yyyyyyy… (102 characters)"
    assert core_phrases().text(cut.words, "de") == "'yyyyyyy… (102 Zeichen)"  # type: ignore[attr-defined]
    huge = short_repr(10**60)
    assert core_phrases().text(huge.words, "de") == "eine riesige Zahl"  # type: ignore[attr-defined]
    with pytest.raises(ValueError) as refused:  # a player's name too long, cut in the reason
        seat_names(["z" * 60, "Bo"], [])
    assert "(62 characters) is 60 characters long" in str(refused.value)
    german = core_phrases().text(refused.value.words, "de")  # type: ignore[attr-defined]
    assert german == f"Spieler 1: '{'z' * 37}… (62 Zeichen) ist 60 Zeichen lang (höchstens 40)"


def test_the_money_charts_tooltip_writes_money_the_tables_way(tables: dict[str, Any]) -> None:
    """The tooltip's format with the chart's number locale, drawn by Vega (vl-convert) as
    text: German "1.234 $" as the log writes money, English "$1,234" as before."""
    frame = tables["alfredopoly"].money_frame()
    for lang, expected in (("de", "1.234\u00a0$"), ("en", "$1,234")):
        spec = money_chart(frame, x="turn", lang=lang).to_dict()
        tip = next(t for t in spec["encoding"]["tooltip"] if t["field"] == "money")
        probe = (
            alt.Chart(pd.DataFrame({"v": [1234]}))
            .mark_text()
            .encode(text=alt.Text("v:Q", format=tip["format"]))
        )
        drawn = probe.to_dict()
        locale = spec.get("config", {}).get("locale")
        assert (locale is None) == (lang == "en")  # English: Vega's own format, as before
        if locale is not None:
            drawn["config"] = {**drawn.get("config", {}), "locale": locale}
        svg = vl_convert.vegalite_to_svg(json.dumps(drawn))
        assert f">{expected}<" in svg.replace("&#160;", "\u00a0"), (lang, svg[-400:])


def test_what_a_screen_reader_hears_of_the_german_charts(tables: dict[str, Any]) -> None:
    """Each point and bar of the German charts is described in German (money as the table
    writes it), and so is the title ("Überschrift: ...", not Vega's "Title text '...'");
    Vega's English descriptions of axes and legends are left out of what a screen reader
    reads, and the roles a still picture names (the chart's SVG, as a lesson exports it)
    are German ("Punkt", not "point"; Vega's "group mark container" too)."""
    money = tables["alfredopoly"].money_frame()
    scores = tables["almamater"].score_frame()
    names = (*data_names(tables["alfredopoly"]), "Ann", "Bo", "Cy")
    for lang in ("de", "en"):
        said, roles = [], []
        for chart in (money_chart(money, x="turn", lang=lang),
                      score_breakdown_chart(scores, lang=lang)):  # fmt: skip
            svg = to_svg(chart).replace("&#160;", "\u00a0")
            said += [html.unescape(t) for t in re.findall(r'aria-label="([^"]*)"', svg)]
            roles += [html.unescape(t) for t in re.findall(r'aria-roledescription="([^"]*)"', svg)]
        assert len(said) > 20
        found = set().union(*(english(t, names) for t in said))
        vega_roles = set(roles) & VEGA_ROLES
        if lang == "de":
            assert not found, found
            assert not [t for t in said if "Title text" in t]
            assert {
                "Überschrift: Geld im Spielverlauf",
                "Überschrift: Endwertung nach Zeilen",
            } <= set(said)
            assert any(re.fullmatch(r"Ann, Zug \d+: \d{1,3}(\.\d{3})*\u00a0\$", t) for t in said)
            assert not vega_roles, vega_roles
            assert {"Punkt", "Linie", "Balken", "Überschrift"} <= set(roles), set(roles)
        else:  # Vega's own English, as before
            assert {"for", "with", "from"} <= found, found
            assert "Title text 'Money over the game'" in said
            assert {"point", "title", "group mark container"} <= vega_roles, vega_roles


VEGA_ROLES = {"group mark container", "line mark container", "symbol mark container",
              "rect mark container", "title", "line mark", "point", "bar", "axis", "legend",
              "visualization"}  # fmt: skip
"""The English names Vega gives a chart's parts (``aria-roledescription``)."""


# -- the still a German table exports (the game's SVG picture, in the table's language) ----
SVG_NS = "{http://www.w3.org/2000/svg}"


def svg_texts(svg: str) -> list[str]:
    """What a picture says: each text line, a space's name lines joined (a name broken over
    lines is a data name), every <title> (a tooltip) and aria-label."""
    import xml.etree.ElementTree as ET

    root = ET.fromstring(svg[svg.index("<svg") : svg.rindex("</svg>") + 6])
    out: list[str] = []
    named: set[int] = set()
    for g in root.iter(f"{SVG_NS}g"):
        if g.get("class") == "space" and g.get("data-index") is not None:
            lines = [t for t in g.iter(f"{SVG_NS}text") if t.get("font-weight") == "600"]
            out.append(" ".join(t.text or "" for t in lines))
            named |= {id(t) for t in lines}
    out += [t.text or "" for t in root.iter(f"{SVG_NS}text") if id(t) not in named]
    out += [t.text or "" for t in root.iter(f"{SVG_NS}title")]
    out += [el.get("aria-label", "") for el in root.iter() if el.get("aria-label")]
    out = [html.unescape(t) for t in out]
    out += [
        html.unescape(t) for t in re.findall(r"<strong>(.*?)</strong>", svg[: svg.index("<svg")])
    ]
    return [t for t in out if t.strip()]


def picture_english(svg: str, names: tuple[str, ...]) -> dict[str, set[str]]:
    """The picture's texts with English words (outside ``names``) and their words."""
    found = {}
    for text in svg_texts(svg):
        words = english(text, names)
        if re.search(r"\$\s?\d", text) or re.search(r"\d,\d{3}(?!\d)", text):
            words |= {"$n / n,nnn"}  # money or numbers written the English way
        if words:
            found[text] = words
    return found


def test_the_german_tables_export_a_german_still(tables: dict[str, Any]) -> None:
    """The still a German table exports (status line and the game's picture of the position)
    has no English word outside data names, names its players as the table does, and writes
    money the German way; the English table's still keeps its English."""
    from gamekit.alfredopoly.picture import ring_label

    a, m, e = tables["alfredopoly"], tables["almamater"], tables["english"]
    names = (*data_names(a), "Alfredopoly", "Alma Mater", "Ann", "Bo", "Cy")
    names += tuple(ring_label(s.name) for s in a.spec.board.spaces)
    for table in (a, m):
        still = table.export_picture()
        assert still.count("<svg") == 1 and len(svg_texts(still)) > 40
        assert not picture_english(still, names), picture_english(still, names)
    af = svg_texts(a.export_picture())
    assert any(re.fullmatch(r"Runde \d+: \w+ ist am Zug \(\w+\)", t) for t in af), af[:60]
    assert any(re.fullmatch(r"\d{1,3}(\.\d{3})*\u00a0\$", t) for t in af)  # a price
    assert any(re.fullmatch(r"(Ann|Bo|Cy): -?\d{1,3}(\.\d{3})*\u00a0\$.*", t) for t in af)
    assert any(t.startswith("Runde ") and " · " in t for t in af)  # the table's status
    am = svg_texts(m.export_picture())
    assert {"Ann (rot)", "Bo (blau)", "Cy (grün)"} <= set(am)  # the table's names, German
    assert any(t.startswith("Alma Mater, Runde ") for t in am)
    found = set().union(*picture_english(e.export_picture(), data_names(e)).values())
    assert {"to", "act", "on", "$n / n,nnn"} <= found, found  # the check can fail


@pytest.mark.parametrize("game", ["alfredopoly", "almamater"])
def test_the_pictures_of_played_positions_speak_german(game: str) -> None:
    """Both games' pictures with ``lang="de"`` at seeded positions from the start to the
    end of a game (bots in every seat: a mortgage, Probation, a bankruptcy; a pass, a
    lecture, busts, the final round): no English word outside data names."""
    import gamekit
    from gamekit.alfredopoly.board import DECK_TITLES, load_board
    from gamekit.alfredopoly.picture import board_svg, ring_label
    from gamekit.almamater.picture import university_svg
    from tests.game_suite import bots_play

    board = load_board("alfred")
    names = [s.name for s in board.spaces] + [ring_label(s.name) for s in board.spaces]
    names += [board.title, *DECK_TITLES.values(), "Academic Probation", "Alma Mater"]
    names += ["Ann", "Bo", "Cy", "Di", "Da Vinci"]
    draw = {"alfredopoly": board_svg, "almamater": university_svg}[game]
    strategy = {"alfredopoly": "builder", "almamater": "scholar"}[game]
    seen = {"jail": False, "mortgage": False, "bankrupt": False, "passed": False, "over": False}
    for seed in (1, 2):
        for steps in (0, 30, 60, 100, 130, 300, 700, 1500):  # 130: a seat has passed
            state = bots_play(gamekit.games()[game], strategy, ["Ann", "Bo", "Cy"], seed, steps)
            svg = draw(state, lang="de")  # type: ignore[operator]
            found = picture_english(svg, tuple(names))
            assert not found, (seed, steps, found)
            english_svg = draw(state)  # type: ignore[operator]
            assert picture_english(english_svg, tuple(names)), "the English picture is English"
            seen["over"] |= state.phase == "over"
            if game == "alfredopoly":
                seen["jail"] |= any(p.in_jail for p in state.players)
                seen["mortgage"] |= any(state.mortgaged)
                seen["bankrupt"] |= any(p.bankrupt for p in state.players)
            else:
                seen["passed"] |= any(p.passed for p in state.players)
    wanted = ("jail", "mortgage", "bankrupt") if game == "alfredopoly" else ("passed", "over")
    assert all(seen[k] for k in wanted), seen  # the positions showed what they should


@pytest.mark.parametrize("which", ["alfredopoly board", "almamater board", "university 0"])
def test_the_boards_shown_on_their_own_export_a_german_still(
    tables: dict[str, Any], which: str
) -> None:
    """A German table's boards, exported on their own (a notebook that shows only the
    board or one university), draw their still in the board's language, not in English."""
    from gamekit.alfredopoly.picture import ring_label

    a, m = tables["alfredopoly"], tables["almamater"]
    names = (*data_names(a), "Alfredopoly", "Alma Mater", "Ann", "Bo", "Cy")
    names += tuple(ring_label(s.name) for s in a.spec.board.spaces)
    board = {"alfredopoly board": a.board, "almamater board": m.board}.get(which) or m.tableaus[0]
    assert board.lang == "de"
    still = board.export_picture()
    assert still.count("<svg") == 1 and len(svg_texts(still)) > 5
    assert not picture_english(still, names), picture_english(still, names)
    board.lang = "en"  # the same board in English speaks English (the check can fail)
    try:
        assert picture_english(board.export_picture(), names)
    finally:
        board.lang = "de"


def test_a_single_point_is_one_punkt_on_the_german_score_chart() -> None:
    frame = pd.DataFrame(
        {
            "player": ["Ann", "Ann", "Bo", "Bo"],
            "rule": ["a", "b", "a", "b"],
            "points": [1, 2, -1, 0],
        }
    )
    said = score_breakdown_chart(frame, lang="de").to_dict()["datasets"]
    described = [row["description"] for rows in said.values() for row in rows]
    assert described == [
        "Ann, a: 1 Punkt",
        "Ann, b: 2 Punkte",
        "Bo, a: -1 Punkt",
        "Bo, b: 0 Punkte",
    ]


def _history_edits(game: str) -> list[tuple[str, Any]]:
    """Edits of a saved game's ``history`` a table refuses, with the English reason each
    gives (the words of the check, as the CLI and the English table say them)."""

    def move_at(h: dict[str, Any]) -> dict[str, Any]:
        return next(m for m in h["moves"] if m.get("seat") is not None and m.get("action"))

    def edit_move(key: str, value: Any) -> Any:
        return lambda h: move_at(h).__setitem__(key, value)

    def edit_action(key: str, value: Any) -> Any:
        return lambda h: move_at(h)["action"].__setitem__(key, value)

    def first_int(struct: Any) -> tuple[Any, Any]:
        """A whole-number field deep in a position struct (its holder and key)."""
        stack = [struct["state"]]
        while stack:
            node = stack.pop(0)
            items = node.items() if isinstance(node, dict) else enumerate(node)
            for key, value in items:
                if isinstance(value, int) and not isinstance(value, bool):
                    return node, key
                if isinstance(value, dict | list):
                    stack.append(value)
        raise AssertionError("no whole number in the position")

    def bad_number(where: str) -> Any:
        def edit(h: dict[str, Any]) -> None:
            node, key = first_int(h[where])
            node[key] = "x"

        return edit

    def replace_all(value: Any) -> Any:
        return lambda h: (h.clear(), h.update(value))

    return [
        ("seat: saved as -5, but the seat to act is", edit_move("seat", -5)),
        ("bot: expected true or false, got 'yes'", edit_move("bot", "yes")),
        ("moves: expected a list", lambda h: h.__setitem__("moves", {})),
        ("start position: ", bad_number("start")),
        ("final position: ", bad_number("final")),
        ("position: 99999 is not in 0-", lambda h: h.__setitem__("position", 99_999)),
        ("position: expected a whole number, got 'x'", lambda h: h.__setitem__("position", "x")),
        ("bot_rngs: expected a list of", lambda h: h.__setitem__("bot_rngs", 5)),
        ("expected an object, got int", lambda h: h["moves"].__setitem__(0, 7)),
        ("the saved history has no moves", lambda h: h.pop("moves")),
        ("game: a game of 'chess', not of", lambda h: h.__setitem__("game", "chess")),
        ("unknown action type 'Fly'", edit_action("type", "Fly")),
        ("start position: options: expected an object", lambda h: h["start"].pop("options")),
        (
            "the saved game has other rules than this table",
            lambda h: h["final"]["options"].update(x=1),
        ),
        ("rng: ", lambda h: h.__setitem__("rng", {"bit_generator": "none"})),
        ("the moves do not lead to the saved final position", lambda h: h["moves"].pop()),
    ]


@pytest.fixture(scope="module")
def fresh_tables() -> dict[tuple[str, str], Any]:
    """New tables of the played games' players and rules, German and English."""
    return {
        **{("alfredopoly", lang): AlfredopolyTable(["Ann", "Bo", "Cy"], bots={"Cy": "builder"},
                                                   seed=11, lang=lang, starting_cash=400)
           for lang in ("de", "en")},
        **{("almamater", lang): AlmaMaterTable(["Ann", "Bo", "Cy"], bots={1: "greedy"}, seed=3,
                                               lang=lang)
           for lang in ("de", "en")},
    }  # fmt: skip


@pytest.mark.parametrize("edit", range(len(_history_edits("alfredopoly"))))
@pytest.mark.parametrize("game", ["alfredopoly", "almamater"])
def test_a_refused_save_is_said_in_german(
    tables: dict[str, Any], fresh_tables: dict[tuple[str, str], Any], game: str, edit: int
) -> None:
    """A German table that refuses an edited save says why in German ("Nicht geladen:
    g.json: der Verlauf ... (Zug 1: Platz: gespeichert als -5, aber am Zug ist Platz 0)"),
    for every reason of the replay check: no English template word outside data names and
    quoted values; the English table says the check's own English words, as before."""
    english_reason, change = _history_edits(game)[edit]
    data = json.loads(tables[game].save_json())
    change(data["history"])
    text = json.dumps(data)
    de, en = fresh_tables[game, "de"], fresh_tables[game, "en"]
    names = (*data_names(tables["alfredopoly"]), "g.json", "Ann", "Bo", "Cy", "bot_rngs", "rng")
    assert not de._load_file("g.json", text, len(text)), english_reason
    assert not en._load_file("g.json", text, len(text)), english_reason
    note = de.file_note.value
    assert note.startswith("Nicht geladen: g.json: "), note
    assert not english(note, names), (note, english(note, names))
    assert english_reason in en.file_note.value, (english_reason, en.file_note.value)
    assert len(de.session.history) == len(en.session.history) == 1  # nothing was loaded
