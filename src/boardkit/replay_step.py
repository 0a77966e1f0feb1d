"""One log entry replayed onto the state before it: the entry checked against the match it
joins, then its action played again and its events compared (verifying), or its events folded.

:meth:`boardkit.replay.Replay.add` hands this module every entry after the setup entry
(:func:`replay_entry`; a whole log handed in as objects, :func:`replay_logged`). The
compiled build compiles it, as it compiles
:mod:`boardkit.match_play` for play, so that what verifying an entry costs besides the rules
(the entry's number, player and cap, the action's check, its random stream, the comparison of
the events) is compiled code calling compiled code (``Replay`` itself stays pure). The wording
of a refused entry (:func:`first_difference`, :func:`rules_changed_hint`) lives here too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from boardkit.action_check import check_action
from boardkit.engine import step
from boardkit.english import count_of
from boardkit.errors import BoardkitError, IllegalActionError, InvalidLogError, shorten
from boardkit.flow import GameTruncated
from boardkit.game import Game
from boardkit.log import LogHeader
from boardkit.log.columns import EntryColumns
from boardkit.options import Config
from boardkit.recorder import fold
from boardkit.rng import Rng, entry_stream

_stream: Final[Callable[[int, int], Rng]] = entry_stream


def replay_entry(
    game: Any,
    reduce: Any,
    config: Config,
    header: Any,
    state: Any,
    entry: Any,
    seq: int,
    verified: bool,
    decoded: bool,
) -> Any:
    """The state after ``entry``, log entry ``seq`` of a log with ``header`` set up as
    ``config``, replayed onto ``state`` (the state after the entries before it); the first
    thing wrong with it raises :class:`~boardkit.errors.InvalidLogError`.

    ``verified``: the action is checked (:func:`~boardkit.action_check.check_action`, skipped
    when ``decoded``: the strict codec has just read it from JSON, so it survives its log by
    construction), played again with the entry's random stream and entry cap, and the events
    the rules give must be the recorded ones; a refusal then names the position ``state`` in
    the game's notation (:func:`position_text`). Otherwise the recorded events are folded with
    ``reduce``, the game's reducer. ``entry`` and ``state`` are typed ``Any``: a log handed in as
    objects may hold fields of any type, which the checks below refuse with their own words.
    """
    if entry.seq != seq:
        raise InvalidLogError(f"sequence number {shorten(entry.seq)} where {seq} belongs", seq)
    cap = config.cap
    if cap is not None and seq >= cap:
        raise InvalidLogError(
            f"the log goes past its entry cap of {cap} entries (the setup entry included)", seq
        )
    flow = state.flow  # boardkit.flow.decider, written out: once per entry
    if flow.ended:
        who = None
    elif flow.owed:
        who = flow.owed[0].player
    else:
        who = flow.active
    if who is None:
        raise InvalidLogError("an action after the end of the game", seq)
    player: Any = entry.player
    if player != who or type(player) is not int:
        raise InvalidLogError(f"player {shorten(player)} acted, but player {who} decides", seq)
    if verified:
        try:
            try:  # the action played again: a refusal, or a failure of the game, as a log error
                if not decoded:
                    check_action(game, entry.action)
                after, events = step(
                    game,
                    state,
                    player,
                    entry.action,
                    _stream(config.seed, seq),
                    cap if cap is not None and seq + 1 >= cap else None,  # engine.cut_off_at
                )
            except IllegalActionError as exc:
                raise InvalidLogError(f"illegal action: {exc}", seq) from None
            except BoardkitError:
                raise
            except Exception as exc:
                raise failed(seq, exc) from None
            recorded = entry.events
            if tuple(events) != recorded:
                reason = cut_difference(events, recorded, cap) or (
                    first_difference(events, recorded) + rules_changed_hint(game, header)
                )
                raise InvalidLogError(reason, seq)
        except InvalidLogError as exc:
            raise InvalidLogError(exc.reason, seq, position_text(game, state)) from None
    else:
        try:
            after = fold(reduce, state, entry.events)
        except BoardkitError:
            raise
        except Exception as exc:
            raise failed(seq, exc) from None
    if cap is not None and seq + 1 == cap and not after.flow.ended:
        raise InvalidLogError(
            f"the entry reaches the log's entry cap of {cap} entries, but the match goes on", seq
        )
    return after


def replay_logged(
    game: Any,
    reduce: Any,
    config: Config,
    header: Any,
    state: Any,
    entries: Sequence[Any],
    seq: int,
    verified: bool,
    kept: EntryColumns,
    snapshots: dict[int, Any],
    every: int,
) -> Any:
    """The state after ``entries``, log entries ``seq`` onwards, each replayed onto the state
    before it by :func:`replay_entry` (not ``decoded``: a log handed in as objects); each entry
    is appended to ``kept``, the columns of the entries before it, as it passes, and the state
    after entry ``n`` goes into ``snapshots[n]`` whenever ``every`` divides ``n`` (what a match
    keeps for time travel).
    The loop lives here so that the compiled build runs it as compiled code."""
    for entry in entries:
        state = replay_entry(game, reduce, config, header, state, entry, seq, verified, False)
        kept.append(entry.player, entry.action, tuple(entry.events))  # its seq: checked above
        if seq % every == 0:
            snapshots[seq] = state
        seq += 1
    return state


def position_text(game: Any, state: Any) -> str | None:
    """``state`` in ``game``'s notation, for an error report; ``None`` when the game writes no
    positions or cannot write this one."""
    if not game.offers("format_position"):
        return None
    try:
        text: str = game.format_position(state)
        return text
    except Exception:  # a report must never hide the error it reports
        return None


def failed(seq: int, exc: Exception) -> InvalidLogError:
    """What a game's unexpected failure on entry ``seq`` of a log is reported as."""
    return InvalidLogError(
        f"the game failed on this entry ({type(exc).__name__}: {shorten(str(exc), 120)})", seq
    )


