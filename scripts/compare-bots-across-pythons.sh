#!/usr/bin/env bash
# Play the same seeded bot tournaments under this Python and under every other Python 3.12+
# found (python3.12, python3.13 ... on PATH, or installed by pyenv), and compare every game's
# log byte for byte. The bots' arithmetic must not depend on the Python version
# (docs/tournament.md promises reproducible tournaments; Python 3.12 changed how sum() adds
# floats, which is why the bots add with math.fsum). Each other version gets a light virtual
# environment of its own (.venv-bots-3.12, ...: the package and its dependencies only).
# Usage: bash scripts/compare-bots-across-pythons.sh [python]   (default python: python3)
# Exit status: 0 when every version's logs match (or no other version is installed: it says
# so), 1 when any log differs (the first differences are printed).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/_pythons.sh  # find_python, other_python_minors
here_python="${1:-python3}"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

# The tournaments: every shipped game, the bots that add floats (greedy, mcts) and random.
play() {  # play PYTHON DIR
    local python="$1" dir="$2"
    "$python" -m boardkit tournament khan -b greedy,mcts:iterations=24,random,greedy -p 4 -n 2 \
        --seed 77 -w 1 --save-logs "$dir/khan" > /dev/null
    "$python" -m boardkit tournament shangrila -b greedy,mcts:iterations=24,random -p 3 -n 2 \
        --seed 77 -w 1 --save-logs "$dir/shangrila" > /dev/null
    "$python" -m boardkit tournament goofspiel -b greedy,mcts:iterations=24 -p 2 -n 2 \
        --seed 77 -w 1 --save-logs "$dir/goofspiel" > /dev/null
}

here_version="$("$here_python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
echo "== Python $here_version ($here_python): the reference"
play "$here_python" "$out/reference"

found=0
failed=0
for minor in $other_python_minors; do
    [ "3.$minor" = "$here_version" ] && continue
    python="$(find_python "$minor")" || continue
    found=1
    venv=".venv-bots-3.$minor"
    echo "== Python 3.$minor ($python, $venv)"
    [ -d "$venv" ] || "$python" -m venv "$venv"
    "$venv/bin/pip" install -q -e .
    play "$venv/bin/python" "$out/3.$minor"
    if diff -r "$out/reference" "$out/3.$minor" > "$out/diff-3.$minor"; then
        echo "   every log matches Python $here_version byte for byte"
    else
        echo "   logs differ from Python $here_version:" >&2
        head -n 20 "$out/diff-3.$minor" >&2
        failed=1
    fi
done
if [ "$found" = 0 ]; then
    echo "no other Python 3 interpreter (python3.12, python3.13, ...) found: nothing to compare"
fi
exit "$failed"
