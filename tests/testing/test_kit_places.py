"""Every failure of the conformance kit names where it happened: the game, the configuration
(players and every option), the seed, and the entry (or the stage of the check) — whether the
kit found the fault or the game raised an error of its own inside a check."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from typing import Any, ClassVar

import pytest

from boardkit import Config
from boardkit.examples.nim import NimGame, NimState
from boardkit.testing import ConformanceError, check_game
from boardkit.testing.encoding_checks import check_encodings
from boardkit.testing.errors import place, reporting
from boardkit.testing.narration_checks import check_narration
from boardkit.testing.target_checks import check_targets
from tests.core.secret_game import SecretGame, SecretState

PLACE = re.compile(
    r"^(?P<game>\w+) players=(?P<players>\d+) options=(?P<options>\{.*?\}) seed=(?P<seed>\d+) "
    r"(?P<stage>setup|entry \d+|after entry \d+|position after entry \d+|at the end)[:,] "
)


class UnreadableNotation(NimGame):
    """Writes a position its own reader refuses (issue 23: a bare InvalidPositionError)."""

    def format_position(self, state: NimState, player: int | None = None) -> str:
        return super().format_position(state, player) + " 1"


class CrashingReducer(NimGame):
    """A reducer that raises a bare KeyError once the heap is down to 5 stones or fewer."""

    def reduce(self, state: NimState, event: object) -> NimState:
        after = super().reduce(state, event)
        if after.stones <= 5:
            raise KeyError("stones")
        return after


class StrayQuietEvent(NimGame):
    """Lists a quiet event type that is no event of the game."""

    quiet_events: ClassVar[tuple[type, ...]] = (Config,)


class LeakyView(SecretGame):
    def view(self, state: SecretState, player: int | None) -> object:
        return state


class CrashingPicture(NimGame):
    def render_text(
        self, state: NimState, player: int | None = None, *, names: Sequence[str] | None = None
    ) -> str:
        raise RuntimeError("no picture today")


def _failure(run: Callable[[], object]) -> str:
    with pytest.raises(ConformanceError) as caught:
        run()
    return str(caught.value)


@pytest.mark.parametrize(
    ("game", "options", "stage", "words"),
    [
        (UnreadableNotation(), {"stones": 9}, "position after entry", "InvalidPositionError: "),
        (CrashingReducer(), {"stones": 9}, "entry", "KeyError: 'stones'"),
        (StrayQuietEvent(), {"stones": 6}, "at the end", "quiet_events lists Config"),
        (LeakyView(), None, "entry", ": leak to "),
    ],
    ids=lambda value: type(value).__name__ if not isinstance(value, str | dict) else "",
)
def test_check_game_names_the_configuration_the_seed_and_the_entry(
    game: Any, options: dict[str, Any] | None, stage: str, words: str
) -> None:
    message = _failure(
        lambda: check_game(game, [{"players": 2, "options": options}], max_examples=2)
    )
    found = PLACE.match(message)
    assert found, message
    assert found["game"] == game.name and found["players"] == "2"
    config = game.make_config(2, options, int(found["seed"]))
    assert found["options"] == str(dict(config.options))
    assert found["stage"].startswith(stage) and words in message


def test_the_cause_stays_attached() -> None:
    with pytest.raises(ConformanceError) as caught:
        check_game(CrashingReducer(), [{"players": 2, "options": {"stones": 9}}], max_examples=1)
    assert isinstance(caught.value.__cause__, KeyError)


def test_the_standalone_checks_name_where_too() -> None:
    narration = _failure(lambda: check_narration(StrayQuietEvent(), [{"players": 2}], seeds=[3]))
    assert narration.startswith("nim players=2 options={'max_take': 3, 'stones': 15} seed=3: ")
    targets = _failure(lambda: check_targets(CrashingReducer(), [{"players": 3}], seeds=[4]))
    assert PLACE.match(targets) and "seed=4 entry" in targets and "KeyError" in targets
    encodings = _failure(lambda: check_encodings(CrashingReducer(), [{"players": 2}], seeds=[5]))
    assert PLACE.match(encodings) and "seed=5 after entry" in encodings


def test_reporting_prefixes_only_what_does_not_name_the_place() -> None:
    config = NimGame().make_config(2, None, 8)
    where = place("nim", config)
    assert where == "nim players=2 options={'max_take': 3, 'stones': 15} seed=8"
    with pytest.raises(ConformanceError, match=f"^{re.escape(where)} entry 1: ValueError: x$"):
        _raise_in(reporting(where, lambda: f"{where} entry 1"), ValueError("x"))
    with pytest.raises(ConformanceError, match=f"^{re.escape(where)} entry 2: plain$"):
        _raise_in(reporting(where, lambda: f"{where} entry 2"), ConformanceError("plain"))
    named = ConformanceError(f"{where} entry 3: named")
    with pytest.raises(ConformanceError) as caught:
        _raise_in(reporting(where, lambda: "elsewhere"), named)
    assert caught.value is named


def _raise_in(block: AbstractContextManager[None], error: Exception) -> None:
    with block:
        raise error
