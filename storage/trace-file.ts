/**
 * A trace file on local disk as the pseudonymiser reads and writes it: a
 * source read from disk on each of its three reads (never held whole), and
 * a sink writing the twin piece by piece. The CLI twins files with them; the
 * service's pool threads twin a run's scratch copy of the upload with them.
 */
import { closeSync, fstatSync, openSync, readSync, writeSync } from 'node:fs';
import type { TraceSource } from '../pseudonymiser';

/** Bytes read from a file at a time. */
const PIECE = 1 << 20;

/**
 * The regular file open on `fd` as a TraceSource, read up to the `size` it
 * had when it was opened. One buffer serves every piece: the pseudonymiser is
 * done with a piece when it asks for the next.
 */
export function fileSource(fd: number, size: number): TraceSource {
  const buf = Buffer.allocUnsafe(Math.max(1, Math.min(PIECE, size)));
  return {
    size,
    *pieces(): Generator<Uint8Array> {
      for (let pos = 0; pos < size;) {
        const n = readSync(fd, buf, 0, Math.min(buf.length, size - pos), pos);
        if (n === 0) return;
        yield buf.subarray(0, n);
        pos += n;
      }
    },
  };
}

/** Writes all of `bytes` to `fd`. */
export function writeAll(fd: number, bytes: Uint8Array): void {
  for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at, bytes.length - at);
}

/**
 * Calls `fn` with the regular file `file` as a source; closes it after.
 * Throws when `file` is not a regular file.
 */
export function withFileSource<T>(file: string, fn: (source: TraceSource) => T): T {
  const fd = openSync(file, 'r');
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new Error('not a regular file');
    return fn(fileSource(fd, st.size));
  } finally {
    closeSync(fd);
  }
}
