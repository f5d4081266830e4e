/**
 * Who the trace is about: user names, handles, customer / user / account
 * ids and device ids.
 *
 * - Values of JSON fields whose key names a user, customer, account or
 *   device (`user_id`, `customerId`, `enduser.id`, `login`, `device_id`, …),
 *   also as OpenTelemetry attributes (`{"key": "enduser.id", "value":
 *   {"stringValue": …}}`) and as `user_id=…` / `"user_id": …` in text.
 *   A UUID there names a person and is replaced by a UUID of the same
 *   version; UUIDs anywhere else (trace, span, run, message ids) stay.
 * - Stripe-style object ids that name a customer or an account (`cus_`,
 *   `acct_`, `usr_`, `user_`, `pm_`, `ba_`, `card_`, `sub_`, `src_`); request,
 *   message, call, event and run ids (`req_`, `msg_`, `call_`, `toolu_`,
 *   `evt_`, `run_`, …) link the trace together and stay.
 * - Home-directory names in paths (`/Users/x`, `/home/x`, `C:\Users\x`,
 *   `~x/`, `-Users-x-` project folders, `__Users__x__`), except system and
 *   CI accounts (`root`, `runner`, `ubuntu`, `Shared`, …). The name is then
 *   replaced wherever it occurs as a token; a name that is also a common
 *   word (`will`, `mark`) only in the paths where it was seen.
 * - Profile URLs (`github.com/<user>`, `x.com/<user>`, `linkedin.com/in/<user>`,
 *   …), except public organisations and project owners (`github.com/microsoft`,
 *   `github.com/sympy/sympy`) and site paths (`github.com/features`).
 */
import type { Chunk, Detector, DetectContext, FindingSink, Kind } from '../../types';
import { ownKeyIndex, parentsHolding } from '../parents';
import { luhnValid } from './checks';
import { PROVIDER_ID_PREFIXES, PUBLIC_ORGS, SYSTEM_USERS } from './lists';
import { isPlainWord } from '../people/score';
import { isWord, normKey } from './util';
import {
  FINANCE_LABELS,
  financeKeyKind,
  reportFinanceLabel,
  reportFinanceValue,
  reportUnnamedField,
  unnamedField,
} from './finance';
import { own } from '../../strings';
import { StartCursor } from '../starts';
import { accountWordStarts } from './words';
import { runMap } from '../../memo';
import { recordHas, textFields } from '../structure';
import { personEvidence } from '../people/keys';

type IdKind = 'account_id' | 'username' | 'device_id';

const ACCOUNT_KEYS =
  /^(?:(?:end_?)?user_?id|uid|customer_?id|customer|cust_id|account_?id|account|acct_id|member_?id|owner_?id|buyer_?id|payer_?id|patient_?id|employee_?id|contact_?id|subscriber_?id|player_?id|profile_?id|author_?id|person_?id|client_user_id|external_user_id|stripe_customer(?:_id)?|enduser_id|user_uuid|user_key|distinct_id|anonymous_?id|visitor_?id|actor_?id|(?:requester|assignee|reporter|creator|submitter|sender|recipient|organizer|attendee|commenter|reviewer|approver|follower|collaborator|watcher|seller|merchant|tenant|lead|opportunity|salesforce|sfdc|crm|hubspot|zendesk|intercom|slack_user|discord_user|telegram_user|chat_user|partner|caller|callee|driver|rider|guest|student|teacher)_?ids?|(?:created|updated|modified|deleted|assigned|requested|reported|closed|resolved|approved|submitted|invited|owned)_by(?:_id)?|assigned_to(?:_id)?)$/;
/**
 * A cloud account's ids, named by the provider (`AWS_ACCOUNT_ID`, `azure_tenant_id`, `ARM_SUBSCRIPTION_ID`,
 * `AZURE_CLIENT_ID`, `GOOGLE_BILLING_ACCOUNT_ID`): they name the customer's own account, directory, subscription or
 * application registration, as a customer id does.
 */
const CLOUD_ACCOUNT_KEYS =
  /^(?:aws|amazon|azure|az|arm|aad|ad|entra|gcp|gcloud|google|oci|ibm_?cloud|alibaba|ali_?cloud|aliyun|tencent|digital_?ocean|cloudflare|cf|linode|hetzner|vultr|cloud)_(?:account|tenant|subscription|directory|client|app|application|principal|object|billing_account)_?ids?$/;
