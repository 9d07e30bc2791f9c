#!/usr/bin/env bash
# The whole test suite: the type check, lint and format check, unit and API tests on SQLite and, beside them, the data-layer and API tests on
# PostgreSQL, then the browser tests against the built app in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-system-deps.sh
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

pgdir=""
if [ -z "${TEST_POSTGRES_URL:-}" ]; then
  pgdir=$(mktemp -d /tmp/prova-pg.XXXXXX)
  trap 'bash scripts/test-postgres.sh stop "$pgdir"' EXIT
  TEST_POSTGRES_URL=$(bash scripts/test-postgres.sh start "$pgdir" "${TEST_POSTGRES_PORT:-55432}")
fi

echo "== type check (every workspace)"
npm run typecheck --silent

echo "== lint (ESLint: rules, import cycles, boundaries) and format check (Prettier)"
npm run lint --silent

echo "== build"
# CI has just built everything (npm ci's postinstall) from these very sources: not twice.
if [ "${PROVA_FRESH_BUILD:-}" = 1 ]; then echo "built by the install"; else npm run build --silent; fi

echo "== front-end budgets (gzipped JavaScript per route, docs/performance.md)"
npm run size --silent -w @prova/web

# Side by side, each printed whole once done: the SQLite pass keeps one core busy, the PostgreSQL pass mostly waits on
# its database, and one after the other they took as long as both.
logs=$(mktemp -d /tmp/prova-unit.XXXXXX)
npx vitest run > "$logs/sqlite.log" 2>&1 &
sqlite=$!
TEST_DATABASE_URL="$TEST_POSTGRES_URL" npx vitest run --project server > "$logs/postgres.log" 2>&1 &
postgres=$!
sqlite_rc=0 postgres_rc=0
wait "$sqlite" || sqlite_rc=$?
wait "$postgres" || postgres_rc=$?
echo "== unit and API tests (SQLite)"
cat "$logs/sqlite.log"
echo "== data-layer and API tests (PostgreSQL)"
cat "$logs/postgres.log"
rm -rf "$logs"
if [ "$sqlite_rc" != 0 ] || [ "$postgres_rc" != 0 ]; then
  echo "unit and API tests failed (SQLite: exit $sqlite_rc, PostgreSQL: exit $postgres_rc)" >&2
  exit 1
fi

echo "== browser tests (Chromium)"
# The database outage run (e2e/specs/database-outage.spec.ts) creates its own database on this server.
TEST_POSTGRES_URL="$TEST_POSTGRES_URL" npm run test:e2e --silent
