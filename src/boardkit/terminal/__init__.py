"""Playing and watching games in a terminal: the front ends behind ``boardkit play`` and
``boardkit watch``.

- :mod:`~boardkit.terminal.play`: a person (or several, hot seat) plays against bots;
- :mod:`~boardkit.terminal.watch`: bots play while people watch, with keys to pause and step;
- :mod:`~boardkit.terminal.frames`: one screen of the game: picture, names, scores, story;
- :mod:`~boardkit.terminal.keys`: single key presses without Enter.
"""
