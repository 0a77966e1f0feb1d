"""Playing and watching games in a terminal: the front ends behind ``boardkit play`` and
``boardkit watch``.

- :mod:`~boardkit.terminal.play`: a person (or several, hot seat) plays against bots; its
  parts: :mod:`~boardkit.terminal.console` (the streams and the screen),
  :mod:`~boardkit.terminal.seating`, :mod:`~boardkit.terminal.headlines`,
  :mod:`~boardkit.terminal.menu_input` (what is typed at a menu), :mod:`~boardkit.terminal.help`,
  :mod:`~boardkit.terminal.takeback` (undo), :mod:`~boardkit.terminal.bot_streams`,
  :mod:`~boardkit.terminal.saving` and :mod:`~boardkit.terminal.results`;
- :mod:`~boardkit.terminal.watch`: bots play while people watch, with keys to pause and step;
- :mod:`~boardkit.terminal.frames`: one screen of the game: picture, names, scores, story;
- :mod:`~boardkit.terminal.keys`: single key presses without Enter.
"""
