/**
 * One scan for the words that three account scans start from: `user_id=…`
 * in text (identity.ts TEXT_ID), the bank and personal-id labels
 * (finance.ts FINANCE_LABELS, scanned by identity.ts) and ids after a noun
 * (mentions.ts PROSE_ID). Each of them used to run its own pattern over the
 * whole chunk; now one case-insensitive pattern lists the positions where
 * any of their words starts, and each tries its own pattern (sticky) only
 * there (StartCursor, starts.ts). Every match of those patterns starts at
 * such a position, so each sees the same matches in the same order.
 *
 * Two detectors read the list of one chunk: it is kept for the last corpus.
 * The pattern is not run: the secrets detector's sweep (secrets/sweep.ts),
 * which reads every character of the chunk anyway, lists the words' starts
 * through the table below and hands them over (noteAccountWords); without
 * it, accountWordStarts reads the chunk with the same table itself.
 */
import { matchStarts } from '../starts';
import { runCache } from '../../memo';
import { nextKey } from '../secrets/words';

/**
 * Starts of the three patterns' words, in any letter case: TEXT_ID's
 * (`user`, `customer`, `account`, `device`, `login`), PROSE_ID's (and `acct`,
 * `client`, `member`, `subscriber`) and the labels' first words (`driv` for
 * driver and driving). The labels' `TIN` and `ITIN` are upper case only: found
 * apart (a case-insensitive `tin` would stop in every `setting`).
 */
export const ACCOUNT_WORD_STARTS =
  /user|customer|account|acct|device|login|client|member|subscriber|passport|driv|national|tax|medical|mrn|nhs|health|aadhaar|routing|sort|ssn|social|iban/gi;

/** ACCOUNT_WORD_STARTS' words (lower case, three letters at least). */
const WORDS: readonly string[] = ACCOUNT_WORD_STARTS.source.split('|').map((word) => {
  if (!/^[a-z]{3,}$/.test(word)) throw new Error(`account word ${word}: letters only, three at least`);
  return word;
});

/**
 * For each key of three characters (secrets/words.ts nextKey: the low five
 * bits of each code, so a letter keys as its other case does): 0, or 1 + the
 * index in KEYED_WORDS of the words whose first three letters have that key.
 */
export const ACCOUNT_KEYS = new Uint8Array(1 << 15);
const KEYED_WORDS: string[][] = [];
for (const word of WORDS) {
  const key = nextKey(nextKey(nextKey(0, word.charCodeAt(0)), word.charCodeAt(1)), word.charCodeAt(2));
  if (ACCOUNT_KEYS[key] === 0) {
    KEYED_WORDS.push([]);
    ACCOUNT_KEYS[key] = KEYED_WORDS.length;
  }
  KEYED_WORDS[ACCOUNT_KEYS[key]! - 1]!.push(word);
}

/**
 * Whether ACCOUNT_WORD_STARTS matches at `p`, given `slot` = ACCOUNT_KEYS at
 * the key of `s[p, p + 3)` (not 0). The pattern is case-insensitive without
 * the `u` flag: an ASCII letter matches itself in either case and nothing
 * else (`code | 32` is the lower-case letter only for the two cases of a letter).
 */
export function accountWordAt(s: string, p: number, slot: number): boolean {
  const words = KEYED_WORDS[slot - 1]!;
  for (let w = 0; w < words.length; w++) {
    const word = words[w]!;
    if (p + word.length > s.length) continue;
    let k = 0;
    while (k < word.length && (s.charCodeAt(p + k) | 32) === word.charCodeAt(k)) k++;
    if (k === word.length) return true;
  }
  return false;
}

/** Every position where ACCOUNT_WORD_STARTS matches, ascending (overlapping starts included): the plain scan. */
export function accountWordMatches(corpus: string): number[] {
  return matchStarts(ACCOUNT_WORD_STARTS, corpus);
}

/** accountWordMatches by the table: one key per character, the text read only where a key hits. */
export function sweepAccountWords(s: string): number[] {
  const keys = ACCOUNT_KEYS;
  const out: number[] = [];
  let key = 0;
  for (let i = 0; i < s.length; i++) {
    key = ((key << 5) | (s.charCodeAt(i) & 31)) & 0x7fff; // nextKey, inline
    const slot = keys[key]!;
    if (slot !== 0 && i >= 2 && accountWordAt(s, i - 2, slot)) out.push(i - 2);
  }
  return out;
}

let lastCorpus: string | null = null;
let lastStarts: readonly number[] = [];
runCache({
  get size() {
    return lastCorpus === null ? 0 : 1;
  },
  clear() {
    lastCorpus = null;
    lastStarts = [];
  },
});

/** `words` (where ACCOUNT_WORD_STARTS matches) with the places where `TIN`/`ITIN` may start merged in. */
function withTin(corpus: string, words: number[]): number[] {
  let t = corpus.indexOf('TIN');
  if (t < 0) return words;
  // merge the starts of `TIN` and of an `ITIN` (one before) into the list
  const merged: number[] = [];
  const push = (p: number): void => {
    if (merged.length === 0 || merged[merged.length - 1]! < p) merged.push(p);
  };
  let w = 0;
  const add = (p: number): void => {
    while (w < words.length && words[w]! <= p) push(words[w++]!);
    push(p);
  };
  for (; t >= 0; t = corpus.indexOf('TIN', t + 1)) {
    if (t > 0) add(t - 1);
    add(t);
  }
  while (w < words.length) push(words[w++]!);
  return merged;
}

/** Every position where ACCOUNT_WORD_STARTS matches or `TIN`/`ITIN` may start, ascending. */
export function accountWordStarts(corpus: string): readonly number[] {
  if (corpus === lastCorpus) return lastStarts;
  const starts = withTin(corpus, sweepAccountWords(corpus));
  lastCorpus = corpus;
  lastStarts = starts;
  return starts;
}

/**
 * Hands over the positions where ACCOUNT_WORD_STARTS matches in `corpus`
 * (accountWordMatches, as the secrets sweep lists them): accountWordStarts
 * of this corpus then reads no character.
 */
export function noteAccountWords(corpus: string, words: number[]): void {
  lastCorpus = corpus;
  lastStarts = withTin(corpus, words);
}
