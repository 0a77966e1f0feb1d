"""The docs' generated how-to-play pages (docs/generated/rules-*.md) read as the games' own
sections give them: run ``python scripts/rules_pages.py`` after changing a game's text."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "rules_pages", ROOT / "scripts" / "rules_pages.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("rules_pages", module)
    spec.loader.exec_module(module)
    return module


def test_each_generated_page_is_its_games_text() -> None:
    pages: dict[Path, str] = script().pages()
    assert len(pages) == 6
    for path, text in pages.items():
        assert path.exists(), f"{path.name} is missing: run python scripts/rules_pages.py"
        assert path.read_text(encoding="utf-8") == text, (
            f"{path.name} is out of date: run python scripts/rules_pages.py"
        )


def test_the_rules_page_includes_every_generated_page_and_is_in_the_nav() -> None:
    page = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for path in script().pages():
        assert f'--8<-- "docs/generated/{path.name}"' in page
    assert "How to play: rules.md" in (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
