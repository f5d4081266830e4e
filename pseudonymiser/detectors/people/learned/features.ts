/**
 * Features of the learned recogniser: what it knows of each token and of the
 * tokens around it, as hashed feature ids. Shared by training (training/ner)
 * and the detector, so that both compute exactly the same ids.
 *
 * A token's own facts are read once per region (`TokenFacts`): its lower-case
 * form, its shape (`Xx`, `X.`, `XX`, `d`), its suffix, its script, and what the
 * lexicons say of it (given name, surname, English word by frequency band,
 * place, public organisation, title, legal form, organisation head noun), and
 * which clusters of pre-trained word vectors it falls in (clusters.ts). The
 * features of token `i` combine these for the words from `i - 2` to `i + 2`,
 * the two tags decided before it, the position in its sentence, and the
 * context the caller names (a JSON key or a table column: `ctx`).
 */
import { flagsOf, isPlace, isPublicOrg, registerOf } from '../lexicon';
import { RunMemo } from '../../../memo';
import { TITLES as HONORIFICS } from '../../../standins/people';
import { LINK, NUMBER, PUNCT, WORD, type Tokens } from './tokens';
import { clusterOf, coarseOf } from './clusters';

/** log2 of the number of feature buckets of a model. */
export const BUCKET_BITS = 18;
export const BUCKETS = 1 << BUCKET_BITS;

/**
 * The tags, in the order of a model's weight rows. OTH is any other named thing (a place, a work, an event, a
 * nationality): learned apart from O, so that O is the tag of ordinary words alone, and never reported.
 */
export const TAGS = ['O', 'B-PER', 'I-PER', 'B-ORG', 'I-ORG', 'B-OTH', 'I-OTH'] as const;
export const O = 0;
export const B_PER = 1;
export const I_PER = 2;
export const B_ORG = 3;
export const I_ORG = 4;
export const B_OTH = 5;
export const I_OTH = 6;
export const TAG_COUNT = TAGS.length;

/** Whether a lower-case word is a title or an honorific (`dr`, `dr.`, `senator`). */
export function isTitle(lower: string): boolean {
  return TITLES.has(lower.endsWith('.') ? lower.slice(0, -1) : lower);
}

/** Whether a lower-case word is a legal form of a company (`ltd`, `gmbh`, `pty`). */
export function isLegalForm(lower: string): boolean {
  const bare = lower.endsWith('.') ? lower.slice(0, -1) : lower;
  return LEGALS.has(bare) || LEGALS.has(lower);
}

/** Lexicon facts beyond the lexicon's own flags (bits 0-6). */
const PLACE = 1 << 7;
const PUBLIC_ORG = 1 << 8;
const TITLE = 1 << 9;
const LEGAL = 1 << 10;
const ORG_HEAD = 1 << 11;
const PARTICLE = 1 << 12;

/** The honorifics a stand-in keeps as written (standins/people.ts), and forms of address and offices beside them. */
const TITLES = new Set([
  ...HONORIFICS,
  ...`lord lady madam madame
  president senator judge justice minister governor mayor chancellor king queen prince princess pope saint st
  captain capt general gen colonel col major lieutenant lt sergeant sgt officer agent detective uncle aunt`.split(
    /\s+/,
  ),
]);
const LEGALS = new Set(
  `inc incorporated ltd limited llc llp lp plc corp corporation co company gmbh ag kg ohg sa sas sarl sàrl srl spa
  s.a. bv nv oy ab as asa aps pty pte kk gk sdn bhd tbk pvt holdings group`.split(/\s+/),
);
/** Words that head the names of organisations (`Pinewood Dental Clinic`, `Okafor Logistics`). */
const ORG_HEADS = new Set(
  `clinic clinics pharmacy hospital practice surgery dental labs lab laboratories logistics partners associates
  consulting consultants solutions systems services technologies technology tech software analytics ventures capital
  bank bakery cafe café restaurant bistro kitchen foods farms farm studio studios media agency agencies design group
  industries industrial manufacturing motors construction builders realty properties estates insurance law legal
  firm accounting advisors advisory trust foundation institute academy school college university society club union
  network networks energy power electric pharma pharmaceuticals health healthcare medical orthopaedic orthopedic
  wellness fitness gym salon spa hotel hotels resorts travel airlines airways transport freight shipping trading
  imports exports supply supplies store stores shop market markets mart outfitters works workshop garage repairs
  cleaning landscaping plumbing electrical roofing dynamics robotics security bio biotech therapeutics diagnostics
  records publishing press news magazine brewing brewery winery distillery coffee tea textiles apparel fashion
  cosmetics beauty jewelers jewellers optics optical vision dentistry veterinary vets animal pets childcare
  daycare care homes living communications telecom wireless digital interactive games entertainment productions
  films pictures music records events catering`.split(/\s+/),
);
/** Lower-case words that may stand inside a person's name (`van`, `bin`). */
export const PARTICLES: ReadonlySet<string> = new Set(
  `van von der den de da das do dos del della di du le la bin binti ibn al el ben bat ter ten zu af av y e`.split(
    /\s+/,
  ),
);

