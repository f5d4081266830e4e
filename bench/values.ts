/**
 * Synthetic values for the evaluation corpus: every planted value is made up
 * here from the seeded generator and is syntactically valid for its kind
 * (Luhn-valid cards, mod-97 IBANs, provider token shapes, bech32 wallets,
 * well-formed JWTs) — never a real secret. Also the validators the
 * evaluation applies to the stand-ins.
 */
import { createHash } from 'node:crypto';
import { isValidPhoneNumber, type CountryCode } from 'libphonenumber-js';
import { ALNUM, BASE64, BASE64URL, DIGITS, HEX, LOWER_ALNUM, Rng, UPPER_ALNUM } from './rng';

// ---------------------------------------------------------------- validators

/** A card number (12 to 19 digits, spaces and dashes allowed) whose Luhn check holds. */
export function luhnValid(number: string): boolean {
  const digits = number.replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(digits) && luhnOk(digits);
}

/** Luhn (ISO/IEC 7812-1) over a digit string of any length, its check digit included. */
export function luhnOk(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The Luhn check digit of `body`. */
export function luhnDigit(body: string): string {
  for (let d = 0; d < 10; d++) if (luhnOk(body + d)) return String(d);
  throw new Error('unreachable');
}

function mod97(text: string): number {
  let r = 0;
  for (const ch of text) {
    const v = /[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch;
    for (const c of v) r = (r * 10 + (c.charCodeAt(0) - 48)) % 97;
  }
  return r;
}

/** ISO 13616 check: move the first four characters to the end, letters to numbers, remainder 1. */
export function ibanValid(iban: string): boolean {
  const compact = iban.replace(/\s/g, '');
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(compact)) return false;
  return mod97(compact.slice(4) + compact.slice(0, 4)) === 1;
}

function b64urlDecode(s: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(s)) return null;
  return Buffer.from(s, 'base64url').toString('utf8');
}

/** Three base64url parts; header and payload decode to JSON objects; header names an algorithm. */
export function jwtValid(token: string): boolean {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0]!.length === 0 || parts[1]!.length === 0) return false;
  if (!/^[A-Za-z0-9_-]*$/.test(parts[2]!)) return false;
  try {
    const header: unknown = JSON.parse(b64urlDecode(parts[0]!) ?? 'x');
    const payload: unknown = JSON.parse(b64urlDecode(parts[1]!) ?? 'x');
    return (
      typeof header === 'object' &&
      header !== null &&
      typeof (header as { alg?: unknown }).alg === 'string' &&
      typeof payload === 'object' &&
      payload !== null
    );
  } catch {
    return false;
  }
}

const EMAIL_RE =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** Dot-atom local part, host of labels, alphabetic top-level domain (RFC 5321 syntax, ASCII). */
export function emailValid(email: string): boolean {
  return email.length <= 254 && EMAIL_RE.test(email);
}

// ---------------------------------------------------------------- people and organisations

interface Culture {
  readonly name: string;
  readonly first: readonly string[];
  readonly last: readonly string[];
}

