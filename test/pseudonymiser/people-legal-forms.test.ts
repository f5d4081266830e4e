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

describe('terms a contract defines', () => {
  // the SEC filings' dev split: a loan agreement defines its parties by their role and writes `Borrower Company`
  const defines = '( 2 ) Bing Yu (“ Borrower ”), a citizen of China with Chinese identification No .\n';
  const uses = 'Upon such contribution , Borrower shall own 25 % of the equity interests in Borrower Company .\n';

  it('keeps a role the text defines, with a legal form after it, as the term it is', () => {
    const out = twinText(defines + uses);
    expect(out).not.toContain('Bing Yu');
    expect(out.endsWith(uses)).toBe(true);
  });

  it('reads the same words as a company where nothing defines them, or where they are a name’s short form', () => {
    expect(twinText(uses)).not.toContain('Borrower Company');
    // `Borrower` is written before its definition: the short form of the name before it, which names the company
    expect(twinText('Borrower Company (the “Borrower”) signed.')).not.toContain('Borrower Company');
  });
});
