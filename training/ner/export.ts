/**
 * Writes the labelled corpora with their fixed splits as JSON Lines, for tools outside this repository's runtime
 * (the neural comparison, Presidio): one file per corpus and split, DIR/NAME.SPLIT.jsonl, a unit a line:
 * `{"text", "tokens": [[start, end], …], "labels": ["PER"|"ORG"|"OTHER"|"O", …], "mentions": [[from, to, label], …]}`.
 *
 *   npm run build && node dist/training/ner/export.js --out DIR [--corpus DIR]
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadCorpora } from './corpora';

function main(): void {
  const { values } = parseArgs({
    options: {
      corpus: { type: 'string', default: path.join(__dirname, '../../../../shared/corpus/ner') },
      out: { type: 'string' },
    },
  });
  if (!values.out) {
    console.error('--out DIR is needed');
    process.exit(2);
  }
  fs.mkdirSync(values.out, { recursive: true });
  const index: { corpus: string; ships: boolean; licence: string; split: string; units: number }[] = [];
  for (const c of loadCorpora(path.resolve(values.corpus))) {
    for (const split of ['train', 'dev', 'test'] as const) {
      const units = c.units.filter((u) => u.split === split);
      if (units.length === 0) continue;
      const lines = units.map((u) =>
        JSON.stringify({
          text: u.text,
          tokens: u.starts.map((s, i) => [s, u.ends[i]]),
          labels: u.labels,
          mentions: u.mentions.map((m) => [m.from, m.to, m.label]),
        }),
      );
      fs.writeFileSync(path.join(values.out, `${c.name}.${split}.jsonl`), lines.join('\n') + '\n');
      index.push({ corpus: c.name, ships: c.ships, licence: c.licence, split, units: units.length });
    }
  }
  fs.writeFileSync(path.join(values.out, 'index.json'), JSON.stringify(index, null, 2) + '\n');
  console.log(`wrote ${index.length} files to ${values.out}`);
}

if (require.main === module) main();