/** Cross-culture given and family names (common names, combined at random: nobody in particular). */
export const CULTURES: readonly Culture[] = [
  {
    name: 'english',
    first: ['Eleanor', 'Thomas', 'Harriet', 'Oliver', 'Imogen', 'Duncan', 'Beatrice', 'Callum'],
    last: ['Whitfield', 'Ashworth', 'Pemberton', 'Halloran', 'Kingsley', 'Thornbury'],
  },
  {
    name: 'spanish',
    first: ['José', 'María', 'Alejandro', 'Lucía', 'Martín', 'Inés', 'Sofía', 'Andrés'],
    last: ['Núñez', 'Fernández', 'Ibarra', 'Castillo', 'Olivares', 'Peña'],
  },
  {
    name: 'german',
    first: ['Jürgen', 'Katrin', 'Matthias', 'Anneliese', 'Tobias', 'Wiebke'],
    last: ['Müller', 'Schröder', 'Vogelsang', 'Hartmann', 'Brückner', 'Kessler'],
  },
  {
    name: 'french',
    first: ['Céline', 'Étienne', 'Margaux', 'Benoît', 'Chloé', 'Théo'],
    last: ['Lefèvre', 'Dubois', 'Marchand', 'Rousseau', 'Girard'],
  },
  {
    name: 'nigerian',
    first: ['Chidi', 'Ngozi', 'Oluwaseun', 'Adaeze', 'Emeka', 'Folake'],
    last: ['Okonkwo', 'Adeyemi', 'Eze', 'Balogun', 'Nwosu'],
  },
  {
    name: 'indian',
    first: ['Priya', 'Arjun', 'Ananya', 'Rohan', 'Kavya', 'Vikram'],
    last: ['Raghunathan', 'Iyer', 'Chatterjee', 'Deshpande', 'Malhotra'],
  },
  {
    name: 'chinese',
    first: ['Wei', 'Xiaoling', 'Jianguo', 'Meiling', 'Haoran'],
    last: ['Zhang', 'Huang', 'Zhou', 'Xu', 'Guo'],
  },
  {
    name: 'japanese',
    first: ['Haruto', 'Yui', 'Takeshi', 'Aiko', 'Kenji'],
    last: ['Takahashi', 'Yamamoto', 'Nakamura', 'Kobayashi', 'Matsuda'],
  },
  {
    name: 'arabic',
    first: ['Omar', 'Layla', 'Youssef', 'Fatima', 'Karim', 'Noor'],
    last: ['Haddad', 'Al-Sayed', 'Mansour', 'Khalil', 'Nasser'],
  },
  {
    name: 'polish',
    first: ['Łukasz', 'Małgorzata', 'Krzysztof', 'Agnieszka', 'Wojciech'],
    last: ['Wójcik', 'Kowalczyk', 'Zieliński', 'Szymańska', 'Dąbrowski'],
  },
  {
    name: 'vietnamese',
    first: ['Thanh', 'Linh', 'Quang', 'Huong'],
    last: ['Nguyễn', 'Trần', 'Phạm', 'Lê'],
  },
  {
    name: 'nordic',
    first: ['Søren', 'Ingrid', 'Bjørn', 'Astrid', 'Sigrid'],
    last: ['Kjær', 'Lindqvist', 'Halvorsen', 'Sørensen'],
  },
  {
    name: 'korean',
    first: ['Minjun', 'Seoyeon', 'Jiho', 'Hayoon'],
    last: ['Park', 'Choi', 'Jung', 'Kang'],
  },
  {
    name: 'cjk-script',
    first: ['小明', '美玲', '翔太', '陽菜'],
    last: ['王', '李', '佐藤', '鈴木'],
  },
];

/** Private organisation names: invented stems with legal suffixes. */
const ORG_STEMS = [
  'Brightwater Analytics',
  'Kestrel Freight',
  'Halvard Biotech',
  'Mossgrove Capital',
  'Quillon Health',
  'Tarnwell Logistics',
  'Corvane Insurance',
  'Pellucid Robotics',
  'Ashbridge Legal',
  'Veltora Energy',
  'Orrin & Blake',
  'Sundermann Werkzeugbau',
  'Lumière Conseil',
  'Adeyemi Agro',
  'Nakamura Seiki',
  'Peña Hermanos',
];
const ORG_SUFFIX: Record<string, readonly string[]> = {
  de: ['GmbH', 'AG', 'GmbH & Co. KG'],
  uk: ['Ltd', 'LLP', 'plc'],
  us: ['Inc.', 'LLC', 'Corp.'],
  fr: ['SAS', 'SARL'],
  jp: ['K.K.'],
  es: ['S.L.', 'S.A.'],
  ng: ['Ltd'],
};
const ORG_TLD: Record<string, string> = {
  de: 'de',
  uk: 'co.uk',
  us: 'com',
  fr: 'fr',
  jp: 'co.jp',
  es: 'es',
  ng: 'com.ng',
};

/** Organisations the evaluation passes in the `confidential` option (public-sounding, so only the option makes them private). */
export const CONFIDENTIAL_ORGS = ['Globex', 'Northwind Traders'] as const;

