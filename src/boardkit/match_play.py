"""One action played into a match's log: checked, stepped and recorded as its entry.

:meth:`boardkit.match.Match.play` hands this module the work of an action once it has checked
who may play: :func:`play_entry` checks that the action survives its log
(:func:`boardkit.action_check.check_action`), plays it on the engine with the seeded stream of
its entry and the entry cap (:func:`boardkit.engine.step`), and appends the log entry. The
compiled build compiles this module (``Match`` itself stays pure, see docs/performance.md), so
that what an action costs between the random bot and the rules is compiled code calling
compiled code, without the calls from Python into compiled functions and back.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from boardkit.action_check import check_action
from boardkit.engine import step
from boardkit.flow import decider
from boardkit.log.columns import EntryColumns
from boardkit.options import Config
from boardkit.rng import Rng, entry_stream

_stream: Final[Callable[[int, int], Rng]] = entry_stream


def play_entry(
    game: Any,
    state: Any,
    entries: EntryColumns,
    config: Config,
    action: object,
    player: int | None,
    offered: tuple[Any, Sequence[Any]] | None,
) -> tuple[Any, tuple[object, ...]]:
    """Play ``action`` for ``player`` on ``state``, the state after ``entries``, and append its
    entry to ``entries`` (the match's log, as columns): the new state and the entry's events.

    ``offered`` is the state and the listing :meth:`Match.legal_actions
    <boardkit.match.Match.legal_actions>` handed out last: while ``state`` is that state, one of
    the listed objects skips the JSON round trip (see :func:`~boardkit.action_check.check_action`).
    An illegal action raises :class:`~boardkit.errors.IllegalActionError` and appends nothing.
    """
    if offered is not None and offered[0] is state:
        check_action(game, action, offered[1])
    else:
        check_action(game, action)
    seq = len(entries.ends)  # len(entries), without a method call in the pure build
    who = decider(state.flow)
    cap = config.cap
    state, events = step(
        game,
        state,
        player,
        action,
        _stream(config.seed, seq),
        cap if cap is not None and seq + 1 >= cap else None,  # engine.cut_off_at, written out
    )
    recorded = tuple(events)
    entries.append(who, action, recorded)  # kept as columns: no Entry object, no tuple kept
    return state, recorded
