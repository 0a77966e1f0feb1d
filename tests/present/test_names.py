"""Pictures and texts name the seats with the players' names (issue 23, item 7), and a game
written before the hooks took names keeps working."""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from boardkit import Game, Match
from boardkit.cli import main
from boardkit.examples.goofspiel import Goofspiel
from boardkit.examples.highcard import HighCardGame
from boardkit.examples.nim import NimGame, NimState
from boardkit.runner.simulate import random_playout
from boardkit.testing import ConformanceError, check_game
from boardkit_khan.game import KhanGame
from boardkit_shangrila.game import ShangrilaGame

NAMES = ("ann", "bob", "cyd")


def _playing(game: Game[Any, Any], players: int, steps: int) -> Match[Any]:
    match = Match.new(game, list(NAMES[:players]), seed=11)
    for _ in range(steps):
        match.play(match.legal_actions()[0])
    return match


def test_khan_names_every_seat_in_its_text_and_picture() -> None:
    match = _playing(KhanGame(), 3, 12)
    game, state = match.game, match.state
    plain = game.render_text(state, 0)
    named = game.render_text(state, 0, names=NAMES)
    assert "Player 1: hand" in plain and "Player 1" not in named  # seats counted from 1
    assert all(f"{name}: hand" in named for name in NAMES)
    assert f"{NAMES[state.flow.active]} to play" in named
    svg = game.render_svg(state, 0, None, names=NAMES)
    assert all(f"{name}: " in svg for name in NAMES) and "seat 1: " not in svg
    assert "seat 1: " in game.render_svg(state, 0, None)  # without names: seats from 1
    assert "seat 0" not in game.render_svg(state, 0, None)
    assert game.picture(state, 1, names=NAMES) == game.render_svg(state, 1, None, names=NAMES)


def test_shangrila_names_the_player_to_move_and_the_viewer() -> None:
    match = _playing(ShangrilaGame(), 3, 3)
    game, state = match.game, match.state
    named = game.render_text(state, None, names=NAMES)
    assert any(f"({name}) to move" in named for name in NAMES)
    assert "(seat " in game.render_text(state, None) and "(seat " not in named
    svg = game.render_svg(state, 1, None, names=NAMES)
    assert "bold: bob's colours" in svg and "seat 2" not in svg
    assert "bold: seat 2's colours" in game.render_svg(state, 1, None)  # seat 1 of the API


def test_goofspiel_and_high_card_name_each_seat_and_nim_takes_names() -> None:
    goofspiel = _playing(Goofspiel(), 3, 2)
    text = goofspiel.game.render_text(goofspiel.state, 0, names=NAMES)
    assert "ann (you): " in text and "bob: " in text and "seat 1" not in text
    high = _playing(HighCardGame(), 2, 1)
    text = high.game.render_text(high.state, None, names=NAMES[:2])
    assert text.startswith("hands ann: ") and "  bob: " in text
    nim = _playing(NimGame(), 2, 1)  # the heap names no seat: the same text with names
    assert nim.game.render_text(nim.state, names=NAMES[:2]) == nim.game.render_text(nim.state)
    svg = nim.game.render_svg(nim.state, None, None, names=NAMES[:2])
    assert svg == nim.game.render_svg(nim.state, None, None)


def test_a_match_draws_with_its_players_names_unless_told_others() -> None:
    match = _playing(KhanGame(), 3, 12)
    assert "ann: hand" in match.render() and "ann: " in match.render_svg()
    assert "zed: hand" in match.render(names=("zed", "yan", "xia"))
    assert "ann: " in str(match._repr_svg_())


def test_show_and_render_pass_the_logs_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = _playing(KhanGame(), 3, 12)
    path = tmp_path / "khan.json"
    match.save(path)
    assert main(["show", str(path), "--seat", "2"]) == 0
    assert "bob: hand" in capsys.readouterr().out
    assert main(["render", str(path)]) == 0
    assert "cyd: " in capsys.readouterr().out


