"""Tests for the reconstructed Khan board, its file format and the validator (K-C1…K-C3)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from boardkit.geometry.grid import Direction, cells_of
from boardkit_khan.rules.board import (
    Board,
    BoardFileError,
    InvalidBoardError,
    Region,
    board_to_toml,
    parse_board,
    text_map,
)
from boardkit_khan.rules.board_validation import default_board, load_board, validate_board
from boardkit_khan.rules.placements import stack_placements, standard_stack_keys

DATA = Path(__file__).resolve().parents[3] / "src" / "boardkit_khan" / "data" / "board.txt"
TEXT = DATA.read_text(encoding="utf-8")


def board_from(text: str) -> Board:
    return parse_board(text, "test")


def map_rows(text: str) -> list[str]:
    block = text.split('map = """', 1)[1].split('"""', 1)[0]
    return [line for line in block.splitlines() if line]


def with_map(rows: list[str], text: str = TEXT) -> str:
    head, rest = text.split('map = """', 1)
    _, tail = rest.split('"""', 1)
    return head + 'map = """\n' + "\n".join(rows) + '\n"""' + tail


def set_cell(rows: list[str], label: str, char: str) -> list[str]:
    col = ord(label[0]) - ord("A")
    row = int(label[1:]) - 1
    new = list(rows)
    new[row] = new[row][:col] + char + new[row][col + 1 :]
    return new


@pytest.fixture(scope="module")
def board() -> Board:
    return default_board()


# -- the shipped board ---------------------------------------------------------------------


def test_shipped_board_passes_the_validator(board: Board) -> None:
    """K-C1, K-C2, K-C3: the reconstructed board meets every published number."""
    assert validate_board(board) == []
    assert board.reconstructed


def test_k_c1_cell_counts_and_region_sizes(board: Board) -> None:
    """K-C1: 154 cells in play in a 13×13 box; 132 land in six regions; 22 river cells."""
    assert (board.grid.width, board.grid.height) == (13, 13)
    assert board.in_play.bit_count() == 154
    assert board.land.bit_count() == 132
    assert board.river.bit_count() == 22
    sizes = {region: mask.bit_count() for region, mask in board.regions}
    assert sizes == {
        Region.MOUNTAINS: 22,
        Region.ICE_DESERT: 20,
        Region.TUNDRA: 22,
        Region.STONE_DESERT: 21,
        Region.SAND_DESERT: 22,
        Region.TROPICAL_FOREST: 25,
    }
    for region, mask in board.regions:
        assert board.grid.is_connected(mask), region
        for cell in cells_of(mask):
            assert board.region_of(cell) is region
    for cell in cells_of(board.river):
        assert board.region_of(cell) is None


def test_k_c1_river_is_a_tree_with_one_fork_that_bridges_can_cross(board: Board) -> None:
    """K-C1: one side-connected river with exactly one fork; bridges can cross both the main
    stream and the branch (K-A-C2), though the branch leaves the land around it in one piece."""
    grid = board.grid
    assert grid.is_connected(board.river)
    degrees = sorted(
        (grid.side_neighbours(c) & board.river).bit_count() for c in cells_of(board.river)
    )
    assert degrees.count(3) == 1
    assert degrees.count(1) == 3
    assert 4 not in degrees
    assert sum(degrees) // 2 == 21  # a tree: links = cells - 1
    bridges = [
        p.mask
        for key in standard_stack_keys()
        if key.bridge
        for p in stack_placements(board, key).placements
    ]
    stream, branch = board.parse_label("I10"), board.parse_label("K4")
    assert any((cells >> stream) & 1 for cells in bridges)
    assert any((cells >> branch) & 1 for cells in bridges)
    ice = board.region_mask(Region.ICE_DESERT)
    assert grid.is_connected(ice)  # both banks of the branch: one piece of the map
    assert (ice >> board.parse_label("J4")) & 1 and (ice >> board.parse_label("L4")) & 1


