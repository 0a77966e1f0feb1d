"""Optional features and the extras that install them.

The core needs only attrs, cattrs, rich and hypothesis (for the conformance kit). The server
and each research adapter import more (Starlette, numpy, PettingZoo, OpenSpiel, Ray), installed
by an extra of the same name. A module of such a feature imports those inside
:func:`needs_extra`, so that a user who lacks them reads which extra to install instead of a
bare ``No module named 'numpy'``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from boardkit.errors import MissingExtraError

_OURS = frozenset({"boardkit", "boardkit_khan", "boardkit_shangrila"})
"""Top-level packages of this distribution: never an extra's."""


@contextmanager
def needs_extra(extra: str, feature: str) -> Iterator[None]:
    """Turn a missing third-party module imported in the block into a :class:`MissingExtraError`
    naming ``extra`` and ``feature`` (the importing module's name).

    Only third-party imports belong in the block: a missing boardkit module is a broken
    install, not a missing extra.
    """
    try:
        yield
    except ModuleNotFoundError as exc:
        if (exc.name or "").partition(".")[0] in _OURS:
            raise
        raise MissingExtraError(extra, feature, exc.name) from exc
