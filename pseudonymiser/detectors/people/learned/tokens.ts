/**
 * The tokens the learned recogniser reads, and the regions of a text it reads
 * at all. Training (training/ner) and the detector call the same functions on
 * the same kind of text, so what the model learned is what it sees.
 *
 * - A region is a stretch of a line around capitalised words (or words in a
 *   script without letter case): lower-case prose, code and JSON punctuation
 *   between them are never tokenised.
 * - A token is a word (letters, inner apostrophes and hyphens; `A.` and
 *   `H.İ.` as one initials token), a number or an identifier (letters run
 *   together with digits or `_`), one punctuation character, or a whole
 *   e-mail address, URL or host (`LINK`), which is never a name.
 */
import { letterTable, upperTable, isSpace } from '../text';
import { lowerNameAt, lowerNameHashed } from '../lexicon';

export const WORD = 0;
export const NUMBER = 1;
export const PUNCT = 2;
export const LINK = 3;

/** Tokens of one region, in parallel arrays. */
export interface Tokens {
  text: string;
  count: number;
  start: Int32Array;
  end: Int32Array;
  kind: Uint8Array;
}

export function newTokens(text: string, capacity = 64): Tokens {
  return {
    text,
    count: 0,
    start: new Int32Array(capacity),
    end: new Int32Array(capacity),
    kind: new Uint8Array(capacity),
  };
}

function push(t: Tokens, s: number, e: number, kind: number): void {
  if (t.count === t.start.length) {
    const n = t.count * 2;
    const start = new Int32Array(n);
    const end = new Int32Array(n);
    const k = new Uint8Array(n);
    start.set(t.start);
    end.set(t.end);
    k.set(t.kind);
    t.start = start;
    t.end = end;
    t.kind = k;
  }
  t.start[t.count] = s;
  t.end[t.count] = e;
  t.kind[t.count] = kind;
  t.count++;
}

/** Whether the run [s, e) without spaces is an e-mail address, a URL or a dotted host. */
function isLink(text: string, s: number, e: number, letters: Uint8Array): boolean {
  let dots = 0;
  for (let i = s; i < e; i++) {
    const c = text.charCodeAt(i);
    if (c === 64 && i > s && i + 1 < e) return true; // @ inside
    if (c === 58 && i + 2 < e && text.charCodeAt(i + 1) === 47 && text.charCodeAt(i + 2) === 47) return true; // ://
    if (c === 46 && i > s && i + 1 < e && letters[text.charCodeAt(i - 1)] && letters[text.charCodeAt(i + 1)]) {
      // `a.b`: a host when the part after the dot runs on as lower-case letters (`enron.com`, not `A.B.` or `U.S.`)
      const n = text.charCodeAt(i + 1);
      const n2 = text.charCodeAt(i + 2);
      if (n >= 97 && n <= 122 && i + 2 < e && n2 >= 97 && n2 <= 122) dots++;
    }
  }
  return dots > 0;
}

/** What may open or close a run around an address: ( [ < { " ' and ) ] > } " ' . , ; : ! ? */
const OPENING = [40, 91, 60, 123, 34, 39, 0x201c, 0x2018];
const CLOSING = [41, 93, 62, 125, 34, 39, 0x201d, 0x2019, 46, 44, 59, 58, 33, 63];

