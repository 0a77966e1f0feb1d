"""The Shangrila picture: its pieces match the state, highlights show, bad highlights are refused.

States come from seeded random games played through :class:`boardkit.Match`, and from the
position builder for the exact cases (S-C1 village positions, S-S2 red village, S-A3d/e bridges
and stones).
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from boardkit import Match, Rng
from boardkit.cli import main
from boardkit.present.svg import SVG_NAMESPACE, PictureError, UnsupportedHighlightError
from boardkit_shangrila.game import ShangrilaGame
from boardkit_shangrila.present.svg import DEFAULT_SIZE, board_svg, render_svg, village_centre
from boardkit_shangrila.rules.actions import Journey, Pass, PlaceMaster, RecruitStudents
from boardkit_shangrila.rules.board import PATHS, POSITIONS, RED_VILLAGE, VILLAGE_COUNT
from boardkit_shangrila.rules.components import COLOURS, GUILD_COUNT, GUILDS, Guild
from boardkit_shangrila.rules.state import WITH_STUDENT, ShangrilaState, supply_of
from tests.present.styles import style_rules
from tests.shangrila.builders import build

NS = {"svg": SVG_NAMESPACE}


def played(
    players: int, seed: int, actions: int, options: dict[str, Any] | None = None
) -> Match[Any]:
    """A match after ``actions`` random actions (journeys preferred, to break bridges)."""
    match = Match.new("shangrila", players, options=options, seed=seed)
    rng = Rng(seed)
    for _ in range(actions):
        if match.is_over:
            break
        legal = match.legal_actions()
        journeys = [a for a in legal if isinstance(a, Journey)]
        pool = journeys if journeys and rng.below(2) == 0 else legal
        match.play(rng.choice(pool))
    return match


def parse(state: ShangrilaState, **kwargs: Any) -> ET.Element:
    return ET.fromstring(board_svg(state, **kwargs).to_string())


def with_class(root: ET.Element, *names: str) -> list[ET.Element]:
    """Elements whose class attribute holds every one of ``names``."""
    return [e for e in root.iter() if set(names) <= set((e.get("class") or "").split())]


@pytest.mark.parametrize(("players", "seed", "actions"), [(4, 1, 60), (3, 2, 120), (4, 7, 200)])
def test_pieces_match_the_state(players: int, seed: int, actions: int) -> None:
    """Masters, students, stones and bridges (S-C2, S-C3, S-A3d, S-A3e) are drawn one for one."""
    state = played(players, seed, actions).state
    root = parse(state)
    codes = state.spaces
    assert len(with_class(root, "village")) == VILLAGE_COUNT
    assert len(with_class(root, "space")) == VILLAGE_COUNT * GUILD_COUNT
    assert len(with_class(root, "master")) == sum(1 for c in codes if c)
    assert len(with_class(root, "student")) == sum(1 for c in codes if c >= WITH_STUDENT)
    assert len(with_class(root, "stone")) == state.stones.bit_count()
    intact = state.bridges.bit_count()
    assert len(with_class(root, "bridge", "intact")) == intact
    assert len(with_class(root, "bridge", "broken")) == len(PATHS) - intact
    for colour in COLOURS[: state.colours]:
        expected = sum(1 for c in codes if c and (c - 1) % 4 == COLOURS.index(colour))
        assert len(with_class(root, "master", colour.value)) == expected


def test_a_long_game_has_broken_bridges_and_stones() -> None:
    """The random game above really exercises S-A3d/S-A3e drawing (not only the empty case)."""
    state = played(4, 7, 200).state
    assert state.bridges.bit_count() < len(PATHS)
    assert state.stones


def test_each_space_shows_its_guild_and_occupant() -> None:
    state = build({4: "Dr+ Rr Fy Yb+"})
    root = parse(state)
    village = root.find(".//svg:g[@id='village-4']", NS)
    assert village is not None
    spaces = with_class(village, "space")
    assert [s.get("data-guild") for s in spaces] == [g.value for g in GUILDS]
    by_guild = {s.get("data-guild"): s for s in spaces}
    dragon = by_guild[Guild.DRAGON_BREEDER.value]
    assert with_class(dragon, "master", "red") and with_class(dragon, "student", "red")
    assert with_class(by_guild[Guild.RAINMAKER.value], "master", "red")
    assert not with_class(by_guild[Guild.RAINMAKER.value], "student")
    assert with_class(by_guild[Guild.YETI_WHISPERER.value], "student", "blue")
    assert not with_class(by_guild[Guild.HEALER.value], "master")


def test_villages_sit_at_the_digest_positions() -> None:
    """S-C1: village centres at the percent positions of the digest, scaled to the board."""
    root = parse(build({}), size=1000)
    for village in range(VILLAGE_COUNT):
        node = root.find(f".//svg:g[@id='village-{village}']", NS)
        assert node is not None
        disc = node.find("svg:circle", NS)
        assert disc is not None
        x, y = POSITIONS[village]
        assert float(disc.get("cx", "nan")) == pytest.approx(x * 10)
        assert float(disc.get("cy", "nan")) == pytest.approx(y * 9, abs=0.01)
    assert village_centre(0, DEFAULT_SIZE)[0] == pytest.approx(POSITIONS[0][0] * 7.2)


def test_bridges_join_the_villages_of_their_path() -> None:
    """S-C1: one line per path, from one village centre to the other; broken ones are dashed."""
    state = build({}, broken=((0, 1), (3, 4)))
    root = parse(state)
    bridges = with_class(root, "bridge")
    assert sorted(b.get("data-path", "") for b in bridges) == sorted(f"{a}-{b}" for a, b in PATHS)
    broken = {b.get("data-path") for b in with_class(root, "bridge", "broken")}
    assert broken == {"0-1", "3-4"}
    dashed = style_rules(root)[".broken"]
    assert dashed["stroke-dasharray"] and not style_rules(root)[".intact"].get("stroke-dasharray")
    for bridge in with_class(root, "broken"):
        assert "stroke-dasharray" not in bridge.attrib  # it would lose to the rule anyway
    first = root.find(".//svg:line[@id='bridge-0-1']", NS)
    assert first is not None
    assert (float(first.get("x1", "0")), float(first.get("y1", "0"))) == pytest.approx(
        village_centre(0, DEFAULT_SIZE), abs=0.01
    )


SIZE_BOUND = 38_000
"""Most bytes of the picture of a 4-player game after 200 actions (35.8 KB when the looks went
into the style sheet; 52 KB before, with every look on every element)."""


def test_a_typical_picture_stays_small() -> None:
    """What a plain client is sent for every view: its size is the server's transport cost."""
    state = played(4, 7, 200).state
    written = board_svg(state, player=0).to_string().encode()
    assert len(written) <= SIZE_BOUND


