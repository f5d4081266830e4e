/**
 * Key-path evidence: the value of a JSON field named `first_name`,
 * `customer`, `assignee`, `author`, `display_name`, … is a person's name;
 * of `company`, `organization`, `employer`, … an organisation's. A bare
 * `name` field holds a person only when the lexicons say so (tools, files and
 * products have names too). `first_name` and `last_name` of one object are
 * one person.
 */
import type { Chunk, FindingSink } from '../../types';
import { familyScore, givenScore, isGiven, isPlainWord } from './score';
import { isPublicOrg } from './lexicon';
import { orgCanonicalOf, reportLone, reportOrg, reportPerson } from './report';
import type { PeopleState } from './state';
import { own } from '../../strings';
import { isSpace } from './text';
import { runMap } from '../../memo';
import { recordHas, textFields } from '../structure';
import { ownKeyIndex, parentsHolding } from '../parents';

type Role = 'full' | 'given' | 'family' | 'weak' | 'org';

const ROLES: Record<string, Role> = {};
for (const k of `full_name fullname customer_name customer contact_name contact assignee owner author display_name displayname
  reporter requester sender recipient created_by updated_by modified_by assigned_to employee employee_name manager
  patient patient_name passenger passenger_name attendee speaker participant member_name from_name to_name signer
  approver reviewer committer author_name owner_name person person_name cardholder cardholder_name account_holder
  holder_name beneficiary beneficiary_name guest guest_name traveler traveller student teacher doctor physician
  agent_name rep_name sales_rep billing_name shipping_name recipient_name sender_name legal_name preferred_name
  spouse emergency_contact next_of_kin parent guardian user_full_name real_name realname fn formatted_name`.split(
  /\s+/,
))
  if (k) ROLES[k] = 'full';
for (const k of 'first_name firstname given_name givenname forename first fname middle_name'.split(' '))
  ROLES[k] = 'given';
for (const k of 'last_name lastname family_name familyname surname last lname maiden_name'.split(' '))
  ROLES[k] = 'family';
// `cn`: a directory's or a calendar user's common name (structure.ts readCommonNames); a person's where it has a
// name's shape (a room or a group has plain words)
for (const k of 'name cn common_name'.split(' ')) ROLES[k] = 'weak';
const COMMON_NAME = new Set(['cn', 'common_name']);
for (const k of `company company_name organization organisation org org_name organization_name organisation_name employer
  employer_name business business_name firm firm_name vendor vendor_name supplier supplier_name customer_company
  company_legal_name legal_entity merchant merchant_name client_company agency agency_name`.split(/\s+/))
  if (k) ROLES[k] = 'org';

/**
 * Words for a person in a role. `<word>_name` (`admin_name`, `ADMIN_NAME`, `tenantName`) names a person's name;
 * an object, section or record named by one (`"owner": {"name": …}`, INI `[owner]`) is a person.
 */
const PERSON_WORD =
  /^(?:admin|administrator|owner|user|contact|customer|member|author|manager|employee|operator|maintainer|sender|recipient|requester|assignee|reporter|reviewer|approver|signer|holder|client|buyer|seller|tenant|landlord|driver|rider|guest|student|teacher|doctor|patient|applicant|candidate|subscriber|organizer|organiser|attendee|participant|speaker|submitter|creator|commenter|agent|caller|from|to|cc|bcc|via|person|people|users|members|authors|owners|contacts|customers|participants|attendees|profile|user_profile|account|signup|lead)$/;

/**
 * Keys whose value describes the person of the record they sit in (an e-mail, a phone, a login, a person's id,
 * a national id, a birth date): a bare `name` beside one is that person's name.
 */
const PERSON_EVIDENCE =
  /^(?:e_?mail(?:_address)?|mail|email_addr|phone|phone_number|mobile|mobile_phone|cell|tel|telephone|msisdn|whatsapp|user_?name|login|user_login|handle|user_?id|uid|customer_?id|member_?id|employee_?id|contact_?id|patient_?id|person_?id|account_?id|national_?id|ssn|nin|tax_?id|passport|passport_no|date_of_birth|dob|birth_?date|birthday|home_address|street|address)$/;

/** `user_name`, `account_name`, `profile_name`: a login or a label, not a person's name. */
const NOT_NAME_PREFIX = /^(?:user|users|account|profile|user_profile|signup|lead|people|via|cc|bcc|agent)_name$/;

const normRole = (key: string): string =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[.\-\s]+/g, '_');

/** Whether a key names a person object or role (PERSON_WORD). */
export function personWord(key: string): boolean {
  return PERSON_WORD.test(normRole(key));
}

