"""Actions that survive their own log: the JSON round trip every action passes before the
rules see it.

A log records each action as JSON, and a replay reads it back. An action that would read back
as something else (``True``, ``1.0`` or ``"1"`` where an int belongs, a tuple where a set
belongs) would give a log that does not replay, so :func:`check_action` refuses it first, with
an :class:`~boardkit.errors.IllegalActionError` naming the field. :class:`~boardkit.match.Match`
checks every action it plays, and a replay every action of a log it was handed as objects (an
action just read from JSON survives by construction). One of the very objects the game listed
for the decision at hand skips the round trip: the conformance kit checks that every action a
game lists survives its log [action round trips].
"""

from __future__ import annotations

import enum
import json
import math
from collections.abc import Sequence
from operator import attrgetter
from typing import Any, Final

import attrs

from boardkit.codec import CodecError, codec_for
from boardkit.errors import IllegalActionError, shorten
from boardkit.game import Game

_NOT_OFFERED: Final[tuple[object, ...]] = ()
"""What :func:`check_action` is given when no listing is at hand (a replay's actions): told
apart by identity, so that no call asks an empty listing."""


def check_action(
    game: Game[Any, Any], action: object, offered: Sequence[object] = _NOT_OFFERED
) -> None:
    """Refuse an action that would not survive its own log.

    Dumped to JSON and loaded back, the action must give an equal object of the same class; a
    wrong type in a field (``True``, ``1.0``, ``"1"`` or ``None`` where an int belongs, a tuple
    where a set belongs) fails that. Raises :class:`~boardkit.errors.IllegalActionError` with
    rule ``"action"`` naming the field problem, before the rules ever see the action.

    An action equal to one that passed before, with the same type at every level (the same
    object, or a new ``Take(2)`` like the last one), passes without its JSON round trip: it
    would write the same JSON and read back the same way (see :func:`_passed_before`).

    ``offered`` is what the game listed for the decision at hand, as a ``list`` or ``tuple``: an
    action that *is* one of those objects, and cannot change (a frozen attrs object of scalars,
    tuples and enums), passes without its round trip, since the game's actions are checked to
    survive their log by the conformance kit. Identity is asked, not equality: ``Take(True)``
    built by a caller is checked even where the game lists ``Take(1)``. A listing of another kind
    (a lazy sequence, whose items are built as they are read) is not searched: finding the action
    in it would cost as much as the round trip.
    """
    if (offered is not _NOT_OFFERED and _handed_out(action, offered)) or _passed_before(
        game, action
    ):
        return
    _round_trip(game, action)
    if _unchangeable(action):
        _remember(game, action)


def _handed_out(action: object, offered: Sequence[object]) -> bool:
    """Whether ``action`` is one of the objects in ``offered`` (a list or tuple) and can never
    change, so that it is still the action the game listed."""
    kind = type(offered)
    if kind is not list and kind is not tuple:
        return False
    for item in offered:
        if item is action:
            return _unchangeable(action)
    return False


def _round_trip(game: Game[Any, Any], action: object) -> None:
    """Dump ``action`` to JSON text and load it back; refuse it unless it reads back the same.

    A dump that :func:`_reads_back_as_written` is loaded as it is: its text would read back as
    this very value, so writing and parsing it could change nothing."""
    codec = codec_for(game).actions
    try:
        data = codec.dump(action)
        if not _reads_back_as_written(data):  # what only the JSON text can tell: write it
            text = json.dumps(data, ensure_ascii=False, allow_nan=False)
            text.encode("utf-8")
            data = json.loads(text)
        back = codec.load(data)
    except CodecError as exc:
        raise IllegalActionError("action", f"not a valid action: {exc}") from None
    except Exception as exc:  # an object cattrs cannot even write
        raise IllegalActionError(
            "action",
            f"{shorten(action)} cannot be written to a log: {_unwritable_field(game, action)}"
            f"({type(exc).__name__}: {shorten(str(exc), 100)})",
        ) from None
    if not _same(action, back):
        raise IllegalActionError(
            "action", f"{shorten(action)} does not survive its log: {_changed_field(action, back)}"
        )


_JSON_INT_BOUND: Final = 1 << 64
"""Ints inside this bound (either sign) are written and read back by ``json`` exactly (far
below the digit limit of ``int`` to and from text)."""
_JSON_DEPTH: Final = 32
"""Deeper JSON values take the way through the text (``json`` has its own depth limits)."""


