"""The conformance checks of the presentation hooks, the bot hints and the flow's events.

:func:`boardkit.testing.check_game` runs them on the states of its random playouts (see
:class:`HookChecks`); each is callable alone on a state or a match:

- :func:`check_menu_paths` — every legal action has a menu path (a non-empty tuple of non-empty
  strings) and no two legal actions share one, so :mod:`boardkit.present.menus` can offer each;
- :func:`check_action_texts` — every legal action, described in the state it is legal in
  (:meth:`~boardkit.game.Game.describe_action`), gives a non-empty text;
- :func:`check_bot_hints` — a game that offers :meth:`~boardkit.game.Game.score` or
  :meth:`~boardkit.game.Game.evaluate` gives a finite number for every seat, and
  :meth:`~boardkit.game.Game.evaluate_seats` gives exactly ``evaluate`` of each seat;
- :func:`check_picture` — every viewer's ``render_text`` with the seats' names is text, and a
  game that offers :meth:`~boardkit.game.Game.render_svg` draws, for every viewer, with and
  without names, text that parses as XML with an ``svg`` root, and ``Match._repr_svg_`` gives
  the same picture of the match;
- :func:`check_screen` — every game names ``players`` distinct seat colours, and a game that
  offers :meth:`~boardkit.game.Game.render_screen` draws, for every viewer, a
  :class:`~boardkit.present.screen.Picture` of plain one-line segments tagged with seats of the
  game,
  as wide as it promises (:data:`~boardkit.present.screen.SCREEN_COLUMNS`) with 8-character names,
  and the same picture for a :meth:`~boardkit.game.Game.determinize` twin (it holds nothing the
  viewer cannot see);
- :func:`check_why_not` — a game that offers :meth:`~boardkit.game.Game.why_not` names, at a
  level of the menu, only labels that no legal action puts there, each with a plain reason (no
  clause tag), and the same for a :meth:`~boardkit.game.Game.determinize` twin of the deciding
  player;
- :func:`check_decision_text` — a game that offers
  :meth:`~boardkit.game.Game.describe_decision` gives the deciding player ``None`` or
  non-empty text, the same for a :meth:`~boardkit.game.Game.determinize` twin;
- :func:`check_how_to_play` — a game that offers :meth:`~boardkit.game.Game.how_to_play`
  gives a non-empty tuple of :class:`~boardkit.howto.RulesSection` with distinct keys, the same
  on every call;
- :func:`check_menu_label_templates` — a game's
  :attr:`~boardkit.game.Game.menu_label_templates` are strings that can be matched back (some
  fixed text, each name once);
- :func:`check_flow_events` — a turn ends by a ``TurnEnded`` event (one between any two
  ``TurnStarted``), and the game ends one way: one ``GameEnded``, the last event of the log.

The kit checks that a game's action texts read back to their actions (moves as text,
:mod:`boardkit.testing.text_checks`), its narration (:mod:`boardkit.testing.narration_checks`),
click targets (:mod:`boardkit.testing.target_checks`) and research encodings
(:mod:`boardkit.testing.encoding_checks`) on the same states, when the game offers them.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from typing import Any

from boardkit.errors import GameDefinitionError
from boardkit.flow import GameEnded, TurnEnded, TurnStarted, decider
from boardkit.game import Game
from boardkit.howto import check_sections
from boardkit.i18n import ENGLISH, domain_of
from boardkit.match import Match
from boardkit.options import Config
from boardkit.present.menus import ActionMenu, LabelReader
from boardkit.present.screen import SCREEN_COLUMNS, Picture
from boardkit.rng import Rng
from boardkit.testing import encoding_checks, narration_checks, target_checks, text_checks
from boardkit.testing.errors import ConformanceError

_SVG_ROOT = "{http://www.w3.org/2000/svg}svg"


def check_menu_paths(game: Game[Any, Any], state: Any, legal: Sequence[object], at: str) -> None:
    """Every legal action has a well-formed menu path, and no two share one."""
    owners: dict[tuple[str, ...], object] = {}
    for action in legal:
        path = game.action_path(action, state)
        if (
            type(path) is not tuple
            or not path
            or any(type(label) is not str or not label for label in path)
        ):
            raise ConformanceError(
                f"{at}: action_path({action!r}) gave {path!r}; it must be a non-empty tuple of "
                "non-empty strings"
            )
        other = owners.setdefault(path, action)
        if other is not action and other != action:
            raise ConformanceError(
                f"{at}: the legal actions {other!r} and {action!r} have the same menu path "
                f"{path!r}; the last label must tell them apart"
            )


def check_action_texts(game: Game[Any, Any], state: Any, legal: Sequence[object], at: str) -> None:
    """Every legal action, described in ``state`` (the state it is legal in, as front ends
    offer it), gives a non-empty str [action texts]."""
    for action in legal:
        try:
            text = game.describe_action(action, state)
        except Exception as exc:
            raise ConformanceError(
                f"{at}: describe_action({action!r}) raised {exc!r} in a state it is legal in"
            ) from exc
        if type(text) is not str or not text.strip():
            raise ConformanceError(
                f"{at}: describe_action({action!r}) gave {text!r}; it must give a non-empty str"
            )


def check_texts_read_action_alone(
    game: Game[Any, Any],
    state: Any,
    legal: Sequence[object],
    seen: dict[Any, tuple[object, ...]],
    at: str,
) -> None:
    """For a game that declares its action texts state-free (``action_texts_read_state``
    false): every legal action's text, menu path and click targets are those it had in the
    earlier positions of the playout (``seen``, filled here), as front ends that keep them per
    action assume [action texts]."""
    targets = game.offers("action_targets")
    for action in legal:
        texts = (
            game.describe_action(action, state),
            tuple(game.action_path(action, state)),
            tuple(game.action_targets(action, state)) if targets else (),
        )
        before = seen.setdefault(action, texts)
        if before != texts:
            raise ConformanceError(
                f"{at}: {action!r} reads {texts!r} here but {before!r} in an earlier position; "
                "a game whose action_texts_read_state is false must give an action the same "
                "text, menu path and targets in every position"
            )


def check_bot_hints(game: Game[Any, Any], state: Any, players: int, at: str) -> None:
    """The offered bot hints give a finite number for every seat of ``state``, and
    ``evaluate_seats`` gives exactly ``evaluate`` of each seat."""
    for hook in ("score", "evaluate"):
        if not game.offers(hook):
            continue
        method = game.score if hook == "score" else game.evaluate
        for seat in range(players):
            try:
                value = method(state, seat)
            except Exception as exc:
                raise ConformanceError(f"{at}: {hook}(state, {seat}) raised {exc!r}") from exc
            if (
                isinstance(value, bool)
                or not isinstance(value, (int, float))
                or not math.isfinite(value)
            ):
                raise ConformanceError(
                    f"{at}: {hook}(state, {seat}) gave {value!r}; it must be a finite number"
                )
    if game.offers("evaluate"):
        each = [game.evaluate(state, seat) for seat in range(players)]
        try:
            together = list(game.evaluate_seats(state))
        except Exception as exc:
            raise ConformanceError(f"{at}: evaluate_seats(state) raised {exc!r}") from exc
        if together != each:
            raise ConformanceError(
                f"{at}: evaluate_seats(state) gave {together!r}, but evaluate seat by seat "
                f"gives {each!r}"
            )


def check_picture(
    game: Game[Any, Any], state: Any, players: int, highlight: object, at: str
) -> None:
    """Every viewer's text of ``state`` with the seats' names is text, and for a game that
    draws pictures every viewer's picture, with and without names, is an SVG document."""
    names = SCREEN_NAMES[:players]
    for viewer in [None, *range(players)]:
        try:
            board = game.render_text(state, viewer, names=names)
        except Exception as exc:
            raise ConformanceError(
                f"{at}: render_text for viewer {viewer} with names raised {exc!r}"
            ) from exc
        if not isinstance(board, str):
            raise ConformanceError(
                f"{at}: render_text for viewer {viewer} gave {type(board).__name__}, not text"
            )
    if not game.offers("render_svg"):
        return
    for viewer in [None, *range(players)]:
        for given in (None, names):
            what = f"{at}: render_svg for viewer {viewer}" + (" with names" if given else "")
            try:
                text = game.render_svg(state, viewer, highlight, names=given)
            except Exception as exc:
                raise ConformanceError(f"{what} raised {exc!r}") from exc
            _parse_svg(text, what)


