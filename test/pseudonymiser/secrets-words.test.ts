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
import { startScanTests, type Scan } from './starts-helpers';

const SCANS: Scan[] = [
  ['assignment names', NAME_WORDS, undefined],
  ['header words', HEADER_WORDS, headerInitial],
  ['prose credential words', FIND, boundaryBefore],
];

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
  startScanTests(SCANS, secretWordStarts, text);

  it('finds overlapping starts', () => {
    // `pass` inside `password` at 0, `auth` and `authorization` at 8
    expect(secretWordStarts('passwordauthorization')).toEqual([0, 8]);
    expect(secretWordStarts('xapi api')).toEqual([5]);
  });
});
