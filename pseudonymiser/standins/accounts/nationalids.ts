/**
 * Stand-ins for the national ids of the table (detectors/accounts/nationalids.ts): the body's permuted
 * positions are walked with the keyed permutation (digits stay digits, letters letters) until the body
 * follows the scheme's rules (a valid date, a range) and has check characters; those are computed, and
 * the value written into the original's layout (separators, letter case). Walking one value under one
 * tweak is a bijection of the valid bodies, so two ids never share a stand-in, and one id in two
 * layouts (`123.456.789-09`, `12345678909`) gets one.
 */
import type { Keyed } from '../../types';
import { type IdScheme, idValid } from '../../detectors/accounts/nationalids';
import { putAlnum, walk } from './layout';

/** The stand-in of `original` (`value`: its compact form, the canonical's) under `scheme`, or null when none turns up. */
export function schemeStandIn(
  scheme: IdScheme,
  value: string,
  original: string,
  keyed: Keyed,
  attempt: number,
): string | null {
  const body = value.slice(0, value.length - scheme.checkChars);
  const keep = scheme.keep ?? '';
  const free: number[] = [];
  for (let i = 0; i < body.length; i++) if (keep[i] !== 'k' && /[A-Za-z0-9]/.test(body[i]!)) free.push(i);
  const assemble = (chars: string): string => {
    const out = body.split('');
    for (let k = 0; k < free.length; k++) out[free[k]!] = chars[k]!;
    return out.join('');
  };
  const tweak = `national_id\u0000${scheme.id}\u0000${attempt}`;
  const complete = (b: string): string | null => {
    if (scheme.body && !scheme.body(b)) return null;
    const check = scheme.check(b);
    if (check === null) return null;
    const v = b + check;
    return idValid(scheme, v) ? v : null;
  };
  const chars = walk(
    keyed,
    free.map((i) => body[i]).join(''),
    tweak + keptPart(body, free),
    (c) => complete(assemble(c)) !== null,
    4000,
  );
  if (chars === null) return null;
  const fresh = complete(assemble(chars))!;
  return putAlnum(original, fresh.replace(/[^A-Za-z0-9]/g, ''));
}

/** The kept characters of a body: part of the tweak, so that bodies differing there walk apart. */
function keptPart(body: string, free: readonly number[]): string {
  let out = '';
  for (let i = 0, k = 0; i < body.length; i++) {
    if (free[k] === i) k++;
    else out += body[i];
  }
  return '\u0000' + out;
}
