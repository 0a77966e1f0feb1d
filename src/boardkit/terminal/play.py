"""Terminal play for people: a match between human and bot seats, driven by typed commands.

:class:`PlaySession` runs one :class:`~boardkit.match.Match` to its end (or until the people at
the keyboard stop), reading lines from an input stream and writing plain text to an output
stream, so tests drive it with :class:`io.StringIO` and the command line with the terminal.
It only uses the game protocol, so every installed game plays the same way.

Choosing among many actions: the legal actions are arranged in a menu tree built from
:meth:`~boardkit.game.Game.action_path` (the UI-free model of :mod:`boardkit.present.menus`).
Each level shows the distinct labels with the number of actions under each; a person types a
number or the start of a label. Levels with a single label are passed through without asking.
This module is the terminal around that model: prompts, commands (undo, save, quit …),
printing.

Seats: each seat is ``"human"`` or a bot spec of :mod:`boardkit.bots` (``"random"``,
``"greedy"``, ``"mcts:iterations=200"``). The match is driven by the one game loop,
:func:`boardkit.runner.seats.play_out`, and bots choose from the random stream of their seat (the
seat rule of :mod:`boardkit.runner.seats`), so a session fed the same input plays the same game, and
bots alone play the game ``boardkit play-random``, ``simulate`` and ``tournament`` play with
that seed.

The session's parts live beside it, one concern each: the streams and the screen
(:mod:`~boardkit.terminal.console`), the seats (:mod:`~boardkit.terminal.seating`), the intro
and decision lines (:mod:`~boardkit.terminal.headlines`), reading what is typed at a menu
(:mod:`~boardkit.terminal.menu_input`), help (:mod:`~boardkit.terminal.help`), undo
(:mod:`~boardkit.terminal.takeback`), the bots' streams (:mod:`~boardkit.terminal.bot_streams`),
the save file (:mod:`~boardkit.terminal.saving`) and the result
(:mod:`~boardkit.terminal.results`). The names this module had before are importable from it
still.

Hidden information: each human is shown only :meth:`~boardkit.game.Game.render_text` for their
own seat. When several humans share one terminal in a game with hidden information, a "pass the
terminal" screen separates their turns so that nobody sees another player's hand.
"""

from __future__ import annotations

import shutil
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from attrs import evolve

from boardkit.bots.random_bot import RandomBot
from boardkit.errors import (
    GameDefinitionError,
    IllegalActionError,
    InvalidOptionsError,
    OverwriteError,
    UndoError,
)
from boardkit.flow import Flow, asked_out_of_turn
from boardkit.game import Game
from boardkit.i18n import Messages
from boardkit.match import Match
from boardkit.present.menus import (
    ActionMenu,
    MenuItem,
    MenuWalk,
    shown_label,
    typing_hint,
)
from boardkit.present.narration import (
    match_action_text,
    narrate_entry_parts,
    narrate_match_entry,
)
from boardkit.present.screen import Picture
from boardkit.present.voice import a_or_an, count_of
from boardkit.rng import Rng
from boardkit.rounds import RoundEnd
from boardkit.runner.seats import AskAgain, play_out
from boardkit.terminal.bot_streams import BotStreams
from boardkit.terminal.console import NOTICE_ROWS as NOTICE_ROWS
from boardkit.terminal.console import Console, Stop
from boardkit.terminal.console import PlayStatus as PlayStatus
from boardkit.terminal.console import fit_story as fit_story
from boardkit.terminal.frames import game_picture
from boardkit.terminal.headlines import decision_line, intro_text
from boardkit.terminal.help import HELP_TEXT as HELP_TEXT
from boardkit.terminal.help import help_rows
from boardkit.terminal.help import help_text as help_text
from boardkit.terminal.menu_input import (
    Confirm,
    Enter,
    Open,
    Play,
    Reading,
    Tell,
    level_lines,
    prompt_text,
    read_choice,
    read_move,
)
from boardkit.terminal.results import outcome_words as outcome_words
from boardkit.terminal.results import result_lines as result_lines
from boardkit.terminal.saving import default_save_path as default_save_path
from boardkit.terminal.saving import write_error
from boardkit.terminal.seating import COLOUR_WORDS as COLOUR_WORDS
from boardkit.terminal.seating import HUMAN as HUMAN
from boardkit.terminal.seating import RANDOM as RANDOM
from boardkit.terminal.seating import Seat as Seat
from boardkit.terminal.seating import bot_name as bot_name
from boardkit.terminal.seating import colour_word as colour_word
from boardkit.terminal.seating import make_chooser as make_chooser
from boardkit.terminal.seating import make_seats as make_seats
from boardkit.terminal.seating import resumed_kinds as resumed_kinds
from boardkit.terminal.takeback import undo_span, undone_text

