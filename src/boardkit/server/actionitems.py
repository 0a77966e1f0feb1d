"""Legal actions' items kept across positions, for games whose action texts read no state.

The deciding seat's frame lists every legal action with its menu path, text, the path as the
reader reads it, the rule it falls under and its click targets
(:func:`boardkit.server.views.legal_text`). Built afresh, that is several hook calls per action
and about fifty actions per Shangrila position, once per entry: the largest share of the
server's work per move. A game whose :attr:`~boardkit.game.Game.action_texts_read_state` is
false promises that those hooks read the action alone, so an action's item is the same in every
position of every match: :class:`ActionItems` keeps each one as encoded JSON text, per game
class, language and action, and a position's list then costs a look-up per action.

Bounded: past :attr:`ActionItems.limit` items the table is emptied and fills again with what
is played (a game has a few thousand distinct actions in practice; the bound stops a game with
unbounded actions from growing the server's memory).
"""

from __future__ import annotations

from typing import Any, Final

DEFAULT_LIMIT: Final = 20_000
"""Items kept by default: a few megabytes of text at most."""


class ActionItems:
    """Each legal action's item as JSON text without its index (``"path":[…],"text":…``), per
    (game class, language, action); one per server, shared by its matches."""

    def __init__(self, limit: int = DEFAULT_LIMIT) -> None:
        self.limit = limit
        """Items kept at most (0: none)."""
        self._items: dict[tuple[type, str, Any], str] = {}
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return len(self._items)

    def get(self, game: object, lang: str, action: Any) -> str | None:
        """The item kept for ``action`` of ``game`` in ``lang``, or ``None``."""
        found = self._items.get((type(game), lang, action))
        if found is None:
            self.misses += 1
        else:
            self.hits += 1
        return found

    def put(self, game: object, lang: str, action: Any, item: str) -> None:
        """Keep ``item`` for ``action`` (the table is emptied first when it is full)."""
        if len(self._items) >= self.limit:
            self._items.clear()
            if self.limit <= 0:
                return
        self._items[(type(game), lang, action)] = item
