/**
 * Handles, user names, account and customer ids, device ids.
 *
 * Handles and user names are name-shaped (names.ts), keyed on the lower-case
 * name, so `@jdoe`, `github.com/jdoe`, `/Users/jdoe` and `"login": "jdoe"`
 * all become one stand-in name. Ids keep their shape: a Stripe-style prefix
 * (`cus_`) stays and the rest is permuted class by class; a UUID stays a
 * UUID with its version and variant nibbles; an id made of name-like words
 * (`mia_li_3668`) gets a name-like stand-in; an IMEI keeps its reporting
 * body and a valid Luhn digit.
 */
import type { Keyed, StandInGenerator } from '../../types';
import { luhnCheckDigit } from '../../detectors/accounts/checks';
import { loginStandIn } from './email';
import { nameLike } from './names';
import { putDigits } from './layout';

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const PREFIXED = /^([a-z]{2,8}_(?:(?:test|live)_)?)([A-Za-z0-9]{6,})$/;
const NAME_ID = /^[a-z]{2,12}(?:[._-][a-z]{1,12}){0,2}(?:[._-]?\d{1,8})?$/;

/** The trailing name of a handle or path form (`@jdoe`, `github.com/jdoe`, `/Users/jdoe`). */
const TAIL = /^(.*[@/\\~])?([^@/\\~]+)$/;

export const handleGenerator: StandInGenerator = {
  generate(original, _canonical, keyed, attempt) {
    const m = TAIL.exec(original);
    if (!m) return loginStandIn(original, keyed, attempt);
    return (m[1] ?? '') + loginStandIn(m[2]!, keyed, attempt);
  },
};

/** A UUID with the same version and variant nibbles and letter case. */
export function uuidStandIn(original: string, keyed: Keyed, label: string, attempt: number): string {
  const low = original.toLowerCase();
  const version = low[14]!;
  const variant = low[19]!;
  const body = low.slice(0, 14) + low.slice(15, 19) + low.slice(20);
  const p = keyed.permute(body, `${label}\u0000uuid\u0000${attempt}`, {
    alphabet: '0123456789abcdef',
    keep: (c) => c === '-',
  });
  const out = p.slice(0, 14) + version + p.slice(14, 18) + variant + p.slice(18);
  return original === original.toUpperCase() && /[A-F]/.test(original) ? out.toUpperCase() : out;
}

function idStandIn(original: string, keyed: Keyed, label: string, attempt: number): string {
  if (UUID.test(original)) return uuidStandIn(original, keyed, label, attempt);
  const pre = PREFIXED.exec(original);
  if (pre && /\d/.test(pre[2]!)) return pre[1] + keyed.permute(pre[2]!, `${label}\u0000${pre[1]}\u0000${attempt}`);
  if (NAME_ID.test(original)) return nameLike(original, original.toLowerCase(), keyed, attempt);
  return keyed.permute(original, `${label}\u0000${attempt}`);
}

export const usernameGenerator: StandInGenerator = handleGenerator;

export const accountIdGenerator: StandInGenerator = {
  generate: (original, _canonical, keyed, attempt) => idStandIn(original, keyed, 'account_id', attempt),
};

export const deviceIdGenerator: StandInGenerator = {
  generate(original, canonical, keyed, attempt) {
    if (canonical.startsWith('imei:')) {
      const d = canonical.slice(5);
      const body = d.slice(0, 2) + keyed.permute(d.slice(2, 14), `imei\u0000${d.slice(0, 2)}\u0000${attempt}`);
      return putDigits(original, body + luhnCheckDigit(body));
    }
    return idStandIn(original, keyed, 'device_id', attempt);
  },
};
