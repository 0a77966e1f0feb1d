"""Where terminal play saves a game's log: a fresh file name for a new game, and what a failed
save tells the players."""

from __future__ import annotations

import datetime
from pathlib import Path

from boardkit.errors import OverwriteError
from boardkit.i18n import Messages

_t = Messages("boardkit").text


def default_save_path(game: str, folder: Path | None = None) -> Path:
    """A file name for a new game's log that no file has yet, in ``folder`` (default: here).

    ``GAME-YYYYMMDD-HHMMSSZ.json`` (the UTC time; ``-2``, ``-3``, ... are added when a file of
    that name exists), so that games sort by date and never replace one another. The seed is
    left out of the name: a file name is easily shared, and the seed gives the hidden cards away.
    """
    place = folder if folder is not None else Path()
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y%m%d-%H%M%SZ")
    path = place / f"{game}-{stamp}.json"
    n = 2
    while path.exists():
        path = place / f"{game}-{stamp}-{n}.json"
        n += 1
    return path


def write_error(path: Path, exc: OverwriteError | OSError) -> str:
    """What a failed save tells the players, with the way out."""
    if isinstance(exc, OverwriteError):
        return _t(
            "{path} already exists; it was not replaced (save! {path} replaces it)", path=str(path)
        )
    return _t("cannot write {path}: {reason}", path=str(path), reason=exc.strerror or str(exc))
