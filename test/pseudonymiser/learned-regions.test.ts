/**
 * forEachRegion skips work for a word inside the region already open (no look for its start, the end's scan resumed
 * at the region's end): the regions must be those of the plain reading, which looks for every word's start and end
 * in full. A plain reference here, on texts dense with candidate words, line breaks and lower-case names.
 */
import { forEachRegion, REACH } from '../../pseudonymiser/detectors/people/learned/tokens';
import { isSpace, letterTable, upperTable } from '../../pseudonymiser/detectors/people/text';
import { lowerNameAt } from '../../pseudonymiser/detectors/people/lexicon';

const lineBreak = (c: number) => c === 10 || c === 13 || c === 0;
const wordChar = (c: number) => letterTable()[c] === 1 || (c >= 48 && c <= 57) || c === 95;
const caseless = (c: number) =>
  (c >= 0x0590 && c <= 0x08ff) || (c >= 0x0900 && c <= 0x0dff) || (c >= 0x0e00 && c <= 0x0eff);

/** The candidate words' starts, in order: capitalised or caseless after no word character, or a lower-case name. */
function candidates(text: string, lowerCase: boolean): number[] {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (i > 0 && wordChar(text.charCodeAt(i - 1))) continue;
    if (upperTable()[c] || caseless(c)) out.push(i);
    else if (lowerCase && c >= 97 && c <= 122) {
      let e = i;
      while (e < text.length && text.charCodeAt(e) >= 97 && text.charCodeAt(e) <= 122) e++;
      if ((e === text.length || !wordChar(text.charCodeAt(e))) && lowerNameAt(text, i, e)) out.push(i);
    }
  }
  return out;
}

/** The regions as the plain reading finds them: each word's start and end in full, touching regions merged. */
function plainRegions(text: string, lowerCase: boolean): number[] {
  const n = text.length;
  const letters = letterTable();
  const out: number[] = [];
  let next = 0;
  for (const i of candidates(text, lowerCase)) {
    if (i < next) continue; // inside the word before
    let s = i;
    const floor = Math.max(0, i - REACH);
    while (s > floor && !lineBreak(text.charCodeAt(s - 1))) s--;
    if (s > 0 && !lineBreak(text.charCodeAt(s - 1))) while (s < i && !isSpace(text.charCodeAt(s))) s++;
    let e = i + 1;
    while (e < n && letters[text.charCodeAt(e)]) e++;
    next = e;
    const ceil = Math.min(n, e + REACH);
    while (e < ceil && !lineBreak(text.charCodeAt(e))) e++;
    if (e < n && !lineBreak(text.charCodeAt(e)))
      while (e < n && e < ceil + REACH && !isSpace(text.charCodeAt(e)) && !lineBreak(text.charCodeAt(e))) e++;
    if (out.length > 0 && s <= out[out.length - 1]!) out[out.length - 1] = Math.max(out[out.length - 1]!, e);
    else out.push(s, e);
  }
  return out;
}

function regions(text: string, lowerCase: boolean): number[] {
  const out: number[] = [];
  forEachRegion(text, (from, to) => out.push(from, to), lowerCase);
  return out;
}

describe('forEachRegion', () => {
  it('finds the regions of the plain reading, on texts dense with names, line breaks and long words', () => {
    const words = ['Anna', 'priya', 'raman', 'the', 'X', "O'Brien", 'MAX', 'Élodie', 'שלום', 'x1', 'a.b.com', 'de'];
    const seps = [' ', ' ', ' ', '\n', '\r\n', ', ', '. ', '_', '-', '"', '\t', '', '  '];
    let seed = 7;
    const r = (k: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
      return seed % k;
    };
    let compared = 0;
    for (let k = 0; k < 1000; k++) {
      let text = '';
      const len = r(60);
      for (let j = 0; j < len; j++) {
        text += words[r(words.length)]! + seps[r(seps.length)]!;
        if (r(8) === 0) text += 'x'.repeat(r(90)) + ' ';
      }
      for (const lowerCase of [true, false]) {
        expect(regions(text, lowerCase)).toEqual(plainRegions(text, lowerCase));
        compared++;
      }
    }
    expect(compared).toBe(2000);
  });
});