/** What a token is, read once per region. */
export interface TokenFacts {
  /** Hash of the lower-case form. */
  lower: Int32Array;
  /** Hash of the short shape. */
  shape: Int32Array;
  /** Hash of the last three characters, lower case. */
  suffix: Int32Array;
  /** Hashes of the last two and four characters and the first three, lower case. */
  suffix2: Int32Array;
  suffix4: Int32Array;
  prefix: Int32Array;
  /** The cultural register of the name lists the word is on (0 none). */
  register: Uint8Array;
  /** Lexicon flags and the bits above. */
  flags: Int32Array;
  /** Script class (0 none, 1 Latin, 2 Greek, 3 Cyrillic, 4 Armenian/Georgian, 5 Hebrew, 6 Arabic, 7 Indic, 8 Thai, 9 other). */
  script: Uint8Array;
  /** 1 when the token opens a sentence or a line. */
  opens: Uint8Array;
  /** 1 when the token is written in capitals (two letters or more). */
  caps: Uint8Array;
  /** The word's fine and coarse clusters of pre-trained vectors (clusters.ts; 0 none). */
  cluster: Int32Array;
  coarse: Int32Array;
}

export function newFacts(capacity = 64): TokenFacts {
  return {
    lower: new Int32Array(capacity),
    shape: new Int32Array(capacity),
    suffix: new Int32Array(capacity),
    suffix2: new Int32Array(capacity),
    suffix4: new Int32Array(capacity),
    prefix: new Int32Array(capacity),
    register: new Uint8Array(capacity),
    flags: new Int32Array(capacity),
    script: new Uint8Array(capacity),
    opens: new Uint8Array(capacity),
    caps: new Uint8Array(capacity),
    cluster: new Int32Array(capacity),
    coarse: new Int32Array(capacity),
  };
}

function grow(f: TokenFacts, n: number): void {
  if (f.lower.length >= n) return;
  let size = f.lower.length;
  while (size < n) size *= 2;
  f.lower = new Int32Array(size);
  f.shape = new Int32Array(size);
  f.suffix = new Int32Array(size);
  f.suffix2 = new Int32Array(size);
  f.suffix4 = new Int32Array(size);
  f.prefix = new Int32Array(size);
  f.register = new Uint8Array(size);
  f.flags = new Int32Array(size);
  f.script = new Uint8Array(size);
  f.opens = new Uint8Array(size);
  f.caps = new Uint8Array(size);
  f.cluster = new Int32Array(size);
  f.coarse = new Int32Array(size);
}

/** FNV-1a over a string's code units. */
export function hashString(s: string, seed = 0x811c9dc5): number {
  let h = seed;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}

function scriptOf(c: number): number {
  if (c < 0x250) return 1;
  if (c >= 0x370 && c < 0x400) return 2;
  if (c >= 0x400 && c < 0x530) return 3;
  if ((c >= 0x530 && c < 0x590) || (c >= 0x10a0 && c < 0x1100)) return 4;
  if (c >= 0x590 && c < 0x600) return 5;
  if (c >= 0x600 && c < 0x900) return 6;
  if (c >= 0x900 && c < 0xe00) return 7;
  if (c >= 0xe00 && c < 0xf00) return 8;
  if (c >= 0x1e00 && c < 0x1f00) return 1;
  return 9;
}

/** The short shape of a word: `X` upper, `x` lower, `d` digit, other characters as they are; runs cut to one. */
function shapeOf(word: string): string {
  let out = '';
  let last = '';
  for (let i = 0; i < word.length; i++) {
    const ch = word[i]!;
    const lo = ch.toLowerCase();
    const up = ch.toUpperCase();
    const s = lo !== up ? (ch === up ? 'X' : 'x') : ch >= '0' && ch <= '9' ? 'd' : ch;
    if (s !== last) out += s;
    last = s;
    if (out.length >= 6) break;
  }
  return out;
}

