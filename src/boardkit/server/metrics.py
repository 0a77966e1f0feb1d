"""What the server counts, for Prometheus: ``GET /metrics`` serves it in the text format.

Each application has its own :class:`ServerMetrics`, with its own registry (never
``prometheus_client``'s global one): two applications in one process, as in tests or an
application that mounts two servers, count apart.

- ``boardkit_matches_loaded`` (gauge): matches held in this process's memory;
- ``boardkit_connections_open`` (gauge): WebSocket connections open now;
- ``boardkit_actions_total{game, by}`` (counter): entries committed by this process, ``by`` a
  ``player`` or a ``bot``;
- ``boardkit_refusals_total{code}`` (counter): messages and requests refused, by error code
  (``stale``, ``not_your_turn``, ``rate_limited``, ``not_found``, …);
- ``boardkit_action_latency_seconds{game}`` (histogram): a player's ``act``, from the frame
  received to its entry committed and announced to every connection of the match;
- ``boardkit_bot_queue`` (gauge): bot moves started and not yet committed (thinking, or waiting
  for a bot thread);
- ``boardkit_picture_seconds`` (histogram): time to draw one picture, on a drawing thread;
- ``boardkit_pictures_total{found}`` (counter): pictures asked for, ``found`` ``yes`` in the
  cache or ``no`` (drawn);
- ``boardkit_pictures_kept`` (gauge): pictures in the cache now;
- ``boardkit_listening`` (gauge): 1 while the process hears the other processes' changes, 0
  while its listening connection is lost or it resyncs after getting it back (always 1 with a
  database only one process uses);
- ``boardkit_listen_reconnects_total`` (counter): how often the listening connection was lost
  and got back;
- ``boardkit_event_loop_lag_seconds`` (histogram): how late the event loop woke a timer due every
  50 ms (:mod:`boardkit.server.pauses`): what any move waited, there and then, before the loop
  got to it;
- ``boardkit_gc_pause_seconds{generation}`` (histogram): each garbage collection, which stops
  every thread of the process;
- ``boardkit_db_commit_seconds`` (histogram): each write transaction of the storage, from its
  start to its commit returning (:mod:`boardkit.server.storage.work`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from boardkit.extras import needs_extra

with needs_extra("server", "boardkit.server.metrics"):
    from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
    from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
    from prometheus_client.registry import Collector

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
"""The media type of Prometheus' text format."""

LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
PICTURE_BUCKETS = (0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0)
LAG_BUCKETS = (0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0)
PAUSE_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0)


class _Sampled(Collector):
    """The figures read when scraped rather than counted as they change."""

    def __init__(self) -> None:
        self.matches: Callable[[], int] = lambda: 0
        self.bot_queue: Callable[[], int] = lambda: 0
        self.pictures: Callable[[], tuple[int, int, int]] = lambda: (0, 0, 0)
        self.listening: Callable[[], tuple[bool, int]] = lambda: (True, 0)

    def collect(self) -> Iterator[Metric]:
        yield GaugeMetricFamily(
            "boardkit_matches_loaded", "Matches held in this process's memory.", self.matches()
        )
        yield GaugeMetricFamily(
            "boardkit_bot_queue",
            "Bot moves started and not yet committed (thinking or waiting for a thread).",
            self.bot_queue(),
        )
        hits, misses, kept = self.pictures()
        asked = CounterMetricFamily(
            "boardkit_pictures", "Pictures asked for, found in the cache or not.", labels=["found"]
        )
        asked.add_metric(["yes"], hits)
        asked.add_metric(["no"], misses)
        yield asked
        yield GaugeMetricFamily("boardkit_pictures_kept", "Pictures in the cache now.", kept)
        hearing, reconnects = self.listening()
        yield GaugeMetricFamily(
            "boardkit_listening",
            "1 while this process hears the other processes' changes, else 0.",
            1 if hearing else 0,
        )
        yield CounterMetricFamily(
            "boardkit_listen_reconnects",
            "How often the listening connection was lost and got back.",
            reconnects,
        )


class ServerMetrics:
    """The counters of one server application, in a registry of its own."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.sampled = _Sampled()
        """Set its callables to what the figures are read from (the match service does)."""
        self.registry.register(self.sampled)
        self.connections = Gauge(
            "boardkit_connections_open", "WebSocket connections open now.", registry=self.registry
        )
        self.actions = Counter(
            "boardkit_actions",
            "Entries committed by this process, by game and by a player or a bot.",
            ["game", "by"],
            registry=self.registry,
        )
        self.bot_choices = Counter(
            "boardkit_bot_choices",
            "Bot choices this process started (with several processes, only the match's bot "
            "lease holder starts them).",
            ["game"],
            registry=self.registry,
        )
        self.refusals = Counter(
            "boardkit_refusals",
            "Messages and requests refused, by error code.",
            ["code"],
            registry=self.registry,
        )
        self.action_latency = Histogram(
            "boardkit_action_latency_seconds",
            "A player's act, from the frame received to its entry committed and announced.",
            ["game"],
            buckets=LATENCY_BUCKETS,
            registry=self.registry,
        )
        self.picture_seconds = Histogram(
            "boardkit_picture_seconds",
            "Time to draw one picture, on a drawing thread.",
            buckets=PICTURE_BUCKETS,
            registry=self.registry,
        )

        self.loop_lag = Histogram(
            "boardkit_event_loop_lag_seconds",
            "How late the event loop woke a timer due every 50 ms.",
            buckets=LAG_BUCKETS,
            registry=self.registry,
        )
        self.gc_pauses = Histogram(
            "boardkit_gc_pause_seconds",
            "Each garbage collection (it stops every thread of the process), by generation.",
            ["generation"],
            buckets=PAUSE_BUCKETS,
            registry=self.registry,
        )
        self._gc_generations = tuple(self.gc_pauses.labels(generation=str(n)) for n in range(3))
        self.db_commits = Histogram(
            "boardkit_db_commit_seconds",
            "Each write transaction of the storage, from its start to its commit returning.",
            buckets=PAUSE_BUCKETS,
            registry=self.registry,
        )

    def collected(self, generation: int, seconds: float) -> None:
        """One garbage collection of ``generation`` took ``seconds`` (from any thread)."""
        self._gc_generations[generation].observe(seconds)

    def picture_drawn(self, seconds: float) -> None:
        """One picture was drawn in ``seconds`` (called from the drawing threads)."""
        self.picture_seconds.observe(seconds)

    def refused(self, code: str) -> None:
        """One message or request was refused with ``code``."""
        self.refusals.labels(code=code).inc()

    def text(self) -> bytes:
        """Everything, in Prometheus' text format."""
        return bytes(generate_latest(self.registry))
