"""The encoding checks of the conformance kit: action index, observations and chance outcomes.

What the research adapters (:mod:`boardkit.adapters`) rely on, checked on random playouts with
:func:`check_encodings` (each check is also callable alone):

- :func:`check_action_index` — every legal action encodes to an index in
  ``range(num_actions(config))``, distinct actions to distinct indices, and the index decodes
  back to an equal action; an action's index is the same in every position it is legal in
  (except the game's :attr:`~boardkit.game.Game.slot_indexed_actions`) and in the deciding
  player's :meth:`~boardkit.game.Game.determinize` twin of the position; an index that names
  nothing (out of range, or not an int: ``True``, ``1.0``, ``"0"``, ``None``) is refused with
  :class:`~boardkit.errors.InvalidActionIndexError`;
- :func:`check_observations` — for every seat, the observation has the length of
  ``observation_shape(config)`` in every state, every value is finite and in ``[0, 1]``, and the
  observation and the text observation are equal in the seat's determinize twin (no leak); the
  sparse observation (:meth:`~boardkit.game.Game.sparse_observation`) lists exactly the
  nonzero values, positions ascending;
- :func:`check_chance` — every entry's random draws, recorded from the seeded stream and given
  back as explicit chance outcomes (:class:`boardkit.chance.ChanceRng`), give the same events;
  the draws stay within ``max_chance_outcomes(config)``; one outcome short, the engine asks
  for exactly the missing draw.

A game that does not offer an index or an observation (``None`` from ``num_actions`` or
``observation_shape``) fails with a message that says so: call these checks only for games that
claim the adapters.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from boardkit import engine
from boardkit.bots.random_bot import RandomBot
from boardkit.chance import ChanceNeeded, ChanceRng, RecordingRng
from boardkit.errors import InvalidActionIndexError
from boardkit.flow import decider
from boardkit.game import Game
from boardkit.options import Config
from boardkit.rng import Rng
from boardkit.runner.seats import seat_rngs
from boardkit.testing.errors import ConformanceError, place, reporting

_TWIN_STREAM = 0xE4C0_DE01


def _playout(
    game: Game[Any, Any], config: Config, max_steps: int | None
) -> Iterable[tuple[int, Any]]:
    """``(seq, state)`` for the state after setup and after every action of a random game."""
    streams, bot = seat_rngs(config.seed, config.players), RandomBot()
    state, _ = engine.start(game, config)
    seq = 0
    yield seq, state
    while (who := decider(state.flow)) is not None:
        if max_steps is not None and seq >= max_steps:
            return
        seq += 1
        action = bot.choose(game, state, who, streams[who])
        state, _ = engine.step(game, state, who, action, Rng.for_entry(config.seed, seq))
        yield seq, state


def action_index_size(game: Game[Any, Any], config: Config) -> int:
    size = game.num_actions(config)
    if size is None:
        raise ConformanceError(f"{game.name}: num_actions() offers no action index")
    if type(size) is not int or size < 1:
        raise ConformanceError(f"{game.name}: num_actions() gave {size!r}, not a positive int")
    return size


def check_state_action_index(
    game: Game[Any, Any], state: Any, size: int, seen: dict[Any, int], at: str
) -> None:
    """Check the index of every legal action of one state (``seen`` carries earlier indices)."""
    indices: dict[int, Any] = {}
    for action in game.legal_actions(state):
        try:
            index = game.action_to_index(action, state)
            back = game.index_to_action(index, state)
        except Exception as exc:
            raise ConformanceError(f"{at}: encoding {action!r} raised {exc!r}") from exc
        if type(index) is not int or not 0 <= index < size:
            raise ConformanceError(f"{at}: {action!r} has index {index!r}, not in range({size})")
        if index in indices:
            raise ConformanceError(
                f"{at}: {action!r} and {indices[index]!r} share the index {index}"
            )
        indices[index] = action
        if back != action:
            raise ConformanceError(f"{at}: index {index} of {action!r} decodes to {back!r}")
        if type(action) not in game.slot_indexed_actions:
            first = seen.setdefault(action, index)
            if first != index:
                raise ConformanceError(
                    f"{at}: {action!r} has index {index} here but {first} in an earlier "
                    "position; an index must not depend on the position"
                )
    check_legal_action_indices(game, state, indices, at)


def check_legal_action_indices(
    game: Game[Any, Any], state: Any, indices: Mapping[int, Any], at: str
) -> None:
    """Check that :meth:`~boardkit.game.Game.legal_action_indices` gives each index of the
    legal actions (``indices``) once, and no other."""
    try:
        listed = list(game.legal_action_indices(state))
    except Exception as exc:
        raise ConformanceError(f"{at}: legal_action_indices raised {exc!r}") from exc
    if len(listed) != len(set(listed)):
        raise ConformanceError(f"{at}: legal_action_indices lists an index twice: {listed}")
    if set(listed) != set(indices):
        missing = sorted(set(indices) - set(listed))
        extra = sorted(set(listed) - set(indices))
        raise ConformanceError(
            f"{at}: legal_action_indices differs from the legal actions' indices: "
            f"missing {missing}, not legal {extra}"
        )


def check_action_index(
    game: Game[Any, Any], config: Config, *, max_steps: int | None = None
) -> int:
    """Check the action index on one random playout; return the number of states checked."""
    where = place(game.name, config)
    stage = [where]
    twin_rng = Rng(config.seed, _TWIN_STREAM)
    seen: dict[Any, int] = {}
    count = 0
    with reporting(where, lambda: stage[0]):
        size = action_index_size(game, config)
        for seq, state in _playout(game, config, max_steps):
            at = stage[0] = f"{where} after entry {seq}"
            check_state_action_index(game, state, size, seen, at)
            check_index_twin(game, state, twin_rng, at)
            if seq == 0 or decider(state.flow) is None:
                check_bad_indices(game, state, size, at)
            count += 1
    return count


NOT_INDICES: tuple[object, ...] = (-1, True, False, 1.0, "0", None, (0,))
"""What no action index is, besides ``num_actions`` itself: a negative int, and values of
other types (a bool is no index although Python counts it as an int)."""


def check_bad_indices(game: Game[Any, Any], state: Any, size: int, at: str) -> None:
    """An index that names nothing gets :class:`~boardkit.errors.InvalidActionIndexError`,
    never another error (an agent's bad output must read as what it is)."""
    decode: Any = game.index_to_action  # called with what its signature rules out, on purpose
    for bad in (size, *NOT_INDICES):
        try:
            decode(bad, state)
        except InvalidActionIndexError:
            continue
        except Exception as exc:
            raise ConformanceError(
                f"{at}: index_to_action({bad!r}) raised {exc!r}, not InvalidActionIndexError"
            ) from exc
        raise ConformanceError(f"{at}: index_to_action({bad!r}) gave an action; it names none")


def check_index_twin(game: Game[Any, Any], state: Any, rng: Rng, at: str) -> None:
    """For a game with hidden information: the deciding player's action indices are the same in
    a :meth:`~boardkit.game.Game.determinize` twin of ``state`` (they leak nothing)."""
    who = decider(state.flow)
    if not game.hidden_information or who is None:
        return
    twin = game.determinize(state, who, rng)
    here = {a: game.action_to_index(a, state) for a in game.legal_actions(state)}
    there = {a: game.action_to_index(a, twin) for a in game.legal_actions(twin)}
    if here != there:
        raise ConformanceError(
            f"{at}: the action index of player {who} depends on what he cannot see"
        )


def check_state_observations(
    game: Game[Any, Any], state: Any, length: int, rng: Rng, at: str
) -> None:
    """Check every seat's observation of one state (length, values, no leak, sparse form)."""
    for player in range(state.flow.players):
        values = list(game.observation(state, player))
        if len(values) != length:
            raise ConformanceError(
                f"{at}: player {player}'s observation has {len(values)} values, "
                f"not the {length} of observation_shape()"
            )
        bad = next((v for v in values if not (math.isfinite(v) and 0.0 <= v <= 1.0)), None)
        if bad is not None:
            raise ConformanceError(
                f"{at}: player {player}'s observation holds {bad!r}, not a finite value in [0, 1]"
            )
        check_sparse_observation(game, state, player, values, at)
        if game.hidden_information:
            twin = game.determinize(state, player, rng)
            twin_values = list(game.observation(twin, player))
            if twin_values != values:
                pairs = zip(values, twin_values, strict=False)
                first = next((i for i, (a, b) in enumerate(pairs) if a != b), len(values))
                raise ConformanceError(
                    f"{at}: player {player}'s observation depends on what he cannot see "
                    f"(value {first} changes when it is re-drawn)"
                )
            if game.observation_text(twin, player) != game.observation_text(state, player):
                raise ConformanceError(
                    f"{at}: player {player}'s text observation depends on what he cannot see"
                )


def check_sparse_observation(
    game: Game[Any, Any], state: Any, player: int, dense: Sequence[float], at: str
) -> None:
    """``sparse_observation(state, player)`` gives exactly the nonzero values of ``dense``
    (that seat's observation), positions ascending, as many positions as values."""
    positions, values = game.sparse_observation(state, player)
    positions, values = list(positions), list(values)
    want = [i for i, value in enumerate(dense) if value]
    if positions != want:
        missing = sorted(set(want) - set(positions))
        extra = sorted(set(positions) - set(want))
        raise ConformanceError(
            f"{at}: player {player}'s sparse observation lists positions {positions[:8]!r}…; "
            f"the nonzero values of his observation are at {want[:8]!r}… (missing {missing[:8]!r},"
            f" extra {extra[:8]!r}; they must be ascending)"
        )
    wrong = next((i for i, v in zip(positions, values, strict=False) if dense[i] != v), None)
    if len(values) != len(positions) or wrong is not None:
        raise ConformanceError(
            f"{at}: player {player}'s sparse observation gives {len(values)} values for "
            f"{len(positions)} positions"
            + ("" if wrong is None else f"; at {wrong} it gives another value than observation")
        )


def observation_length(game: Game[Any, Any], config: Config) -> int:
    """The number of values of an observation under ``config``; refuses a bad shape."""
    shape = game.observation_shape(config)
    if shape is None:
        raise ConformanceError(f"{game.name}: observation_shape() offers no observation")
    if not shape or any(type(d) is not int or d < 1 for d in shape):
        raise ConformanceError(f"{game.name}: observation_shape() gave {shape!r}")
    return math.prod(shape)


def check_observations(
    game: Game[Any, Any], config: Config, *, max_steps: int | None = None, every: int = 1
) -> int:
    """Check every seat's observation on one random playout; return the states checked."""
    where = place(game.name, config)
    stage = [where]
    rng = Rng(config.seed, _TWIN_STREAM)
    count = 0
    with reporting(where, lambda: stage[0]):
        length = observation_length(game, config)
        for seq, state in _playout(game, config, max_steps):
            stage[0] = f"{where} after entry {seq}"
            if seq % every == 0 or decider(state.flow) is None:
                check_state_observations(game, state, length, rng, stage[0])
                count += 1
    return count


def _replay_entry(
    game: Game[Any, Any],
    config: Config,
    state: Any,
    who: int | None,
    action: object,
    rng: Rng,
) -> tuple[Any, list[object]]:
    if action is None:
        return engine.start(game, config, rng)
    return engine.step(game, state, who, action, rng)


def check_chance(game: Game[Any, Any], config: Config, *, max_steps: int | None = None) -> int:
    """Check that every entry's draws can be given as chance outcomes; return the draws seen."""
    where = place(game.name, config)
    stage = [f"{where} entry 0"]
    with reporting(where, lambda: stage[0]):
        return _check_chance(game, config, where, stage, max_steps)


def _check_chance(
    game: Game[Any, Any], config: Config, where: str, stage: list[str], max_steps: int | None
) -> int:
    bound = game.max_chance_outcomes(config)
    streams, bot = seat_rngs(config.seed, config.players), RandomBot()
    state: Any = None
    who: int | None = None
    action: object = None
    seq, draws = 0, 0
    while True:
        at = stage[0] = f"{where} entry {seq}"
        recording = RecordingRng.for_entry(config.seed, seq)
        after, events = _replay_entry(game, config, state, who, action, recording)
        given = ChanceRng(recording.outcomes)
        again, replayed = _replay_entry(game, config, state, who, action, given)
        if replayed != events or again != after:
            raise ConformanceError(f"{at}: the same chance outcomes gave other events")
        if given.used != len(recording.outcomes):
            raise ConformanceError(f"{at}: the replay drew {given.used} outcomes, not all")
        if recording.outcomes:
            short = ChanceRng(recording.outcomes[:-1])
            try:
                _replay_entry(game, config, state, who, action, short)
            except ChanceNeeded as need:
                if need.outcomes != recording.bounds[-1]:
                    raise ConformanceError(
                        f"{at}: one outcome short, the engine asked for range({need.outcomes}), "
                        f"not range({recording.bounds[-1]})"
                    ) from None
            else:
                raise ConformanceError(f"{at}: one outcome short, the entry still completed")
        if bound is not None and any(n > bound for n in recording.bounds):
            raise ConformanceError(
                f"{at}: drew from range({max(recording.bounds)}), past "
                f"max_chance_outcomes() = {bound}"
            )
        draws += len(recording.outcomes)
        state = after
        who = decider(state.flow)
        if who is None or (max_steps is not None and seq >= max_steps):
            return draws
        action = bot.choose(game, state, who, streams[who])
        seq += 1


def check_encodings(
    game: Game[Any, Any],
    configs: Sequence[Mapping[str, Any]] | None = None,
    *,
    seeds: Iterable[int] = range(2),
    max_steps: int | None = None,
    every: int = 1,
) -> None:
    """Run every encoding check on a random game per configuration and seed.

    ``configs`` lists dicts with ``players`` and optional ``options`` (as for
    :func:`boardkit.testing.check_game`); by default every supported player count.
    ``max_steps`` cuts each playout short, ``every`` checks the observations of every
    ``every``-th state only (for speed).
    """
    chosen = list(configs or [{"players": n} for n in game.player_counts])
    for seed in seeds:
        for spec in chosen:
            config = game.make_config(spec["players"], spec.get("options"), seed)
            check_action_index(game, config, max_steps=max_steps)
            check_observations(game, config, max_steps=max_steps, every=every)
            check_chance(game, config, max_steps=max_steps)
