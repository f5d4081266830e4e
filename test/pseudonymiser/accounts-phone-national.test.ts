/**
 * Phone numbers in national layouts, in prose, where the words around say phone in the language of the
 * country. Numbers are written as each country's numbering plan and usual layout present them (German
 * `0170/…` mobile and `030/…` Berlin numbers, Brazil's `(DD) 9XXXX-XXXX`, India's 5 + 5 mobile grouping,
 * Japan's `090-XXXX-XXXX`, …); validity is libphonenumber-js's (Google's libphonenumber metadata).
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { detect, layout, standIn, twinOf } from './accounts-helpers';

const phonesOf = (text: string) => detect(text).filter((f) => f.kind === 'phone');

/** [words before, number, its country]. */
const NATIONAL: readonly (readonly [string, string, string])[] = [
  ['Handy:', '0170/2658215', 'DE'],
  ['Telefon', '030/12345678', 'DE'],
  ['Telefone: ', '(71) 94649-3123', 'BR'],
  ['WhatsApp', '(11) 98765-4321', 'BR'],
  ['call me on', '74751 95509', 'IN'],
  ['मोबाइल:', '98765 43210', 'IN'],
  ['携帯電話：', '090-1234-5678', 'JP'],
  ['手机', '138 0013 8000', 'CN'],
  ['휴대폰 ', '010-1234-5678', 'KR'],
  ['телефон:', '8 (912) 345-67-89', 'RU'],
  ['tel.', '06 12 34 56 78', 'FR'],
  ['cellulare', '347 123 4567', 'IT'],
  ['teléfono móvil', '612 34 56 78', 'ES'],
  ['mobile', '0812-3456-7890', 'ID'],
  ['call', '+33 6 12 34 56 78', 'FR'],
];

describe('phones in national layouts, named by the words before them', () => {
  it.each(NATIONAL)('%s %s (%s)', (words, number, country) => {
    const f = phonesOf(`${words} ${number} please`);
    expect(f.map((x) => x.surface)).toEqual([number]);
    const expected = parsePhoneNumberFromString(number, country as never)!;
    expect(expected.isValid()).toBe(true);
    expect(f[0]!.canonical).toBe(expected.number);
  });

  it('takes the country from the chunk: a national number beside an international one of that country', () => {
    const f = phonesOf('Office +49 30 901820. Her mobile: 0151 23456789.');
    expect(f.map((x) => x.canonical)).toEqual(['+4930901820', '+4915123456789']);
    // `0300 1234567` and `0803 123 4567` fit other plans too (Finland's, New Zealand's): the chunk decides
    expect(phonesOf('Karachi desk +92 21 3456 7890, mobile 0300 1234567').map((x) => x.canonical)).toEqual([
      '+922134567890',
      '+923001234567',
    ]);
    expect(phonesOf('Lagos office +234 803 200 0000; cell 0803 123 4567').map((x) => x.canonical)).toEqual([
      '+2348032000000',
      '+2348031234567',
    ]);
    expect(phonesOf('"locale": "en_NG", "text": "cell 0803 123 4567"').map((x) => x.canonical)).toEqual([
      '+2348031234567',
    ]);
  });

  it('keeps numbers no word calls a phone, and numbers that are dates, amounts or ids', () => {
    const text = [
      'order 74751 95509 shipped',
      'ratio 1234/5678 and page 0170/02',
      'invoice 2024/01/15, total 12 345 678,90',
      'Telefon-Rechnung 12.01.2024, Betrag 1.234.567',
    ].join('\n');
    expect(phonesOf(text)).toEqual([]);
  });
});

describe('stand-ins of national numbers', () => {
  it.each(NATIONAL)('%s %s: same layout, valid in %s', (words, number) => {
    const out = twinOf(`${words} ${number} please`);
    expect(out).not.toContain(number);
    const f = phonesOf(`${words} ${number} please`)[0]!;
    const s = standIn('phone', number, f.canonical);
    expect(layout(s)).toBe(layout(number));
    expect(out).toBe(`${words} ${s} please`);
  });
});
