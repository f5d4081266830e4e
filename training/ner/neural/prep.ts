/**
 * The Node side of the neural comparison (training/ner/neural/README.md): writes, for the Python tagger, every
 * labelled corpus's fixed splits with what the engine knows of each token, and measures the shipped linear model
 * (pseudonymiser/data/ner.json) on the same test splits, so that both are judged by one scorer.
 *
 *   npm run build && node dist/training/ner/neural/prep.js --out DIR [--corpus DIR]
 *
 * DIR/NAME.SPLIT.jsonl, a unit a line: `{"words": [...], "flags": [...], "labels": [...], "gold": [...],
 * "mentions": [[from, to, label], ...]}`: `labels` are the corpus's coarse labels (PER, ORG, OTHER, O); `flags`
 * the recogniser's own lexicon flags of each token's lower-case form (learned/features.ts `lexiconFlags`); `gold`
 * the BIO tags the linear model is trained on (0 O, 1 B-PER, 2 I-PER, 3 B-ORG, 4 I-ORG; a person named only by
 * ordinary English words is O, as in training/ner/align.ts); and, on the test splits, `linear`: the tag the linear
 * model gives the token, read as training/ner/score.ts reads it (the tag of the model's token starting at the
 * corpus token's first character).
 *
 * DIR/index.json: each corpus and split, whether it ships, and on the test splits the linear model's
 * `mentionScores` (training/ner/score.ts) as the function computes them. DIR/linear-speed.json: the linear
 * model's decoding speed on the test splits (tokenizer, token facts and greedy decoding, one thread).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { loadCorpora, type Unit } from '../corpora';
import { regionsOf } from '../align';
import { mentionScores, type Scores } from '../score';
import { Decoder, type Weights } from '../../../pseudonymiser/detectors/people/learned/model';
import { B_ORG, B_PER, I_ORG, I_PER, O, lexiconFlags } from '../../../pseudonymiser/detectors/people/learned/features';
import { decodeWeights, type StoredModel } from '../../../pseudonymiser/detectors/people/learned/weights';
import { forEachRegion, newTokens, tokenize } from '../../../pseudonymiser/detectors/people/learned/tokens';
import { ordinaryWord } from '../../../pseudonymiser/detectors/people/score';

/** Gold BIO tags of a unit's own tokens, as the linear model is trained (align.ts): ordinary-word persons are O. */
export function goldTags(u: Unit): number[] {
  const tags = new Array<number>(u.labels.length).fill(O);
  for (const m of u.mentions) {
    const person = m.label === 'PER';
    if (person) {
      const words =
        u.text
          .slice(u.starts[m.from]!, u.ends[m.to - 1]!)
          .toLowerCase()
          .match(/\p{L}+/gu) ?? [];
      if (words.length > 0 && words.every(ordinaryWord)) continue;
    }
    for (let k = m.from; k < m.to; k++) tags[k] = k === m.from ? (person ? B_PER : B_ORG) : person ? I_PER : I_ORG;
  }
  return tags;
}

/** The linear model's tag for each of a unit's own tokens, read as score.ts `mentionScores` reads it. */
export function linearTags(u: Unit, w: Weights, dec: Decoder): number[] {
  const tagAt = new Uint8Array(u.text.length);
  for (const r of regionsOf(u)) {
    const d = dec.decode(r.tokens, w, r.lineStart, 0);
    for (let i = 0; i < r.tokens.count; i++) {
      const tag = d.tags[i]!;
      if (tag !== O) for (let c = r.tokens.start[i]!; c < r.tokens.end[i]!; c++) tagAt[c] = tag;
    }
  }
  return u.starts.map((s) => tagAt[s]!);
}

/** Tokens per second of the linear model on these texts: tokenizer, facts and decoding, best of `runs`. */
function linearSpeed(texts: readonly string[], w: Weights, runs: number): { tokens: number; perSecond: number } {
  const dec = new Decoder();
  let best = Infinity;
  let tokens = 0;
  for (let r = 0; r < runs + 1; r++) {
    tokens = 0;
    const t0 = performance.now();
    for (const text of texts) {
      forEachRegion(text, (from, to) => {
        const t = newTokens(text);
        tokenize(t, from, to);
        dec.decode(t, w, from === 0, 0);
        tokens += t.count;
      });
    }
    const ms = performance.now() - t0;
    if (r > 0) best = Math.min(best, ms); // the first run warms the JIT up
  }
  return { tokens, perSecond: tokens / (best / 1000) };
}

function main(): void {
  const { values } = parseArgs({
    options: {
      corpus: { type: 'string', default: path.join(__dirname, '../../../../../shared/corpus/ner') },
      model: { type: 'string', default: path.join(__dirname, '../../../../pseudonymiser/data/ner.json') },
      out: { type: 'string' },
      runs: { type: 'string', default: '3' },
    },
  });
  if (!values.out) {
    console.error('--out DIR is needed');
    process.exit(2);
  }
  fs.mkdirSync(values.out, { recursive: true });
  const stored = JSON.parse(fs.readFileSync(values.model, 'utf8')) as StoredModel;
  const w = decodeWeights(stored);
  const dec = new Decoder();
  const index: { corpus: string; ships: boolean; licence: string; split: string; units: number; linear?: Scores }[] =
    [];
  const testTexts: string[] = [];
  for (const c of loadCorpora(path.resolve(values.corpus))) {
    for (const split of ['train', 'dev', 'test'] as const) {
      const units = c.units.filter((u) => u.split === split);
      if (units.length === 0) continue;
      const lines = units.map((u) =>
        JSON.stringify({
          words: u.starts.map((s, i) => u.text.slice(s, u.ends[i])),
          flags: u.starts.map((s, i) => lexiconFlags(u.text.slice(s, u.ends[i]).toLowerCase())),
          labels: u.labels,
          gold: goldTags(u),
          mentions: u.mentions.map((m) => [m.from, m.to, m.label]),
          ...(split === 'test' ? { linear: linearTags(u, w, dec) } : {}),
        }),
      );
      fs.writeFileSync(path.join(values.out, `${c.name}.${split}.jsonl`), lines.join('\n') + '\n');
      const row = { corpus: c.name, ships: c.ships, licence: c.licence, split, units: units.length };
      if (split === 'test') {
        index.push({ ...row, linear: mentionScores(units, w) });
        for (const u of units) testTexts.push(u.text);
      } else index.push(row);
    }
  }
  fs.writeFileSync(path.join(values.out, 'index.json'), JSON.stringify(index, null, 2) + '\n');
  const speed = linearSpeed(testTexts, w, Number(values.runs));
  fs.writeFileSync(
    path.join(values.out, 'linear-speed.json'),
    JSON.stringify(
      {
        ...speed,
        texts: testTexts.length,
        modelBytes: fs.statSync(values.model).size,
        storedRows: stored.rows,
      },
      null,
      2,
    ) + '\n',
  );
  console.log(
    `wrote ${index.length} files to ${values.out}; linear model: ${Math.round(speed.perSecond)} tokens/s over ${speed.tokens} tokens`,
  );
}

if (require.main === module) main();
