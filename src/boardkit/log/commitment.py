"""Commit and reveal: a log's seed is fixed before the game by a commitment in its header.

The header of a full log holds the seed (a decimal string), a 16-byte salt and
``seed_commitment``, the SHA-256 of :data:`COMMITMENT_TAG`, the salt and the seed's 16 bytes. A
log *redacted* for a player or a spectator holds the commitment and the viewer, but neither the
seed nor the salt: its reader learns nothing about the secret randomness, and can check the full
log once it is revealed (:func:`boardkit.log.redaction.check_redaction`). See docs/fair-play.md.
"""

from __future__ import annotations

import hashlib
import secrets

from boardkit.rng import seed_bytes

COMMITMENT_TAG = b"boardkit.seed-commitment.v1\x00"
"""The domain tag that starts the bytes hashed into a seed commitment."""
SALT_BYTES = 16
"""The length of a log's salt."""


# --- commitment ----------------------------------------------------------------------------------


def seed_commitment(seed: int, salt: bytes) -> str:
    """The commitment to ``seed``: hex SHA-256 of the domain tag, the salt and the seed bytes."""
    return hashlib.sha256(COMMITMENT_TAG + salt + seed_bytes(seed)).hexdigest()


def new_salt() -> bytes:
    """A fresh salt from the operating system's secure generator."""
    return secrets.token_bytes(SALT_BYTES)


def pinned_salt(seed: int) -> bytes:
    """The salt used with a pinned seed: derived from the seed, so pinned runs are reproducible.

    A pinned seed is for reproducibility, not secrecy; its salt hides nothing either.
    """
    return hashlib.blake2b(
        b"salt", digest_size=SALT_BYTES, key=seed_bytes(seed), person=b"boardkit.salt.v1"
    ).digest()