def cut_difference(
    got: Sequence[object], recorded: Sequence[object], cap: int | None
) -> str | None:
    """Why the recorded events differ when the log cuts the match off where its cap does not
    (see :class:`~boardkit.flow.GameTruncated`); ``None`` when that is not the difference."""
    cut = [e for e in recorded if type(e) is GameTruncated]
    if not cut or any(type(e) is GameTruncated for e in got):
        return None
    where = "without an entry cap" if cap is None else f"before its cap of {cap} entries"
    return f"the log cuts the match off ({shorten(cut[0])}) {where}"


def first_difference(
    got: Sequence[object], recorded: Sequence[object], source: str = "the action"
) -> str:
    """The first event where ``got`` (what ``source`` gives) and ``recorded`` differ, or their
    counts when one is the start of the other, as words."""
    for i, (a, b) in enumerate(zip(got, recorded, strict=False)):
        if a != b:
            return f"event {i} is recorded as {shorten(b)}, but {source} gives {shorten(a)}"
    return f"{source} gives {count_of(len(got), 'event')}, the log records {len(recorded)}"


def rules_changed_hint(game: Game[Any, Any], header: LogHeader) -> str:
    """What a log's recorded events differing from what ``game`` computes probably means, as a
    sentence to append to the error; empty for a log of an older major version (refused
    before replay) or of another game.

    The header check has accepted the log's version, so the installed rules claim to replay
    it; events that differ all the same mean the rules changed without the major version
    that says so (:attr:`boardkit.game.Game.version`).
    """
    written, installed = header.game_version, game.version
    if header.game != game.name or written.split(".")[0] != installed.split(".")[0]:
        return ""
    if written == installed:
        written = f"{written}, the installed version"
    else:
        written = f"{written} (installed: {installed})"
    return (
        f"; the log was written by {game.name} {written}: unless the log was edited, "
        f"{game.name}'s rules changed without a major version bump (a change that alters "
        f"the events of a logged game needs a new major version)"
    )