def _reads_back_as_written(value: object, depth: int = 0) -> bool:
    """Whether ``json.loads(json.dumps(value, ensure_ascii=False, allow_nan=False))`` is sure to
    give ``value`` back, equal and with the same type at every level, and its text to encode as
    UTF-8: dicts with str keys, lists, strs without lone surrogates, ints within a bound, finite
    floats, bools and ``None``. Anything else (a tuple, an int key, a NaN, a subclass of str)
    gives ``False``: the caller then writes the text and reads it back, which decides.

    An action's dump is made of these, and for its few fields writing and parsing the text
    costs more than this walk (``json``'s calls, not its C loops). The scalars of a dict or list
    are tested in its loop, not by a call each.
    """
    kind = type(value)
    if kind is dict:
        for key in value:  # type: ignore[attr-defined]
            if type(key) is not str or not (key.isascii() or _utf8(key)):
                return False
        items = value.values()  # type: ignore[attr-defined]
    elif kind is list:
        items = value
    elif kind is int:
        return -_JSON_INT_BOUND < value < _JSON_INT_BOUND  # type: ignore[operator]
    elif kind is str:
        return value.isascii() or _utf8(value)  # type: ignore[attr-defined, arg-type]
    elif kind is float:
        return math.isfinite(value)  # type: ignore[arg-type]
    else:
        return kind is bool or value is None
    if depth >= _JSON_DEPTH:
        return False
    for item in items:
        kind = type(item)
        if kind is int:
            if not -_JSON_INT_BOUND < item < _JSON_INT_BOUND:
                return False
        elif kind is str:
            if not (item.isascii() or _utf8(item)):
                return False
        elif kind is not bool and item is not None and not _reads_back_as_written(item, depth + 1):
            return False
    return True


