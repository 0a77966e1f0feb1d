"""Reading untrusted JSON log text, strictly and within limits, one piece at a time.

Reading is strict and all-or-nothing: the first problem stops it with an
:class:`~boardkit.errors.InvalidLogError` naming what is wrong, in a message of bounded length.
:class:`~boardkit.log.model.LogLimits` bounds the work an untrusted log can cause: the size is
checked before anything is decoded, and each value is scanned and checked (nesting, string
length, distinct keys) before it is decoded. :func:`parse_document` gives a :class:`Document`:
the format version, the raw header and the entries still undecoded, which
:mod:`boardkit.log.parsing` turns into objects one at a time.
"""

from __future__ import annotations

import json
import json.scanner
import math
import re
from collections.abc import Iterator
from typing import Any

from boardkit.errors import InvalidLogError, shorten
from boardkit.log.model import DEFAULT_LIMITS, LOG_FORMAT_VERSION, LogLimits

# --- reading: JSON text, one piece at a time -----------------------------------------------------


class _Refused(ValueError):
    """A JSON value the limits refuse (raised inside the decoder's hooks)."""


_WHITESPACE = re.compile(r"[ \t\n\r]*")
_SPACE = " \t\n\r"


def _as_text(data: str | bytes, limits: LogLimits) -> str:
    """Log bytes or text as text: size checked first, a UTF-8 BOM dropped, non-UTF-8 refused."""
    if not isinstance(data, str | bytes):  # a path, say: Match.load reads files
        raise InvalidLogError(
            f"a log is JSON text or UTF-8 bytes, not {type(data).__name__} "
            "(Match.load reads a log file)"
        )
    if isinstance(data, bytes):
        if len(data) > limits.max_bytes:
            raise InvalidLogError(_too_big(limits))
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise InvalidLogError(f"not UTF-8 text (bad byte at offset {exc.start})") from None
    elif len(data) > limits.max_bytes or len(data.encode("utf-8", "surrogatepass")) > (
        limits.max_bytes
    ):
        raise InvalidLogError(_too_big(limits))
    return data.removeprefix("\ufeff")


def _too_big(limits: LogLimits) -> str:
    """The refusal of a log over the size limit. It names no size: a file is read only up to
    one byte past the limit (so that size would mislead), and text is counted in characters."""
    return (
        f"the log is larger than the limit of {limits.max_bytes:,} bytes; "
        "raise LogLimits.max_bytes to read it"
    )


