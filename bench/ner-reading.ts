/**
 * What the learned recogniser's model says of a labelled mention (`npm run eval:ner -- --misses DIR`, its third
 * column): the tag and margin of each of its tokens, the line read whole as one region (`Sakharov/O:4`: O ahead of
 * the best name tag by 4; `Molière/B-PER:28`). The engine reads regions around capitalised words, so a margin here
 * may differ a little from the one a twin decided on; it tells a miss the model made from one the rules made after
 * it. For reading a dev split's misses; nothing here runs in a twin.
 */
import stored from '../pseudonymiser/data/ner.json';
import type { StoredModel } from '../pseudonymiser/detectors/people/learned/weights';
import { model } from '../pseudonymiser/detectors/people/learned/detect';
import { Decoder } from '../pseudonymiser/detectors/people/learned/model';
import { newTokens, tokenize } from '../pseudonymiser/detectors/people/learned/tokens';
import { TAGS } from '../pseudonymiser/detectors/people/learned/features';

const decoder = new Decoder();
decoder.scale = (stored as StoredModel).step;

/** The model's tag and margin of each token of `text` within [start, end), `word/TAG:margin`, space-separated. */
export function modelReading(text: string, start: number, end: number): string {
  const t = newTokens(text);
  tokenize(t, 0, text.length);
  // (the engine's own weights, decoded once: detect.ts lets the stored text go after that)
  const d = decoder.decode(t, model(), true, 0);
  const out: string[] = [];
  for (let i = 0; i < t.count; i++) {
    if (t.end[i]! <= start || t.start[i]! >= end) continue;
    out.push(`${text.slice(t.start[i]!, t.end[i]!)}/${TAGS[d.tags[i]!]}:${Math.round(d.margins[i]!)}`);
  }
  return out.join(' ') || '-';
}
