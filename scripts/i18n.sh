#!/usr/bin/env bash
# The translation catalogues of boardkit and its games (docs/translations.md), with Babel.
#   bash scripts/i18n.sh extract   write each package's template, PACKAGE/locale/PACKAGE.pot,
#                                  from the message ids in its sources (babel.cfg: the
#                                  keywords, and each how-to-play paragraph)
#   bash scripts/i18n.sh update    extract, then merge each template into the package's
#                                  LANG/LC_MESSAGES/PACKAGE.po for every language in its
#                                  locale/LINGUAS (new ids come untranslated, changed ones fuzzy)
#   bash scripts/i18n.sh compile   compile every .po into the .mo beside it (what the wheel ships;
#                                  the .mo files are committed, so an install needs no Babel)
# tests/i18n/test_catalogues.py fails when a template, a catalogue or a .mo is not up to date.
set -euo pipefail
cd "$(dirname "$0")/.."
# babel.cfg's extraction method is boardkit.i18n_extract: this checkout's, not an installed one
export PYTHONPATH="$PWD/src${PYTHONPATH:+:$PYTHONPATH}"
pybabel="${PYBABEL:-pybabel}"
packages=(); for linguas in src/*/locale/LINGUAS; do linguas="${linguas#src/}"; packages+=("${linguas%%/*}"); done

languages() { grep -v '^#' "src/$1/locale/LINGUAS" | tr -s ' \n' ' '; }

extract() {
    for package in "${packages[@]}"; do
        "$pybabel" -q extract -F babel.cfg --no-default-keywords -k _m -k _t -k N_ \
            --sort-by-file --add-location=file --no-wrap \
            --project=boardkit --version=0.2.0 \
            --copyright-holder="The boardkit developers" \
            -o "src/$package/locale/$package.pot" "src/$package"
        # the creation date changes on every run; nothing reads it
        sed -i '/^"POT-Creation-Date: /d' "src/$package/locale/$package.pot"
    done
}

update() {
    extract
    for package in "${packages[@]}"; do
        for lang in $(languages "$package"); do
            po="src/$package/locale/$lang/LC_MESSAGES/$package.po"
            if [[ -f "$po" ]]; then
                "$pybabel" -q update --no-wrap --ignore-pot-creation-date -D "$package" \
                    -l "$lang" -i "src/$package/locale/$package.pot" -d "src/$package/locale"
            else
                "$pybabel" -q init --no-wrap -D "$package" -l "$lang" \
                    -i "src/$package/locale/$package.pot" -d "src/$package/locale"
            fi
        done
    done
}

compile() {
    for package in "${packages[@]}"; do
        for lang in $(languages "$package"); do
            "$pybabel" compile -D "$package" -l "$lang" -d "src/$package/locale" --statistics
        done
    done
}

case "${1:-}" in
    extract) extract ;;
    update) update ;;
    compile) compile ;;
    *) echo "usage: $0 extract|update|compile" >&2; exit 2 ;;
esac
