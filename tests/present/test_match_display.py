"""How a match and a state show themselves: ``repr(match)``, ``str(state)``, any entry drawn as
text or as a picture, and the notebook view (picture and compact log, escaped HTML)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from boardkit import Match, registry
from boardkit.errors import NotOfferedError, RedactedMatchError, UndoError
from boardkit.examples.nim import NimGame
from boardkit.present.notebook import NOTEBOOK_ENTRIES
from tests.core.plain_game import PlainGame


def _nim(moves: int, names: tuple[str, ...] = ("ann", "bob")) -> Match[Any]:
    match = Match.new(NimGame(), names, seed=3)
    for _ in range(moves):
        match.play(match.legal_actions()[0])
    return match


def test_repr_names_the_game_players_entries_and_who_decides() -> None:
    match = _nim(0)
    assert repr(match) == f"<Match nim: ann, bob; 1 entry; {match.status()}>"
    who = match.header.players[match.to_decide or 0]
    assert match.status() == f"{who} to decide"
    match.play(match.legal_actions()[0])
    assert "; 2 entries; " in repr(match)


def test_repr_of_a_finished_match_gives_the_result() -> None:
    match = _nim(0)
    while not match.is_over:
        match.play(match.legal_actions()[0])
    result = match.result
    assert result is not None
    winner = match.header.players[result.winners[0]]
    assert match.status() == f"over: {winner} wins, scores " + "–".join(map(str, result.scores))
    assert repr(match).endswith(f"; {match.status()}>")


def test_repr_of_a_redacted_match_says_whose_log_it_is() -> None:
    match = _nim(2)
    mine = Match.from_json(match.redacted_json(1))
    assert repr(mine).endswith("; read-only log of player 1>")
    assert repr(mine).startswith("<Match nim: ann, bob; 3 entries; ")


def test_str_of_a_state_is_its_position_and_reads_back() -> None:
    match = _nim(2)
    game = match.game
    text = str(match.state)
    assert text == game.format_position(match.state)
    assert game.parse_position(text, match.config) == match.state


@pytest.mark.parametrize(("name", "players"), [("khan", 3), ("shangrila", 3)])
def test_a_plugin_state_is_written_by_its_game_not_by_a_registry_lookup(
    name: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    match = Match.new(name, players, seed=2)
    for _ in range(3):
        match.play(match.legal_actions()[0])

    def no_lookup(*args: object) -> None:
        raise AssertionError("a state looked its game up in the registry")

    monkeypatch.setattr(registry, "load_game", no_lookup)
    text = match.game.format_position(match.state)
    assert text.startswith(f"{name} players={players} ") and "\n" not in text
    assert match.game.parse_position(text, match.config) == match.state
    assert str(match.state) == repr(match.state)  # a state does not know its game


def test_render_at_draws_any_entry() -> None:
    match = _nim(4)
    assert match.render(at=0) == match.game.render_text(match.state_at(0))
    assert "(15 stones" in match.render(at=0)
    assert match.render(at=4) == match.render()
    assert match.render(at=2) != match.render(at=3)
    with pytest.raises(UndoError, match="no entry 9"):
        match.render(at=9)


def test_render_svg_at_draws_any_entry_for_a_player_and_highlights_its_action() -> None:
    match = Match.new("shangrila", 3, seed=5)
    for _ in range(4):
        match.play(match.legal_actions()[0])
    draw, names = match.game.render_svg, match.header.players  # the seats named as in the log
    for at in (0, 2, 4):
        expected = draw(match.state_at(at), 1, match.log.entries[at].action, names=names)
        assert match.render_svg(1, at=at) == expected
    assert match.render_svg(at=4) == match.render_svg()
    assert match.render_svg(at=1) != match.render_svg(at=2)
    assert match._repr_svg_() == match.render_svg()


def test_render_svg_of_a_game_without_pictures_is_not_offered() -> None:
    match = Match.new(PlainGame(), 2, seed=3)
    with pytest.raises(NotOfferedError, match="plain does not offer pictures"):
        match.render_svg()
    assert match._repr_svg_() is None
    html = match._repr_html_()
    assert "<pre>PlainState(" in html and "<svg" not in html  # the text board instead


def test_a_redacted_match_draws_its_viewer_and_refuses_others() -> None:
    match = Match.new("khan", 3, seed=2)
    for _ in range(5):
        match.play(match.legal_actions()[0])
    mine = Match.from_json(match.redacted_json(2))
    assert mine.render_svg(at=3) == match.render_svg(2, at=3)
    assert mine.render(at=3) == match.render(2, at=3)
    with pytest.raises(RedactedMatchError):
        mine.render_svg(0, at=3)


def test_the_notebook_view_shows_the_board_and_the_last_entries_narrated() -> None:
    match = _nim(8, names=("ann <b>", "bob & co"))
    html = match._repr_html_()
    assert html.count("<li>") == NOTEBOOK_ENTRIES
    assert f'<ol start="{len(match) - NOTEBOOK_ENTRIES}"' in html
    assert match.render_svg(None) in html and "<pre>" not in html  # Nim draws a picture
    assert "ann &lt;b&gt;" in html and "bob &amp; co" in html
    assert "ann <b>" not in html and "bob & co" not in html  # names are escaped
    items = re.findall(r"<li>(.*?)</li>", html)
    for seq, item in zip(range(len(match) - NOTEBOOK_ENTRIES, len(match)), items, strict=True):
        entry = match.log.entries[seq]
        who = ("ann &lt;b&gt;", "bob &amp; co")[entry.player or 0]
        take = f"take {entry.action.count}"
        assert item.startswith(f"<b>{who}: {take}</b> — {who} takes "), item


def test_the_notebook_view_of_a_game_with_pictures_holds_the_picture_and_hides_hands() -> None:
    match = Match.new("khan", 2, seed=7)
    for _ in range(12):
        match.play(match.legal_actions()[0])
    html = match._repr_html_()
    assert match.render_svg(None) in html and "<pre>" not in html
    assert html.count("<li>") == NOTEBOOK_ENTRIES
    assert match.status() in html
    spectator = Match.from_json(match.redacted_json(None))
    assert spectator._repr_html_() == html.replace(match.status(), spectator.status())


def test_undo_words_its_count() -> None:
    with pytest.raises(UndoError, match="cannot undo 1 entry; 0 can be undone"):
        _nim(0).undo(1)
    with pytest.raises(UndoError, match="cannot undo 3 entries; 1 can be undone"):
        _nim(1).undo(3)


def test_nims_heap_caption_never_offers_more_than_the_heap_holds() -> None:
    match = Match.new(NimGame(), ("ann", "bob"), seed=3, options={"stones": 3, "max_take": 3})
    assert match.render().endswith("(3 stones, take 1 to 3)")
    match.play(match.legal_actions()[0])  # takes 1
    assert match.render().endswith("(2 stones, take 1 to 2)")
    match.play(match.legal_actions()[0])
    assert match.render().endswith("(1 stone, take 1)")
    assert "1 stone left, take 1<" in match.game.render_svg(match.state)
    match.play(match.legal_actions()[0])
    assert match.render().endswith("(no stones left)")
    assert "no stones left" in match.game.render_svg(match.state)
