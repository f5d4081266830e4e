/**
 * Runs the pseudonymiser on one trace and measures the twin against the
 * labels: leaks of planted values, keep values still byte-identical, format
 * checks, stand-ins of planted values (for validity and consistency).
 *
 * The detectors are whatever the pseudonymiser currently ships
 * (`defaultDetectors`); each is wrapped so that the surfaces it reports are
 * recorded: a changed byte of the twin is acceptable only inside a planted
 * value or a reported surface.
 */
import { twin, type Format, type Kind, type Report } from '../pseudonymiser';
import { defaultDetectors } from '../pseudonymiser/detectors';
import type { DetectContext, Detector, FindingSink, Keyed, ResolveSink } from '../pseudonymiser/types';
import {
  align,
  atBoundary,
  compareTrees,
  lineShape,
  mapOffset,
  MultiSearch,
  readJson,
  sameLines,
  unescapeLevels,
  variants,
} from './checks';
import { emailValid, ibanValid, jwtValid, luhnValid } from './values';

export interface Label {
  readonly kind: Kind;
  readonly sub: string;
  readonly value: string;
  readonly probes: readonly string[];
}

export interface KeepLabel {
  readonly kind: string;
  readonly value: string;
}

export interface TwinRun {
  readonly output: string;
  readonly report: Report;
  /** Every surface a detector reported, with its kind. */
  readonly surfaces: ReadonlyMap<string, Kind>;
}

/** Twins `text` with the current default detectors, recording what they report. */
export function runTwin(
  text: string,
  format: Format,
  key: string,
  confidential: readonly string[],
  detectors: readonly Detector[] = defaultDetectors,
): TwinRun {
  const surfaces = new Map<string, Kind>();
  // One recording sink per real sink: detectors keep per-trace state keyed on the sink they are given
  // (people/state.ts), so the wrapper must hand them the same object on every call, and forward `resolve`.
  const wrapped = new WeakMap<FindingSink, ResolveSink>();
  const record = (sink: FindingSink): ResolveSink => {
    let w = wrapped.get(sink);
    if (!w) {
      const real = sink as ResolveSink;
      w = {
        add(f) {
          surfaces.set(f.surface, f.kind);
          real.add(f);
        },
        has: (s) => real.has(s),
        found: () => real.found(),
        pin: (surface, standIn) => real.pin(surface, standIn),
      };
      wrapped.set(sink, w);
    }
    return w;
  };
  const recording: Detector[] = detectors.map((d) => ({
    name: d.name,
    detect: (chunk, sink, ctx) => d.detect(chunk, record(sink), ctx),
    ...(d.resolve
      ? { resolve: (sink: ResolveSink, keyed: Keyed, ctx: DetectContext) => d.resolve!(record(sink), keyed, ctx) }
      : {}),
  }));
  const r = twin(Buffer.from(text, 'utf8'), { key, confidential, format, detectors: recording });
  return { output: r.output.toString('utf8'), report: r.report, surfaces };
}

export interface FormatResult {
  /** Null when the format has nothing to parse (text). */
  readonly parse: string | null | undefined;
  readonly shape: string | null | undefined;
  readonly lines: string | null;
  readonly bytes: string | null;
}

export interface TraceEval {
  readonly format: FormatResult;
  /** Per label (same order as given): present in the original, and leaked into the twin. */
  readonly planted: readonly boolean[];
  readonly leaked: readonly boolean[];
  /** Per keep label: occurrences in the original and in the twin. */
  readonly keepOriginal: readonly number[];
  readonly keepTwin: readonly number[];
  /** Per label: the stand-ins found where the original stood (decoded), distinct. */
  readonly standIns: readonly (readonly string[])[];
}

export interface EvalInput {
  readonly original: string;
  readonly twin: string;
  readonly format: Format;
  readonly labels: readonly Label[];
  readonly keeps: readonly KeepLabel[];
  /** Surfaces reported by the detectors. */
  readonly surfaces: Iterable<string>;
}

/** Kinds whose values mean the same in any letter case. */
const CASE_FREE = new Set<Kind>(['email', 'domain', 'username', 'handle']);

/** Values shorter than this only count as whole tokens. */
const TOKEN_ONLY_BELOW = 8;
/** How many layers of string escaping the eval reads (bench/checks.ts `variants`). */
const ESCAPE_LEVELS = 3;

export function checkFormat(
  original: string,
  twinText: string,
  format: Format,
  allowedIntervals: [number, number][],
  keyMayChange: (k: string) => boolean,
): { result: FormatResult; alignment: ReturnType<typeof align> } {
  let parse: string | null | undefined;
  let shape: string | null | undefined;
  if (format === 'json') {
    const a = readJson(original);
    const b = readJson(twinText);
    parse =
      (a === null) === (b === null)
        ? null
        : a
          ? 'the twin no longer parses as JSON'
          : 'the twin parses but the input did not';
    shape = a && b ? compareTrees(a, b, keyMayChange) : parse === null ? null : 'not compared';
  } else if (format === 'jsonl') {
    const la = original.split('\n');
    const lb = twinText.split('\n');
    parse = null;
    shape = null;
    if (la.length !== lb.length) {
      parse = `${la.length} lines became ${lb.length}`;
      shape = 'not compared';
    } else {
      for (let i = 0; i < la.length && (parse === null || shape === null); i++) {
        const sa = la[i]!.replace(/\r$/, '');
        const sb = lb[i]!.replace(/\r$/, '');
        if (sa.trim() === '' && sb.trim() === '') continue;
        const a = readJson(sa);
        const b = readJson(sb);
        if ((a === null) !== (b === null) && parse === null)
          parse = `line ${i + 1}: ${a ? 'no longer parses' : 'parses in the twin only'}`;
        if (a && b && shape === null) {
          const d = compareTrees(a, b, keyMayChange);
          if (d) shape = `line ${i + 1}: ${d}`;
        }
      }
    }
  }
  const lines = sameLines(lineShape(original), lineShape(twinText));
  const alignment = align(original, twinText, allowedIntervals);
  return { result: { parse, shape, lines, bytes: alignment.failure }, alignment };
}

