/**
 * One scan for the words that three secret scans start from: the names of
 * assignments (`pass`, `key`, `token`, …), the header words (`authorization`,
 * `bearer`, `cookie`) and the credential words of prose (`password`, `pin`,
 * `api`, …). Each of those scans used to run its own case-insensitive
 * pattern over the whole chunk; now one pattern lists every position where
 * any of their words starts, and each scan tries its own pattern (sticky)
 * only at those positions. Every match of a scan's pattern starts at such a
 * position, so each scan sees the same matches in the same order
 * (StartCursor, starts.ts).
 */
import { matchStarts } from '../starts';

/**
 * Starts of every scan's words: NAME_WORDS' words (secrets.ts), the header
 * words (`authorization` by `auth`) and the prose words (`password`,
 * `passwd`, … by `pass`; `pin`, `security`, `access`, `api` after a word
 * boundary, as the prose pattern has them).
 */
export const SECRET_WORD_STARTS =
  /pass|pwd|secret|token|key|credential|auth|sig|dsn|private|\bpin|\bsecurity|\baccess|\bapi|bearer|cookie/gi;

/**
 * Every position where SECRET_WORD_STARTS matches, ascending (overlapping starts included).
 * The plain scan: the detector reads the same list off its one sweep over the chunk (sweep.ts).
 */
export function secretWordStarts(corpus: string): number[] {
  return matchStarts(SECRET_WORD_STARTS, corpus);
}

/** SECRET_WORD_STARTS' words (lower case, three letters at least); `bounded`: only after a word boundary. */
const WORDS: readonly { word: string; bounded: boolean }[] = SECRET_WORD_STARTS.source.split('|').map((alt) => {
  const bounded = alt.startsWith('\\b');
  const word = bounded ? alt.slice(2) : alt;
  if (!/^[a-z]{3,}$/.test(word)) throw new Error(`secret word ${alt}: letters only, three at least`);
  return { word, bounded };
});

/**
 * A key for the three characters ending with `c` (`h` the key of the three
 * ending just before): the low five bits of each code. A letter keys as its
 * other case does, so every word's first three characters in any case give
 * the key of the word's own.
 */
export const nextKey = (h: number, c: number): number => ((h << 5) | (c & 31)) & 0x7fff;

/** For each key: 0, or 1 + the index in KEYED_WORDS of the words whose first three characters have that key. */
export const WORD_KEYS = new Uint8Array(1 << 15);
const KEYED_WORDS: { word: string; bounded: boolean }[][] = [];
for (const w of WORDS) {
  const key = nextKey(nextKey(nextKey(0, w.word.charCodeAt(0)), w.word.charCodeAt(1)), w.word.charCodeAt(2));
  if (WORD_KEYS[key] === 0) {
    KEYED_WORDS.push([]);
    WORD_KEYS[key] = KEYED_WORDS.length;
  }
  KEYED_WORDS[WORD_KEYS[key]! - 1]!.push(w);
}

/** What `\b` reads as a word character: ASCII letters, digits and `_`. */
const isWordCode = (c: number): boolean =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;

/**
 * Whether SECRET_WORD_STARTS matches at `p`, given `slot` = WORD_KEYS at the
 * key of `s[p, p + 3)` (not 0). The pattern is case-insensitive without the
 * `u` flag: an ASCII letter matches itself in either case and nothing else
 * (`code | 32` is the lower-case letter only for the two cases of a letter).
 */
export function secretWordAt(s: string, p: number, slot: number): boolean {
  for (const { word, bounded } of KEYED_WORDS[slot - 1]!) {
    if (p + word.length > s.length) continue;
    let k = 0;
    while (k < word.length && (s.charCodeAt(p + k) | 32) === word.charCodeAt(k)) k++;
    if (k < word.length) continue;
    if (bounded && p > 0 && isWordCode(s.charCodeAt(p - 1))) continue;
    return true;
  }
  return false;
}