/** Tokenises [from, to) of `text` (a region) into `t`, after what it already holds. */
export function tokenize(t: Tokens, from: number, to: number): void {
  const text = t.text;
  const letters = letterTable();
  const cls = charClasses();
  let i = from;
  while (i < to) {
    const c = text.charCodeAt(i);
    if ((cls[c]! & SPACE) !== 0 || c === 0) {
      i++;
      continue;
    }
    // the run up to the next space
    let e = i + 1;
    while (e < to) {
      const d = text.charCodeAt(e);
      if ((cls[d]! & SPACE) !== 0 || d === 0) break;
      e++;
    }
    if (e - i > 3 && isLink(text, i, e, letters)) {
      // brackets, quotes and punctuation around an address are tokens of their own: `(a@b.io).` ends a sentence
      let a = i;
      let b = e;
      while (a < b && OPENING.includes(text.charCodeAt(a))) a++;
      while (b > a && CLOSING.includes(text.charCodeAt(b - 1))) b--;
      for (let k = i; k < a; k++) push(t, k, k + 1, PUNCT);
      push(t, a, b, LINK);
      for (let k = b; k < e; k++) push(t, k, k + 1, PUNCT);
      i = e;
      continue;
    }
    // words, numbers and punctuation inside the run
    let j = i;
    while (j < e) {
      const d = text.charCodeAt(j);
      // letters run together with digits or `_` (`KC18K6`, `user_id`, `B2B`): an identifier, never a name
      if (letters[d] || (d >= 48 && d <= 57) || d === 95) {
        let k = j;
        let digits = false;
        let alpha = false;
        for (; k < e; k++) {
          const q = text.charCodeAt(k);
          if (letters[q]) alpha = true;
          else if ((q >= 48 && q <= 57) || q === 95) digits = true;
          else break;
        }
        if (alpha && digits) {
          push(t, j, k, NUMBER);
          j = k;
          continue;
        }
      }
      if (letters[d]) {
        let k = j + 1;
        for (;;) {
          while (k < e && letters[text.charCodeAt(k)]) k++;
          const q = text.charCodeAt(k);
          if ((q === 39 || q === 0x2019 || q === 45) && k + 1 < e && letters[text.charCodeAt(k + 1)]) {
            // `O'Brien`, `Ye-jin`; a possessive `'s` stays apart
            const r = text.charCodeAt(k + 1);
            if (q !== 45 && (r === 115 || r === 83) && (k + 2 >= e || !letters[text.charCodeAt(k + 2)])) break;
            k++;
            continue;
          }
          break;
        }
        // initials: `A.`, `H.İ.`, `J.R.R.`
        if (k - j === 1 && k < e && text.charCodeAt(k) === 46) {
          k++;
          while (k + 1 < e && letters[text.charCodeAt(k)] && text.charCodeAt(k + 1) === 46) k += 2;
        }
        push(t, j, k, WORD);
        j = k;
      } else if (d >= 48 && d <= 57) {
        let k = j + 1;
        while (k < e && text.charCodeAt(k) >= 48 && text.charCodeAt(k) <= 57) k++;
        push(t, j, k, NUMBER);
        j = k;
      } else {
        // a surrogate pair stays one token
        const k = d >= 0xd800 && d <= 0xdbff && j + 1 < e ? j + 2 : j + 1;
        push(t, j, k, PUNCT);
        j = k;
      }
    }
    i = e;
  }
}

/** A letter with no case (Arabic, Hebrew, Devanagari, Thai…; Han, kana and Hangul are read by people/cjk.ts). */
function caselessLetter(c: number): boolean {
  return (
    (c >= 0x0590 && c <= 0x08ff) || // Hebrew, Arabic, Syriac, Thaana
    (c >= 0x0900 && c <= 0x0dff) || // Indic scripts
    (c >= 0x0e00 && c <= 0x0eff) // Thai, Lao
  );
}

/** Whether `c` is a letter, a digit or `_` (what a word or an identifier is made of). */
function wordChar(c: number, letters: Uint8Array): boolean {
  return letters[c] === 1 || (c >= 48 && c <= 57) || c === 95;
}

/** Bits of CHAR_CLASS: wordChar; a line break (lineBreak); white space (text.ts isSpace). */
const WORD_CHAR = 1;
const LINE_BREAK = 2;
const SPACE = 4;
let charClass: Uint8Array | null = null;

/**
 * wordChar, lineBreak and isSpace of every UTF-16 code unit, as bits (on first use): the scans below read each
 * character of a chunk, and one table read there is cheaper than the calls (the CLI's V8 inlines none).
 */
