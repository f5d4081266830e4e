/**
 * IBANs anywhere (known country, registry length, valid mod-97; grouped by
 * spaces or compact, any case), and bank account, routing and national id
 * numbers where a JSON key or a label in the text says so.
 */
import type { Chunk, Detector, DetectContext, FindingSink, Kind, Segment } from '../../types';
import { IBAN_LENGTHS, abaValid, digitsOf, ibanValid, ninoValid, sinValid, ssnValid } from './checks';
import { normKey } from './util';
import { own } from '../../strings';
import { classifyId, schemesOfKey } from './nationalids';
import { runMap } from '../../memo';

/** Country code and check digits in one case: a fast scan; the whole IBAN is then matched in place. */
const IBAN_HEAD = /[A-Z]{2}\d{2}|[a-z]{2}\d{2}/g;
const IBAN = /(?<![A-Za-z0-9])[A-Za-z]{2}\d{2}(?: ?[A-Za-z0-9]{4}){2,7}(?: ?[A-Za-z0-9]{1,4})?(?![A-Za-z0-9])/y;
const NINO = /(?<![A-Za-z0-9])[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z] ?\d{2} ?\d{2} ?\d{2} ?[A-D](?![A-Za-z0-9])/g;

/** Scheme of a national id under a key, or null. */
const ID_KEYS: readonly [RegExp, string][] = [
  [/^(?:ssn|us_ssn|social_security(?:_number|_no)?|social_security_num)$/, 'ssn'],
  [/^(?:sin|social_insurance(?:_number|_no)?)$/, 'sin'],
  [/^(?:nino|ni_number|national_insurance(?:_number|_no)?)$/, 'nino'],
  [
    /^(?:national_id|national_id_number|tax_id|taxpayer_id|tin|itin|passport|passport_number|passport_no|driver_license|drivers_license|driving_licence|driver_license_number|id_number|personal_id|personnummer|bsn|nif|nie|dni|cpf|aadhaar|pan_number)$/,
    'id',
  ],
];
const BANK_KEYS =
  /^(?:(?:bank_)?(?:account|acct)_?(?:number|num|no|nr)|bank_account|iban|bban|account_iban|sort_code|bsb|bsb_number|clabe|routing_number|routing|aba|aba_number|routing_no|transit_number)$/;

const keyKinds = runMap<string, { kind: Kind; scheme: string } | null>();

/** The bank or national-id kind of a value under this key, or null. */
export function financeKeyKind(raw: string): { kind: Kind; scheme: string } | null {
  let v = keyKinds.get(raw);
  if (v !== undefined) return v;
  const k = normKey(raw);
  v = null;
  for (const [re, scheme] of ID_KEYS) if (re.test(k)) v = { kind: 'national_id', scheme };
  // a key that names a scheme of the national-id table (`cpf`, `rrn`, `steuer_id`): its values when they fit
  if (!v && schemesOfKey(raw) !== null) v = { kind: 'national_id', scheme: 'table' };
  if (!v && BANK_KEYS.test(k)) v = { kind: 'bank_account', scheme: /routing|aba|transit/.test(k) ? 'aba' : 'bank' };
  if (keyKinds.size < 10000) keyKinds.set(own(raw), v);
  return v;
}

/**
 * Labels before a personal id other than SSN and NI numbers: passports, driving licences, national and tax ids,
 * medical record and health insurance numbers.
 */
