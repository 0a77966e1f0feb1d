"""Match: playing, the log and its JSON, replay and verification, time travel and undo."""

from __future__ import annotations

import enum
import json

import pytest
from attrs import evolve, frozen

from boardkit import (
    IllegalActionError,
    InvalidLogError,
    Match,
    UndoError,
    engine,
)
from boardkit.codec import CodecError, TaggedCodec, make_converter
from boardkit.examples.nim import NimGame, NimState, Take
from boardkit.log import FULL, LogHeader, header_to_json, pinned_salt
from boardkit.match import SNAPSHOT_EVERY
from boardkit.rng import Rng


def play_out(match: Match[NimState], seed: int = 0) -> Match[NimState]:
    rng = Rng(seed)
    while not match.is_over:
        match.play(rng.choice(match.legal_actions()))
    return match


def finished(seed: int = 3, stones: int = 21) -> Match[NimState]:
    return play_out(Match.new(NimGame(), 2, {"stones": stones}, seed=seed), seed)


def test_play_returns_the_events_and_records_them() -> None:
    match = Match.new("nim", ["ann", "bob"], seed=5)
    who = match.to_decide
    events = match.play(Take(2))
    assert match.log.entries[-1].events == events
    assert match.log.entries[-1].player == who
    assert match.state.stones == 13
    assert match.log.header.players == ("ann", "bob")


def test_illegal_action_changes_nothing() -> None:
    match = Match.new("nim", 2, seed=1)
    before, length = match.state, len(match)
    with pytest.raises(IllegalActionError) as info:
        match.play(Take(7))
    assert info.value.rule == "take"
    assert match.state is before and len(match) == length


def test_same_seed_same_actions_same_bytes() -> None:
    assert finished(9).to_json() == finished(9).to_json()
    assert finished(9).to_json() != finished(10).to_json()


def test_replay_and_verify_give_the_live_state() -> None:
    match = finished()
    text = match.to_json()
    for verify in (True, False):
        again = Match.from_json(text, NimGame(), verify=verify)
        assert again.state == match.state
        assert again.to_json() == text


def test_save_and_load(tmp_path: object) -> None:
    import pathlib

    path = pathlib.Path(str(tmp_path)) / "game.json"
    match = finished()
    match.save(path)
    assert Match.load(path).state == match.state


def _doc(match: Match[NimState]) -> dict[str, object]:
    return json.loads(match.to_json())  # type: ignore[no-any-return]


def _refused(doc: object, entry: int | None, words: str) -> None:
    with pytest.raises(InvalidLogError) as info:
        Match.from_json(json.dumps(doc), NimGame())
    assert info.value.entry == entry
    assert words in str(info.value)


def test_forged_event_is_refused_at_its_entry() -> None:
    doc = _doc(finished())
    event = doc["entries"][2]["events"][0]  # type: ignore[index]
    event["count"] = event["count"] % 3 + 1  # another count from 1 to 3
    _refused(doc, 2, "recorded as")


def test_forged_action_is_refused() -> None:
    doc = _doc(finished())
    doc["entries"][1]["action"]["count"] = 9  # type: ignore[index]
    _refused(doc, 1, "illegal action")


def test_wrong_player_is_refused() -> None:
    doc = _doc(finished())
    doc["entries"][1]["player"] = 1 - doc["entries"][1]["player"]  # type: ignore[index]
    _refused(doc, 1, "decides")


