/**
 * National ids of the table (detectors/accounts/nationalids.ts). The valid values are the examples the
 * issuers or the schemes' public descriptions give (Receita Federal's `111.444.777-35`, GB 11643-1999's
 * `11010519491231002X`, DVV's `131052-308T`, Skatteverket's `811228-9874`, SAT's `GODE561231GR8`, …);
 * the Korean one is built here with the check digit of the published algorithm, computed by this file.
 */
import { ID_SCHEMES, SCHEME_BY_ID, idValid } from '../../pseudonymiser/detectors/accounts/nationalids';
import { verhoeffCheckDigit } from '../../pseudonymiser/detectors/accounts/checks';
import { detect, standIn, twinOf } from './accounts-helpers';

/** Korean RRN check digit, written from the published algorithm (weights 2..9, 2..5; (11 − s mod 11) mod 10). */
function rrnCheck(body12: string): string {
  const w = [2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5];
  let s = 0;
  for (let i = 0; i < 12; i++) s += +body12[i]! * w[i]!;
  return String((11 - (s % 11)) % 10);
}
const RRN = `800101-123456${rrnCheck('800101123456')}`;

/** [scheme, the words before it (empty: taken anywhere), the value]. */
const EXAMPLES: readonly (readonly [string, string, string])[] = [
  ['cn_rid', '', '11010519491231002X'],
  ['cn_rid', '身份证号码：', '11010519491231002X'],
  ['kr_rrn', '', RRN],
  ['in_aadhaar', 'Aadhaar no.', '2341 2341 2346'],
  ['in_pan', 'PAN:', 'ABCPE1234F'],
  ['br_cpf', '', '111.444.777-35'],
  ['br_cpf', 'CPF', '11144477735'],
  ['br_cnpj', '', '11.222.333/0001-81'],
  ['fr_nir', '', '2 55 08 14 168 025 38'],
  ['de_idnr', 'Steuer-ID:', '86095742719'],
  ['it_cf', '', 'RSSMRA85T10A562S'],
  ['es_dni', '', '12345678Z'],
  ['es_nie', '', 'X1234567L'],
  ['nl_bsn', 'BSN', '111222333'],
  ['be_nrn', '', '85.07.30-033.28'],
  ['se_pnr', 'personnummer', '811228-9874'],
  ['se_pnr', '', '19811228-9874'],
  ['no_fnr', 'fødselsnummer', '01010750160'],
  ['dk_cpr', 'CPR-nr.', '010170-1234'],
  ['fi_hetu', '', '131052-308T'],
  ['pl_pesel', 'PESEL', '44051401359'],
  ['pt_nif', 'NIF', '123456789'],
  ['mx_curp', '', 'HEGG560427MVZRRL04'],
  ['mx_rfc', '', 'GODE561231GR8'],
  ['ar_cuit', '', '20-12345678-6'],
  ['cl_rut', '', '12.345.678-5'],
  ['tr_tckn', 'TC Kimlik No', '10000000146'],
  ['jp_mynumber', 'マイナンバー', '123456789018'],
  ['sg_nric', '', 'S1234567D'],
  ['za_id', 'ID number', '8001015009087'],
  ['au_tfn', 'TFN', '123 456 782'],
  ['il_tz', 'Teudat Zehut', '039337423'],
  ['ng_nin', 'NIN', '12345678901'],
  ['ru_snils', '', '112-233-445 95'],
  ['ru_inn', 'ИНН', '500100732259'],
  ['pk_cnic', 'CNIC', '35202-1234567-1'],
  ['id_nik', 'NIK', '3171011708450001'],
];

const idsOf = (text: string) => detect(text).filter((f) => f.kind === 'national_id');

/** The same value with its last check character changed (a digit for a digit, a letter for a letter). */
function broken(value: string): string {
  const i = value.search(/[0-9A-Z](?=[^0-9A-Z]*$)/);
  const c = value[i]!;
  const next = /\d/.test(c) ? String((+c + 1) % 10) : c === 'Z' ? 'A' : String.fromCharCode(c.charCodeAt(0) + 1);
  return value.slice(0, i) + next + value.slice(i + 1);
}

