"""The end of a game as terminal play prints it: who won, each player's score and the game's
account of it, in the language shown."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence

from boardkit.i18n import Messages
from boardkit.result import Result

_t = Messages("boardkit").text


def result_lines(
    result: Result | None,
    names: Sequence[str],
    colours: Sequence[str] = (),
    width: int = 79,
) -> str:
    """The result as text: who won, each player's score (with their colour when ``colours``
    are given), then the game's account of it (``result.detail``) wrapped at ``width``, the
    framework's default names in it (``player 1`` for seat 0) replaced by the players' names."""
    if result is None:
        return _t("the game ended without a result")
    head = _t("game over: {outcome}", outcome=outcome_words(result, names))
    shown = [
        f"{name} ({colours[seat]})" if seat < len(colours) else name
        for seat, name in enumerate(names)
    ]
    column = max(len(n) for n in shown)
    lines = [head]
    lines += [
        f"  {name:<{column}}  {score}" for name, score in zip(shown, result.scores, strict=False)
    ]
    if result.detail:
        detail = _DEFAULT_NAME.sub(
            lambda m: names[int(m[1]) - 1] if 0 < int(m[1]) <= len(names) else m[0],
            result.detail,
        )
        lines += textwrap.wrap(f"({detail})", width, initial_indent="  ", subsequent_indent="  ")
    return "\n".join(lines)


def outcome_words(result: Result, names: Sequence[str]) -> str:
    """Who won, in the language shown: :func:`boardkit.result.outcome_text`'s words ("ann
    wins", "ann and bob share the win", "a draw", the cut-off game's) translated."""
    if result.truncated:
        return _t("the game was cut off unfinished")
    winners = [names[seat] for seat in result.winners]
    seats = len(result.scores)
    if not winners or (seats > 1 and len(winners) == seats):
        return _t("a draw")
    if len(winners) == 1:
        return _t("{name} wins", name=winners[0])
    both = _t("{first} and {last}", first=", ".join(winners[:-1]), last=winners[-1])
    return _t("{names} share the win", names=both)


_DEFAULT_NAME = re.compile(r"\bplayer (\d+)\b")
"""A seat's name where none is given (:meth:`boardkit.present.voice.Voice.name`)."""
