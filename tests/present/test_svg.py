"""The SVG builder: well-formed documents, escaping, attribute names and numbers."""

from __future__ import annotations

import argparse
import xml.etree.ElementTree as ET
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardkit import BoardkitError, Match, OverwriteError
from boardkit.cli import main, support
from boardkit.cli import render as cli_render
from boardkit.examples.nim import NimGame, NimState
from boardkit.present import svg as svg_module
from boardkit.present.svg import (
    SVG_NAMESPACE,
    Element,
    PictureError,
    Svg,
    UnsupportedHighlightError,
    arrow_marker,
    attribute_name,
    circle,
    closed_path_data,
    escape_attribute,
    escape_text,
    format_number,
    group,
    path,
    polygon,
    style_sheet,
    text,
)
from boardkit.runner.simulate import random_playout
from tests.core.plain_game import PlainGame
from tests.present.styles import style_rules

NS = {"svg": SVG_NAMESPACE}


def parse(svg: Svg) -> ET.Element:
    return ET.fromstring(svg.to_string())


def test_a_document_parses_with_its_size_and_namespace() -> None:
    svg = Svg(120, 80.5, title_text="a board")
    svg.add(circle(10, 10, 5, class_="yurt"))
    root = parse(svg)
    assert root.tag == f"{{{SVG_NAMESPACE}}}svg"
    assert root.get("width") == "120"
    assert root.get("viewBox") == "0 0 120 80.5"
    assert root.find("svg:title", NS) is not None
    assert root.find("svg:title", NS).text == "a board"  # type: ignore[union-attr]
    assert len(root.findall("svg:circle[@class='yurt']", NS)) == 1


def test_jupyter_repr_is_the_document() -> None:
    svg = Svg(10, 10)
    assert svg._repr_svg_() == svg.to_string() == str(svg)


def test_attribute_names_follow_svg_spelling() -> None:
    assert attribute_name("class_") == "class"
    assert attribute_name("stroke_width") == "stroke-width"
    assert attribute_name("data_village") == "data-village"
    assert attribute_name("viewBox") == "viewBox"
    element = circle(1, 2, 3, stroke_dasharray="2,2", class_="x")
    assert element.to_string() == ('<circle cx="1" cy="2" r="3" stroke-dasharray="2,2" class="x"/>')


def test_none_and_false_leave_an_attribute_out() -> None:
    element = circle(0, 0, 1, fill=None, stroke=False, opacity=0.5)
    assert "fill" not in element.attributes and "stroke" not in element.attributes
    assert element.to_string() == '<circle cx="0" cy="0" r="1" opacity="0.5"/>'


def test_numbers_are_written_short() -> None:
    assert format_number(12) == "12"
    assert format_number(12.0) == "12"
    assert format_number(12.5) == "12.5"
    assert format_number(1 / 3) == "0.33"
    assert format_number(-0.004) == "0"
    with pytest.raises(ValueError):
        format_number(float("nan"))


def test_equal_values_of_other_types_are_written_their_own_way() -> None:
    """The writer remembers attributes it wrote; 1, 1.0 and True are equal in Python but are
    written as 1, 1 and true, and a remembered text is never handed to another type."""
    for _ in range(2):  # the second time from the memo
        assert Element("g", a=1, b=1.0, c=True, d="1", e=1.25).to_string() == (
            '<g a="1" b="1" c="true" d="1" e="1.25"/>'
        )
        assert Element("g", a=True, b="true", c=1).to_string() == '<g a="true" b="true" c="1"/>'


def test_long_texts_are_written_each_time_and_the_memo_stays_bounded() -> None:
    long_name = "<b>" + "x" * 200
    first = Element("g", data_name=long_name).to_string()
    assert first == Element("g", data_name=long_name).to_string()
    assert "&lt;b&gt;" in first
    assert not any(len(str(key[2])) > svg_module._SHORT for key in svg_module._FRAGMENTS)
    for i in range(svg_module._MEMO_LIMIT + 10):
        Element("g", x=i + 0.5)
    assert len(svg_module._FRAGMENTS) <= svg_module._MEMO_LIMIT
    assert Element("g", x=3.5).to_string() == '<g x="3.5"/>'


