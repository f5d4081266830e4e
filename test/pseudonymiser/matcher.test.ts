import { bruteForce } from './matcher-helpers';
import { Matcher } from '../../pseudonymiser/matcher';

const texts = (m: Matcher, t: string, raw = false) => m.find(t, 0, t.length, raw).map((x) => t.slice(x.start, x.end));

describe('matcher', () => {
  const m = new Matcher([
    { text: 'Jane Doe', caseInsensitive: true },
    { text: 'Jane', caseInsensitive: true },
    { text: 'sk_live_abc123', caseInsensitive: false },
    { text: 'jdoe', caseInsensitive: true },
  ]);

  it('finds leftmost-longest, non-overlapping matches', () => {
    expect(texts(m, 'Hi Jane Doe and Jane.')).toEqual(['Jane Doe', 'Jane']);
  });

  it('respects token boundaries', () => {
    expect(texts(m, 'Janet and MaryJane and jdoe2 and /Users/jdoe/x')).toEqual(['jdoe']);
  });

  it('folds case only for case-insensitive patterns', () => {
    expect(texts(m, 'JANE DOE, jane doe, SK_LIVE_ABC123, sk_live_abc123')).toEqual([
      'JANE DOE',
      'jane doe',
      'sk_live_abc123',
    ]);
  });

  it('treats JSON escapes as boundaries when scanning raw JSON', () => {
    const raw = '"line\\nJane wrote\\tjdoe\\u00e9 and \\\\nJane"';
    expect(texts(m, raw, true)).toEqual(['Jane', 'jdoe']);
    expect(texts(m, raw, false)).toEqual([]);
  });

  it('is linear on adversarial input (completes; jest timeout guards)', () => {
    const many = new Matcher(
      Array.from({ length: 2000 }, (_, i) => ({ text: 'a'.repeat(i % 50) + 'b' + i, caseInsensitive: true })),
    );
    const text = 'a'.repeat(2_000_000);
    expect(many.find(text)).toEqual([]);
  });

  it('confirms a long pattern past its key: case, the rest of the text, boundaries, the end of the range', () => {
    const long = 'BEGIN-0123456789-abcdef-end';
    const m = new Matcher(
      [
        { text: long, caseInsensitive: false },
        { text: long.slice(0, 20) + 'XYZ', caseInsensitive: true },
        { text: 'begin', caseInsensitive: true },
      ],
      undefined,
      8,
    );
    const t = `${long} ${long.toLowerCase()} ${long.slice(0, 20)}xyz ${long.slice(0, 22)} ${long}x`;
    expect(texts(m, t)).toEqual([long, 'begin', long.slice(0, 20) + 'xyz', 'BEGIN', 'BEGIN']);
    expect(m.find(t, 0, long.length - 1).map((x) => t.slice(x.start, x.end))).toEqual(['BEGIN']);
  });

  it('handles non-ASCII letters and same text in two cases', () => {
    const u = new Matcher([
      { text: 'José Núñez', caseInsensitive: true },
      { text: 'ABC', caseInsensitive: false },
      { text: 'abc', caseInsensitive: false },
    ]);
    expect(texts(u, 'JOSÉ NÚÑEZ met José Núñez; ABC abc Abc')).toEqual(['JOSÉ NÚÑEZ', 'José Núñez', 'ABC', 'abc']);
  });

  it('agrees with a brute-force search on random patterns and texts', () => {
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const alphabet = 'abAB. é';
    const word = (len: number) => Array.from({ length: len }, () => alphabet[rnd(alphabet.length)]).join('');
    for (let round = 0; round < 30; round++) {
      const pats = Array.from({ length: 1 + rnd(40) }, () => ({
        text: word(1 + rnd(7)).trim() || 'a',
        caseInsensitive: rnd(2) === 0,
        anywhere: rnd(4) === 0,
      }));
      // even rounds: sparse below the root; every third: patterns of over two characters enter by a key
      const m = new Matcher(pats, round % 2 === 0 ? 0 : undefined, round % 3 === 0 ? 2 : undefined);
      const text = word(400);
      const want = bruteForce(pats, text);
      expect(m.find(text).map((x) => `${x.start}-${x.end}`)).toEqual(want);
    }
  });
});

describe('findAll', () => {
  it('reports overlapping and nested matches too, sorted by start then longest first', () => {
    const m = new Matcher([
      { text: 'Anna Maria', caseInsensitive: false },
      { text: 'Maria Lopez', caseInsensitive: false },
      { text: 'Maria', caseInsensitive: false },
    ]);
    const text = 'to Anna Maria Lopez.';
    expect(m.findAll(text).map((x) => text.slice(x.start, x.end))).toEqual(['Anna Maria', 'Maria Lopez', 'Maria']);
    expect(m.find(text).map((x) => text.slice(x.start, x.end))).toEqual(['Anna Maria']);
  });
});
