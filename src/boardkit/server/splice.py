"""permessage-deflate that compresses each picture once, not once per frame that carries it.

Two frames carry a picture, tens of kilobytes of it beside a few hundred bytes to a few
kilobytes of the rest:

- a ``view`` frame (:class:`boardkit.server.session.Session`),
  ``{"type":"view","seq":K,"svg_tag":"TAG","svg":"<svg …>","entry":{…}}``, sent to the
  connection that asked;
- a ``state`` frame (:func:`boardkit.server.views.state_text`),
  ``{"type":"state",…,"result":…,"svg_tag":"TAG","svg":"<svg …>"}``, the picture its last
  member, sent after every move to every connection of a seat and to every spectator: the
  same picture to each of them.

The picture's text is the same in every frame that carries its tag (the tag is a digest of that
text, :func:`boardkit.server.pictures.picture_tag`), and compressing it is most of what such a
frame costs the server. :class:`SplicingDeflate` compresses it once per process and pastes the
compressed bytes into each frame's deflate stream:

1. the bytes before the picture go through the connection's own compressor, which is then
   flushed with ``Z_FULL_FLUSH``: its output ends on a byte boundary, and zlib resets the
   compression state so that "decompression can restart from this point" (zlib.h, on
   ``deflate``). The compressor therefore never refers back before that point again, in
   particular never into the picture it did not see;
2. the picture, compressed on its own by a fresh compressor with the connection's settings
   (window bits, level, memory level) and ended with ``Z_SYNC_FLUSH``: a byte-aligned run of
   non-final deflate blocks whose references stay inside the picture. The client's decompressor
   reads it with the previous frames in its window; the picture never points at them;
3. the bytes after the picture (a view's entry, a state frame's closing ``}``), through the
   connection's compressor again, ended as permessage-deflate ends every message
   (``Z_SYNC_FLUSH``, its last four bytes dropped).

After step 1 the connection's compressor only refers to bytes it compressed itself since the
flush (the rest of this frame, then later frames, up to its next full flush), and those bytes
stand next to each other in the client's window too, so every distance it writes reaches the
same bytes in the client's window. The client's decompressor is any permessage-deflate
decompressor with context takeover: the stream is ordinary deflate.

**Finding the picture.** A compressed picture is found again by its tag, so the splice must
never take some other text for a tag and a picture. The server's frames are valid JSON, and in
valid JSON a ``"`` inside a string is always escaped (``\\"``): a quote that does not follow
a backslash is never inside a string, it opens or closes one. So:

- in a view frame, the tag's key is looked for within the frame's first :data:`MARK_WITHIN`
  bytes, where only the server's own members stand (``{"type":"view","seq":K,``);
- in a state frame (one that starts ``{"type":"state"``), whose head holds entries, names and
  texts of any length, the key is looked for from the end: the last ``,"svg_tag":"``
  (:data:`STATE_MARK`). Its first quote follows a comma, so it opens or closes a string; it
  cannot close one, since what follows a string's closing quote is ``,``, ``:``, ``]``, ``}``
  or whitespace, never the ``s`` that comes next. So it opens a string, which the quote after
  ``svg_tag`` (after a letter) closes; the ``:`` after it makes that string a key, and the
  last quote opens its value. The bytes can only be the key ``"svg_tag"`` of some object and
  the start of its value, never the inside of a player's name, an entry's text or the
  picture, whose own quotes are all escaped. It is only taken as the frame's picture when it
  is the *last top-level member*: the tag (at most :data:`LONGEST_TAG` bytes, no quote) is
  followed by ``","svg":"<svg``, and the picture's string ends exactly on the frame's last
  byte but one, before a last ``}``. The last byte of a JSON document closes its top-level
  object, so the string just before it is that object's last value, and the ``"svg"`` and
  ``"svg_tag"`` members just before it belong to the top-level object too: the server put
  them there, no one's text did. That the bytes from the picture's opening quote to the
  frame's last byte but one are one whole string is checked by their digest rather than read
  quote by quote: they must be the text whose tag is the tag before them
  (:func:`boardkit.server.pictures.encoded_tag`), so they are the server's own picture, a
  JSON string, and safe to keep under that tag. (One pass of SHA-256 over a 37 KB picture
  takes about 0.02 ms; :func:`string_end`, reading its thousands of escaped quotes, 0.12 ms.)

Once a picture is kept, a frame with its tag is spliced with the kept length (a tag names one
text, so one length): its end must fall on the frame's last byte but one (a state frame) or
before the view's next member, on a quote; otherwise the frame goes the usual way.

The compressed pictures are kept in a :class:`SegmentCache` (least recently used out first),
under the picture's tag and the compressor's settings, one entry for a picture whether it came
in a state frame or a view: the picture of the latest position that every spectator was sent
is not compressed again when one of them asks to ``view`` that entry later. A frame that does
not have exactly one of the shapes above (a view without its picture, a state frame without
pictures or with its tag elsewhere, a frame split in fragments) and a connection that
compresses each message afresh (``server_no_context_takeover``) are compressed as the
``websockets`` library always does.
"""

