"""Fuzzing: a mutated log of any installed game loads verified or is an InvalidLogError.

Real logs (full and redacted) of every installed game are mutated: values replaced by values of
other types, fields dropped or added, entries reordered or repeated, the text truncated or
grown, numbers made huge and values nested deeply. Nothing else may come out: no TypeError,
KeyError, RecursionError or ValueError from the game or the library, and no unbounded message.
The hypothesis profile decides how many examples run (few by default, more under CI=true).
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardkit import InvalidLogError, Match, Rng, available_games, load_game
from boardkit.log import FULL

HUGE = "\x00HUGE\x00"
DEEP = "\x00DEEP\x00"
RAW = {HUGE: "9" * 5000, DEEP: "[" * 3000 + "]" * 3000}


@cache
def real_logs(name: str) -> tuple[str, str]:
    """A full log and a redacted one (seat 0) of a short seeded random game of ``name``."""
    game = load_game(name)
    players = 3 if 3 in game.player_counts else min(game.player_counts)
    match: Match[Any] = Match.new(game, players, seed=11)
    chooser = Rng(11, 3)
    for _ in range(30):
        if match.is_over:
            break
        match.play(chooser.choice(match.legal_actions()))
    return match.to_json(), match.redacted_json(0)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside a decoded JSON document."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*path, index))
    return found


def _parent(doc: Any, path: tuple[Any, ...]) -> Any:
    for step in path[:-1]:
        doc = doc[step]
    return doc


REPLACEMENTS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=20),
    st.just([]),
    st.just({}),
    st.just([1, "a", None]),
    st.just({"type": "Nothing"}),
    st.sampled_from([HUGE, DEEP]),
)


def mutate_doc(doc: Any, data: st.DataObject) -> str:
    """One structural mutation of ``doc``, as JSON text."""
    paths = [p for p in _paths(doc) if p]
    path = data.draw(st.sampled_from(paths), label="path")
    parent = _parent(doc, path)
    kind = data.draw(
        st.sampled_from(["replace", "drop", "add", "swap", "repeat", "numbers"]), label="kind"
    )
    key = path[-1]
    if kind == "replace":
        parent[key] = data.draw(REPLACEMENTS, label="value")
    elif kind == "drop":
        del parent[key]
    elif kind == "add" and isinstance(parent, dict):
        parent[data.draw(st.text(max_size=8), label="key")] = data.draw(REPLACEMENTS)
    elif kind in ("swap", "repeat") and isinstance(parent, list) and len(parent) > 1:
        other = data.draw(st.integers(0, len(parent) - 1), label="other")
        if kind == "swap":
            parent[key], parent[other] = parent[other], parent[key]
        else:
            parent.insert(other, parent[key])
    elif kind == "numbers" and type(parent[key]) is int:
        parent[key] = data.draw(st.sampled_from([-1, 2**63, -(2**64), 10**30, HUGE]))
    text = json.dumps(doc, ensure_ascii=False)
    for mark, raw in RAW.items():
        text = text.replace(json.dumps(mark), raw)
    return text


def mutate_text(text: str, data: st.DataObject) -> str | bytes:
    """One textual mutation: truncation, a changed character, growth or bad bytes."""
    kind = data.draw(st.sampled_from(["truncate", "char", "grow", "bytes"]), label="text kind")
    at = data.draw(st.integers(0, len(text) - 1), label="at")
    if kind == "truncate":
        return text[:at]
    if kind == "char":
        char = data.draw(st.sampled_from(list('{}[]",:0a\\ \n')), label="char")
        return text[:at] + char + text[at + 1 :]
    if kind == "grow":
        entries = text.split("\n")
        return "\n".join(entries[:-2] + entries[3:-2] * 3 + entries[-2:])
    raw = text.encode("utf-8")
    return raw[:at] + data.draw(st.binary(min_size=1, max_size=4), label="bytes") + raw[at:]


def load_outcome(name: str, text: str | bytes, redacted: bool) -> None:
    """The only outcomes allowed: a load (verified for a full log) or an InvalidLogError.

    The game is given, as a server that knows what it hosts would; a mutated game name is then
    refused by the header check.
    """
    try:
        match = Match.from_json(text, load_game(name))
    except InvalidLogError as exc:
        assert len(str(exc)) < 1000
        return
    if redacted:  # a redacted log can only be folded: read-only and unverified
        assert match.viewer is not FULL and not match.verified
    else:
        assert match.verified and match.viewer is FULL


GAMES = available_games()


@pytest.mark.parametrize("name", GAMES)
@given(data=st.data(), redacted=st.booleans())
def test_mutated_logs_load_verified_or_are_refused(
    name: str, data: st.DataObject, redacted: bool
) -> None:
    text = real_logs(name)[redacted]
    if data.draw(st.booleans(), label="structural"):
        mutated: str | bytes = mutate_doc(json.loads(text), data)
    else:
        mutated = mutate_text(text, data)
    load_outcome(name, mutated, redacted)


@pytest.mark.parametrize("name", GAMES)
def test_the_unmutated_logs_load(name: str) -> None:
    full, redacted = real_logs(name)
    assert Match.from_json(full).verified
    assert Match.from_json(redacted).viewer == 0