describe('national ids of the table', () => {
  it('covers at least 20 countries besides the US, the UK and Canada', () => {
    expect(new Set(ID_SCHEMES.map((s) => s.country)).size).toBeGreaterThanOrEqual(25);
  });

  it("the Verhoeff digit of '236' is 3 (Verhoeff's worked example)", () => {
    expect(verhoeffCheckDigit('236')).toBe('3');
  });

  it.each(EXAMPLES)('%s: %s %s is found as its scheme', (scheme, words, value) => {
    const f = idsOf(`${words} ${value}.`);
    expect(f.map((x) => [x.surface, x.canonical!.split(':')[0]])).toContainEqual([value, scheme]);
  });

  it.each(EXAMPLES.filter(([scheme]) => SCHEME_BY_ID.get(scheme)!.checkChars > 0))(
    '%s: %s %s with a wrong check character is not that scheme',
    (scheme, words, value) => {
      const f = idsOf(`${words} ${broken(value)}.`);
      expect(f.filter((x) => x.canonical!.startsWith(scheme + ':'))).toEqual([]);
    },
  );

  it.each(EXAMPLES.filter(([, words, value]) => words !== '' && !EXAMPLES.some(([, w, v]) => w === '' && v === value)))(
    '%s: a layout without a checksum of its own is not taken without its words (%s %s)',
    (_scheme, _words, value) => {
      expect(idsOf(`ref ${value}.`)).toEqual([]);
    },
  );

  it('leaves order numbers, timestamps, amounts and phone-like runs alone', () => {
    const text = [
      'Order 12345678901 shipped on 2024-03-01T10:00:00Z',
      'ts 1712345678901 and 1700000000, created 20240115093000',
      'total 123456789.00 EUR; 12 345 678,90 zł; qty 111222333',
      'build 19811228-9875, ticket 800101-1234561, SKU ABCDE1234F1',
      'trace 4bf92f3577b34da6a3ce929d0e0e4736, span 00f067aa0ba902b7',
    ].join('\n');
    expect(idsOf(text)).toEqual([]);
  });

  it('takes an 11-digit value under a general label as the scheme its checksum fits', () => {
    const f = idsOf('National ID: 44051401359');
    expect(f[0]?.canonical).toBe('pl_pesel:44051401359');
  });

  it('reads the key of a JSON value: `"cpf": "…"`, `"rrn": "…"`', () => {
    const doc = JSON.stringify({ cpf: '11144477735', customer: { rrn: RRN.replace('-', '') } });
    const f = detect(doc, 'json').filter((x) => x.kind === 'national_id');
    expect(f.map((x) => x.canonical)).toEqual(
      expect.arrayContaining(['br_cpf:11144477735', `kr_rrn:${RRN.replace('-', '')}`]),
    );
  });
});

describe('national id stand-ins', () => {
  const shape = (s: string): string => s.replace(/\d/g, '9').replace(/[A-Z]/g, 'A').replace(/[a-z]/g, 'a');

  it.each(EXAMPLES)('%s: the stand-in of %s %s keeps the layout and is valid', (scheme, _words, value) => {
    const s = SCHEME_BY_ID.get(scheme)!;
    const compact = value.replace(/[\s.\-/+]/g, '').toUpperCase();
    const canonical = `${scheme}:${scheme === 'fi_hetu' ? value : compact}`;
    const out = standIn('national_id', value, canonical);
    expect(out).not.toBe(value);
    expect(out.replace(/[0-9A-Za-z]/g, '')).toBe(value.replace(/[0-9A-Za-z]/g, ''));
    if (scheme !== 'it_cf' && scheme !== 'sg_nric' && scheme !== 'mx_rfc') expect(shape(out)).toBe(shape(value));
    expect(idValid(s, scheme === 'fi_hetu' ? out : out.replace(/[\s.\-/+]/g, '').toUpperCase())).toBe(true);
    expect(standIn('national_id', value, canonical)).toBe(out);
  });

  it('gives one id in two layouts one stand-in, and two ids two', () => {
    const out = twinOf('CPF 111.444.777-35, again CPF 11144477735; other 529.982.247-25');
    const [a, b, c] = out.match(/\d{3}\.?\d{3}\.?\d{3}-?\d{2}/g)!;
    expect(a!.replace(/\D/g, '')).toBe(b);
    expect(a).not.toBe('111.444.777-35');
    expect(c).not.toBe('529.982.247-25');
    expect(c!.replace(/\D/g, '')).not.toBe(b);
  });

  it('keeps what a stand-in must keep: a CURP its sex and state, an NRIC its series letter, a NIE its letter', () => {
    expect(standIn('national_id', 'HEGG560427MVZRRL04', 'mx_curp:HEGG560427MVZRRL04').slice(10, 13)).toBe('MVZ');
    expect(standIn('national_id', 'S1234567D', 'sg_nric:S1234567D')[0]).toBe('S');
    expect(standIn('national_id', 'X1234567L', 'es_nie:X1234567L')[0]).toBe('X');
  });
});
