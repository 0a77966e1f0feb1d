"""Small example games: the "write your own game" tutorial lives here."""
