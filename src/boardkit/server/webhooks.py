"""Notifications to a webhook: "it is your turn" for players who are not at the table.

A correspondence match goes on across days; its players are not watching the page. When a move
leaves a human seat owing a decision, the server that committed the move POSTs a small JSON
event to the operator's webhook (``boardkit serve --webhook URL``), which turns it into an
e-mail, a chat message or a push notification. The event carries no secret: no seat token, no
player key; it names the match, the seat, the player's name and the hash of the player's key
(:func:`boardkit.server.players.player_hash`), so that the operator can find whom to tell.

Each delivery is signed: ``X-Boardkit-Signature: sha256=HEX``, the HMAC-SHA256 of
``TIMESTAMP.BODY`` under the shared secret (``BOARDKIT_WEBHOOK_SECRET``), with the timestamp in
``X-Boardkit-Timestamp``, so the receiver can refuse forgeries and replays. A delivery that
fails (no answer, or a status outside 2xx) is retried after growing pauses; the same
``X-Boardkit-Delivery`` id marks every try, so a receiver can drop duplicates. Deliveries run on
a task of their own, never on a move's path; a full queue drops the oldest event with a
warning.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Callable, Mapping
from typing import Any

log = logging.getLogger("boardkit.server.webhooks")

RETRY_PAUSES = (1.0, 5.0, 30.0, 120.0)
"""Seconds before each retry of a failed delivery (four retries, then it is given up)."""

Post = Callable[[str, bytes, Mapping[str, str], float], int]
"""Sends one POST (url, body, headers, timeout) and returns the HTTP status; raises OSError when
there is no answer. The default uses :mod:`urllib.request`; tests pass their own."""


def signature(secret: str, timestamp: str, body: bytes) -> str:
    """The ``X-Boardkit-Signature`` value of ``body`` sent at ``timestamp``."""
    mac = hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256)
    return "sha256=" + mac.hexdigest()


def _post(url: str, body: bytes, headers: Mapping[str, str], timeout: float) -> int:
    request = urllib.request.Request(url, data=body, headers=dict(headers), method="POST")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return int(response.status)
    except urllib.error.HTTPError as exc:
        return int(exc.code)


class Webhook:
    """The deliveries to one webhook ``url``, signed with ``secret``."""

    def __init__(
        self,
        url: str,
        secret: str,
        *,
        pauses: tuple[float, ...] = RETRY_PAUSES,
        timeout: float = 10.0,
        queue_size: int = 10_000,
        post: Post = _post,
    ) -> None:
        if not url.startswith(("http://", "https://")):
            raise ValueError(f"a webhook is an http:// or https:// URL, not {url[:60]!r}")
        if not secret:
            raise ValueError("a webhook needs a secret to sign its deliveries")
        self.url = url
        self._secret = secret
        self._pauses = pauses
        self._timeout = timeout
        self._post = post
        self._queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue(queue_size)
        self._worker: asyncio.Task[None] | None = None
        self.delivered = 0
        """Events delivered (a 2xx answer)."""
        self.given_up = 0
        """Events given up after the last retry, or dropped from a full queue."""

    def start(self) -> None:
        """Start delivering (on the running event loop)."""
        if self._worker is None:
            self._worker = asyncio.create_task(self._deliver_all())

    async def close(self) -> None:
        """Stop delivering; events still queued are dropped."""
        if self._worker is not None:
            self._worker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._worker
            self._worker = None

    def your_turn(
        self, *, match: str, game: str, seat: int, name: str, player: str | None, entry: int
    ) -> None:
        """Queue the event that ``seat`` of ``match`` owes a decision after entry ``entry``.
        ``seat`` counts from 0, as the protocol does; ``player`` is the seat's player hash."""
        event = {
            "event": "your_turn",
            "match": match,
            "game": game,
            "seat": seat,
            "name": name,
            "player": player,
            "entry": entry,
            "path": f"/match/{match}",
        }
        if self._queue.full():
            dropped = self._queue.get_nowait()
            self.given_up += 1
            log.warning("webhook queue full: dropped the event of match %s", dropped["match"])
        self._queue.put_nowait(event)

    async def _deliver_all(self) -> None:
        while True:
            event = await self._queue.get()
            await self.deliver(event)

    async def deliver(self, event: Mapping[str, Any]) -> bool:
        """Deliver one event, retrying after :data:`RETRY_PAUSES`; whether it was taken."""
        body = json.dumps(event, separators=(",", ":")).encode()
        delivery = uuid.uuid4().hex
        for attempt, pause in enumerate((0.0, *self._pauses)):
            if pause:
                await asyncio.sleep(pause)
            timestamp = str(int(time.time()))
            headers = {
                "content-type": "application/json",
                "user-agent": "boardkit-webhook",
                "x-boardkit-event": str(event["event"]),
                "x-boardkit-delivery": delivery,
                "x-boardkit-timestamp": timestamp,
                "x-boardkit-signature": signature(self._secret, timestamp, body),
            }
            try:
                status = await asyncio.to_thread(self._post, self.url, body, headers, self._timeout)
            except OSError as exc:
                status, why = 0, str(exc) or type(exc).__name__
            else:
                why = f"HTTP {status}"
            if 200 <= status < 300:
                self.delivered += 1
                return True
            log.warning("webhook delivery %s, try %d: %s", delivery, attempt + 1, why)
        self.given_up += 1
        log.error("webhook delivery %s given up after %d tries", delivery, len(self._pauses) + 1)
        return False
