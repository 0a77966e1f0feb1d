"""The board pictures on the games' pages are current: drawing them again gives the committed
files. After changing a game's picture, run ``python docs/images/make_images.py`` and commit."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

IMAGES = Path(__file__).resolve().parent.parent / "docs" / "images"


def make_images() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_images", IMAGES / "make_images.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


FIXED: dict[str, Callable[[], str]] = make_images().FIXED


@pytest.mark.parametrize("name", sorted(FIXED))
def test_the_committed_picture_is_current(name: str) -> None:
    committed = (IMAGES / name).read_text(encoding="utf-8")
    assert committed == FIXED[name]() + "\n", (
        f"docs/images/{name} is out of date: run python docs/images/make_images.py"
    )


@pytest.mark.parametrize(
    ("name", "page"), [("shangrila-board.svg", "shangrila.md"), ("khan-board.svg", "khan.md")]
)
def test_the_game_page_shows_its_board(name: str, page: str) -> None:
    text = (IMAGES.parent / page).read_text(encoding="utf-8")
    assert f"](images/{name})" in text.split("\n## ", 1)[0]
