"""AlmaMaterBoard, UniversityTableau and AlmaMaterTable at the trait level."""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest
import traitlets

from gamekit.almamater import rules as R
from gamekit.almamater.bots import BOTS
from gamekit.almamater.placements import masters_needed, student_price
from gamekit.almamater.rounds import storage_limit
from gamekit.almamater.spec import make_spec
from widgets.almamater_board import AlmaMaterBoard, UniversityTableau
from widgets.play_almamater import AlmaMaterTable

_seq = iter(range(1, 10**6))


def click(table, action: dict) -> None:  # type: ignore[no-untyped-def]
    table.panel.set_state({"intent": {"kind": "act", "action": action, "seq": next(_seq)}})


def midgame(players: int = 3, moves: int = 40):  # type: ignore[no-untyped-def]
    spec = make_spec(players)
    state = R.new_game(spec, seed=1)
    rng = np.random.default_rng(0)
    for _ in range(moves):
        state = R.apply(spec, state, BOTS["greedy"](spec, state, R.legal_actions(spec, state), rng))
    return spec, state


def test_board_view_numbers_come_from_the_engine() -> None:
    spec, state = midgame()
    view = AlmaMaterBoard(spec, state).view
    assert [s["id"] for s in view["spaces"]] == list(spec.spaces)
    me = state.players[state.current]
    for i, space in enumerate(view["spaces"]):
        if not space["open"]:
            assert space["next"] == masters_needed(spec, me, state.spaces[i])
    books, dictionaries = student_price(spec, state.reputation, 1)
    assert (
        sum(c["count"] for c in view["columns"][0]["price"]) == sum(books.values()) + dictionaries
    )
    assert len(view["campus"]) == len(state.campus)
    assert [m["position"] for m in view["markers"]] == [p.research for p in state.players]
    assert [r["seat"] for r in view["reputation"]] == list(state.reputation)


def test_price_chips_use_the_colour_letters_of_lesson_1_whatever_the_names() -> None:
    """Newcomer audit finding 1: with players "Scholar", "Dean", "Greedy" the chips read "1 D"
    for the Dean's (blue) book and "1 D" for a dictionary. The letter is the colour's (R, B, G,
    P; D only for a dictionary, as almamater_1 section 5 teaches) and the corner names them."""
    table = AlmaMaterTable(["Scholar", "Dean", "Greedy"], seed=3)
    view = table.board.view
    letters = {"red": "R", "blue": "B", "green": "G", "dictionary": "D"}
    chips = [c for col in view["columns"] for c in col["price"]]
    assert chips and {c["colour"] for c in chips} <= set(letters)
    assert all(c["initial"] == letters[c["colour"]] for c in chips)
    # each column's chips add up to the engine's price, colour by colour
    for col in view["columns"]:
        books, dictionaries = student_price(table.spec, table.state.reputation, col["column"])
        counts = {c["colour"]: c["count"] for c in col["price"]}
        assert counts == {
            **{table.spec.colours[s]: n for s, n in books.items() if n},
            **({"dictionary": dictionaries} if dictionaries else {}),
        }
    assert view["words"]["price_corner"] == (
        "price in books (R red, B blue, G green, D dictionary), by reputation"
    )
    de = AlmaMaterBoard(table.spec, table.state, lang="de").view["words"]["price_corner"]
    assert de == "Preis in Büchern (R rot, B blau, G grün, D Lexikon), nach Bücherreputation"
    # a position where some player holds books in storage (greedy play until one does)
    spec = make_spec(3)
    state, rng = R.new_game(spec, seed=1), np.random.default_rng(0)
    while not any(any(p.storage) for p in state.players):
        legal = R.legal_actions(spec, state)
        assert legal, "no player ever held a book in storage"
        state = R.apply(spec, state, BOTS["greedy"](spec, state, legal, rng))
    seat = next(i for i, p in enumerate(state.players) if any(p.storage))
    view = UniversityTableau(spec, state, seat=seat, names=["Ann", "Dan", "Eve"]).view
    storage = view["storage"]
    assert storage and all(c["initial"] == letters[c["colour"]] for c in storage)


def test_a_click_selects_an_action_space() -> None:
    spec, state = midgame()
    board = AlmaMaterBoard(spec, state)
    board.set_state({"selected": "laboratory"})
    assert board.selected == "laboratory"
    with pytest.raises(traitlets.TraitError):
        board.selected = "swimming pool"


