"""The WebSocket protocol: message types, their validation, and the limits per connection.

Every frame is one JSON object with a ``type``. A client sends:

``hello``  ``{"type": "hello", "match": ID, "token": TOKEN?, "svg": true?, "lang": TAG?}``
    First message of a connection: bind it to a match, as the seat of ``token`` or (without
    one) as a spectator. ``svg: false`` asks for no pictures (clients that draw their own).
    ``lang`` is the reader's language as a BCP 47 tag (``de``, ``nl-BE``, what a browser's
    ``navigator.language`` gives): the narration, the legal actions' texts, the outcome and
    the refusals this connection is sent are rendered in it (:func:`reader_language`; a
    language boardkit has no texts in reads English, as does a connection that names none).
``lang``   ``{"type": "lang", "lang": TAG}``: read in another language from now on; answered
    with a full ``state`` in it.
``act``    ``{"type": "act", "seq": N, "index": I}`` or ``{"type": "act", "seq": N, "text": T}``
    Play legal action ``I`` of the list the server sent with entry ``N`` (the last entry the
    client saw), or the legal action the text ``T`` names, as a person typed it (read by
    :meth:`Game.parse_action <boardkit.game.Game.parse_action>`: the action's text, case and
    spaces aside, or an unambiguous start of it; at most :data:`MAX_TEXT` characters). A stale
    ``N`` is answered with ``error`` (code ``stale``) and a full ``state``; a text that names
    no legal action, or several, with ``error`` code ``bad_text`` and its ``candidates``.
``sync``   ``{"type": "sync"}``: send me everything again (a full ``state``).
``view``   ``{"type": "view", "seq": K, "have": TAG?}``: the picture after entry ``K`` (time
    travel). ``have`` is the ``svg_tag`` of the picture of entry ``K`` the client kept from an
    earlier answer: when it is still the picture, the answer carries the tag without the picture.
``ping``   ``{"type": "ping"}``: answered with ``pong``.
``undo_ask``, ``undo_answer``: undo by consent (:mod:`boardkit.server.undo`).
``leave``  ``{"type": "leave"}``: the seat's player leaves; a bot plays the seat meanwhile.
``return`` ``{"type": "return"}``: the holder of the seat's token takes the seat back.

The server sends ``welcome``, ``state``, ``view``, ``undo``, ``error`` and ``pong`` (see
:mod:`boardkit.server.views` for ``state``; docs/server.md for every field).

Limits (:class:`boardkit.server.limits.Limits`, also importable from here): a frame larger than
:attr:`Limits.max_message` bytes is refused with an error (the connection stays open); more than
:attr:`Limits.rate` messages per second on average (bursts up to :attr:`Limits.burst`) are
refused likewise, and ``view`` requests past :attr:`Limits.views_per_second` with an error of
code ``limit``. Errors name what was wrong in bounded text and never
repeat a token.
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

from boardkit.errors import InvalidOptionsError, shorten
from boardkit.i18n import ENGLISH, normal_language
from boardkit.server.errors import ProtocolError
from boardkit.server.limits import Limits as Limits  # also importable from here
from boardkit.server.undo import UNDO_TYPES, parse_undo

_MATCH_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""What a match id looks like (the server makes 16 hex digits): anything else names no match,
and is refused before it reaches a lookup (a lone surrogate, say, cannot even be encoded)."""

_LANGUAGE_TAG = re.compile(r"[A-Za-z]{2,8}(?:[-_][A-Za-z0-9]{1,8})*")
"""What a language tag looks like (BCP 47's shape, ``_`` allowed as in locale names): a
primary language subtag of letters, then subtags of letters and digits."""

_TAG = re.compile(r"[0-9a-f]{1,64}")
"""What a picture's tag looks like (:func:`boardkit.server.pictures.picture_tag`: hex digits)."""

MAX_LANGUAGE_TAG = 35
"""The longest language tag accepted, in characters (BCP 47 asks implementations for 35)."""

CLIENT_TYPES = (
    "hello",
    "act",
    "sync",
    "view",
    "ping",
    "lang",
    "leave",
    "return",
    *UNDO_TYPES,
)
"""The message types a client may send."""

MAX_TEXT = 400
"""The longest action text an ``act`` may carry, in characters (Khan's longest is under 80)."""


class RateLimiter:
    """A token bucket: :meth:`allow` is ``False`` when the connection sends too fast."""

    def __init__(self, limits: Limits) -> None:
        self._rate = limits.rate
        self._burst = float(limits.burst)
        self._tokens = float(limits.burst)
        self._last = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self._tokens = min(self._burst, self._tokens + (now - self._last) * self._rate)
        self._last = now
        if self._tokens < 1.0:
            return False
        self._tokens -= 1.0
        return True


