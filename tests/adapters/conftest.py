"""Profiles of the adapter suites: fast by default, thorough under ``CI=true``."""

from __future__ import annotations

import os

THOROUGH = os.environ.get("CI", "").lower() in ("1", "true", "yes")

CYCLES = 1000 if THOROUGH else 40
"""Agent cycles for PettingZoo's api_test and seed_test (1000 plays Khan to its end)."""

CONFIGS: list[tuple[str, int, dict[str, object] | None]] = [
    ("nim", 2, None),
    ("nim", 3, None),
    ("nim", 4, None),
    ("shangrila", 3, None),
    ("shangrila", 4, None),
    ("shangrila", 2, {"two_colours_each": True}),
    ("khan", 2, None),
    ("khan", 3, None),
    ("khan", 4, None),
    ("goofspiel", 2, None),
    ("goofspiel", 3, {"ties": "carry"}),
    ("goofspiel", 4, None),
]
"""Every installed game with every player count."""
