"""Memory of one server process over many bot matches (issue 24: "10,000 bot matches through
one process with memory flat").

Plays ``--matches`` bot matches one after another through one :class:`MatchService` on a
SQLite file (random bots, bots' think time 0, ``--game`` with ``--players``), with the
service's own unloader running as it does in ``boardkit serve`` (``--unload-after`` seconds
of idleness; a match ends, nobody follows it, the unloader drops it). Every ``--every``
matches it prints the matches played, the matches still in memory, the process's resident
memory (``/proc/self/statm``: what the operating system gives the process) and the memory
Python's allocator holds (``sys.getallocatedblocks``), after a full collection. Memory is
flat when the late rows hold what the early ones held, give or take the allocator's
rounding; the last line gives the growth from the first row to the last, per 1,000 matches.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import sys
import tempfile
import time
from pathlib import Path

from boardkit.server.service import MatchService
from boardkit.server.storage import make_storage


def resident_mb() -> float:
    """The process's resident memory in MB (Linux ``/proc/self/statm``)."""
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 1e6


async def play(args: argparse.Namespace, data: Path) -> list[tuple[int, int, float, int, float]]:
    service = MatchService(
        make_storage(None, data), think_ms=0, gc_sweep_every=None, unload_after=args.unload_after
    )
    await service.start()
    rows: list[tuple[int, int, float, int, float]] = []
    started = time.perf_counter()
    seats = [{"bot": "random"}] * args.players
    options = {"stones": args.stones} if args.game == "nim" else {}
    for played in range(1, args.matches + 1):
        live = await service.create(args.game, seats, options)
        while live.status == "running":
            await asyncio.sleep(0.0005)
        if played % args.every == 0:
            await asyncio.sleep(args.unload_after * 2)  # let the unloader pass once more
            gc.collect()
            loaded = service.metrics.sampled.matches()
            row = (
                played,
                loaded,
                resident_mb(),
                sys.getallocatedblocks(),
                time.perf_counter() - started,
            )
            rows.append(row)
            print(
                f"{played:>8,} {loaded:>7} {row[2]:>12.1f} {row[3]:>15,} {row[4]:>9.1f}",
                flush=True,
            )
    await service.stop()
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--every", type=int, default=1_000)
    parser.add_argument("--game", default="nim")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--stones", type=int, default=21, help="Nim's pile (nim only)")
    parser.add_argument("--unload-after", type=float, default=0.05)
    args = parser.parse_args(argv)
    if args.every < 1 or args.matches < args.every:
        parser.error("--every must be at least 1 and at most --matches")
    print(f"{args.matches:,} {args.game} {args.players}p bot matches through one service (SQLite)")
    print(f"{'matches':>8} {'loaded':>7} {'resident MB':>12} {'Python blocks':>15} {'seconds':>9}")
    with tempfile.TemporaryDirectory() as folder:
        rows = asyncio.run(play(args, Path(folder)))
    first, last = rows[0], rows[-1]
    if last[0] > first[0]:
        per_k = 1000 / (last[0] - first[0])
        print(
            f"growth from {first[0]:,} to {last[0]:,} matches, per 1,000 matches: "
            f"{(last[2] - first[2]) * per_k:+.2f} MB resident, "
            f"{(last[3] - first[3]) * per_k:+,.0f} Python blocks"
        )
    print(f"load {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
