"""A match's entries kept as columns (issue 27): over random legal play of Nim, Shangrila and Khan
with random undo, what the match gives back is what it was given.

After every action and every undo, ``match.entries`` (read in place), ``match.log.entries``
(built whole) and the test's own list of the entries played (``Entry(seq, player, action,
events)`` appended as ``play`` returns, cut on undo) are equal; at the end, so are the entries of
the match rebuilt from its log, as objects and as JSON, and ``state_at(k)`` is, for every ``k``,
the fold of the events of entries 0 to ``k`` from the start state.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from boardkit import Match, Rng, engine
from boardkit.examples.nim import NimGame
from boardkit.log import Entry
from boardkit_khan.game import KhanGame
from boardkit_shangrila.game import ShangrilaGame
from tests.budget import examples

CONFIGS: list[tuple[Any, int, dict[str, Any]]] = [
    (NimGame(), 2, {"stones": 40, "max_take": 3}),
    (NimGame(), 3, {"stones": 25, "max_take": 2}),
    (ShangrilaGame(), 3, {}),
    (ShangrilaGame(), 2, {"two_colours_each": True}),
    (KhanGame(), 2, {}),
    (KhanGame(), 4, {}),
]


def _same(match: Match[Any], played: list[Entry]) -> None:
    """The match's entries, read in place and built whole, are the entries played."""
    entries = match.entries
    assert len(entries) == len(match) == len(played)
    assert entries[-1] == played[-1] and entries[0] == played[0]
    assert tuple(entries) == match.log.entries == tuple(played)


@settings(max_examples=examples(60), deadline=None)
@given(
    which=st.sampled_from(range(len(CONFIGS))),
    seed=st.integers(0, 2**32),
    steps=st.integers(1, 150),
    undo_every=st.integers(2, 12),
)
def test_entries_read_in_place_built_whole_and_rebuilt_from_the_log_agree(
    which: int, seed: int, steps: int, undo_every: int
) -> None:
    game, players, options = CONFIGS[which]
    match: Match[Any] = Match.new(game, players, options, seed)
    played = [match.log.entries[0]]
    rng = Rng(seed, 0xC015)
    for _ in range(steps):
        if match.is_over:
            break
        if len(match) > 1 and rng.below(undo_every) == 0:
            n = 1 + rng.below(min(3, len(match) - 1))
            match.undo(n)
            del played[-n:]
        else:
            legal = match.legal_actions()
            action = legal[rng.below(len(legal))]
            player = match.to_decide
            events = match.play(action)
            played.append(Entry(len(played), player, action, events))
        _same(match, played)

    assert Match.from_log(game, match.log).log.entries == tuple(played)
    loaded = Match.from_json(match.to_json(), game)
    assert tuple(loaded.entries) == tuple(played) and loaded.to_json() == match.to_json()

    state = game.initial(match.config)
    for seq, entry in enumerate(played):
        state = engine.fold(game, state, entry.events)
        assert match.state_at(seq) == state and loaded.state_at(seq) == state
    assert state == match.state
    for seq in reversed(range(len(played))):  # backwards, from the snapshots
        assert match.entries[seq].seq == seq
        assert loaded.state_at(seq) == match.state_at(seq)
