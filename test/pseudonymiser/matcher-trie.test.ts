import fc from 'fast-check';
import { Matcher } from '../../pseudonymiser/matcher';

/*
 * The trie is built from the keys sorted by class, a level at a time, its states numbered breadth first
 * with the children of a state side by side. Patterns over a tiny alphabet share long beginnings, end
 * inside one another and repeat in other letter cases: every occurrence findAll reports, with its pattern,
 * must be what a plain search of each pattern finds, in the same order (start, longest first, then the
 * pattern's index: patterns of one folded text are reported in their order).
 */

const isWord = (c: string | undefined): boolean => c !== undefined && /[\p{L}\p{N}\p{M}]/u.test(c);

function every(
  pats: readonly { text: string; caseInsensitive: boolean; anywhere?: boolean }[],
  text: string,
): string[] {
  const all: { start: number; end: number; pattern: number }[] = [];
  pats.forEach((p, pattern) => {
    for (let i = 0; i + p.text.length <= text.length; i++) {
      const got = text.slice(i, i + p.text.length);
      if (p.caseInsensitive ? got.toLowerCase() !== p.text.toLowerCase() : got !== p.text) continue;
      const end = i + p.text.length;
      if (!p.anywhere) {
        if (i > 0 && isWord(p.text[0]) && isWord(text[i - 1])) continue;
        if (end < text.length && isWord(p.text[p.text.length - 1]) && isWord(text[end])) continue;
      }
      all.push({ start: i, end, pattern });
    }
  });
  all.sort((a, b) => a.start - b.start || b.end - a.end || a.pattern - b.pattern);
  return all.map((x) => `${x.start}-${x.end}:${x.pattern}`);
}

const word = (min: number, max: number, from: readonly string[]) =>
  fc.array(fc.constantFrom(...from), { minLength: min, maxLength: max }).map((c) => c.join(''));

describe('matcher trie (properties)', () => {
  it('reports every occurrence of patterns that share beginnings, with its pattern, in order', () => {
    fc.assert(
      fc.property(
        // a few stems, each pattern a stem and a tail: many share their beginning, some are equal
        fc.array(word(0, 6, ['a', 'b', 'A', '.']), { minLength: 1, maxLength: 4 }),
        fc.array(
          fc.record({
            stem: fc.nat(),
            tail: word(0, 5, ['a', 'b', 'B', '.', 'é', 'É']),
            caseInsensitive: fc.boolean(),
            anywhere: fc.boolean(),
          }),
          { minLength: 1, maxLength: 40 },
        ),
        word(0, 200, ['a', 'b', 'A', 'B', '.', 'é', 'É', 'x', ' ']),
        fc.constantFrom(0, 8, 50, 300, undefined),
        fc.constantFrom(2, 4, undefined),
        (stems, parts, text, dense, keyChars) => {
          const pats = parts
            .map((p) => ({
              text: stems[p.stem % stems.length]! + p.tail,
              caseInsensitive: p.caseInsensitive,
              anywhere: p.anywhere,
            }))
            .filter((p) => p.text !== '');
          // the text holds the patterns themselves too, so that deep states are reached
          const t = text + ' ' + pats.map((p) => p.text).join(' ') + ' ' + text;
          const m = new Matcher(pats, dense, keyChars);
          expect(m.size).toBe(pats.length);
          expect(m.findAll(t).map((x) => `${x.start}-${x.end}:${x.pattern}`)).toEqual(every(pats, t));
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('handles no pattern, and patterns that are all one text', () => {
    expect(new Matcher([]).findAll('abc')).toEqual([]);
    const same = [
      { text: 'ab', caseInsensitive: true },
      { text: 'AB', caseInsensitive: true },
      { text: 'ab', caseInsensitive: false },
    ];
    expect(new Matcher(same, 0).findAll('x ab AB').map((x) => `${x.start}-${x.end}:${x.pattern}`)).toEqual(
      every(same, 'x ab AB'),
    );
  });
});
