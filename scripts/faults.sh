#!/usr/bin/env bash
# The fault runs (apps/server/test/faults) with full counts against the freshly built server: on SQLite, then on a throwaway
# PostgreSQL (or the server TEST_POSTGRES_URL names). `npm run faults -- sqlite` or `-- postgres` runs one database only.
# FAULT_ROUNDS and FAULT_CLIENTS override the counts (default 50 and 50; the CI run of npm test uses the tests' small defaults).
set -euo pipefail
cd "$(dirname "$0")/.."
export FAULT_ROUNDS=${FAULT_ROUNDS:-50} FAULT_CLIENTS=${FAULT_CLIENTS:-50}
which=${1:-both}
case "$which" in sqlite | postgres | both) ;; *) echo "Usage: npm run faults [-- sqlite|postgres]" >&2 && exit 1 ;; esac

echo "== build (server)"
npm run build --silent -w @prova/server

if [ "$which" != postgres ]; then
  echo "== fault runs on SQLite ($FAULT_ROUNDS rounds, $FAULT_CLIENTS clients)"
  npx vitest run --project server apps/server/test/faults
fi

if [ "$which" != sqlite ]; then
  if [ -z "${TEST_POSTGRES_URL:-}" ]; then
    if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
      echo "PostgreSQL is not installed: run bash scripts/ensure-system-deps.sh, or set TEST_POSTGRES_URL" >&2
      exit 1
    fi
    pgdir=$(mktemp -d /tmp/prova-faults-pg.XXXXXX)
    trap 'bash scripts/test-postgres.sh stop "$pgdir"' EXIT
    TEST_POSTGRES_URL=$(bash scripts/test-postgres.sh start "$pgdir" "${TEST_POSTGRES_PORT:-55436}")
  fi
  echo "== fault runs on PostgreSQL ($FAULT_ROUNDS rounds, $FAULT_CLIENTS clients)"
  TEST_DATABASE_URL="$TEST_POSTGRES_URL" npx vitest run --project server apps/server/test/faults
fi
