"""The bounded least-recently-used map the server's caches share (boardkit.server.lru)."""

from __future__ import annotations

import pytest

from boardkit.server.lru import LruMap


def test_keeps_at_most_size_dropping_the_least_recently_used() -> None:
    kept: LruMap[str, int] = LruMap(2)
    kept.keep("a", 1)
    kept.keep("b", 2)
    assert kept.find("a") == 1  # "a" is now the most recently used
    kept.keep("c", 3)
    assert list(kept) == ["a", "c"]
    assert kept.find("b") is None
    assert len(kept) == 2


def test_keeping_a_key_again_replaces_and_refreshes_it() -> None:
    kept: LruMap[str, int] = LruMap(2)
    kept.keep("a", 1)
    kept.keep("b", 2)
    kept.keep("a", 10)
    kept.keep("c", 3)
    assert list(kept) == ["a", "c"]
    assert kept.find("a") == 10


def test_hits_count_only_found_values() -> None:
    kept: LruMap[int, str] = LruMap(4)
    kept.keep(1, "one")
    assert kept.find(2) is None
    assert kept.find(1) == "one"
    assert kept.find(1) == "one"
    assert kept.hits == 2


def test_size_zero_keeps_nothing() -> None:
    kept: LruMap[int, int] = LruMap(0)
    kept.keep(1, 1)
    assert len(kept) == 0
    assert kept.find(1) is None


def test_forget_and_clear() -> None:
    kept: LruMap[tuple[str, int], int] = LruMap(8)
    for match in ("m1", "m2"):
        for seq in range(3):
            kept.keep((match, seq), seq)
    kept.forget(lambda key: key[0] == "m1" and key[1] >= 1)
    assert sorted(kept) == [("m1", 0), ("m2", 0), ("m2", 1), ("m2", 2)]
    kept.clear()
    assert len(kept) == 0


@pytest.mark.parametrize("size", [-1, 1.5, True, "3"])
def test_a_bad_size_is_refused_naming_the_cache(size: object) -> None:
    with pytest.raises(ValueError, match=r"the picture cache holds 0 or more pictures, not"):
        LruMap(size, "picture cache", "pictures")  # type: ignore[arg-type]