class _Scanner:
    """Reads the JSON text of a log a value at a time, within :class:`LogLimits`."""

    def __init__(self, text: str, limits: LogLimits) -> None:
        self.text = text
        self.pos = 0
        self.limits = limits
        self._decoder = json.JSONDecoder(
            object_pairs_hook=self._object,
            parse_int=self._int,
            parse_float=self._float,
            parse_constant=self._constant,
        )
        # The same decoder but with the built-in int parsing, which runs in C: used for entries
        # whose text holds no run of digits longer than the limit (see :meth:`entry`).
        self._scan_entry = json.scanner.make_scanner(
            json.JSONDecoder(  # type: ignore[arg-type]  # the decoder is the scanner's context
                object_pairs_hook=self._object,
                parse_float=self._float,
                parse_constant=self._constant,
            )
        )
        # And with the built-in dicts too (no hook at all): used when the entry's text shows that
        # no object repeats a key (see :func:`_keys_are_distinct`).
        self._scan_bare = json.scanner.make_scanner(
            json.JSONDecoder(  # type: ignore[arg-type]  # the decoder is the scanner's context
                parse_float=self._float, parse_constant=self._constant
            )
        )
        self._too_long = "0" * (limits.max_int_digits + 1)
        # What the whole text shows once holds for every entry in it (see :meth:`entry`).
        self._plain = text.isascii() and ("\\" not in text or "\\u" not in text)
        self._short_numbers = self._too_long not in text.translate(_DIGITS_AS_ZERO)

    # hooks of the decoder
    @staticmethod
    def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        obj = dict(pairs)
        if len(obj) != len(pairs):
            seen: set[str] = set()
            for key, _ in pairs:
                if key in seen:
                    raise _Refused(f"the key {shorten(key)} appears twice in one object")
                seen.add(key)
        return obj

    def _int(self, text: str) -> int:
        if len(text) > self.limits.max_int_digits + (text[0] == "-"):
            raise _Refused(
                f"a number of {len(text)} digits (the limit is {self.limits.max_int_digits})"
            )
        return int(text)

    def _float(self, text: str) -> float:
        if len(text) > self.limits.max_int_digits * 2:
            raise _Refused(f"a number of {len(text)} characters")
        value = float(text)
        if not math.isfinite(value):
            raise _Refused(f"the number {shorten(text)} is out of range")
        return value

    @staticmethod
    def _constant(text: str) -> float:
        raise _Refused(f"{text} is not a JSON number")

    # reading
    def skip_space(self) -> None:
        text, pos = self.text, self.pos
        char = text[pos : pos + 1]
        if not char or char not in _SPACE:
            return
        after = text[pos + 1 : pos + 2]
        if not after or after not in _SPACE:
            self.pos = pos + 1  # one space, as between the entries of a written log
            return
        match = _WHITESPACE.match(text, pos)
        assert match is not None
        self.pos = match.end()

    def at(self, char: str) -> bool:
        """Whether the next non-space character is ``char`` (then it is consumed)."""
        if self.text.startswith(char, self.pos):
            self.pos += 1
            return True
        self.skip_space()
        if self.text.startswith(char, self.pos):
            self.pos += 1
            return True
        return False

    def expect(self, char: str, where: str, entry: int | None = None) -> None:
        if not self.at(char):
            found = self.text[self.pos : self.pos + 10]
            got = f"found {shorten(found)}" if found else "the text ends (truncated?)"
            raise InvalidLogError(
                f"expected {char!r} {where} at character {self.pos}; {got}", entry
            )

    def value(self, depth: int, entry: int | None = None) -> Any:
        """The JSON value at the current position, checked against the limits.

        ``depth`` is the nesting level the value sits at (the document is level 1).
        """
        self.skip_space()
        start = self.pos
        try:
            value, self.pos = self._decoder.raw_decode(self.text, self.pos)
        except json.JSONDecodeError as exc:
            where = "the text ends (truncated?)" if exc.pos >= len(self.text) else exc.msg
            raise InvalidLogError(
                f"not valid JSON: {where} (line {exc.lineno}, column {exc.colno})", entry
            ) from None
        except RecursionError:
            raise InvalidLogError(
                f"nested deeper than the limit of {self.limits.max_depth} levels", entry
            ) from None
        except _Refused as exc:
            raise InvalidLogError(str(exc), entry) from None
        if _surely_within(self.text[start : self.pos], depth, self.limits):
            return value
        problem = _value_problem(value, depth, self.limits)
        if problem is not None:
            raise InvalidLogError(problem, entry)
        return value

    def entry(self, depth: int, entry: int) -> Any:
        """The log entry at the current position: :meth:`value`, faster.

        Integers are parsed by the decoder's own C code instead of the hook that bounds their
        digits; the bound is checked on the text instead: an entry whose text holds no run of
        more than ``max_int_digits`` digits cannot hold such a number. Objects are built by the
        decoder's C code too when :func:`_keys_match` shows from the text that no object
        repeats a key; otherwise the entry is parsed again with the hook that refuses a repeated
        key. Any entry this does not settle (a long run of digits anywhere, even inside a
        string; anything the limits or the JSON grammar refuse) is read again by :meth:`value`,
        which gives the same value or words the same error, so only the speed differs.

        The checks of the text that hold for the whole log when they hold for its whole text
        (no run of digits past the bound, only ASCII, no ``\\u`` escape) are made once, when
        the scanner starts; an entry is looked at on its own only when the whole text fails
        one of them. The rest (the entry's length, its brackets and colons) is counted in
        place, without a copy of the entry's text.
        """
        text = self.text
        start = self.pos
        if not text.startswith("{", start):
            self.skip_space()
            start = self.pos
        try:
            value, end = self._scan_bare(text, start)
        except Exception:  # StopIteration, a refusal, deep nesting: value() words it
            return self.value(depth, entry)
        limits = self.limits
        if end - start > limits.max_string:
            return self.value(depth, entry)
        braces = text.count("{", start, end)
        if not (self._plain and self._short_numbers) or (
            depth - 1 + braces + text.count("[", start, end) > limits.max_depth
        ):
            source = text[start:end]
            if not self._short_numbers and (
                len(source) > limits.max_int_digits
                and self._too_long in source.translate(_DIGITS_AS_ZERO)
            ):
                return self.value(depth, entry)
            if not _surely_within(source, depth, limits):
                return self.value(depth, entry)
        if not _keys_match(value, braces, text.count(":", start, end)):
            try:  # the object hook refuses a repeated key
                value, end = self._scan_entry(text, start)
            except Exception:
                return self.value(depth, entry)
        self.pos = end
        return value