/** Public companies and products that must stay as they are. */
export const PUBLIC_ORGS = [
  'OpenAI',
  'GitHub',
  'Google',
  'Microsoft',
  'Anthropic',
  'Stripe',
  'Cloudflare',
  'Amazon Web Services',
  'PostgreSQL',
  'Slack',
];

/** Ordinary words that are also names, in non-name use (the template sentences around them). */
export const NAME_WORDS = ['Will', 'Grace', 'Apple', 'Python', 'May', 'Mark', 'Bill', 'Rose', 'Jordan', 'Amber'];

export function asciiFold(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .replace(/ø/g, 'o')
    .replace(/Ø/g, 'O')
    .replace(/æ/g, 'ae')
    .replace(/đ/g, 'd');
}

export interface Org {
  readonly name: string;
  /** The name without its legal suffix. */
  readonly short: string;
  readonly domain: string;
  readonly country: string;
}

export function makeOrg(rng: Rng, index: number): Org {
  const short = ORG_STEMS[index % ORG_STEMS.length]!;
  const country = rng.pick(Object.keys(ORG_SUFFIX));
  const name = `${short} ${rng.pick(ORG_SUFFIX[country]!)}`;
  const slug = asciiFold(short)
    .toLowerCase()
    .replace(/ & /g, '-')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return { name, short, domain: `${slug}.${ORG_TLD[country]!}`, country };
}

export interface Person {
  readonly first: string;
  readonly last: string;
  readonly full: string;
  readonly culture: string;
  /** Login / home-directory name. */
  readonly username: string;
  readonly workEmail: string;
  readonly personalEmail: string;
  readonly handle: string;
  readonly phone: string;
  readonly phoneCountry: string;
  readonly address: string;
  readonly card: string;
  readonly cardBrand: string;
  readonly iban: string;
  readonly ssn: string;
  readonly customerId: string;
  readonly ip: string;
  readonly mac: string;
  readonly wallet: string;
  readonly walletKind: string;
  readonly bankAccount: string;
  readonly imei: string;
  readonly org: Org;
}

const FREE_MAIL = ['gmail.com', 'outlook.com', 'yahoo.com', 'proton.me', 'web.de', 'icloud.com'];

export function makePerson(rng: Rng, org: Org, taken: Set<string>): Person {
  for (let attempt = 0; ; attempt++) {
    const culture = rng.pick(CULTURES);
    const first = rng.pick(culture.first);
    const last = rng.pick(culture.last);
    // once the plain combinations run short (large worlds), add a middle initial
    const middle = attempt >= 20 && culture.name !== 'cjk-script' ? `${rng.chars(1, 'ABCDEFGHJKLMNPRSTVW')}. ` : '';
    const full = culture.name === 'cjk-script' ? `${last}${first}` : `${first} ${middle}${last}`;
    if (taken.has(full)) {
      if (attempt > 10_000) throw new Error('ran out of distinct names');
      continue;
    }
    taken.add(full);
    const f = asciiFold(first)
      .toLowerCase()
      .replace(/[^a-z]/g, '');
    const l = asciiFold(last)
      .toLowerCase()
      .replace(/[^a-z]/g, '');
    const latin = /^[a-z]+$/.test(f) && /^[a-z]+$/.test(l);
    const lf = latin ? f : `user${rng.digits(4)}`;
    const ll = latin ? l : rng.pick(['chen', 'wang', 'sato', 'suzuki']);
    const username = latin ? `${f[0]!}${l}` : `${ll}${rng.digits(2)}`;
    const phone = makePhone(rng);
    const card = makeCard(rng);
    const wallet = makeWallet(rng);
    return {
      first,
      last,
      full,
      culture: culture.name,
      username,
      workEmail: `${lf}.${ll}@${org.domain}`,
      personalEmail: `${lf}${rng.chance(0.5) ? '.' : ''}${ll}${rng.range(10, 99)}@${rng.pick(FREE_MAIL)}`,
      handle: `@${lf}${rng.pick(['_', '.', ''])}${ll}${rng.chance(0.4) ? rng.digits(2) : ''}`,
      phone: phone.text,
      phoneCountry: phone.country,
      address: makeAddress(rng),
      card: card.text,
      cardBrand: card.brand,
      iban: makeIban(rng),
      ssn: makeSsn(rng),
      customerId: rng.chance(0.5) ? `cus_${rng.chars(14, ALNUM)}` : `CUST-${rng.digits(6)}`,
      ip: makePublicIp(rng),
      mac: makeMac(rng),
      wallet: wallet.text,
      walletKind: wallet.kind,
      bankAccount: rng.digits(rng.range(9, 12)),
      imei: makeImei(rng),
      org,
    };
  }
}

