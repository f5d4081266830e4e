/**
 * tracetwin's pseudonymiser: trace bytes in, twin bytes out.
 *
 * Pure: no I/O, no Temporal, no HTTP. Deterministic for a given (key,
 * confidential list, input). The service's activities, the CLI and the
 * benchmarks all call `twin`.
 *
 *   pass one  — cut the trace into decoded segments (format/chunks.ts) and let
 *               every detector report entities with their surface forms;
 *   assign    — one keyed stand-in per surface (registry.ts, standins/);
 *   pass two  — one multi-pattern matcher (matcher.ts) finds every surface
 *               everywhere, and replacements are spliced into the original
 *               text, encoded back through any JSON string layers;
 *   self-check — the finished twin is searched for every replaced surface.
 */
import type { Detector, DetectContext, Format, Kind, Report } from './types';
import {
  forEachChunk,
  segmentAt,
  styleOfCode,
  toDocument,
  encodeFor,
  type DocChunk,
  type Duplicate,
  type Level,
  type LineBlocks,
  type TextBlock,
} from './format/chunks';
import { isAscii, isUtf8 } from 'node:buffer';
import { stretchEnd } from './format/runs';
import { hash } from 'node:crypto';
import { Matcher, type Match, type Recording } from './matcher';
import { UnsupportedContentError } from './errors';
import { Registry, adaptCase, type Surface } from './registry';
import { own } from './strings';
import { endRun } from './memo';
import { createKeyed, parseKey, randomKey } from './keyed';
import { defaultDetectors, keyContext, numberKey } from './detectors';
import {
  decodeJsonString,
  escapeJson,
  JsonWalk,
  MAX_NESTING,
  NestingGauge,
  PathNode,
  type EscapeStyle,
} from './format/json';

export type { Format, Kind, Report } from './types';
export { KINDS } from './types';

/** The trace is not text (invalid UTF-8 or NUL bytes). The service reports it as `unsupported_content`. */
export { UnsupportedContentError } from './errors';

export interface TwinOptions {
  /** 64 hex characters, or 32 bytes. Absent: a fresh random key for this trace. */
  readonly key?: string | Uint8Array | null;
  /** Organisations to replace although public, with every form that names them. */
  readonly confidential?: readonly string[];
  readonly format: Format;
  /**
   * Replaces the default detector set (tests, evaluations). They must read no more of a long text's key
   * path than the default detectors' `keyContext`: a long text is scanned once for all its copies with
   * the same key context.
   */
  readonly detectors?: readonly Detector[];
  /** Called now and then with the fraction done, 0..1. */
  readonly onProgress?: (fraction: number) => void;
  /**
   * How pass two finds surfaces: 'auto' scans the raw document when it can
   * (see rawMode); 'decoded' always scans decoded segments. Both give the
   * same twin; tests compare them.
   */
  readonly passTwo?: 'auto' | 'decoded';
  /** JSON Lines: read in blocks of about this many bytes of whole lines (tests set it low). */
  readonly blockBytes?: number;
  /**
   * Pass two twins a JSON Lines block in stretches of about this many bytes of whole lines, and a JSON
   * document read raw (see rawMode) in stretches of about this many bytes cut before a string (tests set it low).
   */
  readonly passTwoBytes?: number;
  /**
   * What the trace's distinct values may cost in the engine's memory, as the registry estimates it
   * (Registry.weight), before the trace is refused as unsupported content. Default VALUE_BUDGET_BASE plus the
   * trace's size in bytes (tests set it low).
   */
  readonly valueBudget?: number;
}

/** The part of the default value budget that does not grow with the trace (see TwinOptions.valueBudget). */
export const VALUE_BUDGET_BASE = 128 << 20;

export interface TwinResult {
  readonly output: Buffer;
  readonly report: Report;
}

/** The format a file name implies: `.json`, `.jsonl`/`.ndjson`, anything else text. */
export function formatOf(filename: string): Format {
  const lower = filename.toLowerCase();
  if (lower.endsWith('.json')) return 'json';
  if (lower.endsWith('.jsonl') || lower.endsWith('.ndjson')) return 'jsonl';
  return 'text';
}

/** A replacement in document coordinates. */
interface Edit {
  readonly start: number;
  readonly end: number;
  readonly surface: Surface;
  /** The encoding chain to write the stand-in through; null: `text` is final. */
  readonly level: Level | null;
  /** With a level: the decoded text that matched (for letter case). Without: the replacement as written. */
  readonly text: string;
}

function toDocumentEdit(chunk: DocChunk, start: number, end: number, surface: Surface): Edit {
  const seg = segmentAt(chunk, start);
  return {
    start: toDocument(seg.level, seg.offset + (start - seg.start)),
    end: toDocument(seg.level, seg.offset + (end - seg.start)),
    surface,
    level: seg.level,
    text: own(chunk.corpus.slice(start, end)),
  };
}

/** A stretch of the spliced text that an edit wrote. */
interface Span {
  readonly start: number;
  readonly end: number;
}

