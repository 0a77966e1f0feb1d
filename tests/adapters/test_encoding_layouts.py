"""The documented sizes of both games' action indices and observations."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

from boardkit_khan.encoding import encoder_for
from boardkit_khan.game import KhanGame
from boardkit_shangrila import encoding as shangrila_encoding
from boardkit_shangrila.game import ShangrilaGame


def module_doc(name: str) -> str:
    """The docstring of module ``name`` as its source file has it (a compiled module, see
    docs/performance.md, carries none at run time; its source ships beside it)."""
    spec = importlib.util.find_spec(name)
    assert spec is not None and spec.origin is not None
    source = Path(spec.origin).with_name(name.rsplit(".", 1)[1] + ".py")
    return ast.get_docstring(ast.parse(source.read_text(encoding="utf-8"))) or ""


def test_shangrila_sizes_match_the_documented_layout() -> None:
    game = ShangrilaGame()
    config = game.make_config(3, None, 1)
    assert game.num_actions(config) == 4415
    assert game.observation_shape(config) == (808,)
    assert sum(size for _, size in shangrila_encoding.LAYOUT) == 808
    assert "4,415 actions" in module_doc("boardkit_shangrila.encoding")


def test_khan_sizes_match_the_documented_layout() -> None:
    game = KhanGame()
    for players in (2, 3, 4):
        config = game.make_config(players, None, 1)
        assert game.num_actions(config) == 9230
        encoder = encoder_for("", players)
        assert game.observation_shape(config) == (encoder.observation_size,)
        assert [name for name, _ in encoder.layout][:3] == ["land", "river", "region"]
    assert "9,230 actions" in module_doc("boardkit_khan.encoding")


def test_every_khan_index_decodes_to_an_action_with_that_index() -> None:
    game = KhanGame()
    config = game.make_config(3, None, 1)
    from boardkit.engine import start

    state, _ = start(game, config)
    size = game.num_actions(config)
    encoder = encoder_for("", 3)
    discard = range(encoder.offsets["discard"], encoder.offsets["discard"] + 16)
    for index in range(size):
        if index in discard:
            continue  # slot-indexed: decoding needs the deciding player's hand
        assert game.action_to_index(game.index_to_action(index, state), state) == index
