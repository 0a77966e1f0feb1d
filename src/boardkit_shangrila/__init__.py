"""Die Brücken von Shangrila (Leo Colovini, 2003) as a boardkit game.

Install-free use: ``boardkit.Match.new("shangrila", 4)`` or ``ShangrilaGame()`` from
:mod:`boardkit_shangrila.game`. See docs/shangrila.md for the rules with clause IDs and every
decision taken. The modules, one concern each:

On top, what ties the game together and what other programs read:

- :mod:`~boardkit_shangrila.game` — the :class:`~boardkit.Game` subclass with options
  ``edition`` ("german"/"english") and ``two_colours_each``: hooks, seats and colours;
- :mod:`~boardkit_shangrila.encoding` — the research encodings: the fixed action index, the
  action mask and the observation vector (for :mod:`boardkit.adapters`);
- :mod:`~boardkit_shangrila.heuristic` — the bots' evaluation: masters, students and the next
  journeys' threats;
- :mod:`~boardkit_shangrila.builders` — positions built by hand from a short village notation
  (rulebook examples, tests, bug reports); it builds them through the game.

:mod:`boardkit_shangrila.rules` — the game itself; none of it imports presentation:

- :mod:`~boardkit_shangrila.rules.board` — the 13 villages, 23 paths and the red village
  (S-C1, S-S2);
- :mod:`~boardkit_shangrila.rules.components` — guilds, colours, counts (S-C2 to S-C4);
- :mod:`~boardkit_shangrila.rules.state` — the frozen state and helpers to read it by name;
- :mod:`~boardkit_shangrila.rules.actions` — what players ask for (and their short menu texts);
- :mod:`~boardkit_shangrila.rules.events` — the facts a game is made of;
- :mod:`~boardkit_shangrila.rules.masks` — guild masks kept beside the state for fast listing;
- :mod:`~boardkit_shangrila.rules.legality` — the one place that decides legality: which
  actions are legal now (S-S3, S-A1 to S-A3e, S-P1);
- :mod:`~boardkit_shangrila.rules.listing` — the lazy list of a position's legal actions, made
  of shared action objects, and the rule for two students together (S-A2);
- :mod:`~boardkit_shangrila.rules.checks` — checking one given action against that decision,
  and the clause that refuses it;
- :mod:`~boardkit_shangrila.rules.reasons` — the refusals' words: which clause a refused
  action breaks and why, in the reader's language (it explains, never decides);
- :mod:`~boardkit_shangrila.rules.words` — the guilds and colours as the refusals name them,
  in the reader's language;
- :mod:`~boardkit_shangrila.rules.effects` — what a legal action does: its events (a journey's
  strengths, travellers, broken bridge and stones);
- :mod:`~boardkit_shangrila.rules.reducer` — folding events into the state;
- :mod:`~boardkit_shangrila.rules.scoring` — the end and the final count (S-E1, S-E2);
- :mod:`~boardkit_shangrila.rules.turns` — the engine's per-decision hooks as plain functions;
- :mod:`~boardkit_shangrila.rules.notation` — the position notation: a whole state as one line
  of text, written and read back with its invariants checked (a log that starts from a
  position replays through it, so it belongs to the rules).

:mod:`boardkit_shangrila.present` — how the game shows itself to people:

- :mod:`~boardkit_shangrila.present.render` — the text picture;
- :mod:`~boardkit_shangrila.present.screen` — the compact terminal picture with a side panel;
- :mod:`~boardkit_shangrila.present.svg` — the SVG picture with click targets;
- :mod:`~boardkit_shangrila.present.targets` — which picture elements each action touches;
- :mod:`~boardkit_shangrila.present.narration` — events as lines a person reads;
- :mod:`~boardkit_shangrila.present.absent` — why an option is not in the menu;
- :mod:`~boardkit_shangrila.present.howto` — the rules for a newcomer, in sections.

The modules' names before 0.2.0 (``boardkit_shangrila.state``, ``boardkit_shangrila.svg``, …)
keep working until 0.3.0 with a :class:`DeprecationWarning`; the names of the old module
``boardkit_shangrila.rules`` are read from :mod:`boardkit_shangrila.rules.legality`,
:mod:`boardkit_shangrila.rules.listing` and :mod:`boardkit_shangrila.rules.checks` the same way.
"""

from boardkit._moved import register_moves

register_moves(
    {
        **{
            f"boardkit_shangrila.{name}": f"boardkit_shangrila.rules.{name}"
            for name in (
                "actions",
                "board",
                "components",
                "events",
                "masks",
                "reducer",
                "scoring",
                "state",
                "turns",
            )
        },
        "boardkit_shangrila.notation": "boardkit_shangrila.rules.notation",
        **{
            f"boardkit_shangrila.{name}": f"boardkit_shangrila.present.{name}"
            for name in ("absent", "narration", "render", "screen", "svg", "targets")
        },
    }
)
