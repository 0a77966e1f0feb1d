"""The conformance kit: property-based random playouts that check a game keeps the contract.

One call from a game's tests::

    from boardkit.testing import check_game
    check_game(MyGame(), configs=[{"players": 2}, {"players": 3, "options": {"variant": "x"}}])

Hypothesis draws a configuration and a seed, plays a random game to the end, and checks at every
step that

- someone must decide, and has at least one legal action, until the game is over;
- a sample of the legal actions applies without error, none is listed twice, and an equal state
  read back from JSON lists them in the same order;
- a sample of illegal actions (actions seen earlier that are not legal now, and a legal action
  played by the wrong player) is refused with an IllegalActionError and changes nothing;
- the state, every action and every event round-trip through JSON exactly;
- for a game with hidden information, nothing the game shows a player (view, texts, pictures,
  legal actions, refusals, redacted events) changes when everything that player cannot see is
  re-drawn (:meth:`Game.determinize`) or comes out of another random stream: the leak check of
  :mod:`boardkit.testing.secrets`;
- the number of log entries stays within :meth:`Game.max_entries`, or the match's entry cap
  (:attr:`boardkit.options.Config.cap`): a game without a natural bound (``max_entries`` is
  ``None``) is always played under one, and a match that reaches it ends truncated (the end
  checks then hold it to a truncated result and the truncation events at the cap);
- every legal action has a menu path of its own, and a text of its own that reads back to it
  (:mod:`boardkit.testing.text_checks`: moves as text); the bot hints a game offers (``score``,
  ``evaluate``) are finite for every seat; click targets and research encodings keep their
  contracts, for a game that offers them (:mod:`boardkit.testing.hooks`);

and at the end that the result is well-formed (a draw, nobody winning or every seat sharing the
win, is a result like any other), that a turn ends by ``TurnEnded`` and the game by
one ``GameEnded``, that the pictures (``render_svg``, ``Match._repr_svg_``) parse as SVG, that
every event is narrated (:mod:`boardkit.testing.narration_checks`), that the log replays and
verifies to an equal state and re-serialises to the same bytes, that each redacted log folds to a
state the player sees exactly as the real one, that time travel and undo agree with replay, and
that a tampered log is refused at the tampered entry. For a game that offers positions, a match
started from a position of the playout plays, replays, verifies and redacts like any other (the
positions check of :mod:`boardkit.testing.positions`). Before the playouts, :func:`check_game`
checks the network a game ships for each seat count it is given
(:meth:`Game.trained_network <boardkit.game.Game.trained_network>`): it loads, fits the game's
observation and action sizes, and the ``trained`` bot plays a legal move with it
(:mod:`boardkit.testing.network_checks`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from attrs import frozen

from boardkit import engine
from boardkit.bots.random_bot import RandomBot
from boardkit.codec import codec_for
from boardkit.errors import IllegalActionError, InvalidLogError, InvalidOptionsError
from boardkit.flow import GAME_ENDED, GameTruncated, HasFlow, decider, next_seat
from boardkit.game import Game, entry_limit
from boardkit.log import Log, log_to_json
from boardkit.match import Match
from boardkit.options import MIN_CAP, Config
from boardkit.rng import Rng
from boardkit.runner.seats import seat_rngs
from boardkit.testing import positions, secrets
from boardkit.testing.errors import ConformanceError, place, reporting
from boardkit.testing.hooks import HookChecks
from boardkit.testing.network_checks import check_trained_network

__all__ = ["ConformanceError", "Sampling", "check_game", "check_playout"]

LEAK_POOL = 8
"""Public actions (played earlier) whose texts and refusals the leak check compares, per state."""
CHANCE_STEPS = 40
"""Entries of a playout whose random draws the chance check gives back as explicit outcomes."""
SHORT_CAP = 24
"""The longest of the short entry caps the kit draws for a game without a natural bound."""
SETUP_TWINS = 12
"""Seeds the setup is tried under by the leak check (deals a player sees alike must be
redacted alike)."""


@frozen
class Sampling:
    """How much of each playout the kit checks: its budget per game, one value.

    ``legal_samples`` legal actions and ``illegal_samples`` illegal ones are tried at every
    state; the costlier per-state checks (state JSON, views, the leak check) run at every
    ``state_check_every``-th state, the checks of the hooks and the narration at every
    ``hooks_every``-th (``None``: as ``state_check_every``); ``leak_horizon`` bounds the leak
    check's lockstep futures and ``leak_streams`` is the number of random streams an action is
    tried under. A game's own suite keeps them lean; a nightly run turns them up.
    """

    legal_samples: int = 4
    illegal_samples: int = 4
    state_check_every: int = 1
    leak_horizon: int = 4
    leak_streams: int = 3
    hooks_every: int | None = None

    @property
    def hook_step(self) -> int:
        """The spacing of the hooks' checks: ``hooks_every``, or ``state_check_every``."""
        return self.state_check_every if self.hooks_every is None else self.hooks_every


