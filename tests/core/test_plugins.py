"""Game plugins fail safely (issue 9): a broken plugin is named with its error and hides nothing.

The plugins here are real: a distribution's ``.dist-info`` folder with an ``entry_points.txt``
and a module, put on ``sys.path`` as pip would install them.
"""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from boardkit import (
    GameDefinitionError,
    InvalidLogError,
    Match,
    available_games,
    game_plugins,
    load_game,
    register,
    registry,
)
from boardkit.cli import main
from boardkit.examples.nim import NimGame

PLUGIN_SOURCE = """
from boardkit.examples.nim import NimGame

class Fine(NimGame):
    name = "fine-nim"

class Grumpy(NimGame):
    name = "grumpy"

    def __init__(self):
        raise RuntimeError("the board file is missing")

NOT_A_GAME = 42
"""


@pytest.fixture
def plugins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Installs ``broken_plugins``: one good game and one plugin for each way to fail."""
    (tmp_path / "broken_plugins.py").write_text(textwrap.dedent(PLUGIN_SOURCE))
    install(
        tmp_path,
        "broken_plugins",
        {
            "fine-nim": "broken_plugins:Fine",
            "grumpy": "broken_plugins:Grumpy",
            "not-a-game": "broken_plugins:NOT_A_GAME",
            "missing": "no_such_module_anywhere:Game",
            "twice": "broken_plugins:Fine",
        },
    )
    install(tmp_path, "other_plugins", {"twice": "other_plugins:Game"})
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    sys.modules.pop("broken_plugins", None)


def install(folder: Path, dist: str, games: dict[str, str]) -> None:
    info = folder / f"{dist}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 1.0\n")
    lines = "".join(f"{name} = {value}\n" for name, value in games.items())
    (info / "entry_points.txt").write_text(f"[boardkit.games]\n{lines}")


@pytest.mark.parametrize(
    ("name", "message"),
    [
        (
            "grumpy",
            "game plugin 'grumpy' (broken_plugins:Grumpy) failed to start: "
            "RuntimeError: the board file is missing",
        ),
        (
            "missing",
            "game plugin 'missing' (no_such_module_anywhere:Game) cannot be imported: "
            "ModuleNotFoundError:",
        ),
        ("not-a-game", "game plugin 'not-a-game' (broken_plugins:NOT_A_GAME) does not name a Game"),
        (
            "twice",
            "game name 'twice' is claimed by 2 installed plugins "
            "(broken_plugins:Fine, other_plugins:Game)",
        ),
    ],
)
def test_a_broken_plugin_is_a_game_definition_error_naming_it(
    plugins: Path, name: str, message: str
) -> None:
    with pytest.raises(GameDefinitionError) as info:
        load_game(name)
    assert str(info.value).startswith(message)


def test_game_plugins_reports_every_plugin_and_a_broken_one_hides_none(plugins: Path) -> None:
    status = {(p.name, p.source): p for p in game_plugins()}
    healthy = sorted(name for name, _ in status if status[name, _].ok)
    assert {"fine-nim", "nim", "khan", "shangrila"} <= set(healthy)
    broken = {key: str(p.error) for key, p in status.items() if not p.ok}
    assert set(broken) == {
        ("grumpy", "broken_plugins:Grumpy"),
        ("missing", "no_such_module_anywhere:Game"),
        ("not-a-game", "broken_plugins:NOT_A_GAME"),
        ("twice", "broken_plugins:Fine"),
        ("twice", "other_plugins:Game"),
    }
    assert all(status[key].game is None for key in broken)
    assert "RuntimeError: the board file is missing" in broken["grumpy", "broken_plugins:Grumpy"]
    assert isinstance(status["fine-nim", "broken_plugins:Fine"].game, NimGame)
    assert {"grumpy", "missing", "twice"} <= set(available_games())


def test_boardkit_games_lists_the_healthy_games_then_the_broken_ones(
    plugins: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["games"])
    out = capsys.readouterr().out
    assert code == 1
    listing, _, broken = out.partition("broken game plugins:")
    assert "fine-nim — Nim" in listing and "nim — Nim" in listing and "khan — Khan" in listing
    assert "grumpy" not in listing
    for name in ("grumpy", "missing", "not-a-game", "twice"):
        assert f"\n  {name}  " in broken


def test_a_log_naming_an_uninstalled_game_is_an_invalid_log() -> None:
    text = Match.new("nim", 2, seed=1).to_json().replace('"game":"nim"', '"game":"chess"')
    with pytest.raises(InvalidLogError, match="not installed: unknown game 'chess'"):
        Match.from_json(text)


def test_a_log_of_a_broken_plugin_is_an_invalid_log_naming_the_plugin(
    plugins: Path, tmp_path: Path
) -> None:
    path = tmp_path / "grumpy.json"
    path.write_text(
        Match.new("nim", 2, seed=1).to_json().replace('"game":"nim"', '"game":"grumpy"'),
        encoding="utf-8",
    )
    with pytest.raises(InvalidLogError) as info:
        Match.load(path)
    assert "game plugin 'grumpy' (broken_plugins:Grumpy) failed to start" in str(info.value)
    assert info.value.entry is None


def test_a_plugin_error_message_is_bounded(plugins: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    class Loud(NimGame):
        name = "loud"

        def __init__(self) -> None:
            raise ValueError("x" * 1_000_000)

    monkeypatch.setattr(registry, "_registered", {"loud": Loud})
    with pytest.raises(GameDefinitionError) as info:
        load_game("loud")
    assert len(str(info.value)) < 500 and "more characters" in str(info.value)


def test_register_refuses_a_name_taken_by_another_class(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_registered", {})

    class Mine(NimGame):
        name = "mine"

    class Impostor(NimGame):
        name = "mine"

    register(Mine)
    register(Mine)  # again: nothing changes
    with pytest.raises(GameDefinitionError, match=r"'mine'.*Mine is registered under that name"):
        register(Impostor)
    assert type(load_game("mine")) is Mine

    class FakeNim(NimGame):
        name = "nim"

    with pytest.raises(GameDefinitionError, match="the installed plugin 'nim'"):
        register(FakeNim)
    register(NimGame)  # the installed class itself may be registered
