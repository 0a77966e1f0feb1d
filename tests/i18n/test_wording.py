"""The narration's message builders (``boardkit.present.wording``): a :class:`Line` fills its
message's parameters from the narrator and the event; a :class:`Says` asks the narrator for the
reader's or another seat's wording of the event's subject."""

from __future__ import annotations

from typing import Any

from attrs import frozen

from boardkit.i18n import Message, Messages
from boardkit.present.wording import Line, Says

_m = Messages("boardkit")


@frozen
class Moved:
    player: int
    seat_after: int
    count: int


class Narrator:
    """A narrator of a reader at seat 0, naming the others ``seat N``."""

    reader = 0

    def says(self, seat: int, yours: str, theirs: str, /, **params: Any) -> Message:
        if seat == self.reader:
            return _m(yours, **params)
        return _m(theirs, who=f"seat {seat + 1}", **params)


def test_a_line_fills_its_parameters_from_the_narrator_and_the_event() -> None:
    line = Line(_m, "{count} stones move", count=lambda n, e: e.count * 2)
    assert line(Narrator(), Moved(1, 0, 3)) == _m("{count} stones move", count=6)


def test_says_words_the_readers_line_and_anyone_elses() -> None:
    says = Says("you move {count}", "{who} moves {count}", count=lambda n, e: e.count)
    assert says(Narrator(), Moved(0, 1, 2)) == _m("you move {count}", count=2)
    assert says(Narrator(), Moved(1, 0, 2)) == _m("{who} moves {count}", who="seat 2", count=2)
    by_field = Says("you are next", "{who} is next", subject="seat_after")
    assert by_field(Narrator(), Moved(1, 0, 2)).msgid == "you are next"
    assert by_field(Narrator(), Moved(0, 1, 2)).text("en") == "seat 2 is next"