def _budget(sampling: Sampling | None, knobs: Sampling) -> Sampling:
    """``sampling`` when given (then ``knobs``, built from the keyword arguments, must be the
    defaults), else ``knobs``."""
    if sampling is None:
        return knobs
    if knobs != Sampling():
        raise TypeError("give either sampling= or its keyword arguments, not both")
    return sampling


S = TypeVar("S", bound=HasFlow)
A = TypeVar("A")


def _expect(condition: bool, message: str) -> None:
    if not condition:
        raise ConformanceError(message)


def _roundtrip_json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def check_playout(
    game: Game[S, A],
    players: int,
    options: Mapping[str, object] | None,
    seed: int,
    *,
    sampling: Sampling | None = None,
    legal_samples: int = 4,
    illegal_samples: int = 4,
    state_check_every: int = 1,
    leak_horizon: int = 4,
    leak_streams: int = 3,
    hooks_every: int | None = None,
    cap: int | None = None,
) -> Match[S, A]:
    """Play one random game with every check of the kit; return the finished match.

    ``cap`` is the match's entry cap (see :meth:`Match.new <boardkit.match.Match.new>`); a game
    without a natural bound is played under :data:`~boardkit.options.DEFAULT_CAP` without one.

    ``sampling`` is the kit's budget (:class:`Sampling`); its fields may also be given one by
    one as keyword arguments, not both. For a game with hidden information the leak check of
    :mod:`boardkit.testing.secrets` runs at the same states as the state checks; the checks of
    the hooks (:mod:`boardkit.testing.hooks`: menus, bot hints, click targets, encodings, and
    the narration of the entries) run at every ``hooks_every``-th state.
    """
    budget = _budget(
        sampling,
        Sampling(
            legal_samples,
            illegal_samples,
            state_check_every,
            leak_horizon,
            leak_streams,
            hooks_every,
        ),
    )
    config = game.make_config(players, options, seed, cap)
    where = place(game.name, config)
    if cap is not None:
        where += f" cap={cap}"
    stage = [f"{where} setup"]
    with reporting(where, lambda: stage[0]):
        return _playout(game, config, where, stage, budget)


