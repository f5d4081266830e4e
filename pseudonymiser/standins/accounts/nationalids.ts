/**
 * Stand-ins for national ids: valid in every way the original is.
 *
 * The rules a stand-in keeps are read from the original itself, not from the canonical form's scheme
 * alone: every scheme of the table (detectors/accounts/nationalids.ts) whose layout takes the whole
 * surface and whose check holds, and the US SSN, Canadian SIN and UK NINO rules (checks.ts) where the
 * original passes them. A value found under a column or label that names no scheme (canonical without a
 * prefix) gets the same stand-in as one whose scheme detection named, and a number valid under two
 * schemes (a 13-digit RRN that is also a South African id, a BSN that also passes Luhn) stays valid
 * under both.
 *
 * The free positions (neither check characters nor positions a rule keeps, such as a sex digit) are
 * walked with the keyed permutation (digits stay digits, letters letters) until the body follows every
 * rule; the check characters of the rule with the most of them are computed, and the value is written
 * into the original's layout (separators, letter case). Walking one value under one tweak is a
 * bijection of the valid bodies, so two ids never share a stand-in, and one id in two layouts
 * (`123.456.789-09`, `12345678909`) gets one.
 */
import type { Keyed } from '../../types';
import {
  ID_SCHEMES,
  type IdScheme,
  compactOf,
  schemesOfSurface,
  surfaceValid,
} from '../../detectors/accounts/nationalids';
import { digitsOf, luhnCheckDigit, ninoValid, sinValid, ssnValid } from '../../detectors/accounts/checks';
import { putAlnum, walk } from './layout';

/** One rule a stand-in keeps, read on surfaces of the original's layout. */
interface Rule {
  /** Part of the tweak: a scheme's id, or `ssn` / `sin` / `nino`. */
  readonly id: string;
  /** Check characters ending the value's letters and digits. */
  readonly checkChars: number;
  /** The check characters for a surface's body (its last `checkChars` letters and digits are ignored). */
  readonly check: (surface: string) => string | null;
  readonly valid: (surface: string) => boolean;
  /** Indices, among the letters and digits of the surface, that a stand-in keeps. */
  readonly keep: readonly number[];
}

/**
 * Steps of the walk under several rules: each adds its check (one value in 10 to 100 passes), so a value valid
 * under three schemes (a PESEL that is also a Belgian number and a T.C. Kimlik No) may take thousands.
 */
const MULTI_LIMIT = 20000;

const alnumOf = (s: string): string => s.replace(/[^A-Za-z0-9]/g, '').toUpperCase();

/**
 * A scheme of the table as a rule on surfaces of `original`'s layout; `compact`: read on the surface's letters
 * and digits alone (a layout of the scheme without separators), else on the surface itself.
 */
function tableRule(scheme: IdScheme, original: string, compact: boolean): Rule {
  const view = compact ? alnumOf : (s: string): string => s;
  const value = compactOf(scheme, view(original));
  const keep: number[] = [];
  const mask = scheme.keep ?? '';
  for (let i = 0, k = 0; i < value.length; i++) {
    if (!/[A-Za-z0-9]/.test(value[i]!)) continue;
    if (mask[i] === 'k') keep.push(k);
    k++;
  }
  return {
    id: scheme.id,
    checkChars: scheme.checkChars,
    check: (s) => {
      const c = compactOf(scheme, view(s));
      return scheme.check(c.slice(0, c.length - scheme.checkChars));
    },
    valid: (s) => surfaceValid(scheme, view(s)),
    keep,
  };
}

const SSN_LAYOUT = /^\d{3}([ -]?)\d{2}\1\d{4}$/;
const SIN_LAYOUT = /^\d{3}([ -]?)\d{3}\1\d{3}$/;

/** The SSN, SIN and NINO rules `original` passes. */
function legacyRules(original: string): Rule[] {
  const out: Rule[] = [];
  if (SSN_LAYOUT.test(original) && ssnValid(digitsOf(original)))
    out.push({ id: 'ssn', checkChars: 0, check: () => '', valid: (s) => ssnValid(digitsOf(s)), keep: [] });
  if (SIN_LAYOUT.test(original) && sinValid(digitsOf(original)))
    out.push({
      id: 'sin',
      checkChars: 1,
      check: (s) => luhnCheckDigit(digitsOf(s).slice(0, 8)),
      valid: (s) => sinValid(digitsOf(s)),
      keep: [],
    });
  const nino = original.replace(/ /g, '').toUpperCase();
  if (/^[A-Za-z]{2}(?: ?\d{2}){3} ?[A-Da-d]$/.test(original) && ninoValid(nino))
    out.push({
      id: 'nino',
      checkChars: 0,
      check: () => '',
      valid: (s) => ninoValid(s.replace(/ /g, '').toUpperCase()),
      keep: [],
    });
  return out;
}

