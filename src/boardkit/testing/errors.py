"""The one error the conformance kit raises (its own module, so that every part can use it)."""

from __future__ import annotations


class ConformanceError(AssertionError):
    """A game broke the boardkit contract; the message says how and where."""
