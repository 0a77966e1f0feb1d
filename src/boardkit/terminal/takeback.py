"""Undo at a terminal play session: how far a person's undo goes back, or why it cannot, and
what it tells them.

An undo takes back the person's last action and every entry after it (the bots' replies,
other people's moves), so that it is their decision again; with several people at the table
it never goes back over a random outcome or something hidden shown to anyone (the server's
rule, :func:`boardkit.undo.undo_refusal`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boardkit.i18n import Messages
from boardkit.match import Match
from boardkit.present.voice import count_of
from boardkit.terminal.seating import Seat
from boardkit.undo import undo_refusal

_t = Messages("boardkit").text


def undo_span(match: Match[Any], seats: Sequence[Seat], player: int) -> int | str:
    """How many of the log's entries ``player``'s undo takes back, or why it cannot."""
    entries = match.entries  # the player's last entry, looked for from the end
    last = next((seq for seq in range(len(entries) - 1, 0, -1) if entries[seq].player == player), 0)
    if not last:
        return _t("nothing to undo: {name} has not acted yet", name=seats[player].name)
    if sum(seat.is_human for seat in seats) > 1:
        refusal = undo_refusal(match, player)  # hot seat: the rule of the server
        if refusal is not None:
            return _t("cannot undo: {reason}", reason=refusal)
    return len(entries) - last


def undone_text(
    seats: Sequence[Seat], player: int, undone: Sequence[tuple[int | None, Any]]
) -> str:
    """What an undo tells: how many actions it took back (``undone``: seat and action, the
    person's own first), whose, and that redo plays them again."""
    count = len(undone)
    others = sorted({seats[p].name for p, _ in undone[1:] if p is not None})
    after = f", and {count - 1} after it by {', '.join(others)}" if others else ""
    return (
        f"undid {count_of(count, 'action')}: "
        f"{seats[player].name}'s last{after}; "
        f"redo plays {'it' if count == 1 else 'them'} again"
    )
