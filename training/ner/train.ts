/**
 * `npm run train:ner`: trains the learned person and organisation recogniser
 * (pseudonymiser/detectors/people/learned) as an averaged perceptron on the
 * train split of every corpus whose licence lets the weights ship, reports
 * the dev split, and writes pseudonymiser/data/ner.json. Deterministic: the
 * same corpora and seed give byte-identical weights.
 *
 *   npm run build && node dist/training/ner/train.js [--corpus DIR] [--epochs N] [--seed S] [--out FILE] [--no-write]
 *                                                    [--synthetic N] [--unknown P]
 *
 * With the corpora, N generated units in the layouts of traces (training/ner/synthetic.ts; 0: none). P (0.2): the
 * share of capitalised words read as never seen while training (word dropout, see train()).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadCorpora, type Corpus } from './corpora';
import { regionsOf, type Region } from './align';
import { seeded } from './random';
import { allowed, Decoder } from '../../pseudonymiser/detectors/people/learned/model';
import { WORD } from '../../pseudonymiser/detectors/people/learned/tokens';
import {
  BUCKETS,
  BUCKET_BITS,
  B_ORG,
  B_OTH,
  I_ORG,
  B_PER,
  I_PER,
  TAGS,
  TAG_COUNT,
} from '../../pseudonymiser/detectors/people/learned/features';
import { encodeWeights } from '../../pseudonymiser/detectors/people/learned/weights';
import { mentionScores, type Scores } from './score';
import { isPlainWord } from '../../pseudonymiser/detectors/people/score';
import { flagsOf, FIRST, useNamedOrgs } from '../../pseudonymiser/detectors/people/lexicon';

const UPPER = /\p{Lu}/u;

/** Averaged perceptron weights, averaged lazily (each weight remembers when it last changed). */
class Perceptron {
  readonly w = new Float64Array(BUCKETS * TAG_COUNT);
  readonly total = new Float64Array(BUCKETS * TAG_COUNT);
  readonly stamp = new Float64Array(BUCKETS * TAG_COUNT);
  step = 1;

  update(feats: Int32Array, n: number, gold: number, guess: number): void {
    for (let k = 0; k < n; k++) {
      const base = feats[k]! * TAG_COUNT;
      this.bump(base + gold, 1);
      this.bump(base + guess, -1);
    }
  }

  private bump(i: number, d: number): void {
    this.total[i]! += (this.step - this.stamp[i]!) * this.w[i]!;
    this.stamp[i] = this.step;
    this.w[i]! += d;
  }

  averaged(): Float64Array {
    const out = new Float64Array(this.w.length);
    for (let i = 0; i < out.length; i++) {
      const total = this.total[i]! + (this.step - this.stamp[i]!) * this.w[i]!;
      out[i] = total / this.step;
    }
    return out;
  }
}

export function train(
  corpora: readonly Corpus[],
  opts: { epochs: number; seed: number; unknown?: number; log?: (line: string) => void },
): Float64Array {
  const regions: Region[] = [];
  for (const c of corpora) {
    if (!c.ships) continue;
    for (const u of c.units) if (u.split === 'train') regions.push(...regionsOf(u));
  }
  const next = seeded(opts.seed);
  const p = new Perceptron();
  const dec = new Decoder();
  // names in lower case are read at run time only (Decoder.lowerCase)
  dec.lowerCase = false;
  // Word dropout: each capitalised word is read, with probability `unknown`, as a word never seen in training (its
  // own id hidden; what the lexicons say of it, its shape, affixes and script kept). The names of the test texts are
  // mostly names the training text never held (`Chinua Achebe`): the model then learns to read a name from the
  // lists, the words around it and how it is written, not from having seen it. Hiding the lexicons' facts too was
  // tried: better on the dev splits, but it read acronyms in code traces as names (docs/benchmarks.md).
  const unknown = opts.unknown ?? 0;
  if (unknown > 0) {
    const hide = seeded(opts.seed ^ 0x5eed);
    dec.perturb = (t, f) => {
      for (let i = 0; i < t.count; i++) {
        if (t.kind[i] !== WORD || !UPPER.test(t.text[t.start[i]!]!)) continue;
        if (hide() < unknown) f.lower[i] = Math.floor(hide() * 0x7fffffff);
      }
    };
  }
  const order = regions.map((_, i) => i);
  for (let epoch = 0; epoch < opts.epochs; epoch++) {
    // Fisher-Yates with the seeded generator
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    let wrong = 0;
    let seen = 0;
    for (const r of order) {
      const region = regions[r]!;
      dec.decode(region.tokens, p.w, region.lineStart, 0, (feats, n, guess, i, prev) => {
        // the gold tag, or where the tags decided before make it impossible (I- after no name of its kind), the
        // tag that opens that name
        let gold = region.gold[i]!;
        if (!allowed(prev, gold)) gold = gold === I_PER ? B_PER : gold === I_ORG ? B_ORG : B_OTH;
        seen++;
        if (guess !== gold) {
          wrong++;
          p.update(feats, n, gold, guess);
        }
        p.step++;
        return guess;
      });
    }
    opts.log?.(`epoch ${epoch + 1}: ${regions.length} regions, ${seen} tokens scored, ${wrong} wrong`);
  }
  return p.averaged();
}

