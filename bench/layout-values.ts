/**
 * Values for the layouts corpus (bench/layouts.ts), each made from public
 * documentation of its format, never from the detectors' code:
 *
 * - national ids of 30 countries, with the check digits their issuers publish
 *   (sources in the comment of each maker), and a validator per country;
 * - crypto wallets: EIP-55 checksummed Ethereum addresses (Keccak-256, written
 *   here from FIPS 202 / the Keccak reference with Ethereum's 0x01 padding),
 *   Bitcoin base58check (P2PKH, P2SH), bech32 (BIP-173) and bech32m (BIP-350);
 * - phone numbers of the 40 most populous countries and the EU, drawn until
 *   libphonenumber-js (Google's public metadata) calls them valid, in national,
 *   international and local separator layouts;
 * - street addresses of 24 countries in their own layouts (UPU address formats);
 * - names of many countries, and names on no list (built from syllables);
 * - passwords of printable characters, cookie values, Basic credentials,
 *   provider object ids (with and without digits), prefixed ids, Salesforce
 *   18-character ids (with the case-safe suffix), Slack ids, hosts.
 *
 * Every value is synthetic: drawn from the seeded generator.
 */
import { createHash } from 'node:crypto';
import { isValidPhoneNumber, parsePhoneNumber, type CountryCode } from 'libphonenumber-js';
import examples from 'libphonenumber-js/examples.mobile.json';
import { getExampleNumber } from 'libphonenumber-js';
import { ALNUM, DIGITS, HEX, Rng } from './rng';
import { luhnDigit, luhnOk } from './values';

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const digitsOf = (s: string): number[] => [...s.replace(/\D/g, '')].map(Number);
const pad = (n: number, w: number): string => String(n).padStart(w, '0');

// ---------------------------------------------------------------- check-digit helpers

// Verhoeff tables (Verhoeff 1969; the Aadhaar check digit, UIDAI)
const VD = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const VP = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
const VINV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];
function verhoeffOk(s: string): boolean {
  let c = 0;
  const d = digitsOf(s).reverse();
  for (let i = 0; i < d.length; i++) c = VD[c]![VP[i % 8]![d[i]!]!]!;
  return c === 0;
}
function verhoeffDigit(body: string): string {
  let c = 0;
  const d = digitsOf(body).reverse();
  for (let i = 0; i < d.length; i++) c = VD[c]![VP[(i + 1) % 8]![d[i]!]!]!;
  return String(VINV[c]);
}

/** A birth date as [yyyy, mm, dd] between 1950 and 2005. */
function birth(r: Rng): [number, number, number] {
  return [r.range(1950, 2005), r.range(1, 12), r.range(1, 28)];
}
const yy = (y: number): string => pad(y % 100, 2);

// ---------------------------------------------------------------- national ids

export interface NationalIdMaker {
  /** ISO 3166 country, for the variety label. */
  readonly country: string;
  readonly name: string;
  /** Words that name it in prose (the issuer's own term first). */
  readonly words: readonly string[];
  /** The JSON key or column that holds it. */
  readonly key: string;
  readonly make: (r: Rng) => string;
  /** Syntax and check digits; `checksum` false where the id has none (then syntax only). */
  readonly valid: (s: string) => boolean;
  readonly checksum: boolean;
}

const CN_AREAS = ['110105', '310104', '440305', '510107', '320102', '330106', '420111', '610113'];
const CN_W = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
function cnCheck(body17: string): string {
  let s = 0;
  for (let i = 0; i < 17; i++) s += (body17.charCodeAt(i) - 48) * CN_W[i]!;
  return '10X98765432'[s % 11]!;
}
const KR_W = [2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5];
function krCheck(d12: string): string {
  let s = 0;
  for (let i = 0; i < 12; i++) s += (d12.charCodeAt(i) - 48) * KR_W[i]!;
  return String((11 - (s % 11)) % 10);
}
function cpfDigits(d9: number[]): [number, number] {
  const dv = (ds: number[], w0: number): number => {
    let s = 0;
    ds.forEach((d, i) => (s += d * (w0 - i)));
    const r = (s * 10) % 11;
    return r === 10 ? 0 : r;
  };
  const a = dv(d9, 10);
  return [a, dv([...d9, a], 11)];
}
const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const CF_ODD: Record<string, number> = {};
'1 0 5 7 9 13 15 17 19 21 2 4 18 20 11 3 6 8 12 14 16 10 22 25 24 23'.split(' ').forEach((v, i) => {
  CF_ODD[UPPER[i]!] = Number(v);
  if (i < 10) CF_ODD[String(i)] = Number(v);
});
function cfCheck(body15: string): string {
  let s = 0;
  for (let i = 0; i < 15; i++) {
    const c = body15[i]!;
    s += i % 2 === 0 ? CF_ODD[c]! : /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 65;
  }
  return UPPER[s % 26]!;
}
function mod11_10(d10: string): string {
  // ISO/IEC 7064 MOD 11,10 (German tax id, Steuer-IdNr)
  let product = 10;
  for (const ch of d10) {
    let sum = (Number(ch) + product) % 10;
    if (sum === 0) sum = 10;
    product = (sum * 2) % 11;
  }
  const c = 11 - product;
  return String(c === 10 ? 0 : c);
}
function steuerIdShape(d10: string): boolean {
  if (d10[0] === '0') return false;
  const n = new Map<string, number>();
  for (const c of d10) n.set(c, (n.get(c) ?? 0) + 1);
  const counts = [...n.values()];
  const multi = counts.filter((c) => c > 1);
  return multi.length === 1 && (multi[0] === 2 || multi[0] === 3);
}
function weighted(ds: number[], w: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < w.length; i++) s += ds[i]! * w[i]!;
  return s;
}
const HETU = '0123456789ABCDEFHJKLMNPRSTUVWXY';
const CURP_DICT = '0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ';
function curpCheck(body17: string): string {
  let s = 0;
  for (let i = 0; i < 17; i++) s += CURP_DICT.indexOf(body17[i]!) * (18 - i);
  return String((10 - (s % 10)) % 10);
}
function jpMyNumberCheck(d11: string): string {
  // Ordinance on the Individual Number (My Number) check digit
  let s = 0;
  for (let n = 1; n <= 11; n++) {
    const p = Number(d11[11 - n]);
    const q = n <= 6 ? n + 1 : n - 5;
    s += p * q;
  }
  const r = s % 11;
  return String(r <= 1 ? 0 : 11 - r);
}
function noChecks(d9: number[]): [number, number] | null {
  const k1 = 11 - (weighted(d9, [3, 7, 6, 1, 8, 9, 4, 5, 2]) % 11);
  const c1 = k1 === 11 ? 0 : k1;
  if (c1 === 10) return null;
  const k2 = 11 - (weighted([...d9, c1], [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]) % 11);
  const c2 = k2 === 11 ? 0 : k2;
  if (c2 === 10) return null;
  return [c1, c2];
}
function rutDv(body: string): string {
  let s = 0;
  let w = 2;
  for (let i = body.length - 1; i >= 0; i--) {
    s += Number(body[i]) * w;
    w = w === 7 ? 2 : w + 1;
  }
  const v = 11 - (s % 11);
  return v === 11 ? '0' : v === 10 ? 'K' : String(v);
}
function cuilDv(d10: number[]): number | null {
  const r = 11 - (weighted(d10, [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]) % 11);
  return r === 11 ? 0 : r === 10 ? null : r;
}
function nricCheck(prefix: string, d7: string): string {
  let s = weighted(digitsOf(d7), [2, 7, 6, 5, 4, 3, 2]) + (prefix === 'T' ? 4 : 0);
  s %= 11;
  return 'JZIHGFEDCBA'[s]!;
}
function dateOk(y: number, m: number, d: number): boolean {
  return m >= 1 && m <= 12 && d >= 1 && d <= 31 && y > 1800;
}

