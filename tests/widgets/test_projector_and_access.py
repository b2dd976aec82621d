"""Projector mode, colour-blind-safe colours, German labels and screen-reader text, at the
trait level (what Python sends to the page); the browser checks live in
``tests/browser/test_projector.py``."""

from __future__ import annotations

import itertools
import re

import numpy as np
import pytest

from gamekit.almamater import rules as R
from gamekit.almamater.glossary import GLOSSARY
from gamekit.almamater.spec import make_spec
from widgets import charts
from widgets.alfredopoly_board import AlfredopolyBoard, initials, ring_label
from widgets.almamater_board import AlmaMaterBoard, UniversityTableau
from widgets.almamater_view import COLOUR_HEX
from widgets.base import HERE
from widgets.colours import (
    CATEGORY_10,
    HEAT_STOPS,
    SEAT_COLOURS,
    ciede2000,
    delta_e,
    ink_on,
    simulate_cvd,
    to_lab,
)
from widgets.i18n import GERMAN_TERMS, gain_text, space_name, words
from widgets.play_alfredopoly import AlfredopolyTable, player_cards
from widgets.play_almamater import AlmaMaterTable

DEFICIENCIES = ("normal", "protanopia", "deuteranopia")


# --- colour ----------------------------------------------------------------------------
def test_ciede2000_matches_sharma_s_published_pairs() -> None:
    # Sharma, Wu & Dalal (2005), Table 1: pairs 1, 7 and 17
    pairs = [
        ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
        ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
        ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ]
    for lab1, lab2, expected in pairs:
        assert ciede2000(np.array(lab1), np.array(lab2)) == pytest.approx(expected, abs=1e-4)


def test_cvd_simulation_keeps_greys_and_merges_red_and_green() -> None:
    for grey in ("#000000", "#777777", "#ffffff"):
        for kind in DEFICIENCIES:
            assert np.allclose(simulate_cvd(grey, kind), simulate_cvd(grey, "normal"), atol=0.01)
    # a pure red and a pure green are far apart for most viewers and close for deuteranopes
    assert delta_e("#ff0000", "#00ff00") > 80
    assert delta_e("#b03030", "#508030", "deuteranopia") < 15
    assert to_lab(np.array([1.0, 1.0, 1.0]))[0] == pytest.approx(100.0, abs=0.01)


@pytest.mark.parametrize("kind", DEFICIENCIES)
def test_seat_colours_stay_apart_for_every_viewer(kind: str) -> None:
    """Any two of the first four seats differ by dE2000 >= 20 with normal vision,
    protanopia and deuteranopia; all eight by >= 10 (and tokens carry initials)."""
    four = [delta_e(a, b, kind) for a, b in itertools.combinations(SEAT_COLOURS[:4], 2)]
    eight = [delta_e(a, b, kind) for a, b in itertools.combinations(SEAT_COLOURS, 2)]
    assert min(four) >= 20, four
    assert min(eight) >= 10, eight


@pytest.mark.parametrize("kind", DEFICIENCIES)
def test_alma_mater_colours_and_dictionaries_stay_apart(kind: str) -> None:
    colours = [COLOUR_HEX[c] for c in ("red", "blue", "green", "purple", "dictionary")]
    gaps = [delta_e(a, b, kind) for a, b in itertools.combinations(colours, 2)]
    assert min(gaps) >= 15, gaps
    # the old shades failed this for a deuteranope: blue and purple 5 apart, red and green 11
    assert delta_e("#2e6db4", "#7d3c98", "deuteranopia") < 6
    assert delta_e("#c0392b", "#2e8b57", "deuteranopia") < 12


@pytest.mark.parametrize("kind", DEFICIENCIES)
def test_the_ten_chart_colours_are_distinct(kind: str) -> None:
    assert len(set(CATEGORY_10)) == 10
    gaps = [delta_e(a, b, kind) for a, b in itertools.combinations(CATEGORY_10, 2)]
    assert min(gaps) >= 8, gaps


