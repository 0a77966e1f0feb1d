"""The conformance kit passes correct games and catches broken ones."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from attrs import evolve

from boardkit import Config, Rng
from boardkit.examples.nim import NimGame, NimState, StonesTaken, Take
from boardkit.testing import ConformanceError, check_game, check_playout
from tests.core.secret_game import SecretGame, SecretState


def test_nim_passes() -> None:
    check_game(NimGame(), [{"players": 2}, {"players": 4, "options": {"max_take": 5}}])


def test_a_game_with_hidden_information_passes() -> None:
    check_game(SecretGame())


class LeakyView(SecretGame):
    def view(self, state: SecretState, player: int | None) -> object:
        return state


class AcceptsAnything(NimGame):
    def apply(self, state: NimState, action: Take, rng: Rng) -> Sequence[object]:
        count = min(action.count, state.stones)
        return [StonesTaken(state.flow.active or 0, count), *super().apply(state, Take(1), rng)[1:]]


class ForgetfulReducer(NimGame):
    """Forgets the start player on replay: live state and replayed state differ."""

    def reduce(self, state: NimState, event: object) -> NimState:
        new = super().reduce(state, event)
        return evolve(new, starter=0) if new.stones == 0 else new


class LowBound(NimGame):
    def max_entries(self, config: Config) -> int:
        return 2


class RedactsTooMuch(SecretGame):
    """Hides a player's own card from their log: the log no longer gives their view."""

    def redact(self, event: object, player: int | None) -> object:
        return SecretGame.redact(self, event, None)


def test_a_redacted_log_must_give_the_players_view() -> None:
    with pytest.raises(ConformanceError, match="redacted log does not give the player's view"):
        check_playout(RedactsTooMuch(), 2, None, 1)


@pytest.mark.parametrize(
    ("game", "words"),
    [
        (LeakyView(), "view changes when hidden information is re-drawn"),
        (AcceptsAnything(), "was accepted but is not a legal action"),
        (LowBound(), "more entries than max_entries"),
    ],
)
def test_broken_games_are_caught(game: object, words: str) -> None:
    with pytest.raises(ConformanceError, match=words):
        for seed in range(20):
            check_playout(game, 2, None, seed)  # type: ignore[arg-type]
