/**
 * Personal ids named by the words before them in text: passports, driving
 * licences, national and tax ids, medical record and health insurance
 * numbers. A label with no id after it, or a word that only starts like one,
 * stays.
 */
import { twinText } from './accounts-helpers';

describe('ids named by a label in text', () => {
  it.each([
    ['Passport number: X12345678, thanks', 'X12345678'],
    ['my passport number is 533380006 and it expires soon', '533380006'],
    ["driver's license D1234-56789-01234 on file", 'D1234-56789-01234'],
    ['Medical record number MRN 00482913.', '00482913'],
    ['Tax ID: 12-3456789;', '12-3456789'],
    ['Aadhaar 2345 6789 0123 verified', '2345 6789 0123'],
    ['National ID card: AB123456C.', 'AB123456C'],
  ])('%s', (text, value) => {
    const out = twinText(text);
    expect(out).not.toContain(value);
    expect(out.length).toBe(text.length);
  });

  it.each(['The passport is expired.', 'Renew the passport number field.', 'TINY2024 stays', 'MRN lookup failed'])(
    'keeps %s',
    (text) => {
      expect(twinText(text)).toBe(text);
    },
  );
});
