"""The Shangrila position builders now ship with the game (:mod:`boardkit_shangrila.builders`);
this module keeps the tests' imports short."""

from boardkit_shangrila.builders import GAME, build, parse_village, village_text

__all__ = ["GAME", "build", "parse_village", "village_text"]
