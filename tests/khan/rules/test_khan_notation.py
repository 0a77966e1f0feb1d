"""The Khan position notation: exact round trips, views that hide what K-H1 hides, invariants,
board references, perft ground truth."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from attrs import evolve
from hypothesis import given, settings
from hypothesis import strategies as st

from boardkit import Match, Rng
from boardkit.errors import InvalidPositionError
from boardkit_khan.builders import GAME, main_state
from boardkit_khan.rules.board import board_to_toml
from boardkit_khan.rules.board_validation import default_board
from boardkit_khan.rules.notation import INVARIANTS, board_digest, format_position, parse_position
from boardkit_khan.rules.state import KhanState
from boardkit_khan.rules.views import view
from tests.budget import examples

from ...perft import check_perft_file


def _states(players: int, options: dict[str, Any], seed: int) -> list[KhanState]:
    """Every state of one random game, from before the set-up to the end."""
    match: Match[KhanState] = Match.new(GAME, players, options, seed)
    states = [GAME.initial(match.config), match.state]
    chooser = Rng(seed, 7)
    while not match.is_over:
        match.play(chooser.choice(match.legal_actions()))
        states.append(match.state)
    return states


@settings(deadline=None, max_examples=examples(25))
@given(
    players=st.sampled_from([2, 3, 4]),
    river=st.booleans(),
    dutch=st.booleans(),
    seed=st.integers(0, 2**31),
)
def test_every_state_of_random_play_round_trips(
    players: int, river: bool, dutch: bool, seed: int
) -> None:
    options = {"area_counts_river": river, "start_yurts_per_player": dutch}
    for state in _states(players, options, seed):
        text = format_position(state)
        assert parse_position(text) == state, text
        assert format_position(parse_position(text)) == text


def test_refused_consents_and_the_dutch_start_rule_round_trip_k_x2_k_s4() -> None:
    """The seats that refused consent (K-X2, K-X5) and the K-S4 reading are part of the text."""
    state = _states(4, {"start_yurts_per_player": True}, 3)[40]
    state = evolve(state, turn=evolve(state.turn, consent_refused=(1, 3)))
    text = format_position(state)
    assert "refused=13" in text.split() and "starts=player" in text.split()
    assert parse_position(text) == state


@settings(deadline=None, max_examples=examples(10))
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**31))
def test_a_players_text_holds_nothing_hidden_k_h1(players: int, seed: int) -> None:
    """A player's text reads back as his view, and a determinized twin writes the same text."""
    for state in _states(players, {}, seed)[::7]:
        for player in range(players):
            text = format_position(state, player)
            assert parse_position(text) == view(state, player)
            twin = GAME.determinize(state, player, Rng(seed, player))
            assert format_position(twin, player) == text


def test_a_view_shows_other_hands_and_the_pile_as_counts() -> None:
    state = main_state(3, seed=1)
    words = dict(w.split("=", 1) for w in format_position(state, 0).split()[1:])
    own, *others = words["hands"].split("/")
    assert others == ["4", "4"] and "," in own
    assert words["pile"] == str(len(state.cards.pile))
    assert "?" not in format_position(state)


def test_a_board_is_referred_to_by_its_digest() -> None:
    board = board_to_toml(default_board())
    match: Match[KhanState] = Match.new(GAME, 2, {"board": board}, seed=3)
    text = format_position(match.state)
    assert f" board={board_digest(board)} " in text and len(board_digest(board)) == 12
    assert parse_position(text, boards=[board]) == match.state
    with pytest.raises(InvalidPositionError) as refused:
        parse_position(text)
    assert refused.value.invariant == "board"
    assert " board=default " in format_position(main_state(2))


START = format_position(main_state(4, seed=5))


def _field(name: str, text: str = START) -> str:
    return next(w.split("=", 1)[1] for w in text.split() if w.startswith(f"{name}="))


def _with(field: str, value: str, text: str = START) -> str:
    words = [w for w in text.split() if not w.startswith(f"{field}=")]
    return " ".join([*words, f"{field}={value}"])


def _map_with(mark: str, label: str) -> str:
    """The yurt map of START with ``mark`` on the cell labelled ``label``."""
    board = default_board()
    cell = board.parse_label(label)
    flat = list(_field("yurts").replace("/", ""))
    flat[cell] = mark
    width = board.grid.width
    return "/".join("".join(flat[r : r + width]) for r in range(0, len(flat), width))


def _first_ruler_cell() -> str:
    return _field("rulers").split(",")[0].split(":")[0]


def _hands_with_a_card_twice() -> str:
    hands = _field("hands").split("/")
    hands[1] = ",".join([hands[0].split(",")[0], *hands[1].split(",")[1:]])
    return "/".join(hands)


def _broken_cases() -> list[tuple[str, str]]:
    """Positions that break one invariant each, with its name."""
    ruler = _first_ruler_cell()
    first, *rest = _field("rulers").split(",")
    return [
        ("shangrila players=4", "syntax"),
        (START + " actions=1", "syntax"),
        (_with("hands", "4/4/4"), "syntax"),
        (_with("players", "5"), "players"),
        (_with("board", "0123456789ab"), "board"),
        (_with("yurts", _map_with("0", "G1")), "yurt-on-land"),
        (_with("yurts", _map_with("1", ruler)), "yurt-on-free-cell"),
        (_with("rulers", ",".join(["G1:5", *rest])), "ruler-on-land"),
        (_with("rulers", ",".join([f"{first.split(':')[0]}:6", *rest])), "camp-size"),
        (_with("tiles", "C01@A1+M13:0"), "tile-cells"),
        (_with("tiles", "C01@B11+B12:0,C02@B11+B12:1"), "tile-overlap"),
        (_with("tiles", "C01@B11+B12:0,C01@D12+E12:1"), "tile-once"),
        (_with("tiles", "C01@B11+B12:10"), "tile-owners"),
        (_with("hands", _hands_with_a_card_twice()), "card-once"),
        (_with("pile", "ANm"), "card-count"),
        (_with("specials", "9000/0000/0000/0000"), "specials"),
        (_with("end", "1:0:0"), "end-rulers"),
    ]


@pytest.mark.parametrize(("text", "invariant"), _broken_cases())
def test_broken_positions_are_refused_by_name(text: str, invariant: str) -> None:
    with pytest.raises(InvalidPositionError) as refused:
        parse_position(text)
    assert refused.value.invariant == invariant, refused.value
    assert invariant in INVARIANTS


def test_a_hand_of_five_is_refused_k_s5() -> None:
    hands = _field("hands").split("/")
    pile = _field("pile").split(",")
    hands[0] = ",".join([*hands[0].split(","), pile[0]])
    text = _with("pile", ",".join(pile[1:]), _with("hands", "/".join(hands)))
    with pytest.raises(InvalidPositionError, match="hand-size"):
        parse_position(text)


def test_the_perft_file_holds() -> None:
    path = Path(__file__).parent.parent / "fixtures" / "positions.perft"
    assert check_perft_file(GAME, path, parse_position) >= 8