_t = Messages("boardkit").text


# --- the session --------------------------------------------------------------------------------


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
        kinds = recorded if recorded is not None else [seat.kind for seat in self.seats]
        self.streams = BotStreams(match, kinds)
        """The bots' random streams, caught up with the log and put back by an undo."""
        self._shown_to: int | None = None
        self.drawn = self.game.offers("render_screen")
        """Whether the game draws a compact picture (then seats have colours worth saying)."""
        self.colours = self.game.player_colours(len(names))
        self.console = Console(
            input if input is not None else sys.stdin,
            output if output is not None else sys.stdout,
            self.colours,
            echo,
        )
        """The streams the session reads and prints, and what waits for the next screen."""
        self._redo: list[tuple[int | None, Any]] = []
        self._narrated = len(match) - 1
        self._told: dict[int, int] = {}
        """For each human seat, where the log stood when it last decided (in a resumed game, at
        its last action in the log): what came after is told again after its pass screen
        (:meth:`_retell`) or when the game is resumed (:meth:`_recap`); a seat not in it has
        all that this session played told."""
        self._started = len(match)
        for entry in match.entries[1:]:  # a resumed game: each person's last decision
            if entry.player is not None and self.seats[entry.player].is_human:
                self._told[entry.player] = entry.seq

    # --- running ----------------------------------------------------------------------------

    def run(self) -> PlayStatus:
        """Play until the game ends or the people stop; the log is saved either way.

        An exception from the game or a bot is raised after the log has been saved.
        """
        try:
            intro = intro_text(
                self.game.title or self.game.name,
                self.seats,
                len(self.match) - 1,
                self.colours if self.drawn else None,
                self.save_path,
            ).splitlines()
            for text in intro:  # the first screen repeats it
                self.console.tell_story(text)
            self.console.pinned = intro[:-1]  # all but "The game is saved to …"
            self._recap()
            if self.save_path not in self._replaceable:
                self._start_saving_reported()
            play_out(
                self.match,
                [seat.chooser or _Asker(self) for seat in self.seats],
                rngs=self.streams.rngs,
                after=self._played,
                on_illegal=self._illegal,
            )
            self._finish()
            return PlayStatus.FINISHED
        except Stop as stop:
            self._stop_message(stop.status)
            return stop.status
        except KeyboardInterrupt:
            self.console.say("")
            self._stop_message(PlayStatus.INTERRUPTED)
            return PlayStatus.INTERRUPTED
        except Exception:  # a bug in a game or a bot: keep the game played so far, then fail
            self._save(self.save_path)
            raise

    # --- after each decision --------------------------------------------------------------

    def _played(self, player: int, action: Any, before: Any) -> None:
        seat = self.seats[player]
        who = seat.name if seat.is_human else f"{seat.name} (bot)"
        self.console.tell_story(f"{who}: {self.game.describe_action(action, before)}")
        self._narrate_new()
        if self._redo and self._redo[0] == (player, action):
            self._redo.pop(0)
        else:
            self._redo = []
        self.streams.remember(len(self.match))
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
            events = self.match.entries[seq].events
            for lines, end in narrate_entry_parts(self.game, before, events, reader, names, seq):
                for text in lines:
                    self.console.tell_story(f"  {text}")
                if end is not None and pause and humans:
                    self._round_pause(end, reader)

    def _round_pause(self, end: RoundEnd[Any], reader: int | None) -> None:
        """The table round ``end.round`` ended on, as ``reader`` sees it: in a pipe printed
        after a line that says so; on a terminal on a screen of its own, with what was told
        since the last screen, until Enter."""
        names = [s.name for s in self.seats]
        picture = game_picture(self.game, end.state, reader, names)
        if not self.console.colour():
            self.console.say(_t("the table at the end of round {round}:", round=end.round))
            if self.drawn:
                self.console.draw(picture, 79, None)
            else:
                self.console.say(self.game.render_text(end.state, reader))
            return
        columns, rows = shutil.get_terminal_size((80, 24))
        self.console.fresh_screen(picture, max(columns - 1, 20), rows - 1)
        self.console.read(_t("round {round} is over; press Enter to go on ", round=end.round))

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
        self.console.tell_story(head)
        for seq in range(since, len(self.match)):
            entry = self.match.entries[seq]
            text = match_action_text(self.match, seq, reader)  # in the state it was played in
            if entry.player is not None and text is not None:
                seat = self.seats[entry.player]
                who = seat.name if seat.is_human else f"{seat.name} (bot)"
                self.console.tell_story(f"{who}: {text}")
            for text in narrate_match_entry(self.match, seq, reader):
                self.console.tell_story(f"  {text}")

    def _illegal(self, player: int, action: Any, error: IllegalActionError) -> Any:
        """A person's refused action is told and asked again; a bot's is replaced at random."""
        seat = self.seats[player]
        if seat.is_human:
            self.console.tell(_t("refused: {reason}", reason=error.reason))
            return None
        self.console.say(
            f"{seat.name} (bot) chose a refused action ({error.reason}); playing at random"
        )
        return RandomBot().choose(self.game, self.match.state, player, self.streams.rngs[player])

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
        texts = [
            decision_line(
                self.game,
                self.match.state.flow,
                self.seats,
                player,
                self.colours if self.drawn else None,
            )
        ]
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
        if not self.console.colour():
            self.console.say("")
            if self.drawn:
                self.console.draw(picture, 79, None)
            else:
                self.console.say(self.game.render_text(self.match.state, player, names=self._names))
            for text in texts + level_lines(items, prefix, flat, shown=self._label):
                self.console.say(text)
            return
        columns, rows = shutil.get_terminal_size((80, 24))
        width = max(columns - 1, 20)
        texts = [part for text in texts for part in (textwrap.wrap(text, width) or [""])]
        notice = textwrap.wrap(f"! {self.console.notice}", width) if self.console.notice else []
        if len(notice) > NOTICE_ROWS:
            notice = [*notice[: NOTICE_ROWS - 1], notice[NOTICE_ROWS - 1][: width - 1] + "…"]
        self.console.notice = None
        pinned = [
            part for text in self.console.pinned for part in (textwrap.wrap(text, width) or [""])
        ]
        # the intro takes only rows the board, the texts and two rows of menu leave
        spare = rows - 1 - len(texts) - len(notice) - len(picture.board) - 2
        pinned = pinned[: max(spare, 0)]
        used = len(texts) + len(notice) + len(pinned)
        room = rows - 1 - used - len(picture.board)  # the prompt takes the last row
        menu = level_lines(items, prefix, flat, width, max(room, 2), self._label)
        left = rows - 1 - used - len(menu)
        self.console.fresh_screen(picture, width, left, pinned)
        for text in texts + menu + notice:
            self.console.say(text)

    def _asked_out_of_turn(self, flow: Flow) -> bool:
        return asked_out_of_turn(flow, self.game.simultaneous_decisions)

    def _pass_screen(self, name: str) -> None:
        self.console.clear()
        self.console.say(_t("pass the terminal to {name}, press Enter", name=name))
        self.console.read("")
        self.console.clear()

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
            if show and (first or self.console.colour()):
                self._show_decision(player, items, walk.prefix, walk.flat)
            elif show:
                self._show_level(items, walk.prefix, walk.flat)
            show = True
            first = False
            where = prompt_text(self.seats[player].name, walk.prefix, walk.flat, self._label)
            text = self.console.read(where)
            text = text.strip()
            command, _, argument = text.partition(" ")
            command = command.lower()
            found, pending = pending, None
            if found is not None and text == "":
                return menu.actions[found]
            if text == "" and len(items) == 1:
                reading: Reading = Enter(items[0])
            elif text == "":
                show = self.console.notify(_t("{hint}, or ? for help", hint=typing_hint(items)))
                continue
            elif command in ("..", "back"):
                if not walk.back():
                    show = self.console.notify(_t("already at the top menu"))
                continue
            elif command in ("?", "help") or (command.startswith("?") and len(command) > 1):
                topic = f"{command[1:]} {argument}" if command.startswith("?") else argument
                for row in help_rows(self.game, self.save_path, topic):
                    self.console.say(row)
                show = False
                continue
            elif command == "list":
                walk.list_all()
                continue
            elif command == "undo":
                self._undo(player)  # returns only when there was nothing to undo
                show = self.console.colour()
                continue
            elif command == "redo":
                self._redo_all()  # returns only when there was nothing to redo
                show = self.console.colour()
                continue
            elif command == "board":
                self.console.say(self.game.render_text(self.match.state, player, names=self._names))
                show = not self.console.colour()  # a redrawn screen would push the board away
                continue
            elif command in ("save", "save!"):
                target = Path(argument.strip()) if argument.strip() else self.save_path
                self._write(target, quiet=False, force=command == "save!", tell=True)
                show = self.console.colour()
                continue
            elif command == "quit":
                raise Stop(PlayStatus.QUIT)
            elif command == "move":
                reading = read_move(self.game, self.match.state, menu, argument)
            else:
                reading = read_choice(self.game, self.match.state, menu, walk, items, text)
            if isinstance(reading, Play):
                return menu.actions[reading.index]
            if isinstance(reading, Confirm):
                pending = reading.index
                show = self.console.notify(reading.message)
            elif isinstance(reading, Tell):
                show = self.console.notify(reading.message)
            elif isinstance(reading, Open):
                walk.open(reading.place)
            elif (chosen := walk.enter(reading.item)) is not None:
                return menu.actions[chosen]

    def _show_level(self, items: Sequence[MenuItem], prefix: tuple[str, ...], flat: bool) -> None:
        for text in level_lines(items, prefix, flat, shown=self._label):
            self.console.say(text)

    def _label(self, label: str) -> str:
        """A menu label as the person reads it (:func:`~boardkit.present.menus.shown_label`)."""
        return shown_label(self.game, label)

    def _undo(self, player: int) -> None:
        """Go back to before ``player``'s last action; every entry after it goes too (the
        bots' replies, other people's moves), and is kept for ``redo``. Raises
        :class:`~boardkit.runner.seats.AskAgain` when done, so that the game loop asks again."""
        count = undo_span(self.match, self.seats, player)
        if isinstance(count, str):
            self.console.tell(count)
            return
        undone = [(e.player, e.action) for e in self.match.entries[-count:]]
        try:
            self.match.undo(count)
        except UndoError as exc:  # pragma: no cover - the count is always in range
            self.console.tell(f"cannot undo: {exc}")
            return
        self._redo = undone + self._redo
        self.streams.restore(len(self.match))
        self._narrated = min(self._narrated, len(self.match) - 1)
        self.console.tell(undone_text(self.seats, player, undone))
        self._autosave()
        raise AskAgain()

    def _redo_all(self) -> None:
        """Play again every action the undos took back (they were legal there before)."""
        if not self._redo:
            self.console.tell(_t("nothing to redo"))
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
        self.streams.restore(len(self.match))
        self.console.tell(f"redid {count_of(redone, 'action')}")
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
        if not self.console.colour():
            self.console.say("")
            if self.drawn:
                self.console.draw(game_picture(self.game, self.match.state, None, names), 79, None)
            else:
                self.console.say(self.game.render_text(self.match.state, None, names=names))
            self.console.say(result_lines(self.match.result, names, colours))
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
            self.console.fresh_screen(picture, width, left)
            for text in result:
                self.console.say(text)
        self._save(self.save_path)

    def _stop_message(self, status: PlayStatus) -> None:
        if status is PlayStatus.END_OF_INPUT:
            self.console.say(_t("end of input"))
        if self._save(self.save_path):
            command = f"boardkit play --resume {self.save_path}"
            self.console.say(_t("resume with: {command}", command=command))

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
            self.console.say(_t("error: {reason}", reason=write_error(self.save_path, exc)))

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
        say = self.console.tell if tell else self.console.say
        try:
            self.match.save(path, overwrite=force or path in self._replaceable)
        except (OverwriteError, OSError) as exc:
            say(_t("error: {reason}", reason=write_error(path, exc)))
            return False
        self._replaceable.add(path)
        if not quiet:
            say(_t("log saved to {path}", path=str(path)))
        return True

    # --- names and streams --------------------------------------------------------------------

    @property
    def _names(self) -> list[str]:
        """The seats' names, as the table shows them."""
        return [seat.name for seat in self.seats]

    @property
    def input(self) -> TextIO:
        """The stream the session reads typed lines from."""
        return self.console.input

    @property
    def output(self) -> TextIO:
        """The stream the session prints to."""
        return self.console.output

    @property
    def echo(self) -> bool:
        """Whether each line read is written after its prompt (a script reads like a
        transcript)."""
        return self.console.echo

    @echo.setter
    def echo(self, echo: bool) -> None:
        self.console.echo = echo


class _Asker:
    """A human seat of a session, as the game loop sees it: asks the person at the terminal."""

    def __init__(self, session: PlaySession) -> None:
        self.session = session

    def choose(self, game: Game[Any, Any], state: Any, player: int, rng: Rng) -> Any:
        return self.session._human_decision(player)
