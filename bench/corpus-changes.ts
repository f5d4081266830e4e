/**
 * What a twin changed in the real traces of a corpus, word by word, to compare two commits on text nobody here wrote:
 *
 *   npm run build && node dist/bench/corpus-changes.js [--corpus DIR] [--key HEX] > FILE
 *
 * (then the same on the other commit, and `diff` the two files). Each file under DIR (../shared/corpus/agent-traces by
 * default, from the repository root), in sorted order, is twinned in process by `twin()` with the format its name
 * implies and a fixed key (`ab` x 32 unless given). Printed: the places replaced per kind, summed over the files, then
 * every word of two letters or more that stands in a file and nowhere in its twin, with the number of files it left.
 * A word that a change makes leave is either a value found (a name, a secret) or damage: read the list. The words are
 * the corpus's own (public data under ../shared), printed for the developer reading them; nothing is logged elsewhere.
 */
import fs from 'node:fs';
import path from 'node:path';
import { formatOf, twin } from '../pseudonymiser/index';
import { argValue as arg, filesUnder as files } from './util';

/** The words of a text: runs of letters, with inner hyphens and apostrophes, two characters or more. */
export function wordsOf(text: string): Set<string> {
  return new Set(text.match(/\p{L}[\p{L}'’-]*\p{L}/gu) ?? []);
}

function main(): void {
  const dir = arg('--corpus', path.join('..', 'shared', 'corpus', 'agent-traces'));
  const key = arg('--key', 'ab'.repeat(32));
  const replaced = new Map<string, number>();
  const left = new Map<string, number>();
  let twinned = 0;
  let refused = 0;
  for (const rel of files(dir)) {
    const input = fs.readFileSync(path.join(dir, rel));
    let output: Buffer;
    try {
      const r = twin(input, { key, format: formatOf(rel) });
      output = r.output;
      for (const [kind, n] of Object.entries(r.report.replacements)) replaced.set(kind, (replaced.get(kind) ?? 0) + n);
      twinned++;
    } catch {
      refused++;
      continue;
    }
    const after = wordsOf(output.toString('utf8'));
    for (const w of wordsOf(input.toString('utf8'))) if (!after.has(w)) left.set(w, (left.get(w) ?? 0) + 1);
  }
  process.stdout.write(`${twinned} twinned, ${refused} refused\n`);
  for (const kind of [...replaced.keys()].sort()) process.stdout.write(`replaced ${kind} ${replaced.get(kind)}\n`);
  for (const w of [...left.keys()].sort()) process.stdout.write(`left ${w} ${left.get(w)}\n`);
}

if (require.main === module) main();
