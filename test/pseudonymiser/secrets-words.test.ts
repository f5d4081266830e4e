/**
 * The header, assignment and prose scans run their patterns only where
 * secretWordStarts says a word starts (secrets/words.ts): they must find
 * the same matches, in the same order, as the global patterns scanning the
 * whole text.
 */
import fc from 'fast-check';
import { HEADER_WORDS, NAME_WORDS, headerInitial } from '../../pseudonymiser/detectors/secrets';
import { FIND, boundaryBefore } from '../../pseudonymiser/detectors/secrets/prose';
import { secretWordStarts } from '../../pseudonymiser/detectors/secrets/words';
import { StartCursor } from '../../pseudonymiser/detectors/starts';

type Gate = ((s: string, p: number) => boolean) | undefined;
const SCANS: [string, RegExp, Gate][] = [
  ['assignment names', NAME_WORDS, undefined],
  ['header words', HEADER_WORDS, headerInitial],
  ['prose credential words', FIND, boundaryBefore],
];

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

function byStarts(re: RegExp, s: string, jump: number, gate: Gate): [number, string][] {
  const cursor = new StartCursor(secretWordStarts(s));
  const sticky = new RegExp(re.source, 'iy');
  const out: [number, string][] = [];
  const g = gate === undefined ? undefined : (p: number): boolean => gate(s, p);
  for (let from = 0, m = cursor.next(sticky, s, from, g); m !== null; m = cursor.next(sticky, s, from, g)) {
    out.push([m.index, m[0]]);
    from = m.index + m[0].length + jump;
  }
  return out;
}

const PIECES = [
  'pass',
  'PASSWORD',
  'passwd',
  'Passphrase',
  'passcode',
  'pwd',
  'secret',
  'Token',
  'KEY',
  'credential',
  'auth',
  'Authorization',
  'AUTHORIZATION',
  'bearer',
  'Cookie',
  'sig',
  'dsn',
  'private',
  'pin',
  'PIN',
  'security',
  'access',
  'api',
  'x',
  'a',
  'b',
  'c',
  '1',
  '_',
  '-',
  ' ',
  '=',
  ':',
  '\n',
  'é',
  '\u212a', // Kelvin sign: case-folds to k only with the u flag
  '\u017f', // long s
  '\u0130',
];
const text = fc.oneof(
  fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((a) => a.join('')),
  fc.string({ maxLength: 60 }),
  fc.string({ unit: fc.constantFrom(...'pasSwordkeyAUTHbearcoiTn_ -1'), maxLength: 60 }),
);

describe('secret words: candidate starts', () => {
  it.each(SCANS)('%s: the same matches as the pattern over the whole text', (_name, re, gate) => {
    fc.assert(
      fc.property(text, fc.nat(6), (s, jump) => {
        expect(byStarts(re, s, jump, gate)).toEqual(byPattern(re, s, jump));
      }),
      { numRuns: 3000 },
    );
  });

  it.each(SCANS)('%s: the same first match from every position', (_name, re, gate) => {
    fc.assert(
      fc.property(text, (s) => {
        const starts = secretWordStarts(s);
        const sticky = new RegExp(re.source, 'iy');
        for (let from = 0; from <= s.length; from++) {
          const g = new RegExp(re.source, re.flags);
          g.lastIndex = from;
          const want = g.exec(s);
          const got = new StartCursor(starts).next(sticky, s, from, gate && ((p) => gate(s, p)));
          expect(got === null ? null : [got.index, got[0]]).toEqual(want === null ? null : [want.index, want[0]]);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('finds overlapping starts', () => {
    // `pass` inside `password` at 0, `auth` and `authorization` at 8
    expect(secretWordStarts('passwordauthorization')).toEqual([0, 8]);
    expect(secretWordStarts('xapi api')).toEqual([5]);
  });
});
