"""Seeds, JSON structs, actions and phase tables."""

import json
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

import numpy as np
import pytest

from gamekit.core.actions import (
    Action,
    Event,
    Outcome,
    Phase,
    PhaseTable,
    action_from_struct,
    action_registry,
    sample_outcome,
)
from gamekit.core.errors import DataError, IllegalAction, IllegalTransition
from gamekit.core.rng import make_rng, spawn
from gamekit.core.structs import dumps, from_struct, to_struct


def test_make_rng_accepts_int_and_generator():
    g = np.random.default_rng(1)
    assert make_rng(g) is g
    assert make_rng(5).integers(1000) == make_rng(5).integers(1000)
    with pytest.raises(TypeError, match="seed must be an int"):
        make_rng("5")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seed must be >= 0"):
        make_rng(-1)


def test_spawn_is_reproducible():
    a = [g.integers(10**6) for g in spawn(make_rng(3), 3)]
    b = [g.integers(10**6) for g in spawn(make_rng(3), 3)]
    assert a == b and len(set(a)) == 3


class Colour(Enum):
    RED = "red"
    BLUE = "blue"


@dataclass(frozen=True)
class Inner:
    colour: Colour
    share: Fraction


@dataclass(frozen=True)
class Outer:
    name: str
    cash: tuple[int, ...]
    inner: Inner
    maybe: int | None = None
    owners: dict[int, str] | None = None
    tags: frozenset[str] = frozenset()


def test_struct_round_trip_keeps_field_order_and_types():
    value = Outer(
        "Ann", (1500, 20), Inner(Colour.RED, Fraction(1, 6)), None, {3: "x"}, frozenset({"b", "a"})
    )
    struct = to_struct(value)
    assert list(struct) == ["name", "cash", "inner", "maybe", "owners", "tags"]
    assert struct["inner"] == {"colour": "red", "share": "1/6"}
    assert struct["tags"] == ["a", "b"]
    again = from_struct(Outer, json.loads(dumps(value)))
    assert again == value


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"name": "A", "cash": "x", "inner": {"colour": "red", "share": "1/2"}},
            "Outer.cash: expected a list",
        ),
        (
            {"name": "A", "cash": [], "inner": {"colour": "green", "share": "1/2"}},
            "not a valid Colour",
        ),
        ({"name": "A", "cash": [], "inner": {"colour": "red"}}, "missing field 'share'"),
        (
            {"name": "A", "cash": [], "inner": {"colour": "red", "share": "1/2"}, "x": 1},
            "unknown field",
        ),
        (
            {"name": 3, "cash": [], "inner": {"colour": "red", "share": "1/2"}},
            "Outer.name: expected text",
        ),
    ],
)
def test_from_struct_names_the_bad_field(data, message):
    with pytest.raises(ValueError, match=message):
        from_struct(Outer, data)


@dataclass(frozen=True)
class BuySpace(Action):
    space: int


@dataclass(frozen=True)
class EndTurn(Action):
    pass


def test_action_repr_str_and_struct_round_trip():
    action = BuySpace(space=11)
    assert eval(repr(action)) == action
    assert str(action) == "buy space space=11"
    registry = action_registry(BuySpace, EndTurn)
    assert action_from_struct(action.to_struct(), registry) == action
    assert action_from_struct({"type": "EndTurn"}, registry) == EndTurn()
    with pytest.raises(ValueError, match="unknown action type 'Fly'") as unknown:
        action_from_struct({"type": "Fly"}, registry)
    # a German table says it in German (a refused save naming the type)
    from gamekit.core.events import core_phrases

    assert core_phrases().text(unknown.value.words, "de") == "unbekannte Aktionsart 'Fly'"  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="needs a 'type' field"):
        action_from_struct({"space": 1}, registry)


def test_phase_table():
    table = PhaseTable((Phase("buy", (BuySpace, EndTurn), next="end"), Phase("end", ())))
    assert table.start == "buy"
    assert table.next_phase("buy") == "end"
    table.check("buy", BuySpace(1))
    with pytest.raises(
        IllegalAction, match="buy space space=1 is not allowed in the end phase"
    ) as info:
        table.check("end", BuySpace(1))
    assert isinstance(info.value, ValueError) and info.value.reason.startswith("buy space")
    with pytest.raises(ValueError, match="unknown next phase"):
        PhaseTable((Phase("a", (), next="zzz"),))
    with pytest.raises(KeyError, match="unknown phase"):
        table["nope"]


def test_phase_table_moves_only_along_its_transitions():
    table = PhaseTable(
        (
            Phase("roll", (BuySpace,), next="buy", then=("debt", "over")),
            Phase("buy", (BuySpace, EndTurn), next="roll", then=("debt",)),
            Phase("debt", (EndTurn,), next="roll", then=("over",)),
            Phase("over", ()),
            Phase("orphan", (), next="roll"),
        )
    )
    assert table.successors("roll") == ("buy", "debt", "over")
    assert table.move("buy", "debt") == "debt"
    assert table.move("over", "over") == "over"  # staying put is not a transition
    with pytest.raises(IllegalTransition, match=r"buy -> over .*allowed: roll, debt"):
        table.move("buy", "over")
    assert not isinstance(IllegalTransition("x"), ValueError)  # an engine bug, not bad input
    assert table.reachable() == {"roll", "buy", "debt", "over"}  # "orphan" has no way in
    with pytest.raises(ValueError, match="unknown next phase 'nowhere'"):
        PhaseTable((Phase("a", (), then=("nowhere",)),))


def test_sample_outcome_is_seeded_and_follows_probabilities():
    outcomes = [("a", Fraction(1, 4)), ("b", Fraction(3, 4))]
    draws = [sample_outcome(outcomes, make_rng(9)) for _ in range(3)]
    assert len(set(draws)) == 1
    rng = make_rng(2)
    share = np.mean([sample_outcome(outcomes, rng) == "b" for _ in range(4000)])
    assert share == pytest.approx(0.75, abs=0.03)


def test_event_outcome_and_errors_read_well():
    assert str(Event("fee", "Bo paid $24", player=1, amount=24)) == "Bo paid $24"
    assert Outcome("round limit", (0, 1), (0, 1)).winner is None
    err = DataError("b.toml", "space 3", "price", "must be >= 0")
    assert str(err) == "b.toml: space 3: price: must be >= 0"
    assert (err.file, err.entry, err.field) == ("b.toml", "space 3", "price")