const USERNAME_KEYS =
  /^(?:user_?name|username|login|user|screen_?name|handle|nickname|nick|user_login|enduser_name|github_user|github_username|twitter_handle|slack_user|owner_login|account_name|display_username)$/;
const DEVICE_KEYS =
  /^(?:device_?id|android_?id|idfa|idfv|advertising_?id|ad_id|gaid|aaid|imei|meid|udid|serial_?number|serial_no|device_serial|machine_?id|hardware_?id|hwid|installation_?id|install_id|device_uuid|device_token|push_token|apns_token|fcm_token|mac_address)$/;

/**
 * Keys of an object that is a person or an account (`"user": {"id": …, "name": "lioradahan"}`, Slack's
 * `members[]`, Discord's `author`): inside one, `name`, `display_name`, `global_name`, `nick` hold a login
 * when the value is one word (a name with spaces is the person recogniser's).
 */
const PERSON_OBJECT_KEYS =
  /^(?:users?|members?|authors?|owners?|senders?|recipients?|requesters?|assignees?|reporters?|creators?|submitters?|profiles?|user_profile|actors?|participants?|attendees?|organizers?|commenters?|reviewers?|collaborators?|watchers?|followers?|customers?|contacts?|accounts?|from_user|to_user|created_by|updated_by|assigned_to|invitee|invitees)$/;
const OBJECT_NAME_KEYS = /^(?:name|display_?name|global_?name|nick|nickname|screen_?name|real_?name)$/;

/** A login as a one-word value: letters, digits, `._-`, at least one letter, no space. */
const LOGIN_VALUE = /^[\p{L}\p{N}][\p{L}\p{N}._-]{1,63}$/u;

/** Values that name nobody. */
const PLACEHOLDER =
  /^(?:null|none|nil|undefined|unknown|anonymous|anon|guest|n\/a|na|-|0|default|system|user|users|admin|root|test|tester|demo|example|sample|me|you|self|assistant|tool|function|developer|bot|true|false|\*+|x+|redacted|<[^>]*>|\$\{[^}]*\}|\{\{[^}]*\}\}|\{[^}]*\}|%[^%]*%|\$[A-Z_]+)$/i;
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

const keyKinds = runMap<string, IdKind | null>();

/** The kind a value under this key is, or null. */
export function idKindOfKey(raw: string): IdKind | null {
  let v = keyKinds.get(raw);
  if (v !== undefined) return v;
  const k = normKey(raw);
  v = DEVICE_KEYS.test(k)
    ? 'device_id'
    : ACCOUNT_KEYS.test(k) || CLOUD_ACCOUNT_KEYS.test(k)
      ? 'account_id'
      : USERNAME_KEYS.test(k)
        ? 'username'
        : null;
  if (keyKinds.size < 10000) keyKinds.set(own(raw), v);
  return v;
}

/** Keys that refer to a person by id or login, without saying which (`"assignee": "jdoe"`, `"requester": 48213`). */
const PERSON_REF_KEYS =
  /^(?:requester|assignee|reporter|creator|submitter|owner|author|sender|recipient|organizer|approver|reviewer|commenter)$/;

/** A key named just `device` holds a device id only when the value is one: a torch `cuda:0` or `cpu` is none. */
const COMPUTE_DEVICE = /^(?:cuda|cpu|mps|gpu|tpu|xla|npu|hpu|meta|auto|ipu|xpu)(?::\d+)?$/i;

type RefKey = 'ref' | 'object_name' | 'object_id' | 'device';
const refKeys = runMap<string, RefKey | null>();

/**
 * What a key that is no id key may still say: a person reference, a name or an id inside a person object, a
 * device.
 */
function refKeyOf(raw: string): RefKey | null {
  let v = refKeys.get(raw);
  if (v === undefined) {
    const k = normKey(raw);
    v = PERSON_REF_KEYS.test(k)
      ? 'ref'
      : OBJECT_NAME_KEYS.test(k)
        ? 'object_name'
        : k === 'id' || k === 'uuid' || k === 'guid'
          ? 'object_id'
          : k === 'device'
            ? 'device'
            : null;
    if (refKeys.size < 10000) refKeys.set(own(raw), v);
  }
  return v;
}

