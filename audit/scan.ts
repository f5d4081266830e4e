/**
 * Finds every occurrence of known sensitive values in a text, in one pass of
 * one Aho-Corasick automaton (the pseudonymiser's `Matcher`, used here only as
 * a string matcher: the audit knows nothing of how a twin was made).
 *
 * - JSON escaping at any depth: the text is first read through `unescape`,
 *   which turns every escape — `\u00e9`, `\"`, `\/`, `\n`, and the same behind
 *   any run of backslashes (`\\u00e9`, `\\\\\"`, …: the escape written again at
 *   each level of a JSON string inside a JSON string) — into the character it
 *   stands for, keeping a map back to the original positions; so is a
 *   percent-encoded ASCII character, once or more (`john%40acme.example`,
 *   `john%2540acme.example`). Values are then
 *   searched in that one text, whatever the depth.
 * - Case: e-mails, domains and user names match in any letter case; names as
 *   written, Capitalised or in CAPITALS; phones, companies and other values as
 *   written.
 * - Boundaries: a value that begins (ends) with a letter or digit does not match
 *   right after (before) another letter or digit.
 * - Names: a full name matches whole; besides, each of its parts of three or
 *   more letters is searched, and a part counts when another part of the same
 *   name stands next to it (`Smith, John`, `John A. Smith`, `SMITH John`).
 */
import { Matcher, type Pattern } from '../pseudonymiser/matcher';
import type { Kind, Value } from './values';

export interface Survivor {
  /** Offsets in the original text (UTF-16 units), end exclusive. */
  readonly start: number;
  readonly end: number;
  readonly kind: Kind;
  /** Index of the value in the list the auditor was built from. */
  readonly value: number;
}

/** Where a pattern comes from: a value whole, or a part of a name. */
interface Ref {
  readonly value: number;
  readonly part: boolean;
}

