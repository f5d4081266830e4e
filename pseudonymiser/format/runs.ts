/**
 * Where to cut a stretch of whole lines of UTF-8 so that its ASCII lines are
 * decoded apart from the others. V8 holds a string as one byte per character
 * only when every character is below U+0100: one non-ASCII line makes a whole
 * decoded megabyte two bytes per character, slower to decode, scan, slice,
 * hash and join. A trace with a few non-ASCII lines is decoded as long ASCII
 * stretches (one byte per character) and short stretches holding the others.
 */
import { isAscii } from 'node:buffer';

/** Below this many bytes, a stretch of ASCII lines between non-ASCII ones is not cut out (cutting costs). */
export const MIN_ASCII_RUN = 1 << 14;

/** Bytes looked at first from where a search starts; each next look takes twice as many. */
const FIRST_LOOK = 1 << 12;

/**
 * The position of the first byte above 0x7f in [from, to) of `buf`, or -1 when there is none. It looks
 * at stretches growing from `from` and halves the first that holds one, so that what it reads is about
 * the distance to that byte, not to `to`.
 */
export function firstNonAscii(buf: Buffer, from: number, to: number): number {
  for (let lo = from, look = FIRST_LOOK; lo < to; look *= 2) {
    let hi = Math.min(to, lo + look);
    if (ascii(buf, lo, hi)) {
      lo = hi;
      continue;
    }
    // [lo, hi) holds one: halve it, keeping the half whose first part holds the first one
    while (hi - lo > 128) {
      const mid = lo + ((hi - lo) >> 1);
      if (ascii(buf, lo, mid)) lo = mid;
      else hi = mid;
    }
    for (let i = lo; i < hi; i++) if (buf[i]! > 0x7f) return i;
  }
  return -1;
}

/** Whether [from, to) of `buf` is ASCII (a plain view: cheaper to make than a Buffer's subarray). */
function ascii(buf: Buffer, from: number, to: number): boolean {
  return isAscii(new Uint8Array(buf.buffer, buf.byteOffset + from, to - from));
}

/**
 * The end of the stretch of whole lines that starts at `at` (a line's start)
 * in [at, stop) (whole lines): either ASCII lines only, as many as there are
 * (cut before a non-ASCII line when that leaves at least `minAscii` bytes), or
 * lines holding non-ASCII characters together with the runs of ASCII lines
 * between them shorter than `minAscii` bytes. Every stretch ends after a line
 * feed or at `stop`.
 */
export function stretchEnd(buf: Buffer, at: number, stop: number, minAscii = MIN_ASCII_RUN): number {
  const bad = firstNonAscii(buf, at, stop);
  if (bad < 0) return stop;
  const lineStart = Math.max(at, buf.lastIndexOf(10, bad) + 1);
  if (lineStart - at >= minAscii) return lineStart;
  // a two-byte stretch: through the line holding `bad` and each next non-ASCII line closer than minAscii
  let end = lineEnd(buf, bad, stop);
  for (;;) {
    const next = firstNonAscii(buf, end, stop);
    if (next < 0) return stop - end >= minAscii ? end : stop;
    const start = Math.max(end, buf.lastIndexOf(10, next) + 1);
    if (start - end >= minAscii) return end;
    end = lineEnd(buf, next, stop);
  }
}

/** One past the line feed ending the line holding position `p`, or `stop`. */
function lineEnd(buf: Buffer, p: number, stop: number): number {
  const nl = buf.indexOf(10, p);
  return nl < 0 || nl >= stop ? stop : nl + 1;
}
