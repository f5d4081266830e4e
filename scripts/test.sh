#!/usr/bin/env bash
# The one test command (`npm test`): everything the tests need is installed or
# started here, and a missing piece fails loudly.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d node_modules ] || npm ci --no-audit --no-fund
bash scripts/setup-tools.sh
bash scripts/ensure-postgres.sh
bash scripts/start-s3.sh >/dev/null  # S3-protocol server (moto, from PyPI) for the storage tests
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
report=$(mktemp)
set +e
npx jest --ci --json --outputFile="$report" "$@"
status=$?
set -e
node -e '
const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed` + (r.numPendingTests ? `, ${r.numPendingTests} skipped` : ""));
if (r.numTotalTests === 0) { console.error("no test ran"); process.exit(1); }
' "$report" || status=1
rm -f "$report"
exit $status
