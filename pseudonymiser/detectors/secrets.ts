/**
 * Secrets: provider token formats, private key blocks, JWTs, credentials in
 * URLs and connection strings, `Authorization` / `Cookie` headers, and
 * `KEY=value` / `KEY: value` assignments and `--api-key value` options whose name says secret.
 *
 * Cost per chunk: one sweep (secrets/sweep.ts) that finds the candidate
 * tokens (secrets/scan.ts), the list of secret-word positions that the
 * headers, assignments and prose scans start from (secrets/words.ts) and
 * the positions of `-----BEGIN ` and `://` that the key blocks and URLs
 * start from (and the account words' starts, for the account detectors); all only then run short
 * sticky patterns, each bounded, from the hit. Every
 * scan moves forward past what it has read, so the work stays linear in
 * the text even on adversarial input.
 */
import type { Chunk, Detector, DetectContext, FindingSink, Kind, Segment } from '../types';
import { kindOfKey } from './context';
import { classifyToken, type TokenMatch } from './secrets/scan';
import { sweepSecrets, type SweepMarks } from './secrets/sweep';
import { isJsonSegment } from './secrets/rules';
import { cookieValues } from './secrets/http';
import {
  explicitSecretName,
  looksSecret,
  looksMachineMade,
  namedRuleFor,
  globalWorthy,
  PLACEHOLDER,
} from './secrets/values';
import { shannonEntropy } from './entropy';
import { detectProseCredentials } from './secrets/prose';
import { reportBasic } from './secrets/basic';
import { StartCursor } from './starts';
import { noteAccountWords } from './accounts/words';

export { classifyToken } from './secrets/scan';
export { TOKEN_RULES, NAMED_RULES, providers } from './secrets/rules';

/**
 * Steps taken by the structural scans (hits of their literal searches and
 * candidates read), for tests that check the work grows linearly. Never read
 * by the product.
 */
export const secretScanWork = { steps: 0 };

/** JSON keys whose values are opaque blobs that must stay byte-identical. */
const KEEP_KEYS = new Set(['signature', 'encrypted_content', 'encryptedContent', 'redacted_thinking']);

function keptPath(seg: Segment): boolean {
  const p = seg.path;
  const last = p[p.length - 1];
  if (last === undefined) return false;
  if (KEEP_KEYS.has(last)) return true;
  // base64 image / document sources and redacted thinking blocks
  return last === 'data' && (p[p.length - 2] === 'source' || p.includes('redacted_thinking'));
}

class Emitter {
  constructor(
    private readonly chunk: Chunk,
    private readonly sink: FindingSink,
    private readonly ctx: DetectContext,
  ) {}

  private kept(offset: number): boolean {
    if (this.chunk.segments.length === 0) return false;
    return keptPath(this.ctx.segmentAt(this.chunk, offset));
  }

  /** Reports corpus[start, end) as a Basic credential when it is one (secrets/basic.ts). */
  basic(start: number, end: number): boolean {
    if (end <= start || this.kept(start)) return false;
    return reportBasic(this.sink, this.chunk.corpus.slice(start, end), start);
  }

  /** Reports corpus[start, end) as `kind`; globally when specific enough, else only in place. */
  emit(kind: Kind, start: number, end: number, global = true): void {
    if (end <= start || this.kept(start)) return;
    const surface = this.chunk.corpus.slice(start, end);
    if (global && globalWorthy(surface)) this.sink.add({ kind, surface });
    else this.sink.add({ kind, surface, at: { start, end } });
  }
}

// ---------------------------------------------------------------- the sweep

/** The first of the ascending `positions` at or after `from`, or -1. */
function firstFrom(positions: readonly number[], from: number): number {
  let lo = 0;
  let hi = positions.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (positions[mid]! < from) lo = mid + 1;
    else hi = mid;
  }
  return lo < positions.length ? positions[lo]! : -1;
}

// ---------------------------------------------------------------- private key blocks

