/**
 * `tracetwin twin-batch INPUT... -o DIR [--key HEX64] [--confidential NAME]...
 *                      [--format json|jsonl|text] [--jobs N] [--report FILE]`
 *
 * Twins many trace files under one key into an output folder, laid out as
 * `cp -r INPUT... DIR` would lay out the inputs: a file INPUT becomes
 * DIR/<its name>, a folder INPUT becomes DIR/<its name>/… with every file
 * under it (recursively; names starting with `.` and symbolic links are
 * skipped). Files run on `--jobs` worker threads (default: the number of
 * cores) of the same pool and engine entry as the service's runs
 * (activities/pool.ts, pool-worker.ts), so each twin has the bytes `tracetwin
 * twin` gives for the same key. Without `--key` one fresh key serves the
 * whole batch: a customer gets the same stand-in in every file.
 *
 * A file that fails (not text, unreadable) is reported on stderr and leaves
 * no output; the others go on; the exit status is 1 when any failed. Outputs
 * are written to a temporary file beside them and renamed into place; the
 * batch refuses to start when an output would land on an input, or when the
 * output folder lies inside an input folder.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import { MultiBar } from 'cli-progress';
import { createTwinPool, type TwinPool } from '../../activities/pool';
import { formatOf, type Format } from '../../pseudonymiser';
import { collect, parseJobs, useOneShotV8Flags } from './twin';

function parseKeyOption(value: string): string {
  if (!/^[0-9a-fA-F]{64}$/.test(value)) throw new InvalidArgumentError('the key must be 64 hexadecimal characters');
  return value.toLowerCase();
}

/** One file of the batch. */
export interface BatchItem {
  /** The input file as given or found. */
  input: string;
  /** Its place under the output folder (forward slashes). */
  relative: string;
  output: string;
}

function isInside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

function walk(dir: string, rel: string, out: { file: string; rel: string }[]): void {
  const entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const e of entries) {
    if (e.name.startsWith('.')) continue;
    const file = path.join(dir, e.name);
    const r = `${rel}/${e.name}`;
    if (e.isDirectory()) walk(file, r, out);
    else if (e.isFile()) out.push({ file, rel: r });
  }
}

/**
 * The files of a batch and where their twins go. Throws, before anything is
 * written, on a missing input, two inputs with one output, an output on an
 * input, or an output folder inside an input folder.
 */
export function planBatch(inputs: string[], outDir: string): BatchItem[] {
  const out = path.resolve(outDir);
  const found: { file: string; rel: string }[] = [];
  for (const input of inputs) {
    const st = fs.statSync(input, { throwIfNoEntry: false });
    if (!st) throw new Error(`${input}: no such file or folder`);
    const name = path.basename(path.resolve(input));
    if (st.isDirectory()) {
      if (isInside(out, fs.realpathSync(input)) || isInside(out, path.resolve(input)))
        throw new Error(`the output folder ${outDir} is inside the input folder ${input}: choose one outside it`);
      walk(input, name, found);
    } else if (st.isFile()) found.push({ file: input, rel: name });
    else throw new Error(`${input}: not a file or a folder`);
  }
  const inputIds = new Set<string>();
  for (const f of found) {
    const st = fs.statSync(f.file);
    inputIds.add(`${st.dev}:${st.ino}`);
  }
  const seen = new Map<string, string>();
  const items: BatchItem[] = [];
  for (const f of found) {
    const output = path.join(out, ...f.rel.split('/'));
    const before = seen.get(output);
    if (before !== undefined) throw new Error(`${before} and ${f.file} would both be written to ${output}`);
    seen.set(output, f.file);
    const st = fs.statSync(output, { throwIfNoEntry: false });
    if (st && inputIds.has(`${st.dev}:${st.ino}`))
      throw new Error(`the twin of ${f.file} would overwrite the input ${output}: choose another output folder`);
    items.push({ input: f.file, relative: f.rel, output });
  }
  return items;
}

export interface BatchOptions {
  key: string;
  confidential: string[];
  format?: Format;
  jobs: number;
  /** Called as each file ends: null when it was twinned, else the reason it failed. */
  onDone?: (item: BatchItem, error: string | null) => void;
  /** The pool (default: `jobs` threads of the service's pseudonymiser pool). */
  pool?: TwinPool;
}

export interface BatchFileResult {
  file: string;
  ok: boolean;
  error?: string;
  bytesOut?: number;
  replacements?: Record<string, number>;
}

/**
 * Twins every item on the pool, at most `jobs` at once, the biggest files first (so that the batch does not end on
 * one thread twinning a big file while the others wait); a failure stops only its own file. The results are in
 * the order of `items`.
 */
