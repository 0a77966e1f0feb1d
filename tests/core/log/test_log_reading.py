"""Every malformed log is an InvalidLogError naming the first bad entry, in a bounded message.

Regression tests for issue 9, "What breaks today", item 3 (raw Python errors, unbounded
messages, a huge log decoded whole) and the reading half of item 4 (exact types).
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from attrs import frozen
from hypothesis import given
from hypothesis import strategies as st

from boardkit import InvalidLogError, Match, Rng, load_game
from boardkit.codec import CodecError, TaggedCodec, make_converter
from boardkit.errors import shorten
from boardkit.examples.nim import NimGame, Take
from boardkit.log import LogLimits, parse_document
from boardkit.log.reader import _keys_are_distinct

NIM = NimGame()


@frozen
class Tiles:
    """An action with a set field, for the codec's collection checks."""

    cells: frozenset[int]


def nim_text(seed: int = 3) -> str:
    match = Match.new(NIM, 2, {"stones": 15}, seed=seed)
    rng = Rng(seed)
    while not match.is_over:
        match.play(rng.choice(match.legal_actions()))
    return match.to_json()


def refused(text: str | bytes, limits: LogLimits | None = None) -> InvalidLogError:
    with pytest.raises(InvalidLogError) as info:
        Match.from_json(text, NIM, limits=limits)
    assert len(str(info.value)) < 600
    return info.value


def with_entry(text: str, seq: int, change: str) -> str:
    """``text`` with entry ``seq``'s line replaced by the JSON ``change``."""
    lines = text.split("\n")
    index = 3 + seq
    comma = "," if lines[index].endswith(",") else ""
    lines[index] = change + comma
    return "\n".join(lines)


def test_a_huge_number_is_refused_before_it_is_converted() -> None:
    text = with_entry(
        nim_text(),
        1,
        '{"seq":1,"player":0,"action":{"type":"Take","count":' + "9" * 5000 + '},"events":[]}',
    )
    error = refused(text)
    assert error.entry == 1 and "5000 digits" in error.reason


def test_deep_nesting_is_refused_without_a_recursion_error() -> None:
    for depth in (40, 5_000, 200_000):
        deep = "[" * depth + "]" * depth
        text = with_entry(nim_text(), 2, '{"seq":2,"player":1,"action":' + deep + ',"events":[]}')
        error = refused(text)
        assert error.entry == 2 and "nested deeper" in error.reason
    header_deep = nim_text().replace(
        '"options":{', '"options":{"x":' + "[" * 5000 + "]" * 5000 + ",", 1
    )
    assert refused(header_deep).entry is None


def test_messages_that_repeat_input_stay_short() -> None:
    tag = "x" * 5_000_000
    text = with_entry(
        nim_text(), 1, '{"seq":1,"player":0,"action":{"type":"' + tag + '"},"events":[]}'
    )
    error = refused(text, LogLimits(max_string=10_000_000))
    assert error.entry == 1 and len(str(error)) < 600
    assert "characters" in refused(text).reason  # over the default string limit


def test_the_size_limit_is_checked_before_decoding(tmp_path: Path) -> None:
    text = nim_text()
    big = text[:-3] + " " * 50_000_000 + text[-3:]
    start = time.perf_counter()
    error = refused(big)
    assert "larger than the limit" in error.reason
    path = tmp_path / "big.json"
    path.write_text(big, encoding="utf-8")
    with pytest.raises(InvalidLogError) as info:
        Match.load(path, NIM)
    # the file is read one byte past the limit; that count ("(33554433)") was shown as its size
    assert info.value.reason == (
        "the log is larger than the limit of 33,554,432 bytes; raise LogLimits.max_bytes to read it"
    )
    assert time.perf_counter() - start < 5
    assert Match.from_json(big, NIM, limits=LogLimits(max_bytes=60_000_000)).is_over


