"""AlfredopolyTable: clicks arrive as intents, the engine decides, the table shows it."""

from __future__ import annotations

import pytest

from gamekit.alfredopoly import actions as A
from gamekit.alfredopoly import rules as R
from gamekit.alfredopoly.narration import EventLog
from widgets.play_alfredopoly import AlfredopolyTable

_seq = iter(range(1, 10**6))


def click(table: AlfredopolyTable, action: dict) -> None:
    """What a click on an action button sends."""
    table.panel.set_state({"intent": {"kind": "act", "action": action, "seq": next(_seq)}})


def test_buttons_are_the_engines_legal_actions() -> None:
    table = AlfredopolyTable(["Ann", "Bo"], seed=2)
    legal = R.legal_actions(table.spec, table.state)
    assert [a["action"] for a in table.panel.actions] == [a.to_struct() for a in legal]
    click(table, {"type": "RollDice"})
    assert table.board.dice == list(table.state.last_roll) and len(table.board.dice) == 2
    legal = R.legal_actions(table.spec, table.state)
    assert [a["action"] for a in table.panel.actions] == [a.to_struct() for a in legal]
    assert table.panel.log and "rolled" in table.panel.log[0]


def test_illegal_click_is_a_message_and_the_game_is_unchanged() -> None:
    table = AlfredopolyTable(["Ann", "Bo"], seed=2)
    before = table.state
    click(table, {"type": "BuySpace", "space": 39})
    assert table.panel.error and table.panel.message
    assert table.state is before and len(table.session.history) == 1
    click(table, {"type": "Teleport"})
    assert table.panel.error and "Teleport" in table.panel.message
    assert table.state is before


def test_hot_seat_game_runs_to_the_end_with_bots() -> None:
    table = AlfredopolyTable(
        ["Ann", "Bo", "Cy"], bots={"Bo": "builder", 2: "buy_all"}, seed=11, max_rounds=30
    )
    for _ in range(3000):
        if not table.panel.actions:
            break
        click(table, table.panel.actions[0]["action"])
        if table.panel.confirm:  # Don't buy, Declare bankruptcy: asked first
            intent(table, "confirm", yes=True)
    assert R.outcome(table.spec, table.state) is not None
    assert table.panel.status.startswith("Game over")
    assert not table.panel.can_act


def test_all_bot_table_is_driven_by_bot_buttons() -> None:
    table = AlfredopolyTable(["Ann", "Bo"], bots=["random", "builder"], seed=4)
    assert table.panel.bot_turn and not table.panel.actions
    table.panel.set_state({"intent": {"kind": "bot", "until": "turn", "seq": next(_seq)}})
    assert table.state.actor == 1 or table.state.round > 1
    n = len(table.session.history)
    table.panel.set_state({"intent": {"kind": "bot", "until": "step", "seq": next(_seq)}})
    assert len(table.session.history) == n + 1


def test_history_slider_steps_back_and_a_new_action_branches() -> None:
    table = AlfredopolyTable(["Ann", "Bo"], seed=5)
    for _ in range(6):
        click(table, table.panel.actions[0]["action"])
    assert table.history.max == 6
    table.history.value = 1
    assert table.session.position == 1 and "move 1 of 6" in table.panel.history_note
    assert table.board.players[0]["position"] == table.session.history[1].state.players[0].position
    click(table, table.panel.actions[0]["action"])  # the recorded move (a roll): replayed
    assert table.history.max == 6 and table.history.value == 2
    assert table.state is table.session.history[2].state  # with the recorded dice
    click(table, table.panel.actions[1]["action"])  # "Don't buy" (buy was recorded): asks
    assert table.panel.confirm.startswith("Don't buy")  # asked first, then the branch
    table.panel.set_state({"intent": {"kind": "confirm", "yes": True, "seq": next(_seq)}})
    assert table.history.max == 6 and "new branch" in table.panel.confirm
    table.panel.set_state({"intent": {"kind": "confirm", "yes": True, "seq": next(_seq)}})
    assert table.history.max == 3 and table.history.value == 3 and table.panel.history_note == ""


def test_same_seed_same_game() -> None:
    logs = []
    for _ in range(2):
        table = AlfredopolyTable(["Ann", "Bo"], bots={1: "reserve"}, seed=9)
        for _ in range(20):
            click(table, table.panel.actions[0]["action"])
        logs.append(list(table.panel.log))
    assert logs[0] == logs[1]


def test_selecting_a_space_focuses_its_property_actions() -> None:
    table = AlfredopolyTable(["Ann", "Bo"], seed=2)
    table.board.set_state({"selected": 39})
    assert table.panel.focus == 39 and "Steinheim" in table.panel.focus_label


