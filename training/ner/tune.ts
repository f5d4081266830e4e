/**
 * Chooses the learned recogniser's margins (pseudonymiser/detectors/people/learned/detect.ts `thresholds`) on the
 * dev splits: for each set of margins, the whole pseudonymiser twins every corpus's dev split, and the persons
 * left whole, the capitalised non-entity words rewritten and the lower-case ones that are names of the lists
 * rewritten are counted. Prints the table; the test split is
 * never read.
 *
 *   npm run build && node dist/training/ner/tune.js [--corpus DIR] [--single a,b,…] [--multi a,b,…] [--word a,b,…]
 *                                                   [--lower a,b,…] [--place a,b,…] [--named a,b,…]
 *                                                   [--other a,b,…] [--contexts a,b,…]
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

/** The dev splits twinned with the margins set now: one line of the table. */
function measureDev(corpora: readonly Corpus[], key: string): string {
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
    const units = c.units.filter((u) => u.split === 'dev');
    if (units.length === 0) continue;
    const f = measureLines(c.name, 'tracetwin', units, twinLines(units, key));
    for (const k of Object.keys(sum) as (keyof typeof sum)[]) sum[k] += f[k];
    per.push(`${c.name} ${f.personsWhole}/${f.persons} ${f.rewritten}/${f.capitalised}`);
  }
  const pct = (n: number, d: number, digits: number): string => ((100 * n) / d).toFixed(digits);
  return (
    `persons left whole ${pct(sum.personsWhole, sum.persons, 1)}%, rewritten ${pct(sum.rewritten, sum.capitalised, 2)}%, ` +
    `lower-case names of no one rewritten ${pct(sum.lowerRewritten, sum.lowerNames, 1)}%, ` +
    `lower-case words ${sum.lowerWordsRewritten} of ${sum.lowerWords}  | ${per.join(' | ')}`
  );
}

function main(): void {
  const { values } = parseArgs({
    options: {
      corpus: { type: 'string', default: path.join(__dirname, '../../../../shared/corpus/ner') },
      single: { type: 'string', default: '0,2,4,8,16' },
      multi: { type: 'string', default: '0,2,4,8' },
      word: { type: 'string', default: '40' },
      lower: { type: 'string', default: '30' },
      place: { type: 'string', default: '20' },
      named: { type: 'string', default: String(thresholds.named) },
      other: { type: 'string', default: String(thresholds.other) },
      contexts: { type: 'string', default: String(thresholds.contexts) },
      quiet: { type: 'string', default: String(thresholds.quiet) },
      quietShare: { type: 'string', default: String(thresholds.quietShare) },
      only: { type: 'string' },
    },
  });
  const corpora = loadCorpora(path.resolve(values.corpus), values.only?.split(','), { names: true });
  const key = keyFor('tracetwin:ner');
  const { single, multi, word, lower, place, named, other, contexts, quiet, quietShare } = values;
  for (const m of grid({ single, multi, word, lower, place, named, other, contexts, quiet, quietShare })) {
    Object.assign(thresholds, m);
    const label = `single ${m.single} multi ${m.multi} word ${m.word} lower ${m.lower} place ${m.place} named ${m.named} other ${m.other} contexts ${m.contexts} quiet ${m.quiet} quietShare ${m.quietShare}`;
    console.log(`${label}: ${measureDev(corpora, key)}`);
  }
}

if (require.main === module) main();