const PEM_HEAD = /-----BEGIN ((?:[A-Z0-9]{1,12} ){0,4})PRIVATE KEY( BLOCK)?-----/y;
const PEM_FOOT = /-----END ((?:[A-Z0-9]{1,12} ){0,4})PRIVATE KEY( BLOCK)?-{3,5}/y;
const MAX_BLOCK = 1 << 17;
const LINE_BREAK = /\r?\n|\r|\\r\\n|\\n|\\r/;
const ARMOR_HEADER = /^[A-Za-z][A-Za-z0-9-]{0,30}: ?.*$/;
const BASE64_LINE = /^[A-Za-z0-9+/=]+$/;

/** A key body: base64 lines (and armor headers), at least 48 base64 characters, not a placeholder. */
export function looksLikeKeyBody(body: string): boolean {
  let count = 0;
  const seen = new Set<string>();
  for (const raw of body.split(LINE_BREAK)) {
    const line = raw.trim();
    if (line.length === 0 || ARMOR_HEADER.test(line)) continue;
    if (!BASE64_LINE.test(line)) return false;
    count += line.length;
    if (seen.size < 16) for (const ch of line) seen.add(ch);
  }
  return count >= 48 && seen.size >= 16;
}

/** Reads key blocks from the `-----BEGIN ` positions `begins` (the sweep's). */
function detectKeyBlocks(corpus: string, out: Emitter, begins: readonly number[]): void {
  const nextBegin = (from: number): number => firstFrom(begins, from);
  let i = nextBegin(0);
  let nextEnd = -2; // cached position of the next `-----END `, so a run of BEGINs stays linear
  while (i >= 0) {
    secretScanWork.steps++;
    PEM_HEAD.lastIndex = i;
    const head = PEM_HEAD.exec(corpus);
    let resume = i + 11;
    if (head) {
      let bodyStart = i + head[0].length;
      if (nextEnd !== -1 && nextEnd < bodyStart) nextEnd = corpus.indexOf('-----END ', bodyStart);
      // only the last BEGIN before an END can open its block: skip the ones before it
      const last = nextEnd > 0 ? corpus.lastIndexOf('-----BEGIN ', nextEnd) : -1;
      if (last > i) {
        i = last;
        PEM_HEAD.lastIndex = i;
        const h2 = PEM_HEAD.exec(corpus);
        if (!h2) {
          i = nextBegin(nextEnd);
          continue;
        }
        bodyStart = i + h2[0].length;
        resume = i + 11;
      }
      if (nextEnd >= 0 && nextEnd - bodyStart <= MAX_BLOCK) {
        PEM_FOOT.lastIndex = nextEnd;
        const foot = PEM_FOOT.exec(corpus);
        if (foot && looksLikeKeyBody(corpus.slice(bodyStart, nextEnd))) {
          const end = nextEnd + foot[0].length;
          out.emit('private_key', i, end);
          resume = end;
        }
      }
    }
    i = nextBegin(resume);
  }
}

// ---------------------------------------------------------------- URLs

/** A table of the characters of `chars` (plus every whitespace character below 128 when `space`). */
function table(chars: string, space = false): Uint8Array {
  const t = new Uint8Array(65536);
  for (const ch of chars) t[ch.charCodeAt(0)] = 1;
  if (space) for (const c of [9, 10, 11, 12, 13, 32, 0xa0, 0x2028, 0x2029]) t[c] = 1;
  return t;
}
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const SCHEME_CHAR = /[A-Za-z0-9+.-]/;
/** Characters that end the authority part of a URL. */
const AUTHORITY_END = table('/?#"\'<>`\\()[]{}|^\u0000', true);
const WEBHOOKS: readonly { host: RegExp; path: string }[] = [
  { host: /^hooks\.slack\.com$/, path: '/services/' },
  { host: /^hooks\.slack\.com$/, path: '/workflows/' },
  { host: /^hooks\.slack\.com$/, path: '/triggers/' },
  { host: /^(?:ptb\.|canary\.)?discord(?:app)?\.com$/, path: '/api/webhooks/' },
  { host: /\.webhook\.office\.com$/, path: '/webhookb2/' },
  { host: /^hooks\.zapier\.com$/, path: '/hooks/catch/' },
  { host: /^chat\.googleapis\.com$/, path: '/v1/spaces/' },
];
const PATH_CHARS = table(ALNUM + '/_@-');