def check_repr_svg(match: Match[Any], at: str) -> None:
    """``Match._repr_svg_`` (Jupyter) draws the match through the game's picture hook: an SVG
    document for a game that offers pictures, ``None`` for one that does not."""
    game = match.game
    try:
        shown = match._repr_svg_()
    except Exception as exc:
        raise ConformanceError(f"{at}: Match._repr_svg_ raised {exc!r}") from exc
    if not game.offers("render_svg"):
        if shown is not None:
            raise ConformanceError(f"{at}: Match._repr_svg_ drew a game without pictures")
        return
    if shown is None:
        raise ConformanceError(f"{at}: Match._repr_svg_ gave nothing for a game with pictures")
    _parse_svg(shown, f"{at}: Match._repr_svg_")


def _parse_svg(text: object, what: str) -> None:
    if not isinstance(text, str):
        raise ConformanceError(f"{what} gave {type(text).__name__}, not SVG text")
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        raise ConformanceError(f"{what} is not well-formed XML: {exc}") from None
    if root.tag not in (_SVG_ROOT, "svg"):
        raise ConformanceError(f"{what} has the root element {root.tag!r}, not svg")


SCREEN_NAMES = tuple(f"player {seat + 1}" for seat in range(9))
"""Names of 8 characters, the longest a compact picture promises to fit."""


