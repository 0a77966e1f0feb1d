"""Writing files without losing data: atomic replacement, and no overwriting unless asked.

A save that truncates a file and then writes it leaves nothing behind when it fails half-way
(a full disk, a crash, a killed process). :func:`atomic_write_text` writes a temporary file next
to the target, flushes it to the disk and only then renames it over the target, so a reader (or
the next run) sees either the old file whole or the new one whole, never a mixture or an empty
file. It also refuses to replace an existing file unless the caller says so, so that re-running
yesterday's command cannot wipe yesterday's game. :func:`atomic_write` does the same for files
that another program writes (a PNG converter).

A path that cannot be a file (an empty one, a folder, one in a missing folder) is refused before
anything is written, by :func:`check_writable`, which a command also calls before it plays a
game whose log it will save, so that no game is played only to be lost. Every failure to read
(:func:`read_bytes`) or write is a :class:`~boardkit.errors.FileAccessError` that names the path.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import shutil
from collections.abc import Callable
from pathlib import Path

from boardkit.errors import FileAccessError, OverwriteError

_PROBLEMS = {
    errno.ENOENT: "it does not exist",
    errno.EISDIR: "it is a folder, not a file",
    errno.ENOTDIR: "a part of the path is a file, not a folder",
    errno.EACCES: "permission denied",
}
"""Plain words for the errors people meet most; others keep the system's own words."""


def file_error(path: str | Path, action: str, error: OSError) -> FileAccessError:
    """``error`` (raised while reading or writing ``path``) as a :class:`FileAccessError`."""
    if isinstance(error, FileAccessError):
        return error
    problem = _PROBLEMS.get(error.errno or 0) or error.strerror or str(error)
    return FileAccessError(path, action, problem, error.errno)


def read_bytes(path: str | Path, limit: int) -> bytes:
    """The first ``limit`` bytes of the file at ``path`` (read no further: a caller that gets
    more than it can take refuses the file without reading all of it).

    A missing file, a folder or an unreadable file raises :class:`FileAccessError`.
    """
    if not isinstance(path, str | os.PathLike):  # open(3) would read, then close, descriptor 3
        raise FileAccessError(path, "read", f"a path is text, not {type(path).__name__}")
    if str(path) == "":
        raise FileAccessError(path, "read", "no file name given", errno.ENOENT)
    try:
        with open(path, "rb") as file:
            return file.read(limit)
    except OSError as exc:
        raise file_error(path, "read", exc) from None


def make_folder(path: str | Path) -> Path:
    """The folder ``path``, made (with its parents) if it does not exist yet.

    A file in the way, or a folder that cannot be made, raises :class:`FileAccessError` that
    names the path ("cannot create logs: it is a file, not a folder").
    """
    folder = Path(path)
    if str(path) == "":
        raise FileAccessError(path, "create", "no folder name given", errno.ENOENT)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:  # mkdir's word for a file where the folder should be
        raise FileAccessError(path, "create", "it is a file, not a folder", errno.ENOTDIR) from None
    except OSError as exc:
        if exc.errno == errno.ENOTDIR:
            raise FileAccessError(path, "create", _PROBLEMS[errno.ENOTDIR], exc.errno) from None
        raise file_error(path, "create", exc) from None
    return folder


def check_writable(path: str | Path, *, overwrite: bool) -> None:
    """Refuse, before any work, a ``path`` that :func:`atomic_write` could not write.

    An empty path, one that ends in a separator or names a folder, and one whose folder does
    not exist raise :class:`FileAccessError`; an existing file raises
    :class:`~boardkit.errors.OverwriteError` unless ``overwrite``. The check cannot promise
    that the write will succeed (the disk may fill up), only that the path is a file's.
    """
    if not isinstance(path, str | os.PathLike):
        raise FileAccessError(path, "write", f"a path is text, not {type(path).__name__}")
    text = str(path)
    if text == "":
        raise FileAccessError(path, "write", "no file name given", errno.ENOENT)
    if text.endswith(("/", os.sep)):
        raise FileAccessError(path, "write", "the path names a folder, not a file", errno.EISDIR)
    target = Path(path)
    if target.is_dir():
        raise FileAccessError(path, "write", _PROBLEMS[errno.EISDIR], errno.EISDIR)
    folder = target.parent
    if not folder.is_dir():
        problem = (
            f"{folder} is a file, not a folder"
            if folder.exists()
            else f"the folder {folder} does not exist"
        )
        raise FileAccessError(path, "write", problem, errno.ENOENT)
    if not overwrite and target.exists():
        raise OverwriteError(path)


