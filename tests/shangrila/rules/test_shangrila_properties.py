"""Invariants over random legal playouts (hypothesis draws the seed and the configuration).

Checked after every action: tiles are conserved per colour and guild (S-C3); a master carries
at most one student of its own colour (S-A2); nothing changes in a village with a stone
(S-A3e); bridges only disappear (S-A3d); stones lie exactly on villages without an intact
bridge (S-A3e, S-S2); the game ends within ``max_entries``. And one set of rules: in random
reachable positions, the listing (``legal_actions``), the research mask (``encoding.legal_mask``),
the legal indices (``legal_action_indices``, in the listing's order) and the refusals
(``apply``'s checks, both right after the listing and in a position nobody listed, as a
replay's) agree on every action of the action index and on a wide net of malformed ones, and
every refusal names a clause (S-A1, S-A2, S-A3, S-S3, S-P1).

Placement (S-S3, revised): whoever chooses, every colour can place every guild it still needs
(never a pass), only a guild with no space within the limits is placed outside them (never with
four colours), and the phase ends with 7 masters of each colour on the board, one per guild, and
5 of each guild in every supply.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pytest
from attrs import evolve
from hypothesis import example, given, settings
from hypothesis import strategies as st

from boardkit import Match, Rng
from boardkit_shangrila import encoding
from boardkit_shangrila.game import ShangrilaGame
from boardkit_shangrila.rules.actions import (
    Journey,
    Pass,
    PlaceMaster,
    PlaceSetupMaster,
    RecruitStudents,
)
from boardkit_shangrila.rules.board import INCIDENT
from boardkit_shangrila.rules.checks import refusal
from boardkit_shangrila.rules.components import GUILDS
from boardkit_shangrila.rules.legality import legal, placement_limits
from boardkit_shangrila.rules.reasons import Refusal
from boardkit_shangrila.rules.state import (
    MASTER,
    PLACEMENT,
    WITH_STUDENT,
    ShangrilaState,
    colour_to_move,
)
from tests.budget import examples

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


def playout(players: int, options: dict[str, Any], seed: int) -> Match[Any]:
    match: Match[Any] = Match.new(GAME, players, options, seed)
    bound = GAME.max_entries(match.config)
    rng = Rng(seed, 7)
    while not match.is_over:
        state = match.state
        match.play(rng.choice(match.legal_actions()))
        check_invariants(state, match.state)
        assert len(match) <= bound
    return match


def unlisted(state: ShangrilaState) -> ShangrilaState:
    """An equal state that is a new object: the rules have not listed it, so a refusal asked
    about it tests its one action alone instead of looking it up in the listing, as a replay's
    check does."""
    twin = evolve(state)
    assert twin == state and twin is not state
    return twin


def refusal_both_ways(state: ShangrilaState, colour: int, action: Any) -> Refusal | None:
    """The refusal of ``action`` in ``state`` right after the listing (as a player's choice
    finds it), checked to be the refusal in a position nobody listed (:func:`unlisted`)."""
    legal(state, colour)
    refused = refusal(state, colour, action)
    assert refusal(unlisted(state), colour, action) == refused, action
    return refused


def check_one_set_of_rules(state: ShangrilaState) -> int:
    """Listing, mask and refusals agree on ``state``: an index is in the mask exactly when its
    action is listed, and exactly when the refusals accept it, both right after the listing
    and in a position nobody listed (:func:`refusal_both_ways`); the listing's order and
    length hold no repeats; every refused action's refusal names a clause of the rulebook,
    and so does every refusal of a malformed action. Returns how many actions were legal."""
    colour = colour_to_move(state)
    listed = list(legal(state, colour))
    assert len(listed) == len(set(listed)) == len(GAME.legal_actions(state))
    listed_indices = {encoding.action_to_index(action) for action in listed}
    mask = encoding.legal_mask(state)
    assert len(mask) == encoding.NUM_ACTIONS
    assert {i for i, bit in enumerate(mask) if bit} == listed_indices
    ordered = [encoding.action_to_index(action) for action in listed]
    assert GAME.legal_action_indices(state) == encoding.legal_indices(state) == ordered
    for index in range(encoding.NUM_ACTIONS):
        action = encoding.index_to_action(index)
        refused = refusal_both_ways(state, colour, action)
        assert (refused is None) == bool(mask[index]), (action, refused, GAME.render_text(state))
        if refused is not None:
            assert refused[0].startswith("S-"), (action, refused)
    for action in candidates(state, colour):
        refused = refusal_both_ways(state, colour, action)
        assert (refused is None) == (action in listed), (action, refused)
        assert refused is None or refused[0].startswith("S-"), (action, refused)
    for odd in MALFORMED:
        refused = refusal_both_ways(state, colour, odd)
        assert refused is not None and refused[0].startswith("S-"), (odd, refused)
    return len(listed_indices)


MALFORMED: list[Any] = [
    PlaceMaster(13, GUILDS[0]),
    PlaceMaster(True, GUILDS[0]),
    PlaceMaster(1, "healer"),  # type: ignore[arg-type]
    PlaceSetupMaster(-1, GUILDS[0]),
    PlaceSetupMaster(0, None),  # type: ignore[arg-type]
    RecruitStudents(()),
    RecruitStudents(((0, GUILDS[0]), (1, GUILDS[1]), (2, GUILDS[2]))),
    RecruitStudents(((0, GUILDS[0]), (0, GUILDS[0]))),
    RecruitStudents(((0, "yeti"),)),
    RecruitStudents(((0,),)),
    Journey(0, 13),
    Journey(0, 12),
    Journey(False, 1),
]
"""Actions a front end or a log could send with fields no rule allows."""


@settings(deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**32 - 1))
def test_invariants_hold_in_random_playouts(config: tuple[int, dict[str, Any]], seed: int) -> None:
    """S-C3, S-A2, S-A3d, S-A3e, S-S2 invariants and the max_entries bound on random games."""
    players, options = config
    match = playout(players, options, seed)
    assert GAME.result(match.state) is not None


@settings(deadline=None)
@given(
    config=st.sampled_from(CONFIGS),
    seed=st.integers(0, 2**32 - 1),
    plies=st.lists(st.integers(0, 250), min_size=1, max_size=3),
)
def test_listing_mask_and_refusals_are_one_set_of_rules(
    config: tuple[int, dict[str, Any]], seed: int, plies: list[int]
) -> None:
    """One set of rules: in positions reached by random legal play (placement and main phase,
    every configuration), ``legal_actions``, ``encoding.legal_mask`` and ``apply``'s refusals
    agree on every action of the action index (S-S3, S-A1, S-A2, S-A3, S-P1)."""
    players, options = config
    match: Match[Any] = Match.new(GAME, players, options, seed)
    rng = Rng(seed, 13)
    wanted = set(plies)
    for ply in range(max(wanted) + 1):
        if match.is_over:
            break
        if ply in wanted:
            check_one_set_of_rules(match.state)
        match.play(rng.choice(match.legal_actions()))


@pytest.mark.slow  # over half a second of CPU (measured with the fast suite)
def test_one_set_of_rules_in_a_whole_game() -> None:
    """The same agreement in every 5th position of one 3-player game: the net of the property
    above, cast over a game's phases, with legal actions of every kind among them."""
    match: Match[Any] = Match.new(GAME, 3, {}, 8)
    rng = Rng(8, 13)
    kinds: set[type] = set()
    while not match.is_over:
        if len(match) % 5 == 0:
            check_one_set_of_rules(match.state)
        action = rng.choice(match.legal_actions())
        kinds.add(type(action))
        match.play(action)
    assert kinds >= {PlaceSetupMaster, PlaceMaster, RecruitStudents, Journey}


