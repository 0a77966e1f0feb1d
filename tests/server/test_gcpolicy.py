"""The server's collector schedule: survivors frozen, cycles still freed by a sweep."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from boardkit.server.gcpolicy import GcPolicy


class Node:
    """Something that can sit in a reference cycle and be watched through a weak reference."""

    def __init__(self) -> None:
        self.other: Node | None = None


@pytest.fixture()
def policy() -> Iterator[GcPolicy]:
    before = gc.get_threshold()
    chosen = GcPolicy(sweep_every=0)
    try:
        yield chosen
    finally:
        chosen.uninstall()
        assert gc.get_threshold() == before
        assert gc.get_freeze_count() == 0


def test_install_freezes_what_lives_and_keeps_the_thresholds(policy: GcPolicy) -> None:
    thresholds = gc.get_threshold()
    policy.install()
    assert gc.get_freeze_count() > 0
    assert gc.get_threshold() == thresholds
    policy.install()  # twice is once
    assert gc.callbacks.count(policy._after_collection) == 1


def test_a_full_collection_freezes_its_survivors(policy: GcPolicy) -> None:
    policy.install()
    frozen = gc.get_freeze_count()
    kept = [Node() for _ in range(1000)]
    gc.collect()
    assert gc.get_freeze_count() >= frozen + len(kept)


def test_a_middle_generation_collection_freezes_its_survivors(policy: GcPolicy) -> None:
    policy.install()
    frozen = gc.get_freeze_count()
    kept = [Node() for _ in range(1000)]
    gc.collect(1)
    assert gc.get_freeze_count() >= frozen + len(kept)
    gc.collect(0)  # a young collection freezes nothing
    young = [Node() for _ in range(100)]
    before = gc.get_freeze_count()
    gc.collect(0)
    assert gc.get_freeze_count() == before and young


def test_a_frozen_cycle_is_freed_by_the_sweep_and_not_before(policy: GcPolicy) -> None:
    policy.install()
    a, b = Node(), Node()
    a.other, b.other = b, a
    watch = weakref.ref(a)
    gc.collect()  # both survive (still referenced) and are frozen
    del a, b
    gc.collect()
    assert watch() is not None  # frozen: the ordinary collections skip it
    assert policy.sweep() >= 2
    assert watch() is None


def test_uninstall_gives_everything_back(policy: GcPolicy) -> None:
    policy.install()
    policy.uninstall()
    assert gc.get_freeze_count() == 0
    assert policy._after_collection not in gc.callbacks
