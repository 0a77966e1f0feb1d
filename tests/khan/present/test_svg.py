"""The Khan picture: its pieces match the state, hands stay hidden, highlights show, names are
escaped, bad highlights are refused.

States come from seeded random games played through :class:`boardkit.Match` (conquests are
preferred so that tiles appear).
"""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET
from collections import Counter
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from boardkit import Match, Rng, registry
from boardkit.cli import main
from boardkit.geometry.grid import cells_of
from boardkit.present.svg import SVG_NAMESPACE, PictureError, UnsupportedHighlightError
from boardkit_khan.game import KhanGame
from boardkit_khan.present.svg import DEFAULT_SIZE, board_svg, render_svg
from boardkit_khan.present.svg_grid import _MARGIN, outline_loops, ruler_colour
from boardkit_khan.present.svg_panel import HAND_ROW
from boardkit_khan.rules.actions import (
    Conquer,
    Discard,
    DisplaceRuler,
    Invade,
    NoSpecial,
    PlaceStartYurt,
    card_text,
)
from boardkit_khan.rules.board import Region
from boardkit_khan.rules.board_option import board_option
from boardkit_khan.rules.components import TileKind
from boardkit_khan.rules.placements import StackKey
from boardkit_khan.rules.state import KhanState, static_for
from tests.present.styles import style_rules

NS = {"svg": SVG_NAMESPACE}
BOARD = static_for("").board


@cache
def played(players: int, seed: int, actions: int) -> Match[Any]:
    """A match after ``actions`` random actions, one in three a conquest when one is legal."""
    match = Match.new("khan", players, seed=seed)
    rng = Rng(seed)
    for _ in range(actions):
        if match.is_over:
            break
        legal = match.legal_actions()
        conquests = [a for a in legal if isinstance(a, Conquer)]
        pool = conquests if conquests and rng.below(3) == 0 else legal
        match.play(rng.choice(pool))
    return match


def parse(state: KhanState, **kwargs: Any) -> ET.Element:
    return ET.fromstring(board_svg(state, **kwargs).to_string())


def with_class(root: ET.Element, *names: str) -> list[ET.Element]:
    """Elements whose class attribute holds every one of ``names``."""
    return [e for e in root.iter() if set(names) <= set((e.get("class") or "").split())]


GAMES = [(2, 1, 40), (3, 4, 70), (4, 9, 120)]


def test_the_grid_shows_regions_river_and_blank_cells() -> None:
    """K-C1: one square per cell in play, land by region, river blue, out-of-play cells blank."""
    root = parse(Match.new("khan", 3, seed=0).state)
    assert len(with_class(root, "cell")) == BOARD.in_play.bit_count()
    assert len(with_class(root, "cell", "river")) == BOARD.river.bit_count()
    assert len(with_class(root, "cell", "land")) == BOARD.land.bit_count()
    for region in Region:
        drawn = with_class(root, "cell", f"region-{region.letter}")
        assert len(drawn) == (BOARD.region_mask(region) & BOARD.land).bit_count()


