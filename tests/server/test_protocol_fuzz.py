"""Any frame a client can send gets a checked message or a ProtocolError, never a crash.

``parse_message`` is the first code a network message meets. Hypothesis throws at it JSON of any
shape (including near-misses of every real message), raw text and bytes: the answer must be a
message that holds exactly the fields of its type with the right Python types, or a
:class:`~boardkit.server.errors.ProtocolError` whose text is bounded.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from boardkit.i18n import LANGUAGES
from boardkit.server.errors import ProtocolError
from boardkit.server.protocol import CLIENT_TYPES, Limits, parse_message
from tests.budget import examples

LIMITS = Limits()

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
"""Any JSON value (floats include NaN and infinities, which Python's JSON writes and reads)."""

near_messages = st.fixed_dictionaries(
    {"type": st.sampled_from([*CLIENT_TYPES, "HELLO", "", "act "]) | json_values},
    optional={
        "match": json_values | st.text(max_size=70),
        "token": json_values,
        "svg": json_values,
        "lang": json_values | st.sampled_from(["de", "nl-BE", "fr", "de!", "x" * 40]),
        "seq": json_values | st.integers(-3, 10**20),
        "index": json_values | st.integers(-3, 10**20),
        "text": json_values | st.text(max_size=450),
        "have": json_values | st.text(alphabet="0123456789abcdefg", max_size=70),
        "extra": json_values,
    },
)
"""Messages that look like real ones: a known type or almost, the real fields with any value."""

FIELDS: dict[str, dict[str, type | tuple[type, ...]]] = {
    "hello": {"type": str, "match": str, "token": (str, type(None)), "svg": bool, "lang": str},
    "lang": {"type": str, "lang": str},
    "act": {"type": str, "seq": int, "index": (int, type(None)), "text": (str, type(None))},
    "view": {"type": str, "seq": int, "have": (str, type(None))},
    "sync": {"type": str},
    "ping": {"type": str},
    "leave": {"type": str},
    "return": {"type": str},
}


def check(raw: str | bytes) -> None:
    try:
        message = parse_message(raw, LIMITS)
    except ProtocolError as exc:
        assert 0 < len(str(exc)) <= 300
        return
    fields = FIELDS[message["type"]]
    assert set(message) == set(fields)
    for key, kinds in fields.items():
        assert isinstance(message[key], kinds), (key, message[key])
    for key in ("seq", "index"):
        if message.get(key) is not None:
            assert type(message[key]) is int and message[key] >= 0
    if message["type"] == "act":  # an action by its index or by its text, never both
        assert (message["index"] is None) != (message["text"] is None), message
    if "lang" in message:  # a language boardkit has texts in, whatever the tag said
        assert message["lang"] in LANGUAGES, message


@settings(max_examples=examples(400))
@given(near_messages)
def test_near_misses_of_real_messages(message: dict[str, Any]) -> None:
    check(json.dumps(message))


@settings(max_examples=examples(200))
@given(json_values)
def test_any_json_value(value: Any) -> None:
    check(json.dumps(value))


@settings(max_examples=examples(200))
@given(st.text(max_size=200) | st.binary(max_size=200))
def test_any_text_or_bytes(raw: str | bytes) -> None:
    check(raw)


def test_an_oversized_frame_is_refused_before_it_is_read() -> None:
    try:
        parse_message("[" * (LIMITS.max_message + 1), LIMITS)
    except ProtocolError as exc:
        assert exc.code == "too_big"
    else:
        raise AssertionError("an oversized frame was accepted")


@settings(max_examples=examples(100))
@given(st.text(st.characters(categories=["Cs", "Ll", "Nd", "Po"]), max_size=30))
def test_text_with_lone_surrogates(raw: str) -> None:
    """A lone surrogate cannot come in a WebSocket text frame, but JSON can spell one out
    (``"\\ud800"``): both are refused as bad input, not met further in as a crash."""
    check(raw)
    check(json.dumps({"type": "hello", "match": raw}))
    check(json.dumps({"type": "hello", "match": "a1", "token": raw}))
    check(json.dumps({"type": "hello", "match": "a1", "lang": raw}))


def test_a_match_id_that_cannot_name_a_match_is_a_bad_request() -> None:
    for match in ["\ud800", "a b", "x" * 65, "", "ab/../cd"]:
        try:
            parse_message(json.dumps({"type": "hello", "match": match}), LIMITS)
        except ProtocolError as exc:
            assert exc.code == "bad_request" and "match id" in str(exc)
        else:
            raise AssertionError(f"{match!r} was accepted as a match id")
    assert parse_message('{"type": "hello", "match": "0f3a_B-9"}', LIMITS)["match"] == "0f3a_B-9"
    try:
        parse_message("\ud800", LIMITS)
    except ProtocolError as exc:
        assert exc.code == "bad_json"
    else:
        raise AssertionError("a lone surrogate was accepted")