def _utf8(text: str) -> bool:
    """Whether ``text`` encodes as UTF-8 (no lone surrogates)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _remember(game: Game[Any, Any], action: object) -> None:
    """Keep ``action`` (one that cannot change) as passed for ``game``'s class: by identity, and
    by its class and field values where those are all scalars (:data:`_CHECKED_FIELDS`), else by
    value (:data:`_CHECKED`). An action kept by its fields is not kept by value too: its equals
    are found by their fields, and keeping it by value would hash it in Python for nothing."""
    game_class = type(game)
    _table(_CHECKED_OBJECTS, game_class)[id(action)] = action
    values = _scalar_fields(action)
    if values is not None:
        _table(_CHECKED_FIELDS, game_class)[values] = tuple(map(type, values))
    else:
        _table(_CHECKED, game_class)[action] = action


def _table(tables: dict[type, dict[Any, Any]], game_class: type) -> dict[Any, Any]:
    """``game_class``'s table in ``tables``: made when first asked for, emptied once it holds
    :data:`_CHECKED_LIMIT` entries (a bound on memory; what is forgotten is checked again)."""
    table = tables.get(game_class)
    if table is None:
        table = tables[game_class] = {}
    elif len(table) >= _CHECKED_LIMIT:
        table.clear()
    return table


def _scalar_fields(action: object) -> tuple[object, ...] | None:
    """``action``'s class and field values (:func:`_scalar_reader`) when it is a frozen attrs
    object whose fields all hold scalars; ``None`` otherwise."""
    read = _scalar_reader(type(action))
    if read is None:
        return None
    values: tuple[object, ...] = read(action)
    for i in range(1, len(values)):  # values[0]: the class
        if type(values[i]) not in _SCALARS:
            return None
    return values


_CHECKED_LIMIT: Final = 16_384
"""Most actions remembered as checked, per game class: above the 4,415 distinct actions of
Shangrila (its 4,095 pairs of students among them), so that a long run through :class:`Match`
does not empty the memo every few hundred games; the objects are small (a few MB at most)."""
_CHECKED: Final[dict[type, dict[object, object]]] = {}
"""By game class, the actions that passed :func:`check_action` and are not kept in
:data:`_CHECKED_FIELDS`, each keyed by itself (by value: an equal action finds it, whatever
object it is)."""
_CHECKED_OBJECTS: Final[dict[type, dict[int, object]]] = {}
"""By game class, the same actions keyed by their ``id``: the very object that passed is found
without hashing it (an attrs class hashes its fields in Python). The table holds each object,
so its ``id`` is not reused while it is kept."""
_CHECKED_FIELDS: Final[dict[type, dict[tuple[object, ...], tuple[type, ...]]]] = {}
"""By game class, the passed actions of frozen attrs classes whose fields all hold scalars, each
as its class and field values (:func:`_scalar_reader`), giving the type of each: an equal new
object is found by C-level reads and hashes, without the attrs class's ``__hash__`` and
``__eq__`` (Python functions), and its fields' types are compared with these. Equal values of
other types (``True`` where ``1`` passed) share a key, so one of them is kept: the other takes
the round trip when it comes, and is kept in its place if it passes."""
_SCALAR_READERS: Final[dict[type, Any]] = {}
"""By class, :func:`_scalar_reader` (worked out once per class)."""


def _scalar_reader(cls: Any) -> Any:
    """For a frozen attrs class with fields, a function that reads an object's class and field
    values as a tuple (``operator.attrgetter``, C code); ``None`` for any other class."""
    read = _SCALAR_READERS.get(cls, _UNKNOWN)
    if read is _UNKNOWN:
        names = _frozen_names(cls)
        read = _SCALAR_READERS[cls] = attrgetter("__class__", *names) if names else None
    return read


def _passed_before(game: Game[Any, Any], action: object) -> bool:
    """Whether an action equal to ``action``, with the same type at every level, passed
    :func:`check_action` for ``game``'s class.

    Games offer the same few actions again and again, as shared objects (Shangrila) or as new
    equal ones (Nim's ``Take(2)``); checking them again would cost a JSON round trip each. The
    very object that passed is found by its ``id`` first, without hashing it; any other is
    looked up by value, so the identity of objects never decides a refusal; an equal action of
    other types (``Take(True)`` equals ``Take(1)``) is told apart by :func:`_same`. An action
    of a frozen attrs class whose fields are scalars is looked up by its fields and their types
    alone (:data:`_CHECKED_FIELDS`), which asks the same without a call into Python. Only
    actions that cannot change are kept (:func:`_unchangeable`), so a key's hash never changes
    and a kept object is still what passed.
    """
    objects = _CHECKED_OBJECTS.get(type(game))
    if objects is None:
        return False
    if objects.get(id(action)) is action:  # this very object passed: nothing to hash
        return True
    read = _SCALAR_READERS.get(type(action))
    by_fields = _CHECKED_FIELDS.get(type(game))
    if read is not None and by_fields is not None:  # a frozen attrs class seen before
        try:
            values = read(action)  # its class and fields: found if all are scalars that passed
            types = by_fields.get(values)
            if types is not None:
                for i in range(1, len(types)):  # types[0]: the class's own type
                    if type(values[i]) is not types[i]:
                        break
                else:
                    return True
                return False  # the key's other types passed (1 for True): a round trip decides
            for i in range(1, len(values)):
                if type(values[i]) not in _SCALARS:
                    break
            else:
                return False  # all scalars: it would have been kept here, not by value
        except Exception:  # a field missing or unhashable: the lookup by value below decides
            pass
    checked = _CHECKED.get(type(game))
    if checked is None:
        return False
    try:
        known = checked.get(action)
        return known is not None and (known is action or _same_types(action, known))
    except Exception:  # unhashable, or a malformed object whose hash or == fails: check it
        return False


def _same_types(a: object, b: object) -> bool:
    """Whether ``a`` and ``b``, known to be equal, have the same type at every level: what
    :func:`_same` asks, without comparing the values again. Frozen attrs classes are walked by
    their cached field names (:func:`_unchangeable`'s table), not by ``attrs.fields``: this runs
    for every action a replay checks."""
    cls: Any = type(a)
    if type(b) is not cls:
        return False
    if cls in _SCALARS:
        return True
    names = _frozen_names(cls)
    if names is not None:
        for name in names:
            x, y = getattr(a, name), getattr(b, name)
            kind = type(x)
            if type(y) is not kind or (kind not in _SCALARS and not _same_types(x, y)):
                return False
        return True
    if cls is tuple:
        items: Any = a
        others: Any = b
        for i in range(len(items)):  # equal tuples: the same length (no zip: a call less)
            x, y = items[i], others[i]
            kind = type(x)
            if type(y) is not kind or (kind not in _SCALARS and not _same_types(x, y)):
                return False
        return True
    return _same(a, b)


_SCALARS: Final = frozenset((int, str, float, bool, type(None)))
_FROZEN_SETATTR: Final[object] = attrs.frozen(type("_Probe", (), {})).__setattr__
"""What ``__setattr__`` is on a frozen attrs class (taken from one, attrs has no flag for it)."""


def _unchangeable(value: object) -> bool:
    """Whether ``value`` can never change: scalars, and frozen attrs or tuples of them."""
    cls: Any = type(value)
    if cls in _SCALARS:
        return True
    names = _frozen_names(cls)
    if names is not None:
        for name in names:
            field = getattr(value, name)
            if type(field) not in _SCALARS and not _unchangeable(field):
                return False
        return True
    if cls is tuple or cls is frozenset:
        items: Any = value
        for item in items:  # a loop, not all() over a generator: run for every new action
            if type(item) in _SCALARS:
                continue
            if not _unchangeable(item):
                return False
        return True
    return isinstance(value, enum.Enum)


def _frozen_names(cls: Any) -> tuple[str, ...] | None:
    """:func:`_frozen_fields` of ``cls``, worked out once per class."""
    names = _FROZEN_FIELDS.get(cls, _UNKNOWN)
    if names is _UNKNOWN:
        names = _FROZEN_FIELDS[cls] = _frozen_fields(cls)
    return names  # type: ignore[no-any-return]


def _frozen_fields(cls: Any) -> tuple[str, ...] | None:
    """The field names of a frozen attrs class, or ``None`` for any other class."""
    if attrs.has(cls) and cls.__setattr__ is _FROZEN_SETATTR:
        return tuple(f.name for f in attrs.fields(cls))
    return None


_UNKNOWN: Final[Any] = object()
_FROZEN_FIELDS: Final[dict[type, tuple[str, ...] | None]] = {}
"""By class, :func:`_frozen_fields` (a class's fields and whether it is frozen never change)."""


def _same(a: object, b: object) -> bool:
    """Equal, with the same type at every level (``"healer"`` is not ``Guild.HEALER``)."""
    cls: Any = type(a)
    if type(b) is not cls:
        return False
    how = _COMPARED.get(cls)
    if how is None:
        how = _COMPARED[cls] = _how_compared(cls)
    if how is _BY_VALUE:
        return bool(a == b)
    if how is _AS_SEQUENCE:
        items: Any = a
        others: Any = b
        count = len(items)
        if count != len(others):
            return False
        for i in range(count):  # indexes, not zip(strict=True): a keyword call less
            x, y = items[i], others[i]
            kind = type(x)
            if kind in _SCALARS and type(y) is kind:  # what _same(x, y) asks, without a call
                if x != y:
                    return False
            elif not _same(x, y):
                return False
        return True
    if how is _AS_SET:
        return {(type(x), x) for x in a} == {(type(y), y) for y in b}  # type: ignore[attr-defined]
    for name in how:  # an attrs class: its field names
        x, y = getattr(a, name), getattr(b, name)
        kind = type(x)
        if kind in _SCALARS and type(y) is kind:
            if x != y:
                return False
        elif not _same(x, y):
            return False
    return True


# Markers told apart by identity; typed as tuples of any length so that the compiled build keeps
# each one object (it would rebuild a tuple of fixed length whenever it is read).
_BY_VALUE: tuple[str, ...] = ("by value",)
_AS_SEQUENCE: tuple[str, ...] = ("as a sequence",)
_AS_SET: tuple[str, ...] = ("as a set",)


def _how_compared(cls: Any) -> tuple[str, ...]:
    """How :func:`_same` compares two objects of ``cls``: field by field (the names of an attrs
    class), item by item (a tuple or list), as sets of (type, item), or by ``==``."""
    if attrs.has(cls):
        return tuple(f.name for f in attrs.fields(cls))
    if issubclass(cls, tuple | list):
        return _AS_SEQUENCE
    if issubclass(cls, frozenset | set):
        return _AS_SET
    return _BY_VALUE


_COMPARED: Final[dict[type, tuple[str, ...]]] = {}
"""By class, :func:`_how_compared` (worked out once per class: :func:`_same` runs for every
action a round trip checks)."""


def _unwritable_field(game: Game[Any, Any], action: object) -> str:
    """``"field NAME "`` for the first field that cannot be written, or ``""``."""
    cls: Any = type(action)
    if not attrs.has(cls):
        return ""
    converter = codec_for(game).converter
    try:
        attrs.resolve_types(cls)
        for f in attrs.fields(cls):
            try:
                converter.unstructure(getattr(action, f.name), unstructure_as=f.type)
            except Exception:
                return f"field {f.name} "
    except Exception:
        return ""
    return ""


def _changed_field(action: object, back: object) -> str:
    cls: Any = type(action)
    if type(back) is cls and attrs.has(cls):
        for f in attrs.fields(cls):
            mine, theirs = getattr(action, f.name), getattr(back, f.name)
            if not _same(mine, theirs):
                return (
                    f"field {f.name} is {shorten(mine)} ({type(mine).__name__}) but reads back as "
                    f"{shorten(theirs)} ({type(theirs).__name__})"
                )
    return f"it reads back as {shorten(back)}"
