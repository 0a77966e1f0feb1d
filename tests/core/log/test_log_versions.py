"""A log's ``game_version`` is checked as docs/log-format.md says: ``MAJOR.MINOR``; the same
major with a minor no newer than the installed game's is read; a newer version, an older major
and a malformed version are refused on the header."""

from __future__ import annotations

import json

import pytest

from boardkit import InvalidLogError, Match
from boardkit.errors import GameDefinitionError
from boardkit.examples.nim import NimGame


class Nim23(NimGame):
    """Nim as if its rules were at version 2.3."""

    version = "2.3"


def _log_with_version(version: str) -> str:
    match = Match.new(NimGame(), ["ann", "bob"], seed=4)
    match.play(match.legal_actions()[0])
    doc = json.loads(match.to_json())
    doc["header"]["game_version"] = version
    return json.dumps(doc)


@pytest.mark.parametrize("version", ["2.3", "2.0", "2.2"])
def test_the_same_major_with_an_older_or_equal_minor_is_read(version: str) -> None:
    match = Match.from_json(_log_with_version(version), Nim23())
    assert len(match) == 2 and match.header.game_version == version


@pytest.mark.parametrize("version", ["2.4", "3.0", "10.1"])
def test_a_newer_version_is_refused(version: str) -> None:
    with pytest.raises(InvalidLogError, match=r"newer than the installed 2\.3") as refused:
        Match.from_json(_log_with_version(version), Nim23())
    assert refused.value.entry is None


@pytest.mark.parametrize("version", ["1.0", "1.9", "0.7"])
def test_an_older_major_is_refused_and_says_which_version_reads_it(version: str) -> None:
    with pytest.raises(InvalidLogError, match=r"no longer replays .*read it with a nim") as refused:
        Match.from_json(_log_with_version(version), Nim23())
    assert refused.value.entry is None and f"major version {version[0]}" in refused.value.reason


@pytest.mark.parametrize(
    "version", ["2", "2.3.0", "02.3", "2.03", "2.x", "", " 2.3", "2.3\n", "v2.3", "9" * 30 + ".0"]
)
def test_a_malformed_version_is_refused(version: str) -> None:
    with pytest.raises(InvalidLogError, match=r"is not of the form MAJOR\.MINOR") as refused:
        Match.from_json(_log_with_version(version), Nim23())
    assert refused.value.entry is None and len(str(refused.value)) < 200


def test_a_game_with_a_malformed_version_is_a_definition_error() -> None:
    class Broken(NimGame):
        version = "two"

    with pytest.raises(GameDefinitionError, match="nim's version 'two'"):
        Match.from_json(_log_with_version("1.0"), Broken())
