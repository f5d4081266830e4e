/**
 * What the learned recogniser alone finds in labelled units, read as the
 * detector reads them: mentions whose every token it tags as a name of the
 * same kind, and capitalised words labelled as no entity that it tags.
 */
import { Decoder, type Weights } from '../../pseudonymiser/detectors/people/learned/model';
import { B_ORG, B_OTH, B_PER, I_ORG, I_PER, O } from '../../pseudonymiser/detectors/people/learned/features';
import { regionsOf } from './align';
import type { Unit } from './corpora';

export interface Scores {
  per: number;
  perFound: number;
  org: number;
  orgFound: number;
  /** Capitalised tokens labelled O (not opening the unit). */
  outsideTokens: number;
  /** Of those, tagged as a name. */
  falseTokens: number;
}

export function mentionScores(units: readonly Unit[], w: Weights): Scores {
  const s: Scores = { per: 0, perFound: 0, org: 0, orgFound: 0, outsideTokens: 0, falseTokens: 0 };
  const dec = new Decoder();
  for (const u of units) {
    // per character of the unit: the tag given to the token starting there
    const tagAt = new Uint8Array(u.text.length);
    for (const r of regionsOf(u)) {
      const d = dec.decode(r.tokens, w, r.lineStart, 0);
      for (let i = 0; i < r.tokens.count; i++) {
        const tag = d.tags[i]!;
        if (tag !== O && tag < B_OTH) for (let c = r.tokens.start[i]!; c < r.tokens.end[i]!; c++) tagAt[c] = tag;
      }
    }
    for (const m of u.mentions) {
      const person = m.label === 'PER';
      let all = true;
      for (let k = m.from; k < m.to; k++) {
        const t = tagAt[u.starts[k]!]!;
        const ok = person ? t === B_PER || t === I_PER : t === B_ORG || t === I_ORG;
        if (!ok && /\p{L}/u.test(u.text.slice(u.starts[k]!, u.ends[k]!))) all = false;
      }
      if (person) {
        s.per++;
        if (all) s.perFound++;
      } else {
        s.org++;
        if (all) s.orgFound++;
      }
    }
    for (let k = 1; k < u.labels.length; k++) {
      if (u.labels[k] !== 'O') continue;
      const word = u.text.slice(u.starts[k]!, u.ends[k]!);
      if (!/^\p{Lu}/u.test(word)) continue;
      s.outsideTokens++;
      if (tagAt[u.starts[k]!] !== O) s.falseTokens++;
    }
  }
  return s;
}