def _playout(
    game: Game[S, A],
    config: Config,
    where: str,
    stage: list[str],
    budget: Sampling,
) -> Match[S, A]:
    """The body of :func:`check_playout`; ``stage[0]`` always says where it has got to."""
    players, seed = config.players, config.seed
    codec = codec_for(game)
    match = Match.new(game, players, config.options, seed, cap=config.cap)
    own = game.max_entries(config)
    _expect(
        own is None or (type(own) is int and own >= 1),
        f"{where}: max_entries must be a positive int or None (no natural bound), not {own!r}",
    )
    _expect(
        own is not None or config.cap is not None,
        f"{where}: a game without a natural bound is played without an entry cap",
    )
    bound = entry_limit(game, config)
    chooser = Rng(seed, 0xC0FFEE)  # the kit's own draws: samples and trials, no moves
    streams, bot = seat_rngs(seed, players), RandomBot()
    seen: list[object] = []
    leak_rng = Rng(seed, 0x5EC2E7)
    hooks = HookChecks(game, config, seed)
    hook_step, state_check_every = budget.hook_step, budget.state_check_every
    _expect(hook_step >= 1, f"{where}: hooks_every must be at least 1")
    if game.hidden_information:
        setup_seeds = [seed, *(leak_rng.next_u64() for _ in range(SETUP_TWINS - 1))]
        secrets.check_setup_secrets(game, config, setup_seeds, f"{where} setup")

    step_no = 0
    while not match.is_over:
        state = match.state
        at = stage[0] = f"{where} entry {len(match)}"
        who = match.to_decide
        if who is None:
            raise ConformanceError(f"{at}: nobody decides but the game is not over")
        legal = match.legal_actions()
        _expect(len(legal) > 0, f"{at}: player {who} must decide but has no legal action")
        _check_unique(legal, at)
        if step_no % hook_step == 0:
            hooks.at_state(state, legal, at)
        if step_no % state_check_every == 0:
            _check_state_json(game, state, legal, at)
            _check_views(game, state, players, at)
            if game.hidden_information:
                secrets.check_secrets_at(
                    game,
                    state,
                    seed=seed,
                    seq=len(match),
                    pool=_sample(seen, LEAK_POOL, leak_rng),
                    rng=leak_rng,
                    horizon=budget.leak_horizon,
                    streams=budget.leak_streams,
                    at=at,
                )
        for action in _sample(legal, budget.legal_samples, chooser):
            _expect(_roundtrip_action(codec, action) == action, f"{at}: {action!r} JSON round trip")
            try:
                engine.step(game, state, who, action, Rng.for_entry(seed, len(match)))
            except IllegalActionError as exc:
                raise ConformanceError(f"{at}: listed action {action!r} refused: {exc}") from None
        _check_illegal(match, legal, seen, budget.illegal_samples, chooser, at)
        action = bot.choose(game, state, who, streams[who])
        seen.append(action)
        if len(seen) > 256:
            del seen[: len(seen) - 256]
        events = match.play(action)
        for event in events:
            _expect(
                codec.events.load(_roundtrip_json(codec.events.dump(event))) == event,
                f"{at}: event {event!r} JSON round trip",
            )
        _expect(len(match) <= bound, f"{at}: more entries than max_entries={bound}")
        if own is not None and config.cap is None:
            _expect(not match.state.flow.truncated, f"{at}: cut off in a match without a cap")
        step_no += 1

    stage[0] = f"{where} at the end"
    _check_end(game, match, players, where)
    hooks.at_end(match, where, every=hook_step, chance_steps=CHANCE_STEPS)
    stage[0] = f"{where} replaying the log"
    _check_replay(game, match, where)
    if game.hidden_information:
        stage[0] = f"{where} checking the redacted logs"
        _check_redacted_logs(game, match, players, where)
        secrets.check_redacted_headers(match, where)
    stage[0] = f"{where} time travel"
    _check_time_travel(game, match, chooser, where)
    stage[0] = f"{where} starting from a position of the playout"
    positions.check_position_playout(game, match, chooser, where)
    return match


def _sample(items: Sequence[Any], k: int, rng: Rng) -> list[Any]:
    if len(items) <= k:
        return list(items)
    return [items[rng.below(len(items))] for _ in range(k)]


def _check_unique(legal: Sequence[object], at: str) -> None:
    try:
        distinct = len(set(legal))
    except TypeError:
        return
    _expect(distinct == len(legal), f"{at}: legal_actions lists an action twice")


def _roundtrip_action(codec: Any, action: object) -> object:
    return codec.actions.load(_roundtrip_json(codec.actions.dump(action)))


def _check_state_json(
    game: Game[Any, Any], state: object, legal: Sequence[object], at: str
) -> None:
    """The state round-trips through JSON, and the state read back lists the same legal actions
    in the same order (the order depends on the position alone)."""
    codec = codec_for(game)
    back = codec.load_state(_roundtrip_json(codec.dump_state(state)))
    _expect(back == state, f"{at}: state JSON round trip is not exact")
    _expect(
        list(game.legal_actions(back)) == list(legal),
        f"{at}: legal_actions lists other actions, or in another order, for an equal state read "
        "back from JSON (the order must depend on the position alone)",
    )


def _check_views(game: Game[Any, Any], state: Any, players: int, at: str) -> None:
    """Every view serialises to JSON (the leak check compares views as JSON)."""
    codec = codec_for(game)
    for player in [None, *range(players)]:
        try:
            json.dumps(codec.dump_any(game.view(state, player)))
        except (TypeError, ValueError) as exc:
            raise ConformanceError(f"{at}: player {player}'s view is not JSON: {exc}") from None