/** How a spliced text was made: what the edits wrote, what was copied, and the raw edits lost to overlaps. */
interface Layout {
  readonly spans: Span[];
  /** Copied stretches: `length` characters at `at` in the spliced text, from `from` in the original. */
  readonly copied: { at: number; from: number; length: number }[];
  /** Raw edits (matches of pass two's scan) not applied because an earlier edit overlapped them. */
  readonly dropped: Span[];
}

/** Applies sorted edits (overlaps: the first wins) and counts replacements; `layout` gets how. */
function splice(text: string, edits: readonly Edit[], layout?: Layout): string {
  const pieces: string[] = [];
  let copied = 0;
  let length = 0;
  for (const e of edits) {
    if (e.start < copied) {
      if (layout && e.level === null) layout.dropped.push({ start: e.start, end: e.end });
      continue;
    }
    const s = e.surface;
    let written = e.text;
    if (e.level !== null) {
      const standIn = s.caseInsensitive ? adaptCase(e.text, s.text, s.standIn) : s.standIn;
      written = encodeFor(e.level, standIn);
    }
    pieces.push(text.slice(copied, e.start), written);
    if (layout) {
      if (e.start > copied) layout.copied.push({ at: length, from: copied, length: e.start - copied });
      length += e.start - copied;
      layout.spans.push({ start: length, end: length + written.length });
      length += written.length;
    }
    copied = e.end;
    s.entity.replacements++;
  }
  if (layout && text.length > copied) layout.copied.push({ at: length, from: copied, length: text.length - copied });
  pieces.push(text.slice(copied));
  return pieces.join('');
}

/** A surface as written through an escaping chain (innermost level first); empty chain: as is. */
interface RawPattern {
  readonly surface: Surface;
  readonly chain: readonly EscapeStyle[];
}

interface RawPatterns {
  readonly patterns: readonly RawPattern[];
  readonly matcher: Matcher;
  /** By pattern: what a match of a case-sensitive pattern is replaced with (see rawEdit), once asked for. */
  readonly written: (string | undefined)[];
}