/** Lexicon flags of a lower-case word, with the recogniser's own bits. */
export function lexiconFlags(lower: string): number {
  let f = flagsOf(lower);
  if (isPlace(lower)) f |= PLACE;
  if (isPublicOrg(lower)) f |= PUBLIC_ORG;
  const bare = lower.endsWith('.') ? lower.slice(0, -1) : lower;
  if (TITLES.has(bare)) f |= TITLE;
  if (LEGALS.has(bare) || LEGALS.has(lower)) f |= LEGAL;
  if (ORG_HEADS.has(lower)) f |= ORG_HEAD;
  if (PARTICLES.has(lower)) f |= PARTICLE;
  return f;
}

/** A word's facts, in TokenFacts' order from `lower` to `coarse`, remembered by the word as written. */
function wordFacts(word: string, punct: boolean): Int32Array {
  const lower = word.toLowerCase();
  const out = new Int32Array(12);
  out[0] = hashString(lower);
  out[1] = hashString(shapeOf(word));
  out[2] = punct ? 0 : hashString(lower.slice(-3));
  out[3] = punct || lower.length < 3 ? 0 : hashString(lower.slice(-2));
  out[4] = punct || lower.length < 5 ? 0 : hashString(lower.slice(-4));
  out[5] = punct || lower.length < 4 ? 0 : hashString(lower.slice(0, 3));
  out[6] = punct ? 0 : (registerOf(lower) ?? -1) + 1;
  out[7] = punct ? 0 : lexiconFlags(lower);
  out[8] = punct ? 0 : scriptOf(word.charCodeAt(0));
  out[9] = !punct && word.length >= 2 && word === word.toUpperCase() && lower !== word ? 1 : 0;
  out[10] = punct ? 0 : clusterOf(lower);
  out[11] = coarseOf(out[10]);
  return out;
}

/** Facts of the words of this trace (a run cache: emptied when a twin ends). */
const words = new RunMemo<Int32Array>(16_384);

const SENTENCE_END = new Set([46, 33, 63, 58, 34, 8220, 8221, 40, 91, 123, 62, 45, 42, 35, 124, 8226]);

/** What a number of 0 to 6 or more digits is hashed as: `<d1>` … `<d6>` (the hashes, computed once). */
const NUMBER_HASHES = Int32Array.from({ length: 7 }, (_, k) => hashString(`<d${k}>`));

/** Reads the facts of every token of `t`. `lineStart`: whether `t`'s first token opens a line. */
export function readFacts(t: Tokens, f: TokenFacts, lineStart: boolean): void {
  grow(f, t.count);
  const text = t.text;
  for (let i = 0; i < t.count; i++) {
    const s = t.start[i]!;
    const e = t.end[i]!;
    const kind = t.kind[i]!;
    f.opens[i] =
      i === 0
        ? lineStart
          ? 1
          : 0
        : t.kind[i - 1] === PUNCT && SENTENCE_END.has(text.charCodeAt(t.start[i - 1]!))
          ? 1
          : 0;
    if (kind === LINK) {
      f.lower[i] = f.shape[i] = f.suffix[i] = 0x4c494e4b;
      f.suffix2[i] = f.suffix4[i] = f.prefix[i] = f.register[i] = 0;
      f.flags[i] = 0;
      f.script[i] = 0;
      f.caps[i] = 0;
      f.cluster[i] = f.coarse[i] = 0;
      continue;
    }
    if (kind === NUMBER) {
      f.lower[i] = f.shape[i] = NUMBER_HASHES[Math.min(e - s, 6)]!;
      f.suffix[i] = f.suffix2[i] = f.suffix4[i] = f.prefix[i] = f.register[i] = 0;
      f.flags[i] = 0;
      f.script[i] = 0;
      f.caps[i] = 0;
      f.cluster[i] = f.coarse[i] = 0;
      continue;
    }
    const word = text.slice(s, e);
    let w = words.get(word);
    if (w === undefined) {
      w = wordFacts(word, kind === PUNCT);
      words.set(word, w);
    }
    f.lower[i] = w[0]!;
    f.shape[i] = w[1]!;
    f.suffix[i] = w[2]!;
    f.suffix2[i] = w[3]!;
    f.suffix4[i] = w[4]!;
    f.prefix[i] = w[5]!;
    f.register[i] = w[6]!;
    f.flags[i] = w[7]!;
    f.script[i] = w[8]!;
    f.caps[i] = w[9]!;
    f.cluster[i] = w[10]!;
    f.coarse[i] = w[11]!;
  }
}

/** Whether every cased word of the region is in capitals (a heading, a shouted line). */
export function allCaps(t: Tokens, f: TokenFacts): boolean {
  let words = 0;
  for (let i = 0; i < t.count; i++) {
    if (t.kind[i] !== WORD) continue;
    if (t.end[i]! - t.start[i]! < 2) continue;
    if (!f.caps[i]) return false;
    words++;
  }
  return words >= 2;
}

