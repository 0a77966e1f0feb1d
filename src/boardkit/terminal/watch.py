"""Watching a game between bots as it happens: a live screen on a terminal, a transcript in a pipe.

:class:`Watch` drives a :class:`~boardkit.match.Match` between bots with the one game loop
(:func:`boardkit.runner.seats.play_out`, so the bots play exactly the game ``play-random``,
``simulate`` and ``tournament`` play with that seed) and shows it in one of two ways:

* **live** (the console is a terminal): one screen updated in place (rich's ``Live``) with a
  header (entry, who decides next), the game's compact picture
  (:meth:`~boardkit.game.Game.render_screen`: board, running score, whose turn), the
  narration of the last entries, and a line of keys. Entries come at a pace (``delay``
  seconds apart, less the bots' thinking time); keys change it:
  space pauses and resumes, ``n`` or Enter plays one entry while paused, ``+`` and ``-`` change
  the speed, ``q`` stops, ``?`` pauses and shows how to play (:meth:`Game.how_to_play
  <boardkit.game.Game.how_to_play>`) in place of the picture and the narration: the topics,
  then the section whose topic is typed and Entered (``conquer``); Esc or ``?`` again closes
  it. ``step`` starts paused, so every entry waits for a key. The frame is
  cut to the console's size, so it fits 80×24. When an entry ends a round
  (:class:`~boardkit.flow.RoundEnded`), the screen first shows the table the round ended on,
  with the narration up to the game's summary, for :data:`ROUND_HOLD` delays (or until a key,
  when paused), and only then the rest of the entry (the next deal, the next prize).
  Keys are answered while a bot thinks, however long its move takes: each bot chooses in a
  worker thread (:func:`boardkit.terminal.thinking.think`), with the same arguments and random
  stream, so the game is the one the seed plays. ``q`` then stops at once (the move being
  thought is never played); space pauses, and the move is shown when it comes but the screen
  stays paused; ``n`` while paused plays the next entry as soon as it is ready.
* **transcript** (a pipe or a file): the picture once at the start, then one block per entry
  (its action and its narration, indented), then the final picture and the result. No board
  is repeated, except the table each round ended on, printed where the round ends; nothing
  waits unless a delay was asked for.

Either way the game ends with the result: the final picture (with the score table the game's
screen draws) and who won with how much.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Sequence
from typing import Any

from rich.console import Console, Group
from rich.live import Live
from rich.text import Text

from boardkit.game import Game
from boardkit.i18n import N_, Messages
from boardkit.match import Match
from boardkit.present.narration import match_action_text, narrate_entry_parts
from boardkit.present.rules import help_lines, read_sections
from boardkit.present.screen import Picture
from boardkit.result import Result, outcome_parts
from boardkit.rng import Rng
from boardkit.rounds import RoundEnd
from boardkit.runner.seats import Chooser, play_out
from boardkit.terminal.frames import fit, game_picture, name_text, picture_lines, score_line
from boardkit.terminal.keys import KeyReader
from boardkit.terminal.thinking import think

DEFAULT_DELAY = 0.8
"""Seconds between entries on a live screen when no ``--delay`` is given."""

_t = Messages("boardkit").text

KEYS_HELP = N_("space pause · n next · + faster · - slower · ? rules · q quit")

RULES_KEYS = N_("type a topic, Enter shows it · Esc or ? closes")
"""The last line while the rules are shown (``?``)."""

MIN_NARRATION = 3
"""Lines of narration a live frame keeps however tall the picture is."""

ROUND_HOLD = 3
"""How many entries' delays a live screen stays on the table a round ended on."""


class StopWatching(Exception):
    """Raised from inside the game loop when the watcher pressed ``q``."""


class EntryBlock:
    """One log entry as the watcher reads it: a heading and its narration lines."""

    def __init__(
        self,
        heading: Text,
        lines: Sequence[str],
        rest: Sequence[tuple[RoundEnd[Any], Sequence[str]]] = (),
    ) -> None:
        self.heading = heading
        self.lines = list(lines)
        """The lines shown so far: up to the first round end of the entry, if it has one."""
        self.rest = list(rest)
        """The entry's round ends, each with the lines that follow it (up to the next one)."""