/** National ids, one maker per country (issuer's name of the id first). */
export const NATIONAL_IDS: readonly NationalIdMaker[] = [
  {
    // SSA: area 001-899 except 666, group 01-99, serial 0001-9999 (no check digit)
    country: 'US',
    name: 'us-ssn',
    words: ['SSN', 'social security number'],
    key: 'ssn',
    checksum: false,
    make: (r) => {
      let a = r.range(1, 899);
      if (a === 666) a = 667;
      return `${pad(a, 3)}-${pad(r.range(1, 99), 2)}-${pad(r.range(1, 9999), 4)}`;
    },
    valid: (s) => {
      const m = /^(\d{3})-?(\d{2})-?(\d{4})$/.exec(s);
      return !!m && m[1] !== '000' && m[1] !== '666' && m[1]![0] !== '9' && m[2] !== '00' && m[3] !== '0000';
    },
  },
  {
    // HMRC NIM39110: prefix letters (D, F, I, Q, U, V never; O not second; BG GB KN NK NT TN ZZ not allocated), 6 digits, suffix A-D
    country: 'GB',
    name: 'uk-nino',
    words: ['National Insurance number', 'NI number', 'NINO'],
    key: 'ni_number',
    checksum: false,
    make: (r) => {
      for (;;) {
        const p = r.chars(1, 'ABCEGHJKLMNPRSTWXYZ') + r.chars(1, 'ABCEGHJKLMNPRSTWXYZ');
        if (['BG', 'GB', 'KN', 'NK', 'NT', 'TN', 'ZZ'].includes(p)) continue;
        const d = r.digits(6);
        const s = r.chars(1, 'ABCD');
        return r.chance(0.5) ? `${p}${d}${s}` : `${p} ${d.slice(0, 2)} ${d.slice(2, 4)} ${d.slice(4)} ${s}`;
      }
    },
    valid: (s) => {
      const c = s.replace(/ /g, '');
      return (
        /^[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]\d{6}[A-D]$/.test(c) &&
        !['BG', 'GB', 'KN', 'NK', 'NT', 'TN', 'ZZ'].includes(c.slice(0, 2))
      );
    },
  },
  {
    // GB 11643-1999: 6-digit area, birth date, 3-digit order, ISO 7064 MOD 11-2 check (X for 10)
    country: 'CN',
    name: 'cn-resident-id',
    words: ['身份证号', 'resident identity card number', 'ID card'],
    key: 'id_card_no',
    checksum: true,
    make: (r) => {
      const [y, m, d] = birth(r);
      const body = `${r.pick(CN_AREAS)}${y}${pad(m, 2)}${pad(d, 2)}${r.digits(3)}`;
      return body + cnCheck(body);
    },
    valid: (s) => /^\d{17}[\dX]$/.test(s) && cnCheck(s.slice(0, 17)) === s[17],
  },
  {
    // Resident registration number: YYMMDD-GNNNNNC, weights 2..9,2..5, C = (11 - sum mod 11) mod 10
    country: 'KR',
    name: 'kr-rrn',
    words: ['주민등록번호', 'resident registration number', 'RRN'],
    key: 'rrn',
    checksum: true,
    make: (r) => {
      const [y, m, d] = birth(r);
      const g = y >= 2000 ? r.pick(['3', '4']) : r.pick(['1', '2']);
      const body = `${yy(y)}${pad(m, 2)}${pad(d, 2)}${g}${r.digits(5)}`;
      return `${body.slice(0, 6)}-${body.slice(6)}${krCheck(body)}`;
    },
    valid: (s) => {
      const c = s.replace('-', '');
      return /^\d{13}$/.test(c) && krCheck(c.slice(0, 12)) === c[12];
    },
  },
  {
    // UIDAI Aadhaar: 12 digits, first 2-9, Verhoeff check digit
    country: 'IN',
    name: 'in-aadhaar',
    words: ['Aadhaar', 'Aadhaar number', 'UID'],
    key: 'aadhaar',
    checksum: true,
    make: (r) => {
      const body = String(r.range(2, 9)) + r.digits(10);
      const n = body + verhoeffDigit(body);
      return r.chance(0.6) ? `${n.slice(0, 4)} ${n.slice(4, 8)} ${n.slice(8)}` : n;
    },
    valid: (s) => {
      const c = s.replace(/ /g, '');
      return /^[2-9]\d{11}$/.test(c) && verhoeffOk(c);
    },
  },
  {
    // Income Tax Department PAN: AAA + holder type (P: person) + initial + 4 digits + letter
    country: 'IN',
    name: 'in-pan',
    words: ['PAN', 'PAN card'],
    key: 'pan',
    checksum: false,
    make: (r) => `${r.chars(3, UPPER)}P${r.chars(1, UPPER)}${r.digits(4)}${r.chars(1, UPPER)}`,
    valid: (s) => /^[A-Z]{3}[ABCFGHLJPT][A-Z]\d{4}[A-Z]$/.test(s),
  },
  {
    // Receita Federal CPF: 9 digits and two mod-11 check digits, written 000.000.000-00
    country: 'BR',
    name: 'br-cpf',
    words: ['CPF'],
    key: 'cpf',
    checksum: true,
    make: (r) => {
      let d9: number[];
      do d9 = digitsOf(r.digits(9));
      while (new Set(d9).size === 1);
      const [a, b] = cpfDigits(d9);
      const n = d9.join('') + a + b;
      return r.chance(0.7) ? `${n.slice(0, 3)}.${n.slice(3, 6)}.${n.slice(6, 9)}-${n.slice(9)}` : n;
    },
    valid: (s) => {
      if (!/^(\d{3}\.\d{3}\.\d{3}-\d{2}|\d{11})$/.test(s)) return false;
      const d = digitsOf(s);
      if (new Set(d).size === 1) return false;
      const [a, b] = cpfDigits(d.slice(0, 9));
      return d[9] === a && d[10] === b;
    },
  },
  {
    // Spanish DNI: 8 digits + letter of the remainder mod 23 (Real Decreto 1553/2005); NIE: X/Y/Z as 0/1/2
    country: 'ES',
    name: 'es-dni-nie',
    words: ['DNI', 'NIE', 'documento de identidad'],
    key: 'dni',
    checksum: true,
    make: (r) => {
      if (r.chance(0.3)) {
        const p = r.pick(['X', 'Y', 'Z']);
        const d = r.digits(7);
        return `${p}${d}${DNI_LETTERS[Number('XYZ'.indexOf(p) + d) % 23]!}`;
      }
      const n = r.digits(8);
      return `${n}${DNI_LETTERS[Number(n) % 23]!}`;
    },
    valid: (s) => {
      const m = /^([XYZ]?)(\d{7,8})([A-Z])$/.exec(s);
      if (!m) return false;
      if (m[1] && m[2]!.length !== 7) return false;
      if (!m[1] && m[2]!.length !== 8) return false;
      const n = Number((m[1] ? String('XYZ'.indexOf(m[1])) : '') + m[2]);
      return DNI_LETTERS[n % 23] === m[3];
    },
  },
  {
    // Italian codice fiscale (DM 23/12/1976): 15 characters and a check letter from the odd/even tables
    country: 'IT',
    name: 'it-codice-fiscale',
    words: ['codice fiscale', 'CF'],
    key: 'codice_fiscale',
    checksum: true,
    make: (r) => {
      const [y, m, d] = birth(r);
      const cons = 'BCDFGHJKLMNPQRSTVWXZ';
      const body = `${r.chars(3, cons)}${r.chars(3, cons)}${yy(y)}${'ABCDEHLMPRST'[m - 1]!}${pad(d + (r.chance(0.5) ? 40 : 0), 2)}${r.pick(['H501', 'F205', 'L219', 'G273', 'A662', 'D612'])}`;
      return body + cfCheck(body);
    },
    valid: (s) => /^[A-Z]{6}\d{2}[ABCDEHLMPRST]\d{2}[A-Z]\d{3}[A-Z]$/.test(s) && cfCheck(s.slice(0, 15)) === s[15],
  },
  {
    // INSEE NIR: sex, YY, MM, department, commune, order (13 digits) + key 97 - (n mod 97)
    country: 'FR',
    name: 'fr-nir',
    words: ['numéro de sécurité sociale', 'NIR', 'numéro INSEE'],
    key: 'nir',
    checksum: true,
    make: (r) => {
      const [y, m] = birth(r);
      const n = `${r.pick(['1', '2'])}${yy(y)}${pad(m, 2)}${pad(r.range(1, 95), 2)}${pad(r.range(1, 990), 3)}${pad(r.range(1, 999), 3)}`;
      const key = pad(97 - Number(BigInt(n) % 97n), 2);
      return r.chance(0.6)
        ? `${n[0]} ${n.slice(1, 3)} ${n.slice(3, 5)} ${n.slice(5, 7)} ${n.slice(7, 10)} ${n.slice(10)} ${key}`
        : n + key;
    },
    valid: (s) => {
      const c = s.replace(/ /g, '');
      return /^[12]\d{14}$/.test(c) && 97 - Number(BigInt(c.slice(0, 13)) % 97n) === Number(c.slice(13));
    },
  },
  {
    // Steuerliche Identifikationsnummer: 11 digits, one digit twice or thrice in the first ten, ISO 7064 MOD 11,10
    country: 'DE',
    name: 'de-steuer-id',
    words: ['Steuer-ID', 'Steueridentifikationsnummer', 'IdNr'],
    key: 'steuer_id',
    checksum: true,
    make: (r) => {
      for (;;) {
        const twice = r.int(10);
        const others = r.shuffle([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => d !== twice)).slice(0, 8);
        const ten = r.shuffle([twice, twice, ...others]).join('');
        if (!steuerIdShape(ten)) continue;
        return ten + mod11_10(ten);
      }
    },
    valid: (s) => /^\d{11}$/.test(s) && steuerIdShape(s.slice(0, 10)) && mod11_10(s.slice(0, 10)) === s[10],
  },
  {
    // Dutch BSN: 9 digits passing the eleven test (9a + 8b + … + 2h − i ≡ 0 mod 11)
    country: 'NL',
    name: 'nl-bsn',
    words: ['BSN', 'burgerservicenummer'],
    key: 'bsn',
    checksum: true,
    make: (r) => {
      for (;;) {
        const d = digitsOf(String(r.range(1, 9)) + r.digits(7));
        const s = weighted(d, [9, 8, 7, 6, 5, 4, 3, 2]);
        const last = s % 11;
        if (last <= 9) return d.join('') + last;
      }
    },
    valid: (s) => {
      if (!/^\d{9}$/.test(s)) return false;
      const d = digitsOf(s);
      return (weighted(d, [9, 8, 7, 6, 5, 4, 3, 2]) - d[8]!) % 11 === 0;
    },
  },
  {
    // Belgian national register number: YYMMDD + serial + 97 − (n mod 97), with a leading 2 for births from 2000
    country: 'BE',
    name: 'be-national-number',
    words: ['rijksregisternummer', 'numéro de registre national', 'national number'],
    key: 'national_number',
    checksum: true,
    make: (r) => {
      const [y, m, d] = birth(r);
      const nine = `${yy(y)}${pad(m, 2)}${pad(d, 2)}${pad(r.range(1, 997), 3)}`;
      const base = y >= 2000 ? BigInt('2' + nine) : BigInt(nine);
      const c = pad(97 - Number(base % 97n), 2);
      return `${nine.slice(0, 2)}.${nine.slice(2, 4)}.${nine.slice(4, 6)}-${nine.slice(6)}.${c}`;
    },
    valid: (s) => {
      const c = s.replace(/[.-]/g, '');
      if (!/^\d{11}$/.test(c)) return false;
      const nine = c.slice(0, 9);
      const k = Number(c.slice(9));
      return 97 - Number(BigInt(nine) % 97n) === k || 97 - Number(BigInt('2' + nine) % 97n) === k;
    },
  },
  {
    // PESEL: YYMMDD (month + 20 from 2000), serial, check (10 − Σ w·d mod 10) mod 10, weights 1 3 7 9
    country: 'PL',
    name: 'pl-pesel',
    words: ['PESEL'],
    key: 'pesel',
    checksum: true,
    make: (r) => {
      const [y, m, d] = birth(r);
      const body = `${yy(y)}${pad(m + (y >= 2000 ? 20 : 0), 2)}${pad(d, 2)}${r.digits(4)}`;
      const c = (10 - (weighted(digitsOf(body), [1, 3, 7, 9, 1, 3, 7, 9, 1, 3]) % 10)) % 10;
      return body + c;
    },
    valid: (s) =>
      /^\d{11}$/.test(s) && (10 - (weighted(digitsOf(s), [1, 3, 7, 9, 1, 3, 7, 9, 1, 3]) % 10)) % 10 === Number(s[10]),
  },
  {
    // Swedish personnummer: YYMMDD-NNNC, Luhn over the ten digits (Skatteverket SKV 704)
    country: 'SE',
    name: 'se-personnummer',
    words: ['personnummer'],
    key: 'personnummer',
    checksum: true,
    make: (r) => {
      const [y, m, d] = birth(r);
      const body = `${yy(y)}${pad(m, 2)}${pad(d, 2)}${r.digits(3)}`;
      return `${body.slice(0, 6)}-${body.slice(6)}${luhnDigit(body)}`;
    },
    valid: (s) => /^\d{6}[-+]\d{4}$/.test(s) && luhnOk(s.replace(/[-+]/g, '')),
  },
  {
    // Norwegian fødselsnummer: DDMMYY + 3 individual digits + two mod-11 check digits (Skatteetaten)
    country: 'NO',
    name: 'no-fodselsnummer',
    words: ['fødselsnummer', 'personnummer'],
    key: 'fodselsnummer',
    checksum: true,
    make: (r) => {
      for (;;) {
        const [y, m, d] = birth(r);
        const d9 = digitsOf(`${pad(d, 2)}${pad(m, 2)}${yy(y)}${r.digits(3)}`);
        const c = noChecks(d9);
        if (c) return d9.join('') + c[0] + c[1];
      }
    },
    valid: (s) => {
      if (!/^\d{11}$/.test(s)) return false;
      const d = digitsOf(s);
      const c = noChecks(d.slice(0, 9));
      return !!c && c[0] === d[9] && c[1] === d[10];
    },
  },
  {
    // Finnish henkilötunnus: DDMMYY, century sign, NNN, check character of (DDMMYYNNN mod 31) (DVV)
    country: 'FI',
    name: 'fi-hetu',
    words: ['henkilötunnus', 'HETU', 'personal identity code'],
    key: 'hetu',
    checksum: true,
    make: (r) => {
      const [y, m, d] = birth(r);
      const n = pad(r.range(2, 899), 3);
      const nine = `${pad(d, 2)}${pad(m, 2)}${yy(y)}${n}`;
      return `${nine.slice(0, 6)}${y >= 2000 ? 'A' : '-'}${n}${HETU[Number(nine) % 31]!}`;
    },
    valid: (s) => {
      const m = /^(\d{6})([-+A-FU-Y])(\d{3})([0-9A-Y])$/.exec(s);
      return !!m && HETU[Number(m[1]! + m[3]!) % 31] === m[4];
    },
  },
  {
    // Danish CPR: DDMMYY-SSSS (the modulus-11 check was dropped in 2007: syntax and date only)
    country: 'DK',
    name: 'dk-cpr',
    words: ['CPR-nummer', 'CPR'],
    key: 'cpr',
    checksum: false,
    make: (r) => {
      const [y, m, d] = birth(r);
      return `${pad(d, 2)}${pad(m, 2)}${yy(y)}-${r.digits(4)}`;
    },
    valid: (s) => {
      const m = /^(\d{2})(\d{2})(\d{2})-?\d{4}$/.exec(s);
      return !!m && dateOk(2000, Number(m[2]), Number(m[1]));
    },
  },
  {
    // Canadian SIN: 9 digits, Luhn, first digit not 0 or 8
    country: 'CA',
    name: 'ca-sin',
    words: ['SIN', 'social insurance number'],
    key: 'sin',
    checksum: true,
    make: (r) => {
      const body = r.pick(['1', '2', '3', '4', '5', '6', '7', '9']) + r.digits(7);
      const n = body + luhnDigit(body);
      return r.chance(0.6) ? `${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}` : n;
    },
    valid: (s) => {
      const c = s.replace(/[ -]/g, '');
      return /^[1-79]\d{8}$/.test(c) && luhnOk(c);
    },
  },
  {
    // Japanese individual number (My Number): 11 digits + check digit of the ministerial ordinance
    country: 'JP',
    name: 'jp-my-number',
    words: ['マイナンバー', 'My Number', '個人番号'],
    key: 'my_number',
    checksum: true,
    make: (r) => {
      const body = r.digits(11);
      const n = body + jpMyNumberCheck(body);
      return r.chance(0.5) ? `${n.slice(0, 4)} ${n.slice(4, 8)} ${n.slice(8)}` : n;
    },
    valid: (s) => {
      const c = s.replace(/[ -]/g, '');
      return /^\d{12}$/.test(c) && jpMyNumberCheck(c.slice(0, 11)) === c[11];
    },
  },
  {
    // Mexican CURP (RENAPO): 4 letters, YYMMDD, sex, state, 3 consonants, differentiator, check digit
    country: 'MX',
    name: 'mx-curp',
    words: ['CURP'],
    key: 'curp',
    checksum: true,
    make: (r) => {
      const [y, m, d] = birth(r);
      const cons = 'BCDFGHJKLMNPQRSTVWXZ';
      const body = `${r.chars(1, cons)}${r.chars(1, 'AEIOU')}${r.chars(2, cons)}${yy(y)}${pad(m, 2)}${pad(d, 2)}${r.pick(['H', 'M'])}${r.pick(['DF', 'JC', 'NL', 'PL', 'VZ', 'YN'])}${r.chars(3, cons)}${y >= 2000 ? r.chars(1, UPPER) : r.digits(1)}`;
      return body + curpCheck(body);
    },
    valid: (s) =>
      /^[A-Z]{4}\d{6}[HM][A-Z]{2}[B-DF-HJ-NP-TV-Z]{3}[A-Z\d]\d$/.test(s) && curpCheck(s.slice(0, 17)) === s[17],
  },
  {
    // South African identity number: YYMMDD SSSS C A Z, Luhn check digit (Department of Home Affairs)
    country: 'ZA',
    name: 'za-id',
    words: ['ID number', 'identity number'],
    key: 'id_number',
    checksum: true,
    make: (r) => {
      const [y, m, d] = birth(r);
      const body = `${yy(y)}${pad(m, 2)}${pad(d, 2)}${r.digits(4)}${r.pick(['0', '1'])}8`;
      return body + luhnDigit(body);
    },
    valid: (s) => /^\d{13}$/.test(s) && luhnOk(s),
  },
  {
    // Turkish T.C. Kimlik No: 11 digits, d10 = (7·Σodd − Σeven) mod 10, d11 = Σ(d1..d10) mod 10
    country: 'TR',
    name: 'tr-tckn',
    words: ['TC Kimlik No', 'T.C. kimlik numarası', 'TCKN'],
    key: 'tckn',
    checksum: true,
    make: (r) => {
      const d = digitsOf(String(r.range(1, 9)) + r.digits(8));
      const odd = d[0]! + d[2]! + d[4]! + d[6]! + d[8]!;
      const even = d[1]! + d[3]! + d[5]! + d[7]!;
      const d10 = (((odd * 7 - even) % 10) + 10) % 10;
      const d11 = (d.reduce((a, b) => a + b, 0) + d10) % 10;
      return d.join('') + d10 + d11;
    },
    valid: (s) => {
      if (!/^[1-9]\d{10}$/.test(s)) return false;
      const d = digitsOf(s);
      const odd = d[0]! + d[2]! + d[4]! + d[6]! + d[8]!;
      const even = d[1]! + d[3]! + d[5]! + d[7]!;
      return (((odd * 7 - even) % 10) + 10) % 10 === d[9] && d.slice(0, 10).reduce((a, b) => a + b, 0) % 10 === d[10];
    },
  },
  {
    // Israeli Teudat Zehut: 9 digits, Luhn-style check
    country: 'IL',
    name: 'il-teudat-zehut',
    words: ['תעודת זהות', 'Teudat Zehut', 'ID number'],
    key: 'teudat_zehut',
    checksum: true,
    make: (r) => {
      const body = r.digits(8);
      return body + luhnDigit(body);
    },
    valid: (s) => /^\d{9}$/.test(s) && luhnOk(s),
  },
  {
    // Portuguese NIF: 9 digits (persons start 1-3), check 11 − Σ d·(9..2) mod 11, 10 or 11 → 0
    country: 'PT',
    name: 'pt-nif',
    words: ['NIF', 'número de contribuinte'],
    key: 'nif',
    checksum: true,
    make: (r) => {
      const d = digitsOf(r.pick(['1', '2', '3']) + r.digits(7));
      const c = 11 - (weighted(d, [9, 8, 7, 6, 5, 4, 3, 2]) % 11);
      return d.join('') + (c >= 10 ? 0 : c);
    },
    valid: (s) => {
      if (!/^[1-35689]\d{8}$/.test(s)) return false;
      const d = digitsOf(s);
      const c = 11 - (weighted(d, [9, 8, 7, 6, 5, 4, 3, 2]) % 11);
      return (c >= 10 ? 0 : c) === d[8];
    },
  },
  {
    // Chilean RUT/RUN: body, mod-11 verifier with weights 2..7 from the right, K for 10
    country: 'CL',
    name: 'cl-rut',
    words: ['RUT', 'RUN'],
    key: 'rut',
    checksum: true,
    make: (r) => {
      const body = String(r.range(5_000_000, 25_999_999));
      const dv = rutDv(body);
      return `${body.slice(0, -6)}.${body.slice(-6, -3)}.${body.slice(-3)}-${dv}`;
    },
    valid: (s) => {
      const m = /^(\d{1,2})\.(\d{3})\.(\d{3})-([\dK])$/.exec(s);
      return !!m && rutDv(m[1]! + m[2]! + m[3]!) === m[4];
    },
  },
  {
    // Argentine CUIL: type (20, 23, 24, 27), DNI, mod-11 check with weights 5432765432
    country: 'AR',
    name: 'ar-cuil',
    words: ['CUIL', 'CUIT'],
    key: 'cuil',
    checksum: true,
    make: (r) => {
      for (;;) {
        const t = r.pick(['20', '27', '23']);
        const dni = String(r.range(10_000_000, 45_999_999));
        const c = cuilDv(digitsOf(t + dni));
        if (c !== null) return `${t}-${dni}-${c}`;
      }
    },
    valid: (s) => {
      const m = /^(20|23|24|27)-?(\d{8})-?(\d)$/.exec(s);
      return !!m && cuilDv(digitsOf(m[1]! + m[2]!)) === Number(m[3]);
    },
  },
  {
    // Singapore NRIC: S/T + 7 digits + check letter (weights 2765432, T offset 4, table JZIHGFEDCBA)
    country: 'SG',
    name: 'sg-nric',
    words: ['NRIC'],
    key: 'nric',
    checksum: true,
    make: (r) => {
      const p = r.pick(['S', 'T']);
      const d = r.digits(7);
      return `${p}${d}${nricCheck(p, d)}`;
    },
    valid: (s) => /^[ST]\d{7}[A-Z]$/.test(s) && nricCheck(s[0]!, s.slice(1, 8)) === s[8],
  },
  {
    // Indonesian NIK: 6-digit region, DDMMYY (day + 40 for women), 4-digit serial (no check digit)
    country: 'ID',
    name: 'id-nik',
    words: ['NIK', 'nomor induk kependudukan'],
    key: 'nik',
    checksum: false,
    make: (r) => {
      const [y, m, d] = birth(r);
      return `${r.pick(['317101', '327301', '357801', '517101'])}${pad(d + (r.chance(0.5) ? 40 : 0), 2)}${pad(m, 2)}${yy(y)}${pad(r.range(1, 9999), 4)}`;
    },
    valid: (s) => {
      if (!/^\d{16}$/.test(s)) return false;
      const d = Number(s.slice(6, 8)) % 40;
      return dateOk(2000, Number(s.slice(8, 10)), d);
    },
  },
  {
    // Nigerian NIN: 11 digits (NIMC; no published check digit)
    country: 'NG',
    name: 'ng-nin',
    words: ['NIN', 'National Identification Number'],
    key: 'nin',
    checksum: false,
    make: (r) => String(r.range(1, 9)) + r.digits(10),
    valid: (s) => /^\d{11}$/.test(s),
  },
];

