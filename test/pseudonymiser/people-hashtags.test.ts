/**
 * A person's name written as one word (a hashtag, a login): read by its parts (score.ts runTogetherName), replaced
 * from the stand-in of the person the trace names in full, and other words run together left alone.
 */
import { twin } from '../../pseudonymiser';
import { runTogetherName } from '../../pseudonymiser/detectors/people/score';
import { handleGenerator } from '../../pseudonymiser/standins/accounts/identity';
import { createKeyed } from '../../pseudonymiser/keyed';

const KEY = '7e'.repeat(32);

function text(input: string): string {
  return twin(Buffer.from(input), { key: KEY, format: 'text' }).output.toString();
}

describe('a name written as one word', () => {
  it('splits into a common given name and a surname, in words or run together in lower case', () => {
    expect(runTogetherName('johnsmith')).toBe('john|smith');
    expect(runTogetherName('KimKardashianGame')).toBe('kim|kardashian');
    expect(runTogetherName('LaurenBacall')).toBe('lauren|bacall');
    // English words of the common bands, a surname too short to tell, words of no name
    for (const w of ['willpower', 'rosewater', 'markdown', 'kimchi', 'happybirthday', 'mexico', 'MaxWidth'])
      expect(runTogetherName(w)).toBeNull();
  });
});

describe('hashtags', () => {
  it('that are a name the trace writes out take that person’s stand-in, as its handle does', () => {
    const out = text('Lauren Bacall was here. #laurenbacall @laurenbacall\n');
    const [, given, family] = /^(\S+) (\S+) was here\./.exec(out)!;
    expect(given).not.toBe('Lauren');
    // (a login is written without the stand-in's accents)
    const login = `${given}${family}`.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    expect(out).toContain(`#${login} @${login}`);
  });

  it('that are a name nobody writes out are replaced all the same (BTC’s dev split)', () => {
    const out = text('Lots of conversation about #KimKardashianGame happening today.\nwith #johnsmith too\n');
    expect(out).not.toMatch(/Kardashian|johnsmith/);
    expect(out).toMatch(/about #\S+ happening today\.\nwith #\S+ too\n$/);
  });

  it('keep their sign as a handle keeps its at sign; a sign inside a login is the login’s own', () => {
    const keyed = createKeyed(Buffer.from(KEY, 'hex'));
    expect(handleGenerator.generate('#laurenbacall', 'laurenbacall', keyed, 0)).toMatch(/^#[a-z]+$/);
    const tag = handleGenerator.generate('jane#4821', 'jane#4821', keyed, 0);
    expect(tag.startsWith('jane')).toBe(false);
  });

  it('that are no name, or stand inside a word or beside digits, are left alone', () => {
    const s = '#mexico #happybirthday #include #TODO page#janedoe #johnsmith2024 #willpower\n';
    expect(text(s)).toBe(s);
  });
});
