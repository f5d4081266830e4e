/**
 * Street stand-ins read as real streets: the pool holds one- or two-word
 * proper names, no article or street-type word of their own, and a stand-in
 * keeps the original's layout (numbers, street type, unit) with its name in
 * the original's letter case, every word of it.
 */
import { pools } from '../../pseudonymiser/pools';
import { STREET_WORDS } from '../../pseudonymiser/standins/accounts/address';
import { standIn } from './accounts-helpers';

describe('accounts: street pool and stand-ins', () => {
  it('holds proper one- or two-word street names in Title Case', () => {
    expect(pools.streets.length).toBeGreaterThan(150);
    const bad = pools.streets.filter(
      (s) =>
        !/^[A-Z][a-z]+(?: [A-Z][a-z]+)?$/.test(s) ||
        s.split(' ').some((w) => STREET_WORDS.has(w.toLowerCase())) ||
        /^(?:Back|Blind|Old|Dark|Cow)\b/.test(s),
    );
    expect(bad).toEqual([]);
  });

  it('gives Title Case names and keeps the suffix layout', () => {
    for (let i = 0; i < 300; i++) {
      const a = standIn('address', '1668 Glyn St', `1668 glyn st ${i}`);
      expect(a).toMatch(/^[1-9]\d{3} [A-Z][a-z]+(?: [A-Z][a-z]+)? St$/);
      const b = standIn('address', '742 Evergreen Terrace, Apt 5', `742 evergreen ${i}`);
      expect(b).toMatch(/^[1-9]\d\d [A-Z][a-z]+(?: [A-Z][a-z]+)? Terrace, Apt \d$/);
      const c = standIn('address', '12 GLYN STREET', `12 glyn street ${i}`);
      expect(c).toMatch(/^[1-9]\d [A-Z]+(?: [A-Z]+)? STREET$/);
      expect(`${a} ${b} ${c}`).not.toMatch(/\bThe\b|\bTHE\b/);
    }
  });

  it('writes a two-word pool name with every word capitalised', () => {
    const twoWord = new Set(pools.streets.filter((s) => s.includes(' ')));
    expect(twoWord.size).toBeGreaterThan(3);
    let seen = 0;
    for (let i = 0; i < 2000 && seen < 3; i++) {
      const a = standIn('address', '5 Glyn Rd', `5 glyn rd ${i}`);
      const name = a.slice(2, -3);
      if (!name.includes(' ')) continue;
      seen++;
      expect(twoWord.has(name)).toBe(true);
    }
    expect(seen).toBe(3);
  });
});
