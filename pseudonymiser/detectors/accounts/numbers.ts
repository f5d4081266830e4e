/**
 * Digit-led values in one pass: phone numbers, payment cards, US SSNs,
 * Canadian SINs and IPv4 addresses.
 *
 * One bounded pattern finds runs of digits and phone punctuation (at least
 * seven characters, starting after no word character). Inside a run, each
 * place where a token may start is tried against small sticky patterns, most
 * specific first; every pattern is anchored on both sides so a number inside
 * a longer digit run, a decimal, a version or an ISO date never matches.
 * Candidates must then pass their check: octet ranges and public address
 * space; SSA rules; Luhn and a brand prefix; libphonenumber-js validation.
 */
import {
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
  type PhoneNumber,
} from 'libphonenumber-js/max';
import { Metadata, type MetadataJson } from 'libphonenumber-js/core';
import maxMetadata from 'libphonenumber-js/metadata.max.json';
import type { Chunk, Detector, DetectContext, FindingSink } from '../../types';
import { cardBrandPrefix, digitsOf, ipv4Public, luhnValid, parseIPv4, sinValid, ssnValid } from './checks';
import { keyAt, lastKey, nameAt, normKey, textBefore } from './util';
import { fieldAt, signatureValueAt } from '../structure';
import { RunMemo, runCache } from '../../memo';
import { idAt } from './nationalids';

