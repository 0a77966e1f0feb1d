#!/usr/bin/env bash
# The system packages boardkit's slow test suites need: Debian's Chromium (driven by Playwright,
# never a downloaded browser), PostgreSQL (the tests start their own server in a temporary
# folder) and tmux (the watch screen is driven in a real terminal multiplexer). Idempotent: installs only what is missing. As root it installs with apt-get; as anyone
# else it says what is missing and how to get it, and fails.
set -euo pipefail

missing=()
if ! command -v chromium >/dev/null 2>&1 && [ ! -x /usr/bin/chromium ]; then
  missing+=(chromium)
fi
if ! compgen -G "/usr/lib/postgresql/*/bin/pg_ctl" >/dev/null; then
  missing+=(postgresql)
fi
if ! command -v tmux >/dev/null 2>&1; then
  missing+=(tmux)
fi

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-system-deps: chromium, postgresql and tmux are installed"
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  echo "install-system-deps: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  apt-get install -y --no-install-recommends "${missing[@]}"
  echo "install-system-deps: done"
else
  echo "install-system-deps: missing: ${missing[*]}" >&2
  echo "  install them as root:  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  echo "  or run this script as root:  sudo scripts/install-system-deps.sh" >&2
  exit 1
fi
