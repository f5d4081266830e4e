import fc from 'fast-check';
import { Matcher } from '../../pseudonymiser/matcher';
import { spliceLayout } from './matcher-helpers';

/*
 * findInSplice jumps over the middle of long copied stretches and reads whole only the text about the
 * matches a splice dropped. These properties build texts where that matters: patterns over a small
 * alphabet that overlap one another (so that select leaves some out for the one it keeps), long runs of
 * characters in no pattern (so that copies are long enough to jump over), and edits that drop matches.
 */

const word = (max: number) =>
  fc
    .array(fc.constantFrom('a', 'a', 'a', 'a', 'b', 'A', '\\', 'n'), { minLength: 1, maxLength: max })
    .map((c) => c.join(''));
const filler = fc.tuple(fc.constantFrom(' ', '-', '.'), fc.integer({ min: 0, max: 400 })).map(([c, n]) => c.repeat(n));

interface Case {
  readonly pats: { text: string; caseInsensitive: boolean; anywhere: boolean }[];
  readonly doc: string;
  /** Per match of the scan: 0 keep, 1 drop (an edit overlaps its beginning), 2 drop (an edit overlaps its end). */
  readonly fate: number[];
  /** Other edits: position (a fraction of the text), length, and what is written. */
  readonly others: [number, number, string][];
  readonly dense: number | undefined;
  readonly keyChars: number | undefined;
  readonly raw: boolean;
}

// the text: words of a small alphabet between runs of filler; the patterns: pieces of those words (or
// not), so that matches are many and overlap one another
const cases: fc.Arbitrary<Case> = fc
  .record({
    parts: fc.array(fc.tuple(filler, word(60)), { minLength: 1, maxLength: 16 }),
    pieces: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.integer({ min: 1, max: 30 }), fc.boolean(), fc.nat(3)), {
      minLength: 1,
      maxLength: 8,
    }),
    fate: fc.array(fc.nat(2), { maxLength: 40 }),
    others: fc.array(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.nat(12), word(12)), { maxLength: 4 }),
    dense: fc.constantFrom(0, undefined),
    keyChars: fc.constantFrom(4, undefined),
    raw: fc.boolean(),
  })
  .map(({ parts, pieces, fate, others, dense, keyChars, raw }) => ({
    pats: pieces.map(([w, at, n, anywhere, ci]) => {
      const t = parts[w % parts.length]![1];
      const from = at % t.length;
      return { text: t.slice(from, from + n), caseInsensitive: ci !== 0, anywhere };
    }),
    doc: parts.map(([f, w]) => f + w).join(''),
    fate,
    others,
    dense,
    keyChars,
    raw,
  }));

/** The spliced text and how it was made, as pass two makes it: edits sorted, the first of overlapping ones wins. */
function spliceOf(doc: string, c: Case, matches: readonly { start: number; end: number }[]) {
  const edits: { start: number; end: number; match: boolean; text: string }[] = matches.map((m) => ({
    start: m.start,
    end: m.end,
    match: true,
    text: 'Z',
  }));
  matches.forEach((m, i) => {
    const f = c.fate[i % Math.max(1, c.fate.length)] ?? 0;
    if (f === 1 && m.start > 0) edits.push({ start: m.start - 1, end: m.start + 1, match: false, text: '#' });
    if (f === 2) edits.push({ start: m.start, end: m.end + 1, match: false, text: '#' });
  });
  for (const [at, n, w] of c.others) {
    const start = Math.floor(at * doc.length);
    edits.push({ start, end: Math.min(doc.length, start + n), match: false, text: w });
  }
  return spliceLayout(doc, edits, (e) => e.text);
}

describe('matcher findInSplice (properties)', () => {
  it('gives what a full find gives, with matches dropped in long copied stretches', () => {
    fc.assert(
      fc.property(cases, (c) => {
        const m = new Matcher(c.pats, c.dense, c.keyChars);
        const whole = new Matcher(c.pats, undefined, Infinity);
        const { matches, recording } = m.findRecording(c.doc, c.raw);
        const { out, copied, dropped } = spliceOf(c.doc, c, matches);
        const got = m.findInSplice(out, copied, dropped, c.doc, recording, c.raw);
        expect(got).toEqual(whole.find(out, 0, out.length, c.raw));
      }),
      { numRuns: 600 },
    );
  });

  it('finds a match the dropped one overlapped that runs on past it, far into a long copy', () => {
    // the document: a match u+v, then another, v+w, that select leaves out for it, then filler; an edit over
    // the first one's beginning drops it, so the second one stays in the copy after that edit
    const letters = (min: number, max: number) =>
      fc
        .array(fc.constantFrom('c', 'd', 'e', 'f', 'g', 'h', 'C'), { minLength: min, maxLength: max })
        .map((c) => c.join(''));
    fc.assert(
      fc.property(
        letters(9, 40),
        letters(1, 20),
        letters(1, 40),
        fc.constantFrom('', '-', '.'),
        fc.integer({ min: 0, max: 400 }),
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom(0, undefined),
        fc.constantFrom(6, undefined),
        (u, v, w, sep, n, ci, anywhere, dense, keyChars) => {
          // (the first one ends on a token boundary unless it may match anywhere)
          const pats = [
            { text: u + v, caseInsensitive: ci, anywhere },
            { text: v + sep + w, caseInsensitive: !ci, anywhere: true },
          ];
          const doc = ` ${u}${v}${sep}${w}${' '.repeat(n)}x`;
          const m = new Matcher(pats, dense, keyChars);
          const { matches, recording } = m.findRecording(doc);
          const c: Case = { pats, doc, fate: [1], others: [], dense, keyChars, raw: false };
          const { out, copied, dropped } = spliceOf(doc, c, matches);
          const got = m.findInSplice(out, copied, dropped, doc, recording);
          expect(got).toEqual(new Matcher(pats, undefined, Infinity).find(out));
        },
      ),
      { numRuns: 300 },
    );
  });
});
