"""Die Brücken von Shangrila (Leo Colovini, 2003) as a boardkit game."""
