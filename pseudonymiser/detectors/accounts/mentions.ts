/**
 * Accounts named by the words around them rather than by a JSON key:
 *
 * - ids whose prefix says whose they are: `CUST-508107`, `USR-4410`;
 * - ids after a noun that says whose they are: `account CUST-029090`,
 *   `customer #48213`, `user id: u_88213`, `our account number is 00123456789`
 *   (account ids), `device 8F3A2C1B9E` (device ids); digits alone after
 *   `account` (`account 840414586929`) are a bank account number;
 * - ids in the path of an API URL after a collection that names people:
 *   `/v2/customers/CUST-885865`, `/users/8812/orders`;
 * - the user of a shell prompt: `schoi@build-01:~/src$`;
 * - the owner prefix of a git branch: `git push origin kvogelsang/hotfix`;
 * - a JSON value that is a domain name and nothing else (`"tags": ["acme-robotics.de"]`).
 *
 * An id must hold a digit (`account settings`, `/users/me` name nobody).
 * User names are then linked to the person they name by resolution, like
 * any other user name.
 */
import type { Chunk, Detector, DetectContext, FindingSink, Kind } from '../../types';
import { lastKey } from '../people/keys';
import { isPlainWord } from '../people/score';
import { SYSTEM_USERS } from './lists';
import { reportHost } from './hosts';
import { StartCursor } from '../starts';
import { accountWordStarts } from './words';

