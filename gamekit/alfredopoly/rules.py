"""The checked public API of Alfredopoly: pure functions of a spec and a state.

Rolling is a decision (:class:`~gamekit.alfredopoly.actions.RollDice`); the roll itself
is a chance step whose exact outcomes :func:`chance_outcomes` lists and
:func:`apply_chance` resolves. Decks are shuffled at setup from the seed, then cycle for
real, so drawing a card is not a chance step.

>>> spec = AlfredopolySpec()
>>> s = new_game(spec, players=2, seed=3)
>>> legal_actions(spec, s)
[RollDice()]
>>> s = apply(spec, s, RollDice())
>>> is_chance(s), len(chance_outcomes(spec, s))
(True, 36)
>>> st = chance_step(spec, s, DiceRoll((1, 2)))
>>> [str(e) for e in st.events]
['Ann rolled 1+2 = 3', 'Ann moved to Babcock Hall']
>>> st.state.phase, legal_actions(spec, st.state)
('buy', [BuySpace(space=3), DeclineBuy(space=3)])
>>> apply(spec, st.state, EndTurn())
Traceback (most recent call last):
...
gamekit.core.errors.IllegalAction: end the turn is not allowed in the buy phase
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from gamekit.alfredopoly.actions import EndTurn, RollDice
from gamekit.alfredopoly.board import DECKS
from gamekit.alfredopoly.checks import legal_moves, manage_moves, refusal
from gamekit.alfredopoly.constants import MAX_PLAYERS, MIN_PLAYERS, TRUSTEES
from gamekit.alfredopoly.engine import Table
from gamekit.alfredopoly.narration import phase_words, phrasebook
from gamekit.alfredopoly.phases import CHANCE, OVER, PHASES
from gamekit.alfredopoly.spec import AlfredopolySpec, make_spec
from gamekit.alfredopoly.state import GameState, PlayerState
from gamekit.core.actions import Action, Outcome, ScoreLine, Step
from gamekit.core.dice import DiceRoll
from gamekit.core.errors import IllegalAction
from gamekit.core.events import Words
from gamekit.core.rng import Seed, make_rng

NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")


def new_game(
    spec: AlfredopolySpec | None = None,
    players: int | Sequence[str] = 4,
    seed: Seed = None,
    names: Sequence[str] | None = None,
) -> GameState:
    """Set up a game: $1500 each (rule 1), both decks shuffled from ``seed``.

    ``players`` is a number of players or their names (``names`` names them too).

    >>> s = new_game(AlfredopolySpec(), players=3, seed=0, names=["Ann", "Bo", "Cy"])
    >>> [p.cash for p in s.players], len(s.decks[0]), len(s.decks[1])
    ([1500, 1500, 1500], 16, 16)
    >>> [p.name for p in new_game(make_spec(), ["Flo", "Gus"], seed=0).players]
    ['Flo', 'Gus']
    """
    spec = spec or AlfredopolySpec()
    if not isinstance(players, (int, str)) and isinstance(players, Sequence):
        if names is not None and list(names) != list(players):
            raise ValueError("give the player names once (players or names)")
        names, players = list(players), len(players)
    if isinstance(players, bool) or not isinstance(players, int):
        raise ValueError(f"players must be a whole number, got {players!r}")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Alfredopoly needs {MIN_PLAYERS} to {MAX_PLAYERS} players, got {players}")
    names = list(names) if names is not None else list(NAMES[:players])
    if len(names) != players or not all(isinstance(n, str) and n.strip() for n in names):
        raise ValueError(f"give {players} non-empty player names")
    rng = make_rng(seed)
    board = spec.board
    decks = []
    for d in DECKS:
        cards = board.decks[d]
        order = rng.permutation(len(cards))
        decks.append(tuple(cards[k].id for k in order.tolist()))  # plain ints, faster
    n = len(board.spaces)
    return GameState(
        players=tuple(PlayerState(name, spec.starting_cash) for name in names),
        owner=(TRUSTEES,) * n,
        level=(0,) * n,
        mortgaged=(False,) * n,
        decks=(decks[0], decks[1]),
        sculptures_left=spec.sculptures,
        statues_left=spec.statues,
        spec=spec,
    )


def current_player(state: GameState) -> int | None:
    """The seat that must act now: ``None`` at a chance step (the dice are due) or when
    the game is over. Any solvent player may also manage property while the game waits
    (:func:`management_actions`); the current player is the one the game waits for.

    >>> s = new_game(AlfredopolySpec(), players=2, seed=3)
    >>> current_player(s), current_player(apply(s.spec, s, RollDice()))
    (0, None)
    """
    if state.phase == OVER or state.phase in CHANCE:
        return None
    return state.actor


def legal_actions(spec: AlfredopolySpec, state: GameState) -> list[Action]:
    """The legal actions of ``state.actor``, in a fixed order (empty at a chance step or
    when the game is over). Trade offers are open-ended and not listed; check one with
    :func:`is_legal`."""
    return legal_moves(Table(spec, state, log=False))


def management_actions(spec: AlfredopolySpec, state: GameState, seat: int) -> list[Action]:
    """What ``seat`` may build, sell, mortgage or lift now, each action naming the seat.

    Any solvent player may manage whenever the game waits for a decision, not only the
    player it waits for (Decision "at any time", rules 10-12); nothing is listed while dice
    are due or when the game is over.

    >>> from gamekit.alfredopoly.actions import DeclineBuy, Mortgage
    >>> spec = AlfredopolySpec(auction=True)
    >>> s = new_game(spec, players=2, seed=3)
    >>> s = chance_step(spec, apply(spec, s, RollDice()), DiceRoll((1, 2))).state
    >>> s = apply(spec, s, DeclineBuy(3))            # Ann declines: an auction
    >>> s.phase, management_actions(spec, s, 1)      # Bo owns nothing yet
    ('auction', [])
    """
    return manage_moves(Table(spec, state, log=False), seat)


def is_legal(spec: AlfredopolySpec, state: GameState, action: Action) -> bool:
    """Whether ``action`` is legal now."""
    return refusal(Table(spec, state, log=False), action) is None


def is_chance(state: GameState) -> bool:
    """True when the state waits for dice (a chance step)."""
    return state.phase in CHANCE


def chance_outcomes(spec: AlfredopolySpec, state: GameState) -> list[tuple[DiceRoll, Fraction]]:
    """Every roll and its exact probability, when the state waits for dice."""
    if not is_chance(state):
        raise _refused(Words("no.chance_step", phase=phase_words(state.phase)))
    return spec.dice.outcomes()


def _refused(words: Words, action: Action | None = None) -> IllegalAction:
    """An ``IllegalAction`` whose reason is ``words`` (its English text the message).

    >>> e = _refused(Words("no.end.roll_first"))
    >>> str(e), e.words.kind
    ('roll the dice first', 'no.end.roll_first')
    """
    return phrasebook().refused(words, action)


def step(spec: AlfredopolySpec, state: GameState, action: Action) -> Step[GameState]:
    """Check and apply ``action``; the next state and the events that narrate it.

    Raises ``IllegalAction`` with the reason (the state is unchanged: it is immutable).
    """
    if not isinstance(action, Action):
        raise _refused(Words("no.not_action", value=repr(action)), action)
    table = Table(spec, state)
    words = refusal(table, action)
    if words is not None:
        raise _refused(words, action)
    table.do(action)
    return Step(table.freeze(), tuple(table.log))


def apply(spec: AlfredopolySpec, state: GameState, action: Action) -> GameState:
    """``step(...).state``."""
    return step(spec, state, action).state


def chance_step(spec: AlfredopolySpec, state: GameState, roll: DiceRoll) -> Step[GameState]:
    """Resolve the dice of a chance step."""
    if not is_chance(state):
        raise _refused(Words("no.dice_due", phase=phase_words(state.phase)))
    if not isinstance(roll, DiceRoll):
        raise _refused(Words("no.dice_roll", value=repr(roll)))
    values = roll.values
    # faces are whole numbers (True is not a 1), as many as the dice, each on a face
    if (
        not isinstance(values, tuple | list)
        or len(values) != spec.dice.count
        or not all(
            isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= spec.dice.sides
            for v in values
        )
    ):
        raise _refused(Words("no.dice_faces", roll=repr(roll), dice=str(spec.dice)))
    values = tuple(values)
    table = Table(spec, state)
    table.roll(values)
    return Step(table.freeze(), tuple(table.log))


def apply_chance(spec: AlfredopolySpec, state: GameState, roll: DiceRoll) -> GameState:
    """``chance_step(...).state``."""
    return chance_step(spec, state, roll).state


def net_worth(spec: AlfredopolySpec, state: GameState, seat: int, ranking: bool = False) -> int:
    """Cash + printed prices + sculptures at cost (rule 7's net worth); with
    ``ranking=True`` mortgaged property counts at half price (round-limit ranking).

    >>> s = new_game(AlfredopolySpec(), players=2, seed=0)
    >>> net_worth(AlfredopolySpec(), s, 0)
    1500
    """
    return Table(spec, state, log=False).net_worth(seat, ranking)


def fee(spec: AlfredopolySpec, state: GameState, space: int, dice_total: int = 7) -> int:
    """The fee a visitor owes on an owned, unmortgaged ``space`` (rule 5)."""
    if state.owner[space] < 0 or state.mortgaged[space]:
        return 0
    return Table(spec, state, log=False).fee(space, dice_total)


def outcome(spec: AlfredopolySpec, state: GameState) -> Outcome | None:
    """``None`` while the game runs; then how it ended, the winners and the ranking.

    Scores are net worth for the ranking (mortgaged property at half price). Players
    still in rank by it; bankrupt players follow, the last to go first.
    """
    if state.phase != OVER:
        return None
    table = Table(spec, state, log=False)
    scores = tuple(
        0 if p.bankrupt else table.net_worth(i, ranking=True) for i, p in enumerate(state.players)
    )
    active = sorted(state.active, key=lambda i: (-scores[i], i))
    ranking = (*active, *reversed(state.out_order))
    best = scores[active[0]]
    winners = tuple(i for i in active if scores[i] == best)
    breakdown = tuple(_breakdown(spec, state, i) for i in range(len(state.players)))
    return Outcome(state.ended, winners, tuple(ranking), scores, breakdown)


def _breakdown(spec: AlfredopolySpec, state: GameState, seat: int) -> tuple[ScoreLine, ...]:
    if state.players[seat].bankrupt:
        return (ScoreLine("bankrupt", 0),)
    spaces = spec.board.spaces
    mine = [i for i, o in enumerate(state.owner) if o == seat]
    prop = sum(spaces[i].price // 2 if state.mortgaged[i] else spaces[i].price for i in mine)
    built = sum(state.level[i] * spaces[i].building_cost for i in mine)
    return (
        ScoreLine("cash", state.players[seat].cash),
        ScoreLine("property at printed price (mortgaged at half)", prop),
        ScoreLine("sculptures and statues at cost", built),
    )


__all__ = [
    "PHASES",
    "AlfredopolySpec",
    "EndTurn",
    "GameState",
    "RollDice",
    "apply",
    "apply_chance",
    "chance_outcomes",
    "chance_step",
    "current_player",
    "fee",
    "is_chance",
    "is_legal",
    "legal_actions",
    "make_spec",
    "management_actions",
    "net_worth",
    "new_game",
    "outcome",
    "step",
]
