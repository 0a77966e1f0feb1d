"""The match service is a façade over one module per concern: the names that lived in
``boardkit.server.service`` before the split still answer from there, with a warning that
names their module, and the modules import only downwards (tests/test_layers.py checks the
floors; this checks the service's own order)."""

from __future__ import annotations

import importlib

import pytest

from tests.test_layers import import_graph

MOVED = {
    "LiveMatch": "boardkit.server.live",
    "server_bot": "boardkit.server.leases",
    "MAX_NAME": "boardkit.server.lobby",
    "clean_name": "boardkit.server.lobby",
    "distinct_name": "boardkit.server.lobby",
}


@pytest.mark.parametrize(("name", "module"), sorted(MOVED.items()))
def test_a_moved_name_still_answers_from_the_service_with_a_warning(name: str, module: str) -> None:
    service = importlib.import_module("boardkit.server.service")
    with pytest.warns(
        DeprecationWarning,
        match=rf"boardkit\.server\.service\.{name} moved to {module}\.{name} in 0\.2\.0",
    ) as seen:
        value = getattr(service, name)
    assert value is getattr(importlib.import_module(module), name)
    assert seen[0].filename == __file__  # the line that asked, not the forwarding code


def test_an_unknown_name_of_the_service_is_an_attribute_error() -> None:
    service = importlib.import_module("boardkit.server.service")
    with pytest.raises(AttributeError, match="no_such_name"):
        service.no_such_name  # noqa: B018


@pytest.mark.slow  # over half a second of CPU (measured with the fast suite)
def test_the_service_modules_import_only_downwards() -> None:
    order = ["live", "seats", "loading", "lobby", "moves", "leases", "service"]
    graph = import_graph()
    for i, name in enumerate(order):
        above = {f"boardkit.server.{n}" for n in order[i + 1 :]}
        assert not graph[f"boardkit.server.{name}"] & above, name
    assert {f"boardkit.server.{n}" for n in order[:-1]} <= graph["boardkit.server.service"]
