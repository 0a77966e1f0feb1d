"""Khan's old public names keep working until 0.3.0, each with a DeprecationWarning that names
its new place: the flat modules that moved into ``boardkit_khan.rules`` and
``boardkit_khan.present``, the names of the old module ``boardkit_khan.rules`` (now
``boardkit_khan.rules.legality``), the board loaders that left ``boardkit_khan.board``, and the
picture's names that went to its grid and panel modules."""

from __future__ import annotations

import importlib
import sys
import warnings
from pathlib import Path

import pytest

import boardkit_khan
from boardkit._moved import moves
from boardkit_khan.rules import board, board_validation, legality

PACKAGE = Path(boardkit_khan.__file__).parent
NEW = {"howto", "queries", "reasons", "special_choices", "svg_grid", "svg_panel", "words"}
"""Modules new since the move, which never had an old name."""
KHAN_MOVES = {old: new for old, new in moves().items() if old.startswith("boardkit_khan.")}


def _forget(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """Make the next import of ``name`` a first one (the hook warns only then)."""
    monkeypatch.delitem(sys.modules, name, raising=False)


def test_every_module_of_rules_and_present_keeps_its_old_name() -> None:
    moved = {
        f"boardkit_khan.{sub}.{path.stem}"
        for sub in ("rules", "present")
        for path in (PACKAGE / sub).glob("*.py")
        if path.stem not in {"__init__", "legality"}  # legality's old name is the package's
        and path.stem not in NEW
    }
    assert set(KHAN_MOVES.values()) == moved
    assert all(old == "boardkit_khan." + new.rsplit(".", 1)[1] for old, new in KHAN_MOVES.items())


@pytest.mark.parametrize("old", sorted(KHAN_MOVES))
def test_an_old_module_name_warns_and_gives_the_new_module(
    old: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    new = KHAN_MOVES[old]
    _forget(monkeypatch, old)
    with pytest.warns(DeprecationWarning, match=rf"^{old} moved to {new} in 0\.2\.0"):
        module = importlib.import_module(old)
    assert module is importlib.import_module(new)


def test_from_an_old_module_name_imports_the_same_objects(monkeypatch: pytest.MonkeyPatch) -> None:
    _forget(monkeypatch, "boardkit_khan.state")
    namespace: dict[str, object] = {}
    with pytest.warns(DeprecationWarning, match="boardkit_khan.rules.state"):
        exec("from boardkit_khan.state import KhanState, _ruler_index", namespace)
    state = importlib.import_module("boardkit_khan.rules.state")
    assert namespace["KhanState"] is state.KhanState
    assert namespace["_ruler_index"] is state._ruler_index  # private names too


def test_the_old_module_name_board_option_leaves_the_function_of_that_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    function = boardkit_khan.board_option
    _forget(monkeypatch, "boardkit_khan.board_option")
    with pytest.warns(DeprecationWarning, match="boardkit_khan.rules.board_option"):
        module = importlib.import_module("boardkit_khan.board_option")
    assert module.MAX_BOARD_CHARS > 0
    assert boardkit_khan.board_option is function and callable(boardkit_khan.board_option)


@pytest.mark.parametrize("name", ["check", "legal_actions", "_cells"])
def test_a_name_of_the_old_module_rules_warns_and_gives_the_legality_one(name: str) -> None:
    rules = importlib.import_module("boardkit_khan.rules")
    with pytest.warns(
        DeprecationWarning,
        match=rf"^boardkit_khan\.rules\.{name} moved to boardkit_khan\.rules\.legality\.{name} ",
    ):
        found = getattr(rules, name)
    assert found is getattr(legality, name)


def test_the_rules_package_leaves_submodules_be_and_refuses_unknown_names() -> None:
    rules = importlib.import_module("boardkit_khan.rules")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        # a submodule not imported yet is not one of the old module's names: no warning, and
        # the AttributeError lets ``from boardkit_khan.rules import turn`` import the module
        with pytest.raises(AttributeError, match="no attribute 'turn'"):
            rules.__getattr__("turn")
        unknown = "no_such_rule"
        with pytest.raises(AttributeError, match="no attribute 'no_such_rule'"):
            getattr(rules, unknown)
        with pytest.raises(ImportError):
            exec("from boardkit_khan.rules import no_such_rule", {})


@pytest.mark.parametrize("name", board.MOVED_TO_VALIDATION)
def test_a_board_loader_is_found_in_board_with_a_warning_naming_its_module(name: str) -> None:
    with pytest.warns(
        DeprecationWarning,
        match=rf"^{name} is no longer in boardkit_khan\.board .*"
        r"import it from boardkit_khan\.rules\.board_validation; .* removed in 0\.3\.0",
    ):
        found = getattr(board, name)
    assert found is getattr(board_validation, name)


def test_from_boardkit_khan_board_import_default_board(monkeypatch: pytest.MonkeyPatch) -> None:
    _forget(monkeypatch, "boardkit_khan.board")
    namespace: dict[str, object] = {}
    with pytest.warns(DeprecationWarning) as caught:
        exec("from boardkit_khan.board import default_board", namespace)
    messages = [str(warning.message) for warning in caught]
    assert any("boardkit_khan.board moved to boardkit_khan.rules.board" in m for m in messages)
    assert any(m.startswith("default_board is no longer in boardkit_khan.board") for m in messages)
    assert namespace["default_board"] is board_validation.default_board


def test_board_still_refuses_a_name_it_never_had() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        never_here = "validate_board"
        with pytest.raises(AttributeError, match="no attribute 'validate_board'"):
            getattr(board, never_here)


@pytest.mark.parametrize(
    ("name", "module"),
    [
        ("ruler_colour", "svg_grid"),
        ("outline_loops", "svg_grid"),
        ("SEAT_FILL", "svg_grid"),
        ("cell_target", "svg_grid"),
        ("card_target", "svg_panel"),
        ("stock_target", "svg_panel"),
    ],
)
def test_a_name_that_left_the_picture_module_warns_and_gives_the_same_object(
    name: str, module: str
) -> None:
    svg = importlib.import_module("boardkit_khan.present.svg")
    new = importlib.import_module(f"boardkit_khan.present.{module}")
    with pytest.warns(
        DeprecationWarning,
        match=rf"^boardkit_khan\.present\.svg\.{name} moved to "
        rf"boardkit_khan\.present\.{module}\.{name} in 0\.2\.0",
    ):
        found = getattr(svg, name)
    assert found is getattr(new, name)


def test_the_picture_module_still_refuses_a_name_it_never_had() -> None:
    svg = importlib.import_module("boardkit_khan.present.svg")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        never_here = "no_such_picture"
        with pytest.raises(AttributeError, match="no attribute 'no_such_picture'"):
            getattr(svg, never_here)
        assert svg.board_svg is svg.board_svg  # its own names answer without a warning


LEFT_LEGALITY = {
    "queries": (
        "active_player",
        "free_land",
        "protections",
        "situation",
        "reserved_tiles",
        "available_stacks",
        "tile_to_take",
        "placement_cells",
        "start_regions_used",
    ),
    "special_choices": (
        "special_actions",
        "scout_stacks",
        "scout_tile",
        "divine_regions_of",
        "HIGH_MORALE",
        "PROTECTION",
    ),
}
"""The names that left legality in 0.2.0, by the module of ``boardkit_khan.rules`` they went to."""


@pytest.mark.parametrize(
    ("name", "module"),
    [(name, module) for module, names in LEFT_LEGALITY.items() for name in names],
)
def test_a_name_that_left_legality_is_still_the_same_object_there(name: str, module: str) -> None:
    new = importlib.import_module(f"boardkit_khan.rules.{module}")
    assert name.isupper() or getattr(new, name).__module__ == new.__name__  # defined there
    assert getattr(legality, name) is getattr(new, name)
    rules = importlib.import_module("boardkit_khan.rules")
    with pytest.warns(DeprecationWarning, match=rf"^boardkit_khan\.rules\.{name} moved to"):
        assert getattr(rules, name) is getattr(new, name)  # the old module's name, too
