/**
 * Character tables and the token reader shared by the people and
 * organisation scans: one pass over a chunk's corpus looks only at words
 * that start with a capital letter (or, in name contexts, any word).
 */

let upper: Uint8Array | null = null;
let letter: Uint8Array | null = null;

function tables(): { upper: Uint8Array; letter: Uint8Array } {
  if (!upper || !letter) {
    const u = new Uint8Array(65536);
    const l = new Uint8Array(65536);
    for (let c = 65; c <= 90; c++) u[c] = l[c] = 1;
    for (let c = 97; c <= 122; c++) l[c] = 1;
    const isL = /\p{L}|\p{M}/u;
    for (let c = 0xc0; c < 0x2000; c++) {
      const ch = String.fromCharCode(c);
      if (!isL.test(ch)) continue;
      l[c] = 1;
      if (ch.toLowerCase() !== ch && ch.toUpperCase() === ch) u[c] = 1;
    }
    upper = u;
    letter = l;
  }
  return { upper, letter };
}

export function upperTable(): Uint8Array {
  return tables().upper;
}

export function letterTable(): Uint8Array {
  return tables().letter;
}

/** White space as `\s` matches it. */
export function isSpace(c: number): boolean {
  return (
    c === 32 ||
    (c >= 9 && c <= 13) ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** End of the word starting at `i`: letters, with inner apostrophes and hyphens. */
export function wordEnd(text: string, i: number, letters: Uint8Array): number {
  let j = i;
  const n = text.length;
  for (;;) {
    while (j < n && letters[text.charCodeAt(j)]) j++;
    const c = text.charCodeAt(j);
    if ((c === 39 || c === 0x2019 || c === 45) && j + 1 < n && letters[text.charCodeAt(j + 1)] && j - i < 40) {
      // `O'Brien`, `Jean-Luc`; but not a possessive `'s` at the end
      if (
        c !== 45 &&
        (text.charCodeAt(j + 1) === 115 || text.charCodeAt(j + 1) === 83) &&
        !letters[text.charCodeAt(j + 2)]
      )
        return j;
      j++;
      continue;
    }
    return j;
  }
}

/** Text before `pos`, at most `n` characters, not reaching back past the segment start. */
export function before(text: string, pos: number, n: number): string {
  const s = text.slice(Math.max(0, pos - n), pos);
  const z = s.lastIndexOf('\u0000');
  return z >= 0 ? s.slice(z + 2) : s;
}

/** Whether the word at `pos` starts a sentence (or a line, or a segment). */
export function sentenceStart(text: string, pos: number): boolean {
  let j = pos - 1;
  while (j >= 0 && (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9)) j--;
  if (j < 0) return true;
  const c = text.charCodeAt(j);
  // . ! ? : newline NUL quote bracket bullet
  return (
    c === 46 ||
    c === 33 ||
    c === 63 ||
    c === 58 ||
    c === 10 ||
    c === 13 ||
    c === 0 ||
    c === 34 ||
    c === 40 ||
    c === 91 ||
    c === 42 ||
    c === 35 ||
    c === 62 ||
    c === 0x2022 ||
    c === 96 ||
    c === 123 ||
    c === 124 ||
    c === 45
  );
}
