"""The board picture (gamekit.alfredopoly.picture): standalone SVG of a position, for exports.

Each check reads the SVG back as XML and compares it with the state it was drawn from.
"""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET

import pytest

import gamekit
from gamekit.alfredopoly.picture import (
    DEFAULT_SIZE,
    FONT_FLOOR,
    BoardView,
    Piece,
    V,
    board_svg,
    draw_board,
    ring_label,
)
from gamekit.alfredopoly.rules import new_game
from gamekit.alfredopoly.spec import AlfredopolySpec
from tests.game_suite import bots_play

NS = {"s": "http://www.w3.org/2000/svg"}
GAME = gamekit.games()["alfredopoly"]


def played(steps: int, players: int = 4, seed: int = 3) -> object:
    """A position after ``steps`` decisions of builder bots (seeded)."""
    return bots_play(GAME, "builder", ["Ann", "Bo", "Cy", "Di"][:players], seed, steps)


def space_groups(svg: str) -> dict[int, ET.Element]:
    root = ET.fromstring(svg)
    return {
        int(g.get("data-index", -1)): g
        for g in root.iter("{http://www.w3.org/2000/svg}g")
        if g.get("class") == "space"
    }


def texts(element: ET.Element) -> list[str]:
    return [t.text or "" for t in element.iter("{http://www.w3.org/2000/svg}text")]


def test_every_space_is_drawn_with_its_ring_name():
    spec = AlfredopolySpec()
    groups = space_groups(board_svg(new_game(spec, players=2, seed=1)))
    assert sorted(groups) == list(range(40))
    for space in spec.board.spaces:
        written = "".join(texts(groups[space.index])).replace("-", "").replace(" ", "")
        assert ring_label(space.name).replace("-", "").replace(" ", "") in written, space.name
        assert space.name in groups[space.index].find("s:title", NS).text


@pytest.mark.parametrize("steps", [40, 300, 700])
def test_tokens_owners_and_buildings_match_the_state(steps):
    state = played(steps)
    groups = space_groups(board_svg(state))
    for seat, p in enumerate(state.players):
        holders = [
            i
            for i, g in groups.items()
            for t in g.iter("{http://www.w3.org/2000/svg}g")
            if t.get("data-seat") == str(seat)
        ]
        assert holders == ([] if p.bankrupt else [p.position]), (seat, p)
        if not p.bankrupt:
            token = next(
                t
                for t in groups[p.position].iter("{http://www.w3.org/2000/svg}g")
                if t.get("data-seat") == str(seat)
            )
            assert ("in-jail" in token.get("class")) == p.in_jail
    for i, g in groups.items():
        sculptures = [
            r for r in g.iter("{http://www.w3.org/2000/svg}rect") if r.get("class") == "sculpture"
        ]
        statues = [t for t in g.iter() if t.get("class") == "statue"]
        level = state.level[i]
        assert (len(sculptures), len(statues)) == ((0, 1) if level == 5 else (level, 0)), i
        assert ("MORTG." in texts(g)) == state.mortgaged[i], i
    assert sum(state.level) > 0 or steps == 40  # the later positions do show buildings


def test_names_from_data_stay_text():
    state = new_game(players=2, seed=1, names=["<script>alert(1)</script>", "A&B"])
    svg = board_svg(state)
    root = ET.fromstring(svg)  # well-formed although the names hold markup characters
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    assert any("A&B" in t for t in texts(root))


def test_no_text_below_the_font_floor_at_the_default_size():
    svg = board_svg(played(300))
    sizes = [float(t.get("font-size")) for t in ET.fromstring(svg).iter() if t.get("font-size")]
    assert sizes and min(sizes) * DEFAULT_SIZE / V >= FONT_FLOOR - 1e-9


def test_a_condensed_line_keeps_at_least_85_percent_of_its_width():
    svg = board_svg(played(300))
    for t in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}text"):
        if t.get("textLength"):
            natural = len(t.text) * float(t.get("font-size")) * 0.58
            assert float(t.get("textLength")) >= 0.85 * natural - 1e-6, t.text


def test_heat_map_shows_values_and_shading():
    board = AlfredopolySpec().board
    heat = (*[0.02 + 0.001 * i for i in range(40)], 0.05)
    svg = draw_board(BoardView(board, heat=heat, heat_label="landing probability"))
    groups = space_groups(svg)
    assert "5.90%" in texts(groups[39]) and "2.00%" in texts(groups[0])
    fills = {g.find("s:rect", NS).get("fill") for g in groups.values()}
    assert len(fills) > 10  # shaded by value, not one colour
    assert "In Academic Probation: 5.00%" in svg


def test_state_repr_svg_is_the_picture():
    state = new_game(players=3, seed=4)
    assert state._repr_svg_() == board_svg(state)


def test_board_widget_carries_the_picture_for_exports():
    from widgets.alfredopoly_board import AlfredopolyBoard

    board = AlfredopolyBoard()
    board.show_game([Piece("Ann").__dict__ | {"position": 5}], [None] * 5 + [{"owner": 0}])
    data, _meta = board._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data  # the live widget ranks first
    groups = space_groups(data["text/html"])
    assert any(g.get("data-seat") == "0" for g in groups[5].iter("{http://www.w3.org/2000/svg}g"))


def test_a_name_broken_over_two_lines_breaks_where_a_syllable_may_begin():
    """An export showed "Steinh-eim", "Moskow-itz" and "Probat- ion": a long name is now
    broken before a consonant that a vowel follows, with 3 letters or more on each side."""
    spec = AlfredopolySpec()
    groups = space_groups(board_svg(new_game(spec, players=2, seed=1)))
    broken = []
    for space in spec.board.spaces:
        lines = texts(groups[space.index])
        for first, second in itertools.pairwise(lines):
            word = ring_label(space.name).replace(" ", "")
            if first.endswith("-") and (first[:-1] + second).replace(" ", "") in word:
                head, tail = first.split()[-1][:-1], second.split()[0]
                assert len(head) >= 3 and len(tail) >= 3, (space.name, lines)
                assert tail[0].lower() not in "aeiouy" and tail[1].lower() in "aeiouy", lines
                broken.append(head + "-" + tail)
        assert not any("- " in line for line in lines), lines
    assert "Stein-heim" in broken and "Mosko-witz" in broken, broken
