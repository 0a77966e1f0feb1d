"""The memo of checked actions tells equal actions of other types apart: ``_same_types`` (the
memo's fast walk over cached field names) agrees with ``_same`` (the full comparison) on every
pair of equal values, nested frozen attrs classes, tuples and sets among them."""

from __future__ import annotations

from typing import Any

from attrs import frozen
from hypothesis import given, settings
from hypothesis import strategies as st

from boardkit.action_check import _same, _same_types
from tests.budget import examples


@frozen
class Inner:
    count: object
    tag: object


@frozen
class Outer:
    inner: object
    items: object


# Scalars that compare equal across types: 1 == True == 1.0, 0 == False == 0.0 == -0.0.
scalars = st.sampled_from([0, 1, True, False, 0.0, 1.0, -0.0, "1", None])


def values(depth: int = 2) -> st.SearchStrategy[Any]:
    if depth == 0:
        return scalars
    inner = values(depth - 1)
    return st.one_of(
        scalars,
        st.builds(Inner, inner, inner),
        st.builds(Outer, inner, st.tuples(inner, inner)),
        st.tuples(inner, inner),
        st.frozensets(scalars, max_size=3),
    )


EQUALS: dict[object, list[object]] = {
    0: [0, False, 0.0, -0.0],
    1: [1, True, 1.0],
    "1": ["1"],
    None: [None],
}
"""Each scalar's equal values, of one type or another."""


def twin(value: Any, data: st.DataObject) -> Any:
    """An equal value with some scalars swapped for equal ones, perhaps of other types."""
    if isinstance(value, Inner):
        return Inner(twin(value.count, data), twin(value.tag, data))
    if isinstance(value, Outer):
        return Outer(twin(value.inner, data), twin(value.items, data))
    if isinstance(value, tuple):
        return tuple(twin(item, data) for item in value)
    if isinstance(value, frozenset):
        return frozenset(twin(item, data) for item in value)
    return data.draw(st.sampled_from(EQUALS[value]))


@settings(max_examples=examples(2000))  # microseconds each; a nested mismatch is rare
@given(values(), st.data())
def test_the_fast_walk_agrees_with_the_full_comparison_on_equal_values(
    a: Any, data: st.DataObject
) -> None:
    b = twin(a, data)
    if a == b:  # a set may lose an item to an equal one (1 and True): then it is not equal
        assert _same_types(a, b) == _same(a, b)


def test_a_nested_field_of_another_type_is_told_apart() -> None:
    assert Outer(Inner(1, "x"), (1, 2)) == Outer(Inner(True, "x"), (1, 2))
    assert not _same_types(Outer(Inner(1, "x"), (1, 2)), Outer(Inner(True, "x"), (1, 2)))
    assert not _same_types(Outer(Inner(1, "x"), (1, 2)), Outer(Inner(1, "x"), (1, 2.0)))
    assert _same_types(Outer(Inner(1, "x"), (1, 2)), Outer(Inner(1, "x"), (1, 2)))