class _Thinking:
    """A bot of a live watch: it thinks in a worker thread while the watch reads keys
    (:func:`boardkit.terminal.thinking.think`), with the same arguments and random stream."""

    def __init__(self, bot: Chooser, watch: Watch) -> None:
        self.bot = bot
        self.watch = watch

    def choose(self, game: Game[Any, Any], state: Any, player: int, rng: Rng) -> Any:
        """The bot's choice, computed while keys are answered."""
        return think(
            lambda: self.bot.choose(game, state, player, rng),
            self.watch.keys,
            self.watch._key_while_thinking,
        )


class Watch:
    """A match between ``bots`` (one per seat; ``specs`` are their names as shown) on
    ``console``; see the module docstring. :meth:`run` plays it to the end."""

    def __init__(
        self,
        match: Match[Any],
        bots: Sequence[Chooser],
        specs: Sequence[str],
        console: Console,
        *,
        delay: float | None = None,
        step: bool = False,
        keys: KeyReader | None = None,
    ) -> None:
        self.match = match
        self.game = match.game
        self.bots = list(bots)
        self.specs = list(specs)
        self.console = console
        self.live = console.is_terminal
        self.delay = (DEFAULT_DELAY if self.live else 0.0) if delay is None else delay
        self.paused = step
        self.keys = keys if keys is not None else KeyReader()
        self.names = list(match.header.players)
        self.colours = self.game.player_colours(len(self.names)) if console.color_system else ()
        self.blocks: deque[EntryBlock] = deque(maxlen=40)
        self.shown = -1
        self.moment: RoundEnd[Any] | None = None
        """The round end being shown (its table on the screen), or ``None``."""
        self._live: Live | None = None
        self._released = time.monotonic()
        self._steps = 0
        """Entries asked for with ``n`` while a bot was thinking, not shown yet."""
        self.rules: list[str] | None = None
        """The how-to-play lines shown in place of the narration (``?``), or ``None``."""
        self.topic = ""
        """The topic being typed while the rules are shown."""
        self._paused_before = False

    # --- the run ----------------------------------------------------------------------------

    def run(self) -> bool:
        """Play the match to its end; ``False`` if the watcher stopped it first (``q``)."""
        finished = True
        if self.live:
            with self.keys, Live(console=self.console, auto_refresh=False, transient=False) as live:
                self._live = live
                try:
                    self._catch_up()
                    seats = [_Thinking(bot, self) for bot in self.bots]
                    play_out(self.match, seats, after=lambda *_: self._catch_up())
                except StopWatching:
                    finished = False
                live.update(self._frame(final=True), refresh=True)
                self._live = None
            return finished
        else:
            self._intro()
            try:
                self._catch_up()
                play_out(self.match, self.bots, after=lambda *_: self._catch_up())
            except StopWatching:  # pragma: no cover - keys are only read live
                finished = False
            self._print_picture()
        self._print_result(finished)
        return finished

    def _catch_up(self) -> None:
        """Show every entry not shown yet, then pace."""
        while self.shown < len(self.match) - 1:
            self.shown += 1
            block = self._block(self.shown)
            self.blocks.append(block)
            if self._live is not None:
                for end, lines in block.rest:  # the table each round ended on, for a while
                    self.moment = end
                    self._live.update(self._frame(), refresh=True)
                    self._pace(self.delay * ROUND_HOLD)
                    self.moment = None
                    block.lines += lines
                block.rest = []
                self._live.update(self._frame(), refresh=True)
                self._pace()
            else:
                self._print_block(block)
                if self.delay:
                    self.keys.wait(self.delay)

    # --- entries ------------------------------------------------------------------------------

    def _who(self, seat: int) -> Text:
        text = name_text(self.names[seat], seat, self.colours)
        if seat < len(self.specs):
            text.append(f" ({self.specs[seat]})")
        return text

    def _block(self, seq: int) -> EntryBlock:
        entry = self.match.entries[seq]
        heading = Text(f"{seq}. ")
        if entry.action is None:
            heading.append(_t("setup"))
        else:
            if entry.player is not None:
                heading.append_text(self._who(entry.player))
                heading.append(": ")
            heading.append(match_action_text(self.match, seq, None) or "")  # a spectator's
        before = self.match.start_state if seq == 0 else self.match.state_at(seq - 1)
        parts = narrate_entry_parts(
            self.game, before, entry.events, None, self.match.header.players, seq
        )
        rest = [(end, parts[i + 1][0]) for i, (_, end) in enumerate(parts) if end is not None]
        return EntryBlock(heading, parts[0][0], rest)

    # --- live -------------------------------------------------------------------------------

    def _pace(self, delay: float | None = None) -> None:
        """Wait between entries (``delay``, default :attr:`delay`), reading keys: pause, step,
        speed, quit.

        The wait counts from the end of the previous one, so a bot's thinking time is part of
        the delay rather than added to it.
        """
        while True:
            if self._steps:  # an n typed while a bot was thinking: this entry is it
                self._steps -= 1
                break
            if self.paused:
                if not self.keys.active:
                    break  # no keyboard to resume with: never hang
                key = self.keys.wait(None)
            else:
                wait = self.delay if delay is None else delay
                left = self._released + wait - time.monotonic()
                key = self.keys.wait(left) if left > 0 else None
                if key is None:
                    break
            if key is None:
                continue
            if self._key(key):
                break
            self._redraw()
        self._released = time.monotonic()

    def _key(self, key: str) -> bool:
        """Act on a key typed by the watcher; ``True`` for "the next entry now" (``n``)."""
        if self.rules is not None:
            self._rules_key(key)
            return False
        if key == "?":
            self._paused_before, self.paused = self.paused, True
            self.rules, self.topic = self._rules_lines(""), ""
            return False
        if key in ("q", "Q"):
            raise StopWatching()
        if key in (" ", "p", "P"):
            self.paused = not self.paused
        elif key in ("n", "N", "\r", "\n"):
            return True
        elif key in ("+", "="):
            self.delay = round(self.delay / 1.5, 2)
        elif key in ("-", "_"):
            self.delay = round(max(self.delay, 0.1) * 1.5, 2)
        return False

    def _rules_key(self, key: str) -> None:
        """A key typed while the rules are shown: a topic typed, shown on Enter; Esc or ``?``
        closes them and the watch goes on as it was (paused or not)."""
        if key in ("\x1b", "?"):
            self.rules, self.topic, self.paused = None, "", self._paused_before
        elif key in ("\r", "\n"):
            self.rules, self.topic = self._rules_lines(self.topic), ""
        elif key in ("\x7f", "\b"):
            self.topic = self.topic[:-1]
        elif key.isprintable() and len(self.topic) < 30:
            self.topic += key

    def _rules_lines(self, topic: str) -> list[str]:
        width = max(self.console.width - 1, 20)
        return help_lines(read_sections(self.game), topic, min(width, 80))

    def _key_while_thinking(self, key: str) -> None:
        """A key typed while a bot thinks: acted on now; a step is kept for when the move
        arrives (it is then shown at once, and the screen waits again if paused)."""
        if self._key(key):
            self._steps += 1
        self._redraw()

    def _redraw(self) -> None:
        if self._live is not None:
            self._live.update(self._frame(), refresh=True)

    def _frame(self, final: bool = False) -> Group:
        width = self.console.width - 1  # a full-width line leaves some terminals a line down
        # a live frame leaves the last line free (a full screen would scroll); the final one
        # leaves two more, for the seed line and the shell's prompt
        height = self.console.height - (3 if final else 1)
        header = self._header(final)
        if self.rules is not None and not final:  # the rules take the picture's place too
            rule = Text("─" * width, style="dim")
            rows = max(height - len(header) - 2, 1)
            return Group(*header, rule, *self._narration(rows, width), self._last_line(final))
        picture = self._picture()
        last = self._last_line(final)
        room = max(height - len(header) - 1 - MIN_NARRATION - 1, len(picture.board))
        drawn = picture_lines(picture, self.colours, width, room)
        lines_left = height - len(header) - len(drawn) - 1 - 1
        narration = self._narration(max(lines_left, 1), width)
        rule = Text("─" * width, style="dim")
        return Group(*header, *drawn, rule, *narration, last)

    def _header(self, final: bool) -> list[Text]:
        title = self.game.title or self.game.name
        head = Text(f"{title} · " + _t("entry {seq}", seq=self.shown), style="bold")
        seat = self.match.to_decide
        if self.moment is not None and not final:
            head.append(" · " + _t("round {round} is over", round=self.moment.round))
        elif final or seat is None:
            head.append(" · " + (_t("game over") if self.match.is_over else _t("stopped")))
        else:
            head.append(" · " + _t("next: "))
            head.append_text(self._who(seat))
        lines = [fit(head, self.console.width)]
        if not self.game.offers("render_screen"):
            score = score_line(self.game, self.match.state, self.names, self.colours)
            if score is not None:
                lines.append(fit(score, self.console.width))
        return lines

    def _last_line(self, final: bool) -> Text:
        if final:
            if not self.match.is_over:
                return Text(_t("stopped after entry {seq}", seq=self.shown))
            return fit(result_text(self.match.result, self.names, self.colours), self.console.width)
        if self.rules is not None:
            keys = _t(RULES_KEYS)
            return fit(Text(f"? {self.topic}_ · {keys}", style="dim"), self.console.width)
        state = (
            _t("paused")
            if self.paused
            else _t("{delay} s per entry", delay=format(self.delay, "g"))
        )
        return fit(Text(f"{_t(KEYS_HELP)} · {state}", style="dim"), self.console.width)

    def _narration(self, rows: int, width: int) -> list[Text]:
        if self.rules is not None:
            shown = [fit(Text(text), width) for text in self.rules[:rows]]
            return shown + [Text("")] * (rows - len(shown))
        lines: list[Text] = []
        for block in self.blocks:
            lines.append(fit(block.heading, width))
            lines += [fit(Text(f"   {text}"), width) for text in block.lines]
        shown = lines[-rows:]
        return shown + [Text("")] * (rows - len(shown))

    def _picture(self) -> Picture:
        state = self.match.state if self.moment is None else self.moment.state
        return game_picture(self.game, state, None, self.names)

    # --- transcript -------------------------------------------------------------------------

    def _intro(self) -> None:
        title = self.game.title or self.game.name
        who = Text(f"{title}: ")
        for seat in range(len(self.names)):
            if seat:
                who.append(", ")
            who.append_text(self._who(seat))
        self.console.print(who, soft_wrap=True)

    def _print_picture(self) -> None:
        for row in picture_lines(self._picture(), self.colours, max(self.console.width, 80)):
            self.console.print(row, soft_wrap=True)

    def _print_block(self, block: EntryBlock) -> None:
        if block.heading.plain.endswith(_t("setup")):
            self.console.print(block.heading, soft_wrap=True)
            for text in block.lines:
                self.console.print(Text(f"   {text}"), soft_wrap=True)
            self._print_picture()
            return
        self.console.print("")
        self.console.print(block.heading, soft_wrap=True)
        for text in block.lines:
            self.console.print(Text(f"   {text}"), soft_wrap=True)
        for end, lines in block.rest:  # the table each round ended on, then the entry goes on
            self.moment = end
            table = _t("the table at the end of round {round}:", round=end.round)
            self.console.print(Text(f"   — {table}"))
            self._print_picture()
            self.moment = None
            for text in lines:
                self.console.print(Text(f"   {text}"), soft_wrap=True)

    # --- the end ----------------------------------------------------------------------------

    def _print_result(self, finished: bool) -> None:
        self.console.print("")
        if not finished:
            self.console.print(_t("stopped after entry {seq}", seq=self.shown), soft_wrap=True)
            return
        self.console.print(result_text(self.match.result, self.names, self.colours))


