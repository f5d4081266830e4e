/**
 * One multi-pattern matcher for pass two: an Aho-Corasick automaton compiled
 * to a dense DFA over the characters that occur in the patterns. Linear in
 * the text whatever the patterns, so untrusted input cannot slow it down.
 *
 * Matching folds case; a case-sensitive pattern is confirmed afterwards.
 * A match must sit on token boundaries: a pattern that begins (ends) with a
 * letter or digit does not match right after (before) another letter or digit.
 */

let foldTable: Uint16Array | null = null;
let wordTable: Uint8Array | null = null;

/** Lower-case fold of every UTF-16 code unit that folds to exactly one unit. */
export function fold(): Uint16Array {
  if (foldTable) return foldTable;
  const t = new Uint16Array(65536);
  for (let c = 0; c < 65536; c++) {
    if (c >= 65 && c <= 90) t[c] = c + 32;
    else if (c < 128 || (c >= 0xd800 && c <= 0xdfff)) t[c] = c;
    else {
      const l = String.fromCharCode(c).toLowerCase();
      t[c] = l.length === 1 ? l.charCodeAt(0) : c;
    }
  }
  foldTable = t;
  return t;
}

/** 1 for code units that are letters, digits or combining marks. */
export function wordChars(): Uint8Array {
  if (wordTable) return wordTable;
  const t = new Uint8Array(65536);
  const re = /[\p{L}\p{N}\p{M}]/u;
  for (let c = 0; c < 65536; c++) {
    if ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122)) t[c] = 1;
    else if (c >= 128 && !(c >= 0xd800 && c <= 0xdfff) && re.test(String.fromCharCode(c))) t[c] = 1;
  }
  wordTable = t;
  return t;
}

/**
 * Budget of dense transition cells (4 bytes each): states near the root get
 * full rows, depth by depth while the budget lasts; deeper ones a sparse edge
 * map with failure links.
 */
const DENSE_CELLS = 1 << 21;

export interface Pattern {
  readonly text: string;
  readonly caseInsensitive: boolean;
  /** Match even inside a longer word (long high-entropy secrets glued to text). */
  readonly anywhere?: boolean;
}

export interface Match {
  readonly start: number;
  readonly end: number;
  readonly pattern: number;
}

export class Matcher {
  private readonly classes: Uint16Array;
  private readonly k: number;
  /** Dense, fully resolved transitions of the shallow states (row per state, or -1 in `row`). */
  private readonly delta: Int32Array;
  private readonly row: Int32Array;
  /** Trie edges of the deeper states, keyed state * k + class. */
  private readonly sparse: Map<number, number>;
  private readonly fail: Int32Array;
  /** Pattern index ending at a state, or -1. */
  private readonly out: Int32Array;
  /** Next state along the failure chain that has an output, or -1. */
  private readonly dict: Int32Array;
  private readonly patterns: readonly Pattern[];
  /** Same-text patterns that differ only in case end at one state. */
  private readonly extra: Map<number, number[]>;
  /** Scanning raw JSON text: an escape such as `\n` before a match is a boundary. */
  private jsonRaw = false;

  /** `denseCells`: budget of dense transition cells (tests set it low to exercise the sparse path). */
  constructor(patterns: readonly Pattern[], denseCells = DENSE_CELLS) {
    this.patterns = patterns;
    const f = fold();
    const classes = new Uint16Array(65536);
    let k = 1; // class 0: a character in no pattern
    for (const p of patterns) {
      for (let i = 0; i < p.text.length; i++) {
        const c = f[p.text.charCodeAt(i)]!;
        if (classes[c] === 0) classes[c] = k++;
      }
    }
    // every code unit that folds to a pattern character shares its class
    for (let c = 0; c < 65536; c++) {
      const fc = f[c]!;
      if (fc !== c && classes[fc] !== 0) classes[c] = classes[fc]!;
    }
    this.classes = classes;
    this.k = k;

    // trie: edges in one map, children listed through first-child / next-sibling links
    const sparse = new Map<number, number>();
    const out: number[] = [-1];
    const depth: number[] = [0];
    const firstChild: number[] = [-1];
    const nextSibling: number[] = [-1];
    const edgeClass: number[] = [0];
    const extra = new Map<number, number[]>();
    patterns.forEach((p, idx) => {
      if (p.text.length === 0) return;
      let st = 0;
      for (let i = 0; i < p.text.length; i++) {
        const cls = classes[f[p.text.charCodeAt(i)]!]!;
        let next = sparse.get(st * k + cls);
        if (next === undefined) {
          next = out.length;
          out.push(-1);
          depth.push(depth[st]! + 1);
          edgeClass.push(cls);
          nextSibling.push(firstChild[st]!);
          firstChild[st] = next;
          firstChild.push(-1);
          sparse.set(st * k + cls, next);
        }
        st = next;
      }
      if (out[st] === -1) out[st] = idx;
      else extra.set(st, [...(extra.get(st) ?? []), idx]);
    });
    const n = out.length;
    const fail = new Int32Array(n);
    const dict = new Int32Array(n).fill(-1);
    // dense rows for the states the scan spends its time in: the shallowest ones, within a budget
    const perDepth: number[] = [];
    for (let st = 0; st < n; st++) perDepth[depth[st]!] = (perDepth[depth[st]!] ?? 0) + 1;
    let denseDepth = 0;
    let denseRows = perDepth[0]!;
    while (denseDepth + 1 < perDepth.length && (denseRows + perDepth[denseDepth + 1]!) * k <= denseCells) {
      denseDepth++;
      denseRows += perDepth[denseDepth]!;
    }
    const row = new Int32Array(n).fill(-1);
    let rows = 0;
    for (let st = 0; st < n; st++) if (depth[st]! <= denseDepth) row[st] = rows++;
    const delta = new Int32Array(rows * k);
    const step = (st: number, cls: number): number => {
      for (;;) {
        if (row[st] !== -1) return delta[row[st]! * k + cls]!;
        const t = sparse.get(st * k + cls);
        if (t !== undefined) return t;
        st = fail[st]!;
      }
    };
    // breadth first: a state's failure link is shallower, so its row is complete before it is read
    const queue: number[] = [0];
    for (let qi = 0; qi < queue.length; qi++) {
      const st = queue[qi]!;
      if (st !== 0) {
        const fs = fail[st]!;
        dict[st] = out[fs] !== -1 ? fs : dict[fs]!;
      }
      for (let ch = firstChild[st]!; ch !== -1; ch = nextSibling[ch]!) {
        fail[ch] = st === 0 ? 0 : step(fail[st]!, edgeClass[ch]!);
        queue.push(ch);
      }
      if (row[st] !== -1) {
        const base = row[st]! * k;
        if (st === 0) {
          for (let ch = firstChild[0]!; ch !== -1; ch = nextSibling[ch]!) delta[edgeClass[ch]!] = ch;
        } else {
          const fbase = row[fail[st]!]! * k; // the failure state is shallower, hence dense
          for (let c = 0; c < k; c++) delta[base + c] = delta[fbase + c]!;
          for (let ch = firstChild[st]!; ch !== -1; ch = nextSibling[ch]!) delta[base + edgeClass[ch]!] = ch;
        }
      }
    }
    this.delta = delta;
    this.row = row;
    this.sparse = sparse;
    this.fail = fail;
    this.out = Int32Array.from(out);
    this.dict = dict;
    this.extra = extra;
  }

