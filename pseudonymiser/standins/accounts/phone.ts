/**
 * Phone numbers: the canonical form is E.164 (`+14155550100`). The stand-in
 * keeps the country calling code, the first digit of the national number
 * and its length, and is valid for its country per libphonenumber-js (full
 * metadata). It is computed once from the canonical form and then written
 * into each surface's layout, so `+1 415 555 0100` and `(415) 555-0100` get
 * one set of digits. A trunk prefix (`0`, `(0)`) and an extension are kept.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { Keyed, StandInGenerator } from '../../types';
import { digitsOf } from '../../detectors/accounts/checks';
import { putDigits, walk } from './layout';

const EXTENSION = /\s*(?:x|ext\.?|#)\s*\d{1,6}$/i;

export function phoneValid(e164: string): boolean {
  const p = parsePhoneNumberFromString(e164);
  return p !== undefined && p.isValid();
}

/** A valid national number of the same length for this country code. */
function nationalStandIn(cc: string, nsn: string, keyed: Keyed, attempt: number): string {
  for (let keep = 1; keep <= Math.min(3, nsn.length - 4); keep++) {
    const head = nsn.slice(0, keep);
    const tweak = `phone\u0000${cc}\u0000${head}\u0000${nsn.length}\u0000${attempt}`;
    const rest = walk(keyed, nsn.slice(keep), tweak, (v) => phoneValid(`+${cc}${head}${v}`), 300);
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
