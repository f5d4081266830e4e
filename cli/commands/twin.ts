/**
 * `tracetwin twin INPUT [-o OUTPUT] [--key HEX64] [--confidential NAME]...
 *                [--format json|jsonl|text] [--report FILE]`
 * `tracetwin twin INPUT... -o DIR [--jobs N] …`: several files or a folder, as `twin-batch` (twin-batch.ts)
 *
 * Runs the same pseudonymiser as the service on a local file, without
 * Temporal. Same key and confidential list → same bytes as the service.
 */
import { closeSync, fstatSync, lstatSync, openSync, readFileSync, renameSync, statSync, unlinkSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Command, InvalidArgumentError, Option } from 'commander';
import { SingleBar } from 'cli-progress';
import {
  formatOf,
  SourceChangedError,
  twinSource,
  UnsupportedContentError,
  type Format,
  type TraceSource,
} from '../../pseudonymiser';
import { fileSource, writeAll } from '../../storage/trace-file';

function parseKeyOption(value: string): string {
  if (!/^[0-9a-fA-F]{64}$/.test(value)) throw new InvalidArgumentError('the key must be 64 hexadecimal characters');
  return value;
}

/**
 * The V8 compiler settings of a process that twins and exits (`tracetwin twin`, one file or a batch). They are
 * process-wide: set before a batch's pool starts, they hold in its worker threads too. Long-lived service threads
 * keep V8's defaults.
 */
export function useOneShotV8Flags(): void {
  // Much of a one-shot process's CPU goes to V8's optimising compiler (every thread of a batch compiles the engine
  // for itself), and without inlining its compiles are cheaper while the engine's hot loops, which call little,
  // run as fast (~9% less CPU on a 50 MiB trace, same twin; docs/benchmarks.md).
  setFlagsFromString('--no-turbo-inlining');
  // For the same reason no loop peeling: it compiles each hot loop's body twice, and the engine's loops gain
  // less from it than the compiles cost here (~5% less CPU on a 50 MiB trace, same twin; docs/benchmarks.md).
  setFlagsFromString('--no-turbo-loop-peeling');
  // Each regular expression compiled once, to machine code, at its first run: with tier-up V8 first compiles it to
  // bytecode (and optimises that), then again to machine code on its second run, and the engine's patterns are
  // many and large (Unicode properties). The same matches; in a one-shot twin of the 2 MiB bench trace the
  // compiles of regular expressions fell from about a tenth of the samples to under 4% (docs/benchmarks.md).
  setFlagsFromString('--no-regexp-tier-up');
}

export function parseJobs(value: string): number {
  if (!/^\d{1,4}$/.test(value) || Number(value) < 1) throw new InvalidArgumentError('--jobs is a whole number ≥ 1');
  return Number(value);
}

export function collect(value: string, previous: string[]): string[] {
  if (value.length === 0 || value.length > 200)
    throw new InvalidArgumentError('each confidential name has 1 to 200 characters');
  if (previous.length >= 50) throw new InvalidArgumentError('at most 50 confidential names');
  return previous.concat([value]);
}

/** Writes a regular file atomically (a temporary file beside it, then a rename); links, devices and pipes directly. */
function writeAtomic(file: string, data: string | Uint8Array): void {
  writeStreaming(file, (write) => write(data));
}

/**
 * Lets `produce` write a file piece by piece: into a temporary file beside
 * it, renamed over it at the end (removed if `produce` throws); links,
 * devices and pipes are written directly.
 */
function writeStreaming(file: string, produce: (write: (data: string | Uint8Array) => void) => void): void {
  const st = lstatSync(file, { throwIfNoEntry: false });
  const direct = st !== undefined && !st.isFile();
  const target = direct ? file : path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  const fd = openSync(target, 'w');
  try {
    produce((data) => writeAll(fd, typeof data === 'string' ? Buffer.from(data) : data));
  } catch (err) {
    closeSync(fd);
    if (!direct) unlinkSync(target);
    throw err;
  }
  closeSync(fd);
  if (!direct) renameSync(target, file);
}

/**
 * The input as a source the pseudonymiser reads three times: a regular file is
 * read from disk on each pass (never held whole); standard input and other
 * files are read into memory once. A regular file is read up to the size it
 * had when opened.
 */