def test_bad_bot_seat_and_repr() -> None:
    with pytest.raises(ValueError, match="seat"):
        AlfredopolyTable(["Ann", "Bo"], bots={5: "builder"})
    assert repr(AlfredopolyTable(3, seed=1)) == (
        "AlfredopolyTable(players=['Ann', 'Bo', 'Cy'], bots={}, board='alfred', seed=1)"
    )


def test_trade_form_proposes_and_the_partner_answers_with_buttons() -> None:
    table = AlfredopolyTable(["Ann", "Bo"], seed=1)
    assert table.trade.layout.display == "" and table.trade.partner.value == 1
    table.trade.give_cash.value = 50
    table.trade.propose.click()
    assert table.state.phase == "trade" and table.state.actor == 1
    assert [a["label"] for a in table.panel.actions] == ["Accept the trade", "Reject the trade"]
    assert table.trade.layout.display == "none"  # only the player to act may trade
    click(table, {"type": "AcceptTrade"})
    assert [p.cash for p in table.state.players] == [1450, 1550]


def test_an_impossible_trade_is_a_message_and_changes_nothing() -> None:
    table = AlfredopolyTable(["Ann", "Bo"], seed=1)
    before = table.state
    table.trade.give_cash.value = 5000
    table.trade.propose.click()
    assert table.panel.error and "1500" in table.panel.message and table.state is before


def test_player_card_counts_buildings_as_the_engine_does() -> None:
    """A statue replaces its street's sculptures, so a street with the statue counts as
    1 statue and no sculptures (it counted as 4 sculptures and 1 statue)."""
    from dataclasses import replace

    from gamekit.alfredopoly.constants import STATUE
    from gamekit.alfredopoly.spec import make_spec
    from widgets.play_alfredopoly import player_cards

    spec = make_spec()
    state = R.new_game(spec, ["Ann", "Bo"], seed=1)
    owner = list(state.owner)
    level = list(state.level)
    for space, lvl in ((1, STATUE), (3, 2)):  # the brown group: a statue and two sculptures
        owner[space], level[space] = 0, lvl
    state = replace(state, owner=tuple(owner), level=tuple(level))
    card = player_cards(spec, state, {}, ["red", "blue"])[0]
    assert "2 sculptures, 1 statues" in card["lines"]


def test_taking_a_mortgage_does_not_raise_the_net_worth_on_the_card() -> None:
    """The card shows the round-limit ranking's worth (a mortgaged property at half its
    price): mortgaging Babcock Hall ($60, mortgage $30) leaves it unchanged. With rule 7's
    worth (every property at full price) it rose by the $30 received (lecturer trial)."""
    from dataclasses import replace

    from gamekit.alfredopoly import actions as A
    from gamekit.alfredopoly.spec import make_spec
    from gamekit.alfredopoly.state import GameState
    from widgets.play_alfredopoly import player_cards

    spec = make_spec()
    state = R.new_game(spec, ["Ann", "Bo"], seed=1)
    owner = list(state.owner)
    owner[1] = 0
    state = replace(state, owner=tuple(owner))
    after = R.apply(spec, state, A.Mortgage(1))

    def worth(s: GameState) -> str:
        return next(x for x in player_cards(spec, s, {}, ["red", "blue"])[0]["lines"]
                    if x.startswith("net worth"))  # fmt: skip

    assert after.players[0].cash == state.players[0].cash + 30
    assert worth(state) == worth(after) == f"net worth ${state.players[0].cash + 60:,}"


def test_net_worth_is_hidden_while_a_player_chooses_at_alumni_hall() -> None:
    """Rule 7: choose $200 or 10% before counting. Ann (cash $900, the light blue group
    with two sculptures each: net worth 900 + 320 + 300 = $1,520, exactly rule 7's count)
    lands on Alumni Hall: no card shows a net worth until she has chosen (audit 4)."""
    from gamekit.alfredopoly import actions as A
    from tests.widgets.positions import alumni_hall_choice
    from widgets.play_alfredopoly import player_cards

    spec, _, state = alumni_hall_choice()

    def worth_lines(s: object) -> list[str]:
        cards = player_cards(spec, s, {}, ["red", "blue"])  # type: ignore[arg-type]
        return [x for c in cards for x in c["lines"] if x.startswith("net worth")]

    hidden = "net worth: hidden until the Alumni Hall choice (rule 7)"
    assert worth_lines(state) == [hidden, hidden]
    paid = R.apply(spec, state, A.PayTax("flat"))
    assert worth_lines(paid) == ["net worth $1,320", "net worth $1,500"]


