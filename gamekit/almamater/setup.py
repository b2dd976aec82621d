"""Setup: the seeded deal, the founding draft, the chancellor choice, library and resources.

All chance happens in :func:`new_game`; from then on a game depends only on the actions.

>>> from gamekit.almamater.spec import make_spec
>>> s = new_game(make_spec(3), seed=4)
>>> s.phase, [len(p.hand) for p in s.players]
('draft', [4, 4, 4])
"""

from __future__ import annotations

from typing import Any

from gamekit.almamater import phrases as ph
from gamekit.almamater.moves import Work
from gamekit.almamater.phases import PHASES
from gamekit.almamater.records import FACULTIES, HAND, LETTERS
from gamekit.almamater.spec import AlmaMaterSpec
from gamekit.almamater.state import GameState, PlayerState
from gamekit.core.events import Words
from gamekit.core.rng import Seed, make_rng


def new_game(spec: AlmaMaterSpec, players: int | None = None, seed: Seed = None) -> GameState:
    """Shuffle and deal: founding hands, the chancellor draw, research track, academy,
    glory tiles and campus. Returns the state at the start of the founding draft.

    ``players`` may be left out: the spec fixes it (``make_spec(players=...)``); when
    given it must agree with the spec (a ``ValueError`` otherwise).

    >>> from gamekit.almamater.spec import make_spec
    >>> new_game(make_spec(2), 2, seed=1) == new_game(make_spec(2), seed=1)
    True
    """
    if players is not None and (
        isinstance(players, bool) or not isinstance(players, int) or players != spec.players
    ):
        raise ValueError(
            f"the spec is for {spec.players} players, got players={players!r} "
            "(give the seed as seed=...)"
        )
    rng = make_rng(seed)
    c = spec.components
    n = spec.players

    def shuffled(items: list[str]) -> list[str]:
        return [items[i] for i in rng.permutation(len(items))]

    deck = shuffled([f.id for f in c.founding])
    tie_draw = tuple(int(x) for x in rng.permutation(n))
    chancellors = shuffled([ch.name for ch in c.chancellors])
    bust_order = tuple(int(x) for x in rng.permutation(3))
    track = tuple(
        shuffled([r.id for r in c.research if r.letter == letter])[0] for letter in LETTERS
    )
    academy: list[str] = []
    for faculty in FACULTIES:
        kinds = [p.name for p in c.professors if p.faculty == faculty]
        academy += sorted(shuffled(kinds)[: c.types_in_play], key=kinds.index)
    by_level: dict[str, list[str]] = {}
    for level in c.glory_levels:  # each level's tiles shuffled once, then drawn in turn
        if level not in by_level:
            by_level[level] = shuffled([t.id for t in c.glory if t.level == level])
    glory = tuple(by_level[level].pop(0) for level in c.glory_levels)
    rows = c.board.campus_rows
    columns = len(c.board.campus_columns)
    grid = [["" for _ in range(columns)] for _ in range(rows)]
    for col in range(columns):
        kinds = shuffled([s.name for s in c.students if s.column == col + 1])
        if len(kinds) != rows:
            raise ValueError(f"price column {col + 1} needs {rows} student kinds, has {len(kinds)}")
        for row in range(rows):
            grid[row][col] = kinds[row]
    shelves = tuple(tuple(False for _ in c.shelves.prices) for _ in range(c.shelves.count))
    seats = tuple(
        PlayerState(
            seat=i,
            colour=spec.colours[i],
            hand=tuple(deck[i * HAND : (i + 1) * HAND]),
            storage=(0,) * n,
            shelves=shelves,
            masters=c.board.masters_start,
        )
        for i in range(n)
    )
    return GameState(
        phase=PHASES.start,
        round=0,
        order=tuple(range(n)),
        turn=0,
        players=seats,
        tie_draw=tie_draw,
        chancellor_pool=tuple(chancellors[: n + 1]),
        bust_extra=tuple(chancellors[n + 1 : n + 3]),
        bust_order=bust_order,
        glory=glory,
        bust_chancellors=(),
        busts_left=(c.bust_stack,) * len(glory),
        research_track=track,
        campus=tuple(tuple(r) for r in grid),
        campus_left=tuple((c.student_copies,) * columns for _ in range(rows)),
        academy=tuple(academy),
        academy_left=(c.professor_copies,) * len(academy),
        academy_paid=(None,) * len(academy),
        spaces=(0,) * len(spec.spaces),
        bishop=(),
        reputation=tuple(range(n)),
        dictionaries=c.board.dictionaries_supply,
        rounds=c.board.rounds,
        spec=spec,
    )


def founding_sum(spec: AlmaMaterSpec, player: PlayerState) -> int:
    """The sum of the white numbers on ``player``'s kept founding cards."""
    return sum(spec.founding[card].white for card in player.kept)


def draft_keep(w: Work, seat: int, card: str) -> None:
    p = w.p[seat]
    hand = list(p.hand)
    hand.remove(card)
    w.set(seat, hand=tuple(hand), kept=(*p.kept, card))
    if w.narrate:
        w.log("draft", Words("draft.keep", player=w.who(seat)), seat)
    n = w.spec.players
    if seat < n - 1:
        w.g["turn"] = seat + 1
        return
    hands = [w.p[i].hand for i in range(n)]
    for i in range(n):  # pass the rest to the left
        w.set((i + 1) % n, hand=hands[i])
    if w.narrate:
        w.log("draft", Words("draft.pass"))
    if len(w.p[0].hand) == 1:
        for i in range(n):
            w.set(i, kept=(*w.p[i].kept, w.p[i].hand[0]), hand=())
        if w.narrate:
            w.log("draft", Words("draft.last"))
        w.enter("discard")
    w.g["turn"] = 0


