"""Load on ``boardkit serve``: many concurrent matches through real WebSocket clients.

Starts a real server process (``python -m boardkit serve``, bots' think time 0) on loopback and,
in this process (a separate one from the server's), an asyncio client per seat (the
``websockets`` package on uvloop, ``svg: false`` as a client that draws its own board would
ask; ``--svg`` asks for the pictures, as the browser page does): every match has all its seats
played by clients choosing random legal actions, so every action travels the whole way:
WebSocket frame, checks, rules, the database commit, and the fan-out to every seat of the
match. For each action the client measures the round trip from sending ``act`` to receiving
the state that holds its entry.

Prints, per back end: matches finished, actions, actions per second, p50, p99 and the largest
round trip in milliseconds (actions sent in the first ``--warmup`` seconds, while 300
connections open at once and every match starts in the same instant, are played but not in
the percentiles), the CPU time per action of the server process and of this client process
(from ``/proc``: unlike latency, hardly changed by other work on the machine), and the
machine's load average when the run began and ended (``uptime``'s first figure). Then, from
the server's ``/metrics`` at the end (its whole life, set-up included), its pauses: how many
event loop lags, garbage collections and commits it counted, how many of each took
100 ms or more, and the histogram bucket of the longest; and the lag warnings it logged
(``--lag-warning``). ``--metrics-out FILE`` keeps the whole scrape in ``FILE.BACKEND``.

Options: ``--matches N`` concurrent matches (100), ``--game NAME`` (shangrila), ``--players P``
(3), ``--backend sqlite|postgres|both`` (sqlite), ``--postgres URL`` (default: start a throwaway
PostgreSQL server, as the tests do, with ``fsync=off``; needs Debian's postgresql package),
``--seconds S`` stop after S seconds (120), ``--client-think-ms T`` each client waits about
T ms (0.5 to 1.5 times) before acting, as a person or a client-side bot would (0: act at once),
``--warmup S`` (2), ``--svg``, ``--no-compression`` and ``--compression-level N`` (passed on
to the server), ``--clock BANK+INC`` a real-time clock on every match (``300+5``: a bank of
300 s and 5 s more per move, each move switching the clock and storing it with the entry, as
issue 24's measure asks; the bank is large enough that no seat runs out during a run),
``--refill``: each match that ends is
replaced by a new one, created and joined over HTTP during the run, so that ``--matches``
matches are in play until ``--seconds`` are up (without it every match starts at once and the
run ends with the last, fewer and fewer matches playing towards the end; "finished" then counts
every match that ended, the replacements' too), ``--pin``: the server process on the first CPU
and this one on the second (Linux), so that neither takes the other's core, as on separate
machines (PostgreSQL's processes still run on either).

With think time 0 every match always has an action in flight: the server is saturated and, by
Little's law, the round trip is about (matches in flight) / (actions per second), queueing
included. A think time measures the latency of a server that is busy but not saturated.

Both the server and the clients run on this machine: on 2 cores they share the CPU (with
anything else running), so the figures are a floor for what the server alone could do.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of process ``pid`` so far (Linux ``/proc``; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def load_average() -> float:
    """The machine's one-minute load average (what ``uptime`` shows first)."""
    return os.getloadavg()[0]


@contextlib.contextmanager
def server(args: list[str], workdir: Path) -> Iterator[tuple[str, int]]:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log = open(workdir / "server.log", "ab")  # noqa: SIM115
    command = [
        sys.executable,
        "-m",
        "boardkit",
        "serve",
        "--port",
        str(port),
        "--think-ms",
        "0",
        "--rate-limit",
        "1000",
        # every client comes from loopback: lift the per-address limits
        "--max-connections-per-address",
        "100000",
        "--max-connections",
        "100000",
        "--creations-per-minute",
        "1000000",
    ]
    process = subprocess.Popen([*command, *args], stdout=log, stderr=subprocess.STDOUT)
    try:
        for _ in range(300):
            with (
                contextlib.suppress(OSError),
                urllib.request.urlopen(url + "/api/games", timeout=1),
            ):
                break
            time.sleep(0.1)
        yield url, process.pid
    finally:
        process.terminate()
        process.wait(20)
        log.close()