def test_a_bad_entry_is_reported_before_the_next_one_is_decoded() -> None:
    text = nim_text()
    cut = text.index('{"seq":2')
    broken = with_entry(
        text[:cut] + "{" + "\n]}\n", 1, '{"seq":1,"player":0,"action":{"type":"Grab"},"events":[]}'
    )
    error = refused(broken)
    assert error.entry == 1 and "unknown action type 'Grab'" in error.reason


def test_truncation_names_the_entry_it_cuts() -> None:
    text = nim_text()
    cut = text.index('{"seq":2') + 20
    error = refused(text[:cut])
    assert error.entry == 2 and "truncated" in error.reason
    last = text.count('{"seq":') - 1
    assert refused(text[:-3]).entry == last  # the closing brackets are missing
    assert "truncated" in refused(text[:-3]).reason


def test_duplicate_keys_are_refused() -> None:
    text = nim_text().replace('"seq":1,', '"seq":1,"seq":1,', 1)
    error = refused(text)
    assert error.entry == 1 and "appears twice" in error.reason
    doubled = nim_text().replace('"boardkit_log":2,', '"boardkit_log":2,"boardkit_log":2,')
    assert "appears twice" in refused(doubled).reason


@pytest.mark.parametrize(
    ("count", "words"),
    [
        ("true", "expected int, got True"),
        ("1.0", "expected int, got 1.0"),
        ('"1"', "got '1'"),
        ("null", "got None"),
        ("[1]", "got [1]"),
    ],
)
def test_exact_types_in_actions(count: str, words: str) -> None:
    text = with_entry(
        nim_text(),
        1,
        '{"seq":1,"player":0,"action":{"type":"Take","count":' + count + '},"events":[]}',
    )
    error = refused(text)
    assert error.entry == 1 and words in error.reason and "count" in error.reason


def test_exact_types_in_entries_and_header() -> None:
    text = nim_text()
    assert refused(text.replace('{"seq":1,', '{"seq":true,', 1)).entry == 1
    assert refused(re.sub(r'(\{"seq":1,"player":)\d', r"\1false", text)).entry == 1
    assert refused(text.replace('"stones":15', '"stones":15.0', 1)).entry is None
    assert refused(text.replace('"stones":15', '"stones":true', 1)).entry is None


def test_unknown_fields_are_refused() -> None:
    text = nim_text()
    assert "unexpected top-level" in refused(text.replace('"header"', '"x":1,"header"', 1)).reason
    assert "unexpected header" in refused(text.replace('"game":', '"x":1,"game":', 1)).reason
    error = refused(text.replace('{"seq":1,', '{"x":1,"seq":1,', 1))
    assert error.entry == 1 and "exactly the fields" in error.reason
    error = refused(text.replace('"count":', '"x":1,"count":', 1))
    assert error.entry == 1


def test_a_bom_is_accepted_and_bytes_that_are_not_utf8_are_refused(tmp_path: Path) -> None:
    text = nim_text()
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert Match.load(path, NIM).is_over
    assert Match.from_json("\ufeff" + text, NIM).is_over
    data = text.encode("utf-8").replace(b'"player 1"', b'"player \xff"', 1)
    error = refused(data)
    assert error.entry is None and "not UTF-8" in error.reason


def test_nan_infinity_and_lone_surrogates_are_refused() -> None:
    text = nim_text()
    assert "not a JSON number" in refused(text.replace('"count":1', '"count":NaN', 1)).reason
    assert "surrogate" in refused(text.replace('"player 1"', '"player \\ud800"', 1)).reason


def test_limits_can_be_raised_and_are_checked() -> None:
    text = nim_text()
    assert "entries" in refused(text, LogLimits(max_entries=3)).reason
    assert Match.from_json(text, NIM, limits=LogLimits(max_entries=1000)).is_over
    assert "digits" in refused(text, LogLimits(max_int_digits=1)).reason
    with pytest.raises(ValueError, match="max_depth"):
        LogLimits(max_depth=0)