def test_tableau_shows_halls_library_storage_and_professors() -> None:
    spec, state = midgame()
    view = UniversityTableau(spec, state, seat=0).view
    p = state.players[0]
    b = spec.components.board
    assert len(view["row_a"]) == b.row_a and len(view["row_b"]) == b.row_b
    assert [s["student"] for s in view["row_a"] if s["student"]] == list(p.row_a)
    assert len(view["shelves"]) == len(p.shelves)
    assert view["storage_limit"] == storage_limit(spec, p) and view["storage_used"] == p.books
    assert [x["name"] for x in view["professors"]] == list(p.professors)
    assert all(x["ready"] == (x["name"] not in p.exhausted) for x in view["professors"])
    with pytest.raises(ValueError):
        UniversityTableau(spec, state, seat=7)


def test_table_buttons_are_legal_actions_and_clicks_are_checked() -> None:
    table = AlmaMaterTable(["Ann", "Bo"], seed=2)
    legal = R.legal_actions(table.spec, table.state)
    assert [a["action"] for a in table.panel.actions] == [a.to_struct() for a in legal]
    before = table.state
    click(table, {"type": "DraftKeep", "card": "NOPE"})
    assert table.panel.error and table.state is before
    click(table, table.panel.actions[0]["action"])
    assert not table.panel.error and len(table.session.history) == 2


def test_table_plays_a_whole_game_with_a_bot() -> None:
    table = AlmaMaterTable(["Ann", "Bo"], bots={"Bo": "greedy"}, seed=5)
    for _ in range(2000):
        if not table.panel.actions:
            break
        actions = table.panel.actions
        placements = [a for a in actions if a["group"] == "manage" and a["space"]]
        click(table, (placements or actions)[0]["action"])
    outcome = R.outcome(table.spec, table.state)
    assert outcome is not None and table.panel.status.startswith("Game over")
    # the cards give the final score the status line gives, and say what it is made of:
    # the prestige track plus the final scoring's lines (the engine's breakdown, summed here)
    for seat, card in enumerate(table.panel.players):
        assert card["headline"] == f"Final score: {outcome.scores[seat]} prestige"
        score = R.player_score(table.spec, table.state, seat)
        track, end = score.during_play, sum(line.points for line in score.lines)
        assert track == table.state.players[seat].prestige and track + end == score.total
        assert f"{track} on the prestige track + {end} from the final scoring" in card["lines"]
    table.history.value = 10
    assert "move 10" in table.panel.history_note


def test_placed_masters_are_shown_on_their_space() -> None:
    table = AlmaMaterTable(["Ann", "Bo"], seed=6)
    while table.state.phase != "action":
        click(table, table.panel.actions[0]["action"])
    place = next(a for a in table.panel.actions if a["space"] and a["space"] != "starting_student")
    seat = table.state.current
    click(table, place["action"])
    space = next(s for s in table.board.view["spaces"] if s["id"] == place["space"])
    assert space["placed"] and space["placed"][-1]["seat"] == seat
    table.board.set_state({"selected": place["space"]})
    assert table.panel.focus == place["space"]


def test_repr_is_stable() -> None:
    assert repr(AlmaMaterTable(["Ann", "Bo"], seed=1)) == (
        "AlmaMaterTable(players=['Ann', 'Bo'], bots={}, seed=1)"
    )


def test_status_names_a_waiting_decision() -> None:
    # a textbook decision waits (rule: own textbooks may go straight into the library):
    # the status line asks for it, not for the phase around it
    table = AlmaMaterTable(["Ann", "Bo"], seed=3)
    for _ in range(400):
        if table.state.pending or not table.panel.actions:
            break
        click(table, table.panel.actions[0]["action"])
    assert table.state.pending, "no decision came up in 400 moves"
    kind = table.state.pending[0][0]
    expected = {"shelve": "textbooks in the library", "return": "choose a book to return"}
    assert expected[kind] in table.panel.status


def test_storage_over_its_limit_is_said_in_words() -> None:
    from widgets.i18n import words

    for lang in ("en", "de"):
        w = words(lang)
        assert "{used}" in w["storage"] and "{limit}" in w["storage"]
        assert w["storage_over"]
    assert "over the limit" in words("en")["storage_over"]
    js = (Path(__file__).resolve().parents[2] / "widgets" / "university_tableau.js").read_text()
    assert "v.storage_used > v.storage_limit" in js and "w.storage_over" in js


