"""A game being played at a table: its history, its seeded dice and its bots.

The rules stay in the engine. A :class:`Session` only goes through the
:class:`~gamekit.core.game.Game` protocol, resolves chance steps with its own seeded
generator, lets bot seats choose, and keeps every position so a history slider can step
back and forth. Every chance outcome drawn is recorded with its move, so stepping back and
taking the recorded move again replays it with the recorded dice; a different move from an
earlier position starts a new branch, and :meth:`Session.undo_branch` brings the old line
back. :meth:`Session.save` and :meth:`Session.restore` write and read the whole history as
JSON-ready data (the game's struct round trip; a restore is replayed and checked).

Bots are the game's (``game.bots()``), called as ``bot(state, rng)``; seat ``s`` of a
session seeded ``S`` draws from ``seat_generators(S, n)[s]`` (the kit's one scheme).

>>> import gamekit
>>> from gamekit.alfredopoly.actions import RollDice
>>> s = Session(gamekit.games()["alfredopoly"], ["Ann", "Bo"], seed=1)
>>> s.act(RollDice())[0].startswith("Ann rolled")
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from gamekit.core.actions import Action, Outcome, sample_outcome
from gamekit.core.data import hidden_character
from gamekit.core.errors import GamekitError, IllegalAction
from gamekit.core.events import Words
from gamekit.core.game import Game, player_names, seat_generators
from gamekit.core.rng import Seed, make_rng
from gamekit.core.structs import short_repr, to_struct

MAX_BOT_STEPS = 5000  # a safety cap per click; a bot game that long is stopped and reported
MAX_MOVES = 20_000
"""The most moves a saved history may hold (a whole four-player Alfredopoly game of bots
takes about 900, an Alma Mater game about 160); a longer one is refused before replaying."""

BotFn = Callable[[Any, np.random.Generator], Action]


@dataclass
class Entry:
    """One position in the history and how the game got there."""

    state: Any
    events: tuple[str, ...] = ()
    label: str = "start"
    seat: int | None = None
    action: Action | None = None
    outcomes: tuple[Any, ...] = ()  # the chance outcomes drawn after the action, in order
    bot: bool = False  # whether a bot (not a person) chose the action
    # the same events as data (the game's Event records, ``words`` and all), for front ends
    # that read what happened rather than its English text (the table's dice note)
    records: tuple[Any, ...] = field(default=(), repr=False, compare=False)


class BranchError(IllegalAction):
    """Raised when a move from an earlier position would drop the later history."""


def _seat_rngs(seed: Seed, n: int) -> list[np.random.Generator]:
    if isinstance(seed, np.random.Generator):
        return list(seed.spawn(n))
    return seat_generators(seed, n)


@dataclass
class Session:
    """The history of one game of ``game`` at a table.

    ``players`` is a count or the names; ``options`` go to ``game.new_game``. ``bots``
    maps seats to a strategy name of ``game.bots()`` or a bot ``bot(state, rng)``.
    """

    game: Game
    players: int | Sequence[str] = 2
    seed: Seed = None
    bots: Mapping[int, str | BotFn] = field(default_factory=dict)
    options: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.seats, _ = player_names(self.players)
        start = self.game.new_game(self.players, seed=self.seed, **self.options)
        self.rng = make_rng(self.seed)
        factories = self.game.bots()
        players: dict[int, BotFn] = {}
        for seat, bot in self.bots.items():
            if isinstance(bot, str):
                if bot not in factories:
                    known = ", ".join(factories)
                    text = f"unknown bot {bot!r}; known: {known}"
                    raise _refused(text, "core.load.bot_unknown", bot=repr(bot), known=known)
                players[seat] = factories[bot]()
            else:
                players[seat] = bot
        self.bot_players = players
        self.bot_rngs = _seat_rngs(self.seed, self.seats)
        self.history: list[Entry] = [Entry(start)]
        self.position = 0
        self.set_aside: list[tuple[list[Entry], int]] = []  # dropped lines, for undo_branch

    @property
    def state(self) -> Any:
        """The position being shown (the last one unless the slider went back)."""
        return self.history[self.position].state

    @property
    def at_end(self) -> bool:
        return self.position == len(self.history) - 1

    @property
    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    def actor(self) -> int | None:
        """The seat to act at the position shown (``None`` at dice or when over)."""
        return None if self.outcome is not None else self.game.current_player(self.state)

    def legal(self) -> list[Action]:
        """The legal actions at the position shown (none once the game is over)."""
        if self.outcome is not None:
            return []
        return list(self.game.legal_actions(self.state))

    def describe(self, action: Action, lang: str = "en") -> str:
        """The words of a button for ``action`` at the position shown."""
        return self.game.describe(self.state, action, lang)

    def seek(self, position: int) -> None:
        """Show position ``position`` of the history (0 is the start)."""
        if not 0 <= position < len(self.history):
            raise ValueError(f"the history has positions 0-{len(self.history) - 1}, not {position}")
        self.position = position

    def recorded_next(self, action: Action | None = None) -> Entry | None:
        """The recorded entry after the position shown, when it was reached by ``action``
        (any action when ``None``); ``None`` at the end of the history."""
        if self.at_end:
            return None
        entry = self.history[self.position + 1]
        if entry.action is None or (action is not None and entry.action != action):
            return None
        return entry

    def would_branch(self, action: Action) -> bool:
        """Whether ``action`` at the position shown would drop later moves (a new branch)."""
        return not self.at_end and self.recorded_next(action) is None

    def check(self, action: Action) -> None:
        """Raise ``IllegalAction`` (with the reason) unless ``action`` is legal now."""
        if self.outcome is not None:
            raise IllegalAction("the game is over", action)
        self.game.step(self.state, action)

    def act(
        self, action: Action, *, outcome: Any = None, branch: bool = True, bot: bool = False
    ) -> tuple[str, ...]:
        """Check and apply ``action`` for the player to act, then resolve any dice.

        ``outcome`` stages the first chance outcome after the action (a teacher's chosen
        roll, checked by the game's ``chance_step``); later ones come from the generator.
        Raises ``IllegalAction`` (nothing changes). From an earlier position, the move that
        was recorded there is replayed (same dice, the later history kept); any other move
        starts a new branch (the later history is set aside, see :meth:`undo_branch`), or
        raises :class:`BranchError` when ``branch=False``. Returns the events in words.
        """
        if self.outcome is not None:
            raise IllegalAction("the game is over", action)
        seat = self.actor()
        recorded = self.recorded_next(action) if outcome is None else None
        if recorded is not None and recorded.seat == seat:
            self.position += 1  # replay: same move, same recorded dice
            return recorded.events
        done = self.game.step(self.state, action)  # the game checks
        if outcome is not None and not self.game.is_chance(done.state):
            raise IllegalAction(f"no dice are due after {action}", action)
        if not branch and not self.at_end:
            later = len(self.history) - 1 - self.position
            raise BranchError(
                f"{action} differs from the recorded move: it would start a new branch "
                f"and set aside {later} later move(s)",
                action,
            )
        state, more, drawn = self._resolve_chance(done.state, outcome)
        records = (*done.events, *more)
        events = tuple(str(e) for e in records)
        self._append(Entry(state, events, str(action), seat, action, drawn, bot, records))
        return events

    def resolve(self, outcome: Any) -> tuple[str, ...]:
        """Resolve the chance step at the position shown with ``outcome`` (then any further
        dice from the generator). Raises ``IllegalAction`` when no chance step is due."""
        if self.outcome is not None:
            raise IllegalAction("the game is over")
        if not self.game.is_chance(self.state):
            raise IllegalAction("no dice are due at this position")
        seat = self.actor()
        state, records, drawn = self._resolve_chance(self.state, outcome)
        events = tuple(str(e) for e in records)
        self._append(
            Entry(state, events, f"dice {outcome}", seat, None, drawn, records=tuple(records))
        )
        return events

    def _append(self, entry: Entry) -> None:
        if not self.at_end:
            self.set_aside.append((list(self.history), self.position))
        del self.history[self.position + 1 :]
        self.history.append(entry)
        self.position = len(self.history) - 1

    def undo_branch(self) -> int:
        """Bring back the line the last branch set aside, shown at the position where the
        branch started; the branch's own moves are dropped. Returns how many moves came back.

        Raises ``IllegalAction`` when no branch was started.
        """
        if not self.set_aside:
            raise IllegalAction("no branch to undo")
        history, position = self.set_aside.pop()
        self.history, self.position = history, position
        return len(history) - 1 - position

    def act_struct(self, struct: Mapping[str, Any]) -> tuple[str, ...]:
        """Like :meth:`act`, from an action struct sent by a front end (``ValueError``
        when it is not an action of this game)."""
        return self.act(self.game.action_from_struct(struct))

    def _resolve_chance(
        self, state: Any, first: Any = None, recorded: Sequence[Any] | None = None
    ) -> tuple[Any, list[Any], tuple[Any, ...]]:
        """Resolve chance steps: ``first`` staged, then ``recorded`` outcomes (a replay,
        which must use them all), else the generator. Returns state, events (the game's
        Event records), outcomes."""
        events: list[Any] = []
        drawn_all: list[Any] = []
        queue = list(recorded) if recorded is not None else []
        game = self.game
        while game.is_chance(state):
            if first is not None:
                drawn, first = first, None  # a staged outcome; the game checks it
            elif recorded is not None:
                if not queue:
                    text = "dice are due but no recorded outcome is left"
                    raise _refused(text, "core.load.no_outcome")
                drawn = queue.pop(0)
            else:
                drawn = sample_outcome(game.chance_outcomes(state), self.rng)
            done = game.chance_step(state, drawn)
            events.extend(done.events)
            drawn_all.append(drawn)
            state = done.state
        if queue:
            text = f"{len(queue)} recorded outcome(s) left over"
            raise _refused(text, "core.load.outcomes_left", n=len(queue))
        return state, events, tuple(drawn_all)

    def bot_to_act(self) -> bool:
        seat = self.actor()
        return seat is not None and seat in self.bot_players

    def bot_step(self) -> tuple[str, ...]:
        """Let the bot whose turn it is take one action (from an earlier position: replay
        the recorded one)."""
        seat = self.actor()
        if seat is None or seat not in self.bot_players:
            raise IllegalAction("no bot is to act now")
        recorded = self.recorded_next()
        if recorded is not None and recorded.seat == seat:
            self.position += 1
            return recorded.events
        action = self.bot_players[seat](self.state, self.bot_rngs[seat])
        return self.act(action, bot=True)

    # --- saving ------------------------------------------------------------------------
    def save(self) -> dict[str, Any]:
        """The whole history as JSON-ready data: the game, the start position (with the
        options that rebuild its rules), every move with the dice drawn after it, the
        position shown, the final position (a check) and the generators' states (so the
        game continues with the same dice and bot choices).

        >>> import gamekit
        >>> from gamekit.alfredopoly.actions import RollDice
        >>> game = gamekit.games()["alfredopoly"]
        >>> s = Session(game, ["Ann", "Bo"], seed=1)
        >>> _ = s.act(RollDice())
        >>> t = Session(game, ["Ann", "Bo"], seed=2)
        >>> t.restore(s.save()); t.state == s.state
        True
        """
        game = self.game
        return {
            "game": game.name,
            "start": game.state_to_struct(self.history[0].state),
            "moves": [
                {
                    "seat": e.seat,
                    "bot": e.bot,
                    "action": None if e.action is None else game.action_to_struct(e.action),
                    "outcomes": [game.outcome_to_struct(o) for o in e.outcomes],
                }
                for e in self.history[1:]
            ],
            "position": self.position,
            "final": game.state_to_struct(self.history[-1].state),
            "rng": to_struct(self.rng.bit_generator.state),
            "bot_rngs": [to_struct(g.bit_generator.state) for g in self.bot_rngs],
        }

    def restore(self, data: Any) -> None:
        """Replace the history with :meth:`save` output, replayed through the game and
        checked against its final position. The saved game must be one of this session's
        game with the same options. Raises ``ValueError`` saying what is wrong (the field or
        the move number and the reason); the session is unchanged then."""
        game = self.game
        if not isinstance(data, Mapping):
            text = f"a saved history is an object, not {type(data).__name__}"
            raise _refused(text, "core.load.not_object")
        missing = [k for k in ("start", "moves", "position", "final") if k not in data]
        if missing:
            text = f"the saved history has no {', '.join(missing)}"
            raise _refused(text, "core.load.missing", fields=", ".join(map(repr, missing)))
        if data.get("game", game.name) != game.name:
            text = f"game: a game of {data['game']!r}, not of {game.name!r}"
            theirs = short_repr(data["game"], 40)
            raise _refused(text, "core.load.other_game", saved=theirs, ours=repr(game.name))
        ours = game.state_to_struct(self.history[0].state)
        # the options (a board's or data folder's path among them) are compared as written,
        # before anything is built from them: a load never reads a file a saved game names
        for where in ("start", "final"):
            _same_rules(f"{where} position", data[where], ours["options"])
        try:
            state = game.state_from_struct(data["start"])
        except (ValueError, TypeError) as exc:
            raise _at(f"start position: {exc}", "core.load.start", exc) from None
        _same_players(game.state_to_struct(state)["state"], ours["state"])
        history = [Entry(state)]
        moves = data["moves"]
        if not isinstance(moves, list):
            raise _refused("moves: expected a list", "core.load.moves_list")
        if len(moves) > MAX_MOVES:
            text = f"moves: {len(moves):,} moves, more than a table keeps ({MAX_MOVES:,})"
            raise _refused(text, "core.load.too_many", count=len(moves), most=MAX_MOVES)
        for n, move in enumerate(moves, start=1):
            try:
                history.append(self._replay(history[-1].state, move))
            except (ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
                why = getattr(exc, "words", None)  # a refusal's words: any table's language
                if why is not None:
                    words = Words("core.load_move", n=n, why=why)
                    raise IllegalAction(f"move {n}: {exc}", words=words) from None
                why = unreadable(str(exc))  # no words of its own
                raise GamekitError(
                    f"move {n}: {exc}", words=Words("core.load_move", n=n, why=why)
                ) from None
        try:
            final = game.state_from_struct(data["final"])
        except (ValueError, TypeError) as exc:
            raise _at(f"final position: {exc}", "core.load.final", exc) from None
        if final != history[-1].state:
            raise _refused(
                "the moves do not lead to the saved final position (a different board, "
                "rule options or an edited file?)",
                "core.load.not_final",
            )
        position = data["position"]
        if isinstance(position, bool) or not isinstance(position, int):
            text = f"position: expected a whole number, got {position!r}"
            raise _refused(text, "core.load.position_int", got=short_repr(position))
        if not 0 <= position < len(history):
            last = len(history) - 1
            text = f"position: {position} is not in 0-{last}"
            raise _refused(text, "core.load.position_range", position=position, last=last)
        rng = _load_rng(data.get("rng"), "rng")
        bot_rngs = list(self.bot_rngs)
        saved = data.get("bot_rngs")
        if saved is not None:
            if not isinstance(saved, list) or len(saved) != len(bot_rngs):
                text = f"bot_rngs: expected a list of {len(bot_rngs)} generator states"
                raise _refused(text, "core.load.bot_rngs", n=len(bot_rngs))
            bot_rngs = [_load_rng(g, f"bot_rngs[{i}]") for i, g in enumerate(saved)]
        self.history, self.position, self.rng = history, position, rng
        self.bot_rngs = bot_rngs
        self.set_aside = []

    def _replay(self, state: Any, move: Any) -> Entry:
        if not isinstance(move, Mapping):
            text = f"expected an object, got {type(move).__name__}"
            raise _refused(text, "core.load.move_object", got=short_repr(move))
        game = self.game
        seat = game.current_player(state) if game.outcome(state) is None else None
        # what a save records beside the move must agree with the replay (an edited file)
        saved_seat = move.get("seat", seat)
        if isinstance(saved_seat, bool) or saved_seat != seat:
            text = f"seat: saved as {saved_seat!r}, but the seat to act is {seat!r}"
            raise _refused(text, "core.load.seat", saved=short_repr(saved_seat), seat=repr(seat))
        if not isinstance(move.get("bot", False), bool):
            text = f"bot: expected true or false, got {move['bot']!r}"
            raise _refused(text, "core.load.bot", got=short_repr(move["bot"]))
        outcomes = [game.outcome_from_struct(o) for o in move.get("outcomes") or []]
        if move.get("action") is None:
            if not game.is_chance(state):
                no_dice = Words("core.load.no_dice")
                raise IllegalAction("dice without a move, but no dice are due", words=no_dice)
            after, records, drawn = self._resolve_chance(state, recorded=outcomes)
            label = f"dice {drawn[0] if drawn else ''}"
            events = tuple(str(e) for e in records)
            return Entry(after, events, label, seat, None, drawn, records=tuple(records))
        action = game.action_from_struct(move["action"])
        done = game.step(state, action)
        after, more, drawn = self._resolve_chance(done.state, recorded=outcomes)
        records = (*done.events, *more)
        events = tuple(str(e) for e in records)
        bot = bool(move.get("bot"))
        return Entry(after, events, str(action), seat, action, drawn, bot, records)

    def run_bots(self, *, until: str = "person", limit: int = MAX_BOT_STEPS) -> int:
        """Let bots act: ``until="person"`` (a person is to act or the game ends) or
        ``until="turn"`` (the seat to act changes). Returns the number of bot actions."""
        start = self.actor()
        steps = 0
        while self.bot_to_act() and steps < limit:
            self.bot_step()
            steps += 1
            if until == "turn" and self.actor() != start:
                break
        return steps


def _same_rules(where: str, saved: Any, ours: Mapping[str, Any]) -> None:
    """The options a saved position names are this table's (``ValueError`` naming them)."""
    theirs = saved.get("options") if isinstance(saved, Mapping) else None
    if not isinstance(theirs, Mapping):
        text = f"{where}: options: expected an object"
        raise _refused(text, "core.load.options_object", where=_WHERE[where])
    if theirs != ours:
        changed = sorted(
            (str(k) for k in set(ours) | set(theirs) if ours.get(k) != theirs.get(k)),
        )
        text = (
            f"{where}: the saved game has other rules than this table ("
            + ", ".join(
                f"{k[:40]} {short_repr(theirs.get(k))}, here {short_repr(ours.get(k))}"
                for k in changed[:3]
            )
            + ")"
        )
        keys = ", ".join(repr(k[:40]) for k in changed[:3])
        raise _refused(text, "core.load.other_rules", where=_WHERE[where], keys=keys)


