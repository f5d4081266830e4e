/**
 * How near each file of a corpus comes to the budget for distinct values (issue 16, item 5): the registry's
 * estimate of what its distinct values hold of memory at the end of pass one (Registry.weight), against the
 * budget the engine gives a file of its size (VALUE_BUDGET_BASE plus its size), the nearest first:
 *
 *   npm run build && node dist/bench/value-weights.js [--corpus DIR] [--top N]
 *
 * Each file under DIR (../shared/corpus by default, from the repository root) is twinned in process by `twin()`
 * with the format its name implies, a fixed key and no budget, so that a file over its budget is measured too (a
 * share above 1 would be refused). Sizes and shares only: nothing of the traces or twins is printed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { formatOf, twin, VALUE_BUDGET_BASE, type Format } from '../pseudonymiser/index';
import { Registry } from '../pseudonymiser/registry';
import { argValue, filesUnder } from './util';
import { table } from './report';

/**
 * The weight the twin of `input` reaches by the end of pass one, read from the registry as resolution starts (the
 * registry is made inside `twin`: its `assign` is wrapped for the call). Twinned with no budget.
 */
export function weightOf(input: Uint8Array, format: Format, key = 'ab'.repeat(32)): number {
  let weight = -1;
  const assign = Registry.prototype.assign;
  Registry.prototype.assign = function (this: Registry, keyed) {
    weight = this.weight;
    assign.call(this, keyed);
  };
  try {
    twin(input, { key, format, valueBudget: Infinity });
  } finally {
    Registry.prototype.assign = assign;
  }
  return weight;
}

function main(): void {
  const dir = argValue('--corpus', path.join('..', 'shared', 'corpus'));
  const top = Number(argValue('--top', '10'));
  const rows: { share: number; weight: number; size: number; rel: string }[] = [];
  let refused = 0;
  for (const rel of filesUnder(dir)) {
    const input = fs.readFileSync(path.join(dir, rel));
    try {
      const weight = weightOf(input, formatOf(rel));
      rows.push({ share: weight / (VALUE_BUDGET_BASE + input.length), weight, size: input.length, rel });
    } catch {
      refused++; // not text, or nested too deep: refused before any value is counted
    }
  }
  rows.sort((a, b) => b.share - a.share);
  const mib = (n: number): string => (n / (1 << 20)).toFixed(2);
  process.stdout.write(
    table(
      ['file', 'size MiB', 'weight MiB', 'share of budget'],
      rows.slice(0, top).map((r) => [r.rel, mib(r.size), mib(r.weight), r.share.toFixed(3)]),
    ) + '\n',
  );
  process.stderr.write(`${rows.length} files measured, ${refused} refused\n`);
}

if (require.main === module) main();
