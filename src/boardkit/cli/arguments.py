"""The arguments the ``boardkit`` commands share, declared once, and what they become.

A game command takes ``GAME``, ``--players``, ``--option KEY=VALUE`` (repeatable) and
``--seed`` (:func:`add_game_arguments`); a command that writes files takes ``--force``
(:func:`add_force_argument`); a command that reads a log entry takes ``--at``, ``--player`` and
``--no-verify`` (:func:`add_entry_arguments`). Options become typed values
(:func:`parse_option_args`), a missing seed a fresh one (:func:`seed_or_fresh`).
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from boardkit.cli.output import choices_text
from boardkit.cli.support import EXIT_USAGE, CommandError, RoundAt
from boardkit.errors import InvalidOptionsError, shorten

if TYPE_CHECKING:
    from boardkit.game import Game
    from boardkit.options import Option, OptionValue


class CommandParser(argparse.ArgumentParser):
    """argparse whose usage errors read ``error: ...`` and exit with code 2."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"error: {message}\n")


# --- declarations ---------------------------------------------------------------------------


def add_game_arguments(
    sub: argparse.ArgumentParser,
    *,
    game_help: str = "an installed game (see 'boardkit games')",
    game_optional: bool = False,
    players_help: str = "number of players (default: the smallest the game allows)",
    seed_help: str = "seed (default: a fresh one from the operating system, printed)",
) -> None:
    """``GAME``, ``-p/--players P``, ``-o/--option KEY=VALUE`` (repeatable) and ``--seed S``."""
    if game_optional:
        sub.add_argument("game", nargs="?", metavar="GAME", help=game_help)
    else:
        sub.add_argument("game", metavar="GAME", help=game_help)
    sub.add_argument("-p", "--players", type=int, metavar="P", help=players_help)
    sub.add_argument(
        "-o",
        "--option",
        action="append",
        metavar="KEY=VALUE",
        help="set a game option (repeat for several); bools take true or false",
    )
    sub.add_argument("--seed", type=int, metavar="S", help=seed_help)


def language_name(text: str) -> str:
    """``--lang``'s value as boardkit names the language (``de_DE`` → ``de``), or a usage
    error that lists the languages."""
    from boardkit.i18n import normal_language

    try:
        return normal_language(text)
    except InvalidOptionsError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_language_argument(sub: argparse.ArgumentParser) -> None:
    """``--lang LANG``: the language of the texts the command shows; the command line
    (:func:`boardkit.cli.app.main`) shows them in it, or without it in the locale's."""
    sub.add_argument(
        "--lang",
        type=language_name,
        metavar="LANG",
        help="the language of the texts: en, de or nl (default: the locale's, from LANGUAGE, "
        "LC_ALL, LC_MESSAGES or LANG; else English); a game not translated to it reads in "
        "English",
    )


def add_cap_argument(sub: argparse.ArgumentParser) -> None:
    """``--cap N``: the entry cap of the matches the command plays (see
    :attr:`boardkit.options.Config.cap`)."""
    sub.add_argument(
        "--cap",
        type=int,
        metavar="N",
        help=(
            "cut a match off after N log entries, the setup included (default: no cap for a "
            "game that always ends, 1000 for one that need not)"
        ),
    )


def add_force_argument(sub: argparse.ArgumentParser, help: str) -> None:
    """``--force``: replace a file the command would otherwise refuse to write over."""
    sub.add_argument("--force", action="store_true", help=help)


def add_entry_arguments(sub: argparse.ArgumentParser, verb: str) -> None:
    """``LOG``, ``--at K`` and ``--seat N`` (or the deprecated ``--player P``): one entry of a
    log file, as ``verb`` (show, draw) puts it. :func:`viewer_seat` reads the seat back."""
    sub.add_argument("log", metavar="LOG", help="a log file (JSON)")
    sub.add_argument(
        "--at",
        type=entry_point,
        metavar="K",
        help="entry number (0 is the setup; negative counts from the end; default: the last), "
        "or round:N for the table round N ended on",
    )
    viewer = sub.add_mutually_exclusive_group()
    viewer.add_argument(
        "--seat",
        type=int,
        metavar="N",
        help=f"{verb} only what seat N may see (seats counted from 1, as the table names them; "
        "default: all)",
    )
    viewer.add_argument(
        "--player",
        type=int,
        metavar="P",
        help="deprecated (removed in 0.3.0): --seat P+1; seat P counted from 0, as in the log",
    )


PLAYER_DEPRECATED = (
    "warning: --player P is deprecated and goes in 0.3.0; use --seat N, which counts seats from "
    "1 (--player {player} is --seat {seat})"
)
"""What ``show`` and ``render`` print on standard error when given ``--player``."""


def viewer_seat(args: argparse.Namespace, warn: Callable[[str], object]) -> int | None:
    """The seat (from 0, as the log counts) whose view ``--seat N`` or ``--player P`` asks for,
    ``None`` for the whole state.

    ``--seat`` counts from 1, as people count seats; a seat below 1 is a
    :class:`~boardkit.cli.support.CommandError` (a usage error) naming the numbering; the range
    check against the log's seats comes once the log is read. ``--player`` still counts from 0
    for 0.2 and calls ``warn`` with
    :data:`PLAYER_DEPRECATED`.
    """
    if args.seat is not None:
        if args.seat < 1:
            raise CommandError(
                f"--seat {args.seat}: seats are counted from 1 (seat 1 is the first player)",
                EXIT_USAGE,
            )
        return int(args.seat) - 1
    if args.player is not None:
        warn(PLAYER_DEPRECATED.format(player=args.player, seat=args.player + 1))
        return int(args.player)
    return None


