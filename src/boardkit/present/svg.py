"""A small SVG builder for board pictures: elements, escaping, groups, text and a document.

Games draw their boards with it (see ``boardkit_shangrila.present.svg`` and
``boardkit_khan.present.svg``);
the ``boardkit render`` command and Jupyter (through :meth:`Svg._repr_svg_`) show the result. It is
deliberately tiny: an :class:`Element` is a tag, its attributes and its children, and
:meth:`Element.to_string` writes it out with every attribute value and every piece of text
escaped, so a player or ruler name can never break the document.

Attribute names are given as Python keyword arguments: a trailing underscore is dropped
(``class_`` → ``class``) and the other underscores become hyphens (``stroke_width`` →
``stroke-width``). Numbers are written compactly (``12``, ``12.5``, never ``12.500000001``).
An attribute whose value is ``None`` or ``False`` is left out, so optional styling reads
naturally: ``circle(x, y, r, stroke=colour if marked else None)``.

Pictures mark their pieces with classes (``class_="yurt"``) and ids so that tests, style sheets
and scripts can find them again.

A picture stays small by stating each look once: a presentation attribute that many elements
share goes on the group around them (SVG inherits ``fill``, ``stroke``, ``font-size`` and the
like from a group), and a look that a kind of piece has wherever it lies goes into the picture's
own style sheet (:func:`style_sheet`), a rule for the piece's class instead of the same five
attributes on each of a hundred elements: a board picture is then about 30 % smaller.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TypeVar

from boardkit.errors import BoardkitError
from boardkit.game import SvgText as SvgText

SVG_NAMESPACE = "http://www.w3.org/2000/svg"

AttributeValue = str | int | float | bool | None
"""What an attribute may be set to; ``None`` and ``False`` leave the attribute out."""


class PictureError(BoardkitError, ValueError):
    """A picture cannot be drawn as asked (a bad size, a seat that is not in the game …)."""


class UnsupportedHighlightError(PictureError):
    """A picture was asked to highlight something it cannot draw (the message says what)."""


def escape_text(text: str) -> str:
    """``text`` safe to put between tags: ``&``, ``<`` and ``>`` become entities."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def escape_attribute(text: str) -> str:
    """``text`` safe inside a double-quoted attribute value (quotes and line breaks too)."""
    return (
        escape_text(text)
        .replace('"', "&quot;")
        .replace("\n", "&#10;")
        .replace("\r", "&#13;")
        .replace("\t", "&#9;")
    )


def format_number(value: float) -> str:
    """A number as short SVG text: integers without a point, others with at most 2 decimals."""
    if isinstance(value, bool):
        raise TypeError("a bool is not a number here")
    if not math.isfinite(value):
        raise ValueError(f"cannot write {value!r} into an SVG document")
    rounded = round(float(value), 2)
    if rounded == int(rounded):
        return str(int(rounded))
    return f"{rounded:.2f}".rstrip("0").rstrip(".")


_MEMO_LIMIT = 1 << 14
"""Most entries each of the memos below holds (they are emptied when full)."""
_NAMES: dict[str, str] = {}
"""Keyword names already converted by :func:`attribute_name` (a picture sets thousands of
attributes with a few dozen names)."""
_FRAGMENTS: dict[tuple[str, type, object], str] = {}
"""Attributes already written (`` name="value"``), keyed by name, value type and value (``1``,
``1.0`` and ``True`` are equal but written differently). Pictures repeat the same coordinates,
colours and classes many times over: a Shangrila board writes about 2,500 attributes of which a
few hundred differ."""
_SHORT = 64
"""Longest text value :data:`_FRAGMENTS` keeps (long texts are written each time)."""


def attribute_name(name: str) -> str:
    """The SVG name of a keyword argument: ``class_`` → ``class``, ``stroke_width`` →
    ``stroke-width``. Names that already contain a hyphen or a colon are kept as they are."""
    known = _NAMES.get(name)
    if known is not None:
        return known
    svg_name = name[:-1] if name.endswith("_") else name
    if "-" not in svg_name and ":" not in svg_name:
        svg_name = svg_name.replace("_", "-")
    if len(_NAMES) < _MEMO_LIMIT:
        _NAMES[name] = svg_name
    return svg_name


