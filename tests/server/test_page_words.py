"""The page's own words (``static/lang.js``): every word the pages look up, by ``t("…")`` in
their scripts or ``data-i18n`` in their HTML, has a German and a Dutch text with the same
placeholders, and the dictionary holds no word nobody looks up."""

from __future__ import annotations

import html
import re
from pathlib import Path

import boardkit.server

STATIC = Path(boardkit.server.__file__).parent / "static"
_STRING = r'"((?:[^"\\]|\\.)*)"'
_ENTRY = re.compile(_STRING + r":\s*" + _STRING, re.S)


def dictionary() -> dict[str, dict[str, str]]:
    """Each language's words, as ``lang.js`` writes them."""
    source = (STATIC / "lang.js").read_text(encoding="utf-8")
    words = source.split("const BOARDKIT_WORDS = {", 1)[1].split("\n};", 1)[0]
    out: dict[str, dict[str, str]] = {}
    for block in re.finditer(r"\n  (\w+): \{(.*?)\n  \},", words, re.S):
        out[block.group(1)] = {k: v for k, v in _ENTRY.findall(block.group(2))}
    return out


def looked_up() -> set[str]:
    """The English words the pages look up."""
    found: set[str] = set()
    for script in STATIC.glob("*.js"):
        found |= set(
            re.findall(r"\b(?:t|tParts)\(\s*" + _STRING, script.read_text(encoding="utf-8"))
        )
        found |= set(re.findall(r"dataset\.i18n = " + _STRING, script.read_text(encoding="utf-8")))
    for page in STATIC.glob("*.html"):
        attributes = re.findall(r'data-i18n="([^"]*)"', page.read_text(encoding="utf-8"))
        found |= {html.unescape(a) for a in attributes}
    return found


def test_every_word_the_pages_look_up_reads_in_german_and_dutch() -> None:
    words = dictionary()
    assert set(words) == {"de", "nl"}
    wanted = looked_up()
    assert {"Your move", "What just happened", "How to play", "Language"} <= wanted
    for lang, table in words.items():
        assert sorted(wanted - set(table)) == [], f"missing in {lang}"
        assert sorted(set(table) - wanted) == [], f"looked up nowhere ({lang})"
        for english, text in table.items():
            assert text != english or english == "live", (lang, english)
            placeholders = set(re.findall(r"\{\w+\}", english))
            assert set(re.findall(r"\{\w+\}", text)) == placeholders, (lang, english)


def test_both_pages_have_the_switch_and_load_the_words_first() -> None:
    for name in ("index.html", "match.html", "review.html"):
        page = (STATIC / name).read_text(encoding="utf-8")
        assert 'id="lang"' in page
        scripts = re.findall(r'src="/static/(\w+)\.js"', page)
        assert scripts.index("lang") == scripts.index("dom") + 1