from __future__ import annotations

import re
import zlib
from typing import Any, NamedTuple

from boardkit.extras import needs_extra
from boardkit.server.lru import LruMap
from boardkit.server.pictures import encoded_tag

with needs_extra("server", "boardkit.server.splice"):
    from websockets.extensions.permessage_deflate import PerMessageDeflate
    from websockets.frames import Frame, Opcode

TAG_MARK = b'"svg_tag":"'
"""The key before a picture's tag in a view frame."""
STATE_HEAD = b'{"type":"state"'
"""How a state frame begins."""
STATE_MARK = b',"svg_tag":"'
"""The key before a picture's tag in a state frame, the member before the frame's last."""
STATE_END = b'"}'
"""How a state frame whose last member is its picture ends."""
PICTURE_MARK = b'","svg":'
"""What comes between the tag and the picture's text."""
PICTURE_HEAD = b'"<svg'
"""How a picture's JSON text begins."""
MARK_WITHIN = 64
"""A view frame's tag mark starts within its first bytes (``{"type":"view","seq":K,``): a
tag mark further in is some other text's, and the frame goes the usual way."""
LONGEST_TAG = 64
"""The most bytes a tag takes (the server's take 24)."""
SMALLEST_PICTURE = 1024
"""A picture shorter than this is compressed with its frame: a flush and a pasted block of its
own would cost the wire more than they save the processor."""
DEFAULT_SEGMENTS = 256
"""Compressed pictures a server keeps by default: about 7–12 KB each at level 1 and 12-bit
windows (Shangrila's and Khan's), so about 3 MB at most."""

EMPTY_STORED_BLOCK = b"\x00\x00\xff\xff"
"""The end of a ``Z_SYNC_FLUSH``, which permessage-deflate leaves off every message."""

_CLOSING = re.compile(rb'"[,}]')
"""A quote followed by what may follow a picture's text in its object."""


class Segment(NamedTuple):
    """A picture's text compressed on its own, as spliced into frames."""

    length: int
    """Bytes of the picture's JSON text (UTF-8) in a frame."""
    deflated: bytes
    """The text through a fresh compressor, ended by ``Z_SYNC_FLUSH``."""


SegmentKey = tuple[bytes, int, tuple[tuple[str, Any], ...]]
"""``(tag, window bits, the compressor's other settings)``: what a compressed picture depends
on."""


class SegmentCache(LruMap[SegmentKey, Segment]):
    """The compressed pictures of one server process, at most ``size`` of them (least recently
    used out first, :class:`~boardkit.server.lru.LruMap`).

    Shared by every connection of the process (they compress with the same settings unless a
    client asked for smaller windows, which the key tells apart). Only the event loop uses it.
    """

    def __init__(self, size: int = DEFAULT_SEGMENTS) -> None:
        super().__init__(size, "segment cache", "segments")
        self.misses = 0
        """Pictures compressed (and kept)."""

    def keep(self, key: SegmentKey, value: Segment) -> None:
        """Keep the compressed picture ``value`` under ``key``, counted in :attr:`misses`."""
        self.misses += 1
        super().keep(key, value)


def deflate_alone(text: bytes, window_bits: int, settings: dict[str, Any]) -> bytes:
    """``text`` through a fresh raw-deflate compressor, ended with ``Z_SYNC_FLUSH``: byte-aligned
    blocks that refer to nothing before ``text``, none of them final."""
    alone = zlib.compressobj(wbits=-window_bits, **settings)
    return alone.compress(text) + alone.flush(zlib.Z_SYNC_FLUSH)


class Span(NamedTuple):
    """Where a frame's picture is, as :func:`picture_span` finds it."""

    tag: bytes
    """The picture's tag."""
    start: int
    """Where the picture's JSON text starts (its opening quote)."""
    last: bool
    """Whether the picture is the frame's last value (a state frame): its text ends on the
    frame's last byte but one."""


def picture_span(data: bytes) -> Span | None:
    """Where the picture is in a view or state frame's bytes (see the module's text), or
    ``None`` for a frame of another shape."""
    if data.startswith(STATE_HEAD):
        if not data.endswith(STATE_END):
            return None
        mark = data.rfind(STATE_MARK)
        if mark < 0:
            return None
        begins, last = mark + len(STATE_MARK), True
    else:
        mark = data.find(TAG_MARK, 0, MARK_WITHIN)
        if mark < 0:
            return None
        begins, last = mark + len(TAG_MARK), False
    ends = data.find(b'"', begins, begins + LONGEST_TAG + 1)
    if ends <= begins or not data.startswith(PICTURE_MARK, ends):
        return None
    start = ends + len(PICTURE_MARK)
    if not data.startswith(PICTURE_HEAD, start):
        return None
    return Span(data[begins:ends], start, last)


