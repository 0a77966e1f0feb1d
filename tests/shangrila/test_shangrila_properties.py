"""Invariants over random legal playouts (hypothesis draws the seed and the configuration).

Checked after every action: tiles are conserved per colour and guild (S-C3); a master carries
at most one student of its own colour (S-A2); nothing changes in a village with a stone
(S-A3e); bridges only disappear (S-A3d); stones lie exactly on villages without an intact
bridge (S-A3e, S-S2); the game ends within ``max_entries``. And: the legal-action generator and
the refusal checks agree on every candidate action (one set of rules, S-A1, S-A2, S-A3, S-S3,
S-P1).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from boardkit import Match, Rng
from boardkit_shangrila.actions import (
    Journey,
    Pass,
    PlaceMaster,
    PlaceSetupMaster,
    RecruitStudents,
)
from boardkit_shangrila.board import INCIDENT
from boardkit_shangrila.components import GUILDS
from boardkit_shangrila.game import ShangrilaGame
from boardkit_shangrila.rules import legal, refusal
from boardkit_shangrila.state import WITH_STUDENT, ShangrilaState, colour_to_move

GAME = ShangrilaGame()

CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (4, {}),
    (3, {}),
    (4, {"edition": "english"}),
    (3, {"edition": "english"}),
    (2, {"two_colours_each": True}),
]


def check_invariants(before: ShangrilaState, after: ShangrilaState) -> None:
    """Every invariant of the module docstring, between two consecutive states."""
    colours = after.colours
    totals = [0] * (colours * 7)
    for i, code in enumerate(after.spaces):
        if code:
            colour = (code - 1) % 4
            assert colour < colours
            assert 1 <= code <= 8  # one master, at most one student of its colour (S-A2)
            totals[colour * 7 + i % 7] += 2 if code >= WITH_STUDENT else 1
    for k in range(colours * 7):
        assert totals[k] + after.supply[k] == 6, "S-C3: a tile was lost or made"
        assert after.supply[k] >= 0
    assert after.bridges & ~before.bridges == 0, "S-A3d: a bridge came back"
    assert after.stones & before.stones == before.stones, "S-A3e: a stone went away"
    for v in range(13):
        closed = not after.bridges & INCIDENT[v]
        assert bool(after.stones >> v & 1) == closed, f"S-A3e: stone wrong at village {v}"
        if before.stones >> v & 1:
            assert after.spaces[v * 7 : v * 7 + 7] == before.spaces[v * 7 : v * 7 + 7]


def candidates(state: ShangrilaState, colour: int) -> list[Any]:
    """A wide net of actions, legal or not, for comparing generator and refusals."""
    out: list[Any] = [Pass()]
    spaces = [(v, g) for v in range(13) for g in GUILDS]
    out += [PlaceSetupMaster(v, g) for v, g in spaces]
    out += [PlaceMaster(v, g) for v, g in spaces]
    out += [RecruitStudents(((v, g),)) for v, g in spaces]
    own = [
        (v, GUILDS[g])
        for v in range(13)
        for g in range(7)
        if state.spaces[v * 7 + g] and (state.spaces[v * 7 + g] - 1) % 4 == colour
    ]
    out += [RecruitStudents((a, b)) for a, b in combinations(own, 2)]
    out += [RecruitStudents(((0, GUILDS[0]), (12, GUILDS[6])))]
    out += [Journey(s, d) for s in range(13) for d in range(13)]
    return out


def playout(players: int, options: dict[str, Any], seed: int, compare_every: int = 0) -> Match[Any]:
    match: Match[Any] = Match.new(GAME, players, options, seed)
    bound = GAME.max_entries(match.config)
    rng = Rng(seed, 7)
    step = 0
    while not match.is_over:
        state = match.state
        if compare_every and step % compare_every == 0:
            colour = colour_to_move(state)
            listed = set(legal(state, colour))
            for action in candidates(state, colour):
                ok = refusal(state, colour, action) is None
                assert ok == (action in listed), (action, ok, GAME.render_text(state))
        match.play(rng.choice(match.legal_actions()))
        check_invariants(state, match.state)
        assert len(match) <= bound
        step += 1
    return match


@settings(deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**32 - 1))
def test_invariants_hold_in_random_playouts(config: tuple[int, dict[str, Any]], seed: int) -> None:
    """S-C3, S-A2, S-A3d, S-A3e, S-S2 invariants and the max_entries bound on random games."""
    players, options = config
    match = playout(players, options, seed)
    assert GAME.result(match.state) is not None


@settings(deadline=None, max_examples=4)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**32 - 1))
def test_generator_and_refusals_agree(config: tuple[int, dict[str, Any]], seed: int) -> None:
    """One set of rules: an action is listed by legal_actions exactly when apply accepts it
    (S-S3, S-A1, S-A2, S-A3, S-P1), on positions from random games."""
    players, options = config
    playout(players, options, seed, compare_every=9)


def test_max_entries_is_large_enough_but_finite() -> None:
    """The max_entries argument gives a finite bound above any game seen."""
    for players, options in CONFIGS:
        bound = GAME.max_entries(GAME.make_config(players, options))
        assert 100 < bound < 100_000
