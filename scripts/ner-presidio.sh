#!/usr/bin/env bash
# `npm run eval:ner:presidio`: the table of `npm run eval:ner` with Microsoft Presidio (spaCy's small English
# pipeline, its default recognizers, operator replace) beside tracetwin on every corpus's split (docs/benchmarks.md).
# Run after `npm run build`.
#
#   1. node dist/bench/ner-eval.js --dump DIR: each corpus's lines of the split, DIR/NAME.txt;
#   2. bench/presidio/lines.py: Presidio on each line alone, OUT/NAME.txt (a line out for each line in), and
#      OUT-people/NAME.txt with only its PERSON and ORGANIZATION spans replaced;
#   3. node dist/bench/ner-eval.js --other presidio=OUT --other presidio-p/o=OUT-people: the one table.
#
# The Presidio environment: scripts/presidio-venv.sh (.tools/presidio, built on first use). Python runs here and
# in bench/ only, never in the product.
#
#   scripts/ner-presidio.sh [--keep DIR] [options of dist/bench/ner-eval.js: --split, --only, --json, --corpus]
set -euo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=scripts/presidio-venv.sh
. scripts/presidio-venv.sh

[ -f dist/bench/ner-eval.js ] || { presidio_say "dist/bench/ner-eval.js is missing: run npm run build first"; exit 1; }

keep=
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --keep) keep="$2"; shift 2 ;;
    *) args+=("$1"); shift ;;
  esac
done

presidio_setup
[ "$PRESIDIO_PIPELINE" != none ] || presidio_say "WARNING: no spaCy pipeline: Presidio's columns are its pattern recognizers only"

if [ -n "$keep" ]; then
  work="$keep"
  mkdir -p "$work"
else
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
fi

node dist/bench/ner-eval.js --dump "$work/lines" "${args[@]}" >/dev/null
"$PRESIDIO_PYTHON" bench/presidio/lines.py --dir "$work/lines" --out "$work/presidio" \
  --people-out "$work/presidio-people" --pipeline "$PRESIDIO_PIPELINE"
node dist/bench/ner-eval.js --other "presidio=$work/presidio" --other "presidio p/o=$work/presidio-people" "${args[@]}"
