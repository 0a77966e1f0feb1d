"""``python -m boardkit``: the same as the ``boardkit`` command."""

from boardkit.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
