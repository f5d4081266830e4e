import { Metadata, type MetadataJson } from 'libphonenumber-js/core';
import maxMetadata from 'libphonenumber-js/metadata.max.json';
import examples from 'libphonenumber-js/examples.mobile.json';
import { nationalValid, phoneValid } from '../../pseudonymiser/standins/accounts/phone';

/**
 * Cycle-walking a phone stand-in asks nationalValid whether each candidate is valid; it answers false itself
 * for candidates no country of the calling code could take and asks libphonenumber-js's isValid otherwise.
 * It must give isValid's answer on every candidate: random national numbers of each country's lengths, and
 * ones that keep the first digits of a valid mobile number (so that many are valid), for every calling code.
 */
describe('accounts: phone validity', () => {
  it('answers as isValid for every calling code and length', () => {
    const metadata = new Metadata(maxMetadata as unknown as MetadataJson) as unknown as {
      selectNumberingPlan(country: string): void;
      numberingPlan: { possibleLengths(): number[] };
    };
    const json = maxMetadata as unknown as { country_calling_codes: Record<string, string[]> };
    const mobile = examples as Record<string, string>;
    let seed = 17;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const digits = (n: number) => Array.from({ length: n }, () => String(rnd(10))).join('');
    let checked = 0;
    let valid = 0;
    const check = (cc: string, national: string) => {
      const want = phoneValid(`+${cc}${national}`);
      expect([cc, national, nationalValid(cc, national)]).toEqual([cc, national, want]);
      checked++;
      if (want) valid++;
    };
    for (const [cc, countries] of Object.entries(json.country_calling_codes)) {
      const lengths = new Set<number>();
      for (const country of countries) {
        if (country === '001') continue;
        metadata.selectNumberingPlan(country);
        for (const n of metadata.numberingPlan.possibleLengths() ?? []) lengths.add(n);
        const example = mobile[country];
        if (example === undefined) continue;
        for (let keep = 1; keep <= 3; keep++) {
          for (let t = 0; t < 25; t++) check(cc, example.slice(0, keep) + digits(example.length - keep));
        }
      }
      for (const n of [...lengths, 4, 17]) {
        for (let t = 0; t < 25; t++) check(cc, digits(n));
        // a leading 0 or 1: national prefixes that parsing may strip
        for (let t = 0; t < 5; t++) check(cc, String(t % 2) + digits(n - 1));
      }
    }
    // non-geographic calling codes (isValid alone)
    for (const cc of ['800', '808', '870', '878', '881', '882', '883', '888', '979'])
      for (let t = 0; t < 20; t++) check(cc, digits(9));
    expect(checked).toBeGreaterThan(40000);
    expect(valid).toBeGreaterThan(10000);
  });
});
