/**
 * The detection lexicon is one sorted string searched in place: the data
 * file must be sorted with consistent entry lengths, and every entry must be
 * found with its own flags, gender and register.
 */
import lexicon from '../../pseudonymiser/data/lexicon.json';
import {
  FIRST,
  SURNAME,
  WORD,
  WORD_TOP,
  flagsOf,
  genderOf,
  inAnglo,
  isPublicOrg,
  lowerNameAt,
  nearCommonWord,
  oneEditFromCommonWord,
  registerOf,
  twoCommonWords,
} from '../../pseudonymiser/detectors/people/lexicon';
import { pools } from '../../pseudonymiser/pools';

const entries = lexicon.entries.split('|');
const word = (e: string): string => e.slice(0, e.lastIndexOf(':'));

describe('people lexicon', () => {
  it('is sorted by code units, and its stored lengths match the entries', () => {
    const lengths = Buffer.from(lexicon.lengths, 'base64');
    expect(lengths.length).toBe(entries.length);
    expect(entries.length).toBeGreaterThan(100000);
    const bad: string[] = [];
    for (let i = 0; i < entries.length; i++) {
      if (lengths[i] !== entries[i]!.length) bad.push(`length of ${entries[i]}`);
      if (i > 0 && !(word(entries[i - 1]!) < word(entries[i]!))) bad.push(`order at ${entries[i]}`);
    }
    expect(bad.slice(0, 5)).toEqual([]);
  });

  it('finds every entry (a sample across the whole range) with its own data', () => {
    const genders: Record<string, string | undefined> = { f: 'f', m: 'm', u: 'u', '-': undefined };
    for (let i = 0; i < entries.length; i += 97) {
      const e = entries[i]!;
      const colon = e.lastIndexOf(':');
      const w = e.slice(0, colon);
      const flags = parseInt(e.slice(colon + 1, colon + 3), 16);
      expect([w, flagsOf(w)]).toEqual([w, flags & 127]);
      expect([w, genderOf(w)]).toEqual([w, genders[e[colon + 3]!]]);
      const r = e.charCodeAt(colon + 4);
      expect([w, registerOf(w)]).toEqual([w, r === 45 ? undefined : r - 97]);
      expect([w, inAnglo(w)]).toEqual([w, (flags & 128) !== 0]);
    }
    // the first and the last entry, where a binary search most easily goes wrong
    for (const e of [entries[0]!, entries[entries.length - 1]!]) {
      const w = word(e);
      expect(flagsOf(w)).toBe(parseInt(e.slice(w.length + 1, w.length + 3), 16) & 127);
    }
  });

  it('answers known words and nothing for unknown ones', () => {
    expect(flagsOf('jane') & FIRST).toBe(FIRST);
    expect(genderOf('jane')).toBe('f');
    expect(genderOf('robert')).toBe('m');
    expect(flagsOf('johnson') & SURNAME).toBe(SURNAME);
    expect(flagsOf('the') & (WORD | WORD_TOP)).toBe(WORD | WORD_TOP);
    expect(flagsOf('qzxvkw')).toBe(0);
    expect(flagsOf('')).toBe(0);
    expect(flagsOf('zzzzzzzzzzzz')).toBe(0);
    expect(flagsOf('aaaa')).toBe(0);
    expect(pools.registers[registerOf('zhang')!]!.name).toBe('chinese');
    expect(pools.registers[registerOf('kowalczyk')!]!.name).toBe('slavic');
    expect(inAnglo('smith')).toBe(true);
    expect(isPublicOrg('github')).toBe(true);
    expect(isPublicOrg('initech')).toBe(false);
  });
});

describe('English words of every spelling', () => {
  it('are English words, whichever spelling holds them (American `center`, `among`; British `centre`)', () => {
    for (const w of ['among', 'center', 'centre', 'color', 'colour', 'math', 'gray', 'grey'])
      expect(flagsOf(w) & (WORD | WORD_TOP)).not.toBe(0);
  });

  it('so that a word in lower case is read as a name only when no spelling makes it a word', () => {
    const at = (s: string): boolean => lowerNameAt(s, 0, s.length);
    expect(at('among')).toBe(false);
    expect(at('center')).toBe(false);
    expect(at('priya')).toBe(true);
    expect(at('desrosiers')).toBe(true);
  });
});

describe('words one letter away from a common English word', () => {
  const common = (w: string): boolean => (flagsOf(w) & (WORD | WORD_TOP)) !== 0;
  /** Every spelling one letter left out, added, changed, or two swapped away. */
  const oneEdit = (w: string): string[] => {
    const out: string[] = [];
    const abc = 'abcdefghijklmnopqrstuvwxyz';
    for (let i = 0; i <= w.length; i++) {
      for (const c of abc) out.push(w.slice(0, i) + c + w.slice(i));
      if (i === w.length) break;
      out.push(w.slice(0, i) + w.slice(i + 1));
      if (i + 1 < w.length) out.push(w.slice(0, i) + w[i + 1]! + w[i]! + w.slice(i + 2));
      for (const c of abc) out.push(w.slice(0, i) + c + w.slice(i + 1));
    }
    return out;
  };

  it('are found whatever the edit, the table of bits never wrong when it says no', () => {
    for (const w of ['vidoe', 'appologies', 'horroble', 'natrually', 'releif', 'weard', 'wonderfull', 'freind'])
      expect(oneEditFromCommonWord(w)).toBe(true);
    // against every spelling one edit away, on words of the lists that are no English word and words on no list
    const sample = entries.map(word).filter((w, k) => k % 97 === 0 && /^[a-z]{5,12}$/.test(w) && !common(w));
    for (const w of [...sample, 'chanyeol', 'baekhyun', 'pellucid', 'nijito', 'frederikke']) {
      const near = oneEdit(w).some(common);
      expect(oneEditFromCommonWord(w)).toBe(near);
      if (near) expect(nearCommonWord(w)).toBe(true);
    }
    expect(sample.length).toBeGreaterThan(100);
  });

  it('tell two common words run together from a word of its own', () => {
    expect(twoCommonWords('attributeerror')).toBe(true);
    expect(twoCommonWords('nonetype')).toBe(true);
    expect(twoCommonWords('chanyeol')).toBe(false);
    expect(twoCommonWords('zilkova')).toBe(false);
  });

  it('says no to most words that are no such spelling', () => {
    const sample = entries.map(word).filter((w, k) => k % 31 === 0 && /^[a-z]{6,12}$/.test(w) && !common(w));
    const far = sample.filter((w) => oneEdit(w).every((v) => !common(v)));
    expect(far.length).toBeGreaterThan(500);
    expect(far.filter((w) => nearCommonWord(w)).length).toBeLessThan(far.length / 5);
  });
});
