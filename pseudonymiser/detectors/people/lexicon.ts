/**
 * Lexicon lookups for people and organisations: first names (with gender),
 * surnames, English common words, public organisations, cultural registers.
 * All keyed by the lower-case token.
 *
 * The data file (pseudonymiser/data/lexicon.json, built by
 * scripts/build-lexicons.js, see SOURCES.md) holds one sorted string
 * `word:FFgr|word:FFgr|…`; a lookup binary-searches it in place, so nothing
 * is built at load. Answers are memoised per token.
 */
import lexicon from '../../data/lexicon.json';
import orgs from '../../data/orgs.json';
import places from '../../data/places.json';
import named from '../../data/named-orgs.json';
import demonyms from '../../data/demonyms.json';
import type { Gender } from '../../pools';
import { RunMemo } from '../../memo';
import { compareAt } from '../../strings';

/** Bit flags of a lower-case token. */
export const FIRST = 1;
export const FIRST_RARE = 2;
export const SURNAME = 4;
export const SURNAME_RARE = 8;
/** A common English word (SCOWL sizes 10-35). */
export const WORD = 16;
/** One of the ~4,000 most frequent English words (SCOWL size 10). */
export const WORD_TOP = 32;
/** A less common English word (SCOWL sizes 40-50). */
export const WORD_RARE = 64;
/** On the anglo (census) pools, as a whole name. */
const ANGLO = 128;

const ENTRIES: string = lexicon.entries;
let offsets: Int32Array | null = null;

/** Start of every entry, from the stored entry lengths (one pass over ~220k bytes, on the first lookup). */
function entryOffsets(): Int32Array {
  if (!offsets) {
    const lengths = Buffer.from(lexicon.lengths, 'base64');
    const o = new Int32Array(lengths.length + 1);
    let at = 0;
    for (let i = 0; i < lengths.length; i++) {
      o[i] = at;
      at += lengths[i]! + 1; // the `|` after each entry
    }
    o[lengths.length] = at;
    offsets = o;
  }
  return offsets;
}

/** Packed answer: flags (bits 0-7), gender (bits 8-9: 0 none, 1 f, 2 m, 3 u), register + 1 (bits 10-15). */
function search(word: string): number {
  const s = ENTRIES;
  const o = entryOffsets();
  let lo = 0;
  let hi = o.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const start = o[mid]!;
    // an entry is `word:FFgr`
    const colon = o[mid + 1]! - 6;
    const c = compareAt(s, start, colon, word);
    if (c === 0) {
      const flags = parseInt(s.slice(colon + 1, colon + 3), 16);
      const g = s.charCodeAt(colon + 3);
      const r = s.charCodeAt(colon + 4);
      const gender = g === 102 ? 1 : g === 109 ? 2 : g === 117 ? 3 : 0;
      const register = r === 45 ? 0 : r - 96;
      return flags | (gender << 8) | (register << 10);
    }
    if (c < 0) lo = mid + 1;
    else hi = mid;
  }
  return 0;
}

