"""The package's layout holds: the rules (boardkit_shangrila.rules) import no presentation and
nothing above them at run time; the package docstring's map names every module; the module names
from before the split keep working, with a DeprecationWarning, as the same objects."""

from __future__ import annotations

import ast
import importlib
import sys
from pathlib import Path

import pytest

import boardkit_shangrila
from boardkit import Match
from boardkit.compiled import is_compiled
from boardkit.errors import IllegalActionError
from boardkit_shangrila.rules import checks, legality, listing
from boardkit_shangrila.rules.actions import (
    Action,
    Journey,
    Pass,
    PlaceMaster,
    PlaceSetupMaster,
    RecruitStudents,
)
from boardkit_shangrila.rules.components import GUILD_INDEX, Guild

PACKAGE = Path(boardkit_shangrila.__file__).parent


def all_modules() -> dict[str, Path]:
    """Every module of the package, dotted (packages included), with its source file (the
    sources, also where the compiled build runs extension files in their place)."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def runtime_imports(source: Path) -> set[str]:
    """The modules a source file imports when it runs: every import statement outside an
    ``if TYPE_CHECKING:`` block (function-level imports count too)."""
    tree = ast.parse(source.read_text(encoding="utf-8"))
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for statement in node.orelse:
                visit(statement)
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def test_the_rules_import_no_presentation_and_nothing_above_them() -> None:
    rules = {m: p for m, p in all_modules().items() if m.startswith("boardkit_shangrila.rules")}
    assert "boardkit_shangrila.rules.legality" in rules and len(rules) >= 10
    for module, source in rules.items():
        for name in runtime_imports(source):
            above = name.startswith("boardkit_shangrila") and not name.startswith(
                "boardkit_shangrila.rules"
            )
            presentation = name.startswith(("boardkit.present", "boardkit.terminal"))
            assert not (above or presentation), f"{module} imports {name}"


def test_the_package_docstring_names_every_module() -> None:
    doc = boardkit_shangrila.__doc__ or ""
    for module in all_modules():
        if module != "boardkit_shangrila":
            assert f"{module}`" in doc, f"the map in boardkit_shangrila's docstring misses {module}"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("boardkit_shangrila.state", "boardkit_shangrila.rules.state"),
        ("boardkit_shangrila.masks", "boardkit_shangrila.rules.masks"),
        ("boardkit_shangrila.svg", "boardkit_shangrila.present.svg"),
        ("boardkit_shangrila.narration", "boardkit_shangrila.present.narration"),
    ],
)
def test_old_module_names_warn_and_give_the_new_module(old: str, new: str) -> None:
    sys.modules.pop(old, None)
    with pytest.warns(DeprecationWarning, match=rf"{old} moved to {new}"):
        module = importlib.import_module(old)
    assert module is importlib.import_module(new)


def test_the_old_rules_module_names_come_from_legality_and_checks() -> None:
    rules = importlib.import_module("boardkit_shangrila.rules")
    for name, module in (
        ("legal", legality),
        ("LegalActions", listing),
        ("pair_allowed", listing),
        ("_SPACES_OF", legality),
        ("refusal", checks),
        ("verify", checks),
    ):
        where = module.__name__.replace(".", r"\.")
        with pytest.warns(DeprecationWarning, match=rf"rules\.{name} moved to {where}\.{name}"):
            value = getattr(rules, name)
        assert value is getattr(module, name)
    with pytest.raises(AttributeError):
        rules.no_such_name  # noqa: B018


@pytest.mark.parametrize(
    ("name", "action"),
    [
        ("verify", Pass()),
        ("refusal", Pass()),
        ("verify_setup_master", PlaceSetupMaster(13, Guild.HEALER)),
        ("verify_place_master", PlaceMaster(0, Guild.HEALER)),
        ("verify_recruitment", RecruitStudents(((0, Guild.HEALER),))),
        ("verify_journey", Journey(0, 1)),
        ("verify_pass", Pass()),
    ],
)
def test_the_checks_old_names_in_legality_warn_and_give_the_checks_answer(
    name: str, action: Action
) -> None:
    """legality is compiled, so its old names for the checks warn when called (not when
    imported), and answer as the checks do: each refuses an action in the opening position."""
    state = Match.new("shangrila", 4, seed=1).state
    expected = checks.refusal(state, 0, action)
    assert expected is not None
    with pytest.warns(
        DeprecationWarning,
        match=rf"^boardkit_shangrila\.rules\.legality\.{name} moved to "
        rf"boardkit_shangrila\.rules\.checks\.{name} ",
    ) as seen:
        try:
            answer = getattr(legality, name)(state, 0, action)
        except IllegalActionError as error:
            answer = (error.rule, error.reason)
    if not is_compiled(legality.__name__):  # compiled, the frames are not Python's to count
        assert seen[0].filename == __file__  # the line that called the old name
    assert answer == expected


def test_the_pair_rules_old_names_in_legality_warn_and_answer_as_the_listing() -> None:
    """The rule for two students together moved to listing; legality's old names warn when
    called and give listing's answers (two healers with one healer tile left: refused)."""
    healer = GUILD_INDEX[Guild.HEALER]
    single = 1 << healer
    a, b = 0 * 7 + healer, 1 * 7 + healer
    with pytest.warns(DeprecationWarning, match=r"legality\.pair_allowed moved to .*listing"):
        allowed = legality.pair_allowed(a, b, single)
    assert allowed is listing.pair_allowed(a, b, single) is False
    with pytest.warns(DeprecationWarning, match=r"legality\.pair_count moved to .*listing"):
        counted = legality.pair_count([a, b, 2 * 7 + healer], 0)
    assert counted == listing.pair_count([a, b, 2 * 7 + healer], 0) == 3
