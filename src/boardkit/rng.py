"""Secret, seeded randomness that gives the same numbers on every Python version.

A match's seed is a 128-bit secret. :func:`new_seed` draws one from the operating system's
secure generator (:mod:`secrets`); a caller may pin one instead, for a reproducible run (a pinned
seed is for reproducibility, not secrecy: whoever knows it knows every card).

Every random outcome of a match comes from one *stream* per log entry, derived from the seed:
block ``b`` of stream ``s`` is the 64-byte keyed BLAKE2b hash (:mod:`hashlib`) of the stream
number and the block number, both as 8 little-endian bytes, with the seed's 16 big-endian bytes
as the key and ``b"boardkit.rng.v2"`` as the personalisation. Each block gives eight 64-bit
numbers (little-endian). Nothing is hashed until the first draw, so an entry that draws nothing
costs nothing. The numbers depend only on BLAKE2b, which is the same everywhere, so the draws are
byte-identical on every Python version and platform.

Why a keyed cryptographic hash: BLAKE2b with a secret key is a pseudo-random function. Knowing
any number of outputs of some streams (the cards one was dealt, the public history) gives no
better way to the outputs of another stream, or to the seed, than guessing the 128-bit key. The
earlier generator of boardkit 0.1 (SplitMix64 over a 63-bit seed that defaulted to 0) gave no
such guarantee: its mixing function is invertible and its seeds were small.

A game never keeps generator state in its game state: replay reads random outcomes from the
recorded events, and verification re-derives the same stream. Bots and tools use ``Rng(seed,
stream)`` with streams of their own for their choices.
"""

from __future__ import annotations

import hashlib
import secrets
import struct
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

SEED_BITS = 128
"""The size of a seed: seeds are ints from 0 to ``2**SEED_BITS - 1``."""
SEED_BYTES = SEED_BITS // 8
STREAM_LIMIT = 1 << 64
"""Stream numbers are ints from 0 to ``STREAM_LIMIT - 1``."""

_PERSON = b"boardkit.rng.v2"
_WORDS = struct.Struct("<8Q")
_BLOCK_ID = struct.Struct("<QQ")
"""The hashed message of a block: the stream number and the block number, little-endian."""


def new_seed(room: int = 1) -> int:
    """A fresh secret seed from the operating system's secure generator.

    ``room`` consecutive seeds from the one returned are all valid (``simulate`` and tournaments
    play game ``i`` with seed ``S + i``), so the draw leaves ``room - 1`` seeds at the top.
    """
    if type(room) is not int or not 1 <= room <= 1 << SEED_BITS:
        raise ValueError(f"room must be an int from 1 to 2**{SEED_BITS}, not {room!r}")
    return secrets.randbelow((1 << SEED_BITS) - (room - 1))


def seed_bytes(seed: int) -> bytes:
    """The seed as 16 big-endian bytes (the BLAKE2b key, and what the commitment hashes)."""
    return seed.to_bytes(SEED_BYTES, "big")


def _keyed(seed: int) -> hashlib.blake2b:
    """A BLAKE2b hasher keyed with a valid seed that has hashed nothing yet (a
    :class:`ValueError` for anything else).

    Each :class:`Rng` builds one and hashes every block with a copy of it: a copy carries the
    key's setup (the parameter block and the key, padded to a block of its own), so a block
    costs half of a hasher built from the key, and the digest is the same (hashing is
    deterministic from that state on). Building one costs no more than finding it in a cache
    would, so none is kept between streams.
    """
    _check_seed(seed)
    return hashlib.blake2b(digest_size=64, key=seed_bytes(seed), person=_PERSON)


_new = object.__new__


_SEED_LIMIT = 1 << SEED_BITS


def _check_seed(seed: int) -> None:
    if type(seed) is not int or not 0 <= seed < _SEED_LIMIT:
        raise ValueError(f"a seed is an int from 0 to 2**{SEED_BITS} - 1")


def _stream_of(seed: int, stream: int) -> Rng:
    """``Rng(seed, stream)`` for a stream number already checked, built without a call to
    ``__init__`` (the engine asks for one per log entry, the seat rule one per seat). The
    seed is checked now; its keyed hasher is looked up at the first draw."""
    if type(seed) is not int or not 0 <= seed < _SEED_LIMIT:
        _check_seed(seed)  # raises
    rng: Rng = _new(Rng)
    rng._seed = seed
    rng._hasher = None
    rng._stream = stream
    rng._block = 0
    rng._words = ()
    rng._index = 8
    return rng


def entry_stream(seed: int, seq: int) -> Rng:
    """:meth:`Rng.for_entry` for an entry number ``seq`` the caller counted itself (a match's
    number of entries so far: an int from 0 up), which is therefore not checked again; the seed
    is checked as :meth:`Rng.for_entry` checks it. What :mod:`boardkit.match_play` asks once per
    action a match plays."""
    if type(seed) is not int or not 0 <= seed < _SEED_LIMIT:
        _check_seed(seed)  # raises
    rng: Rng = _new(Rng)
    rng._seed = seed
    rng._hasher = None
    rng._stream = seq + 1
    rng._block = 0
    rng._words = ()
    rng._index = 8
    return rng