def test_k_c2_outland_border_and_supply_edge(board: Board) -> None:
    """K-C2: edge cells border the outland, except 4 M, 3 D, 4 F facing the supply."""
    grid = board.grid
    bottom = [grid.cell(12, col) for col in range(13)]
    assert all(board.is_in_play(c) for c in bottom)
    assert sum(board.is_river(c) for c in bottom) == 2
    exceptions = board.outland_exceptions
    assert exceptions == sum(1 << c for c in bottom if board.is_land(c))
    counts = {r: (exceptions & m).bit_count() for r, m in board.regions}
    assert counts[Region.MOUNTAINS] == 4
    assert counts[Region.SAND_DESERT] == 3
    assert counts[Region.TROPICAL_FOREST] == 4
    assert sum(counts.values()) == 11
    assert board.outland_border & exceptions == 0
    assert board.outland_border & ~board.land == 0
    # Rule: box edge or next to an out-of-play cell (and not an exception).
    out = grid.full_mask & ~board.in_play
    for cell in cells_of(board.land):
        natural = (
            bool((grid.edge_mask >> cell) & 1 or grid.side_neighbours(cell) & out)
            and not (exceptions >> cell) & 1
        )
        assert bool((board.outland_border >> cell) & 1) == natural, board.label(cell)
    # North-west corner cell next to the cut-off corner borders the outland; centre does not.
    assert (board.outland_border >> board.parse_label("C2")) & 1
    assert not (board.outland_border >> board.parse_label("F7")) & 1


def test_k_c2_river_border_is_side_adjacency(board: Board) -> None:
    """K-C2 decision: a land cell borders the river when side-adjacent to a river cell."""
    grid = board.grid
    for cell in cells_of(board.land):
        expected = bool(grid.side_neighbours(cell) & board.river)
        assert bool((board.river_border >> cell) & 1) == expected
    # Corner contact alone does not count: G7 touches the river cell H6 only diagonally.
    g7 = board.parse_label("G7")
    assert board.is_land(g7)
    assert board.is_river(board.parse_label("H6"))
    assert not (board.river_border >> g7) & 1
    assert (board.river_border >> board.parse_label("H7")) & 1
    assert board.river_border & ~board.land == 0


def test_k_c3_rulers(board: Board) -> None:
    """K-C3: 8 rulers, distinct names/colours/cells on land; Seljuk grey, Russian light blue
    on an edge with 5 escape directions; the other six marked reconstructed."""
    assert len(board.rulers) == 8
    assert len({r.name for r in board.rulers}) == 8
    assert len({r.colour for r in board.rulers}) == 8
    assert len({r.start_cell for r in board.rulers}) == 8
    assert all(board.is_land(r.start_cell) for r in board.rulers)
    assert board.ruler("Seljuk").colour == "grey"
    russian = board.ruler("Russian")
    assert russian.colour == "light blue"
    assert (board.grid.edge_mask >> russian.start_cell) & 1
    assert len(board.escape_directions(russian.start_cell)) == 5
    assert {r.name for r in board.rulers if not r.reconstructed} == {"Seljuk", "Russian"}
    assert len({board.region_of(r.start_cell) for r in board.rulers}) >= 5
    with pytest.raises(KeyError):
        board.ruler("Mongol")


def test_ruler_rays_stop_at_out_of_play_cells_and_reach_three(board: Board) -> None:
    """K-R1 support: rays hold at most 3 in-play cells and end at the board's edge."""
    russian = board.ruler("Russian").start_cell  # E1, north edge
    assert board.ray(russian, Direction.N) == ()
    assert board.ray(russian, Direction.S) == tuple(
        board.parse_label(x) for x in ("E2", "E3", "E4")
    )
    # D1 lies west of E1, then C1 is out of play: the ray ends there.
    assert board.ray(russian, Direction.W) == (board.parse_label("D1"),)
    for cell in cells_of(board.in_play):
        for d in Direction:
            ray = board.ray(cell, d)
            assert len(ray) <= 3
            assert all(board.is_in_play(c) for c in ray)


