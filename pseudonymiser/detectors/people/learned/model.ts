/**
 * The learned person and organisation recogniser: a linear model over hashed
 * features (features.ts), decoded greedily left to right, each tag seeing the
 * two tags before it. Trained by `npm run train:ner` (training/ner) as an
 * averaged perceptron; its weights are pseudonymiser/data/ner.json.
 *
 * Only candidate words are scored (capitalised, or in a script without case,
 * or right after a word tagged as a name); every other token is O. A tag that
 * continues a name (I-) follows only a tag of the same kind.
 */
import { candidateAt, lowerCandidateAt, LINK, PUNCT, WORD, type Tokens } from './tokens';
import { lowerNameAt } from '../lexicon';
import {
  featuresAt,
  MAX_FEATURES,
  TAG_COUNT,
  O,
  B_PER,
  I_PER,
  B_ORG,
  I_ORG,
  B_OTH,
  I_OTH,
  PARTICLES,
  allCaps,
  readFacts,
  newFacts,
  type TokenFacts,
} from './features';
import { letterTable, upperTable } from '../text';

/** Weight rows by feature bucket, TAG_COUNT numbers each. */
export type Weights = Float64Array | Float32Array | Int16Array;

/** What decoding a region gives: a tag and a margin (best entity score minus O's) per token. */
export interface Decoded {
  tags: Uint8Array;
  margins: Float32Array;
  /** For a token tagged O or another named thing: the name tag that scored best (its margin is that tag's lag). */
  near: Uint8Array;
}

export function newDecoded(capacity = 64): Decoded {
  return { tags: new Uint8Array(capacity), margins: new Float32Array(capacity), near: new Uint8Array(capacity) };
}

/** Whether tag `tag` may follow `prev`. */
export function allowed(prev: number, tag: number): boolean {
  if (tag === I_PER) return prev === B_PER || prev === I_PER;
  if (tag === I_ORG) return prev === B_ORG || prev === I_ORG;
  if (tag === I_OTH) return prev === B_OTH || prev === I_OTH;
  return true;
}

/** Lower-case words that may stand inside an organisation's or another thing's name (`of`, `and`). */
const JOINING = new Set([...PARTICLES, ...'of and for the on at in und et'.split(' ')]);

/**
 * Whether token `i` is scored at all, after a token tagged `prev`; `lowerCase`: whether a name in lower case may
 * start or go on a person's name.
 */
export function scored(t: Tokens, i: number, prev: number, lowerCase: boolean): boolean {
  const kind = t.kind[i]!;
  if (prev !== O) {
    // a name goes on over words and numbers, and over the punctuation inside names (`Harris, Steven`, `Harbor &
    // Finch`, `Jean - Luc`); a full stop, a colon or a bracket ends it
    if (kind === WORD) {
      // a word in lower case goes on a name only as a particle or a joining word (`van`, `bin`, `of`, `and`), or,
      // in a person's name, as a name of the lists that is no English word (`patricia desrosiers`)
      const c = t.text.charCodeAt(t.start[i]!);
      if (c >= 97 && c <= 122) {
        const w = t.text.slice(t.start[i]!, t.end[i]!);
        if (prev === B_PER || prev === I_PER)
          return PARTICLES.has(w) || (lowerCase && lowerNameAt(t.text, t.start[i]!, t.end[i]!));
        return JOINING.has(w);
      }
      return true;
    }
    if (kind !== PUNCT) return kind !== LINK;
    const c = t.text.charCodeAt(t.start[i]!);
    return c === 44 || c === 38 || c === 45 || c === 39 || c === 0x2019;
  }
  if (kind !== WORD) return false;
  const letters = letterTable();
  return (
    candidateAt(t.text, t.start[i]!, upperTable(), letters) ||
    (lowerCase && lowerCandidateAt(t.text, t.start[i]!, letters))
  );
}

export function scoreInto(feats: Int32Array, n: number, w: Weights, out: Float64Array): void {
  if (TAG_COUNT !== 7) throw new Error('scoreInto sums seven tags');
  // the seven sums in locals (each added to in the same order as a loop over the tags would): no store and load of
  // `out` per weight
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let s4 = 0;
  let s5 = 0;
  let s6 = 0;
  for (let k = 0; k < n; k++) {
    const base = feats[k]! * 7;
    s0 += w[base]!;
    s1 += w[base + 1]!;
    s2 += w[base + 2]!;
    s3 += w[base + 3]!;
    s4 += w[base + 4]!;
    s5 += w[base + 5]!;
    s6 += w[base + 6]!;
  }
  out[0] = s0;
  out[1] = s1;
  out[2] = s2;
  out[3] = s3;
  out[4] = s4;
  out[5] = s5;
  out[6] = s6;
}

