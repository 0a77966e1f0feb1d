"""Group commit: appends queued together share one transaction, and each hears its own fate."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import pytest

from boardkit.server.errors import ConflictError, StorageError
from boardkit.server.storage.group import GroupCommit, Row


class FakeBackEnd:
    """Records the groups it was given; refuses rows whose entry is 99; fails when told."""

    def __init__(self) -> None:
        self.groups: list[list[Row]] = []
        self.committed: list[Row] = []
        self.fail = False

    async def commit_group(self, rows: Sequence[Row]) -> list[ConflictError | None]:
        await asyncio.sleep(0.01)  # the transaction takes a while: others queue meanwhile
        self.groups.append(list(rows))
        if self.fail:
            raise StorageError("the disk is full")
        outcomes: list[ConflictError | None] = []
        for row in rows:
            if row[1] == 99:
                outcomes.append(ConflictError("not the next entry"))
            else:
                self.committed.append(row)
                outcomes.append(None)
        return outcomes


def test_appends_queued_meanwhile_share_the_next_transaction() -> None:
    async def main() -> None:
        back = FakeBackEnd()
        group = GroupCommit(back.commit_group)
        first = asyncio.create_task(group.append(("m0", 1, "e", "running", None, None)))
        await asyncio.sleep(0)  # the first transaction is under way
        rest = [group.append((f"m{i}", 1, "e", "running", None, None)) for i in range(1, 6)]
        results = await asyncio.gather(
            first,
            *rest,
            group.append(("bad", 99, "e", "running", None, None)),
            return_exceptions=True,
        )
        assert results[:6] == [None] * 6
        assert isinstance(results[6], ConflictError)
        assert [len(g) for g in back.groups] == [1, 6]
        assert group.groups == 2
        assert {row[0] for row in back.committed} == {f"m{i}" for i in range(6)}

    asyncio.run(main())


def test_a_failed_transaction_fails_every_append_of_its_group_and_the_next_go_on() -> None:
    async def main() -> None:
        back = FakeBackEnd()
        group = GroupCommit(back.commit_group)
        back.fail = True
        results = await asyncio.gather(
            *(group.append((f"m{i}", 1, "e", "running", None, None)) for i in range(3)),
            return_exceptions=True,
        )
        assert all(isinstance(r, StorageError) for r in results)
        back.fail = False
        await group.append(("m0", 1, "e", "running", None, None))
        assert back.committed == [("m0", 1, "e", "running", None, None)]

    asyncio.run(main())


def test_a_lone_append_waits_for_no_one() -> None:
    async def main() -> None:
        back = FakeBackEnd()
        group = GroupCommit(back.commit_group)
        await asyncio.wait_for(group.append(("m0", 1, "e", "running", None, None)), 1)
        assert back.groups == [[("m0", 1, "e", "running", None, None)]]
        with pytest.raises(ConflictError):
            await group.append(("m0", 99, "e", "running", None, None))

    asyncio.run(main())