/** Whether the object holding the last key of `path` is a person or an account (PERSON_OBJECT_KEYS). */
function inPersonObject(path: readonly string[]): boolean {
  let i = path.length - 1;
  while (i >= 0 && path[i] === '*') i--;
  i--;
  while (i >= 0 && path[i] === '*') i--;
  return i >= 0 && PERSON_OBJECT_KEYS.test(normKey(path[i]!));
}

/** Keys of a person's name: an object holding one is a person, whatever its own key (Slack's users.json). */
const PERSON_NAME_KEYS =
  /^(?:real_?name|first_?name|last_?name|given_?name|family_?name|full_?name|surname|forename|display_?name)$/;

/** The path of the object holding the value at `path` (its last key and array positions after it dropped). */
function parentOf(path: readonly string[]): string {
  return path.slice(0, ownKeyIndex(path)).join('\u0000');
}

/**
 * The objects of a chunk's JSON (by parent path) that hold a person's name: their `id` and `name` are the
 * person's (`[{"id": "U0G9QF9C6", "name": "jdoe", "real_name": "Jane Doe"}]`). Read once per chunk, and
 * only when an `id` or `name` asks.
 */
function objectsWithPersonNames(segs: Chunk['segments']): Set<string> {
  return parentsHolding(segs, (key) => PERSON_NAME_KEYS.test(normKey(key)), '\u0000');
}

/**
 * Whether a JSON number under this key is an id the detectors must see (format/chunks.ts ChunkOptions.numberKey):
 * an id key (`author_id`, `user_id`), a bank or national-id key, a key that refers to a person (`assignee`).
 */
export function idNumberKey(raw: string, parent?: string): boolean {
  if (keyInfo(raw) !== null) return true;
  const ref = refKeyOf(raw);
  return ref === 'ref' || (ref === 'object_id' && parent !== undefined && PERSON_OBJECT_KEYS.test(normKey(parent)));
}

/** A one-word login under a person reference or a person object's name key: a user name. */
function reportLogin(value: string, start: number, sink: FindingSink): void {
  const trimmed = value.trim();
  if (!LOGIN_VALUE.test(trimmed) || !/\p{L}/u.test(trimmed) || PLACEHOLDER.test(trimmed)) return;
  const low = trimmed.toLowerCase();
  if (SYSTEM_USERS.has(low) || isPlainWord(low)) return;
  const s = start + value.indexOf(trimmed);
  if (trimmed.length < 3)
    sink.add({ kind: 'username', surface: trimmed, canonical: low, at: { start: s, end: s + 2 } });
  else sink.add({ kind: 'username', surface: trimmed, canonical: low });
}

const keyInfos = runMap<string, IdKind | { kind: Kind; scheme: string } | null>();

/** What a value under this key is: an id kind, a bank / national-id kind, or nothing. One lookup per segment. */
function keyInfo(raw: string): IdKind | { kind: Kind; scheme: string } | null {
  let v = keyInfos.get(raw);
  if (v === undefined) {
    v = idKindOfKey(raw) ?? financeKeyKind(raw);
    if (keyInfos.size < 10000) keyInfos.set(raw, v);
  }
  return v;
}

/** `here`: also at this place (a value that text structure delimits may be glued to its flag: `-uapp`). */
function reportValue(value: string, start: number, kind: IdKind, sink: FindingSink, key = '', here = false): void {
  const trimmed = value.trim();
  // `customer`, `account`: a label ("enterprise") as often as an id; only values with a digit count there
  if (kind === 'account_id' && !/(?:id|uid|uuid|key)$/.test(normKey(key)) && !/\d/.test(trimmed)) return;
  if (trimmed.length === 0 || trimmed.length > 128 || PLACEHOLDER.test(trimmed)) return;
  if (/\s/.test(trimmed) || trimmed.includes('@') || /^https?:/.test(trimmed)) return; // names and e-mails are found elsewhere
  if (!/^[\p{L}\p{N}][\p{L}\p{N}._:+\-|=/]*$/u.test(trimmed)) return;
  const s = start + value.indexOf(trimmed);
  const at = { start: s, end: s + trimmed.length };
  if (kind === 'device_id' && /^\d{15}$/.test(trimmed) && luhnValid(trimmed)) {
    sink.add({ kind, surface: trimmed, canonical: 'imei:' + trimmed });
    return;
  }
  if (kind === 'username') {
    if (trimmed.length < 3 || here) sink.add({ kind, surface: trimmed, canonical: trimmed.toLowerCase(), at });
    if (trimmed.length >= 3) sink.add({ kind, surface: trimmed, canonical: trimmed.toLowerCase() });
    return;
  }
  // short or purely numeric small ids would hit unrelated numbers: replace them only here
  if (trimmed.length < 5 || (/^\d+$/.test(trimmed) && trimmed.length < 7)) sink.add({ kind, surface: trimmed, at });
  else sink.add({ kind, surface: trimmed, canonical: UUID.test(trimmed) ? trimmed.toLowerCase() : trimmed });
}