def test_a_building_shortage_auction_is_played_with_buttons() -> None:
    """Rule 10: Ann (brown) asks for the last sculpture while Bo (light blue) could build
    too: the status line names the bidders and the high bid, the buttons are the bids;
    Bo wins and chooses his street with a button, then Ann's turn goes on."""
    from dataclasses import replace

    from gamekit.alfredopoly.spec import make_spec
    from widgets.session import Entry

    spec = make_spec()
    state = R.new_game(spec, ["Ann", "Bo"], seed=1)
    owner = list(state.owner)
    for space, seat in ((1, 0), (3, 0), (6, 1), (8, 1), (9, 1)):
        owner[space] = seat
    table = AlfredopolyTable(["Ann", "Bo"], seed=1)
    table.session.history[0] = Entry(replace(state, owner=tuple(owner), sculptures_left=1))
    table.refresh()
    build = {"type": "BuildSculpture", "space": 1, "player": None}
    assert build in [a["action"] for a in table.panel.actions]
    click(table, build)
    assert table.state.phase == "building_auction"
    main = [a["label"] for a in table.panel.actions if a["group"] == "main"]
    assert main == ["Bid $50", "Bid $100", "Drop out of the auction"]
    click(table, {"type": "Bid", "amount": 50})
    assert table.panel.status == (
        "Round 1 · Bo: building shortage: 1 sculpture left, one is auctioned (asked for by "
        "Ann for Fasano House); still bidding: Ann, Bo; high bid $50 by Ann; bid at least "
        "the price of a sculpture on your street, or drop out"
    )
    assert [a["label"] for a in table.panel.actions if a["group"] == "main"][:2] == [
        "Bid $51",
        "Bid $60",
    ]
    click(table, {"type": "Bid", "amount": 60})
    click(table, {"type": "PassBid"})
    assert table.state.phase == "placing"
    assert table.panel.status == (
        "Round 1 · Bo: you won the sculpture for $60: choose the street to put it on"
    )
    assert [(a["label"], a["group"]) for a in table.panel.actions] == [
        (f"Put the sculpture on {spec.board.spaces[i].name} ($60 paid at auction)", "main")
        for i in (6, 8, 9)
    ]
    click(table, {"type": "PlaceBuilding", "space": 8})
    assert (table.state.phase, table.state.actor, table.state.level[8]) == ("turn", 0, 1)
    assert "Bo built a sculpture on Tefft Hall for $60 (won at auction)" in table.panel.log


# --- a game that fits a class (issue 24): setup form, confirm first, undo, end now --------
def intent(table: AlfredopolyTable, kind: str, **fields: object) -> None:
    table.panel.set_state({"intent": {"kind": kind, "seq": next(_seq), **fields}})


def test_the_setup_form_starts_the_game_it_describes() -> None:
    table = AlfredopolyTable(["Ann", "Bo"], seed=3)
    table.roll(3, 4)
    form = table.setup
    form.count.value = 3
    form.names[2].value = "Cy"
    form.roles[2].value = "builder"
    form.rules["auction"].value = True
    form.rules["starting_cash"].value = 900
    form.rules["jail_tries"].value = 2
    form.round_limit.value = 4
    assert form.submit().startswith("A new game")
    s = table.state
    assert [p.name for p in s.players] == ["Ann", "Bo", "Cy"]
    assert [p.cash for p in s.players] == [900, 900, 900]
    assert (table.spec.auction, table.spec.max_rounds, table.spec.jail_tries) == (True, 4, 2)
    assert table._bots == {2: "builder"} and len(table.session.history) == 1
    assert table.panel.players[2]["bot"] == "builder"
    # a bad name is refused beside the button; the game in play is kept
    form.names[0].value = ""
    assert form.submit() and "gk-error" in form.note._dom_classes
    assert table.state is s
    # the round limit ends the game with the winner by net worth
    while table.session.outcome is None:
        table.act(table.session.legal()[0])
        table.session.run_bots()
    assert table.session.outcome.termination == "round limit"
    assert table.panel.status.startswith("Game over (round limit)")


def test_dont_buy_and_bankruptcy_ask_first_python_does_not() -> None:
    table = AlfredopolyTable(["Ann", "Bo"], seed=5)
    table.roll(1, 2)  # Babcock Hall, for sale
    before = table.state
    decline = next(a["action"] for a in table.panel.actions if a["label"].startswith("Don't"))
    click(table, decline)
    assert table.panel.confirm.startswith("Don't buy Babcock Hall?") and table.state is before
    assert table.panel.confirm_yes == "Yes, don't buy Babcock Hall"
    intent(table, "confirm", yes=False)
    assert table.state is before and table.panel.confirm == ""
    click(table, decline)
    intent(table, "confirm", yes=True)
    assert table.state.owner[decline["space"]] == -1 and table.state is not before
    question = table._ask_first(A.DeclareBankruptcy())
    assert question is not None and "bankruptcy" in question[0]
    # from Python, as given (no question)
    t2 = AlfredopolyTable(["Ann", "Bo"], seed=5)
    t2.roll(1, 2)
    assert t2.act(A.DeclineBuy(**{k: v for k, v in decline.items() if k != "type"}))
    assert t2.panel.confirm == ""


