/**
 * Token scanning: one linear pass finds candidate tokens (maximal runs of
 * token characters), and each candidate is classified by its first two
 * characters through a map to the few rules that start that way, plus the
 * handful of shape rules (formats with no literal prefix). No rule is ever
 * run over the whole text.
 */
import { TOKEN_RULES, type TokenRule } from './rules';

/**
 * Candidate runs: maximal runs of token characters (base64 ones included, so
 * a base64 blob is one run), read by one hand loop over a class table.
 */
export const TOKEN_CHAR = new Uint8Array(65536);
for (const ch of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.~+/-')
  TOKEN_CHAR[ch.charCodeAt(0)] = 1;
export const MIN_RUN = 12;
/**
 * Runs up to this long are also tried after each `/`, `+`, `_` or `.` inside
 * them (tokens in URL paths, `MY_tskey-…`), by prefix only.
 */
const MAX_SPLIT_RUN = 512;
const DEFAULT_TAIL = /[A-Za-z0-9_-]/;

/** The rules whose prefixes start with a pair of ASCII characters, at `code0 * 128 + code1` (prefixes are ASCII). */
const byPrefix: (TokenRule[] | undefined)[] = new Array<TokenRule[] | undefined>(128 * 128);
/** 1 for characters that begin some rule's prefix. */
const FIRST = new Uint8Array(65536);
/** A quick filter on the first two characters: 1 where some prefix may start with them. */
const PAIR = new Uint8Array(65536);
const pairHash = (a: number, b: number): number => ((a << 7) ^ b) & 0xffff;
const shapes: TokenRule[] = [];
for (const r of TOKEN_RULES) {
  if (r.shape) {
    shapes.push(r);
    continue;
  }
  for (const p of r.prefixes) {
    if (p.length < 2 || p.charCodeAt(0) > 127 || p.charCodeAt(1) > 127)
      throw new Error(`prefix ${p}: two ASCII characters at least`);
    FIRST[p.charCodeAt(0)] = 1;
    PAIR[pairHash(p.charCodeAt(0), p.charCodeAt(1))] = 1;
  }
  const keys = new Set(r.prefixes.map((p) => p.charCodeAt(0) * 128 + p.charCodeAt(1)));
  for (const k of keys) (byPrefix[k] ??= []).push(r);
}

export interface TokenMatch {
  readonly rule: TokenRule;
  readonly start: number;
  readonly end: number;
}

function mixes(s: string, start: number, end: number): boolean {
  let letter = false;
  let digit = false;
  for (let i = start; i < end && !(letter && digit); i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) digit = true;
    else if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) letter = true;
  }
  return letter && digit;
}

function tryRule(r: TokenRule, s: string, at: number): TokenMatch | null {
  r.re.lastIndex = at;
  const m = r.re.exec(s);
  if (!m) return null;
  const end = at + m[0].length;
  if (end < s.length && (r.tail ?? DEFAULT_TAIL).test(s[end]!)) return null;
  if (r.mixed) {
    const idx = m.indices;
    let ok = false;
    if (idx) for (let g = 1; g < idx.length && !ok; g++) if (idx[g]) ok = mixes(s, idx[g]![0], idx[g]![1]);
    if (!ok) return null;
  }
  if (r.validate && !r.validate(m[0])) return null;
  return { rule: r, start: at, end };
}

/**
 * `s.charCodeAt(i)`, or -1 outside the string (where charCodeAt gives NaN):
 * equal to no character either way, but reading past the end would make the
 * compiled scan fall back to the interpreter, near the end of each chunk.
 */
const codeAt = (s: string, i: number): number => (i >= 0 && i < s.length ? s.charCodeAt(i) : -1);

/** A cheap gate in front of the shape rules (see their `shape` functions in rules.ts). */
function mayBeShaped(s: string, start: number): boolean {
  const c = s.charCodeAt(start);
  return (
    codeAt(s, start - 1) === 58 || // Telegram: digits ':' 'AA…'
    codeAt(s, start + 5) === 126 || // Azure AD client secret: `…Q~`
    codeAt(s, start + 14) === 46 || // Terraform Cloud: `….atlasv1.`
    codeAt(s, start + 32) === 45 || // Mailchimp: `…-us12`
    codeAt(s, start + 6) === 95 || // MaxMind: `…_…_mmk`
    c === 77 ||
    c === 78 ||
    c === 79 || // Discord bot tokens start M, N or O
    (c >= 48 && c <= 57 && codeAt(s, start + 27) === 95) // ngrok
  );
}

