/**
 * Finds every occurrence of known sensitive values in a text, in one pass of
 * one Aho-Corasick automaton (the pseudonymiser's `Matcher`, used here only as
 * a string matcher: the audit knows nothing of how a twin was made).
 *
 * - JSON escaping at any depth: the text is first read through `unescape`,
 *   which turns every escape — `\u00e9`, `\"`, `\/`, `\n`, and the same behind
 *   any run of backslashes (`\\u00e9`, `\\\\\"`, …: the escape written again at
 *   each level of a JSON string inside a JSON string) — into the character it
 *   stands for, keeping a map back to the original positions; so is a
 *   percent-encoded character, once or more (`john%40acme.example`,
 *   `john%2540acme.example`, `Jos%C3%A9`), and so is an HTML character
 *   reference (`&amp;`, `&#64;`, `&#x40;`, `&eacute;`, `&amp;#64;`). Values
 *   are then searched in that one text, whatever the depth.
 * - Phones: besides as written, by their significant digits (the national
 *   number: no country code, trunk 0 or separators), in a second automaton
 *   run over the digits of the text's phone-shaped runs (digit groups joined
 *   by spaces, `-`, `.`, `/`, parentheses), mapped back to the text: the
 *   digits must start a group, or follow in it only a country code and / or a
 *   trunk 0, and end one (`+44 20 7946 0958` is found as `020 7946 0958`,
 *   `+442079460958`, `0044 (0)20-7946-0958`).
 * - Case: e-mails, domains and user names match in any letter case; names as
 *   written, Capitalised or in CAPITALS; phones, companies and other values as
 *   written.
 * - Boundaries: a value that begins (ends) with a letter or digit does not match
 *   right after (before) another letter or digit.
 * - Names: a full name matches whole; besides, each of its parts of three or
 *   more letters is searched, and a part counts when another part of the same
 *   name stands next to it (`Smith, John`, `John A. Smith`, `SMITH John`).
 */
import { Matcher, type Pattern } from '../pseudonymiser/matcher';
import type { Kind, Value } from './values';

export interface Survivor {
  /** Offsets in the original text (UTF-16 units), end exclusive. */
  readonly start: number;
  readonly end: number;
  readonly kind: Kind;
  /** Index of the value in the list the auditor was built from. */
  readonly value: number;
}

/** Where a pattern comes from: a value whole, or a part of a name. */
interface Ref {
  readonly value: number;
  readonly part: boolean;
}

