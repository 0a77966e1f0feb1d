"""An older commit's packages, imported beside this checkout's: for before/after benchmarks
that run both in one process (interleaved, on the same moment of a shared machine).

:func:`extract_old` copies packages out of git (``git archive``) into a folder under the name
``old_<package>``, with their imports of each other (and their resource look-ups) renamed, so
that ``import old_boardkit_khan`` runs the old code while ``import boardkit_khan`` runs the new.
Packages not copied are shared: copying only ``boardkit_shangrila`` runs the old game over this
checkout's framework.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tarfile
from collections.abc import Sequence
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def rewrite(source: str, packages: Sequence[str], modules: frozenset[str] = frozenset()) -> str:
    """``source`` with its imports of ``packages`` (and resource look-ups) renamed ``old_*``, and
    every quoted dotted name of a module in ``modules`` (``"boardkit.engine"``: the names a
    package imports lazily, by string) renamed too; other strings (an entry-point group, a
    logger's name) stay as they are."""
    names = "|".join(sorted(packages, key=len, reverse=True))
    imports = re.compile(rf"^(\s*)(from|import)(\s+)({names})\b", re.MULTILINE)
    resources = re.compile(rf"""(files|import_module)\((["'])({names})\b""")
    source = imports.sub(lambda m: f"{m[1]}{m[2]}{m[3]}old_{m[4]}", source)
    source = resources.sub(lambda m: f"{m[1]}({m[2]}old_{m[3]}", source)
    dotted = re.compile(rf"""(["'])((?:{names})(?:\.\w+)+)(["'])""")

    def module(m: re.Match[str]) -> str:
        return f"{m[1]}old_{m[2]}{m[3]}" if m[2] in modules else m[0]

    return dotted.sub(module, source)


def module_names(paths: Sequence[Path]) -> frozenset[str]:
    """The dotted module names of the ``.py`` files at ``paths`` (``boardkit/engine.py``,
    ``boardkit/log/__init__.py``: ``boardkit.engine``, ``boardkit.log``)."""
    names = set()
    for path in paths:
        if path.suffix == ".py":
            parts = path.with_suffix("").parts
            names.add(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return frozenset(names)


def extract_old(commit: str, into: Path, packages: Sequence[str]) -> None:
    """Copy ``packages`` (folders of ``src/``) as they are at ``commit`` into ``into`` as
    ``old_*``, imports rewritten, and put ``into`` on ``sys.path``; exits with git's message
    when the commit is not in this clone."""
    archive = subprocess.run(
        ["git", "archive", "--format=tar", commit, *(f"src/{p}" for p in packages)],
        cwd=ROOT,
        capture_output=True,
        check=False,
    )
    if archive.returncode != 0:
        sys.exit(f"git archive {commit} failed: {archive.stderr.decode(errors='replace').strip()}")
    with tarfile.open(fileobj=BytesIO(archive.stdout)) as tar:
        members = [m for m in tar.getmembers() if m.isfile()]
        modules = module_names([Path(*Path(m.name).parts[1:]) for m in members])
        for member in members:
            parts = Path(member.name).parts  # ("src", package, ...)
            target = into.joinpath(f"old_{parts[1]}", *parts[2:])
            target.parent.mkdir(parents=True, exist_ok=True)
            handle = tar.extractfile(member)
            assert handle is not None
            data = handle.read()
            if target.suffix == ".py":
                data = rewrite(data.decode("utf-8"), packages, modules).encode("utf-8")
            target.write_bytes(data)
    sys.path.insert(0, str(into))
