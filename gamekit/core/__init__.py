"""What both games share: seeds, dice, actions and phases, errors, Markov tools, structs."""

from gamekit.core.actions import (
    Action,
    Event,
    Outcome,
    Phase,
    PhaseTable,
    ScoreLine,
    Step,
    action_from_struct,
    action_registry,
    sample_outcome,
)
from gamekit.core.dice import Dice, DiceRoll
from gamekit.core.errors import (
    DataError,
    GamekitError,
    IllegalAction,
    IllegalTransition,
    MarkovError,
)
from gamekit.core.markov import (
    MarkovChain,
    distributions_over_steps,
    expected_visits,
    k_step_distribution,
    mean_recurrence_times,
    stationary_distribution,
    validate_transition_matrix,
)
from gamekit.core.rng import Seed, make_rng
from gamekit.core.structs import from_struct, to_struct

__all__ = [
    "Action",
    "DataError",
    "Dice",
    "DiceRoll",
    "Event",
    "GamekitError",
    "IllegalAction",
    "IllegalTransition",
    "MarkovChain",
    "MarkovError",
    "Outcome",
    "Phase",
    "PhaseTable",
    "ScoreLine",
    "Seed",
    "Step",
    "action_from_struct",
    "action_registry",
    "distributions_over_steps",
    "expected_visits",
    "from_struct",
    "k_step_distribution",
    "make_rng",
    "mean_recurrence_times",
    "sample_outcome",
    "stationary_distribution",
    "to_struct",
    "validate_transition_matrix",
]
