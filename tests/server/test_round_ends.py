"""The page's frames carry the table each round ended on (an entry's ``rounds``), as each seat
may see it, so the page can show the moment the next prize covers."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from boardkit.flow import decider
from boardkit.rounds import find_round_end
from boardkit.server.service import MatchService
from boardkit.server.storage import make_storage
from boardkit.server.views import entry_text, state_message


def test_an_entry_that_ends_a_round_carries_the_table_then(tmp_path: Path) -> None:
    async def main() -> None:
        service = MatchService(make_storage(None, tmp_path), think_ms=0, gc_sweep_every=None)
        await service.start()
        live = await service.create("goofspiel", [{"human": True}] * 2)
        for name in ("ann", "bob"):
            await service.join(live.id, None, name)
        frames: list[dict[str, Any]] = []
        while live.length < 9:  # four rounds of two bids
            seat = decider(live.states[-1].flow)
            assert seat is not None
            await service.act(live.id, seat, live.length - 1, len(live.legal_actions()) - 1)
            frames.append(state_message(live, 0, live.length - 2, svg=True, full=False))
        game, match = live.game, live.match
        for round in (1, 2, 3, 4):
            end = find_round_end(match, round)
            for seat in (0, 1, None):
                entry = json.loads(entry_text(live, end.seq, seat))
                (shown,) = entry["rounds"]
                assert shown["round"] == round and shown["svg"] is None  # no picture: text
                assert shown["board"] == game.render_text(end.state, seat)
                assert shown["board"] != game.render_text(live.states[end.seq], seat)
                assert shown["summary"].startswith(f"round {round} of 13 is over: ")
                assert shown["summary"] in entry["lines"]
            you = json.loads(entry_text(live, end.seq, 0))["rounds"][0]["summary"]
            assert "you " in you and "ann" not in you
        # entries that end no round carry no "rounds"; each new one that does is in a frame
        assert "rounds" not in json.loads(entry_text(live, 1, 0))
        marked = [e["seq"] for f in frames for e in f["entries"] if "rounds" in e]
        assert marked == [find_round_end(match, r).seq for r in (1, 2, 3, 4)]
        await service.stop()

    asyncio.run(main())
