"""Tournaments and simulations on a Ray cluster (extra ``ray``).

::

    from boardkit.adapters.ray import ray_executor
    from boardkit.runner.tournament import run_tournament

    with ray_executor(num_cpus=2) as executor:   # or address="ray://head:10001"
        summary = run_tournament("nim", ["random", "greedy"], 20, seed=1, executor=executor)

:class:`RayExecutor` is a :class:`concurrent.futures.Executor` whose ``submit`` runs the call as
a Ray task (``ray.remote``) and returns the task's ``concurrent.futures.Future``; so
:func:`boardkit.runner.tournament.run_tournament` and :func:`boardkit.runner.simulate.simulate` run
on Ray through their ``executor`` parameter, unchanged. Results for a seed are identical to a local
run: every game depends only on its seed.

A cluster that cannot be joined or started is one :class:`RayStartError` naming the address and
the reason (``boardkit tournament --backend ray`` prints it as one line): an address given as
``host:port`` or ``ray://host:port`` is first tried with a plain connection of a few seconds, so an
address where nothing listens fails at once instead of after Ray's minutes of retries and its
pages of log lines.

Limits: the workers must be able to import boardkit and the games (the same environment on
every node); a game passed as an object, not by name, is pickled to the workers. Ray's old
"local mode" no longer exists: a local cluster (``ray.init(num_cpus=...)``) is started instead,
which takes a few seconds.
"""

from __future__ import annotations

import inspect
import logging
import socket
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future
from contextlib import contextmanager
from typing import Any, ParamSpec, TypeVar

from boardkit.errors import BoardkitError
from boardkit.extras import needs_extra

with needs_extra("ray", "boardkit.adapters.ray"):
    import ray

__all__ = ["CONNECT_TIMEOUT", "RayExecutor", "RayStartError", "ray_executor"]

CONNECT_TIMEOUT = 5.0
"""Seconds the first plain connection to a cluster's ``host:port`` may take."""


class RayStartError(BoardkitError):
    """Ray could not join the cluster at an address, or start a local one; the message names
    the address and the reason in one line."""


P = ParamSpec("P")
T = TypeVar("T")


def _as_python_function(fn: Callable[P, T]) -> Callable[P, T]:
    """``fn`` itself when it is a Python function, else a Python function that calls it.

    ``ray.remote`` takes only Python functions and classes; in the compiled build, boardkit's
    compiled functions (the ``simulate`` and tournament workers) are built-in functions to it.
    The wrapper pickles ``fn`` by reference, as a process pool does."""
    if inspect.isfunction(fn):
        return fn

    def call(*args: P.args, **kwargs: P.kwargs) -> T:
        return fn(*args, **kwargs)

    return call


class RayExecutor(Executor):
    """Runs each submitted call as a Ray task on the cluster ``ray.init`` connected to."""

    def __init__(self) -> None:
        self._remote: dict[Callable[..., Any], Any] = {}

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        remote = self._remote.get(fn)
        if remote is None:
            remote = self._remote[fn] = ray.remote(_as_python_function(fn))
        future: Future[T] = remote.remote(*args, **kwargs).future()
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Nothing to release: the cluster outlives the executor (see :func:`ray_executor`)."""


def _reachable(address: str) -> None:
    """Refuse an address of the form ``[ray://]host:port`` where nothing answers; ``"auto"``
    (and any other form Ray reads itself) is left to Ray."""
    if address in ("auto", "local"):
        return
    where = address.removeprefix("ray://")
    host, colon, port = where.rpartition(":")
    if not colon or not host:
        raise RayStartError(f"the address {address!r} is not auto, host:port or ray://host:port")
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise RayStartError(f"the address {address!r} has no valid port: {port!r}")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_TIMEOUT):
            pass
    except OSError as exc:
        reason = exc.strerror or str(exc) or type(exc).__name__
        raise RayStartError(f"cannot reach a Ray cluster at {address}: {reason}") from None


def _first_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


@contextmanager
def ray_executor(address: str | None = None, num_cpus: int | None = None) -> Iterator[RayExecutor]:
    """A :class:`RayExecutor` on a cluster: joins the one at ``address`` (``"auto"``, or
    ``"ray://host:port"``), or starts a local one with ``num_cpus`` CPUs, and shuts down what it
    started on exit. Reuses a connection that is already open.

    Raises :class:`RayStartError` when the cluster cannot be reached or started (see the
    module docstring).
    """
    started = False
    if not ray.is_initialized():
        if address:
            _reachable(address)
        try:
            ray.init(
                address=address,
                num_cpus=None if address else num_cpus,
                include_dashboard=False,
                logging_level=logging.ERROR,
                log_to_driver=False,
            )
        except Exception as exc:  # Ray raises many kinds: ConnectionError, TimeoutError, ...
            what = f"join the Ray cluster at {address}" if address else "start a local Ray cluster"
            raise RayStartError(
                f"could not {what}: {type(exc).__name__}: {_first_line(exc)}"
            ) from exc
        started = True
    try:
        yield RayExecutor()
    finally:
        if started:
            ray.shutdown()