def test_max_entries_is_large_enough_but_finite() -> None:
    """The max_entries argument gives a finite bound above any game seen."""
    for players, options in CONFIGS:
        bound = GAME.max_entries(GAME.make_config(players, options))
        assert 100 < bound < 100_000


# --- S-S3 placement ---------------------------------------------------------------------------


def _within_limits(state: ShangrilaState, colour: int, village: int) -> bool:
    """Whether ``village`` may take a set-up tile of ``colour`` under the limits (S-S3)."""
    village_limit, colour_limit = placement_limits(state.colours)
    row = state.spaces[village * 7 : village * 7 + 7]
    return 7 - row.count(0) < village_limit and row.count(MASTER + colour) < colour_limit


def _crowding_choice(
    state: ShangrilaState, colour: int, victim: int, actions: list[PlaceSetupMaster], rng: Rng
) -> PlaceSetupMaster:
    """An adversary for the limits: ``victim`` spreads into the emptiest villages, the others
    pair up in villages without ``victim``, so ``victim`` runs out of spaces within the limits
    (with three colours nearly always)."""

    def key(action: PlaceSetupMaster) -> int:
        row = state.spaces[action.village * 7 : action.village * 7 + 7]
        tiles = 7 - row.count(0)
        return -tiles if colour == victim else tiles - 5 * row.count(MASTER + victim)

    best = max(key(a) for a in actions)
    return rng.choice([a for a in actions if key(a) == best])


