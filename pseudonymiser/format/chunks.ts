/**
 * Cuts a trace into chunks of decoded segments for the detectors and the
 * matcher, and maps positions in those segments back to the document.
 *
 * JSON string tokens are decoded; a string whose content is itself JSON is
 * walked in turn (any depth), so an e-mail in tool-call `arguments` is seen as
 * plain text. Every segment remembers the chain of string encodings it sits
 * in (its Level), and a replacement is encoded back through that chain.
 */
import { hash } from 'node:crypto';
import type { Chunk, Format, Segment } from '../types';
import { SEPARATOR } from '../types';
import {
  decodeJsonString,
  decodeJsonToken,
  escapeJson,
  looksLikeJson,
  PathNode,
  JsonWalk,
  PLAIN_STYLE,
  styleOfEscapes,
  walkJson,
  type EscapeStyle,
  type StringVisitor,
} from './json';

const ASCII_STYLE: EscapeStyle = { asciiOnly: true, slash: false };

/** One text in the encoding chain: the document itself, or the decoded content of a JSON string inside its parent. */
export interface Level {
  readonly parent: Level | null;
  /** Where this level's text starts in the parent's text (the first raw character of the string). */
  readonly base: number;
  readonly map: Int32Array | null;
  readonly style: EscapeStyle | null;
  /**
   * The escaping styles from this level out to the document, one code per
   * level (see styleCode); '' for the document itself.
   */
  readonly chain: string;
}

/** One character per escaping style: asciiOnly and slash as two bits. */
export function styleCode(style: EscapeStyle): string {
  return String((style.asciiOnly ? 1 : 0) + (style.slash ? 2 : 0));
}

export function styleOfCode(code: string): EscapeStyle {
  const n = Number(code);
  return { asciiOnly: (n & 1) !== 0, slash: (n & 2) !== 0 };
}

/**
 * A JSON string's decoded content as a level. Its position map is built only
 * when asked for (a replacement found by pass one inside it): most strings
 * never need it, and it takes four bytes per character.
 */
class StringLevel implements Level {
  readonly chain: string;
  private mapped: Int32Array | null | undefined;
  constructor(
    readonly parent: Level,
    readonly base: number,
    /**
     * The text holding the raw content (the parent's text, or a block of it)
     * and where the content starts and ends in it; null when the content has
     * no escapes.
     */
    private source: string | null,
    private readonly rawStart: number,
    private readonly rawEnd: number,
    readonly style: EscapeStyle,
  ) {
    this.chain = styleCode(style) + parent.chain;
    this.mapped = source === null ? null : undefined;
  }

  get map(): Int32Array | null {
    if (this.mapped === undefined) {
      this.mapped = decodeJsonString(this.source!, this.rawStart, this.rawEnd).map;
      this.source = null;
    }
    return this.mapped;
  }
}

function childLevel(
  parent: Level,
  base: number,
  style: EscapeStyle,
  source: string | null = null,
  rawStart = 0,
  rawEnd = 0,
): Level {
  return new StringLevel(parent, base, source, rawStart, rawEnd, style);
}

export const DOCUMENT: Level = { parent: null, base: 0, map: null, style: null, chain: '' };

/** A segment with what pass two needs to write replacements back. */
export class SegmentInfo implements Segment {
  constructor(
    readonly index: number,
    readonly start: number,
    readonly end: number,
    private readonly node: PathNode | null,
    readonly isKey: boolean,
    readonly level: Level,
    /** Position in the level's text of the segment's first character. */
    readonly offset: number,
    /** Set when later copies of this text were skipped (pass one only). */
    readonly dup: Duplicate | null = null,
  ) {}

  get path(): readonly string[] {
    return this.node === null ? NO_PATH : this.node.keys();
  }
}

const NO_PATH: readonly string[] = [];

/**
 * A long text seen again under the same key path (or, for a longer one, the
 * same key context): agent traces repeat whole conversations in every call.
 * Pass one scans it once; what was found only at one place in the first copy
 * (site edits) is replayed on every later copy.
 */
export class Duplicate {
  /** Site edits found in the first copy, relative to its start, with the text they cover. */
  readonly sites: { rel: number; len: number; text: string; surface: unknown }[] = [];
  /** Skipped copies met before the first copy went through the detectors (see `settled`). */
  readonly copies: { level: Level; offset: number }[] = [];
  /**
   * The first copy has been through the detectors, so `sites` is final; when
   * it is empty, later copies need not be remembered.
   */
  settled = false;
  constructor(
    readonly path: PathNode | null,
    readonly isKey: boolean,
    /** The text's length (for the de-duplication budget). */
    readonly textLength: number,
  ) {}
}

