"""Undo by consent: whether a seat's last decision may be taken back, decided from the log.

A player who misclicks asks to take back his last decision. That decision, and every entry
after it (the others' replies), would be dropped, and the match would go on from the state
before it. That is fair only if nobody learned anything in those entries that a second try
could use, so the rule refuses to go back over:

- **a random outcome.** Each dropped entry is played again from the state before it with a
  :class:`~boardkit.chance.ChanceRng` that holds no outcomes: an entry that draws (a die, a
  shuffle, the top card of a pile shuffled now) asks for one and is refused ("entry 12 drew a
  random outcome"). Replaying an entry gives the same events by the engine's contract, so the
  answer is the log's, not a guess.
- **hidden information shown to a seat.** In a game with hidden information
  (:attr:`Game.hidden_information <boardkit.game.Game.hidden_information>`), each dropped entry
  is also played from twins of the state before it, one seat at a time: ``game.determinize``
  re-draws everything that seat cannot see, and the same action is played there. When the
  seat's view after the entry differs between the real state and a twin (or the action cannot
  be played in the twin), the entry told the seat something it did not know (a sealed bid
  turned up, a card from a pile, a hand shown), and it is refused ("entry 7 showed player 1
  something hidden"). This is the test the conformance kit's leak check uses to tell that a
  player "legitimately learned something" (:mod:`boardkit.testing.secrets`); it relies on the
  game's own views and determinization, never on a list of a game's events.

The twins are drawn from a fixed stream (``TWINS`` of them per seat and entry), so the answer
for a log is always the same. A game whose secret stays within a few possibilities might, in
principle, give twins that all agree with the real state by chance; with ``TWINS`` twins and
two equally likely possibilities that happens once in 65,536.

Nothing else is refused: a decision in the open, or a secret choice that stays secret (a bid
placed face down while others still bid), may be taken back, and playing it again gives the
same state as before (:func:`take_back` and :meth:`Match.play <boardkit.match.Match.play>`).

Who must agree is the front end's business: the server asks every other seat, the terminal's
hot-seat play needs no one's consent (everyone sits at the one keyboard) but follows the same
rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from attrs import frozen

from boardkit import engine
from boardkit.chance import ChanceNeeded, ChanceRng
from boardkit.errors import BoardkitError, UndoRefusedError
from boardkit.i18n import Messages
from boardkit.match import Match
from boardkit.rng import Rng

_t = Messages("boardkit").text
"""A refusal's reason, in the language of the reader it is for (a terminal's, a server
connection's)."""

TWINS = 16
"""How many twin states each seat's view is compared on, per dropped entry."""

_TWIN_SEED = 0x5EED_0F_7A1E
"""The fixed seed the twins are drawn from (the stream is the entry's number)."""


@frozen
class Takeback:
    """What taking back ``player``'s last decision drops: entries ``first`` to the end."""

    player: int
    first: int
    """The entry of ``player``'s last decision."""
    last: int
    """The last entry of the log, dropped too."""
    seats: tuple[int, ...]
    """The seats with a decision among the dropped entries, ``player`` first."""

    @property
    def count(self) -> int:
        """How many entries are dropped."""
        return self.last - self.first + 1


def last_decision(match: Match[Any, Any], player: int) -> int | None:
    """The entry of ``player``'s last decision, ``None`` when he has made none."""
    entries = match.entries
    for seq in range(len(entries) - 1, 0, -1):  # from the end: most often a few entries back
        if entries[seq].player == player:
            return seq
    return None


def entry_refusal(match: Match[Any, Any], seq: int) -> str | None:
    """Why entry ``seq`` of ``match`` may not be gone back over, or ``None`` when it may.

    ``"entry 12 drew a random outcome"`` or ``"entry 7 showed player 1 something hidden"``
    (seats numbered from 1, as people read them). The setup entry, or a number the log does
    not have, raises :class:`~boardkit.errors.UndoRefusedError`.
    """
    entries = match.entries
    if not 1 <= seq < len(entries):
        raise UndoRefusedError(f"no entry {seq} to take back", seq)
    entry = entries[seq]
    game = match.game
    before = match.state_at(seq - 1)
    cut_off = engine.cut_off_at(match.config, seq)
    try:
        after, _ = engine.step(game, before, entry.player, entry.action, ChanceRng(), cut_off)
    except ChanceNeeded:
        return _t("entry {seq} drew a random outcome", seq=seq)
    if not game.hidden_information:
        return None
    rng = Rng(_TWIN_SEED, seq)
    for seat in range(match.config.players):
        seen = game.view(after, seat)
        for _ in range(TWINS):
            twin = game.determinize(before, seat, rng)
            try:
                twin_after, _ = engine.step(
                    game, twin, entry.player, entry.action, ChanceRng(), cut_off
                )
            except BoardkitError:
                return _hidden(seq, seat)
            if game.view(twin_after, seat) != seen:
                return _hidden(seq, seat)
    return None


def _hidden(seq: int, seat: int) -> str:
    return _t("entry {seq} showed player {number} something hidden", seq=seq, number=seat + 1)


def check_takeback(match: Match[Any, Any], player: int) -> Takeback:
    """What taking back ``player``'s last decision would drop, when the rule allows it.

    Raises :class:`~boardkit.errors.UndoRefusedError` naming why not: the match is over or read
    only, ``player`` is no seat or has made no decision yet, or a dropped entry drew a random
    outcome or showed a seat something hidden (:func:`entry_refusal`, the first such entry).
    """
    players = match.config.players
    if type(player) is not int or not 0 <= player < players:
        raise UndoRefusedError(f"there is no player {player!r:.20} in a {players}-player match")
    if match.header.is_redacted:
        raise UndoRefusedError("a match read from a redacted log cannot take anything back")
    if match.state.flow.ended:
        raise UndoRefusedError(_t("the match is over; its last decision stands"))
    first = last_decision(match, player)
    if first is None:
        raise UndoRefusedError(_t("player {number} has made no decision yet", number=player + 1))
    entries = match.entries
    for seq in range(first, len(entries)):
        reason = entry_refusal(match, seq)
        if reason is not None:
            raise UndoRefusedError(reason, seq)
    seats = _seats_of(player, [e.player for e in entries[first:]])
    return Takeback(player, first, len(entries) - 1, seats)


def undo_refusal(match: Match[Any, Any], player: int) -> str | None:
    """Why ``player`` may not take back his last decision, or ``None`` when he may."""
    try:
        check_takeback(match, player)
    except UndoRefusedError as exc:
        return exc.reason
    return None


def take_back(match: Match[Any, Any], player: int) -> Takeback:
    """Take back ``player``'s last decision and every entry after it, when the rule allows it
    (:func:`check_takeback`, whose error it raises and then changes nothing)."""
    takeback = check_takeback(match, player)
    match.undo(takeback.count)
    return takeback


def _seats_of(player: int, deciders: Sequence[int | None]) -> tuple[int, ...]:
    others = sorted({p for p in deciders if p is not None and p != player})
    return (player, *others)
