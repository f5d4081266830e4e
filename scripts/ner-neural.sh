#!/usr/bin/env bash
# `npm run compare:ner`: the linear person / organisation recogniser that ships against a small neural tagger
# trained on the same train splits and scored on the same test splits (docs/ner-comparison.md). Run after
# `npm run build`. Nothing here is needed by the product: the neural tagger is only measured.
#
#   1. node dist/training/ner/neural/prep.js: every corpus's fixed splits with the engine's lexicon flags per token,
#      the gold tags the linear model trains on, the linear model's own tags and mentionScores on the test splits,
#      and its speed;
#   2. training/ner/neural/tagger.py (PyTorch, CPU, one thread, seed 1): trains the BiLSTM tagger, scores both
#      models on every test split, measures its speed (PyTorch and onnxruntime), writes OUT/report.json.
#
# The Python environment (training/ner/neural/requirements.txt) is made in .tools/ner-neural/venv (ignored by git)
# on first use, and again only when the requirements change.
#
#   scripts/ner-neural.sh [--out DIR] [options of tagger.py: --seed, --epochs, --patience, --minutes]
set -euo pipefail
cd "$(dirname "$0")/.."

say() { echo "ner-neural: $*" >&2; }
[ -f dist/training/ner/neural/prep.js ] || { say "dist/training/ner/neural/prep.js is missing: run npm run build first"; exit 1; }
command -v python3 >/dev/null || { say "python3 (with venv and pip) is needed"; exit 1; }

out=.tools/ner-neural/out
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out="$2"; shift 2 ;;
    *) args+=("$1"); shift ;;
  esac
done

venv=.tools/ner-neural/venv
req=training/ner/neural/requirements.txt
if [ ! -x "$venv/bin/python" ] || ! cmp -s "$req" "$venv/requirements.txt"; then
  say "installing $req into $venv/ ..."
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$req" 2>&1 |
    { grep -v 'is ignored: it is neither a file nor a directory' || true; }
  "$venv/bin/python" -c 'import torch, numpy, onnx, onnxruntime' || { say "the environment does not import"; exit 1; }
  cp "$req" "$venv/requirements.txt"
fi

data=.tools/ner-neural/data
node dist/training/ner/neural/prep.js --out "$data"
"$venv/bin/python" training/ner/neural/tagger.py --data "$data" --out "$out" "${args[@]}"
