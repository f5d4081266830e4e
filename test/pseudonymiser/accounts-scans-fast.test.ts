/**
 * Account scans that find their candidates from a rare character instead of
 * running their pattern over the whole text (branch owners from `/`, segwit
 * addresses from `1`, base58 addresses in runs of base58 characters), and the
 * memoised parse behind phone validation and the memoised verdicts on hosts
 * and e-mail addresses: each must give what the plain path gives, on many
 * random inputs.
 */
import fc from 'fast-check';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import {
  BRANCH_OWNER,
  HOST_VALUE,
  branchOwnerStarts,
  endsWithTld,
} from '../../pseudonymiser/detectors/accounts/mentions';
import { BASE58, SEGWIT, nextBase58, nextSegwit } from '../../pseudonymiser/detectors/accounts/wallet';
import { parsePhone } from '../../pseudonymiser/detectors/accounts/numbers';
import { hostDomain, hostDomainPlain } from '../../pseudonymiser/detectors/accounts/hosts';
import {
  acceptDomain,
  acceptDomainPlain,
  emailVerdict,
  emailVerdictPlain,
} from '../../pseudonymiser/detectors/accounts/email';
import { startScanTests } from './starts-helpers';

const pieces = (list: readonly string[], maxLength = 30): fc.Arbitrary<string> =>
  fc.array(fc.constantFrom(...list), { maxLength }).map((a) => a.join(''));

/** The first match of a global pattern at or after `from`, as [index, text]. */
function firstByPattern(re: RegExp, s: string, from: number): [number, string] | null {
  const g = new RegExp(re.source, re.flags);
  g.lastIndex = from;
  const m = g.exec(s);
  return m === null ? null : [m.index, m[0]];
}

/** `next(s, from)` against the global pattern, from every position of every text. */
function sameFromEveryPosition(
  re: RegExp,
  next: (s: string, from: number) => RegExpExecArray | null,
  text: fc.Arbitrary<string>,
): void {
  fc.assert(
    fc.property(text, (s) => {
      for (let from = 0; from <= s.length; from++) {
        const got = next(s, from);
        expect(got === null ? null : [got.index, got[0]]).toEqual(firstByPattern(re, s, from));
      }
    }),
    { numRuns: 1500 },
  );
}

describe('branch owners: candidate starts from `/`', () => {
  const text = fc.oneof(
    pieces([
      // whole lead-ins and names, so that matches are common
      'git push origin ',
      'checkout -b ',
      'checkout  -b\t',
      'switch -c ',
      'switch ',
      'refs/heads/',
      'jdoe/fix',
      'ab/',
      'origin',
      'upstream',
      'refs/heads/',
      'refs/',
      'heads/',
      'checkout',
      'switch',
      'git ',
      '-b',
      '-c',
      ' ',
      '  ',
      '\t',
      '\n',
      '\u00a0',
      '\u3000',
      '/',
      'jdoe',
      'kvogelsang',
      'a',
      'x.y',
      'fix-1',
      '_',
      '-',
      'A',
      'Feature',
      '0',
      'é',
      'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    ]),
    fc.string({ maxLength: 60 }),
    fc.string({ unit: fc.constantFrom(...'origncheksw/ -bcda1.\t'), maxLength: 60 }),
  );
  startScanTests([['branch owners', BRANCH_OWNER, undefined]], branchOwnerStarts, text);
});

describe('wallets: fast scans', () => {
  it('nextSegwit finds what SEGWIT finds, from every position', () => {
    const text = fc.oneof(
      pieces(['bc1', 'tb1', 'BC1', 'TB1', 'bC1', 'b', 'c', '1', 'q', 'qqqqqqqq', 'QQQQQQQQ', 'x', '_', ' ', 'é', '0']),
      fc.string({ unit: fc.constantFrom(...'bctBCT1qpzQ _'), maxLength: 60 }),
      fc.string({ maxLength: 40 }),
    );
    sameFromEveryPosition(SEGWIT, nextSegwit, text);
  });

  it('nextBase58 finds what BASE58 finds, from every position', () => {
    const text = fc.oneof(
      pieces(['1', '3', '0', 'O', 'I', 'l', 'A1b2C3d4E5f6', 'zzzzzzzzzzzzzzzzzzzz', 'xyz', ' ', '-', '_', 'é'], 20),
      fc.string({ unit: fc.constantFrom(...'13abcXYZ90Il '), minLength: 20, maxLength: 80 }),
      fc.string({ maxLength: 40 }),
    );
    sameFromEveryPosition(BASE58, nextBase58, text);
  });
});

describe('phones: memoised parse', () => {
  const plain = (text: string, country?: CountryCode) =>
    country === undefined ? parsePhoneNumberFromString(text) : parsePhoneNumberFromString(text, country);
  const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n });
  const group = fc
    .integer({ min: 1, max: 5 })
    .chain(digits)
    .map((d) => d.join(''));
  const candidate = fc
    .tuple(
      fc.constantFrom('', '', '+', '00', '+1 ', '+44 ', '+49 ', '+33 ', '0', '1-', '(0)'),
      fc.array(fc.tuple(group, fc.constantFrom('', ' ', '-', '.', ') ', ' (')), { minLength: 1, maxLength: 6 }),
      fc.constantFrom('', '', ' x12', ' ext. 7', 'x5'),
    )
    .map(([head, groups, ext]) => head + groups.map(([g, sep]) => g + sep).join('') + ext)
    .map((s) => s.trim());

  it('gives what the plain parse gives, under both contexts and in any order', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(candidate, fc.boolean()), { minLength: 1, maxLength: 8 }), (calls) => {
        for (const [text, context] of calls) {
          expect(parsePhone(text, context)).toBe(parsePhone(text, context, plain));
          expect(parsePhone(text, !context)).toBe(parsePhone(text, !context, plain));
        }
      }),
      { numRuns: 400 },
    );
  });

  it('answers for known numbers', () => {
    for (const text of ['+1 415 555 0100', '(415) 555-0100', '020 7946 0958', '+44 20 7946 0958', '0490 75 40 81'])
      for (const context of [false, true]) expect(parsePhone(text, context)).toBe(parsePhone(text, context, plain));
    expect(parsePhone('+1 415 555 0100', false)).toBe('+14155550100');
  });
});

