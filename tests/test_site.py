"""The built docs site: no raw Sphinx roles, no assets or links from outside the repository.

Builds the site with ``mkdocs build --strict`` into a temporary folder. The test extra pulls in
the docs extra, so the README's test command always runs these checks.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # the build alone takes seconds

ROOT = Path(__file__).resolve().parent.parent
ROLE = re.compile(r":(?:py:)?(?:class|meth|func|mod|attr|data|exc|obj|const):(?:`|<code>)")
EXTERNAL_ASSET = re.compile(r"<(?:link|script|img)\b[^>]*\b(?:href|src)=\"(?:https?:)?//", re.I)
OUTSIDE = re.compile(r"(?:href|src)=\"(?:file:|/work/|[^\"]*\bshared/)")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    build = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert build.returncode == 0, build.stderr
    return out


def pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def test_no_raw_roles(site: Path) -> None:
    left = {
        f"{p.relative_to(site)}: {m.group(0)}"
        for p in pages(site)
        for m in ROLE.finditer(p.read_text(encoding="utf-8"))
    }
    assert not left, sorted(left)[:20]


def test_the_api_reference_links_its_cross_references(site: Path) -> None:
    api = (site / "api" / "index.html").read_text(encoding="utf-8")
    assert api.count('class="autorefs autorefs-internal"') > 100
    assert 'href="#boardkit.match.Match"' in api


def test_no_assets_from_the_network(site: Path) -> None:
    found = {
        f"{p.relative_to(site)}: {m.group(0)}"
        for p in pages(site)
        for m in EXTERNAL_ASSET.finditer(p.read_text(encoding="utf-8"))
    }
    assert not found, sorted(found)[:20]
    assert not any("fonts.googleapis" in p.read_text(encoding="utf-8") for p in pages(site))


def test_no_links_outside_the_repository(site: Path) -> None:
    found = {
        f"{p.relative_to(site)}: {m.group(0)}"
        for p in pages(site)
        for m in OUTSIDE.finditer(p.read_text(encoding="utf-8"))
    }
    assert not found, sorted(found)[:20]


def test_the_games_pages_show_their_boards(site: Path) -> None:
    for page, image in [("shangrila", "shangrila-board.svg"), ("khan", "khan-board.svg")]:
        html = (site / page / "index.html").read_text(encoding="utf-8")
        assert f'src="../images/{image}"' in html
        assert (site / "images" / image).is_file()


def test_every_table_is_drawn_as_a_table(site: Path) -> None:
    """A Markdown table that does not parse (a blank line after its header, a missing
    separator row) shows as a paragraph of pipes; none does."""
    broken = []
    for page in pages(site):
        html = page.read_text()
        if re.search(r"<p>\s*\|.*\|", html):
            broken.append(page.relative_to(site).as_posix())
    assert broken == []
