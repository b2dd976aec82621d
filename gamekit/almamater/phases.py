"""Alma Mater's turn structure as data: the phases, the action types each allows, and the
phase changes the rules allow.

The engine follows this table: :func:`gamekit.almamater.rules.legal_actions` lists the
options of the action types of the current phase, in the table's order, and every phase
change goes through ``PHASES.move(old, new)`` (:meth:`gamekit.almamater.moves.Work.enter`),
which raises :class:`~gamekit.core.errors.IllegalTransition` for a change the table does
not allow. Decisions (new own textbooks to place, books over the storage limit) are
answered in the phase in which they arise, so ``ShelveTextbooks`` and ``ReturnBook`` are
rows of those phases; they are offered only while such a decision waits.

>>> PHASES.start, PHASES.successors("income")
('draft', ('action', 'over'))
>>> sorted(PHASES.reachable()) == sorted(PHASES.names)
True
"""

from __future__ import annotations

from gamekit.almamater.actions import (
    Antiquarian,
    Bishop,
    BuyTextbooks,
    ChooseChancellor,
    Colloquium,
    DiscardFounding,
    DraftKeep,
    GiveLecture,
    HallOfFame,
    HireProfessor,
    HireStudent,
    Park,
    Pass,
    Research,
    ReturnBook,
    ShelveTextbooks,
)
from gamekit.core.actions import Phase, PhaseTable

OVER = "over"
"""The last phase's name (the same in every game of the kit)."""

PHASES = PhaseTable(
    (
        Phase(
            "draft",
            (DraftKeep,),
            next="discard",
            description="keep one founding card, pass the rest",
        ),
        Phase(
            "discard",
            (DiscardFounding,),
            next="chancellor",
            description="keep 3 founding cards",
        ),
        Phase(
            "chancellor",
            (ChooseChancellor, ShelveTextbooks),
            next="action",
            description="choose a chancellor; then place the founding cards' own textbooks",
        ),
        Phase(
            "action",
            # the order in which legal_actions lists the options
            (
                GiveLecture,
                HireStudent,
                BuyTextbooks,
                HireProfessor,
                Antiquarian,
                Research,
                Park,
                HallOfFame,
                Bishop,
                Colloquium,
                Pass,
                ShelveTextbooks,
            ),
            next="administration",
            description="place masters or lecture",
        ),
        Phase(
            "administration",
            (ReturnBook,),
            next="income",
            description="automatic, in the order of the rules; storage over its limit: "
            "the player chooses the books that go back",
        ),
        Phase(
            "income",
            (ShelveTextbooks,),
            next="action",
            then=(OVER,),
            description="automatic, then new own textbooks placed; after round 6 the game ends",
        ),
        Phase(OVER, (), description="the game is over: final scoring"),
    )
)
"""The phase table of Alma Mater (rules 2, 3, 9, 10, 23 and 24)."""
