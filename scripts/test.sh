#!/usr/bin/env bash
# The one test command (`npm test`): everything the tests need is installed or
# started here, and a missing piece fails loudly.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d node_modules ] || npm ci --no-audit --no-fund
bash scripts/setup-tools.sh

# Every server started here is stopped when the run ends, passed, failed or interrupted.
pg_started=""
stop_servers() {
  bash scripts/start-s3.sh stop || true
  if [ -n "$pg_started" ]; then
    echo "== stopping the PostgreSQL ${pg_started#started } cluster started for the tests" >&2
    pg_ctlcluster --skip-systemctl-redirect "${pg_started#started }" main stop || true
  fi
}
trap stop_servers EXIT
trap 'exit 130' INT TERM

pg_started=$(bash scripts/ensure-postgres.sh)
# S3-protocol server (moto, from PyPI) for the storage tests: on a free port of this run's own, unless one is given
if [ -z "${TRACETWIN_TEST_S3_PORT:-}" ]; then
  TRACETWIN_TEST_S3_PORT=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
  export TRACETWIN_TEST_S3_PORT
fi
bash scripts/start-s3.sh >/dev/null
bash scripts/ensure-chromium.sh  # headless Chromium (Debian's package) for the review page's end-to-end test
echo "== typecheck" >&2
npx tsc --noEmit -p .
echo "== lint" >&2
npx eslint .
echo "== format" >&2
npx prettier --check . >/dev/null || { npx prettier --check . ; exit 1; }
echo "== build" >&2
npx tsc -p tsconfig.build.json
echo "== jest" >&2
# PGlite loads Node built-ins with dynamic import(), which jest's VM allows only with this flag
export NODE_OPTIONS="--experimental-vm-modules${NODE_OPTIONS:+ $NODE_OPTIONS}"
# Two passes: the whole suite (in-process tests on PGlite, the spawned servers on their embedded default, the
# multi-process test on PostgreSQL and S3), then the database-backed in-process tests again on PostgreSQL.
DB_TESTS=(test/service test/workflows/runs.test.ts test/workflows/twin-workflow.test.ts test/webhooks/service.test.ts)
all=$(mktemp)
pg=$(mktemp)
set +e
npx jest --ci --json --outputFile="$all" "$@"
status=$?
if [ $# -eq 0 ]; then
  echo "== jest on PostgreSQL (TRACETWIN_TEST_DB=postgres)" >&2
  TRACETWIN_TEST_DB=postgres npx jest --ci --json --outputFile="$pg" --testPathIgnorePatterns blackbox -- "${DB_TESTS[@]}"
  pg_status=$?
  [ $pg_status -eq 0 ] || status=$pg_status
fi
set -e
node -e '
const fs = require("fs");
const read = (f) => (fs.statSync(f).size > 0 ? JSON.parse(fs.readFileSync(f, "utf8")) : null);
const runs = process.argv.slice(1).map(read).filter(Boolean);
const sum = (k) => runs.reduce((n, r) => n + r[k], 0);
console.log(`tests: ${sum("numPassedTests")} passed, ${sum("numFailedTests")} failed` + (sum("numPendingTests") ? `, ${sum("numPendingTests")} skipped` : ""));
if (runs.length === 0 || sum("numTotalTests") === 0) { console.error("no test ran"); process.exit(1); }
' "$all" "$pg" || status=1
rm -f "$all" "$pg"
if [ $# -eq 0 ]; then
  # about a minute: a served instance of its own against its OpenAPI document, every check (scripts/schemathesis.sh)
  echo "== schemathesis" >&2
  st_log=$(mktemp)
  bash scripts/schemathesis.sh >"$st_log" 2>&1 || { cat "$st_log"; echo "schemathesis failed" >&2; status=1; }
  rm -f "$st_log"
fi
exit $status
