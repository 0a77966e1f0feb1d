#!/usr/bin/env bash
# The compiled build in place, in a source tree you work in (docs/performance.md, "The compiled
# build"); the wheel users install is built and tested by scripts/wheel.sh.
#   bash scripts/compiled.sh build    compile the modules of src/boardkit/compilable.txt in place
#                                     (mypyc; needs a C compiler; the active venv's pip)
#   bash scripts/compiled.sh test [pytest arguments]
#                                     build, run the fast test suite on the compiled modules
#                                     (BOARDKIT_EXPECT_COMPILED=1 makes the suite check that they
#                                     are the ones running), then remove them again
#   bash scripts/compiled.sh remove   delete the compiled files: the sources run again
# Python loads a compiled module in place of its source, so a compiled file left in src/ would
# hide later edits of that source; the test suite refuses to run on a stray one.
set -euo pipefail
cd "$(dirname "$0")/.."

remove() {
    find src \( -name '*.so' -o -name '*.pyd' \) -delete
    rm -rf build
}

build() {
    bash scripts/need-compiler.sh
    BOARDKIT_COMPILE=1 pip install -q --no-deps -e .
    python -c 'from boardkit.compiled import summary; print(summary())'
}

case "${1:-}" in
    build) build ;;
    remove) remove ;;
    test)
        shift
        trap remove EXIT
        build
        BOARDKIT_EXPECT_COMPILED=1 python -m pytest -m "not slow" -p no:cacheprovider "$@"
        ;;
    *)
        echo "usage: bash scripts/compiled.sh build | test [pytest arguments] | remove" >&2
        exit 2
        ;;
esac