/** The rule matching a token that starts at `start` (a candidate run ends at `runEnd`). */
export function classifyAt(s: string, start: number, runEnd: number, withShapes = true): TokenMatch | null {
  const c0 = s.charCodeAt(start);
  const c1 = s.charCodeAt(start + 1);
  const list = PAIR[pairHash(c0, c1)] === 1 && c0 < 128 && c1 < 128 ? byPrefix[c0 * 128 + c1] : undefined;
  if (list) {
    for (const r of list) {
      let hit = false;
      for (const p of r.prefixes) if (s.startsWith(p, start)) hit = true;
      if (!hit) continue;
      const m = tryRule(r, s, start);
      if (m) return m;
    }
  }
  if (!withShapes || !mayBeShaped(s, start)) return null;
  for (const r of shapes) {
    const at = r.shape!(s, start, runEnd);
    if (at < 0) continue;
    const m = tryRule(r, s, at);
    if (m) return m;
  }
  return null;
}

/** Classifies a whole string: the rule it matches from end to end, or null. */
export function classifyToken(token: string): TokenRule | null {
  for (let start = 0; start < Math.min(token.length, 1); start++) {
    const m = classifyAt(token, start, token.length);
    if (m && m.start === 0 && m.end === token.length) return m.rule;
  }
  // shape rules that start before the candidate run (Telegram: digits, then ':AA...')
  const colon = token.indexOf(':AA');
  if (colon > 0) {
    const m = classifyAt(token, colon + 1, token.length);
    if (m && m.start === 0 && m.end === token.length) return m.rule;
  }
  return null;
}

/** Classification attempts made by readRun (a measure of work), for the scans to report. */
export const runWork = { steps: 0 };

/**
 * Reads one candidate run `s[start, runEnd)` (a maximal run of token
 * characters, at least MIN_RUN long, or the rest of one after a token):
 * calls `found` for the tokens in it. Returns where the next candidate run
 * may start at the earliest: the end of the run, or of a token that ran past it.
 */
export function readRun(s: string, start: number, runEnd: number, found: (m: TokenMatch) => void): number {
  for (;;) {
    runWork.steps++;
    // a run may open with separators (`..ghp_`, `--sk-`): tokens start after them
    while (start < runEnd) {
      const ch = s.charCodeAt(start);
      if (ch === 46 || ch === 45 || ch === 95 || ch === 126 || ch === 43 || ch === 47) start++;
      else break;
    }
    let m = runEnd - start >= 8 ? classifyAt(s, start, runEnd) : null;
    if (!m && runEnd - start <= MAX_SPLIT_RUN) {
      for (let k = start + 1; k < runEnd - 8 && !m; k++) {
        const ch = s.charCodeAt(k - 1);
        if (
          (ch === 47 || ch === 43 || ch === 95 || ch === 46) &&
          PAIR[pairHash(s.charCodeAt(k), s.charCodeAt(k + 1))] === 1
        ) {
          runWork.steps++;
          m = classifyAt(s, k, runEnd, false);
        }
      }
    }
    if (!m) return runEnd;
    found(m);
    if (m.end >= runEnd) return m.end;
    // the rest of the run may hold another token
    start = m.end;
    if (runEnd - start < MIN_RUN) return runEnd;
  }
}

/**
 * Calls `found` for every provider token in `s[from, to)`, left to right.
 * Returns the number of classification attempts made (a measure of work).
 * The plain scan: the detector runs sweepSecrets (sweep.ts), which must find the same.
 */
export function scanTokens(s: string, found: (m: TokenMatch) => void, from = 0, to = s.length): number {
  const work0 = runWork.steps;
  let i = from;
  const n = s.length;
  while (i < to) {
    // A candidate run starting in [i, i + MIN_RUN) covers its last position: read only that one
    // character while it is no token character, so short words are mostly never read.
    const probe = i + MIN_RUN - 1;
    if (probe >= n) break;
    if (TOKEN_CHAR[s.charCodeAt(probe)] === 0) {
      i = probe + 1;
      continue;
    }
    let start = probe;
    while (start > i && TOKEN_CHAR[s.charCodeAt(start - 1)] === 1) start--;
    if (start >= to) break;
    let runEnd = probe + 1;
    while (runEnd < n && TOKEN_CHAR[s.charCodeAt(runEnd)] === 1) runEnd++;
    i = runEnd;
    if (runEnd - start < MIN_RUN) continue;
    i = readRun(s, start, runEnd, found);
  }
  return runWork.steps - work0;
}