export const nationalIdByName = (name: string): NationalIdMaker => {
  const m = NATIONAL_IDS.find((x) => x.name === name);
  if (!m) throw new Error(`no national id ${name}`);
  return m;
};

// ---------------------------------------------------------------- crypto wallets

// Keccak-f[1600] round constants and rotation offsets (The Keccak reference, 3.0; FIPS 202 §3.2)
const RC: readonly bigint[] = [
  0x0000000000000001n,
  0x0000000000008082n,
  0x800000000000808an,
  0x8000000080008000n,
  0x000000000000808bn,
  0x0000000080000001n,
  0x8000000080008081n,
  0x8000000000008009n,
  0x000000000000008an,
  0x0000000000000088n,
  0x0000000080008009n,
  0x000000008000000an,
  0x000000008000808bn,
  0x800000000000008bn,
  0x8000000000008089n,
  0x8000000000008003n,
  0x8000000000008002n,
  0x8000000000000080n,
  0x000000000000800an,
  0x800000008000000an,
  0x8000000080008081n,
  0x8000000000008080n,
  0x0000000080000001n,
  0x8000000080008008n,
];
const ROT: readonly (readonly number[])[] = [
  [0, 36, 3, 41, 18],
  [1, 44, 10, 45, 2],
  [62, 6, 43, 15, 61],
  [28, 55, 25, 21, 56],
  [27, 20, 39, 8, 14],
];
const M64 = (1n << 64n) - 1n;
const rotl = (v: bigint, n: number): bigint => (n === 0 ? v : ((v << BigInt(n)) | (v >> BigInt(64 - n))) & M64);

