/**
 * `npm run eval` (after `npm run build`): the pseudonymiser measured against
 * labels.
 *
 *   1. generates its own labelled corpus of agent traces from a seed
 *      (bench/corpus.ts), twins every trace with the current detectors and
 *      prints, per kind, planted / leaked / leak rate; the keep rate per keep
 *      class; format checks per trace format; validity of stand-ins; and
 *      cross-trace consistency (one key: same stand-in, another key: another);
 *   2. twins the layouts corpus (bench/layouts.ts: HAR files, Kubernetes and CI
 *      logs, SQL dumps, database client tables, CSV / TSV / markdown, config
 *      files, e-mail, calendar and contact files, command lines, HTTP headers,
 *      chat and ticket exports, webhook payloads, MCP logs) from its own seed
 *      and prints its figures in a section of their own (bench/layouts-eval.ts);
 *   3. twins the real traces of the shared corpus (../shared/corpus from the
 *      repository root): tau-bench trajectories (every name, e-mail and user id
 *      of its users database must be gone), SWE-agent trajectories (the
 *      maintainer's e-mail and home path must be gone) and the Claude Code /
 *      Codex / OTLP samples (format checks), and prints leak counts there.
 *
 * Leaks are reported, not fatal. The exit status is 1 when a format check of
 * the default corpus or of the real traces fails (the layouts' format checks
 * too with --layouts-strict), 2 on a usage error or a missing corpus.
 *
 *   node dist/bench/eval.js [--seed S] [--per-family N] [--corpus DIR] [--no-real] [--json FILE] [--verbose]
 *                           [--layouts-seed S] [--layouts-per-kind N] [--no-layouts] [--layouts-strict]
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs as parseCommandLine } from 'node:util';
import type { Format, Kind } from '../pseudonymiser/types';
import { FAMILIES, KEEP_KINDS, generateCorpus, type Trace } from './corpus';
import {
  evaluateRun,
  evaluateTrace,
  runTwin,
  standInValid,
  type KeepLabel,
  type Label,
  type TraceEval,
} from './evaluate';
import { bump, evalLayouts, type LayoutsSummary, type Tally } from './layouts-eval';
import { pct, table } from './report';
import { keyFor, repoRoot } from './util';

export { keyFor, repoRoot };

export interface EvalOptions {
  readonly seed: string;
  readonly perFamily: number;
  /** Shared corpus folder; null skips the real traces. */
  readonly corpus: string | null;
  readonly verbose: boolean;
  /** The layouts corpus (bench/layouts.ts): its own seed and size; null skips it. */
  readonly layouts?: { readonly seed: string; readonly perKind: number } | null;
}

/** The layouts corpus' default seed, used while developing; report figures from another (--layouts-seed). */
export const LAYOUTS_DEV_SEED = 'tracetwin-layouts';

// ---------------------------------------------------------------- tallies

interface FormatTally {
  files: number;
  parse: number;
  shape: number;
  lines: number;
  bytes: number;
  failures: string[];
}
const newFormatTally = (): FormatTally => ({ files: 0, parse: 0, shape: 0, lines: 0, bytes: 0, failures: [] });
function addFormat(t: FormatTally, name: string, e: TraceEval): void {
  t.files++;
  const f = e.format;
  if (!f.parse) t.parse++;
  if (!f.shape) t.shape++;
  if (!f.lines) t.lines++;
  if (!f.bytes) t.bytes++;
  for (const [what, msg] of [
    ['parse', f.parse],
    ['shape', f.shape],
    ['lines', f.lines],
    ['bytes', f.bytes],
  ] as const) {
    if (msg) t.failures.push(`${name}: ${what}: ${msg}`);
  }
}
const formatRow = (name: string, t: FormatTally): (string | number)[] => [
  name,
  t.files,
  `${t.parse}/${t.files}`,
  `${t.shape}/${t.files}`,
  `${t.lines}/${t.files}`,
  `${t.bytes}/${t.files}`,
];
const FORMAT_HEADER = ['format', 'files', 'parse iff', 'same tree', 'same lines', 'bytes outside values'];

