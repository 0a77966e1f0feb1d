"""How Shangrila shows itself to people: pictures (text, terminal screen, SVG with click
targets), narration of events and the reasons behind the menus. These modules read the rules
(:mod:`boardkit_shangrila.rules`); the rules never import them. The map of every module is in
the docstring of :mod:`boardkit_shangrila`."""
