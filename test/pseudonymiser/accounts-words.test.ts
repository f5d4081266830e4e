/**
 * `user_id=…` in text, the bank and personal-id labels (identity.ts) and ids
 * after a noun (mentions.ts) run their patterns only where accountWordStarts
 * says a word starts (accounts/words.ts): they must find the same matches,
 * in the same order, as the global patterns scanning the whole text.
 */
import fc from 'fast-check';
import { PROVIDER_ID_PREFIXES } from '../../pseudonymiser/detectors/accounts/lists';
import {
  LABELS,
  TEXT_ID,
  labelInitial,
  nextStripePrefix,
  textIdInitial,
} from '../../pseudonymiser/detectors/accounts/identity';
import { PROSE_ID, proseIdInitial } from '../../pseudonymiser/detectors/accounts/mentions';
import {
  accountWordMatches,
  accountWordStarts,
  noteAccountWords,
  sweepAccountWords,
} from '../../pseudonymiser/detectors/accounts/words';
import { startScanTests, type Scan } from './starts-helpers';

const SCANS: Scan[] = [
  ['user ids in text', TEXT_ID, textIdInitial],
  ['bank and personal-id labels', LABELS, labelInitial],
  ['ids after a noun', PROSE_ID, proseIdInitial],
];

const PIECES = [
  // whole labels and id phrases, so that matches are common
  "Driver's License",
  'driving licence #',
  'Passport No.',
  'PASSPORT NUMBER',
  'National ID card',
  'Tax Id Number',
  'Medical Record #',
  'NHS Number',
  'Health Insurance ID',
  'Aadhaar No',
  'Account Number',
  'ACCT #',
  'Routing No.',
  'Sort Code',
  'Social Security Number',
  'National Insurance No',
  'user_id=',
  'customerName: ',
  'LOGIN="',
  'account #',
  'customer id: ',
  'member no. ',
  'user',
  'User',
  'USER',
  'customer',
  'Customer',
  'CUSTOMER',
  'account',
  'ACCOUNT',
  'acct',
  'Acct.',
  'device',
  'DEVICE',
  'login',
  'LOGIN',
  'client',
  'member',
  'subscriber',
  'Passport',
  'driver',
  "Driver's",
  'Driving',
  'licence',
  'License',
  'National',
  'Identity',
  'Insurance',
  'tax',
  'Tax',
  'TIN',
  'ITIN',
  'IT',
  'Medical',
  'Record',
  'MRN',
  'NHS',
  'Health',
  'Aadhaar',
  'Routing',
  'Sort',
  'Code',
  'SSN',
  'ssn',
  'Social',
  'Security',
  'Number',
  'No.',
  'ID',
  'Id',
  'id',
  'Name',
  '_',
  '-',
  ' ',
  '#',
  ':',
  '=',
  '"',
  '\n',
  'x',
  '@',
  '.',
  '12',
  '3456',
  'AB12CD',
  'é',
  '\u212a',
  '\u0130',
];
const text = fc.oneof(
  fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }).map((a) => a.join('')),
  fc.string({ maxLength: 60 }),
  fc.string({ unit: fc.constantFrom(...'userIDNacotTSsin _-#:=1234'), maxLength: 60 }),
);

describe('account words: candidate starts', () => {
  startScanTests(SCANS, accountWordStarts, text);

  it('lists each start once, in order, for the corpus asked about', () => {
    const a = 'ITIN TIN user_id TINY';
    const b = 'no words here';
    expect(accountWordStarts(a)).toEqual([0, 1, 4, 5, 9, 16, 17]);
    expect(accountWordStarts(b)).toEqual([]);
    expect(accountWordStarts(a)).toEqual([0, 1, 4, 5, 9, 16, 17]);
  });
});

describe('account words: the table scan', () => {
  it('sweepAccountWords lists where the pattern matches', () => {
    fc.assert(
      fc.property(text, (s) => {
        expect(sweepAccountWords(s)).toEqual(accountWordMatches(s));
      }),
      { numRuns: 5000 },
    );
  });

  it('accountWordStarts gives the same list whether the sweep handed the words over or not', () => {
    fc.assert(
      fc.property(text, (s) => {
        const own = [...accountWordStarts(s)];
        noteAccountWords(s, accountWordMatches(s));
        expect(accountWordStarts(s)).toEqual(own);
        noteAccountWords('', []); // forget it: the next text is read afresh
      }),
      { numRuns: 2000 },
    );
  });
});

describe('Stripe-style prefixes', () => {
  // a provider prefix is a whole run of letters before its `_` (lists.ts PROVIDER_ID_PREFIXES)
  const PREFIX = new RegExp(`(?<![A-Za-z])(?:${[...PROVIDER_ID_PREFIXES].join('|')})_`, 'g');
  const prefixText = fc.oneof(
    fc
      .array(
        fc.constantFrom(
          'cus',
          'cust',
          'acct',
          'usr',
          'user',
          'pm',
          'ba',
          'card',
          'sub',
          'src',
          'c',
          'us',
          '_',
          'x',
          '1',
          ' ',
        ),
        {
          maxLength: 30,
        },
      )
      .map((a) => a.join('')),
    fc.string({ maxLength: 40 }),
  );

  it('nextStripePrefix finds what the pattern finds, from every position', () => {
    fc.assert(
      fc.property(prefixText, (s) => {
        for (let from = 0; from <= s.length; from++) {
          PREFIX.lastIndex = from;
          const m = PREFIX.exec(s);
          expect(nextStripePrefix(s, from)).toBe(m === null ? -1 : m.index);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