def _check_illegal(
    match: Match[Any],
    legal: Sequence[object],
    seen: Sequence[object],
    k: int,
    rng: Rng,
    at: str,
) -> None:
    try:
        legal_set: Any = set(legal)
    except TypeError:
        legal_set = list(legal)
    candidates = [a for a in seen if a not in legal_set]
    before_state, before_len = match.state, len(match)
    who = match.to_decide
    trials: list[tuple[object, int | None]] = [(a, None) for a in _sample(candidates, k, rng)]
    if who is not None and match.config.players > 1:
        trials.append((legal[0], next_seat(who, match.config.players)))
    for action, player in trials:
        try:
            match.play(action, player)
        except IllegalActionError:
            pass
        else:
            raise ConformanceError(
                f"{at}: {action!r} by player {player} was accepted but is not a legal action"
            )
        _expect(
            match.state is before_state and len(match) == before_len,
            f"{at}: a refused action changed the match",
        )


def _check_end(game: Game[Any, Any], match: Match[Any], players: int, where: str) -> None:
    result = match.result
    _expect(result is not None, f"{where}: the game ended without a result")
    assert result is not None
    if match.state.flow.truncated or result.truncated:
        _check_truncated(game, match, players, where)
        return
    _expect(
        list(result.winners) == sorted(set(result.winners)), f"{where}: winners not sorted/unique"
    )
    _expect(all(0 <= w < players for w in result.winners), f"{where}: a winner is not a seat")
    _expect(len(result.scores) == players, f"{where}: scores must have one entry per seat")
    _expect(match.legal_actions() == [], f"{where}: legal actions after the end")
    _expect(decider(match.state.flow) is None, f"{where}: someone decides after the end")


def _check_truncated(game: Game[Any, Any], match: Match[Any], players: int, where: str) -> None:
    """A match cut off at its entry cap: it reached the cap exactly, its last entry ends with
    the truncation events, the game gives no result of its own, and the result says so."""
    state, cap = match.state, match.config.cap
    result = match.result
    assert result is not None
    _expect(cap is not None, f"{where}: a match without an entry cap was cut off")
    _expect(state.flow.truncated and result.truncated, f"{where}: a truncated result, not flow")
    _expect(len(match) == cap, f"{where}: cut off after {len(match)} entries, not at cap={cap}")
    _expect(
        match.log.entries[-1].events[-2:] == (GameTruncated(len(match)), GAME_ENDED),
        f"{where}: the last entry of a truncated match must end with GameTruncated and GameEnded",
    )
    _expect(game.result(state) is None, f"{where}: the game has a result, yet was cut off")
    _expect(result.winners == (), f"{where}: a truncated result names winners")
    _expect(len(result.scores) == players, f"{where}: scores must have one entry per seat")
    _expect(match.legal_actions() == [], f"{where}: legal actions after the end")
    _expect(decider(state.flow) is None, f"{where}: someone decides after the end")


def _check_replay(game: Game[Any, Any], match: Match[Any], where: str) -> None:
    text = match.to_json()
    verified = Match.from_json(text, game, verify=True)
    _expect(verified.state == match.state, f"{where}: verified replay differs from live state")
    _expect(verified.to_json() == text, f"{where}: log does not re-serialise to the same bytes")
    replayed = Match.from_json(text, game, verify=False)
    _expect(replayed.state == match.state, f"{where}: replay differs from the live state")
    _check_tamper(game, text, len(match), where)


def _check_tamper(game: Game[Any, Any], text: str, entries: int, where: str) -> None:
    if entries < 2:
        return
    doc = json.loads(text)
    last = doc["entries"][-1]
    last["events"] = last["events"][:-1]
    try:
        Match.from_json(json.dumps(doc), game, verify=True)
    except InvalidLogError as exc:
        _expect(exc.entry == entries - 1, f"{where}: tampering reported at entry {exc.entry}")
    else:
        raise ConformanceError(f"{where}: a log with a dropped event was accepted")


def _check_redacted_logs(game: Game[Any, Any], match: Match[Any], players: int, where: str) -> None:
    for player in range(players):
        redacted: Log = match.redacted_log(player)
        log_to_json(game, redacted)
        seen = game.initial(match.config)
        true = seen
        for entry, real in zip(redacted.entries, match.log.entries, strict=True):
            seen = engine.fold(game, seen, entry.events)
            true = engine.fold(game, true, real.events)
            _expect(
                game.view(seen, player) == game.view(true, player),
                f"{where}: player {player}'s redacted log does not give the player's view "
                f"after entry {entry.seq}",
            )