def _same_players(saved: Mapping[str, Any], ours: Mapping[str, Any]) -> None:
    """The saved start has this table's seats, with their names where the game writes them:
    a saved game is never adopted by a table of other players (``ValueError``)."""
    theirs_p, ours_p = saved.get("players") or [], ours.get("players") or []
    names = [[p.get("name") for p in ps if isinstance(p, Mapping)] for ps in (theirs_p, ours_p)]
    if len(theirs_p) != len(ours_p) or names[0] != names[1]:
        shown = [", ".join(short_repr(n, 30) for n in ns[:8]) or f"{len(ps)} seats"
                 for ns, ps in zip(names, (theirs_p, ours_p), strict=True)]  # fmt: skip
        text = (
            f"start position: players: the saved game is played by {shown[0]}, this table "
            f"by {shown[1]} (load it at a table of the same players)"
        )
        said = [  # German: the names, else the number of seats in the table's words
            ", ".join(short_repr(n, 30) for n in ns[:8]) or Words("core.load.seats", n=len(ps))
            for ns, ps in zip(names, (theirs_p, ours_p), strict=True)
        ]
        raise _refused(text, "core.load.other_players", saved=said[0], ours=said[1])


def _load_rng(data: Any, where: str) -> np.random.Generator:
    """A generator with a saved ``bit_generator.state`` (a fresh one for ``None``)."""
    rng = make_rng(None)
    if data is not None:
        try:
            rng.bit_generator.state = dict(data)
        except (ValueError, TypeError, KeyError, OverflowError) as exc:
            text = f"{where}: {exc}"
            raise _refused(text, "core.load.rng", where=where) from None
    return rng


