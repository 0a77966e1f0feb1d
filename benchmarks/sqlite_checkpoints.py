"""SQLite's commits with its WAL checkpoints inside a commit, and with them on a thread.

Drives :class:`~boardkit.server.storage.sqlite.SQLiteStorage` alone (no server, no clients),
as the server under ``benchmarks/server_load.py`` does: ``--matches`` matches, each appending an
entry (``--entry`` bytes of JSON) and replacing its header (``--header`` bytes: the clocks) after
a think time of 0.5 to 1.5 times ``--think-ms``, for ``--seconds``; the appends that meet share
a transaction (group commit), as in the server. Two modes, in turn, ``--rounds`` times each,
each on a fresh database in a temporary folder (``--dir`` to choose the disk):

- ``auto``: SQLite's own checkpoints, run inside whichever commit takes the WAL past 1000
  pages (``checkpoint_every=None``: how the server ran before);
- ``thread``: the writer's automatic checkpoints off and a ``PASSIVE`` checkpoint every
  second on a thread of its own (:mod:`boardkit.server.storage.checkpoints`, the default now).

Prints per run: appends per second, the write transactions' time (p50, p99, largest; the
database thread's own time, :attr:`~boardkit.server.storage.base.Storage.work`), the appends'
time as their callers wait for it (p99, largest: queueing behind a slow commit included),
transactions of 50 ms or more, the checkpoints that found pages to copy (how many and the
longest, on the checkpoint thread and on the database thread), and the WAL's size at the end;
and the machine's load average (``uptime``'s first figure).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from boardkit.server.storage import MatchRecord, SeatRecord
from boardkit.server.storage.sqlite import SQLiteStorage


def _text(size: int, rng: random.Random) -> str:
    return "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(size))


async def one_run(mode: str, options: argparse.Namespace, folder: Path) -> dict[str, Any]:
    storage = SQLiteStorage(
        folder / f"{mode}.sqlite3", checkpoint_every=None if mode == "auto" else 1.0
    )
    commits: list[float] = []
    checkpoints: list[float] = []
    storage.work.on_write = commits.append
    storage.work.on_checkpoint = lambda seconds, pages, thread: checkpoints.append(
        seconds if thread == "checkpoints" else -seconds
    )
    await storage.open()
    rng = random.Random(1)
    seats = (SeatRecord(0, "human", "ann"), SeatRecord(1, "human", "bob"))
    ids = [f"m{n}" for n in range(options.matches)]
    for match_id in ids:
        record = MatchRecord(match_id, "shangrila", "{}", seats, "running", 1.0, 0, 1)
        await storage.create_match(record, "{}")
    del commits[:]
    waits: list[float] = []
    # made beforehand: making them as it goes would take this process's CPU from the storage
    entries = [_text(options.entry, rng) for _ in range(64)]
    headers = [_text(options.header, rng) for _ in range(64)]
    end = time.perf_counter() + options.seconds

    async def play(match_id: str) -> None:
        seq = 1
        while time.perf_counter() < end:
            await asyncio.sleep(options.think_ms / 1000 * rng.uniform(0.5, 1.5))
            entry = f'{{"seq":{seq},"x":"{rng.choice(entries)}"}}'
            header = f'{{"clocks":"{rng.choice(headers)}"}}'
            started = time.perf_counter()
            await storage.append_entry(match_id, seq, entry, "running", header)
            waits.append(time.perf_counter() - started)
            seq += 1

    began = time.perf_counter()
    await asyncio.gather(*(play(match_id) for match_id in ids))
    elapsed = time.perf_counter() - began
    wal = folder / f"{mode}.sqlite3-wal"
    wal_bytes = wal.stat().st_size if wal.exists() else 0
    await storage.close()
    commits.sort()
    waits.sort()
    return {
        "rate": len(waits) / elapsed,
        "commit": [
            1000 * statistics.median(commits),
            1000 * commits[int(0.99 * (len(commits) - 1))],
            1000 * commits[-1],
        ],
        "wait": [1000 * waits[int(0.99 * (len(waits) - 1))], 1000 * waits[-1]],
        "slow": sum(1 for seconds in commits if seconds >= 0.05),
        "transactions": len(commits),
        "checkpoints": (
            sum(1 for s in checkpoints if s >= 0),
            1000 * max(checkpoints, default=0.0),
            sum(1 for s in checkpoints if s < 0),
            -1000 * min(checkpoints, default=0.0),
        ),
        "wal": wal_bytes / 1e6,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--think-ms", type=float, default=180.0)
    parser.add_argument("--entry", type=int, default=1500, metavar="BYTES")
    parser.add_argument("--header", type=int, default=1000, metavar="BYTES")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--dir", default=None, help="where the databases go (a temporary folder)")
    options = parser.parse_args()
    print(
        f"{'mode':<7} {'appends/s':>9} {'txns':>6} {'commit p50/p99/max ms':>22} "
        f"{'wait p99/max ms':>16} {'>=50ms':>6} {'ckpt thread/db (max ms)':>23} {'WAL MB':>7} "
        f"{'load':>5}"
    )
    for _ in range(options.rounds):
        for mode in ("auto", "thread"):
            with tempfile.TemporaryDirectory(dir=options.dir, prefix="boardkit-ckpt-") as tmp:
                row = asyncio.run(one_run(mode, options, Path(tmp)))
            p50, p99, largest = row["commit"]
            wait99, wait_max = row["wait"]
            count, longest, on_db, longest_on_db = row["checkpoints"]
            print(
                f"{mode:<7} {row['rate']:>9.0f} {row['transactions']:>6} "
                f"{p50:>7.2f}/{p99:>6.1f}/{largest:>6.0f} {wait99:>7.1f}/{wait_max:>7.0f} "
                f"{row['slow']:>6} {count:>5} ({longest:>4.0f}) {on_db:>4} ({longest_on_db:>4.0f}) "
                f"{row['wal']:>7.1f} "
                f"{os.getloadavg()[0]:>5.1f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