/** Whether a key's value describes the person of its record (PERSON_EVIDENCE). */
export function personEvidence(key: string): boolean {
  return PERSON_EVIDENCE.test(normRole(key));
}

const keyCache = runMap<string, Role | null>();

export function roleOf(key: string): Role | null {
  let r = keyCache.get(key);
  if (r !== undefined) return r;
  const n = normRole(key);
  r = ROLES[n] ?? null;
  // `admin_name`, `tenant_name`: a person word, then `name`
  if (r === null && n.endsWith('_name') && PERSON_WORD.test(n.slice(0, -5)) && !NOT_NAME_PREFIX.test(n)) r = 'full';
  if (keyCache.size < 10000) keyCache.set(own(key), r);
  return r;
}

const NAME_VALUE = /^\p{L}[\p{L}\p{M}.'’-]*(?:,? \p{L}[\p{L}\p{M}.'’-]*){0,4}$/u;
const PLACEHOLDER =
  /^(?:null|none|nil|undefined|unknown|anonymous|n\/a|na|test|demo|example|sample|user|admin|system|bot|assistant|me|you|self|default|string|text|name|first|last|tbd|todo|redacted)$/i;

export function lastKey(path: readonly string[]): string {
  for (let i = path.length - 1; i >= 0; i--) if (path[i] !== '*') return path[i]!;
  return '';
}

interface Field {
  readonly role: Role;
  readonly value: string;
  readonly start: number;
  readonly parent: string;
  readonly index: number;
  /**
   * A `name` whose record is a person's (its object, section or row holds an e-mail, a phone, a login…, or is
   * named by a person word): a name there needs no lexicon, only a name's shape.
   */
  readonly personRecord?: boolean;
}

/** The value of a field, or null when it cannot hold a name of this role. */
function fieldValue(role: Role, raw: string): string | null {
  const value = raw.trim();
  if (value.length < 2 || PLACEHOLDER.test(value)) return null;
  if (role !== 'org' && !NAME_VALUE.test(value)) return null;
  if (role === 'org' && (/[@/\\]|:\/\//.test(value) || !/\p{L}/u.test(value) || value.length > 80)) return null;
  return value;
}

/**
 * JSON written inside text (`tool: {"first_name": "Mia", "last_name": "Li"}` in a transcript, a log line with a
 * JSON payload): `"key": "value"` pairs read like fields. Halves of a name next to each other pair up.
 */
export const INLINE_FIELD = /"([A-Za-z][A-Za-z_]{1,29})"\s*:\s*"([^"\\\n]{2,120})"/g;

const isAsciiLetter = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/**
 * Where the INLINE_FIELD match starting at the `"` at `q` has its value
 * (start in `at[0]`, end in `at[1]`) and its key's end (`at[2]`); false when
 * none starts there. Each part of the pattern can match in one way only (a
 * key or a value is the longest run of its characters, and no run can end
 * earlier and still be followed by its quote), so reading it forward is the
 * pattern.
 */
function inlineFieldAt(s: string, q: number, at: Int32Array): boolean {
  const n = s.length;
  let k = q + 1;
  if (!isAsciiLetter(s.charCodeAt(k))) return false;
  k++;
  while (k < n && k - q <= 31) {
    const c = s.charCodeAt(k);
    if (!isAsciiLetter(c) && c !== 95) break;
    k++;
  }
  const keyLength = k - q - 1;
  if (keyLength < 2 || keyLength > 30 || s.charCodeAt(k) !== 34) return false;
  at[2] = k;
  k++;
  while (k < n && isSpace(s.charCodeAt(k))) k++;
  if (s.charCodeAt(k) !== 58) return false;
  k++;
  while (k < n && isSpace(s.charCodeAt(k))) k++;
  if (s.charCodeAt(k) !== 34) return false;
  const v = ++k;
  while (k < n && k - v <= 120) {
    const c = s.charCodeAt(k);
    if (c === 34 || c === 92 || c === 10) break;
    k++;
  }
  if (k - v < 2 || k - v > 120 || s.charCodeAt(k) !== 34) return false;
  at[0] = v;
  at[1] = k;
  return true;
}

/**
 * Calls `found(keyStart, keyEnd, valueStart, valueEnd)` for every match of
 * INLINE_FIELD in `s`, in order: each `"` in turn is tried as the start of
 * one, and the search goes on after a match (what the global pattern does),
 * but the quotes are found with indexOf, far faster than the pattern skips
 * the text between them.
 */
