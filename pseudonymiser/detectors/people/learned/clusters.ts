/**
 * The word clusters of data/clusters.json (scripts/build-clusters.js): which
 * group of words a word's pre-trained vector falls in, at two granularities.
 * Features of the learned recogniser, so that a word the labelled corpora
 * never held is read like the words it is near (`einarsson` like other
 * surnames, `yelled` like `shouted`).
 */
import clusters from '../../../data/clusters.json';
import { compareAt } from '../../../strings';

interface StoredClusters {
  fine: number;
  words: string;
  ids: string;
  coarseOf: string;
  nameShare: string;
}

const stored = clusters as StoredClusters;

/** Start of each word in the sorted `|`-separated list, then its fine cluster, and each fine cluster's coarse one. */
let table: { starts: Int32Array; ids: Uint16Array; coarse: Uint8Array; names: Uint8Array; words: string } | null = null;

function load(): NonNullable<typeof table> {
  if (table === null) {
    const words = stored.words;
    const bytes = Buffer.from(stored.ids, 'base64');
    const ids = new Uint16Array(bytes.length >> 1);
    for (let i = 0; i < ids.length; i++) ids[i] = bytes[2 * i]! | (bytes[2 * i + 1]! << 8);
    const starts = new Int32Array(ids.length + 1);
    let k = 0;
    starts[k++] = 0;
    for (let i = 0; i < words.length; i++) if (words.charCodeAt(i) === 124) starts[k++] = i + 1;
    starts[k] = words.length + 1;
    if (k !== ids.length) throw new Error(`clusters.json: ${k} words for ${ids.length} cluster ids`);
    const coarse = new Uint8Array(Buffer.from(stored.coarseOf, 'base64'));
    const names = new Uint8Array(Buffer.from(stored.nameShare, 'base64'));
    if (coarse.length !== stored.fine || names.length !== stored.fine)
      throw new Error(
        `clusters.json: ${stored.fine} fine clusters, ${coarse.length} coarse ids, ${names.length} shares`,
      );
    table = { starts, ids, coarse, names, words };
    // the list's text is held once, by the table
    (stored as { words: string }).words = '';
  }
  return table;
}

/** The fine cluster of a lower-case word, plus one (0: a word the vectors do not hold). */
export function clusterOf(lower: string): number {
  if (lower.length < 2 || lower.length > 30) return 0;
  const t = load();
  let lo = 0;
  let hi = t.ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const c = compareAt(t.words, t.starts[mid]!, t.starts[mid + 1]! - 1, lower);
    if (c === 0) return t.ids[mid]! + 1;
    if (c < 0) lo = mid + 1;
    else hi = mid;
  }
  return 0;
}

/** The coarse cluster of a fine one as clusterOf gives it, plus one (0 for 0). */
export function coarseOf(fine: number): number {
  return fine === 0 ? 0 : load().coarse[fine - 1]! + 1;
}

/**
 * The share, in hundredths, of the words of a fine cluster (as clusterOf gives it; 0 for 0) that the lexicon holds
 * as a given name or surname and as no English word: how far the words written like this one are names.
 */
export function nameShareOf(fine: number): number {
  return fine === 0 ? 0 : load().names[fine - 1]!;
}
