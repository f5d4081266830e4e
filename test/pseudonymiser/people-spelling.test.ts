/**
 * The name lists write names in capitals without accents or apostrophes
 * (`OSULLIVAN`, `SEAN`). Names written `O'Sullivan` or `Seán` are found all
 * the same; contractions (`I've`, `we'll`) never become names.
 */
import { twinText } from './accounts-helpers';

describe('names spelled with apostrophes and accents', () => {
  it.each([
    ['Please call Seán Murphy tomorrow.', ['Seán', 'Murphy']],
    ["Please call Seán O'Brien tomorrow.", ['Seán', "O'Brien"]],
    ["Thanks, Aoife O'Sullivan", ['Aoife', "O'Sullivan"]],
  ])('%s', (text, parts) => {
    const out = twinText(text);
    for (const p of parts) expect(out).not.toContain(p);
  });

  it('replaces the surname of a name field, not only the first name', () => {
    const out = twinText(JSON.stringify({ name: "Aoife O'Sullivan", note: 'ask Aoife' }), 'json');
    expect(out).not.toMatch(/Aoife|Sullivan/);
  });

  it.each(["I've got it, we'll see. It's fine, don't worry.", "I'll check O'Reilly's book and the repo's README."])(
    'keeps %s',
    (text) => {
      expect(twinText(text)).toBe(text);
    },
  );

  it('writes a middle initial as a capital letter, as it was', () => {
    const out = twinText('Hi, Kavya F. Raghunathan here.');
    expect(out).toMatch(/^Hi, \p{Lu}\p{Ll}+ \p{Lu}\. \p{Lu}\p{Ll}+ here\.$/u);
    expect(out).not.toMatch(/Kavya|Raghunathan/);
  });
});
