/**
 * A byte-preserving JSON scanner. It validates JSON (RFC 8259) without
 * building a tree and reports every string token (keys and values) with its
 * key path. The document is never re-serialised: callers splice replacements
 * into the original text, so whitespace, key order, escapes and number
 * spelling stay as they were.
 *
 * Iterative (no recursion), so a deeply nested input cannot overflow the stack.
 */
import { own } from '../strings';

/** Key paths up to this many keys keep their key list (PathNode.keys); traces rarely nest deeper. */
const CACHED_KEYS_DEPTH = 32;

/**
 * The most key paths one walk interns (keeps in its tree, so that a path met again is the same node).
 * Each costs about 200 bytes for the rest of the walk; a document of many short distinct keys (data as
 * keys: e-mails, ids, hashes) would otherwise cost some ten times its size. A path past the limit is a
 * fresh node each time it is met: it works the same, but is not recognised as seen (a long text under it
 * is not skipped as a copy, see format/chunks.ts). Traces hold a few thousand distinct paths.
 */
export const MAX_INTERNED_PATHS = 1 << 16;
/** The most children one node interns (a document with data as keys). */
const MAX_INTERNED_CHILDREN = 4096;

/** What the nodes of one tree share: how many it holds. */
interface PathTree {
  interned: number;
}

/**
 * A key path, interned: one node per distinct path in a document, so that
 * visiting millions of strings allocates nothing per string.
 */
export class PathNode {
  private children: Map<string, PathNode> | null = null;
  private cached: readonly string[] | null = null;
  /** Keys from the root (0 for the root). */
  readonly depth: number;
  private readonly tree: PathTree;
  constructor(
    readonly key: string,
    readonly parent: PathNode | null,
  ) {
    this.depth = parent === null ? 0 : parent.depth + 1;
    this.tree = parent === null ? { interned: 0 } : parent.tree;
  }

  child(key: string): PathNode {
    let c = this.children?.get(key);
    if (c === undefined) {
      // a flat copy: the key is a slice of a decoded block, which the path would keep alive
      c = new PathNode(own(key), this);
      // a document with data as keys (e-mails, ids) must not grow the tree without bound
      const tree = this.tree;
      if (tree.interned < MAX_INTERNED_PATHS && (this.children?.size ?? 0) < MAX_INTERNED_CHILDREN) {
        (this.children ??= new Map()).set(c.key, c);
        tree.interned++;
      }
    }
    return c;
  }

  /** How many paths this node's tree has interned (tests). */
  get interned(): number {
    return this.tree.interned;
  }

  /**
   * The keys from the root, outermost first; array positions are `*`. Kept with the node up to
   * CACHED_KEYS_DEPTH keys; a deeper path's list is made on each call, so that a document with many
   * distinct deep paths does not hold a list of O(depth) per path (O(depth²) over one deep chain).
   */
  keys(): readonly string[] {
    if (this.cached !== null) return this.cached;
    if (this.depth > CACHED_KEYS_DEPTH) {
      const out = new Array<string>(this.depth);
      out[this.depth - 1] = this.key;
      for (let n = this.parent; n !== null && n.parent !== null; n = n.parent) out[n.depth - 1] = n.key;
      return out;
    }
    // concat, not a spread: an array built by spreading keeps room to grow (some 130 bytes more per path)
    this.cached = this.parent === null ? [] : this.parent.keys().concat(this.key);
    return this.cached;
  }

  /** The nearest key that is not an array position, or undefined. */
  lastKey(): string | undefined {
    if (this.parent === null) return undefined;
    return this.key === '*' ? this.parent.lastKey() : this.key;
  }

  /** The key of the object that holds lastKey (`customer` for `customer.id`, `users` for `users[].id`), or undefined. */
  parentKey(): string | undefined {
    return this.key === '*' ? this.parent?.parentKey() : this.parent?.lastKey();
  }
}

