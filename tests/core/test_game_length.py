"""What a decision costs must not depend on how long the game is: no table of the framework
may grow with the turn number (benchmarks/game_length.py measures the time; this checks the
cause without a clock). Every module-level container of boardkit's modules (dicts, sets,
lists, ``functools`` caches) is measured after a short game and again after a long one: a
table keyed by anything that changes from turn to turn would be larger after the long game."""

from __future__ import annotations

import sys
from typing import Any

from boardkit import Log, Match, Rng, engine
from boardkit.examples.nim import NimGame


def _table_sizes() -> dict[str, int]:
    """Size of every module-level container (and ``functools`` cache) in boardkit's modules."""
    sizes: dict[str, int] = {}
    for name, module in list(sys.modules.items()):
        if module is None or not name.startswith("boardkit"):
            continue
        for attr, value in list(vars(module).items()):
            if isinstance(value, dict | set | list):
                sizes[f"{name}.{attr}"] = len(value)
            elif hasattr(value, "cache_info"):
                sizes[f"{name}.{attr}()"] = value.cache_info().currsize
    return sizes


def _play_engine(game: NimGame, decisions: int, seed: int) -> None:
    config = game.make_config(2, {"stones": 2 * decisions, "max_take": 2}, seed)
    state, _ = engine.start(game, config)
    seq = 1
    while not state.flow.ended:
        action = game.legal_actions(state)[-1]
        state, _ = engine.step(game, state, None, action, Rng.for_entry(seed, seq))
        seq += 1
    assert seq - 1 == decisions


def _play_match(game: NimGame, decisions: int, seed: int) -> None:
    match: Match[Any] = Match.new(game, 2, {"stones": 2 * decisions, "max_take": 2}, seed)
    while not match.is_over:
        match.play(game.legal_actions(match.state)[-1])  # a new action object each time
    assert len(match) == decisions + 1


def test_no_module_table_grows_with_the_length_of_a_game() -> None:
    game = NimGame()
    for play in (_play_engine, _play_match):
        play(game, 50, 1)  # everything a game meets once (codecs, replacers …) is made now
        play(game, 50, 2)
        short = _table_sizes()
        play(game, 3_000, 3)
        long = _table_sizes()
        grown = {name: (short.get(name, 0), size) for name, size in long.items()}
        grown = {name: sizes for name, sizes in grown.items() if sizes[1] > sizes[0]}
        assert grown == {}, f"{play.__name__}: tables grew in a long game: {grown}"


def _nim_log(game: NimGame, decisions: int, seed: int) -> Log:
    match: Match[Any] = Match.new(game, 2, {"stones": 2 * decisions, "max_take": 2}, seed)
    while not match.is_over:
        match.play(game.legal_actions(match.state)[-1])
    return match.log


def test_no_module_table_grows_with_the_length_of_a_replayed_log() -> None:
    """Replaying, verifying and reading back a long log leaves every module table the size a
    short log leaves it (benchmarks/log_length.py measures the time per entry)."""
    game = NimGame()
    short_logs = [_nim_log(game, 50, seed) for seed in (1, 2)]
    long_log = _nim_log(game, 3_000, 3)

    def read(log: Log) -> None:
        for verify in (True, False):
            match = Match.from_log(game, log, verify=verify)
            for seq in range(0, len(log.entries), 7):
                match.state_at(seq)

    for log in short_logs:
        read(log)
    short = _table_sizes()
    read(long_log)
    long = _table_sizes()
    grown = {name: (short.get(name, 0), size) for name, size in long.items()}
    grown = {name: sizes for name, sizes in grown.items() if sizes[1] > sizes[0]}
    assert grown == {}, f"tables grew replaying a long log: {grown}"