/**
 * The key a text is remembered by: its SHA-256, so that the map holds 45
 * characters per text rather than the text (a slice of a decoded block would
 * keep the whole block alive).
 */
/** String.prototype.isWellFormed (Node 20; the TypeScript library here is ES2022). */
type WellFormedCheck = string & { isWellFormed(): boolean };

export function dedupeKey(text: string): string {
  // UTF-8 is one-to-one only on well-formed text (an unpaired surrogate is written as U+FFFD): other
  // texts are hashed as their UTF-16 code units, under another first character. UTF-8 is half the
  // bytes of an ASCII text, and a string is hashed without a copy into a buffer first.
  return (text as WellFormedCheck).isWellFormed()
    ? '8' + hash('sha256', text, 'base64')
    : '6' + hash('sha256', Buffer.from(text, 'utf16le'), 'base64');
}

/** Texts at least this long are scanned once per key path. */
const DEDUPE_MIN = 48;
/**
 * Texts at least this long are scanned once per key context (ChunkOptions.keyContext) rather than per
 * key path: agent traces repeat a tool's output under other paths (a Claude Code session's tool_result
 * `content` and its `toolUseResult.file.content`). Shorter values are read by their whole path (name
 * fields are paired by their parent object).
 */
export const CROSS_PATH_MIN = 256;
/** At most this many characters are remembered for de-duplication. */
const DEDUPE_BUDGET = 64 << 20;

export interface DocChunk extends Chunk {
  readonly segments: readonly SegmentInfo[];
}

/** Target size of one chunk's corpus, in UTF-16 code units. */
const CHUNK_CHARS = 1 << 20;
/** Nested JSON is not followed past this depth (each level costs a decode). */
const MAX_DEPTH = 8;
/** Shorter strings cannot hold anything worth replacing (the registry's MIN_GLOBAL_SURFACE is 3). */
const MIN_SEGMENT = 2;

/** The segment of a chunk holding a corpus offset (binary search on segment starts). */
export function segmentAt<S extends Segment>(chunk: { readonly segments: readonly S[] }, offset: number): S {
  const segs = chunk.segments;
  let lo = 0;
  let hi = segs.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (segs[mid]!.start <= offset) lo = mid;
    else hi = mid - 1;
  }
  return segs[lo]!;
}

/** Maps a position in a level's text to the document. */
export function toDocument(level: Level, pos: number): number {
  let l: Level = level;
  let p = pos;
  while (l.parent) {
    p = l.base + (l.map ? l.map[p]! : p);
    l = l.parent;
  }
  return p;
}

/** Encodes a replacement written at `level` as it must appear in the document. */
export function encodeFor(level: Level, text: string): string {
  let l: Level = level;
  let t = text;
  while (l.parent) {
    t = escapeJson(t, l.style!);
    l = l.parent;
  }
  return t;
}

type Replay = (dup: Duplicate, level: Level, offset: number) => void;

class ChunkBuilder {
  /** The segments' texts (the corpus is them with SEPARATOR between: half the elements to join). */
  private parts: string[] = [];
  private segs: SegmentInfo[] = [];
  private length = 0;
  /** What `add` changed in `seen` since the last mark: [key, created? (else a copy was pushed)]. */
  private journal: [string, boolean][] = [];
  /** Copies of settled texts with sites, replayed when their line is kept (at the next cut). */
  private pending: { dup: Duplicate; level: Level; offset: number }[] = [];
  private seenChars = 0;
  /** The chain added to `chains` last. */
  private lastChain: string | null = null;
  constructor(
    private readonly emit: (c: DocChunk) => void,
    private readonly seen: Map<string, Duplicate> | null,
    private readonly chains: Set<string> | null,
    private readonly replay: Replay | null,
    private readonly keyContext: ((keys: readonly string[]) => string | null) | null,
    /** ChunkOptions.numberKey. */
    readonly numberKey: ((key: string, parent: string | undefined) => boolean) | null = null,
  ) {}