// ---------------------------------------------------------------- accounts

/** Phone layouts per country; digits drawn until libphonenumber-js calls the number valid. */
const PHONE_LAYOUTS: readonly { country: CountryCode; make: (r: Rng) => string }[] = [
  {
    country: 'US',
    make: (r) => `+1 (${r.pick(['415', '212', '312', '617', '206'])}) ${r.range(201, 989)}-${r.digits(4)}`,
  },
  { country: 'US', make: (r) => `${r.pick(['415', '646', '512'])}-${r.range(201, 989)}-${r.digits(4)}` },
  { country: 'GB', make: (r) => `+44 7${r.range(400, 999)} ${r.digits(6)}` },
  { country: 'GB', make: (r) => `020 7${r.digits(3)} ${r.digits(4)}` },
  { country: 'DE', make: (r) => `+49 30 ${r.range(2000000, 9999999)}` },
  { country: 'DE', make: (r) => `+49 151 ${r.digits(8)}` },
  { country: 'FR', make: (r) => `+33 6 ${r.digits(2)} ${r.digits(2)} ${r.digits(2)} ${r.digits(2)}` },
  { country: 'IN', make: (r) => `+91 9${r.digits(4)} ${r.digits(5)}` },
  { country: 'JP', make: (r) => `+81 3-${r.range(3000, 6999)}-${r.digits(4)}` },
  { country: 'BR', make: (r) => `+55 11 9${r.range(6000, 9999)}-${r.digits(4)}` },
  { country: 'NG', make: (r) => `+234 803 ${r.digits(3)} ${r.digits(4)}` },
  { country: 'AU', make: (r) => `+61 4${r.digits(2)} ${r.digits(3)} ${r.digits(3)}` },
];

export function makePhone(rng: Rng): { text: string; country: string } {
  const layout = rng.pick(PHONE_LAYOUTS);
  for (let i = 0; i < 200; i++) {
    const text = layout.make(rng);
    if (isValidPhoneNumber(text, layout.country)) return { text, country: layout.country };
  }
  throw new Error(`no valid ${layout.country} phone number drawn`);
}

const STREETS = ['Larkspur', 'Harbour', 'Willowbrook', 'Copper Beech', 'Meadowbank', 'Quarry', 'Fennel', 'Juniper'];
export function makeAddress(rng: Rng): string {
  switch (rng.int(4)) {
    case 0:
      return `${rng.range(12, 9800)} ${rng.pick(STREETS)} ${rng.pick(['Lane', 'Avenue', 'Drive', 'Road'])}, ${rng.pick(['Springfield, IL', 'Boulder, CO', 'Tacoma, WA', 'Raleigh, NC'])} ${rng.range(10000, 99950)}`;
    case 1:
      return `${rng.pick(['Lindenstraße', 'Gartenweg', 'Am Mühlbach', 'Kastanienallee'])} ${rng.range(1, 140)}, ${rng.range(10115, 99998)} ${rng.pick(['Berlin', 'Leipzig', 'Köln', 'Bremen'])}`;
    case 2:
      return `${rng.range(2, 88)} rue ${rng.pick(['des Lilas', 'Sainte-Anne', 'du Moulin', 'Lamartine'])}, ${rng.pick(['75011 Paris', '69003 Lyon', '33000 Bordeaux'])}`;
    default:
      return `Flat ${rng.range(1, 40)}, ${rng.range(2, 180)} ${rng.pick(STREETS)} ${rng.pick(['Street', 'Road', 'Gardens'])}, ${rng.pick(['Leeds LS6', 'Bristol BS7', 'York YO10'])} ${rng.digits(1)}${rng.chars(2, 'ABDEFGHJLNPQRSTUWXYZ')}`;
  }
}

