/** Small helpers shared by the evaluation and the benchmark. */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The repository root: the nearest folder above this file holding package.json. */
export function repoRoot(): string {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error('repository root not found');
    dir = up;
  }
  return dir;
}

/** A fixed twinning key (64 hex characters) derived from a label, so that runs are repeatable. */
export const keyFor = (label: string): string =>
  createHash('sha256').update(`tracetwin-eval-key:${label}`).digest('hex');

/** Every file under `dir`, as paths relative to it with `/`, in sorted order (folders walked in sorted order). */
export function filesUnder(dir: string, under = ''): string[] {
  const out: string[] = [];
  for (const name of fs.readdirSync(path.join(dir, under)).sort()) {
    const rel = under === '' ? name : `${under}/${name}`;
    const stat = fs.statSync(path.join(dir, rel));
    if (stat.isDirectory()) out.push(...filesUnder(dir, rel));
    else if (stat.isFile()) out.push(rel);
  }
  return out;
}

/** The value after `--name` on the command line, or `fallback`. */
export function argValue(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1]! : fallback;
}