def test_chancellor_box_goes_once_chosen() -> None:
    # lecturer trial 2026-12-01, finding 4: the dashboard's game (seed 2026), first button
    # each time; after Ann chose her chancellor the engine asks where her new textbooks go
    # (phase still "chancellor", pool empty), and the board said "Chancellors: Ann chooses"
    table = AlmaMaterTable(["Ann", "Bo", "Cy"], bots={"Bo": "scholar", "Cy": "dean"}, seed=2026)
    seen_box = False
    for _ in range(40):
        if table.state.phase == "chancellor" and table.state.pending:
            break
        if table.state.phase == "chancellor" and table.state.chancellor_pool:
            draft = table.board.view["draft"]
            assert draft["kind"] == "chancellor" and len(draft["cards"]) == len(
                table.state.chancellor_pool
            )
            seen_box = True
        click(table, table.panel.actions[0]["action"])
    state = table.state
    assert seen_box and state.phase == "chancellor" and state.pending, state.phase
    assert state.pending[0][0] == "shelve" and state.chancellor_pool == ()
    assert table.board.view["draft"] is None
    assert "textbooks" in table.panel.actions[0]["label"], table.panel.actions[0]["label"]


def test_founding_cards_are_in_the_same_order_on_the_board_and_the_buttons() -> None:
    """The board drew Ann's hand in the order dealt (F20, F13, F21, F10) and the panel the
    engine's order (F10, F13, F20, F21): one order in both, in the draft and the discard."""
    table = AlmaMaterTable(["Ann", "Bo", "Cy"], bots={"Bo": "scholar", "Cy": "dean"}, seed=2026)
    seen = set()
    while table.state.phase in ("draft", "discard"):
        board = [c["id"] for c in table.board.view["draft"]["cards"]]
        buttons = [a["action"]["card"] for a in table.panel.actions]
        assert board == buttons, (table.state.phase, board, buttons)
        seen.add(table.state.phase)
        click(table, table.panel.actions[-1]["action"])
    assert seen == {"draft", "discard"}


def test_a_paid_research_step_onto_a_requirement_field_says_it_costs_nothing() -> None:
    """A Laboratory button read "... + 1 paid (pay )" when the paid step enters a field that
    only needs something (2 professors): a condition, not a payment (rule 8)."""
    from gamekit.almamater.actions import Research
    from gamekit.almamater.spaces import _track_costs, laboratory_visit
    from gamekit.almamater.state import replace
    from gamekit.almamater.words import describe

    spec = make_spec(3)
    state = R.new_game(spec, seed=0)
    costs = _track_costs(spec, state)
    field = next(i for i, c in enumerate(costs) if i and str(c).startswith("needs"))
    seat = state.current
    assert seat is not None
    profs = tuple(p.name for p in spec.components.professors[: costs[field].amount])
    p = replace(state.players[seat], research=field - 1, professors=profs, ducats=0)
    players = list(state.players)
    players[seat] = p
    state = replace(state, players=tuple(players))
    assert laboratory_visit(spec, state, p, 1).spent == {}  # the step costs nothing
    en, de = (describe(spec, state, Research(1, 1), lang) for lang in ("en", "de"))
    assert en.endswith("free research step + 1 paid (nothing to pay)"), en
    assert de.endswith("freier Forschungsschritt + 1 bezahlter Schritt (nichts zu zahlen)"), de
    assert "()" not in en + de and "pay )" not in en


def test_the_player_cards_list_each_players_books_by_colour() -> None:
    """A learner tracked books from the log: each card now says, as text, the books in
    storage by colour and the own textbooks in the library (counted from the state)."""
    table = AlmaMaterTable(["Ann", "Bo", "Cy"], seed=3)
    for _ in range(60):  # into round 1, with books bought and shelved
        if table.state.round >= 1 and any(p.books for p in table.state.players):
            break
        actions = table.panel.actions
        placements = [a for a in actions if a["group"] == "manage" and a["space"]]
        click(table, (placements or actions)[0]["action"])
    words = {"red": "red", "blue": "blue", "green": "green"}
    for card, p in zip(table.panel.players, table.state.players, strict=True):
        line = next(x for x in card["lines"] if x.startswith("books in storage: "))
        for colour, n in zip(table.spec.colours, p.storage, strict=True):
            if n:
                assert f"{n} {words[colour]} book" in line, (line, p.storage)
        if p.dictionaries:
            assert f"{p.dictionaries} dictionar" in line, line
        if not p.books:
            assert "books in storage: none" in line
        assert line.endswith(f"in the library: {sum(map(sum, p.shelves))} own textbooks") or (
            sum(map(sum, p.shelves)) == 1 and line.endswith("1 own textbook")
        ), line
    assert any(p.books for p in table.state.players)