def test_a_frozen_element_writes_the_same_text_and_cannot_change() -> None:
    def piece() -> Element:
        node = group(class_="piece", data_target="a1")
        node.add(circle(1, 2.5, 3, fill="#fff"))
        node.add(text(1, 2, "<K&Q>", class_="label"))
        return node

    plain, frozen = piece(), piece().freeze()
    assert frozen.frozen and not plain.frozen
    assert all(child.frozen for child in frozen.iter())  # the whole subtree
    assert frozen.to_string() == plain.to_string()
    inner = frozen.children[0]
    assert isinstance(inner, Element)
    changes: list[Callable[[], object]] = [
        lambda: frozen.set(fill="red"),
        lambda: frozen.add(circle(0, 0, 1)),
        lambda: frozen.extend(["x"]),
        lambda: inner.set(r=9),
    ]
    for change in changes:
        with pytest.raises(PictureError, match="frozen"):
            change()
    assert frozen.to_string() == plain.to_string()


def test_one_frozen_element_stands_in_many_documents() -> None:
    shared = group(circle(5, 5, 2, class_="cell"), class_="fixed").freeze()
    first, second = Svg(20, 20), Svg(20, 20)
    first.add(shared)
    second.add(shared)
    second.add(circle(1, 1, 1, class_="cell"))
    text_of_shared = '<g class="fixed"><circle cx="5" cy="5" r="2" class="cell"/></g>'
    assert shared.to_string() == text_of_shared
    assert text_of_shared in first.to_string() and text_of_shared in second.to_string()
    assert len(first.find_class("cell")) == 1 and len(second.find_class("cell")) == 2
    assert len(ET.fromstring(second.to_string()).findall(".//svg:circle", NS)) == 2


def test_names_with_markup_characters_are_escaped() -> None:
    name = 'Tom & "Jerry" <the cat>'
    svg = Svg(100, 40, title_text=name)
    svg.add(text(5, 20, name, class_="name", data_name=name))
    document = svg.to_string()
    assert "<the cat>" not in document
    root = parse(svg)
    written = root.find("svg:text[@class='name']", NS)
    assert written is not None
    assert written.text == name
    assert written.get("data-name") == name
    assert escape_text("a<b&c>") == "a&lt;b&amp;c&gt;"
    assert escape_attribute('"\n') == "&quot;&#10;"


@given(st.text())
def test_any_text_survives_a_round_trip(content: str) -> None:
    # XML 1.0 cannot carry most control characters at all; the builder only promises escaping.
    allowed = "".join(
        ch
        for ch in content
        if ch in "\t\n" or (" " <= ch <= "\ud7ff") or ("\ue000" <= ch <= "\ufffd")
    )
    svg = Svg(10, 10)
    svg.add(text(0, 0, allowed, id="t", data_copy=allowed))
    root = parse(svg)
    node = root.find("svg:text[@id='t']", NS)
    assert node is not None
    assert (node.text or "") == allowed
    assert node.get("data-copy") == allowed


def test_groups_nest_and_classes_are_found() -> None:
    svg = Svg(50, 50)
    layer = svg.add(group(class_="pieces"))
    layer.add(circle(1, 1, 1, class_="yurt neutral"))
    layer.add(group(circle(2, 2, 1, class_="yurt"), id="inner"))
    assert len(svg.find_class("yurt")) == 2
    assert len(svg.find_class("neutral")) == 1
    root = parse(svg)
    assert len(root.findall(".//svg:circle", NS)) == 2
    assert root.find(".//svg:g[@id='inner']/svg:circle", NS) is not None


def test_polygons_paths_and_markers() -> None:
    assert polygon([(0, 0), (1.5, 0), (1, 2)]).attributes["points"] == "0,0 1.5,0 1,2"
    data = closed_path_data([[(0, 0), (2, 0), (2, 2)], [], [(5, 5), (6, 5), (6, 6)]])
    assert data == "M0,0 L2,0 L2,2 Z M5,5 L6,5 L6,6 Z"
    svg = Svg(10, 10)
    svg.defs.add(arrow_marker("head", "#f80"))
    svg.add(path(data, marker_end="url(#head)"))
    root = parse(svg)
    assert root.find("svg:defs/svg:marker[@id='head']", NS) is not None


