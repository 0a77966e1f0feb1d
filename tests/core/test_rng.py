"""Randomness: the same seed gives the same numbers everywhere, and draws are fair."""

from __future__ import annotations

import hashlib
import time
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardkit import Rng
from boardkit.chance import RecordingRng
from boardkit.rng import SEED_BITS, new_seed


def test_known_values_never_change() -> None:
    """Pinned outputs: a change here would silently change every recorded game."""
    rng = Rng(42)
    assert [rng.below(1000) for _ in range(5)] == [259, 90, 324, 808, 823]
    assert Rng.for_entry(42, 3).next_u64() == 6577336668389297759
    assert Rng(7).shuffled(range(10)) == (2, 7, 6, 5, 0, 8, 4, 9, 1, 3)
    assert Rng(7).random() == 0.19698272976986886
    top = Rng(2**128 - 1, 2**64 - 1)
    assert [top.next_u64() for _ in range(9)][-2:] == [14388591873392383153, 7767501199720004394]


def test_the_stream_is_keyed_blake2b_of_stream_and_block() -> None:
    """The documented construction, computed here with hashlib alone."""
    seed, stream = 123456789 << 70, 5
    key = seed.to_bytes(16, "big")
    words = []
    for block in range(2):
        data = stream.to_bytes(8, "little") + block.to_bytes(8, "little")
        digest = hashlib.blake2b(data, digest_size=64, key=key, person=b"boardkit.rng.v2")
        raw = digest.digest()
        words += [int.from_bytes(raw[i : i + 8], "little") for i in range(0, 64, 8)]
    rng = Rng(seed, stream)
    assert [rng.next_u64() for _ in range(16)] == words


def test_streams_are_lazy() -> None:
    """Making a stream hashes nothing, so an entry that draws nothing costs almost nothing."""
    start = time.perf_counter()
    for seq in range(20_000):
        Rng.for_entry(1, seq)
    assert time.perf_counter() - start < 1.0
    assert Rng(1)._words == ()  # no block until the first draw


def test_new_seeds_are_128_bit_and_fresh() -> None:
    seeds = {new_seed() for _ in range(50)}
    assert len(seeds) == 50
    assert all(0 <= s < 2**SEED_BITS for s in seeds)
    assert max(seeds).bit_length() > 100  # fails with probability below 2**-1000


@pytest.mark.parametrize(("seed", "stream"), [(-1, 0), (2**128, 0), (True, 0), (0, -1), (0, 2**64)])
def test_out_of_range_seeds_and_streams_are_refused(seed: int, stream: int) -> None:
    with pytest.raises(ValueError):
        Rng(seed, stream)


def test_below_handles_bounds_wider_than_64_bits() -> None:
    rng = Rng(3)
    values = [rng.below(2**100) for _ in range(50)]
    assert all(0 <= v < 2**100 for v in values)
    assert max(values).bit_length() > 90


def test_entry_streams_differ() -> None:
    firsts = {Rng.for_entry(7, seq).next_u64() for seq in range(200)}
    assert len(firsts) == 200


@given(st.integers(0, 2**128 - 1), st.integers(1, 10**6))
def test_below_stays_in_range(seed: int, n: int) -> None:
    rng = Rng(seed)
    assert all(0 <= rng.below(n) < n for _ in range(20))


@given(st.integers(0, 2**128 - 1), st.lists(st.integers(), max_size=30))
def test_shuffle_is_a_permutation(seed: int, items: list[int]) -> None:
    assert sorted(Rng(seed).shuffled(items)) == sorted(items)


def test_below_is_roughly_uniform() -> None:
    rng = Rng(1)
    counts = Counter(rng.below(6) for _ in range(60_000))
    assert all(9_400 < c < 10_600 for c in counts.values())


def test_entry_streams_are_the_plain_streams_and_check_the_seed() -> None:
    """Rng.for_entry(seed, seq) is Rng(seed, seq + 1), draw for draw (the one-word path of
    below() included), and a bool or out-of-range seed is refused even after a valid seed
    with the same value was used (the key cache keeps types apart)."""
    a, b = Rng.for_entry(7, 4), Rng(7, 5)
    assert [a.below(n) for n in (1, 2, 3, 1000, 2**63, 2**64)] == [
        b.below(n) for n in (1, 2, 3, 1000, 2**63, 2**64)
    ]
    Rng(1)
    for bad in (True, -1, 1 << 128, 1.0):
        with pytest.raises(ValueError):
            Rng.for_entry(bad, 0)  # type: ignore[arg-type]


def test_choice_draws_what_below_draws() -> None:
    """choice() writes below()'s one-word path out: the same item, draw for draw, for every
    size a sequence can have and for subclasses that draw otherwise."""
    sizes = [1, 2, 3, 7, 9, 1000, 2**40 + 3, 2**62, 2**63 - 1]
    a, b = Rng(5, 3), Rng(5, 3)
    for _ in range(3):
        for n in sizes:
            items = range(n)
            assert a.choice(items) == items[b.below(n)]
    with pytest.raises(ValueError):
        Rng(1).choice([])
    recording = RecordingRng(5, 3)
    assert recording.choice(range(10)) == Rng(5, 3).below(10)
    assert recording.outcomes == [Rng(5, 3).below(10)]


def test_quick_constructors_check_what_rng_checks() -> None:
    """for_entry and for_seat build streams without __init__, equal to Rng(seed, stream), and
    still refuse a bad seed or entry number, also right after the same value was valid."""
    assert [Rng.for_seat(9, 77).next_u64() for _ in range(2)] == [Rng(9, 77).next_u64()] * 2
    seed = 2**100 + 5
    assert Rng.for_entry(seed, 0).next_u64() == Rng(seed, 1).next_u64()
    for bad_seq in (-1, 2**64 - 1, 1.0, True):
        with pytest.raises(ValueError):
            Rng.for_entry(seed, bad_seq)  # type: ignore[arg-type]
    Rng.for_entry(1, 0)
    with pytest.raises(ValueError):
        Rng.for_seat(True, 5)
    assert type(RecordingRng.for_seat(3, 4)) is RecordingRng


def test_drawn_counts_the_words_handed_out() -> None:
    """Nothing drawn yet, then one word a draw, across the eight-word blocks; a draw that
    rejects a word counts every word it read."""
    rng = Rng.for_entry(5, 3)
    assert rng.drawn == 0
    for count in range(1, 20):
        rng.next_u64()
        assert rng.drawn == count
    before = rng.drawn
    rng.below(3)  # two random bits a word: a word above 2 is read and rejected
    tries = rng.drawn - before
    assert tries >= 1
    again = Rng.for_entry(5, 3)
    for _ in range(19):
        again.next_u64()
    words = [again.next_u64() >> 62 for _ in range(tries)]
    assert all(w >= 3 for w in words[:-1]) and words[-1] < 3


def test_entry_stream_draws_what_for_entry_draws() -> None:
    from boardkit.rng import entry_stream

    for seed, seq in ((0, 0), (7, 1), (2**128 - 1, 41)):
        mine, theirs = entry_stream(seed, seq), Rng.for_entry(seed, seq)
        assert [mine.next_u64() for _ in range(10)] == [theirs.next_u64() for _ in range(10)]
    with pytest.raises(ValueError):
        entry_stream(-1, 0)
