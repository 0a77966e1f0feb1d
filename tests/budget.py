"""How many hypothesis examples a test with its own count runs under the active profile.

The profiles (tests/conftest.py) differ by their default count: "ci" runs :data:`CI_EXAMPLES`
examples a test, "fast" :data:`FAST_EXAMPLES`. A test that asks for more than the default
(because its property needs many tries) writes ``examples(n)``: all ``n`` under "ci", the same
fraction of ``n`` as the profile's default under "fast", but never fewer than the profile's
default (or ``n``, when ``n`` is smaller), so the fast suite stays a quick look and CI the
thorough one.
"""

from __future__ import annotations

from typing import Final

from hypothesis import settings

CI_EXAMPLES: Final = 40
FAST_EXAMPLES: Final = 4


def examples(full: int) -> int:
    """``full`` scaled to the active profile (see the module's docstring)."""
    active = settings.default
    assert active is not None  # tests/conftest.py loads a profile before any test module
    default = active.max_examples
    return max(min(full, default), full * default // CI_EXAMPLES)
