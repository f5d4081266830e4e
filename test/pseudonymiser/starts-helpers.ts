/**
 * The property both word-start scans must hold (secrets/words.ts,
 * accounts/words.ts): a pattern tried only where the word list says a word
 * starts finds the same matches, in the same order, as the global pattern
 * over the whole text — scanning on, and from every position.
 */
import fc from 'fast-check';
import { StartCursor } from '../../pseudonymiser/detectors/starts';

export type Gate = ((s: string, p: number) => boolean) | undefined;
export type Scan = [name: string, pattern: RegExp, gate: Gate];

/** The sticky form of a global pattern. */
const sticky = (re: RegExp): RegExp => new RegExp(re.source, re.flags.replace('g', '') + 'y');

/** Every match of the global pattern, each scan resuming where the last match ended (or at `jump` past it). */
function byPattern(re: RegExp, s: string, jump: number): [number, string][] {
  const g = new RegExp(re.source, re.flags);
  const out: [number, string][] = [];
  for (let m = g.exec(s); m !== null; m = g.exec(s)) {
    out.push([m.index, m[0]]);
    g.lastIndex = m.index + m[0].length + jump;
  }
  return out;
}

function byStarts(starts: readonly number[], re: RegExp, s: string, jump: number, gate: Gate): [number, string][] {
  const cursor = new StartCursor(starts);
  const at = sticky(re);
  const out: [number, string][] = [];
  const g = gate === undefined ? undefined : (p: number): boolean => gate(s, p);
  for (let from = 0, m = cursor.next(at, s, from, g); m !== null; m = cursor.next(at, s, from, g)) {
    out.push([m.index, m[0]]);
    from = m.index + m[0].length + jump;
  }
  return out;
}

/** Defines the two tests of each scan over texts drawn from `text`. */
export function startScanTests(
  scans: readonly Scan[],
  wordStarts: (s: string) => readonly number[],
  text: fc.Arbitrary<string>,
): void {
  it.each(scans)('%s: the same matches as the pattern over the whole text', (_name, re, gate) => {
    fc.assert(
      fc.property(text, fc.nat(6), (s, jump) => {
        expect(byStarts(wordStarts(s), re, s, jump, gate)).toEqual(byPattern(re, s, jump));
      }),
      { numRuns: 3000 },
    );
  });

  it.each(scans)('%s: the same first match from every position', (_name, re, gate) => {
    fc.assert(
      fc.property(text, (s) => {
        const starts = wordStarts(s);
        const at = sticky(re);
        for (let from = 0; from <= s.length; from++) {
          const g = new RegExp(re.source, re.flags);
          g.lastIndex = from;
          const want = g.exec(s);
          const got = new StartCursor(starts).next(at, s, from, gate && ((p) => gate(s, p)));
          expect(got === null ? null : [got.index, got[0]]).toEqual(want === null ? null : [want.index, want[0]]);
        }
      }),
      { numRuns: 1000 },
    );
  });
}