_WHERE = {"start position": Words("core.load.start"), "final position": Words("core.load.final")}
"""Where in a saved history a check failed, in the table's words."""


def _refused(text: str, kind: str, **fields: Any) -> GamekitError:
    """A refused save (a ``ValueError``): English ``text`` as it always was, and the words
    ``kind`` with the English ``text`` as ``detail`` and ``fields`` (any table's language).

    >>> from gamekit.core.events import core_phrases
    >>> e = _refused("moves: expected a list", "core.load.moves_list")
    >>> str(e), core_phrases().text(e.words, "de")
    ('moves: expected a list', 'Züge: erwartet eine Liste')
    """
    return GamekitError(text, words=Words(kind, detail=text, **fields))


def unreadable(detail: str) -> Words:
    """The words of a saved position the engine cannot read or replay, in any table's
    language; ``detail`` (the English reason) is kept for English tables and logs.

    >>> w = unreadable("seat 7 is out of range")
    >>> w.kind, w["detail"]
    ('core.load.unreadable', 'seat 7 is out of range')
    """
    return Words("core.load.unreadable", detail=detail)


def _at(text: str, where: str, exc: BaseException) -> GamekitError:
    """``exc`` (a saved position's problem) refused at ``where`` (``core.load.start``, ...):
    its own words where it has them, else the position is said to be unreadable."""
    why = getattr(exc, "words", None)
    if not isinstance(why, Words):
        why = unreadable(str(exc))
    return GamekitError(text, words=Words("core.load.at", detail=text, where=Words(where), why=why))