export interface EvalSummary {
  readonly leaks: Record<string, Tally>;
  readonly keep: Record<string, { planted: number; kept: number }>;
  readonly formatFailures: number;
  readonly validity: Record<string, { checked: number; valid: number }>;
  readonly consistency: {
    sameKeyShared: number;
    sameKeyConsistent: number;
    otherKeyCompared: number;
    otherKeyDifferent: number;
  };
  readonly real: Record<string, { files: number; labels: number; leaked: number; formatFailures: number }>;
  readonly layouts?: LayoutsSummary;
}

function mostCommon(values: readonly string[]): string | undefined {
  const n = new Map<string, number>();
  for (const v of values) n.set(v, (n.get(v) ?? 0) + 1);
  let best: string | undefined;
  let bestN = 0;
  for (const [v, c] of n)
    if (c > bestN) {
      best = v;
      bestN = c;
    }
  return best;
}

// ---------------------------------------------------------------- synthetic corpus

function evalSynthetic(opts: EvalOptions, log: (s: string) => void): Omit<EvalSummary, 'real'> {
  const t0 = Date.now();
  const traces = generateCorpus({ seed: opts.seed, perFamily: opts.perFamily });
  const bytes = traces.reduce((n, t) => n + Buffer.byteLength(t.text), 0);
  log(
    `Synthetic corpus: seed ${JSON.stringify(opts.seed)}, ${traces.length} traces (${opts.perFamily} per format), ${(bytes / 1024).toFixed(0)} KiB, ` +
      `${traces.reduce((n, t) => n + t.plants.length, 0)} planted values, ${traces.reduce((n, t) => n + t.keeps.length, 0)} keep values`,
  );
  const k1 = keyFor(`${opts.seed}:1`);
  const k2 = keyFor(`${opts.seed}:2`);

  const byKind = new Map<string, Tally>();
  const bySub = new Map<string, Tally>();
  const keep = new Map<string, { planted: number; kept: number }>();
  const formats = new Map<string, FormatTally>();
  const validity = new Map<string, { checked: number; valid: number }>();
  // value → (trace → stand-in) under key 1 and key 2
  const under1 = new Map<string, Map<string, string>>();
  const under2 = new Map<string, Map<string, string>>();
  let twinMs = 0;

  const evalWith = (t: Trace, key: string): TraceEval => {
    const s = Date.now();
    const run = runTwin(t.text, t.format, key, t.confidential);
    twinMs += Date.now() - s;
    return evaluateRun(t, run);
  };

  for (const t of traces) {
    const e = evalWith(t, k1);
    const ft = formats.get(t.family) ?? newFormatTally();
    formats.set(t.family, ft);
    addFormat(ft, `${t.name} [${t.style.join(', ')}]`, e);
    t.plants.forEach((p, i) => {
      if (!e.planted[i]) throw new Error(`generator bug: ${p.kind} value not found in ${t.name}`);
      bump(byKind, p.kind, e.leaked[i]!);
      bump(bySub, `${p.kind} / ${p.sub}`, e.leaked[i]!);
      for (const s of e.standIns[i]!) {
        const ok = standInValid(p.kind, s);
        if (ok === undefined) continue;
        const v = validity.get(p.kind) ?? { checked: 0, valid: 0 };
        v.checked++;
        if (ok) v.valid++;
        else if (opts.verbose) log(`  invalid ${p.kind} stand-in in ${t.name}: ${JSON.stringify(s)}`);
        validity.set(p.kind, v);
      }
      const s = mostCommon(e.standIns[i]!);
      if (s !== undefined && !e.leaked[i]) {
        const m = under1.get(`${p.kind}\u0000${p.value}`) ?? new Map<string, string>();
        m.set(t.id, s);
        under1.set(`${p.kind}\u0000${p.value}`, m);
      }
    });
    t.keeps.forEach((k, i) => {
      const row = keep.get(k.kind) ?? { planted: 0, kept: 0 };
      const before = e.keepOriginal[i]!;
      row.planted += before;
      row.kept += Math.min(before, e.keepTwin[i]!);
      keep.set(k.kind, row);
      if (opts.verbose && e.keepTwin[i]! < before)
        log(`  keep value changed in ${t.name}: ${k.kind} ${JSON.stringify(k.value)}`);
    });
  }
  // the same traces under another key, for the other half of consistency
  for (const t of traces) {
    const e = evalWith(t, k2);
    t.plants.forEach((p, i) => {
      const s = mostCommon(e.standIns[i]!);
      if (s === undefined || e.leaked[i]) return;
      const m = under2.get(`${p.kind}\u0000${p.value}`) ?? new Map<string, string>();
      m.set(t.id, s);
      under2.set(`${p.kind}\u0000${p.value}`, m);
    });
  }

  let sameKeyShared = 0;
  let sameKeyConsistent = 0;
  let otherKeyCompared = 0;
  let otherKeyDifferent = 0;
  const inconsistent: string[] = [];
  for (const [value, m] of under1) {
    if (m.size >= 2) {
      sameKeyShared++;
      if (new Set(m.values()).size === 1) sameKeyConsistent++;
      else inconsistent.push(value.replace('\u0000', ' '));
    }
    const m2 = under2.get(value);
    const [tid, s1] = [...m][0]!;
    const s2 = m2?.get(tid);
    if (s2 !== undefined) {
      otherKeyCompared++;
      if (s1 !== s2) otherKeyDifferent++;
    }
  }

  // ---- print
  log(`Twinned ${traces.length} traces twice (two keys) in ${(twinMs / 1000).toFixed(1)} s.\n`);
  log('Leaks per kind (planted value still present anywhere in the twin, in any escaped form):');
  log(
    table(
      ['kind', 'planted', 'leaked', 'leak rate'],
      [...byKind]
        .sort()
        .map(([k, t]) => [k, t.planted, t.leaked, pct(t.leaked, t.planted)])
        .concat([
          [
            'all',
            [...byKind.values()].reduce((n, t) => n + t.planted, 0),
            [...byKind.values()].reduce((n, t) => n + t.leaked, 0),
            pct(
              [...byKind.values()].reduce((n, t) => n + t.leaked, 0),
              [...byKind.values()].reduce((n, t) => n + t.planted, 0),
            ),
          ],
        ]),
    ),
  );
  log('\nLeaks per kind and variety (provider, country, layout):');
  log(
    table(
      ['kind / variety', 'planted', 'leaked', 'leak rate'],
      [...bySub].sort().map(([k, t]) => [k, t.planted, t.leaked, pct(t.leaked, t.planted)]),
    ),
  );
  log('\nKeep rate (occurrences of values that must stay byte-identical, still identical in the twin):');
  const keepRows = KEEP_KINDS.filter((k) => keep.has(k)).map((k) => {
    const r = keep.get(k)!;
    return [k, r.planted, r.kept, pct(r.kept, r.planted)];
  });
  const kp = [...keep.values()].reduce((n, r) => n + r.planted, 0);
  const kk = [...keep.values()].reduce((n, r) => n + r.kept, 0);
  log(table(['keep class', 'occurrences', 'kept', 'keep rate'], [...keepRows, ['all', kp, kk, pct(kk, kp)]]));
  log('\nFormat checks per trace format (files passing / files):');
  log(
    table(
      FORMAT_HEADER,
      FAMILIES.map((f) => formatRow(f, formats.get(f) ?? newFormatTally())),
    ),
  );
  const failures = [...formats.values()].flatMap((f) => f.failures);
  for (const f of failures.slice(0, opts.verbose ? failures.length : 10)) log(`  FAIL ${f}`);
  if (!opts.verbose && failures.length > 10) log(`  … and ${failures.length - 10} more (--verbose lists them)`);
  log('\nValidity of stand-ins (distinct stand-ins found where a planted value stood):');
  log(
    table(
      ['kind', 'check', 'checked', 'valid'],
      (['card', 'iban', 'jwt', 'email'] as Kind[]).map((k) => {
        const v = validity.get(k) ?? { checked: 0, valid: 0 };
        const check = {
          card: 'Luhn',
          iban: 'mod-97',
          jwt: 'three base64url parts, JSON header+payload',
          email: 'RFC 5321 syntax',
        }[k as 'card'];
        return [k, check, v.checked, `${v.valid} (${pct(v.valid, v.checked)})`];
      }),
    ),
  );
  log('\nCross-trace consistency (replaced values planted in two or more traces):');
  log(
    table(
      ['check', 'values', 'passing', 'rate'],
      [
        [
          'one key: same stand-in in every trace',
          sameKeyShared,
          sameKeyConsistent,
          pct(sameKeyConsistent, sameKeyShared),
        ],
        [
          'another key: a different stand-in',
          otherKeyCompared,
          otherKeyDifferent,
          pct(otherKeyDifferent, otherKeyCompared),
        ],
      ],
    ),
  );
  if (opts.verbose) for (const v of inconsistent) log(`  inconsistent: ${v}`);
  log(`\n(synthetic part: ${((Date.now() - t0) / 1000).toFixed(1)} s)\n`);

  const rec = <V>(m: Map<string, V>): Record<string, V> => Object.fromEntries(m);
  return {
    leaks: rec(byKind),
    keep: rec(keep),
    formatFailures: failures.length,
    validity: rec(validity),
    consistency: { sameKeyShared, sameKeyConsistent, otherKeyCompared, otherKeyDifferent },
  };
}