def check_screen(game: Game[Any, Any], state: Any, players: int, rng: Rng, at: str) -> None:
    """Seat colours, and for a game that offers it the compact picture of every viewer: well
    formed, within :data:`~boardkit.present.screen.SCREEN_COLUMNS`, the same for a determinize
    twin."""
    colours = game.player_colours(players)
    if (
        type(colours) is not tuple
        or len(colours) != players
        or any(type(c) is not str or not c.strip() for c in colours)
        or len(set(colours)) != players
    ):
        raise ConformanceError(
            f"{at}: player_colours({players}) gave {colours!r}; it must be a tuple of "
            f"{players} distinct non-empty words"
        )
    if not game.offers("render_screen"):
        return
    names = SCREEN_NAMES[:players]
    for viewer in [None, *range(players)]:
        what = f"{at}: render_screen for viewer {viewer}"
        try:
            picture = game.render_screen(state, viewer, names)
        except Exception as exc:
            raise ConformanceError(f"{what} raised {exc!r}") from exc
        _check_picture_lines(picture, players, what)
        if picture.width > SCREEN_COLUMNS:
            raise ConformanceError(
                f"{what} is {picture.width} columns wide (board {picture.board_width}, side "
                f"{picture.side_width}); it must fit {SCREEN_COLUMNS}"
            )
        if game.hidden_information:
            twin = game.determinize(state, viewer, rng)
            if game.render_screen(twin, viewer, names) != picture:
                raise ConformanceError(
                    f"{what} differs in a determinize twin: it shows what the viewer cannot see"
                )


def _check_picture_lines(picture: object, players: int, what: str) -> None:
    if not isinstance(picture, Picture):
        raise ConformanceError(f"{what} gave {type(picture).__name__}, not a Picture")
    for row in (*picture.board, *picture.side):
        for segment in row:
            ok = (
                type(segment) is tuple
                and len(segment) == 2
                and type(segment[0]) is str
                and (segment[1] is None or (type(segment[1]) is int and 0 <= segment[1] < players))
            )
            if not ok:
                raise ConformanceError(
                    f"{what} holds the segment {segment!r}; a segment is (text, seat or None)"
                )
            if not segment[0].isprintable():
                raise ConformanceError(
                    f"{what} holds {segment[0]!r}: a line break or a control character"
                )


