"""Player keys: one secret that stands for a person across matches, without accounts.

The browser makes a player key once (32 random bytes, URL-safe, kept in its local storage; the
person can copy it to another device) and sends it when joining a seat. The server never stores
the key: it stores the key's SHA-256 beside the seat (:func:`player_hash`), so that "my matches"
finds every seat the key took, and it derives the seat's token from the key
(:func:`seat_token`, an HMAC of the match and seat), so that whoever holds the key can get every
one of its seats' tokens back on another device (:meth:`MatchService.my_matches
<boardkit.server.service.MatchService.my_matches>`). A seat joined without a key gets a random
token, as before. A copy of the database holds hashes only: it lets nobody list or play a
player's seats.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re

_KEY = re.compile(r"[A-Za-z0-9_-]{32,128}")


def well_formed_key(key: object) -> bool:
    """Whether ``key`` looks like a player key (32 to 128 URL-safe characters)."""
    return isinstance(key, str) and _KEY.fullmatch(key) is not None


def player_hash(key: str) -> str:
    """The hex SHA-256 the server stores for a player key (apart from seat tokens' hashes)."""
    return hashlib.sha256(b"boardkit player key:" + key.encode("ascii")).hexdigest()


def seat_token(key: str, match_id: str, seat: int) -> str:
    """The token of ``seat`` of ``match_id`` for the holder of ``key``: 43 URL-safe characters,
    a well-formed seat token (:func:`boardkit.server.tokens.well_formed`)."""
    digest = hmac.new(key.encode("ascii"), f"{match_id}:{seat}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode("ascii").rstrip("=")
