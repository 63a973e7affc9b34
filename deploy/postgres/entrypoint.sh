#!/bin/bash
# First start (an empty PGDATA): a cluster whose network logins need a password (scram-sha-256), the role mc_owner
# (owns the database and its schema, runs the migrations) and mc_app (the server: rows only), their passwords from
# MC_OWNER_PASSWORD and MC_APP_PASSWORD, passed to psql as variables (never spliced into SQL). Then PostgreSQL itself.
set -euo pipefail
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${MC_OWNER_PASSWORD:?MC_OWNER_PASSWORD is required}" "${MC_APP_PASSWORD:?MC_APP_PASSWORD is required}"
  initdb -D "$PGDATA" -U postgres --auth-local=peer --auth-host=scram-sha-256 --encoding=UTF8 --locale=C.UTF-8
  echo "host all all 0.0.0.0/0 scram-sha-256" >>"$PGDATA/pg_hba.conf"
  pg_ctl -D "$PGDATA" -o "-c listen_addresses='' -c unix_socket_directories=/tmp" -w start
  psql -h /tmp -U postgres -v ON_ERROR_STOP=1 -v owner_pw="$MC_OWNER_PASSWORD" -v app_pw="$MC_APP_PASSWORD" <<'SQL'
create role mc_owner login password :'owner_pw';
create role mc_app login password :'app_pw';
create database merchant_console owner mc_owner;
SQL
  pg_ctl -D "$PGDATA" -m fast -w stop
fi
exec postgres -D "$PGDATA" -c listen_addresses='*' -c unix_socket_directories=/tmp -c max_connections=200
