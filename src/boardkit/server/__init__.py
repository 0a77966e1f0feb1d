"""``boardkit serve``: networked play in the browser, with an authoritative server.

Install with the ``server`` extra (``pip install "boardkit[server]"``). :func:`create_app` gives
the ASGI application; ``boardkit serve`` runs it on uvicorn. See docs/server.md.

The modules, one concern each: :mod:`.app` (HTTP routes and the application), :mod:`.protocol`
(WebSocket messages and limits), :mod:`.session` (one connection), :mod:`.service` (the
authority over matches), :mod:`.views` (what one seat may know, as JSON), :mod:`.bots` (bots on
worker threads), :mod:`.notify` (fan-out to connections), :mod:`.tokens` (seat tokens),
:mod:`.storage` (SQLite and PostgreSQL, versioned schema), :mod:`.command` (the CLI command).
"""

from __future__ import annotations

from boardkit.server.app import create_app

__all__ = ["create_app"]
