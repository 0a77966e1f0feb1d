"""Test helpers shipped with boardkit: the conformance kit every game runs.

Call :func:`check_game` from a game's test suite; it needs ``hypothesis`` (the ``test`` extra).
"""

from boardkit.testing.conformance import ConformanceError, check_game, check_playout

__all__ = ["ConformanceError", "check_game", "check_playout"]
