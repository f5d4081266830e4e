/**
 * The name lists write names in capitals without accents or apostrophes
 * (`OSULLIVAN`, `SEAN`). Names written `O'Sullivan` or `Seán` are found all
 * the same; contractions (`I've`, `we'll`) never become names.
 */
import { twin } from '../../pseudonymiser';

const key = '4d'.repeat(32);
const twinOf = (text: string, format: 'text' | 'json' = 'text'): string =>
  twin(Buffer.from(text), { key, format }).output.toString('utf8');

describe('names spelled with apostrophes and accents', () => {
  it.each([
    ['Please call Seán Murphy tomorrow.', ['Seán', 'Murphy']],
    ["Please call Seán O'Brien tomorrow.", ['Seán', "O'Brien"]],
    ["Thanks, Aoife O'Sullivan", ['Aoife', "O'Sullivan"]],
  ])('%s', (text, parts) => {
    const out = twinOf(text);
    for (const p of parts) expect(out).not.toContain(p);
  });

  it('replaces the surname of a name field, not only the first name', () => {
    const out = twinOf(JSON.stringify({ name: "Aoife O'Sullivan", note: 'ask Aoife' }), 'json');
    expect(out).not.toMatch(/Aoife|Sullivan/);
  });

  it.each(["I've got it, we'll see. It's fine, don't worry.", "I'll check O'Reilly's book and the repo's README."])(
    'keeps %s',
    (text) => {
      expect(twinOf(text)).toBe(text);
    },
  );

  it('writes a middle initial as a capital letter, as it was', () => {
    const out = twinOf('Hi, Kavya F. Raghunathan here.');
    expect(out).toMatch(/^Hi, \p{Lu}\p{Ll}+ \p{Lu}\. \p{Lu}\p{Ll}+ here\.$/u);
    expect(out).not.toMatch(/Kavya|Raghunathan/);
  });
});
