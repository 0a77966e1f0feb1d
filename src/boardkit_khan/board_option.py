"""The ``board`` option: a custom board travels inside the match, as text, never as a path.

A log must be self-contained and loading it must never open a file it names (a path such as
``/dev/zero`` or ``/dev/stdin`` would eat memory or hang; editing the file would silently change
old replays). So the option's value is the board itself: ``""`` for the shipped reconstruction,
else the *canonical text* of a board file (what :func:`~boardkit_khan.board.board_to_toml`
writes). The text is checked here on every set-up, a log's included, by the same parser and
validator as a board file, with a size limit and bounded error messages.

Only a *user* names files: :func:`board_option` (and ``--option board=@PATH`` on the command
line) reads a board file and gives the option's value.

Why canonical text and no hash beside it: equal boards give equal text, so the text identifies
the board by itself; a hash stored next to it would be a second source of truth that needs its
own check and proves nothing against someone who edits a log (they would change both). The state
keeps a reference to the same text, and :func:`~boardkit_khan.state.static_for` caches the
board's tables by it, so a state costs no more than before.
"""

from __future__ import annotations

from pathlib import Path

from boardkit.errors import InvalidOptionsError
from boardkit.present.voice import a_or_an
from boardkit_khan.board import Board, BoardFileError, InvalidBoardError, board_to_toml, parse_board
from boardkit_khan.board_validation import default_board, load_board

#: The longest board text the option accepts (the shipped board's is about 1,100 characters).
MAX_BOARD_CHARS = 16_384
#: The longest error message about a board value.
MAX_MESSAGE_CHARS = 1_000

OPTION = "board"


def _bounded(message: str) -> str:
    """``message``, cut to :data:`MAX_MESSAGE_CHARS` (a forged value must not flood a screen)."""
    if len(message) <= MAX_MESSAGE_CHARS:
        return message
    return message[: MAX_MESSAGE_CHARS - 1] + "…"


def _refuse(reason: str) -> InvalidOptionsError:
    return InvalidOptionsError(_bounded(f"option {OPTION!r}: {reason}"))


def _first_bad_character(text: str) -> int | None:
    """Where ``text`` holds a character a board's text never does (controls, NUL…), if anywhere."""
    for index, char in enumerate(text):
        if char != "\n" and not char.isprintable():
            return index
    return None


def board_from_option(value: object) -> Board:
    """The board the option value ``value`` describes, checked like a board file.

    Refuses, with an :class:`~boardkit.errors.InvalidOptionsError` of bounded length, anything
    but a string, a text longer than :data:`MAX_BOARD_CHARS`, control characters, text that does
    not parse, a board that breaks K-C1…K-C3, and text that is not in canonical form. Opens no
    file, whatever the value says.
    """
    if type(value) is not str:
        raise _refuse(f"takes the text of a board, not {a_or_an(type(value).__name__)}")
    if value == "":
        return default_board()
    if len(value) > MAX_BOARD_CHARS:
        raise _refuse(
            f"the board text has {len(value)} characters, more than the {MAX_BOARD_CHARS} a "
            "board may have"
        )
    bad = _first_bad_character(value)
    if bad is not None:
        raise _refuse(f"the board text holds the character {value[bad]!r} at position {bad}")
    try:
        board = parse_board(value, "the board text")
    except BoardFileError as exc:
        raise _refuse(str(exc)) from None
    from boardkit_khan.board_validation import validate_board

    problems = validate_board(board)
    if problems:
        raise _refuse("the board breaks the board rules: " + "; ".join(problems))
    if board_to_toml(board) != value:
        raise _refuse(
            "the board text is not in canonical form; make the value from a board file with "
            "boardkit_khan.board_option(path) or --option board=@PATH"
        )
    return board


def board_option(path: str | Path) -> str:
    """The ``board`` option's value for the board file at ``path``: its canonical text.

    For people and front ends, who name a file on purpose; a log never does. Raises an
    :class:`~boardkit.errors.InvalidOptionsError` naming the file and every problem.
    """
    try:
        board = load_board(path)
    except (BoardFileError, InvalidBoardError) as exc:
        raise _refuse(str(exc)) from None
    text = board_to_toml(board)
    board_from_option(text)
    return text