def test_trailing_text_and_other_documents_are_refused() -> None:
    text = nim_text()
    assert "after the log's end" in refused(text + "{}").reason
    assert "not a boardkit log" in refused("[1, 2]").reason
    assert refused("").reason == "not a boardkit log: it is empty"  # not "it starts nothing"
    assert refused(" \n").reason == "not a boardkit log: it is empty"
    assert "missing entry list" in refused('{"boardkit_log":2,"header":{}}').reason


def test_an_empty_entry_list_is_named_whatever_follows_it() -> None:
    doc = json.loads(nim_text())
    doc["entries"] = []
    for text in (json.dumps(doc), json.dumps(doc, separators=(",", ":"))):
        # the reader once went on looking for a field after "[]" and said "not valid JSON"
        assert refused(text).reason == "the log has no setup entry"
    assert refused(json.dumps({**doc, "entries": [], "extra": 1})).entry is None


def test_the_field_order_does_not_matter() -> None:
    doc = json.loads(nim_text())
    text = json.dumps(doc, sort_keys=True)  # entries before header
    assert Match.from_json(text, NIM).is_over
    doc = parse_document(text)
    assert doc.version == 2


def test_codec_messages_are_bounded() -> None:
    codec = TaggedCodec(make_converter(), (Take,), "action")
    with pytest.raises(CodecError) as info:
        codec.load({"type": "Take", "count": "y" * 1_000_000})
    assert len(str(info.value)) < 400
    with pytest.raises(CodecError) as info:
        codec.load({"type": "z" * 1_000_000})
    assert len(str(info.value)) < 600
    with pytest.raises(CodecError, match="expected a list"):
        TaggedCodec(make_converter(), (Tiles,), "action").load({"type": "Tiles", "cells": {}})
    with pytest.raises(CodecError, match="twice"):
        TaggedCodec(make_converter(), (Tiles,), "action").load({"type": "Tiles", "cells": [1, 1]})


def test_shorten() -> None:
    assert shorten("abc") == "'abc'"
    assert len(shorten("x" * 10_000)) < 120
    assert "bits" in shorten(10**10_000)
    nested: Any = []
    for _ in range(100_000):
        nested = [nested]
    assert len(shorten(nested)) < 100


_TEXT = st.text(st.characters(min_codepoint=0, max_codepoint=0xE000), max_size=40)
_JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | _TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_TEXT, inner, max_size=3),
    max_leaves=20,
)


@given(value=_JSON_VALUES, ascii_only=st.booleans(), depth=st.integers(1, 4))
def test_the_quick_limit_check_never_passes_what_the_walk_refuses(
    value: object, ascii_only: bool, depth: int
) -> None:
    from boardkit.log.reader import _surely_within, _value_problem

    limits = LogLimits(max_string=30, max_depth=4)
    text = json.dumps(value, ensure_ascii=ascii_only)
    if _surely_within(text, depth, limits):
        assert _value_problem(json.loads(text), depth, limits) is None


def test_the_nesting_count_ignores_brackets_in_strings() -> None:
    """Many brackets but shallow nesting pass the quick check; brackets inside strings can
    neither hide a deep value nor count as nesting."""
    from boardkit.log.reader import _nesting, _surely_within

    limits = LogLimits(max_depth=4)
    wide = json.dumps([[1], [2], {"a": [3]}, [[4]]] * 5)
    assert _nesting(wide) == 3 and _surely_within(wide, 1, limits)
    hidden = json.dumps(["]", [[[1]]], "["])  # the strings' brackets pair with real ones
    assert _nesting(hidden) == 4
    assert not _surely_within(hidden, 2, LogLimits(max_depth=4))
    assert _nesting(json.dumps(["[[[[", "]]]]"])) == 1