def test_heat_ramp_is_ordered_by_lightness_and_clear_of_warm_bands() -> None:
    lightness = [to_lab(simulate_cvd(c, "normal"))[0] for c in HEAT_STOPS]
    assert lightness == sorted(lightness, reverse=True)
    hues = [
        np.degrees(np.arctan2(*to_lab(simulate_cvd(c, "normal"))[[2, 1]])) % 360
        for c in HEAT_STOPS[1:]
    ]
    # blue hues (about 230-290 degrees in L*a*b*), far from red/orange/yellow (0-100)
    assert all(200 < h < 300 for h in hues), hues
    js = (HERE / "alfredopoly_board.js").read_text("utf-8")
    for stop in HEAT_STOPS:
        rgb = [int(stop[i : i + 2], 16) for i in (1, 3, 5)]
        assert f"[{rgb[0]}, {rgb[1]}, {rgb[2]}]" in js  # the page uses the same ramp


def test_ink_is_readable_on_every_seat_colour() -> None:
    assert [ink_on(c) for c in ("#F0E442", "#000000", "#56B4E9")] == [
        "#000000",
        "#ffffff",
        "#000000",
    ]


def test_charts_use_the_safe_palettes() -> None:
    import pandas as pd

    frame = pd.DataFrame({"player": ["Ann"] * 3, "rule": ["a", "b", "c"], "points": [1, 2, 3]})
    spec = charts.score_breakdown_chart(frame).to_dict()
    assert spec["encoding"]["color"]["scale"]["range"] == list(CATEGORY_10[:3])
    k = pd.DataFrame({"turn": [1], "index": [0], "probability": [0.1]})
    assert charts.k_turn_chart(k).to_dict()["encoding"]["color"]["scale"]["scheme"] == "viridis"
    assert charts.PLAYER_COLOURS == SEAT_COLOURS


# --- projector --------------------------------------------------------------------------
def test_projector_trait_on_every_board_and_table() -> None:
    board = AlfredopolyBoard(projector=True)
    assert board.projector and board.layout.flex == "0 1 auto"
    table = AlfredopolyTable(["Ann", "Bo"], seed=1, projector=True)
    assert table.board.projector and table.board.size == 1000
    am = AlmaMaterTable(["Ann", "Bo"], seed=1, projector=True)
    assert am.board.projector and all(t.projector for t in am.tableaus)
    assert not AlmaMaterTable(["Ann", "Bo"], seed=1).board.projector


def test_chart_text_is_at_least_14px_and_larger_for_a_projector() -> None:
    import pandas as pd

    frame = pd.DataFrame({"turn": [0, 1], "player": ["Ann", "Ann"], "money": [1500, 1400]})
    config = charts.money_chart(frame).to_dict()["config"]
    assert config["axis"]["labelFontSize"] >= 14 and config["legend"]["labelFontSize"] >= 14
    assert config["axis"]["titleFontSize"] >= 14 and config["title"]["fontSize"] >= 14
    charts.projector(True)
    try:
        assert charts.money_chart(frame).to_dict()["config"]["axis"]["labelFontSize"] == 18
    finally:
        charts.projector(False)
    assert charts.money_chart(frame).to_dict()["config"]["axis"]["labelFontSize"] == 14


def test_landing_chart_axis_names_spaces_and_probation() -> None:
    from gamekit.alfredopoly.landing import landing_probabilities

    frame = landing_probabilities("alfred", jail="long", per="turn")
    axis = charts.landing_chart(frame).to_dict()["encoding"]["x"]["axis"]
    names = re.search(r"(\{.*\})", axis["labelExpr"]).group(1)  # type: ignore[union-attr]
    import json

    labels = json.loads(names)
    assert labels["40"] == "in Probation" and labels["10"] == "10 just visiting"
    assert labels["3"] == "3 Babcock" and labels["28"] == "28 SWE"
    assert len(labels) == 41 and axis["labelFontSize"] >= 14