def _check_placement_turn(state: ShangrilaState) -> list[PlaceSetupMaster]:
    """S-S3 at one placement turn: every guild still needed has a target, the limits are set
    aside only for a guild with no target within them (never with four colours), and the
    generator and the refusals agree on every set-up placement. Returns the legal actions."""
    colour = colour_to_move(state)
    listed = list(legal(state, colour))
    actions = [a for a in listed if isinstance(a, PlaceSetupMaster)]
    assert actions == listed, "S-S3: a pass in placement"
    needed = {GUILDS[g] for g in range(7) if state.supply[colour * 7 + g] == 6}
    by_guild = {g: [a for a in actions if a.guild is g] for g in needed}
    assert set(by_guild) == {a.guild for a in actions}
    for guild, targets in by_guild.items():
        assert targets, f"S-S3: {guild} has no space"
        inside = [_within_limits(state, colour, a.village) for a in targets]
        assert all(inside) or not any(inside), f"S-S3: {guild} relaxed though it has a space"
        assert all(inside) or state.colours == 3, "S-S3: four colours are never stuck"
    for v in range(13):
        for guild in GUILDS:
            action = PlaceSetupMaster(v, guild)
            refused = refusal_both_ways(state, colour, action)
            assert (refused is None) == (action in actions), action
    return actions


@settings(deadline=None, max_examples=examples(40))
@example(config=(3, {}), seed=0, adversary=True)
@given(
    config=st.sampled_from([c for c in CONFIGS if "edition" not in c[1]]),
    seed=st.integers(0, 2**32 - 1),
    adversary=st.booleans(),
)
def test_s_s3_every_placement_ends_with_seven_masters_and_five_of_each(
    config: tuple[int, dict[str, Any]], seed: int, adversary: bool
) -> None:
    """S-S3 (revised): for 3 and 4 colours (and two people with two colours each), any seed
    and random or adversarial choices, nobody passes during placement, and afterwards every
    colour has exactly 7 masters on the board, one of each guild, and 5 of each guild left."""
    players, options = config
    match: Match[Any] = Match.new(GAME, players, options, seed)
    rng = Rng(seed, 3)
    victim = rng.below(match.state.colours)
    while match.state.flow.phase == PLACEMENT:
        state = match.state
        actions = _check_placement_turn(state)
        colour = colour_to_move(state)
        chosen = (
            _crowding_choice(state, colour, victim, actions, rng)
            if adversary
            else rng.choice(actions)
        )
        match.play(chosen)
    state = match.state
    assert state.supply == (5,) * (7 * state.colours)
    for colour in range(state.colours):
        for g in range(7):
            column = [state.spaces[v * 7 + g] for v in range(13)]
            assert column.count(MASTER + colour) == 1, (colour, GUILDS[g])
