#!/usr/bin/env bash
# Run the fast test suite (not the slow browser, database and cluster suites) under every other
# Python 3.12+ interpreter found: python3.12, python3.13 ... on PATH, or installed by pyenv
# (whose shims on PATH only answer for the active version). Each gets a virtual environment of
# its own (.venv-3.12, ...). The golden logs and seeded games must come out byte for byte the
# same on every version; this is how to check it before a release.
# With --compiled first, each version's suite runs on the optional compiled build instead
# (docs/performance.md): compiled in place for that version, tested, and its compiled files
# removed again (each version's files carry its own suffix, so versions never mix).
# Usage: bash scripts/test-other-pythons.sh [--compiled] [pytest arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/_pythons.sh  # find_python, other_python_minors
compiled=0
if [ "${1:-}" = "--compiled" ]; then
    compiled=1
    shift
fi
found=0
failed=0
for minor in $other_python_minors; do
    python="$(find_python "$minor")" || continue
    found=1
    venv=".venv-3.$minor"
    echo "== Python 3.$minor ($python, $venv)"
    [ -d "$venv" ] || "$python" -m venv "$venv"
    "$venv/bin/pip" install -q -e ".[test]"
    if [ "$compiled" = 1 ]; then
        BOARDKIT_COMPILE=1 "$venv/bin/pip" install -q --no-deps -e .
        BOARDKIT_EXPECT_COMPILED=1 "$venv/bin/python" -m pytest -m "not slow" -p no:cacheprovider "$@" \
            || failed=1
        find src -name "*.cpython-3$minor-*" -delete  # this version's compiled files only
        "$venv/bin/pip" install -q --no-deps -e .
    else
        "$venv/bin/python" -m pytest -m "not slow" -p no:cacheprovider "$@" || failed=1
    fi
done
if [ "$found" = 0 ]; then
    echo "no other Python 3 interpreter (python3.12, python3.13, ...) found" >&2
    exit 1
fi
exit "$failed"
