import { wordChars } from '../../pseudonymiser/matcher';
import { containsReal, realHeads } from '../../pseudonymiser/registry';

/** containsReal as specified, without the heads: every run of up to six whole words looked up. */
function plainContainsReal(candidate: string, real: ReadonlySet<string>): boolean {
  if (candidate.length > 256) return false;
  const w = wordChars();
  const starts: number[] = [];
  const ends: number[] = [];
  for (let i = 0; i < candidate.length; i++) {
    const isWord = w[candidate.charCodeAt(i)] === 1;
    const wasWord = i > 0 && w[candidate.charCodeAt(i - 1)] === 1;
    if (isWord && !wasWord) starts.push(i);
    if (!isWord && wasWord) ends.push(i);
  }
  if (ends.length < starts.length) ends.push(candidate.length);
  const lower = candidate.toLowerCase();
  for (let a = 0; a < starts.length; a++) {
    for (let b = a; b < Math.min(starts.length, a + 6); b++) {
      const piece = lower.slice(starts[a], ends[b]);
      if (piece.length !== candidate.length && real.has(piece)) return true;
    }
  }
  return false;
}

describe('registry containsReal', () => {
  it('equals looking up every run of words', () => {
    let seed = 3;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    // words, separators, and letters whose lower case is longer or not a word character ('İ' → 'i̇')
    const parts = ['ab', 'Cd', 'x', '7', ' ', '.', '-', ' & ', 'İ', 'ǅ', 'é', '_', '@'];
    const text = (max: number) => Array.from({ length: 1 + rnd(max) }, () => parts[rnd(parts.length)]).join('');
    let found = 0;
    for (let round = 0; round < 40; round++) {
      const real = new Set<string>();
      for (let i = 0; i < 30; i++) {
        const r = text(6);
        real.add(r);
        real.add(r.toLowerCase());
      }
      const heads = realHeads(real);
      const pool = [...real];
      for (let i = 0; i < 300; i++) {
        // a real value inside a candidate, at times
        const candidate = rnd(2) === 0 ? text(8) + pool[rnd(pool.length)]! + text(8) : text(14);
        const want = plainContainsReal(candidate, real);
        if (want) found++;
        expect(containsReal(candidate, real, heads)).toBe(want);
        // the lower-case form given by a caller that has it
        expect(containsReal(candidate, real, heads, candidate.toLowerCase())).toBe(want);
      }
    }
    expect(found).toBeGreaterThan(100);
  });

  // the runs of word characters are kept in fixed scratch arrays: up to 128 runs in 256 characters
  it('equals it for candidates with as many runs as 256 characters hold', () => {
    const real = new Set(['q', 'q.r', 'x.q', 'r.s.t']);
    const heads = realHeads(real);
    for (const len of [254, 255, 256, 257]) {
      for (const tail of ['q', 'q.r', 'x.q', 'r.s.t', 'z']) {
        const body = 'a.'.repeat(len).slice(0, len - tail.length - 1);
        for (const candidate of [`${body}.${tail}`, `${tail}.${body}`, `.${body}${tail}`]) {
          expect(containsReal(candidate, real, heads)).toBe(plainContainsReal(candidate, real));
        }
      }
    }
  });
});