def post(url: str, body: object) -> Any:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


async def seat_client(
    ws_url: str,
    match_id: str,
    token: str,
    latencies: list[float],
    deadline: float,
    think: float = 0.0,
    svg: bool = False,
    measured_from: float = 0.0,
) -> int:
    """Play one seat to the end of its match; the number of actions it sent."""
    import orjson  # the server extra's JSON: parses frames several times faster than json
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    rng = random.Random()
    sent = 0
    async with connect(ws_url, max_size=2**24) as ws:
        hello = {"type": "hello", "match": match_id, "token": token, "svg": svg}
        await ws.send(json.dumps(hello))
        pending: tuple[int, float] | None = None
        while True:
            # A client stops at the first frame after the run's end; one whose match stopped
            # with the run (its next decider's client already gone) gets no more frames, so it
            # waits no longer than a second past the end.
            wait = max(deadline - time.perf_counter(), 0.0) + 1.0
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=wait)
            except (TimeoutError, ConnectionClosed):
                return sent
            now = time.perf_counter()
            message = orjson.loads(raw)
            if message["type"] != "state":
                continue
            if pending is not None and message["seq"] > pending[0]:
                if pending[1] >= measured_from:
                    latencies.append(now - pending[1])
                pending = None
            if message["over"] or now > deadline:
                return sent
            if message["legal"] and pending is None:
                if think:
                    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                index = rng.randrange(len(message["legal"]))
                await ws.send(json.dumps({"type": "act", "seq": message["seq"], "index": index}))
                pending = (message["seq"], time.perf_counter())
                sent += 1
    return sent


def new_match(url: str, options: argparse.Namespace) -> tuple[str, list[str]]:
    """Create a match and take every seat: its id and the seats' tokens."""
    seats = [{"human": True}] * options.players
    body: dict[str, object] = {"game": options.game, "seats": seats}
    if options.clock:
        bank, _, increment = options.clock.partition("+")
        body["clock"] = {
            "kind": "realtime",
            "bank": float(bank),
            "increment": float(increment or 0),
        }
    match_id = post(url + "/api/matches", body)["id"]
    tokens = [
        post(f"{url}/api/matches/{match_id}/join", {"name": f"p{i}"})["token"]
        for i in range(options.players)
    ]
    return match_id, tokens


def setup(url: str, options: argparse.Namespace) -> list[tuple[str, list[str]]]:
    """Create the matches and take every seat: (match id, seat tokens) per match."""
    return [new_match(url, options) for _ in range(options.matches)]


async def play(
    url: str, made: list[tuple[str, list[str]]], options: argparse.Namespace
) -> tuple[list[float], int, list[tuple[str, list[str]]]]:
    """Every seat of every match played by its own client; the latencies, the actions sent
    and the matches made to replace those that ended. With ``--refill`` each match that ends
    is followed by a new one in its place (created and joined over HTTP while the others play,
    as a lobby's would be) until the time is up, so that ``--matches`` matches are in play all
    the while."""
    latencies: list[float] = []
    ws_url = url.replace("http", "ws", 1) + "/ws"
    began = time.perf_counter()
    deadline, measured_from = began + options.seconds, began + options.warmup
    think = options.client_think_ms / 1000
    replacements: list[tuple[str, list[str]]] = []

    async def one(match: tuple[str, list[str]]) -> int:
        counts = await asyncio.gather(
            *(
                seat_client(
                    ws_url, match[0], token, latencies, deadline, think, options.svg, measured_from
                )
                for token in match[1]
            )
        )
        return sum(counts)

    async def slot(match: tuple[str, list[str]]) -> int:
        sent = await one(match)
        while options.refill and time.perf_counter() < deadline:
            match = await asyncio.to_thread(new_match, url, options)
            replacements.append(match)
            sent += await one(match)
        return sent

    counts = await asyncio.gather(*(slot(match) for match in made))
    return latencies, sum(counts), replacements


