"""The ``boardkit`` command: list games, simulate, replay and inspect logs, play.

Subcommands (``boardkit COMMAND --help`` describes each)::

    boardkit watch GAME --players P [--bots a,b]    a game between bots, as it happens
    boardkit games                                  installed games, player counts, options
    boardkit simulate GAME -n N --players P         N games between random players, summarised
    boardkit replay LOG [--against FULL]            replay a log and re-check every action
    boardkit show LOG [--at K] [--seat N]           the state after entry K, as text or --json
    boardkit play-random GAME --players P           a random game, shown action by action
    boardkit play GAME --players P                  play in the terminal against bots
    boardkit tournament GAME --bots a,b -n N        seeded bot games over all cores
    boardkit train GAME -p P --out DIR              train a network for the trained bot
    boardkit render LOG [--at K] [-o OUT]           the state after entry K as SVG or PNG
    boardkit serve [--port PORT]                    play in the browser (boardkit[server])

The package holds one module per subcommand (:mod:`boardkit.cli.games`, …), the dispatcher
(:mod:`boardkit.cli.app`), the arguments they share (:mod:`boardkit.cli.arguments`), how they
print (:mod:`boardkit.cli.output`), and the streams, exit codes and the one error handler
(:mod:`boardkit.cli.support`). The core (``import boardkit``) never imports it.

Start-up: ``boardkit --version`` is answered before the parser is built, and the subcommand
modules import what their commands run with (the engine, the log reader, ``rich``, the terminal
front ends, the bots) inside the functions that run them, so that building the parser, all
``boardkit --help`` needs, loads no game and no ``rich``. A game is imported when a command
names it.

Without ``--seed``, every command draws a fresh seed from the operating system and prints it.
A command that writes a file writes it atomically and never replaces an existing one unless
given ``--force``. The command only uses the game protocol, so every installed game works the
same way. Errors are printed as ``error: <message>`` on stderr, never as a traceback. Exit
codes: 0 success, 1 something given failed (a bad or unreadable log, a file that cannot be read
or written, a game that cannot be loaded, a game or bot that breaks), 2 a usage error (unknown
game, bad option, bad player count, entry out of range), 130 interrupted.
"""

from boardkit.cli.app import build_parser, main

__all__ = ["build_parser", "main"]