/** Characters JSON writes escaped (or, for some writers, may write as \u escapes). */
const NEEDS_ESCAPE = /["\\\u0000-\u001f]/;
const NON_ASCII = /[^\x00-\x7f]/;
/** More distinct escaping chains than this: pass two reads decoded segments instead. */
const MAX_CHAINS = 64;

/**
 * Every way a surface is written in the raw document: as is when it has
 * nothing a JSON writer escapes, else through each escaping chain that
 * occurs in the document (pass one collected them).
 */
function rawPatterns(surfaces: readonly Surface[], json: boolean, chains: ReadonlySet<string>): RawPatterns {
  const patterns: RawPattern[] = [];
  const texts: string[] = [];
  const seen = new Set<string>();
  const styleChains: EscapeStyle[][] = [...chains].filter((c) => c !== '').map((c) => [...c].map(styleOfCode));
  const asciiOnly = styleChains.some((c) => c.some((st) => st.asciiOnly));
  const slash = styleChains.some((c) => c.some((st) => st.slash));
  for (const s of surfaces) {
    const plain =
      !json || !(NEEDS_ESCAPE.test(s.text) || (asciiOnly && NON_ASCII.test(s.text)) || (slash && s.text.includes('/')));
    for (const chain of plain ? [[]] : styleChains) {
      let t = s.text;
      for (const st of chain) t = escapeJson(t, st);
      if (seen.has(t)) continue;
      seen.add(t);
      texts.push(t);
      patterns.push({ surface: s, chain });
    }
  }
  const matcher = new Matcher(
    texts.map((text, i) => ({
      text,
      caseInsensitive: patterns[i]!.surface.caseInsensitive,
      anywhere: patterns[i]!.surface.anywhere,
    })),
  );
  // One slot per pattern from the start: filling an empty array at scattered indexes turns it holey
  // and then into a dictionary, and the first array to leave the holey map that way makes V8 drop
  // the optimised code of every function that relied on that map staying put (the people scan's).
  return { patterns, matcher, written: patterns.map(() => undefined) };
}

/** Undoes `levels` layers of JSON string escaping. */
function unescape(text: string, levels: number): string {
  let t = text;
  for (let i = 0; i < levels; i++) t = decodeJsonString(t, 0, t.length).text;
  return t;
}

/**
 * The edit for a raw match: the stand-in in the matched letter case, escaped as the match was. A
 * case-sensitive pattern's replacement depends on the pattern alone: it is written once per pattern.
 */
function rawEdit(text: string, m: Match, raw: RawPatterns, docStyle: EscapeStyle): Edit {
  const p = raw.patterns[m.pattern]!;
  const s = p.surface;
  let written: string | undefined;
  if (s.caseInsensitive)
    written = rawWritten(
      p,
      adaptCase(unescape(text.slice(m.start, m.end), p.chain.length), s.text, s.standIn),
      docStyle,
    );
  else {
    written = raw.written[m.pattern];
    if (written === undefined) raw.written[m.pattern] = written = rawWritten(p, s.standIn, docStyle);
  }
  return { start: m.start, end: m.end, surface: s, level: null, text: written };
}

/** A stand-in (in the matched letter case) as a raw match of pattern `p` must be replaced with. */
function rawWritten(p: RawPattern, standIn: string, docStyle: EscapeStyle): string {
  let written = standIn;
  if (p.chain.length === 0) {
    // valid at any depth: the stand-in holds nothing that needs escaping but, maybe, non-ASCII
    if (docStyle.asciiOnly) written = escapeJson(standIn, docStyle);
  } else for (const st of p.chain) written = escapeJson(written, st);
  return written;
}

/**
 * Pass two reads the raw document unless a surface could hide there in a
 * form the raw patterns do not cover: printable ASCII written as \u00XX (some
 * writers escape `<`, `>`, `&`, `'`), a stand-in needing escapes whose
 * original needed none (its depth would be unknown; in an ASCII-only document
 * with JSON held in strings, a non-ASCII stand-in of an ASCII original too),
 * or too many escaping chains.
 */
function rawMode(
  known: Survey,
  json: boolean,
  surfaces: readonly Surface[],
  chains: ReadonlySet<string>,
): RawPatterns | null {
  if (json) {
    if (chains.size > MAX_CHAINS || known.escapedPrintable) return null;
    for (const s of surfaces) if (!NEEDS_ESCAPE.test(s.text) && NEEDS_ESCAPE.test(s.standIn)) return null;
    // an ASCII-only writer escaped non-ASCII once per level: a non-ASCII stand-in of an ASCII original
    // must be too, and its level is unknown where JSON is held in strings
    if (known.ascii && [...chains].some((c) => c.length >= 2))
      for (const s of surfaces) if (!NON_ASCII.test(s.text) && NON_ASCII.test(s.standIn)) return null;
  }
  return rawPatterns(surfaces, json, chains);
}

/**
 * Where pass two may cut a long line or JSON string in raw mode: where no occurrence of a pattern, letter
 * case and boundaries aside, is within the longest pattern's length of the cut (Matcher.clearAround, on the
 * text decoded around it), nor any edit of pass one (`sites`, sorted, from `first()` on: those of the
 * stretches not yet twinned). No match then spans the cut, in the text nor in its twin, which is the text
 * there; each side is scanned, twinned and self-checked as within the whole, and the twin is the same.
 */
function cutter(matcher: Matcher, sites: readonly Edit[], first: () => number): CutCheck {
  return (buf, lo, c, hi, pos) => {
    const reach = matcher.longest + 1;
    // at least 2 * reach characters each side (at most 3 bytes a character, 4 for two)
    let a = c - 8 * reach;
    let b = c + 8 * reach;
    if (a < lo || b > hi) return false;
    while ((buf[a]! & 0xc0) === 0x80) a++;
    while (b < hi && (buf[b]! & 0xc0) === 0x80) b--;
    const text = buf.toString('utf8', a, b);
    if (!matcher.clearAround(text, units(buf, a, c))) return false;
    for (let j = first(); j < sites.length && sites[j]!.start <= pos + reach; j++)
      if (sites[j]!.end >= pos - reach) return false;
    return true;
  };
}

/** JSON Lines is read in blocks of about this many bytes of whole lines: the document is never held whole. */
const BLOCK_BYTES = 1 << 20;
/**
 * Pass two twins a JSON Lines block in stretches of whole lines of about this many bytes. What it makes of
 * a stretch (the decoded text, the twin text) then stays under V8's large-object size (128 KiB) unless a
 * line is long: it is collected with the young generation instead of piling up in large-object space
 * between collections (see docs/benchmarks.md, third stop).
 */
const PASS_TWO_BYTES = 3 << 14;

/**
 * A trace read in pieces rather than held whole (the CLI reads a file three times
 * instead of keeping it in memory). The pseudonymiser does no I/O itself: the
 * caller yields the bytes.
 */
export interface TraceSource {
  /** Its length in bytes (for progress). */
  readonly size: number;
  /**
   * The trace from its first byte, in pieces of any size. Called three times
   * (a survey, then each pass); every call must yield the same bytes. A piece is
   * read only until the next one is asked for: the source may then reuse its memory.
   */
  pieces(): Iterable<Uint8Array>;
}

/** A source's bytes were not the same on the second read (a file written to while it was twinned). */
export class SourceChangedError extends Error {
  readonly code = 'source_changed';
  constructor() {
    super('the trace changed while it was being twinned');
    this.name = 'SourceChangedError';
  }
}

function bufferSource(input: Uint8Array): TraceSource {
  return { size: input.length, pieces: () => [input] };
}

/** Checks that a stretch of the trace is text, without decoding it. */
function checkText(bytes: Uint8Array): void {
  if (bytes.indexOf(0) >= 0) throw new UnsupportedContentError('the file holds NUL bytes: it is binary, not text');
  if (!isUtf8(bytes)) throw new UnsupportedContentError('the file is not valid UTF-8 text');
}

/**
 * A source's bytes cut into blocks: for JSON Lines and text, stretches of whole lines
 * of at least `step` bytes (a line feed byte is never inside a UTF-8 sequence,
 * so each block is text on its own); for a JSON document, stretches of at least
 * `step` bytes, each cut before a string's opening quote (outside strings: see
 * stringStart), or, where no string opens within twice `step`, right after a
 * comma outside strings (a long array of numbers).
 * A block lying within one piece is a view of it; one spanning pieces is
 * gathered into a buffer that the next such block reuses (and, when it was made
 * the trace's size, the next read of the trace too, from `scratch.buf`: the passes
 * read one after another): a block is read only until the next is asked for, and
 * a piece only until the next piece is.
 */
function* byteBlocks(
  source: TraceSource,
  format: Format,
  step: number,
  scratch: { buf: Buffer },
): Generator<Uint8Array> {
  let gathered = scratch.buf;
  let held = 0;
  const gather = (bytes: Uint8Array): void => {
    // a reader that decoded a long block whole may have released its bytes (see blocksOf): gathered anew
    if (gathered.buffer.byteLength === 0) gathered = scratch.buf;
    if (held + bytes.length > gathered.length) {
      // a text's block, or a block past twice a step (a long line or JSON string), is gathered into a buffer of the
      // trace's size at once (doubling up to it would take up to twice a long line, and copies of it; the pages of
      // it that are never written are never resident)
      const whole = format === 'text' || held + bytes.length > 2 * step ? source.size : 0;
      const bigger = Buffer.allocUnsafe(Math.max(held + bytes.length, 2 * gathered.length, whole));
      gathered.copy(bigger, 0, 0, held);
      gathered = bigger;
      // kept for the next read when it is the trace's size (a long line's); a block's is collected between reads
      if (whole > 0) scratch.buf = bigger;
    }
    gathered.set(bytes, held);
    held += bytes.length;
  };
  // a JSON document: whether the bytes read so far end inside a string, and after a backslash in one
  let inString = false;
  let escaped = false;
  /**
   * Where to cut `p`: before the first opening quote of a string at or after `from`, or else right after the
   * first comma outside strings at or after `commaFrom` (a stretch of about a block with no string, such as a
   * long array of numbers: the walk resumes between a comma and the next value or key as well); -1 when
   * neither (having read all of `p`).
   */
  const quoteAt = (p: Uint8Array, from: number, commaFrom: number): number => {
    for (let i = 0; i < p.length; i++) {
      const c = p[i]!;
      if (escaped) escaped = false;
      else if (inString) {
        if (c === 0x5c) escaped = true;
        else if (c === 0x22) inString = false;
      } else if (c === 0x22) {
        if (i >= from) return i;
        inString = true;
      } else if (c === 0x2c && i >= commaFrom) return i + 1;
    }
    return -1;
  };
  for (const piece of source.pieces()) {
    let p = piece;
    while (p.length > 0) {
      // the block ends at the first line feed at or after its step-th byte (JSON Lines, text), or before the
      // first string that opens at or after it (JSON; or after a comma past twice that, when no string opens
      // before)
      const need = Math.max(1, step - held);
      const nl =
        format !== 'json'
          ? need <= p.length
            ? p.indexOf(10, need - 1)
            : -1
          : format === 'json'
            ? quoteAt(p, need, Math.max(1, 2 * step - held))
            : -1;
      if (nl < 0) {
        gather(p);
        break;
      }
      const stop = format === 'json' ? nl : nl + 1;
      if (held === 0) yield p.subarray(0, stop);
      else {
        gather(p.subarray(0, stop));
        yield gathered.subarray(0, held);
        held = 0;
      }
      p = p.subarray(stop);
    }
  }
  if (held > 0) yield gathered.subarray(0, held);
}

/** What the first read of a trace tells before the passes. */
interface Survey {
  /** No byte above 0x7f: a writer may have escaped every non-ASCII character, so stand-ins must be too. */
  readonly ascii: boolean;
  /** Printable ASCII written as a \\u00XX escape somewhere (see rawMode). */
  readonly escapedPrintable: boolean;
  /** Each block's SHA-256, to check the passes' reads against; null when the source cannot change (a buffer). */
  readonly digests: string[] | null;
  /** A JSON document: whether it parses (walked a block at a time, see JsonWalk); null for other formats. */
  readonly parses: boolean | null;
  /**
   * Where every read of the trace gathers its blocks that span pieces (see byteBlocks): a long line or JSON
   * string is gathered into one buffer for all reads, not into one per read that lives on until collected.
   */
  readonly scratch: { buf: Buffer };
}

const ESCAPE_HEAD = Buffer.from('\\u00');

/** Whether the bytes hold `\\u00` followed by [2-7] and a hex digit (printable ASCII escaped). */
function hasEscapedPrintable(bytes: Uint8Array): boolean {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  for (let i = buf.indexOf(ESCAPE_HEAD); i >= 0; i = buf.indexOf(ESCAPE_HEAD, i + 1)) {
    const a = buf[i + 4];
    const b = buf[i + 5];
    if (a !== undefined && b !== undefined && a >= 0x32 && a <= 0x37 && /[0-9a-fA-F]/.test(String.fromCharCode(b)))
      return true;
  }
  return false;
}

/**
 * Reads the trace once, block by block, before the passes: refuses what is
 * not text (NUL bytes, invalid UTF-8) and notes what the passes need to know.
 */
function survey(source: TraceSource, format: Format, step: number, json: boolean, verify: boolean): Survey {
  let ascii = true;
  let escapedPrintable = false;
  const digests: string[] | null = verify ? [] : null;
  // before anything is decoded: a document nested deeper than the engine reads is refused here
  const nesting = json ? new NestingGauge(format === 'jsonl') : null;
  // a JSON document is checked to parse here, a block at a time, so that pass one may walk it so
  const parse = format === 'json' ? new JsonWalk(new PathNode('', null)) : null;
  let parses = parse !== null;
  let first = true;
  const scratch = { buf: Buffer.alloc(0) };
  for (const bytes of byteBlocks(source, format, step, scratch)) {
    checkText(bytes);
    if (nesting !== null && !nesting.feed(bytes)) {
      throw new UnsupportedContentError(
        `the JSON nests arrays and objects deeper than ${MAX_NESTING} levels, the most tracetwin reads`,
      );
    }
    ascii &&= isAscii(bytes);
    if (json && !escapedPrintable) escapedPrintable = hasEscapedPrintable(bytes);
    digests?.push(hash('sha256', bytes, 'base64'));
    if (parse !== null && parses) {
      const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('utf8');
      // a byte-order mark before the document is kept, and not read as JSON
      const bom = first && text.charCodeAt(0) === 0xfeff ? 1 : 0;
      parses = parse.feed(text, bom, text.length);
    }
    first = false;
  }
  return { ascii, escapedPrintable, digests, parses: parse === null ? null : parses && parse.done(), scratch };
}

/**
 * Whether pass two may cut a long line or JSON string before byte `c` of `buf` (a cut byte, at document
 * position `pos`) in a stretch of [lo, hi) (see cutter).
 */
type CutCheck = (buf: Buffer, lo: number, c: number, hi: number, pos: number) => boolean;

/** Tries of a CutCheck per stretch: past them, a stretch runs on to where it would end without one. */
const CUT_TRIES = 64;

/**
 * Bytes that pass two may cut before inside a long line or JSON string: ASCII (never inside a UTF-8
 * sequence), neither a letter nor a digit (a match ending or starting next to one passes its boundary check as
 * at the end or start of a text), nor a JSON string's quote, backslash or escapable slash (a cut never splits an
 * escape, nor a surrogate pair written as two), nor a line feed (stretches end after one otherwise).
 */
function cutByte(b: number): boolean {
  return (
    b < 0x7f &&
    (b === 0x09 || b >= 0x20) &&
    !((b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a)) &&
    b !== 0x22 &&
    b !== 0x5c &&
    b !== 0x2f
  );
}

/** UTF-16 code units of the UTF-8 text in [from, to) of `buf` (whole characters). */
function units(buf: Uint8Array, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const b = buf[i]!;
    if ((b & 0xc0) !== 0x80) n += b >= 0xf0 ? 2 : 1;
  }
  return n;
}

