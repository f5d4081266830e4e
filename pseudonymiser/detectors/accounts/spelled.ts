/**
 * E-mail addresses spelled out against harvesters: `j dot smith at example dot com`, `jane[at]acme[dot]io`,
 * `jane (at) acme (dot) io`, `jane{at}acme.io`, `JANE AT ACME DOT IO`. The whole spelled form is one `email`
 * surface whose canonical form is the plain address (`j.smith@example.com`), so it gets the stand-in of the
 * plain address, spelled out with the same separators (standins/accounts/email.ts `respell`).
 *
 * Found from the separators, which are rare: every `dot` / `DOT` written as a separator word (spaces or
 * brackets around it) and every bracketed `at`; the pattern then runs only on the line around each one. With a
 * plain ` at ` (the word every sentence uses), the domain must hold a spelled `dot` too, and neither the word
 * before ` at ` nor the label after it may be a function word (`look at the dot com era`).
 */
import { plausibleTld, realTld } from './lists';
import { lineStartWithin } from './util';

const DOT = String.raw`(?:[ \t]*[\[({<][ \t]*dot[ \t]*[\])}>][ \t]*|[ \t]+dot[ \t]+)`;
const AT = String.raw`(?:[ \t]*[\[({<][ \t]*at[ \t]*[\])}>][ \t]*|[ \t]+at[ \t]+|@)`;
/** A separator word is never a part: `dot dot dot` has one reading only, so the pattern cannot backtrack badly. */
const NOT_SEP = String.raw`(?!(?:dot|at)(?![A-Za-z0-9]))`;
const WORD = String.raw`${NOT_SEP}[A-Za-z0-9][A-Za-z0-9._%+-]{0,63}`;
const LABEL = String.raw`${NOT_SEP}[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?`;

/** A spelled-out address: local part, at-separator, domain labels, dot-separator, top-level domain. */
const SPELLED = new RegExp(
  String.raw`(?<![A-Za-z0-9._%+-])(${WORD}(?:${DOT}${WORD}){0,4})(${AT})(${LABEL}(?:(?:${DOT}|\.)${LABEL}){0,4})(?:${DOT}|\.)([A-Za-z]{2,24})(?![A-Za-z0-9-])`,
  'iy',
);
const DOT_SPLIT = new RegExp(DOT, 'gi');
const BRACKET_AT = /^[ \t]*[[({<]/;
const HAS_DOT = new RegExp(DOT, 'i');

/** Words that start no address and end none: `look at the dot com era`, `at a dot org`. */
const FUNCTION_WORDS = new Set(
  'a an the this that these those my our your his her its their at in on of to for from by with look looking looked me us him them it is are was be'.split(
    ' ',
  ),
);

/** The plain address a spelled-out one stands for (lower case), or null when `text` is none. */
export function unspell(text: string): { local: string; domain: string } | null {
  SPELLED.lastIndex = 0;
  const m = SPELLED.exec(text);
  if (m === null || m.index !== 0 || m[0].length !== text.length) return null;
  return parts(m);
}

function parts(m: RegExpExecArray): { local: string; domain: string } {
  const local = m[1]!.replace(DOT_SPLIT, '.').toLowerCase();
  const domain = (m[3]!.replace(DOT_SPLIT, '.') + '.' + m[4]!).toLowerCase();
  return { local, domain };
}

/** Whether a surface is a spelled-out address rather than a written one. */
export function isSpelled(surface: string): boolean {
  return /[\s[\](){}<>]/.test(surface);
}

/** Whether a match is an address: a real top-level domain, a separator spelled out, no function word at the `at`. */
function accept(m: RegExpExecArray): boolean {
  const tld = m[4]!;
  if (!(realTld(tld) || plausibleTld(tld))) return false;
  const whole = m[0];
  if (!isSpelled(whole)) return false;
  const at = m[2]!;
  if (at === '@' || BRACKET_AT.test(at)) return true;
  // a plain ` at `: the domain must spell a dot, and the words around the `at` must be no function words
  if (!HAS_DOT.test(whole.slice(m[1]!.length + at.length, whole.length - tld.length))) return false;
  const localWords = m[1]!.split(DOT_SPLIT);
  const lastLocal = localWords[localWords.length - 1]!.toLowerCase();
  const firstLabel = m[3]!.split(DOT_SPLIT)[0]!.split('.')[0]!.toLowerCase();
  return !FUNCTION_WORDS.has(lastLocal) && !FUNCTION_WORDS.has(firstLabel) && !FUNCTION_WORDS.has(localWords[0]!);
}

/** Where the separator word `dot` (any case) or a bracketed `at` starts at `p`, its length; else 0. */
function triggerAt(s: string, p: number): boolean {
  const before = p > 0 ? s.charCodeAt(p - 1) : 32;
  const after = s.charCodeAt(p + 3);
  const open = before === 32 || before === 9 || before === 91 || before === 40 || before === 123 || before === 60;
  const close = after === 32 || after === 9 || after === 93 || after === 41 || after === 125 || after === 62;
  return open && close;
}

/** The starts of the separator words, ascending: `dot`, `DOT` and `[at]`, `(at)`, `{at}`. */
function triggers(s: string): number[] {
  const out: number[] = [];
  for (const w of ['dot', 'DOT']) {
    for (let p = s.indexOf(w); p >= 0; p = s.indexOf(w, p + 3)) if (triggerAt(s, p)) out.push(p);
  }
  for (const w of ['at]', 'at)', 'at}', 'AT]', 'AT)']) {
    for (let p = s.indexOf(w); p >= 0; p = s.indexOf(w, p + 3)) {
      const c = s.charCodeAt(p - 1);
      if (c === 91 || c === 40 || c === 123 || c === 32) out.push(p);
    }
  }
  return out.sort((a, b) => a - b);
}

/** How far before a separator an address may start (a local part and a domain of a few labels). */
const BACK = 180;

/** `[A-Za-z0-9._%+-]`: what may not come right before an address. */
const isLocalCode = (c: number): boolean =>
  (c >= 48 && c <= 57) ||
  (c >= 65 && c <= 90) ||
  (c >= 97 && c <= 122) ||
  c === 46 ||
  c === 95 ||
  c === 37 ||
  c === 43 ||
  c === 45;

/**
 * Calls `found(surface, canonical, local, domain)` for every spelled-out address of `s`, in text order. Each
 * separator is tried from the word starts on its line at most BACK characters before it and after the last
 * separator tried (a match from an earlier start over this separator would have been over that one too), with
 * the sticky pattern: dense separators cost a start or two each.
 */
export function scanSpelled(
  s: string,
  found: (surface: string, canonical: string, local: string, domain: string) => void,
): void {
  if (s.length < 10) return;
  let tried = 0;
  for (const p of triggers(s)) {
    if (p < tried) continue;
    const from = Math.max(lineStartWithin(s, p, BACK), tried);
    tried = p + 1;
    for (let q = from; q <= p; q++) {
      if (q > 0 && isLocalCode(s.charCodeAt(q - 1))) continue;
      if (!isLocalCode(s.charCodeAt(q))) continue;
      SPELLED.lastIndex = q;
      const m = SPELLED.exec(s);
      if (m === null || q + m[0].length <= p || !accept(m)) continue;
      const { local, domain } = parts(m);
      found(m[0], `${local}@${domain}`, local, domain);
      tried = q + m[0].length;
      break;
    }
  }
}
