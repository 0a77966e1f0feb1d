"""High-card swap whose action texts read the position: a swap says how high the discard pile
is, so a text worded in the wrong state (the one after the entry) says another number."""

from __future__ import annotations

from boardkit.examples.highcard import HighCardAction, HighCardGame, HighCardState, Stand


class PileHighCard(HighCardGame):
    """``swap 5 onto 2 discards``: the count of the pile the card is laid on."""

    name = "pile-highcard"

    def describe_action(self, action: HighCardAction, state: HighCardState | None = None) -> str:
        text = super().describe_action(action, state)
        if state is None or isinstance(action, Stand):
            return text
        return f"{text} onto {len(state.discards)} discards"