def _attribute_text(value: str | int | float | bool) -> str:
    if value is True:
        return "true"
    if isinstance(value, int | float):
        return format_number(value)
    return escape_attribute(value)


def _fragment(name: str, value: str | int | float | bool) -> str:
    """`` name="value"`` as written into a tag, remembered in :data:`_FRAGMENTS`."""
    written = f' {name}="{_attribute_text(value)}"'
    if type(value) is not str or len(value) <= _SHORT:
        if len(_FRAGMENTS) >= _MEMO_LIMIT:
            _FRAGMENTS.clear()
        _FRAGMENTS[name, type(value), value] = written
    return written


_TAGS: set[str] = set()
"""Tag names already checked."""

E = TypeVar("E", bound="Element | str")
"""A child of an element: :meth:`Element.add` returns what it was given, with its type."""


class Element:
    """One SVG element: a tag, its attributes (in the order set) and its children.

    Children are elements or text; text is escaped when written. Build trees with :meth:`add`
    (which returns what it added, so ``group = svg.add(g(class_="pieces"))`` reads well).
    """

    __slots__ = ("_text", "attributes", "children", "tag")

    def __init__(self, tag: str, /, *children: Element | str, **attributes: AttributeValue) -> None:
        if tag not in _TAGS:
            if not tag or not tag.replace("-", "").replace(":", "").isalnum():
                raise ValueError(f"not an SVG tag name: {tag!r}")
            if len(_TAGS) < _MEMO_LIMIT:
                _TAGS.add(tag)
        self.tag = tag
        self.attributes: dict[str, str | int | float | bool] = {}
        self.children: list[Element | str] = []
        self._text: str | None = None
        """The element's SVG text once it is frozen (see :meth:`freeze`); ``None`` before."""
        self.set(**attributes)
        for child in children:
            self.add(child)

    def set(self, **attributes: AttributeValue) -> Element:
        """Set attributes (keyword names as in the module docstring); return the element."""
        if self._text is not None:
            raise PictureError(f"a frozen <{self.tag}> cannot change (see Element.freeze)")
        names = _NAMES
        for name, value in attributes.items():
            key = names.get(name) or attribute_name(name)
            if value is None or value is False:
                self.attributes.pop(key, None)
            else:
                self.attributes[key] = value
        return self

    def add(self, child: E) -> E:
        """Append ``child`` (an element or text) and return it."""
        if self._text is not None:
            raise PictureError(f"a frozen <{self.tag}> cannot change (see Element.freeze)")
        if not isinstance(child, Element | str):
            raise TypeError(f"an SVG child must be an Element or text, not {type(child).__name__}")
        self.children.append(child)
        return child

    def extend(self, children: Iterable[Element | str]) -> Element:
        """Append every child in ``children``; return the element."""
        for child in children:
            self.add(child)
        return self

    @property
    def classes(self) -> tuple[str, ...]:
        """The element's classes (the words of its ``class`` attribute)."""
        value = self.attributes.get("class", "")
        return tuple(str(value).split())

    def iter(self) -> Iterable[Element]:
        """This element and every element below it, depth first."""
        yield self
        for child in self.children:
            if isinstance(child, Element):
                yield from child.iter()

    def freeze(self) -> Element:
        """Make this element and everything below it unchangeable, write its text once, and
        return it.

        A frozen element can stand in any number of documents at once: a board's fixed layer
        (its cells, labels and edges), or a piece drawn the same way in every picture, built
        and written once instead of once per picture. It is still walked by :meth:`iter` and
        found by :meth:`Svg.find_class`; :meth:`set`, :meth:`add` and :meth:`extend` raise
        :class:`PictureError` on it (and its ``attributes`` and ``children`` must not be
        changed by hand either).
        """
        if self._text is None:
            for child in self.children:
                if isinstance(child, Element):
                    child.freeze()
            parts: list[str] = []
            self._write(parts)
            self._text = "".join(parts)
        return self

    @property
    def frozen(self) -> bool:
        """Whether :meth:`freeze` made the element unchangeable."""
        return self._text is not None

    def to_string(self) -> str:
        """The element as SVG text."""
        parts: list[str] = []
        self._write(parts)
        return "".join(parts)

    def _write(self, parts: list[str]) -> None:
        if self._text is not None:
            parts.append(self._text)
            return
        append, fragments = parts.append, _FRAGMENTS
        append("<" + self.tag)
        for name, value in self.attributes.items():
            append(fragments.get((name, type(value), value)) or _fragment(name, value))
        if not self.children:
            append("/>")
            return
        append(">")
        for child in self.children:
            if type(child) is str:
                append(escape_text(child))
            else:
                child._write(parts)  # type: ignore[union-attr]
        append(f"</{self.tag}>")

    def __repr__(self) -> str:
        return f"Element({self.tag!r}, {len(self.children)} children)"


