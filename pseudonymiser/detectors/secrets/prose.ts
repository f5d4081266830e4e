/**
 * Credentials written in prose: people type their passwords into support
 * chats and agents repeat them ("my password is hunter2", "the PIN for the
 * card is 8812", "log in with password Xk9#mPq2", "the API key is sk_live_…").
 * `KEY=value` lines and `password:` fields are the assignment scanner's; this
 * reads the sentence forms: a credential word, maybe what it is for, a verb
 * that gives its value (or `with`/`using` before the word), then the value.
 *
 * A bare value must look made up (a digit, a symbol, a capital inside it, or
 * digits alone for a PIN), so that "the password is wrong" or "the password is
 * case-sensitive" stay; a quoted value is taken as written.
 */
import { looksSecret } from './values';
import { secretWordStarts } from './words';
import { StartCursor } from '../starts';

const WORD = String.raw`(password|passwd|passphrase|passcode|pwd|pin(?:[ -]?code|[ -]number)?|security[ -]code|access[ -]code|api[ -]?key|api[ -]token|access[ -]token|auth[ -]token|secret[ -]key|private[ -]token|token)`;
/** `for the VPN`, `to my account`, `of the admin user`: what the credential is for, a few words at most. */
const PURPOSE = String.raw`(?:\s+(?:for|to|of|on)(?:\s+[\w.@'-]{1,40}){1,3}?)?`;
const VERB = String.raw`(?:\s+(?:is|was|are|will\s+be|would\s+be|should\s+be|has\s+been\s+(?:set|changed|reset)\s+to|is\s+now|(?:set|changed|reset)\s+to)\s*:?)`;
/** `<word> [purpose] is VALUE` */
const GIVEN = new RegExp(String.raw`\b${WORD}${PURPOSE}${VERB}\s+`, 'giy');
/** `with password VALUE`, `using the token VALUE`, `use pwd VALUE` */
const WITH = new RegExp(
  String.raw`\b(?:with|using|use|enter|type)\s+(?:the\s+|my\s+|your\s+|our\s+)?${WORD}\s+`,
  'giy',
);
/** `with`, `using`… just before a credential word: only then is WITH tried. */
const WITH_WORD = /\b(?:with|using|use|enter|type)\s+(?:\w+\s+)?$/i;
export const FIND = /\b(?:password|passwd|passphrase|passcode|pwd|pin|security|access|api|auth|secret|private|token)/gi;
const FIND_AT = new RegExp(FIND.source, 'iy');
/** ASCII letters, digits and `_`: what `\b` reads as a word character. */
const isWordCode = (c: number): boolean =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
/** Whether FIND may match at `p`: it starts with `\b` before a letter, so no word character may come before. */
export const boundaryBefore = (s: string, p: number): boolean => p === 0 || !isWordCode(s.charCodeAt(p - 1));

const MAX_VALUE = 128;
const TRAILING = /[.,;:!?)\]}>]+$/;
/** Words that follow "password is" and say something about it rather than give it. */
const NOT_A_VALUE =
  /^(?:not|wrong|incorrect|invalid|correct|right|required|optional|expired|missing|empty|blank|weak|strong|too|very|still|being|now|case-sensitive|the|a|an|your|my|our|their|his|her|this|that|same|different|set|reset|changed|stored|saved|hashed|encrypted|hidden|shown|sent|visible|attached|below|above|here|there)$/i;

/** The value of a credential at `at`, as [start, end), or null. */
function valueAt(corpus: string, at: number, pin: boolean): [number, number] | null {
  const q = corpus[at];
  if (q === '"' || q === "'" || q === '`' || q === '\u201c' || q === '\u2018') {
    const close = q === '\u201c' ? '\u201d' : q === '\u2018' ? '\u2019' : q;
    const end = corpus.indexOf(close, at + 1);
    if (end < 0 || end - at - 1 > MAX_VALUE || end === at + 1) return null;
    const v = corpus.slice(at + 1, end);
    if (v.includes('\n') || v.trim() !== v) return null;
    return [at + 1, end];
  }
  let end = at;
  while (end < corpus.length && end - at <= MAX_VALUE && !/[\s"'`]/.test(corpus[end]!)) end++;
  if (end - at > MAX_VALUE) return null;
  let v = corpus.slice(at, end);
  const trail = TRAILING.exec(v);
  if (trail) {
    v = v.slice(0, trail.index);
    end -= trail[0].length;
  }
  if (v.length < 3 || NOT_A_VALUE.test(v)) return null;
  const madeUp = pin
    ? /^\d{4,12}$/.test(v)
    : /\d/.test(v) || /[^A-Za-z0-9.-]/.test(v) || /.[A-Z]/.test(v.replace(/^[A-Z]+$/, ''));
  return madeUp ? [at, end] : null;
}

/**
 * Reports credentials given in sentences through `emit(kind, start, end)`.
 * `starts` lists where the secret words start (secrets/words.ts), when the caller has it already.
 */
export function detectProseCredentials(
  corpus: string,
  emit: (kind: 'password' | 'secret', start: number, end: number) => void,
  starts: readonly number[] = secretWordStarts(corpus),
): void {
  const words = new StartCursor(starts);
  const gate = (p: number): boolean => boundaryBefore(corpus, p);
  let from = 0;
  let next = 0;
  for (let m = words.next(FIND_AT, corpus, next, gate); m !== null; m = words.next(FIND_AT, corpus, next, gate)) {
    next = m.index + m[0].length;
    // `<word> is VALUE` at the word, or `with <word> VALUE` where `with`/`using` stands a few characters back
    const start = Math.max(from, m.index - 12);
    const w = WITH_WORD.exec(corpus.slice(start, m.index));
    const tries: [RegExp, number][] =
      w === null
        ? [[GIVEN, m.index]]
        : [
            [GIVEN, m.index],
            [WITH, start + w.index],
          ];
    for (const [re, at] of tries) {
      re.lastIndex = at;
      const g = re.exec(corpus);
      if (g === null) continue;
      const word = g[1]!.toLowerCase();
      const kind = /key|token/.test(word) ? 'secret' : 'password';
      const v = valueAt(corpus, re.lastIndex, word.startsWith('pin') || word.includes('code'));
      if (v !== null && looksSecret(corpus.slice(v[0], v[1]), kind)) {
        emit(kind, v[0], v[1]);
        from = v[1];
        next = Math.max(next, v[1]);
        break;
      }
    }
  }
}
