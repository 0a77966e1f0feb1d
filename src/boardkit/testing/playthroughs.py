"""Golden playthroughs: a seeded random game written out as readable text, kept in a file and
compared with what play gives now.

A playthrough lists, for every entry of one game, the action taken
(:meth:`~boardkit.game.Game.describe_action`), the narration a spectator reads
(:func:`boardkit.present.narration.narrate_match_entry`), the state after it in the game's position
notation (one field a line) and how many legal actions the next decision has; then the result.
Every action is drawn by ``Rng(seed, 1)`` from the legal actions in their order, so the text
depends only on the game, its players, options and seed. A change to the rules, the notation or
the narration shows up as a diff of the stored file, which a reviewer reads line by line.

A game's test suite declares its playthroughs once, checks them in a test and regenerates them
from a small script when a change is meant to alter play::

    PLAYTHROUGHS = (Playthrough(MyGame(), ("ann", "bob"), 7, HERE / "playthrough.txt"),)

    def test_playthroughs() -> None:
        for playthrough in PLAYTHROUGHS:
            playthrough.check()  # PlaythroughChanged, with a diff, when play changed

    write_playthroughs(PLAYTHROUGHS)  # deliberately, then review the diff

The game needs ``format_position`` (see :mod:`boardkit.positions`).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, Final

from attrs import frozen

from boardkit.game import Game
from boardkit.match import Match
from boardkit.notation import FLOW_KEYS
from boardkit.present.narration import narrate_match_entry
from boardkit.rng import Rng

STATE: Final = "  state: "
"""How the first line of a state starts in a playthrough; its other fields follow, indented."""

DIFF_LINES: Final = 60
"""How many lines of the diff a :class:`PlaythroughChanged` message shows."""


class PlaythroughChanged(AssertionError):
    """A stored playthrough is not what play gives now; the message holds the start of the diff."""


def playthrough_text(
    game: Game[Any, Any],
    players: tuple[str, ...],
    seed: int,
    options: Mapping[str, object] | None = None,
    *,
    regenerate_with: str | None = None,
) -> str:
    """A game seeded ``seed`` whose every action is drawn by ``Rng(seed, 1)``, as text.

    ``regenerate_with``, when given, is the command that rewrites the file; the text names it in
    its header, so that whoever reads a failing diff knows how to accept it.
    """
    match: Match[Any] = Match.new(game, players, options, seed)
    chooser = Rng(seed, 1)
    lines = [
        f"# boardkit playthrough: {game.name} {game.version}, players {', '.join(players)}, "
        f"options {dict(match.config.options)}, seed {seed}",
        "# every action drawn by Rng(seed, 1) from the legal actions, in their order",
    ]
    if regenerate_with is not None:
        lines.append(f"# regenerate deliberately with: {regenerate_with}")
    lines += _entry(match, 0)
    while not match.is_over:
        match.play(chooser.choice(match.legal_actions()))
        lines += _entry(match, len(match) - 1)
    result = match.result
    assert result is not None
    won = ", ".join(players[w] for w in result.winners) + " won"
    outcome = "a draw" if result.is_draw else won
    lines += ["", f"result: {outcome}; scores {list(result.scores)}"]
    return "\n".join(lines) + "\n"


def positions_in(text: str) -> list[str]:
    """The positions of a playthrough's text, in order, each on one line again (the notation
    allows any whitespace between fields, so each reads back with ``parse_position``)."""
    blocks: list[list[str]] = []
    for line in text.splitlines():
        if line.startswith(STATE):
            blocks.append([line.removeprefix(STATE)])
        elif line.startswith("    ") and blocks:
            blocks[-1].append(line.strip())
    return [" ".join(block) for block in blocks]


@frozen
class Playthrough:
    """One seeded game, who plays it with which options, and the file its text is kept in."""

    game: Game[Any, Any]
    players: tuple[str, ...]
    seed: int
    path: Path
    options: Mapping[str, object] | None = None
    regenerate_with: str | None = None
    """The command that rewrites the file (named in its header and in a failure's message)."""

    def text(self) -> str:
        """The playthrough, played again now."""
        return playthrough_text(
            self.game, self.players, self.seed, self.options, regenerate_with=self.regenerate_with
        )

    def stored(self) -> str:
        """The text kept in the file."""
        return self.path.read_text(encoding="utf-8")

    def check(self) -> None:
        """Raise :class:`PlaythroughChanged` unless playing again gives the stored text exactly;
        the message shows the start of the diff and how to regenerate."""
        stored = self.stored()
        fresh = self.text()
        if fresh == stored:
            return
        diff = difflib.unified_diff(
            stored.splitlines(), fresh.splitlines(), "stored", "regenerated", lineterm="", n=2
        )
        shown = "\n".join(list(diff)[:DIFF_LINES])
        how = self.regenerate_with or "Playthrough.write()"
        raise PlaythroughChanged(f"{self.path.name} changed; if meant, run {how}\n{shown}")

    def write(self) -> Path:
        """Write the text played now to the file (its folder made if missing); the path."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text(self.text(), encoding="utf-8")
        return self.path


def write_playthroughs(playthroughs: Iterable[Playthrough]) -> list[Path]:
    """Regenerate every file of ``playthroughs``; the paths written, in order."""
    return [playthrough.write() for playthrough in playthroughs]


def _entry(match: Match[Any], seq: int) -> list[str]:
    """The last entry played: what it was, what a spectator reads, the state after it, and how
    many legal actions the next decision has."""
    game = match.game
    entry = match.log.entries[seq]
    if entry.player is None:
        title = f"entry {seq}: setup"
    else:
        before = match.state_at(seq - 1)
        name = match.header.players[entry.player]
        title = f"entry {seq}: {name} plays {game.describe_action(entry.action, before)}"
    out = ["", title]
    out += [f"  | {line}" for line in narrate_match_entry(match, seq, None)]
    out += _state_lines(game.format_position(match.state_at(seq)))
    who = match.to_decide  # the entry is the last one played so far
    if who is not None:
        out.append(f"  {match.header.players[who]} decides among {len(match.legal_actions())}")
    return out


def _state_lines(position: str) -> list[str]:
    """A position wrapped for diffs: the game and its flow on one line, then one field a line
    (the notation allows any whitespace between fields, so this still reads back)."""
    words = position.split()
    flow = [w for w in words[1:] if w.partition("=")[0] in FLOW_KEYS]
    rest = [w for w in words[1:] if w.partition("=")[0] not in FLOW_KEYS]
    return [f"{STATE}{' '.join([words[0], *flow])}", *(f"    {w}" for w in rest)]
