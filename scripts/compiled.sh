#!/usr/bin/env bash
# The optional compiled build in a source tree (see docs/performance.md, "The compiled build").
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

need_compiler() {
    # mypyc writes C: it needs a C compiler and the running Python's headers.
    local include
    include="$(python -c 'import sysconfig; print(sysconfig.get_paths()["include"])')"
    local compiler  # the one setuptools will call: the compiler Python was built with
    compiler="$(python -c 'import sysconfig; print((sysconfig.get_config_var("CC") or "cc").split()[0])')"
    if command -v "$compiler" > /dev/null 2>&1 && [ -f "$include/Python.h" ]; then
        return
    fi
    if [ "$(id -u)" -ne 0 ]; then
        echo "compiled.sh: needs a C compiler ($compiler) and $include/Python.h;" \
            "on Debian: sudo apt-get install gcc python3-dev" >&2
        exit 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt-get update
    apt-get install -y --no-install-recommends gcc libc6-dev python3-dev
}

build() {
    need_compiler
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