export function forEachInlineField(s: string, found: (ks: number, ke: number, vs: number, ve: number) => void): void {
  const at = new Int32Array(3);
  let q = s.indexOf('"');
  while (q >= 0) {
    if (inlineFieldAt(s, q, at)) {
      found(q + 1, at[2]!, at[0]!, at[1]!);
      q = s.indexOf('"', at[1]! + 1);
    } else q = s.indexOf('"', q + 1);
  }
}

function inlineFields(corpus: string): Field[] {
  const fields: Field[] = [];
  if (corpus.indexOf('":') < 0) return fields;
  let n = 0;
  forEachInlineField(corpus, (ks, ke, vs, ve) => {
    const role = roleOf(corpus.slice(ks, ke));
    if (!role) return;
    const raw = corpus.slice(vs, ve);
    const value = fieldValue(role, raw);
    if (value === null) return;
    fields.push({ role, value, start: vs + raw.indexOf(value), parent: String(n), index: n });
    n++;
  });
  // halves of one name stand next to each other: pair each with its neighbour, not with the next list entry's
  for (let i = 0; i + 1 < fields.length; i++) {
    const a = fields[i]!;
    const b = fields[i + 1]!;
    const halves = (a.role === 'given' && b.role === 'family') || (a.role === 'family' && b.role === 'given');
    if (halves && a.parent === String(a.index)) fields[i + 1] = { ...b, parent: a.parent };
  }
  return fields;
}

export function scanKeys(chunk: Chunk, sink: FindingSink, st: PeopleState): void {
  const fields: Field[] = [];
  const corpus = chunk.corpus;
  const segs = chunk.segments;
  let parents: Set<string> | null = null;
  for (let i = 0; i < segs.length; i++) {
    const seg = segs[i]!;
    // the length first: a segment's path is built on first use
    if (seg.isKey || seg.end - seg.start > 120 || seg.path.length === 0) continue;
    const role = roleOf(lastKey(seg.path));
    if (!role) continue;
    const raw = corpus.slice(seg.start, seg.end);
    const value = fieldValue(role, raw);
    if (value === null) continue;
    const path = seg.path;
    let personRecord = false;
    if (role === 'weak') {
      const [parent, key] = parentKey(path);
      personRecord = personWord(key) || (parents ??= personParents(segs)).has(parent);
    }
    fields.push({
      role,
      value,
      start: seg.start + raw.indexOf(value),
      // only name halves are paired by their parent object
      parent: role === 'given' || role === 'family' ? path.slice(0, -1).join('\u0001') : '',
      index: i,
      personRecord,
    });
  }
  reportFields(fields, sink, st);
  reportFields(inlineFields(corpus), sink, st);
  reportFields(structureFields(chunk), sink, st);
}

/**
 * The values that text structure names (structure.ts: table columns, `key: value` lines, flags, SQL
 * columns), read like JSON fields: a person or name column hands its cells to the person recogniser.
 * The rest of a `Customer: …` line may be what the customer said: there, only a clear name counts (the
 * `name` rule), and an organisation must be written with a capital.
 */
function structureFields(chunk: Chunk): Field[] {
  const fields: Field[] = [];
  const corpus = chunk.corpus;
  const all = textFields(chunk);
  let n = 0;
  for (let k = 0; k < all.length; k++) {
    const f = all[k]!;
    if (f.end - f.start > 120) continue;
    let role = roleOf(f.name);
    if (!role) continue;
    if (!f.certain && role === 'full') role = 'weak';
    const raw = corpus.slice(f.start, f.end);
    const value = fieldValue(role, raw);
    if (value === null) continue;
    if (!f.certain && role === 'org' && !/^[\p{Lu}\d]/u.test(value)) continue;
    const personRecord =
      role === 'weak' && (COMMON_NAME.has(normRole(f.name)) || recordHas(corpus, all, k, personEvidence));
    fields.push({ role, value, start: f.start + raw.indexOf(value), parent: 'text', index: n++, personRecord });
  }
  return fields;
}

/**
 * The parents (paths of the objects, joined) of the JSON values whose object is a person's record: it holds a
 * field that describes a person (an e-mail, a phone, a login…), or its own key is a person word (`"owner":
 * {…}`, `"from": {…}`). Read once per chunk, only when a `name` asks.
 */
function personParents(segs: Chunk['segments']): Set<string> {
  return parentsHolding(segs, personEvidence, '\u0001');
}

/** The parent of a JSON value at `path` (its last key and array positions dropped), and the parent's own key. */
function parentKey(path: readonly string[]): [parent: string, key: string] {
  const i = ownKeyIndex(path);
  let j = i - 1;
  while (j >= 0 && path[j] === '*') j--;
  return [path.slice(0, Math.max(0, i)).join('\u0001'), j >= 0 ? path[j]! : ''];
}