def discard_founding(w: Work, seat: int, card: str) -> None:
    p = w.p[seat]
    kept = list(p.kept)
    kept.remove(card)
    w.set(seat, kept=tuple(kept), discarded=card)
    if w.narrate:
        w.log("draft", Words("draft.discard", player=w.who(seat)), seat)
    n = w.spec.players
    if seat < n - 1:
        w.g["turn"] = seat + 1
        return
    sums = [founding_sum(w.spec, w.p[i]) for i in range(n)]
    for i in range(n):
        if w.narrate:
            cards = ", ".join(w.p[i].kept)
            said = Words("draft.reveal", player=w.who(i), cards=cards, n=sums[i])
            w.log("draft", said, i, sums[i])
    tie = w.g["tie_draw"]
    order = tuple(sorted(range(n), key=lambda i: (sums[i], tie[i])))
    if w.narrate:
        for total in sorted(set(sums)):
            tied = [i for i in range(n) if sums[i] == total]
            if len(tied) > 1:
                w.log("draft", tie_said([w.who(i) for i in tied], total, [tie[i] for i in tied]))
        w.log("order", Words("order", order=ph.listed([w.who(i) for i in order])))
    w.g.update(order=order, turn=0)
    w.enter("chancellor")


def tie_words(names: list[str], total: int, draw: list[int]) -> str:
    """The log line for the players ``names`` (in seat order) who tie at white sum
    ``total``: only they are named, then in the order of their seeded ``draw`` numbers
    (one per name, lower first).

    >>> tie_words(["Ann", "Cy"], 21, [1, 0])
    'Ann and Cy tie at white sum 21; the seeded draw puts Cy first'
    >>> tie_words(["Red", "Blue", "Green"], 15, [2, 0, 1])
    'Red, Blue and Green tie at white sum 15; the seeded draw orders them Blue, Green, Red'
    """
    return ph.text(tie_said(names, total, draw))


def tie_said(names: list[Any], total: int, draw: list[int]) -> Words:
    """The words of :func:`tie_words` (``names``: strings or the players' words).

    >>> ph.text(tie_said([ph.seat("red"), ph.seat("blue")], 21, [1, 0]), "de")
    'Rot und Blau haben dieselbe weiße Summe 21; die gezogene Reihenfolge stellt Blau nach vorn'
    """
    drawn = [names[i] for _, i in sorted(zip(draw, range(len(names)), strict=True))]
    who = ph.listed(names, "and")
    if len(names) == 2:
        return Words("draft.tie", players=who, n=total, first=drawn[0])
    return Words("draft.ties", players=who, n=total, order=ph.listed(drawn))


def choose_chancellor(w: Work, seat: int, name: str) -> None:
    pool = list(w.g["chancellor_pool"])
    pool.remove(name)
    w.g["chancellor_pool"] = tuple(pool)
    w.set(seat, chancellor=name, abilities=(name,))
    if w.narrate:
        gist, text = ph.ability(w.spec, name)
        said = Words("chancellor", player=w.who(seat), chancellor=name, gist=gist, text=text)
        w.log("chancellor", said, seat)
    if w.g["turn"] < w.spec.players - 1:
        w.g["turn"] += 1
        return
    stack = (pool[0], *w.g["bust_extra"])
    on_tiles = tuple(stack[i] for i in w.g["bust_order"])
    w.g["bust_chancellors"] = on_tiles
    w.g["chancellor_pool"] = ()
    for tile, ch in zip(w.g["glory"], on_tiles, strict=True):
        if w.narrate:
            w.log("setup", Words("setup.stack", tile=tile, chancellor=ch))
    if w.narrate:
        w.log("setup", Words("setup.library", n=w.c.shelves.library))
    board = w.c.board
    narrate = w.narrate  # the reasons are words only when the step narrates
    for seat_ in w.g["order"]:
        w.gain(seat_, board.start, _STARTING_DUCATS)
        for card in w.p[seat_].kept:
            why = Words("why.founding_card", card=card) if narrate else ""
            w.gain(seat_, w.spec.founding[card].gain, why)
        if w.has(seat_, "founding_bonus"):
            discarded = w.p[seat_].discarded
            assert discarded is not None
            glareanus = Words("why.glareanus", card=discarded) if narrate else ""
            w.gain(seat_, w.spec.founding[discarded].gain, glareanus)
    w.g["reputation"] = reputation_order(w.p, w.g["order"])


_STARTING_DUCATS = Words("why.starting_ducats")


def begin_play(w: Work) -> None:
    """Round 1 begins (after the players have placed their founding textbooks)."""
    w.enter("action")
    w.g.update(round=1, turn=0)
    if w.narrate:
        w.log("round", Words("round.first"))


def reputation_order(
    players: list[PlayerState] | tuple[PlayerState, ...], previous: tuple[int, ...]
) -> tuple[int, ...]:
    """Seats by book reputation: further on the research track first; ties keep ``previous``."""
    return tuple(sorted(previous, key=lambda seat: -players[seat].research))
