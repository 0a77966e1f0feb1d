"""``--backend process|ray [--address A]`` for ``boardkit tournament`` and ``boardkit simulate``.

The parsing lives here so that the commands add two lines each: :func:`add_backend_arguments`
declares the options, :func:`backend_executor` turns them into a
:class:`concurrent.futures.Executor`, or ``None`` for ``process``, each command's default (a
tournament's pool of ``--workers`` processes; a simulation in this process). The ``ray`` backend
needs the ``ray`` extra; without ``--address`` it starts a local cluster with ``--workers`` CPUs
(when the command has that option and it is given).
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from boardkit.errors import InvalidOptionsError

if TYPE_CHECKING:
    from concurrent.futures import Executor


BACKENDS = ("process", "ray")


def add_backend_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare ``--backend`` and ``--address`` on a command's parser."""
    parser.add_argument(
        "--backend",
        choices=BACKENDS,
        default="process",
        help="where the games run: worker processes on this machine (default) or a Ray cluster",
    )
    parser.add_argument(
        "--address",
        metavar="A",
        help="with --backend ray: the cluster to join (e.g. auto, ray://host:10001); "
        "default: start a local one",
    )


@contextmanager
def backend_executor(args: argparse.Namespace) -> Iterator[Executor | None]:
    """The executor the parsed ``args`` ask for; ``None`` leaves the command's default."""
    backend = getattr(args, "backend", "process")
    address = getattr(args, "address", None)
    workers = getattr(args, "workers", None)
    if backend == "process":
        if address is not None:
            raise InvalidOptionsError("--address needs --backend ray")
        yield None
        return
    try:
        from boardkit.adapters.ray import ray_executor
    except ImportError:
        raise InvalidOptionsError("--backend ray needs Ray: pip install 'boardkit[ray]'") from None
    with ray_executor(address, workers) as executor:
        yield executor
