#!/usr/bin/env bash
# Every test: unit and integration on PGlite, the database suites again on PostgreSQL when
# one answers on 127.0.0.1:5432 (always in CI), then the browser tests in Chromium.
# Ends with one line "tests: N passed, N failed" summing every runner.
set -uo pipefail
cd "$(dirname "$0")/.."
reports=$(mktemp -d)
status=0

echo "== unit and integration tests (PGlite)"
# Vitest's default is one worker fewer than the cores: one on a two-core machine. Each suite
# has its own database (in memory here, a new one on PostgreSQL below), server and ports, and
# each scale-out suite its own Redis channels (REDIS_PREFIX), so two run at once in both passes.
npx vitest run --maxWorkers=2 --reporter=default --reporter=json \
  --outputFile.json="$reports/vitest-pglite.json" || status=1

if [ "${SKIP_POSTGRES:-}" != "1" ] && pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
  echo "== database suites on PostgreSQL"
  # Suites whose subject is not the database (pure rules, configuration, the chain's node, mail,
  # the socket's limits, input validation) ran on PGlite above; on PostgreSQL they would only
  # repeat it. Every suite with overlapping writes, jobs or replays runs here too.
  pure=(app-serving config control-characters local-chain smtp proof-pixels
    message-limits content market files-keys user-channel bad-input funds-bad-input earn-terms
    sign-in-smart-wallet)
  excludes=()
  for name in "${pure[@]}"; do excludes+=(--exclude "server/test/$name.test.ts"); done
  excludes+=(--exclude "contract/**")
  TEST_DATABASE=postgres npx vitest run --project server --maxWorkers=2 "${excludes[@]}" \
    --reporter=default --reporter=json --outputFile.json="$reports/vitest-postgres.json" || status=1
elif [ -n "${CI:-}" ]; then
  echo "PostgreSQL is not answering on 127.0.0.1:5432, and CI must run the PostgreSQL suites." >&2
  status=1
else
  echo "== PostgreSQL not answering on 127.0.0.1:5432: its suites are skipped"
fi

echo "== browser tests (Chromium)"
if bash scripts/ensure-chromium.sh && npx vite build --logLevel warn; then
  PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright.json" npx playwright test --reporter=list,json || status=1
else
  status=1
fi

node scripts/sum-test-reports.mjs "$reports" || status=1
rm -rf "$reports"
exit "$status"