def test_number_lengths_are_bounded_on_the_fast_way_too() -> None:
    """Entries are parsed with C integers and the digit bound checked on their text; a run of
    digits past the bound anywhere sends the entry the strict way, which refuses a number and
    accepts a string."""

    def raw(change: str) -> Any:
        doc = parse_document(with_entry(nim_text(), 1, change))
        return dict(doc.raw_entries())[1]

    at_limit = '{"seq":1,"player":0,"action":{"type":"Take","count":' + "9" * 64 + '},"events":[]}'
    assert raw(at_limit)["action"]["count"] == int("9" * 64)
    negative = at_limit.replace('"count":9', '"count":-9')
    assert raw(negative)["action"]["count"] == -int("9" * 64)
    in_a_string = at_limit.replace('"count":' + "9" * 64, '"count":"' + "1" * 70 + '"')
    assert raw(in_a_string)["action"]["count"] == "1" * 70
    with pytest.raises(InvalidLogError) as info:
        raw(at_limit.replace('"count":9', '"count":19'))
    assert info.value.entry == 1 and "65 digits" in info.value.reason
    with pytest.raises(InvalidLogError) as info:
        raw(negative.replace('"count":-9', '"count":-19'))
    assert info.value.entry == 1 and "66 digits" in info.value.reason
    assert (
        "appears twice"
        in refused(
            with_entry(nim_text(), 1, '{"seq":1,"seq":1,"player":0,"action":null,"events":[]}')
        ).reason
    )


@pytest.mark.parametrize(
    "change",
    [
        '{"seq":1,"player":0,"action":{"type":"Take","count":1,"count":1},"events":[]}',
        '{"seq":1,"player":0,"action":null,"events":[{"type":"X","type":"X"}]}',
        '{"seq":1,"player":0,"action":{"type":"Take","count":{"a":1,"a":2}},"events":[]}',
        '{"seq":1,"player":0,"action":{"type":"Take","count":[{"a":1, "a" :2}]},"events":[]}',
        '{"seq":1,"player":0,"action":{"type":"Ta:ke","count":1,"count" : 2},"events":[]}',
        '{"seq":1,"player" : 0,"player":0,"action":null,"events":[{"n":"{"}]}',
    ],
)
def test_a_repeated_key_is_refused_at_any_depth_on_the_fast_way_too(change: str) -> None:
    """Entries are parsed with plain dicts when the text's colons match the dicts' keys; a key
    written twice (at any depth, with or without spaces, beside colons or braces inside
    strings) never matches, and the strict way refuses it."""
    doc = parse_document(with_entry(nim_text(), 1, change))
    with pytest.raises(InvalidLogError) as info:
        dict(doc.raw_entries())
    assert info.value.entry == 1 and "appears twice" in info.value.reason


def test_colons_and_braces_inside_strings_are_read_the_strict_way_and_accepted() -> None:
    change = (
        '{"seq":1,"player":0,"action":{"type":"Take","count":{"a:{":"}:","b":[{"c":1}]}},'
        '"events":[{"type":"x:y","n":"{"}]}'
    )
    entry = dict(parse_document(with_entry(nim_text(), 1, change)).raw_entries())[1]
    assert entry["action"]["count"] == {"a:{": "}:", "b": [{"c": 1}]}
    assert entry["events"] == [{"type": "x:y", "n": "{"}]


@pytest.mark.parametrize("name", ["nim", "shangrila", "khan"])
def test_every_entry_boardkit_writes_shows_its_keys_distinct(name: str) -> None:
    """The fast way is the usual way: each entry line of a written log passes the text check."""
    game = load_game(name)
    match = Match.new(game, game.player_counts[-1], seed=5)
    rng = Rng(5)
    while not match.is_over and len(match) < 80:
        match.play(rng.choice(match.legal_actions()))
    lines = [line.rstrip(",") for line in match.to_json().split("\n") if line.startswith('{"seq"')]
    assert len(lines) > 10
    for line in lines:
        assert _keys_are_distinct(json.loads(line), line), line
