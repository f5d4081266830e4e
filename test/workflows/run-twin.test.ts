/**
 * The runTwin activity called directly (no Temporal): the trace and its twin go
 * through files in a run folder, read in place from the local blob store or
 * copied from a remote one, and the folder is gone when the activity ends,
 * whatever the outcome.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { ApplicationFailure } from '@temporalio/common';
import { createActivities } from '../../activities';
import { createTwinPool, type TwinPool, type TwinTaskResult } from '../../activities/pool';
import { failedDeterministically } from '../../activities/pool-worker';
import { makeRunFolder, removeRunFolder, removeStaleRunFolders } from '../../activities/scratch';
import { PROCESS_TOKEN } from '../../storage/sweep';
import type { DatabaseHandle } from '../../db/client';
import { contentKeyFor } from '../../db/runs';
import { twin } from '../../pseudonymiser';
import { createBlobStore, type BlobStore } from '../../storage';
import { FAILURE_TYPES } from '../../workflows/types';
import { runErrorOf } from '../../workflows/twin';
import { MAX_NESTING } from '../../pseudonymiser/format/json';
import { openTestDatabase } from '../service/helpers';
import { acceptUpload, type Accepted } from './accept';

let handle: DatabaseHandle;
let pool: TwinPool;
let tmp: string;
let folderStore: BlobStore;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tt-run-'));
  handle = await openTestDatabase();
  folderStore = createBlobStore({ dataDir: tmp });
  pool = createTwinPool({ threads: 1, filename: path.join(__dirname, 'pool-worker-shim.js') });
}, 60_000);

afterAll(async () => {
  await pool?.close();
  await handle?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

/** The folder store seen as a remote one: no `localFile`, objects only as streams. */
function remote(store: BlobStore): BlobStore {
  return {
    put: (k, b) => store.put(k, b),
    get: (k) => store.get(k),
    getBuffer: (k) => store.getBuffer(k),
    delete: (k) => store.delete(k),
    exists: (k) => store.exists(k),
    ping: () => store.ping(),
    sweep: (age) => store.sweep(age),
    location: 'remote',
  };
}

const CONFIDENTIAL = ['Globex Corporation'];

function accept(filename: string, body: Buffer): Promise<Accepted> {
  return acceptUpload(handle.db, folderStore, filename, body, { confidential: CONFIDENTIAL });
}

/** A JSON Lines trace of several MiB (more than one of the pseudonymiser's read pieces). */
function bigTrace(): Buffer {
  const lines: string[] = [];
  for (let i = 0; lines.length < 24_000; i++) {
    lines.push(
      JSON.stringify({
        role: 'user',
        content: `Hi, I am Alice Martin (alice.martin${i % 97}@example.org) of Globex Corporation, ticket ${i}.`,
      }),
      JSON.stringify({
        role: 'tool',
        content: `export OPENAI_API_KEY=sk-proj-${(i * 7919).toString(36)}Qz81LmNoPqRsTuVwXyZ0123456789abcd`,
      }),
      JSON.stringify({
        role: 'assistant',
        content: `Thanks Alice, I will call you at +1 415 555 01${String(i % 100).padStart(2, '0')}.`,
      }),
    );
  }
  return Buffer.from(lines.join('\n') + '\n');
}

