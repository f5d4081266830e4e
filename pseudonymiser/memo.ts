/**
 * Caches of what a trace holds (key names, words, addresses, numbers, names),
 * kept for the length of one twin: the engine empties them all when a twin
 * ends, so that nothing of one trace stays in its memory after its twin (a
 * service thread twins one customer's trace after another). Caches of fixed
 * data (tables, lexicons, pools) are not run caches.
 */
import { own } from './strings';

/** What a run cache must offer: how much it holds, and a way to let it all go. */
export interface RunCache {
  readonly size: number;
  clear(): void;
}

const caches: RunCache[] = [];

/** A Map emptied when each twin ends. */
export function runMap<K, V>(): Map<K, V> {
  const map = new Map<K, V>();
  caches.push(map);
  return map;
}

/**
 * A run cache of answers by text key, bounded: emptied when a twin ends
 * (like runMap) and when it holds `bound` keys (a trace with more distinct
 * keys computes some again). Keys are kept as flat copies (strings.ts `own`):
 * a key sliced out of a chunk must not keep the chunk alive. A value that
 * holds such slices is copied by the caller. `undefined` is never a value.
 *
 *   let v = memo.get(key);
 *   if (v === undefined) v = memo.set(key, compute(key));
 */
export class RunMemo<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly bound: number) {
    caches.push(this.map);
  }
  get(key: string): V | undefined {
    return this.map.get(key);
  }
  /** Remembers `value` for `key`; returns `value`. */
  set(key: string, value: V): V {
    if (this.map.size >= this.bound) this.map.clear();
    this.map.set(own(key), value);
    return value;
  }
  /** Forgets every key (what the answers depend on besides the key has changed). */
  clear(): void {
    this.map.clear();
  }
}

/** Registers a cache held some other way (a variable remembering the last value seen). */
export function runCache(cache: RunCache): void {
  caches.push(cache);
}

/** Empties every run cache (the end of a twin, however it ended). */
export function endRun(): void {
  for (const c of caches) c.clear();
}

/** How many entries the run caches hold (tests: none once a twin has ended). */
export function runCacheEntries(): number {
  let n = 0;
  for (const c of caches) n += c.size;
  return n;
}

/**
 * `compute` remembered per argument for as long as the returned function is
 * held (a pure function of its argument asked again and again within one
 * step of a twin).
 */
export function remembered<V>(compute: (arg: string) => V): (arg: string) => V {
  const seen = new Map<string, V>();
  return (arg) => {
    if (seen.has(arg)) return seen.get(arg) as V;
    const v = compute(arg);
    seen.set(arg, v);
    return v;
  };
}
