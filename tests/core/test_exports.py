"""What ``import boardkit`` offers: every name in ``__all__`` exists, and every error a public
entry point raises can be caught by a name from the package itself."""

from __future__ import annotations

import inspect
from types import ModuleType

import pytest

import boardkit
import boardkit.bots
import boardkit.errors
import boardkit.testing
from boardkit import InvalidPositionError, Match


@pytest.mark.parametrize("package", [boardkit, boardkit.bots, boardkit.testing])
def test_every_exported_name_exists(package: ModuleType) -> None:
    assert package.__all__
    assert [name for name in package.__all__ if not hasattr(package, name)] == []


def test_every_error_class_is_exported_by_boardkit() -> None:
    errors = [
        name
        for name, value in vars(boardkit.errors).items()
        if inspect.isclass(value)
        and issubclass(value, boardkit.BoardkitError)
        and value.__module__ == "boardkit.errors"
    ]
    assert "InvalidPositionError" in errors
    assert [name for name in errors if name not in boardkit.__all__] == []


def test_a_bad_position_is_caught_by_the_name_boardkit_exports() -> None:
    with pytest.raises(InvalidPositionError):
        Match.from_position("nim", "nim stones=oops")
