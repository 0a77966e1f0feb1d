"""A finished match whose game changed since it was stored: its history is still shown, from its
stored events, marked as not verified and read-only; a running one is not resumed."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

import pytest
from starlette.testclient import TestClient

from boardkit import Config, Rng, registry
from boardkit.examples.nim import NimGame, NimState, StarterDrawn
from boardkit.flow import decider
from boardkit.server.app import create_app
from boardkit.server.errors import ProtocolError, StorageError
from boardkit.server.live import LiveMatch
from boardkit.server.service import MatchService
from boardkit.server.storage import make_storage
from boardkit.server.views import state_message


class ChangingNim(NimGame):
    """Nim whose setup a test changes between storing a match and loading it again."""

    name = "changing-nim"
    swapped: ClassVar[bool] = False
    """Whether the setup draws the other starter (the rules change)."""

    def setup(self, state: NimState, config: Config, rng: Rng) -> Sequence[object]:
        (drawn,) = super().setup(state, config, rng)
        assert isinstance(drawn, StarterDrawn)
        return [StarterDrawn(1 - drawn.player)] if self.swapped else [drawn]


@pytest.fixture(autouse=True)
def _registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """ChangingNim loadable by its name, for each test of this module only."""
    monkeypatch.setattr(registry, "_registered", dict(registry._registered))
    registry.register(ChangingNim)


def _service(data: Path) -> MatchService:
    return MatchService(make_storage(None, data), think_ms=0, gc_sweep_every=None)


async def _stored(data: Path, moves: int | None) -> tuple[str, list[Any]]:
    """A two-person match of ChangingNim, played to its end (or ``moves`` moves), stored; its
    id and its states."""
    service = _service(data)
    await service.start()
    live = await service.create("changing-nim", [{"human": True}] * 2)
    for name in ("ann", "bob"):
        await service.join(live.id, None, name)
    while not live.states[-1].flow.ended and (moves is None or live.length <= moves):
        seat = decider(live.states[-1].flow)
        assert seat is not None
        await service.act(live.id, seat, live.length - 1, 0)
    states = list(live.states)
    await service.stop()
    return live.id, states


@pytest.mark.parametrize("version", ["1.0", "2.0"])
def test_a_finished_match_whose_rules_changed_is_shown_unverified(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    version: str,
) -> None:
    """Under the same version (a change without a bump) or a new major: either way the stored
    events are what is shown."""

    async def main() -> None:
        match_id, states = await _stored(tmp_path, None)
        monkeypatch.setattr(ChangingNim, "swapped", True)
        monkeypatch.setattr(ChangingNim, "version", version)
        service = _service(tmp_path)
        await service.start()
        live = await service.live(match_id)
        assert not live.verified and live.note is not None
        assert "played under Nim 1.0;" in live.note
        assert f"({version})" in live.note and "not verified, read-only" in live.note
        assert live.states == states  # the stored history, folded as it was recorded
        summary = live.summary()
        assert summary["verified"] is False and summary["note"] == live.note
        frame = state_message(live, 0, -1, svg=False, full=True)
        assert frame["verified"] is False and frame["note"] == live.note
        assert frame["over"] and frame["result"]["winners"]
        assert len(frame["entries"]) == len(states) and frame["legal"] == []
        with pytest.raises(ProtocolError):
            await service.act(match_id, 0, live.length - 1, 0)
        header = json.loads(live.log_json(None, full=True))["header"]
        assert header["game_version"] == "1.0"  # the version that wrote it, as stored
        await service.stop()

    asyncio.run(main())
    (record,) = [r for r in caplog.records if "does not replay:" in r.getMessage()]
    assert record.levelno == logging.ERROR  # the operator learns why
    assert vars(record)["game"] == "changing-nim"


def test_the_page_api_marks_the_unverified_match(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id, _ = asyncio.run(_stored(tmp_path / "data", None))
    monkeypatch.setattr(ChangingNim, "swapped", True)
    with TestClient(create_app(data_dir=tmp_path / "data", think_ms=0)) as client:
        answer = client.get(f"/api/matches/{match_id}").json()
        assert answer["verified"] is False and "not verified" in answer["note"]
        with client.websocket_connect("/ws") as ws:
            ws.send_text(json.dumps({"type": "hello", "match": match_id}))
            frames = [json.loads(ws.receive_text()) for _ in range(2)]
        state = next(f for f in frames if f["type"] == "state")
        assert state["verified"] is False and state["note"] == answer["note"]


def test_a_verified_match_says_so(tmp_path: Path) -> None:
    async def main() -> None:
        match_id, _ = await _stored(tmp_path, None)
        service = _service(tmp_path)
        await service.start()
        live: LiveMatch = await service.live(match_id)
        assert live.verified and live.note is None
        assert live.summary()["verified"] is True and "note" not in live.summary()
        assert state_message(live, None, -1, svg=False, full=True)["verified"] is True
        await service.stop()

    asyncio.run(main())


def test_a_running_match_whose_rules_changed_is_not_resumed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def main() -> None:
        match_id, _ = await _stored(tmp_path, 2)
        monkeypatch.setattr(ChangingNim, "swapped", True)
        service = _service(tmp_path)
        await service.start()
        with pytest.raises(StorageError, match="does not replay"):
            await service.live(match_id)
        await service.stop()

    asyncio.run(main())
