/**
 * `runBatch` deals the files to the pool biggest first (one queue, `jobs` lanes), so that a batch does not end
 * on one thread twinning a big file while the others wait; its results keep the order of the items.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runBatch, type BatchItem } from '../../cli/commands/twin-batch';
import type { TwinPool, TwinTask, TwinTaskResult } from '../../activities/pool';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracetwin-order-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test('the biggest files go to the pool first, equal sizes in their given order; results in the items order', async () => {
  const sizes = [10, 5000, 300, 5000, 70000, 1];
  const items: BatchItem[] = sizes.map((size, i) => {
    const input = path.join(dir, `in-${i}.txt`);
    fs.writeFileSync(input, 'x'.repeat(size));
    return { input, relative: `in-${i}.txt`, output: path.join(dir, 'out', `in-${i}.txt`) };
  });
  const started: string[] = [];
  const pool: TwinPool = {
    async run(task: TwinTask): Promise<TwinTaskResult> {
      started.push(path.basename(task.inputFile));
      await new Promise((resolve) => setTimeout(resolve, 5));
      fs.writeFileSync(task.outputFile, 'twin');
      return { ok: true, bytesOut: 4, replacements: {}, entities: {} };
    },
    async close(): Promise<void> {},
  };
  const results = await runBatch(items, { key: '00'.repeat(32), confidential: [], jobs: 2, pool });
  expect(started).toEqual(['in-4.txt', 'in-1.txt', 'in-3.txt', 'in-2.txt', 'in-0.txt', 'in-5.txt']);
  expect(results.map((r) => r.file)).toEqual(items.map((i) => i.relative));
  expect(results.every((r) => r.ok)).toBe(true);
});
