#!/usr/bin/env bash
# `npm test`: Chromium and a Chinese font present, the web app built, then the browser tests (Playwright)
# with every unit and API test (vitest, the API on PGlite) running beside them, and with
# TEST_ALSO_POSTGRES_URL set (CI does) the API suite a second time on that PostgreSQL server after it. The
# browser tests spend much of their time waiting on the browser and the server's clock, leaving a core idle,
# so the suites together take little longer than the browser tests alone. Their output follows the
# browser tests'; the script fails if any of them fails.
set -euo pipefail
cd "$(dirname "$0")/.."
npm run e2e:browser
npm run build

unit_log="$(mktemp -t unit-XXXXXX.log)"
echo "test: the unit and API suites run beside the browser tests (their output follows them; log $unit_log)"
# At a lower priority (nice): the browser tests are the longest chain of the run, and a suite that takes a
# core from them lengthens the whole; the suites use what the browser tests leave idle. PostgreSQL's own
# server processes keep their normal priority.
(
  status=0
  nice -n 10 npx vitest run || status=$?
  if [ -n "${TEST_ALSO_POSTGRES_URL:-}" ]; then
    echo "test: the API suite on PostgreSQL"
    TEST_DATABASE_URL="$TEST_ALSO_POSTGRES_URL" nice -n 10 npx vitest run --project server || status=$?
  fi
  exit "$status"
) >"$unit_log" 2>&1 &
unit_pid=$!

e2e_log="$(mktemp -t e2e-XXXXXX.log)"
e2e=0
npx playwright test 2>&1 | tee "$e2e_log" || e2e=$?

unit=0
wait "$unit_pid" || unit=$?
echo "test: the unit and API suites"
cat "$unit_log"
# The browser tests' outcome again, last: a CI log that keeps only its tail still names what failed.
echo "test: the browser tests' summary (full output above; log $e2e_log)"
grep -E -A8 '^\s+[0-9]+\) \[' "$e2e_log" | head -80 || true
awk '/^  [0-9]+ (failed|flaky|interrupted|skipped|did not run|passed)/ { p = 1 } p' "$e2e_log"
echo "test: browser tests exit $e2e, unit and API suites exit $unit"
[ "$e2e" -eq 0 ] && [ "$unit" -eq 0 ]
