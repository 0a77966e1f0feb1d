"""boardkit: a rules engine for turn-based board games.

A game is a pure function from (state, action) to events, and a state is a fold of its events.
Define a game by subclassing :class:`Game`; play it through a :class:`Match`; save, replay and
verify its :class:`Log`.
"""

from boardkit._moved import register_moves
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
    UnknownGameError,
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
    "UnknownGameError",
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
