/**
 * E-mail addresses (also URL-encoded `jane%40acme.io`) and `@mentions`, in
 * one scan of the `@` signs of a chunk.
 *
 * E-mails: every address is replaced (kind `email`, case-insensitive),
 * including addresses at reserved test domains (`jane@example.com`): the
 * local part still names someone; the reserved domain itself stays. The
 * domain of a private organisation is also reported as a bare `domain`, so
 * the same stand-in replaces it in URLs, sub-domains and plain mentions.
 * Free-mail, public and reserved domains are never reported as bare domains.
 * Role mailboxes at public domains (`git@github.com`, `noreply@github.com`)
 * name nobody and stay.
 *
 * Mentions: `@name` in running text (not decorators, annotations, JSDoc
 * tags, CSS at-rules, npm scopes or `@latest`-style tags), kind `handle`.
 */
import type { Chunk, Detector, DetectContext, FindingSink } from '../../types';
import {
  ROLE_LOCALS,
  isPublicDomain,
  isReservedDomain,
  plausibleTld,
  realTld,
  registrableDomain,
  FREE_MAIL,
} from './lists';
import { isWord, lastKey, lineStartWithin, normKey } from './util';
import { scanSpelled } from './spelled';
import { internalHostDomain } from './hosts';
import { own } from '../../strings';
import { RunMemo } from '../../memo';

/**
 * A letter or mark past ASCII and before U+2000 (Latin, Greek, Cyrillic, Armenian, Hebrew, Arabic…): what an
 * internationalised address (RFC 6531, RFC 5890) may hold in its local part and domain labels. CJK text is left
 * out: it runs on without spaces, so the local part would have no left edge.
 */
const WIDE_LETTER = (() => {
  const t = new Uint8Array(0x2000);
  const re = /[\p{L}\p{M}]/u;
  for (let c = 0x80; c < 0x2000; c++) if (re.test(String.fromCharCode(c))) t[c] = 1;
  return t;
})();
const isWideLetter = (c: number): boolean => c >= 0x80 && c < 0x2000 && WIDE_LETTER[c] === 1;
const isLocalChar = (c: number): boolean =>
  isWord(c) || c === 46 || c === 43 || c === 45 || c === 37 || isWideLetter(c); // . + - %
const isDomainChar = (c: number): boolean =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 45 || c === 46 || isWideLetter(c);
const isLetterCode = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || isWideLetter(c);
const isHandleChar = (c: number): boolean => isWord(c) || c === 45 || c === 46;

const LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}\p{M}-]{0,61}[\p{L}\p{N}\p{M}])?$/u;

/** Names after `@` that are code, not people (decorators, annotations, doc tags, at-rules, tags). */
const NOT_MENTION = new Set(
  `here channel everyone all param params arg args argument returns return type typedef property prop override
  overload deprecated author since see link throws throw exception example examples description desc template
  private public protected readonly abstract static async interface implements extends class function func
  module namespace callback const enum member memberof name default todo fixme note ts ts-ignore ts-expect-error
  ts-nocheck jsx jsxImportSource media import keyframes font-face supports tailwind apply layer charset page
  container dataclass dataclasses staticmethod classmethod abstractmethod cached_property lru_cache cache wraps
  contextmanager pytest fixture mark patch app router route get post put delete options head component injectable
  input output ngmodule directive pipe hostlistener hostbinding viewchild viewchildren test tests before after
  beforeeach aftereach beforeall afterall autowired bean service controller restcontroller repository entity
  table column id transactional value configuration suppresswarnings functionalinterface nullable nonnull notnull
  jsonproperty data builder getter setter slf4j types babel vue latest next beta alpha canary rc stable lts
  version v main master dev head none null undefined true false self this super file line types-node use
  ref tag see inheritdoc internal experimental alias lends borrows event fires listens emits mixin mixes
  global package requires summary remarks typeparam exports export license copyright file fileoverview
  jest vitest mock property_setter setter_property validator field_validator model_validator root_validator
  computed_field dataclass_transform final total_ordering singledispatch functools staticmethods step given when
  then and or not in is as at on by to from with for of a an the i you we they he she it me us them`
    .split(/\s+/)
    .filter((w) => w.length > 0)
    .map((w) => w.toLowerCase()),
);