def atomic_write_text(path: str | Path, text: str, *, overwrite: bool) -> None:
    """Write ``text`` (UTF-8, line ends as given) to ``path`` atomically.

    With ``overwrite=False`` an existing ``path`` raises :class:`~boardkit.errors.OverwriteError`
    and nothing is written; a path that cannot be a file (see :func:`check_writable`) raises
    :class:`~boardkit.errors.FileAccessError` and nothing is written. On any failure ``path`` is
    left as it was and no temporary file is left behind; a failure of the system (a full disk)
    is a :class:`~boardkit.errors.FileAccessError` too, which is also an ``OSError``. See
    :func:`atomic_write` for how.
    """

    def write(temporary: Path) -> None:
        with temporary.open("w", encoding="utf-8", newline="") as stream:
            stream.write(text)

    atomic_write(path, write, overwrite=overwrite)


def atomic_write(path: str | Path, write: Callable[[Path], object], *, overwrite: bool) -> None:
    """Have ``write`` fill a temporary file, then put that file at ``path`` atomically.

    The temporary file is in the same folder as ``path`` (so the final rename never crosses file
    systems) and ends in the same suffix (so programs that choose a format by it still do). Once
    ``write`` returns, the file is ``fsync``-ed and replaces ``path`` with :func:`os.replace`;
    the folder is ``fsync``-ed too where the operating system allows it, so that the rename
    itself survives a crash. ``overwrite`` and failures behave as in :func:`atomic_write_text`.
    """
    check_writable(path, overwrite=overwrite)
    target = Path(path)
    try:
        temporary = _temporary_file(target)
    except OSError as exc:
        raise file_error(path, "write", exc) from None
    try:
        write(temporary)
        _sync_file(temporary)
        if overwrite and target.exists():
            with contextlib.suppress(OSError):  # keep the replaced file's permissions
                shutil.copymode(target, temporary)
        _place(temporary, target, overwrite)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            temporary.unlink()
        if isinstance(exc, OSError) and not isinstance(exc, FileAccessError):
            raise file_error(path, "write", exc) from None
        raise
    _sync_folder(target.parent)


def _temporary_file(target: Path) -> Path:
    """A new, empty, hidden file next to ``target``, with the same suffix.

    Created with ``O_EXCL`` and mode 0o666, so the process's umask gives it the permissions an
    ordinary new file would get (``tempfile.mkstemp`` would make it private to the owner).
    """
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL
    while True:
        name = target.parent / f".{target.stem}.{secrets.token_hex(6)}.tmp{target.suffix}"
        try:
            os.close(os.open(name, flags, 0o666))
        except FileExistsError:  # pragma: no cover - 48 random bits clashed
            continue
        return name


def _sync_file(path: Path) -> None:
    """Flush ``path``'s content to the disk (``write`` has closed it; the data may be cached)."""
    descriptor = os.open(path, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def _place(temporary: Path, target: Path, overwrite: bool) -> None:
    """Move the finished temporary file to ``target``.

    Without ``overwrite``, a hard link is tried first: it fails if ``target`` appeared since the
    first check (another process, another session), which closes that race where the file
    system has hard links; elsewhere the first check is what stands.
    """
    if overwrite:
        os.replace(temporary, target)
        return
    try:
        os.link(temporary, target)
    except FileExistsError:
        raise OverwriteError(target) from None
    except OSError:  # no hard links here (some network or FAT file systems)
        if target.exists():
            raise OverwriteError(target) from None
        os.replace(temporary, target)
        return
    with contextlib.suppress(OSError):  # the save is done; a stray temporary file is harmless
        temporary.unlink()


def _sync_folder(folder: Path) -> None:
    """``fsync`` ``folder`` so that a rename in it is on the disk; skipped where unsupported."""
    flags = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
    try:
        descriptor = os.open(folder, flags)
    except OSError:  # Windows cannot open a folder; its renames need no folder sync
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(descriptor)
    finally:
        os.close(descriptor)
