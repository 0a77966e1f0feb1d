"""The leak check of the conformance kit: a player learns nothing the rules hide from them.

A game with hidden information promises that what it shows player ``p`` (``None``: a spectator)
depends only on what ``p`` may know. The check tests that promise *differentially*, without
knowing what the game's secrets are:

- **Twin states.** ``twin = game.determinize(state, p, rng)`` re-draws everything ``p`` cannot
  see, so ``p`` cannot tell ``twin`` from ``state``. Everything the game shows ``p`` must then be
  byte-identical on both: the view (as JSON through the game's codec), ``render_text``, the SVG
  picture when the game offers ``render_svg``, the texts and menu paths of public actions, the
  legal actions when ``p`` decides, and the refusal messages of illegal actions ``p`` tries.
- **Twin futures.** From ``state`` and ``twin`` the same actions are played in lockstep with the
  same random stream. While ``p``'s views stay equal after an entry, ``p``'s redacted events of
  that entry must be equal too: a redacted log may never tell ``p`` more than ``p``'s view. When
  the views part (``p`` drew a card, say), ``p`` legitimately learned something and the lockstep
  stops.
- **Fresh randomness.** A secret can also be born in an entry (a deal, a shuffle, a draw). The
  setup and sampled actions are therefore also played under several random streams; outcomes
  that ``p`` sees alike must give ``p`` the same redacted events.
- **Shuffle order.** Re-drawing by random streams finds two outcomes that look alike only by
  luck (two seeds that deal a player the same hand of a large deck are rare), so an order that
  leaks (a hand listed in the order of the shuffle) would pass. The kit therefore also makes
  such outcomes itself: it plays the entry again with each shuffle's result permuted, a few
  positions swapped (:func:`check_shuffle_order`); whenever a player's views stay the same, the
  player's redacted events must stay the same too.
- **Secret actions.** A secret can be a choice, too (a sealed bid, a card laid face down): then
  the action is the secret. Several legal actions of the deciding seat are played on the same
  state with the same random stream; for every other reader ``p``, two actions that ``p`` sees
  alike (the same view after every event) must give ``p`` equal redacted events when ``p``'s
  log shows the same action for both (``Game.redact_action``), and equal redacted actions when
  the redacted events are equal but the real events are not (the game hides the difference in
  its events, so the log must not show it in the action).

A game must thus put everything a player has learned into that player's view: a card shown to a
player for a moment and then hidden again must stay in their view. Any difference is reported as
a :class:`~boardkit.testing.conformance.ConformanceError` naming the player, the entry, what
differed and where.

:func:`check_redacted_header` checks that a redacted log's header holds no seed (nor the salt of
the seed's commitment): with the seed, every secret of a match can be recomputed.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, MutableSequence, Sequence
from typing import Any, TypeVar

from attrs import evolve

from boardkit import engine
from boardkit.codec import codec_for
from boardkit.errors import IllegalActionError
from boardkit.flow import decider
from boardkit.game import Game
from boardkit.options import Config
from boardkit.rng import Rng
from boardkit.testing.errors import ConformanceError

#: Header fields a redacted log must not hold: the seed gives every secret away, and the salt
#: of the seed's commitment is only useful together with it.
SECRET_HEADER_FIELDS = ("seed", "salt")

#: The leak check compares SVG pictures at one checked state in this many, at random.
PICTURE_ODDS = 8

#: Legal actions the secret-actions check plays side by side at one checked state (at most).
SECRET_ACTIONS = 4

_SHOWN = 160  # characters of a differing value quoted in a report

T = TypeVar("T")


def _canonical(value: object) -> str:
    """JSON text with sorted keys: the bytes two views must share."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _clip(text: str) -> str:
    return text if len(text) <= _SHOWN else text[:_SHOWN] + "…"


