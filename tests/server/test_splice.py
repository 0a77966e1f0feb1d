"""A spliced permessage-deflate stream (:mod:`boardkit.server.splice`) decodes, message after
message, to exactly the frames sent: through a plain zlib decompressor kept from message to
message as a browser keeps it, and through the ``websockets`` library's own client side.

The messages mix view and state frames (pictures repeated, so that most are spliced from the
cache, between entries repeated, so that the connection's compressor refers back across frames
and across the pictures) with frames of other shapes, under every window size and level zlib
offers a permessage-deflate server.
"""

from __future__ import annotations

import json
import zlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from websockets.extensions.permessage_deflate import PerMessageDeflate
from websockets.frames import Frame, Opcode

from boardkit.server.pictures import picture_tag
from boardkit.server.splice import (
    EMPTY_STORED_BLOCK,
    MARK_WITHIN,
    SMALLEST_PICTURE,
    SegmentCache,
    SplicingDeflate,
    deflate_alone,
    string_end,
)
from boardkit.server.views import encode
from tests.budget import examples

pieces = st.text(
    alphabet=st.sampled_from('<>="/\\ abcxyz019\n\té€😀') | st.characters(codec="utf-8"),
    min_size=1,
    max_size=30,
)
"""Bits of text with what JSON escapes, what UTF-8 takes several bytes for, and anything."""


@st.composite
def pictures(draw: Any) -> str:
    """A picture's JSON text as a frame carries it: an SVG of repeated bits, mostly longer than
    :data:`SMALLEST_PICTURE` (the shorter ones go the usual way)."""
    bits = draw(st.lists(pieces, min_size=1, max_size=6))
    size = draw(st.sampled_from([40, SMALLEST_PICTURE, 3000, 9000]))
    body, i = ["<svg>"], 0
    while sum(map(len, body)) < size:
        body.append(f'<g id="{i}">{bits[i % len(bits)]}</g>')
        i += 1
    return encode("".join(body) + "</svg>")


@st.composite
def conversations(draw: Any) -> list[bytes]:
    """The frames one connection sends: view and state frames of a few pictures and entries,
    each several times, and other frames between them (some with a tag's key and a picture
    where a splice must not take them)."""
    shown = draw(st.lists(pictures(), min_size=1, max_size=3))
    entries = draw(st.lists(pieces.map(lambda t: encode({"text": t * 20})), min_size=1, max_size=3))
    frames = []
    for kind, which, seq in draw(
        st.lists(
            st.tuples(
                st.sampled_from(
                    [
                        "view",
                        "last",
                        "tag",
                        "other",
                        "far",
                        "wrong tag",
                        "state",
                        "state, mark in a text",
                        "state, picture not last",
                        "state, picture nested",
                    ]
                ),
                st.integers(0, 5),
                st.integers(0, 10**6),
            ),
            min_size=1,
            max_size=12,
        )
    ):
        picture, entry = shown[which % len(shown)], entries[which % len(entries)]
        tag = picture_tag(picture)
        view = f'{{"type":"view","seq":{seq}'
        state = f'{{"type":"state","seq":{seq}'
        decoy = encode(f',"svg_tag":"{tag}","svg":{picture}')
        text = {
            "view": f'{view},"svg_tag":"{tag}","svg":{picture},"entry":{entry}}}',
            # the picture last in its object
            "last": f'{view},"entry":{entry},"svg_tag":"{tag}","svg":{picture}}}',
            "tag": f'{view},"svg_tag":"{tag}","entry":{entry}}}',
            "other": f'{{"type":"state","seq":{seq},"svg":{picture},"entries":[{entry}]}}',
            # a tag mark too far into the frame to be a view's
            "far": f'{view},"pad":"{"x" * MARK_WITHIN}","svg_tag":"{tag}","svg":{picture}}}',
            # a tag of another picture, one byte shorter (the server never sends one): a length
            # kept for either never lands on the other's end
            "wrong tag": f'{view},"svg_tag":"{tag}","svg":{picture[:-1]}x"}}',
            # a state frame, its picture with its tag the last members
            "state": f'{state},"entries":[{entry}],"svg_tag":"{tag}","svg":{picture}}}',
            # the mark inside a text (escaped there), the picture last without its tag
            "state, mark in a text": f'{state},"note":{decoy},"svg":{picture}}}',
            # the tag and picture, then one more member
            "state, picture not last": f'{state},"svg_tag":"{tag}","svg":{picture},"x":"y"}}',
            # the tag and picture last in an object inside the frame, not the frame's own
            "state, picture nested": f'{state},"x":{{"svg_tag":"{tag}","svg":{picture}}},"y":""}}',
        }[kind]
        frames.append(text.encode())
    return frames


