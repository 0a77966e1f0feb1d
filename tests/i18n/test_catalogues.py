"""Every catalogue boardkit ships is complete and current: each message of each package has a
translation in every language its ``locale/LINGUAS`` lists, none fuzzy or empty, with the very
placeholders of its message id; the templates hold exactly the ids in the sources; the committed
``.mo`` files are the compiled ``.po`` files (the wheel ships them, and an install needs no
Babel). ``scripts/i18n.sh update`` and ``compile`` bring them up to date."""

from __future__ import annotations

import io
import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"
KEYWORDS = {"_m": None, "_t": None, "N_": None}
"""The extraction's keywords, as ``scripts/i18n.sh`` passes them (each takes the id first)."""

PACKAGES = sorted(path.parent.parent.name for path in SRC.glob("*/locale/LINGUAS"))
EXPECTED = {
    "boardkit": {"de", "nl"},
    "boardkit_khan": {"de", "nl"},
    "boardkit_shangrila": {"de", "nl"},
}
"""The languages each package is translated to at least."""


def languages(package: str) -> list[str]:
    text = (SRC / package / "locale" / "LINGUAS").read_text(encoding="utf-8")
    return [line.strip() for line in text.splitlines() if line.strip() and line[0] != "#"]


def catalogues() -> list[tuple[str, str]]:
    return [(package, lang) for package in PACKAGES for lang in languages(package)]


def po_path(package: str, lang: str) -> Path:
    return SRC / package / "locale" / lang / "LC_MESSAGES" / f"{package}.po"


def read(path: Path, locale: str | None = None):  # type: ignore[no-untyped-def]
    with path.open("rb") as file:
        return read_po(file, locale=locale)


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def source_ids(package: str) -> set[str]:
    """The message ids the package's sources make (what ``extract`` writes to the template,
    with the extraction methods of ``babel.cfg``)."""
    with (ROOT / "babel.cfg").open(encoding="utf-8") as config:
        method_map, options_map = parse_mapping_cfg(config)  # type: ignore[no-untyped-call]
    found = extract_from_dir(
        str(SRC / package), method_map=method_map, options_map=options_map, keywords=KEYWORDS
    )
    return {message for _, _, message, _, _ in found if isinstance(message, str)}


def test_the_packages_and_languages_the_project_promises_are_there() -> None:
    for package, langs in EXPECTED.items():
        assert package in PACKAGES
        assert langs <= set(languages(package)), package


@pytest.mark.slow  # over half a second of CPU for the framework: it extracts every source file
@pytest.mark.parametrize("package", PACKAGES)
def test_each_template_holds_exactly_the_ids_of_its_sources(package: str) -> None:
    template = read(SRC / package / "locale" / f"{package}.pot")
    ids = {message.id for message in template if message.id}
    assert ids == source_ids(package), "run scripts/i18n.sh update"


@pytest.mark.parametrize(("package", "lang"), catalogues())
def test_every_message_is_translated_with_its_placeholders(package: str, lang: str) -> None:
    template = read(SRC / package / "locale" / f"{package}.pot")
    catalogue = read(po_path(package, lang), lang)
    wanted = {message.id for message in template if message.id}
    have = {message.id: message for message in catalogue if message.id}
    assert wanted <= set(have), f"untranslated in {lang}: {sorted(wanted - set(have))}"
    assert not catalogue.obsolete, f"obsolete in {lang}: {sorted(catalogue.obsolete)}"
    for msgid in sorted(wanted):
        message = have[msgid]
        assert isinstance(message.string, str) and message.string.strip(), msgid
        assert not message.fuzzy, f"fuzzy in {lang}: {msgid!r}"
        assert placeholders(message.string) == placeholders(msgid), (lang, msgid)
        assert message.string.format(**dict.fromkeys(placeholders(msgid), "x"))  # it formats


@pytest.mark.parametrize(("package", "lang"), catalogues())
def test_the_committed_mo_is_the_compiled_po(package: str, lang: str) -> None:
    compiled = io.BytesIO()
    write_mo(compiled, read(po_path(package, lang), lang))
    shipped = po_path(package, lang).with_suffix(".mo").read_bytes()
    assert shipped == compiled.getvalue(), "run scripts/i18n.sh compile"


def test_the_wheel_ships_the_compiled_catalogues() -> None:
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    data = project["tool"]["setuptools"]["package-data"]["*"]
    assert "locale/*/LC_MESSAGES/*.mo" in data
