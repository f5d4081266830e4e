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

/** Every position where SECRET_WORD_STARTS matches, ascending (overlapping starts included). */
export function secretWordStarts(corpus: string): number[] {
  return matchStarts(SECRET_WORD_STARTS, corpus);
}
