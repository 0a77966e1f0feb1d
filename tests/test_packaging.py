"""What ``pip install boardkit`` gets from the source distribution.

An sdist is what pip builds from when no wheel fits, and boardkit's build backend lives in the
repository (``build_support/``, pyproject.toml's ``backend-path``): an sdist without it cannot
be installed at all. These tests build the sdist as a release would (``python -m build``),
check what it carries, and install it into a fresh virtual environment.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PLAY = "from boardkit.runner.simulate import simulate\nprint(simulate('khan', 2, 3, seed=5).wins)"


def _clean_env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in ("BOARDKIT_COMPILE", "VIRTUAL_ENV")}


@pytest.fixture(scope="module")
def sdist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("sdist")
    subprocess.run(
        [sys.executable, "-m", "build", "--sdist", "--outdir", str(out), str(ROOT)],
        check=True,
        capture_output=True,
        env=_clean_env(),
    )
    (archive,) = out.glob("boardkit-*.tar.gz")
    return archive


def _members(archive: Path) -> list[str]:
    with tarfile.open(archive) as tar:
        return [name.split("/", 1)[1] for name in tar.getnames() if "/" in name]


@pytest.mark.slow
@pytest.mark.from_checkout
def test_the_sdist_carries_its_build_backend_and_the_package_data(sdist: Path) -> None:
    names = set(_members(sdist))
    needed = {
        "pyproject.toml",
        "setup.py",
        "build_support/boardkit_build.py",
        "README.md",
        "LICENSE",
        "CHANGELOG.md",
        "src/boardkit/py.typed",
        "src/boardkit/compilable.txt",
        "src/boardkit/server/static/match.js",
        "src/boardkit_khan/data/board.txt",
        "src/boardkit/locale/de/LC_MESSAGES/boardkit.mo",  # compiled catalogues: no Babel needed
        "src/boardkit/locale/nl/LC_MESSAGES/boardkit.mo",
        "src/boardkit_khan/locale/de/LC_MESSAGES/boardkit_khan.mo",
        "src/boardkit_khan/locale/nl/LC_MESSAGES/boardkit_khan.mo",
        "src/boardkit_shangrila/locale/de/LC_MESSAGES/boardkit_shangrila.mo",
        "src/boardkit_shangrila/rules/legality.py",
        "src/boardkit_khan/networks/khan-2p.npz",  # the trained bot's shipped networks
        "src/boardkit_shangrila/networks/shangrila-3p.npz",
    }
    assert needed <= names, sorted(needed - names)
    assert not [n for n in names if n.startswith("tests/")]  # all of the suite or none of it
    leftovers = [n for n in names if n.endswith((".so", ".pyd", ".pyc")) or "__pycache__" in n]
    assert not leftovers


@pytest.mark.slow
@pytest.mark.from_checkout
def test_a_fresh_environment_installs_the_sdist_and_plays_the_same_games(
    sdist: Path, tmp_path: Path
) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    installed = subprocess.run(
        [str(python), "-m", "pip", "install", "-q", str(sdist)],
        capture_output=True,
        text=True,
        env=_clean_env(),
    )
    assert installed.returncode == 0, installed.stderr
    version = subprocess.run(
        [str(venv / "bin" / "boardkit"), "--version"], capture_output=True, text=True, check=True
    )
    assert version.stdout.strip().endswith("(pure Python)")
    there = subprocess.run(
        [str(python), "-c", PLAY], capture_output=True, text=True, cwd=tmp_path, check=True
    )
    here = subprocess.run([sys.executable, "-c", PLAY], capture_output=True, text=True, check=True)
    assert there.stdout == here.stdout != ""
    # the core alone: an adapter names the extra it needs
    adapter = subprocess.run(
        [str(python), "-c", "import boardkit.adapters.pettingzoo"], capture_output=True, text=True
    )
    assert adapter.returncode == 1
    assert adapter.stderr.strip().splitlines()[-1] == (
        "boardkit.errors.MissingExtraError: boardkit.adapters.pettingzoo needs the 'pettingzoo' "
        "extra (numpy is not installed): pip install 'boardkit[pettingzoo]'"
    )


def test_the_install_page_describes_every_extra() -> None:
    """docs/install.md's table of extras lists exactly the extras pyproject.toml defines."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = set(project["optional-dependencies"])
    page = (ROOT / "docs" / "install.md").read_text(encoding="utf-8")
    table = page.split("## Extras", 1)[1].split("\n\n", 2)[1]
    listed = {line.split("`")[1] for line in table.splitlines() if line.startswith("| `")}
    assert listed == extras
