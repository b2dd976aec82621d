"""The rule facts of Alfredopoly that are not options: one name each, used by the
engine, the checks, the landing chain, Monte Carlo, economics, bots and play tables.

The options a teacher may change (starting cash, fine, tries, supply, dice, house rules)
are :class:`~gamekit.alfredopoly.spec.AlfredopolySpec` fields; their kit defaults are
named here too.

>>> STATUE, SCULPTURES_PER_STATUE, TRUSTEES, DOUBLES_LIMIT
(5, 4, -1, 3)
"""

from __future__ import annotations

MIN_PLAYERS, MAX_PLAYERS = 2, 8
"""How many may play (rule 1)."""

TRUSTEES = -1
"""The trustees' seat (the bank): the owner of unowned property, a creditor."""

SCULPTURES_PER_STATUE = 4
"""A fifth purchase on a building with four sculptures replaces them with a statue
(rule 10); selling the statue puts four back (rule 11)."""

STATUE = SCULPTURES_PER_STATUE + 1
"""A building's level with the statue of King Alfred (0-4 are sculptures)."""

DOUBLES_LIMIT = 3
"""The third double in a row sends the player to Academic Probation (rule 2)."""

JAIL_TRIES = 3
"""Turns a player may try for doubles in Academic Probation (rule 9a; kit default)."""

JAIL_FINE = 50
"""Dollars to leave Academic Probation (rule 9c; kit default)."""

SCULPTURE_SUPPLY, STATUE_SUPPLY = 32, 12
"""The trustees' limited supply (Decision; kit default)."""

RAILROAD_CARD_FACTOR = 2
"""The "nearest railroad" card: the owner gets twice the fee."""

UTILITY_CARD_MULTIPLIER = 10
"""The "nearest utility" card: the player rolls and pays ten times the roll."""

__all__ = [
    "DOUBLES_LIMIT",
    "JAIL_FINE",
    "JAIL_TRIES",
    "RAILROAD_CARD_FACTOR",
    "SCULPTURES_PER_STATUE",
    "SCULPTURE_SUPPLY",
    "STATUE",
    "STATUE_SUPPLY",
    "TRUSTEES",
    "UTILITY_CARD_MULTIPLIER",
]
