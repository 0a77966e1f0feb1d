"""Seat tokens: the secret that lets its holder act for one seat of one match.

A token is 32 random bytes from the operating system (:func:`secrets.token_urlsafe`), shown to
the player once, when they join. The server stores only its SHA-256 (a token has 256 bits of
entropy, so a fast hash is enough: there is nothing to brute-force), and compares hashes, so a
copy of the database lets nobody act for a seat.
"""

from __future__ import annotations

import hashlib
import re
import secrets

TOKEN_BYTES = 32
_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,128}")


def new_token() -> str:
    """A fresh seat token (43 URL-safe characters)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    """The hex SHA-256 the server stores for ``token``."""
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def well_formed(token: object) -> bool:
    """Whether ``token`` looks like a token at all (checked before hashing anything)."""
    return isinstance(token, str) and _TOKEN.fullmatch(token) is not None
