"""boardkit: a rules engine for turn-based board games.

A game is a pure function from (state, action) to events, and a state is a fold of its events.
Define a game by subclassing :class:`Game`; play it through a :class:`Match`; save, replay and
verify its :class:`Log`.

``import boardkit`` itself is cheap: each name below is imported from its module the first time
it is asked for (``boardkit.Match``, ``from boardkit import Match``), so a process pays only for
the parts it uses, and the ``boardkit`` command can print its version without loading the
engine. The names behave as plain attributes otherwise (``dir``, ``from boardkit import *``,
type checkers, which read the imports under ``TYPE_CHECKING``).
"""

import importlib
from typing import TYPE_CHECKING

from boardkit._moved import register_moves

if TYPE_CHECKING:
    from boardkit.engine import fold
    from boardkit.errors import (
        ActionTextError,
        BoardkitError,
        EpisodeOverError,
        FileAccessError,
        GameDefinitionError,
        GameOverError,
        IllegalActionError,
        InvalidActionIndexError,
        InvalidLogError,
        InvalidOptionsError,
        InvalidPlayerCountError,
        InvalidPositionError,
        MissingExtraError,
        NotOfferedError,
        NotStartedError,
        NotYourDecisionError,
        OverwriteError,
        RedactedMatchError,
        UndoError,
        UndoRefusedError,
        UnknownGameError,
        UnknownSeatError,
        ZoneError,
    )
    from boardkit.flow import (
        DecisionOwed,
        DecisionSettled,
        Flow,
        GameEnded,
        GameTruncated,
        Owed,
        PhaseStarted,
        RoundEnded,
        StepStarted,
        TurnEnded,
        TurnStarted,
        asked_out_of_turn,
        decider,
    )
    from boardkit.game import Events, Game
    from boardkit.log import FULL, Entry, Log, LogHeader, LogLimits
    from boardkit.match import Match
    from boardkit.options import Config, Option, OptionValue
    from boardkit.registry import GamePlugin, available_games, game_plugins, load_game, register
    from boardkit.result import Result
    from boardkit.rng import Rng, new_seed

__version__ = "0.2.0"

# Modules that moved in 0.2.0 keep their old names, with a DeprecationWarning, until 0.3.0.
register_moves(
    {
        "boardkit.voice": "boardkit.present.voice",
        "boardkit.narration": "boardkit.present.narration",
        "boardkit.screen": "boardkit.present.screen",
        "boardkit.svg": "boardkit.present.svg",
        "boardkit.menus": "boardkit.present.menus",
        "boardkit.clicks": "boardkit.present.clicks",
        "boardkit.notebook": "boardkit.present.notebook",
        "boardkit.play": "boardkit.terminal.play",
        "boardkit.watching": "boardkit.terminal.watch",
        "boardkit.frames": "boardkit.terminal.frames",
        "boardkit.keys": "boardkit.terminal.keys",
        "boardkit.seats": "boardkit.runner.seats",
        "boardkit.simulate": "boardkit.runner.simulate",
        "boardkit.tournament": "boardkit.runner.tournament",
    }
)

__all__ = [
    "FULL",
    "ActionTextError",
    "BoardkitError",
    "Config",
    "DecisionOwed",
    "DecisionSettled",
    "Entry",
    "EpisodeOverError",
    "Events",
    "FileAccessError",
    "Flow",
    "Game",
    "GameDefinitionError",
    "GameEnded",
    "GameOverError",
    "GamePlugin",
    "GameTruncated",
    "IllegalActionError",
    "InvalidActionIndexError",
    "InvalidLogError",
    "InvalidOptionsError",
    "InvalidPlayerCountError",
    "InvalidPositionError",
    "Log",
    "LogHeader",
    "LogLimits",
    "Match",
    "MissingExtraError",
    "NotOfferedError",
    "NotStartedError",
    "NotYourDecisionError",
    "Option",
    "OptionValue",
    "OverwriteError",
    "Owed",
    "PhaseStarted",
    "RedactedMatchError",
    "Result",
    "Rng",
    "RoundEnded",
    "StepStarted",
    "TurnEnded",
    "TurnStarted",
    "UndoError",
    "UndoRefusedError",
    "UnknownGameError",
    "UnknownSeatError",
    "ZoneError",
    "asked_out_of_turn",
    "available_games",
    "decider",
    "fold",
    "game_plugins",
    "load_game",
    "new_seed",
    "register",
]

_EXPORTS: dict[str, tuple[str, ...]] = {
    "boardkit.engine": ("fold",),
    "boardkit.errors": (
        "ActionTextError",
        "BoardkitError",
        "EpisodeOverError",
        "FileAccessError",
        "GameDefinitionError",
        "GameOverError",
        "IllegalActionError",
        "InvalidActionIndexError",
        "InvalidLogError",
        "InvalidOptionsError",
        "InvalidPlayerCountError",
        "InvalidPositionError",
        "MissingExtraError",
        "NotOfferedError",
        "NotStartedError",
        "NotYourDecisionError",
        "OverwriteError",
        "RedactedMatchError",
        "UndoError",
        "UndoRefusedError",
        "UnknownGameError",
        "UnknownSeatError",
        "ZoneError",
    ),
    "boardkit.flow": (
        "DecisionOwed",
        "DecisionSettled",
        "Flow",
        "GameEnded",
        "GameTruncated",
        "Owed",
        "PhaseStarted",
        "RoundEnded",
        "StepStarted",
        "TurnEnded",
        "TurnStarted",
        "asked_out_of_turn",
        "decider",
    ),
    "boardkit.game": (
        "Events",
        "Game",
    ),
    "boardkit.log": (
        "FULL",
        "Entry",
        "Log",
        "LogHeader",
        "LogLimits",
    ),
    "boardkit.match": ("Match",),
    "boardkit.options": (
        "Config",
        "Option",
        "OptionValue",
    ),
    "boardkit.registry": (
        "GamePlugin",
        "available_games",
        "game_plugins",
        "load_game",
        "register",
    ),
    "boardkit.result": ("Result",),
    "boardkit.rng": (
        "Rng",
        "new_seed",
    ),
}
"""Each module that holds public names of the package, and those names."""

_HOME = {name: module for module, names in _EXPORTS.items() for name in names}
"""Each public name and the module it comes from."""


if not TYPE_CHECKING:  # type checkers read the imports above, and still flag a misspelt name

    def __getattr__(name: str) -> object:
        """A public name, imported from its module when first asked for (then kept here)."""
        module = _HOME.get(name)
        if module is None:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        globals()[name] = value
        return value


def __dir__() -> list[str]:
    """The module's names, the public ones included before they are first imported."""
    return sorted(set(globals()) | set(__all__))
