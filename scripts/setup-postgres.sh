#!/usr/bin/env bash
# The server tests also run on a real PostgreSQL (scripts/with-postgres.mjs). Prints the directory holding
# initdb and postgres: $PG_BIN, else the newest /usr/lib/postgresql/*/bin (Debian's postgresql package),
# which is installed with apt-get when it is missing and we may.
set -euo pipefail

find_bin() {
  if [ -n "${PG_BIN:-}" ]; then
    [ -x "$PG_BIN/initdb" ] && [ -x "$PG_BIN/postgres" ] && echo "$PG_BIN"
    return 0
  fi
  local dir
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$dir/initdb" ] && [ -x "$dir/postgres" ]; then
      echo "$dir"
      return 0
    fi
  done
}

BIN="$(find_bin)"
if [ -n "$BIN" ]; then
  echo "$BIN"
  exit 0
fi
if [ -n "${PG_BIN:-}" ]; then
  echo "setup-postgres: PG_BIN=$PG_BIN holds no initdb and postgres" >&2
  exit 1
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  # npm test's lanes may both want it (the journeys' cluster, the database tests), and Chromium's install may be
  # running (setup-chromium.sh takes the same lock): one apt-get at a time, and the second finds it there.
  exec 9>"${TMPDIR:-/tmp}/merchant-console-apt.lock"
  flock 9
  BIN="$(find_bin)"
  if [ -n "$BIN" ]; then
    echo "$BIN"
    exit 0
  fi
  echo "setup-postgres: PostgreSQL is missing; installing Debian's postgresql with apt-get" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq --no-install-recommends postgresql >&2
  BIN="$(find_bin)"
  if [ -n "$BIN" ]; then
    echo "setup-postgres: installed $("$BIN/postgres" --version)" >&2
    echo "$BIN"
    exit 0
  fi
fi
echo "setup-postgres: PostgreSQL's initdb and postgres are missing. Install them with:" >&2
echo "  sudo apt-get update && sudo apt-get install -y postgresql" >&2
echo "or point PG_BIN at the directory that holds initdb and postgres." >&2
exit 1
