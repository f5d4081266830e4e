import fc from 'fast-check';
import { Matcher } from '../../pseudonymiser/matcher';
import { bruteForce } from './matcher-helpers';

/*
 * The scan steps through dense rows (those of states with reports last) and sparse child lists; budgets
 * of dense cells from none to all put the boundary between them at every depth. Whatever the budget, it
 * must find what a brute-force search finds.
 */

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
