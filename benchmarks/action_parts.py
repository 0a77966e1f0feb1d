"""Where one action of a random game goes: the game's own work, the framework's, and the floors
they set for issue 15's ratios.

Run ``python benchmarks/action_parts.py [--game NAME] [--players P] [--games N] [--rounds R]``.

Issue 15 asks for ratios that only hold if some part costs less than it can. This script
measures the parts, so the bounds are figures anyone can reproduce rather than estimates:

- a game loop written out by hand over the engine's own functions, played in order (each part
  sees the states it would see in a real playout, so caches kept beside the state stay warm),
  with a clock around each part: the game listing its legal actions (``legal_actions``), the
  seat's random draw (``Rng.choice``, which builds the drawn action of a lazy listing), the
  game's rules (``apply``: checks and events), folding the action's events
  (``recorder.record``: each event through the game's reducer, a new immutable state per
  event; a game that folded its events already inside ``apply``, as Khan does, hands over a
  trusted recorder and this part is near zero), and what happens between two turns
  (``engine._settle``: the game's turn hooks, the flow events, ``result``);
- the same games through ``simulate`` (the engine path), timed as a whole: what is left after the
  parts is the loop, the entry's stream, ``step``'s checks and the bookkeeping;
- replay: folding every recorded entry's events onto the state (``Match.from_log(verify=False)``
  does this), per action;
- for Shangrila, the bare baseline ``bare_shangrila.py`` per action.

A clock inside the loop adds a little to every part, so the parts come out slightly high and
"the rest" slightly low (Khan's can show a small negative figure); the floors below lean the
other way on purpose. In Shangrila the fold of a live action also keeps the guild masks beside
the state up to date (:mod:`boardkit_shangrila.rules.masks`), work a bare replay skips because
nobody asks for masks there; verification does ask (``apply`` checks through them).

Rounds are interleaved as in ``benchmarks/_timing.py``, timed in CPU time (the parts by
``perf_counter`` inside the loop, less one clock reading each); every figure is the median over
the rounds. The floors printed at the end follow from the parts alone:

- *engine ratio to bare with a free framework* = bare action / (listing + apply + fold): what
  ``simulate`` could reach if the framework cost nothing at all (issue 15 asks for 0.8×). It
  counts the seat's draw and everything between turns as framework, game hooks included, so
  the true ceiling is lower still;
- *verify / fold with a free framework* = (apply + fold of the action's events) / replay fold:
  verification runs the rules and folds, replay only folds (issue 15 asks for 1.5× or less).
  It leaves out the turn hooks verification also runs, so the true floor is higher still.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from _timing import print_table
from bare_shangrila import play_random

from boardkit import engine
from boardkit.flow import decider
from boardkit.game import Game
from boardkit.log import Log
from boardkit.options import Config
from boardkit.recorder import fold, record
from boardkit.registry import load_game
from boardkit.rng import Rng
from boardkit.runner.simulate import simulate

PARTS = ("listing", "draw", "apply", "fold", "settle")
"""The timed parts of the hand-written loop, in the order they run."""


def instrumented_game(game: Game[Any, Any], config: Config, totals: dict[str, float]) -> int:
    """Play one random game through the engine's functions, adding each part's seconds to
    ``totals``; returns the number of actions played."""
    clock = time.perf_counter
    seed = config.seed
    state, _ = engine.start(game, config)
    reduce = game.reduce
    seat = Rng(seed, 1 << 40)
    listing = draw = apply = folding = settle = 0.0
    seq = 1
    while decider(state.flow) is not None:
        t0 = clock()
        actions = game.legal_actions(state)
        t1 = clock()
        action = seat.choice(actions)
        t2 = clock()
        rng = Rng.for_entry(seed, seq)
        events = game.apply(state, action, rng)
        t3 = clock()
        out: list[object] = []
        after = record(reduce, state, out, events)
        t4 = clock()
        state = engine._settle(game, reduce, after, out, rng)
        t5 = clock()
        listing += t1 - t0
        draw += t2 - t1
        apply += t3 - t2
        folding += t4 - t3
        settle += t5 - t4
        seq += 1
    totals["listing"] += listing
    totals["draw"] += draw
    totals["apply"] += apply
    totals["fold"] += folding
    totals["settle"] += settle
    return seq - 1


def run_rounds(
    work: dict[str, Callable[[int], int]],
    parts: dict[str, float],
    rounds: int,
    seconds: float,
) -> dict[str, float]:
    """Seconds per action of each contender and of each part: the median over ``rounds``
    interleaved rounds (each contender runs ``seconds`` of CPU time per round, in an order that
    rotates), after one untimed call each. ``work["parts"]`` adds into ``parts``."""
    counters = dict.fromkeys(work, 0)
    for name, fn in work.items():
        fn(0)
        counters[name] = 1
    per_round: dict[str, list[float]] = {name: [] for name in [*work, *PARTS]}
    names = list(work)
    for r in range(rounds):
        for name in names[r % len(names) :] + names[: r % len(names)]:
            fn = work[name]
            before = dict(parts)
            gc.collect()
            actions = 0
            start = time.process_time()
            while (elapsed := time.process_time() - start) < seconds or not actions:
                actions += fn(counters[name])
                counters[name] += 1
            per_round[name].append(elapsed / actions)
            if name == "parts":
                for p in PARTS:
                    per_round[p].append((parts[p] - before[p]) / actions)
    return {name: statistics.median(values) for name, values in per_round.items()}


def clock_cost() -> float:
    """Seconds one ``perf_counter`` reading costs (each part pays about one)."""
    n = 200_000
    clock = time.perf_counter
    start = clock()
    for _ in range(n):
        clock()
    return (clock() - start) / n


def logs_of(game: Game[Any, Any], players: int, seeds: range) -> list[Log]:
    """The logs of random games with ``seeds``, as ``simulate`` plays them."""
    logs: list[Log] = []
    simulate(game, len(seeds), players, seed=seeds.start, on_log=lambda _i, log: logs.append(log))
    return logs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="shangrila")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=20, help="distinct seeds cycled through")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=0.5, help="per contender and round")
    args = parser.parse_args()
    game = load_game(args.game)
    players = args.players
    seeds = range(1, 1 + args.games)
    configs = [game.make_config(players, None, s) for s in seeds]
    logs = logs_of(game, players, seeds)
    actions_of = [len(log.entries) - 1 for log in logs]
    n = len(configs)

    parts: dict[str, float] = dict.fromkeys(PARTS, 0.0)

    def parts_work(i: int) -> int:
        return instrumented_game(game, configs[i % n], parts)

    def engine_work(i: int) -> int:
        simulate(game, 1, players, seed=seeds.start + i % n)
        return actions_of[i % n]

    def replay_work(i: int) -> int:
        log = logs[i % n]
        state = engine.fold(game, game.initial(configs[i % n]), log.entries[0].events)
        reduce = game.reduce
        for entry in log.entries[1:]:
            state = fold(reduce, state, entry.events)
        return actions_of[i % n]

    bare_rnd = random.Random(7)
    work: dict[str, Callable[[int], int]] = {
        "engine": engine_work,
        "replay fold": replay_work,
        "parts": parts_work,
    }
    if args.game == "shangrila":
        work["bare"] = lambda i: play_random(players, bare_rnd)[0]
    seconds_per_action = run_rounds(work, parts, args.rounds, args.seconds)
    part = {p: seconds_per_action[p] - clock_cost() for p in PARTS}
    engine_action = seconds_per_action["engine"]
    replay_action = seconds_per_action["replay fold"]

    def us(value: float) -> str:
        return f"{value * 1e6:.2f}"

    game_work = part["listing"] + part["apply"] + part["fold"]
    rows = [
        ["listing the legal actions (game)", us(part["listing"])],
        ["the seat's draw, building the drawn action", us(part["draw"])],
        ["apply: checks and events (game)", us(part["apply"])],
        ["folding the action's events (game reducer, flow)", us(part["fold"])],
        ["between turns: the game's turn hooks, flow events, result", us(part["settle"])],
        ["the game's own work: listing + apply + fold", us(game_work)],
        ["whole action through the engine (simulate)", us(engine_action)],
        [
            "the rest: loop, entry stream, step's checks, bookkeeping",
            us(engine_action - game_work - part["draw"] - part["settle"]),
        ],
        ["replay: folding an entry's recorded events", us(replay_action)],
    ]
    bare_action = seconds_per_action.get("bare")
    if bare_action is not None:
        rows.insert(0, ["bare baseline, whole action", us(bare_action)])
    print_table(
        f"{args.game}, {players} players, {n} seeds, {args.rounds} interleaved rounds "
        f"of {args.seconds} s; µs per action, median of the rounds",
        ["part", "µs / action"],
        rows,
    )
    floors = [
        [
            "verify / fold (issue 15: ≤ 1.5×)",
            f"{(part['apply'] + part['fold']) / replay_action:.2f}×",
        ]
    ]
    if bare_action is not None:
        floors.insert(
            0,
            [
                "engine / bare, whole engine (issue 15: ≥ 0.8×)",
                f"{bare_action / engine_action:.2f}×",
            ],
        )
        floors.insert(
            1,
            [
                "engine / bare if the framework cost nothing",
                f"{bare_action / game_work:.2f}×",
            ],
        )
    print_table(
        "what the parts allow (a framework that cost nothing is the best case)",
        ["ratio", "value"],
        floors,
    )


if __name__ == "__main__":
    main()