def spliced(frames: list[bytes], window_bits: int, settings_: dict[str, Any]) -> list[bytes]:
    """``frames`` through a splicing extension with a context kept from frame to frame: each
    message's compressed bytes, as the wire carries them."""
    extension = SplicingDeflate(False, False, 15, window_bits, settings_, segments=SegmentCache())
    return [bytes(extension.encode(Frame(Opcode.TEXT, frame)).data) for frame in frames]


def zlib_decoded(messages: list[bytes], window_bits: int) -> list[bytes]:
    """``messages`` decompressed as a browser does: one raw inflater for the connection, each
    message completed with the empty stored block permessage-deflate leaves off."""
    inflater = zlib.decompressobj(wbits=-window_bits)
    return [inflater.decompress(message + EMPTY_STORED_BLOCK) for message in messages]


def library_decoded(messages: list[bytes], window_bits: int) -> list[bytes]:
    """``messages`` through the ``websockets`` library's client side of permessage-deflate."""
    client = PerMessageDeflate(False, False, window_bits, 15)
    return [
        bytes(client.decode(Frame(Opcode.TEXT, message, rsv1=True)).data) for message in messages
    ]


@settings(max_examples=examples(200))
@given(
    frames=conversations(),
    window_bits=st.integers(9, 15),
    level=st.integers(1, 9),
    memory=st.integers(1, 9),
)
def test_every_spliced_message_decodes_to_its_frame(
    frames: list[bytes], window_bits: int, level: int, memory: int
) -> None:
    messages = spliced(frames, window_bits, {"level": level, "memLevel": memory})
    assert zlib_decoded(messages, window_bits) == frames
    assert library_decoded(messages, window_bits) == frames


def _view(seq: int, picture: str, entry: str) -> bytes:
    head = f'{{"type":"view","seq":{seq},"svg_tag":"{picture_tag(picture)}"'
    return f'{head},"svg":{picture},"entry":{entry}}}'.encode()


CIRCLES = "".join(f'<circle r="{i % 17}" cx="{i}"/>' for i in range(600))
PICTURE = encode(f"<svg>{CIRCLES}</svg>")
ENTRY = encode({"text": "ann places a master in the guild of the dyers", "items": list(range(90))})


def test_a_picture_is_compressed_once_for_every_connection_and_frame() -> None:
    """Two connections (one with smaller windows) share a cache: each picture is compressed
    once per window size, spliced after that, and every message still decodes."""
    segments = SegmentCache()
    other = encode("<svg>" + "<rect/>" * 400 + "</svg>")
    frames = [_view(seq, [PICTURE, other][seq % 2], ENTRY) for seq in range(20)]
    for window_bits in (12, 10, 12):
        extension = SplicingDeflate(
            False, False, 15, window_bits, {"level": 1, "memLevel": 5}, segments=segments
        )
        messages = [bytes(extension.encode(Frame(Opcode.TEXT, f)).data) for f in frames]
        assert zlib_decoded(messages, window_bits) == frames
        # the bytes before the picture end with the full flush's empty stored block
        assert all(EMPTY_STORED_BLOCK in message[:80] for message in messages)
    assert (segments.misses, segments.hits, len(segments)) == (4, 56, 4)


def test_a_spliced_frame_costs_the_wire_about_what_it_did() -> None:
    """Compressed on its own, a picture takes about the bytes it took compressed in its frame:
    the splice adds two flushes (some ten bytes) and loses the few matches into the frames
    before."""
    frames = [_view(seq, PICTURE, ENTRY) for seq in range(10)]
    settings_ = {"level": 1, "memLevel": 5}
    plain = PerMessageDeflate(False, False, 15, 12, settings_)
    usual = sum(len(plain.encode(Frame(Opcode.TEXT, f)).data) for f in frames)
    ours = sum(map(len, spliced(frames, 12, settings_)))
    assert ours < usual * 1.03 + 20 * len(frames)