  add(text: string, level: Level, offset: number, path: PathNode | null, isKey: boolean): void {
    if (text.length < MIN_SEGMENT) return;
    if (this.chains !== null && level.chain !== this.lastChain) {
      // most segments of a run share their level's chain: the set is not asked again for it
      this.chains.add(level.chain);
      this.lastChain = level.chain;
    }
    let dup: Duplicate | null = null;
    if (this.seen !== null && text.length >= DEDUPE_MIN) {
      const key = dedupeKey(text);
      const prior = this.seen.get(key);
      if (prior !== undefined) {
        if (prior.isKey === isKey && (prior.path === path || this.sameContext(prior.path, path, text.length))) {
          if (!prior.settled) {
            prior.copies.push({ level, offset });
            this.journal.push([key, false]);
          } else if (prior.sites.length > 0) this.pending.push({ dup: prior, level, offset });
          return;
        }
      } else if (this.seenChars < DEDUPE_BUDGET) {
        dup = new Duplicate(path, isKey, text.length);
        this.seen.set(key, dup);
        this.seenChars += text.length;
        this.journal.push([key, true]);
      }
    }
    if (this.parts.length > 0) this.length += SEPARATOR.length;
    const start = this.length;
    this.parts.push(text);
    this.length += text.length;
    this.segs.push(new SegmentInfo(this.segs.length, start, this.length, path, isKey, level, offset, dup));
  }

  /** Whether a text found again under another path may count as a copy (see ChunkOptions.keyContext). */
  private sameContext(a: PathNode | null, b: PathNode | null, length: number): boolean {
    if (this.keyContext === null || length < CROSS_PATH_MIN || a === null || b === null) return false;
    const ca = this.contextOf(a);
    return ca !== null && ca === this.contextOf(b);
  }

  private readonly contexts = new Map<PathNode, string | null>();

  private contextOf(path: PathNode): string | null {
    let c = this.contexts.get(path);
    if (c === undefined) {
      c = this.keyContext!(path.keys());
      this.contexts.set(path, c);
    }
    return c;
  }

  /** The builder's state, to roll back to when a JSON line turns out not to parse. */
  mark(): [number, number, number, number] {
    this.journal = [];
    return [this.parts.length, this.segs.length, this.length, this.pending.length];
  }

  rollback([parts, segs, length, pending]: [number, number, number, number]): void {
    this.parts.length = parts;
    this.segs.length = segs;
    this.length = length;
    this.pending.length = pending;
    for (let i = this.journal.length - 1; i >= 0; i--) {
      const [key, created] = this.journal[i]!;
      const dup = this.seen!.get(key)!;
      if (created) {
        this.seen!.delete(key);
        this.seenChars -= dup.textLength;
      } else dup.copies.pop();
    }
    this.journal = [];
  }

  /** Ends the chunk if it is big enough (or always, with force). Replays what is pending first. */
  cut(force: boolean): void {
    if (this.pending.length > 0) {
      for (const p of this.pending) this.replay?.(p.dup, p.level, p.offset);
      this.pending = [];
    }
    if (this.segs.length === 0 || (!force && this.length < CHUNK_CHARS)) return;
    this.emit({ corpus: this.parts.join(SEPARATOR), segments: this.segs });
    for (const seg of this.segs) {
      const dup = seg.dup;
      if (dup === null) continue;
      dup.settled = true;
      // the copies met so far: their sites are known now; later ones are replayed as they come
      if (dup.sites.length > 0) for (const c of dup.copies) this.replay?.(dup, c.level, c.offset);
      dup.copies.length = 0;
    }
    this.parts = [];
    this.segs = [];
    this.length = 0;
  }
}

/**
 * Calls `emit` with each chunk of the document, in document order. Calling
 * it twice on the same input gives the same chunks (unless `dedupe` is given).
 */
export interface ChunkOptions {
  /** Skip long texts seen before under the same key path (or key context, see keyContext), noting them here. */
  readonly dedupe?: Map<string, Duplicate>;
  /**
   * With `dedupe`: called for every skipped copy of a text in which the
   * detectors found site edits, once they have (the copy's position: its
   * level and the offset of its first character in that level's text).
   */
  readonly replay?: Replay;
  /**
   * With `dedupe`: what the detectors read of the key path of a text of CROSS_PATH_MIN or more
   * characters (null: more than can be shared). A long text seen again under another path with the same
   * context is a copy too.
   */
  readonly keyContext?: (keys: readonly string[]) => string | null;
  /**
   * JSON numbers are no segments, except under a key this says names an id (`"author_id": 7093467311913`,
   * `"customer": {"id": 77149945548}`; `parent`: the key of the object holding the number): such a number is
   * a segment of its own, so the detectors see it as they see a string there.
   */
  readonly numberKey?: (key: string, parent: string | undefined) => boolean;
  /** Collects the escaping chains (Level.chain) of every segment. */
  readonly chains?: Set<string>;
  /** A JSON document given in blocks: whether it parses, when that is known (it is then read once, not twice). */
  readonly parses?: boolean;
}

