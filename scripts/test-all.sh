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

# Runs two named commands side by side, each with its output kept, then prints each whole under its heading and
# fails if either did: tools that keep one core busy each take the time of the longer one on two cores.
side_by_side() {
  local logs first second first_rc=0 second_rc=0
  logs=$(mktemp -d /tmp/prova-side.XXXXXX)
  bash -c "$2" > "$logs/first.log" 2>&1 &
  first=$!
  bash -c "$4" > "$logs/second.log" 2>&1 &
  second=$!
  wait "$first" || first_rc=$?
  wait "$second" || second_rc=$?
  echo "== $1"
  cat "$logs/first.log"
  echo "== $3"
  cat "$logs/second.log"
  rm -rf "$logs"
  if [ "$first_rc" != 0 ] || [ "$second_rc" != 0 ]; then
    echo "failed: $1 (exit $first_rc), $3 (exit $second_rc)" >&2
    exit 1
  fi
}

side_by_side "type check (every workspace)" "npm run typecheck --silent" \
  "lint (ESLint: rules, import cycles, boundaries) and format check (Prettier)" "npm run lint --silent"

echo "== build"
# CI has just built everything (npm ci's postinstall) from these very sources: not twice.
if [ "${PROVA_FRESH_BUILD:-}" = 1 ]; then echo "built by the install"; else npm run build --silent; fi

echo "== front-end budgets (gzipped JavaScript per route, docs/performance.md)"
npm run size --silent -w @prova/web

# The SQLite pass keeps one core busy, the PostgreSQL pass mostly waits on its database: one after the other they
# took as long as both.
side_by_side "unit and API tests (SQLite)" "npx vitest run" \
  "data-layer and API tests (PostgreSQL)" "TEST_DATABASE_URL='$TEST_POSTGRES_URL' npx vitest run --project server"

echo "== browser tests (Chromium)"
# The database outage run (e2e/specs/database-outage.spec.ts) creates its own database on this server.
TEST_POSTGRES_URL="$TEST_POSTGRES_URL" npm run test:e2e --silent
