"""JSON for actions, events, states and views, through cattrs.

Actions and events are tagged with their class name (``{"type": "PlaceMaster", ...}``) so a log
can hold many kinds side by side. Structuring is strict: unknown tags, missing or extra keys and
values of the wrong JSON type are refused (a forged log must not slip through by coercion, such
as the string ``"3"`` silently becoming the number 3). Types are exact: ``true`` is not the number
1, ``1.0`` is not an int, an object or a string is not a list, and a set holds no item twice. So
an object that loads is the one that dumps to the same JSON, which is what lets
:meth:`boardkit.match.Match.play` refuse any action that would not survive its own log.

Error messages repeat input only through :func:`boardkit.errors.shorten`, so they stay short
whatever the input holds.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from types import UnionType
from typing import TYPE_CHECKING, Any, Union, get_args, get_origin

import attrs
import cattrs
from cattrs.cols import iterable_unstructure_factory
from cattrs.gen import make_hetero_tuple_unstructure_fn

from boardkit.errors import shorten, shorten_text
from boardkit.flow import FLOW_EVENT_TYPES, MARKER_EVENT_TYPES

if TYPE_CHECKING:  # types only: the protocol's default positions are written with this codec
    from boardkit.game import Game

JSON = Any
"""A value made of dicts, lists, str, int, float, bool and None."""


class CodecError(ValueError):
    """A JSON value does not describe an object of the expected kind."""


def _strict_scalar(kind: type) -> Any:
    def structure(value: object, cls: Any) -> object:
        if cls is not kind and isinstance(cls, type) and issubclass(cls, enum.Enum):
            return _enum_structure(value, cls)  # IntEnum / StrEnum dispatch here as int / str
        if type(value) is not kind:
            raise CodecError(f"expected {kind.__name__}, got {shorten(value)}")
        return value

    return structure


def _structure_float(value: object, _: object) -> float:
    if type(value) not in (int, float):
        raise CodecError(f"expected a number, got {shorten(value)}")
    assert isinstance(value, int | float)
    return float(value)


def _enum_structure(value: object, cls: type[enum.Enum]) -> enum.Enum:
    try:
        return cls(value)
    except ValueError:
        allowed = ", ".join(repr(m.value) for m in cls)
        raise CodecError(f"{shorten(value)} is not a {cls.__name__} ({allowed})") from None


_COLLECTIONS: dict[type, Callable[[Any], Any]] = {
    tuple: tuple,
    list: list,
    frozenset: frozenset,
    set: set,
}


def _is_collection(t: Any) -> bool:
    return (get_origin(t) or t) in _COLLECTIONS


def _collection_hook(t: Any, conv: cattrs.Converter) -> Callable[[Any, Any], Any]:
    """A structure hook for a tuple, list or set type that takes only JSON lists."""
    origin = get_origin(t) or t
    args = get_args(t)
    if origin is tuple and args and args[-1] is not Ellipsis:
        return _fixed_tuple_hook(args, conv)
    item = args[0] if args else Any
    item_hook = conv.get_structure_hook(item)
    build = _COLLECTIONS[origin]
    is_set = origin in (frozenset, set)

    def structure(value: object, _: object) -> object:
        items = _json_list(value)
        result = build(_item(item_hook, v, item, i) for i, v in enumerate(items))
        if is_set and len(result) != len(items):
            raise CodecError(f"a set holds an item twice: {shorten(items)}")
        return result

    return structure


def _fixed_tuple_hook(args: tuple[Any, ...], conv: cattrs.Converter) -> Callable[[Any, Any], Any]:
    hooks = [conv.get_structure_hook(a) for a in args]

    def structure(value: object, _: object) -> object:
        items = _json_list(value)
        if len(items) != len(args):
            raise CodecError(f"expected a list of {len(args)} items, got {shorten(items)}")
        triples = zip(hooks, items, args, strict=True)
        return tuple(_item(h, v, a, i) for i, (h, v, a) in enumerate(triples))

    return structure


def _is_tuple(t: Any) -> bool:
    return (get_origin(t) or t) is tuple


def _tuple_as_list(t: Any, conv: cattrs.Converter) -> Callable[[Any], Any]:
    """Tuples are written as lists, so that a dump is plain JSON (what a log holds)."""
    args = get_args(t)
    if args and args[-1] is not Ellipsis:
        return make_hetero_tuple_unstructure_fn(t, conv, unstructure_to=list)
    return iterable_unstructure_factory(t, conv, unstructure_to=list)


def _json_list(value: object) -> list[Any]:
    if type(value) is not list:
        raise CodecError(f"expected a list, got {shorten(value)}")
    return value


def _item(hook: Callable[[Any, Any], Any], value: object, kind: Any, index: int) -> Any:
    try:
        return hook(value, kind)
    except CodecError as exc:
        raise CodecError(f"item {index}: {exc}") from None
    except Exception as exc:
        raise CodecError(f"item {index}: {_explain(exc)}") from None


def make_converter() -> cattrs.Converter:
    """A strict cattrs converter: exact scalars, lists for collections, no extra keys, sets
    written as sorted lists."""
    conv = cattrs.Converter(forbid_extra_keys=True)
    for kind in (int, str, bool):
        conv.register_structure_hook(kind, _strict_scalar(kind))
    conv.register_structure_hook(float, _structure_float)
    conv.register_structure_hook_factory(_is_collection, _collection_hook)
    conv.register_unstructure_hook_factory(_is_tuple, _tuple_as_list)
    conv.register_structure_hook_func(
        lambda t: isinstance(t, type) and issubclass(t, enum.Enum), _enum_structure
    )
    conv.register_unstructure_hook_func(
        lambda t: t in (frozenset, set) or getattr(t, "__origin__", None) in (frozenset, set),
        lambda v: sorted(v),
    )
    return conv


class TaggedCodec:
    """Round-trips objects of a closed set of attrs classes, tagged by class name."""

    def __init__(self, converter: cattrs.Converter, types: tuple[type, ...], what: str) -> None:
        self._conv = converter
        self._what = what
        self._by_name: dict[str, type] = {}
        for cls in types:
            if cls.__name__ in self._by_name:
                raise ValueError(f"two {what} classes are named {cls.__name__}")
            self._by_name[cls.__name__] = cls
        self._fast: dict[str, Callable[[dict[str, Any]], object]] = {}
        for name, cls in self._by_name.items():
            fast = _fast_structure(converter, cls)
            if fast is not None:
                self._fast[name] = fast

    def fast_loads(self) -> dict[str, Callable[[dict[str, Any]], object]]:
        """The precompiled function of each plain class, by tag (see :func:`_fast_structure`):
        for a caller with a loop of its own (the log reader). Call a function only with a dict
        whose ``"type"`` is its tag, and take the general way, :meth:`load`, whenever it gives
        :data:`MISS` or the tag has none."""
        return self._fast

    @property
    def names(self) -> list[str]:
        """The tags this codec knows."""
        return sorted(self._by_name)

    def dump(self, obj: object) -> JSON:
        """``obj`` as a JSON-ready dict with its ``type`` tag first."""
        name = type(obj).__name__
        if self._by_name.get(name) is not type(obj):
            raise CodecError(f"{obj!r} is not a known {self._what}")
        body = self._conv.unstructure(obj)
        return {"type": name, **body}

    def load(self, data: JSON) -> object:
        """The object a JSON dict describes; :class:`CodecError` says what is wrong.

        Well-formed data of a plain class takes its precompiled function (see
        :func:`_fast_structure`); anything it does not accept goes the general cattrs way, which
        gives the same object or the error that says what is wrong.
        """
        if type(data) is dict:
            tag = data.get("type")
            fast = self._fast.get(tag) if type(tag) is str else None
            if fast is not None:
                obj = fast(data)
                if obj is not _MISS:
                    return obj
        if not isinstance(data, dict):
            raise CodecError(f"a {self._what} must be a JSON object, got {shorten(data)}")
        tag = data.get("type")
        cls = self._by_name.get(tag) if isinstance(tag, str) else None
        if cls is None:
            known = shorten_text(", ".join(self.names), 300)
            raise CodecError(f"unknown {self._what} type {shorten(tag)}; known: {known}")
        body = {k: v for k, v in data.items() if k != "type"}
        try:
            return self._conv.structure(body, cls)
        except CodecError:
            raise
        except Exception as exc:  # cattrs reports structure errors as several classes
            raise CodecError(f"bad {tag} {self._what}: {_explain(exc)}") from None

    def load_all(self, items: list[JSON]) -> tuple[object, ...]:
        """``tuple(self.load(item) for item in items)``, with the fast way inlined (a log's
        events are decoded here, thousands per log)."""
        fast = self._fast
        out: list[object] = []
        append = out.append
        for data in items:
            if type(data) is dict:
                try:  # no "type", or a tag that is no key of fast (unhashable, unknown): load()
                    obj = fast[data["type"]](data)
                except (KeyError, TypeError):
                    obj = _MISS
                if obj is not _MISS:
                    append(obj)
                    continue
            append(self.load(data))
        return tuple(out)


_MISS = object()
"""What a precompiled structure function returns for data it does not accept as it is."""

MISS = _MISS
"""The same marker, for a caller of :meth:`TaggedCodec.fast_loads`."""

_FROZEN_SETATTR: object = attrs.frozen(type("_Probe", (), {})).__setattr__
"""``__setattr__`` of a frozen attrs class (attrs has no public flag for frozenness)."""

_INLINE_SCALARS = (int, str, bool)

_SHARED_LIMIT = 4096
"""The most distinct values a class's loader keeps shared instances of before it starts
afresh (so a log read from outside cannot fill memory through this cache)."""

_SHARED_STR = 64
"""The longest string a shared instance may hold (longer ones are built each time)."""


def _fast_structure(
    conv: cattrs.Converter, cls: type, tagged: bool = True
) -> Callable[[dict[str, Any]], object] | None:
    """A function that builds ``cls`` from its tagged JSON dict, or ``None`` for ``cls``.

    Generated once per class (like cattrs' own functions, but for the exact shape a log holds):
    the dict, which the caller found tagged with this class's name, must have exactly the
    ``type`` tag and every field; an ``int``, ``str`` or
    ``bool`` field must hold exactly that type (checked inline); any other field goes through
    the converter's hook for its type. Whatever does not fit gives :data:`_MISS`, and the
    caller takes the general, slower way, which decides and words any error, so this changes
    speed and nothing else. A frozen class without fields gives one shared instance; a frozen
    class whose fields are all scalars (ints, short strings, bools, enums, optional ones) gives
    one shared instance per distinct value (most events of a log repeat: a step started, a card
    drawn), built once.
    Classes with private or non-init fields are left to cattrs (``None``).

    Not ``tagged``: the function of a class held in another's field (Khan's ``StackKey``),
    whose JSON is a dict of its fields alone, given any JSON value: :func:`_field_check`
    calls it in place of the converter's hook when every field of the class is a scalar.
    """
    if not attrs.has(cls):
        return None
    try:
        fields = attrs.fields(attrs.resolve_types(cls))
    except Exception:  # annotations that do not resolve here: cattrs decides
        return None
    if not all(f.init and f.alias == f.name for f in fields):
        return None
    keys = frozenset((*(("type",) if tagged else ()), *(f.name for f in fields)))
    if not tagged and not fields:
        return None
    if not fields:
        if cls.__setattr__ is not _FROZEN_SETATTR:
            return None
        shared = cls()

        def load_fieldless(data: dict[str, Any]) -> object:
            return shared if len(data) == 1 else _MISS

        return load_fieldless
    namespace: dict[str, Any] = {"cls": cls, "MISS": _MISS}
    # The caller found the "type" key (its tag chose this function), and each field's key is
    # looked up below (a missing one raises KeyError: MISS); so as many keys as the fields and
    # the tag means exactly those keys, which a length checks faster than a set comparison.
    lines = [
        "def load(data):",
        f"    if len(data) != {len(keys)}:"
        if tagged
        else f"    if type(data) is not dict or len(data) != {len(keys)}:",
        "        return MISS",
        "    try:",
    ]
    keys_of: list[str] = []  # per field, what the shared-instance memo is keyed by
    for i, f in enumerate(fields):
        lines.append(f"        v{i} = data[{f.name!r}]")
        if _holds_enum(f.type):  # keyed by the JSON value: strs hash in C, enum members do not
            lines.append(f"        r{i} = v{i}")
            keys_of.append(f"r{i}")
        else:
            keys_of.append(f"v{i}")
        lines += [f"        {line}" for line in _field_check(conv, f.type, f"v{i}", namespace)]
    args = ", ".join(f"{f.name}=v{i}" for i, f in enumerate(fields))
    if cls.__setattr__ is _FROZEN_SETATTR and all(_plain(f.type) for f in fields):
        # Every field is a scalar checked inline: the values are exact ints, strs, bools, enum
        # members or None, so equal values make equal objects. An immutable object is then
        # shared by every entry that holds the same values (bounded memo). An enum field is
        # keyed by its JSON value, which names one member (the look-up succeeded). Only short
        # strings are kept, so the memo holds at most _SHARED_LIMIT small objects per class.
        namespace["memo"] = {}
        namespace["limit"] = _SHARED_LIMIT
        values = "".join(f"{key}, " for key in keys_of)
        strs = [f"v{i}" for i, f in enumerate(fields) if str in (f.type, *get_args(f.type))]
        short = " and ".join(f"(type({v}) is not str or len({v}) <= {_SHARED_STR})" for v in strs)
        lines += [
            f"        if not ({short or 'True'}):",
            f"            return cls({args})",
            f"        key = ({values})",
            "        obj = memo.get(key)",
            "        if obj is None:",
            "            if len(memo) >= limit:",
            "                memo.clear()",
            f"            obj = memo[key] = cls({args})",
            "        return obj",
        ]
    else:
        lines.append(f"        return cls({args})")
    lines += ["    except Exception:", "        return MISS"]
    exec("\n".join(lines) + "\n", namespace)
    load: Callable[[dict[str, Any]], object] = namespace["load"]
    return load


def _plain(kind: Any) -> bool:
    """Whether ``kind`` is a scalar checked inline: int, str, bool, an enum, or one of these
    or ``None`` (tuples are left out: a long one would be kept whole by the memo)."""
    if kind in _INLINE_SCALARS or _holds_enum(kind):
        return True
    args = get_args(kind)
    if len(args) == 2 and type(None) in args and get_origin(kind) in (Union, UnionType):
        return all(a in _INLINE_SCALARS for a in args if a is not type(None))
    return False


def _holds_enum(kind: Any) -> bool:
    """Whether ``kind`` is an enum or an optional enum (checked inline by its JSON value)."""
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return True
    args = get_args(kind)
    if len(args) == 2 and type(None) in args and get_origin(kind) in (Union, UnionType):
        return any(_holds_enum(a) for a in args if a is not type(None))
    return False


def _field_check(
    conv: cattrs.Converter, kind: Any, var: str, namespace: dict[str, Any]
) -> list[str]:
    """Lines that turn the JSON value in ``var`` into a ``kind`` in place, or return MISS.

    Exact scalars, enums, optional values and tuples of these are checked inline, the way the
    converter's hooks accept them, and a class of scalars by its own function
    (:func:`_inline_class`); other types call the converter's hook.
    """
    name = f"k_{var}"
    namespace[name] = kind
    if kind in _INLINE_SCALARS:
        return [f"if type({var}) is not {name}:", "    return MISS"]
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        namespace[name] = {member.value: member for member in kind}
        return [f"{var} = {name}[{var}]"]  # a KeyError or TypeError gives MISS
    args = get_args(kind)
    origin = get_origin(kind)
    if len(args) == 2 and type(None) in args and origin in (Union, UnionType):
        (inner,) = (a for a in args if a is not type(None))
        body = _field_check(conv, inner, var, namespace)
        return [f"if {var} is not None:", *(f"    {line}" for line in body)]
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        item = f"{var}i"
        body = _field_check(conv, args[0], item, namespace)
        return [
            f"if type({var}) is not list:",
            "    return MISS",
            f"{var}l = []",
            f"for {item} in {var}:",
            *(f"    {line}" for line in body),
            f"    {var}l.append({item})",
            f"{var} = tuple({var}l)",
        ]
    if origin is tuple and args and Ellipsis not in args:
        lines = [f"if type({var}) is not list or len({var}) != {len(args)}:", "    return MISS"]
        for i, arg in enumerate(args):
            lines.append(f"{var}_{i} = {var}[{i}]")
            lines += _field_check(conv, arg, f"{var}_{i}", namespace)
        items = "".join(f"{var}_{i}, " for i in range(len(args)))
        return [*lines, f"{var} = ({items})"]
    nested = _fast_structure(conv, kind, tagged=False) if _inline_class(kind) else None
    if nested is not None:
        namespace[f"n_{var}"] = nested
        return [f"{var} = n_{var}({var})", f"if {var} is MISS:", "    return MISS"]
    namespace[f"h_{var}"] = conv.get_structure_hook(kind)
    return [f"{var} = h_{var}({var}, {name})"]


def _inline_class(kind: Any) -> bool:
    """Whether ``kind`` is a frozen attrs class whose fields are all scalars checked inline
    (:func:`_plain`): a field of that class is then built by its own precompiled function,
    which gives the same object as the converter's hook, shared as a plain event is."""
    if not (isinstance(kind, type) and attrs.has(kind)) or kind.__setattr__ is not _FROZEN_SETATTR:
        return False
    try:
        fields = attrs.fields(attrs.resolve_types(kind))
    except Exception:  # annotations that do not resolve here: the converter's hook decides
        return False
    return bool(fields) and all(_plain(f.type) for f in fields)


