/**
 * The format floor of the throughput benchmark (`--floor`): a one-shot
 * process that twins INPUT into OUTPUT from disk exactly as `tracetwin twin`
 * does (twinSource over the file, the twin written piece by piece, the same
 * V8 flags, passed on its command line by the benchmark) but with no
 * detector: the survey, both passes over the JSON, and the reading and
 * writing, with nothing to find. What is left of the whole-process time for
 * the detectors and the stand-ins at a given throughput is the budget minus
 * this floor.
 *
 *   node --heap-growing-percent=20 --no-turbo-inlining --no-turbo-loop-peeling dist/bench/floor-child.js INPUT OUTPUT KEY
 */
import { closeSync, openSync } from 'node:fs';
import { formatOf, twinSource } from '../pseudonymiser';
import { withFileSource, writeAll } from '../storage/trace-file';

const [input, output, key] = process.argv.slice(2);
if (!input || !output || !key) {
  process.stderr.write('usage: floor-child INPUT OUTPUT KEY\n');
  process.exit(2);
}
const out = openSync(output, 'w');
try {
  withFileSource(input, (source) =>
    twinSource(source, (b) => writeAll(out, b), { key, format: formatOf(input), detectors: [] }),
  );
} finally {
  closeSync(out);
}
