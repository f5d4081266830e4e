#!/usr/bin/env bash
# The tests run against a real PostgreSQL as well as the embedded one. Makes
# sure one answers at $TRACETWIN_TEST_PG (default 127.0.0.1:5432), starting the
# local cluster if it is installed but stopped (then it prints `started VERSION`
# on stdout, for the caller to stop it again: `pg_ctlcluster VERSION main stop`).
# Fails loudly, never skips.
set -euo pipefail
target=${TRACETWIN_TEST_PG:-127.0.0.1:5432}
host=${target%:*}
port=${target##*:}
ready() { pg_isready -q -h "$host" -p "$port" 2>/dev/null; }
command -v pg_isready >/dev/null || { echo "ensure-postgres: pg_isready not found; install PostgreSQL (Debian: apt-get install postgresql)" >&2; exit 1; }
if ready; then exit 0; fi
if command -v pg_ctlcluster >/dev/null && [ -d /etc/postgresql ]; then
  version=$(ls /etc/postgresql | sort -V | tail -n 1)
  echo "ensure-postgres: starting the local PostgreSQL $version cluster" >&2
  pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
  for _ in $(seq 1 30); do ready && { echo "started $version"; exit 0; }; sleep 1; done
fi
echo "ensure-postgres: no PostgreSQL answers at $host:$port and none could be started" >&2
exit 1