function reportFields(fields: readonly Field[], sink: FindingSink, st: PeopleState): void {
  // name halves by parent object, for pairing first and last names
  const halves = new Map<string, Field[]>();
  const place = new Map<Field, number>();
  for (const fl of fields) {
    if (fl.role !== 'given' && fl.role !== 'family') continue;
    let list = halves.get(fl.parent);
    if (!list) halves.set(fl.parent, (list = []));
    place.set(fl, list.length);
    list.push(fl);
  }
  for (let f = 0; f < fields.length; f++) {
    const fl = fields[f]!;
    const low = fl.value.toLowerCase();
    switch (fl.role) {
      case 'org': {
        const canon = orgCanonicalOf(fl.value);
        if (canon.length >= 2 && !isPublicOrg(canon) && !isPublicOrg(low)) reportOrg(sink, st, fl.value, canon, false);
        break;
      }
      case 'given':
      case 'family': {
        // the other half of the name in the same object, close by
        const other = otherHalf(halves.get(fl.parent) ?? [], place.get(fl) ?? 0, fl);
        if (other && fl.role === 'given') {
          const given = low.split(/\s+/)[0]!;
          const family = other.value.toLowerCase();
          reportPerson(sink, st, `${fl.value} ${other.value}`, given, family);
          addPart(sink, st, fl, given, family);
          addPart(sink, st, other, given, family);
        } else if (!other) {
          reportLone(sink, st, fl.value, fl.role, low, false, fl.start);
        }
        break;
      }
      case 'full':
      case 'weak': {
        const parts = fl.value
          .replace(/,/g, ' ')
          .split(/\s+/)
          .filter((x) => x.length > 0);
        const lows = parts.map((x) => x.toLowerCase().replace(/\.$/, ''));
        if (isPublicOrg(low)) break;
        const comma = fl.value.includes(',');
        const given = comma ? lows[1] : lows[0];
        const family = comma ? lows[0] : lows[lows.length - 1];
        if (given === undefined || family === undefined) break;
        if (fl.role === 'weak' && fl.personRecord === true) {
          // a person's record: two to four capitalised words, not all of them plain words, no digit
          if (parts.length < 2 || parts.length > 4 || /\d/.test(fl.value)) break;
          if (!parts.every((p) => /^\p{Lu}/u.test(p))) break;
          if (lows.every((w) => isPlainWord(w))) break;
        } else if (fl.role === 'weak') {
          // `name` holds people, tools, files, products: only clear names count
          if (parts.length < 2 || parts.length > 4) break;
          if (!parts.every((p) => /^\p{Lu}/u.test(p)) && !parts.every((p) => /^\p{Ll}/u.test(p))) break;
          const sc = givenScore(given, true) + familyScore(family, true);
          if (sc < 3 || givenScore(given, true) < 1) break;
        }
        if (parts.length === 1) {
          if (fl.role === 'full' && isGiven(given)) reportLone(sink, st, fl.value, 'given', given, false, fl.start);
          break;
        }
        reportPerson(sink, st, fl.value, given, family);
        break;
      }
    }
  }
}

/**
 * The other half of `fl` in `list`: the nearest field of the other role, at
 * most 8 segments away, the following one on a tie (`first_name` is usually
 * written before `last_name`). In an array of people (`passengers: [{…},
 * {…}]`) every record shares one parent path, so the nearest field, not the
 * first in range, is the one of the same record. `list` is in segment order
 * and `fl` stands at `at`, so only its neighbours are looked at (a scan of
 * the whole list per field was quadratic).
 */
function otherHalf(list: readonly Field[], at: number, fl: Field): Field | undefined {
  let k = at;
  while (k > 0 && fl.index - list[k - 1]!.index <= 8) k--;
  let best: Field | undefined;
  let bestDistance = Infinity;
  for (; k < list.length && list[k]!.index - fl.index <= 8; k++) {
    const o = list[k]!;
    if (o === fl || o.role === fl.role) continue;
    const d = Math.abs(o.index - fl.index);
    if (d < bestDistance || (d === bestDistance && o.index > fl.index)) {
      best = o;
      bestDistance = d;
    }
  }
  return best;
}

/** A `first_name` / `last_name` value that belongs to a full name: replaced as a part of it. */
function addPart(sink: FindingSink, st: PeopleState, f: Field, given: string, family: string): void {
  const canonical = `${given}|${family}`;
  sink.add({ kind: 'person', surface: f.value, canonical, at: { start: f.start, end: f.start + f.value.length } });
  st.persons.get(canonical)?.surfaces.add(own(f.value));
}
