"""Saving without losing data: atomic writes, and no overwriting unless asked (issue 9)."""

from __future__ import annotations

import errno
import os
import pickle
import stat
from pathlib import Path
from typing import Any

import pytest

from boardkit import FileAccessError, InvalidLogError, Match, OverwriteError
from boardkit.examples.nim import Take
from boardkit.files import atomic_write_text, check_writable


def two_moves() -> Match[Any]:
    match = Match.new("nim", 2, seed=1)
    match.play(Take(1))
    match.play(Take(2))
    return match


def test_a_new_file_is_written_and_no_temporary_file_is_left(tmp_path: Path) -> None:
    path = tmp_path / "a.txt"
    atomic_write_text(path, "héllo\n", overwrite=False)
    assert path.read_text(encoding="utf-8") == "héllo\n"
    assert [p.name for p in tmp_path.iterdir()] == ["a.txt"]


def test_an_existing_file_is_refused_without_overwrite_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "a.txt"
    path.write_text("yesterday", encoding="utf-8")
    with pytest.raises(OverwriteError) as info:
        atomic_write_text(path, "today", overwrite=False)
    assert info.value.path == path
    assert str(path) in str(info.value) and "--force" in str(info.value)
    assert "overwrite=True" in str(info.value)
    assert path.read_text(encoding="utf-8") == "yesterday"
    assert [p.name for p in tmp_path.iterdir()] == ["a.txt"]


def test_overwrite_replaces_the_file_and_keeps_its_permissions(tmp_path: Path) -> None:
    path = tmp_path / "a.txt"
    path.write_text("yesterday", encoding="utf-8")
    path.chmod(0o640)
    atomic_write_text(path, "today", overwrite=True)
    assert path.read_text(encoding="utf-8") == "today"
    if os.name == "posix":
        assert stat.S_IMODE(path.stat().st_mode) == 0o640


class HalfWriter:
    """A file that writes half of what it is given, then fails as a full disk does."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream

    def __enter__(self) -> HalfWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stream.close()

    def write(self, text: str) -> int:
        self.stream.write(text[: len(text) // 2])
        self.stream.flush()
        raise OSError(28, "No space left on device")


def no_space(*args: object, **kwargs: object) -> Any:
    raise OSError(28, "No space left on device")


@pytest.mark.parametrize("failing", ["write", "fsync", "replace"])
def test_a_failure_half_way_leaves_the_old_file_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    path = tmp_path / "game.json"
    old = two_moves()
    old.save(path)
    before = path.read_bytes()
    if failing == "write":
        real_open = Path.open

        def half_open(self: Path, mode: str = "r", **kwargs: Any) -> Any:
            stream = real_open(self, mode, **kwargs)
            return HalfWriter(stream) if "w" in mode else stream

        monkeypatch.setattr(Path, "open", half_open)
    else:
        monkeypatch.setattr(f"os.{failing}", no_space)
    newer = two_moves()
    newer.play(Take(1))
    with pytest.raises(OSError, match="No space left"):
        newer.save(path, overwrite=True)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]
    assert Match.load(path).log == old.log


def test_a_file_that_appears_during_the_save_is_not_overwritten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    real_link = os.link

    def someone_else_first(source: str, target: str) -> None:
        Path(target).write_text("another session's game", encoding="utf-8")
        real_link(source, target)

    monkeypatch.setattr("os.link", someone_else_first)
    with pytest.raises(OverwriteError):
        two_moves().save(path)
    assert path.read_text(encoding="utf-8") == "another session's game"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_without_hard_links_a_new_file_is_still_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("os.link", no_space)
    two_moves().save(tmp_path / "game.json")
    monkeypatch.undo()
    assert Match.load(tmp_path / "game.json").log == two_moves().log
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_match_save_refuses_to_overwrite_unless_told(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    first = two_moves()
    first.save(path)
    second = Match.new("nim", 2, seed=2)
    with pytest.raises(OverwriteError):
        second.save(path)
    assert Match.load(path).log == first.log
    second.save(path, overwrite=True)
    assert Match.load(path).log == second.log


def test_match_save_still_reports_an_unwritable_folder_as_os_error(tmp_path: Path) -> None:
    with pytest.raises(OSError):
        two_moves().save(tmp_path / "missing" / "game.json")


def test_a_folder_is_refused_as_a_folder_even_with_overwrite(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    for overwrite in (False, True):  # not "already exists": overwriting would not help
        with pytest.raises(FileAccessError) as info:
            two_moves().save(folder, overwrite=overwrite)
        assert str(info.value) == f"cannot write {folder}: it is a folder, not a file"
        assert info.value.errno == errno.EISDIR and info.value.action == "write"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games"]
    assert list(folder.iterdir()) == []


@pytest.mark.parametrize(
    ("given", "problem"),
    [
        ("", "no file name given"),
        ("newdir/", "the path names a folder, not a file"),
        ("missing/game.json", "the folder missing does not exist"),
        ("file.txt/game.json", "file.txt is a file, not a folder"),
    ],
)
def test_a_path_that_cannot_be_a_file_is_refused_before_writing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, given: str, problem: str
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "file.txt").write_text("keep", encoding="utf-8")
    with pytest.raises(FileAccessError, match=f"^cannot write .*: {problem}$"):
        check_writable(given, overwrite=True)
    with pytest.raises(FileAccessError, match=problem):
        two_moves().save(given)  # "newdir/" once wrote a file called newdir
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file.txt"]


def test_a_file_access_error_is_also_an_os_error_and_survives_pickling() -> None:
    error = FileAccessError("game.json", "read", "it does not exist", errno.ENOENT)
    assert isinstance(error, OSError) and error.filename == "game.json"
    again = pickle.loads(pickle.dumps(error))
    assert (str(again), again.errno) == (str(error), errno.ENOENT)


@pytest.mark.parametrize(
    ("name", "problem"),
    [("missing.json", "it does not exist"), ("folder", "it is a folder, not a file")],
)
def test_loading_a_missing_file_or_a_folder_is_a_typed_error(
    tmp_path: Path, name: str, problem: str
) -> None:
    (tmp_path / "folder").mkdir()
    with pytest.raises(FileAccessError) as info:
        Match.load(tmp_path / name)
    assert str(info.value) == f"cannot read {tmp_path / name}: {problem}"


def test_a_path_that_is_not_text_is_refused_before_anything_is_opened(tmp_path: Path) -> None:
    # open(3) reads file descriptor 3, whatever it is, and closes it afterwards
    with pytest.raises(FileAccessError, match=r"^cannot read 3: a path is text, not int$"):
        Match.load(3)  # type: ignore[call-overload]
    with pytest.raises(FileAccessError, match=r"^cannot write 3: a path is text, not int$"):
        two_moves().save(3)  # type: ignore[arg-type]
    path = tmp_path / "game.json"
    two_moves().save(path)
    with pytest.raises(InvalidLogError, match=r"not (PosixPath|WindowsPath)") as info:
        Match.from_json(path)  # type: ignore[call-overload]
    assert "Match.load reads a log file" in str(info.value)