def string_end(data: bytes, start: int) -> int:
    """Where the JSON string that starts at ``data[start]`` ends (after its closing quote) when
    a ``,`` or ``}`` follows it, else -1.

    A picture's text has thousands of escaped quotes (every attribute's), so it is not read
    quote by quote: the closing quote is the first quote followed by ``,`` or ``}`` with an
    even run of backslashes before it, and the text up to it must then hold no other quote
    that is not escaped (counted with the escaped backslashes taken out, each ``\\\\`` left
    to right, as a JSON reader pairs them).
    """
    at = start + 1
    while True:
        found = _CLOSING.search(data, at)
        if found is None:
            return -1
        close = at = found.start()
        while data[at - 1] == 0x5C:  # a backslash
            at -= 1
        if (close - at) % 2 == 0:
            break
        at = close + 1
    inside = data[start + 1 : close].replace(b"\\\\", b"")
    if inside.count(b'"') != inside.count(b'\\"'):
        return -1
    return close + 1


def well_bounded(data: bytes, start: int, end: int) -> bool:
    """Whether ``data[start:end]``, a picture's JSON text, is followed by the next member of its
    object or by the object's end, as in a view frame."""
    return end < len(data) and data[end - 1] == 0x22 and data[end] in b",}" and end - start > 1


def ends_frame(data: bytes, start: int, end: int) -> bool:
    """Whether ``data[start:end]``, a picture's JSON text, is the frame's last value: followed
    by the frame's closing ``}`` alone, as in a state frame."""
    return end == len(data) - 1 and data.endswith(STATE_END) and end - start > 1


class SplicingDeflate(PerMessageDeflate):
    """The ``websockets`` library's permessage-deflate, splicing each view or state frame's
    picture in compressed once (see the module's text); every other frame as the library
    does."""

    def __init__(
        self,
        remote_no_context_takeover: bool,
        local_no_context_takeover: bool,
        remote_max_window_bits: int,
        local_max_window_bits: int,
        compress_settings: dict[Any, Any] | None = None,
        *,
        segments: SegmentCache,
    ) -> None:
        super().__init__(
            remote_no_context_takeover,
            local_no_context_takeover,
            remote_max_window_bits,
            local_max_window_bits,
            compress_settings,
        )
        self.segments = segments
        self._settings = tuple(sorted(self.compress_settings.items()))

    def encode(self, frame: Frame) -> Frame:
        """Compress an outgoing frame: a whole text frame carrying a picture by splicing, any
        other as :class:`PerMessageDeflate` does."""
        data = frame.data
        if (
            frame.opcode is not Opcode.TEXT
            or not frame.fin
            or self.local_no_context_takeover
            or not isinstance(data, bytes)
            or len(data) < SMALLEST_PICTURE
        ):
            return super().encode(frame)
        span = picture_span(data)
        if span is None:
            return super().encode(frame)
        tag, start, last = span
        bounded = ends_frame if last else well_bounded
        key = (tag, self.local_max_window_bits, self._settings)
        segment = self.segments.find(key)
        if segment is None:
            end = len(data) - 1 if last else string_end(data, start)
            if end < 0 or end - start < SMALLEST_PICTURE or not bounded(data, start, end):
                return super().encode(frame)
            if last and encoded_tag(memoryview(data)[start:end]).encode() != tag:
                return super().encode(frame)
            deflated = deflate_alone(data[start:end], self.local_max_window_bits, self._kwargs())
            segment = Segment(end - start, deflated)
            self.segments.keep(key, segment)
        end = start + segment.length
        if not bounded(data, start, end):
            return super().encode(frame)
        encoder = self.encoder
        head = encoder.compress(data[:start]) + encoder.flush(zlib.Z_FULL_FLUSH)
        tail = encoder.compress(data[end:]) + encoder.flush(zlib.Z_SYNC_FLUSH)
        if not tail.endswith(EMPTY_STORED_BLOCK):  # zlib always ends a sync flush so
            raise AssertionError("a sync flush without its empty stored block")
        return Frame(
            frame.opcode,
            b"".join((head, segment.deflated, tail[:-4])),
            frame.fin,
            True,
            frame.rsv2,
            frame.rsv3,
        )

    def _kwargs(self) -> dict[str, Any]:
        return dict(self._settings)