def json_difference(a: object, b: object, path: str = "") -> str | None:
    """Where two JSON values first differ (``hands[1]: 7 != 0``), or ``None`` if they are equal."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                return f"{path}.{key}: present in only one"
            found = json_difference(a[key], b[key], f"{path}.{key}")
            if found is not None:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list):
        for index, (x, y) in enumerate(zip(a, b, strict=False)):
            found = json_difference(x, y, f"{path}[{index}]")
            if found is not None:
                return found
        if len(a) != len(b):
            return f"{path}: {len(a)} items != {len(b)} items"
        return None
    if type(a) is type(b) and a == b:
        return None
    return f"{path or 'the value'}: {_clip(_canonical(a))} != {_clip(_canonical(b))}"


def text_difference(a: str, b: str) -> str | None:
    """The first line where two texts differ, quoted from both, or ``None`` if they are equal."""
    if a == b:
        return None
    left, right = a.splitlines(), b.splitlines()
    for number, (x, y) in enumerate(zip(left, right, strict=False), start=1):
        if x != y:
            return f"line {number}: {_clip(repr(x))} != {_clip(repr(y))}"
    return f"{len(left)} lines != {len(right)} lines"


def _who(player: int | None) -> str:
    return "the spectator" if player is None else f"player {player}"


def _leak(
    at: str, player: int | None, what: str, detail: str, *, plural: bool = False
) -> ConformanceError:
    return ConformanceError(
        f"{at}: leak to {_who(player)}: {what} {'differ' if plural else 'differs'} between the "
        "real state and a twin that "
        f"{_who(player)} cannot tell apart from it ({detail})"
    )


class _Presenter:
    """What a game shows one player of one state, as comparable JSON or text."""

    def __init__(self, game: Game[Any, Any], player: int | None) -> None:
        self.game = game
        self.player = player
        self.codec = codec_for(game)

    def view_text(self, state: object) -> str:
        return _canonical(self.codec.dump_any(self.game.view(state, self.player)))

    def view_difference(self, state: object, other: object) -> str | None:
        a, b = self.view_text(state), self.view_text(other)
        return None if a == b else json_difference(json.loads(a), json.loads(b))

    def trail(self, before: object, events: Iterable[object]) -> tuple[str, ...]:
        """The player's view after each event of an entry folded onto ``before``.

        What the player saw *during* the entry counts: a card turned face up and shuffled
        away again by the same entry was seen, though the final view no longer shows it.
        """
        views = []
        state = before
        for event in events:
            state = engine.fold(self.game, state, (event,))
            views.append(self.view_text(state))
        return tuple(views)

    def redacted(self, events: Iterable[object]) -> Any:
        dump = self.codec.events.dump
        return [dump(self.game.redact(event, self.player)) for event in events]

    def actions(self, actions: Iterable[object]) -> list[Any]:
        return [self.codec.actions.dump(a) for a in actions]

    def codec_events(self, events: Iterable[object]) -> Any:
        """The events as JSON, unredacted."""
        dump = self.codec.events.dump
        return [dump(event) for event in events]


def check_twin(
    game: Game[Any, Any],
    state: Any,
    twin: Any,
    player: int | None,
    pool: Sequence[object],
    rng_for: Callable[[], Rng],
    at: str,
    *,
    pictures: bool = True,
) -> None:
    """Everything ``game`` shows ``player`` is the same on ``state`` and its ``twin``.

    ``pool`` holds public actions (played earlier in the match): the texts of those legal in
    ``state`` must not depend on hidden information (an action is described only in a state it
    is played in, as :meth:`~boardkit.game.Game.describe_action` promises), and those that are
    illegal when ``player`` decides must be refused with the same message on both. ``rng_for``
    gives the random stream of the next entry. Without ``pictures`` the SVG picture is not
    drawn (it costs more than everything else together).
    """
    show = _Presenter(game, player)
    where = show.view_difference(state, twin)
    if where is not None:
        raise _leak(
            at, player, "the view (view changes when hidden information is re-drawn)", where
        )
    for label, draw in _pictures(game, player, svg=pictures):
        found = text_difference(draw(state), draw(twin))
        if found is not None:
            raise _leak(at, player, label, found)
    if pool and decider(state.flow) not in (None, player):  # the decider's: _check_decisions
        legal = list(game.legal_actions(state))
        for action in pool:
            if action in legal:
                _check_action_texts(game, state, twin, player, action, at)
    if decider(state.flow) == player and player is not None:
        _check_decisions(game, state, twin, player, pool, rng_for, at)


def _pictures(
    game: Game[Any, Any], player: int | None, *, svg: bool
) -> list[tuple[str, Callable[[Any], str]]]:
    """The texts and pictures ``game`` can show ``player`` of a state."""
    shown: list[tuple[str, Callable[[Any], str]]] = [
        ("render_text", lambda s: game.render_text(s, player))
    ]
    if svg and game.offers("render_svg"):
        shown.append(("render_svg", lambda s: str(game.render_svg(s, player, None))))
    return shown


def _check_action_texts(
    game: Game[Any, Any], state: Any, twin: Any, player: int | None, action: object, at: str
) -> None:
    for label, text in (
        ("describe_action", game.describe_action),
        ("action_path", game.action_path),
    ):
        a, b = text(action, state), text(action, twin)
        if a != b:
            raise _leak(at, player, f"{label}({action!r})", f"{_clip(repr(a))} != {_clip(repr(b))}")


def _check_decisions(
    game: Game[Any, Any],
    state: Any,
    twin: Any,
    player: int,
    pool: Sequence[object],
    rng_for: Callable[[], Rng],
    at: str,
) -> None:
    """``player`` decides: same legal actions, same texts, same refusals on both states."""
    show = _Presenter(game, player)
    legal, legal_twin = list(game.legal_actions(state)), list(game.legal_actions(twin))
    where = json_difference(show.actions(legal), show.actions(legal_twin))
    if where is not None:
        raise _leak(at, player, "the legal actions", where, plural=True)
    for action in legal:
        _check_action_texts(game, state, twin, player, action, at)
    for action in pool:
        if action in legal:
            continue
        a = _refusal(game, state, player, action, rng_for())
        b = _refusal(game, twin, player, action, rng_for())
        if a != b:
            raise _leak(at, player, f"the refusal message of {action!r}", f"{a!r} != {b!r}")


def _refusal(game: Game[Any, Any], state: Any, player: int, action: object, rng: Rng) -> str:
    try:
        engine.step(game, state, player, action, rng)
    except IllegalActionError as exc:
        return f"{type(exc).__name__}: {exc}"
    return "accepted"


def check_twin_future(
    game: Game[Any, Any],
    state: Any,
    twin: Any,
    player: int | None,
    *,
    seed: int,
    seq: int,
    chooser: Rng,
    horizon: int,
    at: str,
) -> None:
    """Play ``state`` and ``twin`` in lockstep (same actions, same random streams).

    While ``player``'s views stay equal after every event of an entry, ``player``'s redacted
    events of that entry must be equal too. Stops after ``horizon`` entries, when the views
    differ (the player learned something), when the game ends, or when no action is legal in
    both.
    """
    show = _Presenter(game, player)
    for offset in range(horizon):
        who = decider(state.flow)
        if who is None:
            return
        common = _common_actions(game, state, twin)
        if not common:
            return
        action = chooser.choice(common)
        rng_seq = seq + offset
        after, events = engine.step(game, state, who, action, Rng.for_entry(seed, rng_seq))
        twin_after, twin_events = engine.step(game, twin, who, action, Rng.for_entry(seed, rng_seq))
        if show.trail(state, events) != show.trail(twin, twin_events):
            return
        state, twin = after, twin_after
        where = json_difference(show.redacted(events), show.redacted(twin_events))
        if where is not None:
            raise _leak(
                f"{at} (+{offset + 1} entries in lockstep, {action!r})",
                player,
                "the redacted events",
                f"the view is the same, the redacted log is not: {where}",
                plural=True,
            )


def _common_actions(game: Game[Any, Any], state: Any, twin: Any) -> list[object]:
    """The legal actions of ``state`` that are legal in ``twin`` too, in ``state``'s order."""
    theirs = list(game.legal_actions(twin))
    try:
        lookup: Any = set(theirs)
    except TypeError:  # unhashable actions
        lookup = theirs
    return [a for a in game.legal_actions(state) if a in lookup]


