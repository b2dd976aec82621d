"""A milestone reward gained during a Laboratory visit pays for the later steps of the same
visit (rules 8 and 17: steps are used at once, the reward is gained when the marker
reaches the milestone). Audit finding 4, reproduced with seed 11 and 2 players.

Seed 11, 2 players, first legal action in every setup choice: Blue moves first, the
research track is A1 B3 C1 D3 E1, so the fields are
1 pay 1 ducat, 2 pay 1 own textbook, 3 pay 2 ducats (milestone A: 2 ducats),
4 pay 2 ducats, 5 needs 2 students, 6 pay 2 own textbooks (milestone B: 3 ducats).
"""

from __future__ import annotations

import pytest

from gamekit.almamater.actions import Research
from gamekit.almamater.checks import why_illegal
from gamekit.almamater.rules import describe, legal_actions
from gamekit.almamater.spaces import _track_costs, laboratory_visit, paid_steps_possible
from gamekit.almamater.state import GameState, state_to_struct
from gamekit.core.errors import IllegalAction
from tests.almamater.helpers import act, find, setup_done, with_game, with_player

SPEC, START = setup_done(2, 11)
ME = 1  # Blue


def at(**changes: object) -> GameState:
    """Blue to move at the start of round 1 with ``changes`` (no books, no chancellor bonus
    for research: Blue holds Biringuccio)."""
    return with_player(START, ME, **{"storage": (0, 0), **changes})


def research_actions(s: GameState) -> list[Research]:
    return find(SPEC, s, lambda a: isinstance(a, Research))  # type: ignore[return-value]


def test_the_seed_11_table() -> None:
    assert START.current == ME and START.players[ME].chancellor == "Biringuccio"
    assert START.research_track == ("A1", "B3", "C1", "D3", "E1")
    assert [str(c) for c in _track_costs(SPEC, START)[:6]] == [
        "pay 1 ducat",
        "pay 1 own textbook",
        "pay 2 ducats",
        "pay 2 ducats",
        "needs 2 students",
        "pay 2 own textbooks",
    ]
    assert SPEC.research["A1"].milestone.ducats == 2


def test_the_free_steps_milestone_reward_pays_the_next_paid_step() -> None:
    """The audit's case: at step 2 with 0 ducats, the free step reaches milestone A
    (2 ducats), which pays step 4 (2 ducats). Before the fix only "free step + 0 paid" was
    offered and Research(1, 1) was refused ("costs 2 ducats; you have 0")."""
    s = at(research=2, ducats=0)
    assert research_actions(s) == [Research(1, 0), Research(1, 1)]
    assert why_illegal(SPEC, s, Research(1, 1)) is None
    st = act(SPEC, s, Research(1, 1))
    assert [e.text for e in st.events] == [
        "Blue places 1 master on Laboratory",
        "Blue moves to research step 3 (free step at the Laboratory)",
        "Blue gains 2 ducats (milestone A)",
        "Blue pays 2 ducats (research step 4)",
        "Blue moves to research step 4 (paid step at the Laboratory)",
    ]
    p = st.state.players[ME]
    assert (p.research, p.ducats) == (4, 0)
    # step 5 needs 2 students: the requirement still stops the visit, with its reason
    with pytest.raises(IllegalAction) as info:
        act(SPEC, s, Research(1, 2))
    assert info.value.reason == "research step 5 needs 2 students in your lecture halls; you have 0"


def test_a_paid_steps_milestone_reward_pays_the_next_paid_step() -> None:
    """At step 1 with 2 ducats: the free step onto 2, paid step 3 (2 ducats) reaches
    milestone A (2 ducats), which pays paid step 4 (2 ducats): 4 ducats paid from 2 + 2."""
    s = at(research=1, ducats=2)
    assert research_actions(s) == [Research(1, 0), Research(1, 1), Research(1, 2)]
    assert describe(SPEC, s, Research(1, 2)) == (
        "place 1 master on the Laboratory: free research step + 2 paid (pay 4 ducats)"
    )
    p = act(SPEC, s, Research(1, 2)).state.players[ME]
    assert (p.research, p.ducats) == (4, 0)
    # one ducat fewer: paid step 3 cannot be paid, and no reward comes before it
    poorer = at(research=1, ducats=1)
    assert research_actions(poorer) == [Research(1, 0)]
    with pytest.raises(IllegalAction) as info:
        act(SPEC, poorer, Research(1, 1))
    assert info.value.reason == "paid research step 3 costs 2 ducats; you have 1"


def test_the_reason_counts_the_rewards_on_the_way() -> None:
    """Track A4 B4: 1 pay 2 own textbooks, 2 pay 1 ducat, 3 pay 1 ducat (milestone A4:
    2 ducats), 4 pay 1 prestige, 5 pay 2 ducats, 6 pay 2 ducats. At step 2 with 1 ducat
    and 1 prestige: free onto 3 (+2 ducats: 3), step 4 (prestige 0), step 5 (ducats 1),
    step 6 would need 2 more: 4 ducats for steps 4 to 6 against 1 + 2."""
    s = with_game(
        at(research=2, ducats=1, prestige=1), research_track=("A4", "B4", "C1", "D1", "E1")
    )
    assert [str(c) for c in _track_costs(SPEC, s)[:6]] == [
        "pay 2 own textbooks",
        "pay 1 ducat",
        "pay 1 ducat",
        "pay 1 prestige",
        "pay 2 ducats",
        "pay 2 ducats",
    ]
    assert research_actions(s) == [Research(1, k) for k in range(3)]
    before = state_to_struct(s)
    with pytest.raises(IllegalAction) as info:
        act(SPEC, s, Research(1, 3))
    assert info.value.reason == (
        "paid research steps 4 to 6 cost 4 ducats; you have 1 and gain 2 on the way "
        "(milestone rewards)"
    )
    assert state_to_struct(s) == before  # refused, nothing changed
    visit = laboratory_visit(SPEC, s, s.players[ME], 3)
    assert (visit.paid, visit.stop, visit.position, visit.first) == (2, "payment", 6, 4)
    assert (visit.held["ducats"], visit.gained, visit.spent) == (
        1,
        {"ducats": 2},
        {"prestige": 1, "ducats": 4},
    )


@pytest.mark.parametrize("research", range(0, 8))
@pytest.mark.parametrize("ducats", [0, 1, 2, 3, 5])
def test_the_options_and_the_check_agree(research: int, ducats: int) -> None:
    """Every Research(1, k) is listed exactly when the check finds no problem, and a
    listed visit is played out without an error, paying from the same walk."""
    s = at(research=research, ducats=ducats, storage=(1, 2), prestige=1)
    listed = set(research_actions(s))
    for k in range(4):
        action = Research(1, k)
        assert (action in listed) == (why_illegal(SPEC, s, action) is None), (k, research, ducats)
        if action in listed:
            act(SPEC, s, action)
    if listed:
        assert max(a.paid_steps for a in listed) == paid_steps_possible(SPEC, s, s.players[ME])
    assert set(legal_actions(SPEC, s)) >= listed
