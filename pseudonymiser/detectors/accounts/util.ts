/** Small helpers shared by the account detectors. */
import type { Chunk, DetectContext, Segment } from '../../types';
import { own } from '../../strings';

/** The last key of a path that is not an array position, or ''. */
export function lastKey(path: readonly string[]): string {
  for (let i = path.length - 1; i >= 0; i--) if (path[i] !== '*') return path[i]!;
  return '';
}

const normKeys = new Map<string, string>();

/** `userId`, `user-id`, `user.id` → `user_id`. Memoised: a trace repeats its keys. */
export function normKey(key: string): string {
  let n = normKeys.get(key);
  if (n === undefined) {
    n = own(key)
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .toLowerCase()
      .replace(/[.\-\s]+/g, '_');
    if (normKeys.size >= 10000) normKeys.clear();
    normKeys.set(own(key), n);
  }
  return n;
}

/** True for ASCII letters, digits and underscore. */
export function isWord(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
}

/** Up to `n` characters before `offset`, not reaching back past the segment start. */
export function textBefore(chunk: Chunk, seg: Segment, offset: number, n: number): string {
  return chunk.corpus.slice(Math.max(seg.start, offset - n), offset);
}

/** Normalised last key of the segment holding `offset`. */
export function keyAt(chunk: Chunk, ctx: DetectContext, offset: number): string {
  return normKey(lastKey(ctx.segmentAt(chunk, offset).path));
}