function openInput(input: string): { source: TraceSource; close: () => void } {
  let fd: number;
  try {
    fd = input === '-' ? 0 : openSync(input, 'r');
  } catch (err) {
    throw new Error(`cannot read ${input}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`, { cause: err });
  }
  const close = (): void => {
    if (fd !== 0) closeSync(fd);
  };
  try {
    const st = fstatSync(fd);
    if (fd !== 0 && st.isFile()) return { source: fileSource(fd, st.size), close };
    const bytes = readFileSync(fd);
    return { source: { size: bytes.length, pieces: () => [bytes] }, close };
  } catch (err) {
    close();
    throw new Error(`cannot read ${input}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`, { cause: err });
  }
}

export function registerTwin(program: Command): void {
  program
    .command('twin')
    .description(
      'twin a local trace file (JSON, JSON Lines or text; `-` reads standard input), or several files and folders ' +
        'into the folder -o names, --jobs at once',
    )
    .argument('<input...>', 'trace file, or - for standard input; or several files and folders')
    .option(
      '-o, --output <path>',
      'where to write the twin (default: standard output); with several inputs or a folder, the output folder',
    )
    .addOption(
      new Option('--jobs <n>', 'with several inputs or a folder: files twinned at once, one worker thread each')
        .argParser(parseJobs)
        .default(Math.max(1, availableParallelism()), 'the number of cores'),
    )
    .option('--key <hex64>', '64 hex characters keying the stand-ins (default: a fresh random key)', parseKeyOption)
    .option('--confidential <name>', 'an organisation to replace although public (repeatable)', collect, [])
    .addOption(
      new Option('--format <format>', 'input format (default: from the file extension)').choices([
        'json',
        'jsonl',
        'text',
      ]),
    )
    .option('--report <file>', 'write counts of replaced values per kind (never the values) as JSON')
    .action(
      async (
        inputs: string[],
        opts: { output?: string; key?: string; confidential: string[]; format?: Format; report?: string; jobs: number },
      ) => {
        if (
          inputs.length > 1 ||
          (inputs[0] !== '-' && statSync(inputs[0]!, { throwIfNoEntry: false })?.isDirectory())
        ) {
          if (inputs.includes('-')) throw new Error('standard input (-) is one trace: give it alone');
          if (!opts.output) throw new Error('several inputs or a folder need -o, --output <dir>');
          // loaded here only: the batch runs on the service's worker-thread pool, which a one-file twin never needs
          // eslint-disable-next-line @typescript-eslint/no-require-imports
          const batch = require('./twin-batch') as typeof import('./twin-batch');
          await batch.twinBatch(inputs, { ...opts, output: opts.output });
          return;
        }
        const input = inputs[0]!;
        // A long run of one pass after another: let V8 collect when its heap has grown by a fifth rather than by up
        // to four times (peak memory ~20% lower on a 50 MiB trace, same time; docs/benchmarks.md). Not in a batch:
        // there it cost CPU (~1.5x the collector's samples under perf, 2-3% of the run) that the batch's throughput pays.
        setFlagsFromString('--heap-growing-percent=20');
        useOneShotV8Flags();
        const { source, close } = openInput(input);
        const format = opts.format ?? (input === '-' ? 'text' : formatOf(input));
        const bar =
          process.stderr.isTTY && source.size > 1 << 20
            ? new SingleBar({ format: 'twinning [{bar}] {percentage}% | {eta_formatted} left', stream: process.stderr })
            : null;
        bar?.start(100, 0);
        let report;
        try {
          const run = (write: (bytes: Uint8Array) => void) =>
            twinSource(source, write, {
              key: opts.key ?? null,
              confidential: opts.confidential,
              format,
              onProgress: bar ? (f) => bar.update(Math.floor(f * 100)) : undefined,
            });
          if (opts.output) writeStreaming(opts.output, (write) => (report = run(write)));
          else report = run((bytes) => process.stdout.write(bytes));
        } catch (err) {
          bar?.stop();
          if (err instanceof UnsupportedContentError)
            throw new Error(`unsupported content: ${err.message}`, { cause: err });
          if (err instanceof SourceChangedError) throw new Error(`${input}: ${err.message}`, { cause: err });
          throw err;
        } finally {
          close();
        }
        bar?.stop();
        if (opts.report) writeAtomic(opts.report, JSON.stringify(report, null, 2) + '\n');
      },
    );
}
