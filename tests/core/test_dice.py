"""Dice: exact distributions checked against hand counts, and seeded sampling."""

from fractions import Fraction

import numpy as np
import pytest

from gamekit.core.dice import Dice, DiceRoll


def test_2d6_seven_is_one_sixth():
    # Hand count: (1,6) (2,5) (3,4) (4,3) (5,2) (6,1) = 6 of 36.
    assert Dice(2, 6).total_distribution()[7] == Fraction(1, 6)


def test_2d6_doubles_is_one_sixth():
    # Six doubles (1,1) .. (6,6) of 36 rolls.
    assert Dice(2, 6).doubles_probability() == Fraction(1, 6)


def test_2d6_full_table_matches_triangle():
    # Hand formula for two dice: P(t) = (6 - |t - 7|) / 36.
    table = Dice(2, 6).total_distribution()
    assert table == {t: Fraction(6 - abs(t - 7), 36) for t in range(2, 13)}


def test_joint_distribution_marks_doubles_only_on_even_totals():
    joint = Dice(2, 6).distribution()
    assert joint[(8, True)] == Fraction(1, 36)  # (4,4)
    assert joint[(8, False)] == Fraction(4, 36)  # (2,6) (3,5) (5,3) (6,2)
    assert (7, True) not in joint
    assert sum(joint.values()) == 1


def test_3d6_and_2d4_by_hand():
    # 3d6: total 3 only as (1,1,1); doubles (all equal) are 6 of 216.
    d = Dice(3, 6)
    assert d.total_distribution()[3] == Fraction(1, 216)
    assert d.total_distribution()[10] == Fraction(27, 216)
    assert d.doubles_probability() == Fraction(6, 216)
    # 2d4: 16 rolls, total 5 four ways, doubles 4 ways.
    assert Dice(2, 4).total_distribution()[5] == Fraction(4, 16)
    assert Dice(2, 4).doubles_probability() == Fraction(1, 4)


def test_one_die_never_doubles():
    assert Dice(1, 6).doubles_probability() == 0
    assert not DiceRoll((3,)).is_double


def test_outcomes_list_is_the_chance_node():
    outcomes = Dice(2, 6).outcomes()
    assert len(outcomes) == 36
    assert sum(p for _, p in outcomes) == 1
    assert outcomes[0] == (DiceRoll((1, 1)), Fraction(1, 36))


@pytest.mark.parametrize(
    ("text", "expected"), [("2d6", Dice(2, 6)), ("3D4", Dice(3, 4)), (" 1d20 ", Dice(1, 20))]
)
def test_parse(text, expected):
    assert Dice.parse(text) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("2x6", "must look like 2d6"),
        ("0d6", "count must be between 1 and 6"),
        ("2d1", "sides must be between 2 and 100"),
        ("", "must look like 2d6"),
    ],
)
def test_parse_rejects_bad_dice(text, message):
    with pytest.raises(ValueError, match=message):
        Dice.parse(text)


def test_roll_is_seeded_and_uses_no_global_state():
    np.random.seed(1)
    a = [Dice(2, 6).roll(np.random.default_rng(5)) for _ in range(3)]
    np.random.seed(2)
    b = [Dice(2, 6).roll(np.random.default_rng(5)) for _ in range(3)]
    assert a == b
    assert Dice(2, 6).roll(11) == Dice(2, 6).roll(11)


def test_sampling_agrees_with_exact_distribution():
    rolls = Dice(2, 6).sample(120_000, seed=3)
    totals = rolls.sum(axis=1)
    exact = Dice(2, 6).total_distribution()
    for total, p in exact.items():
        freq = np.mean(totals == total)
        se = (float(p) * (1 - float(p)) / len(totals)) ** 0.5
        assert abs(freq - float(p)) < 5 * se, total
