import { cardBrandPrefix, ninoValid, ssnValid, abaValid } from '../../pseudonymiser/detectors/accounts/checks';
import { ibanOk, layout, luhn, standIn, surfaces, twinOf } from './accounts-helpers';

describe('accounts: IBAN', () => {
  const valid = [
    'GB82 WEST 1234 5698 7654 32',
    'DE89370400440532013000',
    'fr1420041010050500013m02606',
    'NL91 ABNA 0417 1643 00',
  ];

  it('finds IBANs with a valid checksum, spaced or compact, any case', () => {
    expect(ibanOk(valid[2]!)).toBe(true);
    expect(surfaces(valid.map((v) => `pay to ${v}.`).join('\n'), 'iban').sort()).toEqual([...valid].sort());
  });

  it('ignores look-alikes with a wrong checksum or length', () => {
    expect(
      surfaces('GB82 WEST 1234 5698 7654 33 and DE8937040044053201300 and XX89370400440532013000', 'iban'),
    ).toEqual([]);
  });

  it.each(valid)('stand-in of %s: same country, length, spacing and case, valid checksum', (iban) => {
    const out = standIn('iban', iban);
    expect(out).not.toBe(iban);
    expect(out.slice(0, 2)).toBe(iban.slice(0, 2));
    expect(out.replace(/[A-Za-z]/g, 'a').replace(/\d/g, '9')).toBe(iban.replace(/[A-Za-z]/g, 'a').replace(/\d/g, '9'));
    expect(ibanOk(out)).toBe(true);
  });
});

describe('accounts: payment cards', () => {
  const cards = [
    '4111 1111 1111 1111',
    '5555-5555-5555-4444',
    '378282246310005',
    '6011 1111 1111 1117',
    '3530111333300000',
    '4012888888881881',
  ];

  it('finds Luhn-valid numbers of known brands with spaces or dashes', () => {
    expect(surfaces(cards.map((c) => `card ${c}`).join('\n'), 'card').sort()).toEqual([...cards].sort());
  });

  it('ignores non-Luhn numbers, unknown brands, ids and longer digit runs', () => {
    const text = 'card 4111 1111 1111 1112, 9111111111111111 and 41111111111111111111111 x4111111111111111';
    expect(surfaces(text, 'card')).toEqual([]);
    expect(surfaces(JSON.stringify({ span_id: '4111111111111111' }), 'card', 'json')).toEqual([]);
  });

  it.each(cards)('stand-in of %s keeps brand, length, layout and Luhn validity', (card) => {
    const out = standIn('card', card, card.replace(/\D/g, ''));
    const d = out.replace(/\D/g, '');
    const o = card.replace(/\D/g, '');
    expect(layout(out)).toBe(layout(card));
    expect(luhn(d)).toBe(true);
    expect(d).not.toBe(o);
    expect(d.slice(0, cardBrandPrefix(o))).toBe(o.slice(0, cardBrandPrefix(o)));
    expect(cardBrandPrefix(d)).toBe(cardBrandPrefix(o));
  });

  it('never maps two cards to one stand-in, and two layouts of one card to one', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const payload = '4' + String(123456789012345n + BigInt(i) * 7919n).slice(0, 14);
      let check = 0;
      while (!luhn(payload + check)) check++;
      const card = payload + check;
      const out = standIn('card', card, card);
      expect(seen.has(out)).toBe(false);
      seen.add(out);
    }
    const out = twinOf('a 4111 1111 1111 1111 b 4111-1111-1111-1111 c 4111111111111111');
    const groups = out.match(/\d{4}[ -]?\d{4}[ -]?\d{4}[ -]?\d{4}/g)!.map((g) => g.replace(/\D/g, ''));
    expect(new Set(groups).size).toBe(1);
    expect(groups[0]).not.toBe('4111111111111111');
  });
});

describe('accounts: national ids and bank accounts', () => {
  it('finds dashed SSNs that follow the SSA rules only', () => {
    expect(surfaces('SSN 123-45-6789, 078-05-1121', 'national_id').sort()).toEqual(['078-05-1121', '123-45-6789']);
    expect(surfaces('ids 000-12-3456 666-12-3456 923-45-6789 123-00-6789 123-45-0000', 'national_id')).toEqual([]);
  });

  it('finds undashed SSNs only with context', () => {
    expect(surfaces('my SSN: 123456789', 'national_id')).toEqual(['123456789']);
    expect(surfaces('order 123456789', 'national_id')).toEqual([]);
    expect(surfaces(JSON.stringify({ ssn: '123456789' }), 'national_id', 'json')).toEqual(['123456789']);
  });

  it('SSN, SIN and NINO stand-ins pass their own checks and keep layout', () => {
    const ssn = standIn('national_id', '123-45-6789', 'ssn:123456789');
    expect(layout(ssn)).toBe('999-99-9999');
    expect(ssnValid(ssn.replace(/\D/g, ''))).toBe(true);
    expect(ssn).not.toBe('123-45-6789');
    const sin = standIn('national_id', '130 692 544', 'sin:130692544');
    expect(luhn('130692544')).toBe(true);
    expect(luhn(sin.replace(/\D/g, ''))).toBe(true);
    expect(layout(sin)).toBe('999 999 999');
    const nino = standIn('national_id', 'AB 12 34 56 C', 'nino:AB123456C');
    expect(ninoValid(nino.replace(/ /g, ''))).toBe(true);
    expect(nino).toMatch(/^[A-Z]{2} \d\d \d\d \d\d [A-D]$/);
    expect(nino).not.toBe('AB 12 34 56 C');
  });

  it('finds SINs (Luhn) and spaced NINOs', () => {
    expect(surfaces('SIN 130-692-544', 'national_id')).toEqual(['130-692-544']);
    expect(surfaces('SIN 130-692-545', 'national_id')).toEqual([]);
    expect(surfaces('NI AB 12 34 56 C and QQ 12 34 56 C', 'national_id')).toEqual(['AB 12 34 56 C']);
  });

  it('replaces bank account and routing numbers under their keys, routing numbers stay ABA-valid', () => {
    const doc = JSON.stringify({
      bank: { account_number: '000123456789', routing_number: '021000021', sort_code: '12-34-56' },
      note: 'no',
    });
    const out = JSON.parse(twinOf(doc, 'json'));
    expect(out.bank.account_number).toMatch(/^\d{12}$/);
    expect(out.bank.account_number).not.toBe('000123456789');
    expect(abaValid(out.bank.routing_number)).toBe(true);
    expect(out.bank.routing_number).not.toBe('021000021');
    expect(out.bank.sort_code).toMatch(/^\d\d-\d\d-\d\d$/);
    expect(out.note).toBe('no');
    expect(twinOf('Account number: 12345678, routing number 021000021')).not.toContain('12345678');
  });
});
