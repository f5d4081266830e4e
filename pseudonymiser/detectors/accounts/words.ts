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
 */
import { matchStarts } from '../starts';
import { runCache } from '../../memo';

/**
 * Starts of the three patterns' words, in any letter case: TEXT_ID's
 * (`user`, `customer`, `account`, `device`, `login`), PROSE_ID's (and `acct`,
 * `client`, `member`, `subscriber`) and the labels' first words (`driv` for
 * driver and driving). The labels' `TIN` and `ITIN` are upper case only: found
 * apart (a case-insensitive `tin` would stop in every `setting`).
 */
export const ACCOUNT_WORD_STARTS =
  /user|customer|account|acct|device|login|client|member|subscriber|passport|driv|national|tax|medical|mrn|nhs|health|aadhaar|routing|sort|ssn|social/gi;

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

/** Every position where ACCOUNT_WORD_STARTS matches or `TIN`/`ITIN` may start, ascending. */
export function accountWordStarts(corpus: string): readonly number[] {
  if (corpus === lastCorpus) return lastStarts;
  const words = matchStarts(ACCOUNT_WORD_STARTS, corpus);
  let starts: number[] = words;
  let t = corpus.indexOf('TIN');
  if (t >= 0) {
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
    starts = merged;
  }
  lastCorpus = corpus;
  lastStarts = starts;
  return starts;
}