def _explain(exc: BaseException) -> str:
    """A short text of a structuring failure, naming the fields at fault."""
    if isinstance(exc, cattrs.ClassValidationError):
        with_notes, others = exc.group_exceptions()
        parts = [f"field {note.name}: {_explain(e)}" for e, note in with_notes]
        parts += [_explain(e) for e in others]
        return shorten_text("; ".join(parts), 300) if parts else shorten_text(str(exc), 300)
    if isinstance(exc, cattrs.BaseValidationError):
        parts = [_explain(e) for e in exc.exceptions]
        return shorten_text("; ".join(parts) if parts else str(exc), 300)
    if isinstance(exc, KeyError) and exc.args:
        return f"missing field {shorten(exc.args[0])}"
    return shorten_text(str(exc) or type(exc).__name__, 300)


class GameCodec:
    """Every JSON conversion a game needs: actions, events (flow events included), states."""

    def __init__(self, game: Game[Any, Any]) -> None:
        self.converter = make_converter()
        self.actions = TaggedCodec(self.converter, game.action_types, "action")
        self.events = TaggedCodec(
            self.converter, (*FLOW_EVENT_TYPES, *MARKER_EVENT_TYPES, *game.event_types), "event"
        )
        self._state_type = game.state_type

    def dump_state(self, state: object) -> JSON:
        """The whole state as JSON."""
        return self.converter.unstructure(state)

    def load_state(self, data: JSON) -> object:
        """A state from :meth:`dump_state`'s output."""
        try:
            return self.converter.structure(data, self._state_type)
        except Exception as exc:
            raise CodecError(f"bad state: {_explain(exc)}") from None

    def dump_any(self, value: object) -> JSON:
        """Any attrs value (a view, a result) as JSON."""
        return self.converter.unstructure(value)


_CODECS: dict[type, GameCodec] = {}


def codec_for(game: Game[Any, Any]) -> GameCodec:
    """The codec of a game (built once per game class)."""
    codec = _CODECS.get(type(game))
    if codec is None:
        codec = _CODECS[type(game)] = GameCodec(game)
    return codec
