"""The Shangrila position notation: exact round trips, views, invariants, perft ground truth."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardkit import Match, Rng
from boardkit.errors import InvalidPositionError
from boardkit_shangrila.builders import GAME, build
from boardkit_shangrila.rules.notation import INVARIANTS, format_position, parse_position
from boardkit_shangrila.rules.state import ShangrilaState
from tests.budget import examples

from ...perft import check_perft_file

SETUPS: list[tuple[int, dict[str, Any]]] = [
    (3, {}),
    (4, {}),
    (2, {"two_colours_each": True}),
    (3, {"edition": "english"}),
    (4, {"edition": "english"}),
    (2, {"two_colours_each": True, "edition": "english"}),
]


def _states(players: int, options: dict[str, Any], seed: int) -> list[ShangrilaState]:
    """Every state of one random game, from before the set-up to the end."""
    match: Match[ShangrilaState] = Match.new(GAME, players, options, seed)
    states = [GAME.initial(match.config), match.state]
    chooser = Rng(seed, 7)
    while not match.is_over:
        match.play(chooser.choice(match.legal_actions()))
        states.append(match.state)
    return states


@settings(deadline=None, max_examples=examples(30))
@given(setup=st.sampled_from(SETUPS), seed=st.integers(0, 2**31))
def test_every_state_of_random_play_round_trips(
    setup: tuple[int, dict[str, Any]], seed: int
) -> None:
    for state in _states(*setup, seed):
        text = format_position(state)
        assert parse_position(text) == state, text
        assert format_position(parse_position(text)) == text


@pytest.mark.parametrize("setup", SETUPS[:3])
def test_a_players_view_is_the_whole_position_s_h1(setup: tuple[int, dict[str, Any]]) -> None:
    """Nothing is hidden: every seat's text is the full text, also for a determinized twin."""
    state = _states(*setup, seed=3)[40]
    full = format_position(state)
    for player in range(state.flow.players):
        twin = GAME.determinize(state, player, Rng(1))
        assert format_position(state, player) == full == format_position(twin, player)


def test_the_builders_and_the_notation_agree() -> None:
    state = build({0: "Hr Dr+ Fb", 4: "Hb+ Ry Yy"}, players=3, broken=((0, 1),), to_move=1)
    text = format_position(state)
    assert " villages=rRb4/7/7/7/B3y1y/7/" in text
    assert " broken=0-1,1-2,2-5,2-9 stones=2 " in text
    assert " supply=5466666/4656666/6666565" in text
    assert parse_position(text) == state


def test_whitespace_and_field_order_are_free() -> None:
    state = build({5: "Hv Yy+"}, players=4, to_move=2)
    words = format_position(state).split()
    shuffled = "\n  ".join([words[0], *reversed(words[1:])])
    assert parse_position(shuffled) == state


START = format_position(build({}, players=4))


def _with(field: str, value: str, text: str = START) -> str:
    words = [w for w in text.split() if not w.startswith(f"{field}=")]
    return " ".join([*words, f"{field}={value}"])


@pytest.mark.parametrize(
    ("text", "invariant"),
    [
        ("khan players=4", "syntax"),
        (START.replace(" passes=0", ""), "syntax"),
        (START + " passes=1", "syntax"),
        (_with("villages", "7/7/7"), "syntax"),
        (_with("villages", "8/7/7/7/7/7/7/7/7/7/7/7/7"), "syntax"),
        (_with("villages", "x6/7/7/7/7/7/7/7/7/7/7/7/7"), "syntax"),
        (_with("broken", "0-12"), "syntax"),
        (_with("players", "5"), "players"),
        (_with("players", "3"), "players"),
        (_with("stones", "4"), "stone-with-bridge"),
        (_with("villages", "R6/R6/R6/R6/7/7/7/7/7/7/7/7/7"), "tile-count"),
        (_with("supply", "7666666/6666666/6666666/6666666"), "tile-count"),
        (_with("passes", "5"), "passes"),
        (_with("active", "2"), "turn-order"),
    ],
)
def test_broken_positions_are_refused_by_name(text: str, invariant: str) -> None:
    with pytest.raises(InvalidPositionError) as refused:
        parse_position(text)
    assert refused.value.invariant == invariant
    assert invariant in INVARIANTS


def test_three_colours_keep_the_red_village_closed_s_s2() -> None:
    three = format_position(build({}, players=3))
    with pytest.raises(InvalidPositionError, match="red-village"):
        parse_position(_with("villages", "7/7/r6/7/7/7/7/7/7/7/7/7/7", three))
    with pytest.raises(InvalidPositionError, match="colour-in-play"):
        parse_position(_with("villages", "v6/7/7/7/7/7/7/7/7/7/7/7/7", three))


def test_the_perft_file_holds() -> None:
    path = Path(__file__).parent.parent / "fixtures" / "positions.perft"
    assert check_perft_file(GAME, path, parse_position) >= 8
