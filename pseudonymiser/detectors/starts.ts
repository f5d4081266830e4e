/**
 * Candidate starts shared by several scans: one pattern lists every position
 * where any of their words starts, and each scan runs its own pattern
 * (sticky) only there, instead of each running its pattern over the whole
 * chunk. See secrets/words.ts and accounts/words.ts.
 */

/**
 * Walks a list of candidate starts for one global pattern: `next` gives the
 * match that `exec` of that pattern from `from` would give, provided every
 * match of the pattern starts at a listed position. `from` must not go back
 * between calls.
 */
export class StartCursor {
  private i = 0;

  constructor(private readonly starts: readonly number[]) {}

  /**
   * The first match of `sticky` at a listed position ≥ `from`, or null.
   * `gate(p)`, when given, must hold wherever `sticky` can match: it only
   * saves running the pattern where it cannot.
   */
  next(sticky: RegExp, s: string, from: number, gate?: (p: number) => boolean): RegExpExecArray | null {
    const starts = this.starts;
    while (this.i < starts.length && starts[this.i]! < from) this.i++;
    for (; this.i < starts.length; this.i++) {
      const p = starts[this.i]!;
      if (gate !== undefined && !gate(p)) continue;
      sticky.lastIndex = p;
      const m = sticky.exec(s);
      if (m !== null) return m;
    }
    return null;
  }
}

/** Every position where the global pattern `re` matches in `corpus`, ascending (overlapping matches included). */
export function matchStarts(re: RegExp, corpus: string): number[] {
  const starts: number[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(corpus); m !== null; m = re.exec(corpus)) {
    starts.push(m.index);
    re.lastIndex = m.index + 1;
  }
  return starts;
}
