"""Copies of frozen attrs states with some fields replaced: ``attrs.evolve`` made fast.

Folding an event builds a new immutable state, most often the old one with one or two fields
replaced. ``attrs.evolve`` does that for any class, looking the fields up each time;
:func:`replacer` writes the copy out once per class and set of fields, as plain Python. The
framework folds flow events with it (``state`` with another ``flow``), and a game's reducer
may use it for its own fields.
"""

from __future__ import annotations

from collections.abc import Callable
from types import MemberDescriptorType
from typing import Any, TypeVar

import attrs

T = TypeVar("T")

_MADE: dict[tuple[type, tuple[str, ...]], Callable[..., Any]] = {}


def _slot_names(cls: type) -> set[str] | None:
    """Every instance slot of ``cls`` and its bases, or ``None`` when an instance has a
    ``__dict__`` (then attributes can live outside slots)."""
    names: set[str] = set()
    for klass in cls.__mro__:
        if klass is object:
            continue
        slots = klass.__dict__.get("__slots__")
        if slots is None:
            return None
        names.update((slots,) if isinstance(slots, str) else slots)
    names.discard("__weakref__")
    return None if "__dict__" in names else names


def _bare_instance_allowed(cls: type, fields: tuple[Any, ...]) -> bool:
    """Whether an instance may be a bare one whose slots are filled one by one: a slotted attrs
    class whose slots are exactly its fields, all set by its constructor (no cached hash, no
    ``__attrs_pre_init__`` or ``__attrs_post_init__``, no ``__new__`` of its own)."""
    all_names = [f.name for f in fields]
    return (
        all(f.init for f in fields)
        and _slot_names(cls) == set(all_names)
        and cls.__new__ is object.__new__  # type: ignore[comparison-overlap]
        and not hasattr(cls, "__attrs_post_init__")
        and not hasattr(cls, "__attrs_pre_init__")
        and all(type(getattr(cls, name, None)) is MemberDescriptorType for name in all_names)
    )


def _bare_copy_allowed(cls: type, fields: tuple[Any, ...], names: tuple[str, ...]) -> bool:
    """Whether a copy with the fields ``names`` replaced may be a bare instance
    (:func:`_bare_instance_allowed`): also no converter or validator on a replaced field."""
    replaced = [f for f in fields if f.name in names]
    return (
        len(replaced) == len(names)
        and all(f.validator is None and f.converter is None for f in replaced)
        and _bare_instance_allowed(cls, fields)
    )


_TWINS: dict[type, type | None] = {}
"""Each class's writable twin, or ``None`` where it has none (:func:`_writable_twin`)."""


def _writable_twin(cls: type) -> type | None:
    """A subclass of ``cls`` that adds nothing but ``object``'s own ``__init__``,
    ``__setattr__`` and ``__delattr__`` (so that calling it makes a bare instance, cheaper than
    ``object.__new__``, and that its instances' slots take plain attribute stores, which the
    interpreter specializes into direct slot writes), for a class whose instances a copier
    builds bare (:func:`_bare_copy_allowed`); made once per class.

    An instance filled in through the twin is then handed to ``cls`` by assigning its
    ``__class__``: the twin has the very layout of ``cls`` (no slot, no ``__dict__`` of its
    own), so the assignment is allowed and the result is an instance of ``cls`` in every way.
    ``None`` where a subclass cannot be made quietly: a metaclass other than ``type``, a class
    of the hierarchy with an ``__init_subclass__`` of its own (making the twin would run it),
    or a layout that refuses the assignment after all (then the slots are set through their
    descriptors instead).
    """
    if cls in _TWINS:
        return _TWINS[cls]
    twin: type | None = None
    if type(cls) is type and not any(
        "__init_subclass__" in klass.__dict__ for klass in cls.__mro__[:-1]
    ):
        made = type(
            f"_Writable{cls.__name__}",
            (cls,),
            {
                "__slots__": (),
                "__init__": object.__init__,
                "__setattr__": object.__setattr__,
                "__delattr__": object.__delattr__,
                "__module__": __name__,
            },
        )
        probe: Any = object.__new__(made)
        try:
            probe.__class__ = cls
        except TypeError:
            pass
        else:
            twin = made
    _TWINS[cls] = twin
    return twin