const ID_LABELS = [
  '[Pp]assport(?: [Nn]umber| [Nn]o\\.?| #)?|PASSPORT(?: NUMBER| NO\\.?| #)?',
  "[Dd]river'?s?'? [Ll]icen[cs]e(?: [Nn]umber| [Nn]o\\.?| #)?|DRIVER'?S?'? LICEN[CS]E(?: NUMBER| NO\\.?| #)?",
  '[Dd]riving [Ll]icen[cs]e(?: [Nn]umber| [Nn]o\\.?)?',
  '[Nn]ational (?:ID|[Ii]d|[Ii]dentity)(?: [Nn]umber| [Nn]o\\.?| [Cc]ard)?|NATIONAL ID(?: NUMBER| NO\\.?)?',
  '[Tt]ax (?:ID|[Ii]d)(?: [Nn]umber)?|TAX ID(?: NUMBER)?|TIN|ITIN',
  '[Mm]edical [Rr]ecord(?: [Nn]umber| [Nn]o\\.?| #)?|MRN|NHS [Nn]umber|[Hh]ealth [Ii]nsurance (?:[Nn]umber|ID|[Ii]d)',
  '[Aa]adhaar(?: [Nn]umber| [Nn]o\\.?)?',
].join('|');
const ID_LABEL = new RegExp(`^(?:${ID_LABELS})`);
/** The id after such a label (`is`/`number`/`:`/`#` may come between): digit groups, or letters, digits and dashes with a digit. */
const ID_VALUE =
  /(?:(?:is|was|number|no\.?)[ \t]+|[:#][ \t]*)?(\d{2,6}(?: \d{2,6}){1,4}|[A-Za-z0-9][A-Za-z0-9-]{3,24})(?![\w-])/y;

/** Labels before a bank account, routing, SSN, NI number or another personal id in text; scanned by identity.ts in its keyword pass. */
export const FINANCE_LABELS =
  ID_LABELS +
  '|' +
  'IBAN(?![A-Za-z])|[Aa]ccount (?:[Nn]umber|[Nn]o\\.?|#)|ACCOUNT (?:NUMBER|NO\\.?|#)|[Aa]cct\\.? ?(?:[Nn]o\\.?|#|[Nn]umber)|ACCT\\.? ?(?:NO\\.?|#|NUMBER)|[Rr]outing (?:[Nn]umber|[Nn]o\\.?|#)|ROUTING (?:NUMBER|NO\\.?|#)|[Ss]ort [Cc]ode|SORT CODE|SSN|[Ss]sn|[Ss]ocial [Ss]ecurity (?:[Nn]umber|[Nn]o\\.?)|SOCIAL SECURITY (?:NUMBER|NO\\.?)|[Nn]ational [Ii]nsurance (?:[Nn]umber|[Nn]o\\.?)|NATIONAL INSURANCE (?:NUMBER|NO\\.?)';
const LABEL_VALUE = /(?:\d[\d -]{2,32}\d|[A-Za-z]{2} ?\d{2} ?\d{2} ?\d{2} ?[A-Da-d])(?![\w])/y;

/** A line's last `word: value` pair whose value is one number, bare or quoted (`  Expected: "0123 4567"`). */
const LINE_END_VALUE = /(?:^|[ \t])[A-Za-z][A-Za-z ]{0,24}:[ \t]*(["']?)(\d[\d -]{2,32}\d)\1[ \t\r]*$/;

/**
 * Where the value named by a label that ends its line stands, or -1: a label with nothing after it on its line
 * (`FAIL … › keeps the IBAN`, `Account number:` over its value) names the number that ends the next line after
 * a `word:` of its own (a test diff's `Expected: "…"`, a form's value line). Read only when a label's value is
 * not on its own line.
 */
function valueBelow(corpus: string, from: number): number {
  let j = from;
  while (
    j < corpus.length &&
    (corpus.charCodeAt(j) === 32 || corpus.charCodeAt(j) === 9 || corpus.charCodeAt(j) === 13)
  )
    j++;
  if (corpus.charCodeAt(j) !== 10) return -1;
  let e = corpus.indexOf('\n', j + 1);
  if (e < 0) e = corpus.length;
  if (e - j > 240) return -1;
  const m = LINE_END_VALUE.exec(corpus.slice(j + 1, e));
  return m ? j + 1 + m.index + m[0].lastIndexOf(m[2]!) : -1;
}

/**
 * Reports a value found under a bank or national-id key. A national id that fits a scheme of the table
 * (nationalids.ts) gets that scheme's canonical form, so that its stand-in is valid in the same way; under a
 * key only the table names (`scheme` 'table'), nothing else is reported.
 */
export function reportFinanceValue(
  value: string,
  start: number,
  kind: Kind,
  scheme: string,
  sink: FindingSink,
  key = '',
): void {
  const trimmed = value.trim();
  if (trimmed.length < 4 || trimmed.length > 40 || /^(?:x+|\*+|null|none|n\/a|unknown|redacted)$/i.test(trimmed))
    return;
  const d = digitsOf(trimmed);
  const compact = trimmed.replace(/[\s-]/g, '');
  if (kind === 'bank_account') {
    if (ibanValid(compact)) {
      sink.add({ kind: 'iban', surface: trimmed, canonical: compact.toUpperCase() });
      return;
    }
    if (!/^[A-Za-z0-9][A-Za-z0-9 -]*$/.test(trimmed) || d.length < 4) return;
    const canonical = scheme === 'aba' && abaValid(compact) ? 'aba:' + compact : compact;
    addValue(trimmed, start, value, 'bank_account', canonical, sink);
    return;
  }
  const tabled = scheme === 'id' || scheme === 'table' ? classifyId(trimmed, key) : null;
  if (tabled !== null) {
    addValue(trimmed, start, value, 'national_id', tabled, sink);
    return;
  }
  if (scheme === 'table') return;
  let canonical = compact.toUpperCase();
  if (scheme === 'ssn' && ssnValid(d) && d.length === compact.length) canonical = 'ssn:' + d;
  else if (scheme === 'sin' && sinValid(d) && d.length === compact.length) canonical = 'sin:' + d;
  else if (scheme === 'nino' && ninoValid(canonical)) canonical = 'nino:' + canonical;
  else if (!/^[A-Za-z0-9][A-Za-z0-9 .\-/]*$/.test(trimmed) || d.length < 3) return;
  addValue(trimmed, start, value, 'national_id', canonical, sink);
}

function addValue(
  trimmed: string,
  start: number,
  value: string,
  kind: Kind,
  canonical: string,
  sink: FindingSink,
): void {
  // short values are replaced only where found
  if (trimmed.length < 6) {
    const s = start + value.indexOf(trimmed);
    sink.add({ kind, surface: trimmed, canonical, at: { start: s, end: s + trimmed.length } });
  } else sink.add({ kind, surface: trimmed, canonical });
}

export const financeDetector: Detector = {
  name: 'accounts.finance',
  detect(chunk: Chunk, sink: FindingSink, _ctx: DetectContext): void {
    const corpus = chunk.corpus;
    let m: RegExpExecArray | null;
    IBAN_HEAD.lastIndex = 0;
    while ((m = IBAN_HEAD.exec(corpus)) !== null) {
      IBAN.lastIndex = m.index;
      const iban = IBAN.exec(corpus);
      if (!iban) continue;
      const compact = iban[0].replace(/ /g, '');
      if (IBAN_LENGTHS[compact.slice(0, 2).toUpperCase()] !== undefined && ibanValid(compact)) {
        sink.add({ kind: 'iban', surface: iban[0], canonical: compact.toUpperCase() });
        IBAN_HEAD.lastIndex = m.index + iban[0].length;
      }
    }
    NINO.lastIndex = 0;
    while ((m = NINO.exec(corpus)) !== null) {
      const compact = m[0].replace(/ /g, '');
      // compact NINOs look like other codes: only the spaced form, or a compact one with a capital-letter context
      if (
        ninoValid(compact) &&
        (m[0].includes(' ') ||
          /\bNI(?:NO| number)?\b|national insurance/i.test(corpus.slice(Math.max(0, m.index - 40), m.index)))
      )
        sink.add({ kind: 'national_id', surface: m[0], canonical: 'nino:' + compact });
    }
  },
};

/** Handles one label found in text (`label` ends where the value may start, after `:`/`#`/`=` and blanks). */
export function reportFinanceLabel(
  corpus: string,
  label: string,
  valueStart: number,
  sink: FindingSink,
  below = true,
): void {
  // a label that ends its line (a heading, a test's title) names the value of the next line
  const retry = (): void => {
    const n = below ? valueBelow(corpus, valueStart) : -1;
    if (n >= 0) reportFinanceLabel(corpus, label, n, sink, false);
  };
  if (ID_LABEL.test(label)) {
    // the label is a whole word (`TIN`, not the start of `TINY`)
    if (/\w$/.test(label) && valueStart < corpus.length && /\w/.test(corpus[valueStart]!)) return;
    ID_VALUE.lastIndex = valueStart;
    const v = ID_VALUE.exec(corpus);
    if (!v || !/\d/.test(v[1]!)) return retry();
    const value = v[1]!;
    addValue(value, v.index + v[0].length - value.length, value, 'national_id', value.toUpperCase(), sink);
    return;
  }
  LABEL_VALUE.lastIndex = valueStart;
  const v = LABEL_VALUE.exec(corpus);
  if (!v || !/\d/.test(v[0])) return retry();
  const low = label.toLowerCase();
  const d = digitsOf(v[0]);
  if (/ssn|social security/.test(low)) {
    if (ssnValid(d) && /^\d{3}[- ]?\d{2}[- ]?\d{4}$/.test(v[0]))
      sink.add({ kind: 'national_id', surface: v[0], canonical: 'ssn:' + d });
  } else if (/insurance/.test(low)) {
    const c = v[0].replace(/ /g, '').toUpperCase();
    if (ninoValid(c)) sink.add({ kind: 'national_id', surface: v[0], canonical: 'nino:' + c });
  } else if (/^[\d -]{4,34}$/.test(v[0]) && d.length >= 6) {
    sink.add({
      kind: 'bank_account',
      surface: v[0].trim(),
      canonical: /routing/.test(low) && abaValid(d) ? 'aba:' + d : d,
    });
  }
}

/**
 * An unnamed field: a form's custom field written with its number in place of its name, as help desks and
 * issue trackers export them (`"custom_fields": [{"id": 360012, "value": …}]`, `"customfield_10042": …`). The
 * name lives in the tracker's field definitions, not in the trace, so nothing names the value.
 */
export function unnamedField(path: readonly string[]): number {
  const n = path.length;
  const last = path[n - 1]!;
  if (/^custom_?field_?\d+$/i.test(last)) return n - 1;
  if (last === 'value' && n >= 3 && path[n - 2] === '*' && /field/i.test(path[n - 3]!)) return n - 3;
  return -1;
}

/** Words of money paid or owed: a record about a payment (`billing`, `refund`, `Charge dispute`, `bank_name`). */
const PAYMENT_WORDS =
  /\b(?:bank|banking|billing|payment|payments|payout|payouts|refund|refunds|charge|chargeback|iban|invoice|direct debit|wire transfer)\b/i;
/** How many segments either way a record is read for its words. */
const RECORD_SEGMENTS = 40;

/**
 * The value of an unnamed field (`unnamedField`) at segment `i`, whose field list is `path[0, at)`: a
 * national id when a scheme of the table validates the whole value (its layout and its check digits, as
 * under a `national_id` key); a compact number of an account's length (6 to 18 digits) a bank account
 * number when the record holding the fields (the ticket, the issue) speaks of a payment. Anything else in
 * such a field (an order number in a record about shipping) is left.
 */
export function reportUnnamedField(
  corpus: string,
  segs: readonly Segment[],
  i: number,
  at: number,
  sink: FindingSink,
): void {
  const seg = segs[i]!;
  if (seg.end - seg.start > 40) return;
  const value = corpus.slice(seg.start, seg.end).trim();
  if (!/\d/.test(value)) return;
  const id = classifyId(value, 'national_id', true);
  if (id !== null) {
    addValue(value, seg.start, value, 'national_id', id, sink);
    return;
  }
  if (!/^\d[\d -]{4,22}\d$/.test(value)) return;
  const d = digitsOf(value);
  if (d.length < 6 || d.length > 18) return;
  const record = seg.path.slice(0, at);
  const inRecord = (o: Segment): boolean => {
    if (o.path.length < record.length) return false;
    for (let k = 0; k < record.length; k++) if (o.path[k] !== record[k]) return false;
    return true;
  };
  for (let j = Math.max(0, i - RECORD_SEGMENTS); j < segs.length && j <= i + RECORD_SEGMENTS; j++) {
    const o = segs[j]!;
    if (j === i || o.end - o.start > 200 || !inRecord(o)) continue;
    if (PAYMENT_WORDS.test(corpus.slice(o.start, o.end))) {
      addValue(value, seg.start, value, 'bank_account', d, sink);
      return;
    }
  }
}
