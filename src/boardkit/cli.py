"""The ``boardkit`` command: list games, simulate, replay and inspect logs, watch a random game.

Subcommands (``boardkit COMMAND --help`` describes each)::

    boardkit games                                  installed games, player counts, options
    boardkit simulate GAME -n N --players P         N games between random players, summarised
    boardkit replay LOG [--no-verify]               replay a log and re-check every action
    boardkit show LOG [--at K] [--player P]         the state after entry K, as text or --json
    boardkit play-random GAME --players P           a random game, shown action by action
    boardkit play GAME --players P                  play in the terminal against bots
    boardkit tournament GAME --bots a,b -n N        seeded bot games over all cores
    boardkit render LOG [--at K] [-o OUT]           the state after entry K as SVG or PNG

``play``, ``tournament`` and ``render`` live in their own modules (:mod:`boardkit.cli_play`,
:mod:`boardkit.cli_tournament`, :mod:`boardkit.cli_render`).

Without ``--seed``, every command draws a fresh seed from the operating system and prints it.
A command that writes a file writes it atomically and never replaces an existing one unless
given ``--force``. The command only uses the game protocol, so every installed game works the
same way. Errors
are printed as ``error: <message>`` on stderr, never as a traceback. Exit codes: 0 success,
1 a bad or unreadable log (or a game that cannot be loaded), 2 a usage error (unknown game,
bad option, bad player count, entry out of range), 130 interrupted.
"""

from __future__ import annotations

import argparse
import importlib
import json
import textwrap
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from boardkit import __version__
from boardkit.cli_support import (
    EXIT_FAILURE,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_USAGE,
    CommandError,
    CommandParser,
    exit_code_for,
    load_game_for_cli,
    progress_bar,
    read_log_file,
    seed_or_fresh,
)
from boardkit.codec import codec_for
from boardkit.errors import (
    BoardkitError,
    InvalidOptionsError,
    OverwriteError,
)
from boardkit.files import atomic_write_text
from boardkit.game import Game
from boardkit.log import Log, log_to_json, viewer_text
from boardkit.match import Match
from boardkit.narration import narrate_match_entry
from boardkit.options import Option, OptionValue
from boardkit.registry import game_plugins
from boardkit.result import Result
from boardkit.simulate import SimulationSummary, random_playout, simulate

# --- helpers shared by the commands -----------------------------------------------------------


def parse_option_value(option: Option, raw: str) -> OptionValue:
    """``raw`` (command-line text) as a value of the type of ``option``'s default."""
    allowed = "" if option.choices is None else "; allowed: " + _choices_text(option)
    if isinstance(option.default, bool):
        lowered = raw.strip().lower()
        if lowered not in ("true", "false"):
            raise InvalidOptionsError(
                f"option {option.name!r} takes true or false, not {raw!r}{allowed}"
            )
        return lowered == "true"
    if isinstance(option.default, int):
        try:
            return int(raw.strip(), 10)
        except ValueError:
            raise InvalidOptionsError(
                f"option {option.name!r} takes an int, not {raw!r}{allowed}"
            ) from None
    return raw


def parse_option_args(game: Game[Any, Any], pairs: Sequence[str]) -> dict[str, object]:
    """``key=value`` texts as an options mapping, each value typed like the option's default.

    Unknown keys are passed on unchanged so that the game's own validation names them along
    with the known options; values the game refuses are refused by it in the same way.
    """
    declared = {o.name: o for o in game.options}
    options: dict[str, object] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise InvalidOptionsError(f"options are given as key=value, not {pair!r}")
        if key in options:
            raise InvalidOptionsError(f"option {key!r} is given twice")
        options[key] = parse_option_value(declared[key], raw) if key in declared else raw
    return options


def _choices_text(option: Option) -> str:
    assert option.choices is not None
    return ", ".join(_value_text(c) for c in option.choices)


def _value_text(value: OptionValue) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _options_text(options: Mapping[str, OptionValue]) -> str:
    return ", ".join(f"{k}={_value_text(v)}" for k, v in options.items()) or "none"


