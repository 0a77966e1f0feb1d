"""The conformance check of moves as text: every legal action's text reads back to it.

:meth:`Game.parse_action <boardkit.game.Game.parse_action>` is how a person types a move
(``Match.play_text``, ``boardkit play``, the server's page). :func:`check_texts_read_back`
holds a game to its contract at one state of play [moves as text]:

- every legal action has a non-empty text (:meth:`~boardkit.game.Game.describe_action` of the
  action in the state it is played in, the true state: in a game with hidden information the
  deciding player types his own actions; :func:`boardkit.testing.hooks.check_action_texts`,
  which runs first, holds every text to that too);
- no two legal actions have the same text once normalised (case and runs of white space
  aside, :func:`boardkit.action_text.normalise`): such a text names neither;
- the text of every legal action parses back to it. For a game that keeps the default reader
  this is checked for every legal action, against one table of the position's texts built as
  the default builds it (:class:`boardkit.action_text.ActionTexts`: one
  :meth:`~boardkit.game.Game.parse_action` call per action would describe every action again
  each time, hundreds of times over in a Khan position). A game that reads texts its own way
  has its method called for :data:`SAMPLED` sampled actions per state (all of them when there
  are no more), and
- is held to refusing a text that names nothing (a legal text with words added) with an
  :class:`~boardkit.errors.IllegalActionError`, or reading it as a legal action: never another
  exception, nor an action that is not legal.

:class:`boardkit.testing.hooks.HookChecks` runs it at the states of the kit's playouts where it
checks the other hooks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from boardkit.action_text import ActionTexts, normalise
from boardkit.errors import IllegalActionError, shorten
from boardkit.game import Game
from boardkit.rng import Rng
from boardkit.testing.errors import ConformanceError

SAMPLED: Final = 8
"""Legal actions per state whose texts a game's own ``parse_action`` reads back."""

NOTHING: Final = " ~no such action~"
"""Words added to a legal action's text to make one that names nothing."""


def check_texts_read_back(
    game: Game[Any, Any], state: Any, legal: Sequence[object], rng: Rng, at: str
) -> None:
    """The legal actions of ``state`` have distinct texts that read back to them (see the
    module docstring); ``rng`` picks the sampled ones."""
    if not legal:
        return
    texts = []
    for action in legal:
        text = game.describe_action(action, state)
        if type(text) is not str or not text.strip():
            raise ConformanceError(
                f"{at}: describe_action({action!r}) gave {shorten(text)}; an action's text is "
                "non-empty text"
            )
        texts.append(text)
    table = ActionTexts(legal, texts)
    for group in table.clashes():
        first, second = group[0], group[1]
        raise ConformanceError(
            f"{at}: the legal actions {legal[first]!r} and {legal[second]!r} have the same text "
            f"{texts[first]!r}{_aside(texts[first], texts[second])}; a typed text "
            "(parse_action, Match.play_text) cannot tell them apart: word them apart"
        )
    if type(game).parse_action is Game.parse_action:
        for index, text in enumerate(texts):  # what the default reader does, once a state
            _expect_back(table.parse(text), legal[index], text, at)
        return
    picked = (
        range(len(legal))
        if len(legal) <= SAMPLED
        else sorted({rng.below(len(legal)) for _ in range(SAMPLED)})
    )
    for index in picked:
        _expect_back(_read(game, state, texts[index], at), legal[index], texts[index], at)
    junk = texts[rng.below(len(texts))] + NOTHING
    try:
        read = game.parse_action(state, junk)
    except IllegalActionError:
        return
    except Exception as exc:
        raise ConformanceError(
            f"{at}: parse_action(state, {junk!r}) raised {exc!r}; a text that names no action "
            "is refused with an IllegalActionError"
        ) from exc
    if read not in legal:
        raise ConformanceError(
            f"{at}: parse_action(state, {junk!r}) gave {read!r}, which is not a legal action"
        )


def _aside(first: str, second: str) -> str:
    return "" if first == second else f" and {second!r} (the same, case and spaces aside)"


def _read(game: Game[Any, Any], state: Any, text: str, at: str) -> object:
    try:
        return game.parse_action(state, text)
    except Exception as exc:
        raise ConformanceError(
            f"{at}: parse_action(state, {text!r}) raised {exc!r}; the text describe_action "
            "gives a legal action must read back to it"
        ) from exc


def _expect_back(read: object, action: object, text: str, at: str) -> None:
    if read != action:
        raise ConformanceError(
            f"{at}: the text {text!r} of the legal action {action!r} reads back as {read!r} "
            f"(parse_action); normalised: {normalise(text)!r}"
        )