def test_outcome_now_ranks_any_position_as_the_end_does() -> None:
    """The engine's score so far (for a table that ends a game early): at the end it is the
    game's own outcome; mid-game, the final scoring's totals now, ranked best first, ties by
    ducats left (worked out here from player_score)."""
    spec, state = midgame(3, 60)
    now = R.outcome_now(spec, state, "ended by the teacher")
    scores = [R.player_score(spec, state, s) for s in range(3)]
    assert now.scores == tuple(s.total for s in scores)
    best = max((s.total, s.ducats_left) for s in scores)
    assert now.winners == tuple(
        i for i in now.ranking if (scores[i].total, scores[i].ducats_left) == best
    )
    assert [now.scores[i] for i in now.ranking] == sorted(now.scores, reverse=True)
    assert R.outcome(spec, state) is None and now.termination == "ended by the teacher"
    table = AlmaMaterTable(["Ann", "Bo"], bots={"Ann": "greedy", "Bo": "greedy"}, seed=5)
    table.session.run_bots()
    end = R.outcome(table.spec, table.state)
    assert end is not None
    assert R.outcome_now(table.spec, table.state, end.termination) == end


def test_end_the_game_now_names_the_winner_by_the_score_so_far() -> None:
    """'End the game now' asks first, then ends the game at this position: the status and
    the cards give the engine's score so far (outcome_now), and no decision is left."""
    table = AlmaMaterTable(["Ann", "Bo", "Cy"], bots={"Bo": "scholar", "Cy": "dean"}, seed=2026)
    for _ in range(12):
        click(table, table.panel.actions[0]["action"])
    assert table.state.round == 1 and table.panel.actions
    table.end_button.click()
    assert "score so far" in table.panel.confirm and table.panel.actions  # asked, not ended
    table.answer(True)
    now = R.outcome_now(table.spec, table.state, "ended by the teacher")
    winners = " and ".join(table.names[w] for w in now.winners)
    assert table.panel.status.startswith(
        f"Game over (ended by the teacher). Winner by the score so far: {winners} ("
    ), table.panel.status
    assert table.panel.actions == [] and table.end_button.disabled
    for seat, card in enumerate(table.panel.players):
        assert card["headline"] == f"Final score: {now.scores[seat]} prestige"


def test_a_round_limit_ends_the_game_after_that_round_with_no_bot_move_beyond() -> None:
    """The setup form starts a new game with a round limit of 1: when round 1 is over
    (income paid) the game ends, winner by the score so far; the bots make no move in
    round 2 (they would have played on to the next person's turn)."""
    table = AlmaMaterTable(["Ann", "Bo"], seed=1)
    form = table.setup
    form.count.value = 3
    form.names[2].value = "Cy"
    form.roles[1].value, form.roles[2].value = "greedy", "dean"
    form.round_limit.value = 1
    assert form.round_limit.max == table.state.rounds  # no limit beyond the game's rounds
    form.start.click()
    assert table.names == ["Ann", "Bo", "Cy"] and len(table.tableaus) == 3
    assert form.note.value == "A new game: Ann, Bo, Cy."
    for _ in range(300):
        if not table.panel.actions:
            break
        actions = table.panel.actions
        placements = [a for a in actions if a["group"] == "manage" and a["space"]]
        click(table, (placements or actions)[0]["action"])
    state = table.state
    assert state.round == 2 and state.phase == "action", (state.round, state.phase)
    history = table.session.history
    # the round marker moves before round 1's income, so a decision of that income (keep
    # or shelve the new books) is taken at round 2, phase "income": still round 1's turn.
    # No move may start from round 2's action phase.
    moved_from = [before.state for before, entry in itertools.pairwise(history) if entry.action]
    assert not [s for s in moved_from if s.round > 1 and s.phase == "action"]
    assert all(s.round <= 1 or s.phase in ("administration", "income") for s in moved_from)
    now = R.outcome_now(table.spec, state, "round limit")
    assert table.panel.status.startswith("Game over (round limit). Winner by the score so far")
    assert f"Ann {now.scores[0]}" in table.panel.status