def _counts_text(counts: Sequence[int]) -> str:
    words = [str(n) for n in counts]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def result_text(result: Result | None, names: Sequence[str]) -> str:
    """A one-line account of a result, with player names."""
    if result is None:
        return "no result"
    if not result.winners:
        outcome = "nobody wins"
    elif len(result.winners) == 1:
        outcome = f"{names[result.winners[0]]} wins"
    else:
        outcome = "shared win: " + ", ".join(names[w] for w in result.winners)
    scores = ", ".join(str(s) for s in result.scores)
    detail = f"; {result.detail}" if result.detail else ""
    return f"{outcome} (scores {scores}){detail}"


# --- the commands -----------------------------------------------------------------------------


def cmd_games(args: argparse.Namespace, out: Console) -> int:
    """List the healthy games with player counts and options, then the broken plugins.

    Exit code 0 when every plugin works, 1 when any is broken (the healthy ones are still
    listed), so that a script or CI job notices a broken installation.
    """
    plugins = game_plugins()
    if not plugins:
        out.print("no games installed")
        return EXIT_OK
    healthy = [p.game for p in plugins if p.game is not None]
    broken = [p for p in plugins if p.error is not None]
    for index, game in enumerate(healthy):
        if index:
            out.print()
        _print_game(game, out)
    if broken:
        if healthy:
            out.print()
        out.print(Text("broken game plugins:", style="bold"))
        for plugin in broken:
            out.print(
                Text.assemble("  ", (plugin.name, "bold"), "  ", str(plugin.error)), soft_wrap=True
            )
    return EXIT_FAILURE if broken else EXIT_OK


def _print_game(game: Game[Any, Any], out: Console) -> None:
    """One game of ``boardkit games``: a heading, then each option with its doc."""
    hidden = ", hidden information" if game.hidden_information else ""
    heading = Text.assemble(
        (game.name, "bold"),
        f" — {game.title or game.name}, version {game.version}, "
        f"{_counts_text(game.player_counts)} players{hidden}",
    )
    out.print(heading, soft_wrap=True)
    if not game.options:
        out.print("  no options")
        return
    width = max(out.width - 6, 40)
    for option in game.options:
        allowed = (
            "allowed: " + _choices_text(option)
            if option.choices is not None
            else f"any {_type_word(option.default)}"
        )
        out.print(
            Text.assemble(
                "  ", (option.name, "bold"), f" = {_value_text(option.default)}  ({allowed})"
            ),
            soft_wrap=True,
        )
        for line in textwrap.wrap(option.doc, width) or [""]:
            out.print(f"      {line}", soft_wrap=True)


def _type_word(value: OptionValue) -> str:
    if isinstance(value, bool):
        return "true/false"
    return "int" if isinstance(value, int) else "text"


def cmd_simulate(args: argparse.Namespace, out: Console, err: Console) -> int:
    """Play many games between random players and print a summary table."""
    game = load_game_for_cli(args.game)
    options = parse_option_args(game, args.option or [])
    players = args.players if args.players is not None else min(game.player_counts)
    save_dir: Path | None = Path(args.save_logs) if args.save_logs else None
    seed = seed_or_fresh(args.seed, args.games)
    game.make_config(players, options, seed)  # refuse bad input before making directories
    if args.seed is None:
        err.print(f"seeds from {seed} (drawn; --seed {seed} repeats this run)", soft_wrap=True)
    if save_dir is not None:
        _prepare_log_folder(save_dir, game.name, range(seed, seed + args.games), args.force)

    def save(index: int, log: Log) -> None:
        assert save_dir is not None and log.header.seed is not None  # a full log has its seed
        path = simulation_log_path(save_dir, game.name, log.header.seed)
        try:
            atomic_write_text(path, log_to_json(game, log), overwrite=args.force)
        except OSError as exc:
            raise CommandError(
                f"cannot write {path}: {exc.strerror or exc}", EXIT_FAILURE
            ) from None

    bar = progress_bar(err)
    with bar:
        task = bar.add_task(f"{game.name}", total=args.games)
        summary = simulate(
            game,
            args.games,
            players,
            options,
            seed,
            progress=lambda done, _total: bar.update(task, completed=done),
            on_log=save if save_dir is not None else None,
        )
    print_summary(summary, out)
    if save_dir is not None:
        out.print(f"logs saved in {save_dir}/", soft_wrap=True)
    return EXIT_OK


def simulation_log_path(folder: Path, game: str, seed: int) -> Path:
    """Where ``simulate --save-logs`` writes the log of the game played with ``seed``."""
    return folder / f"{game}-{seed}.json"