  get size(): number {
    return this.patterns.length;
  }

  /**
   * Finds matches in text[from, to), leftmost-longest, non-overlapping,
   * case- and boundary-checked.
   */
  find(text: string, from = 0, to = text.length, jsonRaw = false): Match[] {
    if (this.patterns.length === 0) return [];
    this.jsonRaw = jsonRaw;
    const { classes, delta, row, sparse, fail, k, out, dict } = this;
    const found: Match[] = [];
    let s = 0;
    for (let i = from; i < to; i++) {
      const cls = classes[text.charCodeAt(i)]!;
      for (;;) {
        const r = row[s]!;
        if (r !== -1) {
          s = delta[r * k + cls]!;
          break;
        }
        const t = sparse.get(s * k + cls);
        if (t !== undefined) {
          s = t;
          break;
        }
        s = fail[s]!;
      }
      if (s === 0) continue;
      let o = out[s] !== -1 ? s : dict[s]!;
      while (o !== -1) {
        this.emit(text, o, i + 1, from, to, found);
        o = dict[o]!;
      }
    }
    if (found.length <= 1) return found;
    found.sort((a, b) => a.start - b.start || b.end - a.end);
    const chosen: Match[] = [];
    let last = -1;
    for (const m of found) {
      if (m.start >= last) {
        chosen.push(m);
        last = m.end;
      }
    }
    return chosen;
  }

  private emit(text: string, state: number, end: number, from: number, to: number, found: Match[]): void {
    const first = this.out[state]!;
    this.check(text, first, end, from, to, found);
    const more = this.extra.get(state);
    if (more) for (const p of more) this.check(text, p, end, from, to, found);
  }

  private check(text: string, p: number, end: number, from: number, to: number, found: Match[]): void {
    const pat = this.patterns[p]!;
    const start = end - pat.text.length;
    if (!pat.caseInsensitive && text.slice(start, end) !== pat.text) return;
    if (pat.anywhere) {
      found.push({ start, end, pattern: p });
      return;
    }
    const w = wordChars();
    if (start > from && w[pat.text.charCodeAt(0)] && w[text.charCodeAt(start - 1)]) {
      if (!this.jsonRaw || !endsEscape(text, start - 1, from)) return;
    }
    if (end < to && w[pat.text.charCodeAt(pat.text.length - 1)] && w[text.charCodeAt(end)]) return;
    found.push({ start, end, pattern: p });
  }
}

/** Odd number of backslashes right before position p (exclusive), not looking before `from`. */
function escaped(text: string, p: number, from: number): boolean {
  let n = 0;
  while (p - 1 - n >= from && text.charCodeAt(p - 1 - n) === 0x5c) n++;
  return n % 2 === 1;
}

/** True when text[p] is the last character of a JSON escape (`\n`, `\t`, `\r`, `\b`, `\f`, `\uXXXX`). */
function endsEscape(text: string, p: number, from: number): boolean {
  const c = text.charCodeAt(p);
  if ((c === 0x6e || c === 0x74 || c === 0x72 || c === 0x62 || c === 0x66) && escaped(text, p, from)) return true;
  return (
    p - 5 >= from &&
    text.charCodeAt(p - 4) === 0x75 &&
    /^[0-9a-fA-F]{4}$/.test(text.slice(p - 3, p + 1)) &&
    escaped(text, p - 4, from)
  );
}