def check_why_not(
    game: Game[Any, Any], state: Any, legal: Sequence[object], rng: Rng, at: str
) -> None:
    """For a game that explains absent options: at the top of the menu and at each level of the
    first legal action's path, the absent labels are absent, their reasons plain, and a twin of
    the deciding player gets the same."""
    who = decider(state.flow)
    if not game.offers("why_not") or who is None or not legal:
        return
    menu = ActionMenu(game, legal, state)
    path = menu.paths[0]
    twin = game.determinize(state, who, rng) if game.hidden_information else None
    for depth in range(len(path)):
        prefix = path[:depth]
        what = f"{at}: why_not(state, {prefix!r})"
        try:
            absent = game.why_not(state, prefix)
        except Exception as exc:
            raise ConformanceError(f"{what} raised {exc!r}") from exc
        present = menu.paths_at(prefix)
        for label, reason in dict(absent).items():
            if type(label) is not str or type(reason) is not str or not reason.strip():
                raise ConformanceError(
                    f"{what} gave {label!r}: {reason!r}; labels and reasons are non-empty text"
                )
            if label in present:
                raise ConformanceError(f"{what} explains {label!r}, which is on offer")
            if reason.startswith("["):
                raise ConformanceError(
                    f"{what} gives {reason!r}: a reason is plain text, no clause tag"
                )
        if twin is not None and dict(game.why_not(twin, prefix)) != dict(absent):
            raise ConformanceError(
                f"{what} differs in a determinize twin: it tells what the player cannot see"
            )


def check_decision_text(game: Game[Any, Any], state: Any, rng: Rng, at: str) -> None:
    """The deciding player's decision text is ``None`` or text, and holds nothing hidden."""
    who = decider(state.flow)
    if not game.offers("describe_decision") or who is None:
        return
    names = SCREEN_NAMES[: state.flow.players]
    what = f"{at}: describe_decision(state, {who})"
    try:
        text = game.describe_decision(state, who, names)
    except Exception as exc:
        raise ConformanceError(f"{what} raised {exc!r}") from exc
    if text is not None and (type(text) is not str or not text.strip()):
        raise ConformanceError(f"{what} gave {text!r}; it must be None or non-empty text")
    if game.hidden_information:
        twin = game.determinize(state, who, rng)
        if game.describe_decision(twin, who, names) != text:
            raise ConformanceError(
                f"{what} differs in a determinize twin: it tells what the player cannot see"
            )


def check_how_to_play(game: Game[Any, Any]) -> None:
    """A game that offers :meth:`~boardkit.game.Game.how_to_play` gives sections
    (:func:`boardkit.howto.check_sections`: at least one, each a
    :class:`~boardkit.howto.RulesSection`, no key twice), the same on every call [how to
    play]."""
    if not game.offers("how_to_play"):
        return
    try:
        sections = check_sections(game.name, game.how_to_play())
    except GameDefinitionError as error:
        raise ConformanceError(f"how to play: {error}") from None
    if tuple(game.how_to_play()) != sections:
        raise ConformanceError(f"how to play: {game.name}.how_to_play differs between two calls")


def check_menu_label_templates(game: Game[Any, Any]) -> None:
    """The game's :attr:`~boardkit.game.Game.menu_label_templates` are a tuple of strings
    :class:`~boardkit.present.menus.LabelReader` can match labels against (each with some fixed
    text, each name once): a bad one would fail only when a reader of another language opens
    a menu."""
    templates = game.menu_label_templates
    if not isinstance(templates, tuple) or not all(isinstance(t, str) for t in templates):
        raise ConformanceError(
            f"menu label templates: {game.name}.menu_label_templates is {templates!r}, not a "
            "tuple of strings"
        )
    try:
        LabelReader(domain_of(game), templates, ENGLISH)
    except GameDefinitionError as error:
        raise ConformanceError(f"menu label templates: {error}") from None