def _prepare_log_folder(folder: Path, game: str, seeds: range, force: bool) -> None:
    """Make ``folder``; unless ``force``, refuse a run that would replace a log in it.

    Checked before any game is played, so that a clash (a second run with the same seeds) costs
    nothing and loses nothing.
    """
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CommandError(f"cannot create {folder}: {exc.strerror or exc}") from None
    if force:
        return
    taken = [p for p in (simulation_log_path(folder, game, s) for s in seeds) if p.exists()]
    if taken:
        more = f" (and {len(taken) - 1} more)" if len(taken) > 1 else ""
        raise CommandError(
            f"{taken[0]}{more} already exists; use another --save-logs folder or --seed, "
            "or add --force to replace the logs"
        )


def print_summary(summary: SimulationSummary, out: Console) -> None:
    """The summary of a simulation as a heading and two tables."""
    last_seed = summary.first_seed + summary.games - 1
    out.print(
        Text.assemble(
            (summary.game, "bold"),
            f": {summary.games} games between {summary.players} random players, "
            f"seeds {summary.first_seed} to {last_seed}",
        ),
        soft_wrap=True,
    )
    out.print(f"options: {_options_text(summary.options)}", soft_wrap=True)
    wins = Table(title="wins", title_justify="left", show_edge=False)
    wins.add_column("seat")
    wins.add_column("games won", justify="right")
    wins.add_column("share", justify="right")
    for seat, count in enumerate(summary.wins):
        wins.add_row(str(seat), str(count), _percent(count, summary.games))
    wins.add_row("shared", str(summary.shared_wins), _percent(summary.shared_wins, summary.games))
    wins.add_row("no winner", str(summary.no_winner), _percent(summary.no_winner, summary.games))
    out.print(wins)
    figures = Table(title="games", title_justify="left", show_edge=False)
    figures.add_column("measure")
    figures.add_column("value", justify="right")
    figures.add_row("games played", str(summary.games))
    figures.add_row("length, mean (decisions)", f"{summary.mean_length:.1f}")
    figures.add_row("length, min", str(summary.min_length))
    figures.add_row("length, max", str(summary.max_length))
    figures.add_row("time per game", _duration(summary.mean_seconds))
    figures.add_row("total time", _duration(summary.total_seconds))
    out.print(figures)


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f} %"


def _duration(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:.0f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds:.2f} s"


def cmd_replay(args: argparse.Namespace, out: Console) -> int:
    """Replay a log file and say plainly what was verified and what could not be."""
    match = read_log_file(args.log, verify=not args.no_verify)
    header = match.header
    table = Table(box=None, show_header=False, padding=(0, 2), pad_edge=False)
    table.add_column(style="bold")
    table.add_column()
    table.add_row("game", f"{header.game} {header.game_version}")
    table.add_row("players", ", ".join(header.players))
    table.add_row("options", _options_text(header.options))
    if header.seed is None:
        table.add_row("log of", viewer_text(header.viewer))
    else:
        table.add_row("seed", str(header.seed))
    table.add_row("commitment", header.seed_commitment)
    table.add_row("entries", f"{len(match)} (setup and {len(match) - 1} decisions)")
    if match.is_over:
        table.add_row("result", result_text(match.result, header.players))
    else:
        table.add_row("result", f"not over; {header.players[match.to_decide or 0]} to decide")
    out.print(table)
    for line in _replay_verdict(match, args):
        out.print(line)
    return EXIT_OK


def _replay_verdict(match: Match[Any], args: argparse.Namespace) -> list[str]:
    """What ``boardkit replay`` could check for this log, and what it could not."""
    if not match.header.is_redacted:
        if args.against:
            raise CommandError("--against checks a redacted log; LOG is a full log")
        if args.no_verify:
            return [
                "replayed: the seed matches its commitment; events folded, actions not re-checked"
            ]
        return [
            "verified: the seed matches its commitment, the setup is what the seed deals, and "
            "every action is legal and gives the recorded events"
        ]
    who = viewer_text(match.header.viewer)
    if args.against:
        full = read_log_file(args.against)
        match.check_against(full)
        return [
            f"verified against {args.against}: that full log verifies, its seed matches this "
            f"log's commitment, and every entry here is its entry redacted for {who}"
        ]
    return [
        f"not verified: this is the log of {who}, redacted; its events were folded only.",
        "The deal and the other players' actions cannot be checked until the full log is "
        "revealed (the commitment above fixes the seed); then run: "
        "boardkit replay LOG --against FULL_LOG",
    ]