/**
 * Where pass two cuts a stretch of the JSON document in `buf` that starts at `at` (inside a string when
 * `state.inString`): before the first opening quote of a string at or after `from`, or else, with `cut`,
 * before the first byte at or after `far` that `cut` accepts (inside a string or not, never right after a
 * backslash; `cut` gets the byte's position, and is asked CUT_TRIES times at most); -1 when neither.
 * `state.inString` is left as it is at the cut. In a document that parsed, every pass-two pattern is a
 * surface written inside a JSON string, which holds no bare quote: no match spans one, and pass two may cut
 * the document there.
 */
function stringStart(
  buf: Uint8Array,
  at: number,
  from: number,
  state: { inString: boolean },
  cut: ((c: number) => boolean) | null,
  far: number,
): number {
  let inString = state.inString;
  let tries = cut === null ? 0 : CUT_TRIES;
  for (let i = at; i < buf.length; i++) {
    const c = buf[i]!;
    if (tries > 0 && i >= far && cutByte(c)) {
      tries--;
      if (cut!(i)) {
        state.inString = inString;
        return i;
      }
    }
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      if (i >= from) {
        state.inString = false;
        return i;
      }
      inString = true;
    }
  }
  return -1;
}

/** The first byte in [from, to) of `buf` that `cut` accepts (asked CUT_TRIES times at most), or -1. */
function cutAt(buf: Uint8Array, from: number, to: number, cut: (c: number) => boolean): number {
  let tries = CUT_TRIES;
  for (let i = from; i < to && tries > 0; i++) {
    if (!cutByte(buf[i]!)) continue;
    tries--;
    if (cut(i)) return i;
  }
  return -1;
}