def test_truncated_and_garbled_logs_are_refused() -> None:
    text = finished().to_json()
    with pytest.raises(InvalidLogError, match="not valid JSON"):
        Match.from_json(text[: len(text) // 2], NimGame())
    with pytest.raises(InvalidLogError, match="not a boardkit log"):
        Match.from_json("[1, 2]", NimGame())


def test_type_confusion_is_refused() -> None:
    doc = _doc(finished())
    doc["entries"][1]["action"]["count"] = "2"  # type: ignore[index]
    _refused(doc, 1, "expected int")
    doc = _doc(finished())
    doc["entries"][1]["action"]["extra"] = 1  # type: ignore[index]
    _refused(doc, 1, "extra")
    doc = _doc(finished())
    doc["entries"][1]["events"][0]["type"] = "Nonsense"  # type: ignore[index]
    _refused(doc, 1, "unknown event type")


def test_sequence_numbers_must_count_up() -> None:
    doc = _doc(finished())
    doc["entries"][2]["seq"] = 7  # type: ignore[index]
    _refused(doc, 2, "sequence number 7")


def test_other_game_newer_format_newer_version() -> None:
    doc = _doc(finished())
    doc["header"]["game"] = "khan"  # type: ignore[index]
    _refused(doc, None, "written for game 'khan'")
    doc = _doc(finished())
    doc["boardkit_log"] = 3
    _refused(doc, None, "log format 3")
    doc = _doc(finished())
    doc["header"]["game_version"] = "9.0"  # type: ignore[index]
    _refused(doc, None, "newer than the installed")


def test_header_with_bad_options_is_refused() -> None:
    doc = _doc(finished())
    doc["header"]["options"]["colour"] = "red"  # type: ignore[index]
    _refused(doc, None, "unknown option")
    doc = _doc(finished())
    doc["header"]["players"] = ["solo"]  # type: ignore[index]
    _refused(doc, None, "allowed: 2, 3, 4")


def test_changed_seed_is_caught_by_the_commitment() -> None:
    doc = _doc(finished(seed=3))
    doc["header"]["seed"] = "4"  # type: ignore[index]
    _refused(doc, None, "do not give the seed_commitment")


def test_changed_seed_is_caught_at_setup() -> None:
    """A forger who rewrites seed, salt and commitment together is caught by the events."""
    match = finished(seed=3)
    doc = _doc(match)
    head = match.header
    forged = LogHeader(head.game, head.game_version, head.players, head.options, 4)
    doc["header"] = header_to_json(forged)
    # seed 4 may draw the same start player; then entry 1 or later must disagree instead
    try:
        again = Match.from_json(json.dumps(doc), NimGame())
    except InvalidLogError as exc:
        assert exc.entry is not None
    else:
        assert again.state.starter == match.state.starter


def test_extra_entry_after_the_end_is_refused() -> None:
    doc = _doc(finished())
    entries = doc["entries"]
    assert isinstance(entries, list)
    extra = dict(entries[-1], seq=len(entries))
    entries.append(extra)
    _refused(doc, len(entries) - 1, "after the end")


def test_state_at_matches_replay_on_a_long_log() -> None:
    match = play_out(Match.new(NimGame(), 2, {"stones": 600, "max_take": 2}, seed=2))
    assert len(match) > 3 * SNAPSHOT_EVERY
    assert match.state_at(len(match) - 1) == match.state
    for k in (0, 1, SNAPSHOT_EVERY - 1, SNAPSHOT_EVERY, 2 * SNAPSHOT_EVERY + 5):
        assert match.state_at(k).stones == 600 - sum(
            e.action.count for e in match.log.entries[1 : k + 1]
        )
    with pytest.raises(UndoError):
        match.state_at(len(match))


def test_undo_returns_to_the_earlier_state_and_redo_is_identical() -> None:
    match = finished(stones=30)
    full = match.to_json()
    actions = match.log.actions
    match.undo(5)
    assert len(match) == len(actions) + 1 - 5
    assert match.state == match.state_at(len(match) - 1)
    for player, action in actions[-5:]:
        match.play(action, player)
    assert match.to_json() == full
    with pytest.raises(UndoError):
        match.undo(len(match))


def test_redacted_log_of_a_public_game_is_the_log_without_its_seed() -> None:
    match = finished()
    redacted = match.redacted_log(0)
    assert redacted.entries == match.log.entries
    assert redacted.header.seed is None and redacted.header.salt is None
    assert redacted.header.seed_commitment == match.header.seed_commitment


class Dir(enum.IntEnum):
    N = 0
    E = 1


@frozen
class Moved:
    direction: Dir
    steps: int


def test_codec_keeps_int_enums_and_refuses_bad_members() -> None:
    codec = TaggedCodec(make_converter(), (Moved,), "event")
    data = codec.dump(Moved(Dir.E, 2))
    assert data == {"type": "Moved", "direction": 1, "steps": 2}
    back = codec.load(data)
    assert isinstance(back, Moved) and back == Moved(Dir.E, 2)
    assert type(back.direction) is Dir
    with pytest.raises(CodecError, match="not a Dir"):
        codec.load({"type": "Moved", "direction": 5, "steps": 2})


def test_legal_actions_are_the_games_own_sequence_not_a_copy() -> None:
    from boardkit_shangrila.game import ShangrilaGame
    from boardkit_shangrila.rules.listing import LegalActions

    match = Match.new(ShangrilaGame(), 3, seed=5)
    actions = match.legal_actions()
    assert type(actions) is LegalActions  # lazy: no action object built by asking
    assert list(actions) == list(match.game.legal_actions(match.state))
    finished = play_out(Match.new(NimGame(), 2, seed=1))
    assert list(finished.legal_actions()) == []


class _CountingNim(NimGame):
    def __init__(self) -> None:
        self.calls = 0

    def reduce(self, state: NimState, event: object) -> NimState:
        self.calls += 1
        return super().reduce(state, event)


def test_stepping_through_a_log_folds_one_entry_per_step() -> None:
    game = _CountingNim()
    match = play_out(Match.new(game, 2, {"stones": 200, "max_take": 2}, seed=3))
    start = SNAPSHOT_EVERY + 5
    match.state_at(start)
    for seq in range(start + 1, start + 40):
        before = game.calls
        match.state_at(seq)
        assert game.calls - before == len(match.log.entries[seq].events)


def test_state_at_agrees_with_folding_from_the_start_in_any_order_and_after_undo() -> None:
    match = play_out(Match.new(NimGame(), 2, {"stones": 200, "max_take": 2}, seed=3))
    entries = match.log.entries

    def folded(seq: int) -> object:
        state = match.game.initial(match.config)
        for entry in entries[: seq + 1]:
            state = engine.fold(match.game, state, entry.events)
        return state

    rng = Rng(9)
    for seq in [5, 6, 7, 3, 70, 71, 64, 63, 130, 129, len(entries) - 1, 0, 1] + [
        rng.below(len(entries)) for _ in range(20)
    ]:
        assert match.state_at(seq) == folded(seq), seq
    match.state_at(100)
    match.undo(len(entries) - 90)
    assert match.state == folded(89)
    match.play(match.legal_actions()[0])
    assert match.state_at(len(match) - 2) == folded(89)


def test_an_action_checked_once_is_remembered_but_an_equal_one_of_another_type_is_not() -> None:
    """The memo of checked actions is keyed by value: an equal action (another object) passes
    without a JSON round trip, an equal one of other field types is still refused."""
    from unittest import mock

    from boardkit import action_check
    from boardkit.action_check import check_action

    game = NimGame()
    shared = Take(1)
    check_action(game, shared)
    with mock.patch.object(action_check, "codec_for", side_effect=AssertionError("round trip")):
        check_action(game, shared)  # remembered: passes again, no round trip
        check_action(game, Take(1))  # an equal new object too
        assert Take(True) == shared  # equal (True == 1), yet of another type
        with pytest.raises(AssertionError, match="round trip"):
            check_action(game, Take(True))
    with pytest.raises(IllegalActionError, match="expected int, got True"):
        check_action(game, Take(True))
    match = Match.new(game, 2, seed=1)
    with pytest.raises(IllegalActionError, match="expected int, got True"):
        match.play(Take(True))


def test_a_new_matchs_header_is_made_when_first_read() -> None:
    """Match.new defers the header (the commitment's hash) to its first reading: what is read
    is the header an eager build gives, the same object each time, and a header set by
    hand replaces it."""
    pinned = Match.new(NimGame(), ["ann", "bob"], {"stones": 9}, seed=41)
    assert pinned._header is None and pinned.viewer is FULL
    header = pinned.header
    assert header == LogHeader(
        "nim", NimGame.version, ("ann", "bob"), {"max_take": 3, "stones": 9}, 41
    )
    assert pinned.header is header and header.commitment_holds()
    fresh = Match.new(NimGame(), 2)
    assert fresh.header.commitment_holds() and fresh.header.seed == fresh.config.seed
    assert fresh.header.salt != pinned_salt(fresh.config.seed)  # a drawn salt, not the pinned one
    pinned.header = evolve(header, seats=("human", "random"))
    assert pinned.header.seats == ("human", "random")
    assert Match.from_json(pinned.to_json()).header == pinned.header
