"""The precompiled structure functions give what cattrs gives, and defer everything else."""

from __future__ import annotations

from typing import Any

import pytest
from attrs import frozen

from boardkit import load_game
from boardkit.codec import _MISS, TaggedCodec, codec_for, make_converter
from boardkit.flow import TurnEnded
from boardkit.match import _same
from boardkit.runner.simulate import simulate


@pytest.mark.parametrize("name", ["nim", "shangrila", "khan"])
def test_every_action_and_event_of_random_games_decodes_as_cattrs_does(name: str) -> None:
    game = load_game(name)
    codec = codec_for(game)
    seen: set[str] = set()

    def check(index: int, log: Any) -> None:
        for entry in log.entries:
            pairs = [(codec.events, e) for e in entry.events]
            if entry.action is not None:
                pairs.append((codec.actions, entry.action))
            for tagged, obj in pairs:
                data = tagged.dump(obj)
                body = {k: v for k, v in data.items() if k != "type"}
                slow = tagged._conv.structure(body, type(obj))
                fast = tagged._fast[data["type"]](data)
                assert fast is not _MISS and _same(fast, slow) and _same(fast, obj)
                assert _same(tagged.load(data), obj)
                seen.add(data["type"])

    simulate(game, 3, game.player_counts[-1], seed=7, on_log=check)
    assert len(seen) > 5


def test_data_the_fast_way_does_not_take_exactly_goes_the_strict_way() -> None:
    codec = codec_for(load_game("nim"))
    fast = codec.events._fast["StonesTaken"]
    good = {"type": "StonesTaken", "player": 1, "count": 2}
    assert fast(good) is not _MISS
    for bad in (
        {"type": "StonesTaken", "player": True, "count": 2},  # a bool is not an int
        {"type": "StonesTaken", "player": 1},  # a field missing
        {"type": "StonesTaken", "player": 1, "count": 2, "extra": 0},  # a key too many
        {"type": "StonesTaken", "player": 1.0, "count": 2},
    ):
        assert fast(bad) is _MISS
        with pytest.raises(ValueError):
            codec.events.load(bad)


def test_fieldless_events_decode_to_one_shared_instance() -> None:
    codec = codec_for(load_game("nim"))
    first = codec.events.load({"type": "TurnEnded"})
    assert first is codec.events.load({"type": "TurnEnded"}) is TurnEnded()
    with pytest.raises(ValueError):
        codec.events.load({"type": "TurnEnded", "x": 1})


def test_events_with_equal_values_decode_to_one_shared_instance_within_a_bound() -> None:
    codec = codec_for(load_game("nim"))
    data = {"type": "StonesTaken", "player": 1, "count": 2}
    first = codec.events.load(data)
    assert codec.events.load(dict(data)) is first
    assert codec.events.load({**data, "count": 3}) is not first
    assert codec.events.load_all([data, {"type": "TurnEnded"}]) == (first, TurnEnded())
    fast = codec.events._fast["StonesTaken"]
    memo = fast.__globals__["memo"]
    for count in range(2 * fast.__globals__["limit"]):
        codec.events.load({**data, "count": count})
    assert 0 < len(memo) <= fast.__globals__["limit"]


@frozen
class _Named:
    """A test event with a string, for the shared-instance memo's bounds."""

    name: str
    seat: int | None


@frozen
class _Listed:
    """A test event with a tuple: never shared (a long tuple would be kept whole)."""

    cells: tuple[int, ...]


def test_only_small_scalar_events_are_shared() -> None:
    codec = TaggedCodec(make_converter(), (_Named, _Listed), "event")
    short = {"type": "_Named", "name": "x" * 64, "seat": None}
    assert codec.load(short) is codec.load(dict(short)) == _Named("x" * 64, None)
    long = {"type": "_Named", "name": "x" * 65, "seat": 2}
    first = codec.load(long)
    assert first == codec.load(dict(long)) == _Named("x" * 65, 2)
    assert first is not codec.load(dict(long))
    listed = {"type": "_Listed", "cells": [1, 2]}
    assert codec.load(listed) == codec.load(dict(listed)) == _Listed((1, 2))
    assert codec.load(listed) is not codec.load(dict(listed))
    with pytest.raises(ValueError):
        codec.load({"type": "_Named", "name": "x", "seat": True})