describe('hosts and e-mail addresses: memoised verdicts', () => {
  const label = fc.oneof(
    fc.constantFrom(
      'acme-robotics',
      'db',
      'www',
      'github',
      'example',
      'gmail',
      'noreply',
      'users',
      's3',
      'amazonaws',
      'azurewebsites',
      'atlassian',
      'gov',
      'ac',
      'co',
      'uk',
      'com',
      'io',
      'de',
      'local',
      'internal',
      'localhost',
      'test',
      '1',
      '127',
      'x',
      '-a',
      'a-',
      'ACME',
      'Contoso-Corp',
      'py',
      'json',
    ),
    fc.string({ unit: fc.constantFrom(...'abcxyz019-'), minLength: 1, maxLength: 8 }),
  );
  const host = fc.array(label, { minLength: 1, maxLength: 5 }).map((a) => a.join('.'));
  const local = fc.oneof(
    fc.constantFrom(
      'jane',
      'j.doe',
      'git',
      'noreply',
      'no-reply',
      'notifications',
      'admin',
      'info',
      'a%2Bb',
      'J+tag',
      'x%40y',
    ),
    fc.string({ unit: fc.constantFrom(...'ab.+-%_1'), minLength: 1, maxLength: 8 }),
  );

  it('hostDomain gives what hostDomainPlain gives, asked twice', () => {
    fc.assert(
      fc.property(fc.array(host, { minLength: 1, maxLength: 10 }), (hosts) => {
        for (const h of [...hosts, ...hosts]) expect(hostDomain(h)).toBe(hostDomainPlain(h));
      }),
      { numRuns: 1000 },
    );
  });

  it('acceptDomain and emailVerdict give what the plain ones give, asked twice', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(local, fc.constantFrom('@', '%40'), host), { minLength: 1, maxLength: 10 }),
        (addresses) => {
          for (const [l, at, d] of [...addresses, ...addresses]) {
            expect(acceptDomain(d)).toBe(acceptDomainPlain(d));
            expect(emailVerdict(l, at, d)).toEqual(emailVerdictPlain(l, at, d));
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('reports private domains, not public ones', () => {
    expect(hostDomain('db.acme-robotics.io')).toBe('acme-robotics.io');
    expect(hostDomain('api.github.com')).toBeNull();
    expect(emailVerdict('Jane', '@', 'Acme-Robotics.io')).toEqual({
      canonical: 'jane@acme-robotics.io',
      domain: 'Acme-Robotics.io',
    });
    expect(emailVerdict('noreply', '@', 'github.com')).toBeNull();
  });
});

describe('domain values: prefilter', () => {
  it('endsWithTld holds for every value HOST_VALUE takes, inside any text', () => {
    const hostLike = fc
      .tuple(
        fc.array(fc.constantFrom('a', 'acme-robotics', 'b1', 'db', '-x', 'x-', 'x'.repeat(23), 'é'), {
          minLength: 1,
          maxLength: 3,
        }),
        fc.constantFrom('io', 'com', 'IO', 'y'.repeat(24), 'y'.repeat(25), 'c', '1a', 'a1', ''),
      )
      .map(([labels, tld]) => labels.join('.') + '.' + tld);
    const value = fc.oneof(hostLike, fc.string({ unit: fc.constantFrom(...'ab.-1Z '), maxLength: 40 }));
    let taken = 0;
    fc.assert(
      fc.property(fc.string({ maxLength: 3 }), value, fc.string({ maxLength: 3 }), (before, v, after) => {
        const text = before + v + after;
        const ok = HOST_VALUE.test(v);
        if (ok) taken++;
        // necessary: never false where the pattern takes the value
        if (ok) expect(endsWithTld(text, before.length, before.length + v.length)).toBe(true);
      }),
      { numRuns: 5000 },
    );
    expect(taken).toBeGreaterThan(100);
    expect(endsWithTld('hello world', 0, 11)).toBe(false);
    expect(endsWithTld('db.acme.io', 0, 10)).toBe(true);
  });
});
