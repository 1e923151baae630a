#!/usr/bin/env bash
# The browser tests (test/browser) drive Debian's Chromium through playwright-core (Playwright's own browser downloads
# are not used). Installs it when it is missing; CUSTODY_CHROMIUM_PATH names another binary to use instead.
set -euo pipefail
CHROMIUM="${CUSTODY_CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then
  "$CHROMIUM" --version 2>/dev/null | tail -1 || true
  exit 0
fi
if [ -n "${CUSTODY_CHROMIUM_PATH:-}" ]; then
  echo "CUSTODY_CHROMIUM_PATH=$CUSTODY_CHROMIUM_PATH is not an executable" >&2
  exit 1
fi
echo "Chromium not found: installing Debian's chromium package for the browser tests"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium >/dev/null
/usr/bin/chromium --version 2>/dev/null | tail -1