const memo = new RunMemo<number>(200_000);
/** `o'`, `d'`, `l'`, `dell'`… at the start of a surname. */
const NAME_PREFIX_APOSTROPHE = /^(o|d|l|dell|dall|de|di|da|mc|mac)['’](?=\p{L}{2})/u;

function info(lower: string): number {
  let v = memo.get(lower);
  if (v === undefined) {
    v = lower.length === 0 || lower.length > 40 ? 0 : search(lower);
    // the lists write `OSULLIVAN` and `SEAN`: a name written `O'Sullivan` or `Seán` is looked up as they write it
    // (only after a surname prefix: `I've` and `we'll` must not become `ive` and `well`)
    if (v === 0 && lower.length <= 40 && /[^a-z]/.test(lower)) {
      const plain = lower
        .replace(NAME_PREFIX_APOSTROPHE, '$1')
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .normalize('NFC');
      if (plain !== lower && plain.length > 0) v = search(plain);
    }
    memo.set(lower, v);
  }
  return v;
}

/** Bits of the table of lower-case name words (a bit per hash value; a set bit is confirmed by a lookup). */
const LOWER_NAME_BITS = 22;
let lowerNames: Uint32Array | null = null;

/** FNV-1a of `s[start, end)`, by UTF-16 code unit, without a copy. */
function fnvAt(s: string, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Whether a word's flags make it a name written in lower case: on a name list and no English word. */
function lowerNameFlags(f: number): boolean {
  return (f & (FIRST | FIRST_RARE | SURNAME | SURNAME_RARE)) !== 0 && (f & (WORD | WORD_TOP | WORD_RARE)) === 0;
}

/** The value of a hexadecimal digit's code unit, or -1. */
function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}

/** The hashes of every entry of three or more letters a-z that lowerNameFlags accepts, as bits (on first use). */
function lowerNameTable(): Uint32Array {
  if (!lowerNames) {
    const bits = new Uint32Array(1 << (LOWER_NAME_BITS - 5));
    const s = ENTRIES;
    const o = entryOffsets();
    const mask = (1 << LOWER_NAME_BITS) - 1;
    const names = FIRST | FIRST_RARE | SURNAME | SURNAME_RARE;
    const words = WORD | WORD_TOP | WORD_RARE;
    // one pass over ~230k entries on the first lookup: the flags read without a copy and tested first, the word's
    // letters checked and hashed (as fnvAt) in one loop
    for (let k = 0; k + 1 < o.length; k++) {
      const colon = o[k + 1]! - 6;
      const start = o[k]!;
      if (colon - start < 3) continue;
      const hi = hexValue(s.charCodeAt(colon + 1));
      const lo = hexValue(s.charCodeAt(colon + 2));
      const f = hi >= 0 && lo >= 0 ? hi * 16 + lo : parseInt(s.slice(colon + 1, colon + 3), 16);
      if ((f & names) === 0 || (f & words) !== 0) continue; // lowerNameFlags
      let h = 0x811c9dc5;
      let i = start;
      for (; i < colon; i++) {
        const c = s.charCodeAt(i);
        if (c < 97 || c > 122) break;
        h = Math.imul(h ^ c, 0x01000193);
      }
      if (i < colon) continue;
      h = (h >>> 0) & mask;
      bits[h >>> 5]! |= 1 << (h & 31);
    }
    lowerNames = bits;
  }
  return lowerNames;
}

/**
 * Whether `text[start, end)`, letters a-z in lower case, is a name as people write names in lower case (`priya`,
 * `desrosiers`): a given name or surname of the lists that is no English word. A hash table answers most words
 * without a copy; a word it holds is confirmed by the lexicon.
 */
export function lowerNameAt(text: string, start: number, end: number): boolean {
  return end - start >= 3 && end - start <= 20 && lowerNameHashed(text, start, end, fnvAt(text, start, end));
}

/** lowerNameAt for a word whose FNV-1a hash (as `fnvAt` computes it) the caller has already. */
export function lowerNameHashed(text: string, start: number, end: number, hash: number): boolean {
  const h = hash & ((1 << LOWER_NAME_BITS) - 1);
  if ((lowerNameTable()[h >>> 5]! & (1 << (h & 31))) === 0) return false;
  return lowerNameFlags(flagsOf(text.slice(start, end)));
}

/** Flags of a lower-case token (0 when unknown). */
export function flagsOf(lower: string): number {
  return info(lower) & 127;
}

/** Bits of the table of common English words and their forms one letter short (nearCommonWord). */
const NEAR_BITS = 23;
let near: Uint32Array | null = null;

/** FNV-1a of `w` less its character at `skip` (-1: none). */
function fnvSkipping(w: string, skip: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < w.length; i++) {
    if (i === skip) continue;
    h = Math.imul(h ^ w.charCodeAt(i), 0x01000193);
  }
  return h >>> 0;
}

const NEAR_MASK = (1 << NEAR_BITS) - 1;

/** A hash's second bit in the near table (its first: its low NEAR_BITS bits). */
function nearSecond(h: number): number {
  let g = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  g ^= g >>> 13;
  return g & NEAR_MASK;
}

function setNear(t: Uint32Array, h: number): void {
  const a = h & NEAR_MASK;
  const b = nearSecond(h);
  t[a >>> 5]! |= 1 << (a & 31);
  t[b >>> 5]! |= 1 << (b & 31);
}

function hasNear(t: Uint32Array, h: number): boolean {
  const a = h & NEAR_MASK;
  const b = nearSecond(h);
  return (t[a >>> 5]! & (1 << (a & 31))) !== 0 && (t[b >>> 5]! & (1 << (b & 31))) !== 0;
}

/**
 * Whether `lower` may be one letter left out, added, changed, or two swapped away from a common English word (bands
 * WORD, WORD_TOP): a table of bits (on first use) holds each such word and each of its forms one letter short, and
 * `lower` is looked for as it is and one letter short. False is sure; true may be wrong (for about one word in ten
 * on the lists: two words one letter short alike may be two letters apart, and bits are shared):
 * oneEditFromCommonWord confirms it.
 */
