/**
 * Person recall on text people wrote: NER corpora with their person mentions
 * labelled by hand (../shared/corpus/ner: WNUT17, the Broad Twitter Corpus,
 * wikigold, SEC filings). Each corpus is written as text, a sentence a line,
 * twinned, and every labelled person mention is looked for on its line of the
 * twin. Nothing here is planted by us, unlike `npm run eval`.
 *
 *   npm run build && node dist/bench/ner-eval.js [--corpus DIR] [--synth FILE] [--json FILE]
 *
 * Printed per corpus: person mentions, mentions left whole in the twin, mentions
 * with any word of two or more letters left, and capitalised words labelled as
 * no entity (not opening the sentence) that the twin rewrote. Most people named
 * in news and filings are public figures: a privacy tool replaces them too (a
 * name is personal data wherever it stands), so every labelled person counts.
 *
 * Then presidio-research's labelled synthetic sentences (../shared/corpus/presidio-research), written as a
 * JSON Lines trace: persons and organisations left in the twin (measureSynth).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { twin } from '../pseudonymiser';
import { keyFor, repoRoot } from './util';

export interface Sentence {
  readonly tokens: string[];
  /** Person mentions as token ranges [start, end). */
  readonly persons: [number, number][];
  /** Tokens labelled as no entity. */
  readonly outside: boolean[];
}

interface Source {
  readonly name: string;
  readonly files: readonly string[];
}

const SOURCES: readonly Source[] = [
  { name: 'WNUT17 (social media)', files: ['WNUT17/CONLL-format/data'] },
  { name: 'Broad Twitter Corpus', files: ['BTC/CONLL-format/data'] },
  { name: 'wikigold (Wikipedia)', files: ['wikigold/CONLL-format/data'] },
  { name: 'SEC filings', files: ['SEC-filings/CONLL-format/data'] },
];

function filesUnder(p: string): string[] {
  if (!fs.statSync(p).isDirectory()) return [p];
  return fs
    .readdirSync(p)
    .sort()
    .flatMap((f) => filesUnder(path.join(p, f)));
}

/** CoNLL-style lines: a token first, its tag last (`B-person`, `I-PER`, `O`); sentences end at a blank line. */
export function readConll(file: string): Sentence[] {
  const out: Sentence[] = [];
  let tokens: string[] = [];
  let tags: string[] = [];
  const flush = (): void => {
    if (tokens.length === 0) return;
    const persons: [number, number][] = [];
    const isPerson = (t: string): boolean => /(?:^|-)(?:PER|person)$/i.test(t);
    for (let i = 0; i < tags.length; i++) {
      if (!isPerson(tags[i]!)) continue;
      let j = i + 1;
      while (j < tags.length && isPerson(tags[j]!) && !tags[j]!.startsWith('B-')) j++;
      persons.push([i, j]);
      i = j - 1;
    }
    out.push({ tokens, persons, outside: tags.map((t) => t === 'O') });
    tokens = [];
    tags = [];
  };
  for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const cols = line.trim().split(/\s+/);
    if (line.trim() === '' || cols[0] === '-DOCSTART-') {
      flush();
      continue;
    }
    if (cols.length < 2) continue;
    // the tweet corpora cut `@name` into `@` and `name`: one token again, as it was written
    if (tokens.length > 0 && tokens[tokens.length - 1] === '@') {
      tokens[tokens.length - 1] = '@' + cols[0]!;
      if (tags[tags.length - 1] === 'O') tags[tags.length - 1] = cols[cols.length - 1]!;
      continue;
    }
    tokens.push(cols[0]!);
    tags.push(cols[cols.length - 1]!);
  }
  flush();
  return out;
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether `words` (joined by single spaces) stands in `line` with no letter or digit right before or after. */
function standsIn(line: string, words: string): boolean {
  return new RegExp(`(?<![\\p{L}\\p{N}])${escapeRe(words)}(?![\\p{L}\\p{N}])`, 'u').test(line);
}

interface Figures {
  readonly corpus: string;
  readonly sentences: number;
  readonly mentions: number;
  readonly leakedWhole: number;
  readonly leakedWord: number;
  readonly capitalised: number;
  readonly rewritten: number;
  readonly seconds: number;
}

function measure(source: Source, root: string, key: string): Figures {
  const sentences = source.files.flatMap((f) => filesUnder(path.join(root, f))).flatMap(readConll);
  const lines = sentences.map((s) => s.tokens.join(' ').replace(/\n/g, ' '));
  const started = process.hrtime.bigint();
  const out = twin(Buffer.from(lines.join('\n') + '\n'), { key, format: 'text' })
    .output.toString('utf8')
    .split('\n');
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  if (out.length !== lines.length + 1) throw new Error(`${source.name}: the twin has another line count`);
  let mentions = 0;
  let leakedWhole = 0;
  let leakedWord = 0;
  let capitalised = 0;
  let rewritten = 0;
  sentences.forEach((s, k) => {
    const line = out[k]!;
    for (const [a, b] of s.persons) {
      mentions++;
      const words = s.tokens.slice(a, b);
      if (standsIn(line, words.join(' '))) leakedWhole++;
      if (words.some((w) => /^@?\p{L}{2,}$/u.test(w) && standsIn(line, w))) leakedWord++;
    }
    s.tokens.forEach((t, i) => {
      if (i === 0 || !s.outside[i] || !/^\p{Lu}\p{Ll}{2,}$/u.test(t)) return;
      capitalised++;
      if (!standsIn(line, t)) rewritten++;
    });
  });
  return {
    corpus: source.name,
    sentences: sentences.length,
    mentions,
    leakedWhole,
    leakedWord,
    capitalised,
    rewritten,
    seconds,
  };
}