@pytest.mark.parametrize(
    "frame",
    [
        _view(1, encode("<svg>" + "<g/>" * 50 + "</svg>"), ENTRY),  # a small picture
        b'{"type":"view","seq":1,"svg_tag":"0123","entry":' + ENTRY.encode() * 40 + b"}",
        b'{"type":"view","seq":1,"svg_tag":"0123","svg":"<svg' + b"x" * 5000,  # no end
    ],
    ids=["small picture", "tag alone", "unfinished picture"],
)
def test_a_frame_of_another_shape_goes_the_usual_way(frame: bytes) -> None:
    settings_ = {"level": 1, "memLevel": 5}
    segments = SegmentCache()
    extension = SplicingDeflate(False, False, 15, 12, settings_, segments=segments)
    usual = PerMessageDeflate(False, False, 15, 12, settings_)
    ours = extension.encode(Frame(Opcode.TEXT, frame))
    assert ours.data == usual.encode(Frame(Opcode.TEXT, frame)).data and ours.rsv1
    assert len(segments) == 0


def _state(seq: int, picture: str, entry: str, tail: str = "") -> bytes:
    """A state frame as the server sends it with pictures: the picture and its tag last (unless
    ``tail`` adds members after them)."""
    head = f'{{"type":"state","full":false,"seq":{seq},"entries":[{entry}],"result":null'
    return f'{head},"svg_tag":"{picture_tag(picture)}","svg":{picture}{tail}}}'.encode()


def test_state_frames_to_spectators_and_a_later_view_share_one_compression() -> None:
    """Each move's state frame goes to every spectator, and a spectator later views that entry:
    each picture is compressed once for all of them, and every message decodes to its frame."""
    segments = SegmentCache()
    settings_ = {"level": 1, "memLevel": 5}
    spectators = [
        SplicingDeflate(False, False, 15, 12, settings_, segments=segments) for _ in range(5)
    ]
    shown = [PICTURE, encode("<svg>" + "<rect/>" * 400 + "</svg>")]
    frames = [_state(seq, picture, ENTRY) for seq, picture in enumerate(shown)]
    sent: list[list[bytes]] = [[] for _ in spectators]
    for frame in frames:
        for spectator, messages in zip(spectators, sent, strict=True):
            messages.append(bytes(spectator.encode(Frame(Opcode.TEXT, frame)).data))
    assert (segments.misses, segments.hits) == (2, 8)
    view = _view(0, shown[0], ENTRY)
    sent[0].append(bytes(spectators[0].encode(Frame(Opcode.TEXT, view)).data))
    assert (segments.misses, segments.hits) == (2, 9)  # the view's picture: the state frame's
    for n, messages in enumerate(sent):
        expected = frames + ([view] if n == 0 else [])
        assert zlib_decoded(messages, 12) == expected
        assert library_decoded(messages, 12) == expected
    # each message carries its picture as compressed once, on its own
    alone = deflate_alone(shown[0].encode(), 12, settings_)
    assert all(alone in messages[0] for messages in sent) and alone in sent[0][-1]