/** Context for a decode: scratch space, reused. */
export class Decoder {
  readonly feats = new Int32Array(MAX_FEATURES);
  readonly scores = new Float64Array(TAG_COUNT);
  facts: TokenFacts = newFacts();
  out: Decoded = newDecoded();
  /** What one unit of the weights is worth (a stored model's step): margins are in the model's own units. */
  scale = 1;
  /**
   * Whether names in lower case are read (`spoke with priya raman`). Training leaves them out: on the dev splits,
   * a model that learned from capitalised names alone finds more of them, through the lexicon's features, than one
   * that learned from the corpora's lower-case words too, and keeps more of the other forms.
   */
  lowerCase = true;
  /**
   * Training only: called with the facts of a region once they are read, before any token is scored (train.ts
   * hides some words' own ids, as of words never seen). Unset at run time.
   */
  perturb: ((t: Tokens, f: TokenFacts) => void) | null = null;

  /**
   * Tags the tokens of one region. `learn`, when given, is called per scored
   * token with its features and the tag chosen, and returns the tag that the
   * next tokens should see (training feeds the gold tag's history back only
   * through what it decided: the model learns from its own mistakes).
   */
  decode(
    t: Tokens,
    w: Weights,
    lineStart: boolean,
    ctx: number,
    learn?: (feats: Int32Array, n: number, guess: number, i: number, prev: number) => number,
  ): Decoded {
    readFacts(t, this.facts, lineStart);
    if (this.perturb !== null) this.perturb(t, this.facts);
    if (this.out.tags.length < t.count) this.out = newDecoded(t.count * 2);
    const { tags, margins, near } = this.out;
    const shout = allCaps(t, this.facts);
    let p1 = O;
    let p2 = O;
    for (let i = 0; i < t.count; i++) {
      let tag = O;
      margins[i] = 0;
      near[i] = O;
      if (scored(t, i, p1, this.lowerCase)) {
        const n = featuresAt(t, this.facts, i, p1, p2, ctx, shout, this.feats);
        scoreInto(this.feats, n, w, this.scores);
        let best = O;
        let bestScore = this.scores[O]!;
        for (let c = 1; c < TAG_COUNT; c++) {
          if (!allowed(p1, c)) continue;
          if (this.scores[c]! > bestScore) {
            best = c;
            bestScore = this.scores[c]!;
          }
        }
        tag = best;
        // how far the chosen tag is ahead of O, or for O and OTH, of the best name tag
        let other = this.scores[O]!;
        if (best === O || best >= B_OTH) {
          other = -Infinity;
          for (let c = 1; c < B_OTH; c++)
            if (allowed(p1, c) && this.scores[c]! > other) {
              other = this.scores[c]!;
              near[i] = c;
            }
        }
        margins[i] = (bestScore - other) * this.scale;
        if (learn) tag = learn(this.feats, n, best, i, p1);
      }
      tags[i] = tag;
      p2 = p1;
      p1 = tag;
    }
    return this.out;
  }
}

/** A name found: tokens [from, to) of the region, its kind and its weakest margin. */
export interface Span {
  from: number;
  to: number;
  kind: 'person' | 'organisation';
  margin: number;
}

/** The spans of a decoded region. */
export function spansOf(count: number, d: Decoded): Span[] {
  const out: Span[] = [];
  for (let i = 0; i < count; i++) {
    const tag = d.tags[i]!;
    if (tag !== B_PER && tag !== B_ORG) continue;
    const inner = tag === B_PER ? I_PER : I_ORG;
    let j = i + 1;
    let margin = d.margins[i]!;
    while (j < count && d.tags[j] === inner) {
      margin = Math.min(margin, d.margins[j]!);
      j++;
    }
    out.push({ from: i, to: j, kind: tag === B_PER ? 'person' : 'organisation', margin });
    i = j - 1;
  }
  return out;
}
