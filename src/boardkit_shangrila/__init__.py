"""Die Brücken von Shangrila (Leo Colovini, 2003) as a boardkit game.

Install-free use: ``boardkit.Match.new("shangrila", 4)`` or ``ShangrilaGame()`` from
:mod:`boardkit_shangrila.game`. Modules, one concern each:

- :mod:`~boardkit_shangrila.board` — the 13 villages, 23 paths and the red village (S-C1, S-S2);
- :mod:`~boardkit_shangrila.components` — guilds, colours, counts (S-C2 to S-C4);
- :mod:`~boardkit_shangrila.state` — the frozen state and helpers to read it by name;
- :mod:`~boardkit_shangrila.actions` / :mod:`~boardkit_shangrila.events` — what players ask for
  and the facts a game is made of;
- :mod:`~boardkit_shangrila.rules` — legality and journey resolution, the one place that knows
  the rules (S-S3, S-A1 to S-A3e, S-P1);
- :mod:`~boardkit_shangrila.reducer` — folding events into the state;
- :mod:`~boardkit_shangrila.scoring` — the end and the final count (S-E1, S-E2);
- :mod:`~boardkit_shangrila.render` — the text picture;
- :mod:`~boardkit_shangrila.game` — the :class:`~boardkit.Game` subclass with options
  ``edition`` ("german"/"english") and ``two_colours_each``.

See docs/shangrila.md for the rules with clause IDs and every decision taken.
"""