const RUN = /[+(]?\d[\d .()\-/]{5,60}\d/g;

const IPV4 = /(?<![\w.-])(?:\d{1,3}\.){3}\d{1,3}(?![\w-]|\.\d)/y;
const SSN = /(?<![\w.\-/:+])(\d{3})([- ])(\d{2})\2(\d{4})(?![\w\-/]|[.,]\d)/y;
const IMEI = /(?<![\w.\-/:+])\d{15}(?![\w\-/]|[.,]\d)/y;
const SIN = /(?<![\w.\-/:+])\d{3}([- ])\d{3}\1\d{3}(?![\w\-/]|[.,]\d)/y;
const CARD =
  /(?<![\w.\-/:+])(?:\d{4}([ -])\d{4}\1\d{4}\1\d{1,7}(?:\1\d{3})?|\d{4}([ -])\d{6}\2\d{4,5}|\d{13,19})(?![\w\-/]|[.,]\d)/y;
/**
 * National layouts may group with `/` too (`0170/02658215`, `030/123 456`), once, after the first group,
 * and put a one-digit trunk prefix before an area code in parentheses (`8 (912) 345-67-89`).
 */
const PHONE =
  /(?<![\w.\-/+])(?:(?:\+|00)\d{1,3}[ .-]?|\d ?(?=\(\d))?(?:\(\d{1,5}\)[ .-]?)?\d{1,15}(?:\/\d{2,12}(?=[ .-]\d|(?![\w/@%]|[.,]\d)))?(?:[ .-]\d{1,8}){0,6}(?:\s?(?:x|ext\.?)\s?\d{1,6})?(?![\w/@%]|-[\w-]?\d|[.,]\d)/y;
/**
 * A date has three parts: one followed by its separator and another digit (`06-12-18-23-65`, a French mobile
 * number written with dashes) is no date.
 */
const DATE = /(?:\d{4}[-/.](\d{1,2})[-/.](\d{1,2})|(\d{1,2})[-/.](\d{1,2})[-/.]\d{2,4})(?!\d|[-/.]\d)/y;
/** The sticky patterns that mayMatchAt gates, by its bits (for tests). */
export const GATED_PATTERNS: readonly (readonly [bit: number, pattern: RegExp])[] = [
  [1, DATE],
  [2, IPV4],
  [4, SSN],
  [4, SIN],
  [8, IMEI],
  [16, CARD],
];

/** Keys whose values are never phone numbers or cards (ids, times, sizes, versions). */
const NUMERIC_KEY =
  /(?:^|_)(?:id|ids|uuid|guid|ts|time|timestamp|date|created|updated|version|ver|port|size|bytes|count|price|amount|total|nonce|seq|sequence|offset|index|line|lineno|sha|hash|zip|postal|postcode|duration|ms|ns|seconds|latency|tokens|limit)$/;
/**
 * Keys (normalised: `homePhone` → `home_phone`) that name a phone number: a phone word as a whole part of the key,
 * or `…phone` at its end (`cellphone`, `homephone`), not inside another word (`headphones`, `hotel`, `cellar`,
 * `telemetry`, `smsc_enabled`).
 */
const PHONE_KEY =
  /(?:^|_)(?:phone|phones|mobile|cell|tel|telephone|telefon|telefone|telefono|fax|msisdn|whatsapp|sms|handy|celular|portable)(?:_|$)|(?:^|_)(?:phone|mobile|tel)_?(?:no|num|nr|number)(?:_|$)|contact_number|(?<!head|ear|micro|saxo|xylo|gramo|mega)phones?(?:_|$)/;
/**
 * Words that say phone before a number, in the languages of the most populous countries: the word
 * itself, then up to 16 characters that are no digit (`Telefone: `, `call me on `, `電話：`).
 */
const PHONE_WORDS =
  /(?:(?:phone|tel|mobile|cell|fax|call|whatsapp|sms|contact|dial|\bmob|\bph|telefon\w*|tel[eé]fono|handy|mobil\w*|m[oó]vil|celular|cellulare|portable|rufnummer|\btlf|\btelf|\btelp|\bhp|viber|telegram|signal|text me|reach me|ring)\b|電話|电话|手机|手機|携帯|連絡先|联系|전화|휴대폰|핸드폰|연락처|телефон|тел\.|моб\.|फ़ोन|फोन|मोबाइल|هاتف|جوال|điện thoại)[^\n\d]{0,16}$/i;

/** Countries whose language a phone word is in: their numbering plans are tried first. */
const WORD_COUNTRIES: readonly (readonly [RegExp, readonly CountryCode[]])[] = [
  [/telefone|celular/i, ['BR', 'PT', 'MX', 'AR', 'CO', 'ES']],
  [/tel[eé]fono|m[oó]vil/i, ['ES', 'MX', 'AR', 'CO', 'PE', 'CL', 'VE']],
  [/telefono|cellulare/i, ['IT']],
  [/handy|rufnummer|telefon|mobil/i, ['DE', 'AT', 'CH', 'PL', 'TR', 'SE', 'DK', 'NO', 'CZ', 'RO', 'HU', 'NL']],
  [/t[eé]l[eé]phone|portable/i, ['FR', 'BE', 'CH', 'CA', 'MA', 'DZ']],
  [/\btlf/i, ['DK', 'NO']],
  [/\btelp|\bhp\b/i, ['ID']],
  [/電話|携帯|連絡先/, ['JP', 'TW', 'HK']],
  [/电话|手机|联系/, ['CN']],
  [/手機/, ['TW', 'HK']],
  [/전화|휴대폰|핸드폰|연락처/, ['KR']],
  [/телефон|тел\.|моб\./i, ['RU', 'UA', 'BY', 'KZ']],
  [/फ़ोन|फोन|मोबाइल/, ['IN']],
  [/هاتف|جوال/, ['EG', 'SA', 'AE', 'MA', 'DZ', 'IQ']],
  [/điện thoại/i, ['VN']],
];
const VERSION_WORDS = /(?:version|\bver|\bv|release|build|firmware|agent)\s*[:=]?\s*$/i;
/** Words before a dotted quad that say it is an address. */
const IP_WORDS =
  /\b(?:ip|ipv4|addr|address|host|hostname|inet|peer|remote|src|dst|source|destination|gateway|dns|nameserver|resolver|ping|ssh|curl|proxy|connect(?:ed|ing)?(?: to)?|from)\b[^\n]{0,12}$/i;

/**
 * A dotted quad whose parts are all below 16 (`7.6.3.1`) is a version number far more often than an
 * address (one public address in 65,000 has that shape): it counts as an address only where the words or
 * the key around it say so.
 */
function versionShaped(quad: string): boolean {
  return quad.split('.').every((p) => Number(p) < 16);
}

/** National formats tried when a number starts with a trunk prefix 0, or when the context says phone. */
const TRUNK_COUNTRIES: readonly CountryCode[] = [
  'GB',
  'FR',
  'DE',
  'AU',
  'NL',
  'BE',
  'CH',
  'AT',
  'SE',
  'IE',
  'NZ',
  'ZA',
  'IN',
  'JP',
  'TR',
  'FI',
  'IT',
  'BR',
  'MX',
];
const CONTEXT_COUNTRIES: readonly CountryCode[] = [
  'US',
  ...TRUNK_COUNTRIES,
  'ES',
  'PT',
  'DK',
  'NO',
  'PL',
  'CZ',
  'HU',
  'GR',
  'IL',
  'SG',
  'HK',
  'CN',
  'KR',
  'RU',
  'UA',
  'AR',
  'CO',
  'CL',
  // the rest of the 40 most populous countries (UN World Population Prospects 2024) and of the EU
  'ID',
  'PK',
  'NG',
  'BD',
  'ET',
  'EG',
  'PH',
  'CD',
  'VN',
  'IR',
  'TH',
  'TZ',
  'KE',
  'MM',
  'SD',
  'UG',
  'DZ',
  'IQ',
  'AF',
  'YE',
  'CA',
  'MA',
  'BG',
  'HR',
  'CY',
  'EE',
  'LV',
  'LT',
  'LU',
  'MT',
  'RO',
  'SK',
  'SI',
];
const NANP_LAYOUT = /^(?:\+?1[ .-]?)?(?:\(\d{3}\)\s?|\d{3}[ .-])\d{3}[ .-]\d{4}$|^1?\d{10}$/;

function plausibleDate(m: RegExpExecArray): boolean {
  const a = +(m[1] ?? m[3] ?? 0);
  const b = +(m[2] ?? m[4] ?? 0);
  return a >= 1 && a <= 31 && b >= 1 && b <= 31 && (a <= 12 || b <= 12);
}

function sticky(re: RegExp, s: string, at: number): RegExpExecArray | null {
  re.lastIndex = at;
  return re.exec(s);
}

/** phoneCanonical's answers: without the phone context, with it, and with a key that names phone. */
const phoneMemo = [
  new RunMemo<string | null>(20_000),
  new RunMemo<string | null>(20_000),
  new RunMemo<string | null>(20_000),
] as const;

/**
 * E.164 of a phone candidate, or null when it is not a phone number.
 * Memoised: a trace repeats its numbers, and each parse is costly.
 */
export function phoneCanonical(
  text: string,
  phoneContext: boolean,
  preferred: readonly CountryCode[] = [],
  named = false,
): string | null {
  const memo = phoneMemo[named ? 2 : phoneContext ? 1 : 0];
  const key = preferred.length === 0 ? text : text + '\u0000' + preferred.join(',');
  let v = memo.get(key);
  if (v === undefined) v = memo.set(key, parsePhone(text, phoneContext || named, parsed, preferred, named));
  return v;
}

/** One parse by libphonenumber-js, its answers asked once each. */
class Parsed {
  private possible: boolean | undefined;
  private valid: boolean | undefined;

  constructor(readonly phone: PhoneNumber) {}

  get number(): string {
    return this.phone.number as string;
  }

  isPossible(): boolean {
    return (this.possible ??= this.phone.isPossible());
  }

  isValid(): boolean {
    return (this.valid ??= this.phone.isValid());
  }

  formatInternational(): string {
    return this.phone.formatInternational();
  }
}

const parseMemo = new RunMemo<Parsed | null>(20_000);

/**
 * parsePhoneNumberFromString(text) or (text, country), memoised: the same
 * candidate is parsed under both phone contexts, and a national number under
 * the trunk countries and again under the context countries; a parse depends
 * on neither.
 */
export function parsed(text: string, country?: CountryCode): Parsed | null {
  const k = country === undefined ? text : country + text;
  let v = parseMemo.get(k);
  if (v === undefined) {
    const p = country === undefined ? parsePhoneNumberFromString(text) : parsePhoneNumberFromString(text, country);
    v = parseMemo.set(k, p ? new Parsed(p) : null);
  }
  return v;
}

/** A parse by libphonenumber-js: `parsed`, or the plain call (tests compare the two). */
type Parse = (
  text: string,
  country?: CountryCode,
) =>
  | { readonly number: string; isPossible(): boolean; isValid(): boolean; formatInternational(): string }
  | null
  | undefined;

/** Lengths of the digit groups of a written number, a trunk `0` or `(0)` and a `+…` country code left out. */
function groupLengths(text: string): string {
  const groups = text.replace(/^\+\d+|\(0\)/g, ' ').match(/\d+/g) ?? [];
  if (groups.length > 0 && groups[0]!.startsWith('0') && groups[0]!.length > 1) groups[0] = groups[0]!.slice(1);
  return groups.map((g) => g.length).join(',');
}

/**
 * E.164 of a phone candidate, or null: phoneCanonical without its memo,
 * parsing with `parse` (the plain parse of libphonenumber-js, or the memoised one); in phone context, the
 * national plans of `preferred` are tried first.
 */
export function parsePhone(
  text: string,
  phoneContext: boolean,
  parse: Parse = parsed,
  preferred: readonly CountryCode[] = [],
  named = false,
): string | null {
  const body = text.replace(/\s?(?:x|ext\.?)\s?\d{1,6}$/i, '');
  const digits = digitsOf(body);
  const intl = /^(?:\+|00)/.test(body);
  if (intl) {
    const norm = '+' + (body.startsWith('00') ? digits.slice(2) : digits);
    if (norm.length < 9 || norm.length > 16) return null;
    const p = parse(norm);
    if (!p || !p.isPossible()) return null;
    // a number written with separators or a + is a phone number when its length fits the country
    return p.isValid() || /[ .\-()]/.test(body) || phoneContext || norm.length >= 11 ? p.number : null;
  }
  if (digits.length < 7 || digits.length > 13) return null;
  if (NANP_LAYOUT.test(body)) {
    const p = parse(body, 'US');
    if (p && p.isValid()) return p.number;
  }
  const separated = /[ .\-()/]/.test(body);
  const trunk = digits[0] === '0' && separated && digits.length >= 9;
  // a compact number of 7 or 8 digits is a phone number only where a key or column names it one (`"tel":
  // "51234567"`): words before it say less (`call 12345678 times`)
  const context = phoneContext && (separated || digits.length >= 9 || named);
  if (!trunk && !context) return null;
  // the countries the context names first, then the usual ones; of the plans that take the number, the first
  // that groups it as written (`74751 95509`: India's 5 + 5, `(71) 94649-3123`: Brazil's 2 + 5 + 4,
  // `090-1234-5678`: Japan's 2 + 4 + 4 after the trunk 0), else the first
  const written = separated ? groupLengths(body) : '';
  let first: string | null = null;
  const plans = !context
    ? TRUNK_COUNTRIES
    : trunk
      ? [...preferred, ...TRUNK_COUNTRIES, ...CONTEXT_COUNTRIES]
      : [...preferred, ...CONTEXT_COUNTRIES];
  for (const c of plans) {
    const p = parse(body, c);
    if (!p || !p.isValid()) continue;
    // without phone words the first plan that takes it, as before: the grouping costs a format per plan
    if (!context || !separated || groupLengths(p.formatInternational()) === written) return p.number;
    first ??= p.number;
  }
  return first;
}

/** Countries a phone word's language names, then those the chunk's own numbers and locales name. */
function contextCountries(chunk: Chunk, before: string): CountryCode[] {
  const out: CountryCode[] = [];
  for (const [re, countries] of WORD_COUNTRIES) if (re.test(before)) out.push(...countries);
  for (const c of chunkCountries(chunk.corpus)) if (!out.includes(c)) out.push(c);
  return out;
}

/** A locale tag's region, a few characters after a locale word (`": "`, `=`, `uage: `). */
const LOCALE_TAG = /^[a-z"':= ]{0,12}[a-z]{2}[-_]([A-Z]{2})\b/;
const isWordCode = (c: number): boolean =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;

/** Country of each calling code libphonenumber-js knows (its main country). */
let callingCountries: Map<string, CountryCode> | null = null;
let lastHintCorpus: string | null = null;
let lastHints: CountryCode[] = [];
runCache({
  get size() {
    return lastHintCorpus === null ? 0 : 1;
  },
  clear() {
    lastHintCorpus = null;
    lastHints = [];
  },
});

/**
 * Countries the chunk names otherwise: the calling codes of its international numbers (`+49 …`), then the
 * regions of its locale tags (`"locale": "pt-BR"`), eight at most. Read once per chunk, when a number in
 * phone context first needs a country.
 */
function chunkCountries(corpus: string): readonly CountryCode[] {
  if (corpus === lastHintCorpus) return lastHints;
  if (callingCountries === null) {
    // the metadata lists a shared calling code's main country first (US for +1, GB for +44, RU for +7)
    const metadata = new Metadata(maxMetadata as unknown as MetadataJson) as unknown as {
      getCountryCodesForCallingCode(cc: string): CountryCode[] | undefined;
    };
    callingCountries = new Map();
    for (const c of getCountries()) {
      const cc = getCountryCallingCode(c) as string;
      const main = metadata.getCountryCodesForCallingCode(cc)?.[0];
      if (main !== undefined) callingCountries.set(cc, main);
    }
  }
  const out: CountryCode[] = [];
  const add = (c: CountryCode | undefined): void => {
    if (c !== undefined && out.length < 8 && !out.includes(c)) out.push(c);
  };
  // `+49 30 …`: the longest calling code the digits start with (found from each `+`: far cheaper than a pattern)
  for (let i = corpus.indexOf('+'); i >= 0 && out.length < 8; i = corpus.indexOf('+', i + 1)) {
    const digits = /^\d{1,3}/.exec(corpus.slice(i + 1, i + 4));
    if (digits === null || (i > 0 && isWordCode(corpus.charCodeAt(i - 1)))) continue;
    let c: CountryCode | undefined;
    for (let n = digits[0].length; n >= 1 && c === undefined; n--) c = callingCountries.get(digits[0].slice(0, n));
    add(c);
  }
  // `"locale": "pt-BR"`, `lang=de_DE`: a region after a locale or language word
  for (const word of ['locale', 'lang']) {
    for (let i = corpus.indexOf(word); i >= 0 && out.length < 8; i = corpus.indexOf(word, i + 1)) {
      const tag = LOCALE_TAG.exec(corpus.slice(i + word.length, i + word.length + 24));
      if (tag !== null && isSupportedCountry(tag[1]!)) add(tag[1] as CountryCode);
    }
  }
  lastHintCorpus = corpus;
  lastHints = out;
  return out;
}

/** `s.charCodeAt(i)`, or -1 past the end (where charCodeAt gives NaN, and the compiled code would fall back). */
const codeAt = (s: string, i: number): number => (i < s.length ? s.charCodeAt(i) : -1);
const isDigit = (c: number): boolean => c >= 48 && c <= 57;
/** `-`, `/` or `.`: DATE's separators. */
const isDateSep = (c: number): boolean => c === 45 || c === 47 || c === 46;
/** ` ` or `-`: the separators of SSN, SIN and grouped CARD numbers. */
const isGroupSep = (c: number): boolean => c === 32 || c === 45;

/** The number of ASCII digits in `s`. */
export function digitCount(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) if (isDigit(s.charCodeAt(i))) n++;
  return n;
}

/**
 * Whether each pattern may match at `p`: what the pattern's first characters
 * need, so that a pattern is not run where it cannot match. Every one of
 * DATE, IPV4, SSN, IMEI, CARD and SIN starts with a digit; then DATE has a
 * separator after 1, 2 or 4 digits, IPV4 a `.` after 1 to 3, SSN and SIN a
 * separator after 3, IMEI a fifteenth digit, CARD a separator after 4 or a
 * thirteenth digit. Bits: DATE 1, IPV4 2, SSN and SIN 4, IMEI 8, CARD 16.
 */
export function mayMatchAt(s: string, p: number): number {
  if (!isDigit(s.charCodeAt(p))) return 0;
  const c1 = codeAt(s, p + 1);
  const c2 = codeAt(s, p + 2);
  const c3 = codeAt(s, p + 3);
  const c4 = codeAt(s, p + 4);
  let bits = 0;
  if (isDateSep(c1) || isDateSep(c2) || isDateSep(c4)) bits |= 1;
  if (c1 === 46 || c2 === 46 || c3 === 46) bits |= 2;
  if (isGroupSep(c3)) bits |= 4;
  if (isDigit(codeAt(s, p + 14))) bits |= 8;
  if (isGroupSep(c4) || isDigit(codeAt(s, p + 12))) bits |= 16;
  return bits;
}
const MAY_DATE = 1;
const MAY_IPV4 = 2;
const MAY_SSN_SIN = 4;
const MAY_IMEI = 8;
const MAY_CARD = 16;

function tryAt(chunk: Chunk, p: number, end: number, sink: FindingSink, ctx: DetectContext): number {
  const corpus = chunk.corpus;
  // national ids of the table first: a Belgian `01.02.03-…` starts like a date
  const id = idAt(chunk, ctx, p, sink);
  if (id > p) return id;
  const may = mayMatchAt(corpus, p);
  let m = (may & MAY_DATE) !== 0 ? sticky(DATE, corpus, p) : null;
  if (m && plausibleDate(m)) return p + m[0].length;

  m = (may & MAY_IPV4) !== 0 ? sticky(IPV4, corpus, p) : null;
  // a dotted quad with a zero-led part (`070.159.99.14`, `078.194.02.37`) is no IPv4 address (RFC 6943 §3.1.1:
  // such a part is read as octal by some, as decimal by others, and written by neither): a national number
  // written with dots, maybe
  if (m && /(?:^|\.)0\d/.test(m[0])) m = null;
  // nor is one with a part above 255 (`612.25.12.38`, a Spanish mobile written with dots)
  const n = m ? parseIPv4(m[0]) : null;
  if (n === null) m = null;
  if (m) {
    const slashOk = corpus.charCodeAt(p - 1) !== 47 || corpus.charCodeAt(p - 2) === 47;
    if (n !== null && slashOk && ipv4Public(n) && !WELL_KNOWN_V4.has(m[0])) {
      const seg = ctx.segmentAt(chunk, p);
      const before = textBefore(chunk, seg, p, 24);
      const key = nameAt(chunk, seg, p);
      const addressSaid = IP_WORDS.test(before) || /ip|addr|host|peer|remote|client|server/.test(key);
      if (!VERSION_WORDS.test(before) && !/version|user_agent|ua$/.test(key) && (addressSaid || !versionShaped(m[0])))
        sink.add({ kind: 'ip', surface: m[0] });
    }
    return p + m[0].length;
  }

  m = (may & MAY_SSN_SIN) !== 0 ? sticky(SSN, corpus, p) : null;
  if (m && ssnValid(m[1]! + m[3]! + m[4]!)) {
    const seg = ctx.segmentAt(chunk, p);
    const key = nameAt(chunk, seg, p);
    const spaced = m[2] === ' ';
    if (
      !spaced ||
      /ssn|social/.test(key) ||
      /\b(?:ssn|social security)\b[^\n]{0,20}$/i.test(textBefore(chunk, seg, p, 40))
    ) {
      sink.add({ kind: 'national_id', surface: m[0], canonical: 'ssn:' + digitsOf(m[0]) });
      return p + m[0].length;
    }
  }

  m = (may & MAY_IMEI) !== 0 ? sticky(IMEI, corpus, p) : null;
  if (
    m &&
    luhnValid(m[0]) &&
    /\b(?:IMEI|imei)\b[^\n\d]{0,12}$/.test(textBefore(chunk, ctx.segmentAt(chunk, p), p, 24))
  ) {
    sink.add({ kind: 'device_id', surface: m[0], canonical: 'imei:' + m[0] });
    return p + m[0].length;
  }

  m = (may & MAY_CARD) !== 0 ? sticky(CARD, corpus, p) : null;
  if (m) {
    const d = digitsOf(m[0]);
    if (
      d.length >= 13 &&
      d.length <= 19 &&
      cardBrandPrefix(d) > 0 &&
      luhnValid(d) &&
      !(m[0] === d && NUMERIC_KEY.test(keyAt(chunk, ctx, p)))
    ) {
      sink.add({ kind: 'card', surface: m[0], canonical: d });
      return p + m[0].length;
    }
  }

  m = (may & MAY_SSN_SIN) !== 0 ? sticky(SIN, corpus, p) : null;
  if (
    m &&
    sinValid(digitsOf(m[0])) &&
    (/(?:^|_)sin$|social_insurance/.test(keyAt(chunk, ctx, p)) ||
      /\b(?:SIN|S\.I\.N\.|social insurance)\b[^\n]{0,20}$/i.test(textBefore(chunk, ctx.segmentAt(chunk, p), p, 40)))
  ) {
    sink.add({ kind: 'national_id', surface: m[0], canonical: 'sin:' + digitsOf(m[0]) });
    return p + m[0].length;
  }

  m = sticky(PHONE, corpus, p);
  const seg = ctx.segmentAt(chunk, p);
  const field = fieldAt(chunk, p);
  const key = normKey(field !== null ? field.name : lastKey(seg.path));
  const keyPhone = PHONE_KEY.test(key);
  // a value that a key or column names phone is read whole, to the end its layout gives it: a CSV cell's
  // `,` before the next cell's digits (`+420 601 415 451,2025-06-28`) is no decimal comma
  // so is a line of an e-mail signature (a contact record) written as a phone number is, whatever its label
  const sig = keyPhone ? null : signatureValueAt(chunk, p);
  const whole = keyPhone
    ? namedValue(corpus, field !== null ? field.start : seg.start, field?.end ?? seg.end, p)
    : sig !== null
      ? namedValue(corpus, sig.start, sig.end, p)
      : null;
  if (whole !== null || (m && m.index + m[0].length <= end + 8)) {
    const text = whole ?? m![0];
    const before = textBefore(chunk, seg, p, 32);
    if ((/^\d{1,3}(?:\.\d{1,3}){3}$/.test(text) && parseIPv4(text) !== null) || VERSION_WORDS.test(before))
      return p + text.length;
    if (!keyPhone && NUMERIC_KEY.test(key) && !/^\+/.test(text)) return p + text.length;
    // fewer than seven digits are no phone number in any context (parsePhone): no need to read the words before
    if (digitCount(text) < 7) return -1;
    const context = keyPhone || whole !== null || PHONE_WORDS.test(before);
    // a national number (no `+`, no `00`) in phone context: the countries the context names are tried first
    const national = context && !/^(?:\+|00)/.test(text);
    const e164 = phoneCanonical(text, context, national ? contextCountries(chunk, before) : [], whole !== null);
    if (e164) {
      sink.add({ kind: 'phone', surface: text, canonical: e164 });
      return p + text.length;
    }
  }
  return -1;
}

/** A phone number's characters: digits, `+`, blanks, `( ) . - /`. */
const PHONE_CHARS = /^[+(]?\d[\d .()\-/]{5,24}\d$/;

/**
 * The value [vs, ve) when it starts at `p` and is written as a phone number is (PHONE_CHARS, trailing
 * blanks dropped), else null.
 */
function namedValue(corpus: string, vs: number, ve: number, p: number): string | null {
  if (vs !== p || ve - vs > 32) return null;
  const v = corpus.slice(vs, ve).trimEnd();
  return PHONE_CHARS.test(v) ? v : null;
}

const WELL_KNOWN_V4 = new Set([
  '8.8.8.8',
  '8.8.4.4',
  '1.1.1.1',
  '1.0.0.1',
  '9.9.9.9',
  '149.112.112.112',
  '208.67.222.222',
  '208.67.220.220',
]);

export const numbersDetector: Detector = {
  name: 'accounts.numbers',
  detect(chunk: Chunk, sink: FindingSink, ctx: DetectContext): void {
    const corpus = chunk.corpus;
    RUN.lastIndex = 0;
    let run: RegExpExecArray | null;
    while ((run = RUN.exec(corpus)) !== null) {
      const start = run.index;
      const end = start + run[0].length;
      let p = start;
      while (p < end) {
        const c = corpus.charCodeAt(p);
        const prev = p > 0 ? corpus.charCodeAt(p - 1) : 32;
        const startable = (c >= 48 && c <= 57) || c === 43 || c === 40;
        const after = p === start || prev === 32 || prev === 40 || prev === 47;
        if (startable && after && !(c >= 48 && c <= 57 && prev === 40 && p !== start)) {
          const next = tryAt(chunk, p, end, sink, ctx);
          if (next > p) {
            p = next;
            continue;
          }
        }
        p++;
      }
      // a phone extension or a matched token may reach past the run
      if (RUN.lastIndex < p) RUN.lastIndex = p;
    }
  },
};
