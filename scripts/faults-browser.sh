#!/usr/bin/env bash
# The browser fault runs at full counts (docs/testing.md): 1,000 versions saved through the fault-injecting
# proxy (FAULT_VERSIONS) and a 30 s database outage (OUTAGE_SECONDS); npm test runs the same specs with
# fewer versions. Builds the app first; starts a throwaway PostgreSQL server unless TEST_POSTGRES_URL is set.
# Extra arguments go to Playwright.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
if [ -z "${TEST_POSTGRES_URL:-}" ]; then
  pgdir=$(mktemp -d /tmp/prova-pg.XXXXXX)
  trap 'bash scripts/test-postgres.sh stop "$pgdir"' EXIT
  # A port free right now, unless TEST_POSTGRES_PORT names one.
  port=${TEST_POSTGRES_PORT:-$(node -e "const s = require('net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")}
  TEST_POSTGRES_URL=$(bash scripts/test-postgres.sh start "$pgdir" "$port")
fi
export TEST_POSTGRES_URL
export FAULT_VERSIONS="${FAULT_VERSIONS:-1000}" OUTAGE_SECONDS="${OUTAGE_SECONDS:-30}"
npm run build --silent
npm test --silent -w @prova/e2e -- specs/fault-proxy.spec.ts specs/database-outage.spec.ts "$@"