def test_ring_labels_are_short_and_initials_distinct() -> None:
    assert ring_label("Miller Performing Arts Center") == "MPA"
    assert ring_label("Go To Jail") == "Go to Jail"
    assert ring_label("Pine Hill") == "Pine Hill"
    board = AlfredopolyBoard("alfred")
    assert board.spaces[23]["short"] == "Herrick" and board.spaces[23]["name"].startswith("Herrick")
    assert initials(["Ann", "Amy", "Bo"]) == ["An", "Am", "B"]
    board.show_game([{"name": "Ann", "position": 0}, {"name": "Amy", "position": 3}])
    assert [p["initial"] for p in board.players] == ["An", "Am"]
    assert [p["colour"] for p in board.players] == list(SEAT_COLOURS[:2])
    assert board.players[1]["ink"] == ink_on(SEAT_COLOURS[1])


def test_player_cards_say_one_property_and_just_visiting() -> None:
    table = AlfredopolyTable(["Ann", "Bo"], seed=5)
    state = table.session.state
    owner = list(state.owner)
    owner[1] = 0
    players = list(state.players)
    players[1] = players[1].__class__(**{**players[1].__dict__, "position": 10, "in_jail": False})
    state = state.__class__(**{**state.__dict__, "owner": tuple(owner), "players": tuple(players)})
    cards = player_cards(table.spec, state, {}, list(SEAT_COLOURS))
    assert "1 property" in cards[0]["lines"]
    assert cards[1]["lines"][0] == "just visiting Academic Probation"
    assert "0 properties" in cards[1]["lines"]


# --- German -----------------------------------------------------------------------------
def test_german_terms_come_from_the_glossary() -> None:
    glossary = {english: german for german, english, _ in GLOSSARY}
    for english, german in GERMAN_TERMS.items():
        assert glossary[english].startswith(german)
    assert space_name("hall_of_fame", "de") == glossary["hall of fame"] == "Ruhmeshalle"
    assert space_name("antiquarian", "de") == "Antiquariat"
    assert words("de")["research_title"] == glossary["research track"]
    assert set(words("de")) == set(words("en"))


def test_german_board_and_tableau_show_german_names() -> None:
    spec = make_spec(3)
    state = R.new_game(spec, seed=2)
    board = AlmaMaterBoard(spec, state, lang="de")
    names = {s["id"]: s["name"] for s in board.view["spaces"]}
    assert names["bishop"] == "Bischofssitz" and names["colloquium"] == "Kolloquium"
    assert names["laboratory"] == "Labor" and names["academy_Law"] == "Akademie (Recht)"
    assert names["campus_1"] == "Campus Reihe 1"
    assert board.view["lang"] == "de" and board.view["words"]["hall_title"] == "Ruhmeshalle"
    assert board.view["phase_words"].startswith("Gründungsphase")
    assert "Geld" in next(s for s in board.view["spaces"] if s["id"] == "park")["details"][0]
    tableau = UniversityTableau(spec, state, seat=0, lang="de")
    assert tableau.view["words"]["hall_a"] == "Hörsaal A"
    assert tableau.view["words"]["storage"].startswith("Lager")
    english = AlmaMaterBoard(spec, state)
    assert {s["id"]: s["name"] for s in english.view["spaces"]}["bishop"] == "Bishop"
    with pytest.raises(ValueError, match="lang"):
        AlmaMaterBoard(spec, state, lang="fr")


def test_german_table_passes_the_language_on() -> None:
    table = AlmaMaterTable(["Ann", "Bo"], seed=1, lang="de")
    assert table.board.view["words"]["research_title"] == "Forschungsleiste"
    assert all(t.view["lang"] == "de" for t in table.tableaus)
    assert (
        table.panel.status
        == "Gründungsphase · Ann: Gründungsphase: eine Karte behalten, den Rest weitergeben"
    )
    assert table.panel.players[0]["headline"] == "0 Prestige"
    assert table.panel.players[0]["lines"][0] == "0 Geld · 4/4 Magister frei"
    table.board.set_state({"selected": "bishop"})
    assert table.panel.focus_label == "Bischofssitz:"
    english = AlmaMaterTable(["Ann", "Bo"], seed=1)
    assert english.panel.players[0]["lines"][0] == "0 ducats · 4/4 masters free"
    with pytest.raises(ValueError, match="lang"):
        AlmaMaterTable(["Ann", "Bo"], seed=1, lang="fr")


