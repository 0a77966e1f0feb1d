"""Khan's options: ``board`` (a board's canonical text; validated, errors name every violation)
and ``area_counts_river`` (K-V2: the Dutch area rule)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest
from attrs import evolve

from boardkit import InvalidOptionsError, Match, Rng
from boardkit.present.menus import ActionMenu
from boardkit_khan.actions import DisplaceRuler, PlaceStartYurt
from boardkit_khan.board_option import board_option
from boardkit_khan.components import TileKind
from boardkit_khan.placements import StackKey
from boardkit_khan.state import KhanOptions, PlacedTile
from boardkit_khan.turn import final_score

from .game_builders import BOARD, GAME, STATIC, main_state, mask, with_field

BOARD_TEXT = resources.files("boardkit_khan").joinpath("data", "board.txt").read_text("utf-8")


def test_a_board_file_in_the_shipped_format_can_be_played(tmp_path: Path) -> None:
    """``board`` holds a board to play on; a faithful copy of the shipped board works."""
    path = tmp_path / "copy.toml"
    path.write_text(BOARD_TEXT, encoding="utf-8")
    text = board_option(path)
    match = Match.new(GAME, 3, {"board": text}, seed=1)
    chooser = Rng(1)
    for _ in range(30):
        match.play(chooser.choice(match.legal_actions()))
    assert match.state.options.board == text != BOARD_TEXT
    assert Match.from_json(match.to_json(), GAME).state == match.state


def test_texts_and_menus_follow_the_board_of_the_match(tmp_path: Path) -> None:
    """On a board file with a moved region border and a renamed ruler, action texts and the
    menus of ``boardkit play`` name that board's regions and rulers, not the shipped ones."""
    custom = (
        BOARD_TEXT.replace("TTTSSSS~II~II", "TTTTSSS~II~II", 1)  # D5 joins the Tundra ...
        .replace("TSSSSSS~~~~..", "SSSSSSS~~~~..", 1)  # ... and A6 the Stone desert (K-C1)
        .replace('name = "Abbasid"', 'name = "Ghaznavid"', 1)  # a reconstructed ruler
    )
    assert custom.count("Ghaznavid") == 1 and "TTTTSSS~II~II" in custom
    path = tmp_path / "custom.toml"
    path.write_text(custom, encoding="utf-8")
    match = Match.new(GAME, 2, {"board": board_option(path)}, seed=1)
    state = match.state
    moved = BOARD.parse_label("D5")
    start = PlaceStartYurt(moved)
    assert start in match.legal_actions()
    assert GAME.action_path(start) == ("start yurt", "Stone desert", "D5")  # shipped board
    assert GAME.action_path(start, state) == ("start yurt", "Tundra", "D5")
    abbasid = [r.name for r in BOARD.rulers].index("Abbasid")
    assert GAME.describe_action(DisplaceRuler(abbasid)) == "B: displace ruler Abbasid"
    assert GAME.describe_action(DisplaceRuler(abbasid), state) == "B: displace ruler Ghaznavid"
    menu = ActionMenu(GAME, match.legal_actions(), state)
    tundra = [item.label for item in menu.items(("start yurt", "Tundra"))]
    assert "D5" in tundra
    assert "D5" not in [item.label for item in menu.items(("start yurt", "Stone desert"))]


def test_a_board_breaking_the_rules_is_refused_with_every_violation(tmp_path: Path) -> None:
    """A board file that parses but breaks K-C1…K-C3 is refused; the error lists the problems."""
    broken = BOARD_TEXT.replace("SSSSSSSS~FFF.", "SSSSSSSS~FF~.", 1)
    assert broken != BOARD_TEXT
    path = tmp_path / "broken.toml"
    path.write_text(broken, encoding="utf-8")
    with pytest.raises(InvalidOptionsError) as refused:
        board_option(path)
    message = str(refused.value)
    assert "'board'" in message and str(path) in message and "river" in message.lower()


@pytest.mark.parametrize("content", [None, "this is not toml ["])
def test_unreadable_board_files_are_refused(tmp_path: Path, content: str | None) -> None:
    """A missing or unparseable file is an InvalidOptionsError naming the option and the file."""
    path = tmp_path / "board.toml"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    with pytest.raises(InvalidOptionsError) as refused:
        board_option(path)
    assert "'board'" in str(refused.value) and str(path) in str(refused.value)


def test_area_counts_river_option_k_v2() -> None:
    """K-V2: by default an area counts land cells only (German); with ``area_counts_river`` the
    river cells under bridges count too (Dutch wording)."""
    state = main_state(2, seed=1)
    bridge = StackKey(TileKind.BRIDGE, "I3")
    cells = mask("G4", "H4", "I4")
    tile = (STATIC.stack_mask[bridge] & -STATIC.stack_mask[bridge]).bit_length() - 1
    state = with_field(state, placed=(PlacedTile(tile, bridge, cells, (0,)),), tiles=cells)
    german = final_score(state, STATIC)
    dutch = final_score(evolve(state, options=KhanOptions("", True)), STATIC)
    assert (cells & BOARD.river).bit_count() == 1
    assert german.largest_area == (2, 0) and dutch.largest_area == (3, 0)
    assert german.tile_points == dutch.tile_points == (3, 0)


def test_unknown_option_is_refused() -> None:
    """Options the game does not know are refused by the framework with the known names."""
    with pytest.raises(InvalidOptionsError) as refused:
        GAME.make_config(2, {"board_file": "x"})
    assert "area_counts_river, board" in str(refused.value)
