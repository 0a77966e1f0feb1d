"""Terminal play for people: a match between human and bot seats, driven by typed commands.

:class:`PlaySession` runs one :class:`~boardkit.match.Match` to its end (or until the people at
the keyboard stop), reading lines from an input stream and writing plain text to an output
stream, so tests drive it with :class:`io.StringIO` and the command line with the terminal.
It only uses the game protocol, so every installed game plays the same way.

Choosing among many actions: the legal actions are arranged in a menu tree built from
:meth:`~boardkit.game.Game.action_path` (the UI-free model of :mod:`boardkit.present.menus`). Each
level
shows the distinct labels with the number of actions under each; a person types a number or the
start of a label. Levels with a single label are passed through without asking. This module is
the terminal around that model: prompts, commands (undo, save, quit …), printing.

Seats: each seat is ``"human"`` or a bot spec of :mod:`boardkit.bots` (``"random"``,
``"greedy"``, ``"mcts:iterations=200"``). The match is driven by the one game loop,
:func:`boardkit.runner.seats.play_out`, and bots choose from the random stream of their seat (the
seat rule of :mod:`boardkit.runner.seats`), so a session fed the same input plays the same game, and
bots alone play the game ``boardkit play-random``, ``simulate`` and ``tournament`` play with
that seed.

Hidden information: each human is shown only :meth:`~boardkit.game.Game.render_text` for their
own seat. When several humans share one terminal in a game with hidden information, a "pass the
terminal" screen separates their turns so that nobody sees another player's hand.
"""

from __future__ import annotations

import contextlib
import copy
import datetime
import enum
import importlib
import re
import shutil
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from attrs import evolve, frozen

from boardkit.action_text import normalise
from boardkit.bots.random_bot import RandomBot
from boardkit.bots.registry import bot_from_spec
from boardkit.errors import (
    ActionTextError,
    BoardkitError,
    GameDefinitionError,
    IllegalActionError,
    InvalidOptionsError,
    OverwriteError,
    UndoError,
    shorten,
)
from boardkit.flow import Flow, asked_out_of_turn
from boardkit.game import Game
from boardkit.i18n import N_, Messages, language, translations
from boardkit.match import Match
from boardkit.present.menus import (
    ActionMenu,
    MenuItem,
    MenuWalk,
    absent_item,
    items_starting,
    line_numbers,
    match_item,
    typing_hint,
)
from boardkit.present.narration import (
    match_action_text,
    narrate_entry_parts,
    narrate_match_entry,
)
from boardkit.present.rules import help_lines, sections_of, see_also, topics_line
from boardkit.present.screen import Picture
from boardkit.present.voice import a_or_an, count_of
from boardkit.result import Result
from boardkit.rng import Rng
from boardkit.rounds import RoundEnd
from boardkit.runner.seats import AskAgain, Chooser, catch_up, play_out, seat_rngs
from boardkit.terminal.frames import game_picture, picture_lines
from boardkit.undo import undo_refusal

HUMAN = "human"
"""The seat kind of a person at the keyboard."""

RANDOM = "random"
"""The built-in bot: uniform among the legal actions."""

NOTICE_ROWS = 3
"""Rows a decision screen on a terminal gives a message (a refusal, what a command did) at
most; a longer message is cut there."""


_t = Messages("boardkit").text

COLOUR_WORDS: tuple[str, ...] = (N_("red"), N_("blue"), N_("green"), N_("yellow"))
COLOUR_WORDS += (N_("magenta"), N_("cyan"), N_("violet"))
"""The seat colours people read (:data:`boardkit.game.DEFAULT_COLOURS`, Khan's and
Shangrila's), translated where they are shown: a colour a catalogue lacks reads as the game
names it."""


def colour_word(colour: str) -> str:
    """A seat colour in the language shown ("red" reads "rot" in German); looked up, not
    formatted, since a game's colour is any text."""
    return translations("boardkit", language()).gettext(colour)


HELP_TEXT = N_("""\
At each menu, type:
  a number         choose that line
  a label's start  choose the line it starts (case does not matter; must be
                   unambiguous); a start of a last-level label waits for Enter
  a deeper label   typed in full, go straight to it (a cell such as K10 under
                   its region); an action so named waits for Enter
  a move's text    as the game writes it (take 2, journey 4 -> 7), at any
                   level: plays it; an unambiguous start of one (special: div)
                   waits for Enter
  move TEXT        the same, for a text that reads like a label or a command
  Enter            choose the only line, when there is just one
  .. or back       go up one level
  list             list every action under this level, one per line
  undo             take back your last action, and every action after it (the
                   bots' replies, other people's moves): your decision again;
                   with several people at the table, never over a random
                   outcome or something hidden shown to anyone
  redo             play again what the last undo took back
  board            show the whole board again, with everything the game draws
  save [PATH]      save the game's log (default: {save_path}); never
                   replaces another file: save! PATH does
  quit             save the log and stop; resume later with --resume
  ? or help        this text, and the topics of how to play
  ? TOPIC          how to play: the section on TOPIC (? goal, ? conquer)
Commands win over labels, and labels over moves' texts: to choose a label that
reads like a command, type its number.""")


def help_text(save_path: Path | str) -> list[str]:
    """:data:`HELP_TEXT` for a game saved to ``save_path``, in the language shown, as lines of
    at most 80 columns (a long path is wrapped under its command's words)."""
    rows: list[str] = []
    for row in _t(HELP_TEXT, save_path=str(save_path)).splitlines():
        rows.extend(textwrap.wrap(row, 80, subsequent_indent=" " * 19) if len(row) > 80 else [row])
    return rows


def make_chooser(kind: str) -> Chooser | None:
    """The bot for seat kind ``kind``; ``None`` for a human seat.

    ``kind`` is any bot spec :func:`boardkit.bots.bot_from_spec` reads (``"random"``,
    ``"greedy"``, ``"mcts:iterations=200"``). Unknown kinds raise
    :class:`~boardkit.errors.InvalidOptionsError` naming what works.
    """
    spec = kind.strip()
    if spec.lower() == HUMAN:
        return None
    try:
        return bot_from_spec(spec)
    except BoardkitError as exc:
        raise InvalidOptionsError(f"seat {shorten(kind)}: {exc} (or human, for a person)") from None
    except (KeyError, ValueError, TypeError) as exc:
        raise InvalidOptionsError(
            f"seat {shorten(kind)} is not a bot this boardkit knows ({exc})"
        ) from None


