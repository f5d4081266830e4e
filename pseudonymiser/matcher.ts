/**
 * One multi-pattern matcher for pass two: an Aho-Corasick automaton over the
 * characters that occur in the patterns, its shallow states compiled to a
 * dense DFA. Linear in the text whatever the patterns, so untrusted input
 * cannot slow it down.
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
 * full rows, depth by depth while the budget lasts; deeper ones keep their
 * trie edges (a child list) and failure link.
 */
const DENSE_CELLS = 1 << 19;
/** findRecording keeps the state every 2^CHECKPOINT_BITS characters. */
const CHECKPOINT_BITS = 6;
/** findInSplice reads at least this many characters at the end of a copied stretch. */
const TAIL = 8;
/**
 * A pattern longer than this enters the automaton by a key: its shortest
 * beginning of at least this many characters that no other long pattern
 * shares. A key's match is confirmed against the rest of the pattern. Long
 * surfaces (private key blocks, JWTs, tokens) were most of the automaton's
 * states, hence of pass two's memory.
 */
export const KEY_CHARS = 32;

/** Pattern flags, as the matcher keeps them. */
const FLAG_CASE_INSENSITIVE = 1;
const FLAG_ANYWHERE = 2;

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

/** What findRecording keeps of a scan for findInSplice. */
export interface Recording {
  /** The encoded state every 2^CHECKPOINT_BITS characters. */
  readonly checkpoints: Int32Array;
  /** Every key of a long pattern seen, confirmed or not, in the order its end was read: start, pattern. */
  readonly keyHits: Int32Array;
}

/*
 * The scan walks an encoded state: a dense state is the offset of its row in
 * `delta` (>= 0), a sparse state s is -(s + 1). A dense row's cells hold
 * encoded states, so a step through dense states is one memory read; cell 0
 * (class 0, a character in no pattern) leads back to the root, whose row is
 * the first. The rows of states with reports come last, from offset
 * `reportRows` on: a step to a dense state below it reports nothing, which one
 * comparison tells.
 */
export class Matcher {
  private readonly classes: Uint16Array;
  private readonly k: number;
  /** Dense rows, `k` cells each: cell c the encoded next state on class c. */
  private readonly delta: Int32Array;
  /** Offset in `delta` of the first row of a state with reports (the rows of those that have none come first). */
  private readonly reportRows: number;
  /** Where the reports of the state of each row from `reportRows` on start (an output, or -1). */
  private readonly rowReport: Int32Array;
  /*
   * States are numbered breadth first, the children of a state in order of
   * their class: a state's depth never decreases with its number, the dense
   * states are the first `denseCount`, and the children of state s are the
   * states first[s] to first[s + 1] - 1. Fourteen bytes a state in all.
   */
  private readonly first: Int32Array;
  /** The class of the trie edge into each state. */
  private readonly edgeClass: Uint16Array;
  private readonly fail: Int32Array;
  /** Where reporting starts at each state: the first output (see below) on the state's failure chain, itself included, or -1. */
  private readonly report: Int32Array;
  /** How many states are dense (the first ones), and the encoded form (row offset) of each. */
  private readonly denseCount: number;
  private readonly denseCode: Int32Array;
  /** The first state of each depth (one more entry: the number of states). */
  private readonly levelStart: Int32Array;
  /*
   * An output is a state at which patterns end: outPattern the first of them
   * (by index), `extra` the others; outNext the next output along the failure
   * chain, or -1.
   */
  private readonly outPattern: Int32Array;
  private readonly outNext: Int32Array;
  /** Patterns whose folded text is the same up to their key's end: the other ones of an output. */
  private readonly extra: Map<number, number[]>;
  /** The text of each pattern, and its flags (FLAG_*): the Pattern objects are not kept. */
  private readonly texts: string[];
  private readonly flags: Uint8Array;
  /** Length of the longest pattern. */
  private readonly maxLength: number;
  /** Length of the longest key (see keyLength). */
  private readonly maxKey: number;
  /** The state whose dense row starts at offset k * i. */
  private readonly stateOfRow: Int32Array;
  /** How many characters of each pattern the automaton reads (its key); the whole text for most. */
  private readonly keyLength: Int32Array;
  /** Scanning raw JSON text: an escape such as `\n` before a match is a boundary. */
  private jsonRaw = false;
  /** While findRecording scans: where the keys of long patterns were seen. */
  private hits: number[] | null = null;
  /** The scan's encoded state, between advance and its caller. */
  private state = 0;
  /** Where the reports of the last character advance read start (an output), or -1. */
  private reported = -1;

