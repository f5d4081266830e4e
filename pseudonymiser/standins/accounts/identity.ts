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
import { ID_WORDS, PROVIDER_ID_PREFIXES } from '../../detectors/accounts/lists';
import { crmChecksum } from '../../detectors/accounts/identity';
import { loginStandIn } from './email';
import { nameLike } from './names';
import { putDigits, walk } from './layout';

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const PREFIXED = /^([a-z]{2,8}_(?:(?:test|live)_)?)([A-Za-z0-9]{6,})$/;
const NAME_ID = /^[a-z]{2,12}(?:[._-][a-z]{1,12}){0,2}(?:[._-]?\d{1,8})?$/;

/**
 * The trailing name of a handle, hashtag or path form (`@jdoe`, `#janedoe`, `github.com/jdoe`, `/Users/jdoe`): a `#`
 * only as the first character (`jane#4821` is one name).
 */
const TAIL = /^(.*[@/\\~]|#)?([^@/\\~]+)$/;

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

/**
 * A prefix word and its separators (`CUST-`, `cus_`, `acct_test_`, `USR:`), then the rest of the id. The prefix
 * is kept (and the rest permuted, its separators kept) when it says what the id is: a provider's documented
 * prefix or an id word (lists.ts), or an upper-case code of 2 to 8 letters (`CUST-868345` → `CUST-347884`).
 */
const WORD_PREFIXED = /^([A-Za-z]{2,8})([-_:#./]+(?:(?:test|live)_)?)([A-Za-z0-9][A-Za-z0-9_.:/-]*)$/;

function keptPrefix(word: string): boolean {
  const low = word.toLowerCase();
  if (word === low) return PROVIDER_ID_PREFIXES.has(low) || ID_WORDS.has(low);
  return word === word.toUpperCase() || PROVIDER_ID_PREFIXES.has(low) || ID_WORDS.has(low);
}

/** A Salesforce id (canonical `sfdc:` + its 15 characters): the key prefix kept, a valid case-safe suffix. */
function crmStandIn(original: string, canonical: string, keyed: Keyed, label: string, attempt: number): string {
  const id15 = canonical.slice(5);
  const body = id15.slice(0, 3) + keyed.permute(id15.slice(3), `${label}\u0000sfdc\u0000${attempt}`);
  return original.length === 18 ? body + crmChecksum(body) : body;
}

function idStandIn(original: string, keyed: Keyed, label: string, attempt: number, canonical = original): string {
  if (UUID.test(original)) return uuidStandIn(original, keyed, label, attempt);
  if (canonical.startsWith('sfdc:')) return crmStandIn(original, canonical, keyed, label, attempt);
  const pre = PREFIXED.exec(original);
  if (pre && /\d/.test(pre[2]!)) return pre[1] + keyed.permute(pre[2]!, `${label}\u0000${pre[1]}\u0000${attempt}`);
  const word = WORD_PREFIXED.exec(original);
  if (word && keptPrefix(word[1]!)) {
    const head = word[1]! + word[2]!;
    return head + keyed.permute(word[3]!, `${label}\u0000${head}\u0000${attempt}`);
  }
  if (isTypedCode(original))
    return original[0] + keyed.permute(original.slice(1), `${label}\u0000code\u0000${attempt}`);
  if (NAME_ID.test(original)) return nameLike(original, original.toLowerCase(), keyed, attempt);
  // a number (a JSON number too) stays a number of the same length that does not start with 0
  if (/^[1-9]\d*$/.test(original))
    return (
      walk(keyed, original, `${label}\u0000num\u0000${attempt}`, (v) => v[0] !== '0') ??
      keyed.permute(original, `${label}\u0000${attempt}`)
    );
  return keyed.permute(original, `${label}\u0000${attempt}`);
}

/**
 * An opaque code of capitals and digits led by a capital (`U04BX7Q9ZLM`, `W9KQ2LZ0T`): systems tag their ids'
 * type with the first letter (Slack's users `U` / `W`, bots `B`, channels `C`), so it is kept and the rest
 * permuted class by class. Such a code is an id wherever it is found, under a login's key too.
 */
function isTypedCode(s: string): boolean {
  return /^[A-Z][A-Z0-9]{7,23}$/.test(s) && /\d/.test(s);
}

export const usernameGenerator: StandInGenerator = {
  generate: (original, canonical, keyed, attempt) =>
    isTypedCode(original)
      ? idStandIn(original, keyed, 'account_id', attempt, canonical)
      : handleGenerator.generate(original, canonical, keyed, attempt),
};

export const accountIdGenerator: StandInGenerator = {
  generate: (original, canonical, keyed, attempt) => idStandIn(original, keyed, 'account_id', attempt, canonical),
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