function group(s: string, sizes: readonly number[], sep: string): string {
  const out: string[] = [];
  let at = 0;
  for (const n of sizes) {
    out.push(s.slice(at, at + n));
    at += n;
  }
  return out.join(sep);
}

export function makeCard(rng: Rng): { text: string; brand: string } {
  const brand = rng.pick(['visa', 'mastercard', 'amex', 'discover']);
  const prefix =
    brand === 'visa'
      ? '4'
      : brand === 'mastercard'
        ? String(rng.range(51, 55))
        : brand === 'amex'
          ? rng.pick(['34', '37'])
          : '6011';
  const len = brand === 'amex' ? 15 : 16;
  const body = prefix + rng.digits(len - 1 - prefix.length);
  const number = body + luhnDigit(body);
  const sizes = brand === 'amex' ? [4, 6, 5] : [4, 4, 4, 4];
  const layout = rng.int(3);
  const text = layout === 0 ? number : group(number, sizes, layout === 1 ? ' ' : '-');
  return { text, brand };
}

/** BBAN shapes: n digits, a uppercase letters, c alphanumerics (ISO 13616 registry). */
const IBAN_FORMATS: Record<string, string> = {
  DE: '18n',
  GB: '4a14n',
  FR: '10n11c2n',
  ES: '20n',
  NL: '4a10n',
  IT: '1a10n12c',
  BE: '12n',
  PL: '24n',
};

export function makeIban(rng: Rng): string {
  const country = rng.pick(Object.keys(IBAN_FORMATS));
  let bban = '';
  for (const m of IBAN_FORMATS[country]!.matchAll(/(\d+)([nac])/g)) {
    const n = Number(m[1]);
    const cls = m[2]!;
    bban += rng.chars(n, cls === 'n' ? DIGITS : cls === 'a' ? 'ABCDEFGHIJKLMNOPQRSTUVWXYZ' : UPPER_ALNUM);
  }
  const check = 98 - mod97(bban + country + '00');
  const iban = country + String(check).padStart(2, '0') + bban;
  return rng.chance(0.5) ? iban : iban.replace(/(.{4})(?=.)/g, '$1 ');
}

export function makeSsn(rng: Rng): string {
  let area = rng.range(1, 899);
  if (area === 666) area = 667;
  const s = `${String(area).padStart(3, '0')}-${String(rng.range(1, 99)).padStart(2, '0')}-${String(rng.range(1, 9999)).padStart(4, '0')}`;
  return s;
}

const PUBLIC_FIRST_OCTETS = [
  31, 37, 46, 62, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 88, 89, 91, 93, 94, 95, 109, 176, 178, 185, 188, 212, 213,
  217,
];
export function makePublicIp(rng: Rng): string {
  if (rng.chance(0.15)) {
    // a global unicast IPv6 address, compressed
    return `2a0${rng.range(0, 9)}:${rng.hex(4).replace(/^0+/, '') || '1'}:${rng.hex(3)}::${rng.hex(4).replace(/^0+/, '') || '2'}`;
  }
  return `${rng.pick(PUBLIC_FIRST_OCTETS)}.${rng.range(1, 254)}.${rng.range(0, 254)}.${rng.range(1, 254)}`;
}

export const PRIVATE_IPS = ['10.0.3.17', '192.168.1.24', '172.18.0.2', '127.0.0.1', '10.12.0.5'];

export function makeMac(rng: Rng): string {
  const bytes = [rng.pick(['3c', 'a4', 'f0', '00', '8c', 'dc'])];
  for (let i = 0; i < 5; i++) bytes.push(rng.hex(2));
  return rng.chance(0.6) ? bytes.join(':') : bytes.join('-').toUpperCase();
}

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
function bech32Polymod(values: number[]): number {
  const G = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const v of values) {
    const b = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((b >>> i) & 1) chk ^= G[i]!;
  }
  return chk >>> 0;
}

