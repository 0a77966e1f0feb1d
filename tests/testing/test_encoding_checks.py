"""The encoding checks (action index, observations, chance outcomes): every shipped game passes,
and each check catches a game broken on purpose."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import pytest

from boardkit import Config, Rng
from boardkit.chance import ChanceNeeded, ChanceRng
from boardkit.engine import start
from boardkit.errors import InvalidActionIndexError, NotOfferedError
from boardkit.examples.nim import NimGame, NimState, StarterDrawn, Take
from boardkit.testing.conformance import ConformanceError
from boardkit.testing.encoding_checks import (
    check_action_index,
    check_chance,
    check_encodings,
    check_observations,
)
from tests.core.secret_game import SecretGame, SecretState


def nim_config(game: NimGame, players: int = 2, seed: int = 3) -> Config:
    return game.make_config(players, None, seed)


def test_nim_passes_every_encoding_check() -> None:
    check_encodings(NimGame(), seeds=range(3))


def test_a_game_without_an_index_is_told_so() -> None:
    game = SecretGame()
    with pytest.raises(ConformanceError, match="offers no action index"):
        check_action_index(game, game.make_config(2, None, 1))
    with pytest.raises(ConformanceError, match="offers no observation"):
        check_observations(game, game.make_config(2, None, 1))
    with pytest.raises(NotOfferedError, match="action_to_index"):
        game.action_to_index(object(), game.initial(game.make_config(2, None, 1)))


class TooSmall(NimGame):
    def num_actions(self, config: Config) -> int:
        return 1


class Colliding(NimGame):
    def action_to_index(self, action: Take, state: NimState) -> int:
        return 0


class BadDecode(NimGame):
    def index_to_action(self, index: int, state: NimState) -> Take:
        return Take(1)


class PositionDependent(NimGame):
    """Distinct, in range and decodable in each position, but shifted by the heap size."""

    def action_to_index(self, action: Take, state: NimState) -> int:
        return (action.count - 1 + state.stones) % state.max_take

    def index_to_action(self, index: int, state: NimState) -> Take:
        if type(index) is not int or not 0 <= index < state.max_take:
            raise InvalidActionIndexError("no such index")
        return Take((index - state.stones) % state.max_take + 1)


class AcceptsABool(NimGame):
    """Decodes ``True`` as index 1, as Python's ints would let it."""

    def index_to_action(self, index: int, state: NimState) -> Take:
        if not 0 <= index < state.max_take:
            raise InvalidActionIndexError("no such index")
        return Take(index + 1)


class FailsUntyped(NimGame):
    """A string index fails inside the arithmetic instead of being refused."""

    def index_to_action(self, index: int, state: NimState) -> Take:
        if type(index) in (bool, float) or not -1 < index < state.max_take:
            raise InvalidActionIndexError("no such index")
        return Take(index + 1)


class MissesAnIndex(NimGame):
    """Lists the legal indices without the last one."""

    def legal_action_indices(self, state: NimState) -> list[int]:
        return [self.action_to_index(a, state) for a in self.legal_actions(state)][:-1]


class RepeatsAnIndex(NimGame):
    def legal_action_indices(self, state: NimState) -> list[int]:
        indices = [self.action_to_index(a, state) for a in self.legal_actions(state)]
        return indices + indices[:1]


@pytest.mark.parametrize(
    ("game", "message"),
    [
        (MissesAnIndex(), r"legal_action_indices differs .*: missing \[\d+\], not legal \[\]"),
        (RepeatsAnIndex(), "legal_action_indices lists an index twice"),
        (TooSmall(), "not in range"),
        (Colliding(), "share the index"),
        (BadDecode(), "decodes to"),
        (PositionDependent(), "must not depend on the position"),
        (AcceptsABool(), r"index_to_action\(True\) gave an action; it names none"),
        (FailsUntyped(), r"index_to_action\('0'\) raised TypeError"),
    ],
)
def test_broken_action_indices_are_caught(game: NimGame, message: str) -> None:
    with pytest.raises(ConformanceError, match=message):
        check_action_index(game, nim_config(game))


class WrongShape(NimGame):
    def observation_shape(self, config: Config) -> tuple[int, ...]:
        return (2 + config.players,)


class NotFinite(NimGame):
    def observation(self, state: NimState, player: int) -> list[float]:
        return [math.nan, *super().observation(state, player)[1:]]