export function nearCommonWord(lower: string): boolean {
  if (near === null) {
    const t = new Uint32Array(1 << (NEAR_BITS - 5));
    const o = entryOffsets();
    for (let k = 0; k + 1 < o.length; k++) {
      const colon = o[k + 1]! - 6;
      if ((parseInt(ENTRIES.slice(colon + 1, colon + 3), 16) & (WORD | WORD_TOP)) === 0) continue;
      const w = ENTRIES.slice(o[k]!, colon);
      setNear(t, fnvSkipping(w, -1));
      for (let i = 0; i < w.length; i++) setNear(t, fnvSkipping(w, i));
    }
    near = t;
  }
  if (hasNear(near, fnvSkipping(lower, -1))) return true;
  for (let i = 0; i < lower.length; i++) if (hasNear(near, fnvSkipping(lower, i))) return true;
  return false;
}

/**
 * Whether a spelling tried out is a common English word (bands WORD, WORD_TOP), as the lists write it (no accent read
 * away), looked up once and forgotten: no run cache fills with spellings the trace does not hold.
 */
function commonSpelling(lower: string): boolean {
  return lower.length > 0 && lower.length <= 40 && (search(lower) & (WORD | WORD_TOP)) !== 0;
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz';

/**
 * Whether one letter left out, added, changed, or two swapped make `w` a common English word (`weard`,
 * `appologies`): nearCommonWord's table first, which answers most words at once, then the spellings one by one.
 */
export function oneEditFromCommonWord(w: string): boolean {
  if (!nearCommonWord(w)) return false;
  for (let i = 0; i < w.length; i++) {
    const head = w.slice(0, i);
    if (commonSpelling(head + w.slice(i + 1))) return true;
    if (i + 1 < w.length && commonSpelling(head + w[i + 1]! + w[i]! + w.slice(i + 2))) return true;
    for (const c of ALPHABET) {
      if (c !== w[i] && commonSpelling(head + c + w.slice(i + 1))) return true;
      if (commonSpelling(head + c + w.slice(i))) return true;
    }
  }
  for (const c of ALPHABET) if (commonSpelling(w + c)) return true;
  return false;
}

/** Whether `lower` is two common English words of three letters or more run together (`attributeerror`, `nonetype`). */
export function twoCommonWords(lower: string): boolean {
  for (let i = 3; i + 3 <= lower.length; i++)
    if (commonSpelling(lower.slice(0, i)) && commonSpelling(lower.slice(i))) return true;
  return false;
}

const GENDERS: readonly (Gender | undefined)[] = [undefined, 'f', 'm', 'u'];

export function genderOf(lowerFirst: string): Gender | undefined {
  return GENDERS[(info(lowerFirst) >> 8) & 3];
}

/** Index into pools.registers of the register a name part belongs to (non-anglo registers first). */
export function registerOf(lower: string): number | undefined {
  const r = info(lower) >> 10;
  return r === 0 ? undefined : r - 1;
}

let publicOrgs: ReadonlySet<string> | null = null;
let namedNames: string = named.names;

/**
 * The organisations named in published text, `|`-separated, in place of data/named-orgs.json's: `npm run train:ner`
 * sets the list it is about to write before it trains, so that what the model learns of public names never depends
 * on the list an earlier run wrote.
 */
export function useNamedOrgs(names: string): void {
  namedNames = names;
  publicOrgs = null;
}

/**
 * Whether a lower-case name is a public organisation, product or project: a brand of data/orgs.json, or an
 * organisation named in published text (data/named-orgs.json, written by `npm run train:ner`).
 */
export function isPublicOrg(lower: string): boolean {
  return (publicOrgs ??= new Set([...orgs.public.split('|'), ...namedNames.split('|')])).has(lower);
}

let placeNames: ReadonlySet<string> | null = null;

let demonymNames: Set<string> | undefined;
/** Whether a lower-case word or phrase is a nationality or a religion, or its people (data/demonyms.json: `spanish`, `sunni`, `buddhists`). */
export function isDemonym(lower: string): boolean {
  return (demonymNames ??= new Set(demonyms.demonyms.split('|'))).has(lower);
}

/** Whether a lower-case name is a city of 100,000 people or more, a country or a province (data/places.json). */
export function isPlace(lower: string): boolean {
  return (placeNames ??= new Set(places.places.split('|'))).has(lower);
}

let publicCompact: ReadonlySet<string> | null = null;

/** Whether a lower-case label, without its punctuation, spells a public name (`opencollective`, `open-collective`). */
export function isPublicOrgLabel(label: string): boolean {
  publicCompact ??= new Set(
    orgs.public
      .split('|')
      .map((o) => o.replace(/[^a-z0-9]/g, ''))
      .filter((o) => o.length >= 3),
  );
  return publicCompact.has(label.replace(/[^a-z0-9]/g, ''));
}

/** Whether a lower-case name is on the anglo (census) pools. */
export function inAnglo(lower: string): boolean {
  return (info(lower) & ANGLO) !== 0;
}
