"""What each reader of a log may see: entries and logs redacted for a seat or a spectator, the
action a reader is shown, and the check that a redacted log is the full one with its secrets
hidden."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from attrs import evolve

from boardkit.errors import InvalidLogError
from boardkit.game import Game
from boardkit.log.model import FULL, Entry, Log, LogHeader, viewer_text
from boardkit.positions import viewer_position

_A = TypeVar("_A")

# --- redaction -----------------------------------------------------------------------------------


def shown_action(game: Game[Any, _A], entry: Entry, viewer: int | None) -> _A | None:
    """The action of ``entry`` as ``viewer`` may read it: the action itself for the seat that
    played it, else ``game.redact_action`` of it (``None`` for the setup entry, which has none).

    Every front end that shows one player another's action (a headline, a highlight) asks
    this rather than reading ``entry.action``: in a game of secret choices the action itself
    is the secret.
    """
    action: _A | None = entry.action
    if action is None or entry.player == viewer:
        return action
    return game.redact_action(action, viewer)


def redact_entries(
    game: Game[Any, Any], entries: Sequence[Entry], viewer: int | None
) -> tuple[Entry, ...]:
    """``entries`` as ``viewer`` may read them: every event passed through ``game.redact``,
    every action through :func:`shown_action`."""
    redact = game.redact
    return tuple(
        Entry(
            e.seq,
            e.player,
            shown_action(game, e, viewer),
            tuple(redact(ev, viewer) for ev in e.events),
        )
        for e in entries
    )


def redact_log(game: Game[Any, Any], log: Log, viewer: int | None) -> Log:
    """A full log as ``viewer`` (a seat, or ``None`` for a spectator) may read it.

    The start position, if any, is replaced by the viewer's form of it.
    """
    if log.header.is_redacted:
        raise ValueError("only a full log can be redacted")
    start = start_position_for(game, log.header, viewer)
    return Log(log.header.redacted_for(viewer, start), redact_entries(game, log.entries, viewer))


def start_position_for(game: Game[Any, Any], header: LogHeader, viewer: int | None) -> str | None:
    """The start position of a full ``header`` as ``viewer`` may read it (``None``: none)."""
    if header.start_position is None:
        return None
    assert header.seed is not None, "only a full header holds the whole start position"
    config = game.make_config(len(header.players), header.options, header.seed)
    state = game.parse_position(header.start_position, config)
    return viewer_position(game, state, viewer)


def check_redaction(game: Game[Any, Any], full: Log, redacted: Log) -> None:
    """Check a redacted log against the full log revealed later.

    Holds when the full log's seed and salt give the commitment both headers carry, the headers
    describe the same match, and every entry of the redacted log equals the full log's entry
    redacted for the viewer (the redacted log may stop earlier: it may have been saved during the
    game). Load ``full`` with verification first (``Match.load``), so that its deal and every
    action are known to be right; this function then ties the redacted log to it. Raises
    :class:`~boardkit.errors.InvalidLogError` naming the first entry that differs.
    """
    head, red = full.header, redacted.header
    if head.is_redacted:
        raise InvalidLogError("the log to check against is itself redacted; it reveals no seed")
    if not red.is_redacted:
        raise InvalidLogError("the log to check is not redacted")
    if not head.commitment_holds():
        raise InvalidLogError("the full log's seed and salt do not give its seed_commitment")
    if head.seed_commitment != red.seed_commitment:
        raise InvalidLogError("the seed commitments differ: these logs are not of one match")
    if evolve(head, start_position=None).redacted_for(None) != evolve(
        red, viewer=None, start_position=None
    ):
        raise InvalidLogError("the headers differ in game, version, players or options")
    viewer = red.viewer
    assert viewer is not FULL
    if red.start_position != start_position_for(game, head, viewer):
        raise InvalidLogError(
            f"the start position is not the full log's as {viewer_text(viewer)} may see it"
        )
    if len(redacted.entries) > len(full.entries):
        raise InvalidLogError(
            f"the redacted log has {len(redacted.entries)} entries, the full log only "
            f"{len(full.entries)}"
        )
    expected = redact_entries(game, full.entries[: len(redacted.entries)], viewer)
    for want, got in zip(expected, redacted.entries, strict=True):
        if want != got:
            raise InvalidLogError(
                f"differs from the full log's entry redacted for {viewer_text(viewer)}", got.seq
            )