function keccakF(a: bigint[]): void {
  for (let round = 0; round < 24; round++) {
    const c: bigint[] = [];
    for (let x = 0; x < 5; x++) c.push(a[x]! ^ a[x + 5]! ^ a[x + 10]! ^ a[x + 15]! ^ a[x + 20]!);
    for (let x = 0; x < 5; x++) {
      const d = c[(x + 4) % 5]! ^ rotl(c[(x + 1) % 5]!, 1);
      for (let y = 0; y < 5; y++) a[x + 5 * y] = a[x + 5 * y]! ^ d;
    }
    const b: bigint[] = new Array<bigint>(25).fill(0n);
    for (let x = 0; x < 5; x++)
      for (let y = 0; y < 5; y++) b[y + 5 * ((2 * x + 3 * y) % 5)] = rotl(a[x + 5 * y]!, ROT[x]![y]!);
    for (let x = 0; x < 5; x++)
      for (let y = 0; y < 5; y++)
        a[x + 5 * y] = b[x + 5 * y]! ^ (~b[((x + 1) % 5) + 5 * y]! & M64 & b[((x + 2) % 5) + 5 * y]!);
    a[0] = a[0]! ^ RC[round]!;
  }
}

/** Keccak-256 as Ethereum uses it (original Keccak padding 0x01 … 0x80, rate 136 bytes). */
export function keccak256(data: Buffer): Buffer {
  const rate = 136;
  const padded = Buffer.alloc(Math.floor(data.length / rate) * rate + rate);
  data.copy(padded);
  padded[data.length] = padded[data.length]! ^ 0x01;
  padded[padded.length - 1] = padded[padded.length - 1]! ^ 0x80;
  const a: bigint[] = new Array<bigint>(25).fill(0n);
  for (let off = 0; off < padded.length; off += rate) {
    for (let i = 0; i < rate / 8; i++) a[i] = a[i]! ^ padded.readBigUInt64LE(off + 8 * i);
    keccakF(a);
  }
  const out = Buffer.alloc(32);
  for (let i = 0; i < 4; i++) out.writeBigUInt64LE(a[i]!, 8 * i);
  return out;
}

/** EIP-55 mixed-case checksum of a 40-hex-digit address. */
export function eip55(hex40: string): string {
  const lower = hex40.toLowerCase();
  const h = keccak256(Buffer.from(lower, 'ascii')).toString('hex');
  let out = '0x';
  for (let i = 0; i < 40; i++) out += parseInt(h[i]!, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i]!;
  return out;
}
export const eip55Valid = (s: string): boolean => /^0x[0-9a-fA-F]{40}$/.test(s) && eip55(s.slice(2)) === s;

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const sha256 = (b: Buffer): Buffer => createHash('sha256').update(b).digest();
export function base58(b: Buffer): string {
  let n = BigInt('0x' + (b.toString('hex') || '0'));
  let s = '';
  while (n > 0n) {
    s = B58[Number(n % 58n)]! + s;
    n /= 58n;
  }
  for (const byte of b) {
    if (byte !== 0) break;
    s = '1' + s;
  }
  return s;
}
function unbase58(s: string): Buffer | null {
  let n = 0n;
  for (const c of s) {
    const v = B58.indexOf(c);
    if (v < 0) return null;
    n = n * 58n + BigInt(v);
  }
  let hex = n === 0n ? '' : n.toString(16);
  if (hex.length % 2) hex = '0' + hex;
  const lead = /^1*/.exec(s)![0].length;
  return Buffer.concat([Buffer.alloc(lead), Buffer.from(hex, 'hex')]);
}
export function base58check(version: number, payload: Buffer): string {
  const body = Buffer.concat([Buffer.from([version]), payload]);
  return base58(Buffer.concat([body, sha256(sha256(body)).subarray(0, 4)]));
}
export function base58checkValid(s: string): boolean {
  const b = unbase58(s);
  if (!b || b.length !== 25) return false;
  const body = b.subarray(0, 21);
  return sha256(sha256(body)).subarray(0, 4).equals(b.subarray(21)) && (b[0] === 0 || b[0] === 5);
}

const BECH = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
function polymod(values: number[]): number {
  const G = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const v of values) {
    const b = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((b >>> i) & 1) chk ^= G[i]!;
  }
  return chk >>> 0;
}
const hrpExpand = (hrp: string): number[] => [
  ...[...hrp].map((c) => c.charCodeAt(0) >> 5),
  0,
  ...[...hrp].map((c) => c.charCodeAt(0) & 31),
];
const BECH32M = 0x2bc830a3;
function convertBits(data: Buffer, from: number, to: number): number[] {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  for (const v of data) {
    acc = (acc << from) | v;
    bits += from;
    while (bits >= to) {
      bits -= to;
      out.push((acc >> bits) & ((1 << to) - 1));
    }
  }
  if (bits > 0) out.push((acc << (to - bits)) & ((1 << to) - 1));
  return out;
}
/** A segwit address (BIP-173 bech32 for version 0, BIP-350 bech32m for version 1). */
export function segwitAddress(hrp: string, version: number, program: Buffer): string {
  const data = [version, ...convertBits(program, 8, 5)];
  const mod = polymod([...hrpExpand(hrp), ...data, 0, 0, 0, 0, 0, 0]) ^ (version === 0 ? 1 : BECH32M);
  const chk: number[] = [];
  for (let i = 0; i < 6; i++) chk.push((mod >>> (5 * (5 - i))) & 31);
  return `${hrp}1${[...data, ...chk].map((v) => BECH[v]!).join('')}`;
}
export function segwitValid(s: string): boolean {
  const m = /^(bc|tb)1([qpzry9x8gf2tvdw0s3jn54khce6mua7l]{6,87})$/.exec(s);
  if (!m) return false;
  const data = [...m[2]!].map((c) => BECH.indexOf(c));
  const c = polymod([...hrpExpand(m[1]!), ...data]);
  return data[0] === 0 ? c === 1 : c === BECH32M;
}

