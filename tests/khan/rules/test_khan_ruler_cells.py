"""The ``ruler_cells`` option: the rulebook's free ruler setup (K-S2), typed as ``RULER=CELL``
pairs, written in one canonical form, refused with messages that name the problem."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest

from boardkit import InvalidOptionsError, Match, Rng
from boardkit.cli import main
from boardkit.cli.arguments import parse_option_args
from boardkit.testing import check_playout
from boardkit_khan.game import KhanGame
from boardkit_khan.rules.actions import PlaceStartYurt
from boardkit_khan.rules.board import parse_board
from boardkit_khan.rules.board_option import board_option
from boardkit_khan.rules.board_validation import default_board, validate_board
from boardkit_khan.rules.ruler_cells import MAX_CHARS, canonical_ruler_cells, start_cells_of
from boardkit_khan.rules.state import static_for

GAME = KhanGame()
BOARD = default_board()
SHIPPED_FILE = resources.files("boardkit_khan").joinpath("data", "board.txt").read_text("utf-8")
GOLDEN = Path(__file__).parent.parent / "fixtures" / "golden_4p.json"

#: All eight rulers huddled in the north-west Tundra: a setup the K-C3 board checks refuse
#: (rulers 3 apart, at least 5 regions, …) but the rulebook's free setup allows.
CORNER = "Russian=D1,Seljuk=E1,Abbasid=F1,Nizari=C2,Delhi=D2,Song=E2,Dai Viet=F2,Goryeo=C3"
PRINTED = "Russian=E1,Seljuk=B7,Abbasid=B11,Nizari=E5,Delhi=F10,Song=K8,Dai Viet=L12,Goryeo=J3"


def _cells(text: str) -> tuple[int, ...]:
    return tuple(BOARD.parse_label(pair.split("=")[1]) for pair in text.split(","))


def test_the_rulers_start_where_the_option_puts_them_k_s2() -> None:
    """K-S2 with the free setup: each ruler starts on its named cell, camps are full, and the
    first legal actions are the placement of start yurts as usual."""
    match = Match.new(GAME, 3, {"ruler_cells": CORNER}, seed=2)
    assert match.state.field.rulers == _cells(CORNER)
    assert match.state.field.camps == (5,) * 8
    assert match.config.option("ruler_cells") == CORNER
    assert match.log.header.options["ruler_cells"] == CORNER
    # a start yurt never goes on a ruler's cell, wherever the rulers stand
    actions = match.legal_actions()
    offered = {action.cell for action in actions if isinstance(action, PlaceStartYurt)}
    assert len(offered) == len(actions)
    assert offered and not offered & set(_cells(CORNER))


def test_the_default_keeps_the_printed_start_cells_k_s2() -> None:
    match = Match.new(GAME, 2, seed=2)
    assert match.config.option("ruler_cells") == ""
    assert match.state.field.rulers == tuple(spec.start_cell for spec in BOARD.rulers)


def test_the_board_checks_would_refuse_the_setup_the_option_accepts() -> None:
    """K-C3 still guards board files; the same cells as a free setup are playable."""
    moved = SHIPPED_FILE
    for printed, corner in zip(PRINTED.split(","), CORNER.split(","), strict=True):
        old, new = printed.split("=")[1], corner.split("=")[1]
        moved = _swap(moved, f'start = "{old}"', f'start = "{new}"')
    problems = validate_board(parse_board(moved))
    assert any("K-C3" in problem for problem in problems)
    assert Match.new(GAME, 4, {"ruler_cells": CORNER}, seed=1).state.field.rulers == _cells(CORNER)


@pytest.mark.parametrize(
    "typed",
    [
        "goryeo=c3, dai viet=f2,Song=E2 ,Delhi = d2,Nizari=C2,abbasid=F1,SELJUK=e1,russian=D1",
        " Russian = D1 , Seljuk=E1,Abbasid=F01,Nizari=C2,Delhi=D2,Song=E2,DaiViet=F2,Goryeo=C3 ",
    ],
    ids=["order-and-case", "spaces-and-zeros"],
)
def test_equal_setups_give_equal_headers(typed: str) -> None:
    """Any order, case and spacing is read; the header holds every ruler once, in board order,
    spelt as the board spells it, cells as the game labels them."""
    config = GAME.make_config(2, {"ruler_cells": typed}, 1)
    assert config.option("ruler_cells") == CORNER
    assert config == GAME.make_config(2, {"ruler_cells": CORNER}, 1)
    assert canonical_ruler_cells(CORNER, BOARD) == CORNER  # the canonical form is a fixed point


def test_naming_the_printed_cells_is_the_default() -> None:
    """The printed setup has one header whether it is left out or spelt out."""
    spelt = GAME.make_config(2, {"ruler_cells": PRINTED.lower()}, 1)
    assert spelt.option("ruler_cells") == ""
    assert spelt == GAME.make_config(2, None, 1)


def _swap(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize(
    ("value", "words"),
    [
        (_swap(CORNER, "Goryeo", "Mongol"), "the board has no ruler 'Mongol' (its rulers: Russian"),
        (_swap(CORNER, "=D1", "=N1"), "Russian: N1 is off the board (A1 to M13)"),
        (_swap(CORNER, "=D1", "=A14"), "Russian: A14 is off the board (A1 to M13)"),
        (_swap(CORNER, "=D1", "=G1"), "Russian: G1 is a river cell; rulers start on land"),
        (_swap(CORNER, "=D1", "=A1"), "Russian: A1 is out of play (the outland)"),
        (_swap(CORNER, "=D1", "=E1"), "Russian, Seljuk start on the same cell E1"),
        (_swap(CORNER, ",Goryeo=C3", ""), "no cell for Goryeo (every ruler of the board is named"),
        (CORNER + ",Seljuk=G5", "Seljuk is named more than once"),
        (CORNER + ",seljuk=E1", "Seljuk is named more than once"),
        (_swap(CORNER, "Seljuk=E1", "Seljuk E1"), "'Seljuk E1' is not a pair RULER=CELL"),
        (_swap(CORNER, "Seljuk=E1", "Seljuk="), "'Seljuk=' is not a pair RULER=CELL"),
        (_swap(CORNER, "Seljuk=E1", "=E1"), "'=E1' is not a pair RULER=CELL"),
        (CORNER + ",", "a pair is empty (two commas in a row, or a comma at an end)"),
        (_swap(CORNER, "=D1", "=1D"), "Russian: '1D' is not a cell label like 'E1'"),
        (_swap(CORNER, "=D1", "=D"), "Russian: 'D' is not a cell label like 'E1'"),
        ("x" * (MAX_CHARS + 1), f"more than {MAX_CHARS}"),
    ],
    ids=[
        "unknown-ruler",
        "column-off",
        "row-off",
        "river",
        "outland",
        "two-on-one-cell",
        "missing",
        "named-twice",
        "named-twice-same-cell",
        "no-equals",
        "no-cell",
        "no-ruler",
        "empty-pair",
        "not-a-label",
        "no-row",
        "too-long",
    ],
)
def test_bad_setups_are_refused_naming_the_problem(value: str, words: str) -> None:
    with pytest.raises(InvalidOptionsError) as refused:
        GAME.make_config(2, {"ruler_cells": value}, 1)
    message = str(refused.value)
    assert message.startswith("option 'ruler_cells': ")
    assert words in message


def test_every_problem_is_named_at_once() -> None:
    value = _swap(_swap(CORNER, "=D1", "=G1"), "Goryeo", "Mongol")
    with pytest.raises(InvalidOptionsError) as refused:
        GAME.make_config(2, {"ruler_cells": value}, 1)
    message = str(refused.value)
    for words in ("G1 is a river cell", "no ruler 'Mongol'", "no cell for Goryeo"):
        assert words in message


def test_a_non_text_value_is_refused() -> None:
    with pytest.raises(InvalidOptionsError, match="'ruler_cells' takes text, not 3"):
        GAME.make_config(2, {"ruler_cells": 3}, 1)
    with pytest.raises(InvalidOptionsError, match="takes text such as 'Russian=E1"):
        start_cells_of(3, BOARD)


def test_the_cells_and_names_are_those_of_the_chosen_board(tmp_path: Path) -> None:
    """With ``board``, rulers are named as that board names them (and the printed cells are its
    own), so a setup for the shipped board may not fit another."""
    path = tmp_path / "renamed.toml"
    path.write_text(_swap(SHIPPED_FILE, 'name = "Goryeo"', 'name = "Koryo"'), encoding="utf-8")
    board = board_option(path)
    renamed = _swap(CORNER, "Goryeo", "Koryo")
    match = Match.new(GAME, 2, {"board": board, "ruler_cells": renamed.lower()}, seed=4)
    assert match.config.option("ruler_cells") == renamed
    assert match.state.field.rulers == _cells(CORNER)
    with pytest.raises(InvalidOptionsError, match=r"no ruler 'Goryeo'.*Koryo"):
        Match.new(GAME, 2, {"board": board, "ruler_cells": CORNER}, seed=4)
    # the board's own printed cells are its default, spelt out or not
    spelt = _swap(PRINTED, "Goryeo", "Koryo")
    assert (
        GAME.make_config(2, {"board": board, "ruler_cells": spelt}, 1).option("ruler_cells") == ""
    )
    # a bad board is named as the board's problem, before the ruler cells are read
    with pytest.raises(InvalidOptionsError, match="option 'board'"):
        GAME.make_config(2, {"board": "nonsense", "ruler_cells": CORNER}, 1)


def test_a_free_setup_plays_replays_and_round_trips_through_json() -> None:
    """A whole random game from the corner setup: it ends, the log replays with verification
    to the same state, and the header keeps the canonical setup."""
    match = Match.new(GAME, 3, {"ruler_cells": CORNER.lower()}, seed=21)
    chooser = Rng(8)
    while not match.is_over:
        match.play(chooser.choice(match.legal_actions()))
    text = match.to_json()
    assert json.loads(text)["header"]["options"]["ruler_cells"] == CORNER
    replay = Match.from_json(text, GAME)
    assert replay.verified and replay.is_over
    assert replay.state == match.state
    assert replay.state_at(0).field.rulers == _cells(CORNER)
    assert replay.to_json() == text


@pytest.mark.slow
def test_a_free_setup_keeps_the_boardkit_contract() -> None:
    """The conformance kit's playout (legality, refusals, replay, JSON, views without leaks)
    on the corner setup."""
    match = check_playout(GAME, 2, {"ruler_cells": CORNER}, 5, state_check_every=6, hooks_every=12)
    assert match.is_over and match.state_at(0).field.rulers == _cells(CORNER)


def test_an_old_log_without_the_option_still_loads() -> None:
    """Logs written before the option existed lack it in their header: it means the default
    (the printed cells), the replay verifies, and the header is completed on load."""
    text = GOLDEN.read_text(encoding="utf-8")
    old = _swap(text, '"ruler_cells":"",', "")
    assert "ruler_cells" not in old.splitlines()[1]
    replay = Match.from_json(old, GAME)
    assert replay.verified
    assert replay.log.header.options["ruler_cells"] == ""
    assert replay.state == Match.from_json(text, GAME).state
    assert replay.to_json() == text


def test_the_command_line_takes_and_lists_the_option(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``-o ruler_cells=...`` is read as typed and saved in canonical form; ``boardkit games``
    lists the option."""
    typed = "ruler_cells=" + CORNER.lower().replace(",", ", ")
    assert parse_option_args(GAME, [typed]) == {"ruler_cells": typed.partition("=")[2]}
    log = tmp_path / "free.json"
    code = main(["play-random", "khan", "-o", typed, "--seed", "3", "--save-log", str(log)])
    assert code == 0
    assert Match.load(log, GAME).log.header.options["ruler_cells"] == CORNER
    capsys.readouterr()
    assert main(["games"]) == 0
    listed = capsys.readouterr().out
    assert "ruler_cells =" in listed and "free ruler setup" in listed


def test_the_board_tables_are_shared_by_every_setup() -> None:
    """The per-board tables (placements, rays) do not depend on where the rulers start, so one
    cache entry serves every setup, and a setup never leaks into another match."""
    free = Match.new(GAME, 2, {"ruler_cells": CORNER}, seed=3)
    printed = Match.new(GAME, 2, seed=3)
    assert static_for(free.state.options.board) is static_for(printed.state.options.board)
    assert free.state.field.rulers != printed.state.field.rulers
    assert printed.state.field.rulers == tuple(spec.start_cell for spec in BOARD.rulers)