/** Corpora of published text (news, encyclopaedia, public posts, filings): an organisation named there is public. */
const PUBLISHED = new Set(['wikigold', 'btc', 'wnut17', 'gum', 'sec']);

/**
 * The organisations named in the train and dev splits of published text, lower case: what a twin keeps as a
 * public name (`Microsoft`, `Malaysia Airlines`). Left out: handles and tags, one-letter names, names that are
 * only common English words (`Bank`), and one word on the common given-name list (`Jordan`).
 */
export function namedOrganisations(corpora: readonly Corpus[]): { source: string; count: number; names: string } {
  const names = new Set<string>();
  for (const c of corpora) {
    if (!PUBLISHED.has(c.name)) continue;
    for (const u of c.units) {
      if (u.split === 'test') continue;
      for (const m of u.mentions) {
        if (m.label !== 'ORG') continue;
        const name = u.text.slice(u.starts[m.from]!, u.ends[m.to - 1]!).toLowerCase();
        if (name.length < 2 || /[@#|]/.test(name)) continue;
        const words = name.match(/\p{L}+/gu) ?? [];
        if (words.length === 0 || words.every(isPlainWord)) continue;
        if (words.length === 1 && flagsOf(words[0]!) & FIRST) continue;
        names.add(name);
      }
    }
  }
  const sorted = [...names].sort();
  return {
    source: `organisations labelled in the train and dev splits of ${[...PUBLISHED].join(', ')} (training/ner/train.ts)`,
    count: sorted.length,
    names: sorted.join('|'),
  };
}

function formatScores(name: string, s: Scores): string {
  const pct = (a: number, b: number): string => (b === 0 ? '-' : `${((100 * a) / b).toFixed(1)}%`);
  return `${name.padEnd(14)} PER found ${pct(s.perFound, s.per).padStart(6)} of ${String(s.per).padStart(5)}  ORG found ${pct(s.orgFound, s.org).padStart(6)} of ${String(s.org).padStart(5)}  O words tagged ${pct(s.falseTokens, s.outsideTokens)}`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      corpus: { type: 'string', default: path.join(__dirname, '../../../../shared/corpus/ner') },
      epochs: { type: 'string', default: '8' },
      seed: { type: 'string', default: '1' },
      out: { type: 'string', default: path.join(__dirname, '../../../pseudonymiser/data/ner.json') },
      'no-write': { type: 'boolean', default: false },
      synthetic: { type: 'string', default: '6000' },
      unknown: { type: 'string', default: '0' },
    },
  });
  const root = path.resolve(values.corpus);
  if (!fs.existsSync(root)) {
    console.error(`train:ner: the labelled corpora are missing (${values.corpus}); see ../shared/corpus/ner`);
    process.exit(2);
  }
  const corpora = loadCorpora(root);
  // the public names this run writes are the ones it trains with
  const named = namedOrganisations(corpora);
  useNamedOrgs(named.names);
  const synthetic = Number(values.synthetic);
  // loaded here only: faker is an ES module, which the tests that import train() do not load
  const trainOn = synthetic > 0 ? [...corpora, (await import('./synthetic')).syntheticCorpus(synthetic)] : corpora;
  const log = (line: string): void => console.error(line);
  const started = Date.now();
  const unknown = Number(values.unknown);
  const avg = train(trainOn, { epochs: Number(values.epochs), seed: Number(values.seed), unknown, log });
  log(`trained in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const model = encodeWeights(avg, {
    trainedOn: trainOn.filter((c) => c.ships).map((c) => `${c.name} (${c.licence}), train split`),
    epochs: Number(values.epochs),
    seed: Number(values.seed),
    unknown,
  });
  console.log('dev split (tokens as the detector reads them; exact mention found = every token tagged):');
  for (const c of corpora) {
    const s = mentionScores(
      c.units.filter((u) => u.split === 'dev'),
      model.weights,
    );
    if (s.per + s.org > 0) console.log(formatScores(c.name, s));
  }
  if (!values['no-write']) {
    fs.writeFileSync(path.join(path.dirname(values.out), 'named-orgs.json'), `${JSON.stringify(named)}\n`);
    log(`wrote named-orgs.json (${named.count} names)`);
    fs.writeFileSync(values.out, `${JSON.stringify(model.json)}\n`);
    log(`wrote ${values.out} (${TAGS.length} tags, 2^${BUCKET_BITS} buckets)`);
  }
}

if (require.main === module) void main();
