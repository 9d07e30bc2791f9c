#!/usr/bin/env bash
# The whole test suite: the type check, lint and format check, unit and API tests on SQLite, the data-layer and API tests again on
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

echo "== unit and API tests (SQLite)"
npx vitest run

echo "== data-layer and API tests (PostgreSQL)"
TEST_DATABASE_URL="$TEST_POSTGRES_URL" npx vitest run --project server

echo "== browser tests (Chromium)"
# The database outage run (e2e/specs/database-outage.spec.ts) creates its own database on this server.
TEST_POSTGRES_URL="$TEST_POSTGRES_URL" npm run test:e2e --silent