/**
 * Every rule `original` passes: the table's schemes in table order, then SSN, SIN, NINO. A scheme counts when it
 * takes the surface, or its letters and digits alone: the rules, and so the stand-in, are the same for one id
 * in two layouts (`111.444.777-35`, `11144477735`).
 */
export function rulesOf(original: string): Rule[] {
  const onSurface = new Set(schemesOfSurface(original));
  const alnum = alnumOf(original);
  const onAlnum = new Set(alnum === original ? [] : schemesOfSurface(alnum));
  const out: Rule[] = [];
  for (const scheme of ID_SCHEMES) {
    if (onSurface.has(scheme)) out.push(tableRule(scheme, original, false));
    else if (onAlnum.has(scheme)) out.push(tableRule(scheme, original, true));
  }
  return [...out, ...legacyRules(original)];
}

/**
 * The stand-in of `original` under every rule in `rules` (all of which it passes), or null when none
 * turns up within the walk's limit.
 */
function standInUnder(rules: readonly Rule[], original: string, keyed: Keyed, attempt: number): string | null {
  if (rules.length === 0) return null;
  const alnum = alnumOf(original);
  // the rule with the most check characters computes them; the others' hold or the body walks on
  let primary = rules[0]!;
  for (const r of rules) if (r.checkChars > primary.checkChars) primary = r;
  const tail = primary.checkChars;
  const kept = new Set<number>();
  for (const r of rules) for (const k of r.keep) kept.add(k);
  const free: number[] = [];
  let keptText = '';
  for (let i = 0; i < alnum.length - tail; i++) {
    if (kept.has(i)) keptText += alnum[i];
    else free.push(i);
  }
  const complete = (chars: string): string | null => {
    const out = alnum.split('');
    for (let k = 0; k < free.length; k++) out[free[k]!] = chars[k]!;
    let surface = putAlnum(original, out.join(''));
    if (tail > 0) {
      const check = primary.check(surface);
      if (check === null || check.length !== tail) return null;
      for (let k = 0; k < tail; k++) out[alnum.length - tail + k] = check[k]!;
      surface = putAlnum(original, out.join(''));
    }
    for (const r of rules) if (!r.valid(surface)) return null;
    return surface;
  };
  const tweak = tweakOf(rules, attempt, keptText);
  const chars = walk(
    keyed,
    free.map((i) => alnum[i]).join(''),
    tweak,
    (c) => complete(c) !== null,
    rules.length === 1 ? 4000 : MULTI_LIMIT,
  );
  return chars === null ? null : complete(chars);
}

/**
 * The tweak of a walk. One table scheme, or one of SSN / SIN / NINO alone, walks under the tweak it had
 * before stand-ins read every rule of the original, so that such ids keep their stand-ins.
 */
function tweakOf(rules: readonly Rule[], attempt: number, keptText: string): string {
  if (rules.length === 1 && ['ssn', 'sin', 'nino'].includes(rules[0]!.id)) return `${rules[0]!.id}\u0000${attempt}`;
  return `national_id\u0000${rules.map((r) => r.id).join('+')}\u0000${attempt}\u0000${keptText}`;
}

/**
 * The stand-in of a national id `original` whose canonical form names `scheme` (a table scheme's id,
 * `ssn`, `sin`, `nino`, or '' when nothing named one), or null when no rule applies: valid under every
 * rule the original passes; failing that (no value within the walk's limit), under the named scheme's
 * (or the first) rule alone.
 */
export function nationalIdStandIn(original: string, scheme: string, keyed: Keyed, attempt: number): string | null {
  const rules = rulesOf(original);
  if (rules.length === 0) return null;
  const all = standInUnder(rules, original, keyed, attempt);
  if (all !== null || rules.length === 1) return all;
  const named = rules.find((r) => r.id === scheme) ?? rules[0]!;
  return standInUnder([named], original, keyed, attempt);
}
