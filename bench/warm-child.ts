/**
 * The warm-engine process of the throughput benchmark (`--warm`): twins
 * WARMUP first (another trace, another key), then INPUT, both from disk
 * through `twinSource` as the service's pool threads do (storage/trace-file.ts),
 * and prints the second twin's wall and CPU time. A pool thread twins one
 * trace after another; by its second, V8 has compiled the engine's hot code,
 * which a one-shot `tracetwin twin` process does while it runs.
 *
 *   node dist/bench/warm-child.js WARMUP INPUT OUTPUT KEY
 */
import { closeSync, openSync } from 'node:fs';
import { formatOf, twinSource } from '../pseudonymiser';
import { withFileSource, writeAll } from '../storage/trace-file';
import { keyFor } from './util';

const [warmup, input, output, key] = process.argv.slice(2);
if (!warmup || !input || !output || !key) {
  process.stderr.write('usage: warm-child WARMUP INPUT OUTPUT KEY\n');
  process.exit(2);
}

function twinFile(from: string, to: string, k: string): void {
  const out = openSync(to, 'w');
  try {
    withFileSource(from, (source) => twinSource(source, (b) => writeAll(out, b), { key: k, format: formatOf(from) }));
  } finally {
    closeSync(out);
  }
}

twinFile(warmup, output, keyFor('warm-up'));
const cpu0 = process.cpuUsage();
const t0 = process.hrtime.bigint();
twinFile(input, output, key);
const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
const cpu = process.cpuUsage(cpu0);
process.stdout.write(JSON.stringify({ seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6 }) + '\n');