export interface Wallet {
  readonly text: string;
  readonly kind: 'eip55' | 'base58check' | 'bech32' | 'bech32m';
}
export function makeWallet2(r: Rng): Wallet {
  const bytes = (n: number): Buffer => Buffer.from(r.hex(2 * n), 'hex');
  switch (r.int(4)) {
    case 0:
      return { text: eip55(r.hex(40)), kind: 'eip55' };
    case 1:
      return { text: base58check(r.chance(0.6) ? 0 : 5, bytes(20)), kind: 'base58check' };
    case 2:
      return { text: segwitAddress('bc', 0, bytes(20)), kind: 'bech32' };
    default:
      return { text: segwitAddress('bc', 1, bytes(32)), kind: 'bech32m' };
  }
}
export function walletValid(kind: string, s: string): boolean {
  if (kind === 'eip55') return eip55Valid(s);
  if (kind === 'base58check') return base58checkValid(s);
  return segwitValid(s);
}

// ---------------------------------------------------------------- phones

/** The 40 most populous countries (UN WPP 2024) and the rest of the EU, with a calling word in the local language. */
export const PHONE_COUNTRIES: readonly { cc: CountryCode; word: string }[] = [
  { cc: 'CN', word: '电话' },
  { cc: 'IN', word: 'mobile' },
  { cc: 'US', word: 'cell' },
  { cc: 'ID', word: 'HP' },
  { cc: 'PK', word: 'mobile' },
  { cc: 'NG', word: 'phone' },
  { cc: 'BR', word: 'celular' },
  { cc: 'BD', word: 'mobile' },
  { cc: 'RU', word: 'тел.' },
  { cc: 'MX', word: 'cel.' },
  { cc: 'ET', word: 'phone' },
  { cc: 'JP', word: '携帯' },
  { cc: 'PH', word: 'mobile' },
  { cc: 'EG', word: 'mobile' },
  { cc: 'CD', word: 'tél.' },
  { cc: 'VN', word: 'SĐT' },
  { cc: 'IR', word: 'phone' },
  { cc: 'TR', word: 'cep' },
  { cc: 'DE', word: 'Handy' },
  { cc: 'TH', word: 'โทร' },
  { cc: 'GB', word: 'mobile' },
  { cc: 'TZ', word: 'simu' },
  { cc: 'FR', word: 'portable' },
  { cc: 'ZA', word: 'cell' },
  { cc: 'IT', word: 'cellulare' },
  { cc: 'KE', word: 'phone' },
  { cc: 'MM', word: 'phone' },
  { cc: 'CO', word: 'celular' },
  { cc: 'KR', word: '휴대폰' },
  { cc: 'SD', word: 'phone' },
  { cc: 'UG', word: 'phone' },
  { cc: 'ES', word: 'móvil' },
  { cc: 'DZ', word: 'portable' },
  { cc: 'IQ', word: 'mobile' },
  { cc: 'AR', word: 'celular' },
  { cc: 'AF', word: 'phone' },
  { cc: 'YE', word: 'phone' },
  { cc: 'CA', word: 'cell' },
  { cc: 'PL', word: 'tel. kom.' },
  { cc: 'MA', word: 'portable' },
  { cc: 'NL', word: 'mobiel' },
  { cc: 'BE', word: 'gsm' },
  { cc: 'SE', word: 'mobil' },
  { cc: 'PT', word: 'telemóvel' },
  { cc: 'CZ', word: 'mobil' },
  { cc: 'GR', word: 'κινητό' },
  { cc: 'AT', word: 'Mobil' },
  { cc: 'HU', word: 'mobil' },
  { cc: 'RO', word: 'mobil' },
  { cc: 'DK', word: 'mobil' },
  { cc: 'FI', word: 'puh.' },
  { cc: 'IE', word: 'mobile' },
  { cc: 'SK', word: 'mobil' },
  { cc: 'BG', word: 'тел.' },
  { cc: 'HR', word: 'mob.' },
  { cc: 'LT', word: 'tel.' },
  { cc: 'SI', word: 'GSM' },
  { cc: 'LV', word: 'tālr.' },
  { cc: 'EE', word: 'tel' },
  { cc: 'LU', word: 'GSM' },
  { cc: 'CY', word: 'κιν.' },
  { cc: 'MT', word: 'mobile' },
  // beyond the 40 and the EU: countries of the national-id makers and the address layouts
  { cc: 'AU', word: 'mob.' },
  { cc: 'IL', word: 'נייד' },
  { cc: 'SG', word: 'HP' },
  { cc: 'CL', word: 'celular' },
  { cc: 'NO', word: 'mobil' },
  { cc: 'CH', word: 'Natel' },
];

export interface Phone {
  readonly text: string;
  readonly country: string;
  /** national, international, e164, or national-<separator> */
  readonly layout: string;
}

/** A valid mobile number of `cc`, in one of its layouts (each re-checked valid for the country). */
export function makePhone2(r: Rng, cc: CountryCode): Phone {
  const ex = getExampleNumber(cc, examples);
  if (!ex) throw new Error(`no example number for ${cc}`);
  const nn = ex.nationalNumber as string;
  let national: string | undefined;
  for (let tries = 0; tries < 400 && !national; tries++) {
    const keep = Math.max(1, nn.length - (tries < 200 ? 6 : 4));
    const cand = nn.slice(0, keep) + r.digits(nn.length - keep);
    const p = parsePhoneNumber(cand, cc);
    if (p.isValid() && p.country === cc) national = cand;
  }
  if (!national) throw new Error(`no valid ${cc} number drawn`);
  const p = parsePhoneNumber(national, cc);
  const nat = p.formatNational();
  const layouts: [string, string][] = [
    ['national', nat],
    ['international', p.formatInternational()],
    ['e164', p.number],
  ];
  const digitsOnly = nat.replace(/[^\d]/g, '');
  const groups = nat.split(/[\s\-.]+/).filter(Boolean);
  if (groups.length >= 2 && /^[\d\s\-.]+$/.test(nat)) {
    layouts.push(['national-slash', `${groups[0]}/${groups.slice(1).join('')}`]);
    layouts.push(['national-dots', groups.join('.')]);
    layouts.push(['national-dashes', groups.join('-')]);
    layouts.push(['national-compact', digitsOnly]);
  }
  const [layout, text] = r.pick(layouts.filter(([, t]) => isValidPhoneNumber(t, cc)));
  return { text, country: cc, layout };
}

// ---------------------------------------------------------------- addresses

export interface Address {
  /** The whole address as one line. */
  readonly full: string;
  /** Street, house number (and unit where the layout puts them together): the identifying part. */
  readonly street: string;
  readonly postcode: string;
  readonly city: string;
  readonly country: string;
  readonly layout: string;
}

