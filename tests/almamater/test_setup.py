"""Setup rules: the founding draft, turn order, chancellors, library and starting resources."""

from __future__ import annotations

import pytest

from gamekit.almamater.actions import ChooseChancellor, DiscardFounding, DraftKeep
from gamekit.almamater.rules import legal_actions, new_game, step
from gamekit.core.errors import IllegalAction
from tests.almamater.helpers import SPECS, first_until, settle, setup_done, with_player


@pytest.mark.parametrize("players", [2, 3, 4])
def test_founding_draft_deals_4_keep_one_pass_the_rest(players: int) -> None:
    """Rule 2: deal 4 per player; each keeps one, passes the rest to the left until each has 4."""
    spec = SPECS[players]
    s = new_game(spec, seed=11)
    dealt = [p.hand for p in s.players]
    assert all(len(h) == 4 for h in dealt)
    assert len({c for h in dealt for c in h}) == 4 * players
    # seat 0 keeps its first card; after everyone picked, seat 1 holds seat 0's other 3
    picks = []
    for seat in range(players):
        assert s.current == seat and s.phase == "draft"
        card = sorted(s.players[seat].hand)[0]
        picks.append(card)
        s = step(spec, s, DraftKeep(card)).state
    assert s.players[1 % players].hand == tuple(c for c in dealt[0] if c != picks[0])
    while s.phase == "draft":
        s = step(spec, s, legal_actions(spec, s)[0]).state
    assert s.phase == "discard"
    assert all(len(p.kept) == 4 and p.hand == () for p in s.players)
    assert sorted(c for p in s.players for c in p.kept) == sorted(c for h in dealt for c in h)


def test_keep_3_discard_1_lowest_white_sum_goes_first() -> None:
    """Rule 2: keep 3, discard 1; add the white numbers; the lowest total is first in turn order."""
    spec = SPECS[3]
    s = new_game(spec, seed=0)
    while s.phase == "draft":
        s = step(spec, s, legal_actions(spec, s)[0]).state
    for seat in range(3):
        s = step(spec, s, DiscardFounding(s.players[seat].kept[0])).state
    assert s.phase == "chancellor"
    sums = [sum(spec.founding[c].white for c in p.kept) for p in s.players]
    assert all(len(p.kept) == 3 and p.discarded is not None for p in s.players)
    assert s.order == tuple(sorted(range(3), key=lambda i: (sums[i], s.tie_draw[i])))
    assert sums[s.order[0]] == min(sums)


def test_founding_ties_are_broken_by_the_seeded_draw() -> None:
    """Kit default: equal white sums are ordered by a seeded draw, which the events show."""
    spec = SPECS[2]
    s = new_game(spec, seed=3)
    while s.phase == "draft":
        s = step(spec, s, legal_actions(spec, s)[0]).state
    s = with_player(s, 0, kept=("F01", "F03", "F05", "F24"))  # whites 1, 2, 3, 12
    s = with_player(s, 1, kept=("F02", "F04", "F06", "F23"))  # whites 1, 2, 3, 12
    s = step(spec, s, DiscardFounding("F24")).state  # seat 0: 1 + 2 + 3 = 6
    no_tie = step(spec, s, DiscardFounding("F02"))  # seat 1: 2 + 3 + 12 = 17
    assert no_tie.state.order == (0, 1)
    assert not any("seeded draw" in e.text for e in no_tie.events)
    tie = step(spec, s, DiscardFounding("F23"))  # seat 1: 1 + 2 + 3 = 6, a tie
    first = min(range(2), key=lambda i: tie.state.tie_draw[i])
    assert tie.state.order == (first, 1 - first)
    assert any("seeded draw" in e.text for e in tie.events)
    orders = {new_game(spec, seed=k).tie_draw for k in range(20)}
    assert orders == {(0, 1), (1, 0)}  # the draw really depends on the seed


def test_chancellors_are_chosen_in_turn_order_from_players_plus_one() -> None:
    """Rule 3: players + 1 chancellors are drawn; each chooses one in turn order; the one left
    over and 2 more go on the 3 bust stacks."""
    spec = SPECS[4]
    s = new_game(spec, seed=5)
    assert len(s.chancellor_pool) == 5 and len(s.bust_extra) == 2
    assert not set(s.chancellor_pool) & set(s.bust_extra)
    s = first_until(spec, s, "chancellor")
    pool = s.chancellor_pool
    chosen = []
    for i in range(4):
        assert s.current == s.order[i]
        name = s.chancellor_pool[-1]
        chosen.append(name)
        s = step(spec, s, ChooseChancellor(name)).state
    left = [c for c in pool if c not in chosen]
    assert sorted(s.bust_chancellors) == sorted([*left, *s.bust_extra])
    assert [s.players[seat].chancellor for seat in s.order] == chosen
    # founding cards' own textbooks: each player (in turn order) decides where they go
    assert [seat for _, seat, _ in s.pending] == [
        seat for seat in s.order if s.players[seat].textbooks
    ]
    assert s.phase == "chancellor"
    s = settle(spec, s).state
    assert s.phase == "action" and s.round == 1


def test_choosing_a_chancellor_not_drawn_is_illegal() -> None:
    spec = SPECS[2]
    s = new_game(spec, seed=5)
    s = first_until(spec, s, "chancellor")
    missing = next(c.name for c in spec.components.chancellors if c.name not in s.chancellor_pool)
    with pytest.raises(IllegalAction):
        step(spec, s, ChooseChancellor(missing))


