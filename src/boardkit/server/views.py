"""What one seat may know of a live match, as JSON for the wire.

Everything a client receives is built here, from the seat's point of view only:

- entries: each entry of the log *redacted for the seat* (:func:`boardkit.log.redact_entries`),
  the acting seat, a text of the action and the narration lines for the seat
  (:func:`boardkit.narration.narrate_entry`);
- the picture: the game's ``render_svg(state, seat, highlight)`` hook, which draws the seat's view;
- the legal actions, only for the seat that must decide now (:func:`boardkit.flow.decider`):
  each with its index in the legal list, its ``action_path`` menu labels, its text and, where
  the game offers ``action_targets``, the ids of the board elements it touches;
- scores where the game offers ``score``; in a game with hidden information they are computed on
  :meth:`~boardkit.game.Game.determinize` of the state for the seat, so that a score can never
  carry what the seat may not see;
- the result once the game is over.

The seed and the other seats' secrets are in none of these.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from boardkit.flow import decider
from boardkit.log import Entry, entry_to_json
from boardkit.narration import narrate_entry
from boardkit.rng import Rng

if TYPE_CHECKING:
    from boardkit.server.service import LiveMatch


def entry_payload(live: LiveMatch, seq: int, seat: int | None) -> dict[str, Any]:
    """Entry ``seq`` as ``seat`` may read it (cached per seat and entry)."""
    key = (seat, seq)
    cached = live.entry_cache.get(key)
    if cached is not None:
        return cached
    game = live.game
    entry = live.entries[seq]
    before = game.initial(live.match.config) if seq == 0 else live.states[seq - 1]
    redacted = [game.redact(e, seat) for e in entry.events]
    seen = Entry(entry.seq, entry.player, entry.action, redacted)
    payload = {
        "seq": seq,
        "player": entry.player,
        "text": None if entry.action is None else game.describe_action(entry.action, before),
        "lines": narrate_entry(game, before, entry.events, seat, live.names),
        "entry": entry_to_json(game, seen),
    }
    live.entry_cache[key] = payload
    return payload


def legal_payload(live: LiveMatch) -> list[dict[str, Any]]:
    """The legal actions of the last committed state, for the seat that decides (cached)."""
    seq = live.length - 1
    if live.legal_for == seq:
        return live.legal_json
    game = live.game
    state = live.states[-1]
    actions = live.legal_actions()
    offered = game.offers("action_targets")
    targets: Callable[[Any, Any], tuple[str, ...]] | None = game.action_targets if offered else None
    out: list[dict[str, Any]] = []
    for i, action in enumerate(actions):
        item: dict[str, Any] = {
            "i": i,
            "path": list(game.action_path(action, state)),
            "text": game.describe_action(action, state),
        }
        if targets is not None:
            item["targets"] = list(targets(action, state))
        out.append(item)
    live.legal_for, live.legal_json = seq, out
    return out


def svg_of(live: LiveMatch, seq: int, seat: int | None) -> str | None:
    """The game's picture of the state after entry ``seq`` for ``seat`` (or ``None``)."""
    if not live.game.offers("render_svg"):
        return None
    draw = live.game.render_svg
    key = (seat, seq)
    if live.svg_cache[0] == key:
        return live.svg_cache[1]
    highlight = live.entries[seq].action if seq > 0 else None
    picture = draw(live.states[seq], seat, highlight)
    if not isinstance(picture, str):
        return None
    if seq == live.length - 1:
        live.svg_cache = (key, picture)
    return picture


def scores_of(live: LiveMatch, seat: int | None) -> list[float] | None:
    """Every seat's score now, as ``seat`` may know it, where the game offers ``score``."""
    if not live.game.offers("score"):
        return None
    score = live.game.score
    state = live.states[-1]
    if live.game.hidden_information:
        state = live.game.determinize(state, seat, Rng(1, live.length))
    return [round(float(score(state, p)), 3) for p in range(live.match.config.players)]


def result_of(live: LiveMatch) -> dict[str, Any] | None:
    """The outcome once the game is over."""
    state = live.states[-1]
    if not state.flow.ended:
        return None
    result = live.game.result(state)
    if result is None:
        return None
    return {"winners": list(result.winners), "scores": list(result.scores), "detail": result.detail}


def state_message(
    live: LiveMatch, seat: int | None, since: int, *, svg: bool, full: bool
) -> dict[str, Any]:
    """The ``state`` frame for ``seat``: the entries after ``since`` and the position now.

    ``full`` marks a resync: the client must drop what it had and take this as the whole
    story (``since`` is then -1).
    """
    last = live.length - 1
    state = live.states[last]
    flow = state.flow
    deciding = decider(flow)
    msg: dict[str, Any] = {
        "type": "state",
        "full": full,
        "seq": last,
        "status": live.status,
        "you": seat,
        "seats": live.seats_json(),
        "active": flow.active,
        "to_decide": deciding,
        "over": bool(flow.ended),
        "entries": [entry_payload(live, s, seat) for s in range(since + 1, last + 1)],
        "legal": legal_payload(live) if seat is not None and seat == deciding else [],
        "scores": scores_of(live, seat),
        "result": result_of(live),
    }
    if live.status != "running" and not flow.ended:
        msg["legal"] = []
    if svg:
        msg["svg"] = svg_of(live, last, seat)
    return msg
