"""What one seat may know of a live match, as JSON for the wire.

Everything a client receives is built here, from the seat's point of view only:

- entries: each entry of the log *redacted for the seat* (:func:`boardkit.log.redact_entries`),
  the acting seat, a text of the action and the narration lines for the seat
  (:func:`boardkit.present.narration.narrate_entry`), and for an entry that ends a round
  (:class:`~boardkit.flow.RoundEnded`) the table each round ended on (:func:`rounds_of`);
- the picture: the game's ``render_svg(state, seat, highlight)`` hook, which draws the seat's view
  (kept per match, entry and viewer, and drawn off the event loop: :mod:`boardkit.server.pictures`);
- the legal actions, only for the seat that must decide now (:func:`boardkit.flow.decider`):
  each with its index in the legal list, its ``action_path`` menu labels, its text and, where
  the game offers ``action_targets``, the ids of the board elements it touches;
- scores where the game offers ``score``; in a game with hidden information they are computed on
  :meth:`~boardkit.game.Game.determinize` of the state for the seat, so that a score can never
  carry what the seat may not see;
- the result once the game is over, with its outcome in words ("a draw" for a draw).

The seed and the other seats' secrets are in none of these.

Languages: every text a reader reads (narration, the round ends' summaries, the legal actions'
texts, the outcome) is rendered in the connection's language, ``lang``
(:func:`boardkit.i18n.reading_in`), so two connections of one match may read two languages;
pictures and the wire's data are the same in every language.

Speed: a busy server sends one ``state`` frame per connection after every entry, so each piece is
built once and kept as **encoded JSON text**: an entry per (seat, entry), the legal actions and
the scores per seat for the last entry, and the whole frame per (seat, what the
connection had): every connection of a seat, and every spectator, gets the same string. Texts
also keep the garbage collector's work small (a string holds no references to scan), which
matters for the worst-case latency of a server holding many matches.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from boardkit.engine import outcome
from boardkit.flow import asked_out_of_turn, decider
from boardkit.i18n import ENGLISH, domain_of, reading_in
from boardkit.log import Entry, entry_to_json, shown_action
from boardkit.present.menus import label_reader
from boardkit.present.narration import action_text, describe, narrate_entry, states_between
from boardkit.present.rules import label_of
from boardkit.result import TRUNCATED_TEXT, Result, forfeit_result, outcome_parts
from boardkit.rng import Rng
from boardkit.rounds import has_round_end, round_ends

if TYPE_CHECKING:
    from boardkit.server.live import LiveMatch
    from boardkit.server.pictures import Picture


_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))


def encode(data: object) -> str:
    """Compact JSON text, as every frame is sent.

    orjson (part of the ``server`` extra) encodes a frame's pieces about ten times faster than
    the standard library, which matters at hundreds of frames a second. What it refuses (an
    integer beyond 64 bits, say), and everything where it is not installed, goes through the
    standard library's encoder instead; both give the same JSON values.
    """
    if _orjson is not None:
        try:
            return _orjson.dumps(data, option=_orjson.OPT_NON_STR_KEYS).decode()
        except (_orjson.JSONEncodeError, TypeError):
            pass
    return _ENCODER.encode(data)


try:  # compiled, so optional: without it every frame goes through the standard library
    import orjson as _orjson
except ImportError:  # pragma: no cover - the server extra installs it
    _orjson = None  # type: ignore[assignment]


def entry_text(live: LiveMatch, seq: int, seat: int | None, lang: str = ENGLISH) -> str:
    """Entry ``seq`` as ``seat`` may read it in ``lang``, as JSON text: the acting seat, a
    text, narration, the entry (cached per seat, entry and language: entries never change)."""
    key = (seat, seq, lang)
    cached = live.entry_cache.get(key)
    if cached is not None:
        return cached
    with reading_in(lang):
        text = _entry_text(live, seq, seat)
    live.entry_cache[key] = text
    return text


def _entry_text(live: LiveMatch, seq: int, seat: int | None) -> str:
    game = live.game
    entry = live.entries[seq]
    before = game.initial(live.match.config) if seq == 0 else live.states[seq - 1]
    data: dict[str, Any] = {
        "seq": seq,
        "player": entry.player,
        "text": action_text(game, entry, before, seat),
        "lines": narrate_entry(
            game, before, entry.events, seat, live.names, states=_states_within(live, seq)
        ),
    }
    if has_round_end(entry.events):
        data["rounds"] = rounds_of(live, seq, seat)
    return f'{encode(data)[:-1]},"entry":{_seen_entry(live, seq, seat)}}}'


def _states_within(live: LiveMatch, seq: int) -> list[Any]:
    """The state before each event of entry ``seq``, folded once for all its readers (kept
    for the entry read last: the seats and spectators read an entry one after another)."""
    entry = live.entries[seq]
    kept = live.states_within
    if kept is not None and kept[0] is entry:
        return kept[1]
    before = live.game.initial(live.match.config) if seq == 0 else live.states[seq - 1]
    states = states_between(live.game, before, entry.events)
    live.states_within = (entry, states)
    return states


def _seen_entry(live: LiveMatch, seq: int, seat: int | None) -> str:
    """Entry ``seq`` redacted for ``seat``, as JSON text. An entry that no seat's redaction
    changes (every entry of a game without secrets) is encoded once for every reader."""
    game = live.game
    entry = live.entries[seq]
    redacted = [game.redact(e, seat) for e in entry.events]
    action = shown_action(game, entry, seat)
    events = entry.events
    whole = action is entry.action and all(r is e for r, e in zip(redacted, events, strict=True))
    if whole and (kept := live.whole_entries.get(seq)) is not None:
        return kept
    text = encode(entry_to_json(game, Entry(entry.seq, entry.player, action, redacted)))
    if whole:
        live.whole_entries[seq] = text
    return text


async def entry_ready(live: LiveMatch, seq: int, seat: int | None, lang: str = ENGLISH) -> str:
    """:func:`entry_text`, built on a drawing thread when it is not kept yet and draws
    pictures (the tables of the rounds the entry ends), so that the event loop goes on."""
    cached = live.entry_cache.get((seat, seq, lang))
    if cached is not None:
        return cached
    if not (live.game.offers("render_svg") and has_round_end(live.entries[seq].events)):
        return entry_text(live, seq, seat, lang)
    return await live.pictures.run(lambda: entry_text(live, seq, seat, lang))


def rounds_of(live: LiveMatch, seq: int, seat: int | None) -> list[dict[str, Any]]:
    """The round ends of entry ``seq`` (:mod:`boardkit.rounds`) as ``seat`` may see them: the
    round, the game's summary (the marker's narration line), and the table then, as the game's
    text and its picture (``None`` for a game without one). The page shows the table a round
    ended on, which the state after the entry (the next deal, the next prize) covers."""
    game = live.game
    before = game.initial(live.match.config) if seq == 0 else live.states[seq - 1]
    events = live.entries[seq].events
    out: list[dict[str, Any]] = []
    for end in round_ends(game, before, events, seq):
        marker = game.redact(events[end.index], seat)
        drawn = game.render_svg(end.state, seat, None) if game.offers("render_svg") else None
        out.append(
            {
                "round": end.round,
                "summary": describe(game, marker, end.state, seat, live.names),
                "board": game.render_text(end.state, seat),
                "svg": drawn if isinstance(drawn, str) else None,
            }
        )
    return out


def legal_text(live: LiveMatch, lang: str = ENGLISH) -> str:
    """The legal actions of the last committed state, for the seat that decides, as JSON text
    with their texts in ``lang`` (built once per entry and language)."""
    seq = live.length - 1
    if live.legal_for != seq:
        live.legal_for, live.legal_json = seq, {}
    cached = live.legal_json.get(lang)
    if cached is None:
        with reading_in(lang):
            cached = live.legal_json[lang] = _legal_text(live, lang)
    return cached


def _legal_text(live: LiveMatch, lang: str) -> str:
    """Each legal action as ``{"i": index, …}`` (:meth:`_ItemBuilder.item`); for a game whose
    action texts read no state, items found in the server's :class:`~boardkit.server.
    actionitems.ActionItems` are not built again."""
    game = live.game
    actions = live.legal_actions()
    builder = _ItemBuilder(live)
    kept = live.action_items
    if game.action_texts_read_state or not kept.limit:
        return encode([{"i": i, **builder.item(action)} for i, action in enumerate(actions)])
    table = kept.table(game, lang)
    parts: list[str] = []
    found = 0
    for i, action in enumerate(actions):
        item = table.get(action)
        if item is None:
            item = encode(builder.item(action))[1:-1]
            kept.put(game, lang, action, item)
            table = kept.table(game, lang)  # emptied and made anew when it was full
        else:
            found += 1
        parts.append(f'{{"i":{i},{item}}}')
    kept.counted(found, len(parts))
    return "[" + ",".join(parts) + "]"


class _ItemBuilder:
    """Builds legal actions' items for one position, finding each label's reading and each
    path's rule once (paths share their labels)."""

    def __init__(self, live: LiveMatch) -> None:
        game = self.game = live.game
        self.state = live.states[-1]
        offered = game.offers("action_targets")
        self.targets: Callable[[Any, Any], tuple[str, ...]] | None = (
            game.action_targets if offered else None
        )
        self.finder = live.section_finder()
        self.read = label_reader(game)
        self.domain = domain_of(game)
        self.rules: dict[tuple[str, ...], str | None] = {}
        self.shown_of: dict[str, str] = {}

    def item(self, action: Any) -> dict[str, Any]:
        """``action``'s item without its index: its menu path, text,
        the path as the reader reads it (``shown``, where that differs), the rule the path
        names (``rule``) and its click targets (``targets``, for a game that offers them)."""
        game, state = self.game, self.state
        path = tuple(game.action_path(action, state))
        item: dict[str, Any] = {"path": list(path), "text": game.describe_action(action, state)}
        shown = []
        for label in path:
            if label not in self.shown_of:
                self.shown_of[label] = self.read(label)
            shown.append(self.shown_of[label])
        if shown != item["path"]:  # the labels as the reader reads them; typed as in "path"
            item["shown"] = shown
        if path not in self.rules:
            section = self.finder.for_path(path)
            self.rules[path] = None if section is None else label_of(section, self.domain)
        if self.rules[path] is not None:
            item["rule"] = self.rules[path]
        if self.targets is not None:
            item["targets"] = list(self.targets(action, state))
        return item


def svg_of(live: LiveMatch, seq: int, seat: int | None) -> str | None:
    """The game's picture of the state after entry ``seq`` for ``seat`` (or ``None``): the
    text of :func:`svg_json`."""
    result: str | None = json.loads(svg_json(live, seq, seat))
    return result


def svg_json(live: LiveMatch, seq: int, seat: int | None) -> str:
    """:func:`svg_of` as the JSON text a frame carries (``null`` for a game without pictures).

    Pictures are kept in the server's bounded cache per (match, entry, viewer)
    (:mod:`boardkit.server.pictures`); the server has them drawn off the event loop
    (:func:`picture_json`) before it builds a frame, so that here they are found. One not
    found is drawn here.
    """
    if not live.game.offers("render_svg"):
        return "null"
    return live.pictures.draw_here(live, seq, seat)


async def picture_json(live: LiveMatch, seq: int, seat: int | None) -> str:
    """:func:`svg_json`, drawn on a drawing thread when it is not kept: the event loop goes on
    meanwhile."""
    if not live.game.offers("render_svg"):
        return "null"
    return await live.pictures.picture(live, seq, seat)


async def tagged_picture(live: LiveMatch, seq: int, seat: int | None) -> Picture | None:
    """:func:`picture_json` with its tag (:func:`boardkit.server.pictures.picture_tag`), or
    ``None`` for a game without pictures."""
    if not live.game.offers("render_svg"):
        return None
    return await live.pictures.tagged(live, seq, seat)


async def picture(live: LiveMatch, seq: int, seat: int | None) -> str | None:
    """:func:`svg_of`, drawn off the event loop when it is not kept (:func:`picture_json`)."""
    result: str | None = json.loads(await picture_json(live, seq, seat))
    return result


def scores_of(live: LiveMatch, seat: int | None) -> list[float] | None:
    """Every seat's score now, as ``seat`` may know it, where the game offers ``score``."""
    result: list[float] | None = json.loads(scores_text(live, seat))
    return result


def scores_text(live: LiveMatch, seat: int | None) -> str:
    """:func:`scores_of` as JSON text: once per entry, or once per seat and entry in a game with
    hidden information (where each seat's scores come from its own determinized state)."""
    last = live.length - 1
    viewer = seat if live.game.hidden_information else None
    if live.scores_at != last:
        live.scores_at, live.scores_cache = last, {}
    cached = live.scores_cache.get(viewer)
    if cached is not None:
        return cached
    scores: list[float] | None = None
    if live.game.offers("score"):
        score = live.game.score
        state = live.states[-1]
        if live.game.hidden_information:
            state = live.game.determinize(state, seat, Rng(1, live.length))
        scores = [shown_score(score(state, p)) for p in range(live.match.config.players)]
    text = live.scores_cache[viewer] = encode(scores)
    return text


def shown_score(value: float) -> float:
    """A score as people read it: a whole number as an ``int`` (``3``, not ``3.0``), any other
    rounded to three decimals."""
    number = float(value)
    return int(number) if number.is_integer() else round(number, 3)


def result_of(live: LiveMatch) -> dict[str, Any] | None:
    """The outcome once the game is over, or once a seat forfeited on time (it loses, the
    others share the win: :func:`boardkit.result.forfeit_result`): the winners, the scores, the
    game's account, whether it is a draw, and ``outcome``, the words of
    :func:`boardkit.result.outcome_parts` with each winner's seat number in its place (the page
    puts the seat's name there)."""
    state = live.states[-1]
    forfeit = live.forfeit
    if forfeit is not None and not state.flow.ended:  # the match ended by a forfeit on time
        names = live.names
        who = names[forfeit.seat] if forfeit.seat < len(names) else f"seat {forfeit.seat + 1}"
        result: Result | None = forfeit_result(
            forfeit.seat, len(names), f"{who} ran out of time and forfeits"
        )
    elif not state.flow.ended:
        return None
    else:
        result = outcome(live.game, state)
    if result is None:
        return None
    return {
        "winners": list(result.winners),
        "scores": list(result.scores),
        "detail": result.detail,
        "draw": result.is_draw,
        "truncated": result.truncated,
        # a match cut off at its entry cap names no winner (boardkit.result.TRUNCATED_TEXT)
        "outcome": (
            [TRUNCATED_TEXT]
            if result.truncated
            else outcome_parts(result.winners, len(result.scores))
        ),
    }


def clock_fields(live: LiveMatch) -> dict[str, Any]:
    """The ``state`` frame's ``clock`` (each seat's time left, the running seat and its
    deadline in seconds since the epoch; see :mod:`boardkit.server.clocks`) and ``forfeit``
    (the seat that forfeited on time), each only when the match has one."""
    fields: dict[str, Any] = {}
    clock = live.clock_json(time.time())
    if clock is not None:
        fields["clock"] = clock
    if live.forfeit is not None:
        fields["forfeit"] = live.forfeit.seat
    return fields


def state_message(
    live: LiveMatch,
    seat: int | None,
    since: int,
    *,
    svg: bool,
    full: bool,
    lang: str = ENGLISH,
) -> dict[str, Any]:
    """The ``state`` frame for ``seat`` reading ``lang``: the entries after ``since`` and the
    position now.

    ``full`` marks a resync: the client must drop what it had and take this as the whole
    story (``since`` is then -1).
    """
    text = state_text(live, seat, since, svg=svg, full=full, lang=lang)
    result: dict[str, Any] = json.loads(text)
    return result


def state_text(
    live: LiveMatch,
    seat: int | None,
    since: int,
    *,
    svg: bool,
    full: bool,
    lang: str = ENGLISH,
) -> str:
    """:func:`state_message` as the JSON text sent, built once per seat, entry and language.

    Every connection of a seat that had the same entries and reads the same language (and
    every such spectator) gets the same text; the cache is emptied when the match moves on or
    its seats change.
    """
    if live.frames_at[0] != live.length or live.frames_at[1] is not live.record:
        live.frames_at, live.frames = (live.length, live.record), {}
    key = (seat, since, svg, full, lang)
    cached = live.frames.get(key)
    if cached is not None:
        return cached
    with reading_in(lang):
        text = live.frames[key] = _state_text(live, seat, since, svg=svg, full=full, lang=lang)
    return text


def _state_text(
    live: LiveMatch, seat: int | None, since: int, *, svg: bool, full: bool, lang: str
) -> str:
    last = live.length - 1
    flow = live.states[last].flow
    deciding = decider(flow)
    may_act = (
        seat is not None
        and seat == deciding
        and (live.status == "running" or flow.ended)
        and live.stand_in(seat) is None
    )
    head = encode(
        {
            "type": "state",
            "full": full,
            "seq": last,
            "status": live.status,
            "you": seat,
            "seats": live.seats_json(),
            "active": flow.active,
            "to_decide": deciding,
            "asked": asked_out_of_turn(flow, live.game.simultaneous_decisions),
            "over": bool(flow.ended),
            "verified": live.verified,
            **({} if live.note is None else {"note": live.note}),
            **clock_fields(live),
        }
    )
    parts = [
        head[:-1],
        ',"entries":[',
        ",".join(entry_text(live, s, seat, lang) for s in range(since + 1, last + 1)),
        '],"legal":',
        legal_text(live, lang) if may_act else "[]",
        ',"scores":',
        scores_text(live, seat),
        ',"result":',
        encode(result_of(live)),
    ]
    if svg:
        parts.append(picture_member(live, last, seat))
    return "".join(parts) + "}"


def picture_member(live: LiveMatch, seq: int, seat: int | None) -> str:
    """The last members of a ``state`` frame that carries pictures: the picture after entry
    ``seq`` for ``seat`` with its tag before it, ``,"svg_tag":"TAG","svg":"<svg …>"``, or
    ``,"svg":null`` (a game without pictures, or a picture of nothing).

    The tag lets a client that keeps the picture name it in a later ``view`` (``have``), and
    lets the server's permessage-deflate compress the picture once for every connection it is
    sent to (:mod:`boardkit.server.splice`, which finds it by the tag there, the frame's last
    member).
    """
    if not live.game.offers("render_svg"):
        return ',"svg":null'
    drawn = live.pictures.tagged_here(live, seq, seat)
    if drawn.text == "null":
        return ',"svg":null'
    return f',"svg_tag":"{drawn.tag}","svg":{drawn.text}'