def _keys_are_distinct(value: Any, source: str) -> bool:
    """Whether no object of the entry ``value``, decoded from the JSON text ``source`` with
    plain dicts, repeated a key (``False``: could not tell); see :func:`_keys_match`."""
    return _keys_match(value, source.count("{"), source.count(":"))


def _keys_match(value: Any, braces: int, colons: int) -> bool:
    """Whether no object of the entry ``value``, decoded with plain dicts from a JSON text
    that holds ``braces`` opening braces and ``colons`` colons, repeated a key (``False``:
    could not tell).

    Every key-value pair of the text has one colon outside strings, so the text has at least
    as many colons as pairs, and the decoded dicts hold at most as many keys as there were
    pairs, fewer exactly when a key repeated. So when the text's colons are as many as the
    dicts' keys, no key repeated. The keys are counted in the dicts of a usual entry (the
    entry, its action, its events, and when the braces say there are more, the objects
    directly inside the action and the events, as Khan's stacks are); the text's ``{`` (one
    per object, more if strings hold some) must then number those dicts, so no other object
    hides deeper.
    """
    if type(value) is not dict:
        return False
    events = value.get("events")
    if type(events) is not list:
        return False
    keys = len(value)
    objects = 1 + len(events)
    action = value.get("action")
    if type(action) is dict:
        keys += len(action)
        objects += 1
    for event in events:
        if type(event) is not dict:
            return False
        keys += len(event)
    if braces != objects:  # objects inside the action or the events: one level down first
        for holder in (action, *events) if type(action) is dict else events:
            for inner in holder.values():
                if type(inner) is dict:
                    objects += 1
                    keys += len(inner)
        if braces != objects:  # deeper still, or inside lists: count them all
            objects, keys = _objects_and_keys(value)
    return braces == objects and colons == keys


def _objects_and_keys(value: Any) -> tuple[int, int]:
    """How many dicts the decoded JSON ``value`` holds, and how many keys in all."""
    objects = keys = 0
    stack = [value]
    while stack:
        item = stack.pop()
        if type(item) is dict:
            objects += 1
            keys += len(item)
            stack += [v for v in item.values() if type(v) is dict or type(v) is list]
        elif type(item) is list:
            stack += [v for v in item if type(v) is dict or type(v) is list]
    return objects, keys


_DIGITS_AS_ZERO = {c: ord("0") if chr(c).isdigit() else ord(" ") for c in range(128)}
"""A ``str.translate`` table that writes every ASCII digit as ``0`` and every other ASCII
character as a space: a number of more than ``n`` digits then shows as ``"0" * (n + 1)`` in the
translated text. (Every ASCII character has an entry: ``str.translate`` runs fastest so.)"""

_INNERMOST = re.compile(r"\[\]|\{\}")
_NOT_BRACKET = {c: None for c in range(128) if chr(c) not in "[]{}"}
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


def _nesting(source: str) -> int | None:
    """How deeply the arrays and objects of the JSON text ``source`` nest (``None``: could
    not tell). Strings are cut out first (a bracket in a string is not structure); then each
    pass removes every innermost pair of brackets, one level per pass."""
    brackets = _STRING.sub("", source).translate(_NOT_BRACKET)
    if not brackets.isascii():
        return None
    levels = 0
    while brackets:
        shorter = _INNERMOST.sub("", brackets)
        if len(shorter) == len(brackets):
            return None
        brackets = shorter
        levels += 1
    return levels