/** A labelled sentence of presidio-research's synthetic set: its text and gold spans with their values. */
export interface SynthSample {
  readonly full_text: string;
  readonly spans: readonly { readonly entity_type: string; readonly entity_value: string }[];
}

export interface SynthFigures {
  readonly type: string;
  readonly spans: number;
  readonly leakedWhole: number;
  /** Persons only: an organisation keeps its legal suffix (`Initech LLC` → `Zentrix LLC`) by design. */
  readonly leakedWord: number | null;
}

/**
 * presidio-research's synthetic sentences (support requests, letters, forms: prose like a trace's messages),
 * twinned as one JSON Lines trace with a sentence a line (`{"text": …}`), so that a name one sentence gives is
 * known in the others, as in a trace. Each gold span of `types` is looked for in its line's twin: left whole,
 * or any of its words of two or more letters left.
 */
export function measureSynth(
  samples: readonly SynthSample[],
  key: string,
  types: readonly string[] = ['PERSON', 'ORGANIZATION'],
): SynthFigures[] {
  const doc = samples.map((s) => JSON.stringify({ text: s.full_text })).join('\n') + '\n';
  const out = twin(Buffer.from(doc), { key, format: 'jsonl' }).output.toString('utf8').split('\n');
  if (out.length !== samples.length + 1) throw new Error('synthetic sentences: the twin has another line count');
  return types.map((type) => {
    let spans = 0;
    let leakedWhole = 0;
    let leakedWord = 0;
    samples.forEach((s, k) => {
      const line = (JSON.parse(out[k]!) as { text: string }).text;
      for (const g of s.spans) {
        if (g.entity_type !== type) continue;
        spans++;
        if (standsIn(line, g.entity_value)) leakedWhole++;
        if (g.entity_value.split(/\s+/).some((w) => /^\p{L}{2,}$/u.test(w) && standsIn(line, w))) leakedWord++;
      }
    });
    return { type, spans, leakedWhole, leakedWord: type === 'PERSON' ? leakedWord : null };
  });
}

function pct(n: number, d: number): string {
  return d === 0 ? '-' : `${((100 * n) / d).toFixed(1)}%`;
}

function main(): void {
  const { values } = parseArgs({
    options: { corpus: { type: 'string' }, synth: { type: 'string' }, json: { type: 'string' } },
    strict: true,
  });
  const root = values.corpus ?? path.join(repoRoot(), '..', 'shared', 'corpus', 'ner');
  if (!fs.existsSync(root)) {
    console.error(`the NER corpora are missing at ${root}`);
    process.exit(2);
  }
  const synthFile =
    values.synth ?? path.join(repoRoot(), '..', 'shared', 'corpus', 'presidio-research', 'synth_dataset_v2.json');
  if (!fs.existsSync(synthFile)) {
    console.error(`presidio-research's synthetic sentences are missing at ${synthFile}`);
    process.exit(2);
  }
  const key = keyFor('tracetwin:ner');
  const rows = SOURCES.map((s) => measure(s, root, key));
  const header = ['corpus', 'sentences', 'persons', 'left whole', 'a word left', 'capitalised O words', 'rewritten'];
  const table = rows.map((r) => [
    r.corpus,
    String(r.sentences),
    String(r.mentions),
    `${r.leakedWhole} (${pct(r.leakedWhole, r.mentions)})`,
    `${r.leakedWord} (${pct(r.leakedWord, r.mentions)})`,
    String(r.capitalised),
    `${r.rewritten} (${pct(r.rewritten, r.capitalised)})`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
  const fmt = (r: string[]): string =>
    r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log('Person mentions labelled by hand in NER corpora, looked for on their line of the twin:');
  console.log(fmt(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of table) console.log(fmt(r));
  console.log(
    '\n"left whole": the mention as labelled still stands in the twin; "a word left": any of its words of two or more\n' +
      'letters does (a first name alone that the twin kept, or a word such as `Will` that is also one). "capitalised O\n' +
      'words": words labelled as no entity, capitalised, not opening the sentence; "rewritten": the twin changed them.',
  );
  const samples = JSON.parse(fs.readFileSync(synthFile, 'utf8')) as SynthSample[];
  const synth = measureSynth(samples, key);
  console.log(
    `\npresidio-research synthetic sentences (${samples.length}), labelled spans looked for on their line of the twin:`,
  );
  console.log('type          spans   left whole   a word left');
  for (const r of synth) {
    const whole = `${r.leakedWhole} (${pct(r.leakedWhole, r.spans)})`;
    const word = r.leakedWord === null ? '-' : `${r.leakedWord} (${pct(r.leakedWord, r.spans)})`;
    console.log(`${r.type.padEnd(12)} ${String(r.spans).padStart(6)}  ${whole.padStart(11)}  ${word.padStart(12)}`);
  }
  console.log(
    'ORGANIZATION spans include public companies (the set draws them from a list of 22,211 names), which a twin keeps.',
  );
  if (values.json) fs.writeFileSync(values.json, JSON.stringify({ ner: rows, synth }, null, 2) + '\n');
}

if (require.main === module) main();
