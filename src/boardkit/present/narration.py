"""Event narration: a log entry as the lines a person wants to read, as one player may see it.

A game words single events in :meth:`~boardkit.game.Game.describe_event`; this module walks a
whole log entry for it. :func:`narrate_entry` redacts each event for the reader, hands it to the
game with the state *before* it, then folds it, so every line sees the position it happened in
("Seljuk moves from B6 to B5", then "a neutral yurt from Seljuk's camp goes on B6")::

    from boardkit import Match
    from boardkit.present.narration import narrate_match_entry

    match = Match.new("nim", ["ann", "bob"], seed=3)
    match.play(match.legal_actions()[0])
    for line in narrate_match_entry(match, 1, player=None):
        print(line)

Events are folded in their redacted form (every game's reducer accepts redacted events), so the
same functions narrate a player's redacted log, starting from a state folded from it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from boardkit import engine
from boardkit.game import Game
from boardkit.log import Entry, LogHeader, shown_action
from boardkit.present.voice import (
    QUIET_FLOW_EVENTS,
    Voice,
    a_or_an,
    count_of,
    describe_flow_event,
    join_words,
)
from boardkit.rounds import RoundEnd, round_ends

__all__ = [
    "QUIET_FLOW_EVENTS",
    "ReplayedMatch",
    "Voice",
    "a_or_an",
    "action_text",
    "count_of",
    "describe",
    "describe_flow_event",
    "join_words",
    "match_action_text",
    "narrate_entry",
    "narrate_entry_parts",
    "narrate_events",
    "narrate_match_entry",
    "runs_of_a_type",
]


class ReplayedMatch(Protocol):
    """What :func:`narrate_match_entry` reads of a match: a :class:`boardkit.match.Match`.

    A protocol rather than the class, so that :mod:`boardkit.match` can narrate its own entries
    (a notebook's compact log) without an import circle.
    """

    game: Game[Any, Any]
    header: LogHeader

    @property
    def entries(self) -> Sequence[Entry]: ...

    @property
    def start_state(self) -> Any: ...

    def state_at(self, seq: int) -> Any: ...


def describe(
    game: Game[Any, Any],
    event: object,
    state: Any,
    player: int | None,
    names: Sequence[str] = (),
) -> str | None:
    """One (redacted) event's line: the game's own (:meth:`~boardkit.game.Game.describe_event`),
    or for a flow event the game leaves unsaid and does not list as quiet, the framework's
    generic line (:func:`~boardkit.present.voice.describe_flow_event`)."""
    line = game.describe_event(event, state, player, names)
    if line is None and type(event) not in game.quiet_events:
        return describe_flow_event(event, Voice(player, names))
    return line


def narrate_events(
    game: Game[Any, Any],
    state: Any,
    events: Iterable[object],
    player: int | None,
    names: Sequence[str] = (),
    *,
    states: Sequence[Any] | None = None,
) -> list[tuple[object, str | None]]:
    """Every event of an entry (redacted for ``player``) with its line or ``None``.

    ``state`` is the state before the first event. Each event is redacted, described against
    the state before it, then folded. The conformance check uses this form to see which events
    went unsaid; front ends want :func:`narrate_entry`.

    ``states``, when given, are the true states before each event (:func:`states_between`):
    while the player's redaction leaves the events as they are, they are read from it rather
    than folded again, so that an entry narrated for several readers is folded once.
    """
    out: list[tuple[object, str | None]] = []
    for i, event in enumerate(events):
        seen = game.redact(event, player)
        if states is not None:
            state = states[i]  # every event so far was seen as it is: the same state
            if seen is not event:
                states = None  # redacted: this reader's states are folded from here on
        out.append((seen, describe(game, seen, state, player, names)))
        if states is None:
            state = engine.fold(game, state, (seen,))
    return out


def states_between(game: Game[Any, Any], state: Any, events: Iterable[object]) -> list[Any]:
    """The state before each of ``events``, ``state`` being the state before the first: what
    :func:`narrate_events` reads for every reader who sees the events as they are."""
    out = []
    for event in events:
        out.append(state)
        state = engine.fold(game, state, (event,))
    return out


def narrate_entry(
    game: Game[Any, Any],
    state_before: Any,
    entry_events: Iterable[object],
    player: int | None,
    names: Sequence[str] = (),
    *,
    states: Sequence[Any] | None = None,
) -> list[str]:
    """The lines of one log entry as ``player`` (``None``: a spectator) may read them.

    ``state_before`` is the state before the entry (for the setup entry,
    ``game.initial(config)``); ``names`` are the seats' names, as in a log header. A run of
    events of one type is worded together when the game offers
    :meth:`~boardkit.game.Game.describe_events` ("each player draws 4 cards"), else each event
    by :meth:`~boardkit.game.Game.describe_event`. ``states`` (:func:`states_between` of the
    entry's events) spares folding them again for each reader (see :func:`narrate_events`).
    """
    events = list(entry_events)
    if not game.offers("describe_events"):
        pairs = narrate_events(game, state_before, events, player, names, states=states)
        return [text for _, text in pairs if text]
    lines: list[str] = []
    state = state_before
    for run in runs_of_a_type(events):
        seen = [game.redact(event, player) for event in run]
        grouped = game.describe_events(seen, state, player, names) if len(seen) > 1 else None
        if grouped is not None:
            lines += grouped
            state = engine.fold(game, state, seen)
            continue
        for pair in narrate_events(game, state, run, player, names):
            if pair[1]:
                lines.append(pair[1])
        state = engine.fold(game, state, seen)
    return lines


def narrate_entry_parts(
    game: Game[Any, Any],
    state_before: Any,
    entry_events: Sequence[object],
    player: int | None,
    names: Sequence[str] = (),
    seq: int = 0,
) -> list[tuple[list[str], RoundEnd[Any] | None]]:
    """The lines of entry ``seq`` cut at its round ends: each part's lines, and the round end
    (:class:`~boardkit.rounds.RoundEnd`, with the table then) that closes it, ``None`` for
    the last part. A front end shows a part, then the table its round ended on, and pauses.

    An entry without a :class:`~boardkit.flow.RoundEnded` is one part, whose lines are
    :func:`narrate_entry`'s. The line of a marker (the game's summary) ends its part.
    """
    events = list(entry_events)
    ends = round_ends(game, state_before, events, seq)
    parts: list[tuple[list[str], RoundEnd[Any] | None]] = []
    state, done = state_before, 0
    for end in ends:
        cut = end.index + 1
        parts.append((narrate_entry(game, state, events[done:cut], player, names), end))
        state, done = end.state, cut
    parts.append((narrate_entry(game, state, events[done:], player, names), None))
    return parts


def runs_of_a_type(events: Sequence[object]) -> list[list[object]]:
    """``events`` cut into runs of consecutive events of one type (what
    :meth:`~boardkit.game.Game.describe_events` may word together)."""
    runs: list[list[object]] = []
    for event in events:
        if runs and type(runs[-1][0]) is type(event):
            runs[-1].append(event)
        else:
            runs.append([event])
    return runs


def action_text(
    game: Game[Any, Any], entry: Entry, state_before: Any, player: int | None
) -> str | None:
    """The text of ``entry``'s action as ``player`` (``None``: a spectator) may read it, or
    ``None`` for an entry without an action (the setup).

    The action is shown as the reader may see it (:func:`boardkit.log.shown_action`) and
    described in the state it was played in, ``state_before`` (the state after the entry
    before), as :meth:`~boardkit.game.Game.describe_action` promises: never the state after
    the entry, where the action's cards may have moved ("take white 10 from the discards"
    said of a pile whose top is now another card). Every front end words an entry's action
    through this function or :func:`match_action_text`, so they all say the same.
    """
    action = shown_action(game, entry, player)
    if action is None:
        return None
    return game.describe_action(action, state_before)


def match_action_text(match: ReplayedMatch, seq: int, player: int | None) -> str | None:
    """:func:`action_text` of entry ``seq`` of a :class:`~boardkit.match.Match`: its action
    described in ``match.state_at(seq - 1)``, the state it was played in (``None`` for the
    setup)."""
    entry = match.entries[seq]
    before = match.start_state if seq == 0 else match.state_at(seq - 1)
    return action_text(match.game, entry, before, player)


def narrate_match_entry(match: ReplayedMatch, seq: int, player: int | None) -> list[str]:
    """The lines of entry ``seq`` of a :class:`~boardkit.match.Match`, with its players' names.

    Entry 0 (the setup) is narrated from :attr:`Match.start_state` (``game.initial(config)``,
    or the position the match started from); any other from ``match.state_at(seq - 1)``.
    """
    game = match.game
    entry = match.entries[seq]
    before = match.start_state if seq == 0 else match.state_at(seq - 1)
    return narrate_entry(game, before, entry.events, player, match.header.players)
