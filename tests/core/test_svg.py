"""The SVG builder: well-formed documents, escaping, attribute names and numbers."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardkit.svg import (
    SVG_NAMESPACE,
    Element,
    Svg,
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
    text,
)

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
