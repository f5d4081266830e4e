/**
 * One sweep over a chunk for the scans that used to read it apart: the
 * candidate runs of the token scan (scan.ts scanTokens), the secret-word
 * starts (words.ts secretWordStarts, a case-insensitive pattern), the two
 * literals the structural scans start from (`://` for URLs, `-----BEGIN `
 * for key blocks) and the account-word starts that the account detectors
 * read (accounts/words.ts, another case-insensitive pattern). Each read every character (the pattern, the literal
 * searches) or most of them (the runs); now one loop reads each character
 * once and feeds all:
 *
 * - a key of the last three characters (words.ts nextKey) is looked up in a
 *   table that marks the keys of the words' first three letters (secret
 *   and account words), of `://` and of `BEG`; only where it hits is the text there read (secretWordAt,
 *   the literal itself), so the table only saves work, it never decides;
 * - a count of token characters before this one: where a run of MIN_RUN or
 *   more ends, it is read as scanTokens reads it (readRun).
 *
 * All give what the plain scans give, in the same order (the test
 * secrets-sweep compares them on random texts).
 */
import { MIN_RUN, TOKEN_CHAR, readRun, runWork, type TokenMatch } from './scan';
import { WORD_KEYS, nextKey, secretWordAt } from './words';
import { ACCOUNT_KEYS, accountWordAt } from '../accounts/words';

/** What the sweep finds besides the tokens, each list ascending. */
export interface SweepMarks {
  /** Where SECRET_WORD_STARTS matches (as secretWordStarts). */
  readonly words: number[];
  /** Where `://` starts. */
  readonly urls: number[];
  /** Where `-----BEGIN ` starts. */
  readonly begins: number[];
  /** Where ACCOUNT_WORD_STARTS matches (as accounts/words.ts accountWordMatches), for the account detectors. */
  readonly accounts: number[];
}

export const URL_MARK = '://';
export const BEGIN_MARK = '-----BEGIN ';

/** Bits of KEYS above the word slots (WORD_KEYS, below 32). */
const URL_BIT = 32;
const BEGIN_BIT = 64;
/** Set where some account word's first three letters have the key (ACCOUNT_KEYS). */
const ACCOUNT_BIT = 128;
const WORD_SLOT = 31;

const keyOf = (three: string): number =>
  nextKey(nextKey(nextKey(0, three.charCodeAt(0)), three.charCodeAt(1)), three.charCodeAt(2));

/** WORD_KEYS with URL_BIT at the key of `://`, BEGIN_BIT at the key of `BEG` and ACCOUNT_BIT at the account words' keys. */
const KEYS = new Uint8Array(WORD_KEYS);
if (KEYS.some((slot) => slot > WORD_SLOT)) throw new Error('word slots must stay below the mark bits');
KEYS[keyOf(URL_MARK)] = KEYS[keyOf(URL_MARK)]! | URL_BIT;
KEYS[keyOf('BEG')] = KEYS[keyOf('BEG')]! | BEGIN_BIT;
for (let k = 0; k < KEYS.length; k++) if (ACCOUNT_KEYS[k] !== 0) KEYS[k] = KEYS[k]! | ACCOUNT_BIT;

/** At a KEYS hit `v` for the three characters ending at `i` (whose key is `key`): records what starts there. */
function keyHit(s: string, i: number, v: number, key: number, marks: SweepMarks): void {
  const slot = v & WORD_SLOT;
  if (slot !== 0 && secretWordAt(s, i - 2, slot)) marks.words.push(i - 2);
  if ((v & URL_BIT) !== 0 && s.startsWith(URL_MARK, i - 2)) marks.urls.push(i - 2);
  // `-----BEGIN `: the key is that of its `BEG`, five characters in
  if ((v & BEGIN_BIT) !== 0 && i >= 7 && s.startsWith(BEGIN_MARK, i - 7)) marks.begins.push(i - 7);
  if ((v & ACCOUNT_BIT) !== 0 && accountWordAt(s, i - 2, ACCOUNT_KEYS[key]!)) marks.accounts.push(i - 2);
}

