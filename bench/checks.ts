/**
 * The evaluation's checks, independent of the pseudonymiser's own code: a
 * multi-pattern search, an order-preserving JSON tree reader, tree-shape
 * comparison (through JSON held in strings), line-ending comparison, and an
 * alignment of the twin on the original that proves every changed byte lies
 * inside a planted or detected value.
 */

// ---------------------------------------------------------------- escaping variants

const pyEscape = (s: string): string =>
  JSON.stringify(s)
    .slice(1, -1)
    .replace(/[\u0080-\uffff]/g, (c) => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
const jsEscape = (s: string): string => JSON.stringify(s).slice(1, -1);

export interface Variant {
  readonly text: string;
  /** How many JSON string layers encode it (decode this many times to get the value). */
  readonly level: number;
}

/**
 * The raw forms a decoded value takes in a file: as is, and inside one to three
 * layers of JSON strings written either raw-UTF-8 (JavaScript style) or
 * ASCII-only with \uXXXX escapes (Python's ensure_ascii).
 */
export function variants(value: string, maxLevel = 3): Variant[] {
  const seen = new Map<string, number>([[value, 0]]);
  let layer = [value];
  for (let level = 1; level <= maxLevel; level++) {
    const next: string[] = [];
    for (const s of layer) {
      for (const e of [jsEscape(s), pyEscape(s)]) {
        if (!seen.has(e)) {
          seen.set(e, level);
          next.push(e);
        }
      }
    }
    if (next.length === 0) break;
    layer = next;
  }
  return [...seen].map(([text, level]) => ({ text, level }));
}

/** Undoes `level` layers of JSON string escaping; the raw text where that fails. */
export function unescapeLevels(raw: string, level: number): string {
  let s = raw;
  for (let i = 0; i < level; i++) {
    try {
      s = JSON.parse(`"${s}"`) as string;
    } catch {
      return s;
    }
  }
  return s;
}

// ---------------------------------------------------------------- multi-pattern search

const fold = (c: number): number => (c >= 65 && c <= 90 ? c + 32 : c);

/** Aho-Corasick automaton over UTF-16 code units, optionally ASCII-case-insensitive. */
export class MultiSearch<T> {
  private readonly next: Map<number, number>[] = [new Map()];
  private readonly out: T[][] = [[]];
  private readonly lens: number[][] = [[]];
  private fail: Int32Array = new Int32Array(1);
  private dict: Int32Array = new Int32Array(1);
  private built = false;

  constructor(private readonly caseInsensitive: boolean) {}

  add(pattern: string, tag: T): void {
    if (pattern.length === 0) return;
    let node = 0;
    for (let i = 0; i < pattern.length; i++) {
      const c = this.caseInsensitive ? fold(pattern.charCodeAt(i)) : pattern.charCodeAt(i);
      let n = this.next[node]!.get(c);
      if (n === undefined) {
        n = this.next.length;
        this.next.push(new Map());
        this.out.push([]);
        this.lens.push([]);
        this.next[node]!.set(c, n);
      }
      node = n;
    }
    this.out[node]!.push(tag);
    this.lens[node]!.push(pattern.length);
    this.built = false;
  }

  private build(): void {
    const n = this.next.length;
    this.fail = new Int32Array(n);
    this.dict = new Int32Array(n).fill(-1);
    const queue: number[] = [];
    for (const child of this.next[0]!.values()) queue.push(child);
    for (let qi = 0; qi < queue.length; qi++) {
      const node = queue[qi]!;
      for (const [c, child] of this.next[node]!) {
        let f = this.fail[node]!;
        while (f !== 0 && !this.next[f]!.has(c)) f = this.fail[f]!;
        const g = this.next[f]!.get(c);
        this.fail[child] = g !== undefined && g !== child ? g : 0;
        const fc = this.fail[child]!;
        this.dict[child] = this.out[fc]!.length > 0 ? fc : this.dict[fc]!;
        queue.push(child);
      }
    }
    this.built = true;
  }

  /** Calls `hit(start, end, tag)` for every occurrence (overlapping ones included). */
  scan(text: string, hit: (start: number, end: number, tag: T) => void): void {
    if (!this.built) this.build();
    let node = 0;
    for (let i = 0; i < text.length; i++) {
      const c = this.caseInsensitive ? fold(text.charCodeAt(i)) : text.charCodeAt(i);
      let n = this.next[node]!.get(c);
      while (n === undefined && node !== 0) {
        node = this.fail[node]!;
        n = this.next[node]!.get(c);
      }
      node = n ?? 0;
      for (let o = this.out[node]!.length > 0 ? node : this.dict[node]!; o > 0; o = this.dict[o]!) {
        const tags = this.out[o]!;
        const lens = this.lens[o]!;
        for (let k = 0; k < tags.length; k++) hit(i + 1 - lens[k]!, i + 1, tags[k]!);
      }
    }
  }
}

const WORD = /[\p{L}\p{N}]/u;

/** Whether text[start, end) stands as a whole token: no letter or digit glued to either side (a JSON escape such as `\n` before it does not count as a letter). */
export function atBoundary(text: string, start: number, end: number): boolean {
  if (start > 0 && WORD.test(text[start]!) && WORD.test(text[start - 1]!)) {
    if (!(start >= 2 && text[start - 2] === '\\' && /[a-z]/.test(text[start - 1]!))) return false;
  }
  if (end < text.length && WORD.test(text[end - 1]!) && WORD.test(text[end]!)) return false;
  return true;
}

// ---------------------------------------------------------------- JSON trees

export type JNode =
  | { readonly t: 'o'; readonly keys: string[]; readonly vals: JNode[] }
  | { readonly t: 'a'; readonly items: JNode[] }
  | { readonly t: 's'; readonly v: string }
  | { readonly t: 'n'; readonly raw: string }
  | { readonly t: 'b'; readonly v: boolean }
  | { readonly t: 'z' };

/**
 * Reads JSON keeping every key in document order (duplicates and numeric keys
 * included) and number spellings. Returns null when the text is not JSON.
 */
export function readJson(text: string): JNode | null {
  try {
    JSON.parse(text);
  } catch {
    return null;
  }
  let i = 0;
  const ws = (): void => {
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 10 || c === 13 || c === 9) i++;
      else break;
    }
  };
  const str = (): string => {
    const start = i;
    i++;
    let escaped = false;
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 92) {
        escaped = true;
        i += 2;
        continue;
      }
      i++;
      if (c === 34) break;
    }
    const raw = text.slice(start, i);
    return escaped ? (JSON.parse(raw) as string) : raw.slice(1, -1);
  };
  const value = (): JNode => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      const keys: string[] = [];
      const vals: JNode[] = [];
      ws();
      if (text[i] === '}') {
        i++;
        return { t: 'o', keys, vals };
      }
      for (;;) {
        ws();
        keys.push(str());
        ws();
        i++; // :
        vals.push(value());
        ws();
        if (text[i++] === '}') return { t: 'o', keys, vals };
      }
    }
    if (c === '[') {
      i++;
      const items: JNode[] = [];
      ws();
      if (text[i] === ']') {
        i++;
        return { t: 'a', items };
      }
      for (;;) {
        items.push(value());
        ws();
        if (text[i++] === ']') return { t: 'a', items };
      }
    }
    if (c === '"') return { t: 's', v: str() };
    if (text.startsWith('true', i)) {
      i += 4;
      return { t: 'b', v: true };
    }
    if (text.startsWith('false', i)) {
      i += 5;
      return { t: 'b', v: false };
    }
    if (text.startsWith('null', i)) {
      i += 4;
      return { t: 'z' };
    }
    const start = i;
    while (i < text.length && /[-+0-9.eE]/.test(text[i]!)) i++;
    return { t: 'n', raw: text.slice(start, i) };
  };
  return value();
}

