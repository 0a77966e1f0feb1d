"""Khan matches started from a position: the options it must agree with, views refused, the log
(whole position in the full log, each viewer's form in the redacted ones), and the kit's check."""

from __future__ import annotations

import json
from typing import Any

import pytest

from boardkit import InvalidLogError, Match, Rng
from boardkit.errors import InvalidPositionError
from boardkit.positions import viewer_position
from boardkit.testing import ConformanceError
from boardkit.testing.positions import check_position_playout
from boardkit_khan.game import KhanGame
from boardkit_khan.rules.board import board_to_toml, parse_board
from boardkit_khan.rules.notation import board_digest
from boardkit_khan.rules.state import KhanState

from .rules.test_khan_board_option import CUSTOM_FILE

GAME = KhanGame()


def _consent_position(players: int = 3, options: dict[str, Any] | None = None) -> KhanState:
    """The first state of a seeded random game where a protector owes a consent (K-X2)."""
    for seed in range(40):
        match: Match[KhanState] = Match.new(GAME, players, options, seed)
        chooser = Rng(seed, 7)
        while not match.is_over:
            state = match.state
            if state.turn.pending is not None and state.flow.owed:
                return state
            match.play(chooser.choice(match.legal_actions()))
    raise AssertionError("no consent in 40 games")


def _fields(text: str) -> dict[str, str]:
    return dict(word.split("=", 1) for word in text.split()[1:])


def _play_out(match: Match[Any], seed: int = 2) -> None:
    chooser = Rng(seed)
    while not match.is_over:
        match.play(chooser.choice(match.legal_actions()))


def test_a_match_starts_at_a_pending_consent_and_the_protector_answers() -> None:
    state = _consent_position()
    text = GAME.format_position(state)
    match = Match.from_position(GAME, text, seed=4)
    assert match.state == state
    owed = state.flow.owed[0]
    assert owed.kind == "consent" and match.to_decide == owed.player
    _play_out(match)
    replay = Match.from_json(match.to_json())
    assert replay.verified and replay.state == match.state


def test_a_players_view_is_refused_for_a_new_match() -> None:
    state = _consent_position()
    with pytest.raises(InvalidPositionError) as caught:
        Match.from_position(GAME, GAME.format_position(state, 1), seed=4)
    assert caught.value.invariant == "hidden-unknown"
    assert "player 0's hand" in str(caught.value)
    config = GAME.make_config(3, None, 1)
    seen = GAME.parse_position(GAME.format_position(state, 1), config, partial=True)
    assert seen.cards.hands[1] == state.cards.hands[1]


def test_the_position_must_agree_with_the_options() -> None:
    state = _consent_position()
    text = GAME.format_position(state)
    for options, word in (({"area_counts_river": True}, "river"), ({"board": _custom()}, "board")):
        with pytest.raises(InvalidPositionError) as caught:
            Match.from_position(GAME, text, options=options, seed=1)
        assert caught.value.invariant == "options" and word in str(caught.value)
    dutch = text.replace("starts=region", "starts=player")
    with pytest.raises(InvalidPositionError, match="start_yurts_per_player"):
        Match.from_position(GAME, dutch, seed=1)
    match = Match.from_position(GAME, dutch, options={"start_yurts_per_player": True}, seed=1)
    assert match.state.options.start_yurts_per_player


def _custom() -> str:
    return board_to_toml(parse_board(CUSTOM_FILE))


def test_a_board_digest_resolves_against_the_board_option_only() -> None:
    board = _custom()
    match: Match[KhanState] = Match.new(GAME, 2, {"board": board}, seed=3)
    match.play(match.legal_actions()[0])
    text = GAME.format_position(match.state)
    assert f"board={board_digest(board)}" in text
    with pytest.raises(InvalidPositionError) as caught:
        Match.from_position(GAME, text, seed=1)
    assert caught.value.invariant == "options" and "board=@PATH" in str(caught.value)
    started = Match.from_position(GAME, text, options={"board": board}, seed=1)
    assert started.state == match.state
    _play_out(started)
    assert Match.from_json(started.to_json()).state == started.state


def test_redacted_logs_hold_each_viewers_form_of_the_start_position_only() -> None:
    state = _consent_position()
    full_text = GAME.format_position(state)
    match = Match.from_position(GAME, full_text, ["ann", "bob", "cy"], seed=8)
    _play_out(match)
    full = Match.from_json(match.to_json())
    hands = _fields(full_text)["hands"].split("/")
    for viewer in (None, 0, 1, 2):
        text = match.redacted_json(viewer)
        start = json.loads(text)["header"]["start_position"]
        assert start == viewer_position(GAME, state, viewer) != full_text
        shown = _fields(start)
        assert shown["pile"] == str(len(state.cards.pile))
        for seat, hand in enumerate(shown["hands"].split("/")):
            assert hand == (hands[seat] if seat == viewer else str(len(state.cards.hands[seat])))
        replay = Match.from_json(text)
        assert not replay.verified
        assert GAME.view(replay.state, viewer) == GAME.view(match.state, viewer)
        replay.check_against(full)


def test_a_redacted_log_that_shows_another_hand_fails_the_check_against_the_full_log() -> None:
    state = _consent_position()
    match = Match.from_position(GAME, GAME.format_position(state), seed=8)
    match.play(match.legal_actions()[0])
    full = Match.from_json(match.to_json())
    doc = json.loads(match.redacted_json(1))
    doc["header"]["start_position"] = GAME.format_position(state, 2)  # another seat's form
    with pytest.raises(InvalidLogError, match="start position"):
        Match.from_json(json.dumps(doc)).check_against(full)


def test_a_broken_start_position_in_a_khan_log_names_the_invariant() -> None:
    state = _consent_position()
    match = Match.from_position(GAME, GAME.format_position(state), seed=8)
    match.play(match.legal_actions()[0])
    doc = json.loads(match.to_json())
    words = doc["header"]["start_position"].split()
    at = next(i for i, w in enumerate(words) if w.startswith("rulers="))
    rulers = words[at].removeprefix("rulers=").split(",")
    rulers[0] = "A1:" + rulers[0].split(":")[1]  # A1 lies off the land
    words[at] = "rulers=" + ",".join(rulers)
    doc["header"]["start_position"] = " ".join(words)
    with pytest.raises(InvalidLogError) as caught:
        Match.from_json(json.dumps(doc))
    assert caught.value.entry is None and "[ruler-on-land]" in str(caught.value)


class LeakyPositions(KhanGame):
    """Writes the whole position whoever asks: every hand, in every viewer's form."""

    def format_position(self, state: KhanState, player: int | None = None) -> str:
        return super().format_position(state)


def test_the_kit_catches_a_viewer_form_that_shows_hidden_cards() -> None:
    game = LeakyPositions()
    match: Match[KhanState] = Match.new(game, 2, seed=5)
    _play_out(match, 5)
    with pytest.raises(ConformanceError, match=r"leak to player 0: the viewer's form.*'hands="):
        check_position_playout(game, match, Rng(5), "leaky")
    assert check_position_playout(GAME, Match.from_json(match.to_json(), GAME), Rng(5), "ok")
