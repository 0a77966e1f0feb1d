"""The pictures the server sends: drawn once per (match, entry, viewer), off the event loop.

A game's ``render_svg`` takes about a millisecond (Shangrila) to several (Khan) of pure Python.
Drawn on the event loop, every picture stalls every other connection of the process meanwhile,
and a spectator stepping through a match's history asks for one per entry. So:

- every picture is kept, as the JSON text a frame carries (``"<svg …>"``, or ``null`` for a
  game that draws nothing), in one bounded cache (:class:`PictureCache`, least recently used out
  first) under the key ``(match, entry, viewer, names)``. The *viewer* (a seat, or ``None`` for
  a spectator) is part of the key, since each seat's picture shows that seat's hidden
  information and no other's: a picture is only ever found again by the viewer it was drawn for.
  The seats' names are part of it too, since the picture names the players and a seat taken
  since names its player in the next one;
- a picture not in the cache is drawn, and encoded, on a worker thread
  (:meth:`PictureCache.picture`), and connections that want the same picture at once share
  one drawing. The event loop goes on
  serving everyone else meanwhile (a game's drawing that holds the interpreter still lets the
  loop run between Python's thread switches, every few milliseconds).

A picture found again costs a dictionary look-up: neither drawing nor encoding (a picture's
JSON encoding alone, escapes and all, takes about 0.1 ms).

Each kept picture has a *tag* (:func:`picture_tag`, worked out with the drawing, on the worker
thread): a digest of its text that ``view`` and ``state`` frames carry with the picture, so
that a client that kept the picture it was sent can say so when it asks for the entry again
(``have``) and be sent only the tag back instead of tens of kilobytes
(:class:`boardkit.server.session.Session`). Sending the picture is what a view of a kept picture
costs a server most: framing, and with permessage-deflate compressing, some 55 KB for every
request. The server's permessage-deflate also keeps each picture compressed under its tag, once
for every connection it goes to (:mod:`boardkit.server.splice`). A tag is only ever sent to the
viewer its picture was drawn for, and compared with that viewer's own picture.

Memory: a picture is kept as its JSON text (and its tag), 52–60 KB for Shangrila and 65–73 KB
for Khan, so the default of 1,024 pictures holds at most about 75 MB;
``create_app(picture_cache=N)`` sets another bound, and 0 keeps none (every picture is then
drawn on each request, still off the event loop).
"""

from __future__ import annotations

import asyncio
import hashlib
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, NamedTuple, TypeVar

from boardkit.log import shown_action
from boardkit.server.lru import LruMap
from boardkit.server.views import encode

if TYPE_CHECKING:
    from boardkit.server.live import LiveMatch

T = TypeVar("T")

DEFAULT_SIZE = 1024
"""Pictures a server keeps by default (about 75 MB at most; see the module's text)."""

Key = tuple[str, int, int | None, tuple[str, ...]]
"""``(match id, entry, viewer, the seats' names)``: what a picture depends on."""

TAG_BYTES = 12
"""Bytes of a picture's digest in its tag (24 hex digits): two different pictures of one
viewer and entry never share a tag in practice."""


class Picture(NamedTuple):
    """A picture as the server keeps it: its JSON text and its tag."""

    text: str
    """The JSON text a frame carries: ``"<svg …>"``, or ``null``."""
    tag: str
    """:func:`picture_tag` of :attr:`text`."""


def picture_tag(text: str) -> str:
    """The tag of a picture's JSON text: the first hex digits of its SHA-256 digest, the same for
    the same text on every server process (so a client keeps a tag across a reconnection).
    SHA-256 for its speed where the processor hashes it in hardware: on the development machine
    0.03 ms for a 55 KB picture against 0.07 ms for BLAKE2b (the text's UTF-8 encoding costs
    0.05 ms more), on a drawing thread, once per drawing."""
    return encoded_tag(text.encode())


def encoded_tag(data: bytes | memoryview) -> str:
    """:func:`picture_tag` of the text whose UTF-8 encoding is ``data``: what the server's
    permessage-deflate checks a state frame's picture against before it keeps it compressed
    (:mod:`boardkit.server.splice`)."""
    return hashlib.sha256(data).hexdigest()[: 2 * TAG_BYTES]


def draw(live: LiveMatch, seq: int, seat: int | None) -> Callable[[], Picture]:
    """The drawing of the picture after entry ``seq`` for ``seat``, as JSON text with its tag,
    to run on any thread.

    What it reads is taken now (the state, the entry, the names): the match only grows, but a
    worker thread must not see it move.
    """
    game = live.game
    state, entry, names = live.states[seq], live.entries[seq], live.names

    def run() -> Picture:
        if not game.offers("render_svg"):
            return Picture("null", picture_tag("null"))
        highlight = shown_action(game, entry, seat) if seq > 0 else None
        drawn = game.render_svg(state, seat, highlight, names=names)
        text = encode(drawn if isinstance(drawn, str) else None)
        return Picture(text, picture_tag(text))

    return run


