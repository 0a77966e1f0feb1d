"""Reading a picture's style sheet back in tests: the rules of its ``<style>``, by selector.

Pictures state the look of their pieces in a scoped style sheet
(:func:`boardkit.present.svg.style_sheet`); a test that asks how a piece looks reads the rule
for its class here. Every selector must lie under the class of the picture's ``<svg>`` (a
``<style>`` shown inline in a page applies to the whole page), which :func:`style_rules`
checks as it reads.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from boardkit.present.svg import SVG_NAMESPACE

_RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")


def style_rules(root: ET.Element) -> dict[str, dict[str, str]]:
    """The rules of the picture ``root``'s ``<style>`` as ``{selector: {property: value}}``,
    each selector without the scope in front of it (``".broken"``); ``{}`` without a style."""
    style = root.find(f"{{{SVG_NAMESPACE}}}style")
    if style is None:
        return {}
    scope = root.get("class", "")
    assert scope, "a picture with a style sheet names its scope in the class of its <svg>"
    text = style.text or ""
    rules: dict[str, dict[str, str]] = {}
    matched = 0
    for found in _RULE.finditer(text):
        matched += len(found.group(0))
        declarations = dict(d.split(":", 1) for d in found.group(2).split(";"))
        for selector in found.group(1).split(","):
            assert selector.startswith(f".{scope} "), f"{selector!r} is not under .{scope}"
            rules.setdefault(selector.removeprefix(f".{scope} "), {}).update(declarations)
    assert matched == len(text), "the style sheet holds something other than rules"
    return rules