/** A stretch of whole lines of a JSON Lines document, decoded, and the document position of its first character. */
export interface TextBlock {
  readonly text: string;
  readonly offset: number;
}

/** A JSON Lines document given as consecutive blocks of whole lines (never held whole). */
export interface LineBlocks extends Iterable<TextBlock> {
  /** The whole document holds no non-ASCII character. */
  readonly ascii: boolean;
}

export function forEachChunk(
  doc: string | LineBlocks,
  format: Format,
  emit: (c: DocChunk) => void,
  opts: ChunkOptions = {},
): void {
  const b = new ChunkBuilder(
    emit,
    opts.dedupe ?? null,
    opts.chains ?? null,
    opts.replay ?? null,
    opts.keyContext ?? null,
    opts.numberKey ?? null,
  );
  const ascii = typeof doc === 'string' ? isAscii(doc) : doc.ascii;
  const plain = childLevel(DOCUMENT, 0, ascii ? ASCII_STYLE : PLAIN_STYLE);
  const root = new PathNode('', null);
  if (typeof doc !== 'string' && format === 'json') {
    // a JSON document in stretches: walked a stretch at a time, never decoded whole unless it does not parse
    if (!walkDocumentStretches(doc, plain, b, ascii, opts.parses)) {
      const whole = Array.from(doc, (block) => block.text).join('');
      textSegments(whole, 0, whole.length, b);
    }
  } else if (typeof doc !== 'string' || format === 'jsonl') {
    if (format !== 'jsonl') throw new Error('forEachChunk: only JSON Lines and JSON are read in blocks');
    for (const block of typeof doc === 'string' ? [{ text: doc, offset: 0 }] : doc) {
      const text = block.text;
      const shift = block.offset;
      let i = 0;
      while (i < text.length) {
        let nl = text.indexOf('\n', i);
        if (nl < 0) nl = text.length;
        let end = nl;
        if (end > i && text.charCodeAt(end - 1) === 0x0d) end--;
        if (end > i) {
          // walked once: what a line that turns out not to parse added is rolled back
          const mark = b.mark();
          if (!walkJsonSegments(text, i, end, DOCUMENT, plain, root, b, ascii, 0, false, false, shift)) {
            b.rollback(mark);
            b.add(text.slice(i, end), DOCUMENT, shift + i, null, false);
          }
        }
        b.cut(false);
        i = nl + 1;
      }
    }
  } else if (format === 'json') {
    const bom = doc.charCodeAt(0) === 0xfeff ? 1 : 0;
    if (!walkJsonSegments(doc, bom, doc.length, DOCUMENT, plain, root, b, ascii, 0))
      textSegments(doc, 0, doc.length, b);
  } else {
    textSegments(doc, 0, doc.length, b);
  }
  b.cut(true);
}

function isAscii(s: string): boolean {
  // A sampled check would be wrong; this is one linear pass with a regex (fast path in V8).
  return !/[^\x00-\x7f]/.test(s);
}

/** Text: one segment per CHUNK_CHARS-sized run of whole lines, never cutting a PEM block. */
function textSegments(doc: string, start: number, end: number, b: ChunkBuilder): void {
  let i = start;
  while (i < end) {
    let j = Math.min(end, i + CHUNK_CHARS);
    if (j < end) {
      const nl = doc.indexOf('\n', j);
      j = nl < 0 || nl >= end ? end : nl + 1;
      const begin = doc.lastIndexOf('-----BEGIN ', j);
      if (begin >= i) {
        const close = doc.indexOf('-----END ', begin);
        if (close < 0 || close >= j) {
          const after = close < 0 ? -1 : doc.indexOf('\n', close);
          j = close < 0 ? j : after < 0 || after >= end ? end : after + 1;
        }
      }
    }
    b.add(doc.slice(i, j), DOCUMENT, i, null, false);
    b.cut(false);
    i = j;
  }
}

/**
 * Adds the string tokens of the JSON text in [start, end) of `text` (a level's
 * text) as segments. Returns false, adding nothing, when it is not valid JSON.
 */