/**
 * The document as decoded blocks (see byteBlocks), in document positions,
 * each checked against the survey's digest when it has them. `onBlock` is
 * told the bytes read so far. With `split`, a JSON Lines block (or a text) is handed
 * out in stretches of whole lines of about `split` bytes, each decoded alone, and
 * a JSON document in stretches of about `split` bytes that each start at a
 * string's opening quote (see stringStart). With `cutCheck`, a line (a JSON document's
 * stretch) longer than twice `split` is also cut past that where it accepts (see cutter). A
 * JSON Lines document that is not all ASCII is also cut between its ASCII and
 * non-ASCII lines (format/runs.ts), so that most of it decodes to strings of
 * one byte per character.
 */
function blocksOf(
  source: TraceSource,
  format: Format,
  step: number,
  known: Survey,
  onBlock?: (bytesRead: number) => void,
  split = Infinity,
  cutCheck: CutCheck | null = null,
): LineBlocks {
  const { digests } = known;
  return {
    ascii: known.ascii,
    *[Symbol.iterator]() {
      let read = 0;
      let offset = 0;
      let n = 0;
      for (const bytes of byteBlocks(source, format, step, known.scratch)) {
        if (digests !== null && digests[n] !== hash('sha256', bytes, 'base64')) throw new SourceChangedError();
        n++;
        // the survey checked these bytes: valid UTF-8 (a byte-order mark is kept as a character, as it was written)
        const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
        // a JSON block starts outside strings (byteBlocks); a stretch may end inside one (stringStart)
        const state = { inString: false };
        for (let at = 0; at < buf.length;) {
          // where a long stretch may be cut, at byte c (the document position counted from `at`)
          let counted = at;
          let pos = offset;
          const cut =
            cutCheck === null
              ? null
              : (c: number): boolean => {
                  // asked at growing positions: the document position is counted on from the last one
                  pos += units(buf, counted, c);
                  counted = c;
                  return cutCheck(buf, at, c, format === 'json' ? buf.length : nl < 0 ? buf.length : nl, pos);
                };
          // a line feed byte is never inside a UTF-8 sequence: each stretch is text on its own
          const nl =
            buf.length - at <= split
              ? -1
              : format !== 'json'
                ? buf.indexOf(10, at + split - 1)
                : format === 'json'
                  ? stringStart(buf, at, at + split, state, cut, at + 2 * split)
                  : -1;
          let stop = format === 'json' ? (nl < 0 ? buf.length : nl) : nl < 0 ? buf.length : nl + 1;
          // a line longer than twice a stretch: cut where `cutCheck` accepts past that, if it does
          if (format !== 'json' && cut !== null && stop - at > 2 * split) {
            const c = cutAt(buf, at + 2 * split, nl < 0 ? buf.length : nl, cut);
            if (c >= 0) stop = c;
          }
          // ASCII lines decoded apart from the others are held one byte per character (see format/runs.ts)
          if (format === 'jsonl' && !known.ascii) stop = stretchEnd(buf, at, stop);
          const text = buf.toString('utf8', at, stop);
          if (
            format === 'json' &&
            split === Infinity &&
            // past four steps: a block cut after a comma (an array of numbers) ends just past twice a step, and
            // gathering anew for each such block would cost more than it saves
            buf.length > 4 * step &&
            buf.buffer === known.scratch.buf.buffer &&
            ownsMemory(known.scratch.buf)
          ) {
            // a long JSON string decoded whole: its gathered bytes are not read again while its text is (the next
            // read gathers them anew), so they are not held beside it; released, not only dropped, since this
            // iteration and byteBlocks's keep views of them (which read nothing from then on: this stretch is the
            // block's last, and byteBlocks gathers the next block anew)
            known.scratch.buf = EMPTY;
            release(buf.buffer);
          }
          yield { text, offset };
          offset += text.length;
          read += stop - at;
          at = stop;
          onBlock?.(read);
        }
      }
      if (digests !== null && n !== digests.length) throw new SourceChangedError();
    },
  };
}

