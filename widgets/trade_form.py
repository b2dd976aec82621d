"""``TradeForm``: stock ipywidgets to propose an Alfredopoly trade (rule 11).

Properties, cash and "Get out of Academic Probation free" cards, both ways, in any mix. The
form says whose offer it is ("Ann offers") and marks mortgaged properties. A property the
engine would refuse to trade (a street whose group has sculptures) is not offered; a line
under the lists names it and says why, in the engine's words (``checks.refusal``, in the
form's language).

Trades are open-ended, so ``legal_actions`` does not list them; the form builds a
``ProposeTrade`` and hands it to the table, where the engine checks it like any click.
The partner answers with the Accept / Reject buttons (a bot answers by itself).

What became of a proposal is said beside the Propose button (``form.note``), where the
click was made: the engine's reason for a refusal, or the table's question when the
offer would start a new branch of the history, with its two answers (``form.yes``,
``form.no``) beside it too.

Click safety: a proposal empties the form, and a click on "Propose the trade" on the
emptied form (nothing chosen or typed since, for the same decision) does nothing, however
late it comes: the proposal's outcome stays beside the button (a triple click against a bot
said "an empty trade" there when its third click came after a one-second guard); clicks
within ``REPEAT_GUARD_S`` seconds of a proposal are ignored too. The button is disabled (and
the form hidden) until the trade is answered. The form is emptied too when another player is
to act or the decision changes, so nobody proposes what another player typed.

>>> from widgets.play_alfredopoly import AlfredopolyTable
>>> table = AlfredopolyTable(["Ann", "Bo"], seed=1)
>>> form = table.trade
>>> form.partner.options, form.head.value
((('Bo', 1),), 'Ann offers (“I” below is Ann)')
>>> form.give_cash.value = 5000
>>> form.propose.click(); form.note.value
'Ann has only $1500'
>>> form.give_cash.value = 50
>>> form.propose.click()           # nothing offered for it is fine, but Ann must hold $50
>>> table.state.phase, table.state.offer.give_cash, form.give_cash.value
('trade', 50, 0)

Against a bot, the answer is said beside the button, and a later click on the emptied
form (a triple click) changes nothing:

>>> bot = AlfredopolyTable(["Ann", "Bo"], bots={"Bo": "builder"}, seed=1).trade
>>> bot.take_cash.value = 1
>>> bot.propose.click(); bot.note.value
'Bot Bo: rejected the trade'
>>> bot._last_proposal = -1e9     # after the one-second guard
>>> bot.propose.click(); bot.proposed, bot.note.value
(1, 'Bot Bo: rejected the trade')

Mortgaged properties are marked (here Ann owns Fasano House and a mortgaged Babcock Hall):

>>> from dataclasses import replace
>>> s = AlfredopolyTable(["Ann", "Bo"], seed=1).state
>>> s = replace(s, owner=tuple(0 if i in (1, 3) else o for i, o in enumerate(s.owner)),
...             mortgaged=tuple(i == 3 for i in range(len(s.owner))))
>>> form.show(s, True); form.give.options
(('Fasano House', 1), ('Babcock Hall (mortgaged)', 3))
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import ipywidgets as ipw

from gamekit.alfredopoly import actions as A
from gamekit.alfredopoly.checks import refusal
from gamekit.alfredopoly.engine import Table
from gamekit.alfredopoly.narration import phrasebook
from gamekit.alfredopoly.spec import AlfredopolySpec
from gamekit.alfredopoly.state import GameState
from gamekit.alfredopoly.words import check_lang
from gamekit.core.events import Words

REPEAT_GUARD_S = 1.0  # a second click on "Propose" this soon after a proposal is ignored
PROPOSE = "Propose the trade"
ANSWER_FIRST = "Answer the question first"
SEVERAL = "Ctrl-click (⌘-click on a Mac) or Shift-click chooses several properties."


class TradeForm(ipw.VBox):
    """Partner, properties, cash and "Get out" cards to give and take, and a Propose button
    with its own message line beside it (``note``, and ``yes`` / ``no`` for a question).

    ``send(offer, reply=...)`` takes the offer (the table's ``act``); ``reply`` hears
    what became of it (a :class:`~widgets.table.Reply`), and ``answer(yes, reply=...)``,
    when given, answers the table's question (the table's ``answer``). ``lang``: the
    form's words (``"en"`` or ``"de"``, the phrasebook's ``form.*`` entries).
    """

    def __init__(
        self,
        spec: AlfredopolySpec,
        send: Callable[..., Any],
        answer: Callable[..., Any] | None = None,
        lang: str = "en",
    ) -> None:
        self.lang = check_lang(lang)
        self._spec = spec
        self._submit = send
        self._answer = answer
        self._state: GameState | None = None
        self._decision: tuple[Any, ...] | None = None  # whose decision the form was filled for
        self._mine_blocked: dict[str, list[str]] = {}  # own properties a trade would refuse
        # as wide as the form and no wider (width 100% plus the widgets' margins stuck out)
        # (the fields stay 440 px wide; the line beside Propose may use the whole width)
        wide = ipw.Layout(width="auto", align_self="stretch", max_width="440px")
        # whose offer it is: "I" in the fields below is the player to act
        self.head = ipw.Label("")
        self.head.add_class("gk-trade-head")
        self.partner = ipw.Dropdown(description=self._say("form.with"), layout=wide)
        self.several = ipw.Label(self._say("form.several"), layout=ipw.Layout(max_width="440px"))
        self.several.add_class("gk-trade-note")
        self.give = ipw.SelectMultiple(description=self._say("form.give"), rows=5, layout=wide)
        self.take = ipw.SelectMultiple(description=self._say("form.take"), rows=5, layout=wide)
        pay, get = self._say("form.pay"), self._say("form.get")
        self.give_cash = ipw.BoundedIntText(value=0, min=0, max=100_000, description=pay)
        self.take_cash = ipw.BoundedIntText(value=0, min=0, max=100_000, description=get)
        # "Get out of Academic Probation free" cards each player holds (rule 11 trades them)
        self.give_cards = ipw.SelectMultiple(
            description=self._say("form.my_cards"),
            rows=2,
            layout=ipw.Layout(width="auto", align_self="stretch", max_width="440px"),
        )
        self.take_cards = ipw.SelectMultiple(
            description=self._say("form.their_cards"),
            rows=2,
            layout=ipw.Layout(width="auto", align_self="stretch", max_width="440px"),
        )
        # properties the engine would refuse in a trade now, and why (not in the lists)
        self.blocked = ipw.Label("", layout=ipw.Layout(display="none", max_width="440px"))
        self.blocked.add_class("gk-trade-note")
        # width auto: labels whole, not cut to ipywidgets' 148 px
        self.propose = ipw.Button(
            description=self._say("form.propose"),
            button_style="warning",
            layout=ipw.Layout(width="auto"),
        )
        # the form's own message line, beside the button that was clicked (the panel's
        # message line may be out of view when the form is)
        self.note = ipw.Label("", layout=ipw.Layout(display="none"))
        self.note.add_class("gk-trade-note")
        self.yes = ipw.Button(
            description="", button_style="warning", layout=ipw.Layout(width="auto")
        )
        self.no = ipw.Button(description="", layout=ipw.Layout(width="auto"))
        self.answers = ipw.HBox(
            [self.yes, self.no], layout=ipw.Layout(display="none", flex_flow="row wrap")
        )
        self.yes.on_click(lambda _: self._answered(True))
        self.no.on_click(lambda _: self._answered(False))
        beside = ipw.VBox([self.note, self.answers], layout=ipw.Layout(flex="1 1 200px"))
        self._last_proposal = -1e9  # time.monotonic() of the last proposal sent
        self.proposed = 0  # proposals sent to the table (a count, for tests)
        # the form as a proposal emptied it: Propose does nothing until something is chosen
        # or typed (or the decision changes), so a late repeated click keeps the outcome
        self._spent = False
        self.propose.on_click(self._propose)
        self.partner.observe(self._fill_take, names="value")
        for field in (
            self.partner,
            self.give,
            self.take,
            self.give_cash,
            self.take_cash,
            self.give_cards,
            self.take_cards,
        ):
            field.observe(self._edited, names="value")
        super().__init__(
            [
                self.head,
                self.partner,
                self.several,
                self.give,
                self.give_cash,
                self.give_cards,
                self.take,
                self.take_cash,
                self.take_cards,
                self.blocked,
                ipw.HBox(
                    [self.propose, beside],
                    layout=ipw.Layout(align_items="flex-start", grid_gap="8px"),
                ),
            ]
        )
        self.add_class("gk-trade-form")

    def _say(self, kind: str, **fields: Any) -> str:
        """The form's words ``kind`` (an entry of Alfredopoly's phrasebook) in its language."""
        return phrasebook().text(Words(kind, **fields), self.lang)

    def _properties(self, seat: int, blocked: dict[str, list[str]]) -> list[tuple[str, int]]:
        """``seat``'s properties the engine lets them trade now; the others go to
        ``blocked`` under the engine's reason."""
        state = self._state
        assert state is not None
        spaces = self._spec.board.spaces
        table = Table(self._spec, state, log=False)
        me = state.actor
        other = self.partner.value if seat == me else seat
        out = []
        for i, owner in enumerate(state.owner):
            if owner != seat:
                continue
            problem = None
            if other is not None:
                mine = seat == me
                offer = A.ProposeTrade(other, give=(i,) if mine else (), take=() if mine else (i,))
                why = refusal(table, offer)
                problem = None if why is None else phrasebook().text(why, self.lang)
            if problem is None:
                name = spaces[i].name
                shown = self._say("form.mortgaged", space=name) if state.mortgaged[i] else name
                out.append((shown, i))
            else:
                blocked.setdefault(problem, []).append(spaces[i].name)
        return out

    def _cards(self, seat: int) -> list[tuple[str, str]]:
        """The "Get out" cards ``seat`` holds, labelled with their deck and id."""
        assert self._state is not None
        cards = self._spec.board.cards
        out = []
        for cid in self._state.players[seat].cards:
            deck = getattr(cards.get(cid), "deck", "")
            shown = self._say("form.card", card=cid, deck=deck.replace("_", " ")) if deck else cid
            out.append((shown, cid))
        return out

    def show(self, state: GameState, can_trade: bool) -> None:
        """Refill the lists for ``state``; hidden unless the player to act may trade. When
        another player is to act, or the decision changed (another turn or phase), the form
        is emptied and the partner is the first one again."""
        self._state = state
        self.say("")
        self.layout.display = "" if can_trade else "none"
        waiting = state.phase == "trade" and state.offer is not None
        self.propose.disabled = not can_trade or waiting
        self.propose.description = self._say("form.waiting" if waiting else "form.propose")
        decision = (state.turn, state.actor, state.phase)
        if decision != self._decision:
            self._decision = decision
            self.reset()
            self.partner.value = None  # the first partner below
            self._spent = False
        if not can_trade:
            return
        me = state.actor
        name = state.players[me].name
        self.head.value = self._say("form.head", player=name)
        partners = [(p.name, i) for i, p in enumerate(state.players) if i != me and not p.bankrupt]
        keep = self.partner.value
        self.partner.options = partners
        seats = [seat for _, seat in partners]
        self.partner.value = keep if keep in seats else (seats[0] if seats else None)
        self._fill_take()

    def _fill_take(self, change: dict[str, Any] | None = None) -> None:
        """Refill the partner's side (and, from :meth:`show`, the player's own side: a new
        partner keeps what "I give" has chosen)."""
        state = self._state
        if state is None or self.partner.value is None or state.phase != "turn":
            return
        if change is None:
            self._mine_blocked = {}
            self.give.options = self._properties(state.actor, self._mine_blocked)
            self.give_cards.options = self._cards(state.actor)
            self.give_cards.layout.display = "" if self.give_cards.options else "none"
        blocked = {why: list(names) for why, names in self._mine_blocked.items()}
        self.take.options = self._properties(self.partner.value, blocked)
        self.take_cards.options = self._cards(self.partner.value)
        self.take_cards.layout.display = "" if self.take_cards.options else "none"
        self.blocked.value = "; ".join(
            self._say("form.blocked", names=", ".join(names), why=why)
            for why, names in blocked.items()
        )
        self.blocked.layout.display = "" if blocked else "none"

    def reset(self) -> None:
        """Empty the form (after a proposal, so a repeated click cannot repeat it)."""
        self.give.value = ()
        self.take.value = ()
        self.give_cash.value = 0
        self.take_cash.value = 0
        self.give_cards.value = ()
        self.take_cards.value = ()

    def say(self, text: str, *, error: bool = False, yes: str = "", no: str = "") -> None:
        """Show ``text`` beside the Propose button (an error in red); with ``yes`` and
        ``no``, a question with those two answers beside it too."""
        self.note.value = text
        self.note.layout.display = "" if text else "none"
        if error:
            self.note.add_class("gk-error")
        else:
            self.note.remove_class("gk-error")
        self.yes.description, self.no.description = yes, no
        asking = bool(yes and no)
        self.answers.layout.display = "" if asking else "none"
        if asking:
            self.propose.disabled = True
            self.propose.description = self._say("form.answer_first")

    def _replied(self, reply: Any) -> None:
        """What the table did with the offer (a :class:`~widgets.table.Reply`)."""
        if reply.kind == "taken":
            self._last_proposal = time.monotonic()
            self.proposed += 1
            self.reset()
            self._spent = True  # after reset(): its own changes do not count as edits
            if reply.text:
                self.say(reply.text)
        elif reply.kind == "asked":
            self.say(reply.text, yes=reply.yes, no=reply.no)
        else:  # refused, or "no" to the question: the form keeps its values
            self.say(reply.text, error=reply.kind == "refused")
            self.propose.disabled = False

    def _answered(self, yes: bool) -> None:
        if not self.yes.description or self._answer is None:
            return
        self.yes.description = self.no.description = ""  # one answer per question
        self.answers.layout.display = "none"
        self._answer(yes, reply=self._replied)

    def _edited(self, change: dict[str, Any]) -> None:
        self._spent = False

    def _propose(self, button: ipw.Button | None = None) -> None:
        if self.partner.value is None or self.propose.disabled or self._spent:
            return
        if time.monotonic() - self._last_proposal < REPEAT_GUARD_S:
            return  # the second click of a double click
        offer = A.ProposeTrade(
            partner=self.partner.value,
            give=tuple(self.give.value),
            take=tuple(self.take.value),
            give_cash=int(self.give_cash.value),
            take_cash=int(self.take_cash.value),
            give_cards=tuple(self.give_cards.value),
            take_cards=tuple(self.take_cards.value),
        )
        self.propose.disabled = True  # until the table shows the answer (show() again)
        replied = False

        def reply(answer: Any) -> None:
            nonlocal replied
            replied = True
            self._replied(answer)

        try:
            self._submit(offer, reply=reply)
        finally:
            if not replied:
                self.propose.disabled = False  # no answer (an error): the form stays