def test_library_starts_with_6_empty_shelves_and_an_empty_sale_shelf() -> None:
    """Rule 4: 6 shelves in the library, the 7th to the right as the sale shelf."""
    _spec, s = setup_done(3, 0)
    for p in s.players:
        assert len(p.shelves) == 7 and not any(any(shelf) for shelf in p.shelves)
        assert p.masters == 4


def test_starting_resources_come_from_the_kept_founding_cards() -> None:
    """Rule 5: players receive the starting resources on their kept cards (plus 2 kit-default
    ducats); research steps are taken at once and milestones pay."""
    _spec, s = setup_done(3, 0)
    p0, p1 = s.players[0], s.players[1]
    # seat 0 kept F09 (5 ducats, 1 dictionary), F12 (3 textbooks, 3 ducats, 1 dictionary),
    # F22 (3 textbooks, 3 ducats, 2 dictionaries); chancellor Marschalk (no setup effect)
    assert p0.kept == ("F09", "F12", "F22")
    assert (p0.ducats, p0.textbooks, p0.dictionaries, p0.research) == (2 + 5 + 3 + 3, 6, 4, 0)
    # seat 1: F11 (6 ducats, 1 step), F21 (4 ducats, 2 steps, 1 prestige), F23 (3 ducats,
    # 3 steps): 6 free steps on A1 B2 ...: fields 1-3 reach milestone A (A1: 2 ducats),
    # fields 4-5 are free steps; field 6 needs 1 professor and seat 1 has none, so the
    # marker stops at 5 (rule 8) and milestone B (1 dictionary) is not reached
    assert (p1.ducats, p1.research, p1.dictionaries, p1.prestige) == (2 + 13 + 2, 5, 0, 1)
    # book reputation from the track: seat 1 (5) > seat 2 (1) > seat 0 (0)
    assert s.reputation == (1, 2, 0)


def test_glareanus_adds_the_discarded_card() -> None:
    """Chancellor Glareanus (kit default): the discarded founding card's resources too."""
    spec = SPECS[2]
    s = new_game(spec, seed=0)
    s = first_until(spec, s, "chancellor")
    if "Glareanus" not in s.chancellor_pool:
        s = s.__class__(**{**s.__dict__, "chancellor_pool": ("Glareanus", *s.chancellor_pool[1:])})
    first = s.current
    assert first is not None
    s = step(spec, s, ChooseChancellor("Glareanus")).state
    s = step(spec, s, legal_actions(spec, s)[0]).state
    p = s.players[first]
    cards = [spec.founding[c] for c in (*p.kept, p.discarded)]
    assert p.ducats == 2 + sum(c.gain.ducats for c in cards) + _milestone_ducats(
        spec, s, p.research
    )


def _milestone_ducats(spec, s, research):  # type: ignore[no-untyped-def]
    return sum(spec.research[s.research_track[i]].milestone.ducats for i in range(research // 3))


def test_the_tie_line_names_only_the_tied_players() -> None:
    """Kit default (rule 2): the seeded draw orders only the players whose white sums are
    equal, and the log names only them (newcomer audit 7, finding 3: 'ties are broken by
    the seeded draw: Cy, Ann, Bo' named Bo, who was not tied)."""
    spec = SPECS[3]
    s = new_game(spec, seed=3)
    while s.phase == "draft":
        s = step(spec, s, legal_actions(spec, s)[0]).state
    s = with_player(s, 0, kept=("F01", "F03", "F05", "F24"))  # whites 1, 2, 3, 12
    s = with_player(s, 1, kept=("F07", "F09", "F11", "F23"))  # whites 4, 5, 6, 12
    s = with_player(s, 2, kept=("F02", "F04", "F06", "F22"))  # whites 1, 2, 3, 11
    s = step(spec, s, DiscardFounding("F24")).state  # Red: 1 + 2 + 3 = 6
    s = step(spec, s, DiscardFounding("F23")).state  # Blue: 4 + 5 + 6 = 15
    done = step(spec, s, DiscardFounding("F22"))  # Green: 1 + 2 + 3 = 6, ties with Red
    first = "Red" if done.state.tie_draw[0] < done.state.tie_draw[2] else "Green"
    lines = [e.text for e in done.events if e.kind == "draft" and "tie" in e.text]
    assert lines == [f"Red and Green tie at white sum 6; the seeded draw puts {first} first"]
    assert done.state.order[2] == 1  # Blue, 15, plays last whatever the draw


def test_two_separate_ties_get_a_line_each() -> None:
    """4 players, sums 6, 6, 15, 15: two tie lines, each naming its own pair."""
    spec = SPECS[4]
    s = new_game(spec, seed=5)
    while s.phase == "draft":
        s = step(spec, s, legal_actions(spec, s)[0]).state
    s = with_player(s, 0, kept=("F01", "F03", "F05", "F24"))  # 1 + 2 + 3 = 6
    s = with_player(s, 1, kept=("F07", "F09", "F11", "F23"))  # 4 + 5 + 6 = 15
    s = with_player(s, 2, kept=("F02", "F04", "F06", "F22"))  # 1 + 2 + 3 = 6
    s = with_player(s, 3, kept=("F08", "F10", "F12", "F21"))  # 4 + 5 + 6 = 15
    for card in ("F24", "F23", "F22"):
        s = step(spec, s, DiscardFounding(card)).state
    done = step(spec, s, DiscardFounding("F21"))
    lines = [e.text.split(";")[0] for e in done.events if "tie at" in e.text]
    assert lines == ["Red and Green tie at white sum 6", "Blue and Purple tie at white sum 15"]
