#!/usr/bin/env bash
# Property-based API testing of a running tracetwin server with Schemathesis
# (from PyPI): it reads the server's own OpenAPI document and checks that no
# answer is a 5xx and that every answer matches the document.
#
#   TRACETWIN_API_KEY=svc_sk_test_… scripts/schemathesis.sh [BASE_URL] [extra `st run` options]
#
# BASE_URL defaults to http://127.0.0.1:8080. Use a test-mode key of a throw-away
# organization: the run creates twins (and hits the run limits on purpose).
set -euo pipefail
cd "$(dirname "$0")/.."
base="${1:-${TRACETWIN_URL:-http://127.0.0.1:8080}}"
[ $# -gt 0 ] && shift
: "${TRACETWIN_API_KEY:?set TRACETWIN_API_KEY to a test key (svc_sk_test_…)}"

venv=.tools/schemathesis
if [ ! -x "$venv/bin/st" ]; then
  echo "== installing schemathesis into $venv" >&2
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check 'schemathesis>=4,<5'
fi

exec "$venv/bin/st" run "$base/v1/svc/openapi.json" \
  --url "$base" \
  --header "Authorization: Bearer $TRACETWIN_API_KEY" \
  --checks all \
  --max-examples "${SCHEMATHESIS_MAX_EXAMPLES:-50}" \
  "$@"