type AddrMaker = (r: Rng) => Omit<Address, 'country' | 'layout'> & { layout?: string };
const DE_STEMS = [
  'Kastanien',
  'Linden',
  'Birken',
  'Mühlen',
  'Ahorn',
  'Holunder',
  'Eichen',
  'Tannen',
  'Rosen',
  'Buchen',
];
/** Street-address layouts per country (UPU Postal addressing systems; national post guides). */
export const ADDRESSES: Record<string, AddrMaker> = {
  DE: (r) => {
    const street = `${r.pick(DE_STEMS)}${r.pick(['ring', 'weg', 'straße', 'str.', 'allee', 'gasse', 'damm', 'pfad'])} ${r.range(1, 140)}${r.chance(0.15) ? r.pick(['a', 'b']) : ''}`;
    const [city, pc] = r.pick([
      ['Köln', '50'],
      ['München', '80'],
      ['Leipzig', '04'],
      ['Dresden', '01'],
      ['Stuttgart', '70'],
      ['Hamburg', '22'],
    ] as const);
    const postcode = pc + r.digits(3);
    return { full: `${street}, ${postcode} ${city}`, street, postcode, city, layout: 'street-number' };
  },
  AT: (r) => {
    const street = `${r.pick(['Mariahilfer', 'Landstraßer', 'Wiedner', 'Grazer'])} ${r.pick(['Straße', 'Hauptstraße', 'Gürtel'])} ${r.range(1, 200)}/${r.range(1, 9)}/${r.range(1, 30)}`;
    const postcode = `1${pad(r.range(1, 23), 2)}0`;
    return { full: `${street}, ${postcode} Wien`, street, postcode, city: 'Wien', layout: 'street-number/stair/door' };
  },
  CH: (r) => {
    const street = `${r.pick(['Bahnhof', 'Seefeld', 'Kirch', 'Wiesen'])}${r.pick(['strasse', 'weg', 'gasse'])} ${r.range(1, 120)}`;
    const [city, postcode] = r.pick([
      ['Zürich', '8001'],
      ['Bern', '3011'],
      ['Basel', '4051'],
    ] as const);
    return { full: `${street}, ${postcode} ${city}`, street, postcode, city, layout: 'street-number' };
  },
  NL: (r) => {
    const street = `${r.pick(['Keizersgracht', 'Dorpsstraat', 'Molenweg', 'Prinsengracht', 'Kerkstraat'])} ${r.range(1, 400)}${r.chance(0.4) ? `-${r.range(1, 3)}` : ''}`;
    const postcode = `${r.range(1011, 9999)} ${r.chars(2, 'ABCDEGHJKLNPRSTVWXZ')}`;
    const city = r.pick(['Amsterdam', 'Utrecht', 'Den Haag', 'Eindhoven']);
    return { full: `${street}, ${postcode} ${city}`, street, postcode, city, layout: 'street-number' };
  },
  BE: (r) => {
    const street = r.chance(0.5)
      ? `Rue ${r.pick(['de la Loi', 'Haute', 'du Midi', 'Royale'])} ${r.range(1, 200)}`
      : `${r.pick(['Meir', 'Kerkstraat', 'Veldstraat'])} ${r.range(1, 200)} bus ${r.range(1, 12)}`;
    const [city, postcode] = r.pick([
      ['Bruxelles', '1000'],
      ['Antwerpen', '2000'],
      ['Gent', '9000'],
    ] as const);
    return { full: `${street}, ${postcode} ${city}`, street, postcode, city, layout: 'street-number' };
  },
  FR: (r) => {
    const street = `${r.range(1, 140)}${r.chance(0.15) ? ' bis' : ''} ${r.pick(['rue', 'avenue', 'boulevard', 'allée', 'impasse'])} ${r.pick(['des Lilas', 'Victor Hugo', 'du Moulin', 'Jean Jaurès', 'de la Gare'])}`;
    const [city, pc] = r.pick([
      ['Paris', '750'],
      ['Lyon', '6900'],
      ['Toulouse', '3100'],
      ['Nantes', '4400'],
    ] as const);
    const postcode = pc + r.digits(5 - pc.length);
    return { full: `${street}, ${postcode} ${city}`, street, postcode, city, layout: 'number-street' };
  },
  ES: (r) => {
    const street = `${r.pick(['Calle', 'C/', 'Avenida', 'Paseo'])} ${r.pick(['de Alcalá', 'Mayor', 'del Prado', 'de la Castellana', 'Gran Vía'])}, ${r.range(1, 200)}, ${r.range(1, 9)}º ${r.pick(['A', 'B', 'izq.', 'dcha.'])}`;
    const [city, pc] = r.pick([
      ['Madrid', '280'],
      ['Valencia', '460'],
      ['Sevilla', '410'],
    ] as const);
    const postcode = pc + r.digits(2);
    return { full: `${street}, ${postcode} ${city}`, street, postcode, city, layout: 'calle-number-floor' };
  },
  IT: (r) => {
    const street = `${r.pick(['Via', 'Viale', 'Corso', 'Piazza'])} ${r.pick(['Roma', 'Garibaldi', 'Vittorio Emanuele II', 'dei Mille', 'Mazzini'])} ${r.range(1, 180)}`;
    const [city, pc, prov] = r.pick([
      ['Roma', '001', 'RM'],
      ['Milano', '201', 'MI'],
      ['Torino', '101', 'TO'],
      ['Napoli', '801', 'NA'],
    ] as const);
    const postcode = pc + r.digits(2);
    return { full: `${street}, ${postcode} ${city} ${prov}`, street, postcode, city, layout: 'via-number' };
  },
  PT: (r) => {
    const street = `${r.pick(['Rua', 'Avenida', 'Travessa'])} ${r.pick(['Augusta', 'da Liberdade', 'do Carmo', 'de Santa Catarina'])} ${r.range(1, 300)}, ${r.range(1, 6)}º ${r.pick(['Esq.', 'Dto.'])}`;
    const postcode = `${r.range(1000, 4999)}-${r.digits(3)}`;
    const city = r.pick(['Lisboa', 'Porto', 'Coimbra']);
    return { full: `${street}, ${postcode} ${city}`, street, postcode, city, layout: 'rua-number-floor' };
  },
  BR: (r) => {
    const street = `${r.pick(['Rua', 'Avenida', 'Alameda'])} ${r.pick(['das Flores', 'Paulista', 'Sete de Setembro', 'Barão de Itapetininga'])}, ${r.range(10, 3000)}${r.chance(0.5) ? `, apto ${r.range(11, 1204)}` : ''}`;
    const postcode = `${r.range(10000, 99999)}-${r.digits(3)}`;
    const city = r.pick(['São Paulo - SP', 'Salvador - BA', 'Curitiba - PR', 'Recife - PE']);
    return {
      full: `${street} - ${r.pick(['Centro', 'Bela Vista', 'Boa Viagem'])}, ${city}, ${postcode}`,
      street,
      postcode,
      city,
      layout: 'rua-number-bairro',
    };
  },
  MX: (r) => {
    const street = `${r.pick(['Calle', 'Av.'])} ${r.pick(['5 de Mayo', 'Insurgentes Sur', 'Reforma', 'Hidalgo'])} ${r.range(1, 2000)}${r.chance(0.4) ? ` Int. ${r.range(1, 40)}` : ''}`;
    const postcode = pad(r.range(1000, 99999), 5);
    const city = r.pick(['Ciudad de México, CDMX', 'Guadalajara, Jal.', 'Monterrey, N.L.']);
    return {
      full: `${street}, Col. ${r.pick(['Centro', 'Roma Norte', 'Del Valle'])}, ${postcode} ${city}`,
      street,
      postcode,
      city,
      layout: 'calle-number-colonia',
    };
  },
  AR: (r) => {
    const street = `Av. ${r.pick(['Corrientes', 'Santa Fe', 'Rivadavia'])} ${r.range(100, 9000)}, Piso ${r.range(1, 20)} Depto ${r.pick(['A', 'B', 'C'])}`;
    const postcode = `C${r.range(1000, 1499)}${r.chars(3, UPPER)}`;
    return { full: `${street}, ${postcode} CABA`, street, postcode, city: 'CABA', layout: 'av-number-piso' };
  },
  PL: (r) => {
    const street = `ul. ${r.pick(['Marszałkowska', 'Długa', 'Piotrkowska', 'Floriańska'])} ${r.range(1, 200)}${r.chance(0.5) ? `/${r.range(1, 90)}` : ''}`;
    const postcode = `${pad(r.range(0, 99), 2)}-${r.digits(3)}`;
    const city = r.pick(['Warszawa', 'Kraków', 'Łódź', 'Gdańsk']);
    return { full: `${street}, ${postcode} ${city}`, street, postcode, city, layout: 'ul-number/flat' };
  },
  SE: (r) => {
    const street = `${r.pick(['Drottninggatan', 'Kungsgatan', 'Sveavägen', 'Storgatan', 'Hornsgatan'])} ${r.range(1, 120)}`;
    const postcode = `${r.range(111, 984)} ${r.digits(2)}`;
    const city = r.pick(['Stockholm', 'Göteborg', 'Malmö']);
    return { full: `${street}, ${postcode} ${city}`, street, postcode, city, layout: 'street-number' };
  },
  DK: (r) => {
    const street = `${r.pick(['Nørregade', 'Vesterbrogade', 'Strandvejen'])} ${r.range(1, 200)}, ${r.range(1, 5)}. ${r.pick(['tv', 'th', 'mf'])}`;
    const postcode = String(r.range(1050, 9990));
    const city = r.pick(['København K', 'Aarhus C', 'Odense']);
    return { full: `${street}, ${postcode} ${city}`, street, postcode, city, layout: 'street-number-floor-side' };
  },
  RU: (r) => {
    const street = `ул. ${r.pick(['Тверская', 'Арбат', 'Ленина', 'Садовая'])}, д. ${r.range(1, 120)}, кв. ${r.range(1, 300)}`;
    const postcode = String(r.range(101000, 199999));
    const city = r.pick(['Москва', 'Санкт-Петербург', 'Казань']);
    return { full: `${street}, ${city}, ${postcode}`, street, postcode, city, layout: 'ul-dom-kv' };
  },
  JP: (r) => {
    const postcode = `${r.range(100, 999)}-${r.digits(4)}`;
    if (r.chance(0.5)) {
      const street = `${r.pick(['丸の内', '西新宿', '梅田', '栄'])}${r.range(1, 9)}丁目${r.range(1, 30)}-${r.range(1, 20)}`;
      const city = r.pick(['東京都千代田区', '東京都新宿区', '大阪府大阪市北区', '愛知県名古屋市中区']);
      return { full: `〒${postcode} ${city}${street}`, street, postcode, city, layout: 'chome-kanji' };
    }
    const street = `${r.range(1, 9)}-${r.range(1, 30)}-${r.range(1, 20)} ${r.pick(['Marunouchi', 'Nishi-Shinjuku', 'Umeda', 'Sakae'])}`;
    const city = r.pick(['Chiyoda-ku, Tokyo', 'Shinjuku-ku, Tokyo', 'Kita-ku, Osaka']);
    return { full: `${street}, ${city} ${postcode}`, street, postcode, city, layout: 'chome-romaji' };
  },
  IN: (r) => {
    const n = r.range(1, 18);
    const th =
      n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th';
    const street = `${r.pick(['No.', '#', 'Flat'])} ${r.range(1, 600)}, ${n}${th} ${r.pick(['Cross Road', 'Main Road', 'Cross'])}`;
    const city = r.pick(['Bengaluru', 'Chennai', 'Pune', 'Hyderabad']);
    const postcode = `${r.range(4, 6)}${r.digits(5)}`;
    return {
      full: `${street}, ${r.pick(['Koramangala 4th Block', 'Indiranagar', 'Jayanagar'])}, ${city} ${postcode}`,
      street,
      postcode,
      city,
      layout: 'no-cross-road',
    };
  },
  CN: (r) => {
    const postcode = String(r.range(100000, 710000));
    if (r.chance(0.5)) {
      const street = `${r.pick(['建国路', '南京东路', '中山路', '人民路'])}${r.range(1, 300)}号`;
      const city = r.pick(['北京市朝阳区', '上海市黄浦区', '广州市越秀区']);
      return {
        full: `${city}${street}${r.range(1, 30)}号楼${r.range(101, 2505)}室`,
        street,
        postcode,
        city,
        layout: 'hao-hanzi',
      };
    }
    const street = `No. ${r.range(1, 300)} ${r.pick(['Jianguo Road', 'Nanjing East Road', 'Zhongshan Road'])}`;
    const city = r.pick(['Chaoyang District, Beijing', 'Huangpu District, Shanghai']);
    return { full: `${street}, ${city} ${postcode}`, street, postcode, city, layout: 'no-road-pinyin' };
  },
  KR: (r) => {
    const postcode = pad(r.range(1000, 63644), 5);
    if (r.chance(0.5)) {
      const street = `${r.pick(['테헤란로', '세종대로', '올림픽로'])} ${r.range(1, 500)}`;
      return { full: `서울특별시 강남구 ${street}`, street, postcode, city: '서울특별시', layout: 'ro-hangul' };
    }
    const street = `${r.range(1, 500)} ${r.pick(['Teheran-ro', 'Sejong-daero', 'Olympic-ro'])}`;
    return {
      full: `${street}, Gangnam-gu, Seoul ${postcode}`,
      street,
      postcode,
      city: 'Seoul',
      layout: 'ro-romanised',
    };
  },
  TR: (r) => {
    const street = `${r.pick(['Atatürk Cd.', 'Bağdat Cd.', 'İstiklal Cd.'])} No:${r.range(1, 300)} D:${r.range(1, 20)}`;
    const postcode = `34${r.digits(3)}`;
    return {
      full: `${street}, ${postcode} ${r.pick(['Kadıköy', 'Beşiktaş', 'Şişli'])}/İstanbul`,
      street,
      postcode,
      city: 'İstanbul',
      layout: 'cd-no-daire',
    };
  },
  NG: (r) => {
    const street = `${r.range(1, 120)} ${r.pick(['Adeola Odeku', 'Awolowo', 'Allen', 'Herbert Macaulay'])} ${r.pick(['Street', 'Road', 'Avenue'])}`;
    return {
      full: `${street}, ${r.pick(['Victoria Island', 'Ikoyi', 'Ikeja'])}, Lagos`,
      street,
      postcode: '',
      city: 'Lagos',
      layout: 'number-street-area',
    };
  },
  AU: (r) => {
    const street = `${r.chance(0.5) ? `Unit ${r.range(1, 40)}, ` : ''}${r.range(1, 400)} ${r.pick(['Smith', 'Brunswick', 'Chapel', 'George'])} ${r.pick(['St', 'Rd', 'Pde'])}`;
    const postcode = String(r.range(2000, 7999));
    return {
      full: `${street}, ${r.pick(['Fitzroy VIC', 'Newtown NSW', 'Paddington QLD'])} ${postcode}`,
      street,
      postcode,
      city: 'Fitzroy',
      layout: 'unit-number-street',
    };
  },
  CA: (r) => {
    const fr = r.chance(0.4);
    const street = fr
      ? `${r.range(1, 5000)} rue ${r.pick(['Sainte-Catherine O', 'Saint-Denis', 'Sherbrooke E'])}`
      : `${r.range(1, 5000)} ${r.pick(['Queen St W', 'Yonge St', 'Granville St'])}${r.chance(0.4) ? `, Suite ${r.range(100, 2400)}` : ''}`;
    const postcode = `${r.chars(1, 'ABCEGHJKLMNPRSTVXY')}${r.digits(1)}${r.chars(1, 'ABCEGHJKLMNPRSTVWXYZ')} ${r.digits(1)}${r.chars(1, 'ABCEGHJKLMNPRSTVWXYZ')}${r.digits(1)}`;
    const city = fr ? 'Montréal QC' : r.pick(['Toronto ON', 'Vancouver BC']);
    return { full: `${street}, ${city} ${postcode}`, street, postcode, city, layout: 'number-street' };
  },
  US: (r) => {
    const street = `${r.range(10, 9800)} ${r.pick(['Larkspur', 'Juniper', 'Cedar Hollow', 'Old Mill'])} ${r.pick(['Ln', 'Ave', 'Dr', 'Blvd'])}${r.chance(0.3) ? ` Apt ${r.range(1, 40)}${r.chars(1, 'ABCD')}` : ''}`;
    const postcode = pad(r.range(1000, 99950), 5);
    return {
      full: `${street}, ${r.pick(['Tacoma, WA', 'Raleigh, NC', 'Boise, ID'])} ${postcode}`,
      street,
      postcode,
      city: 'Tacoma',
      layout: 'number-street-unit',
    };
  },
  GB: (r) => {
    const street = `${r.chance(0.3) ? `Flat ${r.range(1, 30)}, ` : ''}${r.range(1, 200)} ${r.pick(['Meadowbank', 'Quarry', 'Fennel'])} ${r.pick(['Road', 'Close', 'Crescent'])}`;
    const postcode = `${r.pick(['LS6', 'BS7', 'M14', 'EH9'])} ${r.digits(1)}${r.chars(2, 'ABDEFGHJLNPQRSTUWXYZ')}`;
    return {
      full: `${street}, ${r.pick(['Leeds', 'Bristol', 'Manchester', 'Edinburgh'])} ${postcode}`,
      street,
      postcode,
      city: 'Leeds',
      layout: 'number-street',
    };
  },
};