# --- Alma Mater cards ------------------------------------------------------------------
def test_the_draft_shows_founding_cards_with_their_contents() -> None:
    spec = make_spec(3)
    state = R.new_game(spec, seed=2)
    draft = AlmaMaterBoard(spec, state, names=["Ann", "Bo", "Cy"]).view["draft"]
    hand = state.players[state.current].hand
    # in the order of the buttons (the engine's, by card number), not as dealt
    assert draft["kind"] == "founding" and [c["id"] for c in draft["cards"]] == sorted(hand)
    assert draft["title"] == "Founding cards: Ann chooses"
    by_id = {f.id: f for f in spec.components.founding}
    for card in draft["cards"]:
        assert card["white"] == by_id[card["id"]].white
        assert card["gives"] == gain_text(by_id[card["id"]].gain)
    # by hand from founding.toml: F01 white 1, 1 ducat; F06 1 ducat and 3 textbooks
    from widgets.almamater_view import founding_card

    assert founding_card(spec, "F01") == {"id": "F01", "white": 1, "gives": "1 ducat"}
    assert founding_card(spec, "F06", "de")["gives"] == "1 Geld, 3 Lehrbücher"


def test_chancellors_are_cards_with_what_they_do() -> None:
    spec = make_spec(2)
    state = R.new_game(spec, seed=3)
    rng = np.random.default_rng(0)
    while state.phase != "chancellor":
        state = R.apply(spec, state, R.legal_actions(spec, state)[0])
    draft = AlmaMaterBoard(spec, state).view["draft"]
    assert draft["kind"] == "chancellor"
    assert [c["name"] for c in draft["cards"]] == list(state.chancellor_pool)
    for card in draft["cards"]:
        assert card["text"] == spec.components.chancellor(card["name"]).text
    while state.phase == "chancellor":
        state = R.apply(spec, state, R.legal_actions(spec, state)[int(rng.integers(1))])
    view = UniversityTableau(spec, state, seat=0).view
    own = [c for c in view["chancellors"] if c["own"]]
    assert own and own[0]["text"] == spec.components.chancellor(state.players[0].chancellor).text
    assert AlmaMaterBoard(spec, state).view["draft"] is None


# --- screen readers and text safety ------------------------------------------------------
def test_board_script_labels_spaces_tokens_and_dice_for_screen_readers() -> None:
    js = (HERE / "alfredopoly_board.js").read_text("utf-8")
    # the ring is a group of buttons, not an image that hides them
    assert 'role: "group"' in js and 'class: "gk-ring", role: "img"' not in js
    for said in ("owned by", "sculpture", "mortgaged", "tokens:", "just visiting", "dice:"):
        assert said in js
    assert "token, " in js  # each token: "Ann's token, on Babcock Hall"
    for name in ("alfredopoly_board.js", "almamater_board.js", "university_tableau.js"):
        assert "innerHTML" not in (HERE / name).read_text("utf-8")


def test_focus_ring_is_thick_and_a_skip_link_reaches_the_actions() -> None:
    for css in ("alfredopoly_board.css", "almamater.css"):
        text = (HERE / css).read_text("utf-8")
        assert ":focus-visible" in text and "#ffbf00" in text
        assert re.search(r"\.gk-skip:focus", text)
        # every selector namespaced .gk- (comments, of one line or more, are not selectors)
        rules = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
        for selector in re.findall(r"(?m)^\s*([^{}/@\s][^{]*)\{", rules):
            for part in selector.split(","):
                assert ".gk-" in part, part
    assert "Skip to the actions" in (HERE / "alfredopoly_board.js").read_text("utf-8")
    assert words("de")["skip"] == "Zu den Aktionen springen"
