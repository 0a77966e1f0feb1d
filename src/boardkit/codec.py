"""JSON for actions, events, states and views, through cattrs.

Actions and events are tagged with their class name (``{"type": "PlaceMaster", ...}``) so a log
can hold many kinds side by side. Structuring is strict: unknown tags, missing or extra keys and
values of the wrong JSON type are refused (a forged log must not slip through by coercion, such
as the string ``"3"`` silently becoming the number 3).
"""

from __future__ import annotations

import enum
from typing import Any

import cattrs

from boardkit.flow import FLOW_EVENT_TYPES
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
            raise CodecError(f"expected {kind.__name__}, got {value!r}")
        return value

    return structure


def _structure_float(value: object, _: object) -> float:
    if type(value) not in (int, float):
        raise CodecError(f"expected a number, got {value!r}")
    assert isinstance(value, int | float)
    return float(value)


def _enum_structure(value: object, cls: type[enum.Enum]) -> enum.Enum:
    try:
        return cls(value)
    except ValueError:
        allowed = ", ".join(repr(m.value) for m in cls)
        raise CodecError(f"{value!r} is not a {cls.__name__} ({allowed})") from None


def make_converter() -> cattrs.Converter:
    """A strict cattrs converter: exact scalars, no extra keys, sets as sorted lists."""
    conv = cattrs.Converter(forbid_extra_keys=True)
    for kind in (int, str, bool):
        conv.register_structure_hook(kind, _strict_scalar(kind))
    conv.register_structure_hook(float, _structure_float)
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
        """The object a JSON dict describes; :class:`CodecError` says what is wrong."""
        if not isinstance(data, dict):
            raise CodecError(f"a {self._what} must be a JSON object, got {data!r}")
        tag = data.get("type")
        cls = self._by_name.get(tag) if isinstance(tag, str) else None
        if cls is None:
            raise CodecError(f"unknown {self._what} type {tag!r}; known: {', '.join(self.names)}")
        body = {k: v for k, v in data.items() if k != "type"}
        try:
            return self._conv.structure(body, cls)
        except CodecError:
            raise
        except Exception as exc:  # cattrs reports structure errors as several classes
            raise CodecError(f"bad {tag} {self._what}: {_explain(exc)}") from None


def _explain(exc: BaseException) -> str:
    if isinstance(exc, cattrs.BaseValidationError):
        parts = [_explain(e) for e in exc.exceptions]
        return "; ".join(parts) if parts else str(exc)
    return str(exc) or type(exc).__name__


class GameCodec:
    """Every JSON conversion a game needs: actions, events (flow events included), states."""

    def __init__(self, game: Game[Any, Any]) -> None:
        self.converter = make_converter()
        self.actions = TaggedCodec(self.converter, game.action_types, "action")
        self.events = TaggedCodec(self.converter, (*FLOW_EVENT_TYPES, *game.event_types), "event")
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