# --- shapes ---------------------------------------------------------------------------------------


def group(*children: Element | str, **attributes: AttributeValue) -> Element:
    """A ``<g>`` holding ``children``."""
    return Element("g", *children, **attributes)


def circle(cx: float, cy: float, r: float, **attributes: AttributeValue) -> Element:
    """A circle of radius ``r`` around ``(cx, cy)``."""
    return Element("circle", cx=cx, cy=cy, r=r, **attributes)


def ellipse(cx: float, cy: float, rx: float, ry: float, **attributes: AttributeValue) -> Element:
    """An ellipse around ``(cx, cy)``."""
    return Element("ellipse", cx=cx, cy=cy, rx=rx, ry=ry, **attributes)


def rect(x: float, y: float, width: float, height: float, **attributes: AttributeValue) -> Element:
    """A rectangle with its top left corner at ``(x, y)`` (``rx`` rounds the corners)."""
    return Element("rect", x=x, y=y, width=width, height=height, **attributes)


def line(x1: float, y1: float, x2: float, y2: float, **attributes: AttributeValue) -> Element:
    """A straight line."""
    return Element("line", x1=x1, y1=y1, x2=x2, y2=y2, **attributes)


def points_text(points: Iterable[tuple[float, float]]) -> str:
    """``[(x, y), ...]`` as the text of a ``points`` attribute."""
    return " ".join(f"{format_number(x)},{format_number(y)}" for x, y in points)


def polygon(points: Iterable[tuple[float, float]], **attributes: AttributeValue) -> Element:
    """A closed polygon through ``points``."""
    return Element("polygon", points=points_text(points), **attributes)


def polyline(points: Iterable[tuple[float, float]], **attributes: AttributeValue) -> Element:
    """An open line through ``points``."""
    return Element("polyline", points=points_text(points), **attributes)


def path(d: str, **attributes: AttributeValue) -> Element:
    """A path with the drawing commands ``d`` (see :func:`closed_path_data`)."""
    return Element("path", d=d, **attributes)


def closed_path_data(loops: Iterable[Sequence[tuple[float, float]]]) -> str:
    """Path data drawing each point loop as a closed outline (``M … L … Z`` per loop)."""
    parts: list[str] = []
    for loop in loops:
        if not loop:
            continue
        (x0, y0), rest = loop[0], loop[1:]
        parts.append(f"M{format_number(x0)},{format_number(y0)}")
        parts.extend(f"L{format_number(x)},{format_number(y)}" for x, y in rest)
        parts.append("Z")
    return " ".join(parts)


def text(x: float, y: float, content: str, **attributes: AttributeValue) -> Element:
    """``content`` written at ``(x, y)`` (escaped; use ``text_anchor="middle"`` to centre)."""
    return Element("text", content, x=x, y=y, **attributes)


def title(content: str) -> Element:
    """A ``<title>``: the tooltip of its parent element in browsers."""
    return Element("title", content)


def arrow_marker(marker_id: str, colour: str) -> Element:
    """A ``<marker>`` drawing an arrow head; put it in :attr:`Svg.defs` and refer to it with
    ``marker_end=f"url(#{marker_id})"``."""
    return Element(
        "marker",
        polygon([(0, 0), (10, 5), (0, 10)], fill=colour),
        id=marker_id,
        viewBox="0 0 10 10",
        refX=8,
        refY=5,
        markerWidth=5,
        markerHeight=5,
        orient="auto-start-reverse",
    )


# --- style sheets ---------------------------------------------------------------------------------

_LENGTHS = frozenset({"font-size", "stroke-width"})
"""Properties whose number values need a unit in CSS (a presentation attribute may leave it out;
``px`` is the picture's own unit)."""


