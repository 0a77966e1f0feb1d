# Shared by scripts/test-other-pythons.sh and scripts/compare-bots-across-pythons.sh (sourced,
# not run): where to find another Python 3 interpreter. One place for the lookup, so both
# scripts always test the same interpreters.

# The minor versions the scripts look for: Python 3.12 and later.
other_python_minors="12 13 14 15"

# pyenv's versions folder: `pyenv root` when pyenv is installed, else $PYENV_ROOT or ~/.pyenv.
pyenv_root="$(command -v pyenv > /dev/null 2>&1 && pyenv root || echo "${PYENV_ROOT:-$HOME/.pyenv}")"

# find_python MINOR: print the first working interpreter for Python 3.MINOR (python3.MINOR on
# PATH, then any pyenv-installed 3.MINOR.x) and succeed, or print nothing and fail. pyenv's
# shims on PATH only answer for the active version, which is why each candidate is run once.
find_python() {
    local minor="$1" candidate
    for candidate in "python3.$minor" "$pyenv_root"/versions/3."$minor".*/bin/python3."$minor"; do
        if "$candidate" -c 'import sys' > /dev/null 2>&1; then  # a shim without it fails here
            echo "$candidate"
            return 0
        fi
    done
    return 1
}
