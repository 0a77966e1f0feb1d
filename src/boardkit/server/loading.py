"""The matches a server process holds in memory, loaded from the database on first use.

:class:`LoadedMatches` maps match ids to :class:`~boardkit.server.live.LiveMatch`. A match not
held is loaded when first asked for (:meth:`LoadedMatches.live`): its stored log is replayed and
verified (the seed commitment included) under the installed rules, one loader per id at a time,
and its clocks go on from the state stored with its last change (:mod:`.clocks`).
A stored log that does not replay is remembered as broken and refused from then on without
another replay, except a finished match whose rules changed since: that one is shown from its
stored events, read-only, with a note that says so (:meth:`LoadedMatches.history_of`).
Unloading (:mod:`.leases`) drops matches from :attr:`LoadedMatches.loaded`.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable
from typing import Any

from boardkit.errors import BoardkitError
from boardkit.log import LOG_FORMAT_VERSION
from boardkit.match import Match
from boardkit.registry import load_game
from boardkit.server.actionitems import ActionItems
from boardkit.server.clocks import split_stored_header
from boardkit.server.errors import NotFoundError, StorageError
from boardkit.server.live import LiveMatch, compact
from boardkit.server.pictures import PictureCache
from boardkit.server.storage import FINISHED, MatchRecord, Storage

log = logging.getLogger("boardkit.server.loading")


class _Loading:
    """The lock of one match being loaded, and how many callers hold or wait for it."""

    def __init__(self) -> None:
        self.lock = asyncio.Lock()
        self.users = 0


class LoadedMatches:
    """The matches in this process's memory, by id.

    ``on_load`` is called with each match just loaded (the service starts its clock there).
    """

    def __init__(
        self,
        storage: Storage,
        pictures: PictureCache,
        on_load: Callable[[LiveMatch], None],
        action_items: ActionItems | None = None,
    ) -> None:
        self.storage = storage
        self.pictures = pictures
        self.action_items = ActionItems() if action_items is None else action_items
        """Legal actions' items the matches share (:mod:`boardkit.server.actionitems`)."""
        self.on_load = on_load
        self.loaded: dict[str, LiveMatch] = {}
        """The matches held now."""
        self.loading: dict[str, _Loading] = {}
        """The matches being loaded now, each with its lock (empty when none is)."""
        self.broken: set[str] = set()
        """Matches whose stored log does not replay (a rules change, a damaged database)."""

    def add(self, live: LiveMatch) -> None:
        """Hold a match made in this process (a new one)."""
        self.loaded[live.id] = live

    async def live(self, match_id: str) -> LiveMatch:
        """The match in memory, loaded (and verified) from the database on first use."""
        live = self.loaded.get(match_id)
        if live is not None:
            live.touched = time.monotonic()
            return live
        # One loader per id at a time; the lock is forgotten when its last user leaves, so
        # asking for many ids that name no match leaves nothing behind.
        loading = self.loading.get(match_id)
        if loading is None:
            loading = self.loading[match_id] = _Loading()
        loading.users += 1
        try:
            async with loading.lock:
                return await self._load(match_id)
        finally:
            loading.users -= 1
            if loading.users == 0:
                del self.loading[match_id]

    async def _load(self, match_id: str) -> LiveMatch:
        """Load ``match_id`` under its loading lock (a caller that waited finds it loaded)."""
        live = self.loaded.get(match_id)
        if live is not None:
            return live
        if match_id in self.broken:
            raise self.unloadable(match_id)
        record = await self.storage.get_match(match_id)
        if record is None:
            raise NotFoundError("no such match")
        bodies = await self.storage.entries(match_id)
        header, clocks = split_stored_header(record.header)
        text = (
            f'{{"boardkit_log":{LOG_FORMAT_VERSION},\n"header":{header},\n'
            f'"entries":[\n' + ",\n".join(bodies) + "\n]}\n"
        )
        note: str | None = None
        written: str | None = None
        try:
            game = load_game(record.game)
            match = Match.from_json(text, game)
        except BoardkitError as exc:
            # The reason names the full log's events ("recorded as CardDrawn(card=42)"): it is
            # for the operator, never for a client, and the replay is not tried again.
            log.error(
                "match %s does not replay: %s",
                match_id,
                exc,
                extra={"match": match_id, "game": record.game},
            )
            shown = self.history_of(record, text) if record.status == FINISHED else None
            if shown is None:
                self.broken.add(match_id)
                raise self.unloadable(match_id) from None
            match, note, written = shown
        live = LiveMatch(record, match, note, written, self.pictures, self.action_items)
        if live.clocks is not None and clocks is not None and not live.clocks.restore(clocks):
            log.warning(
                "match %s: its stored clocks are damaged; they start afresh",
                match_id,
                extra={"match": match_id, "game": record.game},
            )
        self.loaded[match_id] = live
        self.on_load(live)
        return live

    @staticmethod
    def history_of(record: MatchRecord, text: str) -> tuple[Match[Any, Any], str, str] | None:
        """A finished match whose stored log no longer replays under the installed game (its
        rules changed since), folded from its stored events without verification, and the
        note that says so to its readers; ``None`` when even that fails (the game is gone, or
        its events no longer decode or fold).

        The header's version is read as the installed one: the stored events are what is
        shown, not what the installed rules would make of the actions. Such a match is only
        read, never played on (it is finished).
        """
        try:
            game = load_game(record.game)
            doc = json.loads(text)
            written = str(doc["header"]["game_version"])
            doc["header"]["game_version"] = game.version
            match = Match.from_json(compact(doc), game, verify=False)
        except (BoardkitError, ValueError, KeyError, TypeError):
            return None
        title = game.title or game.name
        note = (
            f"This match was played under {title} {written}; the installed rules "
            f"({game.version}) no longer replay it, so its history is shown from its stored "
            "events, not verified, read-only."
        )
        return match, note, written

    @staticmethod
    def unloadable(match_id: str) -> StorageError:
        """The refusal of a match whose stored log does not replay (it names no reason: the
        reason quotes the full log, and is logged for the operator)."""
        return StorageError(
            f"match {match_id} cannot be loaded: its stored log does not replay on this server "
            "(the server's own output says why)"
        )