/**
 * Keyword passes over the text: `user_id=…`-style assignments, bank / SSN /
 * NI labels (handled by finance.ts) and Stripe-style id prefixes. Three
 * simple patterns scan faster than one that joins them; the first two are
 * tried only where accountWordStarts (words.ts) lists a word.
 */
export const TEXT_ID = new RegExp(
  String.raw`((?:[Uu]ser|USER|[Cc]ustomer|CUSTOMER|[Aa]ccount|ACCOUNT|[Dd]evice|DEVICE)[_-]?(?:[Ii][Dd]|[Nn]ame|NAME)|[Ll]ogin|LOGIN)(["']?[ \t]*[:=][ \t]*["']?)([A-Za-z0-9][\w.:+-]{0,100})`,
  'g',
);
export const LABELS = new RegExp(`(?:${FINANCE_LABELS})[ \\t]*[:#=]?[ \\t]*`, 'g');
const TEXT_ID_AT = new RegExp(TEXT_ID.source, 'y');
const LABELS_AT = new RegExp(LABELS.source, 'y');
/** Whether TEXT_ID may start at `p`: its words begin with u, c, a, d or l (either case). */
export function textIdInitial(s: string, p: number): boolean {
  const c = s.charCodeAt(p) | 32;
  return c === 117 || c === 99 || c === 97 || c === 100 || c === 108;
}
/** Whether LABELS may start at `p`: its labels begin with p, d, n, t, i, m, h, a, r or s (either case). */
export function labelInitial(s: string, p: number): boolean {
  const c = s.charCodeAt(p) | 32;
  return (
    c === 112 ||
    c === 100 ||
    c === 110 ||
    c === 116 ||
    c === 105 ||
    c === 109 ||
    c === 104 ||
    c === 97 ||
    c === 114 ||
    c === 115
  );
}
const STRIPE_ID = /(?:test_|live_)?[A-Za-z0-9]{8,64}(?![A-Za-z0-9_])/y;

