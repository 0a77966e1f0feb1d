"""Every code block on the docs site and in the README is checked.

- ```python blocks run: a page's blocks run in order, in one namespace;
- ```sh and ```console blocks: every ``boardkit`` command in them is one the command line
  accepts (parsed by its own argument parser; nothing is played, so interactive commands can be
  checked too);
- ```text, ```json, ```toml and unmarked blocks are shown, not run (usage lines, output, data).

Pages are found by walking docs/, so a new page is covered without touching this file.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from boardkit.cli import build_parser

DOCS = Path(__file__).resolve().parent.parent / "docs"
README = DOCS.parent / "README.md"
FENCE = re.compile(
    r"^(?P<indent>[ \t]*)```(?P<lang>[\w-]*)[^\n]*\n(?P<body>.*?)^(?P=indent)```",
    re.MULTILINE | re.DOTALL,
)
RUN = {"python", "py"}
SHELL = {"sh", "console", "bash", "shell"}
SHOWN = {"text", "json", "toml", ""}


def blocks(page: Path) -> list[tuple[str, str]]:
    """Every fenced block of ``page``: (language, body)."""
    return [(m["lang"], m["body"]) for m in FENCE.finditer(page.read_text(encoding="utf-8"))]


def python_blocks(page: Path) -> list[str]:
    """The page's Python blocks, except included source files (shown, not run)."""
    return [b for lang, b in blocks(page) if lang in RUN and "--8<--" not in b]


def boardkit_commands(page: Path) -> list[str]:
    """Every ``boardkit ...`` command of the page's shell blocks (``$`` prompts and ``&&``
    chains understood, comments dropped)."""
    commands = []
    for lang, body in blocks(page):
        if lang not in SHELL:
            continue
        for line in body.splitlines():
            if lang == "console":
                if not line.startswith("$ "):
                    continue  # output
                line = line[2:]
            for part in line.split("&&"):
                words = shlex.split(part, comments=True)
                if words[:1] == ["boardkit"]:
                    commands.append(shlex.join(words))
    return commands


ALL_PAGES = [*sorted(DOCS.rglob("*.md")), README]
PAGES = [p for p in ALL_PAGES if python_blocks(p)]
COMMANDS = [(p, c) for p in ALL_PAGES for c in boardkit_commands(p)]


def page_id(page: Path) -> str:
    return page.relative_to(DOCS).as_posix() if page.is_relative_to(DOCS) else page.name


SLOW_PAGES = {"research.md"}
"""Pages whose examples start a Ray cluster (marked ``slow``)."""


@pytest.mark.parametrize(
    "page",
    [
        pytest.param(p, id=page_id(p), marks=[pytest.mark.slow] if p.name in SLOW_PAGES else [])
        for p in PAGES
    ],
)
def test_examples_run(page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {"__name__": f"docs_{page.stem}"}
    for number, block in enumerate(python_blocks(page), start=1):
        # dont_inherit: a block runs as a reader runs it, without this module's
        # ``from __future__ import annotations`` (which would leave the annotations of a class
        # defined on the page as strings that attrs and cattrs cannot resolve)
        code = compile(block, f"{page.name} (python block {number})", "exec", dont_inherit=True)
        exec(code, namespace)


@pytest.mark.parametrize(
    ("page", "command"), COMMANDS, ids=[f"{page_id(p)}: {c}" for p, c in COMMANDS]
)
def test_commands_are_accepted(page: Path, command: str) -> None:
    try:
        build_parser().parse_args(shlex.split(command)[1:])
    except SystemExit as exc:
        pytest.fail(f"{page_id(page)}: the command line refuses {command!r} (exit {exc.code})")


@pytest.mark.parametrize("page", ALL_PAGES, ids=[page_id(p) for p in ALL_PAGES])
def test_every_block_has_a_known_language(page: Path) -> None:
    unknown = {lang for lang, _ in blocks(page)} - RUN - SHELL - SHOWN
    assert not unknown, f"{page_id(page)}: blocks in {unknown} are neither run nor known as shown"


LINK = re.compile(r"\]\((?P<target>[^)\s]+)")


@pytest.mark.parametrize("page", ALL_PAGES, ids=[page_id(p) for p in ALL_PAGES])
def test_no_link_leaves_the_repository(page: Path) -> None:
    """Relative links stay in docs/ (the README's in the repository); nothing points at an
    absolute path, a ``file:`` URL or the workspace's ``shared/`` folder."""
    text = page.read_text(encoding="utf-8")
    assert "shared/" not in text and "/work/" not in text
    home = DOCS if page.is_relative_to(DOCS) else README.parent
    for m in LINK.finditer(text):
        target = m["target"].split("#", 1)[0]
        if not target or re.match(r"^[a-z][a-z0-9+.-]*://", target) or target.startswith("mailto:"):
            continue
        assert not target.startswith(("/", "file:")), f"{page_id(page)}: {m['target']}"
        resolved = (page.parent / target).resolve()
        assert resolved.is_relative_to(home), f"{page_id(page)}: {m['target']} leaves {home.name}/"
        assert resolved.exists(), f"{page_id(page)}: {m['target']} does not exist"


def test_the_pages_have_examples() -> None:
    names = {p.name for p in PAGES}
    assert {"index.md", "concepts.md", "tutorial.md", "README.md"} <= names


def test_the_home_page_starts_with_the_readme_command() -> None:
    """The home page points first to playing: the README's first command, then ``boardkit
    play``, before the library."""
    readme = README.read_text(encoding="utf-8")
    first = re.findall(r"```sh\n(.*?)\n```", readme.split("## Two commands", 1)[1], re.DOTALL)[0]
    home = (DOCS / "index.md").read_text(encoding="utf-8")
    shell = [body for lang, body in blocks(DOCS / "index.md") if lang in SHELL]
    assert shell[0].strip() == first.strip()
    assert "boardkit play " in shell[1]
    assert home.index(first) < home.index("boardkit play ") < home.index("```python")