def test_undo_my_last_decision_takes_back_the_person_and_the_bots_after() -> None:
    table = AlfredopolyTable(["Ann", "Bo"], bots={1: "builder"}, seed=7)
    assert table.panel.undo_last_label == ""  # nothing to undo at the start
    table.roll(3, 4)
    table.act(table.session.legal()[0])  # buy (or the first legal decision)
    before_end = table.state
    table.act(next(a for a in table.session.legal() if type(a).__name__ == "EndTurn"))
    assert table.state.actor == 0 and table.state.round == 2  # the bot has played its turn
    moves = len(table.session.history)
    intent(table, "undo_last")
    assert table.state is before_end and table.panel.message.startswith("Undone: End the turn")
    assert table.session.set_aside and len(table.session.set_aside[-1][0]) == moves
    back = moves - len(table.session.history)  # the decision and the bot's turn after it
    assert back >= 2 and table.panel.undo_label == f"Undo the branch (bring back {back} move(s))"
    intent(table, "undo")  # "Undo the branch" brings the undone moves back
    assert len(table.session.history) == moves
    assert table.panel.message == f"The branch is undone: {back} recorded move(s) are back."


def test_end_the_game_now_asks_then_ranks_by_net_worth() -> None:
    table = AlfredopolyTable(["Ann", "Bo"], seed=5)
    table.roll(1, 2)
    table.act(next(a for a in table.session.legal() if type(a).__name__ == "BuySpace"))
    table.end_button.click()
    assert table.panel.confirm.startswith("End the game now?") and table.panel.actions
    intent(table, "confirm", yes=False)
    assert table.early_outcome() is None and table.panel.actions
    table.end_button.click()
    intent(table, "confirm", yes=True)
    out = table.early_outcome()
    worth = [R.net_worth(table.spec, table.state, i, ranking=True) for i in range(2)]
    assert out is not None and out.scores == tuple(worth)
    assert out.winners == tuple(i for i, w in enumerate(worth) if w == max(worth))
    assert table.panel.actions == [] and "Winner by net worth" in table.panel.status
    intent(table, "undo_last")  # the buy is undone and the game goes on
    assert table.early_outcome() is None and table.panel.actions


def test_a_double_brings_a_roll_again_button_with_its_own_words() -> None:
    table = AlfredopolyTable(["Ann", "Bo"], seed=5)
    table.roll(2, 2)
    while table.session.legal() and "RollDice" not in [
        type(a).__name__ for a in table.session.legal()
    ]:
        table.act(table.session.legal()[0])
    labels = [a["label"] for a in table.panel.actions]
    assert "Roll again (a double)" in labels and "Roll the dice" not in labels


def test_the_log_says_just_visiting_names_the_tax_and_heads_each_turn() -> None:
    table = AlfredopolyTable(["Ann", "Bo"], seed=5)
    jail = next(s for s in table.spec.board.spaces if s.kind == "jail")
    tax = next(s for s in table.spec.board.spaces if s.tax_percent)
    log = EventLog()  # the engine's own records: the table reads their words, not the text
    log.moved("move", "move", 1, "Bo", jail.name)
    log.settled("tax", 1, 146, None, "Bo", None, f"for {tax.name} (percent)")
    log.settled("tax", 1, 200, None, "Bo", None, f"for {tax.name} (flat)")
    moved, percent, flat = (table._words(e) for e in log)
    assert moved == f"Bo moved to {jail.name} (just visiting)"
    assert percent == f"Bo paid $146 tax for {tax.name} ({tax.tax_percent}% of net worth)"
    assert flat == f"Bo paid $200 tax for {tax.name} (the flat amount)"
    # the same words as bare text are not parsed (a history without records shows them)
    assert table._words(f"Bo moved to {jail.name}") == f"Bo moved to {jail.name}"
    while table.state.turn < 3:  # Python's moves are taken as given (no questions)
        table.act(table.session.legal()[0])
    table.roll(3, 4)
    heads = [h for _, h in table.panel.log_turns]
    assert heads[:3] == ["Round 1 · Ann", "Round 1 · Bo", "Round 2 · Ann"], heads
