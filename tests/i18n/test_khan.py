"""Khan in the reader's language: its narration, its refusals and its consent question read in
German and Dutch with the rulebooks' terms, line for line as in English; English reads as it
always did; one event read by three readers in three languages."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boardkit import Match, Rng
from boardkit.cli import main
from boardkit.i18n import Message, using_language
from boardkit.present.narration import narrate_match_entry
from boardkit.present.voice import Voice
from boardkit_khan.present.absent import cell_refusal, why_not
from boardkit_khan.present.narration import event_message
from boardkit_khan.present.screen import consent_question
from boardkit_khan.rules.events import TileLaid
from tests.budget import examples

WORDS = {
    "de": ("Jurte", "Herrscher", "Karte"),
    "nl": ("yurt", "heerser", "kaart"),
}
"""Words of the rulebook in each language, of which a played game's narration has every one."""

ENGLISH_ONLY = (" puts a yurt on ", " moves from ", " draws ", "the top card is turned")


def played(seed: int, players: int, entries: int) -> Match[Any]:
    match = Match.new("khan", ["ann", "bob", "cy", "dee"][:players], seed=seed)
    rng = Rng(seed)
    while not match.is_over and len(match) < entries:
        match.play(rng.choice(match.legal_actions()))
    return match


def lines(match: Match[Any], lang: str, reader: int | None) -> list[str]:
    with using_language(lang):
        return [
            line for seq in range(len(match)) for line in narrate_match_entry(match, seq, reader)
        ]


def watched(lang: str) -> str:
    out = io.StringIO()
    code = main(
        ["watch", "khan", "-p", "2", "--seed", "3", "--cap", "40", "--lang", lang], stdout=out
    )
    assert code == 0
    return out.getvalue()


WATCHED = {
    "de": (
        "Blau setzt eine Startjurte auf D7 (Steinwüste)",
        "die Einsetzrunden beginnen",
        "die oberste Karte wird aufgedeckt: ",
        "eine neutrale Jurte aus dem Lager von Delhi kommt auf F10 (noch 4)",
        "Hohe Moral",
        "Siegpunkte",
    ),
    "nl": (
        "blauw plaatst een startyurt op D7 (Rotsige woestijn)",
        "de plaatsingsrondes beginnen",
        "de bovenste kaart wordt opengedraaid: Delhi/NW/Rotsige woestijn",
        "een neutrale yurt uit het hof van Delhi komt op F10 (nog 4)",
        "Hoge moraal",
        "overwinningspunten",
    ),
}
"""Lines of the seeded game :func:`watched` shows, in each language."""


@pytest.mark.slow  # over half a second of CPU (measured with the fast suite)
@pytest.mark.parametrize("lang", sorted(WATCHED))
def test_a_seeded_game_watched_with_lang_is_narrated_in_that_language(lang: str) -> None:
    text = watched(lang)
    for line in WATCHED[lang]:
        assert line in text, (lang, line)
    assert not any(phrase in text for phrase in ENGLISH_ONLY)


def test_english_stays_the_default_and_reads_as_before() -> None:
    out = io.StringIO()
    assert main(["watch", "khan", "-p", "2", "--seed", "3", "--cap", "40"], stdout=out) == 0
    text = out.getvalue()
    assert "blue places a start yurt on D7 (Stone desert)" in text
    assert "a neutral yurt from Delhi's camp goes on F10 (4 left)" in text


@pytest.mark.parametrize("lang", sorted(WORDS))
@settings(max_examples=examples(8), deadline=None)
@given(st.integers(0, 2**32), st.sampled_from([2, 3, 4]), st.sampled_from([None, 0, 1]))
def test_every_line_reads_in_the_language_and_as_many_as_in_english(
    lang: str, seed: int, players: int, reader: int | None
) -> None:
    match = played(seed, players, 150)
    english = lines(match, "en", reader)
    translated = lines(match, lang, reader)
    assert len(translated) == len(english)
    assert not any("{" in line or "}" in line for line in translated)
    assert not any(phrase in line for line in translated for phrase in ENGLISH_ONLY)
    text = "\n".join(translated)
    assert all(word in text for word in WORDS[lang]), (lang, WORDS[lang])
    you = {"de": "du ", "nl": "jij "}[lang]
    for en, line in zip(english, translated, strict=True):
        if en.startswith("you "):
            assert line.startswith(you), (en, line)