function charClasses(): Uint8Array {
  if (charClass === null) {
    const letters = letterTable();
    const t = new Uint8Array(65536);
    for (let c = 0; c < 65536; c++) {
      t[c] = (wordChar(c, letters) ? WORD_CHAR : 0) | (lineBreak(c) ? LINE_BREAK : 0) | (isSpace(c) ? SPACE : 0);
    }
    charClass = t;
  }
  return charClass;
}

/** Whether a word that could be a name starts at `i` (capitalised or caseless, after no letter or digit). */
export function candidateAt(text: string, i: number, up: Uint8Array, letters: Uint8Array): boolean {
  const c = text.charCodeAt(i);
  if (!up[c] && !caselessLetter(c)) return false;
  return i === 0 || !wordChar(text.charCodeAt(i - 1), letters);
}

/**
 * Whether a word in lower case that is a name of the lists and no English word starts at `i`, after no letter or
 * digit (`spoke with priya raman`).
 */
export function lowerCandidateAt(text: string, i: number, letters: Uint8Array): boolean {
  const c = text.charCodeAt(i);
  if (c < 97 || c > 122 || (i > 0 && wordChar(text.charCodeAt(i - 1), letters))) return false;
  return lowerNameAt(text, i, lowerWordEnd(text, i, letters));
}

/** The end of a word of letters a-z at `i`, or `i` when it runs on into other letters, digits or `_`. */
function lowerWordEnd(text: string, i: number, letters: Uint8Array): number {
  let e = i;
  const n = text.length;
  while (e < n) {
    const d = text.charCodeAt(e);
    if (d < 97 || d > 122) break;
    e++;
  }
  return e < n && wordChar(text.charCodeAt(e), letters) ? i : e;
}

/**
 * Calls `found(start, end)` for each word in lower case of `text` that is a name of the lists and no English word,
 * in order: one pass over the characters, words and identifiers skipped whole.
 */
function forEachLowerName(text: string, found: (start: number, end: number) => void): void {
  const cls = charClasses();
  const n = text.length;
  let i = 0;
  while (i < n) {
    let c = text.charCodeAt(i);
    if (c >= 97 && c <= 122) {
      // the run of a-z, hashed as it is read (FNV-1a, as lexicon.ts `fnvAt`)
      const s = i;
      let h = 0x811c9dc5;
      do {
        h = Math.imul(h ^ c, 0x01000193);
        c = ++i < n ? text.charCodeAt(i) : 32;
      } while (c >= 97 && c <= 122);
      if ((cls[c]! & WORD_CHAR) === 0) {
        if (i - s >= 3 && i - s <= 20 && lowerNameHashed(text, s, i, h >>> 0)) found(s, i);
        continue;
      }
    }
    if ((cls[c]! & WORD_CHAR) !== 0) {
      i++;
      while (i < n && (cls[text.charCodeAt(i)]! & WORD_CHAR) !== 0) i++;
    } else i++;
  }
}

/**
 * Characters that may start a candidate word: capitals of the Latin, Greek, Cyrillic, Armenian and Georgian
 * scripts (a superset: candidateAt decides), and the letters without case.
 */
const MAYBE_CANDIDATE =
  /[A-Z\u00c0-\u00de\u0100-\u024f\u0370-\u03ff\u0400-\u052f\u0531-\u0556\u0590-\u0eff\u10a0-\u10ff\u1e00-\u1fff]/g;

/** How far a region reaches on each side of a candidate word, in characters. */
export const REACH = 40;

/** Whether `c` ends a line (a region never crosses one). */
function lineBreak(c: number): boolean {
  return c === 10 || c === 13 || c === 0;
}

