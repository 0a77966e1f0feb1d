"""``boardkit serve``: networked play in the browser, with an authoritative server.

Install with the ``server`` extra (``pip install "boardkit[server]"``). :func:`create_app` gives
the ASGI application; ``boardkit serve`` runs it on uvicorn. See docs/server.md.

The modules, one concern each: :mod:`.app` (HTTP routes and the application), :mod:`.protocol`
(WebSocket messages and limits), :mod:`.session` (one connection), :mod:`.service` (the
authority over matches: a façade over :mod:`.live` (one match in memory), :mod:`.loading`
(matches loaded and verified on first use), :mod:`.lobby` (new matches, seat names, list rows),
:mod:`.moves` (moves checked and committed), :mod:`.seats` (seats that change hands, and the
clocks of :mod:`.clocks`), :mod:`.leases` (bots' moves, bot leases, unloading), :mod:`.undo`
(undo by consent), :mod:`.players` (player keys) and :mod:`.webhooks` ("your turn")),
:mod:`.views` (what one seat may know, as JSON), :mod:`.pictures` (pictures kept and drawn off
the event loop), :mod:`.bots` (bots on worker threads), :mod:`.notify` (fan-out to
connections), :mod:`.tokens` (seat tokens), :mod:`.storage` (SQLite and PostgreSQL, versioned
schema), :mod:`.limits` (connection and request limits), :mod:`.metrics` (Prometheus),
:mod:`.command` (the CLI command), :mod:`.logs` (the log output's formats).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from boardkit.server.app import create_app

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    """``create_app``, imported on first use: ``boardkit serve``'s parser (and so the whole
    ``boardkit`` command) must load without the server's extra installed."""
    if name == "create_app":
        from boardkit.server.app import create_app

        return create_app
    raise AttributeError(f"module 'boardkit.server' has no attribute {name!r}")
