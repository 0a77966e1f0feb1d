"""boardkit.i18n: messages as ids with parameters, read in the reader's language; the language
from the environment; English where a catalogue has nothing."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardkit.errors import InvalidOptionsError
from boardkit.i18n import (
    LANGUAGES,
    Message,
    Messages,
    language,
    locale_language,
    normal_language,
    set_language,
    using_language,
)

_m = Messages("boardkit")


def test_a_message_reads_in_each_language_with_its_parameters() -> None:
    over = _m("game over: {outcome}", outcome="ann")
    assert over.text("en") == "game over: ann"
    assert over.text("de") == "Spielende: ann"
    assert over.text("nl") == "einde van het spel: ann"


def test_parameters_that_are_messages_read_in_the_same_language() -> None:
    red = Message("boardkit_shangrila", "red")
    params: dict[str, str | int | Message] = {"turn": 4, "colour": red}
    line = Message("boardkit_shangrila", "turn {turn}: {colour}'s turn", params)
    assert line.text("en") == "turn 4: red's turn"
    assert line.text("de") == "Zug 4: Rot ist dran"
    assert line.text("nl") == "beurt 4: rood is aan de beurt"


def test_a_message_no_catalogue_has_reads_in_english() -> None:
    assert _m("no such message {x}", x=1).text("de") == "no such message 1"
    # a language the package is not translated to (no language boardkit knows: rendered directly)
    assert Message("boardkit_shangrila", "red").text("fr") == "red"
    assert Message("boardkit_shangrila", "red").text("nl") == "rood"


def test_equal_messages_are_equal_whatever_the_order_of_their_parameters() -> None:
    a = Message("boardkit", "{first} and {last}", {"first": "a", "last": "b"})
    b = Message("boardkit", "{first} and {last}", {"last": "b", "first": "a"})
    assert a == b and hash(a) == hash(b)


def test_the_chosen_language_applies_until_the_block_ends() -> None:
    assert language() == "en"
    with using_language("de_DE.UTF-8"):
        assert language() == "de"
        assert str(_m("a draw")) == "unentschieden"
        with using_language("nl"):
            assert _m.text("a draw") == "gelijkspel"
        assert language() == "de"
    assert language() == "en" and str(_m("a draw")) == "a draw"


def test_an_unknown_language_is_refused_with_the_ones_there_are() -> None:
    with pytest.raises(InvalidOptionsError, match=r"'fr'.*en, de, nl"):
        set_language("fr")
    assert language() == "en"


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "de_DE.UTF-8", "LC_ALL": "nl_NL.UTF-8"}, "nl"),
        ({"LC_MESSAGES": "nl_BE", "LANG": "de_AT"}, "nl"),
        ({"LANGUAGE": "fr:nl:de", "LANG": "de_DE"}, "nl"),  # the first one there are texts in
        ({"LANGUAGE": "fr", "LANG": "de_DE"}, "de"),
        ({"LC_ALL": "fr_FR", "LANG": "de_DE"}, "en"),  # LC_ALL decides, and we have no French
        ({"LANG": "POSIX"}, "en"),
    ],
)
def test_the_locale_language_is_read_as_gettext_reads_it(
    environ: dict[str, str], expected: str
) -> None:
    assert locale_language(environ) == expected


@given(st.sampled_from(LANGUAGES), st.sampled_from(["", "_XX", "_XX.UTF-8", "@euro", "-XX"]))
def test_a_language_names_itself_with_region_and_encoding(code: str, tail: str) -> None:
    assert normal_language(code.upper() + tail) == code


def test_reading_in_is_one_threads_reader_and_leaves_the_process_choice() -> None:
    import threading

    from boardkit.i18n import language, reading_in, set_language

    seen: dict[str, list[str]] = {"de": [], "nl": []}
    both = threading.Barrier(2)

    def read(lang: str) -> None:
        with reading_in(lang):
            both.wait()  # both blocks are open at once
            seen[lang].append(language())
            both.wait()
            seen[lang].append(language())

    threads = [threading.Thread(target=read, args=(lang,)) for lang in seen]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen == {"de": ["de", "de"], "nl": ["nl", "nl"]}
    set_language("nl")
    try:
        with reading_in("de"):
            assert language() == "de"
        assert language() == "nl"
    finally:
        set_language(None)
    assert language() == "en"
