/**
 * Legal forms written in lower case in dotted parts (`sp. z o.o.`, `s.r.o.`, `sp.j.`) end an organisation's name
 * as `GmbH` or `Ltd` do; the same letters alone say nothing.
 */
import { twinText } from './accounts-helpers';

describe('lower-case dotted legal forms', () => {
  it.each([
    ['Regards,\nMaja\nWolnik Logistyka sp. z o.o.\n', 'Wolnik'],
    ['Paid: Kovomat Strojarne s.r.o. (EUR 120)', 'Kovomat'],
    ['Zielone Pole sp.j. delivered the hay.', 'Zielone'],
  ])('%s', (text, part) => {
    expect(twinText(text)).not.toContain(part);
  });

  it.each(['the value is s.a. here', 'see sp. z o.o. in the glossary'])('keeps %s', (text) => {
    expect(twinText(text)).toBe(text);
  });
});