def style_sheet(scope: str, rules: Mapping[str, Mapping[str, AttributeValue]]) -> str:
    """The text of a picture's ``<style>``: for each selector in ``rules``, its properties.

    Properties are named and valued as attributes are (``stroke_width=1.5``, ``fill="none"``;
    ``None`` and ``False`` leave one out); numbers are written short, and a font size or stroke
    width gets its unit. Every selector (each part of a comma-separated list) is put under the
    class ``scope``, the class of the picture's ``<svg>``: a ``<style>`` in an SVG that an HTML
    page shows inline applies to the whole page, so a rule must reach only its own picture's
    elements. ``scope`` names the look completely (a game, and a size when the rules depend on
    it): two pictures on one page whose rules differ must have different scopes, else the
    later sheet wins for both.

    A rule beats a presentation attribute on the element it matches (CSS cascade), while an
    attribute beats what the element inherits from a group: so a rule fits a class whose
    elements all look alike, and an element that looks different either has a class no rule
    matches or a rule of its own that is more specific.
    """
    if not scope or not scope.replace("-", "").replace("_", "").isalnum():
        raise ValueError(f"not a class name to scope a style sheet by: {scope!r}")
    parts: list[str] = []
    for selector, properties in rules.items():
        declarations: list[str] = []
        for name, value in properties.items():
            if value is None or value is False:
                continue
            key = attribute_name(name)
            if value is True:
                raise TypeError(f"{key}: True is not a CSS value")
            if isinstance(value, int | float):
                written = format_number(value) + ("px" if key in _LENGTHS else "")
            else:
                written = value
            if any(c in written for c in "{};<>"):
                raise ValueError(f"not a CSS value: {written!r}")
            declarations.append(f"{key}:{written}")
        if declarations:
            scoped = ",".join(f".{scope} {part.strip()}" for part in selector.split(","))
            parts.append(f"{scoped}{{{';'.join(declarations)}}}")
    return "".join(parts)


# --- the document ---------------------------------------------------------------------------------


class Svg:
    """An SVG document of a fixed size: ``add`` elements, then ``to_string`` or ``save``.

    In Jupyter an :class:`Svg` shows itself as a picture (:meth:`_repr_svg_`).
    """

    def __init__(
        self,
        width: float,
        height: float,
        *,
        title_text: str | None = None,
        css: str | None = None,
        **attributes: AttributeValue,
    ) -> None:
        if not (width > 0 and height > 0):
            raise ValueError(f"an SVG needs a positive size, got {width}×{height}")
        self.width = width
        self.height = height
        self.root = Element(
            "svg",
            xmlns=SVG_NAMESPACE,
            width=width,
            height=height,
            viewBox=f"0 0 {format_number(width)} {format_number(height)}",
            **attributes,
        )
        if title_text:
            self.root.add(title(title_text))
        if css:
            self.root.add(Element("style", css))
        self.defs = self.root.add(Element("defs"))

    def add(self, child: E) -> E:
        """Append ``child`` to the document and return it."""
        return self.root.add(child)

    def elements(self) -> Iterable[Element]:
        """Every element of the document, depth first."""
        return self.root.iter()

    def find_class(self, name: str) -> list[Element]:
        """Every element that has the class ``name``."""
        return [e for e in self.root.iter() if name in e.classes]

    def to_string(self) -> str:
        """The whole document as SVG text (UTF-8, no XML declaration needed)."""
        return self.root.to_string()

    def __str__(self) -> str:
        return self.to_string()

    def _repr_svg_(self) -> str:
        """Jupyter's hook: the picture instead of a text repr."""
        return self.to_string()

    def save(self, path: str | Path, *, overwrite: bool = False) -> None:
        """Write the document to ``path`` as UTF-8 text, atomically, as :meth:`Match.save
        <boardkit.match.Match.save>` writes logs: an existing file is replaced only with
        ``overwrite=True`` (else :class:`~boardkit.errors.OverwriteError`), and a path that
        cannot be written raises :class:`~boardkit.errors.FileAccessError`."""
        from boardkit.files import atomic_write_text

        atomic_write_text(path, self.to_string() + "\n", overwrite=overwrite)