def translated_parts(parts: list[str | int]) -> list[str | int]:
    """:func:`~boardkit.result.outcome_parts` (winners' seats between English words) with
    the words of the language shown, the seats kept in their places to be painted."""
    seats = [part for part in parts if isinstance(part, int)]
    if not seats:
        return [_t("a draw")]
    if len(seats) == 1:
        pattern = _t("{name} wins", name="\0")
    else:
        both = _t("{first} and {last}", first="\0", last="\0")
        names = "\0".join([", "] * (len(seats) - 2) + [both.split("\0")[1]])
        pattern = _t("{names} share the win", names="\0" + names + "\0")
    pieces = pattern.split("\0")
    out: list[str | int] = []
    for index, piece in enumerate(pieces):
        if piece:
            out.append(piece)
        if index < len(seats):
            out.append(seats[index])
    return out


def result_text(result: Result | None, names: Sequence[str], colours: Sequence[str]) -> Text:
    """Who won and everybody's score, best first: ``red wins with 28 · blue 25 · …``."""
    if result is None:
        return Text(_t("the game ended without a result"))
    text = Text()
    parts: list[str | int] = (
        [_t("the game was cut off unfinished")]  # nobody won: the match was cut off at its cap
        if result.truncated
        else translated_parts(outcome_parts(result.winners, len(result.scores)))
    )
    for part in parts:
        if isinstance(part, str):
            text.append(part)
        else:
            text.append_text(name_text(names[part], part, colours))
    order = sorted(range(len(result.scores)), key=lambda s: -result.scores[s])
    text.append(": ")
    for i, seat in enumerate(order):
        if i:
            text.append(" · ")
        text.append_text(name_text(names[seat], seat, colours))
        text.append(f" {result.scores[seat]}")
    return text