def measure(url: str, server_pid: int, options: argparse.Namespace) -> dict[str, Any]:
    """Set the matches up, then play them all at once and measure."""
    made = setup(url, options)
    # The clients' own garbage collections would count as server latency: keep them short
    # (what exists now lives to the end, and no collection needs to scan it).
    gc.collect()
    gc.freeze()
    load_before = load_average()
    server_cpu, client_cpu = cpu_seconds(server_pid), time.process_time()
    began = time.perf_counter()
    with asyncio.Runner(loop_factory=_loop_factory()) as runner:
        latencies, actions, replaced = runner.run(play(url, made, options))
    # every action is sent before the run's end: a run cut by it (--refill) lasted --seconds
    elapsed = min(time.perf_counter() - began, options.seconds)
    server_cpu = cpu_seconds(server_pid) - server_cpu
    client_cpu = time.process_time() - client_cpu
    finished = sum(
        1
        for match_id, _ in [*made, *replaced]
        if json.loads(urllib.request.urlopen(f"{url}/api/matches/{match_id}").read())["status"]
        == "finished"
    )
    latencies.sort()
    return {
        "matches": options.matches,
        "finished": finished,
        "actions": actions,
        "seconds": elapsed,
        "p50": 1000 * statistics.median(latencies) if latencies else float("nan"),
        "p99": 1000 * latencies[int(0.99 * (len(latencies) - 1))] if latencies else float("nan"),
        "max": 1000 * latencies[-1] if latencies else float("nan"),
        "server_cpu": 1000 * server_cpu / max(1, actions),
        "client_cpu": 1000 * client_cpu / max(1, actions),
        "load": (load_before, load_average()),
        "metrics": urllib.request.urlopen(f"{url}/metrics").read().decode(),
    }


PAUSE_HISTOGRAMS = {
    "loop lag": "boardkit_event_loop_lag_seconds",
    "gc": "boardkit_gc_pause_seconds",
    "commit": "boardkit_db_commit_seconds",
}


def pauses(metrics: str) -> dict[str, tuple[int, int, str]]:
    """Per histogram of :data:`PAUSE_HISTOGRAMS` (the server's whole life, set-up included):
    how many were counted, how many took 100 ms or more, and the bucket the longest fell in
    (``<= 0.25`` s; labels such as the collector's generation summed)."""
    found = {}
    for title, name in PAUSE_HISTOGRAMS.items():
        buckets: dict[float, float] = {}
        for line in metrics.splitlines():
            if line.startswith(name + "_bucket{"):
                bound = line.split('le="', 1)[1].split('"', 1)[0]
                le = float("inf") if bound == "+Inf" else float(bound)
                buckets[le] = buckets.get(le, 0.0) + float(line.rsplit(" ", 1)[1])
        total = int(buckets.get(float("inf"), 0))
        longest = min((le for le, n in buckets.items() if n >= total), default=float("inf"))
        slow = total - int(buckets.get(0.1, total))
        found[title] = (total, slow, f"<= {longest:g} s")
    return found


def _server_options(options: argparse.Namespace) -> list[str]:
    if options.no_compression:
        return ["--no-compression"]
    if options.compression_level is not None:
        return ["--compression-level", str(options.compression_level)]
    return []


def _loop_factory() -> Any:
    """uvloop's event loop where installed (the server uses it too), else asyncio's."""
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


