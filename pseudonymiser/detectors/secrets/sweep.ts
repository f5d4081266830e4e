/**
 * One sweep over a chunk for two scans that used to read it apart: the
 * candidate runs of the token scan (scan.ts scanTokens) and the secret-word
 * starts (words.ts secretWordStarts, a case-insensitive pattern). Each read
 * every character (the pattern) or most of them (the runs); now one loop
 * reads each character once and feeds both:
 *
 * - words: a key of the last three characters (words.ts nextKey) looked up
 *   in a table of the words' first three letters; only where it hits is the
 *   word read (secretWordAt), so the table only saves work, it never decides;
 * - runs: a count of the token characters before this one; where a run of
 *   MIN_RUN or more ends, it is read as scanTokens reads it (readRun).
 *
 * Both give what the plain scans give, in the same order (the test
 * secrets-sweep compares them on random texts).
 */
import { MIN_RUN, TOKEN_CHAR, readRun, runWork, type TokenMatch } from './scan';
import { WORD_KEYS, nextKey, secretWordAt } from './words';

/** What the sweep carries between calls of nextRunEnd: the key of the last three characters, where the run began. */
const state = { key: 0, runStart: 0 };

/**
 * Sweeps `s` from `from` (`run` token characters before it count): pushes
 * the secret-word starts onto `words` up to the end of the first run of at
 * least MIN_RUN token characters, and returns that end (the run starts at
 * state.runStart), or -1 when no such run ends before the text does. The hot
 * loop: kept apart from the rarer work so that it stays small.
 */
function nextRunEnd(s: string, from: number, words: number[]): number {
  // the tables as locals: read through the module objects, every character would pay a property load
  const tokenChar = TOKEN_CHAR;
  const wordKeys = WORD_KEYS;
  const minRun = MIN_RUN;
  const n = s.length;
  let key = state.key;
  /** Token characters that end here, since the last non-token character or `from`. */
  let run = 0;
  for (let i = from; i < n; i++) {
    const c = s.charCodeAt(i);
    key = ((key << 5) | (c & 31)) & 0x7fff; // nextKey, inline
    const slot = wordKeys[key]!;
    if (slot !== 0 && i >= 2 && secretWordAt(s, i - 2, slot)) words.push(i - 2);
    const t = tokenChar[c]!;
    if (run >= minRun && t === 0) {
      state.key = key;
      state.runStart = i - run;
      return i;
    }
    run = (run + 1) * t;
  }
  state.key = key;
  state.runStart = n - run;
  return run >= minRun ? n : -1;
}

/** Pushes the secret-word starts that end in `s[from, to)` onto `words`: the sweep without the runs. */
function wordsOnly(s: string, from: number, to: number, words: number[]): void {
  let key = state.key;
  for (let i = from; i < to; i++) {
    key = nextKey(key, s.charCodeAt(i));
    const slot = WORD_KEYS[key]!;
    if (slot !== 0 && i >= 2 && secretWordAt(s, i - 2, slot)) words.push(i - 2);
  }
  state.key = key;
}

/**
 * Calls `found` for every provider token in `s` (as scanTokens) and pushes
 * every secret-word start onto `words` (as secretWordStarts), ascending.
 * Returns the number of classification attempts made (a measure of work).
 */
export function sweepSecrets(s: string, found: (m: TokenMatch) => void, words: number[]): number {
  const work0 = runWork.steps;
  const n = s.length;
  state.key = 0;
  for (let i = 0; i < n;) {
    const end = nextRunEnd(s, i, words);
    if (end < 0) break;
    const floor = Math.min(readRun(s, state.runStart, end, found), n);
    // a token that ran past its run (`…==`): the next run starts after it; words are still read up to it
    if (floor > end + 1) wordsOnly(s, end + 1, floor, words);
    i = Math.max(floor, end + 1);
  }
  return runWork.steps - work0;
}