def test_text_map_shows_coordinates_and_rulers(board: Board) -> None:
    rendered = text_map(board)
    lines = rendered.splitlines()
    assert lines[0].split() == list("ABCDEFGHIJKLM")
    assert lines[1].split()[0] == "1"
    assert lines[13].split()[0] == "13"
    assert "Russian: light blue, E1 (Tundra)" in rendered
    plain = text_map(board, rulers=False).splitlines()
    assert "".join(plain[1].split()[1:]) == map_rows(TEXT)[0]


def test_load_board_from_path_equals_default(board: Board) -> None:
    assert load_board(DATA) == board


# -- broken boards -------------------------------------------------------------------------


def test_changed_region_cell_is_reported() -> None:
    """K-C1: turning one Tundra cell into Stone desert breaks two region sizes."""
    rows = set_cell(map_rows(TEXT), "D4", "S")
    problems = validate_board(board_from(with_map(rows)))
    assert "K-C1: Tundra has 21 cells, expected 22" in problems
    assert "K-C1: Stone desert has 22 cells, expected 21" in problems
    assert len(problems) == 2


def test_split_region_is_reported() -> None:
    """K-C1: a region in two pieces is named with the pieces."""
    rows = map_rows(TEXT)
    rows = set_cell(rows, "L12", "M")  # a lone Mountain cell inside the forest
    rows = set_cell(rows, "G9", "F")  # … and a lone forest cell inside the mountains
    problems = validate_board(board_from(with_map(rows)))
    assert not any("cells, expected" in p for p in problems)  # sizes unchanged
    assert any(
        p.startswith("K-C1: Mountains is split into 2 side-connected pieces") for p in problems
    )
    assert any(
        p.startswith("K-C1: Tropical forest is split into 2 side-connected pieces")
        for p in problems
    )


def test_cut_river_is_reported() -> None:
    """K-C1: replacing a stem cell by land cuts the river in two."""
    rows = set_cell(map_rows(TEXT), "I9", "M")
    problems = validate_board(board_from(with_map(rows)))
    assert "K-C1: the river has 21 cells, expected 22" in problems
    assert any(p.startswith("K-C1: the river falls into 2 side-connected pieces") for p in problems)
    assert "K-C1: Mountains has 23 cells, expected 22" in problems
    assert "K-C1: 132 land cells, expected 132" not in problems


def test_river_loop_and_extra_fork_are_reported() -> None:
    """K-C1: a 2×2 block of river is a loop and adds branching cells."""
    rows = set_cell(map_rows(TEXT), "H9", "~")
    rows = set_cell(rows, "H10", "~")
    rows = set_cell(rows, "A1", "M")  # keep sizes unimportant here
    problems = validate_board(board_from(with_map(rows)))
    assert any("loop" in p for p in problems)
    assert any(p.startswith("K-C1: the river must have exactly one fork") for p in problems)


def test_outland_exceptions_are_checked() -> None:
    """K-C2: listing a Tundra edge cell and an interior cell as exceptions is reported."""
    text = TEXT.replace('"J13", "K13", "L13", "M13"', '"J13", "K13", "L13", "A7", "F7"')
    problems = validate_board(board_from(text))
    assert "K-C2: outland exception F7 is not a land cell on the edge of the board" in problems
    assert (
        "K-C2: 3 Tropical forest edge cells are listed as not bordering the outland, expected 4"
        in problems
    )
    assert (
        "K-C2: 2 Stone desert edge cells are listed as not bordering the outland, expected 0"
        in problems
    )