const PART = /[\p{L}\p{M}'’]+/gu;
/**
 * What may stand between two parts of one name: spaces, a comma, a dot, a hyphen, an underscore, a plus (a query
 * string's space), an initial (`J.`).
 */
const BETWEEN = /^(?:[\s,.\-·_+]{1,4}|\s*\p{Lu}\.\s*|\s+\p{Lu}\s+)$/u;

function capitalised(s: string): string {
  return s.replace(/\p{L}+/gu, (w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase());
}

export class Auditor {
  private readonly matcher: Matcher;
  private readonly refs: Ref[][];

  constructor(private readonly values: readonly Value[]) {
    const index = new Map<string, number>();
    const patterns: Pattern[] = [];
    const refs: Ref[][] = [];
    const add = (text: string, caseInsensitive: boolean, ref: Ref): void => {
      const key = `${caseInsensitive ? 'i' : 's'}${text}`;
      let p = index.get(key);
      if (p === undefined) {
        p = patterns.length;
        index.set(key, p);
        patterns.push({ text, caseInsensitive });
        refs.push([]);
      }
      const list = refs[p]!;
      const last = list[list.length - 1];
      if (!last || last.value !== ref.value || last.part !== ref.part) list.push(ref);
    };
    values.forEach((v, value) => {
      if (v.kind === 'email' || v.kind === 'domain' || v.kind === 'username') {
        add(v.text, true, { value, part: false });
      } else if (v.kind === 'name') {
        for (const form of new Set([v.text, capitalised(v.text), v.text.toUpperCase()]))
          add(form, false, { value, part: false });
        const parts = v.text.match(PART) ?? [];
        if (parts.length > 1)
          for (const part of parts) {
            if ([...part].filter((c) => /\p{L}/u.test(c)).length < 3) continue;
            for (const form of new Set([part, capitalised(part), part.toUpperCase()]))
              add(form, false, { value, part: true });
          }
      } else add(v.text, false, { value, part: false });
    });
    this.matcher = new Matcher(patterns);
    this.refs = refs;
  }

  /** Every survivor in `text`, sorted by position; an occurrence inside a longer one is reported as the longer one. */
  audit(text: string): Survivor[] {
    const { text: plain, toOriginal } = unescape(text);
    const found: { start: number; end: number; kind: Kind; value: number }[] = [];
    const parts: { start: number; end: number; values: Ref[] }[] = [];
    for (const m of this.matcher.findAll(plain)) {
      const refs = this.refs[m.pattern]!;
      const whole = refs.find((r) => !r.part);
      if (whole) found.push({ start: m.start, end: m.end, kind: this.values[whole.value]!.kind, value: whole.value });
      if (refs.some((r) => r.part)) parts.push({ start: m.start, end: m.end, values: refs });
    }
    // two parts of one name next to each other
    for (let i = 0; i < parts.length; i++) {
      const a = parts[i]!;
      for (let j = i + 1; j < parts.length; j++) {
        const b = parts[j]!;
        if (b.start < a.end) continue;
        if (b.start - a.end > 6) break;
        if (!BETWEEN.test(plain.slice(a.end, b.start))) continue;
        const value = shared(a.values, b.values);
        if (value !== -1) found.push({ start: a.start, end: b.end, kind: 'name', value });
      }
    }
    found.sort((x, y) => x.start - y.start || y.end - x.end);
    const out: Survivor[] = [];
    let reach = -1;
    for (const f of found) {
      if (f.end <= reach) continue; // inside (or the same as) one already reported
      reach = f.end;
      out.push({ start: toOriginal(f.start), end: toOriginal(f.end), kind: f.kind, value: f.value });
    }
    return out;
  }
}

/** A value that both part lists name (as a part), or -1. */
function shared(a: readonly Ref[], b: readonly Ref[]): number {
  const [small, large] = a.length <= b.length ? [a, b] : [b, a];
  const set = new Set<number>();
  for (const r of small) if (r.part) set.add(r.value);
  for (const r of large) if (r.part && set.has(r.value)) return r.value;
  return -1;
}

const SIMPLE: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '"': '"', '/': '/', "'": "'" };

/**
 * The text with every JSON escape, behind any run of backslashes, read as the
 * character it stands for (a run of backslashes before anything else as one
 * backslash), and every percent-encoded ASCII character (`%40`) as itself; and
 * a map from its positions back to the text's.
 */
export function unescape(text: string): { text: string; toOriginal: (p: number) => number } {
  // a backslash, or an ASCII character percent-encoded once or more (`%40`, `%2540`)
  const next = /\\|%(?:25)*[0-7][0-9A-Fa-f]/g;
  let matched = 0;
  const find = (from: number): number => {
    next.lastIndex = from;
    const m = next.exec(text);
    matched = m ? m[0].length : 0;
    return m ? m.index : -1;
  };
  let at = find(0);
  if (at === -1) return { text, toOriginal: (p) => p };
  const pieces: string[] = [];
  // breakpoints: from plainAt[i] on, plain position p is original origAt[i] + (p - plainAt[i])
  const plainAt: number[] = [0];
  const origAt: number[] = [0];
  let copied = 0; // original position up to which the text is taken
  let plainLen = 0;
  while (at !== -1) {
    if (text.charCodeAt(at) === 0x25) {
      // %40, %20, %2E: an ASCII character percent-encoded (URLs, query strings), %2540 encoded twice
      const end = at + matched;
      pieces.push(text.slice(copied, at), String.fromCharCode(parseInt(text.slice(end - 2, end), 16)));
      plainLen += at - copied;
      plainAt.push(plainLen);
      origAt.push(at);
      plainLen += 1;
      plainAt.push(plainLen);
      origAt.push(end);
      copied = end;
      at = find(copied);
      continue;
    }
    let k = at;
    while (k < text.length && text.charCodeAt(k) === 0x5c) k++;
    const c = text[k];
    let ch: string;
    let end: number;
    if (c === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(k + 1, k + 5))) {
      ch = String.fromCharCode(parseInt(text.slice(k + 1, k + 5), 16));
      end = k + 5;
    } else if (c !== undefined && SIMPLE[c] !== undefined) {
      ch = SIMPLE[c];
      end = k + 1;
    } else {
      ch = '\\';
      end = k;
    }
    if (end - at === 1 && ch === '\\') {
      // a lone backslash before an ordinary character: kept as it is
      at = find(end);
      continue;
    }
    pieces.push(text.slice(copied, at), ch);
    plainLen += at - copied;
    plainAt.push(plainLen);
    origAt.push(at);
    plainLen += 1;
    plainAt.push(plainLen);
    origAt.push(end);
    copied = end;
    at = find(end);
  }
  pieces.push(text.slice(copied));
  const pa = Int32Array.from(plainAt);
  const oa = Int32Array.from(origAt);
  const toOriginal = (p: number): number => {
    let lo = 0;
    let hi = pa.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (pa[mid]! <= p) lo = mid;
      else hi = mid - 1;
    }
    return oa[lo]! + (p - pa[lo]!);
  };
  return { text: pieces.join(''), toOriginal };
}