/**
 * Calls `visit(from, to)` for each region of `text`: every candidate word with
 * REACH characters on each side (cut at line breaks, widened to whole tokens),
 * regions that touch merged. `lowerCase` false leaves out the regions that only
 * a name in lower case opens: training reads those no more (on the dev splits,
 * the model learned from capitalised regions alone finds more names in lower
 * case than one that also learned from those, and keeps more of the forms).
 */
export function forEachRegion(text: string, visit: (from: number, to: number) => void, lowerCase = true): void {
  const up = upperTable();
  const letters = letterTable();
  const cls = charClasses();
  const n = text.length;
  let open = -1;
  let close = -1;
  // the names in lower case, found first in one pass; the capitalised candidates are merged in as they come
  const lower: number[] = [];
  if (lowerCase) forEachLowerName(text, (s, e) => lower.push(s, e));
  let next = 0;
  const starts = MAYBE_CANDIDATE;
  starts.lastIndex = 0;
  // the first candidate at or after `from` is `found` (n: none): asked again from anywhere in [from, found],
  // the answer is known. Without it, each lower-case name in a long text without capitals searched the
  // rest of the text again (quadratic: a chunk of e-mail addresses took seconds).
  let from = -1;
  let found = n;
  for (;;) {
    // `test` allocates no match: each match is one character, ending at lastIndex
    const q = starts.lastIndex;
    let capital: number;
    if (from >= 0 && from <= q && q <= found) {
      capital = found;
      starts.lastIndex = capital < n ? capital + 1 : 0; // as `test` leaves it
    } else {
      capital = starts.test(text) ? starts.lastIndex - 1 : n;
      from = q;
      found = capital;
    }
    let i: number;
    if (next < lower.length && lower[next]! < capital) {
      i = lower[next]!;
      next += 2;
      // the capital found is looked at again after this word
      starts.lastIndex = capital < n ? capital : n;
    } else if (capital < n) {
      i = capital;
      // candidateAt, by the tables (a call per capital costs more than its reads)
      const c = text.charCodeAt(i);
      if (!up[c] && !caselessLetter(c)) continue;
      if (i > 0 && (cls[text.charCodeAt(i - 1)]! & WORD_CHAR) !== 0) continue;
    } else break;
    // A word inside the open region [open, close) joins it whatever its start (the start is never after the word),
    // and the region holds no line break (each part stops before one, and a part starting at `close` starts on no
    // line break): the start is not looked for, and the end's scan for a line break resumes at `close`. Words close
    // together (a capitalised line) read each character about once, not once per word near it.
    const inside = open >= 0 && open <= i && i <= close;
    // the start: REACH back, not past a line break, then forward to a space
    let s = i;
    if (!inside) {
      const floor = Math.max(0, i - REACH);
      while (s > floor && (cls[text.charCodeAt(s - 1)]! & LINE_BREAK) === 0) s--;
      if (s > 0 && (cls[text.charCodeAt(s - 1)]! & LINE_BREAK) === 0) {
        while (s < i && (cls[text.charCodeAt(s)]! & SPACE) === 0) s++;
      }
    }
    // the end: past the word, then REACH on, not past a line break, then on to a space
    let e = i + 1;
    while (e < n && letters[text.charCodeAt(e)]) e++;
    const wordEnd = e;
    const ceil = Math.min(n, e + REACH);
    if (inside && e < close) e = close < ceil ? close : ceil;
    while (e < ceil && (cls[text.charCodeAt(e)]! & LINE_BREAK) === 0) e++;
    if (e < n && (cls[text.charCodeAt(e)]! & LINE_BREAK) === 0) {
      while (e < n && e < ceil + REACH && (cls[text.charCodeAt(e)]! & (SPACE | LINE_BREAK)) === 0) e++;
    }
    if (inside || (open >= 0 && s <= close)) {
      if (e > close) close = e;
    } else {
      if (open >= 0) visit(open, close);
      open = s;
      close = e;
    }
    starts.lastIndex = wordEnd;
  }
  if (open >= 0) visit(open, close);
}
