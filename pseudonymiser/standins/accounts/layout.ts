/** Helpers that put new characters into an original's layout. */
import type { Keyed } from '../../types';

const isDigit = (c: string): boolean => c >= '0' && c <= '9';
const isAlnum = (c: string): boolean => /^[A-Za-z0-9]$/.test(c);

/** Replaces the digits of `surface`, in order, by those of `digits` (extra digits of `surface` are kept). */
export function putDigits(surface: string, digits: string): string {
  let k = 0;
  let out = '';
  for (const ch of surface) {
    if (isDigit(ch) && k < digits.length) out += digits[k++];
    else out += ch;
  }
  return out;
}

/** Replaces the letters and digits of `surface`, in order, keeping each original's letter case. */
export function putAlnum(surface: string, chars: string): string {
  let k = 0;
  let out = '';
  for (const ch of surface) {
    if (isAlnum(ch) && k < chars.length) {
      const c = chars[k++]!;
      out += ch >= 'a' && ch <= 'z' ? c.toLowerCase() : c.toUpperCase();
    } else out += ch;
  }
  return out;
}

/**
 * Cycle-walking: applies the keyed permutation to `value` until `ok` holds.
 * For a fixed tweak this is a bijection of the values that satisfy `ok`, so
 * two originals never share a stand-in. Returns null when no valid value
 * turns up within `limit` steps.
 */
export function walk(
  keyed: Keyed,
  value: string,
  tweak: string,
  ok: (v: string) => boolean,
  limit = 400,
  alphabet?: string,
): string | null {
  let v = value;
  for (let i = 0; i < limit; i++) {
    v = keyed.permute(v, tweak, alphabet !== undefined ? { alphabet } : undefined);
    if (ok(v) && v !== value) return v;
  }
  return null;
}