def check_flow_events(match: Match[Any], where: str) -> None:
    """A turn ends by ``TurnEnded``; a finished game holds one ``GameEnded``, its last event."""
    turn_open = False
    ended_at: tuple[int, int] | None = None
    events = [(entry.seq, event) for entry in match.log.entries for event in entry.events]
    for index, (seq, event) in enumerate(events):
        kind = type(event)
        if kind is TurnStarted:
            if turn_open:
                raise ConformanceError(
                    f"{where} entry {seq}: a turn started while the last one had not ended; a "
                    "turn ends by a TurnEnded event"
                )
            turn_open = True
        elif kind is TurnEnded:
            turn_open = False
        elif kind is GameEnded:
            if ended_at is not None:
                raise ConformanceError(f"{where} entry {seq}: a second GameEnded")
            ended_at = (seq, index)
    if match.is_over:
        if ended_at is None:
            raise ConformanceError(f"{where}: the game is over without a GameEnded event")
        if ended_at[1] != len(events) - 1:
            raise ConformanceError(
                f"{where} entry {ended_at[0]}: events follow GameEnded; the game ends one way, "
                "by the framework's GameEnded once the result is known"
            )


class HookChecks:
    """The checks of the optional hooks a game offers, on the states of one playout.

    Built once per playout (it reads which hooks the game offers, and sizes the encodings);
    :meth:`at_state` runs on the states the kit checks, :meth:`at_end` on the finished match.
    """

    def __init__(self, game: Game[Any, Any], config: Config, seed: int) -> None:
        self.game = game
        self.players = config.players
        self.rng = Rng(seed, 0x400C5)
        self.text_rng = Rng(seed, 0x7E475)  # its own stream: the other checks draw as before
        self.targets = game.offers("action_targets")
        self.index_size = (
            encoding_checks.action_index_size(game, config)
            if game.offers("num_actions") and game.num_actions(config) is not None
            else None
        )
        self.observation_length = (
            encoding_checks.observation_length(game, config)
            if game.offers("observation_shape") and game.observation_shape(config) is not None
            else None
        )
        self.chance = (
            game.offers("max_chance_outcomes") and game.max_chance_outcomes(config) is not None
        )
        self.indices: dict[Any, int] = {}
        self.texts: dict[Any, tuple[object, ...]] = {}  # per action, for state-free texts
        self.bad_indices_checked = False
        check_how_to_play(game)  # once a playout: the sections depend on no state
        check_menu_label_templates(game)

    def at_state(self, state: Any, legal: Sequence[object], at: str) -> None:
        """Menus, action texts, bot hints, click targets and encodings at one state of play."""
        game = self.game
        check_action_texts(game, state, legal, at)  # first: the default menu paths use them
        check_menu_paths(game, state, legal, at)
        text_checks.check_texts_read_back(game, state, legal, self.text_rng, at)
        if not game.action_texts_read_state:
            check_texts_read_action_alone(game, state, legal, self.texts, at)
        check_bot_hints(game, state, self.players, at)
        check_screen(game, state, self.players, self.rng, at)
        check_why_not(game, state, legal, self.rng, at)
        check_decision_text(game, state, self.rng, at)
        if self.targets:
            target_checks.check_position_targets(game, state, at)
        if self.index_size is not None:
            encoding_checks.check_state_action_index(game, state, self.index_size, self.indices, at)
            encoding_checks.check_index_twin(game, state, self.rng, at)
            if not self.bad_indices_checked:  # once a playout: what they give depends on no state
                encoding_checks.check_bad_indices(game, state, self.index_size, at)
                self.bad_indices_checked = True
        if self.observation_length is not None:
            encoding_checks.check_state_observations(
                game, state, self.observation_length, self.rng, at
            )

    def at_end(self, match: Match[Any], where: str, *, every: int, chance_steps: int) -> None:
        """Flow events, pictures, narration (every ``every``-th entry) and chance outcomes (the
        first ``chance_steps`` entries of a playout of the same configuration)."""
        game = self.game
        check_flow_events(match, where)
        check_bot_hints(game, match.state, self.players, f"{where} at the end")
        middle = len(match) // 2
        check_picture(
            game,
            match.state_at(middle),
            self.players,
            match.log.entries[middle].action,
            f"{where} after entry {middle}",
        )
        check_picture(game, match.state, self.players, None, f"{where} at the end")
        check_repr_svg(match, where)
        narration_checks.check_quiet_events(game)
        narration_checks.check_match_narration(match, every=every)
        if self.chance:
            encoding_checks.check_chance(game, match.config, max_steps=chance_steps)
