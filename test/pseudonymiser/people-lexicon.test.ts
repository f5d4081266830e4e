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
  registerOf,
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
