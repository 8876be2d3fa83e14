#!/usr/bin/env bash
# Every test: unit and integration on PGlite, the database suites again on PostgreSQL when
# one answers on 127.0.0.1:5432 (always in CI), then the browser tests in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== unit and integration tests (PGlite)"
npx vitest run

if [ "${SKIP_POSTGRES:-}" != "1" ] && pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
  echo "== database suites on PostgreSQL"
  TEST_DATABASE=postgres npx vitest run --project server
elif [ -n "${CI:-}" ]; then
  echo "PostgreSQL is not answering on 127.0.0.1:5432, and CI must run the PostgreSQL suites." >&2
  exit 1
else
  echo "== PostgreSQL not answering on 127.0.0.1:5432: its suites are skipped"
fi

echo "== browser tests (Chromium)"
bash scripts/ensure-chromium.sh
npx vite build --logLevel warn
npx playwright test
