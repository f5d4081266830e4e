/**
 * The detector's one sweep over a chunk (secrets/sweep.ts) stands for four
 * plain scans: the token scan (scanTokens), the secret-word pattern
 * (secretWordStarts), the searches for `://` and `-----BEGIN ` and the
 * account-word pattern (accounts/words.ts accountWordMatches). On any
 * text it must find the same tokens, in the same order, with the same work,
 * and the same positions: its table of keys may only save reading, never
 * skip a word or a literal.
 */
import fc from 'fast-check';
import { scanTokens, type TokenMatch } from '../../pseudonymiser/detectors/secrets/scan';
import { secretWordStarts } from '../../pseudonymiser/detectors/secrets/words';
import { BEGIN_MARK, URL_MARK, sweepSecrets } from '../../pseudonymiser/detectors/secrets/sweep';
import { ADVERSARIAL } from '../../pseudonymiser/detectors/secrets/adversarial';
import { accountWordMatches } from '../../pseudonymiser/detectors/accounts/words';
import { TOKEN_EXAMPLES } from './secrets-examples';

type Found = [start: number, end: number, rule: string];

interface Result {
  tokens: Found[];
  words: number[];
  urls: number[];
  begins: number[];
  accounts: number[];
  work: number;
}

/** Every position where `literal` starts. */
function positions(s: string, literal: string): number[] {
  const out: number[] = [];
  for (let i = s.indexOf(literal); i >= 0; i = s.indexOf(literal, i + 1)) out.push(i);
  return out;
}

function plain(s: string): Result {
  const tokens: Found[] = [];
  const work = scanTokens(s, (m: TokenMatch) => tokens.push([m.start, m.end, m.rule.id]));
  const urls = positions(s, URL_MARK);
  const accounts = accountWordMatches(s);
  return { tokens, words: secretWordStarts(s), urls, begins: positions(s, BEGIN_MARK), accounts, work };
}

function swept(s: string): Result {
  const found: TokenMatch[] = [];
  const marks = { words: [], urls: [], begins: [], accounts: [] };
  const work = sweepSecrets(s, found, marks);
  const tokens = found.map((m): Found => [m.start, m.end, m.rule.id]);
  return { tokens, ...marks, work };
}

/** One of every token format (a few glued to their neighbours, or padded, as text has them). */
const TOKENS = Object.values(TOKEN_EXAMPLES).map((make) => make());

const PIECES = [
  ...TOKENS,
  // secret words in every case, and near misses
  'pass',
  'PASSWORD',
  'Passwd',
  'pwd',
  'secret',
  'SECURITY',
  'security',
  'token',
  'Key',
  'credential',
  'auth',
  'Authorization',
  'sig',
  'dsn',
  'private',
  'pin',
  'PIN',
  'access',
  'api',
  'apiKey',
  'bearer',
  'Cookie',
  'pa',
  'pas',
  'ke',
  'se',
  'sec',
  'zoo', // the key of `://`
  // account words, and near misses
  'user',
  'USER',
  'Customer',
  'acct',
  'Account',
  'device',
  'LOGIN',
  'client',
  'member',
  'subscriber',
  'passport',
  'Driver',
  'national',
  'TAX',
  'medical',
  'MRN',
  'nhs',
  'health',
  'Aadhaar',
  'routing',
  'sort',
  'SSN',
  'social',
  'us',
  'acc',
  'dri',
  'soc',
  'beg',
  'BEGIN',
  'BEGIN ',
  '-----BEGIN ',
  '-----BEGIN RSA PRIVATE KEY-----',
  '-----',
  '----',
  '://',
  'https://',
  ':/',
  // token characters and runs of them
  'x',
  'A',
  '7',
  '_',
  '-',
  '.',
  '/',
  '+',
  '~',
  'abcdefghijkl',
  'a1b2c3d4e5f6g7h8',
  'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
  '==',
  '=',
  '$',
  '!',
  '%',
  '12345678:',
  ':AA',
  // separators and other characters
  ' ',
  '\n',
  '"',
  ':',
  '@',
  '`',
  '[',
  '{',
  'é',
  '\u212a', // Kelvin sign: case-folds to k only with the u flag
  '\u017f', // long s
  '\u0130',
  '\u0150', // low five bits as a letter's
  '\u0161',
  '😀',
];

/**
 * Tokens that run on past their run of token characters (`!`, `%`, `$`, `=`
 * are none), with secret words in the part after it: the sweep must still
 * read the words there.
 */
const wordy = fc
  .array(fc.constantFrom('pass', 'Key', 'token', 'SECRET', 'auth', 'x', '7', 'apix'), { minLength: 24, maxLength: 30 })
  .map((a) => a.join(''));
const pastRun = fc.oneof(
  wordy.map((t) => `00DAbcdefgh1234!${t.slice(0, 100)}`), // Salesforce: `!`, then [A-Za-z0-9_.]{80,120}
  wordy.map((t) => `${'A'.repeat(21)}${t.slice(0, 50)}%${t.slice(50, 100)}`), // X bearer: `%` inside
  wordy.map((t) => `ABSK${t.slice(0, 120)}==`), // base64 padding
);

const text = fc.oneof(
  fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((a) => a.join('')),
  fc.tuple(fc.constantFrom(...PIECES), pastRun, fc.constantFrom(...PIECES)).map((a) => a.join('')),
  fc.string({ maxLength: 80 }),
  fc.string({ unit: fc.constantFrom(...'pasSwordkeyAUTHbearcoiTn_ -1/.+=:BEGIN'), maxLength: 120 }),
  fc.string({ unit: fc.constantFrom(...'userCUSTOMacntlgivdhxz5_ -'), maxLength: 120 }),
);

describe('secret sweep: the same as the plain scans', () => {
  it('on random texts with planted tokens and words', () => {
    fc.assert(
      fc.property(text, (s) => {
        expect(swept(s)).toEqual(plain(s));
      }),
      { numRuns: 5000 },
    );
  });

  it('on every token format, alone and in context', () => {
    for (const t of TOKENS)
      for (const s of [t, `key=${t}`, `"${t}"`, `x${t}`, `${t}==`, `token: ${t} and ${t}`, `/${t}/`, `${t}.${t}`])
        expect(swept(s)).toEqual(plain(s));
  });

  it('on the adversarial inputs', () => {
    for (const [, make] of ADVERSARIAL) {
      const s = make(1 << 14);
      expect(swept(s)).toEqual(plain(s));
    }
  });
});