def test_the_look_lies_in_a_style_sheet_scoped_by_the_size() -> None:
    """Every rule is under the picture's own class, which names the size (the rules scale with
    it), so two pictures of other sizes on one page keep their own looks."""
    small, large = parse(build({}), size=400), parse(build({}))
    assert (small.get("class"), large.get("class")) == ("shangrila-400", "shangrila-720")
    assert style_rules(small)[".disc"]["stroke-width"] == "1.11px"
    assert style_rules(large)[".disc"]["stroke-width"] == "2px"
    assert style_rules(large)[".master.yellow"] == {"fill": "#f2c418"}
    assert large.get("font-family") == "sans-serif"


def test_the_red_village_is_marked_and_out_of_play_with_three() -> None:
    """S-S2: the red village has its wall; with three colours it is out of play with a stone
    and its three paths carry no bridge."""
    four = parse(build({}))
    assert [v.get("id") for v in with_class(four, "red-village")] == [f"village-{RED_VILLAGE}"]
    assert not with_class(four, "out-of-play")
    three = Match.new("shangrila", 3, seed=0).state
    root = parse(three)
    assert [v.get("id") for v in with_class(root, "out-of-play")] == [f"village-{RED_VILLAGE}"]
    assert len(with_class(root, "stone")) == 1
    assert len(with_class(root, "bridge", "broken")) == 3


def test_supplies_are_listed_per_colour_and_guild() -> None:
    state = played(4, 3, 40).state
    root = parse(state)
    rows = with_class(root, "supply-row")
    assert [r.get("data-colour") for r in rows] == [c.value for c in COLOURS]
    for c, row in enumerate(rows):
        numbers = [int(t.text or "") for t in with_class(row, "supply")]
        assert numbers == [supply_of(state, c, g) for g in range(GUILD_COUNT)]


def test_the_viewing_seat_is_marked_in_the_legend() -> None:
    state = played(2, 4, 10, {"two_colours_each": True}).state
    root = parse(state, player=1)
    viewers = [r.get("data-colour") for r in with_class(root, "supply-row", "viewer")]
    assert viewers == ["blue", "violet"]
    assert not with_class(parse(state), "viewer")


