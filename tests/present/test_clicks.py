"""Playing by clicks: the shared rule of boardkit.present.clicks."""

from __future__ import annotations

import doctest
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardkit import BoardkitError
from boardkit.present import clicks
from boardkit.present.clicks import ClickError, Narrowing, click, narrow

JOURNEY_4_7 = ("village-4", "bridge-4-7")
JOURNEY_7_4 = ("village-7", "bridge-4-7")
MASTER_4 = ("village-4", "space-4-healer")
STUDENT_A = ("space-3-healer",)
STUDENTS_AB = ("space-3-healer", "space-5-rainmaker")
PASS: tuple[str, ...] = ()
TARGETS = [JOURNEY_4_7, JOURNEY_7_4, MASTER_4, STUDENT_A, STUDENTS_AB, PASS]


def test_the_module_examples_hold() -> None:
    failed, tried = doctest.testmod(clicks)
    assert tried >= 3 and failed == 0


def test_no_clicks_leaves_every_action_with_targets() -> None:
    start = narrow(TARGETS, ())
    assert start.remaining == (0, 1, 2, 3, 4)  # the pass has no targets: menu only
    assert start.clickable == (
        "village-4",
        "bridge-4-7",
        "village-7",
        "space-4-healer",
        "space-3-healer",
        "space-5-rainmaker",
    )
    assert start.complete == () and start.chosen is None and not start.needs_menu


def test_a_click_narrows_to_the_actions_that_touch_it() -> None:
    after = narrow(TARGETS, ["village-4"])
    assert after.remaining == (0, 2)
    assert after.clickable == ("bridge-4-7", "space-4-healer")
    assert after.chosen is None


def test_clicks_count_in_any_order() -> None:
    assert narrow(TARGETS, ["bridge-4-7", "village-7"]).chosen == 1
    assert narrow(TARGETS, ["village-7", "bridge-4-7"]).chosen == 1
    assert narrow(TARGETS, ["space-5-rainmaker", "space-3-healer"]).chosen == 4


def test_a_complete_action_may_still_be_extended() -> None:
    one_student = narrow(TARGETS, ["space-3-healer"])
    assert one_student.remaining == (3, 4)
    assert one_student.complete == (3,)
    assert one_student.clickable == ("space-5-rainmaker",)
    assert one_student.chosen is None and not one_student.needs_menu


def test_the_chosen_action_is_complete_once_all_targets_are_clicked() -> None:
    done = narrow(TARGETS, ["village-4", "bridge-4-7"])
    assert done == Narrowing((0,), (), (0,))
    assert done.chosen == 0


def test_a_menu_decides_between_actions_with_the_same_targets() -> None:
    twins = [("cell-1",), ("cell-1",), ("cell-2",)]
    both = narrow(twins, ["cell-1"])
    assert both.complete == (0, 1) and both.clickable == ()
    assert both.needs_menu and both.chosen is None


def test_a_click_nothing_touches_leaves_nothing() -> None:
    assert narrow(TARGETS, ["village-9"]) == Narrowing((), (), ())
    assert narrow(TARGETS, ["village-4", "village-7"]).remaining == ()


@pytest.mark.parametrize(
    ("targets", "clicked", "message"),
    [
        ([("a", "a")], (), "names 'a' twice"),
        ([("a", "")], (), "non-empty str"),
        ([("a", 3)], (), "non-empty str"),
        (["ab"], (), "sequence of ids"),
        ([("a",)], ("a", "a"), "names 'a' twice"),
        ([("a",)], "a", "sequence of ids"),
        ([("a",)], (None,), "non-empty str"),
    ],
)
def test_bad_ids_are_refused_with_a_click_error(
    targets: list[Any], clicked: Any, message: str
) -> None:
    with pytest.raises(ClickError, match=message) as caught:
        narrow(targets, clicked)
    assert isinstance(caught.value, BoardkitError) and isinstance(caught.value, ValueError)


def test_click_adds_takes_back_starts_again_or_ignores() -> None:
    assert click(TARGETS, (), "village-4") == ("village-4",)
    assert click(TARGETS, ("village-4",), "bridge-4-7") == ("village-4", "bridge-4-7")
    assert click(TARGETS, ("village-4", "bridge-4-7"), "village-4") == ("bridge-4-7",)
    # village 7 goes with no action of village 4: a new selection starts with it
    assert click(TARGETS, ("village-4",), "village-7") == ("village-7",)
    # nothing touches the legend: the clicks stay as they were
    assert click(TARGETS, ("village-4",), "legend") == ("village-4",)
    with pytest.raises(ClickError):
        click(TARGETS, (), "")


ids = st.sampled_from([f"e{k}" for k in range(8)])
target_lists = st.lists(st.lists(ids, max_size=4, unique=True).map(tuple), max_size=8)


@given(target_lists, st.lists(ids, max_size=4, unique=True))
def test_narrowing_keeps_exactly_the_actions_touching_every_click(
    targets: list[tuple[str, ...]], clicked: list[str]
) -> None:
    result = narrow(targets, clicked)
    expected = [i for i, t in enumerate(targets) if t and set(clicked) <= set(t)]
    assert list(result.remaining) == expected
    assert set(result.clickable) == {t for i in expected for t in targets[i]} - set(clicked)
    assert set(result.complete) == {i for i in expected if set(targets[i]) == set(clicked)}


@given(target_lists, st.data())
def test_clicking_an_actions_targets_in_any_order_reaches_it(
    targets: list[tuple[str, ...]], data: st.DataObject
) -> None:
    offered = [i for i, t in enumerate(targets) if t]
    if not offered:
        return
    index = data.draw(st.sampled_from(offered))
    order = data.draw(st.permutations(targets[index]))
    so_far: tuple[str, ...] = ()
    for target in order:
        so_far = click(targets, so_far, target)
    result = narrow(targets, so_far)
    assert set(so_far) == set(targets[index])
    assert index in result.complete
    twins = [i for i in offered if set(targets[i]) == set(targets[index])]
    assert result.chosen == index or len(twins) > 1 or result.clickable
