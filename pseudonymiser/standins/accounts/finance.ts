/**
 * Cards, IBANs, bank account and routing numbers, national ids. Every
 * stand-in passes the same check its original passed (Luhn, mod-97, ABA,
 * SSA rules, HMRC rules) and keeps the original's layout.
 */
import type { StandInGenerator } from '../../types';
import {
  abaCheckDigit,
  cardBrandPrefix,
  digitsOf,
  ibanCheckDigits,
  luhnCheckDigit,
} from '../../detectors/accounts/checks';
import { putAlnum, putDigits } from './layout';
import { nationalIdStandIn } from './nationalids';

/** Brand prefix, length and layout kept; the account digits permuted; a valid Luhn digit. */
export const cardGenerator: StandInGenerator = {
  generate(original, _canonical, keyed, attempt) {
    const d = digitsOf(original);
    const keep = Math.max(1, cardBrandPrefix(d));
    const head = d.slice(0, keep);
    const body = keyed.permute(d.slice(keep, -1), `card\u0000${head}\u0000${d.length}\u0000${attempt}`);
    const payload = head + body;
    return putDigits(original, payload + luhnCheckDigit(payload));
  },
};

/** Country and length kept, the BBAN permuted class by class (letters stay letters), check digits recomputed. */
export const ibanGenerator: StandInGenerator = {
  generate(original, _canonical, keyed, attempt) {
    const compact = original.replace(/[^A-Za-z0-9]/g, '');
    const country = compact.slice(0, 2).toUpperCase();
    const bban = keyed.permute(compact.slice(4).toUpperCase(), `iban\u0000${country}\u0000${attempt}`);
    return putAlnum(original, country + ibanCheckDigits(country, bban) + bban);
  },
};

/**
 * `aba:` routing numbers keep a valid ABA checksum; other account numbers keep the national-id checks they
 * pass, or are permuted class by class.
 */
export const bankAccountGenerator: StandInGenerator = {
  generate(original, canonical, keyed, attempt) {
    if (canonical.startsWith('aba:')) {
      const d = digitsOf(original);
      const mid = keyed.permute(d.slice(2, 8), `aba\u0000${d.slice(0, 2)}\u0000${attempt}`);
      const first8 = d.slice(0, 2) + mid;
      return putDigits(original, first8 + abaCheckDigit(first8));
    }
    // a number that also passes a national id's check (an unnamed form field a payment record holds: a
    // My Number, a SIN) keeps passing it
    const asId = nationalIdStandIn(original, '', keyed, attempt);
    if (asId !== null) return asId;
    return keyed.permute(original, `bank\u0000${attempt}`);
  },
};

/**
 * National ids. The canonical form may name the scheme (`ssn:`, `sin:`, `nino:`, the table's `cn_rid:`,
 * `br_cpf:`, …) or not (a value under a column that names no scheme); either way the stand-in keeps every
 * rule the original passes (standins/accounts/nationalids.ts). Anything no rule takes is permuted class by
 * class.
 */
export const nationalIdGenerator: StandInGenerator = {
  generate(original, canonical, keyed, attempt) {
    const colon = canonical.indexOf(':');
    const scheme = colon > 0 ? canonical.slice(0, colon) : '';
    const v = nationalIdStandIn(original, scheme, keyed, attempt);
    if (v !== null) return v;
    return keyed.permute(original, `national_id\u0000${attempt}`);
  },
};