def test_a_style_sheet_lies_under_its_scope_with_units_where_css_needs_them() -> None:
    css = style_sheet(
        "game-720",
        {
            ".piece": {"fill": "#fff", "stroke_width": 1.5, "font_size": 11, "opacity": 0.5},
            ".a>text, .b": {"text_anchor": "middle", "stroke": None, "fill": False},
            ".empty": {"fill": None},
        },
    )
    assert css == (
        ".game-720 .piece{fill:#fff;stroke-width:1.5px;font-size:11px;opacity:0.5}"
        ".game-720 .a>text,.game-720 .b{text-anchor:middle}"
    )
    svg = Svg(10, 10, css=css, class_="game-720")
    svg.add(circle(5, 5, 2, class_="piece"))
    written = svg.to_string()
    assert "&gt;" in written  # escaped in the document, read back as ">"
    rules = style_rules(parse(svg))
    assert rules[".a>text"] == rules[".b"] == {"text-anchor": "middle"}
    assert rules[".piece"]["stroke-width"] == "1.5px"


def test_a_style_sheet_refuses_what_would_break_it_or_leak() -> None:
    with pytest.raises(ValueError, match="scope"):
        style_sheet("", {".a": {"fill": "red"}})
    with pytest.raises(ValueError, match="scope"):
        style_sheet("a b", {".a": {"fill": "red"}})
    with pytest.raises(ValueError, match="CSS value"):
        style_sheet("s", {".a": {"fill": "red}body{display:none"}})
    with pytest.raises(TypeError):
        style_sheet("s", {".a": {"visibility": True}})


def test_picture_errors_are_boardkit_errors() -> None:
    assert issubclass(UnsupportedHighlightError, PictureError)
    assert issubclass(PictureError, BoardkitError) and issubclass(PictureError, ValueError)


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError):
        Svg(0, 10)
    with pytest.raises(ValueError):
        Element("not a tag")
    with pytest.raises(TypeError):
        group().add(3)  # type: ignore[type-var]


def test_save_writes_the_document(tmp_path: Path) -> None:
    svg = Svg(10, 10)
    svg.add(circle(5, 5, 2))
    target = tmp_path / "out.svg"
    svg.save(target)
    assert ET.parse(target).getroot().get("width") == "10"
    target.write_text("yesterday's picture", encoding="utf-8")
    with pytest.raises(OverwriteError):  # it was replaced without a word
        svg.save(target)
    assert target.read_text(encoding="utf-8") == "yesterday's picture"
    svg.save(target, overwrite=True)
    assert ET.parse(target).getroot().get("width") == "10"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.svg"]


# --- boardkit render (on Nim, and on a game without a picture) ----------------------------------


class PicturedNim(NimGame):
    """Nim with a picture that shows what the command passed on: the viewer and the highlight in
    its title, one circle per stone left."""

    def render_svg(
        self,
        state: NimState,
        player: int | None = None,
        highlight: object = None,
        *,
        names: Sequence[str] | None = None,
    ) -> str:
        svg = Svg(20 * max(state.stones, 1), 20, title_text=f"seen by {player}: {highlight!r}")
        for k in range(state.stones):
            svg.add(circle(10 + 20 * k, 10, 8, class_="stone"))
        return svg.to_string()


@pytest.fixture
def nim_log(tmp_path: Path) -> tuple[Path, Match[Any]]:
    match = random_playout(NimGame(), 3, {"stones": 12}, seed=5)
    path = tmp_path / "nim.json"
    match.save(path)
    return path, match