def test_ruler_violations_are_each_reported() -> None:
    """K-C3: river start cell, crowding, wrong colour, off-edge Russian, reconstructed flags."""
    text = TEXT.replace('start = "B11"', 'start = "I10"')  # Abbasid on the river
    text = text.replace('colour = "grey"', 'colour = "yellow"')
    text = text.replace('start = "E1"', 'start = "E3"')  # Russian moved inland, near Nizari E5
    text = text.replace(
        'name = "Song"\ncolour = "red"\nstart = "K8"\nreconstructed = true',
        'name = "Song"\ncolour = "red"\nstart = "K8"\nreconstructed = false',
    )
    problems = validate_board(board_from(text))
    assert "K-C3: Abbasid starts on I10, which is not land" in problems
    assert "K-C3: the Seljuk ruler must be grey, not yellow" in problems
    assert (
        "K-C3: the Russian ruler must stand on the edge of the board, E3 is not on it" in problems
    )
    assert "K-C3: the Russian ruler on E3 has 8 escape directions, expected 5" in problems
    assert any(p.startswith("K-C3: Russian (E3) and Nizari (E5) are 2 apart") for p in problems)
    assert "K-C3: the Song ruler is not in the rulebook; mark it reconstructed = true" in problems


def test_invalid_board_file_raises_with_all_violations(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(with_map(set_cell(map_rows(TEXT), "D4", "S")), encoding="utf-8")
    with pytest.raises(InvalidBoardError) as info:
        load_board(path)
    assert len(info.value.violations) == 2
    assert load_board(path, validate=False).land.bit_count() == 132


# -- malformed files -----------------------------------------------------------------------


def test_malformed_map_row_names_the_row_and_line() -> None:
    rows = map_rows(TEXT)
    rows[3] = rows[3][:-1]
    text = with_map(rows)
    with pytest.raises(BoardFileError, match=r"row 4 \(file line \d+\): 12 characters"):
        board_from(text)
    expected_line = text.splitlines().index(rows[3]) + 1
    with pytest.raises(BoardFileError, match=rf"file line {expected_line}\b"):
        board_from(text)


def test_unknown_map_character_is_named() -> None:
    with pytest.raises(BoardFileError, match=r"row 7 .*unknown character 'X'"):
        board_from(with_map(set_cell(map_rows(TEXT), "C7", "X")))


def test_wrong_row_count_and_missing_key() -> None:
    with pytest.raises(BoardFileError, match="has 12 rows, 'height' says 13"):
        board_from(with_map(map_rows(TEXT)[:12]))
    with pytest.raises(BoardFileError, match="missing key 'width'"):
        board_from(TEXT.replace("width = 13\n", ""))


def test_bad_cell_label_and_unknown_keys() -> None:
    with pytest.raises(BoardFileError, match=r"rulers\[2\]\.start.*outside"):
        board_from(TEXT.replace('start = "B7"', 'start = "B70"'))
    with pytest.raises(BoardFileError, match=r"outland\.not_bordering.*'13A'"):
        board_from(TEXT.replace('"A13", "B13"', '"13A", "B13"'))
    with pytest.raises(BoardFileError, match="unknown top-level key"):
        board_from("colour = 1\n" + TEXT)
    with pytest.raises(BoardFileError, match=r"unknown key in rulers\[1\]: start_cell"):
        board_from(TEXT.replace('start = "E1"', 'start_cell = "E1"'))


def test_invalid_toml_is_a_board_file_error(tmp_path: Path) -> None:
    path = tmp_path / "broken.txt"
    path.write_text('width = 13\nmap = """\n', encoding="utf-8")
    with pytest.raises(BoardFileError, match=re.escape(str(path)) + ": not valid TOML"):
        load_board(path)
    with pytest.raises(BoardFileError, match="cannot read"):
        load_board(tmp_path / "missing.txt")


def test_board_to_toml_round_trips(board: Board) -> None:
    text = board_to_toml(board)
    again = parse_board(text, "round trip")
    assert again == board
    assert again.outland_border == board.outland_border
    assert again.rulers == board.rulers
    assert validate_board(again) == []
