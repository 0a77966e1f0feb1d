"""The training tests fit networks of a few dozen weights: torch's default of one thread per
core spends more CPU waiting on its threads than computing (about 2.3× the CPU time of one
thread for these tests on a 2-core machine), and pytest-xdist already runs a worker per core."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True, scope="session")
def _one_torch_thread() -> Iterator[None]:
    import torch

    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(threads)