/** A user name that is itself a credential (a token used as the user of a URL). */
function secretLookingUser(user: string): boolean {
  if (classifyToken(user)) return true;
  if (user.length < 20 || !/\d/.test(user) || !/[A-Za-z]/.test(user)) return false;
  return shannonEntropy(user) >= 2.5 || /^[a-z0-9]{20,}$/i.test(user);
}

/** Passwords that are conventions, not secrets. */
const NOT_A_PASSWORD = /^(?:x-oauth-basic|x-oauth-token|x-access-token)$/;

/**
 * A webhook URL's path `corpus[ps, pe)`, part by part between its `/`, so that the stand-in keeps its
 * shape: a part that is an upper-case letter and upper-case letters and digits (Slack's `T…` workspace
 * and `B…` hook ids) keeps its letter, which says what the id is, not which one.
 */
function emitWebhookPath(corpus: string, ps: number, pe: number, out: Emitter): void {
  for (let s = ps; s < pe;) {
    let e = corpus.indexOf('/', s);
    if (e < 0 || e > pe) e = pe;
    const part = corpus.slice(s, e);
    if (/^[A-Z][A-Z0-9]{6,}$/.test(part) && /\d/.test(part)) out.emit('secret', s + 1, e, false);
    else if (part.length >= 4) out.emit('secret', s, e, part.length >= 8);
    s = e + 1;
  }
}

/**
 * The `@` that ends a userinfo holding `(` or `)`, searched from `from`: the first `@` before anything else
 * that ends an authority, a blank or `:` `/` … ; -1 when there is none.
 */
function userinfoEnd(corpus: string, from: number, limit: number): number {
  for (let k = from; k < limit; k++) {
    const c = corpus.charCodeAt(k);
    if (c === 64) return k;
    if (c <= 32 || (AUTHORITY_END[c] !== 0 && c !== 40 && c !== 41)) return -1;
  }
  return -1;
}

