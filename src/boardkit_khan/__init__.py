"""Khan (Christwart Conrad, 2010) as a boardkit game."""
