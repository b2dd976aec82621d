"""The Alma Mater picture (gamekit.almamater.picture): standalone SVG of a position.

Each check reads the SVG back as XML and compares it with the state it was drawn from.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import gamekit
from gamekit.almamater.picture import DEFAULT_WIDTH, FONT_FLOOR, W, university_svg
from gamekit.almamater.spec import space_title
from tests.game_suite import bots_play

SVG = "{http://www.w3.org/2000/svg}"
GAME = gamekit.games()["almamater"]


def played(steps: int, players: int = 3, seed: int = 5) -> object:
    """A position after ``steps`` decisions of scholar bots (seeded)."""
    return bots_play(GAME, "scholar", players, seed, steps)


def texts(element: ET.Element) -> str:
    return " ".join(t.text or "" for t in element.iter(f"{SVG}text"))


@pytest.mark.parametrize(("steps", "players"), [(0, 2), (60, 3), (150, 4), (400, 3)])
def test_the_picture_shows_what_the_state_holds(steps, players):
    state = played(steps, players)
    root = ET.fromstring(university_svg(state))
    spaces = {g.get("data-space"): g for g in root.iter(f"{SVG}g") if g.get("class") == "space"}
    assert list(spaces) == list(state.spec.spaces)
    for space, g in spaces.items():
        assert space_title(space).split()[0] in texts(g)
    cards = [g for g in root.iter(f"{SVG}g") if g.get("class") == "university"]
    assert len(cards) == len(state.players)
    for p, card in zip(state.players, cards, strict=True):
        words = texts(card)
        assert f"ducats: {p.ducats}" in words and f"prestige: {p.prestige}" in words
        assert f"research: {p.research}" in words
    queue = [seat for seat, m in state.bishop for _ in range(m)]
    shown = [int(c.get("data-seat")) for c in spaces["bishop"].iter(f"{SVG}circle")]
    counted = [t.text for t in spaces["bishop"].iter(f"{SVG}text") if t.text.startswith("+")]
    assert shown == queue[: len(shown)]
    assert len(shown) + sum(int(c[1:]) for c in counted) == len(queue)


def test_names_stay_text_and_fonts_keep_the_floor():
    state = played(100, 3)
    svg = university_svg(state, names=["<script>x</script>", "A&B", "Cy"])
    root = ET.fromstring(svg)
    assert "<script>" not in svg and "A&B" in texts(root)
    sizes = [float(t.get("font-size")) for t in root.iter(f"{SVG}text")]
    assert min(sizes) * DEFAULT_WIDTH / W >= FONT_FLOOR - 1e-9


def test_state_repr_svg_is_the_picture():
    state = played(30, 2)
    assert state._repr_svg_() == university_svg(state)


def test_board_widget_carries_the_picture_for_exports():
    from widgets.almamater_board import AlmaMaterBoard

    state = played(60, 3)
    board = AlmaMaterBoard(state.spec, state, names=["Ann", "Bo", "Cy"])
    data, _meta = board._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data  # the live widget ranks first
    assert data["text/html"] == university_svg(state, names=["Ann", "Bo", "Cy"], width=940)


def test_a_tableau_widget_carries_its_seats_picture():
    from widgets.almamater_board import UniversityTableau

    state = played(80, 3)
    tableau = UniversityTableau(state.spec, state, seat=1, names=["Ann", "Bo", "Cy"])
    data, _meta = tableau._repr_mimebundle_()
    root = ET.fromstring(data["text/html"])
    cards = [g for g in root.iter(f"{SVG}g") if g.get("class") == "university"]
    assert [c.get("data-seat") for c in cards] == ["1"] and "Bo" in texts(cards[0])
    assert not [g for g in root.iter(f"{SVG}g") if g.get("class") == "space"]