def pin(server_pid: int) -> None:
    """The server process (every thread it has) on the first CPU, this client process on the
    second: on a 2-core machine each has a core of its own, as a server and its remote players
    would (Linux only; other processes, PostgreSQL's among them, still run on either)."""
    cpus = sorted(os.sched_getaffinity(0))
    if len(cpus) < 2:
        raise SystemExit("--pin needs at least two CPUs")
    for task in Path(f"/proc/{server_pid}/task").iterdir():
        os.sched_setaffinity(int(task.name), {cpus[0]})
    os.sched_setaffinity(0, {cpus[1]})


def run_backend(name: str, options: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="boardkit-load-") as tmp:
        work = Path(tmp)
        if name == "sqlite":
            args = ["--data", str(work / "data"), *_server_options(options)]
            with server(args, work) as (url, pid):
                if options.pin:
                    pin(pid)
                row = measure(url, pid, options)
            row["warnings"] = lag_warnings(work)
            return row
        with contextlib.ExitStack() as stack:
            dsn = options.postgres
            if dsn is None:
                from tests.server.system import new_database, postgres_server

                dsn = new_database(stack.enter_context(postgres_server()))
            url, pid = stack.enter_context(server(["--db", dsn, *_server_options(options)], work))
            if options.pin:
                pin(pid)
            row = measure(url, pid, options)
        row["warnings"] = lag_warnings(work)
        return row


def lag_warnings(workdir: Path) -> list[str]:
    """The server's warnings that its event loop woke late (``--lag-warning``)."""
    text = (workdir / "server.log").read_text(errors="replace")
    return [line for line in text.splitlines() if "event loop woke" in line]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--game", default="shangrila")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--backend", choices=["sqlite", "postgres", "both"], default="sqlite")
    parser.add_argument("--postgres", default=None, metavar="URL")
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--client-think-ms", type=float, default=0.0)
    parser.add_argument("--svg", action="store_true")
    parser.add_argument("--warmup", type=float, default=2.0)
    parser.add_argument("--no-compression", action="store_true")
    parser.add_argument("--compression-level", type=int, default=None, metavar="1-9")
    parser.add_argument("--clock", default=None, metavar="BANK+INC", help="e.g. 300+5")
    parser.add_argument(
        "--refill", action="store_true", help="replace each finished match by a new one"
    )
    parser.add_argument(
        "--pin", action="store_true", help="the server on the first CPU, the clients on the second"
    )
    parser.add_argument(
        "--metrics-out",
        default=None,
        metavar="FILE",
        help="write the server's /metrics at the end to FILE.BACKEND",
    )
    options = parser.parse_args()
    backends = ["sqlite", "postgres"] if options.backend == "both" else [options.backend]
    if options.clock:
        print(f"clock on every match: {options.clock} (real time, bank + increment in seconds)")
    print(
        f"{'backend':<10} {'matches':>8} {'finished':>9} {'actions':>8} {'actions/s':>10} "
        f"{'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} {'server CPU':>11} {'client CPU':>11} "
        f"{'load':>10}"
    )
    for name in backends:
        row = run_backend(name, options)
        rate = row["actions"] / row["seconds"]
        load = f"{row['load'][0]:.1f}-{row['load'][1]:.1f}"
        print(
            f"{name:<10} {row['matches']:>8} {row['finished']:>9} {row['actions']:>8} "
            f"{rate:>10.0f} {row['p50']:>8.1f} {row['p99']:>8.1f} {row['max']:>8.0f} "
            f"{row['server_cpu']:>8.2f} ms {row['client_cpu']:>8.2f} ms {load:>10}",
            flush=True,
        )
        print(
            "  server pauses (count, 100 ms or more, longest): "
            + "; ".join(
                f"{title} {n}, {slow}, {longest}"
                for title, (n, slow, longest) in pauses(row["metrics"]).items()
            )
        )
        if options.metrics_out:
            Path(f"{options.metrics_out}.{name}").write_text(row["metrics"])
        for line in row["warnings"]:
            print("  " + line)


if __name__ == "__main__":
    main()