def _int_field(message: dict[str, Any], key: str, *, minimum: int = 0) -> int:
    value = message.get(key)
    if type(value) is not int or value < minimum or value > 10**9:
        raise ProtocolError(
            f"{message['type']}: field {key!r} must be an int ≥ {minimum}, not {shorten(value, 40)}"
        )
    return value


def _only(message: dict[str, Any], allowed: tuple[str, ...]) -> None:
    extra = sorted(set(message) - {"type", *allowed})
    if extra:
        raise ProtocolError(
            f"{message['type']}: unknown field {shorten(extra[0], 40)}; fields: "
            + (", ".join(allowed) or "none")
        )


def reader_language(tag: object, kind: str = "hello") -> str:
    """The language a connection reads for the tag ``tag`` it sent: one boardkit has texts in
    (:data:`boardkit.i18n.LANGUAGES`, region and script aside: ``de-AT`` reads ``de``), else
    English. A tag that is not a language tag at all (not a string, empty, too long, with
    other characters) is a :class:`ProtocolError` of code ``bad_lang``."""
    if not isinstance(tag, str) or len(tag) > MAX_LANGUAGE_TAG or not _LANGUAGE_TAG.fullmatch(tag):
        raise ProtocolError(
            f"{kind}: field 'lang' must be a language tag such as 'de' or 'nl-BE' (at most "
            f"{MAX_LANGUAGE_TAG} characters), not {shorten(tag, 40)}",
            "bad_lang",
        )
    try:
        return normal_language(tag)
    except InvalidOptionsError:
        return ENGLISH


def parse_message(raw: str | bytes, limits: Limits) -> dict[str, Any]:
    """A client frame as a checked message, or a :class:`ProtocolError` saying what is wrong.

    Checks the size before decoding, the JSON, the type, and each field's exact type; the
    ``token`` of a ``hello`` is returned as given (checked by the caller, never echoed).
    """
    try:
        size = len(raw.encode("utf-8")) if isinstance(raw, str) else len(raw)
    except UnicodeEncodeError:  # a lone surrogate: no WebSocket text frame carries one
        raise ProtocolError("message is not valid UTF-8 text", "bad_json") from None
    if size > limits.max_message:
        raise ProtocolError(
            f"message of {size} bytes is larger than the limit of {limits.max_message}", "too_big"
        )
    try:
        message = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("message is not valid JSON", "bad_json") from None
    if not isinstance(message, dict):
        raise ProtocolError("a message is a JSON object with a 'type'", "bad_json")
    kind = message.get("type")
    if kind not in CLIENT_TYPES:
        raise ProtocolError(
            f"unknown message type {shorten(kind, 40)}; types: {', '.join(CLIENT_TYPES)}",
            "unknown_type",
        )
    if kind == "hello":
        _only(message, ("match", "token", "svg", "lang"))
        match = message.get("match")
        if not isinstance(match, str) or not _MATCH_ID.fullmatch(match):
            raise ProtocolError(
                "hello: field 'match' must be a match id (1 to 64 letters, digits, '-' or '_')"
            )
        token = message.get("token")
        if token is not None and not isinstance(token, str):
            raise ProtocolError("hello: field 'token' must be a string", "bad_token")
        svg = message.get("svg", True)
        if type(svg) is not bool:
            raise ProtocolError("hello: field 'svg' must be true or false")
        lang = reader_language(message["lang"]) if "lang" in message else ENGLISH
        return {"type": kind, "match": match, "token": token, "svg": svg, "lang": lang}
    if kind == "lang":
        _only(message, ("lang",))
        return {"type": kind, "lang": reader_language(message.get("lang"), kind)}
    if kind == "act":
        _only(message, ("seq", "index", "text"))
        if ("index" in message) == ("text" in message):
            raise ProtocolError("act: give either 'index' or 'text' (the action's text)")
        text = message.get("text")
        if "text" in message and (not isinstance(text, str) or len(text) > MAX_TEXT):
            raise ProtocolError(
                f"act: field 'text' must be a string of at most {MAX_TEXT} characters, not "
                f"{shorten(text, 40)}"
            )
        return {
            "type": kind,
            "seq": _int_field(message, "seq"),
            "index": _int_field(message, "index") if "index" in message else None,
            "text": text,
        }
    if kind in UNDO_TYPES:
        return parse_undo(message)
    if kind == "view":
        _only(message, ("seq", "have"))
        have = message.get("have")
        if "have" in message and (not isinstance(have, str) or not _TAG.fullmatch(have)):
            raise ProtocolError(
                f"view: field 'have' must be the svg_tag of a picture you were sent, not "
                f"{shorten(have, 40)}"
            )
        return {"type": kind, "seq": _int_field(message, "seq"), "have": have}
    _only(message, ())
    return {"type": kind}


def error_message(exc: ProtocolError, **extra: object) -> dict[str, Any]:
    """The ``error`` frame for ``exc``."""
    return {"type": "error", "code": exc.code, "message": str(exc), **extra}
