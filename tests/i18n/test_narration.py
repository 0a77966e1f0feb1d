"""Narration in the reader's language: Shangrila's lines and refusals are messages rendered in
German and Dutch, the framework's flow lines too, and English reads as it always did."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from boardkit import Match, Rng
from boardkit.i18n import Message, using_language
from boardkit.present.narration import narrate_match_entry
from boardkit.present.voice import Voice
from boardkit_shangrila.present.narration import event_message
from tests.budget import examples


def played(seed: int, entries: int) -> Match[Any]:
    match = Match.new("shangrila", ["ann", "bob", "cy"], seed=seed)
    rng = Rng(seed)
    while not match.is_over and len(match) < entries:
        match.play(rng.choice(match.legal_actions()))
    return match


def lines(match: Match[Any], lang: str, reader: int | None) -> list[str]:
    with using_language(lang):
        return [
            line for seq in range(len(match)) for line in narrate_match_entry(match, seq, reader)
        ]


@settings(max_examples=examples(10), deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([None, 0, 1]))
def test_every_line_reads_in_german_and_as_many_as_in_english(
    seed: int, reader: int | None
) -> None:
    match = played(seed, 60)
    english, german = lines(match, "en", reader), lines(match, "de", reader)
    assert len(german) == len(english)
    assert not any("{" in line for line in german)
    for en, de in zip(english, german, strict=True):
        if en.startswith(("turn ", "you (")):  # worded differently in every language
            assert de.startswith(("Zug ", "du (")), (en, de)
    assert any(" Dorf " in line for line in german)
    assert not any(" village " in line for line in german)


@settings(max_examples=examples(10), deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([None, 0, 1]))
def test_every_line_reads_in_dutch_and_no_english_line_leaks(seed: int, reader: int | None) -> None:
    match = played(seed, 60)
    english, dutch = lines(match, "en", reader), lines(match, "nl", reader)
    assert len(dutch) == len(english)
    assert not any("{" in line for line in dutch)
    for en, nl in zip(english, dutch, strict=True):
        if en.startswith(("turn ", "you (")):  # worded differently in every language
            assert nl.startswith(("beurt ", "jij (")), (en, nl)
        if " village " in en:  # every line that names a village reads in Dutch
            assert " dorp " in nl and nl != en, (en, nl)
    assert any(" dorp " in line for line in dutch)
    assert not any(" village " in line or "'s turn" in line for line in dutch)


def test_the_phases_begin_in_the_readers_language() -> None:
    """Shangrila words its own phases (the framework's line would name a phase by its id,
    "de fase placement begint")."""
    match = played(7, 60)
    for lang, placement, main in (
        ("en", "the placement phase begins", "the main phase begins"),
        ("de", "die Einsetzphase beginnt", "die Hauptphase beginnt"),
        ("nl", "de inzetfase begint", "de hoofdfase begint"),
    ):
        read = [line.lower() for line in lines(match, lang, 1)]
        assert placement.lower() in read and main.lower() in read, (lang, read[:3])
        if lang != "en":
            assert not any("placement" in line or " main " in line for line in read)


def test_the_events_are_messages_with_parameters_for_each_client_to_render() -> None:
    match = played(3, 20)
    entry = match.log.entries[-1]
    state = match.state_at(len(match) - 2)
    messages = [
        event_message(event, state, Voice(None, ("ann", "bob", "cy"))) for event in entry.events
    ]
    assert any(isinstance(message, Message) for message in messages)
    for message in messages:
        if message is not None:
            assert message.text("en") != message.text("de")


def test_a_reader_of_their_own_colour_is_du_in_german() -> None:
    match = played(5, 12)
    for seat in range(3):
        german = lines(match, "de", seat)
        english = lines(match, "en", seat)
        ours = [de for en, de in zip(english, german, strict=True) if en.startswith("you (")]
        assert all(line.startswith("du (") for line in ours)


def test_shangrilas_refusals_read_in_german_and_as_before_in_english() -> None:
    match = played(3, 30)
    game, state = match.game, match.state
    english = game.why_not(state, ("journey",))
    with using_language("de"):
        german = game.why_not(state, ("journey",))
        recruit = game.why_not(state, ("recruit students",))
    assert english["from 0"] == "blue has no student in village 0"
    assert german["from 0"] == "Blau hat keinen Schüler in Dorf 0"
    assert german["from 2"] == "das rote Dorf ist bei drei Spielern nicht im Spiel"
    assert german.keys() == english.keys()
    assert recruit["Healer @ 0"] == "Blau hat keinen Meister der Gilde Heiler in Dorf 0"
