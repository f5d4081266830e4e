/**
 * The digit-led scan (accounts/numbers.ts) runs its sticky patterns only where
 * mayMatchAt says they can match, and asks for no phone parse where a
 * candidate has fewer than seven digits: each shortcut must only save work.
 */
import fc from 'fast-check';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import { GATED_PATTERNS, digitCount, mayMatchAt, parsePhone } from '../../pseudonymiser/detectors/accounts/numbers';

const pieces = (list: readonly string[], maxLength = 24): fc.Arbitrary<string> =>
  fc.array(fc.constantFrom(...list), { maxLength }).map((a) => a.join(''));

/** Digit-led text: numbers in the shapes the patterns read, their separators and their neighbours. */
const text = fc.oneof(
  pieces([
    '2024-01-15',
    '15/01/2024',
    '1.2.3.4',
    '203.0.113.7',
    '078-05-1120',
    '078 05 1120',
    '046 454 286',
    '046-454-286',
    '490154203237518',
    '4111 1111 1111 1111',
    '4111-1111-1111-1111',
    '378282246310005',
    '3782 822463 10005',
    '4111111111111111',
    '4222222222222',
    '+1 (617) 314-3065',
    '0044 20 7946 0958',
    '1',
    '12',
    '123',
    '1234',
    '0',
    ' ',
    '-',
    '.',
    '/',
    ',',
    ':',
    '(',
    ')',
    '+',
    'x',
    'a',
    '\n',
  ]),
  fc.string({ unit: fc.constantFrom(...'0123456789 -./()+x'), maxLength: 40 }),
  fc.string({ maxLength: 30 }),
);

describe('numbers: where the sticky patterns may match', () => {
  it('mayMatchAt has the bit of every pattern that matches', () => {
    fc.assert(
      fc.property(text, (s) => {
        for (let p = 0; p < s.length; p++) {
          const may = mayMatchAt(s, p);
          for (const [bit, re] of GATED_PATTERNS) {
            re.lastIndex = p;
            if (re.exec(s) !== null) expect([s, p, re.source, may & bit]).toEqual([s, p, re.source, bit]);
          }
        }
      }),
      { numRuns: 3000 },
    );
  });
});

describe('numbers: no phone parse below seven digits', () => {
  const plain = (t: string, country?: CountryCode) =>
    country === undefined ? parsePhoneNumberFromString(t) : parsePhoneNumberFromString(t, country);
  const phoneText = fc.oneof(
    pieces(['+', '00', '1', '44', '33', '0', '7', '12', '345', ' ', '-', '.', '(', ')', ' x', 'ext.', '99']),
    fc.string({ unit: fc.constantFrom(...'0123456789 -.()+x'), maxLength: 20 }),
  );

  it('parsePhone gives null, in either context, for a text with fewer than seven digits', () => {
    fc.assert(
      fc.property(phoneText, (t) => {
        if (digitCount(t) >= 7) return;
        expect(parsePhone(t, false, plain)).toBeNull();
        expect(parsePhone(t, true, plain)).toBeNull();
      }),
      { numRuns: 3000 },
    );
  });

  it('digitCount counts ASCII digits only', () => {
    expect(digitCount('+1 (617) 314-3065')).toBe(11);
    expect(digitCount('٣٤٥')).toBe(0);
    expect(digitCount('')).toBe(0);
  });
});
