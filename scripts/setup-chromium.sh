#!/usr/bin/env bash
# Browser tests and the benchmark drive Debian's Chromium; install it when it is missing and we may.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  # npm test runs two browser stages side by side: the second waits for the first install, then finds Chromium there.
  exec 9>"${TMPDIR:-/tmp}/merchant-console-setup-chromium.lock"
  flock 9
  if [ -x "$CHROMIUM" ]; then
    exit 0
  fi
  echo "setup-chromium: $CHROMIUM is missing; installing Debian's chromium with apt-get" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq --no-install-recommends chromium fonts-noto-cjk fonts-thai-tlwg >&2
  echo "setup-chromium: installed $("$CHROMIUM" --version)" >&2
  exit 0
fi
echo "setup-chromium: $CHROMIUM is missing. Install it with:" >&2
echo "  sudo apt-get update && sudo apt-get install -y chromium fonts-noto-cjk fonts-thai-tlwg" >&2
echo "or point CHROMIUM_PATH at a Chromium binary." >&2
exit 1
