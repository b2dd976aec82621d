"""Settings shared by every test.

Hypothesis: no deadline (tests check correctness, not speed; the CI machine has 2 busy
cores), and in CI (CI=true) a derandomized run, so a red CI run can be reproduced exactly.
Locally, examples stay random and explore further; GAMEKIT_SOAK scales the random-play soaks.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "gamekit",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.register_profile("gamekit-ci", parent=settings.get_profile("gamekit"), derandomize=True)
settings.load_profile("gamekit-ci" if os.environ.get("CI") == "true" else "gamekit")