/**
 * Called for each string token: `start` is the opening quote, `end` one past
 * the closing quote; `escapes` is 0 when the raw content holds no escapes,
 * else ESCAPED with the bits of styleOf's findings (see styleOfEscapes).
 */
export type StringVisitor = (start: number, end: number, isKey: boolean, path: PathNode, escapes: number) => void;

/** The raw content of a string holds an escape. */
export const ESCAPED = 1;
/** It holds what styleOf reads as a character past U+007F written as `\u` (STYLE_PATTERN). */
const WIDE_ESCAPE = 2;
/** It holds `\/` (at any backslash, as styleOf reads it). */
const SLASH_ESCAPE = 4;

const OBJ = 1;
const ARR = 2;

/**
 * The deepest nesting of arrays and objects the engine twins. Each level costs the scanner a key-path node
 * and its cached key list (O(depth) each), so a document of only brackets (`[[[[…]]]]`) would cost hundreds
 * of times its size; traces nest a few dozen levels at most. A document deeper than this is refused before
 * it is decoded (the survey's {@link NestingGauge}); a JSON text inside a string deeper than this is kept as
 * a plain string ({@link walkJson} does not read it as JSON).
 */
export const MAX_NESTING = 256;

/** 1 for the bytes NestingGauge passes over inside a string: all but `\\`, `"` and the line feed. */
const STRING_PLAIN = new Uint8Array(256).fill(1);
STRING_PLAIN[0x5c] = STRING_PLAIN[0x22] = STRING_PLAIN[0x0a] = 0;

/**
 * Measures the nesting of arrays and objects in JSON bytes as they stream by, in constant memory: brackets
 * inside strings do not count. Fed with the whole document in order (or, for JSON Lines, with blocks of
 * whole lines: each line counts from zero). It reads the bytes as JSON would without validating them; a
 * document that is not JSON may be measured wrong, which only matters to the bound of walkJson's own check.
 */
export class NestingGauge {
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** The deepest nesting seen so far. */
  deepest = 0;

  constructor(private readonly perLine: boolean) {}

  /** Reads the next bytes; false as soon as the nesting passes `limit` (the gauge is then spent). */
  feed(bytes: Uint8Array, limit: number = MAX_NESTING): boolean {
    let depth = this.depth;
    let inString = this.inString;
    let escaped = this.escaped;
    let deepest = this.deepest;
    const perLine = this.perLine;
    const n = bytes.length;
    for (let i = 0; i < n; i++) {
      let c = bytes[i]!;
      if (inString) {
        if (escaped) {
          escaped = false;
          continue;
        }
        // most bytes are inside strings: skip to the next one that matters there (one table read a byte)
        while (STRING_PLAIN[c] === 1 && ++i < n) c = bytes[i]!;
        if (i === n) break;
        if (c === 0x5c) escaped = true;
        else if (c === 0x22) inString = false;
        else if (perLine) {
          // a line feed: a JSON string holds none, the line was not JSON, and the next one starts afresh
          inString = false;
          depth = 0;
        }
        continue;
      }
      if (c === 0x22) inString = true;
      else if (c === 0x5b || c === 0x7b) {
        if (++depth > deepest) {
          deepest = depth;
          if (deepest > limit) {
            this.deepest = deepest;
            return false;
          }
        }
      } else if (c === 0x5d || c === 0x7d) {
        if (depth > 0) depth--;
      } else if (c === 0x0a && perLine) {
        depth = 0;
        escaped = false;
      }
    }
    this.depth = depth;
    this.inString = inString;
    this.escaped = escaped;
    this.deepest = deepest;
    return true;
  }
}