/** A generated trace with its labels (bench/corpus.ts `Trace`). */
export interface LabelledTrace {
  readonly text: string;
  readonly format: Format;
  readonly plants: readonly Label[];
  readonly keeps: readonly KeepLabel[];
}

/** Measures tracetwin's twin of a generated trace against the trace's labels. */
export function evaluateRun(t: LabelledTrace, run: TwinRun): TraceEval {
  return evaluateTrace({
    original: t.text,
    twin: run.output,
    format: t.format,
    labels: t.plants,
    keeps: t.keeps,
    surfaces: run.surfaces.keys(),
  });
}

export function evaluateTrace(input: EvalInput): TraceEval {
  const { original, twin: out, labels, keeps } = input;

  // intervals of the original that may change: planted values and detected surfaces, in every escaped form
  const allowedSearch = new MultiSearch<boolean>(true);
  const allowedValues: string[] = [];
  const addAllowed = (v: string): void => {
    if (v.length === 0) return;
    allowedValues.push(v.toLowerCase());
    for (const vr of variants(v)) allowedSearch.add(vr.text, v.length < 6);
  };
  for (const l of labels) addAllowed(l.value);
  for (const s of input.surfaces) addAllowed(s);
  const intervals: [number, number][] = [];
  allowedSearch.scan(original, (s, e, tokenOnly) => {
    if (!tokenOnly || atBoundary(original, s, e)) intervals.push([s, e]);
  });
  const keyMayChange = (k: string): boolean => {
    const lower = k.toLowerCase();
    return allowedValues.some((v) => lower.includes(v));
  };
  const { result, alignment } = checkFormat(original, out, input.format, intervals, keyMayChange);

  // planted values: present in the original? what stands in their place?
  const planted = labels.map(() => false);
  const standIns = labels.map(() => new Set<string>());
  const plantSearch = new MultiSearch<{ i: number; level: number }>(false);
  labels.forEach((l, i) => {
    const vs = variants(l.value);
    // a value that no escaping changes (`Hayoon Park`) reads the same at every level, so its level is unknown:
    // its stand-in is decoded while it still holds a \u escape, so `\\u0160` written in a string inside a
    // string reads `Š` as it does in plain text
    const invariant = vs.length === 1;
    for (const vr of vs) plantSearch.add(vr.text, { i, level: invariant ? -1 : vr.level });
  });
  plantSearch.scan(original, (s, e, tag) => {
    const l = labels[tag.i]!;
    if (l.value.length < TOKEN_ONLY_BELOW && !atBoundary(original, s, e)) return;
    planted[tag.i] = true;
    const a = mapOffset(alignment, s);
    const b = mapOffset(alignment, e);
    if (a === undefined || b === undefined || b < a) return;
    let x = out.slice(a, b);
    if (tag.level >= 0) x = unescapeLevels(x, tag.level);
    else for (let n = 0; n < ESCAPE_LEVELS && /\\u[0-9A-Fa-f]{4}/.test(x); n++) x = unescapeLevels(x, 1);
    if (x !== l.value) standIns[tag.i]!.add(x);
  });

  // leaks: any probe of a label still present anywhere in the twin, in any escaped form
  // (addresses of the Internet's name systems in any ASCII case, the rest exactly)
  const leaked = labels.map(() => false);
  const leakExact = new MultiSearch<{ i: number; token: boolean }>(false);
  const leakFolded = new MultiSearch<{ i: number; token: boolean }>(true);
  labels.forEach((l, i) => {
    const search = CASE_FREE.has(l.kind) ? leakFolded : leakExact;
    for (const p of l.probes)
      for (const vr of variants(p)) search.add(vr.text, { i, token: p.length < TOKEN_ONLY_BELOW });
  });
  const onLeak = (s: number, e: number, tag: { i: number; token: boolean }): void => {
    if (leaked[tag.i]) return;
    if (!tag.token || atBoundary(out, s, e)) leaked[tag.i] = true;
  };
  leakExact.scan(out, onLeak);
  leakFolded.scan(out, onLeak);

  // keep values: exact, whole-token occurrences before and after
  const keepSearch = new MultiSearch<number>(false);
  keeps.forEach((k, i) => keepSearch.add(k.value, i));
  const count = (text: string): number[] => {
    const n = keeps.map(() => 0);
    keepSearch.scan(text, (s, e, i) => {
      if (atBoundary(text, s, e)) n[i]!++;
    });
    return n;
  };

  return {
    format: result,
    planted,
    leaked: leaked.map((l, i) => l && planted[i]!),
    keepOriginal: count(original),
    keepTwin: count(out),
    standIns: standIns.map((s) => [...s]),
  };
}

/** Validity of a stand-in for kinds with a checkable syntax; undefined when the kind has none. */
export function standInValid(kind: Kind, standIn: string): boolean | undefined {
  switch (kind) {
    case 'card':
      return luhnValid(standIn);
    case 'iban':
      return ibanValid(standIn);
    case 'jwt':
      return jwtValid(standIn);
    case 'email':
      return emailValid(standIn);
    default:
      return undefined;
  }
}

export function formatOk(f: FormatResult): boolean {
  return !f.parse && !f.shape && !f.lines && !f.bytes;
}