@frozen
class Seat:
    """One player at the table: display name, seat kind and the bot (``None`` for a human)."""

    name: str
    kind: str
    chooser: Chooser | None

    @property
    def is_human(self) -> bool:
        """Whether a person decides for this seat."""
        return self.chooser is None


def bot_name(kind: str) -> str:
    """A seat kind as the intro names it: a bot spec by its bot's name alone (``mcts``, not
    ``mcts:iterations=40:…``), so that the intro stays short."""
    return kind.split(":", 1)[0]


def make_seats(names: Sequence[str], kinds: Sequence[str]) -> tuple[Seat, ...]:
    """Seats for ``names``; ``kinds`` may be shorter (default: seat 0 human, the rest random)."""
    if len(kinds) > len(names):
        raise InvalidOptionsError(
            f"{count_of(len(kinds), 'seat kind')} given for {count_of(len(names), 'player')}; "
            "give at most one per player"
        )
    defaults = [HUMAN if i == 0 and not kinds else RANDOM for i in range(len(names))]
    filled = [*kinds, *defaults[len(kinds) :]]
    seats = []
    for name, kind in zip(names, filled, strict=True):
        chooser = make_chooser(kind)
        seats.append(Seat(name, HUMAN if chooser is None else kind.strip(), chooser))
    return tuple(seats)


def resumed_kinds(recorded: Sequence[str] | None, given: Sequence[str]) -> list[str]:
    """The seat kinds of a resumed game: the ``given`` kinds (``--seat``) replace the recorded
    ones seat by seat from seat 0, and the seats they do not reach keep the kind the log
    records (its header's ``seats``); a log that records none leaves the defaults."""
    if recorded is None:
        return list(given)
    return [*given, *recorded[len(given) :]]


# --- the session --------------------------------------------------------------------------------


class PlayStatus(enum.Enum):
    """How a session stopped."""

    FINISHED = "finished"
    """The game ended."""
    QUIT = "quit"
    """A person typed quit."""
    END_OF_INPUT = "end of input"
    """The input ran out (Ctrl-D, or a script's end)."""
    INTERRUPTED = "interrupted"
    """Ctrl-C."""


class _Stop(Exception):
    """Unwinds a session to :meth:`PlaySession.run` (quit, end of input)."""

    def __init__(self, status: PlayStatus) -> None:
        super().__init__(status.value)
        self.status = status