def check_fresh_randomness(
    game: Game[Any, Any],
    before: Any,
    outcomes: Sequence[Sequence[object]],
    at: str,
) -> None:
    """The events of one entry played on ``before`` under different random streams: outcomes
    a player sees alike (the same view after every event) must be redacted alike for them."""
    for player in [None, *range(before.flow.players)]:
        show = _Presenter(game, player)
        first_of_trail: dict[tuple[str, ...], Any] = {}
        for events in outcomes:
            trail = show.trail(before, events)
            redacted = show.redacted(events)
            if trail not in first_of_trail:
                first_of_trail[trail] = redacted
                continue
            where = json_difference(first_of_trail[trail], redacted)
            if where is not None:
                raise _leak(
                    at,
                    player,
                    "the redacted events",
                    "two random outcomes give the same views but different redacted events: "
                    + where,
                    plural=True,
                )


class ShuffleCounter(Rng):
    """The stream ``Rng(seed, stream)``, noting the length of every list it shuffles."""

    __slots__ = ("lengths",)

    def __init__(self, seed: int, stream: int) -> None:
        super().__init__(seed, stream)
        self.lengths: list[int] = []

    def shuffle(self, items: MutableSequence[T]) -> None:
        super().shuffle(items)
        self.lengths.append(len(items))