class Rng:
    """One random stream of a seed, with the few draws games need.

    ``Rng(seed, stream)`` is lazy: it hashes its first block on the first draw.
    """

    __slots__ = ("_block", "_hasher", "_index", "_seed", "_stream", "_words")

    def __init__(self, seed: int, stream: int = 0) -> None:
        _check_seed(seed)
        if type(stream) is not int or not 0 <= stream < STREAM_LIMIT:
            raise ValueError("a stream number is an int from 0 to 2**64 - 1")
        self._seed = seed
        self._hasher: hashlib.blake2b | None = None
        """The seed's keyed hasher (:func:`_keyed`), looked up at the first draw: a stream
        nobody draws from (most entries of most games) costs no lookup and no key setup."""
        self._stream = stream
        self._block = 0
        self._words: tuple[int, ...] = ()
        self._index = 8

    @classmethod
    def for_entry(cls, seed: int, seq: int) -> Rng:
        """The stream used while producing log entry ``seq`` of a match seeded with ``seed``.

        Asked once per action played, replayed or verified, so it is built without
        :meth:`__init__`'s call; the seed and ``seq`` are checked as ``Rng`` checks them.
        """
        if cls is not Rng:
            return cls(seed, seq + 1)
        if type(seq) is not int or not 0 <= seq < STREAM_LIMIT - 1:
            raise ValueError("an entry number is an int from 0 to 2**64 - 2")
        # _stream_of(seed, seq + 1) written out: one call less for every entry
        if type(seed) is not int or not 0 <= seed < _SEED_LIMIT:
            _check_seed(seed)  # raises
        rng: Rng = _new(Rng)
        rng._seed = seed
        rng._hasher = None
        rng._stream = seq + 1
        rng._block = 0
        rng._words = ()
        rng._index = 8
        return rng

    @classmethod
    def for_seat(cls, seed: int, stream: int) -> Rng:
        """``Rng(seed, stream)`` for a stream number the caller has checked (the seat rule of
        :mod:`boardkit.runner.seats`), built the quick way :meth:`for_entry` is."""
        if cls is not Rng:
            return cls(seed, stream)
        return _stream_of(seed, stream)

    def _refill(self) -> None:
        hasher = self._hasher
        if hasher is None:
            hasher = self._hasher = _keyed(self._seed)
        hasher = hasher.copy()
        hasher.update(_BLOCK_ID.pack(self._stream, self._block))
        self._words = _WORDS.unpack(hasher.digest())
        self._block += 1
        self._index = 0

    def next_u64(self) -> int:
        """The next 64 random bits."""
        if self._index == 8:
            self._refill()
        word = self._words[self._index]
        self._index += 1
        return word

    @property
    def drawn(self) -> int:
        """How many 64-bit words the seeded stream has handed out so far: the same before and
        after a call exactly when the call drew nothing from it. A subclass that draws
        otherwise (a :class:`~boardkit.chance.ChanceRng`) does not count its draws here."""
        return 8 * (self._block - 1) + self._index

    def _bits(self, bits: int) -> int:
        """``bits`` random bits (the high bits of as many words as needed)."""
        value = 0
        while bits >= 64:
            value = (value << 64) | self.next_u64()
            bits -= 64
        if bits:
            value = (value << bits) | (self.next_u64() >> (64 - bits))
        return value

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        bits = n.bit_length()
        if bits <= 64:  # one word per try: the same draws as _bits, without its loop
            shift = 64 - bits
            while True:
                if self._index == 8:
                    self._refill()
                r = self._words[self._index] >> shift
                self._index += 1
                if r < n:
                    return r
        while True:
            r = self._bits(bits)
            if r < n:
                return r

    def choice(self, items: Sequence[T]) -> T:
        """One element of a non-empty sequence, uniformly (``items[self.below(len(items))]``).

        The one-word path of :meth:`below` is written out here for the seeded stream: every
        random bot draws this way once per decision. A subclass that draws otherwise (a
        :class:`~boardkit.chance.ChanceRng`) goes through its own ``below``.
        """
        n = len(items)
        if type(self) is not Rng or not 0 < n < 1 << 64:
            return items[self.below(n)]
        shift = 64 - n.bit_length()
        index, words = self._index, self._words
        while True:
            if index == 8:
                self._refill()
                index, words = 0, self._words
            r = words[index] >> shift
            index += 1
            if r < n:
                self._index = index
                return items[r]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Sequence[T]) -> tuple[T, ...]:
        """A shuffled copy of ``items`` as a tuple."""
        out = list(items)
        self.shuffle(out)
        return tuple(out)

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self.next_u64() >> 11) / float(1 << 53)
