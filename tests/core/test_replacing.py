"""boardkit.replacing: a generated copy with some fields replaced is what attrs.evolve gives."""

from __future__ import annotations

from typing import Any, ClassVar

import attrs
import pytest

from boardkit.replacing import evolve, replacer


@attrs.frozen
class _Plain:
    a: int
    b: tuple[int, ...]
    c: str = "x"


@attrs.frozen
class _Validated:
    a: int = attrs.field(validator=attrs.validators.instance_of(int))
    b: tuple[int, ...] = ()
    c: str = "x"


@attrs.frozen
class _Renamed:
    _a: int
    b: tuple[int, ...] = ()
    c: str = "x"


@attrs.frozen(slots=False)
class _WithDict:
    a: int
    b: tuple[int, ...] = ()
    c: str = "x"


@pytest.mark.parametrize("kind", [_Plain, _Validated, _WithDict])
@pytest.mark.parametrize("names", [("b",), ("c", "b"), ("a", "b", "c")])
def test_a_replaced_copy_is_evolve(kind: type[Any], names: tuple[str, ...]) -> None:
    """Whichever fields are replaced, in whatever order, the copy equals (and hashes as) the
    one attrs.evolve makes, is another object of the same class, and leaves the original and
    its frozenness alone."""
    state = kind(1, (2, 3), "y")
    values = {"a": 7, "b": (8,), "c": "z"}
    replace = replacer(kind, *names)
    copy = replace(state, *(values[name] for name in names))
    expected = attrs.evolve(state, **{name: values[name] for name in names})
    assert copy == expected and hash(copy) == hash(expected)
    assert copy is not state and type(copy) is kind
    assert state == kind(1, (2, 3), "y")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        copy.a = 5
    assert replacer(kind, *names) is replace  # generated once per class and names


def test_a_replaced_field_with_a_validator_is_still_validated() -> None:
    """A field with a validator is set through the constructor, so a bad value is refused
    as the constructor would refuse it; a plain class takes the slot-filling copy."""
    with pytest.raises(TypeError):
        replacer(_Validated, "a")(_Validated(1), "not an int")
    assert not _bare_copy(_Validated, "a") and _bare_copy(_Plain, "a")


def test_a_private_field_is_replaced_by_its_name() -> None:
    """A field whose constructor argument has another name (``_a`` → ``a``) still copies
    right: the slots are set by field name."""
    copy = replacer(_Renamed, "_a")(_Renamed(1, (2,)), 5)
    assert copy == _Renamed(5, (2,))


def test_an_unknown_field_is_refused_as_evolve_refuses_it() -> None:
    """A name that is not a field gives evolve's error when the copy is made."""
    with pytest.raises(TypeError):
        replacer(_Plain, "nope")(_Plain(1, ()), 3)


def _bare_copy(kind: type[Any], *names: str) -> bool:
    """Whether the generated copy starts from a bare instance (``_new(_cls)``, or a call of
    the class's writable twin) rather than the constructor: the names its code uses tell."""
    used = replacer(kind, *names).__code__.co_names
    return "_new" in used or "_twin" in used


@attrs.frozen
class _Awkward:
    """Fields named like the generated code's own names."""

    state: int
    cls: str
    new: int = 0
    copy: int = 0
    v0: int = 0


@pytest.mark.parametrize(
    "names", [("state",), ("cls", "new"), ("copy", "v0", "state"), ("v0",), ()]
)
def test_field_names_cannot_clash_with_the_generated_code(names: tuple[str, ...]) -> None:
    before = _Awkward(1, "a", 2, 3, 4)
    values: list[Any] = [f"{name}!" if name == "cls" else 10 + i for i, name in enumerate(names)]
    after = replacer(_Awkward, *names)(before, *values)
    changes: dict[str, Any] = dict(zip(names, values, strict=True))
    assert after == attrs.evolve(before, **changes)
    assert before == _Awkward(1, "a", 2, 3, 4)


@pytest.mark.parametrize("kind", [_Plain, _Validated, _WithDict])
@pytest.mark.parametrize("names", [("b",), ("c", "b"), ("a", "b", "c"), ()])
def test_evolve_gives_what_attrs_evolve_gives(kind: type[Any], names: tuple[str, ...]) -> None:
    state = kind(1, (2, 3), "y")
    changes = {name: {"a": 7, "b": (8,), "c": "z"}[name] for name in names}
    copy = evolve(state, **changes)
    assert copy == attrs.evolve(state, **changes) and type(copy) is kind
    assert state == kind(1, (2, 3), "y")


