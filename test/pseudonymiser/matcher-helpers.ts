/** Reference models the matcher tests compare the automaton with. */

const isWord = (c: string | undefined): boolean => c !== undefined && /[\p{L}\p{N}\p{M}]/u.test(c);

/**
 * Every occurrence passing the case and boundary rules in text[from, to), then leftmost-longest:
 * `start-end` of each match chosen.
 */
export function bruteForce(
  pats: readonly { text: string; caseInsensitive: boolean; anywhere?: boolean }[],
  text: string,
  from = 0,
  to = text.length,
): string[] {
  const all: { start: number; end: number }[] = [];
  for (const p of pats) {
    for (let i = from; i + p.text.length <= to; i++) {
      const got = text.slice(i, i + p.text.length);
      const same = p.caseInsensitive ? got.toLowerCase() === p.text.toLowerCase() : got === p.text;
      if (!same) continue;
      const end = i + p.text.length;
      if (!p.anywhere) {
        if (i > from && isWord(p.text[0]) && isWord(text[i - 1])) continue;
        if (end < to && isWord(p.text[p.text.length - 1]) && isWord(text[end])) continue;
      }
      all.push({ start: i, end });
    }
  }
  all.sort((a, b) => a.start - b.start || b.end - a.end);
  const want: string[] = [];
  let last = -1;
  for (const x of all) {
    if (x.start >= last) {
      want.push(`${x.start}-${x.end}`);
      last = x.end;
    }
  }
  return want;
}

/** An edit of a spliced text: `match` when it is a match of the scan (reported as dropped when overlapped). */
export interface TestEdit {
  readonly start: number;
  readonly end: number;
  readonly match: boolean;
}

/**
 * The spliced text and how it was made, as pass two makes it: `edits` sorted in place, the first of
 * overlapping ones wins; `write` gives what each applied edit writes, in order.
 */
export function spliceLayout<E extends TestEdit>(
  doc: string,
  edits: E[],
  write: (e: E) => string,
): {
  out: string;
  copied: { at: number; from: number; length: number }[];
  dropped: { start: number; end: number }[];
} {
  edits.sort((a, b) => a.start - b.start || b.end - a.end);
  const copied: { at: number; from: number; length: number }[] = [];
  const dropped: { start: number; end: number }[] = [];
  let out = '';
  let at = 0;
  for (const e of edits) {
    if (e.start < at) {
      if (e.match) dropped.push({ start: e.start, end: e.end });
      continue;
    }
    if (e.start > at) copied.push({ at: out.length, from: at, length: e.start - at });
    out += doc.slice(at, e.start);
    out += write(e);
    at = e.end;
  }
  if (doc.length > at) copied.push({ at: out.length, from: at, length: doc.length - at });
  out += doc.slice(at);
  return { out, copied, dropped };
}
