"""Hypothesis profiles: "fast" for laptops (the default), "ci" when CI=true; and the marks a
test earns by the fixtures it uses.

"fast" runs fewer examples (tests with their own count scale it with :func:`tests.budget.examples`)
and does not shrink a failing example: the test fails all the same, CI's run shrinks it (without
hypothesis's "explain" phase).
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, Phase, settings

from tests.budget import CI_EXAMPLES, FAST_EXAMPLES

settings.register_profile(
    "fast",
    max_examples=FAST_EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)
settings.register_profile(
    "ci",
    max_examples=CI_EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
    # Shrinks a failing example, but skips the "explain" phase, which replays the test once per
    # part of the shrunk example: the tests that expect the conformance kit to fail (a broken
    # game) spent over ten minutes there each, playing whole games with every check on.
    phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink],
)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "fast")
)


# The fixtures that start something real outside the test process, and the marks that go with
# them: a test that uses one is slow by the marker's own definition, whether or not its module
# remembered to say so.
_MARKS_OF_FIXTURES = {
    "browser": ("slow", "browser"),
    "postgres_admin": ("slow", "postgres"),
    "server": ("slow",),
}


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        fixtures = getattr(item, "fixturenames", ())
        for fixture, marks in _MARKS_OF_FIXTURES.items():
            if fixture in fixtures:
                for mark in marks:
                    if item.get_closest_marker(mark) is None:
                        item.add_marker(mark)