// ---------------------------------------------------------------- real corpus

interface TauUser {
  name: { first_name: string; last_name: string };
  email: string;
  address?: { address1?: string };
  saved_passengers?: { first_name: string; last_name: string }[];
}

/** Labels from a tau-bench users database: user ids, e-mails, names (users and saved passengers), street lines. */
export function tauLabels(usersFile: string): Label[] {
  const users = JSON.parse(fs.readFileSync(usersFile, 'utf8')) as Record<string, TauUser>;
  const out = new Map<string, Label>();
  const add = (kind: Kind, sub: string, value: string): void => {
    if (value && !out.has(`${sub}\u0000${value}`))
      out.set(`${sub}\u0000${value}`, { kind, sub, value, probes: [value] });
  };
  for (const [id, u] of Object.entries(users)) {
    add('account_id', 'user id', id);
    add('email', 'e-mail', u.email);
    add('person', 'full name', `${u.name.first_name} ${u.name.last_name}`);
    add('person', 'first name', u.name.first_name);
    add('person', 'last name', u.name.last_name);
    if (u.address?.address1) add('address', 'street line', u.address.address1);
    for (const p of u.saved_passengers ?? []) {
      add('person', 'full name', `${p.first_name} ${p.last_name}`);
      add('person', 'first name', p.first_name);
      add('person', 'last name', p.last_name);
    }
  }
  return [...out.values()];
}