/** `account CUST-029090`, `customer id: 4821`, `acct #0042-99`. */
export const PROSE_ID =
  /\b(account|acct|customer|client|member|subscriber|user|device)(?:[ _-]?(?:id|no\.?|number|num|#))?(?:\s*[:#=]\s*|\s+(?:is\s+|was\s+)?#?)([A-Za-z0-9][A-Za-z0-9_-]{3,39})(?![A-Za-z0-9_@]|[.-][A-Za-z0-9])/dgi;

/**
 * Ids whose own prefix says whose they are: `CUST-508107`, `acct_00912`, `USR-4410`, `MBR/20931`, and with a
 * year group `CUST-2021-20150` (the year's separator the same). The prefix is checked by personPrefix.
 */
const PREFIXED_ID = /(?<![A-Za-z0-9_-])[A-Za-z]{3,12}([-_/])(?:(?:19|20)\d\d\1)?\d{4,12}(?![A-Za-z0-9_-]|\/\d)/gi;

/** `/customers/CUST-885865`, `/users/8812/…`. */
const URL_ID =
  /\/(?:customers|users|accounts|members|clients|subscribers|profiles|patients|employees)\/([A-Za-z0-9][A-Za-z0-9_-]{2,63})(?=[/?#\s"'<>)\]]|$)/dg;

/** `schoi@build-01:~/src$`, `jane@mbp:/srv#` at the start of a line. */
const PROMPT = /(?:^|\n)([a-z_][a-z0-9_.-]{1,31})@[A-Za-z0-9][A-Za-z0-9.-]{0,62}:[~/]/dg;

/** `origin kvogelsang/hotfix`, `refs/heads/jdoe/fix`, `checkout -b jdoe/x`. */
export const BRANCH_OWNER =
  /(?:\b(?:origin|upstream)\s+|refs\/heads\/|\bcheckout\s+(?:-b\s+)?|\bswitch\s+(?:-c\s+)?)([a-z][a-z0-9._-]{1,30})\/[A-Za-z0-9._-]/dg;

const BRANCH_OWNER_AT = new RegExp(BRANCH_OWNER.source, 'dy');
/** `[a-z0-9._-]`: the characters of a branch owner's name. */
const isOwnerCode = (c: number): boolean =>
  (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95 || c === 46 || c === 45;
/** What `\s` matches. */
const SPACE = /\s/;
const isSpaceAt = (s: string, p: number): boolean => p >= 0 && p < s.length && SPACE.test(s[p]!);
const BRANCH_VERBS = ['origin', 'upstream', 'checkout', 'switch'];

/**
 * Where a match of BRANCH_OWNER may start, ascending. Each match is a
 * lead-in, a name of `[a-z0-9._-]` and a `/`: the name is the whole run of
 * those characters before its `/`, and before the name comes `refs/heads/`
 * or white space after a verb (or after `-b`/`-c` after a verb). So each
 * match is found from its `/` (indexOf, far faster than the pattern scans
 * the text) by reading back; the pattern confirms each start.
 */
export function branchOwnerStarts(s: string): number[] {
  const starts: number[] = [];
  for (let q = s.indexOf('/'); q >= 0; q = s.indexOf('/', q + 1)) {
    let ns = q;
    while (ns > 0 && q - ns <= 31 && isOwnerCode(s.charCodeAt(ns - 1))) ns--;
    if (q - ns < 2 || q - ns > 31) continue;
    if (s.charCodeAt(ns - 1) === 47) {
      if (ns >= 11 && s.startsWith('refs/heads/', ns - 11)) starts.push(ns - 11);
      continue;
    }
    for (let ws = ns; isSpaceAt(s, ws - 1);) {
      while (isSpaceAt(s, ws - 1)) ws--;
      for (const verb of BRANCH_VERBS)
        if (ws >= verb.length && s.startsWith(verb, ws - verb.length)) starts.push(ws - verb.length);
      // `checkout -b name/…`, `switch -c name/…`: the verb before the flag
      if (ws >= 2 && s.charCodeAt(ws - 2) === 45 && (s[ws - 1] === 'b' || s[ws - 1] === 'c')) ws -= 2;
      else break;
    }
  }
  return starts.sort((a, b) => a - b);
}

/** Branch prefixes that name a kind of work, not a person. */
const BRANCH_WORDS = new Set(
  `feature features feat fix fixes bugfix hotfix release releases chore docs doc refactor test tests ci build perf
  style dependabot renovate main master dev develop development wip exp experiment experimental spike users user
  team teams hotfixes patch patches topic topics tmp temp backport support maint maintenance stable next beta alpha
  canary nightly staging prod production gh-pages snyk greenkeeper copilot codex claude cursor`
    .split(/\s+/)
    .filter((w) => w.length > 0),
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Dates are no ids: `2024-05-01`, `2024-05`, `05-01-2024`. */
const DATE = /^(?:\d{4}-\d{1,2}(?:-\d{1,2})?|\d{1,2}-\d{1,2}-\d{2,4})$/;

/** Where a capture group of a match (made with the `d` flag) starts. */
const groupStart = (m: RegExpExecArray, group = 1): number => m.indices![group]![0];

function reportId(sink: FindingSink, kind: Kind, value: string, start: number): void {
  sink.add({ kind, surface: value, at: { start, end: start + value.length } });
  if (value.length >= 6) sink.add({ kind, surface: value });
}

const PROSE_ID_AT = new RegExp(PROSE_ID.source, 'dyi');
const isWordCode = (c: number): boolean =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
/** Whether PROSE_ID may start at `p`: `\b`, then a noun beginning with a, c, d, m, s or u (either case). */
export function proseIdInitial(s: string, p: number): boolean {
  if (p > 0 && isWordCode(s.charCodeAt(p - 1))) return false;
  const c = s.charCodeAt(p) | 32;
  return c === 97 || c === 99 || c === 100 || c === 109 || c === 115 || c === 117;
}

function scanProse(text: string, sink: FindingSink): void {
  const nouns = new StartCursor(accountWordStarts(text));
  const gate = (p: number): boolean => proseIdInitial(text, p);
  let from = 0;
  for (let m = nouns.next(PROSE_ID_AT, text, from, gate); m !== null; m = nouns.next(PROSE_ID_AT, text, from, gate)) {
    from = m.index + m[0].length;
    const noun = m[1]!.toLowerCase();
    const value = m[2]!;
    if (!/\d/.test(value) || UUID.test(value) || DATE.test(value)) continue;
    const digits = /^\d+$/.test(value);
    // a year, a count or a small number is no id
    if (digits && value.length < 5) continue;
    const kind: Kind =
      noun === 'device'
        ? 'device_id'
        : digits && (noun === 'account' || noun === 'acct') && value.length <= 17
          ? 'bank_account'
          : 'account_id';
    reportId(sink, kind, value, groupStart(m, 2));
  }
}

/**
 * Nouns of the records that are people or their accounts. A prefix names one when it is the noun (singular),
 * or an abbreviation of it: three to five of its letters in order, the first of them its first (`cust`, `cst`,
 * `acct`, `mbr`, `usr`, `emp`, `pat`, `clt`, `subs`, `gst`, `stu`), or its initial and `id` (`cid`, `uid`).
 */
const PERSON_NOUNS = [
  'customer',
  'account',
  'user',
  'member',
  'client',
  'patient',
  'employee',
  'subscriber',
  'student',
  'guest',
  'passenger',
  'contact',
  'person',
  'applicant',
  'tenant',
  'holder',
  'buyer',
  'donor',
  'visitor',
  'player',
  'staff',
];
/** Abbreviations that also are common words or names of other things (`app`, `api`, `sec`, `cat`, `pen`…). */
const NOT_PERSON_PREFIX = new Set(
  'app apps api apis sec cat can cot con cons cont pen per pet act acts bug but set sun sum sue use one pay pid ctr pnt std pst pts'.split(
    ' ',
  ),
);

/** Whether `a` is `b`'s letters in order, from b's first letter. */
function abbreviates(a: string, b: string): boolean {
  if (a[0] !== b[0]) return false;
  let j = 1;
  for (let i = 1; i < a.length; i++) {
    while (j < b.length && b[j] !== a[i]) j++;
    if (j >= b.length) return false;
    j++;
  }
  return true;
}

const prefixMemo = new Map<string, boolean>();

/** Whether a prefix (lower case) names a person record: see PERSON_NOUNS. */
export function personPrefix(prefix: string): boolean {
  let v = prefixMemo.get(prefix);
  if (v !== undefined) return v;
  v =
    !NOT_PERSON_PREFIX.has(prefix) &&
    PERSON_NOUNS.some(
      (n) =>
        prefix === n ||
        (prefix.length >= 3 && prefix.length <= 5 && abbreviates(prefix, n)) ||
        (prefix.length === 3 && prefix.endsWith('id') && prefix[0] === n[0]),
    );
  if (prefixMemo.size < 10000) prefixMemo.set(prefix, v);
  return v;
}
const isDigitCode = (c: number): boolean => c >= 48 && c <= 57;
const isAsciiLetterCode = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
/** `[A-Za-z0-9_-]`: what may not touch a prefixed id. */
const isIdCode = (c: number): boolean => isAsciiLetterCode(c) || isDigitCode(c) || c === 95 || c === 45;

/**
 * The prefixed id whose `-` or `_` is at `sep`, or null. A match of
 * PREFIXED_ID is a whole run of `[A-Za-z0-9_-]` (its lookarounds bound it
 * on both sides) made of a word, one separator and 4 to 12 digits: so it
 * is found from its separator, which `indexOf` finds far faster than the
 * pattern scans the text. The pattern confirms each candidate.
 */
function prefixedAt(text: string, sep: number): RegExpExecArray | null {
  if (!isDigitCode(text.charCodeAt(sep + 1))) return null;
  let s = sep;
  while (s > 0 && sep - s < 11 && isAsciiLetterCode(text.charCodeAt(s - 1))) s--;
  if (sep - s < 3 || (s > 0 && isIdCode(text.charCodeAt(s - 1)))) return null;
  const prefix = text.slice(s, sep).toLowerCase();
  if (!personPrefix(prefix)) return null;
  PREFIXED_ID_AT.lastIndex = s;
  const m = PREFIXED_ID_AT.exec(text);
  // after an abbreviation, five digits at least: an issue key numbers fewer (`PAT-1234`, `SUB-2024` in Jira)
  if (m !== null && !PERSON_NOUNS.includes(prefix) && !/\d{5}$/.test(m[0])) return null;
  return m;
}
const PREFIXED_ID_AT = new RegExp(PREFIXED_ID.source, 'yi');

function scanPrefixed(text: string, sink: FindingSink): void {
  // the separators in text order: the next `-`, `_` and `/`
  let dash = text.indexOf('-');
  let under = text.indexOf('_');
  let slash = text.indexOf('/');
  while (dash >= 0 || under >= 0 || slash >= 0) {
    let sep = Infinity;
    if (dash >= 0) sep = dash;
    if (under >= 0 && under < sep) sep = under;
    if (slash >= 0 && slash < sep) sep = slash;
    if (sep === dash) dash = text.indexOf('-', dash + 1);
    else if (sep === under) under = text.indexOf('_', under + 1);
    else slash = text.indexOf('/', slash + 1);
    const m = prefixedAt(text, sep);
    if (m) reportId(sink, 'account_id', m[0], m.index);
  }
}

const URL_ID_AT = new RegExp(URL_ID.source, 'dy');
/** First letters of URL_ID's collection names, in its order (`customers`, `users`, … `employees`). */
const URL_ID_SECOND = new Set([...'cuamcsppe'].map((ch) => ch.charCodeAt(0)));

/**
 * The next match of URL_ID at or after `from`: every match starts at a `/`,
 * which `indexOf` finds far faster than the pattern scans the text; the
 * pattern confirms each `/` followed by a collection name's first letter.
 */
function nextUrlId(text: string, from: number): RegExpExecArray | null {
  for (let i = text.indexOf('/', from); i >= 0; i = text.indexOf('/', i + 1)) {
    if (!URL_ID_SECOND.has(text.charCodeAt(i + 1))) continue;
    URL_ID_AT.lastIndex = i;
    const m = URL_ID_AT.exec(text);
    if (m) return m;
  }
  return null;
}

function scanUrls(text: string, sink: FindingSink): void {
  let from = 0;
  for (let m = nextUrlId(text, from); m !== null; m = nextUrlId(text, from)) {
    from = m.index + m[0].length;
    const value = m[1]!;
    if (!/\d/.test(value) || UUID.test(value)) continue;
    reportId(sink, 'account_id', value, groupStart(m));
  }
}

const PROMPT_AT = new RegExp(PROMPT.source, 'dy');
/** `[a-z0-9_.-]`: the characters of a prompt's user name. */
const isPromptUserCode = (c: number): boolean =>
  (c >= 97 && c <= 122) || isDigitCode(c) || c === 95 || c === 46 || c === 45;

/**
 * The next match of PROMPT at or after `from`. A prompt's user name runs
 * from a line start to an `@`, so each match is found from its `@` (rare)
 * and confirmed by the pattern where the line starts.
 */
function nextPrompt(text: string, from: number): RegExpExecArray | null {
  for (let at = text.indexOf('@', from); at >= 0; at = text.indexOf('@', at + 1)) {
    let s = at;
    while (s > 0 && at - s <= 32 && isPromptUserCode(text.charCodeAt(s - 1))) s--;
    if (at - s > 32) continue;
    const start = s === 0 ? 0 : text.charCodeAt(s - 1) === 10 ? s - 1 : -1;
    if (start < from) continue;
    PROMPT_AT.lastIndex = start;
    const m = PROMPT_AT.exec(text);
    if (m) return m;
  }
  return null;
}

function scanLogins(text: string, sink: FindingSink): void {
  const report = (next: () => RegExpExecArray | null, skip: (name: string) => boolean): void => {
    for (let m = next(); m !== null; m = next()) {
      const name = m[1]!;
      if (name.length < 2 || SYSTEM_USERS.has(name) || isPlainWord(name) || skip(name)) continue;
      const start = groupStart(m);
      sink.add({ kind: 'username', surface: name, at: { start, end: start + name.length } });
      sink.add({ kind: 'username', surface: name });
    }
  };
  if (text.includes('@')) {
    let from = 0;
    report(
      () => {
        const m = nextPrompt(text, from);
        if (m) from = m.index + m[0].length;
        return m;
      },
      () => false,
    );
  }
  if (text.includes('/')) {
    const owners = new StartCursor(branchOwnerStarts(text));
    let from = 0;
    report(
      () => {
        const m = owners.next(BRANCH_OWNER_AT, text, from);
        if (m) from = m.index + m[0].length;
        return m;
      },
      (name) => BRANCH_WORDS.has(name),
    );
  }
}

/** A whole value that is a host name: labels of letters, digits and inner hyphens. */
export const HOST_VALUE = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,24}$/;

/** Fields whose values are names of things in a schema (`{"key": "service.name"}`), not hosts. */
const SCHEMA_FIELDS = new Set(['key', 'name', 'type', 'kind', 'event', 'attribute', 'field', 'metric', 'method', 'op']);

/**
 * Whether `text` from `start` to `end` ends with a `.` and 2 to 24 ASCII
 * letters, as every HOST_VALUE does: read back from the end, it settles most
 * values without a copy or the pattern.
 */
export function endsWithTld(text: string, start: number, end: number): boolean {
  let k = end;
  while (k > start && end - k <= 24 && isAsciiLetterCode(text.charCodeAt(k - 1))) k--;
  const n = end - k;
  return n >= 2 && n <= 24 && k > start && text.charCodeAt(k - 1) === 46;
}

function scanDomainValues(chunk: Chunk, sink: FindingSink): void {
  const text = chunk.corpus;
  for (const seg of chunk.segments) {
    if (seg.isKey || seg.path.length === 0 || seg.end - seg.start > 253 || seg.end - seg.start < 4) continue;
    // HOST_VALUE's first character is a letter or digit and its last a letter: most values are settled here
    if (!isAsciiLetterCode(text.charCodeAt(seg.end - 1))) continue;
    const c0 = text.charCodeAt(seg.start);
    if (!isAsciiLetterCode(c0) && !isDigitCode(c0)) continue;
    if (!endsWithTld(text, seg.start, seg.end)) continue;
    if (SCHEMA_FIELDS.has(lastKey(seg.path).toLowerCase())) continue;
    const value = text.slice(seg.start, seg.end);
    if (HOST_VALUE.test(value)) reportHost(value, sink);
  }
}

export const mentionsDetector: Detector = {
  name: 'accounts.mentions',
  detect(chunk: Chunk, sink: FindingSink, _ctx: DetectContext): void {
    const text = chunk.corpus;
    scanProse(text, sink);
    if (text.includes('-') || text.includes('_') || text.includes('/')) scanPrefixed(text, sink);
    if (text.includes('/')) scanUrls(text, sink);
    scanLogins(text, sink);
    scanDomainValues(chunk, sink);
  },
};
