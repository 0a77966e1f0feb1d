"""Moves as text round trip in every game: at random positions of Khan, Shangrila, Nim,
Goofspiel, High-card swap and tic-tac-toe, the text of every legal action reads back to it (the
kit's check, :func:`boardkit.testing.text_checks.check_texts_read_back`), a start of an action's
text names it or says which actions it could be, and ``Match.play_text`` plays what the text
names.

The full proof is 1,000 positions of each game (``slow``, under the "ci" profile); the fast
suite looks at a handful of each (:func:`tests.budget.examples`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardkit import ActionTextError, Game, Match, Rng
from boardkit.action_text import SHOWN, normalise
from boardkit.examples.goofspiel import Goofspiel
from boardkit.examples.highcard import HighCardGame
from boardkit.examples.nim import NimGame
from boardkit.examples.tictactoe import TicTacToeGame
from boardkit.testing.text_checks import check_texts_read_back
from boardkit_khan.game import KhanGame
from boardkit_shangrila.game import ShangrilaGame
from tests.budget import examples

GAMES: dict[str, tuple[Game[Any, Any], list[dict[str, Any]]]] = {
    "nim": (NimGame(), [{"players": 2}, {"players": 4, "options": {"max_take": 5}}]),
    "goofspiel": (Goofspiel(), [{"players": n} for n in (2, 3, 4)]),
    "highcard": (
        HighCardGame(),
        [{"players": 2}, {"players": 3, "options": {"rounds": 1, "deck": 9}}],
    ),
    "tictactoe": (TicTacToeGame(), [{"players": 2}]),
    "khan": (KhanGame(), [{"players": n} for n in (2, 3, 4)]),
    "shangrila": (
        ShangrilaGame(),
        [{"players": 3}, {"players": 4}, {"players": 2, "options": {"two_colours_each": True}}],
    ),
}


def position(game: Game[Any, Any], config: Mapping[str, Any], seed: int, at: float) -> Match[Any]:
    """A match played at random from ``seed`` and taken back to the fraction ``at`` of its
    length: a random position of play (someone decides in it)."""
    match = Match.new(game, config["players"], config.get("options"), seed)
    rng = Rng(seed, 0x7E47)
    while not match.is_over:
        legal = match.legal_actions()
        match.play(legal[rng.below(len(legal))])
    last = len(match) - 2  # the last entry whose state someone decides in
    match.undo(len(match) - 1 - round(at * last))
    assert not match.is_over
    return match


def check_position(match: Match[Any], pick: int, cut: int, where: str) -> None:
    """Every legal action's text reads back; a start of one names it, another action whose
    whole text it is, or several (among them this one); play_text plays it."""
    game, state = match.game, match.state
    legal: Sequence[Any] = match.legal_actions()
    check_texts_read_back(game, state, legal, Rng(pick, cut), where)
    action = legal[pick % len(legal)]
    text = game.describe_action(action, state)
    start = text[: 1 + cut % len(text)]
    cuts_a_number = start[-1].isdigit() and len(start) < len(text) and text[len(start)].isdigit()
    try:
        read = match.parse_action(start)
    except ActionTextError as error:
        assert cuts_a_number or error.matches > 1, (where, start, error.reason)
        if not cuts_a_number and error.matches <= SHOWN:  # this one is among those named
            assert text in error.candidates, (where, start, error.candidates)
    else:
        named_whole = normalise(game.describe_action(read, state)) == normalise(start)
        assert read == action or named_whole or cuts_a_number, (where, start, read, action)
    before = len(match)
    match.play_text(text)
    assert len(match) == before + 1 and match.log.entries[-1].action == action, where


def round_trips(name: str, config_index: int, seed: int, at: float, pick: int, cut: int) -> None:
    game, configs = GAMES[name]
    config = configs[config_index % len(configs)]
    match = position(game, config, seed, at)
    check_position(match, pick, cut, f"{name} {config} seed={seed} entry {len(match)}")


POSITIONS = {
    "config_index": st.integers(0, 2),
    "seed": st.integers(0, 2**32 - 1),
    "at": st.floats(0, 1),
    "pick": st.integers(0, 2**16),
    "cut": st.integers(0, 2**16),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=examples(1000), deadline=None)
@given(**POSITIONS)
def test_play_text_round_trips_on_1000_random_positions_of_every_game(
    name: str, config_index: int, seed: int, at: float, pick: int, cut: int
) -> None:
    round_trips(name, config_index, seed, at, pick, cut)


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=examples(40), deadline=None)
@given(**POSITIONS)
def test_play_text_round_trips_on_random_positions_of_every_game(
    name: str, config_index: int, seed: int, at: float, pick: int, cut: int
) -> None:
    round_trips(name, config_index, seed, at, pick, cut)


def test_shangrila_reads_an_arrow_typed_as_two_characters() -> None:
    match = Match.new(ShangrilaGame(), 3, seed=3)
    rng = Rng(3, 1)
    while not any(type(a).__name__ == "Journey" for a in match.legal_actions()):
        legal = match.legal_actions()
        match.play(legal[rng.below(len(legal))])
    journey = next(a for a in match.legal_actions() if type(a).__name__ == "Journey")
    text = match.game.describe_action(journey, match.state)
    assert "→" in text
    assert match.parse_action(text.replace("→", "->")) == journey
    match.play_text(text.replace(" → ", "->").upper())
    assert match.log.entries[-1].action == journey
