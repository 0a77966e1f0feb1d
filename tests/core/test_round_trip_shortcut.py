"""An action's round trip skips the JSON text only where the text could change nothing:
``_reads_back_as_written`` says yes only for values that ``json`` writes as UTF-8 text and reads
back equal, with the same type at every level; for anything else the text is written and read,
and an action that does not survive it is refused as before."""

from __future__ import annotations

import json
import math
from typing import Any, cast

import pytest
from attrs import frozen
from hypothesis import given, settings
from hypothesis import strategies as st

from boardkit import IllegalActionError
from boardkit.action_check import (
    _CHECKED,
    _CHECKED_FIELDS,
    _CHECKED_OBJECTS,
    _passed_before,
    _reads_back_as_written,
    _same,
    check_action,
)
from boardkit.game import Game
from tests.budget import examples

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(),  # NaN and the infinities among them
    st.text(),  # lone surrogates among them
)
json_like = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.tuples(inner, inner),
        st.dictionaries(st.one_of(st.text(max_size=3), st.integers(0, 3)), inner, max_size=3),
    ),
    max_leaves=12,
)


def _through_text(value: Any) -> Any:
    text = json.dumps(value, ensure_ascii=False, allow_nan=False)
    text.encode("utf-8")
    return json.loads(text)


@settings(max_examples=examples(3000))
@given(json_like)
def test_a_value_said_to_read_back_reads_back_the_same_through_the_text(value: Any) -> None:
    if _reads_back_as_written(value):
        assert _same(_through_text(value), value)


@pytest.mark.parametrize(
    "value",
    [
        (1, 2),  # a tuple reads back as a list
        {1: "a"},  # an int key reads back as a str
        [math.nan],
        {"x": math.inf},
        "\ud800",  # a lone surrogate does not encode
        {"\udfff": 1},
        2**64,  # past the bound: the text decides
        type("Name", (str,), {})("a"),  # a subclass of str reads back as a str
    ],
)
def test_values_the_text_could_change_take_the_text(value: object) -> None:
    assert not _reads_back_as_written(value)


def test_what_an_action_dumps_to_reads_back_without_the_text() -> None:
    dump = {"type": "Conquer", "stack": {"kind": "g", "shape": "L"}, "cards": [1, 2], "yes": True}
    assert _reads_back_as_written(dump)
    assert _reads_back_as_written({"type": "PlayDivineSupport", "region": None, "x": -1.5})


def test_a_list_deeper_than_the_bound_takes_the_text() -> None:
    deep: list[object] = []
    for _ in range(40):
        deep = [deep]
    assert not _reads_back_as_written(deep)
    assert _same(_through_text(deep), deep)  # the text then decides (and here agrees)


@frozen
class Say:
    word: str


class SayGame:
    """What the codec reads of a game: its action, event and state types."""

    action_types = (Say,)
    event_types = ()
    state_type = Say


def test_an_action_whose_text_cannot_be_encoded_is_still_refused() -> None:
    game = cast(Game[Any, Say], SayGame())
    check_action(game, Say("héllo"))  # non-ASCII that encodes: passes
    with pytest.raises(IllegalActionError) as refused:
        check_action(game, Say("\ud800"))
    assert refused.value.rule == "action"
    assert "cannot be written to a log" in str(refused.value)


@frozen
class Count:
    n: int


class CountGame:
    """A game class of its own, so that its memo of checked actions starts empty here."""

    action_types = (Count,)
    event_types = ()
    state_type = Count


def test_the_object_that_passed_is_known_by_identity_and_an_equal_one_of_other_types_is_not() -> (
    None
):
    game = cast(Game[Any, Count], CountGame())
    passed = Count(1)
    assert not _passed_before(game, passed)
    check_action(game, passed)
    assert _CHECKED_OBJECTS[CountGame][id(passed)] is passed  # kept, so its id is not reused
    assert _passed_before(game, passed)  # the very object
    assert _passed_before(game, Count(1))  # an equal one with the same types, by value
    assert not _passed_before(game, Count(True))  # equal, but a bool where the int was


def test_an_action_of_scalar_fields_is_known_by_its_class_fields_and_their_types() -> None:
    game = cast(Game[Any, Count], CountGame())
    check_action(game, Count(1))
    assert _CHECKED_FIELDS[CountGame][(Count, 1)] == (type, int)
    assert _passed_before(game, Count(1))  # a new equal object: found by its fields
    assert (Count, True) in _CHECKED_FIELDS[CountGame]  # the same key, True == 1 ...
    assert not _passed_before(game, Count(True))  # ... but a bool where the int was
    with pytest.raises(IllegalActionError, match="expected int, got True"):
        check_action(game, Count(True))  # so it still takes the round trip, and fails it


def test_an_action_of_scalar_fields_is_kept_by_its_fields_only() -> None:
    """Kept by value too, it would be hashed by its class's Python ``__hash__`` for nothing."""
    game = cast(Game[Any, Count], CountGame())
    check_action(game, Count(7))
    assert (Count, 7) in _CHECKED_FIELDS[CountGame]
    assert Count(7) not in _CHECKED.get(CountGame, {})


@frozen
class Pick:
    cards: tuple[int, ...]


class PickGame:
    """A game of its own whose action holds a tuple: not all scalars, so kept by value."""

    action_types = (Pick,)
    event_types = ()
    state_type = Pick


def test_an_action_holding_a_tuple_is_kept_by_value_and_its_item_types_still_count() -> None:
    game = cast(Game[Any, Pick], PickGame())
    check_action(game, Pick((1, 2)))
    assert _CHECKED[PickGame][Pick((1, 2))] == Pick((1, 2))
    assert PickGame not in _CHECKED_FIELDS
    assert _passed_before(game, Pick((1, 2)))  # a new equal object: found by value
    assert not _passed_before(game, Pick((1, True)))  # equal, but a bool inside the tuple
    with pytest.raises(IllegalActionError, match="expected int, got True"):
        check_action(game, Pick((1, True)))