class TwistedRng(Rng):
    """The stream ``Rng(seed, stream)``, except that the result of its ``call``-th shuffle
    (counted from 0) has the positions of each pair of ``pairs`` swapped.

    The game cannot tell: a shuffle's result is a uniformly random order, so is that order with
    a fixed permutation applied, and the draws after the shuffle are the stream's own. Every
    outcome of a twisted stream is one the seeded stream could have given.
    """

    __slots__ = ("_call", "_calls", "_pairs")

    def __init__(self, seed: int, stream: int, call: int, pairs: Sequence[tuple[int, int]]) -> None:
        super().__init__(seed, stream)
        self._call = call
        self._pairs = tuple(pairs)
        self._calls = 0

    def shuffle(self, items: MutableSequence[T]) -> None:
        super().shuffle(items)
        if self._calls == self._call:
            for a, b in self._pairs:
                items[a], items[b] = items[b], items[a]
        self._calls += 1


def shuffle_twists(length: int, players: int) -> list[tuple[tuple[int, int], ...]]:
    """The permutations the shuffle-order check applies to a shuffled list of ``length`` items,
    each as disjoint pairs of positions to swap.

    Hands are dealt from a shuffled deck in blocks (a player's cards next to one another) or
    round the table (every ``players``-th card), from its top or from its bottom. So the rows
    of ``stride`` items (1, and ``players``) are swapped pairwise (rows 0 and 1, 2 and 3, …, or
    rows 1 and 2, 3 and 4, …), counted from the first item or from the last: a block or a
    round-robin hand of two cards or more then keeps its cards in another order, while
    whatever a row swap crosses changes hands, and the player who sees that is not checked by
    that twist. At most eight twists per shuffle.
    """
    twists: list[tuple[tuple[int, int], ...]] = []
    for stride in sorted({1, max(players, 1)}):
        for offset in (0, stride):
            pairs = [
                (k, k + stride)
                for k in range(offset, length - stride)
                if ((k - offset) // stride) % 2 == 0
            ]
            for mirrored in (False, True):
                twist = tuple(
                    (length - 1 - a, length - 1 - b) if mirrored else (a, b) for a, b in pairs
                )
                if twist and twist not in twists:
                    twists.append(twist)
    return twists


def _twist_text(twist: Sequence[tuple[int, int]], call: int, length: int) -> str:
    shown = ", ".join(f"{a}<->{b}" for a, b in twist[:4])
    more = ", …" if len(twist) > 4 else ""
    return f"shuffle {call + 1} of the entry ({length} items) with positions {shown}{more} swapped"


def check_shuffle_order(
    game: Game[Any, Any],
    before: Any,
    run: Callable[[Rng], Sequence[object]],
    seed: int,
    stream: int,
    at: str,
) -> int:
    """An entry's shuffles reveal no order a player does not see; return the twists tried.

    ``run(rng)`` plays the entry (the setup, or an action) from ``before`` with ``rng`` and
    gives its events; the real stream is ``Rng(seed, stream)``. The entry is played once to
    find its shuffles, then again under each twist of :func:`shuffle_twists` of each shuffle
    (:class:`TwistedRng`). For every reader (each seat and the spectator) whose views after
    every event are the same as with the real stream, the redacted events must be the same
    too.

    Why this is sound: a twisted outcome is one the real stream could have given, and the
    reader cannot tell it from the real one (the same views throughout); a redacted log is the
    reader's record of the entry, so it may depend on nothing but what the reader saw.
    Redacted events that differ tell the reader which of the two happened: they carry the
    order of the shuffle (a hand listed as dealt rather than sorted) or more. Unlike re-drawing
    with other seeds (:func:`check_fresh_randomness`), this finds an outcome that looks alike
    on purpose, for a deck of any size.
    """
    counter = ShuffleCounter(seed, stream)
    real = list(run(counter))
    tried = 0
    readers = [None, *range(before.flow.players)]
    shows = [_Presenter(game, player) for player in readers]
    real_trails = [show.trail(before, real) for show in shows]
    real_told = [show.redacted(real) for show in shows]
    for call, length in enumerate(counter.lengths):
        for twist in shuffle_twists(length, before.flow.players):
            events = list(run(TwistedRng(seed, stream, call, twist)))
            tried += 1
            for show, trail, told in zip(shows, real_trails, real_told, strict=True):
                if show.trail(before, events) != trail:
                    continue  # the reader saw the difference: nothing to hide
                where = json_difference(told, show.redacted(events))
                if where is not None:
                    raise _leak(
                        at,
                        show.player,
                        "the redacted events",
                        f"{_twist_text(twist, call, length)} gives the same views but other "
                        f"redacted events, so they tell the order of the shuffle: {where}",
                        plural=True,
                    )
    return tried


def check_secret_actions(
    game: Game[Any, Any],
    state: Any,
    actions: Sequence[object],
    rng_for: Callable[[], Rng],
    at: str,
) -> None:
    """``actions`` (legal, by the seat deciding in ``state``) played on ``state``, each with a
    fresh copy of the same random stream (``rng_for()``): what each other reader is told of
    them agrees with what that reader sees (see the module docstring: secret actions)."""
    actor = decider(state.flow)
    if actor is None or len(actions) < 2:
        return
    played = []
    for action in actions:
        events = engine.step(game, state, actor, action, rng_for())[1]
        played.append((action, events))
    for player in [None, *range(state.flow.players)]:
        if player == actor:
            continue
        show = _Presenter(game, player)
        seen: dict[tuple[str, ...], tuple[object, Any, Any, Any]] = {}
        for action, events in played:
            trail = show.trail(state, events)
            told = show.actions([game.redact_action(action, player)])[0]
            told_events = show.redacted(events)
            real = show.codec_events(events)
            if trail not in seen:
                seen[trail] = (action, told, told_events, real)
                continue
            first, first_told, first_events, first_real = seen[trail]
            pair = f"{first!r} and {action!r} look alike to {_who(player)} (same views)"
            if first_told == told:
                where = json_difference(first_events, told_events)
                if where is not None:
                    raise ConformanceError(
                        f"{at}: leak to {_who(player)}: {pair}, but its redacted events "
                        f"tell them apart: {where}"
                    )
            elif first_events == told_events and first_real != real:
                raise ConformanceError(
                    f"{at}: leak to {_who(player)}: {pair} and redacted events, but its log "
                    f"names the action ({_canonical(first_told)} != {_canonical(told)}); "
                    "a secret choice needs Game.redact_action"
                )


def setup_outcomes(
    game: Game[Any, Any], config: Config, seeds: Iterable[int]
) -> list[list[object]]:
    """The events of the setup entry under each of ``seeds``."""
    return [engine.start(game, evolve(config, seed=seed))[1] for seed in seeds]


def step_outcomes(
    game: Game[Any, Any], state: Any, action: object, streams: Iterable[Rng]
) -> list[list[object]]:
    """The events of ``action`` played on ``state`` under each random stream."""
    who = decider(state.flow)
    return [engine.step(game, state, who, action, rng)[1] for rng in streams]


def check_redacted_header(redacted_json: str, seed: int, where: str) -> None:
    """A redacted log (JSON text) holds no seed: no ``seed`` or ``salt`` field in its header,
    and, for a seed long enough to be recognised, its digits nowhere in the text."""
    try:
        header = json.loads(redacted_json).get("header", {})
    except (ValueError, AttributeError):
        raise ConformanceError(f"{where}: the redacted log is not a JSON object") from None
    present = [name for name in SECRET_HEADER_FIELDS if name in header]
    if present:
        raise ConformanceError(
            f"{where}: the redacted log's header holds {', '.join(present)}: with the seed "
            "anyone can recompute every hidden card of the match"
        )
    if seed >= 10**9 and str(seed) in redacted_json:
        raise ConformanceError(f"{where}: the redacted log holds the seed {seed} in its text")


def check_redacted_headers(match: Any, where: str) -> None:
    """Every redacted log of ``match`` (each seat and the spectator) holds no seed.

    Needs the log format in which ``Match.redacted_log`` drops the seed (issue 9, secrets-core);
    until then it fails on every match, which is why it is a function of its own.
    """
    from boardkit.log import log_to_json

    for player in [None, *range(match.config.players)]:
        text = log_to_json(match.game, match.redacted_log(player))
        check_redacted_header(text, match.config.seed, f"{where}, redacted for {_who(player)}")


# --- putting it together ---------------------------------------------------------------------


def check_setup_secrets(
    game: Game[Any, Any], config: Config, seeds: Sequence[int], at: str
) -> None:
    """The setup entry under each of ``seeds``: deals a player sees alike are redacted alike;
    and under the first seed, its shuffles twisted (:func:`check_shuffle_order`)."""
    outcomes = setup_outcomes(game, config, seeds)
    before = game.initial(config)
    check_fresh_randomness(game, before, outcomes, at)
    if seeds:
        first = evolve(config, seed=seeds[0])
        check_shuffle_order(
            game, before, lambda rng: engine.start(game, first, rng)[1], seeds[0], 1, at
        )


def check_secrets_at(
    game: Game[Any, Any],
    state: Any,
    *,
    seed: int,
    seq: int,
    pool: Sequence[object],
    rng: Rng,
    horizon: int = 4,
    streams: int = 3,
    at: str,
) -> None:
    """Every leak check at one state of a match seeded ``seed``, before entry ``seq``.

    For the spectator and each seat: a twin by ``game.determinize`` (:func:`check_twin`) and the
    lockstep futures of both (:func:`check_twin_future`, at most ``horizon`` entries); then one
    legal action under ``streams`` random streams (:func:`check_fresh_randomness`) and with its
    shuffles twisted (:func:`check_shuffle_order`), and up to :data:`SECRET_ACTIONS` legal
    actions under one stream (:func:`check_secret_actions`). ``pool``
    holds public actions played earlier; ``rng`` draws the twins and the actions. SVG pictures
    are compared at one state in :data:`PICTURE_ODDS` (drawing them is slow).
    """
    players = state.flow.players
    pictures = rng.below(PICTURE_ODDS) == 0
    for player in [None, *range(players)]:
        twin = game.determinize(state, player, Rng(rng.next_u64(), seq))
        rng_for = lambda: Rng.for_entry(seed, seq)  # noqa: E731
        check_twin(game, state, twin, player, pool, rng_for, at, pictures=pictures)
        check_twin_future(
            game, state, twin, player, seed=seed, seq=seq, chooser=rng, horizon=horizon, at=at
        )
    if decider(state.flow) is None:
        return
    legal = list(game.legal_actions(state))
    sample = [legal[rng.below(len(legal))] for _ in range(SECRET_ACTIONS)]
    distinct = [a for i, a in enumerate(sample) if a not in sample[:i]]
    rng_for = lambda: Rng.for_entry(seed, seq)  # noqa: E731
    check_secret_actions(game, state, distinct, rng_for, f"{at} (secret actions)")
    action = rng.choice(legal)
    if streams >= 2:
        randoms = [
            Rng.for_entry(seed, seq),
            *(Rng(rng.next_u64(), seq) for _ in range(streams - 1)),
        ]
        outcomes = step_outcomes(game, state, action, randoms)
        check_fresh_randomness(game, state, outcomes, f"{at} ({action!r} under {streams} streams)")
    who = decider(state.flow)
    check_shuffle_order(
        game,
        state,
        lambda random: engine.step(game, state, who, action, random)[1],
        seed,
        seq + 1,
        f"{at} ({action!r} with its shuffles twisted)",
    )