def _check_time_travel(game: Game[Any, Any], match: Match[Any], rng: Rng, where: str) -> None:
    n = len(match)
    k = rng.below(n)
    state = match.start_state
    for entry in match.log.entries[: k + 1]:
        state = engine.fold(game, state, entry.events)
    _expect(match.state_at(k) == state, f"{where}: state_at({k}) differs from replay")
    copy = Match.from_log(game, match.log, verify=False)
    undone = n - 1 - k
    copy.undo(undone)
    _expect(copy.state == state, f"{where}: undo({undone}) differs from replay")
    for player, action in match.log.actions[k:]:
        copy.play(action, player)
    _expect(copy.to_json() == match.to_json(), f"{where}: redo after undo differs")


def _network_config(
    game: Game[Any, Any], players: int, chosen: Sequence[Mapping[str, Any]]
) -> Config:
    """The configuration a shipped network for ``players`` seats is checked against: the
    game's default options, or, where they do not play that seat count, the first chosen
    configuration of it."""
    try:
        return game.make_config(players, None, 0)
    except InvalidOptionsError:
        first = next(c for c in chosen if c["players"] == players)
        return game.make_config(players, first.get("options"), 0)


def check_game(
    game: Game[Any, Any],
    configs: Sequence[Mapping[str, Any]] | None = None,
    *,
    max_examples: int | None = None,
    sampling: Sampling | None = None,
    legal_samples: int = 4,
    illegal_samples: int = 4,
    state_check_every: int = 1,
    leak_horizon: int = 4,
    leak_streams: int = 3,
    hooks_every: int | None = None,
) -> None:
    """Run random playouts of ``game`` under hypothesis and check the whole contract.

    ``configs`` lists dicts with ``players`` and optional ``options`` and ``cap`` (an entry
    cap, see :meth:`Match.new <boardkit.match.Match.new>`); by default every supported player
    count with default options. A game without a natural bound (:meth:`Game.max_entries
    <boardkit.game.Game.max_entries>` is ``None``) is played, in a configuration that names no
    cap, under a cap hypothesis draws: the default one, or a short one from
    :data:`~boardkit.options.MIN_CAP` to :data:`SHORT_CAP`, so that both ends, by the rules and
    cut off, are checked. ``max_examples`` overrides the active
    hypothesis profile's number of games; ``sampling`` (:class:`Sampling`) is how much of each
    game is checked, and its fields may also be given one by one as keyword arguments (not
    both): ``state_check_every`` spaces out the costlier per-state checks (state JSON, views,
    the leak check) for long games, ``hooks_every`` the checks of the hooks and the narration
    (default: as ``state_check_every``); ``leak_horizon`` and ``leak_streams`` tune the leak
    check. Those and ``max_examples`` are the kit's budget: a game's own test suite keeps them
    lean, a nightly run turns them up.
    """
    budget = _budget(
        sampling,
        Sampling(
            legal_samples,
            illegal_samples,
            state_check_every,
            leak_horizon,
            leak_streams,
            hooks_every,
        ),
    )
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    chosen = list(configs or [{"players": n} for n in game.player_counts])
    _expect(len(chosen) > 0, "check_game needs at least one configuration")
    for config in chosen:
        game.make_config(config["players"], config.get("options"), None, config.get("cap"))
    for players in sorted({config["players"] for config in chosen}):
        check_trained_network(game, _network_config(game, players, chosen))

    overrides: dict[str, Any] = {
        "deadline": None,
        "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large],
    }
    if max_examples is not None:
        overrides["max_examples"] = max_examples

    short_caps = st.one_of(st.none(), st.integers(MIN_CAP, SHORT_CAP))

    @settings(**overrides)
    @given(config=st.sampled_from(chosen), seed=st.integers(0, 2**32 - 1), short=short_caps)
    def run(config: Mapping[str, Any], seed: int, short: int | None) -> None:
        cap = config.get("cap")
        unbounded = game.max_entries(game.make_config(config["players"], config.get("options"), 0))
        if cap is None and unbounded is None:
            cap = short
        check_playout(
            game,
            config["players"],
            config.get("options"),
            seed,
            sampling=budget,
            cap=cap,
        )

    run()
