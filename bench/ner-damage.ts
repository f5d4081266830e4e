/**
 * What rewrote each capitalised word labelled as no entity (`npm run eval:ner -- --damage DIR`): the surfaces the
 * detectors reported, recorded with the kind and the detector functions that reported them, matched back to the
 * words of the twin that changed. For reading a dev split's damage by mechanism; nothing here runs in a twin.
 */
import type { Detector, Finding, FindingSink, Kind } from '../pseudonymiser/types';
import type { Unit } from '../training/ner/corpora';
import { forEachCapitalisedO, lineOf } from './ner-eval';

/** A surface a detector reported. */
export interface Recorded {
  readonly kind: Kind;
  readonly surface: string;
  readonly canonical: string;
  readonly caseInsensitive: boolean;
  /** The detector functions that reported it, outermost first (`detect>scanLearned>reportPerson`). */
  readonly via: string;
  /** A finding for one place: that place's line of the chunk, and its offset in that line. */
  readonly line?: string;
  readonly at?: number;
}

/** The detector functions on the stack of a finding, outermost first, from the detector's own entry point. */
function callers(): string {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 40;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  const names: string[] = [];
  for (const frame of stack.split('\n').slice(1)) {
    const m = /^\s*at (?:Object\.|Registry\.)?([\w$.<>]+) \((.*)\)$/.exec(frame);
    if (!m || !/pseudonymiser[\\/]detectors[\\/]/.test(m[2]!)) continue;
    names.push(m[1]!);
    if (m[1] === 'detect' || m[1] === 'resolve') break;
  }
  return names.reverse().join('>') || '?';
}

/**
 * `base`, each detector reporting through a sink that also records every finding into `into`. A sink is wrapped
 * once, so that the people detectors' per-sink state is the same in detection and in resolution.
 */
export function recordingDetectors(base: readonly Detector[], into: Recorded[]): Detector[] {
  const wrapped = new WeakMap<object, FindingSink>();
  const wrap = <S extends FindingSink>(sink: S, chunkText: () => string | null): S => {
    let w = wrapped.get(sink);
    if (!w) {
      w = new Proxy(sink, {
        get(target, prop): unknown {
          if (prop === 'add')
            return (f: Finding): void => {
              const r = {
                kind: f.kind,
                surface: f.surface,
                canonical: f.canonical ?? f.surface,
                caseInsensitive: f.caseInsensitive ?? false,
              };
              const text = chunkText();
              if (f.at && text !== null) {
                const from = text.lastIndexOf('\n', f.at.start - 1) + 1;
                const to = text.indexOf('\n', f.at.start);
                const line = text.slice(from, to < 0 ? text.length : to);
                into.push({ ...r, via: callers(), line, at: f.at.start - from });
              } else into.push({ ...r, via: callers() });
              target.add(f);
            };
          const v: unknown = Reflect.get(target, prop, target);
          return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
        },
      });
      wrapped.set(sink, w);
    }
    return w as S;
  };
  let current: string | null = null;
  return base.map((d) => ({
    name: d.name,
    detect(chunk, sink, ctx): void {
      current = chunk.corpus;
      d.detect(
        chunk,
        wrap(sink, () => current),
        ctx,
      );
    },
    ...(d.resolve
      ? {
          resolve(sink, keyed, ctx): void {
            current = null;
            d.resolve!(
              wrap(sink, () => null),
              keyed,
              ctx,
            );
          },
        }
      : {}),
  }));
}

function lettersAround(text: string, start: number, end: number): boolean {
  return /[\p{L}\p{N}]/u.test(text.charAt(start - 1)) || /[\p{L}\p{N}]/u.test(text.charAt(end));
}

/**
 * Each rewritten capitalised O word of `units` (twinned as `out`), a row: the line's number, the word, the
 * recorded surface that covers it in its line (the longest), that surface's kind and canonical, its reporters, the labels the
 * word carries elsewhere in the split (PER, ORG, OTHER: a word of an entity's name replaced where it is none),
 * and the line. Tab-separated.
 */
export function damageRows(units: readonly Unit[], out: readonly string[], recorded: readonly Recorded[]): string {
  const byWord = new Map<string, Recorded[]>();
  for (const r of recorded) {
    for (const w of r.surface.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
      if (w.length === 0) continue;
      let l = byWord.get(w);
      if (!l) byWord.set(w, (l = []));
      l.push(r);
    }
  }
  const labelled = new Map<string, Set<string>>();
  for (const u of units) {
    const text = lineOf(u);
    for (let i = 0; i < u.labels.length; i++) {
      if (u.labels[i] === 'O') continue;
      const w = text.slice(u.starts[i]!, u.ends[i]!).toLowerCase();
      let s = labelled.get(w);
      if (!s) labelled.set(w, (s = new Set()));
      s.add(u.labels[i]!);
    }
  }
  const rows: string[] = [];
  forEachCapitalisedO(units, out, (u, k, i, changed) => {
    if (!changed) return;
    const text = lineOf(u);
    const ws = u.starts[i]!;
    const we = u.ends[i]!;
    const word = text.slice(ws, we);
    let best: Recorded | null = null;
    for (const r of byWord.get(word.toLowerCase()) ?? []) {
      if (best && r.surface.length <= best.surface.length) continue;
      if (r.line !== undefined) {
        if (r.line === text && r.at! < we && r.at! + r.surface.length > ws) best = r;
        continue;
      }
      const hay = r.caseInsensitive ? text.toLowerCase() : text;
      const needle = r.caseInsensitive ? r.surface.toLowerCase() : r.surface;
      for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + 1)) {
        const end = at + needle.length;
        if (at < we && end > ws && !lettersAround(text, at, end)) {
          best = r;
          break;
        }
      }
    }
    rows.push(
      [
        String(k + 1),
        word,
        best?.surface ?? '-',
        best ? `${best.kind}:${best.canonical}` : '-',
        best?.via ?? '-',
        [...(labelled.get(word.toLowerCase()) ?? [])].sort().join(',') || '-',
        text.replace(/\t/g, ' '),
      ].join('\t'),
    );
  });
  return rows.map((r) => r + '\n').join('');
}
