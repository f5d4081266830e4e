/**
 * Street addresses in the layouts of their countries (as the Universal Postal Union's and the national posts'
 * address guides write them): the street line is replaced, postcode and city are kept (address.ts, the policy),
 * and the stand-in keeps the country's layout.
 */
import { standIn, surfaces, twinOf } from './accounts-helpers';

const CASES: readonly (readonly [country: string, line: string, street: string])[] = [
  ['US', 'Ship to 1600 Amphitheatre Parkway, Mountain View, CA 94043', '1600 Amphitheatre Parkway'],
  ['GB', 'Office: 10 Downing Street, London SW1A 2AA', '10 Downing Street'],
  ['DE', 'Lieferung an Kastanienring 98, 50000 Köln', 'Kastanienring 98'],
  ['DE', 'Büro: Hauptstr. 5, 10115 Berlin', 'Hauptstr. 5'],
  ['AT', 'Adresse: Mariahilfer Straße 120, 1070 Wien', 'Mariahilfer Straße 120'],
  ['CH', 'Bahnhofstrasse 1, 8001 Zürich', 'Bahnhofstrasse 1'],
  ['NL', 'Bezoek: Keizersgracht 123, 1015 CJ Amsterdam', 'Keizersgracht 123'],
  ['NL', 'Post naar Dorpsstraat 12a, 1234 AB Ergens', 'Dorpsstraat 12a'],
  ['FR', 'Envoyer au 12 rue de la Paix, 75002 Paris', '12 rue de la Paix'],
  ['ES', 'Dirección: Calle de Alcalá 45, 28014 Madrid', 'Calle de Alcalá 45'],
  ['ES', 'Enviar a Calle Mayor, nº 5, 28013 Madrid', 'Calle Mayor, nº 5'],
  ['IT', 'Indirizzo: Via Roma, 10, 00184 Roma', 'Via Roma, 10'],
  ['PT', 'Morada: Rua Augusta, 100, 1100-053 Lisboa', 'Rua Augusta, 100'],
  ['BR', 'Endereço: Av. Paulista, 1578 - Bela Vista, São Paulo - SP, 01310-200', 'Av. Paulista, 1578'],
  ['MX', 'Domicilio: Avenida Insurgentes Sur 1602, 03940 CDMX', 'Avenida Insurgentes Sur 1602'],
  ['PL', 'Adres: ul. Marszałkowska 84/92, 00-514 Warszawa', 'ul. Marszałkowska 84/92'],
  ['DK', 'Adresse: Strandvejen 52, 2900 Hellerup', 'Strandvejen 52'],
  ['SE', 'Adress: Drottninggatan 53, 111 21 Stockholm', 'Drottninggatan 53'],
  ['NO', 'Adresse: Karl Johans gate 22, 0159 Oslo', 'Karl Johans gate 22'],
  ['FI', 'Osoite: Mannerheimintie 1, 00100 Helsinki', 'Mannerheimintie 1'],
  ['IN', 'Deliver to No. 135, 7th Cross Road, Koramangala, Bengaluru 560034', 'No. 135, 7th Cross Road'],
  ['JP', 'Address: Nishi-Shinjuku 2-chome 8-1, Shinjuku-ku, Tokyo 163-8001', 'Nishi-Shinjuku 2-chome 8-1'],
  ['JP', '住所：東京都新宿区西新宿2丁目8番1号', '東京都新宿区西新宿2丁目8番1号'],
  ['KR', 'Address: 110 Sejong-daero, Jung-gu, Seoul 04524', '110 Sejong-daero'],
  ['KR', '주소: 서울특별시 중구 세종대로 110', '세종대로 110'],
  ['CN', '地址：北京市朝阳区建国路88号', '北京市朝阳区建国路88号'],
  ['RU', 'Адрес: ул. Тверская, д. 7, Москва, 125009', 'ул. Тверская, д. 7'],
];

describe('accounts: street addresses of many countries', () => {
  it.each(CASES)('%s: finds the street line of %s', (_country, line, street) => {
    expect(surfaces(line, 'address')).toContain(street);
  });

  it('keeps postcode and city (the written policy) and replaces the street line', () => {
    const out = twinOf('Lieferung an Kastanienring 98, 50000 Köln');
    expect(out).toMatch(/^Lieferung an [A-Z][a-zäöüß]+ring \d\d, 50000 Köln$/);
    expect(out).not.toContain('Kastanien');
    expect(out).not.toContain(' 98,');
  });

  it('keeps the layout of the country in the stand-in', () => {
    expect(standIn('address', 'Kastanienring 98')).toMatch(/^\p{Lu}\p{Ll}+ring \d\d$/u);
    expect(standIn('address', 'Via Roma, 10')).toMatch(/^Via \p{Lu}[\p{L} ]+, \d\d$/u);
    expect(standIn('address', 'ul. Marszałkowska 84/92')).toMatch(/^ul\. \p{Lu}[\p{L} ]+ \d\d\/\d\d$/u);
    expect(standIn('address', 'No. 135, 7th Cross Road')).toMatch(
      /^No\. \d{3}, \d(?:st|nd|rd|th) \p{Lu}\p{Ll}+ Road$/u,
    );
    expect(standIn('address', 'Nishi-Shinjuku 2-chome 8-1')).toMatch(/^\p{Lu}[\p{L}-]+ \d-chome \d-\d$/u);
    const jp = standIn('address', '西新宿2丁目8番1号');
    expect(jp).toMatch(/^\p{Script=Han}{3}\d丁目\d番\d号$/u);
    expect(jp).not.toBe('西新宿2丁目8番1号');
    expect(standIn('address', '세종대로 110')).toMatch(/^\p{Script=Hangul}{2}대로 \d{3}$/u);
    expect(standIn('address', '110 Sejong-daero')).toMatch(/^\d{3} \p{Lu}\p{Ll}+-daero$/u);
    expect(standIn('address', '建国路88号')).toMatch(/^\p{Script=Han}{2}路\d\d号$/u);
    const ru = standIn('address', 'ул. Тверская, д. 7');
    expect(ru).toMatch(/^ул\. \p{Script=Cyrillic}+, д\. \d$/u);
    expect(ru).not.toContain('Тверская');
  });

  it('leaves prose with numbers after capitalised words alone', () => {
    const text = [
      'Monitoring 3 services; Sharing 2 files; Filtering 10 rows; Spring 2024 release',
      'Chapter 5, Section 12; Python 3; Windows 11; Version 2',
      'No. 1 on the list; we chose No. 5 for the demo',
      'Он получил 5 писем.',
    ].join('\n');
    expect(surfaces(text, 'address')).toEqual([]);
  });
});

describe('accounts: street addresses on adversarial text', () => {
  // the jest timeout is the guard: a scan that backtracks on these never finishes; timings belong to the bench
  it('finishes on long runs of anchors with no newline, finding no address', () => {
    for (const doc of ['号'.repeat(400_000), '丁目'.repeat(200_000), 'ул'.repeat(200_000), 'No. 1 '.repeat(80_000)]) {
      expect(surfaces(doc, 'address')).toEqual([]);
    }
  });
});
