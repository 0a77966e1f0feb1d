"""Legal actions' items kept across positions for games whose texts read no state
(:mod:`boardkit.server.actionitems`): the same JSON, built once per action."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from boardkit.flow import decider
from boardkit.server.actionitems import ActionItems
from boardkit.server.live import LiveMatch
from boardkit.server.service import MatchService
from boardkit.server.storage import make_storage
from boardkit.server.views import legal_text


def _afresh(live: LiveMatch, lang: str) -> str:
    """The legal list built with no item kept (the match's caches put back after)."""
    kept = live.action_items
    live.action_items, live.legal_for = ActionItems(limit=0), -1
    try:
        return legal_text(live, lang)
    finally:
        live.action_items, live.legal_for = kept, -1


def test_kept_items_give_the_same_legal_lists_as_items_built_afresh(tmp_path: Path) -> None:
    async def main() -> ActionItems:
        service = MatchService(make_storage(None, tmp_path / "data"), think_ms=0)
        await service.start()
        live = await service.create("shangrila", [{"human": True}] * 3)
        for i in range(3):
            await service.join(live.id, None, f"p{i}")
        assert live.action_items is service.action_items  # one table per server
        rng = random.Random(4)
        for _ in range(30):
            for lang in ("en", "de"):
                afresh = _afresh(live, lang)
                assert legal_text(live, lang) == afresh
            seat = decider(live.states[-1].flow)
            assert seat is not None
            index = rng.randrange(len(live.legal_actions()))
            await service.act(live.id, seat, live.length - 1, index)
        await service.stop()
        return service.action_items

    items = asyncio.run(main())
    assert items.hits > items.misses > 0  # actions recur across positions


def test_a_game_whose_texts_read_the_state_keeps_none(tmp_path: Path) -> None:
    async def main() -> tuple[str, ActionItems]:
        service = MatchService(make_storage(None, tmp_path / "data"), think_ms=0)
        await service.start()
        live = await service.create("khan", [{"human": True}] * 2)
        text = legal_text(live, "en")
        await service.stop()
        return text, service.action_items

    text, items = asyncio.run(main())
    assert text.startswith('[{"i":0,"path":')
    assert len(items) == 0 and items.hits == items.misses == 0


def test_the_table_is_bounded() -> None:
    items = ActionItems(limit=3)
    for n in range(7):
        items.put(object(), "en", n, f'"text":"{n}"')
        assert len(items) <= 3
    assert items.get(object(), "en", 6) is not None  # the same class: found
    assert items.get(1, "en", 6) is None  # another game class: not found
    assert items.hits == items.misses == 1
    none = ActionItems(limit=0)
    none.put(object(), "en", 1, '"text":"1"')
    assert len(none) == 0
