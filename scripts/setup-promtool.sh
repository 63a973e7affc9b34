#!/usr/bin/env bash
# The alert rules' tests (scripts/alert-rules.test.ts) run Prometheus' promtool: print its path, installing Debian's
# prometheus package, which ships it, when it is missing and we may (where systemd runs, the package also starts its
# server, as postgresql's does; in a container nothing is started).
set -euo pipefail
PROMTOOL_BIN="${PROMTOOL:-promtool}"
found() { command -v "$PROMTOOL_BIN" 2>/dev/null; }
if found; then
  exit 0
fi
if [ -n "${PROMTOOL:-}" ]; then
  echo "setup-promtool: PROMTOOL=$PROMTOOL is not a promtool binary" >&2
  exit 1
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  # One apt-get at a time with setup-postgres.sh and setup-chromium.sh (npm test's lanes run side by side).
  exec 9>"${TMPDIR:-/tmp}/merchant-console-apt.lock"
  flock 9
  if found; then
    exit 0
  fi
  echo "setup-promtool: promtool is missing; installing Debian's prometheus with apt-get" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq --no-install-recommends prometheus >&2
  if found; then
    echo "setup-promtool: installed $("$PROMTOOL_BIN" --version 2>&1 | head -1)" >&2
    exit 0
  fi
fi
echo "setup-promtool: promtool is missing. Install it with:" >&2
echo "  sudo apt-get update && sudo apt-get install -y prometheus" >&2
echo "or point PROMTOOL at a promtool binary." >&2
exit 1