const EMPTY = Buffer.alloc(0);

/**
 * Frees the memory of a buffer of our own at the next collection, whatever views of it are left: it is moved
 * (transferred, not copied) to a clone that nothing holds, and the views read no byte of it from then on.
 */
function release(bytes: ArrayBufferLike): void {
  structuredClone(bytes, { transfer: [bytes as ArrayBuffer] });
}

/** The buffer is all of its memory (not a slice of Node's shared pool, as a small one may be). */
function ownsMemory(buf: Buffer): boolean {
  return buf.byteOffset === 0 && buf.buffer.byteLength === buf.length;
}

/** The blocks of a JSON document or a text (see byteBlocks) as one text, for a pass that reads it whole. */
function* joined(blocks: Iterable<TextBlock>): Generator<TextBlock> {
  const texts: string[] = [];
  for (const block of blocks) texts.push(block.text);
  if (texts.length > 0) yield { text: texts.length === 1 ? texts[0]! : texts.join(''), offset: 0 };
}

/** A growing output buffer of UTF-8 bytes. */
class Output {
  private buf: Buffer;
  private length = 0;
  constructor(expected: number) {
    this.buf = Buffer.allocUnsafe(expected + (expected >> 6) + 1024);
  }
  write(bytes: Uint8Array): void {
    const need = bytes.length;
    if (this.length + need > this.buf.length) {
      const bigger = Buffer.allocUnsafe(Math.max(this.length + need, this.buf.length + (this.buf.length >> 2)));
      this.buf.copy(bigger, 0, 0, this.length);
      this.buf = bigger;
    }
    this.buf.set(bytes, this.length);
    this.length += need;
  }
  finish(): Buffer {
    // a view, not a copy: the unused tail (about 1.5% of the input) is not worth a second output in memory
    return this.buf.subarray(0, this.length);
  }
}

