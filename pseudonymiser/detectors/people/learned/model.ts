/**
 * The learned person and organisation recogniser: a linear model over hashed
 * features (features.ts), each tag seeing the two tags before it, decoded as the
 * best sequence of tags (Viterbi; `Decoder.viterbi` false: greedily left to
 * right). Trained by `npm run train:ner` (training/ner) as an averaged
 * (structured) perceptron; its weights are pseudonymiser/data/ner.json.
 *
 * Only candidate words are scored (capitalised, or in a script without case,
 * or right after a word tagged as a name); every other token is O. A tag that
 * continues a name (I-) follows only a tag of the same kind.
 */
import { candidateAt, lowerCandidateAt, LINK, PUNCT, WORD, type Tokens } from './tokens';
import { lowerNameAt } from '../lexicon';
import {
  featuresAt,
  staticFeaturesAt,
  historyAt,
  pairFeature,
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
}

export function newDecoded(capacity = 64): Decoded {
  return { tags: new Uint8Array(capacity), margins: new Float32Array(capacity) };
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
  /** Whether the best sequence of tags is found (Viterbi over the two tags before each), or each tag greedily. */
  viterbi = true;
  /**
   * Viterbi's scratch, per token: the states' best scores before it (49: a state is the two tags before), the
   * states reached (a bit per tag before, and per tag before a bit per tag before that), which tags before score
   * it, its static scores (7), its scores per tag before (49) and the back pointers.
   */
  private alpha = new Float64Array(65 * 49);
  private reach1 = new Uint8Array(65);
  private reach2 = new Uint8Array(65 * 7);
  private scoredBy = new Uint8Array(64);
  private stat = new Float64Array(64 * 7);
  private dyn = new Float64Array(64 * 49);
  private back = new Uint8Array(64 * 49);
  private beta = new Float64Array(49);
  private beta2 = new Float64Array(49);
  private best7 = new Float64Array(7);

  /**
   * The tags of the highest-scoring sequence (Viterbi; a state is the two tags before a token; a tag scores its lead
   * over O, so that a token scored as O gains what one not scored does, nothing), with each name token's margin read
   * over sequences: the best sequence that gives the token its tag less the best that gives it no name (O or another
   * thing's tag: max-marginals, from the pass forward and one back over the tokens from the first name on).
   */
  best(t: Tokens, w: Weights, lineStart: boolean, ctx: number): Decoded {
    readFacts(t, this.facts, lineStart);
    const count = t.count;
    if (this.out.tags.length < count) this.out = newDecoded(count * 2);
    if (this.scoredBy.length < count) {
      const size = count * 2;
      this.alpha = new Float64Array((size + 1) * 49);
      this.reach1 = new Uint8Array(size + 1);
      this.reach2 = new Uint8Array((size + 1) * 7);
      this.scoredBy = new Uint8Array(size);
      this.stat = new Float64Array(size * 7);
      this.dyn = new Float64Array(size * 49);
      this.back = new Uint8Array(size * 49);
    }
    const { tags, margins } = this.out;
    const { alpha, reach1, reach2, scoredBy, stat, dyn, back } = this;
    const shout = allCaps(t, this.facts);
    const feats = this.feats;
    const scores = this.scores;
    alpha[O * 7 + O] = 0;
    reach1[0] = 1 << O;
    reach2[O] = 1 << O;
    for (let i = 0; i < count; i++) {
      const ab = i * 49;
      const nb = ab + 49;
      const r1 = reach1[i]!;
      margins[i] = 0;
      // the common case: nothing but O before, and a token O alone may follow
      if (r1 === 1 << O && reach2[i * 7 + O] === 1 << O && !scored(t, i, O, this.lowerCase)) {
        scoredBy[i] = 0;
        alpha[nb + O * 7 + O] = alpha[ab + O * 7 + O]!;
        back[ab + O * 7 + O] = O;
        reach1[i + 1] = 1 << O;
        reach2[(i + 1) * 7 + O] = 1 << O;
        continue;
      }
      let n1 = 0;
      for (let p1 = 0; p1 < 7; p1++) reach2[(i + 1) * 7 + p1] = 0;
      let statDone = false;
      let by = 0;
      for (let p1 = 0; p1 < 7; p1++) {
        if ((r1 & (1 << p1)) === 0) continue;
        const r2 = reach2[i * 7 + p1]!;
        if (!scored(t, i, p1, this.lowerCase)) {
          // O, from the best of the tags before p1
          const ns = O * 7 + p1;
          let bv = -Infinity;
          let bp = 0;
          for (let p2 = 0; p2 < 7; p2++) {
            if ((r2 & (1 << p2)) === 0) continue;
            const v = alpha[ab + p1 * 7 + p2]!;
            if (v > bv) {
              bv = v;
              bp = p2;
            }
          }
          alpha[nb + ns] = bv;
          back[ab + ns] = bp;
          n1 |= 1 << O;
          reach2[(i + 1) * 7 + O]! |= 1 << p1;
          continue;
        }
        by |= 1 << p1;
        if (!statDone) {
          scoreInto(feats, staticFeaturesAt(t, this.facts, i, ctx, shout, feats), w, scores);
          for (let c = 0; c < 7; c++) stat[i * 7 + c] = scores[c]!;
          statDone = true;
        }
        scoreInto(feats, historyAt(this.facts, i, p1, ctx, feats, 0), w, scores);
        const db = i * 49 + p1 * 7;
        const o = stat[i * 7 + O]! + scores[O]!;
        for (let c = 0; c < 7; c++) dyn[db + c] = stat[i * 7 + c]! + scores[c]! - o;
        for (let c = 0; c < 7; c++) {
          if (!allowed(p1, c)) continue;
          let bv = -Infinity;
          let bp = 0;
          for (let p2 = 0; p2 < 7; p2++) {
            if ((r2 & (1 << p2)) === 0) continue;
            const base = pairFeature(p1, p2) * 7;
            const v = alpha[ab + p1 * 7 + p2]! + w[base + c]! - w[base + O]!;
            if (v > bv) {
              bv = v;
              bp = p2;
            }
          }
          alpha[nb + c * 7 + p1] = bv + dyn[db + c]!;
          back[ab + c * 7 + p1] = bp;
          n1 |= 1 << c;
          reach2[(i + 1) * 7 + c]! |= 1 << p1;
        }
      }
      scoredBy[i] = by;
      reach1[i + 1] = n1;
    }
    // the best final state, then back
    const fb = count * 49;
    let state = -1;
    for (let c = 0; c < 7; c++) {
      const r2 = reach2[count * 7 + c]!;
      for (let p = 0; p < 7; p++) {
        if ((r2 & (1 << p)) === 0) continue;
        const s = c * 7 + p;
        if (state < 0 || alpha[fb + s]! > alpha[fb + state]!) state = s;
      }
    }
    let first = count;
    for (let i = count - 1; i >= 0; i--) {
      const tag = (state / 7) | 0;
      tags[i] = tag;
      if (tag !== O && tag < B_OTH) first = i;
      state = (state % 7) * 7 + back[i * 49 + state]!;
    }
    // back, from the end to the first name token: beta (the best score from a state to the end) and the name
    // tokens' max-marginals
    let beta = this.beta;
    let prev = this.beta2;
    prev.fill(0);
    const mm = this.best7;
    for (let i = count - 1; i >= first; i--) {
      const ab = i * 49;
      const by = scoredBy[i]!;
      const r1 = reach1[i]!;
      mm.fill(-Infinity);
      for (let p1 = 0; p1 < 7; p1++) {
        if ((r1 & (1 << p1)) === 0) continue;
        const r2 = reach2[i * 7 + p1]!;
        const db = i * 49 + p1 * 7;
        for (let p2 = 0; p2 < 7; p2++) {
          if ((r2 & (1 << p2)) === 0) continue;
          const a = alpha[ab + p1 * 7 + p2]!;
          const s = p1 * 7 + p2;
          if ((by & (1 << p1)) === 0) {
            const v = prev[O * 7 + p1]!;
            beta[s] = v;
            if (a + v > mm[O]!) mm[O] = a + v;
            continue;
          }
          const base = pairFeature(p1, p2) * 7;
          const wo = w[base + O]!;
          let bs = -Infinity;
          for (let c = 0; c < 7; c++) {
            if (!allowed(p1, c)) continue;
            const v = dyn[db + c]! + w[base + c]! - wo + prev[c * 7 + p1]!;
            if (v > bs) bs = v;
            if (a + v > mm[c]!) mm[c] = a + v;
          }
          beta[s] = bs;
        }
      }
      const tag = tags[i]!;
      if (tag !== O && tag < B_OTH) {
        let none = mm[O]!;
        if (mm[B_OTH]! > none) none = mm[B_OTH]!;
        if (mm[I_OTH]! > none) none = mm[I_OTH]!;
        margins[i] = (mm[tag]! - none) * this.scale;
      }
      const swap = prev;
      prev = beta;
      beta = swap;
    }
    return this.out;
  }

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
    if (this.viterbi && !learn) return this.best(t, w, lineStart, ctx);
    readFacts(t, this.facts, lineStart);
    if (this.out.tags.length < t.count) this.out = newDecoded(t.count * 2);
    const { tags, margins } = this.out;
    const shout = allCaps(t, this.facts);
    let p1 = O;
    let p2 = O;
    for (let i = 0; i < t.count; i++) {
      let tag = O;
      margins[i] = 0;
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
          for (let c = 1; c < B_OTH; c++) if (allowed(p1, c) && this.scores[c]! > other) other = this.scores[c]!;
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
