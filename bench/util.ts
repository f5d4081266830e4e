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
