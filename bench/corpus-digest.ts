/**
 * The SHA-256 of the twin of every file of a corpus, to check that a change leaves every twin byte-identical:
 *
 *   npm run build && node dist/bench/corpus-digest.js [--corpus DIR] [--key HEX] > FILE
 *
 * (then the same on the other commit, and `diff` the two files). Each file under DIR (../shared/corpus by
 * default, from the repository root), in sorted order, is twinned in process by `twin()` with the format its
 * name implies and a fixed key (`ab` x 32 unless given); one line per file: its path under DIR and the SHA-256
 * of the twin in hex, or `refused` and the error's name for a file the engine refuses. Digests and sizes only:
 * nothing of the traces or twins is printed.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { formatOf, twin } from '../pseudonymiser/index';
import { argValue as arg, filesUnder as files } from './util';

const dir = arg('--corpus', path.join('..', 'shared', 'corpus'));
const key = arg('--key', 'ab'.repeat(32));
let twinned = 0;
let refused = 0;
for (const rel of files(dir)) {
  const input = fs.readFileSync(path.join(dir, rel));
  try {
    const { output } = twin(input, { key, format: formatOf(rel) });
    process.stdout.write(`${rel} ${createHash('sha256').update(output).digest('hex')}\n`);
    twinned++;
  } catch (e) {
    process.stdout.write(`${rel} refused ${e instanceof Error ? e.name : 'error'}\n`);
    refused++;
  }
}
process.stderr.write(`${twinned} twinned, ${refused} refused\n`);