const PART = /[\p{L}\p{M}'’]+/gu;
/**
 * What may stand between two parts of one name: spaces, a comma, a dot, a hyphen, an underscore, a plus (a query
 * string's space), an initial (`J.`).
 */
const BETWEEN = /^(?:[\s,.\-·_+]{1,4}|\s*\p{Lu}\.\s*|\s+\p{Lu}\s+)$/u;

function capitalised(s: string): string {
  return s.replace(/\p{L}+/gu, (w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase());
}

export class Auditor {
  private readonly matcher: Matcher;
  private readonly refs: Ref[][];
  /** The phones' significant digits, searched in the digits of the text's phone-shaped runs. */
  private readonly digits: Matcher;
  private readonly digitRefs: number[][];

  constructor(private readonly values: readonly Value[]) {
    const index = new Map<string, number>();
    const patterns: Pattern[] = [];
    const digitIndex = new Map<string, number>();
    const digitPatterns: Pattern[] = [];
    const digitRefs: number[][] = [];
    const refs: Ref[][] = [];
    const add = (text: string, caseInsensitive: boolean, ref: Ref): void => {
      const key = `${caseInsensitive ? 'i' : 's'}${text}`;
      let p = index.get(key);
      if (p === undefined) {
        p = patterns.length;
        index.set(key, p);
        patterns.push({ text, caseInsensitive });
        refs.push([]);
      }
      const list = refs[p]!;
      const last = list[list.length - 1];
      if (!last || last.value !== ref.value || last.part !== ref.part) list.push(ref);
    };
    values.forEach((v, value) => {
      if (v.kind === 'email' || v.kind === 'domain' || v.kind === 'username') {
        add(v.text, true, { value, part: false });
      } else if (v.kind === 'name') {
        for (const form of new Set([v.text, capitalised(v.text), v.text.toUpperCase()]))
          add(form, false, { value, part: false });
        const parts = v.text.match(PART) ?? [];
        if (parts.length > 1)
          for (const part of parts) {
            if ([...part].filter((c) => /\p{L}/u.test(c)).length < 3) continue;
            for (const form of new Set([part, capitalised(part), part.toUpperCase()]))
              add(form, false, { value, part: true });
          }
      } else add(v.text, false, { value, part: false });
      if (v.kind === 'phone')
        for (const digits of significantDigits(v.text)) {
          let p = digitIndex.get(digits);
          if (p === undefined) {
            p = digitPatterns.length;
            digitIndex.set(digits, p);
            // boundaries are checked here, on the digit groups of the text, not by the matcher
            digitPatterns.push({ text: digits, caseInsensitive: false, anywhere: true });
            digitRefs.push([]);
          }
          const list = digitRefs[p]!;
          if (list[list.length - 1] !== value) list.push(value);
        }
    });
    this.matcher = new Matcher(patterns);
    this.refs = refs;
    this.digits = new Matcher(digitPatterns);
    this.digitRefs = digitRefs;
  }

  /** Every survivor in `text`, sorted by position; an occurrence inside a longer one is reported as the longer one. */
  audit(text: string): Survivor[] {
    const { text: plain, toOriginal } = unescape(text);
    const found: { start: number; end: number; kind: Kind; value: number }[] = [];
    const parts: { start: number; end: number; values: Ref[] }[] = [];
    for (const m of this.matcher.findAll(plain)) {
      const refs = this.refs[m.pattern]!;
      const whole = refs.find((r) => !r.part);
      if (whole) found.push({ start: m.start, end: m.end, kind: this.values[whole.value]!.kind, value: whole.value });
      if (refs.some((r) => r.part)) parts.push({ start: m.start, end: m.end, values: refs });
    }
    if (this.digits.size > 0) {
      const { digits, toPlain } = digitRuns(plain);
      for (const m of this.digits.findAll(digits)) {
        const start = phoneStart(plain, digits, toPlain, m.start);
        const end = toPlain[m.end - 1]! + 1;
        if (start === -1 || isDigit(plain.charCodeAt(end))) continue;
        found.push({ start, end, kind: 'phone', value: this.digitRefs[m.pattern]![0]! });
      }
    }
    // two parts of one name next to each other
    for (let i = 0; i < parts.length; i++) {
      const a = parts[i]!;
      for (let j = i + 1; j < parts.length; j++) {
        const b = parts[j]!;
        if (b.start < a.end) continue;
        if (b.start - a.end > 6) break;
        if (!BETWEEN.test(plain.slice(a.end, b.start))) continue;
        const value = shared(a.values, b.values);
        if (value !== -1) found.push({ start: a.start, end: b.end, kind: 'name', value });
      }
    }
    found.sort((x, y) => x.start - y.start || y.end - x.end);
    const out: Survivor[] = [];
    let reach = -1;
    for (const f of found) {
      if (f.end <= reach) continue; // inside (or the same as) one already reported
      reach = f.end;
      out.push({ start: toOriginal(f.start), end: toOriginal(f.end), kind: f.kind, value: f.value });
    }
    return out;
  }
}

/** A value that both part lists name (as a part), or -1. */
function shared(a: readonly Ref[], b: readonly Ref[]): number {
  const [small, large] = a.length <= b.length ? [a, b] : [b, a];
  const set = new Set<number>();
  for (const r of small) if (r.part) set.add(r.value);
  for (const r of large) if (r.part && set.has(r.value)) return r.value;
  return -1;
}

/** Is the UTF-16 unit an ASCII digit. */
function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/**
 * Two-digit country calling codes (ITU-T E.164); 1 and 7 are the one-digit ones and every other code has three
 * digits. The codes are prefix-free, so a number's first digits say how long its code is.
 */
const TWO_DIGIT_CODES = new Set(
  (
    '20 27 30 31 32 33 34 36 39 40 41 43 44 45 46 47 48 49 51 52 53 54 55 56 57 58 60 61 62 63 64 65 66 81 82 84 86 ' +
    '90 91 92 93 94 95 98'
  ).split(' '),
);

/** How many of the first digits of an international number (after `+` or `00`) are its country code. */
export function countryCodeLength(digits: string): number {
  if (digits.startsWith('1') || digits.startsWith('7')) return 1;
  return TWO_DIGIT_CODES.has(digits.slice(0, 2)) ? 2 : 3;
}

function isCountryCode(digits: string): boolean {
  return digits.length >= 1 && digits.length <= 3 && countryCodeLength(digits) === digits.length;
}

/** Countries whose national numbers keep their leading 0 after the country code. */
const KEEPS_ZERO = new Set(['39', '225']);
/** A phone of fewer digits is searched as written only; a national number of fewer digits is not searched. */
const PHONE_DIGITS = 7;
const NATIONAL_DIGITS = 6;

/**
 * The digits a phone is searched by, whatever its layout: its national number, without country code, trunk 0 or
 * separators (`+44 20 7946 0958`, `+44 (0)20 7946 0958`, `0044 20 7946 0958` and `020 7946 0958` all give
 * `2079460958`). A number written without `+` or `00` is taken as national (its leading 0 dropped); one of 11 or more
 * digits not starting with 0 is searched also without what would be its country code (`1 415 555 0100`). An
 * extension at the end (`ext. 12`, `x12`, `#12`) is left out.
 */
export function significantDigits(written: string): string[] {
  // an extension is not dialled as part of the number (`… 0958 ext. 12`, `… 0958 x12`, `… 0958#12`)
  const phone = written.replace(/\s*(?:ext\.?|extension|x|#)\s*\d{1,6}\s*$/i, '');
  const digits = phone.replace(/\D/g, '');
  if (digits.length < PHONE_DIGITS) return [];
  const out: string[] = [];
  const t = phone.trim();
  if (t.startsWith('+') || t.startsWith('00')) {
    const rest = t.startsWith('+') ? digits : digits.slice(2);
    const cc = rest.slice(0, countryCodeLength(rest));
    let national = rest.slice(cc.length);
    if (national.startsWith('0') && !KEEPS_ZERO.has(cc)) national = national.slice(1);
    out.push(national);
  } else if (digits.startsWith('0')) out.push(digits.slice(1));
  else {
    out.push(digits);
    if (digits.length >= 11) out.push(digits.slice(countryCodeLength(digits)));
  }
  return out.filter((d) => d.length >= NATIONAL_DIGITS);
}

/**
 * A phone-shaped run: groups of digits joined by up to three separators (spaces, `-`, `.`, `/`, parentheses).
 * Only the runs are projected: digits elsewhere are never joined across other text.
 */
const RUN = /\d+(?:[ \u00a0\-.()/]{1,3}\d+)*/g;

/**
 * The digits of every run of the text with at least PHONE_DIGITS digits, runs separated by `x`, and for each of
 * them its position in the text.
 */
export function digitRuns(text: string): { digits: string; toPlain: Int32Array } {
  const pieces: string[] = [];
  const at: number[] = [];
  RUN.lastIndex = 0;
  for (let m = RUN.exec(text); m !== null; m = RUN.exec(text)) {
    const run = m[0];
    if (run.length < PHONE_DIGITS) continue;
    let digits = '';
    for (let i = 0; i < run.length; i++) {
      if (!isDigit(run.charCodeAt(i))) continue;
      digits += run[i];
      at.push(m.index + i);
    }
    if (digits.length < PHONE_DIGITS) {
      at.length -= digits.length;
      continue;
    }
    pieces.push(digits, 'x');
    at.push(-1);
  }
  return { digits: pieces.join(''), toPlain: Int32Array.from(at) };
}

/** The most digits before a national number in its run: `00`, a country code of three digits, a trunk 0. */
const MAX_PREFIX = 6;

/** Nothing, a trunk 0, or a country code (after `00` or not) with or without a trunk 0. */
function acceptedPrefix(prefix: string): boolean {
  if (prefix === '' || prefix === '0') return true;
  let p = prefix.startsWith('00') ? prefix.slice(2) : prefix;
  if (p.length > 1 && p.endsWith('0') && isCountryCode(p.slice(0, -1))) p = p.slice(0, -1);
  return isCountryCode(p);
}

/**
 * Where a phone found by its digits at `m` (a position in `digits`) starts in `plain`, or -1 when it is not a
 * phone there: the match must begin its group of digits, or follow in that group only a country code and / or a
 * trunk 0 (`+442079460958`, `02079460958`, `0044…`, `440…`).
 */
function phoneStart(plain: string, digits: string, toPlain: Int32Array, m: number): number {
  // the digits before the match in its group: a few at most (a longer group is another number), so each match
  // costs the same however long the group
  const joined = (i: number): boolean =>
    i > 0 && digits.charCodeAt(i - 1) !== 0x78 && toPlain[i - 1] === toPlain[i]! - 1;
  let g = m;
  while (joined(g)) {
    if (m - g >= MAX_PREFIX) return -1;
    g--;
  }
  if (!acceptedPrefix(digits.slice(g, m))) return -1;
  // the whole run when all of it before the match is such a prefix (`0044 20 7946 0958`, `+44 (0) 20 …`)
  let r = g;
  while (r > 0 && digits.charCodeAt(r - 1) !== 0x78 && m - r < MAX_PREFIX) r--;
  if (r < g && (r === 0 || digits.charCodeAt(r - 1) === 0x78) && acceptedPrefix(digits.slice(r, m))) g = r;
  let start = toPlain[g]!;
  // with the `+` or `(` it is written after
  for (let i = 0; i < 2 && start > 0; i++) {
    const c = plain.charCodeAt(start - 1);
    if (c !== 0x2b && c !== 0x28) break;
    start--;
  }
  return start;
}

const SIMPLE: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '"': '"', '/': '/', "'": "'" };

/** HTML's named character references for the characters a name or an address may hold. */
const NAMED: Record<string, string> = (() => {
  const t: Record<string, string> = {
    amp: '&',
    lt: '<',
    gt: '>',
    quot: '"',
    apos: "'",
    nbsp: '\u00a0',
    szlig: 'ß',
    AElig: 'Æ',
    aelig: 'æ',
    Oslash: 'Ø',
    oslash: 'ø',
    ETH: 'Ð',
    eth: 'ð',
    THORN: 'Þ',
    thorn: 'þ',
    OElig: 'Œ',
    oelig: 'œ',
    Scaron: 'Š',
    scaron: 'š',
    Yuml: 'Ÿ',
  };
  const marks: Record<string, string> = {
    grave: '\u0300',
    acute: '\u0301',
    circ: '\u0302',
    tilde: '\u0303',
    uml: '\u0308',
    ring: '\u030a',
    cedil: '\u0327',
  };
  for (const base of 'aeiouycnAEIOUYCN')
    for (const [name, mark] of Object.entries(marks)) {
      const c = (base + mark).normalize('NFC');
      if (c.length === 1 && c.charCodeAt(0) <= 0xff) t[base + name] = c;
    }
  return t;
})();

/** A character reference (`&#64;`, `&#x40;`, `&eacute;`), its `&` escaped again any number of times (`&amp;#64;`). */
function entity(ref: string): string | null {
  let body = ref.slice(1, -1);
  while (body.startsWith('amp;')) body = body.slice(4);
  if (body.startsWith('#')) {
    const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    if (!(code > 0 && code <= 0x10ffff) || (code >= 0xd800 && code <= 0xdfff)) return null;
    return String.fromCodePoint(code);
  }
  return Object.prototype.hasOwnProperty.call(NAMED, body) ? NAMED[body]! : null;
}

/** A percent-encoded continuation byte of UTF-8 (`%A9`, `%25A9`), where the last one ended. */
const CONTINUATION = /%(?:25)*[89AaBb][0-9A-Fa-f]/y;

/**
 * The character percent-encoded at `at` (`%40`; `%C3%A9`, a non-ASCII character as its UTF-8 bytes; each byte
 * encoded once or more, `%2540`), and where its encoding ends; null when the bytes are not UTF-8.
 */
function percent(text: string, at: number, end: number): { ch: string; end: number } | null {
  const b = parseInt(text.slice(end - 2, end), 16);
  if (b < 0x80) return { ch: String.fromCharCode(b), end };
  const more = b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : 0;
  if (more === 0) return null;
  const bytes = [b];
  let e = end;
  for (let i = 0; i < more; i++) {
    CONTINUATION.lastIndex = e;
    const m = CONTINUATION.exec(text);
    if (!m) return null;
    e += m[0].length;
    bytes.push(parseInt(text.slice(e - 2, e), 16));
  }
  const ch = Buffer.from(bytes).toString('utf8');
  // overlong forms and surrogates decode to U+FFFD: not a character
  return ch.includes('\ufffd') ? null : { ch, end: e };
}

/**
 * The text with every JSON escape, behind any run of backslashes, read as the
 * character it stands for (a run of backslashes before anything else as one
 * backslash); every percent-encoded character (`%40`, `%C3%A9`, either encoded
 * again as `%2540`) and every HTML character reference (`&amp;`, `&#64;`,
 * `&#x40;`, `&eacute;`, `&amp;#64;`) as itself; and a map from its positions
 * back to the text's.
 */
export function unescape(text: string): { text: string; toOriginal: (p: number) => number } {
  // a backslash, a byte percent-encoded once or more (`%40`, `%2540`), or a character reference
  const next = /\\|%(?:25)*[0-9A-Fa-f]{2}|&(?:amp;)*(?:#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z]{2,6});/g;
  let matched = 0;
  const find = (from: number): number => {
    next.lastIndex = from;
    const m = next.exec(text);
    matched = m ? m[0].length : 0;
    return m ? m.index : -1;
  };
  let at = find(0);
  if (at === -1) return { text, toOriginal: (p) => p };
  const pieces: string[] = [];
  // breakpoints: from plainAt[i] on, plain position p is original origAt[i] + (p - plainAt[i])
  const plainAt: number[] = [0];
  const origAt: number[] = [0];
  let copied = 0; // original position up to which the text is taken
  let plainLen = 0;
  const replace = (ch: string, end: number): void => {
    pieces.push(text.slice(copied, at), ch);
    plainLen += at - copied;
    plainAt.push(plainLen);
    origAt.push(at);
    plainLen += ch.length;
    plainAt.push(plainLen);
    origAt.push(end);
    copied = end;
  };
  while (at !== -1) {
    const first = text.charCodeAt(at);
    if (first === 0x25 || first === 0x26) {
      // %40, %C3%A9, %2540 (URLs, query strings); &amp;, &#64;, &#x40;, &eacute; (HTML)
      const end = at + matched;
      const decoded = first === 0x25 ? percent(text, at, end) : { ch: entity(text.slice(at, end)), end };
      if (decoded === null || decoded.ch === null) {
        at = find(at + 1);
        continue;
      }
      replace(decoded.ch, decoded.end);
      at = find(copied);
      continue;
    }
    let k = at;
    while (k < text.length && text.charCodeAt(k) === 0x5c) k++;
    const c = text[k];
    let ch: string;
    let end: number;
    if (c === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(k + 1, k + 5))) {
      ch = String.fromCharCode(parseInt(text.slice(k + 1, k + 5), 16));
      end = k + 5;
    } else if (c !== undefined && SIMPLE[c] !== undefined) {
      ch = SIMPLE[c];
      end = k + 1;
    } else {
      ch = '\\';
      end = k;
    }
    if (end - at === 1 && ch === '\\') {
      // a lone backslash before an ordinary character: kept as it is
      at = find(end);
      continue;
    }
    replace(ch, end);
    at = find(end);
  }
  pieces.push(text.slice(copied));
  const pa = Int32Array.from(plainAt);
  const oa = Int32Array.from(origAt);
  const toOriginal = (p: number): number => {
    let lo = 0;
    let hi = pa.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (pa[mid]! <= p) lo = mid;
      else hi = mid - 1;
    }
    return oa[lo]! + (p - pa[lo]!);
  };
  return { text: pieces.join(''), toOriginal };
}
