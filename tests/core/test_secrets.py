"""Secrets hold against a player who wants to cheat: seeds, commitments, redacted logs.

Regression tests for issue 9, "What breaks today", item 1 (the seed gives every secret away) and
the redacted-log half of the fair-play promise.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from boardkit import IllegalActionError, InvalidLogError, Log, Match, Rng
from boardkit.cli import main
from boardkit.errors import RedactedMatchError
from boardkit.log import (
    FULL,
    LogHeader,
    check_redaction,
    header_to_json,
    pinned_salt,
    seed_commitment,
)
from boardkit_khan.game import KhanGame
from boardkit_khan.rules.state import UNKNOWN_CARD

from ..khan.game_builders import through_placement

KHAN = KhanGame()


def played(seed: int | None, decisions: int = 40, players: int = 3) -> Match[Any]:
    """A Khan match played by a seeded random chooser for ``decisions`` entries."""
    match: Match[Any] = Match.new(KHAN, players, seed=seed)
    chooser = Rng(99, 5)
    for _ in range(decisions):
        if match.is_over:
            break
        match.play(chooser.choice(match.legal_actions()))
    return match


def hands(match: Match[Any]) -> tuple[object, ...]:
    """The secret deal: every hand and the draw pile once the placement rounds are over (played
    here with the first legal cell each time, so only the seed makes a difference)."""
    at_setup = Match.from_log(KHAN, Log(match.header, match.log.entries[:1]))
    cards = through_placement(at_setup).state.cards
    return (cards.hands, cards.pile)


# --- item 1: the seed no longer gives the secrets away --------------------------------------


def test_a_redacted_log_holds_no_seed_and_no_salt() -> None:
    match = played(None)
    for viewer in (0, 1, 2, None):
        doc = json.loads(match.redacted_json(viewer))
        head = doc["header"]
        assert "seed" not in head and "salt" not in head
        assert head["seed_commitment"] == match.header.seed_commitment
        assert head["viewer"] == ("spectator" if viewer is None else viewer)
        assert str(match.header.seed) not in match.redacted_json(viewer)


def test_the_seed_attack_no_longer_rebuilds_the_full_log() -> None:
    """Issue 9 item 1: replaying player 0's public history with the header's seed rebuilt every
    hand. Now there is no seed to take, and no fixed default seed to guess."""
    match = played(None)
    redacted = json.loads(match.redacted_json(0))
    assert "seed" not in redacted["header"]
    for guess in (0, 1, 2**63 - 1):  # the old default and small seeds
        rebuilt = Match.new(KHAN, 3, seed=guess)
        assert rebuilt.header.seed_commitment != match.header.seed_commitment
        assert hands(rebuilt) != hands(match)


def test_matches_without_a_seed_deal_differently() -> None:
    """No fixed default seed: two new matches draw their own 128-bit seeds."""
    one, two = Match.new(KHAN, 3), Match.new(KHAN, 3)
    assert one.config.seed != two.config.seed
    assert hands(one) != hands(two)
    assert one.header.salt != two.header.salt
    assert max(one.config.seed, two.config.seed).bit_length() > 64  # fails with p < 2**-63


def test_a_pinned_seed_is_reproducible_to_the_byte() -> None:
    assert played(1244, 10).to_json() == played(1244, 10).to_json()
    assert Match.new(KHAN, 3, seed=5).header.salt == pinned_salt(5)


def test_the_commitment_is_sha256_of_tag_salt_and_seed() -> None:
    import hashlib

    match = played(None, 0)
    head = match.header
    assert head.salt is not None and head.seed is not None
    data = b"boardkit.seed-commitment.v1\x00" + head.salt + head.seed.to_bytes(16, "big")
    assert head.seed_commitment == hashlib.sha256(data).hexdigest()
    assert seed_commitment(head.seed, head.salt) == head.seed_commitment


def test_a_changed_seed_or_salt_breaks_the_commitment() -> None:
    text = played(7, 5).to_json()
    for key, value in (("seed", "8"), ("salt", "00" * 16)):
        doc = json.loads(text)
        doc["header"][key] = value
        with pytest.raises(InvalidLogError, match="seed_commitment") as info:
            Match.from_json(json.dumps(doc))
        assert info.value.entry is None


# --- redacted logs are first-class ----------------------------------------------------------


def test_a_redacted_log_loads_as_a_read_only_replay(tmp_path: Path) -> None:
    match = played(None, 60)
    path = tmp_path / "p1.json"
    path.write_text(match.redacted_json(1), encoding="utf-8")
    mine = Match.load(path)
    assert mine.viewer == 1 and match.viewer is FULL
    assert mine.verified is False and match.verified is True
    assert len(mine) == len(match)
    for seq in range(len(match)):
        assert KHAN.view(mine.state_at(seq), 1) == KHAN.view(match.state_at(seq), 1)
        assert KHAN.view(mine.state_at(seq), None) == KHAN.view(match.state_at(seq), None)
    assert mine.view(1) == match.view(1)
    others = [s for s in range(3) if s != 1]
    assert all(set(mine.state.cards.hands[s]) <= {UNKNOWN_CARD} for s in others)
    assert mine.to_json() == match.redacted_json(1)  # saving it gives the same bytes
    assert mine.redacted_log(1) == mine.log


def test_a_redacted_replay_refuses_to_play_undo_or_show_others() -> None:
    match = played(None, 20)
    mine = Match.from_json(match.redacted_json(0))
    before = len(mine)
    with pytest.raises(RedactedMatchError, match="read-only"):
        mine.play(mine.legal_actions()[0] if mine.legal_actions() else None)
    with pytest.raises(RedactedMatchError, match="read-only"):
        mine.undo()
    with pytest.raises(RedactedMatchError, match="player 2's view"):
        mine.view(2)
    with pytest.raises(RedactedMatchError):
        mine.redacted_log(2)
    assert len(mine) == before
    assert mine.render() == match.render(0)


def test_a_spectator_log_loads_too() -> None:
    match = played(None, 30)
    seen = Match.from_json(match.redacted_json(None))
    assert seen.viewer is None and not seen.verified
    assert seen.view(None) == match.view(None)
    assert all(set(h) <= {UNKNOWN_CARD} for h in seen.state.cards.hands)


def test_check_against_ties_a_redacted_log_to_the_revealed_full_log() -> None:
    match = played(None, 40)
    full = Match.from_json(match.to_json())
    for viewer in (0, 2, None):
        mine = Match.from_json(match.redacted_json(viewer))
        mine.check_against(full)
    early = Match.from_json(played(1, 10).redacted_json(0))  # saved mid-game: a prefix
    early.check_against(Match.from_json(played(1, 30).to_json()))


def test_check_against_catches_another_deal_or_an_edited_entry() -> None:
    match = played(3, 40)
    other = played(4, 40)
    mine = Match.from_json(match.redacted_json(0))
    with pytest.raises(InvalidLogError, match="commitments differ"):
        mine.check_against(Match.from_json(other.to_json()))
    doc = json.loads(match.redacted_json(0))
    entry, event = next(
        (e, ev)
        for e in doc["entries"][1:]
        for ev in e["events"]
        if ev["type"] == "CardDrawn" and ev["card"] >= 0
    )
    event["card"] = (event["card"] + 1) % 72
    forged = Match.from_json(json.dumps(doc))  # folds: a redacted log cannot be verified alone
    with pytest.raises(InvalidLogError) as info:
        forged.check_against(Match.from_json(match.to_json()))
    assert info.value.entry == entry["seq"]
    with pytest.raises(InvalidLogError, match="not verified"):
        mine.check_against(Match.from_json(match.to_json(), verify=False))


def test_check_redaction_refuses_a_full_log_in_either_place() -> None:
    match = played(3, 5)
    with pytest.raises(InvalidLogError, match="not redacted"):
        check_redaction(KHAN, match.log, match.log)
    with pytest.raises(InvalidLogError, match="itself redacted"):
        check_redaction(KHAN, match.redacted_log(0), match.redacted_log(0))


def test_a_redacted_header_with_a_seed_is_refused() -> None:
    doc = json.loads(played(3, 2).redacted_json(0))
    doc["header"]["seed"] = "3"
    with pytest.raises(InvalidLogError, match="must not hold seed"):
        Match.from_json(json.dumps(doc))
    doc = json.loads(played(3, 2).redacted_json(0))
    doc["header"]["viewer"] = 7
    with pytest.raises(InvalidLogError, match="viewer"):
        Match.from_json(json.dumps(doc))


def test_format_1_logs_are_refused_with_what_to_do() -> None:
    doc = json.loads(played(3, 2).to_json())
    doc["boardkit_log"] = 1
    doc["header"] = {k: v for k, v in doc["header"].items() if k not in ("salt", "seed_commitment")}
    doc["header"]["seed"] = 3
    with pytest.raises(InvalidLogError, match=r"format 1 by boardkit 0\.1.*boardkit<0\.2"):
        Match.from_json(json.dumps(doc))


def test_a_header_without_seed_needs_its_commitment() -> None:
    with pytest.raises(ValueError, match="seed_commitment"):
        LogHeader("nim", "1.0", ("a", "b"), {}, None)
    head = LogHeader("nim", "1.0", ("a", "b"), {}, 3)
    assert "seed" in header_to_json(head) and "viewer" not in header_to_json(head)


# --- item 4: every action a match accepts round-trips through its own log ---------------------


@pytest.mark.parametrize("wrong", [None, 1, "1", [True], {}])
def test_khan_consent_with_a_wrong_type_is_refused(wrong: object) -> None:
    from boardkit_khan.rules.actions import Consent

    match = played(3, 0)
    with pytest.raises(IllegalActionError) as info:
        match.play(Consent(yes=wrong))  # type: ignore[arg-type]
    assert info.value.rule == "action" and "yes" in info.value.reason
    assert len(match) == 1


def test_khan_actions_with_wrong_field_types_are_illegal_not_type_errors() -> None:
    from boardkit_khan.rules.actions import Conquer, Discard, Invade, PlaceStartYurt
    from boardkit_khan.rules.placements import StackKey

    match = played(3, 0)
    cell = next(iter(match.legal_actions())).cell
    wrong: list[object] = [
        PlaceStartYurt(True),
        PlaceStartYurt(float(cell)),  # type: ignore[arg-type]
        PlaceStartYurt(str(cell)),  # type: ignore[arg-type]
        PlaceStartYurt(None),  # type: ignore[arg-type]
        Invade("1", 3),  # type: ignore[arg-type]
        Discard([1, 2]),  # type: ignore[arg-type]
        Discard((1, True)),
        Conquer("L4", 0, 0),  # type: ignore[arg-type]
        Conquer(StackKey.__new__(StackKey), 0, 0),
        "place a yurt",
        PlaceStartYurt,
    ]
    for action in wrong:
        with pytest.raises(IllegalActionError) as info:
            match.play(action)
        assert info.value.rule == "action", (action, info.value)
        assert len(str(info.value)) < 600
    match.play(PlaceStartYurt(cell))  # the right type still plays
    assert Match.from_json(match.to_json()).log == match.log


def test_a_player_argument_must_be_a_seat_number() -> None:
    match = played(3, 0)
    seat = match.to_decide
    with pytest.raises(IllegalActionError, match="seat number"):
        match.play(match.legal_actions()[0], player=float(seat))  # type: ignore[arg-type]


# --- the command line says what it verified ---------------------------------------------------


def test_replay_says_what_it_verified_and_what_it_could_not(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = played(None, 30)
    full, mine = tmp_path / "full.json", tmp_path / "p0.json"
    full.write_text(match.to_json(), encoding="utf-8")
    mine.write_text(match.redacted_json(0), encoding="utf-8")
    assert main(["replay", str(full)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "verified: the seed matches its commitment" in out
    assert main(["replay", str(mine)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "not verified: this is the log of seat 1, redacted" in out
    assert "cannot be checked until the full log is revealed" in out
    assert match.header.seed_commitment in out and str(match.header.seed) not in out
    assert main(["replay", str(mine), "--against", str(full)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "its seed matches this log's commitment" in out
    other = tmp_path / "other.json"
    other.write_text(played(None, 30).to_json(), encoding="utf-8")
    assert main(["replay", str(mine), "--against", str(other)]) == 1
    captured = capsys.readouterr()
    assert "commitments differ" in captured.err
    assert captured.out == ""  # no report of a log that then fails its check


def test_a_redacted_log_given_as_the_full_log_is_named_as_such(tmp_path: Path) -> None:
    match = played(None, 30)
    mine = Match.from_json(match.redacted_json(0))
    spectator = Match.from_json(match.redacted_json(None))
    with pytest.raises(InvalidLogError) as info:
        mine.check_against(spectator)  # said "the full log was not verified"
    assert info.value.reason == (
        "the log given as the full log is redacted too (the log of a spectator); "
        "only the full log has the seed"
    )


def test_play_refuses_to_resume_a_redacted_log_and_leaves_it_untouched(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    match = played(None, 30)
    full, mine = tmp_path / "full.json", tmp_path / "p0.json"
    full.write_text(match.to_json(), encoding="utf-8")
    mine.write_text(match.redacted_json(0), encoding="utf-8")
    before = mine.read_bytes()
    assert main(["play", "--resume", str(mine)], stdin=io.StringIO("")) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith(f"error: {mine} is the log of seat 1, redacted: it holds")
    # the session once saved the file again, with a header the full log no longer matched
    assert mine.read_bytes() == before
    assert main(["replay", str(mine), "--against", str(full)]) == 0


def test_replay_refuses_against_for_a_full_log_before_reporting_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    full = tmp_path / "full.json"
    full.write_text(played(None, 30).to_json(), encoding="utf-8")
    assert main(["replay", str(full), "--against", str(full)]) == 2
    captured = capsys.readouterr()
    assert captured.err == "error: --against checks a redacted log; LOG is a full log\n"
    assert captured.out == ""
