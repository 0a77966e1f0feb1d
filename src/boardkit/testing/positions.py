"""The positions check of the conformance kit: a game's notation round-trips, and a match started
from a position plays, replays, verifies and redacts like any other, leaking nothing.

For a game that offers positions (:func:`boardkit.positions.offers_positions`), from a state of
a finished random playout:

- ``parse_position(format_position(state), config) == state``, exactly;
- each viewer's form of the position (:func:`boardkit.positions.viewer_position`) reads back as
  a partial position, and, for a game with hidden information, is the same for the state and
  a :meth:`~boardkit.game.Game.determinize` twin the viewer cannot tell apart from it: the
  viewer's form shows nothing the viewer may not see;
- :meth:`Match.from_position <boardkit.match.Match.from_position>` starts at that state; played
  to the end at random, its log replays, verifies and re-serialises to the same bytes; each
  redacted log carries the viewer's form of the start position (never the whole one) and no
  seed, loads, gives the viewer's view at every entry and checks against the full log.
"""

from __future__ import annotations

import json
from typing import Any

from boardkit.game import Game
from boardkit.match import Match
from boardkit.options import Config
from boardkit.positions import offers_positions, viewer_position
from boardkit.rng import Rng
from boardkit.testing import secrets
from boardkit.testing.errors import ConformanceError, reporting


def _expect(condition: bool, message: str) -> None:
    if not condition:
        raise ConformanceError(message)


def _who(viewer: int | None) -> str:
    return "the spectator" if viewer is None else f"player {viewer}"


def check_position_playout(
    game: Game[Any, Any], match: Match[Any], rng: Rng, where: str
) -> Match[Any] | None:
    """The checks of the module docstring from a random state of the played ``match`` (a full,
    finished match); return the match started from it, or ``None`` for a game without
    positions."""
    if not offers_positions(game):
        return None
    seq = rng.below(max(len(match) - 1, 1))
    state = match.state_at(seq)
    at = f"{where} position after entry {seq}"
    with reporting(where, lambda: at):
        config = match.config
        text = game.format_position(state)
        back = game.parse_position(text, config)
        _expect(back == state, f"{at}: the position does not read back")
        for viewer in [None, *range(config.players)]:
            _check_viewer_form(game, state, config, viewer, Rng(rng.next_u64(), seq), at)
        started: Match[Any] = Match.from_position(
            game, text, match.header.players, config.options, config.seed, cap=config.cap
        )
        _expect(started.state == state, f"{at}: Match.from_position starts elsewhere")
        _expect(started.header.start_position == text, f"{at}: the header's start_position")
        while not started.is_over:
            started.play(rng.choice(started.legal_actions()))
        full_json = started.to_json()
        verified = Match.from_json(full_json, game)
        _expect(verified.state == started.state, f"{at}: the verified replay differs")
        _expect(verified.to_json() == full_json, f"{at}: the log does not re-serialise the same")
        for viewer in [None, *range(config.players)]:
            _check_redacted(game, verified, viewer, f"{at}, redacted for {_who(viewer)}")
    return started


def _check_viewer_form(
    game: Game[Any, Any], state: Any, config: Config, viewer: int | None, rng: Rng, at: str
) -> None:
    form = viewer_position(game, state, viewer)
    game.parse_position(form, config, partial=True)
    if not game.hidden_information:
        return
    twin = game.determinize(state, viewer, rng)
    other = viewer_position(game, twin, viewer)
    found = next(
        (f"{a!r} != {b!r}" for a, b in zip(form.split(), other.split(), strict=False) if a != b),
        None if form == other else "the texts differ in length",
    )
    if found is not None:
        raise ConformanceError(
            f"{at}: leak to {_who(viewer)}: the viewer's form of the position differs between "
            f"the real state and a twin {_who(viewer)} cannot tell apart from it ({found})"
        )


def _check_redacted(game: Game[Any, Any], full: Match[Any], viewer: int | None, at: str) -> None:
    text = full.redacted_json(viewer)
    secrets.check_redacted_header(text, full.config.seed, at)
    start = json.loads(text)["header"].get("start_position")
    expected = viewer_position(game, full.start_state, viewer)
    _expect(start == expected, f"{at}: the header's start_position is not the viewer's form")
    seen = Match.from_json(text, game)
    for seq in range(len(full)):
        _expect(
            game.view(seen.state_at(seq), viewer) == game.view(full.state_at(seq), viewer),
            f"{at}: the redacted log does not give the viewer's view after entry {seq}",
        )
    seen.check_against(full)
