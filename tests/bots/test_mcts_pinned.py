"""MCTS results pinned: seeded searches and seeded bot games on Nim, Khan and Shangrila give
exactly the figures recorded here.

The bot's speed work must not change what it computes: the same seed has to give the same
iterations, the same visits and the same mean rewards (to the last bit) for every root action,
and the same moves in a game. The figures were recorded from the search as it was before that
work; a change here is a change of behaviour, to be made on purpose (rerun this file as a script,
``PYTHONPATH=src python tests/bots/test_mcts_pinned.py``, to print fresh figures).

A search is pinned by the action it chooses, with its visits (readable), and by a digest of
every figure: each root action's repr, visits and mean reward written exactly (``float.hex``).
"""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from boardkit import Game, Match, Rng, decider
from boardkit.bots import MCTSBot, RandomBot
from boardkit.bots.mcts import SearchResult
from boardkit.examples.nim import NimGame, NimState, StonesTaken, Take
from boardkit.registry import load_game
from boardkit.runner.tournament import play_game


class ShakyNim(NimGame):
    """Nim where a hand may shake: taking from a small heap (one that keeps 2 to 8 stones), a
    seat drops one more stone half of the time. Chance deep in the tree, with no hidden
    information: the search must step again wherever a step draws."""

    def apply(self, state: NimState, action: Take, rng: Rng) -> list[object]:
        events = list(super().apply(state, action, rng))
        taken = events[0]
        assert isinstance(taken, StonesTaken)
        if 1 < state.stones - taken.count <= 8 and rng.below(2):
            events[0] = StonesTaken(taken.player, taken.count + 1)
        return events


def game_named(name: str) -> Game[Any, Any]:
    return ShakyNim() if name == "shaky nim" else load_game(name)


def position(name: str, players: int, seed: int, moves: int) -> Any:
    """The state after ``moves`` seeded random decisions of a new ``name`` game."""
    game = game_named(name)
    match = Match.new(game, players, None, seed)
    rng = Rng(seed, 1)
    for _ in range(moves):
        seat = decider(match.state.flow)
        assert seat is not None
        match.play(RandomBot().choose(game, match.state, seat, rng), seat)
    return match.state


def digest(result: SearchResult) -> str:
    """Every figure of ``result`` written exactly, hashed (the first 16 hex digits)."""
    text = "\n".join(f"{s.action!r} {s.visits} {s.mean_reward.hex()}" for s in result.actions)
    return hashlib.sha256(f"{result.iterations}\n{text}".encode()).hexdigest()[:16]


PLAIN = MCTSBot(iterations=150, rollout_cap=20)
GUIDED = MCTSBot(iterations=40, rollout_cap=10, prior_weight=1.0, widening=2.0, rollout_sample=2)

SEARCHES: dict[str, tuple[str, int, int, int, MCTSBot, int]] = {
    # label: (game, players, seed, random moves before the search, bot, search seed)
    "nim 2p plain": ("nim", 2, 1, 0, MCTSBot(iterations=200), 5),
    "nim 3p plain": ("nim", 3, 2, 3, MCTSBot(iterations=150, exploration=0.7), 6),
    "nim 2p guided": ("nim", 2, 3, 1, GUIDED, 7),
    "shaky nim 2p plain": ("shaky nim", 2, 15, 0, MCTSBot(iterations=200), 16),
    "shaky nim 3p guided": ("shaky nim", 3, 17, 0, GUIDED, 18),
    "khan 2p plain": ("khan", 2, 4, 40, PLAIN, 8),
    "khan 2p guided": ("khan", 2, 5, 60, GUIDED, 9),
    "shangrila 3p plain": ("shangrila", 3, 6, 30, PLAIN, 10),
    "shangrila 4p guided": ("shangrila", 4, 7, 20, GUIDED, 11),
}

PINNED: dict[str, tuple[str, int, str]] = {
    "nim 2p plain": ("Take(count=3)", 97, "644da2dfe17a4e03"),
    "nim 3p plain": ("Take(count=2)", 95, "73371797b2193839"),
    "nim 2p guided": ("Take(count=2)", 15, "463885b653bc9583"),
    "shaky nim 2p plain": ("Take(count=2)", 90, "5120da3b70ae9ae6"),
    "shaky nim 3p guided": ("Take(count=1)", 15, "f2df89c2b6b1e896"),
    "khan 2p plain": ("Invade(card=30, cell=85)", 3, "68154c21ed6ca4b0"),
    "khan 2p guided": ("Invade(card=8, cell=155)", 4, "9da9ec328d06f58b"),
    "shangrila 3p plain": (
        "PlaceMaster(village=9, guild=<Guild.YETI_WHISPERER: 'yeti_whisperer'>)",
        4,
        "d44c7ac292b68170",
    ),
    "shangrila 4p guided": (
        "PlaceSetupMaster(village=5, guild=<Guild.FIRE_KEEPER: 'fire_keeper'>)",
        4,
        "da4aad2028fd05ba",
    ),
}
"""label: (the repr of the chosen action, its visits, :func:`digest`)."""

