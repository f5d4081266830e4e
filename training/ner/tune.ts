/**
 * Chooses the learned recogniser's margins (pseudonymiser/detectors/people/learned/detect.ts `thresholds`) on the
 * dev splits (`--split train` reads the train splits instead, for the damage a margin does on more text; the test
 * split is refused): for each set of margins, the whole pseudonymiser twins every corpus's split, and the persons
 * left whole, the capitalised non-entity words rewritten, the lower-case ones that are names of the lists rewritten
 * and every lower-case word of no entity rewritten are counted. Prints the table; the test split is never read.
 *
 *   npm run build && node dist/training/ner/tune.js [--corpus DIR] [--split dev|train] [--only a,b,…] [--MARGIN a,b,…]…
 *
 * One option per margin of `thresholds` (`--single`, `--word`, `--quiet`, `--quietShare`, …), a list of values to
 * try each; a margin not given is tried at its value now (`--single` at 0,2,4,8,16 and `--multi` at 0,2,4,8).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadCorpora, type Corpus } from './corpora';
import { measureLines, twinLines } from '../../bench/ner-eval';
import { thresholds } from '../../pseudonymiser/detectors/people/learned/detect';
import { keyFor } from '../../bench/util';

type Margins = typeof thresholds;

/** Every set of margins the lists of values give (their cartesian product). */
function grid(values: { [K in keyof Margins]: string }): Margins[] {
  let sets: Margins[] = [{ ...thresholds }];
  for (const name of Object.keys(values) as (keyof Margins)[])
    sets = sets.flatMap((m) => values[name].split(',').map((v) => ({ ...m, [name]: Number(v) })));
  return sets;
}

/** The splits `split` twinned with the margins set now: one line of the table. */
function measureSplit(corpora: readonly Corpus[], split: 'dev' | 'train', key: string): string {
  const sum = {
    persons: 0,
    personsWhole: 0,
    capitalised: 0,
    rewritten: 0,
    lowerNames: 0,
    lowerRewritten: 0,
    lowerWords: 0,
    lowerWordsRewritten: 0,
  };
  const per: string[] = [];
  for (const c of corpora) {
    const units = c.units.filter((u) => u.split === split);
    if (units.length === 0) continue;
    const f = measureLines(c.name, 'tracetwin', units, twinLines(units, key));
    for (const k of Object.keys(sum) as (keyof typeof sum)[]) sum[k] += f[k];
    per.push(`${c.name} ${f.personsWhole}/${f.persons} ${f.rewritten}/${f.capitalised}`);
  }
  const pct = (n: number, d: number, digits: number): string => ((100 * n) / d).toFixed(digits);
  return (
    `persons left whole ${sum.personsWhole} of ${sum.persons} (${pct(sum.personsWhole, sum.persons, 1)}%), ` +
    `rewritten ${sum.rewritten} of ${sum.capitalised} (${pct(sum.rewritten, sum.capitalised, 2)}%), ` +
    `lower-case names of no one rewritten ${pct(sum.lowerRewritten, sum.lowerNames, 1)}%, ` +
    `lower-case words ${sum.lowerWordsRewritten} of ${sum.lowerWords}  | ${per.join(' | ')}`
  );
}

function main(): void {
  // one option per margin, its value now the default, but the two the table was first drawn over (single, multi)
  const names = Object.keys(thresholds) as (keyof Margins)[];
  const margins = Object.fromEntries(
    names.map((k) => [k, { type: 'string' as const, default: String(thresholds[k]) }]),
  ) as Record<keyof Margins, { type: 'string'; default: string }>;
  margins.single.default = '0,2,4,8,16';
  margins.multi.default = '0,2,4,8';
  const { values } = parseArgs({
    options: {
      corpus: { type: 'string', default: path.join(__dirname, '../../../../shared/corpus/ner') },
      only: { type: 'string' },
      split: { type: 'string', default: 'dev' },
      ...margins,
    },
  });
  const split = values.split;
  if (split !== 'dev' && split !== 'train') {
    console.error(`tune:ner: --split is dev or train (the test split is never read here), not ${split}`);
    process.exit(2);
  }
  const corpora = loadCorpora(path.resolve(values.corpus), values.only?.split(','), { names: true });
  const key = keyFor('tracetwin:ner');
  const lists = Object.fromEntries(names.map((k) => [k, String(values[k])])) as { [K in keyof Margins]: string };
  for (const m of grid(lists)) {
    Object.assign(thresholds, m);
    const label = names.map((k) => `${k} ${m[k]}`).join(' ');
    console.log(`${label}: ${measureSplit(corpora, split, key)}`);
  }
}

if (require.main === module) main();
