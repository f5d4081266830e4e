/**
 * National identity and tax numbers of many countries, from one table.
 *
 * Each scheme says, once: its layouts (a picture of the surface: `#` a digit,
 * `@` a letter A-Z, other characters literal, `[…]` and `(?:…)` as in a
 * regular expression), whether each layout is taken anywhere (`bare`: a
 * distinctive layout with a checksum) or only where the words before it or
 * its key name the scheme (or name a national id in general), how many check
 * characters end it and how to compute them, the rules its body must follow
 * (a valid birth date, a range), which body positions a stand-in keeps, and
 * the words that name it. Detection, validation and the stand-ins
 * (standins/accounts/nationalids.ts) all read the same entry.
 *
 * Two scans find candidates: digit-led layouts from the digit runs that
 * numbers.ts reads anyway (`idAt`), letter-led layouts (and digit-led ones
 * with a letter or `+` inside, which those runs stop at) by this file's
 * detector over runs of capital letters and digits (`firstInRuns`).
 * Compact digit strings are never taken without context: timestamps and
 * order numbers have those lengths, and a check digit passes one in ten.
 *
 * US SSNs, Canadian SINs and UK NINOs keep their older detectors
 * (numbers.ts, finance.ts) and stand-ins (standins/accounts/finance.ts).
 */
import type { Chunk, Detector, DetectContext, FindingSink } from '../../types';
import { luhnCheckDigit, mod1110, mod11Low, mod11Strict, mod97, verhoeffCheckDigit, weighted } from './checks';
import { charTable, firstInRuns, lastKey, normKey } from './util';
import { runMap } from '../../memo';
import { own } from '../../strings';

export interface IdScheme {
  /** Canonical prefix (`cn_rid:` + compact value). */
  readonly id: string;
  /** ISO 3166 country. */
  readonly country: string;
  /** [picture, taken without context, scanned as letters and digits (see the file comment)]. */
  readonly layouts: readonly (readonly [picture: string, bare: boolean, alnum?: boolean])[];
  /** How many check characters end the compact value. */
  readonly checkChars: number;
  /** The check characters of a body, or null when no value has this body. */
  readonly check: (body: string) => string | null;
  /** Rules of the body beyond its layout (dates, ranges). */
  readonly body?: (body: string) => boolean;
  /** Validity of a whole compact value, when more than one check is allowed (a century). */
  readonly valid?: (compact: string) => boolean;
  /** Per body position: `k` kept by a stand-in, anything else permuted. */
  readonly keep?: string;
  /** The compact value of a surface (default: separators dropped, upper case). */
  readonly compact?: (surface: string) => string;
  /** Words that name the scheme (lower case), in text before the value or in its key. */
  readonly words: readonly string[];
}

const d = (s: string, i: number): number => s.charCodeAt(i) - 48;

/** A calendar date (two-digit years: leap years as in 2000-2099). */
export function dateOk(y: number, m: number, day: number): boolean {
  if (m < 1 || m > 12 || day < 1) return false;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!;
  return day <= days;
}
const num = (s: string, from: number, to: number): number => +s.slice(from, to);
/** YYMMDD at `i`. */
const ymd = (s: string, i: number): boolean =>
  dateOk(2000 + num(s, i, i + 2), num(s, i + 2, i + 4), num(s, i + 4, i + 6));
/** DDMMYY at `i`. */
const dmy = (s: string, i: number): boolean =>
  dateOk(2000 + num(s, i + 4, i + 6), num(s, i + 2, i + 4), num(s, i, i + 2));

/** Values of the odd positions of a codice fiscale (DM 23/12/1976), letters A..Z; digits 0..9 count as A..J. */
const CF_ODD_LETTERS = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
const CF_ODD: Record<string, number> = {};
for (let i = 0; i < 26; i++) CF_ODD[String.fromCharCode(65 + i)] = CF_ODD_LETTERS[i]!;
for (let i = 0; i <= 9; i++) CF_ODD[String(i)] = CF_ODD['ABCDEFGHIJ'[i]!]!;
/** Omocodia: letters that stand for digits in an Italian fiscal code. */
const OMOCODIA = 'LMNPQRSTUV';
const cfDigits = (s: string): string => s.replace(/[LMNPQRSTUV]/g, (c) => String(OMOCODIA.indexOf(c)));

const CURP_CHARS = '0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ';
const RFC_CHARS = '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ';
const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const HETU_CHECK = '0123456789ABCDEFHJKLMNPRSTUVWXY';