/** Twins one trace. Throws UnsupportedContentError for binary or non-UTF-8 input, or JSON nested deeper than MAX_NESTING. */
export function twin(input: Uint8Array, options: TwinOptions): TwinResult {
  const output = new Output(input.length);
  const report = run(bufferSource(input), (bytes) => output.write(bytes), options, false);
  return { output: output.finish(), report };
}

/**
 * Twins a trace read from `source` (three times: a survey, then once per pass), handing the twin
 * to `sink` in pieces, in order. Throws UnsupportedContentError for binary or
 * non-UTF-8 input or JSON nested deeper than MAX_NESTING, SourceChangedError when a later read differs from the
 * survey.
 */
export function twinSource(source: TraceSource, sink: (bytes: Uint8Array) => void, options: TwinOptions): Report {
  return run(source, sink, options, true);
}

/** Both passes; `verify`: check that the source yields the same bytes each time. */
function run(source: TraceSource, sink: (bytes: Uint8Array) => void, options: TwinOptions, verify: boolean): Report {
  try {
    return passes(source, sink, options, verify);
  } finally {
    endRun(); // nothing of this trace stays in the engine's caches
  }
}

/**
 * Lets the detectors resolve what they found, then gives every surface its stand-in. The keyed primitives
 * live only for this call: their caches (the permutation's plans and midstates, megabytes on a large trace)
 * would otherwise stay in the heap through pass two, which needs none of them.
 */
function assignStandIns(registry: Registry, detectors: readonly Detector[], key: Buffer, ctx: DetectContext): void {
  const keyed = createKeyed(key);
  for (const d of detectors) d.resolve?.(registry, keyed, ctx);
  registry.assign(keyed);
}

