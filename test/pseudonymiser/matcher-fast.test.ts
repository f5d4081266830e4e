import fc from 'fast-check';
import { Matcher } from '../../pseudonymiser/matcher';

/*
 * The scan steps through dense rows (those of states with reports last) and sparse child lists; budgets
 * of dense cells from none to all put the boundary between them at every depth. Whatever the budget, it
 * must find what a brute-force search finds.
 */

const isWord = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}\p{M}]/u.test(c);

/** Every occurrence passing the case and boundary rules in text[from, to), then leftmost-longest. */
function bruteForce(
  pats: readonly { text: string; caseInsensitive: boolean; anywhere: boolean }[],
  text: string,
  from: number,
  to: number,
): string[] {
  const all: { start: number; end: number; pattern: number }[] = [];
  pats.forEach((p, idx) => {
    for (let i = from; i + p.text.length <= to; i++) {
      const got = text.slice(i, i + p.text.length);
      const same = p.caseInsensitive ? got.toLowerCase() === p.text.toLowerCase() : got === p.text;
      if (!same) continue;
      if (!p.anywhere) {
        if (i > from && isWord(p.text[0]) && isWord(text[i - 1])) continue;
        const end = i + p.text.length;
        if (end < to && isWord(p.text[p.text.length - 1]) && isWord(text[end])) continue;
      }
      all.push({ start: i, end: i + p.text.length, pattern: idx });
    }
  });
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

const alphabet = ['a', 'b', 'c', 'A', 'B', 'é', 'É', '.', ' ', '-', 'x', '7'];
const chars = (min: number, max: number, from: readonly string[]) =>
  fc.array(fc.constantFrom(...from), { minLength: min, maxLength: max }).map((c) => c.join(''));

describe('matcher scan (properties)', () => {
  it('agrees with a brute-force search whatever the budget of dense cells', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            // no 'x' or '-' in patterns: characters in no pattern (class 0) occur in the text
            text: chars(1, 9, ['a', 'b', 'c', 'A', 'B', 'é', 'É', '.', ' ', '7']).filter((t) => t.trim() !== ''),
            caseInsensitive: fc.boolean(),
            anywhere: fc.boolean(),
          }),
          { minLength: 1, maxLength: 30 },
        ),
        chars(0, 300, alphabet),
        fc.constantFrom(0, 10, 20, 40, 60, 100, 200, 400, 1000, undefined),
        fc.constantFrom(3, undefined),
        fc.nat(),
        fc.nat(),
        (pats, text, dense, keyChars, a, b) => {
          const m = new Matcher(pats, dense, keyChars);
          const want = bruteForce(pats, text, 0, text.length);
          expect(m.find(text).map((x) => `${x.start}-${x.end}`)).toEqual(want);
          expect(m.findRecording(text).matches.map((x) => `${x.start}-${x.end}`)).toEqual(want);
          const from = text.length === 0 ? 0 : a % text.length;
          const to = from + (text.length === 0 ? 0 : b % (text.length - from + 1));
          expect(m.find(text, from, to).map((x) => `${x.start}-${x.end}`)).toEqual(bruteForce(pats, text, from, to));
        },
      ),
      { numRuns: 1500 },
    );
  });
});