class PlaySession:
    """One match played at a terminal by humans and bots; see the module docstring.

    ``seats`` gives a kind per seat (``"human"``, ``"random"`` or a bot name), or ready
    :class:`Seat` objects; missing kinds default to seat 0 human and the rest random.
    ``save_path`` is the session's file: the log is written there at the start, after every
    entry (action, owed decision or undo), on ``quit``, at the end of input and at the end of the
    game, so nothing is lost if the terminal closes. It defaults to ``log_path`` or else to
    :func:`default_save_path`. ``log_path``, if given and different, is written after every
    entry too. A file that exists before the session first writes it is not replaced unless
    ``overwrite`` is true (the command line passes it for ``--force`` and for the file a game
    is resumed from); files the session wrote itself are kept up to date. ``echo`` writes each
    line read after its prompt, so that a session fed from a script reads like a transcript.
    """

    def __init__(
        self,
        match: Match[Any],
        seats: Sequence[str | Seat] = (),
        *,
        input: TextIO | None = None,
        output: TextIO | None = None,
        save_path: str | Path | None = None,
        log_path: str | Path | None = None,
        echo: bool = False,
        overwrite: bool = False,
    ) -> None:
        self.match = match
        self.game: Game[Any, Any] = match.game
        names = match.header.players
        if seats and all(isinstance(s, Seat) for s in seats):
            if len(seats) != len(names):
                raise InvalidOptionsError(
                    f"{count_of(len(seats), 'seat')} given for {count_of(len(names), 'player')}"
                )
            self.seats = tuple(s for s in seats if isinstance(s, Seat))
        else:
            self.seats = make_seats(names, [s if isinstance(s, str) else s.kind for s in seats])
        self.input = input if input is not None else sys.stdin
        self.output = output if output is not None else sys.stdout
        self.log_path = Path(log_path) if log_path is not None else None
        chosen = save_path if save_path is not None else self.log_path
        self._default_path = chosen is None
        self.save_path = Path(chosen) if chosen is not None else default_save_path(self.game.name)
        self._replaceable = {self.save_path, self.log_path} if overwrite else set()
        """Files the session may write over: its own once written, all given ones if allowed."""
        humans = sum(seat.is_human for seat in self.seats)
        self.hot_seat = humans > 1 and self.game.hidden_information
        recorded = match.header.seats
        match.header = evolve(match.header, seats=tuple(seat.kind for seat in self.seats))
        self._rngs = seat_rngs(match.config.seed, len(names))
        self._rngs_at: dict[int, list[Rng]] = {}
        """The bots' random streams as they stood when the log had ``k`` entries: an undo
        puts them back, so that the bots' randomness is a function of the log alone."""
        self._catch_up_rngs(recorded)
        self._shown_to: int | None = None
        self.echo = echo
        self.drawn = self.game.offers("render_screen")
        """Whether the game draws a compact picture (then seats have colours worth saying)."""
        self.colours = self.game.player_colours(len(names))
        self._redo: list[tuple[int | None, Any]] = []
        self._narrated = len(match) - 1
        self._notice: str | None = None
        """What :meth:`_tell` keeps for the next decision screen (on a terminal)."""
        self._told: dict[int, int] = {}
        """For each human seat, where the log stood when it last decided (in a resumed game, at
        its last action in the log): what came after is told again after its pass screen
        (:meth:`_retell`) or when the game is resumed (:meth:`_recap`); a seat not in it has
        all that this session played told."""
        self._started = len(match)
        for entry in match.log.entries[1:]:  # a resumed game: each person's last decision
            if entry.player is not None and self.seats[entry.player].is_human:
                self._told[entry.player] = entry.seq
        self._story: list[str] = []
        """What was told of the moves since the last decision screen (on a terminal its last
        lines are repeated on that screen, which is cleared first)."""
        self._pinned: list[str] = []
        """The intro's lines about who plays whom and in which colour: the first decision
        screen on a terminal shows them above the board whatever else it must fit."""

    # --- the bots' random streams -----------------------------------------------------------

    def _catch_up_rngs(self, recorded: Sequence[str] | None) -> None:
        """Bring the bots' streams to where an uninterrupted session would have them.

        A bot draws from its seat's stream (the seat rule of :mod:`boardkit.runner.seats`) at each
        of its decisions, so a resumed game asks the bots of the log's seats (its header's
        ``seats``, else this session's) to choose again at each of their entries, on the same
        states: their streams then stand exactly where they stood, and the game goes on as if
        it had never stopped.
        """
        self._remember_rngs(1)
        if len(self.match) == 1:
            return
        kinds = recorded if recorded is not None else [seat.kind for seat in self.seats]
        bots = {
            seat: bot for seat, kind in enumerate(kinds) if (bot := make_chooser(kind)) is not None
        }
        catch_up(
            self.game,
            self.match.log.entries[1:],
            lambda seq: self.match.state_at(seq - 1),
            bots,
            self._rngs,
            after=lambda seq: self._remember_rngs(seq + 1),
        )

    def _remember_rngs(self, entries: int) -> None:
        self._rngs_at[entries] = [copy.copy(rng) for rng in self._rngs]

    def _restore_rngs(self) -> None:
        """The streams as they stood at this length of the log (after an undo or a redo)."""
        kept = self._rngs_at.get(len(self.match))
        if kept is not None:
            self._rngs[:] = [copy.copy(rng) for rng in kept]

    # --- running ----------------------------------------------------------------------------

    def run(self) -> PlayStatus:
        """Play until the game ends or the people stop; the log is saved either way.

        An exception from the game or a bot is raised after the log has been saved.
        """
        try:
            intro = self._intro().splitlines()
            for text in intro:  # the first screen repeats it
                self._tell_story(text)
            self._pinned = intro[:-1]  # all but "The game is saved to …"
            self._recap()
            if self.save_path not in self._replaceable:
                self._start_saving_reported()
            play_out(
                self.match,
                [seat.chooser or _Asker(self) for seat in self.seats],
                rngs=self._rngs,
                after=self._played,
                on_illegal=self._illegal,
            )
            self._finish()
            return PlayStatus.FINISHED
        except _Stop as stop:
            self._stop_message(stop.status)
            return stop.status
        except KeyboardInterrupt:
            self._say("")
            self._stop_message(PlayStatus.INTERRUPTED)
            return PlayStatus.INTERRUPTED
        except Exception:  # a bug in a game or a bot: keep the game played so far, then fail
            self._save(self.save_path)
            raise

    def _intro(self) -> str:
        you = _t("you")
        who = ", ".join(
            f"{seat.name} ({you if seat.is_human else bot_name(seat.kind)})"
            if sum(s.is_human for s in self.seats) == 1
            else f"{seat.name} ({bot_name(seat.kind)})"
            for seat in self.seats
        )
        title = self.game.title or self.game.name
        resumed = len(self.match) - 1
        again = ""
        if resumed == 1:
            again = _t(", resumed after 1 action")
        elif resumed:
            again = _t(", resumed after {count} actions", count=resumed)
        humans = [seat for seat in range(len(self.seats)) if self.seats[seat].is_human]
        colours = ""
        if self.drawn and humans:
            said = [
                _t("you are {colour}", colour=colour_word(self.colours[s]))
                if len(humans) == 1
                else _t(
                    "{name} is {colour}",
                    name=self.seats[s].name,
                    colour=colour_word(self.colours[s]),
                )
                for s in humans
            ]
            colours = "\n" + "; ".join(said) + "."
        return f"{title}: {who}{again}.{colours}\n" + _t(
            "The game is saved to {path} after every move. Type ? for help.",
            path=str(self.save_path),
        )

    # --- after each decision --------------------------------------------------------------

    def _played(self, player: int, action: Any, before: Any) -> None:
        seat = self.seats[player]
        who = seat.name if seat.is_human else f"{seat.name} (bot)"
        self._tell_story(f"{who}: {self.game.describe_action(action, before)}")
        self._narrate_new()
        if self._redo and self._redo[0] == (player, action):
            self._redo.pop(0)
        else:
            self._redo = []
        self._remember_rngs(len(self.match))
        self._autosave()

    def _narrate_new(self, pause: bool = True) -> None:
        """The narration of every entry not told yet, automatic events included, as the one
        person at the table may read it (a spectator's view when several share the screen).

        Where an entry ends a round (:class:`~boardkit.flow.RoundEnded`), the table the round
        ended on is shown after the game's summary, before the rest of the entry (the next
        deal, the next prize); on a terminal the people press Enter to go on
        (:meth:`_round_pause`). ``pause`` is false for actions redone after an undo."""
        humans = [s for s in range(len(self.seats)) if self.seats[s].is_human]
        reader = humans[0] if len(humans) == 1 else None
        names = self.match.header.players
        while self._narrated < len(self.match) - 1:
            self._narrated += 1
            seq = self._narrated
            before = self.match.start_state if seq == 0 else self.match.state_at(seq - 1)
            events = self.match.log.entries[seq].events
            for lines, end in narrate_entry_parts(self.game, before, events, reader, names, seq):
                for text in lines:
                    self._tell_story(f"  {text}")
                if end is not None and pause and humans:
                    self._round_pause(end, reader)

    def _round_pause(self, end: RoundEnd[Any], reader: int | None) -> None:
        """The table round ``end.round`` ended on, as ``reader`` sees it: in a pipe printed
        after a line that says so; on a terminal on a screen of its own, with what was told
        since the last screen, until Enter."""
        names = [s.name for s in self.seats]
        picture = game_picture(self.game, end.state, reader, names)
        if not self._colour():
            self._say(_t("the table at the end of round {round}:", round=end.round))
            if self.drawn:
                self._draw(picture, 79, None)
            else:
                self._say(self.game.render_text(end.state, reader))
            return
        columns, rows = shutil.get_terminal_size((80, 24))
        self._fresh_screen(picture, max(columns - 1, 20), rows - 1)
        self._read(_t("round {round} is over; press Enter to go on ", round=end.round))

    def _retell(self, player: int) -> None:
        """After a pass screen (which cleared the screen and its scrollback), what happened
        since ``player`` last decided, as ``player`` may read it (their own cards named), so
        that nobody at a shared keyboard misses the other players' moves."""
        since = min(self._told.get(player, self._started), len(self.match))
        head = _t("since {name}'s last decision:", name=self.seats[player].name)
        self._tell_since(since, player, head)

    def _recap(self) -> None:
        """A resumed game, when nobody passes the terminal: what was played from the people's
        last decision in the log on, as the one person at the table may read it, so that the
        game is picked up knowing the last moves."""
        if self.hot_seat or not self._told:  # a pass screen retells; or nobody has acted
            return
        humans = [s for s in range(len(self.seats)) if self.seats[s].is_human]
        reader = humans[0] if len(humans) == 1 else None
        self._tell_since(max(self._told.values()), reader, _t("the last moves:"))

    def _tell_since(self, since: int, reader: int | None, head: str) -> None:
        """Tell the log's entries from ``since`` on, as ``reader`` may read them, after
        ``head``; nothing when there are none."""
        if since >= len(self.match):
            return
        self._tell_story(head)
        for seq in range(since, len(self.match)):
            entry = self.match.log.entries[seq]
            text = match_action_text(self.match, seq, reader)  # in the state it was played in
            if entry.player is not None and text is not None:
                seat = self.seats[entry.player]
                who = seat.name if seat.is_human else f"{seat.name} (bot)"
                self._tell_story(f"{who}: {text}")
            for text in narrate_match_entry(self.match, seq, reader):
                self._tell_story(f"  {text}")

    def _illegal(self, player: int, action: Any, error: IllegalActionError) -> Any:
        """A person's refused action is told and asked again; a bot's is replaced at random."""
        seat = self.seats[player]
        if seat.is_human:
            self._tell(_t("refused: {reason}", reason=error.reason))
            return None
        self._say(f"{seat.name} (bot) chose a refused action ({error.reason}); playing at random")
        return RandomBot().choose(self.game, self.match.state, player, self._rngs[player])

    # --- humans -----------------------------------------------------------------------------

    def _human_decision(self, player: int) -> Any:
        seat = self.seats[player]
        flow = self.match.state.flow
        owed = flow.owed[0] if flow.owed else None
        out_of_turn = owed is not None and owed.player == player and self._asked_out_of_turn(flow)
        if self.hot_seat and self._shown_to != player:
            why = f", who must answer {a_or_an(owed.kind)} request" if out_of_turn and owed else ""
            self._pass_screen(seat.name + why)
            self._retell(player)
        self._shown_to = player
        self._told[player] = len(self.match)
        actions = self.match.legal_actions()
        if not actions:
            raise GameDefinitionError(
                f"{self.game.name} lists no legal action for {seat.name}, yet the game goes on"
            )
        return self._choose(ActionMenu(self.game, actions, self.match.state), player)

    def _decision_texts(self, player: int) -> list[str]:
        """Whose decision it is, and the game's words for it (a question asked out of turn)."""
        texts = [self._decision_line(player)]
        if self.game.offers("describe_decision"):
            names = [s.name for s in self.seats]
            question = self.game.describe_decision(self.match.state, player, names)
            if question:
                texts += question.splitlines()
        return texts

    def _show_decision(
        self,
        player: int,
        items: Sequence[MenuItem],
        prefix: tuple[str, ...],
        flat: bool,
    ) -> None:
        """The picture, whose decision it is, the menu level and what :meth:`_tell` kept.

        In a pipe, everything, one menu line per action. On a terminal, one screenful: the
        texts wrapped at word ends, the menu in columns when it is long, the kept message in
        its place just above the prompt (at most :data:`NOTICE_ROWS` rows), and the picture's
        side panel cut to the rows left (the board itself is kept whole), so that the board,
        the question, the menu and a refusal stay on the screen together, 80×24 included. The
        screen is cleared first (its scrollback keeps what was told before), and what was told
        of the moves since the previous screen is repeated above the board (:func:`fit_story`),
        in the rows the board, the texts and the menu leave: the side panel's rows below the
        board give way to it, since what the bots just did is news and the legend is not.
        """
        texts = self._decision_texts(player)
        picture = game_picture(self.game, self.match.state, player, [s.name for s in self.seats])
        if not self._colour():
            self._say("")
            if self.drawn:
                self._draw(picture, 79, None)
            else:
                self._say(self.game.render_text(self.match.state, player, names=self._names))
            for text in texts + self._level_lines(items, prefix, flat):
                self._say(text)
            return
        columns, rows = shutil.get_terminal_size((80, 24))
        width = max(columns - 1, 20)
        texts = [part for text in texts for part in (textwrap.wrap(text, width) or [""])]
        notice = textwrap.wrap(f"! {self._notice}", width) if self._notice else []
        if len(notice) > NOTICE_ROWS:
            notice = [*notice[: NOTICE_ROWS - 1], notice[NOTICE_ROWS - 1][: width - 1] + "…"]
        self._notice = None
        pinned = [part for text in self._pinned for part in (textwrap.wrap(text, width) or [""])]
        # the intro takes only rows the board, the texts and two rows of menu leave
        spare = rows - 1 - len(texts) - len(notice) - len(picture.board) - 2
        pinned = pinned[: max(spare, 0)]
        used = len(texts) + len(notice) + len(pinned)
        room = rows - 1 - used - len(picture.board)  # the prompt takes the last row
        menu = self._level_lines(items, prefix, flat, width, max(room, 2))
        left = rows - 1 - used - len(menu)
        self._fresh_screen(picture, width, left, pinned)
        for text in texts + menu + notice:
            self._say(text)

    def _fresh_screen(
        self, picture: Picture, width: int, rows: int, pinned: Sequence[str] = ()
    ) -> None:
        """Clear the screen, then show the ``pinned`` rows (the intro, on the first screen),
        tell what was played since the last screen (as much of it as fits beside the board,
        :func:`fit_story`) and draw ``picture``, in ``rows`` rows below the pinned ones."""
        story = self._story[len(self._pinned) :] if self._pinned else self._story
        story = fit_story(story, width, rows - len(picture.board))
        self._story = []
        self._pinned = []
        self.output.write("\x1b[H\x1b[2J")  # the scrollback keeps what was told before
        for text in [*pinned, *story]:
            self._say(text)
        self._draw(picture, width, max(rows - len(story), len(picture.board)))

    def _draw(self, picture: Picture, width: int, height: int | None) -> None:
        """The picture in at most ``width`` columns and ``height`` rows, in colour on a
        terminal."""
        lines = picture_lines(picture, self.colours if self._colour() else (), width, height)
        if self._colour():
            from rich.console import Console

            console = Console(file=self.output, force_terminal=True, highlight=False)
            for row in lines:
                console.print(row, soft_wrap=True)
            self.output.flush()
        else:
            for row in lines:
                self._say(row.plain)

    def _colour(self) -> bool:
        isatty = getattr(self.output, "isatty", None)
        return bool(isatty is not None and isatty())

    def _asked_out_of_turn(self, flow: Flow) -> bool:
        return asked_out_of_turn(flow, self.game.simultaneous_decisions)

    def _decision_line(self, player: int) -> str:
        flow = self.match.state.flow
        name = self.seats[player].name
        if self.drawn:
            name = f"{name} ({colour_word(self.colours[player])})"
        where = [_t("turn {turn}", turn=flow.turn)]
        if flow.phase:
            where.append(_t("phase {phase}", phase=flow.phase))
        if flow.step:
            where.append(_t("step {step}", step=flow.step))
        owed = flow.owed[0] if flow.owed else None
        if owed is not None and self._asked_out_of_turn(flow):
            if flow.active is not None:
                where.append(_t("during {name}'s turn", name=self.seats[flow.active].name))
            return _t(
                "{name} must answer: {kind} ({where})",
                name=name,
                kind=owed.kind,
                where=", ".join(where),
            )
        if owed is not None:
            return _t(
                "{name} to decide: {kind} ({where})",
                name=name,
                kind=owed.kind,
                where=", ".join(where),
            )
        return _t("{name} to play ({where})", name=name, where=", ".join(where))

    def _pass_screen(self, name: str) -> None:
        self._clear()
        self._say(_t("pass the terminal to {name}, press Enter", name=name))
        self._read("")
        self._clear()

    def _choose(self, menu: ActionMenu, player: int) -> Any:
        """Walk the menu until one action is chosen (commands are handled on the way).

        On a terminal a refusal ("there is no line 7", why an option is absent) redraws the
        decision screen with the message in its place above the prompt, so that no message
        pushes the board or the menu off the screen; in a pipe it is one more line.
        """
        walk = MenuWalk(menu)
        show = True
        first = True
        pending: int | None = None  # the action a deeper label or a text's start named
        while True:
            items = walk.items()
            if show and (first or self._colour()):
                self._show_decision(player, items, walk.prefix, walk.flat)
            elif show:
                self._show_level(items, walk.prefix, walk.flat)
            show = True
            first = False
            text = self._read(self._prompt(self.seats[player].name, walk.prefix, walk.flat))
            text = text.strip()
            command, _, argument = text.partition(" ")
            command = command.lower()
            found, pending = pending, None
            if found is not None and text == "":
                return menu.actions[found]
            if text == "" and len(items) == 1:
                picked: MenuItem | str = items[0]
            elif text == "":
                show = self._notify(_t("{hint}, or ? for help", hint=typing_hint(items)))
                continue
            elif command in ("..", "back"):
                if not walk.back():
                    show = self._notify(_t("already at the top menu"))
                continue
            elif command in ("?", "help") or (command.startswith("?") and len(command) > 1):
                self._help(f"{command[1:]} {argument}" if command.startswith("?") else argument)
                show = False
                continue
            elif command == "list":
                walk.list_all()
                continue
            elif command == "undo":
                self._undo(player)  # returns only when there was nothing to undo
                show = self._colour()
                continue
            elif command == "redo":
                self._redo_all()  # returns only when there was nothing to redo
                show = self._colour()
                continue
            elif command == "board":
                self._say(self.game.render_text(self.match.state, player, names=self._names))
                show = not self._colour()  # a redrawn screen would push the board away
                continue
            elif command in ("save", "save!"):
                target = Path(argument.strip()) if argument.strip() else self.save_path
                self._write(target, quiet=False, force=command == "save!", tell=True)
                show = self._colour()
                continue
            elif command == "quit":
                raise _Stop(PlayStatus.QUIT)
            elif command == "move":
                typed = self._typed_move(menu, argument)
                if isinstance(typed, _Typed) and typed.whole:
                    return menu.actions[typed.index]
                pending, show = self._offer(menu, typed)
                continue
            else:
                picked = match_item(items, text)
            places: list[tuple[str, ...]] = []
            if isinstance(picked, str) and not walk.flat and not text.isdigit():
                places = menu.places_named(walk.prefix, text)
                if len(places) == 1 and len(menu.under(places[0])) == 1:
                    pending = menu.under(places[0])[0]  # Enter plays it: a word may mislead
                    action = self.game.describe_action(menu.actions[pending], self.match.state)
                    show = self._notify(
                        _t("{action}: press Enter to play it, or type anything else", action=action)
                    )
                    continue
                if len(places) == 1:  # a label of a deeper level, typed out in full
                    walk.open(places[0])
                    continue
                if places:
                    picked = self._places_text(walk, text, places)
            if isinstance(picked, str) and not text.isdigit():  # a move's text, then?
                typed = self._typed_move(menu, text)
                if isinstance(typed, _Typed) and typed.whole:
                    return menu.actions[typed.index]
                if isinstance(typed, _Typed):
                    pending, show = self._offer(menu, typed)
                    continue
                several = isinstance(typed, ActionTextError) and typed.matches > 1
                refused = not isinstance(typed, ActionTextError)  # the rules' own reason
                unknown = not places and not items_starting(items, text)
                if unknown and (several or refused or " " in text.strip()):
                    picked = self._refusal(typed)  # several moves start so, or it reads like one
            if isinstance(picked, str):
                show = self._notify(self._why_absent(walk, text) or picked)
                continue
            opened = walk.prefix != menu.descend(())  # a level below the first one shown
            if opened and len(picked.actions) == 1 and text and not text.isdigit():
                index = picked.actions[0]
                said = self.game.describe_action(menu.actions[index], self.match.state)
                if normalise(said) != normalise(text):  # a label, as a deeper one is: confirm
                    pending = index
                    show = self._notify(f"{said}: press Enter to play it, or type anything else")
                    continue
            chosen = walk.enter(picked)
            if chosen is not None:
                return menu.actions[chosen]

    def _typed_move(self, menu: ActionMenu, text: str) -> _Typed | IllegalActionError:
        """The legal action ``text`` names as a move's text (:meth:`Game.parse_action
        <boardkit.game.Game.parse_action>`), or the refusal (which names the candidates).

        The text is the action's whole text unless it is, case and spaces aside, a shorter
        start of it: a start waits for Enter, as a deeper label does, since the person may
        have meant another action that starts the same way."""
        try:
            action = self.game.parse_action(self.match.state, text)
        except IllegalActionError as exc:
            return exc
        try:
            index = menu.actions.index(action)
        except ValueError:  # a game whose reader gives what it does not list: the kit refuses it
            raise GameDefinitionError(
                f"{self.game.name}.parse_action read {text!r} as {action!r}, which is not a "
                "legal action"
            ) from None
        said = normalise(self.game.describe_action(action, self.match.state))
        typed = normalise(text)
        return _Typed(index, not (said.startswith(typed) and said != typed))

    def _offer(
        self, menu: ActionMenu, typed: _Typed | IllegalActionError
    ) -> tuple[int | None, bool]:
        """What a move's text typed short leads to: the action it starts, waiting for Enter,
        or the refusal. The pending action (or ``None``), and whether to redraw."""
        if isinstance(typed, IllegalActionError):
            return None, self._notify(self._refusal(typed))
        said = self.game.describe_action(menu.actions[typed.index], self.match.state)
        return typed.index, self._notify(f"{said}: press Enter to play it, or type anything else")

    def _help(self, topic: str) -> None:
        """``?`` (the commands, and the topics of how to play) or ``? TOPIC`` (that section of
        :meth:`~boardkit.game.Game.how_to_play`), in lines that fit 80 columns."""
        sections = sections_of(self.game)
        if topic.strip():
            for row in help_lines(sections, topic):
                self._say(row)
            return
        for row in help_text(self.save_path):
            self._say(row)
        if sections:
            line = _t("How to play: ? TOPIC, {topics}", topics=topics_line(sections))
            for row in textwrap.wrap(line, 80):
                self._say(row)

    def _refusal(self, error: IllegalActionError) -> str:
        """A refusal's reason, with the how-to-play section of its rule when one covers it
        ("see: C: Conquer (K-A-C5)")."""
        pointer = see_also(sections_of(self.game), error.rule)
        return f"{error.reason}; {pointer}" if pointer else error.reason

    def _notify(self, message: str) -> bool:
        """:meth:`_tell` ``message``; whether the decision screen is to be drawn again (on a
        terminal, where the message waits for it)."""
        self._tell(message)
        return self._colour()

    def _tell(self, message: str) -> None:
        """Tell the person at the keyboard ``message`` (a refusal, what a command did).

        On a terminal the message waits in :attr:`_notice` for the next decision screen, which
        keeps a place for it above the prompt, so that it never pushes the board or the menu
        off the screen; elsewhere it is printed at once.
        """
        if not self._colour():
            self._say(message)
            return
        self._notice = f"{self._notice}; {message}" if self._notice else message

    @staticmethod
    def _places_text(walk: MenuWalk, text: str, places: Sequence[tuple[str, ...]]) -> str:
        """``text`` names a label found under several lines of this level: which ones."""
        depth = len(walk.prefix)
        lines = list(dict.fromkeys(place[depth] for place in places))
        shown = ", ".join(lines[:6]) + (", …" if len(lines) > 6 else "")
        label = places[0][-1]
        if len(lines) == 1:
            return f"{label} is in more than one place under {lines[0]}; choose {lines[0]} first"
        return f"{label} is under {len(lines)} lines here ({shown}); choose one of them first"

    def _why_absent(self, walk: MenuWalk, text: str) -> str | None:
        """Why what ``text`` names is not on this level, when the game says (``why_not``)."""
        if walk.flat or not text or not self.game.offers("why_not"):
            return None
        absent = dict(self.game.why_not(self.match.state, walk.prefix))
        named = absent_item(absent, text)
        if named is None:
            return None
        label, reason = named
        return f"{label} is not on offer: {reason}"

    def _show_level(self, items: Sequence[MenuItem], prefix: tuple[str, ...], flat: bool) -> None:
        for text in self._level_lines(items, prefix, flat):
            self._say(text)

    @staticmethod
    def _level_lines(
        items: Sequence[MenuItem],
        prefix: tuple[str, ...],
        flat: bool,
        width: int | None = None,
        height: int | None = None,
    ) -> list[str]:
        """A menu level as lines: where it is, then its numbered lines; in columns (numbers
        reading down) when a ``height`` is given that one column would pass and the columns
        fit ``width``."""
        head = []
        if prefix or flat:
            where = " / ".join(prefix) if prefix else "top"
            head.append(f"{'all actions under' if flat else 'in'} {where}:")
        numbers = line_numbers(items)
        digits = len(str(max(numbers, default=1)))
        cells = [
            f"{number:>{digits}}. {item.label}{'' if item.leaf else f'  ({len(item.actions)})'}"
            for number, item in zip(numbers, items, strict=True)
        ]
        tall = height is not None and len(head) + len(cells) > height
        if not tall or width is None or height is None:
            return head + [f"  {cell}" for cell in cells]
        down = max(height - len(head), 1)
        across = -(-len(cells) // down)
        cell_width = max(len(cell) for cell in cells) + 2
        if 2 + across * cell_width > width + 2:
            return head + [f"  {cell}" for cell in cells]
        down = -(-len(cells) // across)  # as few rows as the columns need
        rows = [
            "  " + "".join(f"{cells[i]:<{cell_width}}" for i in range(r, len(cells), down))
            for r in range(down)
        ]
        return head + [row.rstrip() for row in rows]

    @staticmethod
    def _prompt(name: str, prefix: tuple[str, ...], flat: bool) -> str:
        where = " / ".join(prefix) + (" (list)" if flat else "")
        return f"{name} [{where.strip()}]> " if where else f"{name}> "

    def _undo(self, player: int) -> None:
        """Go back to before ``player``'s last action; every entry after it goes too (the
        bots' replies, other people's moves), and is kept for ``redo``. Raises
        :class:`~boardkit.runner.seats.AskAgain` when done, so that the game loop asks again."""
        log = self.match.log
        mine = [e.seq for e in log.entries[1:] if e.player == player]
        if not mine:
            self._tell(
                _t("nothing to undo: {name} has not acted yet", name=self.seats[player].name)
            )
            return
        if sum(seat.is_human for seat in self.seats) > 1:
            refusal = undo_refusal(self.match, player)  # hot seat: the rule of the server
            if refusal is not None:
                self._tell(f"cannot undo: {refusal}")
                return
        count = len(log.entries) - mine[-1]
        undone = [(e.player, e.action) for e in log.entries[mine[-1] :]]
        try:
            self.match.undo(count)
        except UndoError as exc:  # pragma: no cover - the count is always in range
            self._tell(f"cannot undo: {exc}")
            return
        self._redo = undone + self._redo
        self._restore_rngs()
        self._narrated = min(self._narrated, len(self.match) - 1)
        others = sorted({self.seats[p].name for p, _ in undone[1:] if p is not None})
        after = f", and {count - 1} after it by {', '.join(others)}" if others else ""
        self._tell(
            f"undid {count_of(count, 'action')}: "
            f"{self.seats[player].name}'s last{after}; "
            f"redo plays {'it' if count == 1 else 'them'} again"
        )
        self._autosave()
        raise AskAgain()

    def _redo_all(self) -> None:
        """Play again every action the undos took back (they were legal there before)."""
        if not self._redo:
            self._tell(_t("nothing to redo"))
            return
        redone = 0
        while self._redo:
            player, action = self._redo.pop(0)
            try:
                self.match.play(action, player)
            except IllegalActionError:  # pragma: no cover - the same position as before
                self._redo = []
                break
            redone += 1
            self._narrate_new(pause=False)
        self._restore_rngs()
        self._tell(f"redid {count_of(redone, 'action')}")
        self._autosave()
        raise AskAgain()

    # --- the end ----------------------------------------------------------------------------

    def _finish(self) -> None:
        """The final position and the result. A game that draws a compact picture is shown in
        it, as at every decision, with the players' names in its score table; on a terminal the
        end is one screen like a decision's: the last moves on top (:func:`fit_story`), the
        picture, and the result below it, wrapped at word ends."""
        names = [seat.name for seat in self.seats]
        colours = [colour_word(colour) for colour in self.colours] if self.drawn else []
        if not self._colour():
            self._say("")
            if self.drawn:
                self._draw(game_picture(self.game, self.match.state, None, names), 79, None)
            else:
                self._say(self.game.render_text(self.match.state, None, names=names))
            self._say(result_lines(self.match.result, names, colours))
        else:
            columns, rows = shutil.get_terminal_size((80, 24))
            width = max(columns - 1, 20)
            result = result_lines(self.match.result, names, colours, width).splitlines()
            if self.drawn:
                picture = game_picture(self.game, self.match.state, None, names)
            else:
                picture = Picture.of_text(
                    self.game.render_text(self.match.state, None, names=names)
                )
            left = rows - 2 - len(result)  # the last rows: "log saved to ..." and the prompt
            self._fresh_screen(picture, width, left)
            for text in result:
                self._say(text)
        self._save(self.save_path)

    def _stop_message(self, status: PlayStatus) -> None:
        if status is PlayStatus.END_OF_INPUT:
            self._say(_t("end of input"))
        if self._save(self.save_path):
            command = f"boardkit play --resume {self.save_path}"
            self._say(_t("resume with: {command}", command=command))

    # --- saving -----------------------------------------------------------------------------

    def start_saving(self) -> None:
        """Write the session's file for the first time, before anybody acts.

        A default file name that was taken meanwhile moves on to the next free one; a file
        given by the caller that exists already raises :class:`~boardkit.errors.OverwriteError`
        (unless the session may overwrite it), and an unwritable one raises :class:`OSError`,
        so a front end can refuse to start rather than lose the game later.
        """
        while True:
            try:
                self.match.save(self.save_path, overwrite=self.save_path in self._replaceable)
            except OverwriteError:
                if not self._default_path:
                    raise
                self.save_path = default_save_path(self.game.name)
                continue
            self._replaceable.add(self.save_path)
            return

    def _start_saving_reported(self) -> None:
        """:meth:`start_saving`, with a failure told to the players instead of raised."""
        try:
            self.start_saving()
        except (OverwriteError, OSError) as exc:
            self._say(_t("error: {reason}", reason=_write_error(self.save_path, exc)))

    def _autosave(self) -> None:
        self._write(self.save_path, quiet=True)
        if self.log_path is not None and self.log_path != self.save_path:
            self._write(self.log_path, quiet=True)

    def _save(self, path: Path) -> bool:
        return self._write(path, quiet=False)

    def _write(self, path: Path, quiet: bool, force: bool = False, tell: bool = False) -> bool:
        """Save the log to ``path``; a file the session did not write is only replaced by force.

        What happened is printed, or with ``tell`` kept for the decision screen (:meth:`_tell`).
        """
        say = self._tell if tell else self._say
        try:
            self.match.save(path, overwrite=force or path in self._replaceable)
        except (OverwriteError, OSError) as exc:
            say(_t("error: {reason}", reason=_write_error(path, exc)))
            return False
        self._replaceable.add(path)
        if not quiet:
            say(_t("log saved to {path}", path=str(path)))
        return True

    # --- input and output -------------------------------------------------------------------

    def _tell_story(self, text: str) -> None:
        """Tell a move or what it did; a terminal's next decision screen repeats it. On a
        terminal a long line is wrapped at word ends, its indent kept (the terminal itself
        would break it mid-word)."""
        if not self._colour():
            self._say(text)
            return
        self._story.append(text)
        width = max(shutil.get_terminal_size((80, 24)).columns - 1, 20)
        indent = text[: len(text) - len(text.lstrip())]
        for part in textwrap.wrap(text, width, subsequent_indent=indent) or [""]:
            self._say(part)

    @property
    def _names(self) -> list[str]:
        """The seats' names, as the table shows them."""
        return [seat.name for seat in self.seats]

    def _say(self, text: str) -> None:
        self.output.write(text + "\n")
        self.output.flush()

    def _read(self, prompt: str) -> str:
        """One line of input without its newline; the end of input stops the session."""
        if self._interactive():
            _load_line_editing()
            try:
                return input(prompt)  # line editing and history when readline is loaded
            except EOFError:
                self._say("")
                raise _Stop(PlayStatus.END_OF_INPUT) from None
        self.output.write(prompt)
        self.output.flush()
        line = self.input.readline()
        if not line:
            self._say("")
            raise _Stop(PlayStatus.END_OF_INPUT)
        line = line.rstrip("\r\n")
        if self.echo:
            self._say(line)
        return line

    def _interactive(self) -> bool:
        """Whether the session talks to the process's own terminal."""
        return (
            self.input is sys.stdin
            and self.output is sys.stdout
            and sys.stdin.isatty()
            and sys.stdout.isatty()
        )

    def _clear(self) -> None:
        """Clear a real terminal and its scrollback (so a hand cannot be scrolled back to); on
        other streams, a rule."""
        isatty = getattr(self.output, "isatty", None)
        if isatty is not None and isatty():
            self.output.write("\x1b[H\x1b[2J\x1b[3J")
        else:
            self.output.write("-" * 40 + "\n")
        self.output.flush()


@frozen
class _Typed:
    """A legal action a move's text named: its index in the menu, and whether the text was
    the action's whole text (played at once) or the start of it (Enter plays it)."""

    index: int
    whole: bool


class _Asker:
    """A human seat of a session, as the game loop sees it: asks the person at the terminal."""

    def __init__(self, session: PlaySession) -> None:
        self.session = session

    def choose(self, game: Game[Any, Any], state: Any, player: int, rng: Rng) -> Any:
        return self.session._human_decision(player)


def fit_story(story: Sequence[str], width: int, rows: int) -> list[str]:
    """What was told of the moves since the last decision screen, in at most ``rows`` rows of
    ``width`` columns, for the top of the next one.

    ``story`` holds a line per move (``bob (bot): take 2``), each followed by its narration,
    indented (``  bob takes 2 stones, 5 left``); long lines wrap at word ends, their indent kept.
    When everything does not fit, what the screen tells anyway goes first: the lines that
    announce a turn (``  turn 7: bob's turn``, the framework's wording: the next move or the
    decision line below says whose turn it is), then a move's line where narration follows it
    (the narration tells the same move in full words), and then the oldest lines: the newest
    are kept, each whole (a wrapped line is not cut).
    """
    if rows <= 0:
        return []

    def wrapped(text: str) -> list[str]:
        indent = text[: len(text) - len(text.lstrip())]
        return textwrap.wrap(text, width, subsequent_indent=indent) or [""]

    def height(lines: Sequence[str]) -> int:
        return sum(len(wrapped(text)) for text in lines)

    turn_line = _turn_line()
    if height(story) > rows:
        story = [text for text in story if not turn_line.match(text)]
    if height(story) > rows:
        story = [
            text
            for k, text in enumerate(story)
            if text.startswith(" ") or k + 1 == len(story) or not story[k + 1].startswith(" ")
        ]
    kept: list[list[str]] = []  # whole lines, newest first: a line is never shown cut
    for text in reversed(story):
        parts = wrapped(text)
        if sum(map(len, kept)) + len(parts) > rows:
            break
        kept.append(parts)
    if not kept and story:
        return wrapped(story[-1])[:rows]
    return [part for parts in reversed(kept) for part in parts]


def _turn_line() -> re.Pattern[str]:
    """A narration line announcing a turn (:func:`boardkit.present.voice.describe_flow_event`),
    in the language shown: it starts with the words for "turn N" and a colon."""
    head = _t("turn {turn}", turn=0).split("0", 1)[0]
    return re.compile(rf"\s+{re.escape(head)}\d+: ")


def default_save_path(game: str, folder: Path | None = None) -> Path:
    """A file name for a new game's log that no file has yet, in ``folder`` (default: here).

    ``GAME-YYYYMMDD-HHMMSSZ.json`` (the UTC time; ``-2``, ``-3``, ... are added when a file of
    that name exists), so that games sort by date and never replace one another. The seed is
    left out of the name: a file name is easily shared, and the seed gives the hidden cards away.
    """
    place = folder if folder is not None else Path()
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y%m%d-%H%M%SZ")
    path = place / f"{game}-{stamp}.json"
    n = 2
    while path.exists():
        path = place / f"{game}-{stamp}-{n}.json"
        n += 1
    return path


def _write_error(path: Path, exc: OverwriteError | OSError) -> str:
    """What a failed save tells the players, with the way out."""
    if isinstance(exc, OverwriteError):
        return _t(
            "{path} already exists; it was not replaced (save! {path} replaces it)", path=str(path)
        )
    return _t("cannot write {path}: {reason}", path=str(path), reason=exc.strerror or str(exc))


def _load_line_editing() -> None:
    """Give ``input()`` line editing and history where the readline module exists."""
    with contextlib.suppress(ImportError):  # Windows has no readline
        importlib.import_module("readline")


def result_lines(
    result: Result | None,
    names: Sequence[str],
    colours: Sequence[str] = (),
    width: int = 79,
) -> str:
    """The result as text: who won, each player's score (with their colour when ``colours``
    are given), then the game's account of it (``result.detail``) wrapped at ``width``, the
    framework's default names in it (``player 1`` for seat 0) replaced by the players' names."""
    if result is None:
        return _t("the game ended without a result")
    head = _t("game over: {outcome}", outcome=outcome_words(result, names))
    shown = [
        f"{name} ({colours[seat]})" if seat < len(colours) else name
        for seat, name in enumerate(names)
    ]
    column = max(len(n) for n in shown)
    lines = [head]
    lines += [
        f"  {name:<{column}}  {score}" for name, score in zip(shown, result.scores, strict=False)
    ]
    if result.detail:
        detail = _DEFAULT_NAME.sub(
            lambda m: names[int(m[1]) - 1] if 0 < int(m[1]) <= len(names) else m[0],
            result.detail,
        )
        lines += textwrap.wrap(f"({detail})", width, initial_indent="  ", subsequent_indent="  ")
    return "\n".join(lines)


def outcome_words(result: Result, names: Sequence[str]) -> str:
    """Who won, in the language shown: :func:`boardkit.result.outcome_text`'s words ("ann
    wins", "ann and bob share the win", "a draw", the cut-off game's) translated."""
    if result.truncated:
        return _t("the game was cut off unfinished")
    winners = [names[seat] for seat in result.winners]
    seats = len(result.scores)
    if not winners or (seats > 1 and len(winners) == seats):
        return _t("a draw")
    if len(winners) == 1:
        return _t("{name} wins", name=winners[0])
    both = _t("{first} and {last}", first=", ".join(winners[:-1]), last=winners[-1])
    return _t("{names} share the win", names=both)


_DEFAULT_NAME = re.compile(r"\bplayer (\d+)\b")
"""A seat's name where none is given (:meth:`boardkit.present.voice.Voice.name`)."""
