/**
 * Labelled units read the way the detector reads text: regions and tokens of
 * the pseudonymiser's own tokenizer, each token given the gold tag of the
 * corpus token it starts in.
 */
import { forEachRegion, newTokens, tokenize, type Tokens } from '../../pseudonymiser/detectors/people/learned/tokens';
import { B_ORG, B_OTH, B_PER, I_ORG, I_OTH, I_PER, O } from '../../pseudonymiser/detectors/people/learned/features';
import type { Unit } from './corpora';
import { ordinaryWord } from '../../pseudonymiser/detectors/people/score';

export interface Region {
  readonly tokens: Tokens;
  /** Gold tag per token. */
  readonly gold: Uint8Array;
  /** Whether the region's first token opens a line. */
  readonly lineStart: boolean;
}

/** The regions of a unit's text with their gold tags. */
export function regionsOf(unit: Unit): Region[] {
  const text = unit.text;
  // per character: mention index + 1 (PER or ORG), 0 for none
  const owner = new Int32Array(text.length);
  // other named things: their own tag (OTH), mention index − 1 − k, negative
  unit.others.forEach((m, k) => {
    for (let i = unit.starts[m.from]!; i < unit.ends[m.to - 1]!; i++) owner[i] = -1 - k;
  });
  unit.mentions.forEach((m, k) => {
    // a person the corpus names by English words on no name list (`Borrower`, `Lender`: a contract's defined
    // parties) is no name to the product: its tokens stay O, as the detector would drop them (learned/detect.ts)
    if (m.label === 'PER') {
      const words =
        unit.text
          .slice(unit.starts[m.from]!, unit.ends[m.to - 1]!)
          .toLowerCase()
          .match(/\p{L}+/gu) ?? [];
      if (words.length > 0 && words.every(ordinaryWord)) return;
    }
    for (let i = unit.starts[m.from]!; i < unit.ends[m.to - 1]!; i++) owner[i] = k + 1;
  });
  const out: Region[] = [];
  forEachRegion(
    text,
    (from, to) => {
      const t = newTokens(text);
      tokenize(t, from, to);
      const gold = new Uint8Array(t.count);
      let last = 0;
      for (let i = 0; i < t.count; i++) {
        const m = owner[t.start[i]!]!;
        if (m === 0) {
          gold[i] = O;
          last = 0;
          continue;
        }
        if (m < 0) {
          gold[i] = m === last ? I_OTH : B_OTH;
          last = m;
          continue;
        }
        const person = unit.mentions[m - 1]!.label === 'PER';
        gold[i] = m === last ? (person ? I_PER : I_ORG) : person ? B_PER : B_ORG;
        last = m;
      }
      out.push({ tokens: t, gold, lineStart: from === 0 || text.charCodeAt(from - 1) === 10 });
    },
    false,
  );
  return out;
}
