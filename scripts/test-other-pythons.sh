#!/usr/bin/env bash
# Run the fast test suite (not the slow browser, database and cluster suites) under every other
# Python 3.11+ interpreter found on PATH (python3.12, python3.13, ...), each in a virtual
# environment of its own (.venv-3.12, ...). The golden logs and seeded games must come out
# byte for byte the same on every version; this is how to check it before a release.
# Usage: bash scripts/test-other-pythons.sh [pytest arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
found=0
for minor in 12 13 14 15; do
    python="python3.$minor"
    command -v "$python" > /dev/null 2>&1 || continue
    "$python" -c 'import sys' > /dev/null 2>&1 || continue  # a shim without that version
    found=1
    venv=".venv-3.$minor"
    echo "== Python 3.$minor ($venv)"
    [ -d "$venv" ] || "$python" -m venv "$venv"
    "$venv/bin/pip" install -q -e ".[test]"
    "$venv/bin/python" -m pytest -m "not slow" -p no:cacheprovider "$@"
done
if [ "$found" = 0 ]; then
    echo "no other Python 3 interpreter (python3.12, python3.13, ...) on PATH" >&2
    exit 1
fi
