/**
 * A flat copy of a string. Detectors slice surfaces, names and keys out of a
 * chunk's corpus or a block of the document; V8 keeps a slice (and a
 * concatenation of slices) pointing into its parent, so a short name kept for
 * the rest of the run would keep the whole megabyte-sized parent alive. What
 * outlives the chunk it was found in is copied with this first.
 */
export function own(s: string): string {
  // two slices joined, then read: reading a concatenation flattens it into a new flat string, and the
  // collector drops the concatenation (and the slices) for it. (' ' + s).slice(1) was a slice of a flat
  // copy: 32 bytes and a character more a string, on every value the run keeps. The read goes to `_read` so
  // that the compiler cannot drop it.
  const t = s.slice(0, 1) + s.slice(1);
  _read ^= t.charCodeAt(t.length - 1);
  return t;
}

/** What own() read last; kept only so that the read is not optimised away. */
let _read = 0;

/**
 * Compares `s[start, end)` with `word` by UTF-16 code units (the order the data files' build scripts sort their
 * lists in), without a copy.
 */
export function compareAt(s: string, start: number, end: number, word: string): number {
  const n = end - start;
  const k = Math.min(n, word.length);
  for (let i = 0; i < k; i++) {
    const d = s.charCodeAt(start + i) - word.charCodeAt(i);
    if (d !== 0) return d;
  }
  return n - word.length;
}