function mix(template: number, value: number): number {
  let h = Math.imul(template + 1, 0x9e3779b1) ^ value;
  h ^= h >>> 15;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h & (BUCKETS - 1);
}

/** Flags worth a feature of their own, each. */
const FLAG_BITS = 13;

/**
 * Writes the feature buckets of token `i` into `out` and returns how many.
 * `p1`, `p2`: the tags decided for the two tokens before (O at the start);
 * `ctx`: a hash of the caller's context (0 when none); `shout`: the region is
 * in capitals.
 */
export function featuresAt(
  t: Tokens,
  f: TokenFacts,
  i: number,
  p1: number,
  p2: number,
  ctx: number,
  shout: boolean,
  out: Int32Array,
): number {
  let n = 0;
  const n1 = t.count;
  const lw = f.lower[i]!;
  const sh = f.shape[i]!;
  const fl = f.flags[i]!;
  const w1 = i > 0 ? f.lower[i - 1]! : 1;
  const w2 = i > 1 ? f.lower[i - 2]! : 2;
  const x1 = i + 1 < n1 ? f.lower[i + 1]! : 3;
  const x2 = i + 2 < n1 ? f.lower[i + 2]! : 4;
  const s1 = i > 0 ? f.shape[i - 1]! : 1;
  const y1 = i + 1 < n1 ? f.shape[i + 1]! : 3;
  const fp = i > 0 ? f.flags[i - 1]! : -1;
  const fn = i + 1 < n1 ? f.flags[i + 1]! : -1;
  const op = f.opens[i]!;
  const sc = shout ? 1 : 0;
  out[n++] = mix(0, 0);
  out[n++] = mix(1, lw);
  out[n++] = mix(2, sh);
  out[n++] = mix(3, f.suffix[i]!);
  out[n++] = mix(4, fl);
  for (let b = 0; b < FLAG_BITS; b++) if (fl & (1 << b)) out[n++] = mix(5, b * 4 + op * 2 + sc);
  out[n++] = mix(6, w1);
  out[n++] = mix(7, w2);
  out[n++] = mix(8, x1);
  out[n++] = mix(9, x2);
  out[n++] = mix(10, s1);
  out[n++] = mix(11, y1);
  out[n++] = mix(12, fp);
  out[n++] = mix(13, fn);
  out[n++] = mix(14, p1);
  out[n++] = mix(15, p1 * 8 + p2);
  out[n++] = mix(16, p1 ^ Math.imul(sh, 31));
  out[n++] = mix(17, p1 ^ Math.imul(lw, 31));
  out[n++] = mix(18, Math.imul(w1, 31) ^ lw);
  out[n++] = mix(19, Math.imul(lw, 31) ^ x1);
  out[n++] = mix(20, op * 2 + sc);
  out[n++] = mix(21, Math.imul(sh, 7) ^ (op * 2 + sc));
  out[n++] = mix(22, f.script[i]!);
  out[n++] = mix(23, Math.imul(s1, 31) ^ sh ^ Math.imul(y1, 17));
  out[n++] = mix(24, Math.imul(fl, 31) ^ (fn & 0xfff));
  out[n++] = mix(25, Math.imul(fp & 0xfff, 31) ^ fl);
  out[n++] = mix(29, f.suffix2[i]!);
  out[n++] = mix(30, f.suffix4[i]!);
  out[n++] = mix(31, f.prefix[i]!);
  out[n++] = mix(32, f.register[i]! * 2 + (i > 0 && f.register[i - 1]! > 0 ? 1 : 0));
  const c = f.cluster[i]!;
  const cp = i > 0 ? f.cluster[i - 1]! : 0x10001;
  const cn = i + 1 < n1 ? f.cluster[i + 1]! : 0x10002;
  out[n++] = mix(33, c);
  out[n++] = mix(34, Math.imul(f.coarse[i]!, 31) ^ sh);
  out[n++] = mix(35, cp);
  out[n++] = mix(36, cn);
  out[n++] = mix(37, Math.imul(c, 31) ^ (op * 2 + sc));
  out[n++] = mix(38, Math.imul(i > 0 ? f.coarse[i - 1]! : 99, 127) ^ (i + 1 < n1 ? f.coarse[i + 1]! : 98));
  if (ctx !== 0) {
    out[n++] = mix(26, ctx);
    out[n++] = mix(27, ctx ^ Math.imul(sh, 31));
    out[n++] = mix(28, ctx ^ Math.imul(p1, 31));
  }
  return n;
}

/** The most features featuresAt writes. */
export const MAX_FEATURES = 42 + FLAG_BITS;
