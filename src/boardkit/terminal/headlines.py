"""The lines that head a terminal play session and each decision in it: who plays whom (and in
which colour), and whose decision it is, where in the game.

Text only, in the language shown: the session (:class:`~boardkit.terminal.play.PlaySession`)
prints it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from boardkit.flow import Flow, asked_out_of_turn
from boardkit.game import Game
from boardkit.i18n import Messages
from boardkit.present.voice import flow_word
from boardkit.terminal.seating import Seat, bot_name, colour_word

_t = Messages("boardkit").text


def intro_text(
    title: str,
    seats: Sequence[Seat],
    resumed: int,
    colours: Sequence[str] | None,
    save_path: Path,
) -> str:
    """The session's first lines: the game's ``title``, who plays at each seat (``you`` for
    the one person at the table), how many actions a resumed game had (``resumed``), each
    person's colour when the game draws in ``colours`` (``None`` when it does not), and where
    the game is saved."""
    you = _t("you")
    who = ", ".join(
        f"{seat.name} ({you if seat.is_human else bot_name(seat.kind)})"
        if sum(s.is_human for s in seats) == 1
        else f"{seat.name} ({bot_name(seat.kind)})"
        for seat in seats
    )
    again = ""
    if resumed == 1:
        again = _t(", resumed after 1 action")
    elif resumed:
        again = _t(", resumed after {count} actions", count=resumed)
    humans = [seat for seat in range(len(seats)) if seats[seat].is_human]
    said_colours = ""
    if colours is not None and humans:
        said = [
            _t("you are {colour}", colour=colour_word(colours[s]))
            if len(humans) == 1
            else _t(
                "{name} is {colour}",
                name=seats[s].name,
                colour=colour_word(colours[s]),
            )
            for s in humans
        ]
        said_colours = "\n" + "; ".join(said) + "."
    return f"{title}: {who}{again}.{said_colours}\n" + _t(
        "The game is saved to {path} after every move. Type ? for help.",
        path=str(save_path),
    )


def decision_line(
    game: Game[Any, Any],
    flow: Flow,
    seats: Sequence[Seat],
    player: int,
    colours: Sequence[str] | None,
) -> str:
    """Whose decision it is (with their colour when the game draws in ``colours``), what kind
    when one is owed (a question asked out of turn says so, and during whose turn), and the
    turn, phase and step."""
    name = seats[player].name
    if colours is not None:
        name = f"{name} ({colour_word(colours[player])})"
    where = [_t("turn {turn}", turn=flow.turn)]
    if flow.phase:
        where.append(_t("phase {phase}", phase=flow_word(game, flow.phase)))
    if flow.step:
        where.append(_t("step {step}", step=flow_word(game, flow.step)))
    owed = flow.owed[0] if flow.owed else None
    if owed is not None and asked_out_of_turn(flow, game.simultaneous_decisions):
        if flow.active is not None:
            where.append(_t("during {name}'s turn", name=seats[flow.active].name))
        return _t(
            "{name} must answer: {kind} ({where})",
            name=name,
            kind=flow_word(game, owed.kind),
            where=", ".join(where),
        )
    if owed is not None:
        return _t(
            "{name} to decide: {kind} ({where})",
            name=name,
            kind=flow_word(game, owed.kind),
            where=", ".join(where),
        )
    return _t("{name} to play ({where})", name=name, where=", ".join(where))