def seat_names(players: int | Sequence[str], default: Sequence[str]) -> list[str]:
    """Player names from a count or a list.

    >>> seat_names(2, ["Ann", "Bo", "Cy"])
    ['Ann', 'Bo']
    """
    if isinstance(players, int) and not isinstance(players, bool):
        return list(default[:players])
    names = [str(p) for p in players]
    if not names:
        raise GamekitError("a game needs players", words=Words("core.no_players"))
    for seat, name in enumerate(names):  # the words: any table's language (core phrases)
        problem = name_problem(name)
        if problem:
            text = f"players[{seat}]: {short_repr(name, 40)} {problem}"
            why = (
                Words("core.name.empty")
                if not name.strip()
                else Words("core.name.long", length=len(name), most=MAX_NAME)
                if len(name) > MAX_NAME
                else Words("core.name.hidden")
            )
            shown = short_repr(name, 40)  # a long name cut: its length in the table's words
            said = getattr(shown, "words", None) or shown
            name_words = Words("core.name_bad", detail=text, seat=seat + 1, name=said, why=why)
            raise GamekitError(text, words=name_words)
        if name in names[:seat]:
            text = f"players[{seat}]: {name!r} sits at the table twice"
            twice = Words("core.name_twice", detail=text, seat=seat + 1, name=repr(name))
            raise GamekitError(text, words=twice)
    return names