def add_no_verify_argument(sub: argparse.ArgumentParser, help: str) -> None:
    """``--no-verify``: fold a log's events without re-checking its actions."""
    sub.add_argument("--no-verify", action="store_true", help=help)


# --- values ---------------------------------------------------------------------------------


def entry_point(text: str) -> int | RoundAt:
    """``--at``'s value: an entry number, or ``round:N`` (the moment round ``N`` ended)."""
    word, colon, number = text.strip().partition(":")
    try:
        if colon and word.strip().lower() == "round":
            return RoundAt(int(number))
        if not colon:
            return int(text)
    except ValueError:
        pass
    raise argparse.ArgumentTypeError(
        f"{shorten(text, 40)} is neither an entry number nor round:N (the moment round N ended)"
    )


MAX_DELAY = 3600.0
"""The longest ``--delay`` (an hour): longer ones are typing slips, and ``time.sleep`` refuses
the huge ones (``1e308``, ``inf``) with a traceback."""


def delay_seconds(text: str) -> float:
    """``--delay SECONDS``: a finite number of seconds from 0 to :data:`MAX_DELAY` (argparse
    type; anything else is a usage error naming the value)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 <= value <= MAX_DELAY:  # also refuses nan
        raise argparse.ArgumentTypeError(
            f"a delay is a number of seconds from 0 to {MAX_DELAY:g}, not {text!r}"
        )
    return value


def parse_option_value(option: Option, raw: str) -> OptionValue:
    """``raw`` (command-line text) as a value of the type of ``option``'s default."""
    allowed = "" if option.choices is None else "; allowed: " + choices_text(option)
    if isinstance(option.default, bool):
        lowered = raw.strip().lower()
        if lowered not in ("true", "false"):
            raise InvalidOptionsError(
                f"option {option.name!r} takes true or false, not {shorten(raw)}{allowed}"
            )
        return lowered == "true"
    if isinstance(option.default, int):
        try:
            return int(raw.strip(), 10)
        except ValueError:
            raise InvalidOptionsError(
                f"option {option.name!r} takes an int, not {shorten(raw)}{allowed}"
            ) from None
    return raw


def parse_option_args(game: Game[Any, Any], pairs: Sequence[str]) -> dict[str, object]:
    """``key=value`` texts as an options mapping, each value typed like the option's default.

    For a string option, ``key=@PATH`` reads the value from a file
    (:meth:`~boardkit.game.Game.option_from_file`), for example a Khan board.

    Unknown keys are passed on unchanged so that the game's own validation names them along
    with the known options; values the game refuses are refused by it in the same way.
    """
    declared = {o.name: o for o in game.options}
    options: dict[str, object] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise InvalidOptionsError(f"options are given as key=value, not {shorten(pair)}")
        if key in options:
            raise InvalidOptionsError(f"option {shorten(key)} is given twice")
        if key in declared and isinstance(declared[key].default, str) and raw.startswith("@"):
            options[key] = _option_from_file(game, key, raw[1:])
        else:
            options[key] = parse_option_value(declared[key], raw) if key in declared else raw
    return options


def default_players(game: Game[Any, Any], options: Mapping[str, object]) -> int:
    """The player count a command plays when ``--players`` is left out: the smallest count
    the game accepts with ``options``. Some games refuse their smallest count unless a
    variant is chosen (Shangrila takes two players only with ``two_colours_each``), so
    ``min(game.player_counts)`` alone would refuse ``boardkit watch shangrila`` outright.
    When no count fits, the smallest is returned and setting the match up names the problem
    (as :func:`boardkit.runner.tournament.run_tournament` does for its seats)."""
    counts = sorted(game.player_counts)
    for count in counts:
        try:
            game.make_config(count, options, 0)
        except InvalidOptionsError:
            continue
        return count
    return counts[0]


def _option_from_file(game: Game[Any, Any], key: str, path: str) -> OptionValue:
    """``key=@PATH``: the value the game reads from the file the user named (``@@x`` is the
    literal text ``@x``)."""
    if path.startswith("@"):
        return path
    return game.option_from_file(key, path)


def fresh_seed(games: int = 1) -> int:
    """A seed drawn from the operating system's secure generator, for a run without ``--seed``.

    ``games`` consecutive seeds from it are all valid (``simulate`` and ``tournament`` play
    game ``i`` with seed ``S + i``). The command prints the seed so that the run can be repeated.
    Like :func:`boardkit.rng.new_seed` it draws from the whole 128-bit seed range, less the
    room those consecutive seeds need.
    """
    from boardkit.rng import new_seed

    return new_seed(max(games, 1))


def seed_or_fresh(seed: int | None, games: int = 1) -> int:
    """``seed`` as given on the command line, or a :func:`fresh_seed` when it was left out."""
    return fresh_seed(games) if seed is None else seed


def positive_int(text: str) -> int:
    """An argument that is a whole number from 1 up (``--iterations``, ``--games``)."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"a whole number from 1 up, not {text!r}")
    return value