def replacer(cls: type[T], *names: str) -> Callable[..., T]:
    """``replace(state, *values)``: ``state``, an instance of the frozen attrs class ``cls``,
    with the fields ``names`` set to ``values`` (in that order); generated once per class and
    names.

    When the class allows it (see :func:`_bare_copy_allowed`), the copy is a bare instance
    whose slots are filled one by one: the fields kept hold values that were checked when they
    were first set, and the replaced ones have no converter or validator to run. The slots are
    filled on an instance of a writable twin of the class (:func:`_writable_twin`), as plain
    attribute stores, which the interpreter makes direct slot writes, and the finished copy is
    then given the class itself; that costs about two fifths of a constructor call. Where the
    class has no twin, the slots are filled through their descriptors (about three quarters of
    a constructor call). Otherwise the copy is a generated constructor call, or
    ``attrs.evolve``.
    """
    key = (cls, names)
    made = _MADE.get(key)
    if made is not None:
        return made
    fields = attrs.fields(cls)  # type: ignore[arg-type]
    all_names = [f.name for f in fields]
    # Parameters are named v0, v1 … and the helpers _cls, _new, _set0 …, so that no field name
    # (a field called "state" or "cls", say) can clash with them.
    params = ", ".join(("_state", *(f"v{i}" for i in range(len(names)))))
    namespace: dict[str, Any] = {"_cls": cls, "_new": object.__new__}

    def value(name: str) -> str:
        return f"v{names.index(name)}" if name in names else f"_state.{name}"

    twin = _writable_twin(cls) if _bare_copy_allowed(cls, fields, names) else None
    if twin is not None:
        namespace["_twin"] = twin
        lines = [f"def replace({params}):", "    _copy = _twin()"]
        lines += [f"    _copy.{name} = {value(name)}" for name in all_names]
        lines += ["    _copy.__class__ = _cls", "    return _copy"]
        exec("\n".join(lines) + "\n", namespace)
        made = namespace["replace"]
    elif _bare_copy_allowed(cls, fields, names):
        lines = [f"def replace({params}):", "    _copy = _new(_cls)"]
        for i, name in enumerate(all_names):
            namespace[f"_set{i}"] = getattr(cls, name).__set__
            lines.append(f"    _set{i}(_copy, {value(name)})")
        lines.append("    return _copy")
        exec("\n".join(lines) + "\n", namespace)
        made = namespace["replace"]
    elif set(names) <= set(all_names) and all(f.init and f.alias == f.name for f in fields):
        args = ", ".join(value(name) for name in all_names)
        exec(f"def replace({params}):\n    return _cls({args})\n", namespace)
        made = namespace["replace"]
    else:

        def made(state: Any, *values: object) -> Any:
            return attrs.evolve(state, **dict(zip(names, values, strict=True)))

    _MADE[key] = made
    return made


_BUILDERS: dict[type, Callable[..., Any]] = {}


def builder(cls: type[T]) -> Callable[..., T]:
    """``build(*values)``: an instance of the frozen attrs class ``cls`` whose fields hold
    ``values``, in the order of the fields, as they are: no converter or validator runs. For
    values the caller knows to be what the constructor would store (a log reader's entry, its
    events already a tuple); made once per class.

    The instance is built as :func:`replacer` builds a copy: on the class's writable twin, or
    through the slots' descriptors; a class whose instances cannot be built bare is built by
    its constructor (which then converts and checks the values).
    """
    made = _BUILDERS.get(cls)
    if made is not None:
        return made
    fields = attrs.fields(cls)  # type: ignore[arg-type]
    params = ", ".join(f"v{i}" for i in range(len(fields)))
    namespace: dict[str, Any] = {"_cls": cls, "_new": object.__new__}
    bare = _bare_instance_allowed(cls, fields)
    twin = _writable_twin(cls) if bare else None
    if twin is not None:
        namespace["_twin"] = twin
        lines = [f"def build({params}):", "    _made = _twin()"]
        lines += [f"    _made.{f.name} = v{i}" for i, f in enumerate(fields)]
        lines += ["    _made.__class__ = _cls", "    return _made"]
    elif bare:
        lines = [f"def build({params}):", "    _made = _new(_cls)"]
        for i, f in enumerate(fields):
            namespace[f"_set{i}"] = getattr(cls, f.name).__set__
            lines.append(f"    _set{i}(_made, v{i})")
        lines.append("    return _made")
    else:
        keywords = ", ".join(f"{f.alias}=v{i}" for i, f in enumerate(fields) if f.init)
        lines = [f"def build({params}):", f"    return _cls({keywords})"]
    exec("\n".join(lines) + "\n", namespace)
    built: Callable[..., T] = namespace["build"]
    _BUILDERS[cls] = built
    return built


def evolve(state: T, **changes: Any) -> T:
    """``attrs.evolve(state, **changes)`` for a frozen attrs state, made cheaper: the copy is
    written out once per class and set of changed fields (:func:`replacer`) and then costs a
    fraction of ``attrs.evolve``, which looks the fields up on every call. A reducer that folds
    many events uses it in place of ``attrs.evolve``:

    >>> from attrs import frozen
    >>> @frozen
    ... class Heap:
    ...     stones: int
    ...     winner: int | None = None
    >>> evolve(Heap(5), stones=3, winner=1)
    Heap(stones=3, winner=1)

    As with ``attrs.evolve``, changes are named as the constructor names them (a private field
    ``_a`` as ``a``), a changed field's validator and converter run, and a name the constructor
    does not take is refused with a ``TypeError``."""
    cls = type(state)
    key = (cls, tuple(changes))
    made = _EVOLVERS.get(key)
    if made is None:
        made = _EVOLVERS[key] = _evolver(cls, key[1])
    return made(state, *changes.values())  # type: ignore[no-any-return]


_EVOLVERS: dict[tuple[type, tuple[str, ...]], Callable[..., Any]] = {}
"""By class and the constructor's names of the changed fields, :func:`evolve`'s copy."""


def _evolver(cls: type, keys: tuple[str, ...]) -> Callable[..., Any]:
    """The :func:`replacer` for the fields the constructor names ``keys``."""
    by_alias = {f.alias: f.name for f in attrs.fields(cls) if f.init}
    for key in keys:
        if key not in by_alias:
            raise TypeError(f"{cls.__name__}.__init__() got an unexpected keyword argument {key!r}")
    return replacer(cls, *(by_alias[key] for key in keys))
