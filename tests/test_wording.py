"""The texts players read are plain English: numbers agree with their nouns ("1 stone", never
"1 stones"), "a" and "an" fit the next word ("an int", "an Astrologer"), and neither rule clause
IDs (``K-A-C5``, ``S-S3``) nor class names (``PlaceMaster``) appear in them.

Random playouts of every game are read whole: the text board for every seat and a spectator,
every legal action's text and menu path at sampled positions, the narration of every entry for
every reader, the result, and refusals (actions legal earlier, played again later: the rules
refuse them with the ``reason`` a front end shows; the clause stays in the error's ``rule``).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from boardkit import Match, engine
from boardkit.errors import IllegalActionError
from boardkit.present.narration import narrate_match_entry
from boardkit.rng import Rng

NOUNS = [
    "stone",
    "card",
    "yurt",
    "tile",
    "point",
    "action",
    "village",
    "master",
    "student",
    "cell",
    "turn",
    "region",
    "ruler",
    "bridge",
    "entry",
    "player",
    "seat",
    "step",
    "area",
    "conquest",
    "space",
    "path",
    "character",
]
PLURALS = [noun[:-1] + "ies" if noun.endswith("y") else noun + "s" for noun in NOUNS]

ONE_PLURAL = re.compile(rf"(?<![\d.,])\b1 ({'|'.join(PLURALS)})\b")
MANY_SINGULAR = re.compile(  # "72 ruler cards", "0-3 player yurts": the noun as an adjective
    rf"(?<![\d.,:-])\b(0|[2-9]|\d\d+) ({'|'.join(NOUNS)})\b(?!\s+[a-z]+s\b)"
)
A_BEFORE_VOWEL = re.compile(r"\b[Aa] (?!one\b|uni|use|usu|eu)[aeiouAEIOU]\w*")
AN_BEFORE_CONSONANT = re.compile(r"\b[Aa]n (?!hour|honest)[b-df-hj-np-tv-zB-DF-HJ-NP-TV-Z]\w*")
CLAUSE_ID = re.compile(r"\b[A-Z]-[A-Z0-9]+(?:-[A-Z0-9]+)*\b")
MAYBE_PLURAL = re.compile(r"\w\(s\)")

GAMES = [
    ("nim", 2),
    ("nim", 4),
    ("shangrila", 3),
    ("shangrila", 4),
    ("khan", 2),
    ("khan", 4),
    ("goofspiel", 2),
    ("goofspiel", 4),
]


def wording_problems(text: str, class_names: frozenset[str] = frozenset()) -> list[str]:
    """Every wording problem in ``text``, each as ``"<kind>: <the words>"``.

    Lines of a drawn board (mostly one-character tokens: ``1 . . t A i ~``) are not prose and
    are skipped.
    """
    text = "\n".join(line for line in text.splitlines() if not _is_grid(line))
    problems = [f"one with a plural: {m[0]}" for m in ONE_PLURAL.finditer(text)]
    problems += [f"many with a singular: {m[0]}" for m in MANY_SINGULAR.finditer(text)]
    problems += [f"article: {m[0]}" for m in A_BEFORE_VOWEL.finditer(text)]
    problems += [f"article: {m[0]}" for m in AN_BEFORE_CONSONANT.finditer(text)]
    problems += [f"clause ID: {m[0]}" for m in CLAUSE_ID.finditer(text)]
    problems += [f"'(s)': {m[0]}" for m in MAYBE_PLURAL.finditer(text)]
    words = set(re.findall(r"\b[A-Z][a-z]+(?:[A-Z][a-z]+)+\b", text))
    problems += [f"class name: {name}" for name in sorted(words & class_names)]
    return problems


def _is_grid(line: str) -> bool:
    tokens = line.split()
    return len(tokens) >= 6 and sum(len(t) == 1 for t in tokens) * 2 > len(tokens)


def player_texts(name: str, players: int, seed: int) -> Iterator[tuple[str, str]]:
    """(where, text) for the texts a player reads in one random playout of ``name``."""
    match = Match.new(name, players, seed=seed)
    game = match.game
    choose = random.Random(seed)
    seen: list[object] = []
    readers: list[int | None] = [None, *range(players)]
    while not match.is_over:
        state, seq = match.state, len(match) - 1
        legal = match.legal_actions()
        for action in choose.sample(legal, min(6, len(legal))):
            yield f"action at {seq}", game.describe_action(action, state)
            yield f"menu at {seq}", " / ".join(game.action_path(action, state))
        if seq % 5 == 0:
            for reader in readers:
                yield f"board at {seq} for {reader}", game.render_text(state, reader)
        for action in choose.sample(seen, min(4, len(seen))):
            try:
                engine.step(game, state, None, action, Rng.for_entry(seed, seq + 1))
            except IllegalActionError as refused:
                yield f"refusal at {seq} ({refused.rule})", refused.reason
        action = choose.choice(legal)
        seen = [*seen[-100:], action]
        match.play(action)
        for reader in readers:
            for line in narrate_match_entry(match, len(match) - 1, reader):
                yield f"narration of {len(match) - 1} for {reader}", line
    for reader in readers:
        yield f"final board for {reader}", game.render_text(match.state, reader)
    assert match.result is not None
    yield "result", match.result.detail
    yield "status", match.status()


def _class_names(name: str) -> frozenset[str]:
    game: Any = Match.new(name, 4, seed=0).game
    return frozenset(t.__name__ for t in (*game.action_types, *game.event_types))


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_player_texts_read_as_plain_english(name: str, players: int) -> None:
    classes = _class_names(name)
    found: dict[str, str] = {}
    count = 0
    for seed in (1, 2):
        for where, text in player_texts(name, players, seed):
            count += 1
            for problem in wording_problems(text, classes):
                found.setdefault(problem, f"{where} (seed {seed}): {text[:160]!r}")
    assert count > 200
    assert not found, "\n".join(f"{problem} — {where}" for problem, where in found.items())


def test_the_checks_catch_what_they_look_for() -> None:
    """Each pattern fires on the mistake it is for and stays quiet on the right wording."""
    bad = {
        "cannot take 3 from 1 stones": "one with a plural: 1 stones",
        "3 stone left": "many with a singular: 3 stone",
        "the player has 2 card.": "many with a singular: 2 card",
        "takes a int": "article: a int",
        "has already placed a Astrologer": "article: a Astrologer",
        "an stone": "article: an stone",
        "the majority rule (K-A-C5)": "clause ID: K-A-C5",
        "village 4 is full [S-S3]": "clause ID: S-S3",
        "has 2 tile(s)": "'(s)': e(s)",
        "place it with PlaceMaster": "class name: PlaceMaster",
    }
    for text, problem in bad.items():
        assert problem in wording_problems(text, frozenset({"PlaceMaster"})), text
    good = [
        "1 stone, 2 stones, 0 stones, 11 cards",
        "an int, a unique tile, an Astrologer, a one-off, an hour",
        "player 1 takes 2 stones; turn 12: ann's turn",
        "rulers A–H; cells E7 and J4–K4–L4; the 72 ruler cards; 17 tile points",
        "  1 . . . t A i ~ i i i 1 i .",
        "Placement ends",
    ]
    for text in good:
        assert wording_problems(text, frozenset({"PlaceMaster"})) == [], text


def test_a_refusal_shows_plain_words_and_keeps_its_clause_apart() -> None:
    """``reason`` is what a player reads; ``str()`` adds the clause tag for logs."""
    match = Match.new("shangrila", 3, seed=4)
    early = match.legal_actions()[0]
    while match.state.flow.phase == "placement":
        match.play(match.legal_actions()[0])
    with pytest.raises(IllegalActionError) as refused:
        match.play(early)
    error = refused.value
    assert error.rule == "S-S3" and str(error) == f"[S-S3] {error.reason}"
    assert error.reason == "the placement phase is over; a new master is placed as action 1 now"