const looksLikeJson = (s: string): boolean => /^\s*[[{]/.test(s);

/**
 * Compares two JSON trees: same types, same keys in the same order (a key may
 * differ only when `keyMayChange` says the original key holds a replaced
 * value), same array lengths, same number spellings (a number `keyMayChange`
 * says is a replaced value may become digits of the same length); strings holding JSON
 * containers are compared the same way, layer by layer. Returns the first
 * difference, or null.
 */
export function compareTrees(
  a: JNode,
  b: JNode,
  keyMayChange: (key: string) => boolean,
  path = '$',
  depth = 0,
): string | null {
  if (a.t !== b.t) return `${path}: type ${a.t} became ${b.t}`;
  switch (a.t) {
    case 'o': {
      const bo = b as typeof a;
      if (a.keys.length !== bo.keys.length) return `${path}: ${a.keys.length} keys became ${bo.keys.length}`;
      for (let k = 0; k < a.keys.length; k++) {
        const ka = a.keys[k]!;
        const kb = bo.keys[k]!;
        if (ka !== kb && !keyMayChange(ka)) return `${path}: key ${JSON.stringify(ka)} became ${JSON.stringify(kb)}`;
        const d = compareTrees(a.vals[k]!, bo.vals[k]!, keyMayChange, `${path}.${ka}`, depth);
        if (d) return d;
      }
      return null;
    }
    case 'a': {
      const ba = b as typeof a;
      if (a.items.length !== ba.items.length) return `${path}: ${a.items.length} items became ${ba.items.length}`;
      for (let k = 0; k < a.items.length; k++) {
        const d = compareTrees(a.items[k]!, ba.items[k]!, keyMayChange, `${path}[${k}]`, depth);
        if (d) return d;
      }
      return null;
    }
    case 'n': {
      // a number that is a replaced value (an id under `author_id`) may become another of the same length
      const rb = (b as typeof a).raw;
      if (a.raw === rb || (a.raw.length === rb.length && /^\d+$/.test(rb) && keyMayChange(a.raw))) return null;
      return `${path}: number ${a.raw} became ${rb}`;
    }
    case 'b':
      return a.v === (b as typeof a).v ? null : `${path}: boolean changed`;
    case 'z':
      return null;
    case 's': {
      const bs = (b as typeof a).v;
      if (depth >= 4 || !(looksLikeJson(a.v) || looksLikeJson(bs))) return null;
      const ia = looksLikeJson(a.v) ? readJson(a.v) : null;
      const ib = looksLikeJson(bs) ? readJson(bs) : null;
      if ((ia === null) !== (ib === null))
        return `${path}: JSON held in the string ${ia ? 'no longer parses' : 'parses in the twin only'}`;
      if (ia && ib) return compareTrees(ia, ib, keyMayChange, `${path}<json>`, depth + 1);
      return null;
    }
  }
}

// ---------------------------------------------------------------- lines

export interface LineShape {
  readonly lf: number;
  readonly crlf: number;
  readonly finalNewline: boolean;
}

export function lineShape(text: string): LineShape {
  let lf = 0;
  let crlf = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
    lf++;
    if (i > 0 && text.charCodeAt(i - 1) === 13) crlf++;
  }
  return { lf, crlf, finalNewline: text.endsWith('\n') };
}

export function sameLines(a: LineShape, b: LineShape): string | null {
  if (a.lf !== b.lf) return `${a.lf} line feeds became ${b.lf}`;
  if (a.crlf !== b.crlf) return `${a.crlf} CRLF endings became ${b.crlf}`;
  if (a.finalNewline !== b.finalNewline) return 'final newline changed';
  return null;
}

// ---------------------------------------------------------------- alignment

export interface Alignment {
  /** Fixed (unchanged) pieces: original start/end and where they sit in the twin. */
  readonly fixed: readonly { readonly start: number; readonly end: number; readonly at: number }[];
  /** Null when every changed byte lies inside an allowed interval; else where it went wrong. */
  readonly failure: string | null;
}

function snippet(s: string, at: number): string {
  return JSON.stringify(s.slice(Math.max(0, at - 30), at + 50));
}

/** Merges intervals that overlap or touch. */
export function mergeIntervals(list: [number, number][]): [number, number][] {
  list.sort((x, y) => x[0] - y[0] || y[1] - x[1]);
  const out: [number, number][] = [];
  for (const iv of list) {
    const last = out[out.length - 1];
    if (last && iv[0] <= last[1]) last[1] = Math.max(last[1], iv[1]);
    else out.push([iv[0], iv[1]]);
  }
  return out;
}

/**
 * Aligns the twin on the original: the text outside the allowed intervals
 * (merged) must appear in the twin unchanged and in order, and what stands in
 * the twin for an interval must keep its count of line feeds and stay within
 * a generous length. Greedy leftmost matching of the fixed pieces (exact for
 * patterns of fixed text and gaps).
 */
export function align(original: string, twin: string, allowed: [number, number][]): Alignment {
  // first reading each replaced value as keeping the copies of the next fixed piece that it holds (a name
  // `First<TAB>Last` before a TSV tab); when that leaves a later value nothing or fails, the first occurrence
  const skipping = alignWith(original, twin, allowed, true);
  return skipping.failure === null ? skipping : alignWith(original, twin, allowed, false);
}

function alignWith(original: string, twin: string, allowed: [number, number][], skip: boolean): Alignment {
  const ivs = mergeIntervals(allowed);
  const fixed: { start: number; end: number; at: number }[] = [];
  const nl = (s: string): number => s.split('\n').length - 1;
  const firstDiff = (oStart: number, tStart: number): string => {
    let k = 0;
    while (oStart + k < original.length && original[oStart + k] === twin[tStart + k]) k++;
    return `twin differs outside any replaced value at original offset ${oStart + k}: ${snippet(original, oStart + k)} vs ${snippet(twin, tStart + k)}`;
  };
  const head = ivs.length > 0 ? ivs[0]![0] : original.length;
  if (ivs.length === 0) {
    return { fixed: [{ start: 0, end: original.length, at: 0 }], failure: original === twin ? null : firstDiff(0, 0) };
  }
  if (!twin.startsWith(original.slice(0, head))) return { fixed, failure: firstDiff(0, 0) };
  fixed.push({ start: 0, end: head, at: 0 });
  let t = head;
  for (let k = 0; k < ivs.length; k++) {
    const [s, e] = ivs[k]!;
    const nextStart = k + 1 < ivs.length ? ivs[k + 1]![0] : original.length;
    const piece = original.slice(e, nextStart);
    let p: number;
    if (k + 1 === ivs.length) {
      p = twin.length - piece.length;
      if (p < t || !twin.endsWith(piece))
        return { fixed, failure: `end of the twin differs: ${firstDiff(e, Math.max(t, p))}` };
    } else {
      p = twin.indexOf(piece, t);
      if (p < 0) return { fixed, failure: firstDiff(e, t + (e - s)) };
      // a replaced value that holds the piece itself keeps it in its stand-in: skip as many occurrences
      const inside = skip ? occurrences(original.slice(s, e), piece) : 0;
      for (let n = 0; n < inside && p >= 0; n++) p = twin.indexOf(piece, p + piece.length);
      if (p < 0) return { fixed, failure: firstDiff(e, t + (e - s)) };
    }
    const a = original.slice(s, e);
    const x = twin.slice(t, p);
    if (nl(x) !== nl(a))
      return {
        fixed,
        failure: `a replacement changed the line count near original offset ${s}: ${snippet(original, s)} vs ${snippet(twin, t)}`,
      };
    if (x.length > 4 * a.length + 64) return { fixed, failure: firstDiff(e, t + a.length) };
    if (skip && x.length === 0 && a.length > 0)
      return { fixed, failure: `nothing stands for the value at original offset ${s}` };
    fixed.push({ start: e, end: nextStart, at: p });
    t = p + piece.length;
  }
  return { fixed, failure: null };
}

/** Where an original offset lands in the twin: defined inside fixed pieces and at interval edges. */
export function mapOffset(al: Alignment, offset: number): number | undefined {
  const f = al.fixed;
  let lo = 0;
  let hi = f.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (f[mid]!.start <= offset) lo = mid;
    else hi = mid - 1;
  }
  const piece = f[lo];
  if (piece && offset >= piece.start && offset <= piece.end) return piece.at + (offset - piece.start);
  return undefined;
}

/** Non-overlapping occurrences of `piece` in `s`. */
function occurrences(s: string, piece: string): number {
  if (piece.length === 0) return 0;
  let n = 0;
  for (let i = s.indexOf(piece); i >= 0; i = s.indexOf(piece, i + piece.length)) n++;
  return n;
}