def _surely_within(source: str, depth: int, limits: LogLimits) -> bool:
    """Whether the value decoded from ``source`` certainly passes :func:`_value_problem`.

    Decided from the JSON text alone, with a few string operations that run at C speed, so the
    usual entry skips the walk over every value: no string is longer than the text it came
    from; a text without ``\\u`` escapes that encodes to UTF-8 yields no lone surrogate; and
    no value nests deeper than the text has opening brackets, or, when it has many (an entry
    with many events), than its brackets outside strings nest (:func:`_nesting`). ``False``
    means "walk to find out", not "refused".
    """
    if len(source) > limits.max_string or "\\u" in source:
        return False
    if depth - 1 + source.count("[") + source.count("{") > limits.max_depth:
        nesting = _nesting(source)
        if nesting is None or depth - 1 + nesting > limits.max_depth:
            return False
    if not source.isascii():
        try:
            source.encode("utf-8")
        except UnicodeEncodeError:
            return False
    return True


def _value_problem(value: Any, depth: int, limits: LogLimits) -> str | None:
    """What is wrong with a decoded value under ``limits``: depth, string length, encoding."""
    stack: list[tuple[Any, int]] = [(value, depth)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, str):
            problem = _string_problem(item, limits)
            if problem is not None:
                return problem
        elif isinstance(item, list | dict):
            if level > limits.max_depth:
                return f"nested deeper than the limit of {limits.max_depth} levels"
            if isinstance(item, dict):
                stack.extend((key, level) for key in item)
                stack.extend((v, level + 1) for v in item.values())
            else:
                stack.extend((v, level + 1) for v in item)
    return None


def _string_problem(text: str, limits: LogLimits) -> str | None:
    if len(text) > limits.max_string:
        return (
            f"a string of {len(text)} characters (the limit is {limits.max_string}): "
            f"{shorten(text)}"
        )
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            return f"the string {shorten(text)} holds a lone surrogate (not Unicode text)"
    return None


