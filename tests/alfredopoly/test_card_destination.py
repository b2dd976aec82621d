"""One rule for where a card sends a token: ``Board.card_destination``, used by the
landing chain (``landing.card_destination``) and by the engine (its per-board table)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gamekit.alfredopoly.board import load_board
from gamekit.alfredopoly.engine import layout
from gamekit.alfredopoly.landing import IN_PROBATION, card_destination
from gamekit.alfredopoly.rules import AlfredopolySpec

from .helpers import game, on_top, player, roll

MOVING = ("move_to", "move_nearest_railroad", "move_nearest_utility", "move_back")


def test_by_hand_on_the_classic_board() -> None:
    b = load_board("classic")
    assert b.card_destination(7, b.cards["EM01"]) == 39  # move_to
    assert [b.card_destination(i, b.cards["EM05"]) for i in (7, 22, 36)] == [15, 25, 5]
    assert [b.card_destination(i, b.cards["EM07"]) for i in (7, 22, 36)] == [12, 28, 12]
    assert b.card_destination(2, b.cards["EM10"]) == 39  # back 3 from 2 wraps around
    assert b.card_destination(7, b.cards["EM11"]) == b.jail
    assert b.card_destination(7, b.cards["PM02"]) is None  # collect: no move


@pytest.mark.parametrize("name", ["alfred", "classic"])
def test_landing_and_engine_use_the_board_rule(name: str) -> None:
    b = load_board(name)
    table = layout(b).dest
    for card in b.cards.values():
        for at in range(len(b.spaces)):
            rule = b.card_destination(at, card)
            expected = IN_PROBATION if card.effect == "go_to_jail" else rule
            assert card_destination(b, at, card) == expected
            if card.effect in MOVING:
                assert table[card.id][at] == rule
            else:
                assert card.id not in table


def test_a_board_without_railroads_sends_nowhere() -> None:
    b = load_board("classic")
    spaces = tuple(
        replace(s, kind="street", group="brown") if s.kind == "railroad" else s for s in b.spaces
    )
    plain = type(b)(b.name, b.title, spaces, b.decks, b.source)
    assert plain.card_destination(7, plain.cards["EM05"]) is None
    assert card_destination(plain, 7, plain.cards["EM05"]) is None
    assert layout(plain).dest["EM05"] == [None] * 40


@pytest.mark.parametrize("cid", ["EM01", "EM03", "EM05", "EM07", "EM10", "EM14"])
@pytest.mark.parametrize("start", [0, 15, 29])  # rolls 7 onto E-Mail spaces 7, 22, 36
def test_the_engine_moves_the_token_where_the_board_says(cid: str, start: int) -> None:
    spec = AlfredopolySpec("classic")
    b = spec.board
    at = start + 7
    dest = b.card_destination(at, b.cards[cid])
    assert dest is not None
    s = on_top(player(game(spec=spec), 0, position=start), cid)
    after = roll(s, 3, 4, spec).state
    if b.spaces[dest].kind == "card":  # a chained draw moves on: only check the first move
        return
    assert after.players[0].position == dest
