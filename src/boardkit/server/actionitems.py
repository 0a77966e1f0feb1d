"""Legal actions' items kept across positions, for games whose action texts read no state.

The deciding seat's frame lists every legal action with its menu path, text, the path as the
reader reads it, the rule it falls under and its click targets
(:func:`boardkit.server.views.legal_text`). Built afresh, that is several hook calls per action
and about fifty actions per Shangrila position, once per entry: the largest share of the
server's work per move. A game whose :attr:`~boardkit.game.Game.action_texts_read_state` is
false promises that those hooks read the action alone, so an action's item is the same in every
position of every match: :class:`ActionItems` keeps each one as encoded JSON text, per game
class, language and action, and a position's list then costs a look-up per action.

The same table keeps each game class's :class:`~boardkit.present.rules.SectionFinder`, so that
the rule of a label is found once per server, not once per match.

Bounded: past :attr:`ActionItems.limit` items the table is emptied and fills again with what
is played (a game has a few thousand distinct actions in practice; the bound stops a game with
unbounded actions from growing the server's memory).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from boardkit.present.rules import SectionFinder, sections_of

if TYPE_CHECKING:
    from boardkit.game import Game

DEFAULT_LIMIT: Final = 20_000
"""Items kept by default: a few megabytes of text at most."""


class ActionItems:
    """Each legal action's item as JSON text without its index (``"path":[…],"text":…``), per
    (game class, language, action); one per server, shared by its matches."""

    def __init__(self, limit: int = DEFAULT_LIMIT) -> None:
        self.limit = limit
        """Items kept at most (0: none)."""
        self._tables: dict[tuple[type, str], dict[Any, str]] = {}
        self._size = 0
        self._finders: dict[type, SectionFinder] = {}
        self.hits = 0
        self.misses = 0

    def finder(self, game: Game[Any, Any]) -> SectionFinder:
        """The how-to-play sections of ``game``'s class, for the rule each legal action's path
        names: read once per server, and each label's section remembered across matches."""
        found = self._finders.get(type(game))
        if found is None:
            found = self._finders[type(game)] = SectionFinder(sections_of(game))
        return found

    def __len__(self) -> int:
        return self._size

    def table(self, game: object, lang: str) -> dict[Any, str]:
        """The items of ``game``'s class in ``lang``, by action: read it directly for many
        look-ups (one position's list), count with :meth:`counted`, add with :meth:`put`."""
        key = (type(game), lang)
        found = self._tables.get(key)
        if found is None:
            found = self._tables[key] = {}
        return found

    def get(self, game: object, lang: str, action: Any) -> str | None:
        """The item kept for ``action`` of ``game`` in ``lang``, or ``None``."""
        found = self.table(game, lang).get(action)
        self.counted(found is not None, 1)
        return found

    def counted(self, hits: int, looked_up: int) -> None:
        """Count ``hits`` found of ``looked_up`` look-ups made in a :meth:`table`."""
        self.hits += hits
        self.misses += looked_up - hits

    def put(self, game: object, lang: str, action: Any, item: str) -> None:
        """Keep ``item`` for ``action`` (every table is emptied first when they are full)."""
        if self._size >= self.limit:
            self._tables.clear()
            self._size = 0
            if self.limit <= 0:
                return
        table = self.table(game, lang)
        if action not in table:
            self._size += 1
        table[action] = item
