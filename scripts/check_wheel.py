"""Check a compiled boardkit wheel built on Linux before anyone installs it.

    python scripts/check_wheel.py WHEEL

It must carry every module of ``compilable.txt`` compiled, mypyc's runtime, and every source
beside them; its tag must name a manylinux or musllinux platform (what ``auditwheel repair``
gives), not the bare ``linux`` of a local build; and no shared library in it may carry debug
information (``setup.py`` builds them without: a released wheel ships the code, not the
compiler's notes about it). Exits 1 naming each problem. The ELF reader here is the few lines
that reading section names needs, so that the check needs nothing installed.
"""

from __future__ import annotations

import struct
import sys
import zipfile
from pathlib import Path

RUNTIME_MODULE = "boardkit_compiled__mypyc"
DEBUG_PREFIXES = (".debug", ".zdebug", ".gnu_debuglink")


class NotElfError(ValueError):
    """The bytes given are not an ELF shared library."""


def section_names(data: bytes) -> list[str]:
    """The names of an ELF file's sections, in file order."""
    if data[:4] != b"\x7fELF":
        raise NotElfError("not an ELF file")
    wide = {1: False, 2: True}.get(data[4])
    order = {1: "<", 2: ">"}.get(data[5])
    if wide is None or order is None:
        raise NotElfError(f"unknown ELF class {data[4]} or byte order {data[5]}")
    if wide:
        shoff = struct.unpack_from(order + "Q", data, 0x28)[0]
        shentsize, shnum, shstrndx = struct.unpack_from(order + "HHH", data, 0x3A)
    else:
        shoff = struct.unpack_from(order + "I", data, 0x20)[0]
        shentsize, shnum, shstrndx = struct.unpack_from(order + "HHH", data, 0x2E)

    def header(index: int) -> tuple[int, int, int]:
        """A section header's name offset, file offset and size."""
        start = shoff + index * shentsize
        if wide:
            name, _type, _flags, _addr, offset, size = struct.unpack_from(
                order + "IIQQQQ", data, start
            )
        else:
            name, _type, _flags, _addr, offset, size = struct.unpack_from(
                order + "IIIIII", data, start
            )
        return name, offset, size

    _, strings_at, strings_size = header(shstrndx)
    strings = data[strings_at : strings_at + strings_size]
    names = []
    for index in range(shnum):
        at = header(index)[0]
        names.append(strings[at : strings.index(b"\0", at)].decode("ascii", "replace"))
    return names


def debug_sections(data: bytes) -> list[str]:
    """The sections of an ELF file that hold debug information (empty once stripped)."""
    return [name for name in section_names(data) if name.startswith(DEBUG_PREFIXES)]


def problems(wheel: Path) -> list[str]:
    """Everything wrong with a compiled wheel, one line each (empty when it is fit to ship)."""
    found = []
    tag = wheel.name.removesuffix(".whl").split("-")[-1]
    if not all(part.startswith(("manylinux", "musllinux")) for part in tag.split(".")):
        found.append(f"platform tag {tag!r} is not manylinux or musllinux (auditwheel repair)")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        listed = archive.read("boardkit/compilable.txt").decode("utf-8").splitlines()
        modules = {line.strip() for line in listed if line.strip() and line[:1] != "#"}
        libraries = sorted(n for n in names if n.endswith(".so"))
        compiled = {n.split(".")[0].replace("/", ".") for n in libraries}
        if compiled != {*modules, RUNTIME_MODULE}:
            missing = sorted({*modules, RUNTIME_MODULE} - compiled)
            extra = sorted(compiled - {*modules, RUNTIME_MODULE})
            found.append(f"compiled modules: missing {missing}, not listed {extra}")
        for module in sorted(modules):
            if module.replace(".", "/") + ".py" not in names:
                found.append(f"{module}: its source is not in the wheel")
        for library in libraries:
            try:
                debug = debug_sections(archive.read(library))
            except NotElfError as error:
                found.append(f"{library}: {error}")
                continue
            if debug:
                found.append(f"{library} carries debug information: {', '.join(debug)}")
    return found


def main(arguments: list[str]) -> int:
    if len(arguments) != 1:
        print("usage: python scripts/check_wheel.py WHEEL", file=sys.stderr)
        return 2
    wheel = Path(arguments[0])
    found = problems(wheel)
    for line in found:
        print(f"check_wheel: {wheel.name}: {line}", file=sys.stderr)
    if not found:
        print(f"check_wheel: {wheel.name}: compiled, sources beside, tagged, no debug info")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
