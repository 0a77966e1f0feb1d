"""The narration checks of the conformance kit: every event gets a line, and no line leaks.

:func:`check_narration` plays random games and narrates every log entry for every seat and for a
spectator (:func:`boardkit.present.narration.narrate_events`), checking that

- the game's :attr:`~boardkit.game.Game.quiet_events` are event types of the game;
- :meth:`~boardkit.game.Game.describe_event` never raises, and returns a non-empty line or
  ``None``; ``None`` only for the quiet event types (the game's and
  :data:`boardkit.present.voice.QUIET_FLOW_EVENTS`);
- with hidden information, a player's lines do not depend on what that player cannot see: the
  entry narrated from the state before it and from a :meth:`~boardkit.game.Game.determinize`
  twin of that state (the player's knowledge kept, the rest re-drawn) gives the same text;
- a game that offers :meth:`~boardkit.game.Game.describe_events` words the runs of an entry
  (:func:`boardkit.present.narration.narrate_entry`) in non-empty lines, the same for the twin;
- each entry's action, as every reader may read it, is described in the state it was played in
  (the state before the entry) by a non-empty text that is the same for the reader's
  :meth:`~boardkit.game.Game.determinize` twin of that state, and the headline helper every
  front end uses (:func:`boardkit.present.narration.match_action_text`) hands
  :meth:`~boardkit.game.Game.describe_action` exactly that state [action texts]
  (:func:`check_entry_action_text`).

Random playouts do not reach every event type (a refused consent is rare); the report lists the
types seen, so a game's tests can narrate the others on built positions::

    report = check_narration(game, [{"players": 3}], seeds=range(5))
    assert report.unseen(game) <= {RareEvent}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, cast

from attrs import frozen

from boardkit import engine
from boardkit.flow import FLOW_EVENT_TYPES, MARKER_EVENT_TYPES, GameTruncated
from boardkit.game import Game
from boardkit.log import Entry, Log, LogHeader
from boardkit.match import Match
from boardkit.present.narration import (
    ReplayedMatch,
    action_text,
    match_action_text,
    narrate_entry,
    narrate_events,
)
from boardkit.present.voice import QUIET_FLOW_EVENTS
from boardkit.rng import Rng
from boardkit.runner.simulate import random_playout
from boardkit.testing.errors import ConformanceError, place, reporting

_TWIN_STREAM = 0x7_114_0000


@frozen
class NarrationReport:
    """What the checked games narrated: the event types seen, and those that got a line."""

    seen: frozenset[type]
    narrated: frozenset[type]

    def unseen(self, game: Game[Any, Any]) -> set[type]:
        """Event types of ``game`` (flow events included) that no checked game emitted;
        :class:`~boardkit.flow.GameTruncated` is left out, as only a match cut off at its entry
        cap emits it (the framework's line for it is checked in boardkit's own tests)."""
        return (set(game.event_types) | set(FLOW_EVENT_TYPES)) - {GameTruncated} - self.seen


def check_quiet_events(game: Game[Any, Any]) -> None:
    """The game's quiet event types must be event types of the game (or flow events)."""
    known = set(game.event_types) | set(FLOW_EVENT_TYPES) | set(MARKER_EVENT_TYPES)
    strays = [t.__name__ for t in game.quiet_events if t not in known]
    if strays:
        raise ConformanceError(
            f"{game.name}: quiet_events lists {', '.join(strays)}, which are not event types of "
            "the game"
        )


