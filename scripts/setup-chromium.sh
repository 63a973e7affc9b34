#!/usr/bin/env bash
# The benchmark drives Debian's Chromium, the tests its headless shell (e2e/support/browser.ts says why); install
# them when missing and we may.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
SHELL_BIN="${CHROMIUM_HEADLESS_SHELL_PATH:-/usr/bin/chromium-headless-shell}"
present() { [ -x "$CHROMIUM" ] && [ -x "$SHELL_BIN" ]; }
if present; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  # npm test runs browser stages side by side: the second waits for the first install, then finds both there; and
  # setup-postgres.sh takes the same lock (one apt-get at a time).
  exec 9>"${TMPDIR:-/tmp}/merchant-console-apt.lock"
  flock 9
  if present; then
    exit 0
  fi
  echo "setup-chromium: $CHROMIUM or $SHELL_BIN is missing; installing Debian's chromium and chromium-headless-shell with apt-get" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq --no-install-recommends chromium chromium-headless-shell fonts-noto-cjk fonts-thai-tlwg >&2
  echo "setup-chromium: installed $("$CHROMIUM" --version)" >&2
  exit 0
fi
echo "setup-chromium: $CHROMIUM or $SHELL_BIN is missing. Install them with:" >&2
echo "  sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell fonts-noto-cjk fonts-thai-tlwg" >&2
echo "or point CHROMIUM_PATH and CHROMIUM_HEADLESS_SHELL_PATH at Chromium binaries." >&2
exit 1
