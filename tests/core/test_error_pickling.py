"""boardkit's errors survive pickling, so an error raised in a worker process reaches the caller.

``boardkit simulate --backend process``, tournaments on a process pool and the Ray adapter run
games in other processes; an exception comes back pickled. An exception class whose
``__init__`` takes other parameters than its message cannot be unpickled by default, and a
process pool then reports only that it broke (``BrokenProcessPool``). ``BoardkitError`` pickles
every subclass with its message and its facts.
"""

from __future__ import annotations

import importlib
import inspect
import pickle
import pkgutil
from concurrent.futures import ProcessPoolExecutor

import pytest

import boardkit
import boardkit_khan
import boardkit_shangrila
from boardkit import Match
from boardkit.bots.base import UnknownBotError
from boardkit.chance import ChanceNeeded
from boardkit.cli.support import CommandError
from boardkit.errors import (
    ActionTextError,
    BoardkitError,
    EpisodeOverError,
    FileAccessError,
    GameOverError,
    IllegalActionError,
    InvalidActionIndexError,
    InvalidLogError,
    InvalidPlayerCountError,
    InvalidPositionError,
    MissingExtraError,
    NotOfferedError,
    NotStartedError,
    NotYourDecisionError,
    OverwriteError,
    UndoRefusedError,
    UnknownGameError,
    UnknownSeatError,
)
from boardkit.server.errors import ConflictError, ProtocolError, ServerError
from boardkit.server.limits import LimitError
from boardkit_khan.rules.board import InvalidBoardError

# One instance of every error class whose constructor takes more than a message.
EXAMPLES: list[BoardkitError] = [
    IllegalActionError("S-A1", "the bridge is taken"),
    NotYourDecisionError(1, 0),
    ActionTextError("take could be 2 legal actions", "take", ("take 1", "take 2"), 2, 3),
    GameOverError(),
    NotStartedError(),
    InvalidActionIndexError("Nim action indices are 0 to 2"),
    EpisodeOverError("the episode ended: call reset()"),
    InvalidLogError("a repeated key", 3, "entries[3].action"),
    UnknownGameError("chess", ["khan", "shangrila"]),
    UnknownSeatError(9, 2),
    InvalidPlayerCountError("khan", 7, (2, 3, 4)),
    OverwriteError("/tmp/game.json"),
    FileAccessError("/tmp/no/such/folder/game.json", "write", "the folder does not exist", 2),
    MissingExtraError("ray", "boardkit.adapters.ray", "ray"),
    InvalidPositionError("K-I2", "two rulers on one cell"),
    NotOfferedError("nim", "observation", "no board"),
    UnknownBotError("cheater", ["greedy", "random"]),
    ChanceNeeded(6),
    CommandError("no such file", 1),
    ServerError("full", "capacity"),
    ProtocolError("'take' could be 2 legal actions", "bad_text", ("take 1", "take 2")),
    InvalidBoardError("board.toml", ["too few cells", "no river"]),
    LimitError("connections_per_address", 32, "too many connections", status=429, retry_after=1.5),
    UndoRefusedError("entry 12 drew a random outcome", 12),
]


def _error_classes() -> set[type[BoardkitError]]:
    """Every BoardkitError subclass defined in boardkit and the two games."""
    for package in (boardkit, boardkit_khan, boardkit_shangrila):
        for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            importlib.import_module(module.name)
    found: set[type[BoardkitError]] = set()
    todo: list[type[BoardkitError]] = [BoardkitError]
    while todo:
        cls = todo.pop()
        found.add(cls)
        todo.extend(cls.__subclasses__())
    return {c for c in found if c.__module__.startswith(("boardkit", "boardkit_"))}


def _takes_just_a_message(cls: type[BoardkitError]) -> bool:
    return all("__init__" not in vars(c) for c in cls.__mro__ if issubclass(c, BoardkitError))


def _same(a: BaseException, b: BaseException) -> bool:
    facts_a, facts_b = (getattr(e, "__dict__", {}) for e in (a, b))  # none if compiled
    return type(a) is type(b) and a.args == b.args and str(a) == str(b) and facts_a == facts_b


@pytest.mark.parametrize("error", EXAMPLES, ids=lambda e: type(e).__name__)
def test_an_error_comes_back_from_pickling_with_its_message_and_facts(
    error: BoardkitError,
) -> None:
    back = pickle.loads(pickle.dumps(error))
    assert _same(back, error)


def test_every_error_class_is_covered() -> None:
    """A new error class with a constructor of its own needs an example above."""
    listed = {type(e) for e in EXAMPLES}
    missing = [
        f"{c.__module__}.{c.__qualname__}"
        for c in _error_classes()
        if not _takes_just_a_message(c)
        and not any(issubclass(c, t) and "__init__" not in vars(c) for t in listed)
        and c not in listed
        and not c.__name__.startswith("_")
    ]
    assert not missing, missing
    for cls in _error_classes():
        if _takes_just_a_message(cls) and not inspect.isabstract(cls):
            error = cls("what went wrong")
            assert _same(pickle.loads(pickle.dumps(error)), error), cls


def test_a_missing_extra_keeps_the_missing_module_name() -> None:
    back = pickle.loads(pickle.dumps(MissingExtraError("server", "boardkit.server.app", "x")))
    assert isinstance(back, ModuleNotFoundError) and back.name == "x"


def test_a_subclass_keeps_its_facts() -> None:
    error = ConflictError("entry 4 is not the next entry", "conflict")
    assert _same(pickle.loads(pickle.dumps(error)), error)


def _new_match_of(game: str) -> None:
    Match.new(game, players=["ann", "bob"])


def test_an_error_in_a_worker_process_reaches_the_caller_as_itself() -> None:
    with ProcessPoolExecutor(1) as pool, pytest.raises(UnknownGameError) as caught:
        pool.submit(_new_match_of, "chess").result()
    assert caught.value.name == "chess"
    assert "unknown game 'chess'" in str(caught.value)