class Document:
    """A log document being read: its format version and header, then its entries one by one.

    Build it with :func:`parse_document`. :meth:`raw_entries` reads the entries lazily; it can be
    iterated once.
    """

    def __init__(self, text: str, limits: LogLimits) -> None:
        self.limits = limits
        self._scan = _Scanner(text, limits)
        self._fields: dict[str, Any] = {}
        self._entries_read = False
        self._open()

    @property
    def version(self) -> int:
        """The log format version (already checked)."""
        version: int = self._fields["boardkit_log"]
        return version

    @property
    def header_json(self) -> Any:
        """The header as decoded JSON (not yet checked)."""
        return self._fields.get("header")

    def _open(self) -> None:
        """Read the top-level fields up to the entry list (or the end), and the version."""
        scan = self._scan
        if not scan.text.strip():  # an empty file, or one a crash left blank
            raise InvalidLogError("not a boardkit log: it is empty")
        if not scan.at("{"):
            found = shorten(scan.text[scan.pos : scan.pos + 20])
            raise InvalidLogError(f"not a boardkit log (not a JSON object; it starts {found})")
        self._closed = scan.at("}")
        while not self._closed:
            key = self._key()
            if key == "entries" and {"boardkit_log", "header"} <= set(self._fields):
                scan.expect("[", "to open the entry list")
                break
            self._fields[key] = scan.value(2)
            self._closed = self._after_field()
        if "boardkit_log" not in self._fields:
            raise InvalidLogError("not a boardkit log (no 'boardkit_log' format field)")
        _check_version(self._fields["boardkit_log"])
        if self._closed and "entries" not in self._fields:
            raise InvalidLogError("missing entry list")

    def _key(self) -> str:
        scan = self._scan
        scan.skip_space()
        key = scan.value(2)
        if not isinstance(key, str):
            raise InvalidLogError(f"expected a field name at character {scan.pos}")
        if key not in ("boardkit_log", "header", "entries"):
            raise InvalidLogError(f"unexpected top-level field {shorten(key)}")
        if key in self._fields:
            raise InvalidLogError(f"the top-level field {key!r} appears twice")
        scan.expect(":", "after a field name")
        return key

    def _after_field(self) -> bool:
        """Consume ``,`` or the closing ``}``; whether the document is closed."""
        if self._scan.at(","):
            return False
        self._scan.expect("}", "to close the log")
        return True

    def raw_entries(self) -> Iterator[tuple[int, Any]]:
        """The entries' JSON values with their positions, decoded one at a time."""
        if self._entries_read:
            raise RuntimeError("a Document's entries can be read once")
        self._entries_read = True
        if "entries" in self._fields:
            yield from self._decoded_entries(self._fields["entries"])
        else:
            yield from self._streamed_entries()
        self._finish()

    def _decoded_entries(self, raw: Any) -> Iterator[tuple[int, Any]]:
        if not isinstance(raw, list):
            raise InvalidLogError("the entry list is not a JSON list")
        if len(raw) > self.limits.max_entries:
            raise InvalidLogError(self._too_many())
        yield from enumerate(raw)

    def _streamed_entries(self) -> Iterator[tuple[int, Any]]:
        """The entries, each read by :meth:`_Scanner.entry`, whose quickest case (an entry as
        boardkit writes it, in a text that passed the whole-text checks) is written out here:
        the same conditions, so the same value, without a call per entry."""
        scan = self._scan
        text, entry, limits = scan.text, scan.entry, self.limits
        bare, clean = scan._scan_bare, scan._plain and scan._short_numbers
        longest, room = limits.max_string, limits.max_depth - 2  # entries sit at depth 3
        index = 0
        more = not scan.at("]")  # an empty list ends here, and the document goes on after it
        while more:
            if index >= limits.max_entries:
                raise InvalidLogError(self._too_many(), index)
            start = scan.pos
            try:
                if not (clean and text.startswith("{", start)):
                    raise StopIteration
                value, end = bare(text, start)
                braces = text.count("{", start, end)
                if (
                    end - start > longest
                    or braces + text.count("[", start, end) > room
                    or not _keys_match(value, braces, text.count(":", start, end))
                ):
                    raise StopIteration
                scan.pos = end
            except Exception:  # anything but the quickest case: entry() decides and words it
                scan.pos = start
                value = entry(3, index)
            yield index, value
            if text.startswith(",\n", scan.pos):  # as a log is written: scan.at(","), and the
                scan.pos += 2  # line break the next entry would skip
            elif not scan.at(","):
                scan.expect("]", "or ',' after an entry", index)
                more = False
            index += 1
        self._fields["entries"] = None
        self._closed = self._after_field()

    def _too_many(self) -> str:
        return (
            f"more than the limit of {self.limits.max_entries} entries; "
            "raise LogLimits.max_entries to read it"
        )

    def _finish(self) -> None:
        """Read what follows the entries: other fields, the closing brace, nothing after."""
        scan = self._scan
        while not self._closed:
            key = self._key()
            self._fields[key] = scan.value(2)
            self._closed = self._after_field()
        scan.skip_space()
        if scan.pos != len(scan.text):
            raise InvalidLogError(f"unexpected text after the log's end (character {scan.pos})")
        if "header" not in self._fields:
            raise InvalidLogError("missing header")


def _check_version(version: object) -> None:
    if type(version) is not int:
        raise InvalidLogError(f"log format version must be an int, not {shorten(version)}")
    if version == 1:
        raise InvalidLogError(
            "written in log format 1 by boardkit 0.1, whose random streams (SplitMix64, 63-bit "
            "seeds, no commitment) this boardkit no longer has, so it cannot re-check the deal; "
            "replay or show it with boardkit 0.1 (pip install 'boardkit<0.2' in a separate "
            "environment); see docs/log-format.md, 'Format 1'"
        )
    if version > LOG_FORMAT_VERSION:
        raise InvalidLogError(
            f"written in log format {version}; this boardkit reads format {LOG_FORMAT_VERSION}"
        )
    if version != LOG_FORMAT_VERSION:
        raise InvalidLogError(f"unknown log format {version}")


def parse_document(text: str | bytes, limits: LogLimits | None = None) -> Document:
    """Start reading a log: size, encoding and format version checked; entries not yet decoded.

    ``text`` may be bytes (UTF-8, with or without a byte-order mark) or text.
    """
    limits = DEFAULT_LIMITS if limits is None else limits
    return Document(_as_text(text, limits), limits)