export async function runBatch(items: BatchItem[], options: BatchOptions): Promise<BatchFileResult[]> {
  const pool = options.pool ?? createTwinPool({ threads: options.jobs });
  const mode = 0o666 & ~process.umask();
  const results: BatchFileResult[] = new Array<BatchFileResult>(items.length);
  const sizes = items.map((item) => fs.statSync(item.input, { throwIfNoEntry: false })?.size ?? 0);
  const order = items.map((_, i) => i).sort((a, b) => sizes[b]! - sizes[a]! || a - b);
  let next = 0;
  const one = async (item: BatchItem, index: number): Promise<BatchFileResult> => {
    const tmp = path.join(path.dirname(item.output), `.${path.basename(item.output)}.${process.pid}.${index}.tmp`);
    try {
      fs.mkdirSync(path.dirname(item.output), { recursive: true });
      fs.accessSync(item.input, fs.constants.R_OK);
    } catch (err) {
      return { file: item.relative, ok: false, error: `cannot read or write (${(err as NodeJS.ErrnoException).code})` };
    }
    try {
      const r = await pool.run({
        inputFile: item.input,
        outputFile: tmp,
        key: options.key,
        confidential: options.confidential,
        format: options.format ?? formatOf(item.input),
      });
      if (!r.ok) {
        fs.rmSync(tmp, { force: true });
        return {
          file: item.relative,
          ok: false,
          error: r.unsupported ? `unsupported content: ${r.message}` : r.errorName,
        };
      }
      fs.chmodSync(tmp, mode);
      fs.renameSync(tmp, item.output);
      return { file: item.relative, ok: true, bytesOut: r.bytesOut, replacements: r.replacements };
    } catch (err) {
      fs.rmSync(tmp, { force: true });
      return { file: item.relative, ok: false, error: err instanceof Error ? err.name : 'error' };
    }
  };
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const i = order[next++]!;
      const item = items[i] as BatchItem;
      const result = await one(item, i);
      results[i] = result;
      options.onDone?.(item, result.ok ? null : (result.error ?? 'failed'));
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(options.jobs, items.length)) }, lane));
  } finally {
    if (!options.pool) await pool.close();
  }
  return results;
}

export function registerTwinBatch(program: Command): void {
  program
    .command('twin-batch')
    .description('twin many trace files and folders (recursively) under one key into an output folder')
    .argument('<input...>', 'trace files and folders')
    .requiredOption('-o, --output <dir>', 'the output folder (laid out like `cp -r INPUT... DIR`)')
    .option(
      '--key <hex64>',
      '64 hex characters keying the stand-ins (default: one fresh key for the batch)',
      parseKeyOption,
    )
    .option('--confidential <name>', 'an organisation to replace although public (repeatable)', collect, [])
    .addOption(
      new Option('--format <format>', 'input format of every file (default: from each file extension)').choices([
        'json',
        'jsonl',
        'text',
      ]),
    )
    .addOption(
      new Option('--jobs <n>', 'files twinned at once, one worker thread each')
        .argParser(parseJobs)
        .default(Math.max(1, os.availableParallelism()), 'the number of cores'),
    )
    .option('--report <file>', 'write, as JSON, per file: ok or its error, and counts of replaced values per kind')
    .action((inputs: string[], opts: BatchCommandOptions) => twinBatch(inputs, opts));
}

/** The options of a batch, as `twin-batch` (and `twin` with several inputs or a folder) take them. */
export interface BatchCommandOptions {
  output: string;
  key?: string;
  confidential: string[];
  format?: Format;
  jobs: number;
  report?: string;
}

/**
 * Twins `inputs` (files and folders) into the folder `opts.output`, reporting progress over bytes on stderr; the
 * exit status is 1 when any file failed.
 */
export async function twinBatch(inputs: string[], opts: BatchCommandOptions): Promise<void> {
  const items = planBatch(inputs, opts.output);
  if (items.length === 0) throw new Error('no files to twin');
  fs.mkdirSync(opts.output, { recursive: true });
  const started = Date.now();
  // one bar over the bytes of every input, moved on as each file ends
  const sizes = items.map((item) => fs.statSync(item.input, { throwIfNoEntry: false })?.size ?? 0);
  const total = sizes.reduce((a, b) => a + b, 0);
  const bars = process.stderr.isTTY
    ? new MultiBar({
        format:
          'twinning [{bar}] {percentage}% of {mib} MiB | {files}/{count} files | {failed} failed | {eta_formatted} left',
        stream: process.stderr,
        hideCursor: true,
      })
    : null;
  const count = items.length;
  const mib = (total / (1 << 20)).toFixed(1);
  const bar = bars?.create(Math.max(1, total), 0, { failed: 0, files: 0, count, mib });
  let failed = 0;
  let done = 0;
  let bytesDone = 0;
  const index = new Map(items.map((item, i) => [item, i]));
  const say = (line: string): void => {
    if (bars) bars.log(`${line}\n`);
    else process.stderr.write(`${line}\n`);
  };
  // the one-file twin's V8 compiler settings, in the pool's threads too (V8's flags are the process's): each thread
  // compiles the engine's hot code for itself, so the compiles cost a batch once per thread
  useOneShotV8Flags();
  const results = await runBatch(items, {
    key: opts.key ?? randomBytes(32).toString('hex'),
    confidential: opts.confidential,
    format: opts.format,
    jobs: opts.jobs,
    onDone: (item, error) => {
      done++;
      if (error !== null) {
        failed++;
        say(`tracetwin: ${item.input}: ${error}`);
      } else if (!bars) say(`tracetwin: [${done}/${items.length}] ${item.relative}`);
      bytesDone += sizes[index.get(item) ?? 0] ?? 0;
      bar?.update(bytesDone, { failed, files: done, count, mib });
    },
  });
  bars?.stop();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  process.stderr.write(
    `tracetwin: ${items.length - failed} of ${items.length} files twinned into ${opts.output} in ${seconds} s` +
      ` (${opts.jobs} at once)${failed > 0 ? `; ${failed} failed` : ''}\n`,
  );
  if (opts.report) {
    const totals: Record<string, number> = {};
    for (const r of results)
      for (const [kind, n] of Object.entries(r.replacements ?? {})) totals[kind] = (totals[kind] ?? 0) + n;
    const report = { files: results, failed, replacements: totals };
    fs.writeFileSync(opts.report, JSON.stringify(report, null, 2) + '\n');
  }
  if (failed > 0) process.exitCode = 1;
}
