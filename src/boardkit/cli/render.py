"""The ``boardkit render`` subcommand: draw the state after an entry of a log as SVG or PNG.

::

    boardkit render LOG [--at K] [--seat N] [-o OUT.svg | -o OUT.png] [--force]
                        [--no-highlight] [--no-verify]

Without ``-o`` the SVG text goes to standard output. A file is written atomically and an
existing one is only replaced with ``--force``. By default the action of entry ``K`` is
highlighted (a journey's arrow, a tile's placement …); ``--no-highlight`` leaves it out.

The command knows no game: it asks the game for its optional ``render_svg(state, player,
highlight) -> str`` hook and says so plainly when a game has no picture. PNG output needs a
converter; the first one found is used: the ``cairosvg`` Python package, the ``rsvg-convert``
program (librsvg) or ``inkscape``.

Exit codes follow the rule of :mod:`boardkit.cli.support`: 0 success, 1 a log that cannot be
read or verified, a game that cannot be loaded or drawn, or a failed conversion; 2 a usage error
(bad entry, bad seat, unknown output type, no PNG converter installed).
"""

from __future__ import annotations

import argparse
import importlib.util
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from boardkit.cli.arguments import (
    add_entry_arguments,
    add_force_argument,
    add_no_verify_argument,
    viewer_seat,
)
from boardkit.cli.support import (
    EXIT_FAILURE,
    EXIT_OK,
    CommandError,
    RoundAt,
    Streams,
    entry_at,
    read_log_file,
)

PngConverter = Callable[[str, Path], None]
"""Writes SVG text to a PNG file."""


class RenderError(CommandError):
    """A problem ``boardkit render`` reports as it is, with the exit code it deserves."""


# --- the parser -----------------------------------------------------------------------------------


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add the ``render`` subcommand to ``subparsers`` (from ``add_subparsers``); return it."""
    render: argparse.ArgumentParser = subparsers.add_parser(
        "render",
        help="draw the state after an entry of a log as SVG or PNG",
        description="Draw the state after entry K of a log as a picture (SVG, or PNG when a "
        "converter is installed). The action of entry K is highlighted.",
    )
    configure_parser(render)
    return render


def configure_parser(render: argparse.ArgumentParser) -> None:
    """The arguments of ``boardkit render``."""
    add_entry_arguments(render, "draw")
    render.add_argument(
        "-o",
        "--output",
        metavar="OUT",
        help="write to OUT.svg or OUT.png (default: SVG on standard output)",
    )
    add_force_argument(render, "replace OUT if it exists")
    render.add_argument(
        "--no-highlight", action="store_true", help="do not highlight the action of entry K"
    )
    add_no_verify_argument(render, "do not re-check the actions while loading")


# --- running --------------------------------------------------------------------------------------


def run(args: argparse.Namespace, streams: Streams) -> int:
    """Carry out ``boardkit render`` with parsed ``args``; return the exit code."""
    from boardkit.files import check_writable

    player = viewer_seat(args, streams.err.print)
    if args.output is not None:  # before the work of loading and drawing
        check_writable(args.output, overwrite=args.force)
    document = render_log(
        args.log,
        at=args.at,
        player=player,
        highlight=not args.no_highlight,
        verify=not args.no_verify,
    )
    if args.output is None:
        streams.write(document + "\n")
    else:
        write_picture(document, Path(args.output), overwrite=args.force)
    return EXIT_OK


def render_log(
    path: str,
    *,
    at: int | RoundAt | None = None,
    player: int | None = None,
    highlight: bool = True,
    verify: bool = True,
) -> str:
    """The SVG text of the state after entry ``at`` (default: the last) of the log at ``path``,
    or at the end of a round (``RoundAt``).

    With ``highlight`` the action of that entry is passed to the game's picture as the
    highlight (the setup entry has none).
    """
    from boardkit.log import shown_action

    match = read_log_file(path, verify)
    entry_number, state = entry_at(match, at, player)
    game = match.game
    if not game.offers("render_svg"):
        raise RenderError(
            f"the game {game.name!r} has no picture (it offers no render_svg); "
            "use 'boardkit show' for its text board",
            EXIT_FAILURE,
        )
    entry = match.entries[entry_number]
    action = shown_action(game, entry, player) if highlight else None
    document = game.render_svg(state, player, action, names=match.header.players)
    if not isinstance(document, str):
        raise RenderError(
            f"{game.name}.render_svg returned {type(document).__name__}, not SVG text",
            EXIT_FAILURE,
        )
    return document


# --- output ---------------------------------------------------------------------------------------

CONVERTER_HELP = (
    "PNG output needs an SVG converter: install the Python package cairosvg "
    "(pip install cairosvg), or the rsvg-convert program (Debian/Ubuntu: apt install "
    "librsvg2-bin; macOS: brew install librsvg), or Inkscape; or write an .svg file instead"
)


def write_picture(document: str, output: Path, *, overwrite: bool = False) -> None:
    """Write ``document`` to ``output`` as SVG or PNG, by the file's suffix.

    The file is written atomically (a failed conversion leaves an earlier picture whole); an
    existing ``output`` raises :class:`~boardkit.errors.OverwriteError` unless ``overwrite``.
    """
    from boardkit.files import atomic_write, atomic_write_text

    suffix = output.suffix.lower()
    if suffix == ".svg":
        _write(output, lambda: atomic_write_text(output, document + "\n", overwrite=overwrite))
        return
    if suffix != ".png":
        raise RenderError(f"cannot write {output}: the output must end in .svg or .png")
    converter = find_png_converter()
    if converter is None:
        raise RenderError(CONVERTER_HELP)
    _write(
        output,
        lambda: atomic_write(output, lambda path: converter(document, path), overwrite=overwrite),
    )


def _write(output: Path, action: Callable[[], object]) -> None:
    try:
        action()
    except OSError as exc:
        raise RenderError(f"cannot write {output}: {exc.strerror or exc}", EXIT_FAILURE) from None
    except subprocess.CalledProcessError as exc:
        detail = (exc.stderr or b"").decode(errors="replace").strip()
        raise RenderError(
            f"the PNG converter failed on {output}" + (f": {detail}" if detail else ""),
            EXIT_FAILURE,
        ) from None


def find_png_converter() -> PngConverter | None:
    """The first SVG-to-PNG converter installed: cairosvg, rsvg-convert, inkscape; or ``None``."""
    if importlib.util.find_spec("cairosvg") is not None:
        return _cairosvg
    rsvg = shutil.which("rsvg-convert")
    if rsvg is not None:
        return lambda document, output: _rsvg(rsvg, document, output)
    inkscape = shutil.which("inkscape")
    if inkscape is not None:
        return lambda document, output: _inkscape(inkscape, document, output)
    return None


def _cairosvg(document: str, output: Path) -> None:
    import cairosvg  # type: ignore[import-not-found, import-untyped, unused-ignore]

    cairosvg.svg2png(bytestring=document.encode("utf-8"), write_to=str(output))


def _rsvg(program: str, document: str, output: Path) -> None:
    subprocess.run(
        [program, "--format", "png", "--output", str(output)],
        input=document.encode("utf-8"),
        capture_output=True,
        check=True,
    )


def _inkscape(program: str, document: str, output: Path) -> None:
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "picture.svg"
        source.write_text(document, encoding="utf-8")
        subprocess.run(
            [program, str(source), "--export-type=png", f"--export-filename={output}"],
            capture_output=True,
            check=True,
        )