def check_entry_narration(
    game: Game[Any, Any],
    state: Any,
    events: Sequence[object],
    players: int,
    names: Sequence[str],
    rng: Rng,
    at: str,
) -> dict[type, bool]:
    """Check the narration of one entry for every reader; return ``{event type: narrated}``."""
    quiet = set(game.quiet_events) | set(QUIET_FLOW_EVENTS)
    kinds: dict[type, bool] = {}
    for player in [None, *range(players)]:
        reader = "a spectator" if player is None else f"player {player}"
        lines = _narrate(game, state, events, player, names, f"{at}, for {reader}")
        for event, text in lines:
            kind = type(event)
            if text is not None and (not isinstance(text, str) or not text.strip()):
                raise ConformanceError(
                    f"{at}: describe_event gave {text!r} for {kind.__name__} (for {reader}); "
                    "it must give a non-empty str or None"
                )
            if text is None and kind not in quiet:
                raise ConformanceError(
                    f"{at}: {kind.__name__} got no narration (for {reader}); word it in "
                    "describe_event or list it in quiet_events"
                )
            kinds[kind] = kinds.get(kind, False) or text is not None
        grouped = _grouped(game, state, events, player, names, f"{at}, for {reader}")
        if game.hidden_information:
            twin = game.determinize(state, player, rng)
            if grouped != _grouped(game, twin, events, player, names, f"{at}, for {reader}"):
                raise ConformanceError(
                    f"{at}: describe_events for {reader} depends on hidden information: "
                    f"{grouped!r} changes when what {reader} cannot see is re-drawn"
                )
            twin = game.determinize(state, player, rng)
            twin_lines = _narrate(game, twin, events, player, names, f"{at}, for {reader}")
            texts = [text for _, text in lines]
            twin_texts = [text for _, text in twin_lines]
            if texts != twin_texts:
                first = next(
                    i for i, (a, b) in enumerate(zip(texts, twin_texts, strict=True)) if a != b
                )
                raise ConformanceError(
                    f"{at}: the narration for {reader} depends on hidden information: "
                    f"{type(lines[first][0]).__name__} reads {texts[first]!r}, but "
                    f"{twin_texts[first]!r} when what {reader} cannot see is re-drawn"
                )
    return kinds


def check_entry_action_text(
    game: Game[Any, Any],
    entry: Entry,
    state: Any,
    players: int,
    rng: Rng,
    at: str,
) -> None:
    """Entry ``entry``'s action, described in ``state`` (the state before the entry, the one
    it was played in) for every reader, is a non-empty str and, with hidden information, the
    same for the reader's determinize twin of ``state``."""
    if entry.action is None:
        return
    for player in [None, *range(players)]:
        reader = "a spectator" if player is None else f"player {player}"
        what = f"{at}: describe_action of the entry's action for {reader}"
        try:
            text = action_text(game, entry, state, player)
        except Exception as exc:
            raise ConformanceError(
                f"{what}, in the state it was played in, raised {exc!r}"
            ) from exc
        if type(text) is not str or not text.strip():
            raise ConformanceError(f"{what} gave {text!r}; it must give a non-empty str")
        if game.hidden_information:
            twin = game.determinize(state, player, rng)
            other = action_text(game, entry, twin, player)
            if other != text:
                raise ConformanceError(
                    f"{what} depends on hidden information: {text!r}, but {other!r} when what "
                    f"{reader} cannot see is re-drawn"
                )


class _RecordingGame:
    """A game that hands everything to ``game`` and keeps the states ``describe_action`` is
    given."""

    def __init__(self, game: Game[Any, Any]) -> None:
        self._game = game
        self.given: list[Any] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def describe_action(self, action: Any, state: Any = None) -> str:
        self.given.append(state)
        return self._game.describe_action(action, state)


class _ProbedMatch:
    """``match`` read through a :class:`_RecordingGame` (a
    :class:`~boardkit.present.narration.ReplayedMatch`)."""

    def __init__(self, match: Match[Any]) -> None:
        self._match = match
        self.game = _RecordingGame(match.game)
        self.header: LogHeader = match.header

    @property
    def entries(self) -> Sequence[Entry]:
        return self._match.entries

    @property
    def log(self) -> Log:  # not read by narration, but a helper checked in its place may
        return self._match.log

    @property
    def start_state(self) -> Any:
        return self._match.start_state

    def state_at(self, seq: int) -> Any:
        return self._match.state_at(seq)


