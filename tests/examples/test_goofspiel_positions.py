"""Goofspiel positions as text: exact round trips, the seat's forms, every invariant refused."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardkit import Match, Rng
from boardkit.errors import InvalidPositionError
from boardkit.examples.goofspiel import HIDDEN, UNKNOWN, Goofspiel, GoofspielState
from boardkit.examples.goofspiel.positions import INVARIANTS
from boardkit.options import Config
from boardkit.positions import viewer_position
from boardkit.testing import check_game
from tests.budget import examples

GAME = Goofspiel()
CONFIGS = [(players, ties) for players in (2, 3, 4) for ties in ("discard", "carry")]

ENDGAME = (
    "goofspiel players=2 phase=main turn=12 active=1 owed=0:bid,1:bid ties=discard "
    "turned=K1Q2J3T49586 pile=7 stake=6 hands=4K/59 bids=-/- shown=8/T scores=40/23"
)
"""Two rounds left: the prize 6 now, the 7 last; ann holds 4 and K, bob 5 and 9."""


def _config(players: int = 2, ties: str = "discard") -> Config:
    return GAME.make_config(players, {"ties": ties}, 0)


def _played(players: int, ties: str, seed: int) -> Match[GoofspielState]:
    match: Match[GoofspielState] = Match.new(GAME, players, {"ties": ties}, seed)
    chooser = Rng(seed, 1)
    while not match.is_over:
        match.play(chooser.choice(match.legal_actions()))
    return match


def _invariant(text: str, config: Config | None = None, *, partial: bool = False) -> str:
    with pytest.raises(InvalidPositionError) as caught:
        GAME.parse_position(text, config or _config(), partial=partial)
    return caught.value.invariant


@pytest.mark.slow  # over half a second of CPU (measured with the fast suite)
def test_the_kit_checks_positions_for_every_player_count_and_tie_rule() -> None:
    check_game(
        GAME,
        [{"players": players, "options": {"ties": ties}} for players, ties in CONFIGS],
        max_examples=3,
    )


@pytest.mark.parametrize(("players", "ties"), CONFIGS)
def test_every_state_of_a_game_and_every_view_reads_back_exactly(players: int, ties: str) -> None:
    match = _played(players, ties, seed=players * 10 + len(ties))
    config = match.config
    initial = GAME.initial(config)
    assert GAME.parse_position(GAME.format_position(initial), config) == initial
    for seq in range(len(match)):
        state = match.state_at(seq)
        text = GAME.format_position(state)
        assert GAME.parse_position(text, config) == state
        for viewer in (None, *range(players)):
            form = viewer_position(GAME, state, viewer)
            assert GAME.parse_position(form, config, partial=True) == GAME.view(state, viewer)


def test_a_seat_sees_its_own_bid_and_nothing_of_the_others_or_the_pile() -> None:
    match = Match.new(GAME, 3, None, 2)
    match.play(match.legal_actions()[4])  # seat 0 bids 5
    match.play(match.legal_actions()[8])  # seat 1 bids 9
    full = GAME.format_position(match.state)
    fields = dict(word.split("=", 1) for word in full.split()[1:])
    assert fields["bids"] == "5/9/-" and "?" not in fields["pile"]
    mine = dict(word.split("=", 1) for word in GAME.format_position(match.state, 0).split()[1:])
    assert mine["bids"] == "5/?/-"
    assert mine["pile"] == "?" * 12 and mine["hands"] == fields["hands"]
    seen = GAME.parse_position(GAME.format_position(match.state, 0), match.config, partial=True)
    assert seen.bids == (5, HIDDEN, 0) and set(seen.pile) == {UNKNOWN}
    spectator = viewer_position(GAME, match.state, None)
    assert "bids=?/?/-" in spectator
    assert _invariant(spectator, match.config) == "hidden-unknown"


def test_a_hand_written_endgame_starts_a_match_that_plays_to_the_end() -> None:
    state = GAME.parse_position(ENDGAME, _config())
    assert state.prize == 6 and state.hands == ((4, 13), (5, 9)) and state.pile == (7,)
    assert GAME.format_position(state) == ENDGAME
    match = Match.from_position(GAME, ENDGAME, ["ann", "bob"], seed=1)
    for card in (13, 9, 4, 5):  # ann takes the 6 with her K; bob takes the 7 with his 5
        match.play(next(a for a in match.legal_actions() if a.card == card))
    assert match.result is not None and match.result.scores == (46, 30)
    again = Match.from_json(match.to_json())
    assert again.verified and again.state == match.state
    header = json.loads(match.redacted_json(1))["header"]
    assert "pile=?" in header["start_position"]


def _swap(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


REFUSALS = [
    ("players=2", "players=5", "players"),
    ("ties=discard", "ties=carry", "options"),
    ("ties=discard", "ties=sometimes", "syntax"),
    ("phase=main", "phase=end", "flow"),
    ("owed=0:bid,1:bid", "owed=0:bid,1:pass", "flow"),
    ("active=1", "active=0", "turn-order"),
    ("hands=4K/59", "hands=44/59", "card-once"),
    ("hands=4K/59", "hands=K4/59", "syntax"),
    ("hands=4K/59", "hands=4K/5X", "syntax"),
    ("hands=4K/59", "hands=4K/59/12", "syntax"),
    ("pile=7", "pile=6", "prize-once"),
    ("pile=7", "pile=-", "prizes"),
    ("hands=4K/59", "hands=4/59", "rounds"),
    ("hands=4K/59", "hands=4/9", "rounds"),
    ("turn=12 active=1", "turn=11 active=0", "rounds"),
    ("bids=-/-", "bids=7/-", "bid-in-hand"),
    ("bids=-/-", "bids=4/-", "owed"),
    ("owed=0:bid,1:bid", "owed=1:bid,0:bid", "owed"),
    ("shown=8/T", "shown=4/T", "shown"),
    ("shown=8/T", "shown=-", "shown"),
    ("shown=8/T", "shown=8/?", "shown"),
    ("stake=6", "stake=7", "stake"),
    ("stake=6", "stake=6 carried=6", "carried"),
    ("scores=40/23", "scores=60/23", "scores"),
    ("scores=40/23", "scores=100/0", "range"),
    ("scores=40/23", "scores=40/23 scores=1/1", "syntax"),
    ("pile=7", "pile=?", "hidden-unknown"),
    ("bids=-/-", "bids=?/-", "owed"),
]


@pytest.mark.parametrize(("old", "new", "invariant"), REFUSALS, ids=[r[1] for r in REFUSALS])
def test_each_broken_invariant_is_named(old: str, new: str, invariant: str) -> None:
    assert invariant in (*INVARIANTS, "syntax", "range")
    assert _invariant(_swap(ENDGAME, old, new)) == invariant


def test_the_match_must_have_the_positions_player_count_and_tie_rule() -> None:
    assert _invariant(ENDGAME, _config(players=3)) == "players"
    assert _invariant(ENDGAME, _config(ties="carry")) == "options"


def test_a_view_reads_only_as_partial() -> None:
    hidden = _swap(_swap(ENDGAME, "pile=7", "pile=?"), "owed=0:bid,1:bid", "owed=1:bid")
    hidden = _swap(hidden, "bids=-/-", "bids=?/-")
    assert _invariant(hidden) == "hidden-unknown"
    state = GAME.parse_position(hidden, _config(), partial=True)
    assert state.bids == (HIDDEN, 0) and state.pile == (UNKNOWN,)


def test_with_carried_ties_the_stake_is_the_prize_plus_a_run_of_prizes_before_it() -> None:
    carry = _swap(ENDGAME, "ties=discard", "ties=carry")
    config = _config(ties="carry")
    assert GAME.parse_position(_swap(carry, "stake=6", "stake=14"), config).stake == 14  # + 8
    assert GAME.parse_position(_swap(carry, "stake=6", "stake=19"), config).stake == 19  # + 5 + 8
    assert _invariant(_swap(carry, "stake=6", "stake=13"), config) == "stake"  # 7 is no run
    too_much = _swap(_swap(carry, "stake=6", "stake=28"), "scores=40/23", "scores=50/23")
    assert _invariant(too_much, config) == "scores"  # 73 scored and 22 carried of 78
    assert _invariant(_swap(carry, "stake=6", "stake=6 carried=6"), config) == "carried"


# --- never another exception, for any text ----------------------------------------------------

TEXTS = [GAME.format_position(_played(p, t, 3).state_at(9)) for p, t in CONFIGS] + [ENDGAME]
ALPHABET = "goofspiel =/-?,:0123456789TJQKabcdeimnrstuwy_\n²"


def _reads_or_refuses(text: str, config: Config) -> None:
    """Either an InvalidPositionError, or a state that writes back to a text read the same."""
    try:
        state = GAME.parse_position(text, config, partial=True)
    except InvalidPositionError as error:
        assert error.invariant in (*INVARIANTS, "syntax", "range")
        return
    again = GAME.format_position(state)
    assert GAME.parse_position(again, config, partial=True) == state


@settings(max_examples=examples(300))
@given(st.text())
def test_arbitrary_text_is_refused_with_a_position_error(text: str) -> None:
    _reads_or_refuses(text, _config())
    _reads_or_refuses("goofspiel " + text, _config(3, "carry"))


EDITS = st.tuples(
    st.integers(0, 400), st.sampled_from(["put", "drop", "repeat"]), st.text(ALPHABET, max_size=3)
)


@settings(max_examples=examples(300))
@given(st.sampled_from(TEXTS), st.lists(EDITS, min_size=1, max_size=4))
def test_mutated_positions_read_or_are_refused_with_a_position_error(
    valid: str, edits: list[tuple[int, str, str]]
) -> None:
    fields = dict(word.split("=", 1) for word in valid.split()[1:])
    config = _config(int(fields["players"]), fields["ties"])
    text = valid
    for at, how, chars in edits:
        at %= len(text) + 1
        if how == "put":  # overwrite one character with up to three
            text = text[:at] + chars + text[at + 1 :]
        elif how == "drop":
            text = text[:at] + text[at + 1 :]
        else:  # a field, or the tail of one, written again at the end
            text = text + " " + (text[at:].split(" ", 1)[0] or "x")
    _reads_or_refuses(text, config)