/** The schemes; table order decides between schemes a value fits equally (a general word, one layout). */
export const ID_SCHEMES: readonly IdScheme[] = [
  {
    // GB 11643-1999: 6-digit region, YYYYMMDD, 3-digit order, ISO 7064 MOD 11-2 check (X for 10)
    id: 'cn_rid',
    country: 'CN',
    layouts: [
      ['#################[0-9Xx]', true],
      ['###### ######## ###[0-9Xx]', true],
    ],
    checkChars: 1,
    check: (b) => '10X98765432'[weighted(b, [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]) % 11]!,
    body: (b) =>
      /^[1-8][1-9]/.test(b) &&
      /^(?:18|19|20)/.test(b.slice(6)) &&
      dateOk(num(b, 6, 10), num(b, 10, 12), num(b, 12, 14)),
    keep: 'kk....kk.........',
    words: [
      '身份证',
      '身份證',
      '居民身份证',
      '身份证号',
      '身份证号码',
      'resident id',
      'resident identity',
      'chinese id',
    ],
  },
  {
    // Korean resident registration number: YYMMDD-SRRRRNC, check (11 − Σ w·d mod 11) mod 10, weights 2..9,2..5
    id: 'kr_rrn',
    country: 'KR',
    layouts: [
      ['######-#######', true],
      ['#############', false],
    ],
    checkChars: 1,
    check: (b) => String((11 - (weighted(b, [2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5]) % 11)) % 10),
    body: (b) => ymd(b, 0) && /[1-8]/.test(b[6]!),
    keep: '......k.....',
    words: ['주민등록번호', '주민번호', 'rrn', 'resident registration', 'jumin'],
  },
  {
    // UIDAI Aadhaar: 12 digits, first 2-9, Verhoeff check digit
    id: 'in_aadhaar',
    country: 'IN',
    layouts: [
      ['#### #### ####', false],
      ['####-####-####', false],
      ['############', false],
    ],
    checkChars: 1,
    check: verhoeffCheckDigit,
    body: (b) => /^[2-9]/.test(b),
    words: ['aadhaar', 'aadhar', 'adhaar', 'uidai', 'आधार'],
  },
  {
    // Indian PAN (Income Tax Department): 3 letters, holder type, surname initial, 4 digits, a letter; no check
    id: 'in_pan',
    country: 'IN',
    layouts: [['@@@[PCHFATBLJG]@####@', false]],
    checkChars: 0,
    check: () => '',
    body: (b) => /^[A-Z]{3}[PCHFATBLJG][A-Z]\d{4}[A-Z]$/.test(b),
    keep: '...k......',
    words: ['pan', 'pan card', 'pan no', 'pan number', 'permanent account number', 'income tax'],
  },
  {
    // Receita Federal CPF: 9 digits and two mod-11 check digits
    id: 'br_cpf',
    country: 'BR',
    layouts: [
      ['###.###.###-##', true],
      ['###########', false],
    ],
    checkChars: 2,
    check: (b) => {
      const d1 = mod11Low(b, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
      return d1 + mod11Low(b + d1, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
    },
    body: (b) => !/^(\d)\1*$/.test(b),
    words: ['cpf', 'cadastro de pessoas físicas', 'cadastro de pessoa física'],
  },
  {
    // Receita Federal CNPJ: 8-digit base, 4-digit branch, two mod-11 check digits
    id: 'br_cnpj',
    country: 'BR',
    layouts: [
      ['##.###.###/####-##', true],
      ['##############', false],
    ],
    checkChars: 2,
    check: (b) => {
      const d1 = mod11Low(b, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
      return d1 + mod11Low(b + d1, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
    },
    body: (b) => !/^(\d)\1*$/.test(b),
    words: ['cnpj'],
  },
  {
    // INSEE NIR: sex, YY, MM, department, commune, order, key = 97 − (13 digits mod 97)
    id: 'fr_nir',
    country: 'FR',
    layouts: [
      ['# ## ## ## ### ### ##', true],
      ['###############', false],
    ],
    checkChars: 2,
    check: (b) => String(97 - mod97(b)).padStart(2, '0'),
    body: (b) => /^[1-478]/.test(b) && /^(?:0[1-9]|1[0-2]|[2-4]\d|[5-9]\d)$/.test(b.slice(3, 5)),
    keep: 'k............',
    words: [
      'nir',
      'numéro de sécurité sociale',
      'numero de securite sociale',
      'sécurité sociale',
      'securite sociale',
      'n° ss',
      'insee',
      'carte vitale',
    ],
  },
  {
    // Bundeszentralamt für Steuern IdNr: 11 digits, first not 0, one digit twice or thrice, ISO 7064 MOD 11,10
    id: 'de_idnr',
    country: 'DE',
    layouts: [
      ['## ### ### ###', false],
      ['###########', false],
    ],
    checkChars: 1,
    check: mod1110,
    body: (b) => {
      if (b[0] === '0') return false;
      const counts = new Array<number>(10).fill(0);
      for (let i = 0; i < 10; i++) counts[d(b, i)]!++;
      let repeated = 0;
      for (const c of counts) if (c >= 2) repeated += c <= 3 ? 1 : 2;
      return repeated === 1;
    },
    words: [
      'steuer-id',
      'steuerid',
      'steuer id',
      'steuer-identifikationsnummer',
      'steueridentifikationsnummer',
      'identifikationsnummer',
      'idnr',
    ],
  },
  {
    // Agenzia delle Entrate codice fiscale (DM 23/12/1976): surname, name, YY, month letter, day (+40), place, check
    id: 'it_cf',
    country: 'IT',
    layouts: [['@@@@@@[0-9L-V]{2}[ABCDEHLMPRST][0-9L-V]{2}@[0-9L-V]{3}@', true]],
    checkChars: 1,
    check: (b) => {
      let s = 0;
      for (let i = 0; i < 15; i++) {
        const ch = b[i]!;
        s += i % 2 === 0 ? CF_ODD[ch]! : /\d/.test(ch) ? +ch : ch.charCodeAt(0) - 65;
      }
      return String.fromCharCode(65 + (s % 26));
    },
    body: (b) => {
      if (!/^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}$/.test(b)) return false;
      const day = +cfDigits(b.slice(9, 11));
      return (day >= 1 && day <= 31) || (day >= 41 && day <= 71);
    },
    words: ['codice fiscale', 'cod. fiscale', 'c.f.', 'cf', 'fiscal code', 'tax code'],
  },
  {
    // Spanish DNI (Real Decreto 1553/2005): 8 digits and the letter of their value mod 23
    id: 'es_dni',
    country: 'ES',
    layouts: [['########-?[TRWAGMYFPDXBNJZSQVHLCKE]', true]],
    checkChars: 1,
    check: (b) => DNI_LETTERS[+b % 23]!,
    words: ['dni', 'nif', 'documento nacional de identidad'],
  },
  {
    // Spanish NIE: X/Y/Z (0/1/2), 7 digits, the DNI letter of the 8-digit value
    id: 'es_nie',
    country: 'ES',
    layouts: [['[XYZ]-?#######-?[TRWAGMYFPDXBNJZSQVHLCKE]', true]],
    checkChars: 1,
    check: (b) => DNI_LETTERS[+('XYZ'.indexOf(b[0]!) + b.slice(1)) % 23]!,
    keep: 'k.......',
    words: ['nie', 'número de identidad de extranjero', 'numero de identidad de extranjero'],
  },
  {
    // Dutch BSN: 9 digits, the "11-test" Σ (9..2)·d − d9 ≡ 0 mod 11
    id: 'nl_bsn',
    country: 'NL',
    layouts: [
      ['#########', false],
      ['####.##.###', false],
      ['#### ## ###', false],
    ],
    checkChars: 1,
    check: (b) => {
      const c = weighted(b, [9, 8, 7, 6, 5, 4, 3, 2]) % 11;
      return c > 9 ? null : String(c);
    },
    body: (b) => !/^0+$/.test(b),
    words: ['bsn', 'burgerservicenummer', 'sofinummer', 'sofi-nummer', 'citizen service number'],
  },
  {
    // Belgian national register number: YY.MM.DD-SSS.CC, CC = 97 − (9 digits mod 97), with a leading 2 after 1999
    id: 'be_nrn',
    country: 'BE',
    layouts: [
      ['##.##.##-###.##', true],
      ['###########', false],
    ],
    checkChars: 2,
    check: (b) => String(97 - mod97(b)).padStart(2, '0'),
    valid: (c) => {
      const tail = c.slice(9);
      return (
        String(97 - mod97(c.slice(0, 9))).padStart(2, '0') === tail ||
        String(97 - mod97('2' + c.slice(0, 9))).padStart(2, '0') === tail
      );
    },
    body: (b) => ymd(b, 0),
    words: [
      'rijksregisternummer',
      'numéro national',
      'numero national',
      'national number',
      'insz',
      'niss',
      'nn',
      'rrn',
    ],
  },
  {
    // Swedish personnummer (Skatteverket SKV 704): YYMMDD-NNNC or YYYYMMDD-NNNC, Luhn over the last ten digits
    id: 'se_pnr',
    country: 'SE',
    layouts: [
      ['########-####', true],
      ['######-####', false],
      ['######+####', false, true],
      ['##########', false],
      ['############', false],
    ],
    checkChars: 1,
    check: (b) => luhnCheckDigit(b.slice(b.length - 9)),
    body: (b) => {
      const s = b.length === 11 ? b.slice(2) : b;
      if (b.length === 11 && !/^(?:18|19|20)/.test(b)) return false;
      const day = num(s, 4, 6);
      return dateOk(2000 + num(s, 0, 2), num(s, 2, 4), day > 60 ? day - 60 : day);
    },
    words: ['personnummer', 'personnr', 'person number', 'samordningsnummer', 'personal identity number'],
  },
  {
    // Norwegian fødselsnummer (Skatteetaten): DDMMYY, 3-digit individual number, two mod-11 check digits
    id: 'no_fnr',
    country: 'NO',
    layouts: [
      ['###########', false],
      ['###### #####', false],
    ],
    checkChars: 2,
    check: (b) => {
      const k1 = mod11Strict(b, [3, 7, 6, 1, 8, 9, 4, 5, 2]);
      if (k1 === null) return null;
      const k2 = mod11Strict(b + k1, [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]);
      return k2 === null ? null : k1 + k2;
    },
    body: (b) => {
      const day = num(b, 0, 2);
      const month = num(b, 2, 4);
      return dateOk(2000 + num(b, 4, 6), month > 40 ? month - 40 : month, day > 40 ? day - 40 : day);
    },
    words: ['fødselsnummer', 'fodselsnummer', 'personnummer', 'fnr', 'd-nummer'],
  },
  {
    // Danish CPR (CPR-kontoret): DDMMYY-SSSS; no check digit since 2007
    id: 'dk_cpr',
    country: 'DK',
    layouts: [
      ['######-####', false],
      ['##########', false],
    ],
    checkChars: 0,
    check: () => '',
    body: (b) => dmy(b, 0),
    words: ['cpr', 'cpr-nummer', 'cpr-nr', 'cpr nr', 'cpr number', 'personnummer'],
  },
  {
    // Finnish henkilötunnus (DVV): DDMMYY, century sign, 3-digit individual number, check of the 9 digits mod 31
    id: 'fi_hetu',
    country: 'FI',
    layouts: [
      ['######-###[0-9A-FHJ-NPR-Y]', true],
      ['######[+A-FU-Y]###[0-9A-FHJ-NPR-Y]', true, true],
    ],
    checkChars: 1,
    check: (b) => HETU_CHECK[+(b.slice(0, 6) + b.slice(7, 10)) % 31]!,
    body: (b) => dmy(b, 0) && /^[-+A-FU-Y]$/.test(b[6]!) && num(b, 7, 10) >= 2,
    keep: '......k...',
    compact: (s) => s.toUpperCase(),
    words: ['henkilötunnus', 'henkilotunnus', 'hetu', 'personbeteckning', 'personal identity code'],
  },
  {
    // Polish PESEL: YYMMDD (month +20 in the 2000s), 4 digits, check (10 − Σ w·d mod 10) mod 10
    id: 'pl_pesel',
    country: 'PL',
    layouts: [['###########', false]],
    checkChars: 1,
    check: (b) => String((10 - (weighted(b, [1, 3, 7, 9, 1, 3, 7, 9, 1, 3]) % 10)) % 10),
    body: (b) => dateOk(2000 + num(b, 0, 2), num(b, 2, 4) % 20, num(b, 4, 6)),
    words: ['pesel'],
  },
  {
    // Portuguese NIF (AT): 9 digits, mod-11 check digit
    id: 'pt_nif',
    country: 'PT',
    layouts: [
      ['#########', false],
      ['### ### ###', false],
    ],
    checkChars: 1,
    check: (b) => mod11Low(b, [9, 8, 7, 6, 5, 4, 3, 2]),
    body: (b) => /^[1-35689]/.test(b),
    words: ['nif', 'contribuinte', 'número de contribuinte', 'numero de contribuinte', 'nipc', 'número fiscal'],
  },
  {
    // Mexican CURP (RENAPO): name letters, YYMMDD, sex, state, consonants, differentiator, check digit
    id: 'mx_curp',
    country: 'MX',
    layouts: [
      [
        '@[AEIOUX]@@######[HMX](?:AS|BC|BS|CC|CL|CM|CS|CH|DF|DG|GT|GR|HG|JC|MC|MN|MS|NT|NL|OC|PL|QT|QR|SP|SL|SR|TC|TS|TL|VZ|YN|ZS|NE)[B-DF-HJ-NP-TV-Z]{3}[0-9A-Z]#',
        true,
      ],
    ],
    checkChars: 1,
    check: (b) => {
      let s = 0;
      for (let i = 0; i < 17; i++) s += CURP_CHARS.indexOf(b[i]!) * (18 - i);
      return String((10 - (s % 10)) % 10);
    },
    body: (b) => ymd(b, 4) && /^[A-Z][AEIOUX][A-Z]{2}\d{6}[HMX][A-Z]{2}[B-DF-HJ-NP-TV-Z]{3}[0-9A-Z]$/.test(b),
    keep: '..........kkk....',
    words: ['curp', 'clave única de registro de población', 'clave unica de registro de poblacion'],
  },
  {
    // Mexican RFC (SAT): 4 letters (3 for companies), YYMMDD, 2-character homoclave, check character mod 11
    id: 'mx_rfc',
    country: 'MX',
    layouts: [
      ['@@@@######[A-Z0-9]{2}[0-9A]', true],
      ['@@@######[A-Z0-9]{2}[0-9A]', true],
    ],
    checkChars: 1,
    check: (b) => {
      const base = b.length === 11 ? ' ' + b : b;
      let s = 0;
      for (let i = 0; i < 12; i++) s += RFC_CHARS.indexOf(base[i]!) * (13 - i);
      const r = s % 11;
      return r === 0 ? '0' : r === 1 ? 'A' : String(11 - r);
    },
    body: (b) => ymd(b, b.length - 8),
    words: ['rfc', 'registro federal de contribuyentes'],
  },
  {
    // Argentinian CUIT / CUIL (AFIP): type prefix, DNI, mod-11 check digit
    id: 'ar_cuit',
    country: 'AR',
    layouts: [
      ['##-########-#', true],
      ['###########', false],
    ],
    checkChars: 1,
    check: (b) => mod11Strict(b, [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]),
    body: (b) => /^(?:2[03-7]|3[034])/.test(b),
    keep: 'kk........',
    words: ['cuit', 'cuil', 'cdi'],
  },
  {
    // Chilean RUT / RUN (SII): 7-8 digits, check digit mod 11 with weights 2..7 from the right (K for 10)
    id: 'cl_rut',
    country: 'CL',
    layouts: [
      ['##.###.###-[0-9Kk]', true],
      ['#.###.###-[0-9Kk]', true],
      ['########-[0-9Kk]', false],
      ['#######-[0-9Kk]', false],
    ],
    checkChars: 1,
    check: (b) => {
      let s = 0;
      for (let i = b.length - 1, w = 2; i >= 0; i--, w = w === 7 ? 2 : w + 1) s += d(b, i) * w;
      const r = 11 - (s % 11);
      return r === 11 ? '0' : r === 10 ? 'K' : String(r);
    },
    body: (b) => b[0] !== '0',
    words: ['rut', 'rol único tributario', 'rol unico tributario', 'rol único nacional', 'rol unico nacional'],
  },
  {
    // Turkish T.C. Kimlik No (NVİ): 11 digits, first not 0, two check digits
    id: 'tr_tckn',
    country: 'TR',
    layouts: [['###########', false]],
    checkChars: 2,
    check: (b) => {
      const odd = d(b, 0) + d(b, 2) + d(b, 4) + d(b, 6) + d(b, 8);
      const even = d(b, 1) + d(b, 3) + d(b, 5) + d(b, 7);
      const d10 = (((odd * 7 - even) % 10) + 10) % 10;
      return String(d10) + String((odd + even + d10) % 10);
    },
    body: (b) => b[0] !== '0',
    words: [
      'tc kimlik',
      't.c. kimlik',
      'kimlik no',
      'kimlik numarası',
      'kimlik numarasi',
      'tckn',
      'tc no',
      'turkish id',
    ],
  },
  {
    // Japanese My Number (個人番号, Cabinet Order on the check digit): 11 digits and a mod-11 check digit
    id: 'jp_mynumber',
    country: 'JP',
    layouts: [
      ['############', false],
      ['#### #### ####', false],
      ['####-####-####', false],
    ],
    checkChars: 1,
    check: (b) => {
      let s = 0;
      for (let n = 1; n <= 11; n++) s += d(b, 11 - n) * (n <= 6 ? n + 1 : n - 5);
      const r = s % 11;
      return String(r <= 1 ? 0 : 11 - r);
    },
    words: ['my number', 'mynumber', 'マイナンバー', '個人番号', 'kojin bango'],
  },
  {
    // Singapore NRIC / FIN (ICA): S/T/F/G, 7 digits, check letter of Σ w·d (+4 for T and G) mod 11
    id: 'sg_nric',
    country: 'SG',
    layouts: [['[STFG]#######@', true]],
    checkChars: 1,
    check: (b) => {
      const r = (weighted(b.slice(1), [2, 7, 6, 5, 4, 3, 2]) + (b[0] === 'T' || b[0] === 'G' ? 4 : 0)) % 11;
      return (b[0] === 'S' || b[0] === 'T' ? 'JZIHGFEDCBA' : 'XWUTRQPNMLK')[r]!;
    },
    keep: 'k.......',
    words: ['nric', 'fin', 'ic number', 'ic no', 'identity card number'],
  },
  {
    // South African identity number (Home Affairs): YYMMDD, 4-digit sequence, citizenship, 8, Luhn digit
    id: 'za_id',
    country: 'ZA',
    layouts: [
      ['#############', false],
      ['###### #### ###', false],
    ],
    checkChars: 1,
    check: luhnCheckDigit,
    body: (b) => ymd(b, 0) && /[012]/.test(b[10]!),
    keep: '..........k.',
    words: ['south african id', 'sa id', 'rsa id', 'identity number', 'id number'],
  },
  {
    // Australian TFN (ATO): 9 digits, Σ w·d ≡ 0 mod 11 with weights 1,4,3,7,5,8,6,9,10
    id: 'au_tfn',
    country: 'AU',
    layouts: [
      ['### ### ###', false],
      ['#########', false],
    ],
    checkChars: 1,
    check: (b) => {
      const c = weighted(b, [1, 4, 3, 7, 5, 8, 6, 9]) % 11;
      return c > 9 ? null : String(c);
    },
    words: ['tfn', 'tax file number'],
  },
  {
    // Israeli Teudat Zehut (Population Authority): 9 digits, weights 1,2,1,2… with digit sums (Luhn)
    id: 'il_tz',
    country: 'IL',
    layouts: [['#########', false]],
    checkChars: 1,
    check: luhnCheckDigit,
    words: ['teudat zehut', 'תעודת זהות', 'ת.ז', 'מספר זהות', 'israeli id'],
  },
  {
    // Nigerian NIN (NIMC): 11 digits, no published check digit
    id: 'ng_nin',
    country: 'NG',
    layouts: [['###########', false]],
    checkChars: 0,
    check: () => '',
    words: ['nin', 'national identification number', 'nimc'],
  },
  {
    // Russian SNILS (Pension Fund): 9 digits, check Σ d·(9..1) reduced mod 101 (100 → 00)
    id: 'ru_snils',
    country: 'RU',
    layouts: [
      ['###-###-### ##', true],
      ['###########', false],
    ],
    checkChars: 2,
    check: (b) => {
      const s = weighted(b, [9, 8, 7, 6, 5, 4, 3, 2, 1]) % 101;
      return String(s === 100 ? 0 : s).padStart(2, '0');
    },
    words: ['снилс', 'snils', 'страховой номер'],
  },
  {
    // Russian INN of a person (FNS): 10 digits and two check digits (Σ w·d mod 11 mod 10)
    id: 'ru_inn',
    country: 'RU',
    layouts: [['############', false]],
    checkChars: 2,
    check: (b) => {
      const c1 = String((weighted(b, [7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) % 11) % 10);
      return c1 + String((weighted(b + c1, [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) % 11) % 10);
    },
    words: ['инн', 'inn'],
  },
  {
    // Pakistani CNIC (NADRA): 5-digit locality, 7 digits, a digit for sex; no published check digit
    id: 'pk_cnic',
    country: 'PK',
    layouts: [
      ['#####-#######-#', false],
      ['#############', false],
    ],
    checkChars: 0,
    check: () => '',
    words: ['cnic', 'nadra', 'computerized national identity card'],
  },
  {
    // Indonesian NIK (Dukcapil): 6-digit region, DDMMYY (day +40 for women), 4-digit serial; no check digit
    id: 'id_nik',
    country: 'ID',
    layouts: [['################', false]],
    checkChars: 0,
    check: () => '',
    body: (b) => {
      const day = num(b, 6, 8);
      return dateOk(2000 + num(b, 10, 12), num(b, 8, 10), day > 40 ? day - 40 : day);
    },
    keep: 'kk..............',
    words: ['nik', 'nomor induk kependudukan', 'ktp', 'e-ktp'],
  },
];

/** Words that name a national id of any scheme. */
const GENERAL_WORDS = [
  'national id',
  'national identity',
  'national identification',
  'national insurance',
  'id number',
  'id no',
  'identity number',
  'identification number',
  'personal id',
  'personal number',
  'personal identification',
  'citizen id',
  'tax id',
  'tax number',
  'taxpayer id',
  'identity card',
  'id card',
  'national_id',
];

export const SCHEME_BY_ID: ReadonlyMap<string, IdScheme> = new Map(ID_SCHEMES.map((s) => [s.id, s]));

/** One layout, compiled. */
interface Layout {
  readonly scheme: IdScheme;
  readonly re: RegExp;
  readonly bare: boolean;
  /** Leading digits of the layout (0 when it starts otherwise). */
  readonly lead: number;
}

function compile(picture: string): string {
  let out = '';
  let depth = 0;
  for (const ch of picture) {
    if (depth > 0) {
      out += ch;
      if (ch === ']') depth--;
    } else if (ch === '[') {
      out += ch;
      depth++;
    } else if (ch === '#') out += '\\d';
    else if (ch === '@') out += '[A-Z]';
    else if (ch === '.' || ch === '/' || ch === '-' || ch === '+') out += '\\' + ch;
    else out += ch;
  }
  return out;
}

/** Layouts read from digit runs (numbers.ts), by leading digit count; and those the letter scan reads. */
const DIGIT_LAYOUTS = new Map<number, Layout[]>();
const ALNUM_LAYOUTS: Layout[] = [];
for (const scheme of ID_SCHEMES) {
  for (const [picture, bare, alnum] of scheme.layouts) {
    const lead = /^#*/.exec(picture)![0].length;
    const re = new RegExp(`(?<![\\w.\\-/:+])(?:${compile(picture)})(?![\\w\\-/+]|[.,]\\d)`, 'y');
    const layout: Layout = { scheme, re, bare, lead };
    if (lead > 0 && !alnum) {
      // a class after the leading digits that takes a digit (`[0-9Xx]`, a Chinese id's check) makes the
      // run one longer: the layout is tried at both lengths
      const after = picture.slice(lead);
      const runs = /^\[0-9/.test(after) ? [lead, lead + 1] : [lead];
      for (const n of runs) {
        const list = DIGIT_LAYOUTS.get(n) ?? [];
        list.push(layout);
        DIGIT_LAYOUTS.set(n, list);
      }
    } else ALNUM_LAYOUTS.push(layout);
  }
}

/** Each scheme's layouts, matching a whole value. */
const WHOLE = new Map<IdScheme, RegExp[]>(
  ID_SCHEMES.map((s) => [s, s.layouts.map(([picture]) => new RegExp(`^(?:${compile(picture)})$`))]),
);

/** The compact value of a surface under a scheme. */
export function compactOf(scheme: IdScheme, surface: string): string {
  return scheme.compact ? scheme.compact(surface) : surface.replace(/[\s.\-/+]/g, '').toUpperCase();
}

/** Whether a compact value is a valid id of the scheme. */
export function idValid(scheme: IdScheme, compact: string): boolean {
  const body = compact.slice(0, compact.length - scheme.checkChars);
  if (scheme.body && !scheme.body(body)) return false;
  if (scheme.valid) return scheme.valid(compact);
  const check = scheme.check(body);
  return check !== null && check === compact.slice(body.length);
}

// ---- context: the words before a value, its key ----

/** Every word to the schemes it names ('*' for all). */
const WORD_SCHEMES = new Map<string, string[]>();
for (const s of ID_SCHEMES) for (const w of s.words) WORD_SCHEMES.set(w, [...(WORD_SCHEMES.get(w) ?? []), s.id]);
for (const w of GENERAL_WORDS) WORD_SCHEMES.set(w, ['*']);
const ALL_WORDS = [...WORD_SCHEMES.keys()];

/** Lower case, with `_`, `-` and tabs as blanks: how the text before a value and the words are compared. */
const normWords = (t: string): string => t.toLowerCase().replace(/[\t_-]/g, ' ');
/**
 * What is looked for: each word normalised, and a word of several parts also run together (`steuer id`,
 * `steuer-id`, `steuerid`); whether it must stand alone (words of Latin letters: CJK, Hangul and Hebrew
 * ones are written without spaces around them).
 */
const NEEDLES: readonly { readonly text: string; readonly word: string; readonly whole: boolean }[] = ALL_WORDS.flatMap(
  (word) => {
    const text = normWords(word);
    const whole = /^[a-zà-ÿ]/.test(word);
    const squeezed = text.replace(/ /g, '');
    return squeezed === text
      ? [{ text, word, whole }]
      : [
          { text, word, whole },
          { text: squeezed, word, whole },
        ];
  },
);
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const LETTER = /\p{L}/u;

/**
 * Schemes named by the words in `text` (the text before a value on its line). A few dozen indexOf calls
 * on a short text: far cheaper than one pattern of every word, which the candidates of every digit run
 * would pay for.
 */
function schemesInText(raw: string): ReadonlySet<string> | null {
  const text = normWords(raw);
  let out: Set<string> | null = null;
  for (const needle of NEEDLES) {
    for (let i = text.indexOf(needle.text); i >= 0; i = text.indexOf(needle.text, i + 1)) {
      if (needle.whole) {
        const end = i + needle.text.length;
        if (i > 0 && LETTER_OR_DIGIT.test(text[i - 1]!)) continue;
        if (end < text.length && LETTER.test(text[end]!)) continue;
      }
      out ??= new Set();
      for (const id of WORD_SCHEMES.get(needle.word)!) out.add(id);
      break;
    }
  }
  return out;
}

const KEY_WORDS = new RegExp(
  `(?:^|_)(?:${ALL_WORDS.map((w) => w.replace(/[\s.\-#°]+/g, '_').replace(/_+$/, '')).join('|')})(?:_|$)`,
  'u',
);
const keySchemes = runMap<string, ReadonlySet<string> | null>();

/** Schemes a key names (`cpf`, `customer_rrn`, `national_id`), or null. */
export function schemesOfKey(rawKey: string): ReadonlySet<string> | null {
  let v = keySchemes.get(rawKey);
  if (v !== undefined) return v;
  const k = normKey(rawKey);
  v = null;
  const m = KEY_WORDS.exec(k);
  if (m) v = schemesInText(m[0].replace(/_/g, ' ').trim());
  if (keySchemes.size < 10000) keySchemes.set(own(rawKey), v);
  return v;
}

/** Schemes named at `p`: by the key of its segment, or by the words before it on its line. */
function namedAt(chunk: Chunk, ctx: DetectContext, p: number): ReadonlySet<string> | null {
  const seg = ctx.segmentAt(chunk, p);
  const byKey = seg.path.length > 0 ? schemesOfKey(lastKey(seg.path)) : null;
  if (byKey) return byKey;
  let before = chunk.corpus.slice(Math.max(seg.start, p - 48), p);
  const nl = before.lastIndexOf('\n');
  if (nl >= 0) before = before.slice(nl + 1);
  return before.length === 0 ? null : schemesInText(before);
}

const names = (set: ReadonlySet<string> | null, id: string): boolean => set !== null && (set.has(id) || set.has('*'));

/**
 * The id that starts at `p` among `layouts`, reported; its end, or -1. A bare layout is taken when valid;
 * others when a word before or the key names their scheme (or national ids in general). With several
 * schemes valid for one value, one the context names by itself comes first.
 */
function tryLayouts(
  chunk: Chunk,
  ctx: DetectContext,
  p: number,
  layouts: readonly Layout[],
  sink: FindingSink,
): number {
  const corpus = chunk.corpus;
  let named: ReadonlySet<string> | null | undefined;
  let fallback: { kind: 'national_id'; surface: string; canonical: string } | null = null;
  for (const layout of layouts) {
    layout.re.lastIndex = p;
    const m = layout.re.exec(corpus);
    if (!m) continue;
    const compact = compactOf(layout.scheme, m[0]);
    if (!idValid(layout.scheme, compact)) continue;
    const finding = { kind: 'national_id' as const, surface: m[0], canonical: `${layout.scheme.id}:${compact}` };
    if (!layout.bare) {
      if (named === undefined) named = namedAt(chunk, ctx, p);
      if (!names(named, layout.scheme.id)) continue;
      if (!named!.has(layout.scheme.id)) {
        fallback ??= finding;
        continue;
      }
    }
    sink.add(finding);
    return p + m[0].length;
  }
  if (fallback) {
    sink.add(fallback);
    return p + fallback.surface.length;
  }
  return -1;
}

/**
 * A national id starting with a digit at `p` (numbers.ts calls this at each start it tries): its end, or -1.
 * Only layouts whose leading digits match the run at `p` are tried.
 */
export function idAt(chunk: Chunk, ctx: DetectContext, p: number, sink: FindingSink): number {
  const s = chunk.corpus;
  let n = 0;
  while (n < 20 && p + n < s.length) {
    const c = s.charCodeAt(p + n);
    if (c < 48 || c > 57) break;
    n++;
  }
  const layouts = DIGIT_LAYOUTS.get(n);
  return layouts === undefined ? -1 : tryLayouts(chunk, ctx, p, layouts, sink);
}

/**
 * The canonical form of a value under an id key (`"cpf": "…"`), or null: `scheme:compact` of the first
 * scheme the key names (a general key such as `national_id` names all) whose layout takes the whole value
 * and whose check holds; `checked`: only UNNAMED_SCHEMES, or a layout with letters (a PAN), so that a number
 * nothing names is not taken for an id whose check passes one number in ten (or every number: a NIN).
 */
/**
 * Digit-only schemes whose check digits and body rules (a birth date, a century, two check digits) leave at most
 * about 2% of random numbers of their length valid (measured on 40,000 random numbers each): ids that a value
 * nothing names may be taken for. Not Aadhaar, BSN, NIF, My Number, TFN (one check digit, no date: 7 to 10% of
 * random numbers pass), nor the schemes without a check.
 */
const UNNAMED_SCHEMES = new Set([
  'cn_rid',
  'kr_rrn',
  'br_cpf',
  'br_cnpj',
  'fr_nir',
  'de_idnr',
  'be_nrn',
  'se_pnr',
  'no_fnr',
  'pl_pesel',
  'ar_cuit',
  'tr_tckn',
  'za_id',
  'ru_snils',
  'ru_inn',
  'fi_hetu',
  'cl_rut',
]);

export function classifyId(value: string, key: string, checked = false): string | null {
  const named = schemesOfKey(key);
  if (named === null) return null;
  for (const scheme of ID_SCHEMES) {
    if (!names(named, scheme.id)) continue;
    const wholes = WHOLE.get(scheme)!;
    for (let l = 0; l < wholes.length; l++) {
      const whole = wholes[l]!;
      // `checked`: only what check digits and a dated body, or letters in fixed places, tell from any number
      if (checked && !UNNAMED_SCHEMES.has(scheme.id) && !scheme.layouts[l]![0].includes('@')) continue;
      if (!whole.test(value)) continue;
      const compact = compactOf(scheme, value);
      if (idValid(scheme, compact)) return `${scheme.id}:${compact}`;
    }
  }
  return null;
}

/** Capital letters and digits, and `+` (a Finnish century sign): the runs the letter scan reads. */
const ALNUM = charTable('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+');
/** Letter-led layouts by first letter; the digit-led ones of the letter scan apart. */
const BY_FIRST = new Map<number, Layout[]>();
const ALNUM_DIGIT_LED: Layout[] = [];
for (const layout of ALNUM_LAYOUTS) {
  if (layout.lead > 0) {
    ALNUM_DIGIT_LED.push(layout);
    continue;
  }
  for (let c = 65; c <= 90; c++) {
    const ch = String.fromCharCode(c);
    const src = layout.re.source;
    // the first unit of the layout after its look-behind
    const first = new RegExp('^' + src.slice(src.indexOf('(?:') + 3).replace(/^(\[[^\]]*\]|\\d|.).*$/s, '$1'));
    if (!first.test(ch)) continue;
    const list = BY_FIRST.get(c) ?? [];
    list.push(layout);
    BY_FIRST.set(c, list);
  }
}
const isWordCode = (c: number): boolean =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;

/** Ids with letters (codice fiscale, CURP, RFC, PAN, NRIC, DNI/NIE, henkilötunnus): a scan of capital runs. */
export const nationalIdDetector: Detector = {
  name: 'accounts.nationalids',
  detect(chunk: Chunk, sink: FindingSink, ctx: DetectContext): void {
    const s = chunk.corpus;
    let from = 0;
    const at = (p: number): number | null => {
      if (p > 0) {
        const prev = s.charCodeAt(p - 1);
        if (isWordCode(prev) || prev === 43 || prev === 45 || prev === 46 || prev === 47) return null;
      }
      const c = s.charCodeAt(p);
      let layouts: readonly Layout[] | undefined;
      if (c >= 65 && c <= 90) layouts = BY_FIRST.get(c);
      else if (c >= 48 && c <= 57) layouts = ALNUM_DIGIT_LED;
      if (layouts === undefined) return null;
      const end = tryLayouts(chunk, ctx, p, layouts, sink);
      return end > p ? end : null;
    };
    for (let end = firstInRuns(s, from, ALNUM, 9, at); end !== null; end = firstInRuns(s, from, ALNUM, 9, at))
      from = end;
  },
};

/** Whether a layout of `scheme` takes the whole of `surface` and its check holds. */
export function surfaceValid(scheme: IdScheme, surface: string): boolean {
  return WHOLE.get(scheme)!.some((re) => re.test(surface)) && idValid(scheme, compactOf(scheme, surface));
}

/**
 * Every scheme of the table whose layout takes the whole of `surface` and whose check holds, in table order:
 * one number can be valid under several (a 13-digit Korean RRN and a South African id, a 9-digit BSN that
 * also passes Luhn). The stand-ins keep all of them valid (standins/accounts/nationalids.ts).
 */
export function schemesOfSurface(surface: string): IdScheme[] {
  return ID_SCHEMES.filter((scheme) => surfaceValid(scheme, surface));
}
