"""What games and front ends use to present a game to people: words, pictures, menus.

The framework (``boardkit`` itself) never imports this package when it is imported; games and
front ends do, and :class:`~boardkit.match.Match` only inside the methods that show it to people
(``status``, ``repr``, Jupyter's display), when they are called. Its modules:

- :mod:`~boardkit.present.voice`: wording for one reader ("you draw", "blue draws") and the
  framework's lines for its own flow events;
- :mod:`~boardkit.present.narration`: a log entry's events as lines a person reads;
- :mod:`~boardkit.present.screen`: the compact 80×24 picture a game draws for the terminal;
- :mod:`~boardkit.present.svg`: helpers that build SVG pictures;
- :mod:`~boardkit.present.menus`: legal actions arranged as nested menus people pick from;
- :mod:`~boardkit.present.clicks`: picking an action by clicking parts of a picture;
- :mod:`~boardkit.present.notebook`: how a match shows itself: its status line, its one-line
  summary and its picture and compact log in Jupyter.
"""