/** A bech32 (BIP-173) segwit v0 address with a valid checksum, or an Ethereum address. */
export function makeWallet(rng: Rng): { text: string; kind: string } {
  if (rng.chance(0.5)) return { text: `0x${rng.hex(40)}`, kind: 'ethereum' };
  const data = [0];
  for (let i = 0; i < 32; i++) data.push(rng.int(32)); // 20-byte program = 32 groups of 5 bits
  const hrp = 'bc';
  const expand = [...hrp]
    .map((c) => c.charCodeAt(0) >> 5)
    .concat(
      [0],
      [...hrp].map((c) => c.charCodeAt(0) & 31),
    );
  const mod = bech32Polymod(expand.concat(data, [0, 0, 0, 0, 0, 0])) ^ 1;
  const checksum: number[] = [];
  for (let i = 0; i < 6; i++) checksum.push((mod >>> (5 * (5 - i))) & 31);
  return {
    text:
      hrp +
      '1' +
      data
        .concat(checksum)
        .map((v) => BECH32[v]!)
        .join(''),
    kind: 'bitcoin',
  };
}

export function makeImei(rng: Rng): string {
  const body = rng.pick(['35', '86', '01']) + rng.digits(12);
  return body + luhnDigit(body);
}

// ---------------------------------------------------------------- secrets