function runFolders(dir: string): string[] {
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

describe.each([
  ['the local folder store (read in place)', () => folderStore],
  ['a remote store (copied to the run folder)', () => remote(folderStore)],
])('runTwin with %s', (_name, store) => {
  test('stores the same twin as twin() on the whole trace, and leaves no run folder', async () => {
    const body = bigTrace();
    expect(body.length).toBeGreaterThan(2 << 20);
    const t = await accept('session.jsonl', body);
    const scratchDir = path.join(tmp, `runs-${randomBytes(4).toString('hex')}`);
    const activities = createActivities({ db: handle.db, blobs: store(), pool, scratchDir });

    const result = await activities.runTwin({ twinId: t.twinId });

    const content = await folderStore.getBuffer(contentKeyFor(t.twinId));
    const expected = twin(body, { key: t.key, confidential: CONFIDENTIAL, format: 'jsonl' });
    expect(content.equals(expected.output)).toBe(true);
    expect(result.contentBytes).toBe(content.length);
    expect(result.counts).toEqual(expected.report.replacements);
    expect(content.includes('alice.martin3@example.org')).toBe(false);
    expect(runFolders(scratchDir)).toEqual([]);
  }, 60_000);

  test('content that is not text fails as unsupported content, and leaves no run folder', async () => {
    const t = await accept('notes.txt', Buffer.from('hello\u0000world'));
    const scratchDir = path.join(tmp, `runs-${randomBytes(4).toString('hex')}`);
    const activities = createActivities({ db: handle.db, blobs: store(), pool, scratchDir });

    const err = await activities.runTwin({ twinId: t.twinId }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApplicationFailure);
    expect((err as ApplicationFailure).type).toBe(FAILURE_TYPES.unsupportedContent);
    expect(await folderStore.exists(contentKeyFor(t.twinId))).toBe(false);
    expect(runFolders(scratchDir)).toEqual([]);
  }, 60_000);
});

test('JSON nested deeper than the engine reads fails once as unsupported content, not retried', async () => {
  const n = MAX_NESTING + 1;
  const t = await accept('nested.json', Buffer.from('['.repeat(n) + ']'.repeat(n)));
  const scratchDir = path.join(tmp, `runs-${randomBytes(4).toString('hex')}`);
  const activities = createActivities({ db: handle.db, blobs: folderStore, pool, scratchDir });
  const err = await activities.runTwin({ twinId: t.twinId }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ApplicationFailure);
  expect((err as ApplicationFailure).type).toBe(FAILURE_TYPES.unsupportedContent);
  expect((err as ApplicationFailure).nonRetryable).toBe(true);
  expect((err as ApplicationFailure).message).toContain(`deeper than ${MAX_NESTING} levels`);
  // what the twin's error object says
  expect(runErrorOf(err)).toMatchObject({ code: 'unsupported_content', retryable: false });
  expect(runFolders(scratchDir)).toEqual([]);
}, 60_000);

test('a file of more distinct values than its budget fails once as unsupported content, not retried', async () => {
  // 4 MiB of lines of one distinct e-mail address each: refused in pass one (docs/deploy.md, input limits)
  const lines: string[] = [];
  for (let i = 0, size = 0; size < 4 << 20; i++) {
    const line = `{"id":${i},"from":"ines.q${i.toString(36)}@mail${i % 89}.example-corp.com"}\n`;
    lines.push(line);
    size += line.length;
  }
  const t = await accept('distinct.jsonl', Buffer.from(lines.join('')));
  const scratchDir = path.join(tmp, `runs-${randomBytes(4).toString('hex')}`);
  const activities = createActivities({ db: handle.db, blobs: folderStore, pool, scratchDir });
  const err = await activities.runTwin({ twinId: t.twinId }).catch((e: unknown) => e);
  expect((err as ApplicationFailure).type).toBe(FAILURE_TYPES.unsupportedContent);
  expect((err as ApplicationFailure).nonRetryable).toBe(true);
  expect((err as ApplicationFailure).message).toContain(
    'more distinct values than tracetwin twins in a file of its size',
  );
  expect((err as ApplicationFailure).message).not.toContain('example-corp');
  expect(runErrorOf(err)).toMatchObject({ code: 'unsupported_content', retryable: false });
  expect(runFolders(scratchDir)).toEqual([]);
}, 60_000);

test('a pool thread out of memory is a deterministic failure: unsupported content, not retried', async () => {
  const t = await accept('big.json', Buffer.from('{"a":1}'));
  const oom: TwinPool = {
    run: async () => {
      throw Object.assign(new Error('Worker terminated due to reaching memory limit: JS heap out of memory'), {
        code: 'ERR_WORKER_OUT_OF_MEMORY',
      });
    },
    close: async () => undefined,
  };
  const scratchDir = path.join(tmp, `runs-${randomBytes(4).toString('hex')}`);
  const activities = createActivities({ db: handle.db, blobs: folderStore, pool: oom, scratchDir });
  const err = await activities.runTwin({ twinId: t.twinId }).catch((e: unknown) => e);
  expect((err as ApplicationFailure).type).toBe(FAILURE_TYPES.unsupportedContent);
  expect((err as ApplicationFailure).nonRetryable).toBe(true);
  expect(runErrorOf(err)).toMatchObject({ code: 'unsupported_content', retryable: false });
  expect(runFolders(scratchDir)).toEqual([]);
});

test('the engine throwing on a trace is not retried and the twin says so; a file system error is retried', async () => {
  const t = await accept('session.jsonl', Buffer.from('{"a":1}\n'));
  const failing = (result: TwinTaskResult): TwinPool => ({ run: async () => result, close: async () => undefined });
  const scratchDir = path.join(tmp, `runs-${randomBytes(4).toString('hex')}`);
  const engine = createActivities({
    db: handle.db,
    blobs: folderStore,
    pool: failing({ ok: false, unsupported: false, errorName: 'RangeError', deterministic: true }),
    scratchDir,
  });
  const err = (await engine.runTwin({ twinId: t.twinId }).catch((e: unknown) => e)) as ApplicationFailure;
  expect(err.type).toBe(FAILURE_TYPES.internal);
  expect(err.nonRetryable).toBe(true);
  expect(runErrorOf(err)).toEqual({
    type: 'api_error',
    code: 'internal_error',
    message: 'The run stopped on an internal error that this trace would meet again.',
    retryable: false,
  });
  const io = createActivities({
    db: handle.db,
    blobs: folderStore,
    pool: failing({ ok: false, unsupported: false, errorName: 'Error', deterministic: false }),
    scratchDir,
  });
  const ioErr = (await io.runTwin({ twinId: t.twinId }).catch((e: unknown) => e)) as ApplicationFailure;
  expect(ioErr.type).toBe(FAILURE_TYPES.internal);
  expect(ioErr.nonRetryable).toBe(false);
  expect(runErrorOf(ioErr)).toMatchObject({ code: 'internal_error', retryable: true });
  expect(runFolders(scratchDir)).toEqual([]);
});

test('what the pool thread calls deterministic: the engine throwing, not a system error', () => {
  expect(failedDeterministically(new RangeError('Invalid string length'))).toBe(true);
  expect(failedDeterministically(new TypeError('x'))).toBe(true);
  expect(failedDeterministically(Object.assign(new Error('no space'), { code: 'ENOSPC' }))).toBe(false);
  expect(failedDeterministically(Object.assign(new Error('io'), { code: 'EIO' }))).toBe(false);
});

test('a missing upload is a run-input failure', async () => {
  const t = await accept('session.jsonl', Buffer.from('{"a":1}\n'));
  await folderStore.delete(`uploads/${t.twinId}`);
  for (const store of [folderStore, remote(folderStore)]) {
    const activities = createActivities({
      db: handle.db,
      blobs: store,
      pool,
      scratchDir: path.join(tmp, 'runs-missing'),
    });
    const err = await activities.runTwin({ twinId: t.twinId }).catch((e: unknown) => e);
    expect((err as ApplicationFailure).type).toBe(FAILURE_TYPES.runInputMissing);
  }
  expect(runFolders(path.join(tmp, 'runs-missing'))).toEqual([]);
}, 60_000);

test('removeStaleRunFolders removes the run folders no live run holds, and nothing else', async () => {
  const dir = path.join(tmp, 'stale');
  fs.mkdirSync(dir);
  // a process that has exited: its pid is free (reuse within this test is not a concern)
  const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  const deadPid = Number(gone.stdout);
  expect(deadPid).toBeGreaterThan(0);
  const livePid = process.ppid; // alive while this test runs
  const dead = path.join(dir, `tracetwin-run-${deadPid}-0123456789ab-abc123`);
  const deadOldName = path.join(dir, `tracetwin-run-${deadPid}-abc123`);
  // this pid, another token: the process before this one with the same id (a restarted container)
  const previous = path.join(dir, `tracetwin-run-${process.pid}-0123456789ab-def456`);
  const previousOldName = path.join(dir, `tracetwin-run-${process.pid}-def456`);
  // this process's own, that no run holds (a run whose clean-up failed)
  const orphan = path.join(dir, `tracetwin-run-${process.pid}-${PROCESS_TOKEN}-ghi789`);
  const otherLive = path.join(dir, `tracetwin-run-${livePid}-0123456789ab-jkl012`);
  const other = path.join(dir, 'something-else');
  for (const d of [dead, deadOldName, previous, previousOldName, orphan, otherLive, other]) {
    fs.mkdirSync(d);
    fs.writeFileSync(path.join(d, 'twin'), 'trace content');
  }
  const running = await makeRunFolder(dir);
  expect(removeStaleRunFolders(dir)).toBe(5);
  expect(fs.readdirSync(dir).sort()).toEqual(
    [path.basename(otherLive), path.basename(running), 'something-else'].sort(),
  );
  // once its run ends it is removed, and a sweep then finds nothing more of this process's
  await removeRunFolder(running);
  expect(fs.existsSync(running)).toBe(false);
  expect(removeStaleRunFolders(dir)).toBe(0);
  expect(removeStaleRunFolders(path.join(tmp, 'no-such-folder'))).toBe(0);
});