@pytest.mark.parametrize("cached", [False, True], ids=["picture new", "picture kept"])
@pytest.mark.parametrize(
    "frame",
    [
        _state(1, PICTURE, ENTRY, tail=',"x":"y"'),  # a member after the picture
        _state(1, PICTURE, ENTRY, tail=',"x":{"y":"z"}'),
        # the tag and picture last in an object inside the frame
        f'{{"type":"state","seq":1,"x":{{"svg_tag":"{picture_tag(PICTURE)}","svg":{PICTURE}}},'
        '"y":"z"}'.encode(),
        # the mark and picture inside a text: escaped, so not found
        f'{{"type":"state","seq":1,"note":{encode(_state(1, PICTURE, ENTRY).decode())}}}'.encode(),
        # the picture in a frame that is not a state frame (nor a view)
        b'{"type":"other"' + _state(1, PICTURE, ENTRY)[len(b'{"type":"state"') :],
        # the picture last without its tag
        f'{{"type":"state","seq":1,"entries":[{ENTRY}],"svg":{PICTURE}}}'.encode(),
        b'{"type":"state","seq":1,"svg_tag":"0123","svg":null}',
        # the picture last, but not the one its tag names (shorter: a kept length misses its end)
        f'{{"type":"state","seq":1,"svg_tag":"{picture_tag(PICTURE)}","svg":{PICTURE[:-8]}"}}'.encode(),
    ],
    ids=[
        *("member after", "object after", "nested", "in a text", "other type", "no tag", "null"),
        "another picture's tag",
    ],
)
def test_a_state_frame_whose_picture_is_not_its_last_member_goes_the_usual_way(
    frame: bytes, cached: bool
) -> None:
    settings_ = {"level": 1, "memLevel": 5}
    segments = SegmentCache()
    extension = SplicingDeflate(False, False, 15, 12, settings_, segments=segments)
    messages = []
    if cached:  # the picture kept from a view: its length must still land on the frame's end
        messages.append(bytes(extension.encode(Frame(Opcode.TEXT, _view(0, PICTURE, ENTRY))).data))
    # the usual way: the frame through the connection's compressor as it stands, sync-flushed
    usual = extension.encoder.copy()
    expected = (usual.compress(frame) + usual.flush(zlib.Z_SYNC_FLUSH))[:-4]
    messages.append(bytes(extension.encode(Frame(Opcode.TEXT, frame)).data))
    assert messages[-1] == expected
    assert segments.misses == int(cached)
    assert zlib_decoded(messages, 12)[-1] == frame


def test_without_context_takeover_every_message_goes_the_usual_way() -> None:
    settings_ = {"level": 1, "memLevel": 5}
    segments = SegmentCache()
    extension = SplicingDeflate(False, True, 15, 12, settings_, segments=segments)
    frame = _view(3, PICTURE, ENTRY)
    messages = [bytes(extension.encode(Frame(Opcode.TEXT, frame)).data) for _ in range(3)]
    assert [zlib.decompressobj(wbits=-12).decompress(m + EMPTY_STORED_BLOCK) for m in messages] == [
        frame
    ] * 3
    assert len(segments) == 0


def test_the_cache_keeps_the_most_recently_used() -> None:
    segments = SegmentCache(size=2)
    settings_ = {"level": 1, "memLevel": 5}
    extension = SplicingDeflate(False, False, 15, 12, settings_, segments=segments)
    shown = [encode(f"<svg>{'<g/>' * 300}{n}</svg>") for n in range(3)]
    for n in (0, 1, 0, 2, 0, 1):  # 1 is the least recently used when 2 comes in
        extension.encode(Frame(Opcode.TEXT, _view(n, shown[n], ENTRY)))
    assert (segments.misses, segments.hits, len(segments)) == (4, 2, 2)
    with pytest.raises(ValueError, match="0 or more segments"):
        SegmentCache(size=-1)


READER = json.JSONDecoder(strict=False)
"""A JSON reader that takes control characters inside strings, as :func:`string_end` does."""


@settings(max_examples=examples(400))
@given(
    text=st.text(alphabet=st.sampled_from('"\\,}ab/é') | st.characters(codec="utf-8"), max_size=40),
    rest=st.text(alphabet=st.sampled_from('"\\,}:]x'), max_size=8),
)
def test_a_pictures_end_is_where_a_json_reader_ends_it(text: str, rest: str) -> None:
    """:func:`string_end` finds a JSON string's closing quote as a JSON reader does when a ``,``
    or ``}`` follows it (else -1), whatever escapes and stray quotes come before or after."""
    head = b'{"svg":'
    body = encode(text).encode()
    data = head + body + rest.encode()
    expected = len(head) + len(body) if rest[:1] in (",", "}") and rest else -1
    assert string_end(data, len(head)) == expected
    # the text as it is, stray quotes and backslashes unescaped: read as a reader reads it
    raw = head + b'"' + text.encode() + b'"' + rest.encode()
    found = string_end(raw, len(head))
    try:  # Latin-1 keeps the byte offsets; no byte of a longer UTF-8 sequence is '"' or '\\'
        _, end = READER.raw_decode(raw.decode("latin-1"), len(head))
    except ValueError:  # a backslash before a letter JSON does not escape
        return
    assert found == (end if raw[end : end + 1] in (b",", b"}") else -1)