def test_evolve_names_fields_as_the_constructor_does_and_refuses_what_it_refuses() -> None:
    """A private field is changed by its constructor name (``a`` for ``_a``), as with
    ``attrs.evolve``; its own name, or a name that is no field, is refused alike; a changed
    field's validator runs."""
    assert (
        evolve(_Renamed(1, (2,)), a=5) == attrs.evolve(_Renamed(1, (2,)), a=5) == _Renamed(5, (2,))
    )
    refused: list[dict[str, Any]] = [{"_a": 5}, {"nope": 1}]
    for bad in refused:
        with pytest.raises(TypeError, match="unexpected keyword argument"):
            attrs.evolve(_Renamed(1, (2,)), **bad)
        with pytest.raises(TypeError, match="unexpected keyword argument"):
            evolve(_Renamed(1, (2,)), **bad)
    with pytest.raises(TypeError):
        evolve(_Validated(1), a="not an int")


@pytest.mark.parametrize("names", [("b",), ("a", "c")])
def test_a_copy_made_through_the_writable_twin_is_a_plain_instance(names: tuple[str, ...]) -> None:
    """A slotted class gets a writable twin: the copy is filled on an instance of the twin and
    then handed the class itself, so it is exactly of the class, frozen, weakly referable,
    and pickles and compares like one the constructor made."""
    import pickle
    import weakref

    from boardkit.replacing import _writable_twin

    twin = _writable_twin(_Plain)
    assert twin is not None and twin.__bases__ == (_Plain,)
    replace = replacer(_Plain, *names)
    assert "_twin" in replace.__code__.co_names
    values: dict[str, Any] = {"a": 9, "b": (9,), "c": "z"}
    state = _Plain(1, (2,), "y")
    copy: Any = replace(state, *(values[name] for name in names))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        copy.b = ()
    assert type(copy) is _Plain and not isinstance(copy, twin)
    assert weakref.ref(copy)() is copy
    assert pickle.loads(pickle.dumps(copy)) == copy
    assert copy == attrs.evolve(state, **{name: values[name] for name in names})


class _Watched:
    """A base that counts the subclasses made of it."""

    __slots__ = ()
    made: ClassVar[list[type]] = []

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _Watched.made.append(cls)


@attrs.frozen
class _WatchedState(_Watched):
    a: int
    b: int = 0


def test_a_class_whose_hierarchy_watches_its_subclasses_gets_no_twin() -> None:
    """Making the twin would run a class's ``__init_subclass__``: such a class is copied
    through its slots' descriptors instead, just as right, and no subclass is made."""
    from boardkit.replacing import _writable_twin

    before = list(_Watched.made)
    copy = replacer(_WatchedState, "b")(_WatchedState(1), 5)
    assert copy == _WatchedState(1, 5) and type(copy) is _WatchedState
    assert _writable_twin(_WatchedState) is None and _Watched.made == before
    assert (
        _bare_copy(_WatchedState, "b")
        and "_twin" not in replacer(_WatchedState, "b").__code__.co_names
    )


@pytest.mark.parametrize("kind", [_Plain, _Validated, _WithDict, _WatchedState])
def test_a_built_instance_holds_its_values_as_they_are(kind: type[Any]) -> None:
    """``builder`` sets every field to its value, in field order, and makes an instance of the
    class itself that equals the constructor's; the class's validators and converters do not
    run where it can be built bare (a slotted class), so the values must be what the
    constructor would store, and they are kept as the very objects given."""
    from boardkit.replacing import builder

    fields = attrs.fields(kind)
    values: list[Any] = [1, (2, 3), "y"][: len(fields)]
    built: Any = builder(kind)(*values)
    assert type(built) is kind and built == kind(*values)
    assert all(getattr(built, f.name) is v for f, v in zip(fields, values, strict=True))
    assert builder(kind) is builder(kind)  # made once per class
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        built.a = 5
    if kind is _Validated:  # slotted: built bare, so no validator runs
        assert builder(kind)("not an int", (), "x").a == "not an int"


def test_a_log_entry_is_built_bare_and_equals_the_constructors() -> None:
    """``decoded_entry`` (what the log reader and ``Match.play`` build) gives the entry the
    constructor gives for the same values, events a tuple."""
    from boardkit.log import Entry
    from boardkit.log.model import decoded_entry

    events = ("a", "b")
    entry = decoded_entry(3, 1, {"take": 2}, events)
    assert type(entry) is Entry and entry == Entry(3, 1, {"take": 2}, events)
    assert entry.events is events
