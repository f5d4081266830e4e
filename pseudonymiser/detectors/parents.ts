/**
 * JSON objects of a chunk named by what they hold: the parent paths of the values whose own key passes a test.
 */
import type { Chunk } from '../types';

/** The index of a value's own key in `path`: its last key, array positions (`*`) after it skipped; -1 for none. */
export function ownKeyIndex(path: readonly string[]): number {
  let i = path.length - 1;
  while (i >= 0 && path[i] === '*') i--;
  return i;
}

/**
 * The parents (the paths above their own key, joined by `sep`) of the chunk's JSON values whose own key passes
 * `holds`: the objects that hold such a field (`{"email": …}`: a person's record).
 */
export function parentsHolding(segs: Chunk['segments'], holds: (key: string) => boolean, sep: string): Set<string> {
  const out = new Set<string>();
  for (const seg of segs) {
    if (seg.isKey || seg.path.length === 0) continue;
    const i = ownKeyIndex(seg.path);
    if (i >= 0 && holds(seg.path[i]!)) out.add(seg.path.slice(0, i).join(sep));
  }
  return out;
}
