"""The search bot: solo playouts, common random numbers, the margin it maximises, seeded
repeatability, varied play, and that it beats the other bots in a few seeded games (the
full measurement is ``benchmarks/almamater_balance.py --search``)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from gamekit.almamater import search_bot as sb
from gamekit.almamater.balance import balance
from gamekit.almamater.rules import legal_actions, outcome, step
from gamekit.almamater.search_bot import make_search_bot, margin, playout, search_bot
from gamekit.almamater.simulate import simulate
from gamekit.almamater.state import GameState
from gamekit.core.rng import make_rng
from tests.almamater.helpers import kinds_and_scores, setup_done


def _opponents(state: GameState, seat: int) -> list[tuple[object, ...]]:
    return [
        (p.row_a, p.row_b, p.professors, p.research, p.busts)
        for i, p in enumerate(state.players)
        if i != seat
    ]


def test_a_solo_playout_lets_only_the_mover_act_until_the_round_ends() -> None:
    spec, state = setup_done(3, seed=4)
    seat = state.current
    assert seat is not None
    before = _opponents(state, seat)
    end = playout(spec, state, random.Random(1), rounds=0, solo=seat)
    assert end.round == state.round + 1 and end.phase != "over"
    # the others passed: no student, professor, research step or bust for them
    assert _opponents(end, seat) == before
    # while random opponents act within a few playouts
    changed = any(
        _opponents(playout(spec, state, random.Random(k), rounds=0), seat) != before
        for k in range(5)
    )
    assert changed


def test_margin_is_the_score_minus_the_best_other_score_at_the_end() -> None:
    spec, state = setup_done(3, seed=2)
    end = playout(spec, state, random.Random(3))
    result = outcome(spec, end)
    assert result is not None
    scores = result.scores
    for seat in range(3):
        best_other = max(s for i, s in enumerate(scores) if i != seat)
        assert margin(spec, end, seat) == scores[seat] - best_other


def test_every_kept_action_is_played_out_with_the_same_random_numbers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spec, state = setup_done(3, seed=5)
    legal = legal_actions(spec, state)
    firsts: list[float] = []
    real = sb.playout

    def spy(spec_, state_, rng, rounds=None, solo=None):  # type: ignore[no-untyped-def]
        firsts.append(rng.random())  # the stream's first number, then the real playout
        return real(spec_, state_, rng, rounds, solo)

    monkeypatch.setattr(sb, "playout", spy)
    make_search_bot(common=True)(spec, state, legal, make_rng(1))
    assert len(firsts) > 2 and len(set(firsts)) == 1
    firsts.clear()
    make_search_bot(common=False)(spec, state, legal, make_rng(1))
    assert len(set(firsts)) == len(firsts) > 2


def test_a_budget_goes_to_the_better_half_by_successive_halving(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spec, state = setup_done(3, seed=5)
    legal = legal_actions(spec, state)
    kept = len(sb.shortlist(spec, state, legal, 2, None))
    played: Counter[int] = Counter()
    real = sb.playout

    def spy(spec_, state_, rng, rounds=None, solo=None):  # type: ignore[no-untyped-def]
        played[id(state_)] += 1
        return real(spec_, state_, rng, rounds, solo)

    monkeypatch.setattr(sb, "playout", spy)
    make_search_bot(playouts=4 * kept, cap=None)(spec, state, legal, make_rng(1))
    # by hand: each of the 37 kept actions once (111 left of 148); the better 18 get
    # 111 // 36 = 3 more (57 left); the better 9 get 57 // 18 = 3 more (30 left); the
    # better 4 get 30 // 8 = 3 more (18 left); the better 2 get 18 // 4 = 4 more (10
    # left); one is left and the search stops
    assert kept == 37
    assert sorted(Counter(played.values()).items()) == [(1, 19), (4, 9), (7, 5), (10, 2), (14, 2)]


def test_the_cap_keeps_every_spaces_best_first_then_second_bests_by_score() -> None:
    spec, state = setup_done(3, seed=5)
    legal = legal_actions(spec, state)
    space, score = kinds_and_scores(spec, state, legal)
    wide = sb.shortlist(spec, state, legal, 2, None)
    best = sb.shortlist(spec, state, legal, 1, None)
    capped = sb.shortlist(spec, state, legal, 2, 14)
    # uncapped, each kind of choice keeps its k best scores and every option tied with the
    # k-th (the score cannot tell them apart): counted here space by space
    kinds: dict[str, list[int]] = {}
    for i in range(len(legal)):
        kinds.setdefault(space[i], []).append(i)

    def kept(k: int) -> set[int]:
        out = set()
        for group in kinds.values():
            cut = sorted((score[i] for i in group), reverse=True)[min(k, len(group)) - 1]
            out |= {i for i in group if score[i] >= cut}
        return out

    assert set(wide) == kept(2) and set(best) == kept(1)
    # 15 kinds of choice (lectures, 4 campus rows, ...); the 6 ways to buy own textbooks
    # all score 13 now, so all 6 stay (until issue 27's round 19: the first 1, or 2)
    assert len(kinds) == 15 and len(best) == 34 and len(wide) == 37 and len(capped) == 14
    assert set(best) < set(wide)
    # capped: every kind's best first; 15 bests do not fit in 14: the 14 best scores among
    # the first of each kind stay (ties: the first)
    firsts = [min(g, key=lambda i: (-score[i], i)) for g in kinds.values()]
    order = sorted(firsts, key=lambda i: (-score[i], i))
    assert sorted(capped) == sorted(order[:14])
    assert len({space[i] for i in capped}) == 14
    # with room for more, the second of each kind come next, best scores first
    bigger = sb.shortlist(spec, state, legal, 2, 20)
    seconds = [sorted(g, key=lambda i: (-score[i], i))[1] for g in kinds.values() if len(g) > 1]
    seconds = sorted(seconds, key=lambda i: (-score[i], i))
    assert sorted(bigger) == sorted([*firsts, *seconds[:5]])  # 20 = 15 firsts + 5 seconds


def test_same_seed_same_game_and_bad_settings_raise() -> None:
    a = simulate(3, 1, 8, ("search", "scholar", "dean"))
    b = simulate(3, 1, 8, ("search", "scholar", "dean"))
    assert a.equals(b)
    for bad in ({"playouts": 0}, {"per_space": 0}, {"cap": 0}, {"evaluation": "wins"}):
        with pytest.raises(ValueError):
            make_search_bot(**bad)


def test_it_beats_random_and_the_strategic_bots_with_varied_play() -> None:
    frame = simulate(2, 4, 1, ("search", "random"))
    wins = frame.groupby("strategy")["won"].sum()
    assert wins["search"] >= 3, wins.to_dict()
    # greedy is a player since issue 27: search won 0.70 [0.64, 0.76] of 200 two-player
    # games against it then (seed 2), 0.485 [0.42, 0.55] with the kit defaults of round 12
    # and 0.265 [0.21, 0.33] with those of round 13 (cheaper own textbooks and Antiquarian
    # books: greedy, which values books and professors one step ahead, turns them into both;
    # 200 games, seed 7), so this test claims nothing about greedy
    report = balance(players=(3,), games=9, seed=2, strategies=("search", "scholar", "dean"))
    shares = report.wins.set_index("strategy")["win share"]
    means = report.scores.set_index("strategy")["mean"]
    # 400 games (seed 2, docs/almamater_balance.md): search x2.01, scholar x0.56, dean x0.43
    # with the bots before issue 27's student choice; with those since and the kit defaults
    # of issue 27's thirteenth round, search x1.27 [1.13, 1.42] and x1.14 [1.00, 1.29] in
    # dean+scholar+search (400 games, seeds 2 and 3). 9 games cannot show a share that close
    # to fair (one standard error is 0.16): here it wins some and scores with the others
    # (2 wins of 9, mean 77 to 86 and 84 in these)
    assert shares["search"] > 0, shares.to_dict()
    assert means["search"] >= 0.85 * means.max(), means.to_dict()
    own = report.strategy_visits[report.strategy_visits["strategy"] == "search"]
    per_game = own.set_index("space")["visits per game"]
    # varied play: no action space takes a quarter of its placements
    assert per_game.max() < per_game.sum() / 4, per_game.to_dict()


def test_search_bot_is_the_registered_default() -> None:
    from gamekit.almamater.bots import BOTS

    assert BOTS["search"] is search_bot
    spec, state = setup_done(2, seed=1)
    legal = legal_actions(spec, state)
    action = search_bot(spec, state, legal, make_rng(3))
    assert action in legal and step(spec, state, action).state.round == 1