/** Whether `domain` is a host name with a plausible top-level domain. */
export function acceptDomainPlain(domain: string): boolean {
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  for (const l of labels) if (!LABEL.test(l)) return false;
  const tld = labels[labels.length - 1]!;
  return plausibleTld(tld) || realTld(tld);
}

const acceptedDomains = new RunMemo<boolean>(10_000);

/** acceptDomainPlain, memoised: a trace repeats its few mail domains. */
export function acceptDomain(domain: string): boolean {
  let v = acceptedDomains.get(domain);
  if (v === undefined) v = acceptedDomains.set(domain, acceptDomainPlain(domain));
  return v;
}

/** Whether the local part follows `scheme://user:` (credentials in a URL, not an e-mail). */
function inUrlUserinfo(corpus: string, localStart: number): boolean {
  if (corpus.charCodeAt(localStart - 1) !== 58) return false; // ':'
  const back = corpus.slice(Math.max(0, localStart - 200), localStart);
  const scheme = back.lastIndexOf('://');
  return scheme >= 0 && !/[\s"'<>]/.test(back.slice(scheme + 3));
}

/** What an address yields: its e-mail canonical form and the private domain to report, or null for neither. */
export interface EmailVerdict {
  readonly canonical: string;
  readonly domain: string | null;
}

/** The verdict on the address `local` + `at` + `domain` (`at` is `@` or `%40`), or null when it names nobody. */
export function emailVerdictPlain(local: string, at: string, domain: string): EmailVerdict | null {
  const surface = local + at + domain;
  const lowDomain = domain.toLowerCase();
  const isPublic = isPublicDomain(lowDomain);
  const lowLocal = local.toLowerCase();
  if (isPublic && ROLE_LOCALS.has(lowLocal) && lowDomain !== 'users.noreply.github.com') return null;
  if (isPublic && !FREE_MAIL.has(lowDomain) && /^(?:no-?reply|notifications?|mailer-daemon)$/.test(lowLocal))
    return null;
  const canonical = surface.toLowerCase().replace(/%40/, '@');
  // an organisation's host under an internal suffix (`brightwave.internal`), not a service's (`db.internal`)
  let reg: string | null = internalHostDomain(domain);
  if (reg === null && !isPublic && !isReservedDomain(lowDomain)) {
    reg = registrableDomain(domain);
    if (!(reg.indexOf('.') > 1)) reg = null;
  }
  return { canonical, domain: reg };
}

const verdicts = new RunMemo<EmailVerdict | null>(10_000);

/** emailVerdictPlain, memoised: a trace repeats its addresses. */
export function emailVerdict(local: string, at: string, domain: string): EmailVerdict | null {
  // `local` holds no `@` and `domain` no `%`: the key splits one way only
  const k = local + (at === '@' ? '@' : '%') + domain;
  let v = verdicts.get(k);
  if (v === undefined) {
    v = emailVerdictPlain(local, at, domain);
    if (v !== null) v = { canonical: own(v.canonical), domain: v.domain === null ? null : own(v.domain) };
    verdicts.set(k, v);
  }
  return v;
}

function reportEmail(
  corpus: string,
  start: number,
  end: number,
  atLen: number,
  atPos: number,
  sink: FindingSink,
): void {
  const v = emailVerdict(
    corpus.slice(start, atPos),
    corpus.slice(atPos, atPos + atLen),
    corpus.slice(atPos + atLen, end),
  );
  if (v === null) return;
  sink.add({ kind: 'email', surface: corpus.slice(start, end), canonical: v.canonical, caseInsensitive: true });
  if (v.domain !== null)
    sink.add({ kind: 'domain', surface: v.domain, canonical: v.domain.toLowerCase(), caseInsensitive: true });
}

/**
 * Headers and fields whose values are e-mail-shaped ids that link messages and events together, not addresses:
 * `Message-ID`, `In-Reply-To`, `References` (RFC 5322 3.6.4), `Content-ID` (RFC 2392), `Resent-Message-ID`, the
 * calendar `UID` (RFC 5545 3.8.4.7) and `RECURRENCE-ID`, and the same as JSON keys (`message_id`, `iCalUID` of
 * the Google Calendar API, `internetMessageId` of Microsoft Graph, `thread_id`), also after other words
 * (`client_msg_id` of Slack, `x_gm_thread_id`) — but a person's `user_uid`. Normalised (normKey).
 */
const LINK_FIELDS =
  /^(?!user_|owner_|member_|customer_)(?:[a-z0-9]+_){0,3}(?:message_?id|msg_?id|in_reply_to|references|content_id|i_?cal_?uid|uid|recurrence_id|thread_?id|conversation_?id|event_?uid)$/;

const linkFields = new RunMemo<boolean>(10_000);

/** Whether a header or key name names a linking id (LINK_FIELDS). */
function isLinkField(name: string): boolean {
  let v = linkFields.get(name);
  if (v === undefined) v = linkFields.set(name, LINK_FIELDS.test(normKey(name)));
  return v;
}

/** `Message-ID: <`, `"message_id": "`, `UID:`, `In-Reply-To=`: a field's name right before a value. */
const NAME_BEFORE = /([A-Za-z][\w.-]{1,40})["']?\s*[:=]\s*["']?<?$/;
/** How far back a header's line start is looked for. */
const HEADER_REACH = 1000;
/** A header line's name (iCalendar parameters after `;` allowed: `UID;X-PARAM=1:`). */
const HEADER_NAME = /^([A-Za-z][\w.-]{1,40})(?:;[^:\n]{0,200})?\s*:/;

/**
 * Whether the address at `start` is a linking id: the value of a LINK_FIELDS header (also on a folded
 * continuation line, or after other ids of a `References` list), a LINK_FIELDS key right before it, a JSON
 * field under such a key, or the `value` of a `{"name": "Message-ID", "value": …}` pair (Gmail API headers).
 */
function isLinkingId(chunk: Chunk, ctx: DetectContext, start: number): boolean {
  const corpus = chunk.corpus;
  const seg = ctx.segmentAt(chunk, start);
  if (seg.path.length > 0) {
    const key = lastKey(seg.path);
    if (isLinkField(key)) return true;
    // the sibling `name` a few segments back (its key, its value, this value's key)
    if (/^value$/i.test(key)) {
      for (let k = seg.index - 1; k >= 0 && k >= seg.index - 3; k--) {
        const prev = chunk.segments[k]!;
        if (!prev.isKey && /^name$/i.test(lastKey(prev.path)))
          return isLinkField(corpus.slice(prev.start, Math.min(prev.end, prev.start + 48)));
      }
    }
  }
  const before = NAME_BEFORE.exec(corpus.slice(Math.max(seg.start, start - 48), start));
  if (before !== null && isLinkField(before[1]!)) return true;
  // the header of the line, or of the header a folded line continues (RFC 5322 2.2.3: it starts with white space)
  let end = start;
  for (let lines = 0; lines < 16 && end > seg.start; lines++) {
    const ls = lineStartWithin(corpus, end, HEADER_REACH, seg.start);
    // a line longer than that is no header block
    if (ls > seg.start && corpus.charCodeAt(ls - 1) !== 10) return false;
    const c = corpus.charCodeAt(ls);
    if (c !== 32 && c !== 9) {
      const h = HEADER_NAME.exec(corpus.slice(ls, Math.min(start, ls + 256)));
      return h !== null && isLinkField(h[1]!);
    }
    end = ls - 1;
  }
  return false;
}

/** Scans one `@` (or `%40`) at `at`; returns where scanning may resume. */
function scanAt(
  chunk: Chunk,
  ctx: DetectContext,
  corpus: string,
  at: number,
  atLen: number,
  sink: FindingSink,
): number {
  let s = at;
  while (s > 0 && at - s < 64) {
    const c = corpus.charCodeAt(s - 1);
    if (isLocalChar(c)) s--;
    // `o'brien@…`: an apostrophe between letters belongs to the local part (RFC 5322 atext)
    else if (c === 39 && s < at && s >= 2 && isLetterCode(corpus.charCodeAt(s - 2))) s--;
    else break;
  }
  while (s < at && (corpus.charCodeAt(s) === 46 || corpus.charCodeAt(s) === 45 || corpus.charCodeAt(s) === 39)) s++;
  let e = at + atLen;
  while (e < corpus.length && e - at < 254 && isDomainChar(corpus.charCodeAt(e))) e++;
  while (e > at + atLen && (corpus.charCodeAt(e - 1) === 46 || corpus.charCodeAt(e - 1) === 45)) e--;
  if (s === at || e === at + atLen) return at + atLen;
  const local = corpus.slice(s, at);
  if (local.includes('..') || local.endsWith('.')) return at + atLen;
  if (atLen === 1 && local.includes('%') && !/^(?:[^%]|%[0-9A-Fa-f]{2})+$/.test(local)) return at + atLen;
  if (inUrlUserinfo(corpus, s)) return e;
  if (!acceptDomain(corpus.slice(at + atLen, e))) return at + atLen;
  if (atLen === 1 && isLinkingId(chunk, ctx, s)) return e;
  reportEmail(corpus, s, e, atLen, at, sink);
  return e;
}

/** ` on Slack`, ` on X`: what follows a handle of a named network. */
const ON_NETWORK =
  /^ (?:on|at|in|via) (?:Slack|Discord|Telegram|Twitter|X|Mastodon|Bluesky|Instagram|GitHub|GitLab|Teams|Threads|TikTok|Reddit|Keybase|Matrix|Signal)\b/;

function scanMention(corpus: string, at: number, sink: FindingSink): void {
  const before = at > 0 ? corpus.charCodeAt(at - 1) : 10;
  // a mention starts after a space, an opening bracket or quote, or at the start of a line
  if (!(
    before === 32 ||
    before === 10 ||
    before === 9 ||
    before === 40 ||
    before === 91 ||
    before === 34 ||
    before === 39 ||
    before === 62 ||
    before === 44 ||
    before === 0
  ))
    return;
  let e = at + 1;
  while (e < corpus.length && e - at <= 40 && isHandleChar(corpus.charCodeAt(e))) e++;
  while (e > at + 1 && (corpus.charCodeAt(e - 1) === 46 || corpus.charCodeAt(e - 1) === 45)) e--;
  const name = corpus.slice(at + 1, e);
  if (name.length < 2 || name.length > 39 || !/[A-Za-z]/.test(name) || !/^[A-Za-z0-9_]/.test(name)) return;
  const next = e < corpus.length ? corpus.charCodeAt(e) : 10;
  if (next === 47 || next === 40 || next === 64 || next === 123 || next === 60 || next === 61) return; // / ( @ { < =
  if (next === 46 && isWord(corpus.charCodeAt(e + 1))) return; // @app.route
  if (NOT_MENTION.has(name.toLowerCase())) return;
  // a dotted name (`@user2857.wang`) is a handle only where the text names the network it belongs to
  if (/^\d/.test(name) || (name.includes('.') && !ON_NETWORK.test(corpus.slice(e, e + 24)))) return;
  // a decorator or annotation stands alone at the start of a line of code
  let ls = at - 1;
  while (ls >= 0 && (corpus.charCodeAt(ls) === 32 || corpus.charCodeAt(ls) === 9)) ls--;
  const atLineStart = ls < 0 || corpus.charCodeAt(ls) === 10;
  if (atLineStart && (next === 10 || next === 13 || e >= corpus.length)) return;
  if (
    atLineStart &&
    /^[A-Z]/.test(name) &&
    next === 32 &&
    /^ (?:public|private|protected|class|def|fun|void|static|final|async)\b/.test(corpus.slice(e, e + 12))
  )
    return;
  sink.add({ kind: 'handle', surface: '@' + name, canonical: name.toLowerCase(), caseInsensitive: true });
}

export const emailDetector: Detector = {
  name: 'accounts.email',
  detect(chunk: Chunk, sink: FindingSink, ctx: DetectContext): void {
    const corpus = chunk.corpus;
    let i = corpus.indexOf('@');
    while (i >= 0) {
      const prev = i > 0 ? corpus.charCodeAt(i - 1) : 0;
      let resume = i + 1;
      if (isLocalChar(prev)) resume = scanAt(chunk, ctx, corpus, i, 1, sink);
      else scanMention(corpus, i, sink);
      i = corpus.indexOf('@', Math.max(resume, i + 1));
    }
    let j = corpus.indexOf('%40');
    while (j >= 0) {
      const resume = isLocalChar(corpus.charCodeAt(j - 1)) ? scanAt(chunk, ctx, corpus, j, 3, sink) : j + 3;
      j = corpus.indexOf('%40', Math.max(resume, j + 3));
    }
    scanSpelled(corpus, (surface, canonical, local, domain) => {
      const v = emailVerdict(local, '@', domain);
      if (v === null) return;
      sink.add({ kind: 'email', surface, canonical, caseInsensitive: true });
      if (v.domain !== null)
        sink.add({ kind: 'domain', surface: v.domain, canonical: v.domain.toLowerCase(), caseInsensitive: true });
    });
  },
};