function crc32(data: string): number {
  let crc = 0xffffffff;
  for (let i = 0; i < data.length; i++) {
    crc ^= data.charCodeAt(i);
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function base62(n: number, width: number): string {
  const digits = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  let s = '';
  while (n > 0) {
    s = digits[n % 62]! + s;
    n = Math.floor(n / 62);
  }
  return s.padStart(width, '0');
}

/** GitHub-style token: prefix, 30 random base62 characters, 6-character base62 CRC32 of the random part. */
function checksummed(rng: Rng, prefix: string): string {
  const body = rng.chars(30, ALNUM);
  return `${prefix}${body}${base62(crc32(body), 6)}`;
}

/** Provider token shapes (public documentation and open secret-scanner rule sets such as gitleaks' config). */
export const SECRET_MAKERS: Record<string, (rng: Rng) => string> = {
  openai: (r) => `sk-proj-${r.chars(64, BASE64URL)}T3BlbkFJ${r.chars(64, BASE64URL)}`,
  'openai-legacy': (r) => `sk-${r.chars(20, ALNUM)}T3BlbkFJ${r.chars(20, ALNUM)}`,
  anthropic: (r) => `sk-ant-api03-${r.chars(93, BASE64URL)}AA`,
  'aws-access-key': (r) => `AKIA${r.chars(16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')}`,
  'aws-secret-key': (r) => r.chars(40, ALNUM + '/+'),
  'github-pat': (r) => checksummed(r, 'ghp_'),
  'github-fine-grained': (r) => `github_pat_11${r.chars(20, UPPER_ALNUM)}_${r.chars(59, ALNUM)}`,
  gitlab: (r) => `glpat-${r.chars(20, ALNUM + '-_')}`,
  'slack-bot': (r) => `xoxb-${r.digits(12)}-${r.digits(13)}-${r.chars(24, ALNUM)}`,
  'slack-webhook': (r) =>
    `https://hooks.slack.com/services/T${r.chars(8, UPPER_ALNUM)}/B${r.chars(10, UPPER_ALNUM)}/${r.chars(24, ALNUM)}`,
  stripe: (r) => `sk_live_${r.chars(99, ALNUM)}`,
  'stripe-restricted': (r) => `rk_live_${r.chars(24, ALNUM)}`,
  'google-api': (r) => `AIza${r.chars(35, ALNUM + '-_')}`,
  huggingface: (r) => `hf_${r.chars(34, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz')}`,
  sendgrid: (r) => `SG.${r.chars(22, ALNUM + '-_')}.${r.chars(43, ALNUM + '-_')}`,
  npm: (r) => checksummed(r, 'npm_'),
  twilio: (r) => `SK${r.hex(32)}`,
  pypi: (r) => `pypi-AgEIcHlwaS5vcmc${r.chars(60, BASE64URL)}`,
  digitalocean: (r) => `dop_v1_${r.hex(64)}`,
  groq: (r) => `gsk_${r.chars(52, ALNUM)}`,
  shopify: (r) => `shpat_${r.hex(32)}`,
  databricks: (r) => `dapi${r.hex(32)}`,
  linear: (r) => `lin_api_${r.chars(40, ALNUM)}`,
  telegram: (r) => `${r.range(100000000, 999999999)}:AA${r.chars(33, ALNUM + '-_')}`,
};

/** Values of KEY=value / JSON password fields. */
export function makePassword(rng: Rng): string {
  switch (rng.int(3)) {
    case 0:
      return `${rng.chars(rng.range(10, 16), ALNUM)}${rng.pick(['!', '-', '_', '.'])}${rng.digits(2)}`;
    case 1:
      return `${rng.pick(['Winter', 'Sunset', 'Harbor', 'Copper', 'Falcon'])}${rng.pick(['-', '_', '.'])}${rng.chars(6, LOWER_ALNUM)}${rng.digits(3)}`;
    default:
      return rng.chars(24, ALNUM);
  }
}

export function makeJwt(rng: Rng, person: Person): string {
  const header = Buffer.from(JSON.stringify({ alg: rng.pick(['HS256', 'RS256']), typ: 'JWT' })).toString('base64url');
  const iat = 1_717_000_000 + rng.int(20_000_000);
  const payload = Buffer.from(
    JSON.stringify({
      sub: rng.digits(10),
      email: person.workEmail,
      name: asciiFold(person.full),
      iat,
      exp: iat + 3600,
    }),
  ).toString('base64url');
  return `${header}.${payload}.${rng.chars(43, BASE64URL)}`;
}

export function makePem(rng: Rng): string {
  const kind = rng.pick(['RSA PRIVATE KEY', 'PRIVATE KEY', 'EC PRIVATE KEY', 'OPENSSH PRIVATE KEY']);
  const lead =
    kind === 'RSA PRIVATE KEY'
      ? 'MIIEpAIBAAKCAQEA'
      : kind === 'PRIVATE KEY'
        ? 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ'
        : kind === 'EC PRIVATE KEY'
          ? 'MHcCAQEEI'
          : 'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW'; // "openssh-key-v1\0none\0none..."
  const bodyLen = kind === 'EC PRIVATE KEY' ? 160 : kind === 'OPENSSH PRIVATE KEY' ? 380 : 900;
  const body = lead + rng.chars(bodyLen, BASE64);
  const width = kind === 'OPENSSH PRIVATE KEY' ? 70 : 64;
  const lines: string[] = [];
  for (let i = 0; i < body.length; i += width) lines.push(body.slice(i, i + width));
  return `-----BEGIN ${kind}-----\n${lines.join('\n')}\n-----END ${kind}-----`;
}

// ---------------------------------------------------------------- keep values

export function uuid(rng: Rng): string {
  const h = rng.hex(32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${rng.pick(['8', '9', 'a', 'b'])}${h.slice(17, 20)}-${h.slice(20)}`;
}

export function sha(rng: Rng, len = 40): string {
  return createHash('sha1').update(rng.hex(16)).digest('hex').slice(0, len);
}

export const MODELS = [
  'gpt-4o-2024-08-06',
  'gpt-4o-mini',
  'o4-mini',
  'claude-sonnet-4-20250514',
  'claude-3-5-haiku-20241022',
  'gemini-2.0-flash',
];
export const PUBLIC_URLS = [
  'https://api.openai.com/v1/chat/completions',
  'https://github.com/nodejs/node/issues/51942',
  'https://docs.python.org/3/library/json.html',
  'https://www.postgresql.org/docs/16/libpq-connect.html',
  'https://registry.npmjs.org/typescript',
  'https://pypi.org/simple/requests/',
];
export const CODE_IDENTIFIERS = [
  'getUserById',
  'InvoiceService',
  'parse_config',
  'MAX_RETRIES',
  'handleSubmit',
  'refundOrder',
  'useAuthContext',
  'retry_with_backoff',
];
export const VERSIONS = ['v1.4.2', '2.31.0', '7.6.3.1', '20.11.1', '0.31.0', '3.12.4', '5.9.3'];

export { DIGITS, HEX };