function isWs(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/**
 * Index after the string token starting at `i` (a quote), or -1 if invalid.
 * Sets lastEscapes (see StringVisitor): every backslash of the raw content is
 * looked at, the second of an escaped backslash too, as styleOf does.
 */
let lastEscapes = 0;
function scanString(text: string, i: number, end: number): number {
  let escapes = 0;
  let j = i + 1;
  for (;;) {
    if (j >= end) return -1;
    let c = text.charCodeAt(j);
    if (c !== 0x22 && c !== 0x5c && c >= 0x20) {
      j = plainRunEnd(text, j + 1, end);
      if (j >= end) return -1;
      c = text.charCodeAt(j);
    }
    if (c === 0x22) {
      lastEscapes = escapes;
      return j + 1;
    }
    if (c !== 0x5c) return -1;
    escapes |= ESCAPED;
    const e = text.charCodeAt(j + 1);
    if (e === 0x75) {
      for (let h = 2; h < 6; h++) {
        const d = text.charCodeAt(j + h);
        const hex = (d >= 48 && d <= 57) || (d >= 65 && d <= 70) || (d >= 97 && d <= 102);
        if (!hex) return -1;
      }
      if (escapesNonAscii(text, j + 2)) escapes |= WIDE_ESCAPE;
      j += 6;
      continue;
    }
    if (e === 0x2f) escapes |= SLASH_ESCAPE;
    else if (e === 0x5c) {
      // the second backslash read as styleOf reads it (past the content is the closing quote, which matches nothing)
      const f = text.charCodeAt(j + 2);
      if (f === 0x2f) escapes |= SLASH_ESCAPE;
      else if (f === 0x75 && escapesNonAscii(text, j + 3)) escapes |= WIDE_ESCAPE;
    }
    if (e === 0x22 || e === 0x5c || e === 0x2f || e === 0x62 || e === 0x66 || e === 0x6e || e === 0x72 || e === 0x74) {
      j += 2;
      continue;
    }
    return -1;
  }
}

/** Characters that may stand in a JSON string as they are, from lastIndex on (a run ends at `"`, `\` or a control character). */
const PLAIN_RUN = /[^"\\\x00-\x1f]*/y;
/**
 * The first position from `j` on holding `"`, `\` or a control character, or a
 * position at or past `end` when [j, end) has none. (A sticky pattern reads
 * even short runs faster than a loop over each character.)
 */
export function plainRunEnd(text: string, j: number, end: number): number {
  if (j >= end) return j;
  PLAIN_RUN.lastIndex = j;
  PLAIN_RUN.test(text);
  return PLAIN_RUN.lastIndex;
}

function scanNumber(text: string, i: number, end: number): number {
  let j = i;
  if (text.charCodeAt(j) === 0x2d) j++;
  const d0 = text.charCodeAt(j);
  if (d0 === 0x30) j++;
  else if (d0 >= 0x31 && d0 <= 0x39) {
    while (j < end && isDigit(text.charCodeAt(j))) j++;
  } else return -1;
  if (text.charCodeAt(j) === 0x2e) {
    j++;
    if (!isDigit(text.charCodeAt(j))) return -1;
    while (j < end && isDigit(text.charCodeAt(j))) j++;
  }
  const e = text.charCodeAt(j);
  if (e === 0x65 || e === 0x45) {
    j++;
    const s = text.charCodeAt(j);
    if (s === 0x2b || s === 0x2d) j++;
    if (!isDigit(text.charCodeAt(j))) return -1;
    while (j < end && isDigit(text.charCodeAt(j))) j++;
  }
  return j > end ? -1 : j;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function scanLiteral(text: string, i: number, word: string): number {
  return text.startsWith(word, i) ? i + word.length : -1;
}

/**
 * Walks the JSON text in [start, end). Returns true when it is exactly one
 * valid JSON value (surrounding whitespace allowed) nested no deeper than
 * MAX_NESTING levels (deeper, it returns false as for invalid JSON, having
 * held at most MAX_NESTING levels). The visitor is called
 * only when `visit` is given; callers that must not act on invalid input
 * validate first with `visit` undefined.
 */
export function walkJson(
  text: string,
  start: number,
  end: number,
  visit?: StringVisitor,
  root: PathNode = new PathNode('', null),
  /** Called for each number token (with `visit`): its start, its end, the key path of its place. */
  visitNumber?: (start: number, end: number, path: PathNode) => void,
): boolean {
  const walk = new JsonWalk(root, visit, visitNumber);
  return walk.feed(text, start, end) && walk.done();
}

/** What a JSON walk expects next (see JsonWalk). */
const VALUE = 0;
/** After `{`: `}` or a key. */
const OPEN_OBJECT = 1;
/** After `[`: `]` or a value. */
const OPEN_ARRAY = 2;
/** A key, after `,` in an object. */
const KEY = 3;
/** After a value: `,`, a closing bracket, or the end. */
const AFTER = 4;

/**
 * A walk of one JSON value given in consecutive pieces (`feed`), as walkJson walks it given whole. A piece may end
 * only where a string's opening quote (or the end of the value) follows, never inside a token or between a key and
 * its colon: a whole JSON document is walked in stretches cut before its strings, so that it is never decoded
 * whole. The visitors' positions are positions in the piece.
 */
export class JsonWalk {
  private readonly ctx: number[] = [];
  private path: PathNode;
  private state = VALUE;
  constructor(
    root: PathNode,
    private readonly visit?: StringVisitor,
    private readonly visitNumber?: (start: number, end: number, path: PathNode) => void,
  ) {
    this.path = root;
  }

  /** Whether what was fed is exactly one whole JSON value. */
  done(): boolean {
    return this.state === AFTER && this.ctx.length === 0;
  }

  /** Walks [start, end) of `text`, the next piece. False when what was fed cannot be JSON (the walk is then over). */
  feed(text: string, start: number, end: number): boolean {
    const ctx = this.ctx;
    const visit = this.visit;
    const visitNumber = this.visitNumber;
    let path = this.path;
    let state = this.state;
    let i = start;
    const ws = (): void => {
      while (i < end && isWs(text.charCodeAt(i))) i++;
    };
    for (;;) {
      ws();
      if (i >= end) {
        this.path = path;
        this.state = state;
        return true;
      }
      if (state === AFTER) {
        // after a value: close containers or move to the next element
        if (ctx.length === 0) return false;
        const d = text.charCodeAt(i);
        if (ctx[ctx.length - 1] === OBJ) {
          if (d === 0x2c) {
            i++;
            path = path.parent!;
            state = KEY;
          } else if (d === 0x7d) {
            i++;
            path = path.parent!;
            ctx.pop();
          } else return false;
        } else if (d === 0x2c) {
          i++;
          state = VALUE;
        } else if (d === 0x5d) {
          i++;
          ctx.pop();
          path = path.parent!;
        } else return false;
        continue;
      }
      if (state === OPEN_OBJECT || state === KEY) {
        if (state === OPEN_OBJECT) {
          if (text.charCodeAt(i) === 0x7d) {
            i++;
            state = AFTER;
            continue;
          }
          ctx.push(OBJ);
        }
        // a key string: pushed on the path
        if (text.charCodeAt(i) !== 0x22) return false;
        const e = scanString(text, i, end);
        if (e < 0) return false;
        const escapes = lastEscapes;
        if (visit) {
          visit(i, e, true, path, escapes);
          path = path.child(escapes !== 0 ? decodeJsonToken(text, i, e) : text.slice(i + 1, e - 1));
        } else path = path.child('');
        i = e;
        ws();
        if (text.charCodeAt(i) !== 0x3a) return false;
        i++;
        state = VALUE;
        continue;
      }
      if (state === OPEN_ARRAY) {
        if (text.charCodeAt(i) === 0x5d) {
          i++;
          state = AFTER;
          continue;
        }
        ctx.push(ARR);
        path = path.child('*');
        state = VALUE;
        continue;
      }
      // a value is expected at i
      const c = text.charCodeAt(i);
      // one more level than MAX_NESTING (an empty container included) is not read
      if ((c === 0x7b || c === 0x5b) && ctx.length >= MAX_NESTING) return false;
      if (c === 0x7b) {
        i++;
        state = OPEN_OBJECT;
        continue;
      }
      if (c === 0x5b) {
        i++;
        state = OPEN_ARRAY;
        continue;
      }
      if (c === 0x22) {
        const e = scanString(text, i, end);
        if (e < 0) return false;
        if (visit) visit(i, e, false, path, lastEscapes);
        i = e;
      } else if (c === 0x74) {
        i = scanLiteral(text, i, 'true');
      } else if (c === 0x66) {
        i = scanLiteral(text, i, 'false');
      } else if (c === 0x6e) {
        i = scanLiteral(text, i, 'null');
      } else {
        const n = scanNumber(text, i, end);
        if (n >= 0 && visitNumber !== undefined && visit !== undefined) visitNumber(i, n, path);
        i = n;
      }
      if (i < 0) return false;
      state = AFTER;
    }
  }
}

export interface Decoded {
  readonly text: string;
  /**
   * map[k] = offset (from the string's first raw character) of the raw
   * characters that decode to text[k]; map[text.length] = raw length.
   * Null when the raw text has no escapes (identity).
   */
  readonly map: Int32Array | null;
}

/** Decodes the raw content of a JSON string (between the quotes, already validated). */
export function decodeJsonString(text: string, start: number, end: number): Decoded {
  const raw = text.slice(start, end);
  if (raw.indexOf('\\') < 0) return { text: raw, map: null };
  const map = new Int32Array(raw.length + 1);
  let out = '';
  let k = 0;
  let j = 0;
  let runStart = 0;
  while (j < raw.length) {
    if (raw.charCodeAt(j) !== 0x5c) {
      map[k++] = j++;
      continue;
    }
    out += raw.slice(runStart, j);
    const e = raw[j + 1];
    let ch: string;
    let len = 2;
    switch (e) {
      case 'n':
        ch = '\n';
        break;
      case 't':
        ch = '\t';
        break;
      case 'r':
        ch = '\r';
        break;
      case 'b':
        ch = '\b';
        break;
      case 'f':
        ch = '\f';
        break;
      case 'u':
        ch = String.fromCharCode(parseInt(raw.slice(j + 2, j + 6), 16));
        len = 6;
        break;
      default:
        ch = e ?? '';
    }
    out += ch;
    map[k++] = j;
    j += len;
    runStart = j;
  }
  out += raw.slice(runStart);
  map[k] = raw.length;
  return { text: out, map: map.subarray(0, k + 1) };
}

/**
 * The decoded value of the JSON string token text[start, end) (quotes
 * included), which the scanner has validated: what decodeJsonString gives,
 * without the position map, by the engine's own JSON parser.
 */
export function decodeJsonToken(text: string, start: number, end: number): string {
  return JSON.parse(text.slice(start, end)) as string;
}

/** How a JSON string was written, so that replacements are written alike. */
export interface EscapeStyle {
  /** Non-ASCII characters written as \uXXXX (Python's ensure_ascii). */
  readonly asciiOnly: boolean;
  /** `/` written as `\/`. */
  readonly slash: boolean;
}

export const PLAIN_STYLE: EscapeStyle = { asciiOnly: false, slash: false };

const STYLES: readonly EscapeStyle[] = [
  PLAIN_STYLE,
  { asciiOnly: true, slash: false },
  { asciiOnly: false, slash: true },
  { asciiOnly: true, slash: true },
];

/**
 * The style of a JSON string's raw content: asciiOnly when the document is
 * ASCII or a `\u` escape anywhere writes a character past U+007F, slash when
 * `\/` occurs anywhere. Every backslash is looked at, escaped ones too, as
 * STYLE_PATTERN would (it stays as the reference in a test).
 */
export function styleOf(raw: string, documentIsAscii: boolean): EscapeStyle {
  let asciiOnly = documentIsAscii;
  let slash = false;
  for (let p = raw.indexOf('\\'); p >= 0 && !(asciiOnly && slash); p = raw.indexOf('\\', p + 1)) {
    const e = raw.charCodeAt(p + 1);
    if (e === 0x2f) slash = true;
    else if (e === 0x75 && !asciiOnly) asciiOnly = escapesNonAscii(raw, p + 2);
  }
  return STYLES[(asciiOnly ? 1 : 0) + (slash ? 2 : 0)]!;
}

/** styleOf of a string's raw content from the escapes walkJson found in it (without reading it again). */
export function styleOfEscapes(escapes: number, documentIsAscii: boolean): EscapeStyle {
  return STYLES[(documentIsAscii || (escapes & WIDE_ESCAPE) !== 0 ? 1 : 0) + ((escapes & SLASH_ESCAPE) !== 0 ? 2 : 0)]!;
}

/** What styleOf looks for after a backslash to call a string asciiOnly, as a pattern. */
export const STYLE_PATTERN = /\\u00[89a-fA-F][0-9a-fA-F]|\\u0[1-9a-fA-F][0-9a-fA-F]{2}|\\u[1-9a-fA-F]/;

/** Whether the four characters from `q` (after `\u`) begin as STYLE_PATTERN requires. */
function escapesNonAscii(raw: string, q: number): boolean {
  const a = raw.charCodeAt(q);
  if (isHex(a) && a !== 0x30) return true;
  if (a !== 0x30) return false;
  const b = raw.charCodeAt(q + 1);
  if (b === 0x30) {
    const c = raw.charCodeAt(q + 2);
    return (c === 0x38 || c === 0x39 || (isHex(c) && c > 0x39)) && isHex(raw.charCodeAt(q + 3));
  }
  return isHex(b) && isHex(raw.charCodeAt(q + 2)) && isHex(raw.charCodeAt(q + 3));
}

function isHex(d: number): boolean {
  return (d >= 48 && d <= 57) || (d >= 65 && d <= 70) || (d >= 97 && d <= 102);
}

const SHORT: Record<number, string> = {
  0x22: '\\"',
  0x5c: '\\\\',
  0x0a: '\\n',
  0x0d: '\\r',
  0x09: '\\t',
  0x08: '\\b',
  0x0c: '\\f',
};

/** Encodes text as the inside of a JSON string, in the given style. */
export function escapeJson(s: string, style: EscapeStyle): string {
  const out: string[] = [];
  let run = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let rep: string | undefined;
    if (c < 0x20 || c === 0x22 || c === 0x5c) rep = SHORT[c] ?? '\\u' + c.toString(16).padStart(4, '0');
    else if (c === 0x2f && style.slash) rep = '\\/';
    else if (c >= 0x80 && style.asciiOnly) rep = '\\u' + c.toString(16).padStart(4, '0');
    if (rep !== undefined) {
      out.push(s.slice(run, i), rep);
      run = i + 1;
    }
  }
  if (run === 0) return s;
  out.push(s.slice(run));
  return out.join('');
}

/**
 * True when decoded string content looks like JSON worth walking: an object,
 * an array, or a JSON string literal (the middle layer of triple encoding).
 */
export function looksLikeJson(s: string): boolean {
  let a = 0;
  while (a < s.length && isWs(s.charCodeAt(a))) a++;
  const c = s.charCodeAt(a);
  if (c !== 0x7b && c !== 0x5b && c !== 0x22) return false;
  let b = s.length - 1;
  while (b > a && isWs(s.charCodeAt(b))) b--;
  const d = s.charCodeAt(b);
  return (c === 0x7b && d === 0x7d) || (c === 0x5b && d === 0x5d) || (c === 0x22 && d === 0x22 && b > a);
}
