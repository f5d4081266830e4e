/**
 * Phone numbers: the canonical form is E.164 (`+14155550100`). The stand-in
 * keeps the country calling code, the first digit of the national number
 * and its length, and is valid for its country per libphonenumber-js (full
 * metadata). It is computed once from the canonical form and then written
 * into each surface's layout, so `+1 415 555 0100` and `(415) 555-0100` get
 * one set of digits. A trunk prefix (`0`, `(0)`) and an extension are kept.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { Metadata, type MetadataJson } from 'libphonenumber-js/core';
import maxMetadata from 'libphonenumber-js/metadata.max.json';
import type { Keyed, StandInGenerator } from '../../types';
import { digitsOf } from '../../detectors/accounts/checks';
import { putDigits, walk } from './layout';

const EXTENSION = /\s*(?:x|ext\.?|#)\s*\d{1,6}$/i;

export function phoneValid(e164: string): boolean {
  const p = parsePhoneNumberFromString(e164);
  return p !== undefined && p.isValid();
}

/** What libphonenumber-js's metadata says of one country (the parts of its API this file reads). */
interface PlanView {
  hasTypes(): boolean;
  type(type: string): { pattern(): string; possibleLengths(): number[] | undefined } | undefined;
  nationalNumberPattern(): string;
  nationalPrefixForParsing(): string | undefined;
}
interface MetadataView {
  getCountryCodesForCallingCode(cc: string): string[] | undefined;
  selectNumberingPlan(country: string): void;
  numberingPlan: PlanView;
}

/** The types getNumberType tries; a number is valid when one of them takes it. */
const TYPES = [
  'FIXED_LINE',
  'MOBILE',
  'TOLL_FREE',
  'PREMIUM_RATE',
  'PERSONAL_NUMBER',
  'VOICEMAIL',
  'UAN',
  'PAGER',
  'VOIP',
  'SHARED_COST',
];

/**
 * For a country calling code: the national prefixes parsing may strip, and per national number length a
 * pattern that every valid national number of that length matches (null: none is known, isValid decides).
 */
interface Screen {
  readonly prefixes: readonly RegExp[] | null;
  readonly byLength: Map<number, RegExp | null>;
}
const screens = new Map<string, Screen>();
let metadata: MetadataView | null = null;

function screenOf(cc: string): Screen {
  let screen = screens.get(cc);
  if (screen === undefined) {
    metadata ??= new Metadata(maxMetadata as unknown as MetadataJson) as unknown as MetadataView;
    const countries = metadata.getCountryCodesForCallingCode(cc);
    let prefixes: RegExp[] | null = null;
    if (countries !== undefined) {
      const seen = new Set<string>();
      for (const country of countries) {
        metadata.selectNumberingPlan(country);
        const prefix = metadata.numberingPlan.nationalPrefixForParsing();
        if (prefix) seen.add(prefix);
      }
      prefixes = [...seen].map((prefix) => new RegExp('^(?:' + prefix + ')'));
    }
    screen = { prefixes, byLength: new Map() };
    screens.set(cc, screen);
  }
  return screen;
}

/**
 * One pattern for the national numbers of `length` that some country of the calling code could take as valid:
 * its type patterns whose possible lengths hold `length` (a country without types: its national number
 * pattern), in one alternation. Null where a pattern has a back reference (the alternation would renumber it).
 */
function lengthPattern(cc: string, length: number): RegExp | null {
  const countries = metadata!.getCountryCodesForCallingCode(cc)!;
  const patterns = new Set<string>();
  for (const country of countries) {
    metadata!.selectNumberingPlan(country);
    const plan = metadata!.numberingPlan;
    if (plan.hasTypes()) {
      for (const name of TYPES) {
        const type = plan.type(name);
        if (!type || !type.pattern()) continue;
        const lengths = type.possibleLengths();
        if (lengths && lengths.indexOf(length) < 0) continue;
        patterns.add(type.pattern());
      }
    } else {
      patterns.add(plan.nationalNumberPattern());
    }
  }
  for (const pattern of patterns) if (/\\[1-9]/.test(pattern)) return null;
  if (patterns.size === 0) return /^(?!)/;
  return new RegExp('^(?:' + [...patterns].map((pattern) => '(?:' + pattern + ')').join('|') + ')$');
}

/**
 * phoneValid(`+${cc}${national}`) for a calling code libphonenumber-js knows as a country's: false at once
 * where no national prefix can be stripped from `national` and no type of any country of the calling code
 * takes it (isValid would look it up among the same patterns), else isValid's own answer.
 */
export function nationalValid(cc: string, national: string): boolean {
  const screen = screenOf(cc);
  if (screen.prefixes !== null && !screen.prefixes.some((prefix) => prefix.test(national))) {
    let pattern = screen.byLength.get(national.length);
    if (pattern === undefined) screen.byLength.set(national.length, (pattern = lengthPattern(cc, national.length)));
    if (pattern !== null && !pattern.test(national)) return false;
  }
  return phoneValid(`+${cc}${national}`);
}

/** A valid national number of the same length for this country code. */
function nationalStandIn(cc: string, nsn: string, keyed: Keyed, attempt: number): string {
  for (let keep = 1; keep <= Math.min(3, nsn.length - 4); keep++) {
    const head = nsn.slice(0, keep);
    const tweak = `phone\u0000${cc}\u0000${head}\u0000${nsn.length}\u0000${attempt}`;
    const rest = walk(keyed, nsn.slice(keep), tweak, (v) => nationalValid(cc, head + v), 300);
    if (rest !== null) return head + rest;
  }
  return nsn.slice(0, 1) + keyed.permute(nsn.slice(1), `phone\u0000${cc}\u0000fallback\u0000${attempt}`);
}

export const phoneGenerator: StandInGenerator = {
  generate(original, canonical, keyed, attempt) {
    const p = canonical.startsWith('+') ? parsePhoneNumberFromString(canonical) : undefined;
    if (!p) return putDigits(original, keyed.permute(digitsOf(original), `phone\u0000raw\u0000${attempt}`));
    const cc = p.countryCallingCode as string;
    const nsn = p.nationalNumber as string;
    const fresh = nationalStandIn(cc, nsn, keyed, attempt);
    const ext = EXTENSION.exec(original);
    const body = ext ? original.slice(0, ext.index) : original;
    const d = digitsOf(body);
    if (d.length < nsn.length) return putDigits(body, fresh.slice(fresh.length - d.length)) + (ext ? ext[0] : '');
    return putDigits(body, d.slice(0, d.length - nsn.length) + fresh) + (ext ? ext[0] : '');
  },
};
