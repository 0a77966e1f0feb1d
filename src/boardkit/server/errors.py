"""The server's errors: each a :class:`boardkit.errors.BoardkitError` with a short ``code``.

A client sees ``code`` and the message (see :mod:`boardkit.server.protocol`); messages never repeat
a token, a seed or another seat's secret, and repeat client input only through
:func:`boardkit.errors.shorten`.
"""

from __future__ import annotations

from boardkit.errors import BoardkitError


class ServerError(BoardkitError):
    """Base class of the server's errors; ``code`` names the kind for clients."""

    code = "server_error"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code


class ProtocolError(ServerError):
    """A client's request is malformed, not allowed, or not possible now.

    ``candidates``, for an action text that names no legal action or several (code
    ``bad_text``), are the action texts the message names; the error frame carries them.
    """

    code = "bad_request"
    candidates: tuple[str, ...] | None = None

    def __init__(
        self,
        message: str,
        code: str | None = None,
        candidates: tuple[str, ...] | None = None,
    ) -> None:
        super().__init__(message, code)
        if candidates is not None:
            self.candidates = candidates


class NotFoundError(ProtocolError):
    """No such match (or seat)."""

    code = "not_found"


class AuthError(ProtocolError):
    """A seat token is missing, unknown, or not for this match."""

    code = "bad_token"


class StorageError(ServerError):
    """The database refused or failed an operation."""

    code = "storage"


class ConflictError(StorageError):
    """Another writer appended the same entry first (another process, or a race)."""

    code = "conflict"


class OutOfTimeError(ProtocolError):
    """A move came too late: the seat's time ran out and the match's policy was applied (a bot
    took the seat, or the seat forfeited) before the move could be stored."""

    code = "out_of_time"