def test_a_journey_is_an_arrow_from_source_to_destination() -> None:
    root = parse(build({}), highlight=Journey(4, 7))
    arrows = with_class(root, "highlight", "journey")
    assert len(arrows) == 1
    arrow = arrows[0]
    assert (arrow.get("data-source"), arrow.get("data-destination")) == ("4", "7")
    (sx, sy), (dx, dy) = village_centre(4, DEFAULT_SIZE), village_centre(7, DEFAULT_SIZE)
    x1, y1 = float(arrow.get("x1", "0")), float(arrow.get("y1", "0"))
    x2, y2 = float(arrow.get("x2", "0")), float(arrow.get("y2", "0"))
    assert math.dist((x1, y1), (sx, sy)) < math.dist((x1, y1), (dx, dy))
    assert math.dist((x2, y2), (dx, dy)) < math.dist((x2, y2), (sx, sy))
    assert arrow.get("marker-end") == "url(#journey-head)"
    assert root.find(".//svg:marker[@id='journey-head']", NS) is not None


def test_village_and_space_highlights() -> None:
    state = build({})
    root = parse(state, highlight={1, 5, 9})
    marked = with_class(root, "village-highlight")
    assert len(marked) == 3
    root = parse(state, highlight=3)
    assert len(with_class(root, "village-highlight")) == 1
    root = parse(state, highlight=PlaceMaster(6, Guild.ASTROLOGER))
    spots = with_class(root, "space-highlight")
    assert len(spots) == 1
    village = root.find(".//svg:g[@id='village-6']", NS)
    assert village is not None and with_class(village, "space-highlight")
    students = RecruitStudents(((3, Guild.HEALER), (5, Guild.RAINMAKER)))
    assert len(with_class(parse(state, highlight=students), "space-highlight")) == 2
    assert not with_class(parse(state, highlight=Pass()), "highlight")
    assert not with_class(parse(state), "highlight")


@pytest.mark.parametrize(
    "bad",
    [
        "4",
        13,
        -1,
        True,
        [1, "x"],
        Journey(0, 99),
        PlaceMaster(3, "healer"),  # type: ignore[arg-type]
        RecruitStudents(((3,),)),
        2.5,
        object(),
    ],
)
def test_bad_highlights_are_refused(bad: object) -> None:
    with pytest.raises(UnsupportedHighlightError):
        board_svg(build({}), highlight=bad)


def test_bad_sizes_and_seats_are_refused() -> None:
    with pytest.raises(PictureError, match="size"):
        board_svg(build({}), size=50)
    with pytest.raises(PictureError, match="seat 4"):
        board_svg(build({}), player=4)


def test_the_hook_adapter_gives_svg_text() -> None:
    match = played(4, 5, 30)
    last = match.log.entries[-1].action
    document = render_svg(ShangrilaGame(), match.state, None, last)
    root = ET.fromstring(document)
    assert root.tag == f"{{{SVG_NAMESPACE}}}svg"
    assert with_class(root, "highlight")
    assert isinstance(match.game, ShangrilaGame)
    assert match.game.render_svg(match.state, None, last) == document


def test_boardkit_render_draws_a_saved_game(tmp_path: Path) -> None:
    """``boardkit render`` on a Shangrila log: the last journey is drawn as an arrow."""
    match = played(4, 7, 200)
    at = max(e.seq for e in match.log.entries if isinstance(e.action, Journey))
    log = tmp_path / "game.json"
    match.save(log)
    target = tmp_path / "board.svg"
    assert main(["render", str(log), "--at", str(at), "-o", str(target)]) == 0
    root = ET.parse(target).getroot()
    journey = match.log.entries[at].action
    assert isinstance(journey, Journey)
    arrows = with_class(root, "journey")
    assert [(a.get("data-source"), a.get("data-destination")) for a in arrows] == [
        (str(journey.source), str(journey.destination))
    ]
    assert len(with_class(root, "master")) == sum(1 for c in match.state_at(at).spaces if c)


def test_the_game_draws_a_state_as_its_picture_in_jupyter() -> None:
    state = played(3, 11, 40).state
    document = ShangrilaGame().picture(state)._repr_svg_()
    assert document == board_svg(state).to_string()
    root = ET.fromstring(document)
    assert root.tag == f"{{{SVG_NAMESPACE}}}svg"
    assert len(with_class(root, "master")) == sum(1 for c in state.spaces if c)
