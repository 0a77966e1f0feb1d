"""Moves as text: the legal actions of a position read from the texts people type.

Every front end already shows an action as :meth:`~boardkit.game.Game.describe_action` words it
("take 2", "journey 4 → 7", "C: conquer tile I2 orientation 0 at L4"). This module reads such a
text back: :class:`ActionTexts` holds the legal actions of one position with their texts, and
:meth:`ActionTexts.parse` finds the action a text names. It is what
:meth:`Game.parse_action <boardkit.game.Game.parse_action>` does unless a game reads texts its
own way, and so what :meth:`Match.play_text <boardkit.match.Match.play_text>`, ``boardkit
play`` and the server's page accept.

How a text is matched (the same rules everywhere):

1. Both the typed text and every action's text are **normalised** (:func:`normalise`): Unicode
   compatibility forms folded (NFKC), case ignored (``casefold``), spaces at both ends dropped
   and every run of white space inside read as one space. ``"  Take   2 "`` reads as
   ``"take 2"``; punctuation and words are kept as they are.
2. A text equal to the normalised text of exactly one legal action names it.
3. Otherwise a text that starts the text of exactly one legal action names it (an unambiguous
   prefix: ``"special: div"`` for ``"special: Divine Support"``). A prefix may end inside a
   word but not inside a number, which is typed whole: ``"journey 3 → 1"`` does not start
   ``"journey 3 → 10"``, and ``"take 1"`` names no action where only ``"take 10"`` is legal.
4. Anything else is refused with :class:`~boardkit.errors.ActionTextError`, an
   :class:`~boardkit.errors.IllegalActionError` that names the candidates: the actions the text
   could mean when it starts several, or, when it starts none, the legal actions whose texts
   begin most like it (at most :data:`SHOWN` of them, with the number of the rest).

Reading a text costs one :meth:`~boardkit.game.Game.describe_action` per legal action and a pass
over their texts: measured at 8 to 12 ms for the 314 legal actions of a two-player Khan position
and 12 to 18 ms for the 501 of a four-player one (three quarters of it Khan's own
``describe_action``), 1 to 3 ms for Shangrila's 130, on a busy two-core machine: far below what
a person typing notices. A caller that reads many texts in one position (the conformance kit
reads back every legal action's text) builds one :class:`ActionTexts` and asks it each time.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, Generic, TypeVar

from boardkit.errors import ActionTextError, GameOverError, NotStartedError, shorten
from boardkit.flow import decider

if TYPE_CHECKING:  # the game protocol imports this module for its default parse_action
    from boardkit.game import Game

A = TypeVar("A")

SHOWN: Final = 8
"""The most candidates an error names; it says how many more there are."""

_SPACES = re.compile(r"\s+")


def normalise(text: str) -> str:
    """``text`` as it is compared: NFKC, case folded, white space trimmed and collapsed to
    single spaces (see the module docstring)."""
    return _SPACES.sub(" ", unicodedata.normalize("NFKC", text).casefold()).strip()


class ActionTexts(Generic[A]):
    """The legal actions of one position with their texts, to read a typed text against.

    ``actions`` and ``texts`` are parallel: ``texts[i]`` is the text of ``actions[i]`` (the
    game's :meth:`~boardkit.game.Game.describe_action` in that position). :meth:`of` builds it
    for a game and a state.
    """

    def __init__(self, actions: Sequence[A], texts: Sequence[str]) -> None:
        if len(actions) != len(texts):
            raise ValueError(f"{len(actions)} actions but {len(texts)} texts")
        self.actions: tuple[A, ...] = tuple(actions)
        """The legal actions, in the game's order."""
        self.texts: tuple[str, ...] = tuple(texts)
        """Their texts, as the game writes them."""
        self._keys = tuple(normalise(text) for text in self.texts)
        self._by_key: dict[str, list[int]] = {}
        for index, key in enumerate(self._keys):
            self._by_key.setdefault(key, []).append(index)

    @classmethod
    def of(cls, game: Game[Any, A], state: Any) -> ActionTexts[A]:
        """The legal actions of ``state`` and their texts, as ``game`` words them in
        ``state``. A state in which nobody decides raises
        :class:`~boardkit.errors.GameOverError` (the game is over) or
        :class:`~boardkit.errors.NotStartedError` (a state before the setup)."""
        if decider(state.flow) is None:
            raise GameOverError() if state.flow.ended else NotStartedError()
        actions = list(game.legal_actions(state))
        return cls(actions, [game.describe_action(action, state) for action in actions])

    def __len__(self) -> int:
        return len(self.actions)

    def clashes(self) -> list[tuple[int, ...]]:
        """The groups of actions (as indices) whose texts are the same once normalised: each
        such text names no action, so a game must word them apart."""
        return [tuple(group) for group in self._by_key.values() if len(group) > 1]

    def find(self, text: str) -> tuple[int, ...]:
        """The indices of the actions ``text`` may name: those whose normalised text is
        ``text``'s, else those whose normalised text starts with it (none for a blank text)."""
        key = normalise(text)
        if not key:
            return ()
        exact = self._by_key.get(key)
        if exact is not None:
            return tuple(exact)
        return tuple(i for i, known in enumerate(self._keys) if _starts(known, key))

    def parse(self, text: str) -> A:
        """The action ``text`` names, by the rules of the module docstring.

        Raises :class:`~boardkit.errors.ActionTextError` for a text that is not a string, is
        blank, names no legal action or several; its ``candidates`` are the texts it names.
        """
        if not isinstance(text, str):
            raise ActionTextError(
                f"an action text is a string, not {shorten(text, 40)}", text, (), 0, len(self)
            )
        found = self.find(text)
        if len(found) == 1:
            return self.actions[found[0]]
        if found:
            raise self._ambiguous(text, found)
        raise self._unknown(text)

    def _ambiguous(self, text: str, found: Sequence[int]) -> ActionTextError:
        shown = [self.texts[i] for i in found[:SHOWN]]
        listing = _listing(shown, len(found))
        key = normalise(text)
        if self._keys[found[0]] == key:  # one text for several actions: the game's fault
            reason = (
                f"{shorten(text, 60)} is the text of {len(found)} legal actions ({listing}); "
                "the game gives them the same text"
            )
        else:
            reason = (
                f"{shorten(text, 60)} could be {len(found)} legal actions: {listing}; "
                "type more of one"
            )
        return ActionTextError(reason, text, tuple(shown), len(found), len(self))

    def _unknown(self, text: str) -> ActionTextError:
        key = normalise(text)
        total = len(self)
        head = f"no legal action reads {shorten(text, 60)}" if key else "no action text given"
        if total <= SHOWN:
            shown = list(self.texts)
            tail = f"the legal {'action is' if total == 1 else 'actions are'}: " + ", ".join(shown)
        else:
            order = sorted(range(total), key=lambda i: -_common_prefix(key, self._keys[i]))
            shown = [self.texts[i] for i in order[:SHOWN]]
            near = key and _common_prefix(key, self._keys[order[0]]) > 0
            which = "those that start most like it" if near else f"the first {len(shown)}"
            tail = f"{total} legal actions, {which}: {_listing(shown, total)}"
        return ActionTextError(f"{head}; {tail}", text, tuple(shown), 0, total)


def _starts(known: str, key: str) -> bool:
    """Whether ``key`` starts ``known`` without cutting a number in two (``"take 1"`` does not
    start ``"take 10"``: a number is typed whole)."""
    if not known.startswith(key):
        return False
    size = len(key)
    return size == len(known) or not (key[-1].isdigit() and known[size].isdigit())


def _common_prefix(a: str, b: str) -> int:
    """The length of the longest common start of ``a`` and ``b``."""
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def _listing(shown: Sequence[str], total: int) -> str:
    """``shown`` joined, with the number of those left out of ``total``."""
    text = ", ".join(shown)
    return f"{text} … and {total - len(shown)} more" if total > len(shown) else text


def parse_action(game: Game[Any, A], state: Any, text: str) -> A:
    """The legal action of ``state`` that ``text`` names, as ``game`` words its actions: the
    default of :meth:`Game.parse_action <boardkit.game.Game.parse_action>`."""
    return ActionTexts.of(game, state).parse(text)
