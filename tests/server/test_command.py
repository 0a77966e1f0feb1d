"""``boardkit serve`` is registered, and the ``boardkit`` command works without the server's
extra (the core must not need starlette, uvicorn, psycopg or websockets)."""

from __future__ import annotations

import subprocess
import sys

from boardkit.cli import build_parser

BLOCKED = """
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in ('starlette', 'uvicorn', 'psycopg', 'websockets', 'httpx'):
            raise ModuleNotFoundError(f'No module named {name!r}', name=name)
sys.meta_path.insert(0, Block())
import boardkit.cli
print('games', boardkit.cli.main(['games']))
print('serve', boardkit.cli.main(['serve', '--port', '1']))
"""


def test_serve_parses_its_options() -> None:
    args = build_parser().parse_args(
        ["serve", "--host", "0.0.0.0", "--port", "9000", "--db", "postgresql://u@h/db"]
    )
    assert (args.host, args.port, args.db, args.data) == (
        "0.0.0.0",
        9000,
        "postgresql://u@h/db",
        "boardkit-data",
    )
    assert args.allow_pinned_seeds is False
    assert args.no_compression is False
    assert build_parser().parse_args(["serve", "--no-compression"]).no_compression is True


def test_the_command_line_works_without_the_server_extra() -> None:
    done = subprocess.run(
        [sys.executable, "-c", BLOCKED], capture_output=True, text=True, timeout=60
    )
    assert "games 0" in done.stdout
    assert "serve 2" in done.stdout
    assert "pip install 'boardkit[server]' (uvicorn)" in done.stderr