def cmd_show(args: argparse.Namespace, out: Console) -> int:
    """Print the state after one entry of a log, as the game's text or as JSON."""
    match = read_log_file(args.log, verify=not args.no_verify)
    last = len(match) - 1
    at = last if args.at is None else args.at
    if at < 0 <= at + len(match):
        at += len(match)
    state = match.state_at(at)  # an entry out of range is an UndoError naming the range
    player: int | None = args.player
    seats = len(match.header.players)
    if player is not None and not 0 <= player < seats:
        raise CommandError(f"there is no seat {player}; this log has seats 0 to {seats - 1}")
    game = match.game
    if args.json:
        codec = codec_for(game)
        data = (
            codec.dump_state(state) if player is None else codec.dump_any(game.view(state, player))
        )
        out.out(json.dumps(data, indent=2, ensure_ascii=False), highlight=False)
        return EXIT_OK
    entry = match.log.entries[at]
    if entry.action is None:
        what = "the setup"
    else:
        actor = match.header.players[entry.player] if entry.player is not None else "nobody"
        what = f"{actor}: {game.describe_action(entry.action, state)}"
    seen_by = "" if player is None else f", as {match.header.players[player]} sees it"
    out.print(
        Text.assemble((game.name, "bold"), f" after entry {at} of 0–{last} ({what}){seen_by}"),
        soft_wrap=True,
    )
    out.out(game.render_text(state, player), highlight=False)
    return EXIT_OK


def _print_narration(out: Console, lines: Sequence[str]) -> None:
    """An entry's narration, one indented line per event worth a line."""
    for line in lines:
        out.print(Text(f"  {line}"), soft_wrap=True)


def cmd_play_random(args: argparse.Namespace, out: Console) -> int:
    """Play a whole game between random players, printing every action and the board."""
    game = load_game_for_cli(args.game)
    options = parse_option_args(game, args.option or [])
    players = args.players if args.players is not None else min(game.player_counts)
    if args.delay < 0:
        raise InvalidOptionsError(f"--delay must be 0 or more seconds, not {args.delay}")
    if args.save_log and not args.force and Path(args.save_log).exists():
        raise OverwriteError(args.save_log)  # before the game, not after it
    config = game.make_config(players, options, seed_or_fresh(args.seed))
    out.print(
        Text.assemble(
            (game.title or game.name, "bold"),
            f" ({game.name} {game.version}): {players} random players, seed {config.seed}, "
            f"options {_options_text(config.options)}",
        ),
        soft_wrap=True,
    )

    def show(match: Match[Any]) -> None:
        entry = match.log.entries[-1]
        if entry.action is None:
            title = "setup"
        else:
            if args.delay:
                time.sleep(args.delay)
            actor = match.header.players[entry.player] if entry.player is not None else "?"
            title = f"{entry.seq}. {actor}: {game.describe_action(entry.action, match.state)}"
        out.print(Rule(Text(title, style="bold"), align="left"))
        _print_narration(out, narrate_match_entry(match, entry.seq, None))
        out.out(match.render(None), highlight=False)

    match = random_playout(game, config, watch=show)
    out.print(Rule(Text("result", style="bold"), align="left"))
    out.print(result_text(match.result, match.header.players), soft_wrap=True)
    if args.save_log:
        try:
            match.save(args.save_log, overwrite=args.force)
        except OSError as exc:
            raise CommandError(f"cannot write {args.save_log}: {exc.strerror or exc}") from None
        out.print(f"log saved to {args.save_log}", soft_wrap=True)
    return EXIT_OK