/**
 * Where the sweep's keys hit (the last character of the three), ascending:
 * the hot loop only notes them, and readHits reads the text there after the
 * sweep. With keyHit's checks inlined, the loop compiled several times
 * slower, and the text was swept in slower code meanwhile.
 */
const hits: number[] = [];

/** Records the marks at the noted hits (the list is emptied when the next sweep starts). */
function readHits(s: string, marks: SweepMarks): void {
  for (let h = 0; h < hits.length; h++) {
    const i = hits[h]!;
    const key = nextKey(nextKey(nextKey(0, s.charCodeAt(i - 2)), s.charCodeAt(i - 1)), s.charCodeAt(i));
    keyHit(s, i, KEYS[key]!, key, marks);
  }
}

/** What the sweep carries between calls of nextRunEnd: the key of the last three characters, where the run began. */
const state = { key: 0, runStart: 0 };

/**
 * Sweeps `s` from `from`: notes the key hits up to the end of the first run
 * of at least MIN_RUN token characters from `from`, and returns that end (the
 * run starts at state.runStart), or -1 when no such run ends before the text
 * does. The hot loop: kept apart from the rarer work so that it stays small;
 * the end of the text leaves by the same code as the end of a run, so that
 * no code runs there for the first time once the loop is compiled.
 */
function nextRunEnd(s: string, from: number): number {
  // the tables as locals: read through the module objects, every character would pay a property load
  const tokenChar = TOKEN_CHAR;
  const keys = KEYS;
  const minRun = MIN_RUN;
  const noted = hits;
  const n = s.length;
  let key = state.key;
  /** Token characters that end here, since the last non-token character or `from`. */
  let run = 0;
  let i = from;
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    key = ((key << 5) | (c & 31)) & 0x7fff; // nextKey, inline
    if (keys[key] !== 0 && i >= 2) noted.push(i);
    const t = tokenChar[c]!;
    if (run >= minRun && t === 0) break;
    run = (run + 1) * t;
  }
  state.key = key;
  state.runStart = i - run;
  const inside = i < n;
  const long = run >= minRun;
  return inside || long ? i : -1;
}

/** Notes the key hits in `s[from, to)`: the sweep without the runs. */
function marksOnly(s: string, from: number, to: number): void {
  let key = state.key;
  for (let i = from; i < to; i++) {
    key = nextKey(key, s.charCodeAt(i));
    if (KEYS[key] !== 0 && i >= 2) hits.push(i);
  }
  state.key = key;
}

/** Where `collect` puts the tokens of the current sweep. */
let into: TokenMatch[] = [];
/**
 * The one callback the sweep hands readRun: a new closure per chunk would
 * make the compiled readRun, which inlines its callback, start over on every
 * chunk.
 */
const collect = (m: TokenMatch): void => {
  into.push(m);
};

/**
 * Pushes every provider token in `s` onto `tokens` (what scanTokens reports,
 * in its order) and records the marks. Returns the number of classification
 * attempts made (a measure of work).
 */
export function sweepSecrets(s: string, tokens: TokenMatch[], marks: SweepMarks): number {
  const work0 = runWork.steps;
  into = tokens;
  sweepRuns(s);
  readHits(s, marks);
  return runWork.steps - work0;
}

/**
 * The sweep itself: reads the runs, notes the key hits. Its loop runs through
 * the whole text, so it is compiled while it runs; nothing follows the loop,
 * so no code runs for the first time after that.
 */
function sweepRuns(s: string): void {
  const n = s.length;
  state.key = 0;
  hits.length = 0;
  const found = collect;
  for (let i = 0; i < n;) {
    const end = nextRunEnd(s, i);
    if (end < 0) break;
    const floor = Math.min(readRun(s, state.runStart, end, found), n);
    // a token that ran past its run (`…==`): the next run starts after it; the marks are still read up to it
    if (floor > end + 1) marksOnly(s, end + 1, floor);
    i = Math.max(floor, end + 1);
  }
}
