"""Golden playthroughs as readable text: a seeded random game of each game, entry by entry.

In the spirit of OpenSpiel's playthrough files: for every entry of the game, the action taken
(``describe_action``), the narration a spectator reads
(:func:`boardkit.present.narration.narrate_entry`),
the state after it in the game's position notation, and how many legal actions the next player
had. A change to the rules, the notation or the narration shows up as a diff of these files,
which a reviewer can read line by line; ``tests/test_playthroughs.py`` regenerates them in memory
and compares.

Regenerate deliberately, from the repository root, when a change is meant to alter play::

    python -m tests.playthroughs

and review the diff before committing it with the change.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from attrs import frozen

from boardkit import Game, Match, Rng
from boardkit.examples.goofspiel import Goofspiel
from boardkit.examples.nim import NimGame
from boardkit.notation import FLOW_KEYS
from boardkit.present.narration import narrate_match_entry
from boardkit_khan.game import KhanGame
from boardkit_shangrila.game import ShangrilaGame

TESTS: Final = Path(__file__).parent


@frozen
class Playthrough:
    """One seeded game: who plays, with which options, and where its text lives."""

    game: Game[Any, Any]
    players: tuple[str, ...]
    seed: int
    path: Path
    options: Mapping[str, object] | None = None

    def text(self) -> str:
        """The playthrough, played again now."""
        return playthrough_text(self.game, self.players, self.seed, self.options)


PLAYTHROUGHS: Final = (
    Playthrough(NimGame(), ("ann", "bob"), 7, TESTS / "core" / "fixtures" / "playthrough_nim.txt"),
    Playthrough(
        ShangrilaGame(),
        ("red", "blue", "yellow"),
        11,
        TESTS / "shangrila" / "fixtures" / "playthrough_3p.txt",
    ),
    Playthrough(
        KhanGame(), ("amber", "jade"), 13, TESTS / "khan" / "fixtures" / "playthrough_2p.txt"
    ),
    Playthrough(
        Goofspiel(),
        ("ann", "bob", "cem"),
        6,
        TESTS / "core" / "fixtures" / "playthrough_goofspiel.txt",
        {"ties": "carry"},
    ),
)


def playthrough_text(
    game: Game[Any, Any],
    players: tuple[str, ...],
    seed: int,
    options: Mapping[str, object] | None = None,
) -> str:
    """A game seeded ``seed`` whose every action is drawn by ``Rng(seed, 1)``, as text."""
    match: Match[Any] = Match.new(game, players, options, seed)
    chooser = Rng(seed, 1)
    lines = [
        f"# boardkit playthrough: {game.name} {game.version}, players {', '.join(players)}, "
        f"options {dict(match.config.options)}, seed {seed}",
        "# every action drawn by Rng(seed, 1) from the legal actions, in their order",
        "# regenerate deliberately with: python -m tests.playthroughs",
    ]
    lines += _entry(match, 0)
    while not match.is_over:
        match.play(chooser.choice(match.legal_actions()))
        lines += _entry(match, len(match) - 1)
    result = match.result
    assert result is not None
    winners = ", ".join(players[w] for w in result.winners)
    lines += ["", f"result: {winners} won; scores {list(result.scores)}"]
    return "\n".join(lines) + "\n"


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
    return [f"  state: {' '.join([words[0], *flow])}", *(f"    {w}" for w in rest)]


def main() -> None:
    """Write every playthrough file."""
    for playthrough in PLAYTHROUGHS:
        playthrough.path.parent.mkdir(parents=True, exist_ok=True)
        playthrough.path.write_text(playthrough.text(), encoding="utf-8")
        print(f"wrote {playthrough.path.relative_to(TESTS.parent)}")


if __name__ == "__main__":
    main()