export function makeAddress2(r: Rng, country: string): Address {
  // a country without a layout of its own here gets another country's address (labelled with that country)
  const c = ADDRESSES[country] ? country : r.pick(Object.keys(ADDRESSES));
  const a = ADDRESSES[c]!(r);
  return { ...a, country: c, layout: a.layout ?? 'street-number' };
}

// ---------------------------------------------------------------- names

/** Given and family names per country (common names; combined at random, nobody in particular). */
export const NAMES: Record<string, { given: readonly string[]; family: readonly string[] }> = {
  DE: {
    given: ['Jannik', 'Friederike', 'Lennart', 'Henrike', 'Malte', 'Svenja'],
    family: ['Brandauer', 'Kiefer', 'Lohmeyer', 'Ostermann', 'Zeidler'],
  },
  AT: { given: ['Florian', 'Verena', 'Lukas', 'Theresa'], family: ['Gruber', 'Pichler', 'Moser', 'Leitner'] },
  CH: { given: ['Reto', 'Corinne', 'Urs', 'Nadine'], family: ['Brunner', 'Gerber', 'Baumann'] },
  FR: {
    given: ['Maëlle', 'Gaspard', 'Solène', 'Aurélien', 'Clémence'],
    family: ['Leclerc', 'Fontaine', 'Chevalier', 'Perrin'],
  },
  BE: { given: ['Wouter', 'Elke', 'Gilles', 'Lotte'], family: ['Peeters', 'Janssens', 'Maes', 'Claes'] },
  NL: { given: ['Sanne', 'Joris', 'Femke', 'Bram'], family: ['de Vries', 'van Dijk', 'Bakker', 'Visser'] },
  ES: { given: ['Nerea', 'Iker', 'Ainhoa', 'Gonzalo'], family: ['Etxeberria', 'Sandoval', 'Quintana', 'Ordóñez'] },
  IT: { given: ['Chiara', 'Lorenzo', 'Giulia', 'Matteo'], family: ['Esposito', 'Colombo', 'Ricci', 'Marchetti'] },
  PT: { given: ['Inês', 'Tiago', 'Beatriz', 'Duarte'], family: ['Figueiredo', 'Magalhães', 'Antunes'] },
  BR: {
    given: ['Thiago', 'Larissa', 'Rafaela', 'Caio'],
    family: ['Albuquerque', 'Cavalcanti', 'Nogueira', 'Siqueira'],
  },
  MX: { given: ['Ximena', 'Emiliano', 'Guadalupe', 'Santiago'], family: ['Villalobos', 'Cervantes', 'Zamora'] },
  AR: { given: ['Agustina', 'Facundo', 'Micaela'], family: ['Bianchi', 'Ferreyra', 'Godoy'] },
  CL: { given: ['Catalina', 'Benjamín', 'Javiera'], family: ['Contreras', 'Fuentes', 'Valenzuela'] },
  PL: {
    given: ['Zofia', 'Jakub', 'Wiktoria', 'Szymon'],
    family: ['Wiśniewski', 'Lewandowska', 'Kamiński', 'Jankowska'],
  },
  SE: { given: ['Elin', 'Oskar', 'Maja', 'Axel'], family: ['Lindgren', 'Bergström', 'Nyberg'] },
  NO: { given: ['Ingvild', 'Sindre', 'Solveig'], family: ['Haugen', 'Bakken', 'Solberg'] },
  FI: { given: ['Aino', 'Eetu', 'Venla'], family: ['Korhonen', 'Virtanen', 'Mäkinen'] },
  DK: { given: ['Freja', 'Mikkel', 'Ida'], family: ['Kjeldsen', 'Thygesen', 'Mortensen'] },
  TR: { given: ['Elif', 'Emre', 'Zeynep', 'Burak'], family: ['Yılmaz', 'Demir', 'Aydın', 'Öztürk'] },
  RU: { given: ['Анастасия', 'Дмитрий', 'Екатерина'], family: ['Смирнова', 'Волков', 'Кузнецова'] },
  CN: { given: ['Zihan', 'Yuxuan', 'Haoyu', 'Xinyi'], family: ['Liang', 'Song', 'Tang', 'Feng'] },
  JP: { given: ['Sota', 'Mio', 'Riku', 'Hina'], family: ['Fujimoto', 'Inoue', 'Kimura', 'Hayashi'] },
  KR: { given: ['Jiwoo', 'Seojun', 'Yerin', 'Dohyun'], family: ['Yoon', 'Lim', 'Shin', 'Han'] },
  IN: {
    given: ['Aditi', 'Siddharth', 'Meera', 'Karthik', 'Ishaan'],
    family: ['Venkataraman', 'Bhattacharya', 'Kulkarni', 'Nair'],
  },
  ID: { given: ['Putri', 'Agus', 'Dewi', 'Bayu'], family: ['Santoso', 'Wijaya', 'Hidayat'] },
  NG: { given: ['Chiamaka', 'Tunde', 'Ifeoma', 'Babatunde'], family: ['Okafor', 'Adebayo', 'Nnamdi', 'Ogunleye'] },
  ZA: { given: ['Thandiwe', 'Sipho', 'Lerato'], family: ['Dlamini', 'Nkosi', 'van der Merwe'] },
  US: { given: ['Brittany', 'Tyler', 'Kayla', 'Dustin'], family: ['Hendricks', 'Brennan', 'Whitaker', 'Caldwell'] },
  GB: { given: ['Siobhan', 'Rhys', 'Niamh', 'Alistair'], family: ['Fairbairn', 'Ellwood', 'Gallagher', 'Pryce'] },
  CA: { given: ['Mackenzie', 'Gabrielle', 'Logan'], family: ['Tremblay', 'Gagnon', 'Bouchard'] },
  AU: { given: ['Lachlan', 'Matilda', 'Jarrah'], family: ['Kennedy', 'Mitchell', 'Doyle'] },
  IL: { given: ['Noa', 'Itai', 'Tamar', 'Liora'], family: ['Mizrahi', 'Peretz', 'Dahan', 'Biton'] },
  SG: { given: ['Wei Ling', 'Jun Jie', 'Hui Min'], family: ['Tan', 'Lim', 'Ong'] },
  EG: { given: ['Mostafa', 'Yasmin', 'Karim', 'Nourhan'], family: ['Abdelrahman', 'Fahmy', 'Soliman'] },
  PK: { given: ['Ayesha', 'Bilal', 'Hamza', 'Sana'], family: ['Qureshi', 'Siddiqui', 'Chaudhry'] },
  BD: { given: ['Tahmina', 'Rafiq', 'Nusrat'], family: ['Rahman', 'Hossain', 'Chowdhury'] },
  VN: { given: ['Minh Anh', 'Đức', 'Thu Trang'], family: ['Nguyễn', 'Trần', 'Võ'] },
  PH: { given: ['Maricel', 'Jomar', 'Kristine'], family: ['Dela Cruz', 'Bautista', 'Villanueva'] },
  KE: { given: ['Wanjiru', 'Otieno', 'Achieng'], family: ['Kamau', 'Odhiambo', 'Mwangi'] },
  IR: { given: ['Parisa', 'Reza', 'Shirin'], family: ['Hosseini', 'Moradi', 'Rahimi'] },
  TH: { given: ['Somchai', 'Naree', 'Kittipong'], family: ['Srisuk', 'Chaiyaporn', 'Wongsawat'] },
};

