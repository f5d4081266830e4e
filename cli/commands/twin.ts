/**
 * `tracetwin twin INPUT [-o OUTPUT] [--key HEX64] [--confidential NAME]...
 *                [--format json|jsonl|text] [--report FILE]`
 *
 * Runs the same pseudonymiser as the service on a local file, without
 * Temporal. Same key and confidential list → same bytes as the service.
 */
import { lstatSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import { SingleBar } from 'cli-progress';
import { formatOf, twin, UnsupportedContentError, type Format } from '../../pseudonymiser';

function parseKeyOption(value: string): string {
  if (!/^[0-9a-fA-F]{64}$/.test(value)) throw new InvalidArgumentError('the key must be 64 hexadecimal characters');
  return value;
}

function collect(value: string, previous: string[]): string[] {
  if (value.length === 0 || value.length > 200)
    throw new InvalidArgumentError('each confidential name has 1 to 200 characters');
  if (previous.length >= 50) throw new InvalidArgumentError('at most 50 confidential names');
  return previous.concat([value]);
}

/** Writes a regular file atomically (a temporary file beside it, then a rename); links, devices and pipes directly. */
function writeAtomic(file: string, data: string | Uint8Array): void {
  const st = lstatSync(file, { throwIfNoEntry: false });
  if (st !== undefined && !st.isFile()) {
    writeFileSync(file, data);
    return;
  }
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  writeFileSync(tmp, data);
  renameSync(tmp, file);
}

export function registerTwin(program: Command): void {
  program
    .command('twin')
    .description('twin a local trace file (JSON, JSON Lines or text); `-` reads standard input')
    .argument('<input>', 'trace file, or - for standard input')
    .option('-o, --output <file>', 'where to write the twin (default: standard output)')
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
      (
        input: string,
        opts: { output?: string; key?: string; confidential: string[]; format?: Format; report?: string },
      ) => {
        let bytes: Buffer;
        try {
          bytes = input === '-' ? readFileSync(0) : readFileSync(input);
        } catch (err) {
          throw new Error(`cannot read ${input}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`, { cause: err });
        }
        const format = opts.format ?? (input === '-' ? 'text' : formatOf(input));
        const bar =
          process.stderr.isTTY && bytes.length > 1 << 20
            ? new SingleBar({ format: 'twinning [{bar}] {percentage}% | {eta_formatted} left', stream: process.stderr })
            : null;
        bar?.start(100, 0);
        let result;
        try {
          result = twin(bytes, {
            key: opts.key ?? null,
            confidential: opts.confidential,
            format,
            onProgress: bar ? (f) => bar.update(Math.floor(f * 100)) : undefined,
          });
        } catch (err) {
          bar?.stop();
          if (err instanceof UnsupportedContentError)
            throw new Error(`unsupported content: ${err.message}`, { cause: err });
          throw err;
        }
        bar?.stop();
        if (opts.output) writeAtomic(opts.output, result.output);
        else process.stdout.write(result.output);
        if (opts.report) writeAtomic(opts.report, JSON.stringify(result.report, null, 2) + '\n');
      },
    );
}