def test_cells_sit_on_the_grid() -> None:
    root = parse(Match.new("khan", 3, seed=0).state)
    step = DEFAULT_SIZE / BOARD.grid.width
    corners = {
        (round(float(c.get("x", "0")), 2), round(float(c.get("y", "0")), 2))
        for c in with_class(root, "cell")
    }
    expected = {
        (round(_MARGIN + (cell % 13) * step, 2), round(_MARGIN + (cell // 13) * step, 2))
        for cell in cells_of(BOARD.in_play)
    }
    assert corners == expected


def test_outland_edges_follow_the_board() -> None:
    """K-C2: one outland mark per cell of ``outland_border``; the supply side has none."""
    root = parse(Match.new("khan", 2, seed=0).state)
    edges = with_class(root, "outland-edge")
    assert len(edges) == BOARD.outland_border.bit_count()
    for edge in edges:
        assert edge.tag == f"{{{SVG_NAMESPACE}}}rect" or edge.get("d")
    rules = style_rules(root)
    assert rules["path.outland-edge"]["stroke-width"] == "5px"
    assert rules["rect.outland-edge"]["stroke-dasharray"]  # a cell without an outer side


SIZE_BOUND = 50_000
"""Most bytes of a player's picture of a 3-player game after 70 actions (48.1 KB when the looks
went into the style sheet; 65.6 KB before, with every look on every element)."""


def test_a_typical_picture_stays_small() -> None:
    """What a plain client is sent for every view: its size is the server's transport cost."""
    state = played(3, 4, 70).state
    assert state.field.placed
    written = board_svg(state, player=0).to_string().encode()
    assert len(written) <= SIZE_BOUND


def test_the_look_lies_in_a_style_sheet_under_the_picture_class() -> None:
    """Cells, tiles and yurts take their look from rules under ``.khan``; what differs per
    seat or ruler stays on the element."""
    root = parse(played(3, 4, 70).state, player=0)
    assert root.get("class") == "khan"
    rules = style_rules(root)
    for region in Region:
        assert rules[f".region-{region.letter}"]["fill"]
    assert rules[".cell"] == {"stroke": "#fff", "stroke-width": "0.6px"}
    for yurt in with_class(root, "yurt"):
        assert (yurt.get("fill") is None) == ("neutral" in yurt.get("class", "").split())
    assert rules[".yurt.neutral"]["fill"]


@pytest.mark.parametrize(("players", "seed", "actions"), GAMES)
def test_pieces_match_the_state(players: int, seed: int, actions: int) -> None:
    """Yurts (K-C7), rulers (K-C3), tiles and their owners (K-C6, K-A-C5), camps, the stock."""
    state = played(players, seed, actions).state
    field = state.field
    root = parse(state)
    yurts = with_class(root, "yurt")
    assert len(yurts) == sum(y.bit_count() for y in field.yurts) + field.neutral.bit_count()
    assert len(with_class(root, "yurt", "neutral")) == field.neutral.bit_count()
    by_seat = Counter(y.get("data-seat") for y in yurts if y.get("data-seat") is not None)
    assert by_seat == Counter({str(s): m.bit_count() for s, m in enumerate(field.yurts) if m})
    rulers = with_class(root, "ruler")
    assert sorted(int(r.get("data-ruler", "-1")) for r in rulers) == [
        i for i, cell in enumerate(field.rulers) if cell >= 0
    ]
    tiles = with_class(root, "tile")
    assert len(tiles) == len(field.placed)
    assert len(with_class(root, "tile", "bridge")) == sum(p.stack.bridge for p in field.placed)
    assert len(with_class(root, "owner-mark")) == sum(len(p.owners) for p in field.placed)
    assert len(with_class(root, "camp-yurt")) == sum(field.camps)
    stock = sum(int(s.get("data-count", "0")) for s in with_class(root, "stock-stack"))
    assert stock == field.stock.bit_count()


def test_the_random_games_lay_tiles() -> None:
    """The games above really exercise tiles and owners (not only the empty board)."""
    state = played(4, 9, 120).state
    assert state.field.placed
    assert any(p.owners for p in state.field.placed)


def test_tile_outlines_cover_their_cells() -> None:
    state = played(3, 4, 70).state
    root = parse(state)
    for node, placed in zip(with_class(root, "tile"), state.field.placed, strict=True):
        assert node.get("data-tile") == str(placed.tile)
        outline = node.find("svg:path", NS)
        assert outline is not None
        assert outline.get("d", "").count("Z") >= 1


def test_rulers_are_labelled_in_their_colours() -> None:
    """K-C3: each ruler stands on its cell as a diamond in its colour with its letter."""
    state = Match.new("khan", 3, seed=0).state
    root = parse(state)
    for node in with_class(root, "ruler"):
        index = int(node.get("data-ruler", "-1"))
        spec = BOARD.rulers[index]
        assert node.get("data-name") == spec.name
        diamond = node.find("svg:polygon", NS)
        assert diamond is not None and diamond.get("fill") == ruler_colour(spec.colour)[0]
        label = node.find("svg:text", NS)
        assert label is not None and label.text == "ABCDEFGH"[index]


def test_hands_are_shown_only_to_their_owner() -> None:
    """K-H1: a spectator sees no card; a player sees his own hand and no one else's."""
    state = played(3, 4, 30).state
    assert not with_class(parse(state), "hand-card")
    for seat in range(state.players):
        root = parse(state, player=seat)
        shown = [t.text for t in with_class(root, "hand-card")]
        assert shown == [card_text(c) for c in state.cards.hands[seat]]
        assert len(with_class(root, "player", "viewer")) == 1
    with pytest.raises(PictureError, match="seat"):
        board_svg(state, player=3)
    with pytest.raises(PictureError, match="size"):
        board_svg(state, size=20)


def test_the_viewers_hand_is_a_part_of_its_own_with_rows_a_tap_can_grow_to() -> None:
    """The viewer's hand is one group marked ``data-part="hand"`` inside the side panel (a
    phone shows it as a strip of its own, fit.js), titled "your hand"; each card's click
    target fills its row, HAND_ROW high, the rows meeting without overlap, the name inside."""
    state = played(3, 4, 30).state
    assert not parse(state).findall(".//*[@data-part='hand']")
    root = parse(state, player=1)
    (side,) = root.findall(".//*[@data-part='side']")
    (strip,) = side.findall(".//*[@data-part='hand']")
    assert strip.findtext("svg:title", namespaces=NS) == "your hand"
    cards = [node for node in strip if node.get("data-target")]
    assert [int(node.get("data-card", -1)) for node in cards] == list(state.cards.hands[1])
    tops = []
    for node in cards:
        hit = node.find("svg:rect", NS)
        name = node.find("svg:text", NS)
        assert hit is not None and name is not None
        assert float(hit.get("height", 0)) == HAND_ROW
        top, baseline = float(hit.get("y", 0)), float(name.get("y", 0))
        assert top <= baseline - 10 and baseline <= top + HAND_ROW  # the name's 11 px inside
        tops.append(top)
    assert [b - a for a, b in itertools.pairwise(tops)] == [HAND_ROW] * (len(tops) - 1)


def test_a_cell_mask_is_highlighted_cell_by_cell() -> None:
    state = Match.new("khan", 2, seed=0).state
    mask = (1 << 40) | (1 << 41) | (1 << 53)
    root = parse(state, highlight=mask)
    marked = with_class(root, "highlight", "cell-highlight")
    assert sorted(int(m.get("data-cell", "-1")) for m in marked) == [40, 41, 53]
    assert not with_class(parse(state), "highlight")


def test_a_conquest_highlights_its_placement() -> None:
    match = played(3, 4, 30)
    static = static_for("")
    key = StackKey(TileKind.CONQUEST, "L3")
    placement = static.table.stack(key).placements[5]
    action = Conquer(key, placement.orientation, placement.anchor)
    root = parse(match.state, highlight=action)
    outlines = with_class(root, "highlight", "placement-outline")
    assert len(outlines) == 1
    cells = [int(c) for c in outlines[0].get("data-cells", "").split()]
    assert cells == list(cells_of(placement.mask))


def test_actions_as_highlights() -> None:
    state = played(3, 4, 30).state
    one = parse(state, highlight=Invade(0, 60))
    assert [m.get("data-cell") for m in with_class(one, "cell-highlight")] == ["60"]
    assert len(with_class(parse(state, highlight=PlaceStartYurt(12)), "cell-highlight")) == 1
    on_board = next(i for i, c in enumerate(state.field.rulers) if c >= 0)
    ringed = parse(state, highlight=DisplaceRuler(on_board))
    assert len(with_class(ringed, "ruler-highlight")) == 1
    for quiet in (Discard(()), NoSpecial()):
        assert not with_class(parse(state, highlight=quiet), "highlight")


@pytest.mark.parametrize(
    "bad",
    [
        -1,
        1 << 169,
        "E5",
        True,
        DisplaceRuler(8),
        Invade(0, 500),
        Conquer(StackKey(TileKind.CONQUEST, "I5"), 0, 0),
        object(),
    ],
)
def test_bad_highlights_are_refused(bad: object) -> None:
    with pytest.raises(UnsupportedHighlightError):
        board_svg(Match.new("khan", 2, seed=0).state, highlight=bad)


def test_ruler_names_with_markup_are_escaped(tmp_path: Path) -> None:
    """A board file may name a ruler anything; the picture stays well-formed and exact."""
    source = (resources.files("boardkit_khan") / "data" / "board.txt").read_text(encoding="utf-8")
    odd = 'Dai <Viet> & "Co"'
    assert 'name = "Dai Viet"' in source
    board_file = tmp_path / "odd.txt"
    board_file.write_text(
        source.replace('name = "Dai Viet"', 'name = "Dai <Viet> & \\"Co\\""'), encoding="utf-8"
    )
    match = Match.new("khan", 3, options={"board": board_option(board_file)}, seed=1)
    document = board_svg(match.state).to_string()
    assert "<Viet>" not in document
    root = ET.fromstring(document)
    names = [r.get("data-name") for r in with_class(root, "ruler")]
    assert odd in names
    assert any(odd in (t.text or "") for t in root.iter(f"{{{SVG_NAMESPACE}}}text"))


def test_ruler_colours() -> None:
    assert ruler_colour("light blue") == ("lightblue", "#000")
    assert ruler_colour("black") == ("black", "#fff")
    assert ruler_colour("#123") == ("#112233", "#fff")
    assert ruler_colour("sky of dawn")[0] == "#a0a0a0"


def test_outline_loops_trace_the_union_of_cells() -> None:
    width = 13
    l_tromino = (1 << 0) | (1 << 13) | (1 << 14)
    loops = outline_loops(l_tromino, width, 0, 0, 10)
    assert len(loops) == 1
    assert sorted(loops[0]) == sorted([(0, 0), (10, 0), (10, 10), (20, 10), (20, 20), (0, 20)])
    apart = (1 << 0) | (1 << 2)
    assert len(outline_loops(apart, width, 0, 0, 10)) == 2
    line = (1 << 12) | (1 << 13)  # end of row 0 and start of row 1 are not neighbours
    assert len(outline_loops(line, width, 0, 0, 10)) == 2


def test_the_hook_adapter_gives_svg_text() -> None:
    match = played(3, 4, 30)
    last = match.log.entries[-1].action
    document = render_svg(KhanGame(), match.state, 1, last)
    root = ET.fromstring(document)
    assert root.tag == f"{{{SVG_NAMESPACE}}}svg"
    assert isinstance(match.game, KhanGame)
    assert match.game.render_svg(match.state, 1, last) == document


def test_boardkit_render_draws_a_saved_game(tmp_path: Path) -> None:
    """``boardkit render`` on a Khan log, as one player: the last conquest is outlined and
    only that player's hand is shown."""
    match = played(4, 9, 120)
    at = max(e.seq for e in match.log.entries if isinstance(e.action, Conquer))
    log = tmp_path / "game.json"
    match.save(log)
    target = tmp_path / "board.svg"
    assert main(["render", str(log), "--at", str(at), "--seat", "3", "-o", str(target)]) == 0
    root = ET.parse(target).getroot()
    assert len(with_class(root, "placement-outline")) == 1
    state = match.state_at(at)
    assert len(with_class(root, "tile")) == len(state.field.placed)
    assert len(with_class(root, "hand-card")) == len(state.cards.hands[2])


def test_the_game_draws_a_state_as_the_spectators_picture_in_jupyter() -> None:
    """K-H1 holds in a notebook too: a bare state draws without any hand."""
    state = played(3, 4, 30).state
    document = KhanGame().picture(state)._repr_svg_()
    assert document == board_svg(state).to_string()
    root = ET.fromstring(document)
    assert root.tag == f"{{{SVG_NAMESPACE}}}svg"
    assert not with_class(root, "hand-card")
    assert with_class(root, "yurt")


class RenamedKhan(KhanGame):
    """Khan, known to the registry under another name."""

    name = "khan-renamed"


def test_a_game_registered_under_another_name_draws_its_states(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Drawing goes through the game object: a state never looks its game up by name."""
    monkeypatch.setattr(registry, "_registered", dict(registry._registered))
    registry.register(RenamedKhan)
    match = Match.new("khan-renamed", 3, seed=4)
    for _ in range(30):
        match.play(match.legal_actions()[0])
    game = match.game
    assert isinstance(game, RenamedKhan)

    def no_lookup(name: str) -> Any:
        raise AssertionError(f"looked up {name!r} in the registry to draw")

    monkeypatch.setattr(registry, "load_game", no_lookup)
    picture = game.picture(match.state)
    assert picture == board_svg(match.state).to_string() == picture._repr_svg_()
    assert match._repr_svg_() == match.render_svg()
    assert not hasattr(match.state, "_repr_svg_")  # states do not draw themselves