const SYLL = [
  'ka',
  'lo',
  'ri',
  'dan',
  'mi',
  'sa',
  'ven',
  'tor',
  'el',
  'nu',
  'bri',
  'zo',
  'quen',
  'ad',
  'hal',
  'ith',
  'mor',
  'ys',
  'fel',
  'ra',
  'ob',
  'une',
  'tha',
  'kes',
];
const cap = (s: string): string => s[0]!.toUpperCase() + s.slice(1);

export interface Name {
  readonly given: string;
  readonly family: string;
  readonly full: string;
  /** 'listed' (common names of the country) or 'unlisted' (built from syllables: on no list). */
  readonly origin: 'listed' | 'unlisted';
}

export function makeName(r: Rng, country: string): Name {
  if (r.chance(0.3)) {
    const given = cap(r.pick(SYLL) + r.pick(SYLL) + (r.chance(0.4) ? r.pick(SYLL) : ''));
    const family = cap(r.pick(SYLL) + r.pick(SYLL) + r.pick(SYLL));
    return { given, family, full: `${given} ${family}`, origin: 'unlisted' };
  }
  const n = NAMES[country] ?? NAMES.US!;
  const given = r.pick(n.given);
  const family = r.pick(n.family);
  return { given, family, full: `${given} ${family}`, origin: 'listed' };
}

/** ASCII letters of a name for logins and e-mail local parts. */
export function slug(s: string): string {
  const out = s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/ø/g, 'o')
    .replace(/ı/g, 'i')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
  return out;
}

// ---------------------------------------------------------------- secrets and ids

/** Printable ASCII punctuation a password may hold (no quote, backslash, backtick or space). */
export const PASSWORD_PUNCT = '&=!#?$%*+-_.@^~:;,/<>()[]{}|';
/** The characters the issue saw survive (`& = ! # ? $`). */
const SURVIVORS = '&=!#?$';

/** A password of 10-20 printable characters with at least two of `& = ! # ? $`; `exclude` drops characters the layout cannot hold raw. */
export function makePassword2(r: Rng, exclude = ''): string {
  const punct = [...PASSWORD_PUNCT].filter((c) => !exclude.includes(c)).join('');
  const must = [...SURVIVORS].filter((c) => !exclude.includes(c)).join('');
  const n = r.range(10, 20);
  const chars: string[] = [];
  for (let i = 0; i < n; i++) chars.push(r.chance(0.25) ? r.pick([...punct]) : r.pick([...ALNUM]));
  for (let k = 0; k < 2 && must.length > 0; k++) chars[r.int(n)] = r.pick([...must]);
  // a letter first: a leading punctuation mark would read as a flag or an option in some layouts
  chars[0] = r.pick([...ALNUM]);
  return chars.join('');
}

export interface Cookie {
  readonly name: string;
  readonly value: string;
}
/** Session cookies in the shapes frameworks document (express-session signed `s%3A…`, PHP, Java servlet, Django, Rails). */
export function makeCookie(r: Rng): Cookie {
  switch (r.int(6)) {
    case 0:
      return { name: 'connect.sid', value: `s%3A${r.chars(32, ALNUM + '-_')}.${r.chars(43, ALNUM + '+/')}` };
    case 1:
      return { name: 'PHPSESSID', value: r.chars(26, 'abcdefghijklmnopqrstuv0123456789') };
    case 2:
      return { name: 'JSESSIONID', value: r.chars(32, '0123456789ABCDEF') };
    case 3:
      return { name: 'sessionid', value: r.chars(32, LOWER + DIGITS) };
    case 4:
      return { name: '_app_session', value: `${r.chars(r.range(60, 120), ALNUM + '+/')}--${r.hex(40)}` };
    default:
      return { name: 'session', value: r.chars(r.range(24, 48), ALNUM + '-_') };
  }
}

/** A generic API token with no provider prefix (only its key or header says what it is). */
export function makeToken(r: Rng): string {
  switch (r.int(4)) {
    case 0:
      return r.hex(32);
    case 1:
      return r.chars(40, ALNUM);
    case 2:
      return `${r.hex(8)}-${r.hex(4)}-${r.hex(4)}-${r.hex(4)}-${r.hex(12)}`.toUpperCase();
    default:
      return r.chars(r.range(28, 44), ALNUM + '-_');
  }
}

/** Stripe-style object ids (documented prefixes); a third have no digit in their random part. */
export const PROVIDER_PREFIXES = [
  'cus_',
  'acct_',
  'pm_',
  'ch_',
  'pi_',
  'sub_',
  'in_',
  'ba_',
  'card_',
  'seti_',
] as const;
export function makeProviderId(r: Rng, prefix?: string): { text: string; prefix: string; digits: boolean } {
  const p = prefix ?? r.pick(PROVIDER_PREFIXES);
  const noDigit = r.chance(0.35);
  const len = p === 'cus_' ? 14 : r.range(16, 24);
  let body = noDigit ? r.chars(len, UPPER + LOWER) : r.chars(len, ALNUM);
  if (!noDigit && !/\d/.test(body)) body = body.slice(0, -1) + r.digits(1);
  if (!noDigit && p !== 'cus_' && r.chance(0.5)) body = r.pick(['1', '3']) + body.slice(1);
  return { text: p + body, prefix: p, digits: !noDigit };
}

/** Prefixed record ids of customer systems: PREFIX, separator, digits (and year). */
export function makePrefixedId(r: Rng): { text: string; prefix: string } {
  const prefix = r.pick(['CUST', 'ACCT', 'MBR', 'USR', 'CID', 'PAT', 'EMP', 'CLT', 'SUBS']);
  const sep = r.pick(['-', '-', '_', '/']);
  const body = r.chance(0.3) ? `${r.range(2019, 2025)}${sep}${r.digits(5)}` : r.digits(r.range(5, 9));
  return { text: `${prefix}${sep}${body}`, prefix: prefix + sep };
}

/** Salesforce 18-character ids: 15-character id + case-safe suffix (one character per 5, of the upper-case bit mask). */
export function salesforceSuffix(id15: string): string {
  const T = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';
  let out = '';
  for (let chunk = 0; chunk < 3; chunk++) {
    let bits = 0;
    for (let i = 0; i < 5; i++) if (/[A-Z]/.test(id15[chunk * 5 + i]!)) bits |= 1 << i;
    out += T[bits]!;
  }
  return out;
}
export function makeSalesforceId(r: Rng): { text: string; object: string } {
  const [prefix, object] = r.pick([
    ['003', 'contact'],
    ['001', 'account'],
    ['00Q', 'lead'],
    ['005', 'user'],
  ] as const);
  const id15 = `${prefix}${r.chars(2, ALNUM)}${r.chars(10, ALNUM)}`;
  return { text: id15 + salesforceSuffix(id15), object };
}
export const salesforceValid = (s: string): boolean =>
  /^[a-zA-Z0-9]{18}$/.test(s) && salesforceSuffix(s.slice(0, 15)) === s.slice(15);

export const makeSlackUserId = (r: Rng): string => `U${r.chars(r.range(8, 10), '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ')}`;
export const makeSlackTeamId = (r: Rng): string => `T${r.chars(8, '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ')}`;
/** A numeric record id of `n` digits (ticket systems' user ids are 11-13 digits). */
export const makeNumericId = (r: Rng, n: number): string => String(r.range(1, 9)) + r.digits(n - 1);
export const makeAndroidId = (r: Rng): string => r.hex(16);
export function makeAdvertisingId(r: Rng): string {
  const h = r.hex(32).toUpperCase();
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${r.pick(['8', '9', 'A', 'B'])}${h.slice(17, 20)}-${h.slice(20)}`;
}
export function makeImei2(r: Rng): string {
  const body = r.pick(['35', '86', '01', '99']) + r.digits(12);
  return body + luhnDigit(body);
}

/** Internal DNS suffixes (RFC 6762 .local, ICANN's .internal, and the private ones companies use). */
export const INTERNAL_SUFFIXES = ['internal', 'corp', 'lan', 'local', 'intra', 'home.arpa'] as const;
export const HOST_LABELS = [
  'db',
  'jenkins',
  'vault',
  'git',
  'grafana',
  'ldap',
  'nas',
  'k8s-api',
  'erp',
  'crm',
  'mail',
  'vpn',
];

/** A bank account number as people write it in prose (8-12 digits, leading zeros kept). */
export const makeAccountNumber = (r: Rng): string => (r.chance(0.4) ? '00' : '') + r.digits(r.range(8, 11));

export { HEX };
