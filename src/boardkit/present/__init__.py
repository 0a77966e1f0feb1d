"""What games and front ends use to present a game to people: words, pictures, menus.

The framework (``boardkit`` itself) never imports this package at run time; games and front
ends do. Its modules:

- :mod:`~boardkit.present.voice`: wording for one reader ("you draw", "blue draws") and the
  framework's lines for its own flow events;
- :mod:`~boardkit.present.narration`: a log entry's events as lines a person reads;
- :mod:`~boardkit.present.screen`: the compact 80×24 picture a game draws for the terminal;
- :mod:`~boardkit.present.svg`: helpers that build SVG pictures;
- :mod:`~boardkit.present.menus`: legal actions arranged as nested menus people pick from;
- :mod:`~boardkit.present.clicks`: picking an action by clicking parts of a picture;
- :mod:`~boardkit.present.notebook`: how a match shows itself in Jupyter.
"""
