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
  ninoValid,
  ssnValid,
} from '../../detectors/accounts/checks';
import { putAlnum, putDigits, walk } from './layout';
import { SCHEME_BY_ID } from '../../detectors/accounts/nationalids';
import { schemeStandIn } from './nationalids';

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

/** `aba:` routing numbers keep a valid ABA checksum; other account numbers are permuted class by class. */
export const bankAccountGenerator: StandInGenerator = {
  generate(original, canonical, keyed, attempt) {
    if (canonical.startsWith('aba:')) {
      const d = digitsOf(original);
      const mid = keyed.permute(d.slice(2, 8), `aba\u0000${d.slice(0, 2)}\u0000${attempt}`);
      const first8 = d.slice(0, 2) + mid;
      return putDigits(original, first8 + abaCheckDigit(first8));
    }
    return keyed.permute(original, `bank\u0000${attempt}`);
  },
};

/**
 * National ids; the canonical form names the scheme: `ssn:` (US, area/group/
 * serial rules), `sin:` (Canada, Luhn), `nino:` (UK), `imei:` is a device id,
 * and the schemes of the national-id table (`cn_rid:`, `br_cpf:`, …: valid
 * in the same way, nationalids.ts). Anything else is permuted class by class.
 */
export const nationalIdGenerator: StandInGenerator = {
  generate(original, canonical, keyed, attempt) {
    const [scheme, value] = canonical.includes(':') ? canonical.split(':', 2) : ['', canonical];
    if (scheme === 'ssn' && value) {
      const v = walk(keyed, value, `ssn\u0000${attempt}`, ssnValid) ?? value;
      return putDigits(original, v);
    }
    if (scheme === 'sin' && value) {
      const body = walk(keyed, value.slice(0, 8), `sin\u0000${attempt}`, (x) => /^[1-79]/.test(x)) ?? value.slice(0, 8);
      return putDigits(original, body + luhnCheckDigit(body));
    }
    if (scheme === 'nino' && value) {
      const v = walk(keyed, value, `nino\u0000${attempt}`, ninoValid, 2000) ?? value;
      return putAlnum(original, v);
    }
    const table = scheme ? SCHEME_BY_ID.get(scheme) : undefined;
    if (table && value) {
      const v = schemeStandIn(table, value, original, keyed, attempt);
      if (v !== null) return v;
    }
    return keyed.permute(original, `national_id\u0000${attempt}`);
  },
};
