#!/usr/bin/env bash
# `npm test`: Chromium and a Chinese font present, the web app built, every unit and API test (vitest, the
# API on PGlite), then the browser tests. With TEST_ALSO_POSTGRES_URL set (CI does) the API suite runs a
# second time on that PostgreSQL server while the browser tests run: those wait on real cutoffs and leave the
# processor idle, so the two together take little longer than the browser tests alone.
set -euo pipefail
cd "$(dirname "$0")/.."
npm run e2e:browser
npm run build
npx vitest run

pg_pid=""
if [ -n "${TEST_ALSO_POSTGRES_URL:-}" ]; then
  pg_log="$(mktemp -t api-postgres-XXXXXX.log)"
  echo "test: the API suite on PostgreSQL runs beside the browser tests (its output follows them; log $pg_log)"
  TEST_DATABASE_URL="$TEST_ALSO_POSTGRES_URL" npx vitest run --project server >"$pg_log" 2>&1 &
  pg_pid=$!
fi

e2e=0
npx playwright test || e2e=$?

pg=0
if [ -n "$pg_pid" ]; then
  wait "$pg_pid" || pg=$?
  echo "test: the API suite on PostgreSQL"
  cat "$pg_log"
fi
[ "$e2e" -eq 0 ] && [ "$pg" -eq 0 ]
