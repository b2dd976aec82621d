"""Fixtures shared by the Alma Mater tests."""

from __future__ import annotations

import pytest

from gamekit.almamater.balance import Balance
from tests.almamater.helpers import duel_report


@pytest.fixture(scope="module")
def report() -> Balance:
    """The balance report of the small scholar-against-dean run (``helpers.duel_report``),
    made once per test module."""
    return duel_report()