def test_a_game_whose_hooks_take_no_names_still_draws_and_is_warned() -> None:
    with pytest.warns(
        DeprecationWarning, match=r"OldNim\.render_(text|svg) takes no names"
    ) as caught:

        class OldNim(NimGame):
            def render_text(self, state: NimState, player: int | None = None) -> str:  # type: ignore[override]
                return f"old heap of {state.stones}"

            def render_svg(  # type: ignore[override]
                self, state: NimState, player: int | None = None, highlight: object = None
            ) -> str:
                return '<svg xmlns="http://www.w3.org/2000/svg"><text>old</text></svg>'

    assert {str(w.message).split(" takes")[0].rsplit(".", 1)[1] for w in caught} == {
        "render_text",
        "render_svg",
    }
    assert all(w.filename == __file__ for w in caught)  # the warning names the class's file
    match = random_playout(OldNim(), 2, {"stones": 5}, 1)
    assert match.render() == "old heap of 0"  # called the old way: no names passed
    assert "old" in match.render_svg() and OldNim().offers("render_svg")
    assert "old" in OldNim().picture(match.state, names=["ann", "bob"])
    old: Game[Any, Any] = OldNim()  # as the framework sees it: a Game, whose hooks take names
    assert old.render_text(match.state, None, names=["ann", "bob"]) == "old heap of 0"
    with warnings.catch_warnings():
        warnings.simplefilter("error")

        class Newer(OldNim):  # inherits the adapted hooks: nothing more to warn of
            pass

    newer: Game[Any, Any] = Newer()
    assert newer.render_text(match.state, names=["ann", "bob"]) == "old heap of 0"


class ShoutsNames(NimGame):
    """Reads one name more than there are seats: broken as soon as a caller gives names."""

    def render_text(
        self, state: NimState, player: int | None = None, *, names: Sequence[str] | None = None
    ) -> str:
        shown = super().render_text(state, player)
        return shown if names is None else f"{shown}; next: {names[len(names)]}"


def test_the_kit_draws_every_game_with_names() -> None:
    check_game(NimGame(), [{"players": 2}], max_examples=2)
    with pytest.raises(ConformanceError, match="render_text for viewer None with names raised"):
        check_game(ShoutsNames(), [{"players": 2}], max_examples=2)


LONG = ("Bartholomew Featherstonehaugh", "bob", "Cunégonde de la Villeneuve-Saint-Georges")


@pytest.mark.parametrize("game", [KhanGame(), ShangrilaGame()], ids=["khan", "shangrila"])
def test_a_picture_cuts_a_long_name_to_fit_its_width_and_a_text_keeps_it_whole(
    game: Game[Any, Any],
) -> None:
    """A name may be 80 characters long; a picture's side panel is a few hundred pixels wide.
    Pictures show at most PICTURE_NAME_CHARS characters of a name, with an ellipsis; the text
    view and short names are unchanged."""
    from boardkit.present.voice import PICTURE_NAME_CHARS, picture_name

    match = Match.new(game, list(LONG), seed=11)
    for _ in range(6):
        match.play(match.legal_actions()[0])
    svg = game.render_svg(match.state, 0, None, names=LONG)
    assert "Bartholomew…" in svg and "Featherstonehaugh" not in svg
    assert "Cunégonde d…" in svg and "Villeneuve" not in svg
    assert "bob" in svg
    text = game.render_text(match.state, 0, names=LONG)
    assert "Bartholomew Featherstonehaugh" in text
    assert picture_name(0, LONG, "seat 1") == "Bartholomew…"
    assert len(picture_name(2, LONG, "seat 3")) == PICTURE_NAME_CHARS
    assert picture_name(1, LONG, "seat 2") == "bob"
    assert picture_name(1, None, "seat 2") == "seat 2"
    assert picture_name(0, ["Ann Marie Lee"], "seat 1", limit=5) == "Ann…"  # no space before …
