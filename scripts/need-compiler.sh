#!/usr/bin/env bash
# Make sure the running Python can build C extensions (mypyc writes C): a C compiler, the one
# setuptools will call (the compiler Python was built with), and the Python headers. As root on
# Debian it installs what is missing; as anyone else it says what to install, and fails.
# Used by scripts/compiled.sh and scripts/wheel.sh; `python` is the interpreter to build for.
set -euo pipefail
include="$(python -c 'import sysconfig; print(sysconfig.get_paths()["include"])')"
compiler="$(python -c 'import sysconfig; print((sysconfig.get_config_var("CC") or "cc").split()[0])')"
if command -v "$compiler" > /dev/null 2>&1 && [ -f "$include/Python.h" ]; then
    exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "need-compiler: needs a C compiler ($compiler) and $include/Python.h;" \
        "on Debian: sudo apt-get install gcc python3-dev" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends gcc libc6-dev python3-dev