MAX_NAME = 40
"""The longest player name (a name is shown on buttons, cards and the board)."""


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name (``None`` when it can): 1 to
    :data:`MAX_NAME` characters, not only spaces, and no control or direction-changing
    characters (a name is shown as text; such characters would garble what follows it).

    >>> name_problem("Ann"), name_problem(""), name_problem("Ann\u202e")
    (None, 'is empty', 'has a control or text-direction character (U+202E)')
    """
    if not name.strip():
        return "is empty"
    if len(name) > MAX_NAME:
        return f"is {len(name):,} characters long (at most {MAX_NAME})"
    return hidden_character(name)


def bot_seats(bots: Any, names: Sequence[str]) -> dict[int, str]:
    """Bot strategies by seat, from a mapping (seats or names) or a list with ``None``s.

    >>> bot_seats({"Bo": "greedy"}, ["Ann", "Bo"]), bot_seats([None, "dean"], ["Ann", "Bo"])
    ({1: 'greedy'}, {1: 'dean'})
    """
    if bots is None:
        return {}
    if isinstance(bots, Mapping):
        items = bots.items()
    else:
        items = ((seat, b) for seat, b in enumerate(bots) if b)
    seats: dict[int, str] = {}
    for key, strategy in items:
        seat = names.index(key) if isinstance(key, str) and key in names else key
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(names):
            raise ValueError(
                f"bots: no seat {key!r}; seats are 0-{len(names) - 1} or a player's name"
            )
        seats[seat] = str(strategy)
    return seats