/** Reads URLs from the `://` positions `urls` (the sweep's). */
function detectUrls(corpus: string, out: Emitter, urls: readonly number[]): void {
  let i = firstFrom(urls, 0);
  while (i >= 0) {
    secretScanWork.steps++;
    const hostStart = i + 3;
    let j = hostStart;
    const limit = Math.min(corpus.length, hostStart + 1024);
    let at = -1;
    let userEnd = -2;
    while (j < limit) {
      const c = corpus.charCodeAt(j);
      if (AUTHORITY_END[c] !== 0) {
        // `(` and `)` are sub-delims that a userinfo may hold (RFC 3986 §3.2.1: `p(ss)@host`): read past them
        // only toward the `@` that ends one (looked for once per URL)
        if (c !== 40 && c !== 41) break;
        if (userEnd === -2) userEnd = userinfoEnd(corpus, j + 1, limit);
        if (userEnd < j) break;
      } else if (c === 64) at = j;
      j++;
    }
    // scheme present? (letters right before ://)
    const schemeOk = i > 0 && SCHEME_CHAR.test(corpus[i - 1]!);
    if (schemeOk && at > hostStart) {
      const colon = corpus.indexOf(':', hostStart);
      const user = corpus.slice(hostStart, colon >= 0 && colon < at ? colon : at);
      if (colon >= 0 && colon < at) {
        const pass = corpus.slice(colon + 1, at);
        if (pass.length > 0 && !PLACEHOLDER.test(pass) && !NOT_A_PASSWORD.test(pass) && !/^[$%{<]/.test(pass)) {
          const strong = pass.length >= 8 && looksMachineMade(pass, 'password');
          out.emit(classifyToken(pass) ? 'secret' : 'password', colon + 1, at, strong);
        }
      }
      if (user.length > 0 && secretLookingUser(user)) out.emit('secret', hostStart, hostStart + user.length);
    }
    if (schemeOk) {
      const hostFrom = at >= 0 ? at + 1 : hostStart;
      const host = corpus.slice(hostFrom, j).replace(/:\d+$/, '').toLowerCase();
      for (const w of WEBHOOKS) {
        if (!w.host.test(host) || !corpus.startsWith(w.path, j)) continue;
        const ps = j + w.path.length;
        let pe = ps;
        const plimit = Math.min(corpus.length, ps + 512);
        while (pe < plimit && PATH_CHARS[corpus.charCodeAt(pe)] === 1) pe++;
        if (pe - ps >= 16) emitWebhookPath(corpus, ps, pe, out);
        j = Math.max(j, pe);
        break;
      }
    }
    i = firstFrom(urls, Math.max(i + 3, j));
  }
}

// ---------------------------------------------------------------- headers

const AUTH_VALUE =
  /["']?[ \t]{0,8}[:=][ \t]{0,8}["']?(?:(Bearer|Basic|Token|Bot|SSWS|ApiKey|Api-Key|JWT|OAuth|GenieKey|Key|DSN)[ \t]{1,8})?([A-Za-z0-9._~+/=:-]{8,8192})/iy;
const BEARER_VALUE = /[ \t]{1,8}([A-Za-z0-9._~+/=-]{16,8192})/y;
const COOKIE_OPERATOR = /["']?[ \t]{0,8}[:=][ \t]{0,8}["']?/y;
export const HEADER_WORDS = /authorization|bearer|cookie/gi;
const HEADER_WORDS_AT = new RegExp(HEADER_WORDS.source, 'iy');
/** Whether a header word may start at `p`: an `a`, `b` or `c` in either case. */
export const headerInitial = (corpus: string, p: number): boolean => {
  const c = corpus.charCodeAt(p) | 32;
  return c === 97 || c === 98 || c === 99;
};

function emitCredential(corpus: string, start: number, end: number, out: Emitter): void {
  const value = corpus.slice(start, end);
  if (PLACEHOLDER.test(value)) return;
  const dot = value.indexOf('.');
  const kind: Kind = value.startsWith('eyJ') && dot > 0 && isJsonSegment(value.slice(0, dot)) ? 'jwt' : 'secret';
  out.emit(kind, start, end);
}

/** Reads headers from the header words among `starts` (see secrets/words.ts). */
function detectHeaders(corpus: string, out: Emitter, starts: readonly number[]): void {
  const words = new StartCursor(starts);
  const gate = (p: number): boolean => headerInitial(corpus, p);
  let from = 0;
  for (;;) {
    const m = words.next(HEADER_WORDS_AT, corpus, from, gate);
    if (!m) break;
    secretScanWork.steps++;
    const word = m[0].toLowerCase();
    const after = m.index + m[0].length;
    from = after;
    if (word === 'authorization') {
      AUTH_VALUE.lastIndex = after;
      const v = AUTH_VALUE.exec(corpus);
      if (!v) continue;
      const scheme = (v[1] ?? '').toLowerCase();
      const cred = v[2]!;
      const start = AUTH_VALUE.lastIndex - cred.length;
      if (scheme === '' && !/\d/.test(cred)) continue;
      if (scheme !== 'basic' || !out.basic(start, AUTH_VALUE.lastIndex))
        emitCredential(corpus, start, AUTH_VALUE.lastIndex, out);
      from = AUTH_VALUE.lastIndex;
    } else if (word === 'bearer') {
      BEARER_VALUE.lastIndex = after;
      const v = BEARER_VALUE.exec(corpus);
      if (!v || !/\d/.test(v[1]!)) continue;
      emitCredential(corpus, BEARER_VALUE.lastIndex - v[1]!.length, BEARER_VALUE.lastIndex, out);
      from = BEARER_VALUE.lastIndex;
    } else {
      const set = m.index >= 4 && corpus.slice(m.index - 4, m.index).toLowerCase() === 'set-';
      COOKIE_OPERATOR.lastIndex = after;
      if (!COOKIE_OPERATOR.exec(corpus)) continue;
      const pieces = cookieValues(corpus, COOKIE_OPERATOR.lastIndex, set);
      for (const p of pieces) {
        const value = corpus.slice(p.start, p.end);
        if (value.length >= 8 && (looksSecret(value, 'secret') || looksMachineMade(value, 'secret')))
          out.emit('secret', p.start, p.end);
      }
      const last = pieces[pieces.length - 1];
      if (last) from = Math.max(from, last.end);
    }
  }
}

// ---------------------------------------------------------------- assignments

/** Words that make a name worth reading. The name's full form decides (context.ts kindOfKey). */
export const NAME_WORDS = /pass|pwd|secret|token|key|credential|auth|sig|dsn|private/gi;
const NAME_WORDS_AT = new RegExp(NAME_WORDS.source, 'iy');
const NAME_CHAR = table(ALNUM + '_.-');
/** Query-string and pre-signed-URL parameters that carry a signature or credential. */
const QUERY_SECRET =
  /^(?:sig|signature|x-amz-signature|x-goog-signature|x-amz-security-token|x-goog-credential|token|access_token|id_token|refresh_token|api_key|apikey|key|code|client_secret|auth|password|pass|pwd|secret)$/i;
const MAX_NAME = 64;
const MAX_VALUE = 1024;
const UNQUOTED_END = table(',;&"\'`<>)]}\u0000', true);

/**
 * Reads assignments from the name words among `starts` (see secrets/words.ts).
 * The loop only finds the words; each is read by readAssignment and judged
 * by judgeAssignment. Kept apart, each compiles once and small: as one
 * function, the loop was compiled on stack (it runs through a whole chunk),
 * then again whole, and again after each rare branch first ran.
 */
function detectAssignments(corpus: string, out: Emitter, starts: readonly number[]): void {
  const words = new StartCursor(starts);
  let from = 0;
  for (;;) {
    const m = words.next(NAME_WORDS_AT, corpus, from);
    if (!m) break;
    secretScanWork.steps++;
    from = readAssignment(corpus, out, m.index, m.index + m[0].length);
  }
}

/**
 * Reads the assignment around the name word `corpus[ws, we)`: the whole name,
 * the operator and the value, which judgeAssignment judges. Returns where the
 * scan goes on.
 */
function readAssignment(corpus: string, out: Emitter, ws: number, we: number): number {
  // the whole name around the word, read one character further on each side than a name may
  // reach, so that the same comparisons tell a name too long (rare: as a branch of its own, first
  // taken after this function was compiled, it deoptimised it)
  const nsMin = ws - MAX_NAME;
  let ns = ws;
  const nsStop = Math.max(0, nsMin - 1);
  while (ns > nsStop && NAME_CHAR[corpus.charCodeAt(ns - 1)] === 1) ns--;
  const neMax = we + MAX_NAME;
  let ne = we;
  const neStop = Math.min(corpus.length, neMax + 1);
  while (ne < neStop && NAME_CHAR[corpus.charCodeAt(ne)] === 1) ne++;
  const from = Math.min(ne, neMax);
  if (ns < nsMin || ne > neMax) return from; // name too long
  let name = corpus.slice(ns, ne);
  while (name.endsWith('.') || name.endsWith('-')) name = name.slice(0, -1);
  // a command-line option: `--api-key VALUE`, `--token=VALUE`
  const flag = name.startsWith('-');
  if (flag) name = name.replace(/^-+/, '');
  // operator (read as char codes, NaN past the end: a character read as a string is a new,
  // uninternalised one when outside Latin-1, and the first such one deoptimised this function)
  let p = ne;
  const quoteBefore = corpus.charCodeAt(ns - 1);
  if ((quoteBefore === 0x22 || quoteBefore === 0x27) && corpus.charCodeAt(p) === quoteBefore) p++;
  while (p < corpus.length && p - ne < 8 && isBlank(corpus.charCodeAt(p))) p++;
  const op = corpus.charCodeAt(p);
  let colonOp = false;
  if (op === 0x3d) {
    // `=`, not `==`; `=>` too
    if (corpus.charCodeAt(p + 1) === 0x3d) return from;
    p += corpus.charCodeAt(p + 1) === 0x3e ? 2 : 1;
  } else if (op === 0x3a) {
    // `:` or `:=`, not `::` or `://`
    const next = corpus.charCodeAt(p + 1);
    if (next === 0x3a || next === 0x2f) return from;
    colonOp = next !== 0x3d;
    p += colonOp ? 1 : 2;
  } else if (!(flag && p > ne && p < corpus.length && op !== 0x2d && op !== 0x0a)) return from;
  const spaceOp = op !== 0x3d && op !== 0x3a;
  const opEnd = p;
  while (p < corpus.length && p - opEnd < 8 && isBlank(corpus.charCodeAt(p))) p++;
  // value
  const q = corpus.charCodeAt(p);
  const quoted = q === 0x22 || q === 0x27 || q === 0x60;
  let vs = p;
  let ve: number;
  const vLimit = Math.min(corpus.length, vs + MAX_VALUE + 1);
  if (quoted) {
    vs = p + 1;
    ve = vs;
    while (ve < vLimit && corpus.charCodeAt(ve) !== q && corpus.charCodeAt(ve) !== 0x0a) ve++;
    if (corpus.charCodeAt(ve) !== q) return Math.max(from, ve);
  } else {
    ve = vs;
    while (ve < vLimit && UNQUOTED_END[corpus.charCodeAt(ve)] === 0) ve++;
    // an option's value is one word
    if (spaceOp) {
      const sp = corpus.slice(vs, ve).search(/\s/);
      if (sp >= 0) ve = vs + sp;
    }
  }
  if (ve - vs > MAX_VALUE || ve === vs) return Math.max(from, ve);
  judgeAssignment(corpus, out, name, ns, vs, ve, colonOp || !quoted);
  return Math.max(from, ve);
}

/** A space or a tab. */
function isBlank(c: number): boolean {
  return c === 0x20 || c === 0x09;
}

/**
 * Reports the value `corpus[vs, ve)` assigned to `name` (which starts at `ns`)
 * when the name and the value say secret; `bare`: the operator is a `:` or
 * the value is not quoted, so it must also look machine-made.
 */
function judgeAssignment(
  corpus: string,
  out: Emitter,
  name: string,
  ns: number,
  vs: number,
  ve: number,
  bare: boolean,
): void {
  const value = corpus.slice(vs, ve);
  if (value.includes('://')) return; // URLs: the URL detector reads their credentials
  const lower = name.toLowerCase();
  if (lower.endsWith('authorization') || lower.endsWith('cookie')) return; // header detector
  const before = corpus.charCodeAt(ns - 1);
  const inQuery = before === 0x3f || before === 0x26; // `?` or `&`
  let kind: 'secret' | 'password' | null;
  if (inQuery && QUERY_SECRET.test(name)) kind = /^(?:password|pass|pwd)$/i.test(name) ? 'password' : 'secret';
  else {
    const k = kindOfKey(name);
    kind = k === 'password' || k === 'secret' ? k : null;
  }
  const byRule = namedRuleFor(name, value) !== null;
  if (kind === null && byRule) kind = 'secret';
  if (kind === null) return;
  if (!byRule) {
    if (!looksSecret(value, kind, explicitSecretName(name))) return;
    if (bare && !looksMachineMade(value, kind)) return;
  }
  const dot = value.indexOf('.');
  if (value.startsWith('eyJ') && dot > 0 && isJsonSegment(value.slice(0, dot))) out.emit('jwt', vs, ve);
  else out.emit(kind, vs, ve);
}

// ---------------------------------------------------------------- detector

/**
 * The tokens of the chunk being read: one array for every chunk, so that it
 * keeps the kind of elements the compiled sweep expects (a new empty array
 * changes it again on its first token).
 */
const sweptTokens: TokenMatch[] = [];

export const secretsDetector: Detector = {
  name: 'secrets',
  detect(chunk: Chunk, sink: FindingSink, ctx: DetectContext): void {
    const corpus = chunk.corpus;
    const out = new Emitter(chunk, sink, ctx);
    // one sweep; the tokens are reported after the key blocks, as each scan reported in turn
    const tokens = sweptTokens;
    tokens.length = 0;
    const marks: SweepMarks = { words: [], urls: [], begins: [], accounts: [] };
    secretScanWork.steps += sweepSecrets(corpus, tokens, marks);
    noteAccountWords(corpus, marks.accounts); // the account detectors' word starts, read by the same sweep
    detectKeyBlocks(corpus, out, marks.begins);
    for (const m of tokens) out.emit(m.rule.kind, m.start, m.end);
    tokens.length = 0;
    detectUrls(corpus, out, marks.urls);
    detectHeaders(corpus, out, marks.words);
    detectAssignments(corpus, out, marks.words);
    detectProseCredentials(corpus, (kind, start, end) => out.emit(kind, start, end), marks.words);
  },
};

export const secretDetectors: readonly Detector[] = [secretsDetector];