function passes(source: TraceSource, sink: (bytes: Uint8Array) => void, options: TwinOptions, verify: boolean): Report {
  const json = options.format !== 'text';
  const blockBytes = options.blockBytes ?? BLOCK_BYTES;
  const known = survey(source, options.format, blockBytes, json, verify);
  const key =
    options.key === undefined || options.key === null || options.key === ''
      ? randomKey()
      : typeof options.key === 'string'
        ? parseKey(options.key)
        : Buffer.from(options.key);
  const detectors = options.detectors ?? defaultDetectors;
  const confidential = options.confidential ?? [];
  const registry = new Registry();
  registry.budget = options.valueBudget ?? VALUE_BUDGET_BASE + source.size;
  const ctx: DetectContext = {
    confidential,
    segmentAt: (chunk, offset) => segmentAt(chunk as DocChunk, offset),
  };
  const progress = options.onProgress;
  const total = Math.max(1, source.size);

  // pass one: discover
  const docSites: Edit[] = [];
  const duplicates = new Map<string, Duplicate>();
  const chains = new Set<string>();
  // a JSON document is read in blocks cut before a string (byteBlocks) and walked a block at a time
  const blocks = blocksOf(source, options.format, blockBytes, known, (read) => progress?.((0.5 * read) / total));
  let chunkNo = 0;
  forEachChunk(
    options.format === 'text' ? ([...joined(blocks)][0]?.text ?? '') : blocks,
    options.format,
    (chunk) => {
      registry.chunkIndex = chunkNo;
      for (const d of detectors) d.detect(chunk, registry, ctx);
      const sites = registry.sites.get(chunkNo);
      if (sites) {
        for (const e of sites) {
          docSites.push(toDocumentEdit(chunk, e.start, e.end, e.surface));
          const seg = segmentAt(chunk, e.start);
          seg.dup?.sites.push({
            rel: e.start - seg.start,
            len: e.end - e.start,
            text: own(chunk.corpus.slice(e.start, e.end)),
            surface: e.surface,
          });
        }
        registry.sites.delete(chunkNo);
      }
      chunkNo++;
    },
    {
      dedupe: duplicates,
      parses: known.parses ?? undefined,
      keyContext,
      numberKey,
      chains,
      // what was replaced at one place in a text is replaced at that place in its skipped copies too
      replay: (dup, level, offset) => {
        for (const site of dup.sites) {
          docSites.push({
            start: toDocument(level, offset + site.rel),
            end: toDocument(level, offset + site.rel + site.len),
            surface: site.surface as Surface,
            level,
            text: site.text,
          });
        }
      },
    },
  );
  duplicates.clear(); // what pass one saw: let it go before pass two

  assignStandIns(registry, detectors, key, ctx);
  // pass one and resolution are over: what their run caches remember (the last chunk read, whole when a text
  // is one line; memos of names, keys and words) is not read by pass two, and would stay through it
  endRun();
  const globals = [...registry.surfaces.values()];
  const style: EscapeStyle = { asciiOnly: json && known.ascii, slash: false };

  // pass two: substitute, block by block (JSON Lines) or in the whole document
  const raw = options.passTwo === 'decoded' ? null : rawMode(known, json, globals, chains);
  const decodedMatcher =
    raw === null
      ? new Matcher(globals.map((g) => ({ text: g.text, caseInsensitive: g.caseInsensitive, anywhere: g.anywhere })))
      : null;
  let check: RawPatterns | null = null;
  docSites.sort((a, b) => a.start - b.start || b.end - a.end);
  let site = 0;
  let selfCheckFixes = 0;
  let bytesIn = 0;
  let bytesOut = 0;
  // a JSON document is read in stretches in raw mode, but whole in decoded mode (its chunks are cut by the
  // JSON walk) and when it did not parse (its text, a segment of the document itself, may hold a bare quote)
  const stretches = options.format !== 'json' || (raw !== null && !chains.has(''));
  // a text is read in stretches of whole lines in raw mode when no pattern holds a line feed (no match then
  // spans one, and a line feed is a boundary on both sides of a match); else whole, as pass one reads it
  const split =
    stretches && (options.format !== 'text' || (raw !== null && !globals.some((g) => g.text.includes('\n'))))
      ? (options.passTwoBytes ?? PASS_TWO_BYTES)
      : Infinity;
  const passTwoBlocks: Iterable<TextBlock> = blocksOf(
    source,
    options.format,
    blockBytes,
    known,
    (read) => {
      bytesIn = read;
      progress?.(0.5 + (0.5 * read) / total);
    },
    split,
    // a long line or JSON string is cut too (raw mode: decoded segments are cut by the JSON walk)
    raw === null ? null : cutter(raw.matcher, docSites, () => site),
  );
  // read whole (see split): the blocks joined into one text
  for (const block of split === Infinity ? joined(passTwoBlocks) : passTwoBlocks) {
    const doc = block.text;
    const blockEnd = block.offset + doc.length;
    let edits: Edit[] = [];
    for (; site < docSites.length && docSites[site]!.start < blockEnd; site++) {
      const e = docSites[site]!;
      // written out (not spread): every edit has one shape, and splice reads one kind of object
      const start = e.start - block.offset;
      edits.push({ start, end: e.end - block.offset, surface: e.surface, level: e.level, text: e.text });
    }
    let recording: Recording | null = null;
    if (raw) {
      // one scan of the raw text, for every surface as it is written at each depth of JSON string
      const found = raw.matcher.findRecording(doc, json);
      recording = found.recording;
      for (const m of found.matches) edits.push(rawEdit(doc, m, raw, style));
    } else {
      forEachChunk(
        doc,
        options.format,
        (chunk) => {
          for (const m of decodedMatcher!.find(chunk.corpus)) {
            edits.push(toDocumentEdit(chunk, m.start, m.end, globals[m.pattern]!));
          }
        },
        { numberKey },
      );
    }
    edits = edits.sort((a, b) => a.start - b.start || b.end - a.end);
    const layout: Layout = { spans: [], copied: [], dropped: [] };
    // a stretch without edits is its twin (splice would copy it whole)
    let out = edits.length === 0 ? doc : splice(doc, edits, layout);

    // self-check: no replaced surface may remain anywhere in the raw twin, at any depth of JSON string
    // (a block without edits in raw mode had no match of the patterns: there is nothing to check)
    if (globals.length > 0 && (edits.length > 0 || raw === null)) {
      // the pass-two patterns: a surface that was never in the document can only come back through a stand-in
      check ??= raw ?? rawPatterns(globals, json, chains);
      // A leftover can only be where the text was written (a stand-in, next to its neighbours) or about a
      // match that was not replaced: every other match of the text before was replaced or overlapped a
      // replaced one. That holds for pass two's scan of the text when it used these patterns, and for
      // each round's own scan.
      const twinOfScan = check === raw && recording !== null;
      let fixed: Span[] | null = null;
      for (let round = 0; round < 3; round++) {
        const left =
          fixed !== null
            ? check.matcher.findAround(out, fixed, json)
            : twinOfScan
              ? check.matcher.findInSplice(out, layout.copied, layout.dropped, doc, recording!, json)
              : check.matcher.find(out, 0, out.length, json);
        if (left.length === 0) break;
        const next: Layout = { spans: [], copied: [], dropped: [] };
        // pushed (not mapped): a packed array, as splice is otherwise given
        const fixes: Edit[] = [];
        for (const m of left) fixes.push(rawEdit(out, m, check, style));
        out = splice(out, fixes, next);
        fixed = next.spans;
        selfCheckFixes += left.length;
      }
    }
    const bytes = Buffer.from(out, 'utf8');
    bytesOut += bytes.length;
    sink(bytes);
  }
  progress?.(1);

  const entities: Partial<Record<Kind, number>> = {};
  const replacements: Partial<Record<Kind, number>> = {};
  for (const e of registry.entities()) {
    if (e.replacements === 0) continue;
    entities[e.kind] = (entities[e.kind] ?? 0) + 1;
    replacements[e.kind] = (replacements[e.kind] ?? 0) + e.replacements;
  }
  return { format: options.format, bytesIn, bytesOut, entities, replacements, selfCheckFixes };
}
