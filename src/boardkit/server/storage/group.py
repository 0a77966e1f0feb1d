"""Group commit: the appends that arrive while one transaction runs share the next one.

On a busy server every match appends entries, one at a time per match but many matches at
once. Committing each in its own transaction costs a round trip to the database thread or
server, a commit, and (for PostgreSQL) a pooled connection apiece. :class:`GroupCommit` queues
the appends instead: the first one starts a committer, which hands everything queued so far to
the back end's ``commit_group`` (one transaction), and then whatever queued meanwhile, until the
queue is empty. Nothing waits for a timer, so a lone append is committed at once.

The guarantee is unchanged: each caller's :meth:`GroupCommit.append` returns only after the
transaction holding its entry has committed; an append that conflicts fails alone (the back end
keeps it out of the group's transaction), and if the transaction fails, every caller of the group
gets the error and none of its entries is stored.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence

from boardkit.server.errors import ConflictError

Row = tuple[str, int, str, str, str | None, str | None]
"""One append: match id, entry number, entry JSON, the match's status afterwards, the match's
new stored header (``None``: unchanged), and the stored header it must still have (``None``:
any)."""

CommitGroup = Callable[[Sequence[Row]], Awaitable[list[ConflictError | None]]]
"""Stores every row in one transaction; per row, ``None`` or the conflict that kept it out."""


class GroupCommit:
    """Queues appends and commits them in groups through ``commit_group``."""

    def __init__(self, commit_group: CommitGroup) -> None:
        self._commit_group = commit_group
        self._queued: list[tuple[Row, asyncio.Future[None]]] = []
        self._committer: asyncio.Task[None] | None = None
        self.groups = 0
        """Transactions committed so far (for tests and curiosity)."""

    async def append(self, row: Row) -> None:
        """Store ``row``; returns once it is committed, raises what kept it out."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._queued.append((row, done))
        if self._committer is None:
            self._committer = loop.create_task(self._commit_queued())
        await done

    async def _commit_queued(self) -> None:
        try:
            while self._queued:
                group, self._queued = self._queued, []
                try:
                    outcomes = await self._commit_group([row for row, _ in group])
                except BaseException as exc:
                    for _, done in group:
                        if not done.done():
                            done.set_exception(exc)
                    if not isinstance(exc, Exception):
                        raise
                    continue
                self.groups += 1
                for (_, done), outcome in zip(group, outcomes, strict=True):
                    if done.done():
                        continue
                    if outcome is None:
                        done.set_result(None)
                    else:
                        done.set_exception(outcome)
        finally:
            self._committer = None
