"""Games are found through the boardkit.games entry-point group."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

from boardkit import Match, UnknownGameError, available_games, load_game
from boardkit.testing import check_game


def test_installed_games_are_listed() -> None:
    assert {"nim", "khan", "shangrila"} <= set(available_games())


def test_unknown_game_lists_the_installed_ones() -> None:
    with pytest.raises(UnknownGameError) as info:
        load_game("chess")
    assert "nim" in info.value.known
    assert "installed games:" in str(info.value)


GAME_SOURCE = '''
"""A game from a third-party package: count to a target together."""
from attrs import evolve, frozen
from boardkit import Config, Flow, Game, IllegalActionError, Result, TurnEnded

@frozen
class S:
    flow: Flow
    total: int = 0

@frozen
class Add:
    n: int

@frozen
class Added:
    n: int

class CountGame(Game[S, Add]):
    name = "count-to-ten"
    version = "0.1"
    player_counts = (2,)
    state_type = S
    action_types = (Add,)
    event_types = (Added,)

    def initial(self, config: Config) -> S:
        return S(Flow(config.players))

    def legal_actions(self, state: S) -> list[Add]:
        return [Add(n) for n in (1, 2) if state.total + n <= 10]

    def apply(self, state, action, rng):
        if action not in self.legal_actions(state):
            raise IllegalActionError("count", f"cannot add {action}")
        return [Added(action.n), TurnEnded()]

    def reduce(self, state, event):
        return evolve(state, total=state.total + event.n) if isinstance(event, Added) else state

    def result(self, state):
        if state.total < 10:
            return None
        return Result((state.flow.active,), tuple(int(p == state.flow.active) for p in (0, 1)))

    def max_entries(self, config):
        return 11

    def describe_event(self, event, state, player=None, names=()):
        if isinstance(event, Added):
            return f"{event.n} added, {state.total + event.n} in all"
        return super().describe_event(event, state, player, names)
'''


def test_a_separate_package_registers_and_passes_the_kit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A distribution on sys.path with an entry point, as pip would install it."""
    pkg = tmp_path / "countgame"
    pkg.mkdir()
    (pkg / "__init__.py").write_text(textwrap.dedent(GAME_SOURCE))
    dist = tmp_path / "countgame-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: countgame\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text("[boardkit.games]\ncount-to-ten = countgame:CountGame\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        assert "count-to-ten" in available_games()
        game = load_game("count-to-ten")
        match = Match.new("count-to-ten", 2)
        match.play(match.legal_actions()[0])
        assert match.state.total == 1
        check_game(game, max_examples=5)
    finally:
        sys.modules.pop("countgame", None)


def test_loading_by_name_scans_the_installed_plugins_once(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.metadata

    from boardkit import registry

    real = importlib.metadata.entry_points
    scans = []

    def counted(group: str) -> object:
        scans.append(group)
        return real(group=group)

    monkeypatch.setattr(registry, "entry_points", counted)
    first, second = load_game("nim"), load_game("nim")
    assert len(scans) == 1
    assert type(first) is type(second) and first is not second  # still a fresh instance
    registry.forget_plugins()
    load_game("nim")
    assert len(scans) == 2
    monkeypatch.syspath_prepend("/nonexistent-boardkit-test-folder")
    load_game("nim")
    assert len(scans) == 3  # a changed sys.path is scanned again
