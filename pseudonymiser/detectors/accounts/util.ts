/** Small helpers shared by the account detectors. */
import type { Chunk, DetectContext, Segment } from '../../types';
import { own } from '../../strings';
import { RunMemo } from '../../memo';
import { fieldAt } from '../structure';

/** The last key of a path that is not an array position, or ''. */
export function lastKey(path: readonly string[]): string {
  for (let i = path.length - 1; i >= 0; i--) if (path[i] !== '*') return path[i]!;
  return '';
}

const normKeys = new RunMemo<string>(10_000);

/** `userId`, `user-id`, `user.id` → `user_id`. Memoised: a trace repeats its keys. */
export function normKey(key: string): string {
  let n = normKeys.get(key);
  if (n === undefined) {
    n = normKeys.set(
      key,
      own(key)
        .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
        .toLowerCase()
        .replace(/[.\-\s]+/g, '_'),
    );
  }
  return n;
}

/** True for ASCII letters, digits and underscore. */
export function isWord(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
}

/** Up to `n` characters before `offset`, not reaching back past the segment start. */
export function textBefore(chunk: Chunk, seg: Segment, offset: number, n: number): string {
  return chunk.corpus.slice(Math.max(seg.start, offset - n), offset);
}

/**
 * Normalised name of the value holding `offset`: the table column, text key or flag that names it in the
 * text (structure.ts), else the last key of its segment.
 */
export function keyAt(chunk: Chunk, ctx: DetectContext, offset: number): string {
  return nameAt(chunk, ctx.segmentAt(chunk, offset), offset);
}

/** keyAt for a caller that has the segment already. */
export function nameAt(chunk: Chunk, seg: Segment, offset: number): string {
  const field = fieldAt(chunk, offset);
  return normKey(field !== null ? field.name : lastKey(seg.path));
}

/** A table over UTF-16 code units: 1 for the characters of `chars`. */
export function charTable(chars: string): Uint8Array {
  const t = new Uint8Array(65536);
  for (const ch of chars) t[ch.charCodeAt(0)] = 1;
  return t;
}

/**
 * The first non-null `at(p)` for p ≥ `from` in text order, trying only the p
 * where a match of a pattern whose every match is at least `minLen`
 * characters of the class `cls` can start: positions in runs of `cls` at
 * least `minLen` long, with `minLen` of them from p on. Such a run covers
 * every `minLen`-th position, so the text between runs is read about one
 * character in `minLen`; a regular expression reads every one.
 * `at` confirms a start (a sticky copy of the pattern, behind cheap checks).
 */
export function firstInRuns<T>(
  s: string,
  from: number,
  cls: Uint8Array,
  minLen: number,
  at: (p: number) => T | null,
): T | null {
  const n = s.length;
  let i = from;
  while (i + minLen <= n) {
    const probe = i + minLen - 1;
    if (cls[s.charCodeAt(probe)] === 0) {
      i = probe + 1;
      continue;
    }
    let start = probe;
    while (start > i && cls[s.charCodeAt(start - 1)] === 1) start--;
    let end = probe + 1;
    while (end < n && cls[s.charCodeAt(end)] === 1) end++;
    for (let p = start; p + minLen <= end; p++) {
      const m = at(p);
      if (m !== null) return m;
    }
    i = end;
  }
  return null;
}

/**
 * Where the line holding `p` starts, looking back at most `limit` characters (not before `floor`): a line
 * longer than that counts as starting `limit` characters back. Scans that look for each of many anchors on
 * one long line stay linear (lastIndexOf would read back to the line's start for each).
 */
export function lineStartWithin(s: string, p: number, limit: number, floor = 0): number {
  const stop = Math.max(floor, p - limit);
  for (let i = p - 1; i >= stop; i--) if (s.charCodeAt(i) === 10) return i + 1;
  return stop;
}