const SWE_LABELS: Label[] = [
  { kind: 'email', sub: 'maintainer e-mail', value: 'sloria1@gmail.com', probes: ['sloria1@gmail.com'] },
  { kind: 'person', sub: 'maintainer name', value: 'Steven Loria', probes: ['Steven Loria'] },
  { kind: 'username', sub: 'home path', value: '/Users/fuchur', probes: ['/Users/fuchur', 'fuchur'] },
];

function listFiles(dir: string, ext: readonly string[]): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const ent of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, ent.name);
    if (ent.isDirectory()) out.push(...listFiles(p, ext));
    else if (ext.some((e) => ent.name.endsWith(e))) out.push(p);
  }
  return out.sort();
}

function evalReal(corpus: string, seed: string, verbose: boolean, log: (s: string) => void): EvalSummary['real'] {
  const t0 = Date.now();
  const key = keyFor(`${seed}:1`);
  const groups: { name: string; files: string[]; labels: Label[] }[] = [];
  const tau = path.join(corpus, 'tau-bench');
  const airline = tauLabels(path.join(tau, 'airline/data/users.json'));
  const retail = tauLabels(path.join(tau, 'retail/data/users.json'));
  groups.push({
    name: 'tau-bench airline trajectories',
    files: listFiles(path.join(tau, 'historical_trajectories'), ['airline.json']),
    labels: airline,
  });
  groups.push({
    name: 'tau-bench airline few-shot',
    files: listFiles(path.join(tau, 'few_shot_data'), ['MockAirlineDomainEnv-few_shot.jsonl']),
    labels: airline,
  });
  groups.push({
    name: 'tau-bench retail few-shot',
    files: listFiles(path.join(tau, 'few_shot_data'), ['MockRetailDomainEnv-few_shot.jsonl']),
    labels: retail,
  });
  const traces = path.join(corpus, 'agent-traces');
  groups.push({
    name: 'swe-agent trajectories',
    files: listFiles(path.join(traces, 'swe-agent'), ['.traj']),
    labels: SWE_LABELS,
  });
  groups.push({
    name: 'claude-code samples',
    files: listFiles(traces, ['.jsonl', '.json']).filter((f) => /claude-code/.test(f)),
    labels: [],
  });
  groups.push({
    name: 'codex rollout sample',
    files: listFiles(path.join(traces, 'codex-rollout'), ['.jsonl']),
    labels: [],
  });
  groups.push({ name: 'otlp sample', files: listFiles(path.join(traces, 'otlp-example'), ['.json']), labels: [] });

  const real: EvalSummary['real'] = {};
  const formatRows: (string | number)[][] = [];
  const leakRows: (string | number)[][] = [];
  const failures: string[] = [];
  let bytes = 0;
  for (const g of groups) {
    if (g.files.length === 0) throw new Error(`${g.name}: no files found under ${corpus}`);
    const ft = newFormatTally();
    const subs = new Map<string, Tally>();
    let replaced = 0;
    const left = new Map<string, number>();
    for (const file of g.files) {
      const text = fs.readFileSync(file, 'utf8');
      bytes += text.length;
      const format: Format = file.endsWith('.jsonl') ? 'jsonl' : 'json';
      const run = runTwin(text, format, key, []);
      replaced += Object.values(run.report.replacements).reduce((n, v) => n + (v ?? 0), 0);
      const keeps: KeepLabel[] = [];
      const e = evaluateTrace({
        original: text,
        twin: run.output,
        format,
        labels: g.labels,
        keeps,
        surfaces: run.surfaces.keys(),
      });
      addFormat(ft, path.relative(corpus, file), e);
      g.labels.forEach((l, i) => {
        if (!e.planted[i]) return;
        bump(subs, `${l.kind} / ${l.sub}`, e.leaked[i]!);
        if (e.leaked[i]) left.set(l.value, (left.get(l.value) ?? 0) + 1);
      });
    }
    formatRows.push([...formatRow(g.name, ft), replaced]);
    failures.push(...ft.failures);
    let labels = 0;
    let leaked = 0;
    for (const [sub, t] of [...subs].sort()) {
      leakRows.push([`${g.name}: ${sub}`, t.planted, t.leaked, pct(t.leaked, t.planted)]);
      labels += t.planted;
      leaked += t.leaked;
    }
    real[g.name] = { files: g.files.length, labels, leaked, formatFailures: ft.failures.length };
    if (left.size > 0) {
      const shown = [...left.keys()].slice(0, verbose ? left.size : 8);
      leakRows.push([
        `  left in the twin: ${shown.map((v) => JSON.stringify(v)).join(', ')}${left.size > shown.length ? ', …' : ''}`,
        '',
        '',
        '',
      ]);
    }
  }
  log(`Real traces from ${corpus} (${(bytes / (1 << 20)).toFixed(1)} MiB):`);
  log(table([...FORMAT_HEADER, 'replacements'], formatRows));
  for (const f of failures.slice(0, verbose ? failures.length : 10)) log(`  FAIL ${f}`);
  if (!verbose && failures.length > 10) log(`  … and ${failures.length - 10} more (--verbose lists them)`);
  log('\nLeaks in the real traces (labelled values present in the original, still present in the twin):');
  log(table(['corpus: kind / label', 'present', 'leaked', 'leak rate'], leakRows));
  log(`\n(real part: ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  return real;
}

// ---------------------------------------------------------------- main

export function runEval(
  opts: EvalOptions,
  log: (s: string) => void = (s) => process.stdout.write(s + '\n'),
): EvalSummary {
  const synthetic = evalSynthetic(opts, log);
  const layouts = opts.layouts
    ? evalLayouts({ ...opts.layouts, verbose: opts.verbose, key: keyFor(`${opts.layouts.seed}:1`) }, log)
    : undefined;
  let real: EvalSummary['real'] = {};
  if (opts.corpus !== null) real = evalReal(opts.corpus, opts.seed, opts.verbose, log);
  return { ...synthetic, real, ...(layouts ? { layouts } : {}) };
}

function parseArgs(argv: readonly string[]): EvalOptions & { json: string | null; layoutsStrict: boolean } {
  const { values } = parseCommandLine({
    args: [...argv],
    options: {
      seed: { type: 'string', default: 'tracetwin' },
      'per-family': { type: 'string', default: '12' },
      corpus: { type: 'string' },
      'no-real': { type: 'boolean', default: false },
      json: { type: 'string' },
      verbose: { type: 'boolean', default: false },
      'layouts-seed': { type: 'string', default: LAYOUTS_DEV_SEED },
      'layouts-per-kind': { type: 'string', default: '6' },
      'no-layouts': { type: 'boolean', default: false },
      'layouts-strict': { type: 'boolean', default: false },
    },
    strict: true,
  });
  const perFamily = Number(values['per-family']);
  if (!Number.isInteger(perFamily) || perFamily < 1) throw new Error('--per-family must be a positive integer');
  const corpus = values['no-real'] ? null : path.resolve(values.corpus ?? path.join(repoRoot(), '../shared/corpus'));
  const perKind = Number(values['layouts-per-kind']);
  if (!Number.isInteger(perKind) || perKind < 1) throw new Error('--layouts-per-kind must be a positive integer');
  return {
    seed: values.seed!,
    perFamily,
    corpus,
    json: values.json ?? null,
    verbose: values.verbose!,
    layouts: values['no-layouts'] ? null : { seed: values['layouts-seed']!, perKind },
    layoutsStrict: values['layouts-strict']!,
  };
}

if (require.main === module) {
  let opts: ReturnType<typeof parseArgs>;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(`eval: ${(err as Error).message}\n`);
    process.exit(2);
  }
  if (opts.corpus !== null && !fs.existsSync(path.join(opts.corpus, 'tau-bench'))) {
    process.stderr.write(
      `eval: the shared corpus is not at ${opts.corpus} (expected ../shared/corpus beside the repository, with tau-bench/ and agent-traces/).\n` +
        `      Pass --corpus DIR, or --no-real to evaluate on the generated corpus only.\n`,
    );
    process.exit(2);
  }
  const summary = runEval(opts);
  if (opts.json) fs.writeFileSync(opts.json, JSON.stringify(summary, null, 2) + '\n');
  const fails =
    summary.formatFailures +
    Object.values(summary.real).reduce((n, r) => n + r.formatFailures, 0) +
    (opts.layoutsStrict ? (summary.layouts?.formatFailures ?? 0) : 0);
  if (summary.layouts && summary.layouts.formatFailures > 0 && !opts.layoutsStrict)
    process.stdout.write(
      `\nlayouts: ${summary.layouts.formatFailures} format check(s) failed (reported, not fatal; --layouts-strict makes them fatal).\n`,
    );
  if (fails > 0) {
    process.stdout.write(`\nFAILED: ${fails} format check(s) failed.\n`);
    process.exit(1);
  }
  process.stdout.write(
    opts.layoutsStrict || !summary.layouts
      ? '\nAll format checks passed (leaks are reported above, not fatal).\n'
      : '\nAll format checks of the generated corpus and the real traces passed (leaks are reported above, not fatal).\n',
  );
}
