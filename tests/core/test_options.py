"""Options, player counts and seeds are validated with errors that say what is allowed."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

import pytest

from boardkit import InvalidOptionsError, InvalidPlayerCountError, Match, Option
from boardkit.errors import GameDefinitionError
from boardkit.examples.nim import NimGame
from boardkit.options import MAX_NAME_CHARS, OptionValue, distinct_names
from boardkit.runner.simulate import simulate


def test_defaults_fill_in_and_are_recorded_in_the_header() -> None:
    match = Match.new(NimGame(), 2)
    assert match.log.header.options == {"max_take": 3, "stones": 15}


def test_unknown_option_names_the_known_ones() -> None:
    with pytest.raises(
        InvalidOptionsError, match=r"unknown option.*colour.*known options: max_take"
    ):
        Match.new(NimGame(), 2, {"colour": "red"})
    with pytest.raises(InvalidOptionsError, match="unknown options colour, size; known"):
        Match.new(NimGame(), 2, {"size": 3, "colour": "red"})


def test_wrong_type_and_bad_choice() -> None:
    with pytest.raises(InvalidOptionsError, match="takes an int, not 'many'"):
        Match.new(NimGame(), 2, {"stones": "many"})
    with pytest.raises(InvalidOptionsError, match="allowed: 2, 3, 4, 5"):
        Match.new(NimGame(), 2, {"max_take": 9})
    with pytest.raises(InvalidOptionsError, match="takes an int, not True"):
        Match.new(NimGame(), 2, {"stones": True})


def test_declared_bounds_are_enforced() -> None:
    """Nim declares stones from 1 to 100,000: both ends are allowed, beyond them refused."""
    for stones in (1, 100_000):
        assert Match.new(NimGame(), 2, {"stones": stones}).config.option("stones") == stones
    for stones in (0, -5, 100_001, 10**30):
        with pytest.raises(InvalidOptionsError, match=r"'stones' must be from 1 to 100000, not"):
            Match.new(NimGame(), 2, {"stones": stones})


def test_player_count() -> None:
    with pytest.raises(InvalidPlayerCountError) as info:
        Match.new(NimGame(), 5)
    assert info.value.allowed == (2, 3, 4)
    assert "allowed: 2, 3, 4" in str(info.value)


def test_seed_range() -> None:
    with pytest.raises(InvalidOptionsError, match="seed"):
        Match.new(NimGame(), 2, seed=-1)
    with pytest.raises(InvalidOptionsError, match="seed"):
        Match.new(NimGame(), 2, seed=2**128)
    with pytest.raises(InvalidOptionsError, match="seed"):
        Match.new(NimGame(), 2, seed=True)
    assert Match.new(NimGame(), 2, seed=2**128 - 1).config.seed == 2**128 - 1


def test_a_text_option_is_read_from_a_file_only_when_a_user_names_one(tmp_path: Path) -> None:
    """``Game.option_from_file`` (``--option key=@PATH``) reads UTF-8 text from regular files
    and refuses anything else with an InvalidOptionsError."""
    game = NimGame()
    note = tmp_path / "note.txt"
    note.write_text("héllo\n", encoding="utf-8")
    assert game.option_from_file("note", str(note)) == "héllo\n"
    with pytest.raises(InvalidOptionsError, match="not a regular file"):
        game.option_from_file("note", str(tmp_path))
    binary = tmp_path / "data.bin"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(InvalidOptionsError, match="cannot read"):
        game.option_from_file("note", str(binary))


# --- declared bounds ------------------------------------------------------------------------


def test_bounds_are_checked_when_an_option_is_declared() -> None:
    """Bounds only on int options, with the default inside them; a bool is no int here."""
    assert Option("n", 5, "n", minimum=1).range_text() == "at least 1"
    assert Option("n", 5, "n", maximum=9).range_text() == "at most 9"
    assert Option("n", 5, "n", minimum=1, maximum=9).range_text() == "from 1 to 9"
    assert Option("n", 5, "n").range_text() == ""
    broken: list[Callable[[], Option]] = [
        lambda: Option("fast", False, "f", minimum=0),
        lambda: Option("board", "x", "b", maximum=3),
        lambda: Option("n", 0, "n", minimum=1),
        lambda: Option("n", 10, "n", maximum=9),
        lambda: Option("n", 5, "n", minimum=True),
        lambda: Option("n", 5, "n", choices=(1, 2)),
    ]
    for declare in broken:
        with pytest.raises(GameDefinitionError, match=r"option '(n|fast|board)'"):
            declare()


def test_a_one_sided_bound_is_enforced_and_named() -> None:
    option = Option("n", 5, "n", minimum=2)
    assert option.check(2) == 2 and option.check(10**9) == 10**9
    with pytest.raises(InvalidOptionsError, match=r"'n' must be at least 2, not 1"):
        option.check(1)
    with pytest.raises(InvalidOptionsError, match=r"takes an int, not '3'; allowed: at least 2"):
        option.check("3")


def test_every_type_is_named_with_the_right_article() -> None:
    assert Option("a", 1, "a").kind_text() == "an int"
    assert Option("a", True, "a").kind_text() == "true or false"
    assert Option("a", "x", "a").kind_text() == "text"
    with pytest.raises(InvalidOptionsError, match="'a' takes true or false, not 1"):
        Option("a", True, "a").check(1)


# --- player names ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "words"),
    [
        (True, "a number of seats (an int) or a list of names, not True"),
        (2.0, "not 2.0"),
        ("ann", "not 'ann'"),
        (None, "not None"),
        (["ann", "ann"], "player names must differ; 'ann' is given twice"),
        (["ann", ""], "cannot be empty"),
        (["ann", "   "], "cannot be empty or only spaces"),
        (["ann", 7], "a player name is a string, not 7"),
        (["ann", "b\nob"], "control characters"),
        (["ann", "\x1b[2Jbob"], "control characters"),
        (["ann", "x" * (MAX_NAME_CHARS + 1)], f"at most {MAX_NAME_CHARS} characters"),
    ],
)
def test_bad_players_are_refused_clearly(players: object, words: str) -> None:
    with pytest.raises(InvalidOptionsError) as refused:
        Match.new(NimGame(), players, seed=1)  # type: ignore[call-overload]
    assert words in str(refused.value) and len(str(refused.value)) < 200


def test_player_counts_are_checked_before_names_are_made() -> None:
    """A huge count is refused at once (no list of a billion names is built first)."""
    for players in (10**9, -1, 0, ["a"] * 5):
        with pytest.raises(InvalidPlayerCountError, match="allowed: 2, 3, 4"):
            Match.new(NimGame(), players, seed=1)


def test_good_names_are_kept_as_given() -> None:
    names = ("Ann-Marie", "Bob Ø", "x" * MAX_NAME_CHARS)
    match = Match.new(NimGame(), names, seed=1)
    assert match.header.players == names
    assert Match.new(NimGame(), 3, seed=1).header.players == ("player 1", "player 2", "player 3")


def test_from_position_and_simulate_check_names_too() -> None:
    position = Match.new(NimGame(), 2, seed=1).game.format_position(Match.new(NimGame(), 2).state)
    with pytest.raises(InvalidOptionsError, match="must differ"):
        Match.from_position(NimGame(), position, ["ann", "ann"])
    with pytest.raises(InvalidOptionsError, match="must differ"):
        simulate(NimGame(), 1, ["ann", "ann"], seed=1)


def test_seats_named_after_bots_are_numbered_on_repeats() -> None:
    assert distinct_names(["random", "random", "greedy", "random"]) == (
        "random",
        "random#2",
        "greedy",
        "random#3",
    )
    assert distinct_names(["a", "b"]) == ("a", "b")


class _TidyNim(NimGame):
    """Nim whose headers write ``max_take`` no larger than ``stones``: with 3 stones, taking at
    most 4 or at most 5 is the same game (no more than 3 can ever be taken)."""

    def canonical_options(self, options: Mapping[str, OptionValue]) -> dict[str, OptionValue]:
        out = dict(options)
        out["max_take"] = min(int(out["max_take"]), max(2, int(out["stones"])))
        return out


def test_canonical_options_write_the_header_and_survive_a_reload() -> None:
    """make_config passes the options through Game.canonical_options, so equal set-ups give
    equal configurations and headers, and a log loaded again keeps them."""
    game = _TidyNim()
    match = Match.new(game, 2, {"stones": 3, "max_take": 5}, seed=3)
    assert match.config.option("max_take") == 3
    assert match.log.header.options == {"max_take": 3, "stones": 3}
    assert game.make_config(2, {"stones": 3, "max_take": 4}, 3) == match.config
    assert Match.from_json(match.to_json(), game).log.header == match.log.header
    edited = match.to_json().replace('"max_take":3', '"max_take":5')
    assert edited != match.to_json()
    assert Match.from_json(edited, game).log.header.options["max_take"] == 3
    assert NimGame().canonical_options({"stones": 4}) == {"stones": 4}