class PictureCache:
    """The pictures of every match of one server, at most ``size`` of them, and the threads
    that draw them.

    Only the event loop reads and changes the cache; worker threads only draw. ``on_draw``,
    when given, is told how long each drawing took, in seconds (the server's metrics).
    """

    def __init__(
        self,
        size: int = DEFAULT_SIZE,
        *,
        workers: int = 2,
        on_draw: Callable[[float], None] | None = None,
    ) -> None:
        self._kept: LruMap[Key, Picture] = LruMap(size, "picture cache", "pictures")
        self._drawing: dict[Key, asyncio.Future[Picture]] = {}
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="boardkit-svg")
        self._on_draw = on_draw
        self.misses = 0
        """Pictures drawn (or joined while another connection had them drawn)."""

    def __len__(self) -> int:
        return len(self._kept)

    @property
    def size(self) -> int:
        """The most pictures kept."""
        return self._kept.size

    @property
    def hits(self) -> int:
        """Pictures found in the cache."""
        return self._kept.hits

    @staticmethod
    def key(live: LiveMatch, seq: int, seat: int | None) -> Key:
        """The cache key of the picture after entry ``seq`` as ``seat`` sees it."""
        return (live.id, seq, seat, live.names)

    def cached(self, live: LiveMatch, seq: int, seat: int | None) -> tuple[bool, str]:
        """``(True, picture's JSON text)`` when the picture is kept (marked as just used), else
        ``(False, "")``."""
        found = self._found(self.key(live, seq, seat))
        return (False, "") if found is None else (True, found.text)

    def _found(self, key: Key) -> Picture | None:
        """The picture kept under ``key`` (marked as just used, counted as a hit), or ``None``."""
        return self._kept.find(key)

    def keep(self, key: Key, picture: Picture) -> None:
        """Keep ``picture`` under ``key``, dropping the least recently used past the bound."""
        self._kept.keep(key, picture)

    def draw_here(self, live: LiveMatch, seq: int, seat: int | None) -> str:
        """The picture's JSON text, from the cache or drawn on the calling thread (for callers that
        cannot wait: the server itself always asks :meth:`picture` first)."""
        return self.tagged_here(live, seq, seat).text

    def tagged_here(self, live: LiveMatch, seq: int, seat: int | None) -> Picture:
        """:meth:`draw_here` with its tag."""
        key = self.key(live, seq, seat)
        found = self._found(key)
        if found is not None:
            return found
        self.misses += 1
        drawn = self._timed(draw(live, seq, seat))
        self.keep(key, drawn)
        return drawn

    async def picture(self, live: LiveMatch, seq: int, seat: int | None) -> str:
        """The JSON text of the picture after entry ``seq`` for ``seat``: from the cache, or
        drawn on a worker thread while the event loop goes on (one drawing for every caller
        that wants it)."""
        return (await self.tagged(live, seq, seat)).text

    async def tagged(self, live: LiveMatch, seq: int, seat: int | None) -> Picture:
        """:meth:`picture` with its tag."""
        key = self.key(live, seq, seat)
        found = self._found(key)
        if found is not None:
            return found
        self.misses += 1
        pending = self._drawing.get(key)
        if pending is None:
            loop = asyncio.get_running_loop()
            pending = loop.run_in_executor(self._pool, self._timed, draw(live, seq, seat))
            self._drawing[key] = pending
            pending.add_done_callback(lambda done: self._drawn(key, done))
        drawn = await asyncio.shield(pending)
        self.keep(key, drawn)
        return drawn

    def _drawn(self, key: Key, done: asyncio.Future[Picture]) -> None:
        """A drawing finished: keep its picture (even when every caller went away)."""
        self._drawing.pop(key, None)
        if not done.cancelled() and done.exception() is None:
            self.keep(key, done.result())

    async def run(self, work: Callable[[], T]) -> T:
        """Run ``work`` on a drawing thread (other drawings: the tables of round ends inside an
        entry's text, :func:`boardkit.server.views.entry_ready`)."""
        return await asyncio.get_running_loop().run_in_executor(self._pool, work)

    def _timed(self, work: Callable[[], Picture]) -> Picture:
        began = time.perf_counter()
        try:
            return work()
        finally:
            if self._on_draw is not None:
                self._on_draw(time.perf_counter() - began)

    def forget(self, match_id: str, first: int) -> None:
        """Forget the pictures of ``match_id`` after entries ``first`` and later: those entries
        were taken back (an undo), and the entries that take their numbers differ."""
        self._kept.forget(lambda k: k[0] == match_id and k[1] >= first)
        for key in [k for k in self._drawing if k[0] == match_id and k[1] >= first]:
            del self._drawing[key]

    def clear(self) -> None:
        """Forget every kept picture."""
        self._kept.clear()

    def close(self) -> None:
        """Stop the drawing threads (drawings under way finish; none start)."""
        self._pool.shutdown(wait=False, cancel_futures=True)
