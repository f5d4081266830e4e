/**
 * Fallback twinning process for the throughput benchmark, used only when the
 * `tracetwin twin` command is not built: reads INPUT, twins it with the
 * pseudonymiser's `twin()` as the CLI would, writes OUTPUT.
 *
 *   node dist/bench/twin-child.js INPUT OUTPUT KEY
 */
import * as fs from 'node:fs';
import { formatOf, twin } from '../pseudonymiser';

const [input, output, key] = process.argv.slice(2);
if (!input || !output || !key) {
  process.stderr.write('usage: twin-child INPUT OUTPUT KEY\n');
  process.exit(2);
}
const result = twin(fs.readFileSync(input), { key, format: formatOf(input) });
fs.writeFileSync(output, result.output);
