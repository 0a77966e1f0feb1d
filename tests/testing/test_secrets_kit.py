"""The leak check of the conformance kit: honest games pass, each kind of leak is caught."""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest
from attrs import evolve

from boardkit import IllegalActionError, Match, Rng
from boardkit.testing import ConformanceError, check_game, check_playout
from boardkit.testing.secrets import (
    check_redacted_header,
    check_redacted_headers,
    check_twin,
    json_difference,
    text_difference,
)
from tests.budget import examples
from tests.core.secret_game import UNKNOWN, Dealt, SecretGame, SecretState, Swap, Swapped


class ShowsTheNextHand(SecretGame):
    """The view shows the next player's hand as well as one's own."""

    def view(self, state: SecretState, player: int | None) -> object:
        shown = super().view(state, player)
        assert isinstance(shown, SecretState)
        if player is None or state.revealed:
            return shown
        hands = list(shown.hands)
        nxt = (player + 1) % len(hands)
        hands[nxt] = state.hands[nxt]
        return evolve(shown, hands=tuple(hands))


class KeepsDrawnCards(SecretGame):
    """The redacted log keeps the card another player drew by swapping."""

    def redact(self, event: object, player: int | None) -> object:
        return event if isinstance(event, Swapped) else super().redact(event, player)


class KeepsTheDeal(SecretGame):
    """The redacted log keeps every dealt card (a secret born in the setup entry)."""

    def redact(self, event: object, player: int | None) -> object:
        return event if isinstance(event, Dealt) else super().redact(event, player)


class PrintsEveryHand(SecretGame):
    """The terminal text prints every hand, not only the reader's."""

    def render_text(
        self, state: SecretState, player: int | None = None, *, names: Sequence[str] | None = None
    ) -> str:
        return f"{super().render_text(state, player)}\nhands: {state.hands}"


class NamesTheTopCard(SecretGame):
    """No swap in the last turn; the refusal says which card the player would have got."""

    def legal_actions(self, state: SecretState) -> list[object]:
        return (
            super().legal_actions(state)[:1]
            if state.turns_left == 1
            else [*super().legal_actions(state)]
        )

    def apply(self, state: SecretState, action: object, rng: Rng) -> Sequence[object]:
        if isinstance(action, Swap) and state.turns_left == 1:
            raise IllegalActionError(
                "last", f"no swap in the last turn (it would give {state.pile[0]})"
            )
        return super().apply(state, action, rng)


class DrawsEveryHand(SecretGame):
    """An SVG picture that draws every hand."""

    def render_svg(
        self,
        state: SecretState,
        player: int | None = None,
        last: object = None,
        *,
        names: Sequence[str] | None = None,
    ) -> str:
        return f"<svg><text>{state.hands}</text></svg>"


class DescribesWithTheTopCard(SecretGame):
    """Action texts read the hidden pile."""

    def describe_action(self, action: object, state: SecretState | None = None) -> str:
        top = state.pile[0] if state is not None and state.pile else UNKNOWN
        return f"{type(action).__name__} (top card {top})"


def test_the_honest_secret_game_passes() -> None:
    check_game(SecretGame(), max_examples=examples(20))


@pytest.mark.parametrize(
    ("game", "words"),
    [
        (ShowsTheNextHand(), "leak to player .: the view"),
        (KeepsDrawnCards(), "leak to .*: the redacted events differ"),
        (KeepsTheDeal(), r"setup: leak to .*: the redacted events differ"),
        (PrintsEveryHand(), "leak to .*: render_text differs"),
        (NamesTheTopCard(), r"leak to player .: the refusal message of Swap\(\)"),
        (DrawsEveryHand(), "leak to .*: render_svg differs"),
        (DescribesWithTheTopCard(), r"leak to .*: describe_action\((Keep|Swap)\(\)\) differs"),
    ],
    ids=lambda v: type(v).__name__ if not isinstance(v, str) else "",
)
def test_every_kind_of_leak_is_caught(game: SecretGame, words: str) -> None:
    with pytest.raises(ConformanceError, match=words):
        for seed in range(40):
            check_playout(game, 2, None, seed)


def test_a_leak_report_says_what_differed() -> None:
    """The message names the player, the entry, and the values that differ."""
    game = PrintsEveryHand()
    match = Match.new(game, 2, seed=3)
    state = match.state
    twin = game.determinize(state, 0, Rng(5))
    assert twin.hands[1] != state.hands[1]
    with pytest.raises(ConformanceError) as caught:
        check_twin(game, state, twin, 0, [], lambda: Rng(0), "secret entry 1")
    message = str(caught.value)
    assert message.startswith("secret entry 1: leak to player 0: render_text differs")
    assert "line 2:" in message and str(state.hands) in message


def test_differences_are_located() -> None:
    assert json_difference({"a": [1, 2]}, {"a": [1, 3]}) == ".a[1]: 2 != 3"
    assert json_difference({"a": 1}, {"a": 1}) is None
    assert json_difference([1], [1, 2]) == ": 1 items != 2 items"
    assert json_difference(True, 1) == "the value: true != 1"
    assert text_difference("x\ny", "x\nz") == "line 2: 'y' != 'z'"
    assert text_difference("x", "x") is None


def _header_text(**header: object) -> str:
    return json.dumps({"boardkit_log": 2, "header": header, "entries": []})


def test_a_redacted_header_with_a_seed_is_refused() -> None:
    with pytest.raises(ConformanceError, match="header holds seed"):
        check_redacted_header(_header_text(game="secret", seed="123"), 123, "log")
    with pytest.raises(ConformanceError, match="header holds salt"):
        check_redacted_header(_header_text(game="secret", salt="ab"), 5, "log")
    long_seed = 2**100 + 12345
    hidden = _header_text(game="secret", note=f"x{long_seed}")
    with pytest.raises(ConformanceError, match="holds the seed"):
        check_redacted_header(hidden, long_seed, "log")
    check_redacted_header(_header_text(game="secret", seed_commitment="ff"), long_seed, "log")


def test_redacted_logs_of_a_match_hold_no_seed() -> None:
    match = Match.new(SecretGame(), 2, seed=2**40 + 7)
    match.play(match.legal_actions()[0])
    check_redacted_headers(match, "secret")