GAMES: dict[str, tuple[str, int, int, MCTSBot]] = {
    # label: (game, players, seed, bot in every seat)
    "nim 2p": ("nim", 2, 12, MCTSBot(iterations=40)),
    "shaky nim 3p": ("shaky nim", 3, 19, MCTSBot(iterations=40)),
    "khan 2p": ("khan", 2, 13, MCTSBot(iterations=8, rollout_cap=8)),
    "shangrila 3p": ("shangrila", 3, 14, MCTSBot(iterations=8, rollout_cap=8)),
}

PINNED_GAMES: dict[str, str] = {
    "nim 2p": "0a1ceb5a716640b7",
    "shaky nim 3p": "1bd024f77ecec561",
    "khan 2p": "fb0fff44b83d51f3",
    "shangrila 3p": "97dfd3d3c2d57ad6",
}
"""label: digest of the game's actions (their reprs, one a line)."""

GAME_DECISIONS = 60
"""Khan and Shangrila games are played this far only (enough to pin the moves, quickly)."""


def search(label: str) -> SearchResult:
    name, players, seed, moves, bot, search_seed = SEARCHES[label]
    state = position(name, players, seed, moves)
    seat = decider(state.flow)
    assert seat is not None
    return bot.search(game_named(name), state, seat, Rng(search_seed))


def game_moves(label: str) -> str:
    """The digest of the actions the bots play in a seeded game (Nim to the end, the others for
    :data:`GAME_DECISIONS` decisions)."""
    name, players, seed, bot = GAMES[label]
    game = game_named(name)
    if "nim" in name:
        match = play_game(game, players, None, seed, [bot] * players)
        actions = [entry.action for entry in match.log.entries[1:]]
    else:
        match = Match.new(game, players, None, seed)
        rngs = [Rng(seed, 100 + s) for s in range(players)]
        actions = []
        for _ in range(GAME_DECISIONS):
            seat = decider(match.state.flow)
            if seat is None:
                break
            action = bot.choose(game, match.state, seat, rngs[seat])
            match.play(action, seat)
            actions.append(action)
    text = "\n".join(repr(a) for a in actions)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@pytest.mark.parametrize("label", list(SEARCHES))
def test_a_seeded_search_gives_the_pinned_figures(label: str) -> None:
    result = search(label)
    best = result.best()
    assert (repr(best.action), best.visits, digest(result)) == PINNED[label]


class CountingNim(ShakyNim):
    """ShakyNim that counts the actions it applies; ``shaky=False`` makes it plain Nim."""

    def __init__(self, shaky: bool) -> None:
        super().__init__()
        self.shaky = shaky
        self.applied = 0

    def apply(self, state: NimState, action: Take, rng: Rng) -> list[object]:
        self.applied += 1
        return (
            super().apply(state, action, rng)
            if self.shaky
            else list(NimGame.apply(self, state, action, rng))
        )


class SubclassRng(Rng):
    """The seeded stream under another type: the search then keeps no world in its tree."""


@pytest.mark.parametrize("shaky", [False, True])
def test_worlds_kept_in_the_tree_change_nothing_but_the_work(shaky: bool) -> None:
    """With the seeded stream the search reuses the steps that drew nothing; with a subclass of
    it (same draws) it steps every time. Same figures both ways; fewer actions applied only
    with reuse."""
    results = []
    applied = []
    for rng in (Rng(4), SubclassRng(4)):
        game = CountingNim(shaky)
        state = Match.new(game, 2, {"stones": 15}, 3).state
        results.append(MCTSBot(iterations=300).search(game, state, decider(state.flow) or 0, rng))
        applied.append(game.applied)
    assert results[0] == results[1]
    assert applied[0] < 0.7 * applied[1]


@pytest.mark.parametrize("label", list(GAMES))
def test_seeded_bot_games_play_the_pinned_moves(label: str) -> None:
    assert game_moves(label) == PINNED_GAMES[label]


if __name__ == "__main__":
    for label in SEARCHES:
        result = search(label)
        best = result.best()
        print(f"    {label!r}: ({repr(best.action)!r}, {best.visits}, {digest(result)!r}),")
    for label in GAMES:
        print(f"    {label!r}: {game_moves(label)!r},")
