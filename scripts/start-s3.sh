#!/usr/bin/env bash
# A real S3-protocol server for the tests: moto's standalone server (PyPI
# package `moto[server]`), installed into .tools/moto and started on loopback.
#
#   scripts/start-s3.sh          install if needed, start if nothing answers, print the endpoint
#   scripts/start-s3.sh stop     stop the server this script started on that port
#
# The port is $TRACETWIN_TEST_S3_PORT (default 9390); the tests read the same
# variable. `npm test` (scripts/test.sh) gives each run a free port and stops
# its server when it ends. Objects live in the server's memory; the tests create and remove
# their own buckets. Idempotent; fails loudly (never skips).
set -euo pipefail
cd "$(dirname "$0")/.."
MOTO_VERSION=5.2.5
venv=.tools/moto
port=${TRACETWIN_TEST_S3_PORT:-9390}
endpoint="http://127.0.0.1:$port"
pidfile="$venv/server-$port.pid"
log="$venv/server-$port.log"

answers() {
  # An S3 ListBuckets answer, not just any HTTP server on the port.
  curl -s --max-time 2 "$endpoint/" 2>/dev/null | grep -q 'ListAllMyBucketsResult'
}

if [ "${1:-}" = "stop" ]; then
  if [ -f "$pidfile" ]; then
    pid=$(cat "$pidfile")
    # only the moto server this script started: a stale pid file's number may belong to another process by now
    if ! { tr '\0' ' ' < "/proc/$pid/cmdline"; } 2>/dev/null | grep -q moto_server; then
      rm -f "$pidfile"
      exit 0
    fi
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
    rm -f "$pidfile"
  fi
  exit 0
fi

if [ ! -x "$venv/bin/moto_server" ] || [ "$(cat "$venv/version" 2>/dev/null)" != "$MOTO_VERSION" ]; then
  command -v python3 >/dev/null || { echo "start-s3: python3 with venv and pip is needed for moto (PyPI)" >&2; exit 1; }
  echo "start-s3: installing moto[server]==$MOTO_VERSION into $venv ..." >&2
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "moto[server]==$MOTO_VERSION"
  [ -x "$venv/bin/moto_server" ] || { echo "start-s3: moto_server missing after install" >&2; exit 1; }
  echo "$MOTO_VERSION" > "$venv/version"
fi

if ! answers; then
  if curl -s --max-time 2 -o /dev/null "$endpoint/" 2>/dev/null; then
    echo "start-s3: something other than an S3 server answers at $endpoint; set TRACETWIN_TEST_S3_PORT" >&2
    exit 1
  fi
  echo "start-s3: starting moto_server on $endpoint" >&2
  setsid nohup "$venv/bin/moto_server" -H 127.0.0.1 -p "$port" >"$log" 2>&1 < /dev/null &
  echo $! > "$pidfile"
  for _ in $(seq 1 60); do
    answers && break
    sleep 0.5
  done
  answers || { echo "start-s3: moto_server did not answer at $endpoint; its log:" >&2; cat "$log" >&2; exit 1; }
fi
echo "$endpoint"