const HOME =
  /(?:[/\\]|-|__)(?:Users|home|Documents and Settings)(?:[/\\]{1,2}|-|__)([^\s/\\"'`:*?<>|\u0000,;()[\]{}]{1,64})/g;
const TILDE = /(?<![\w~])~([a-z_][a-z0-9_.-]{1,31})(?=[/\\])/g;

/** Common words that are also user names: replaced in their paths only, not as bare words. */
const COMMON_WORD_USERS = new Set(
  'will mark bill art joy hope faith grace may june rose ray dean jack frank rich pat guy max sam don ben dan tom amber april august autumn brook chase cliff dawn drew earl gene glen jay jean joe ken lee les mel miles neil nick page pierce reed rob roy rusty sandy scott shane summer ted terry victor wade ward wes'.split(
    ' ',
  ),
);

/** Hosts whose first path segment (after the given prefix) is a person's account. */
const PROFILE_HOSTS: readonly [RegExp, boolean][] = [
  // [pattern ending right before the name, true when a second path segment may be a project]
  [/(?:^|[^\w.-])(?:www\.)?(?:github\.com|gitlab\.com|bitbucket\.org|codeberg\.org)\/$/i, true],
  [/(?:^|[^\w.-])gist\.github\.com\/$/i, false],
  [/(?:^|[^\w.-])raw\.githubusercontent\.com\/$/i, true],
  [
    /(?:^|[^\w.-])(?:www\.|mobile\.)?(?:twitter\.com|x\.com|instagram\.com|facebook\.com|threads\.net\/@|t\.me|keybase\.io|dev\.to)\/@?$/i,
    false,
  ],
  [/(?:^|[^\w.-])(?:www\.)?linkedin\.com\/(?:in|pub)\/$/i, false],
  [/(?:^|[^\w.-])(?:www\.)?(?:medium\.com|youtube\.com|tiktok\.com|threads\.net|mastodon\.social)\/@$/i, false],
  [/(?:^|[^\w.-])(?:www\.|old\.)?reddit\.com\/u(?:ser)?\/$/i, false],
  [/(?:^|[^\w.-])bsky\.app\/profile\/$/i, false],
  [/(?:^|[^\w.-])(?:www\.)?npmjs\.com\/~$/i, false],
];
const PROFILE_ANCHOR = /(?:\.com|\.org|\.net|\.io|\.me|\.to|\.app|\.social)\/(?:in\/|pub\/|u\/|user\/|profile\/|~|@)?/g;
const PROFILE_ANCHOR_AT = new RegExp(PROFILE_ANCHOR.source, 'y');
/** PROFILE_ANCHOR's endings before the `/`. */
const PROFILE_TLDS = ['.com', '.org', '.net', '.io', '.me', '.to', '.app', '.social'];
const TILDE_AT = new RegExp(TILDE.source, 'y');

/**
 * The next match of PROFILE_ANCHOR at or after `from`. Every match is one of
 * its endings and a `/`: found from the `/` (indexOf, far faster than the
 * pattern scans the text) and confirmed by the pattern where the ending starts.
 */
function nextProfileAnchor(corpus: string, from: number): RegExpExecArray | null {
  for (let i = corpus.indexOf('/', from); i >= 0; i = corpus.indexOf('/', i + 1)) {
    for (const tld of PROFILE_TLDS) {
      const p = i - tld.length;
      if (p < from || !corpus.startsWith(tld, p)) continue;
      PROFILE_ANCHOR_AT.lastIndex = p;
      const m = PROFILE_ANCHOR_AT.exec(corpus);
      if (m) return m;
    }
  }
  return null;
}

/** The next match of TILDE at or after `from`: each starts at a `~`, confirmed by the pattern. */
function nextTilde(corpus: string, from: number): RegExpExecArray | null {
  for (let i = corpus.indexOf('~', from); i >= 0; i = corpus.indexOf('~', i + 1)) {
    TILDE_AT.lastIndex = i;
    const m = TILDE_AT.exec(corpus);
    if (m) return m;
  }
  return null;
}

/** Provider id prefixes (`cus_`, `acct_`, `price_`, …, lists.ts PROVIDER_ID_PREFIXES): one of these words, then `_`. */
/** The longest of PROVIDER_ID_PREFIXES. */
const STRIPE_LONGEST = Math.max(...[...PROVIDER_ID_PREFIXES].map((w) => w.length));
const isLetterCode = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/**
 * Whether what follows a provider prefix is a random id part rather than a code identifier (`in_progress`,
 * `sub_TotalAmount`): letters and digits mixed; or, with no digit (`cus_IUCGlmuNhZcsii`: Stripe draws from all
 * 62 letters and digits), ten letters or more of both cases that do not split into plain words at their
 * capitals.
 */
export function randomIdPart(part: string): boolean {
  if (part.length < 8) return false;
  const digit = /\d/.test(part);
  const letter = /[A-Za-z]/.test(part);
  if (digit) return letter;
  if (part.length < 10 || !/[A-Z]/.test(part) || !/[a-z]/.test(part)) return false;
  const words = part.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+/g) ?? [];
  return !words.every((w) => w.length >= 2 && isPlainWord(w.toLowerCase()));
}

/**
 * Salesforce record id key prefixes of records that are people or their accounts (Salesforce's "Standard Field
 * Record ID Prefix Decoder"): Account 001, Contact 003, User 005, Opportunity 006, Lead 00Q, Case 500, Task 00T,
 * Event 00U, Organization 00D, Group 00G, Contract 800, Order 801.
 */
const CRM_PREFIXES = new Set(['001', '003', '005', '006', '00Q', '00T', '00U', '00D', '00G', '500', '800', '801']);
const CHECKSUM_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';

/**
 * The 3-character suffix that makes a 15-character Salesforce id an 18-character one: for each 5 characters, a
 * bit per upper-case letter, read as one character of A–Z0–5 (Salesforce's documented case-safe id).
 */
export function crmChecksum(id15: string): string {
  let out = '';
  for (let g = 0; g < 3; g++) {
    let bits = 0;
    for (let i = 0; i < 5; i++) {
      const c = id15.charCodeAt(g * 5 + i);
      if (c >= 65 && c <= 90) bits |= 1 << i;
    }
    out += CHECKSUM_ALPHABET[bits];
  }
  return out;
}

/** The rest of a run of letters and digits (a sticky pattern reads a long run faster than a loop). */
const ALNUM_RUN = /[A-Za-z0-9]*/y;
const isAlnumCode = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/**
 * Salesforce record ids (`003hMmTEri342WrLKP`, `0015g00000XyZabAAB`): whole runs of 15 or 18 letters and digits
 * that start with a CRM_PREFIXES prefix and hold a letter after it. The runs are found a probe every 15
 * characters (a shorter run holds no probe that is not cheaply refused). Kind `account_id`, canonical the
 * 15-character id, so both forms of one record get one stand-in.
 */
function scanCrmIds(s: string, sink: FindingSink): void {
  const n = s.length;
  let i = 0;
  while (i + 15 <= n) {
    const probe = i + 14;
    if (!isAlnumCode(s.charCodeAt(probe))) {
      i = probe + 1;
      continue;
    }
    let start = probe;
    while (start > i && isAlnumCode(s.charCodeAt(start - 1))) start--;
    ALNUM_RUN.lastIndex = probe + 1;
    ALNUM_RUN.test(s);
    const end = ALNUM_RUN.lastIndex;
    i = end;
    const len = end - start;
    if (len !== 15 && len !== 18) continue;
    if (start > 0 && (s.charCodeAt(start - 1) === 95 || s.charCodeAt(start - 1) === 45)) continue;
    if (end < n && (s.charCodeAt(end) === 95 || s.charCodeAt(end) === 45)) continue;
    if (!CRM_PREFIXES.has(s.slice(start, start + 3))) continue;
    const id = s.slice(start, end);
    if (!/[A-Za-z]/.test(id.slice(3, 15))) continue;
    sink.add({ kind: 'account_id', surface: id, canonical: 'sfdc:' + id.slice(0, 15) });
  }
}

/**
 * Where the next provider prefix at or after `from` starts, or -1: the leftmost `(?<![A-Za-z])(?:cus|acct|…)_`.
 * A match is a whole run of letters before a `_` (the words are letters only), so it is found from the `_`
 * (indexOf) by reading the letters back: one set lookup per `_` that ends a short run of letters.
 */
export function nextStripePrefix(corpus: string, from: number): number {
  for (let u = corpus.indexOf('_', from); u >= 0; u = corpus.indexOf('_', u + 1)) {
    let p = u;
    while (p > 0 && u - p <= STRIPE_LONGEST && isLetterCode(corpus.charCodeAt(p - 1))) p--;
    if (p < from || u - p < 2 || u - p > STRIPE_LONGEST) continue;
    if (PROVIDER_ID_PREFIXES.has(corpus.slice(p, u))) return p;
  }
  return -1;
}
const NAME_AT = /[A-Za-z0-9](?:[A-Za-z0-9_.-]{0,38}[A-Za-z0-9_])?/y;

function reportUserName(
  chunk: Chunk,
  name: string,
  start: number,
  end: number,
  pathForm: boolean,
  sink: FindingSink,
): void {
  const low = name.toLowerCase();
  if (
    SYSTEM_USERS.has(low) ||
    PLACEHOLDER.test(name) ||
    /^(?:your|my|the|some|an?)[-_.]?(?:user|name|username|login)?$/i.test(name)
  )
    return;
  if (/[$%{}<>]/.test(name) || !/[A-Za-z]/.test(name) || /^\.+$/.test(name)) return;
  if (name.length < 3 || COMMON_WORD_USERS.has(low) || !pathForm)
    sink.add({ kind: 'username', surface: name, canonical: low, at: { start, end } });
  else sink.add({ kind: 'username', surface: name, canonical: low });
}

export const identityDetector: Detector = {
  name: 'accounts.identity',
  detect(chunk: Chunk, sink: FindingSink, _ctx: DetectContext): void {
    const corpus = chunk.corpus;
    const segs = chunk.segments;

    // JSON fields, and OpenTelemetry key/value attribute pairs
    let pending: { kind: IdKind; seg: number; key: string } | null = null;
    let personObjects: Set<string> | null = null;
    for (let i = 0; i < segs.length; i++) {
      const seg = segs[i]!;
      if (seg.isKey || seg.path.length === 0) continue;
      const path = seg.path;
      let last = path[path.length - 1]!;
      if (last === '*' && path.length > 1) last = path[path.length - 2]!;
      if (last === 'key') {
        pending = null;
        const key = corpus.slice(seg.start, Math.min(seg.end, seg.start + 64));
        const kind = idKindOfKey(key);
        if (kind) pending = { kind, seg: i, key };
        continue;
      }
      if (pending && i - pending.seg <= 4 && /Value$|^value$/.test(last)) {
        reportValue(corpus.slice(seg.start, seg.end), seg.start, pending.kind, sink, pending.key);
        pending = null;
        continue;
      }
      const unnamed = unnamedField(path);
      if (unnamed >= 0) {
        reportUnnamedField(corpus, segs, i, unnamed, sink);
        continue;
      }
      const info = keyInfo(last);
      if (info === null) {
        if (seg.end - seg.start > 128) continue;
        const ref = refKeyOf(last);
        if (ref === null) continue;
        const value = corpus.slice(seg.start, seg.end);
        if (ref === 'device') {
          const v = value.trim();
          if (v.length >= 8 && /\d/.test(v) && /[A-Za-z]/.test(v) && !COMPUTE_DEVICE.test(v))
            reportValue(value, seg.start, 'device_id', sink, 'device_id');
        } else if (ref === 'ref') {
          if (/\d/.test(value)) reportValue(value, seg.start, 'account_id', sink, 'id');
          else reportLogin(value, seg.start, sink);
        } else if (!inPersonObject(path) && !(personObjects ??= objectsWithPersonNames(segs)).has(parentOf(path))) {
          // the ids and names of anything else (tools, files, messages) are no one's
        } else if (ref === 'object_id') reportValue(value, seg.start, 'account_id', sink, 'id');
        else reportLogin(value, seg.start, sink);
        continue;
      }
      if (typeof info === 'string') reportValue(corpus.slice(seg.start, seg.end), seg.start, info, sink, last);
      else reportFinanceValue(corpus.slice(seg.start, seg.end), seg.start, info.kind, info.scheme, sink, last);
    }

    // values that text structure names (table columns, `key: value` lines, flags, SQL columns: structure.ts)
    const fields = textFields(chunk);
    for (let k = 0; k < fields.length; k++) {
      const f = fields[k]!;
      const info = keyInfo(f.name);
      if (info === null) {
        // the `id` of a person's record (its row or block also holds an e-mail, a phone, a login…): a person's id
        if (f.end - f.start <= 64 && refKeyOf(f.name) === 'object_id' && recordHas(corpus, fields, k, personEvidence))
          reportValue(corpus.slice(f.start, f.end), f.start, 'account_id', sink, 'id', true);
        continue;
      }
      const value = corpus.slice(f.start, f.end);
      if (typeof info !== 'string') reportFinanceValue(value, f.start, info.kind, info.scheme, sink);
      // the rest of a `key: value` line may be prose (`User: thanks`): one word that is no plain word
      else if (f.certain || (!/\s/.test(value.trim()) && !isPlainWord(value.trim().toLowerCase())))
        reportValue(value, f.start, info, sink, f.name, true);
    }

    // user_id=… in text, bank / SSN labels, Stripe-style ids
    let m: RegExpExecArray | null;
    const starts = accountWordStarts(corpus);
    const ids = new StartCursor(starts);
    const idGate = (p: number): boolean => textIdInitial(corpus, p);
    for (let from = 0; (m = ids.next(TEXT_ID_AT, corpus, from, idGate)) !== null;) {
      from = m.index + m[0].length;
      if (m.index > 0 && isWord(corpus.charCodeAt(m.index - 1))) continue;
      const kind = idKindOfKey(m[1]!);
      if (kind) reportValue(m[3]!.replace(/[.:-]+$/, ''), m.index + m[1]!.length + m[2]!.length, kind, sink, m[1]!);
    }
    const labels = new StartCursor(starts);
    const labelGate = (p: number): boolean => labelInitial(corpus, p);
    for (let from = 0; (m = labels.next(LABELS_AT, corpus, from, labelGate)) !== null;) {
      from = m.index + m[0].length;
      if (m.index > 0 && isWord(corpus.charCodeAt(m.index - 1))) continue;
      reportFinanceLabel(corpus, m[0], m.index + m[0].length, sink);
    }
    for (let p = nextStripePrefix(corpus, 0), from: number; p >= 0; p = nextStripePrefix(corpus, from)) {
      const prefixEnd = corpus.indexOf('_', p) + 1;
      from = prefixEnd;
      if (p > 0 && isWord(corpus.charCodeAt(p - 1))) continue;
      STRIPE_ID.lastIndex = prefixEnd;
      const id = STRIPE_ID.exec(corpus);
      if (id && randomIdPart(id[0].replace(/^(?:test|live)_/, ''))) {
        sink.add({ kind: 'account_id', surface: corpus.slice(p, prefixEnd) + id[0] });
        from = STRIPE_ID.lastIndex;
      }
    }
    scanCrmIds(corpus, sink);

    if (corpus.includes('Users') || corpus.includes('home') || corpus.includes('Documents and')) {
      HOME.lastIndex = 0;
      while ((m = HOME.exec(corpus)) !== null) {
        const sep = m[0][0] === '-' ? '-' : m[0].startsWith('__') ? '__' : '';
        let name = m[1]!;
        if (sep === '-') name = name.split('-')[0]!;
        else if (sep === '__') name = name.split('__')[0]!;
        name = name.replace(/[.]+$/, '');
        if (name.length === 0) continue;
        const start = m.index + m[0].length - m[1]!.length;
        reportUserName(chunk, name, start, start + name.length, true, sink);
        HOME.lastIndex = start + name.length;
      }
    }
    if (corpus.includes('~')) {
      for (let t = nextTilde(corpus, 0); t !== null; t = nextTilde(corpus, t.index + t[0].length))
        reportUserName(chunk, t[1]!, t.index + 1, t.index + 1 + t[1]!.length, true, sink);
    }

    for (let from = 0; (m = nextProfileAnchor(corpus, from)) !== null;) {
      from = m.index + m[0].length;
      const nameStart = m.index + m[0].length;
      const head = corpus.slice(Math.max(0, m.index - 24), nameStart);
      const host = PROFILE_HOSTS.find(([re]) => re.test(head));
      if (!host) continue;
      NAME_AT.lastIndex = nameStart;
      const n = NAME_AT.exec(corpus);
      if (!n) continue;
      const name = n[0];
      const after = nameStart + name.length;
      if (/^[\w-]/.test(corpus.slice(after, after + 1))) continue;
      const low = name.toLowerCase();
      if (PUBLIC_ORGS.has(low) || /^\d+$/.test(name)) continue;
      if (host[1] && corpus[after] === '/') {
        // `owner/owner` or `owner/owner.py`-style: a project named after its organisation
        const repo = /^\/([A-Za-z0-9_.-]{1,100})/.exec(corpus.slice(after, after + 101));
        const project = repo ? repo[1]!.toLowerCase().replace(/\.(?:git|py|js|jl|rs)$/, '') : '';
        // `marshmallow-code/marshmallow`, `pydata/xarray-data`: an organisation named after its project
        if (project.length >= 3 && (project === low || low.includes(project) || project.includes(low))) continue;
      }
      const hostStart = head.search(
        /[A-Za-z0-9.]+\.(?:com|org|net|io|me|to|app|social)\/(?:in\/|pub\/|u\/|user\/|profile\/|~|@)?$/,
      );
      const surface = corpus.slice(Math.max(0, m.index - 24) + Math.max(0, hostStart), after);
      const kind: Kind = 'handle';
      sink.add({ kind, surface: surface.replace(/^(?:www|mobile|old)\./i, ''), canonical: low, caseInsensitive: true });
    }
  },
};