function walkJsonSegments(
  text: string,
  start: number,
  end: number,
  level: Level,
  plain: Level,
  root: PathNode,
  b: ChunkBuilder,
  /** The text holds no raw non-ASCII character (its writer may escape them all). */
  ascii: boolean,
  depth: number,
  validateFirst = true,
  mayCut = validateFirst,
  /** For the document level: the document position of `text`'s first character (`text` is a block of it). */
  shift = 0,
): boolean {
  if (validateFirst && !walkJson(text, start, end)) return false;
  const piece = { text, shift };
  const v = segmentVisitors(piece, level, plain, b, ascii, depth, mayCut);
  return walkJson(text, start, end, v.visit, root, v.visitNumber);
}

/** The text a walk is reading (a level's text, or a stretch of the document) and its first character's position. */
interface Piece {
  text: string;
  shift: number;
}

/** The visitors that add a JSON text's strings (and id numbers) as segments; `piece` says what text is walked. */
function segmentVisitors(
  piece: Piece,
  level: Level,
  plain: Level,
  b: ChunkBuilder,
  ascii: boolean,
  depth: number,
  mayCut: boolean,
): { visit: StringVisitor; visitNumber: ((s: number, e: number, path: PathNode) => void) | undefined } {
  const numberKey = b.numberKey;
  return {
    visit: (s, e, isKey, path, escapes) => {
      const { text, shift } = piece;
      const escaped = escapes !== 0;
      if (e - s - 2 < MIN_SEGMENT) return;
      if (!escaped && level === DOCUMENT) {
        // the common case: a plain string in the document itself; positions are document positions
        const c = text.charCodeAt(s + 1);
        if (isKey || (c !== 0x7b && c !== 0x5b && c !== 0x22) || !looksLikeJson(text.slice(s + 1, e - 1))) {
          b.add(text.slice(s + 1, e - 1), plain, shift + s + 1, path, isKey);
          if (mayCut) b.cut(false);
          return;
        }
      }
      const decoded = escaped ? decodeJsonToken(text, s, e) : text.slice(s + 1, e - 1);
      const child = escaped
        ? childLevel(level, shift + s + 1, styleOfEscapes(escapes, ascii), text, s + 1, e - 1)
        : childLevel(level, shift + s + 1, ascii ? ASCII_STYLE : PLAIN_STYLE);
      if (!isKey && depth < MAX_DEPTH && looksLikeJson(decoded)) {
        if (
          walkJsonSegments(decoded, 0, decoded.length, child, plain, path, b, isAscii(decoded), depth + 1, true, mayCut)
        )
          return;
      }
      b.add(decoded, child, 0, path, isKey);
      if (mayCut) b.cut(false);
    },
    visitNumber:
      numberKey === null
        ? undefined
        : (s, e, path) => {
            const key = path.lastKey();
            if (e - s < MIN_NUMBER || key === undefined || !numberKey(key, path.parentKey())) return;
            b.add(piece.text.slice(s, e), level === DOCUMENT ? plain : level, piece.shift + s, path, false);
            if (mayCut) b.cut(false);
          },
  };
}

/**
 * A JSON document given in stretches (each cut before a string's opening quote, see JsonWalk), walked as
 * walkJsonSegments walks it whole: checked first to parse (one walk over the stretches, unless the caller
 * knows), then walked for its segments. False, adding nothing, when it does not parse. A byte-order mark may
 * start the first stretch.
 */
function walkDocumentStretches(
  blocks: Iterable<TextBlock>,
  plain: Level,
  b: ChunkBuilder,
  ascii: boolean,
  /** Whether the document parses, when the caller knows (ChunkOptions.parses). */
  parses: boolean | undefined,
): boolean {
  if (parses === false) return false;
  let first = true;
  if (parses === undefined) {
    const check = new JsonWalk(new PathNode('', null));
    for (const block of blocks) {
      const bom = first && block.text.charCodeAt(0) === 0xfeff ? 1 : 0;
      first = false;
      if (!check.feed(block.text, bom, block.text.length)) return false;
    }
    if (!check.done()) return false;
  }
  const piece: Piece = { text: '', shift: 0 };
  const v = segmentVisitors(piece, DOCUMENT, plain, b, ascii, 0, true);
  const walk = new JsonWalk(new PathNode('', null), v.visit, v.visitNumber);
  first = true;
  for (const block of blocks) {
    piece.text = block.text;
    piece.shift = block.offset;
    const bom = first && block.text.charCodeAt(0) === 0xfeff ? 1 : 0;
    first = false;
    walk.feed(block.text, bom, block.text.length);
  }
  piece.text = '';
  return true;
}

/** Numbers shorter than this are no ids worth a segment (a count, a small code). */
const MIN_NUMBER = 3;
