"""How Khan shows itself: the text board, the SVG picture and its click targets, the terminal
screen, the narration of events, the position notation, and why an option is missing from a menu
(the map of every module is in :mod:`boardkit_khan`).

These modules read the rules (:mod:`boardkit_khan.rules`) and never the other way round: a rule
that needs words keeps them in the rules. They draw what a seat may see, the view that
:mod:`boardkit_khan.rules.views` decides, and decide nothing themselves.
"""
