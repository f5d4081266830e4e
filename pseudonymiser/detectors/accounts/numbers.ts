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
import { parsePhoneNumberFromString, type CountryCode, type PhoneNumber } from 'libphonenumber-js/max';
import type { Chunk, Detector, DetectContext, FindingSink } from '../../types';
import { cardBrandPrefix, digitsOf, ipv4Public, luhnValid, parseIPv4, sinValid, ssnValid } from './checks';
import { keyAt, nameAt, textBefore } from './util';
import { RunMemo } from '../../memo';

const RUN = /[+(]?\d[\d .()\-/]{5,60}\d/g;

const IPV4 = /(?<![\w.-])(?:\d{1,3}\.){3}\d{1,3}(?![\w-]|\.\d)/y;
const SSN = /(?<![\w.\-/:+])(\d{3})([- ])(\d{2})\2(\d{4})(?![\w\-/]|[.,]\d)/y;
const IMEI = /(?<![\w.\-/:+])\d{15}(?![\w\-/]|[.,]\d)/y;
const SIN = /(?<![\w.\-/:+])\d{3}([- ])\d{3}\1\d{3}(?![\w\-/]|[.,]\d)/y;
const CARD =
  /(?<![\w.\-/:+])(?:\d{4}([ -])\d{4}\1\d{4}\1\d{1,7}(?:\1\d{3})?|\d{4}([ -])\d{6}\2\d{4,5}|\d{13,19})(?![\w\-/]|[.,]\d)/y;
const PHONE =
  /(?<![\w.\-/+])(?:(?:\+|00)\d{1,3}[ .-]?)?(?:\(\d{1,5}\)[ .-]?)?\d{1,15}(?:[ .-]\d{1,8}){0,6}(?:\s?(?:x|ext\.?)\s?\d{1,6})?(?![\w/@%]|-[\w-]?\d|[.,]\d)/y;
const DATE = /(?:\d{4}[-/.](\d{1,2})[-/.](\d{1,2})|(\d{1,2})[-/.](\d{1,2})[-/.]\d{2,4})(?!\d|\.\d)/y;
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
const PHONE_KEY = /(?:phone|mobile|cell|tel|telephone|fax|msisdn|contact_number|whatsapp|sms)/;
const PHONE_WORDS = /(?:phone|tel|mobile|cell|fax|call|whatsapp|sms|contact|dial|\bmob|\bph)\b[^\n\d]{0,16}$/i;
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

/** phoneCanonical's answers: without, then with the phone context. */
const phoneMemo = [new RunMemo<string | null>(20_000), new RunMemo<string | null>(20_000)] as const;

/**
 * E.164 of a phone candidate, or null when it is not a phone number.
 * Memoised: a trace repeats its numbers, and each parse is costly.
 */
export function phoneCanonical(text: string, phoneContext: boolean): string | null {
  const memo = phoneMemo[phoneContext ? 1 : 0];
  let v = memo.get(text);
  if (v === undefined) v = memo.set(text, parsePhone(text, phoneContext));
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
) => { readonly number: string; isPossible(): boolean; isValid(): boolean } | null | undefined;

/**
 * E.164 of a phone candidate, or null: phoneCanonical without its memo,
 * parsing with `parse` (the plain parse of libphonenumber-js, or the memoised one).
 */
export function parsePhone(text: string, phoneContext: boolean, parse: Parse = parsed): string | null {
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
  const separated = /[ .\-()]/.test(body);
  if (digits[0] === '0' && separated && digits.length >= 9) {
    for (const c of TRUNK_COUNTRIES) {
      const p = parse(body, c);
      if (p && p.isValid()) return p.number;
    }
  }
  if (phoneContext && (separated || digits.length >= 9)) {
    for (const c of CONTEXT_COUNTRIES) {
      const p = parse(body, c);
      if (p && p.isValid()) return p.number;
    }
  }
  return null;
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
  const may = mayMatchAt(corpus, p);
  let m = (may & MAY_DATE) !== 0 ? sticky(DATE, corpus, p) : null;
  if (m && plausibleDate(m)) return p + m[0].length;

  m = (may & MAY_IPV4) !== 0 ? sticky(IPV4, corpus, p) : null;
  if (m) {
    const n = parseIPv4(m[0]);
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
  if (m && m.index + m[0].length <= end + 8) {
    const text = m[0];
    const seg = ctx.segmentAt(chunk, p);
    const key = nameAt(chunk, seg, p);
    const before = textBefore(chunk, seg, p, 32);
    if (/^\d{1,3}(?:\.\d{1,3}){3}$/.test(text) || VERSION_WORDS.test(before)) return p + text.length;
    const keyPhone = PHONE_KEY.test(key);
    if (!keyPhone && NUMERIC_KEY.test(key) && !/^\+/.test(text)) return p + text.length;
    // fewer than seven digits are no phone number in any context (parsePhone): no need to read the words before
    if (digitCount(text) < 7) return -1;
    const e164 = phoneCanonical(text, keyPhone || PHONE_WORDS.test(before));
    if (e164) {
      sink.add({ kind: 'phone', surface: text, canonical: e164 });
      return p + text.length;
    }
  }
  return -1;
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