@pytest.fixture
def pictured(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(support, "load_game", lambda name: PicturedNim())


def render(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["render", *argv])
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return code, captured.out, captured.err


def stones_drawn(document: str) -> int:
    return len(ET.fromstring(document).findall("svg:circle[@class='stone']", NS))


def test_render_writes_svg_of_the_last_state_to_stdout(
    nim_log: tuple[Path, Match[Any]], pictured: None, capsys: pytest.CaptureFixture[str]
) -> None:
    path, match = nim_log
    code, out, err = render(capsys, str(path))
    assert (code, err) == (0, "")
    assert stones_drawn(out) == match.state.stones
    last_action = match.log.entries[-1].action
    assert repr(last_action) in (ET.fromstring(out).findtext("svg:title", "", NS))


def test_render_at_an_entry_as_a_player(
    nim_log: tuple[Path, Match[Any]], pictured: None, capsys: pytest.CaptureFixture[str]
) -> None:
    path, match = nim_log
    code, out, _ = render(capsys, str(path), "--at", "2", "--seat", "2")
    assert code == 0
    assert stones_drawn(out) == match.state_at(2).stones
    assert ET.fromstring(out).findtext("svg:title", "", NS).startswith("seen by 1:")
    code, out, _ = render(capsys, str(path), "--at", "-1", "--no-highlight")
    assert code == 0 and "None" in ET.fromstring(out).findtext("svg:title", "", NS)
    code, out, _ = render(capsys, str(path), "--at", "0")
    assert code == 0 and stones_drawn(out) == 12


def test_render_writes_an_svg_file(
    nim_log: tuple[Path, Match[Any]], pictured: None, capsys: pytest.CaptureFixture[str]
) -> None:
    path, match = nim_log
    target = path.parent / "picture.svg"
    code, out, _ = render(capsys, str(path), "-o", str(target))
    assert (code, out) == (0, "")
    assert stones_drawn(target.read_text(encoding="utf-8")) == match.state.stones


def test_png_without_a_converter_names_the_converters(
    nim_log: tuple[Path, Match[Any]],
    pictured: None,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(cli_render, "find_png_converter", lambda: None)
    path, _ = nim_log
    target = path.parent / "picture.png"
    code, _, err = render(capsys, str(path), "-o", str(target))
    assert code == 2
    assert "cairosvg" in err and "rsvg-convert" in err and "inkscape" in err.lower()
    assert not target.exists()


def test_png_goes_through_the_converter_found(
    nim_log: tuple[Path, Match[Any]],
    pictured: None,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[str] = []

    def fake(document: str, output: Path) -> None:
        seen.append(document)
        output.write_bytes(b"\x89PNG fake")

    monkeypatch.setattr(cli_render, "find_png_converter", lambda: fake)
    path, match = nim_log
    target = path.parent / "picture.png"
    code, _, _ = render(capsys, str(path), "-o", str(target))
    assert code == 0
    assert target.read_bytes().startswith(b"\x89PNG")
    assert stones_drawn(seen[0]) == match.state.stones


def test_the_converters_are_looked_for_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("importlib.util.find_spec", lambda name: None)
    monkeypatch.setattr("shutil.which", lambda name: None)
    assert cli_render.find_png_converter() is None
    found = {"inkscape": "/opt/inkscape"}
    monkeypatch.setattr("shutil.which", lambda name: found.get(name))
    assert cli_render.find_png_converter() is not None


def test_render_refuses_what_it_cannot_do(
    nim_log: tuple[Path, Match[Any]], pictured: None, capsys: pytest.CaptureFixture[str]
) -> None:
    path, _ = nim_log
    code, _, err = render(capsys, str(path), "-o", str(path.parent / "picture.gif"))
    assert code == 2 and ".svg or .png" in err
    code, _, err = render(capsys, str(path), "--at", "999")
    assert code == 2 and "999" in err
    code, _, err = render(capsys, str(path), "--seat", "8")
    assert code == 2 and "seat 8" in err
    code, _, err = render(capsys, str(path.parent / "missing.json"))
    assert code == 1 and "cannot read" in err
    broken = path.parent / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    code, _, err = render(capsys, str(broken))
    assert code == 1 and err.startswith("error:")


def test_nim_draws_its_own_picture(
    nim_log: tuple[Path, Match[Any]], capsys: pytest.CaptureFixture[str]
) -> None:
    path, match = nim_log
    code, out, err = render(capsys, str(path), "--at", "2")
    assert (code, err) == (0, "")
    assert stones_drawn(out) == match.state_at(2).stones
    taken = match.log.entries[2].action.count
    assert len(ET.fromstring(out).findall("svg:circle[@class='taken']", NS)) == taken


def test_a_game_without_a_picture_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "plain.json"
    random_playout(PlainGame(), 2, None, seed=5).save(path)
    monkeypatch.setattr(support, "load_game", lambda name: PlainGame())
    code, out, err = render(capsys, str(path))
    assert code == 1 and out == ""
    assert "'plain' has no picture" in err


def test_render_is_a_subcommand_parser() -> None:
    parser = argparse.ArgumentParser()
    commands = parser.add_subparsers(dest="command")
    cli_render.add_parser(commands)
    args = parser.parse_args(["render", "game.json", "--at", "3", "-o", "x.png"])
    assert (args.command, args.log, args.at, args.output) == ("render", "game.json", 3, "x.png")