def test_a_conquest_is_one_message_each_reader_renders_in_their_language() -> None:
    match = played(4, 2, 400)
    seq, laid = next(
        (seq, event)
        for seq, entry in enumerate(match.log.entries)
        for event in entry.events
        if isinstance(event, TileLaid)
    )
    message = event_message(laid, match.state_at(seq - 1), Voice(None, ("ann", "bob")))
    assert isinstance(message, Message) and message.domain == "boardkit_khan"
    english, german, dutch = (message.text(lang) for lang in ("en", "de", "nl"))
    assert " conquers with the " in english or " builds the " in english
    assert " erobert " in german or " baut die " in german
    assert " verovert " in dutch or " bouwt de " in dutch
    assert "Siegpunkt" in german and "overwinningspunt" in dutch


REFUSALS = {
    "en": (
        "displacing a ruler is not possible now: the start yurts are being placed",
        "H2 is river: yurts stand on land cells only",
    ),
    "de": (
        "einen Herrscher vertreiben geht jetzt nicht: die Startjurten werden eingesetzt",
        "H2 ist Fluss: Jurten stehen nur auf Landfeldern",
    ),
    "nl": (
        "een heerser verdrijven kan nu niet: de startyurts worden geplaatst",
        "H2 is rivier: yurts staan alleen op landvakjes",
    ),
}
"""Why action B and the river cell H2 are not on offer while the start yurts are placed."""


@pytest.mark.parametrize("lang", sorted(REFUSALS))
def test_refusals_read_in_the_readers_language(lang: str) -> None:
    match = played(2, 2, 6)  # the start yurts are being placed
    state, game = match.state, match.game
    with using_language(lang):
        absent = why_not(game, state, ())
        river = cell_refusal(state, "H2")
    displace, river_text = REFUSALS[lang]
    assert absent.keys() == why_not(game, state, ()).keys()  # the labels stay as typed
    assert absent["B: displace ruler"] == displace
    assert river is not None and river.reason == river_text


TILE_WORDS = {"de": ("Plättchen", "Brücke"), "nl": ("tegel", "brug")}
"""The rulebooks' words for a conquest tile and a bridge."""


@pytest.mark.parametrize("lang", sorted(TILE_WORDS))
def test_conquest_refusals_name_the_tiles_in_the_rulebooks_terms(lang: str) -> None:
    match = played(4, 2, 400)
    state, game = match.state_at(len(match) - 12), match.game
    path = ("C: conquer",)
    with using_language(lang):
        translated = why_not(game, state, path)
    english = why_not(game, state, path)
    assert english and translated.keys() == english.keys()
    for label, reason in english.items():
        assert translated[label] != reason, (label, reason)
    assert any(any(word in reason for word in TILE_WORDS[lang]) for reason in translated.values())


def test_the_consent_question_reads_in_german() -> None:
    rng = Rng(0)
    for seed in range(40):
        match = Match.new("khan", ["ann", "bob", "cy"], seed=seed)
        while not match.is_over and len(match) < 300:
            state = match.state
            owed = state.flow.owed
            if owed and owed[0].kind == "consent":
                names = ("ann", "bob", "cy")
                with using_language("de"):
                    german = consent_question(state, owed[0].player, names)
                english = consent_question(state, owed[0].player, names)
                assert english is not None and german is not None
                assert "wants to lay the " in english
                assert " will das " in german or " will die " in german
                assert "„Schutz des Großen Khan“ braucht das deine Zustimmung" in german
                return
            match.play(rng.choice(match.legal_actions()))
    pytest.fail("no consent asked for in 40 seeded games")  # pragma: no cover


@pytest.mark.parametrize(
    ("lang", "prompt", "refusal"),
    [
        ("de", "ann [Startjurte]> ", "H2 ist Fluss: Jurten stehen nur auf Landfeldern"),
        ("nl", "ann [startyurt]> ", "H2 is rivier: yurts staan alleen op landvakjes"),
        ("en", "ann [start yurt]> ", "H2 is river: yurts stand on land cells only"),
    ],
)
def test_play_with_lang_refuses_a_cell_in_that_language(
    lang: str, prompt: str, refusal: str, tmp_path: Path
) -> None:
    out = io.StringIO()
    code = main(
        ["play", "khan", "--names", "ann,bob", "--seat", "human,first", "--seed", "1",
         "--log", str(tmp_path / "k.json"), "--lang", lang],
        stdin=io.StringIO("H2\nquit\n"),
        stdout=out,
    )  # fmt: skip
    assert code == 0
    assert f"{prompt}{refusal}" in out.getvalue()
