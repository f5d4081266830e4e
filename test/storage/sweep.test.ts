/**
 * What a crash leaves of a trace in the folder store (`.tmp/*.part`) is removed by its sweep: at start
 * (a dead process's, a previous process's with this pid) and later (this process's own that no write
 * holds, another host's once old), never a write in progress. The periodic sweeper runs it again.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { FolderBlobStore } from '../../storage';
import { PROCESS_TOKEN, startSweeper } from '../../storage/sweep';

let dir: string;
let store: FolderBlobStore;
let tmpDir: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracetwin-sweep-'));
  store = new FolderBlobStore(dir);
  tmpDir = path.join(dir, '.tmp');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function deadPid(): number {
  const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(gone.stdout);
}

function part(name: string, ageMs = 0): string {
  const file = path.join(tmpDir, name);
  fs.writeFileSync(file, 'partial trace content');
  if (ageMs > 0) {
    const t = (Date.now() - ageMs) / 1000;
    fs.utimesSync(file, t, t);
  }
  return name;
}

const HOUR = 3_600_000;

test('removes the partial uploads of dead and previous processes and its own orphans; keeps a live one young', async () => {
  const dead = part(`${deadPid()}-0123456789ab-aa.part`);
  const previous = part(`${process.pid}-0123456789ab-bb.part`);
  const orphan = part(`${process.pid}-${PROCESS_TOKEN}-cc.part`);
  const otherLive = part(`${process.ppid}-0123456789ab-dd.part`);
  const otherLiveOld = part(`${process.ppid}-0123456789ab-ee.part`, 2 * HOUR);
  const unknownYoung = part('0a1b2c3d4e5f.part');
  const unknownOld = part('6a7b8c9d0e1f.part', 2 * HOUR);
  expect(await store.sweep(HOUR)).toBe(5);
  expect(fs.readdirSync(tmpDir).sort()).toEqual([otherLive, unknownYoung].sort());
  for (const gone of [dead, previous, orphan, otherLiveOld, unknownOld])
    expect(fs.existsSync(path.join(tmpDir, gone))).toBe(false);
});

test('never removes a write in progress, which then completes', async () => {
  const body = new PassThrough();
  const put = store.put('uploads/twin_x', body);
  body.write('first half of the trace, ');
  // the write's file exists while it streams
  await new Promise<void>((resolve) => {
    const check = (): void => (fs.readdirSync(tmpDir).length > 0 ? resolve() : void setTimeout(check, 5));
    check();
  });
  expect(await store.sweep(0)).toBe(0);
  expect(fs.readdirSync(tmpDir)).toHaveLength(1);
  body.end('second half');
  await put;
  expect((await store.getBuffer('uploads/twin_x')).toString()).toBe('first half of the trace, second half');
  expect(fs.readdirSync(tmpDir)).toEqual([]);
});

test('the sweeper sweeps at start and again every interval', async () => {
  const first = part(`${deadPid()}-0123456789ab-aa.part`);
  const sweeper = await startSweeper([{ name: 'partial uploads', run: () => store.sweep(HOUR) }], 20);
  try {
    // at start, before it resolved
    expect(fs.existsSync(path.join(tmpDir, first))).toBe(false);
    // later: one a process left after the start is gone within a few intervals
    const later = part(`${deadPid()}-0123456789ab-bb.part`);
    const until = Date.now() + 10_000;
    while (fs.existsSync(path.join(tmpDir, later)) && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    expect(fs.existsSync(path.join(tmpDir, later))).toBe(false);
  } finally {
    sweeper.stop();
  }
});

test('a failing step is logged by class and does not stop the others', async () => {
  const warned: object[] = [];
  const logger = { info: () => undefined, warn: (o: object) => warned.push(o) };
  let ran = 0;
  const sweeper = await startSweeper(
    [
      { name: 'broken', run: () => Promise.reject(new TypeError('no')) },
      { name: 'fine', run: async () => ++ran },
    ],
    0,
    logger,
  );
  sweeper.stop();
  expect(ran).toBe(1);
  expect(warned).toEqual([{ step: 'broken', error: 'TypeError' }]);
});