class OutOfRange(NimGame):
    def observation(self, state: NimState, player: int) -> list[float]:
        return [float(state.stones), *super().observation(state, player)[1:]]


@pytest.mark.parametrize(
    ("game", "message"),
    [
        (WrongShape(), "not the 4 of observation_shape"),
        (NotFinite(), "not a finite value"),
        (OutOfRange(), "not a finite value in"),
    ],
)
def test_broken_observations_are_caught(game: NimGame, message: str) -> None:
    with pytest.raises(ConformanceError, match=message):
        check_observations(game, nim_config(game))


class LeakySecret(SecretGame):
    """Observes the true hands, including the other players' secret numbers."""

    def num_actions(self, config: Config) -> int:
        return 2

    def observation_shape(self, config: Config) -> tuple[int, ...]:
        return (config.players,)

    def observation(self, state: SecretState, player: int) -> list[float]:
        return [card / 9 for card in state.hands]


class TextLeakySecret(LeakySecret):
    """Observes only its own number, but its text tells the pile."""

    def observation(self, state: SecretState, player: int) -> list[float]:
        return [card / 9 if seat == player else 0.0 for seat, card in enumerate(state.hands)]

    def observation_text(self, state: SecretState, player: int) -> str:
        return f"mine={state.hands[player]} pile={state.pile}"


def test_an_observation_that_leaks_is_caught() -> None:
    game = LeakySecret()
    with pytest.raises(ConformanceError, match="depends on what he cannot see"):
        check_observations(game, game.make_config(3, None, 5))


def test_a_text_observation_that_leaks_is_caught() -> None:
    game = TextLeakySecret()
    with pytest.raises(ConformanceError, match="text observation depends"):
        check_observations(game, game.make_config(3, None, 5))


class RawBits(NimGame):
    def setup(self, state: NimState, config: Config, rng: Rng) -> Sequence[object]:
        rng.random()
        return super().setup(state, config, rng)


class Understated(NimGame):
    def max_chance_outcomes(self, config: Config) -> int:
        return 1


class Impure(NimGame):
    """Picks its start player from a counter of its own: outcomes given from outside are
    ignored, so the same outcomes do not give the same events."""

    def __init__(self) -> None:
        self.count = 0

    def setup(self, state: NimState, config: Config, rng: Rng) -> Sequence[object]:
        rng.below(config.players)
        self.count += 1
        return [StarterDrawn(self.count % config.players)]


def test_broken_chance_is_caught() -> None:
    with pytest.raises(ConformanceError, match=r"entry 0: GameDefinitionError: .*raw random bits"):
        check_chance(RawBits(), nim_config(RawBits()))
    with pytest.raises(ConformanceError, match="past max_chance_outcomes"):
        check_chance(Understated(), nim_config(Understated(), 3))
    impure = Impure()
    with pytest.raises(ConformanceError, match="other events"):
        check_chance(impure, nim_config(impure, 4, seed=11))


def test_chance_outcomes_drive_the_setup() -> None:
    game = NimGame()
    config = nim_config(game, 3)
    with pytest.raises(ChanceNeeded) as need:
        start(game, config, ChanceRng())
    assert need.value.outcomes == 3
    for starter in range(3):
        state, _ = start(game, config, ChanceRng([starter]))
        assert state.flow.active == starter
    with pytest.raises(ValueError, match="not in range"):
        start(game, config, ChanceRng([3]))


def _khan_or_shangrila() -> list[tuple[Any, list[dict[str, Any]]]]:
    from boardkit_khan.game import KhanGame
    from boardkit_shangrila.game import ShangrilaGame

    return [
        (KhanGame(), [{"players": n} for n in (2, 3, 4)]),
        (
            ShangrilaGame(),
            [{"players": 3}, {"players": 4, "options": {"edition": "english"}},
             {"players": 2, "options": {"two_colours_each": True}}],
        ),
    ]  # fmt: skip


@pytest.mark.slow  # over half a second of CPU (measured with the fast suite)
@pytest.mark.parametrize(("game", "configs"), _khan_or_shangrila(), ids=["khan", "shangrila"])
def test_both_games_pass_every_encoding_check(game: Any, configs: list[dict[str, Any]]) -> None:
    check_encodings(game, configs, seeds=range(1), every=4)