def check_headline_state(match: Match[Any], seq: int, state: Any, at: str) -> None:
    """The front ends' headline of entry ``seq``
    (:func:`~boardkit.present.narration.match_action_text`) hands
    :meth:`~boardkit.game.Game.describe_action` ``state``, the state before the entry (the
    kit's own fold), never another one."""
    probe = _ProbedMatch(match)
    match_action_text(cast(ReplayedMatch, probe), seq, None)
    given = probe.game.given
    if match.entries[seq].action is None:
        return
    if len(given) != 1 or given[0] != state:
        raise ConformanceError(
            f"{at}: the entry headline of the front ends (match_action_text) described the "
            "action in another state than the one it was played in (the state before the "
            "entry)"
        )


def _grouped(
    game: Game[Any, Any],
    state: Any,
    events: Sequence[object],
    player: int | None,
    names: Sequence[str],
    at: str,
) -> list[str]:
    """The entry's lines with runs worded together (:meth:`~boardkit.game.Game.describe_events`),
    each a non-empty str; nothing to check for a game that does not offer it."""
    if not game.offers("describe_events"):
        return []
    try:
        lines = narrate_entry(game, state, events, player, names)
    except Exception as exc:
        raise ConformanceError(f"{at}: narration of runs raised {exc!r}") from exc
    for text in lines:
        if not isinstance(text, str) or not text.strip():
            raise ConformanceError(
                f"{at}: describe_events gave {text!r}; it must give non-empty lines"
            )
    return lines


def _narrate(
    game: Game[Any, Any],
    state: Any,
    events: Sequence[object],
    player: int | None,
    names: Sequence[str],
    at: str,
) -> list[tuple[object, str | None]]:
    try:
        return narrate_events(game, state, events, player, names)
    except Exception as exc:
        raise ConformanceError(f"{at}: narration raised {exc!r}") from exc


def check_narration_playout(
    game: Game[Any, Any],
    players: int,
    options: Mapping[str, object] | None = None,
    seed: int = 0,
    *,
    every: int = 1,
) -> NarrationReport:
    """Play one random game and check the narration of every ``every``-th entry (and the setup)."""
    config = game.make_config(players, options, seed)
    where = place(game.name, config)
    with reporting(where, lambda: where):
        check_quiet_events(game)
        match: Match[Any] = random_playout(game, config)
    return check_match_narration(match, every=every)


def check_match_narration(match: Match[Any], *, every: int = 1) -> NarrationReport:
    """Check the narration of a played match's entries (every ``every``-th, and the setup)."""
    game = match.game
    names = match.header.players
    players = len(names)
    where = place(game.name, match.config)
    stage = [where]
    rng = Rng(match.config.seed, _TWIN_STREAM)
    state = match.start_state
    seen: set[type] = set()
    narrated: set[type] = set()
    with reporting(where, lambda: stage[0]):
        for entry in match.log.entries:
            if entry.seq % every == 0:
                at = stage[0] = f"{where} entry {entry.seq}"
                kinds = check_entry_narration(game, state, entry.events, players, names, rng, at)
                check_entry_action_text(game, entry, state, players, rng, at)
                check_headline_state(match, entry.seq, state, at)
                seen.update(kinds)
                narrated.update(kind for kind, said in kinds.items() if said)
            state = engine.fold(game, state, entry.events)
    return NarrationReport(frozenset(seen), frozenset(narrated))


def check_narration(
    game: Game[Any, Any],
    configs: Sequence[Mapping[str, Any]] | None = None,
    *,
    seeds: Iterable[int] = range(3),
    every: int = 1,
) -> NarrationReport:
    """Check the narration on a random game per configuration and seed; return what was seen.

    ``configs`` lists dicts with ``players`` and optional ``options``, as for
    :func:`boardkit.testing.check_game`; by default every supported player count.
    """
    chosen = list(configs or [{"players": n} for n in game.player_counts])
    seen: set[type] = set()
    narrated: set[type] = set()
    for seed in seeds:
        for config in chosen:
            report = check_narration_playout(
                game, config["players"], config.get("options"), seed, every=every
            )
            seen |= report.seen
            narrated |= report.narrated
    return NarrationReport(frozenset(seen), frozenset(narrated))