  /**
   * `denseCells`: budget of dense transition cells (tests set it low to exercise the sparse path);
   * `keyChars`: patterns longer than this enter by a key (tests set it low to exercise keys).
   */
  constructor(patterns: readonly Pattern[], denseCells = DENSE_CELLS, keyChars = KEY_CHARS) {
    const count = patterns.length;
    const texts = new Array<string>(count);
    const flags = new Uint8Array(count);
    for (let i = 0; i < count; i++) {
      const p = patterns[i]!;
      texts[i] = p.text;
      flags[i] = (p.caseInsensitive ? FLAG_CASE_INSENSITIVE : 0) | (p.anywhere ? FLAG_ANYWHERE : 0);
    }
    this.texts = texts;
    this.flags = flags;
    const f = fold();
    const keyLength = keyLengths(patterns, keyChars, f);
    const classes = new Uint16Array(65536);
    let k = 1; // class 0: a character in no pattern
    let maxLength = 0;
    let maxKey = 0;
    for (let idx = 0; idx < count; idx++) {
      const text = texts[idx]!;
      const key = keyLength[idx]!;
      maxLength = Math.max(maxLength, text.length);
      maxKey = Math.max(maxKey, key);
      for (let i = 0; i < key; i++) {
        const c = f[text.charCodeAt(i)]!;
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
    this.maxLength = maxLength;
    this.maxKey = maxKey;
    this.keyLength = keyLength;

    // The trie is built from the keys sorted by their classes (equal ones by index), a level at a time:
    // the states of a depth are the runs of sorted keys that share their beginning that long, so no
    // state is ever made and then moved, and nothing is kept per character but the four arrays above.
    const cls = (p: number, i: number): number => classes[f[texts[p]!.charCodeAt(i)]!]!;
    let m = 0;
    for (let idx = 0; idx < count; idx++) if (keyLength[idx]! > 0) m++;
    const order = new Int32Array(m);
    for (let idx = 0, r = 0; idx < count; idx++) if (keyLength[idx]! > 0) order[r++] = idx;
    // common beginning, in classes, of the keys of patterns a and b
    const common = (a: number, b: number): number => {
      const n = Math.min(keyLength[a]!, keyLength[b]!);
      let i = 0;
      while (i < n && cls(a, i) === cls(b, i)) i++;
      return i;
    };
    order.sort((a, b) => {
      const i = common(a, b);
      const la = keyLength[a]!;
      const lb = keyLength[b]!;
      if (i === la || i === lb) return la - lb || a - b;
      return cls(a, i) - cls(b, i);
    });
    // lcp[r]: the common beginning of sorted keys r - 1 and r; key r adds the states of depths lcp[r] + 1
    // to its length
    const lcp = new Int32Array(m);
    const perDepth = new Int32Array(maxKey + 2);
    let n = 1;
    for (let r = 0; r < m; r++) {
      const l = r === 0 ? 0 : common(order[r - 1]!, order[r]!);
      lcp[r] = l;
      const key = keyLength[order[r]!]!;
      n += key - l;
      perDepth[l + 1]!++;
      perDepth[key + 1]!--;
    }
    for (let d = 2; d <= maxKey; d++) perDepth[d]! += perDepth[d - 1]!;
    perDepth[0] = 1;
    const levelStart = new Int32Array(maxKey + 2);
    for (let d = 0, at = 0; d <= maxKey; d++) {
      levelStart[d] = at;
      at += perDepth[d]!;
    }
    levelStart[maxKey + 1] = n;
    const first = new Int32Array(n + 1);
    const edgeClass = new Uint16Array(n);
    const report = new Int32Array(n).fill(-1);
    const outPattern = new Int32Array(m);
    const extra = new Map<number, number[]>();
    let outs = 0;
    {
      // the runs of the states of a depth, in order: sorted keys [lo, hi) of each
      let runs = new Int32Array(2);
      runs[1] = m;
      let runCount = 1;
      let next = new Int32Array(16);
      let id = 1;
      for (let d = 0, s = 0; runCount > 0; d++) {
        let nextCount = 0;
        for (let q = 0; q < runCount; q++, s++) {
          const hi = runs[2 * q + 1]!;
          let r = runs[2 * q]!;
          // keys that end here come first in their run
          if (r < hi && keyLength[order[r]!]! === d) {
            outPattern[outs] = order[r]!;
            report[s] = outs;
            for (r++; r < hi && keyLength[order[r]!]! === d; r++) {
              const more = extra.get(outs);
              if (more) more.push(order[r]!);
              else extra.set(outs, [order[r]!]);
            }
            outs++;
          }
          first[s] = id;
          while (r < hi) {
            let e = r + 1;
            while (e < hi && lcp[e]! > d) e++;
            edgeClass[id++] = cls(order[r]!, d);
            if (2 * nextCount + 2 > next.length) {
              const grown = new Int32Array(next.length * 2);
              grown.set(next);
              next = grown;
            }
            next[2 * nextCount] = r;
            next[2 * nextCount + 1] = e;
            nextCount++;
            r = e;
          }
        }
        [runs, next] = [next, runs];
        runCount = nextCount;
      }
      first[n] = n;
    }
    const fail = new Int32Array(n);
    // dense rows for the states the scan spends its time in: the shallowest ones, within a budget
    let denseDepth = 0;
    let denseRows = perDepth[0]!;
    while (denseDepth + 1 <= maxKey && (denseRows + perDepth[denseDepth + 1]!) * k <= denseCells) {
      denseDepth++;
      denseRows += perDepth[denseDepth]!;
    }
    const denseCount = denseRows;
    // failure links of the dense states first, through the trie (they are few), to know which report
    const childOf = (st: number, c: number): number => {
      const e = first[st + 1]!;
      for (let ch = first[st]!; ch < e; ch++) if (edgeClass[ch] === c) return ch;
      return -1;
    };
    for (let st = 0; st < levelStart[denseDepth]!; st++) {
      for (let ch = first[st]!; ch < first[st + 1]!; ch++) {
        let fs = 0;
        if (st !== 0) {
          for (let t = fail[st]!; ; t = fail[t]!) {
            const c = childOf(t, edgeClass[ch]!);
            if (c !== -1) {
              fs = c;
              break;
            }
            if (t === 0) break;
          }
        }
        fail[ch] = fs;
      }
    }
    const loud = new Uint8Array(denseCount);
    for (let st = 0; st < denseCount; st++) loud[st] = report[st] !== -1 || (st !== 0 && loud[fail[st]!] === 1) ? 1 : 0;
    // the rows of dense states without reports first (the root's first of all), then the others
    const denseCode = new Int32Array(denseCount);
    const stateOfRow = new Int32Array(denseCount);
    let rows = 0;
    for (let st = 0; st < denseCount; st++) if (loud[st] === 0) denseCode[(stateOfRow[rows] = st)] = k * rows++;
    const reportRows = rows * k;
    for (let st = 0; st < denseCount; st++) if (loud[st] === 1) denseCode[(stateOfRow[rows] = st)] = k * rows++;
    const delta = new Int32Array(rows * k);
    const codeOf = (st: number): number => (st < denseCount ? denseCode[st]! : -(st + 1));
    // the next state from a state whose row, if dense, is complete
    const step = (st: number, c: number): number => {
      for (;;) {
        if (st < denseCount) {
          const v = delta[denseCode[st]! + c]!;
          return v >= 0 ? stateOfRow[v / k]! : -v - 1;
        }
        const ch = childOf(st, c);
        if (ch !== -1) return ch;
        st = fail[st]!;
      }
    };
    const outNext = new Int32Array(outs);
    // breadth first: a state's failure link is shallower, so its row is complete before it is read
    for (let st = 0; st < n; st++) {
      const own = report[st]!;
      if (st !== 0) {
        const up = report[fail[st]!]!;
        if (own === -1) report[st] = up;
        else outNext[own] = up;
      }
      const e = first[st + 1]!;
      if (st >= levelStart[denseDepth]!)
        for (let ch = first[st]!; ch < e; ch++) fail[ch] = st === 0 ? 0 : step(fail[st]!, edgeClass[ch]!);
      if (st < denseCount) {
        const base = denseCode[st]!;
        if (st !== 0) {
          const fbase = denseCode[fail[st]!]!; // the failure state is shallower, hence dense
          delta.copyWithin(base, fbase, fbase + k);
        }
        for (let ch = first[st]!; ch < e; ch++) delta[base + edgeClass[ch]!] = codeOf(ch);
      }
    }
    const rowReport = new Int32Array(rows - reportRows / k);
    for (let row = reportRows / k; row < rows; row++) rowReport[row - reportRows / k] = report[stateOfRow[row]!]!;
    this.delta = delta;
    this.reportRows = reportRows;
    this.rowReport = rowReport;
    this.first = first;
    this.edgeClass = edgeClass;
    this.fail = fail;
    this.report = report;
    this.denseCount = denseCount;
    this.denseCode = denseCode;
    this.levelStart = levelStart;
    this.outPattern = outs === m ? outPattern : outPattern.slice(0, outs);
    this.outNext = outNext;
    this.stateOfRow = stateOfRow;
    this.extra = extra;
  }

  get size(): number {
    return this.texts.length;
  }

  /** Length of the longest pattern. */
  get longest(): number {
    return this.maxLength;
  }

  /**
   * Finds matches in text[from, to), leftmost-longest, non-overlapping,
   * case- and boundary-checked.
   */
  find(text: string, from = 0, to = text.length, jsonRaw = false): Match[] {
    if (this.texts.length === 0) return [];
    this.jsonRaw = jsonRaw;
    const found: Match[] = [];
    this.scan(text, from, to, from, to, found);
    return select(found);
  }

  /**
   * Every match in text, overlapping ones too (case- and boundary-checked),
   * sorted by start then longest first: for an audit that must report each
   * occurrence, where find keeps a leftmost-longest choice.
   */
  findAll(text: string): Match[] {
    if (this.texts.length === 0) return [];
    this.jsonRaw = false;
    const found: Match[] = [];
    this.scan(text, 0, text.length, 0, text.length, found);
    return found.sort((a, b) => a.start - b.start || b.end - a.end);
  }

  /**
   * What find(text, 0, text.length, jsonRaw) would give, for a text in which
   * the only matches can be the ones that overlap one of `spans` (sorted,
   * disjoint) or whose boundary checks read a character of one: every other
   * stretch of the text is known to hold none (the self-check, after its
   * own fixes). Reads only the text around the spans.
   */
  findAround(
    text: string,
    spans: readonly { readonly start: number; readonly end: number }[],
    jsonRaw = false,
  ): Match[] {
    if (this.texts.length === 0 || spans.length === 0) return [];
    this.jsonRaw = jsonRaw;
    // a match overlapping a span starts at most maxLength - 1 before it and ends at most that after it; a
    // boundary check reads one character after a match and, before it, an escape (\uXXXX) and its backslashes
    const reach = this.maxLength + 8;
    const found: Match[] = [];
    let lo = -1;
    let hi = -1;
    for (const sp of spans) {
      let after = sp.end;
      while (after < text.length && text.charCodeAt(after) === 0x5c) after++;
      const a = Math.max(0, sp.start - reach);
      const b = Math.min(text.length, after + reach);
      if (a > hi) {
        if (hi > lo) this.scan(text, lo, hi, 0, text.length, found);
        lo = a;
      }
      hi = Math.max(hi, b);
    }
    if (hi > lo) this.scan(text, lo, hi, 0, text.length, found);
    return select(found);
  }

  /**
   * find(text, 0, text.length, jsonRaw), also keeping the automaton's state
   * every CHECKPOINT characters, for findInSplice on a text made from this one.
   */
  findRecording(text: string, jsonRaw = false): { readonly matches: Match[]; readonly recording: Recording } {
    const checkpoints = new Int32Array((text.length >> CHECKPOINT_BITS) + 1);
    if (this.texts.length === 0) return { matches: [], recording: { checkpoints, keyHits: new Int32Array(0) } };
    this.jsonRaw = jsonRaw;
    const found: Match[] = [];
    const hits: number[] = [];
    this.hits = hits;
    try {
      this.scan(text, 0, text.length, 0, text.length, found, 0, checkpoints);
    } finally {
      this.hits = null;
    }
    return { matches: select(found), recording: { checkpoints, keyHits: Int32Array.from(hits) } };
  }

  /**
   * Whether no occurrence of a pattern, letter case and token boundaries aside (a long pattern: its key,
   * and the rest as long as the pattern, whatever it holds), overlaps text[c - reach, c + reach], reach
   * being the longest pattern's length plus one; reads text[c - 2 * reach, c + 2 * reach). Where it holds,
   * and text[c] is neither a letter nor a digit, text may be cut before c: each side (and a twin in which
   * nothing was replaced there) is scanned as within the whole (see the pass-two stretches of index.ts).
   */
  clearAround(text: string, c: number): boolean {
    if (this.texts.length === 0) return true;
    const reach = this.maxLength + 1;
    const hi = Math.min(text.length, c + 2 * reach);
    const { outNext, outPattern, keyLength, texts } = this;
    this.state = 0;
    for (let i = Math.max(0, c - 2 * reach); i < hi;) {
      i = this.advance(text, i, hi, undefined);
      for (let r = this.reported; r !== -1; r = outNext[r]!) {
        const more = this.extra.get(r);
        for (let k = -1; k < (more ? more.length : 0); k++) {
          const p = k < 0 ? outPattern[r]! : more![k]!;
          const start = i - keyLength[p]!;
          if (start <= c + reach && start + texts[p]!.length >= c - reach) return false;
        }
      }
    }
    return true;
  }

  /**
   * What find(out, 0, out.length, jsonRaw) would give, where `out` is `doc`
   * (scanned by findRecording, giving `checkpoints`) with the matches of that
   * scan replaced but for the `dropped` ones (sorted), and maybe other
   * stretches replaced too; `copied` lists, in order, the stretches of `out`
   * copied from `doc`. A match of `out` lying well inside a copied stretch
   * would be a match of `doc` that was neither replaced nor overlapped a
   * replaced one: there is none but about a dropped match, and the text about
   * those is read whole. Otherwise the scan reads each written stretch and the
   * copied text next to it, and jumps over the middle of long copied
   * stretches, taking up the state there from the checkpoints of `doc`.
   * The key of a long pattern read in such a middle is known from `doc`'s
   * scan (`keyHits`): the pattern is confirmed against `out` there, as it may
   * run on into what was written after the copy.
   */
  findInSplice(
    out: string,
    copied: readonly { readonly at: number; readonly from: number; readonly length: number }[],
    dropped: readonly { readonly start: number; readonly end: number }[],
    doc: string,
    recording: Recording,
    jsonRaw = false,
  ): Match[] {
    if (this.texts.length === 0) return [];
    this.jsonRaw = jsonRaw;
    const { fail, keyLength, maxKey } = this;
    const { checkpoints, keyHits } = recording;
    let hit = 0;
    const found: Match[] = [];
    const len = out.length;
    let v = 0;
    let pos = 0;
    let di = 0;
    for (const c of copied) {
      v = this.scan(out, pos, c.at, 0, len, found, v);
      const end = c.at + c.length;
      // a match starting before `clear` may have a boundary check that reads the written text before it
      let clear = c.at;
      while (clear < end && out.charCodeAt(clear) === 0x5c) clear++;
      clear += 8;
      // read on until the text the state stands for starts at `clear` or later: from then on every match
      // found lies inside the copied stretch, its boundary checks too, until TAIL characters before its end
      let t = c.at;
      while (t < end && (t < clear || this.depthOf(this.stateOf(v)) > t - clear)) {
        v = this.scan(out, t, t + 1, 0, len, found, v);
        t++;
      }
      // from t to `to`: read the text, or, when it is long, jump there (every match of `out` ending in
      // between is one of `doc` but for keys of long patterns, confirmed against `out`)
      const reach = (to: number): void => {
        if (to - t <= 2 * (1 << CHECKPOINT_BITS)) {
          v = this.scan(out, t, to, 0, len, found, v);
          t = to;
          return;
        }
        // the state at `to`: the longest text ending there that starts at `clear` or later and is a
        // state, which is on the failure chain of the state of the document at that place
        const d = c.from + (to - c.at);
        // keys of long patterns ending in the part jumped over, (t, to], starting in the copy
        const skipFrom = c.from + (t - c.at);
        while (hit < keyHits.length && keyHits[hit]! + keyLength[keyHits[hit + 1]!]! <= skipFrom) hit += 2;
        for (; hit < keyHits.length && keyHits[hit]! + keyLength[keyHits[hit + 1]!]! <= d; hit += 2) {
          const p = keyHits[hit + 1]!;
          const at = keyHits[hit]! - c.from;
          if (at >= 0) this.check(out, p, c.at + at + keyLength[p]!, 0, len, found);
        }
        const k = d >> CHECKPOINT_BITS;
        let st = this.stateOf(this.run(doc, k << CHECKPOINT_BITS, d, checkpoints[k]!));
        const limit = to - clear;
        while (this.depthOf(st) > limit) st = fail[st]!;
        v = st < this.denseCount ? this.denseCode[st]! : -(st + 1);
        t = to;
      };
      // A match of `doc` that select left out for one it found, but that `out` did not replace (dropped,
      // sorted by start), may be left in the copy: it overlaps the dropped one, so the scan reports it (at
      // its end, or its key's end) after the dropped one's start and before its end plus the longest key.
      // Keys reported before the dropped one's start, in a part jumped over, are confirmed from keyHits.
      while (di < dropped.length && dropped[di]!.end + maxKey <= c.from) di++;
      for (let j = di; j < dropped.length && dropped[j]!.start < c.from + c.length; j++) {
        const a = Math.max(t, c.at + (dropped[j]!.start - c.from));
        const b = Math.min(end, c.at + (dropped[j]!.end + maxKey - c.from));
        if (b <= a) continue;
        reach(a);
        v = this.scan(out, a, b, 0, len, found, v);
        t = b;
      }
      reach(Math.max(t, end - TAIL));
      v = this.scan(out, t, end, 0, len, found, v);
      pos = end;
    }
    this.scan(out, pos, len, 0, len, found, v);
    return select(found);
  }

  /** The depth of a state in the trie (the length of the text it stands for). */
  private depthOf(st: number): number {
    const levelStart = this.levelStart;
    // the last depth whose first state is st or before
    let lo = 0;
    let hi = levelStart.length - 1;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (levelStart[mid]! <= st) lo = mid;
      else hi = mid;
    }
    return lo;
  }

  /** The state (not encoded) of an encoded state. */
  private stateOf(v: number): number {
    return v >= 0 ? this.stateOfRow[v / this.k]! : -v - 1;
  }

  /** Runs the automaton over text[lo, hi) from encoded state v, reporting nothing; returns the state reached. */
  private run(text: string, lo: number, hi: number, v: number): number {
    return this.scan(text, lo, hi, 0, 0, [], v, undefined, false);
  }

  /**
   * Runs the automaton from encoded state v over text[lo, hi); boundary
   * checks see text[from, to). Returns the state reached; `checkpoints`, when
   * given, gets the state at every multiple of CHECKPOINT characters.
   */
  private scan(
    text: string,
    lo: number,
    hi: number,
    from: number,
    to: number,
    found: Match[],
    v = 0,
    checkpoints?: Int32Array,
    emit = true,
  ): number {
    const outNext = this.outNext;
    this.state = v;
    const end = Math.min(hi, text.length);
    for (let i = lo; i < end;) {
      i = this.advance(text, i, end, checkpoints);
      if (!emit) continue;
      for (let r = this.reported; r !== -1; r = outNext[r]!) this.emit(text, r, i, from, to, found);
    }
    return this.state;
  }

  /**
   * Runs the automaton from `state` over text[i, hi) up to the first
   * character that ends a match of the trie: returns the position after it,
   * with `reported` where its reports start, or hi with `reported` -1. Leaves
   * the state reached in `state`. (It calls nothing: the scan's loop, with
   * no call in it, keeps its values in registers.)
   */
  private advance(text: string, i: number, hi: number, checkpoints: Int32Array | undefined): number {
    const { classes, delta, reportRows, rowReport, first, edgeClass, fail, denseCount, denseCode, report, k } = this;
    const mask = (1 << CHECKPOINT_BITS) - 1;
    // bounded so (no change: the scan passes no more), the reads below need no bounds check
    const len = text.length;
    if (hi > len) hi = len;
    let v = this.state;
    while (i < hi) {
      if (checkpoints !== undefined && (i & mask) === 0) checkpoints[i >> CHECKPOINT_BITS] = v;
      // up to the next checkpoint
      const stop = Math.min(hi, (i | mask) + 1);
      for (; i < stop; i++) {
        const cls = classes[text.charCodeAt(i)]!;
        let r: number;
        if (v >= 0) {
          v = delta[v + cls]!;
          // a dense state without reports: the common case
          if (v >= 0 && v < reportRows) continue;
          r = v >= 0 ? rowReport[(v - reportRows) / k]! : report[-v - 1]!;
        } else if (cls === 0) {
          // a character in no pattern leads back to the root from anywhere
          v = 0;
          continue;
        } else {
          let s = -v - 1;
          for (;;) {
            // the children of a sparse state are sparse
            let c = first[s]!;
            const e = first[s + 1]!;
            while (c < e && edgeClass[c] !== cls) c++;
            if (c < e) {
              v = -(c + 1);
              break;
            }
            s = fail[s]!;
            if (s < denseCount) {
              v = delta[denseCode[s]! + cls]!;
              break;
            }
          }
          r = v >= 0 ? (v >= reportRows ? rowReport[(v - reportRows) / k]! : -1) : report[-v - 1]!;
        }
        if (r !== -1) {
          this.state = v;
          this.reported = r;
          return i + 1;
        }
      }
    }
    this.state = v;
    this.reported = -1;
    return hi;
  }

  private emit(text: string, output: number, end: number, from: number, to: number, found: Match[]): void {
    this.check(text, this.outPattern[output]!, end, from, to, found);
    const more = this.extra.get(output);
    if (more) for (const p of more) this.check(text, p, end, from, to, found);
  }

  /** Confirms pattern p whose key ends at `end`: letter case, the rest of a long pattern, token boundaries. */
  private check(text: string, p: number, end: number, from: number, to: number, found: Match[]): void {
    const t = this.texts[p]!;
    const flags = this.flags[p]!;
    const caseInsensitive = (flags & FLAG_CASE_INSENSITIVE) !== 0;
    const start = end - this.keyLength[p]!;
    if (end - start !== t.length) {
      this.hits?.push(start, p);
      end = start + t.length;
      if (end > to) return;
      if (caseInsensitive) {
        const f = fold();
        for (let i = start + this.keyLength[p]!, j = i - start; i < end; i++, j++)
          if (f[text.charCodeAt(i)] !== f[t.charCodeAt(j)]) return;
      }
    }
    if (!caseInsensitive && !text.startsWith(t, start)) return;
    if ((flags & FLAG_ANYWHERE) !== 0) {
      found.push({ start, end, pattern: p });
      return;
    }
    const w = wordChars();
    if (start > from && w[t.charCodeAt(0)] && w[text.charCodeAt(start - 1)]) {
      if (!this.jsonRaw || !endsEscape(text, start - 1, from)) return;
    }
    if (end < to && w[t.charCodeAt(t.length - 1)] && w[text.charCodeAt(end)]) return;
    found.push({ start, end, pattern: p });
  }
}

/**
 * How many characters of each pattern the automaton reads: all of a pattern
 * of at most `keyChars`; of a longer one, the shortest beginning of at least
 * `keyChars` that no other long pattern shares once folded (all of it when
 * it is the folded beginning of another). A key is thus shared only by
 * patterns whose folded texts are the same.
 */
function keyLengths(patterns: readonly Pattern[], keyChars: number, f: Uint16Array): Int32Array {
  const keyLength = new Int32Array(patterns.length);
  const long: number[] = [];
  for (let i = 0; i < patterns.length; i++) {
    keyLength[i] = patterns[i]!.text.length;
    if (keyLength[i]! > keyChars) long.push(i);
  }
  if (long.length === 0) return keyLength;
  // folded comparison in place (no folded copies): the length of the common beginning, and the order
  const common = (a: string, b: string): number => {
    const n = Math.min(a.length, b.length);
    let i = 0;
    while (i < n && f[a.charCodeAt(i)] === f[b.charCodeAt(i)]) i++;
    return i;
  };
  const texts = long.map((i) => patterns[i]!.text);
  const order = long.map((_, r) => r);
  order.sort((x, y) => {
    const a = texts[x]!;
    const b = texts[y]!;
    const i = common(a, b);
    if (i === a.length || i === b.length) return a.length - b.length;
    return f[a.charCodeAt(i)]! - f[b.charCodeAt(i)]!;
  });
  // in sorted order, the longest beginning a text shares with any other is shared with a neighbour
  let before = 0;
  for (let r = 0; r < order.length; r++) {
    const t = texts[order[r]!]!;
    const after = r + 1 < order.length ? common(t, texts[order[r + 1]!]!) : 0;
    keyLength[long[order[r]!]!] = Math.min(t.length, Math.max(keyChars, before + 1, after + 1));
    before = after;
  }
  return keyLength;
}

/** Leftmost-longest, non-overlapping choice among the matches found (in the order the scan found them). */
function select(found: Match[]): Match[] {
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
