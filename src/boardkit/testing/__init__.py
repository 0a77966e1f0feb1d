"""Test helpers shipped with boardkit: the conformance kit every game runs.

Call :func:`check_game` from a game's test suite; it needs ``hypothesis`` (the ``test`` extra).
For a game with hidden information it runs the leak check of :mod:`boardkit.testing.secrets`
too; :func:`check_redacted_headers` checks that no redacted log of a match holds its seed.
"""

from boardkit.testing.conformance import check_game, check_playout
from boardkit.testing.errors import ConformanceError
from boardkit.testing.secrets import check_redacted_headers, check_secrets_at

__all__ = [
    "ConformanceError",
    "check_game",
    "check_playout",
    "check_redacted_headers",
    "check_secrets_at",
]