# --- the parser -------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``boardkit`` command."""
    parser = CommandParser(
        prog="boardkit",
        description="Play, simulate, replay and inspect boardkit games.",
    )
    parser.add_argument("--version", action="version", version=f"boardkit {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    commands.add_parser(
        "games", help="list installed games", description="List installed games and options."
    )

    def add_game_setup(sub: argparse.ArgumentParser) -> None:
        sub.add_argument("game", metavar="GAME", help="an installed game (see 'boardkit games')")
        sub.add_argument(
            "-p",
            "--players",
            type=int,
            metavar="P",
            help="number of players (default: the smallest the game allows)",
        )
        sub.add_argument(
            "-o",
            "--option",
            action="append",
            metavar="KEY=VALUE",
            help="set a game option (repeat for several); bools take true or false",
        )
        sub.add_argument(
            "--seed",
            type=int,
            metavar="S",
            help="seed (default: a fresh one from the operating system, printed)",
        )

    sim = commands.add_parser(
        "simulate",
        help="play many games between random players",
        description="Play N games between random players (game i uses seed S+i) and summarise "
        "wins per seat, game lengths and time per game.",
    )
    add_game_setup(sim)
    sim.add_argument(
        "-n", "--games", type=int, default=100, metavar="N", help="games to play (default 100)"
    )
    sim.add_argument("--save-logs", metavar="DIR", help="write every game's log into DIR")
    sim.add_argument(
        "--force", action="store_true", help="replace logs in DIR that have the same names"
    )

    replay = commands.add_parser(
        "replay",
        help="replay and verify a log file",
        description="Replay a log, re-checking every action against the rules.",
    )
    replay.add_argument("log", metavar="LOG", help="a log file (JSON)")
    replay.add_argument(
        "--no-verify", action="store_true", help="only fold the events; do not re-check actions"
    )
    replay.add_argument(
        "--against",
        metavar="FULL",
        help="check a redacted LOG against the full log FULL revealed after the game",
    )

    show = commands.add_parser(
        "show",
        help="show the state after an entry of a log",
        description="Print the state after entry K of a log, as the game draws it or as JSON.",
    )
    show.add_argument("log", metavar="LOG", help="a log file (JSON)")
    show.add_argument(
        "--at",
        type=int,
        metavar="K",
        help="entry number (0 is the setup; negative counts from the end; default: the last)",
    )
    show.add_argument(
        "--player", type=int, metavar="P", help="show only what seat P may see (default: all)"
    )
    show.add_argument("--json", action="store_true", help="print the state as JSON")
    show.add_argument(
        "--no-verify", action="store_true", help="do not re-check the actions while loading"
    )

    play = commands.add_parser(
        "play-random",
        help="watch a game between random players",
        description="Play a game between random players, printing each action and the board.",
    )
    add_game_setup(play)
    play.add_argument(
        "--delay",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="pause between actions (default 0)",
    )
    play.add_argument("--save-log", metavar="FILE", help="write the game's log to FILE")
    play.add_argument(
        "--force", action="store_true", help="replace the --save-log file if it exists"
    )
    add_extension_commands(commands)
    return parser


EXTENSION_COMMANDS = ("boardkit.cli_play", "boardkit.cli_tournament", "boardkit.cli_render")
"""Modules that add a subcommand: each has ``add_parser(subparsers)`` and ``run(args) -> int``
(and prints its own errors)."""


def add_extension_commands(commands: Any) -> None:
    """Add the subcommands of :data:`EXTENSION_COMMANDS`."""
    for module_name in (*EXTENSION_COMMANDS, "boardkit.server.command"):  # boardkit serve
        module = importlib.import_module(module_name)
        sub: argparse.ArgumentParser = module.add_parser(commands)
        sub.set_defaults(extension_run=module.run)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``boardkit`` command with ``argv`` (default: ``sys.argv[1:]``); return its code."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version and usage errors
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    extension_run = getattr(args, "extension_run", None)
    if extension_run is not None:
        code: int = extension_run(args)
        return code
    out = Console(highlight=False, markup=False)
    err = Console(stderr=True, highlight=False, markup=False)
    try:
        if args.command == "games":
            return cmd_games(args, out)
        if args.command == "simulate":
            return cmd_simulate(args, out, err)
        if args.command == "replay":
            return cmd_replay(args, out)
        if args.command == "show":
            return cmd_show(args, out)
        if args.command == "play-random":
            return cmd_play_random(args, out)
        raise CommandError(f"unknown command {args.command!r}")
    except BoardkitError as exc:
        err.print(Text.assemble(("error:", "bold red"), f" {exc}"), soft_wrap=True)
        return exit_code_for(exc)
    except KeyboardInterrupt:
        err.print("interrupted")
        return EXIT_INTERRUPTED
