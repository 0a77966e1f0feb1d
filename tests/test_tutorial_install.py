"""The tutorial works after the README's install, and nothing more.

A fresh virtual environment gets exactly the ``pip install`` commands of the README's first
command (run from the repository, as a reader in a clone runs them) and those of the tutorial's
own shell blocks; then every Python block of docs/tutorial.md runs there, in order, in one
namespace, as tests/test_docs.py runs them in the development environment. So the tutorial
cannot come to need a package the README does not install (the conformance kit once needed
hypothesis from the ``test`` extra), whatever sections are added to it.
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_docs import DOCS, SHELL, blocks, python_blocks
from tests.test_readme import readme_commands

ROOT = DOCS.parent
TUTORIAL = DOCS / "tutorial.md"

RUNNER = """\
import json, sys
blocks = json.loads(open(sys.argv[1], encoding="utf-8").read())
namespace = {"__name__": "docs_tutorial"}
for number, block in enumerate(blocks, start=1):
    exec(compile(block, f"tutorial.md (python block {number})", "exec"), namespace)
print("ran", len(blocks), "blocks")
"""


def pip_installs(shell: str) -> list[list[str]]:
    """The arguments of every ``pip install`` in a shell text (``&&`` chains and ``$`` prompts
    understood, comments dropped)."""
    found = []
    for line in shell.splitlines():
        for part in line.removeprefix("$ ").split("&&"):
            words = shlex.split(part, comments=True)
            if words[:2] == ["pip", "install"]:
                found.append(words[2:])
    return found


def _clean_env() -> dict[str, str]:
    """This process's environment without what would let the new environment see ours."""
    dropped = ("PYTHONPATH", "VIRTUAL_ENV", "BOARDKIT_COMPILE", "PYTHONHOME")
    return {k: v for k, v in os.environ.items() if k not in dropped}


def test_the_readme_installs_with_pip_and_the_tutorial_has_blocks() -> None:
    assert pip_installs(readme_commands()[0]) == [["-e", "."]]
    assert pip_installs("$ pip install x  # y\na && pip install 'b[c]'") == [["x"], ["b[c]"]]
    assert len(python_blocks(TUTORIAL)) >= 5


@pytest.mark.slow
@pytest.mark.from_checkout
def test_every_tutorial_block_runs_after_the_readme_install(tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    env = _clean_env()
    page_shell = "\n".join(body for lang, body in blocks(TUTORIAL) if lang in SHELL)
    for args in [*pip_installs(readme_commands()[0]), *pip_installs(page_shell)]:
        done = subprocess.run(
            [python, "-m", "pip", "install", "-q", *args],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0, f"pip install {shlex.join(args)}:\n{done.stderr[-3000:]}"
    # only the core: nothing of the test extra came along
    absent = subprocess.run(
        [
            python,
            "-c",
            "import importlib.util as u; print([m for m in ('pytest', 'numpy', "
            "'starlette') if u.find_spec(m)])",
        ],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert absent.stdout.strip() == "[]"
    work = tmp_path / "work"
    work.mkdir()
    (work / "blocks.json").write_text(json.dumps(python_blocks(TUTORIAL)), encoding="utf-8")
    (work / "run_blocks.py").write_text(RUNNER, encoding="utf-8")
    ran = subprocess.run(
        [python, "run_blocks.py", "blocks.json"],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert ran.returncode == 0, ran.stderr[-4000:]
    assert ran.stdout.strip().endswith(f"ran {len(python_blocks(TUTORIAL))} blocks")
