/**
 * The twin workflow on the time-skipping test server, with the real
 * activities over an in-memory PGlite database, a temp-folder blob store and
 * the real pseudonymiser thread pool.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Context } from '@temporalio/activity';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { bundleWorkflowCode, DefaultLogger, Runtime, type WorkflowBundle } from '@temporalio/worker';
import { temporal } from '@temporalio/proto';
import { eq } from 'drizzle-orm';
import { createActivities } from '../../activities';
import { createTwinPool, type TwinPool } from '../../activities/pool';
import type { DatabaseHandle } from '../../db/client';
import { openTestDatabase } from '../service/helpers';
import { getOrganization } from '../../db/repo';
import { acceptUpload, type Accepted } from './accept';
import { contentKeyFor } from '../../db/runs';
import { events, twins } from '../../db/schema';
import { createBlobStore, type BlobStore } from '../../storage';
import { createWorker, startTwin } from '../../worker';
import {
  retentionWorkflowId,
  TWIN_FAILED_TYPE,
  type ExpireContentResult,
  type TwinActivities,
  type TwinWorkflowResult,
} from '../../workflows/types';
import { WorkflowFailedError } from '@temporalio/client';
import { ApplicationFailure, tsToMs } from '@temporalio/common';
import { buildApp } from '../../api/app';
import { DEFAULT_API_CONFIG } from '../../api/config';
import { createApiKey } from '../../db/repo';

const REPO = path.resolve(__dirname, '../..');
const TEST_SERVER = path.join(REPO, '.tools/bin/temporal-test-server');
const DAY = 86_400_000;
const RETENTION = 7 * DAY;
const RUN_LEASE = 5 * 60_000;

let env: TestWorkflowEnvironment;
let bundle: WorkflowBundle;
let handle: DatabaseHandle;
let blobs: BlobStore;
let pool: TwinPool;
let tmp: string;
let queueNo = 0;

beforeAll(async () => {
  if (!fs.existsSync(TEST_SERVER)) throw new Error(`${TEST_SERVER} is missing: run scripts/setup-tools.sh`);
  Runtime.install({ logger: new DefaultLogger('WARN') });
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tt-wf-'));
  [env, bundle, handle] = await Promise.all([
    TestWorkflowEnvironment.createTimeSkipping({
      server: { executable: { type: 'existing-path', path: TEST_SERVER } },
    }),
    bundleWorkflowCode({ workflowsPath: require.resolve('../../workflows'), logger: quiet }),
    openTestDatabase(),
  ]);
  blobs = createBlobStore({ dataDir: tmp });
  pool = createTwinPool({ threads: 1, filename: path.join(__dirname, 'pool-worker-shim.js') });
}, 120_000);

afterAll(async () => {
  await pool?.close();
  await env?.teardown();
  await handle?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

const noop = (): void => undefined;
const quiet = { trace: noop, debug: noop, info: noop, warn: noop, error: noop, log: noop };

/**
 * With RECORD_HISTORIES=1, writes a history for the replay test, as
 * protobuf.js plain-object JSON (int64 as strings, bytes as base64, enums by
 * name); replay.test.ts reads it back with `History.fromObject`.
 */
function recordHistory(name: string, history: temporal.api.history.v1.IHistory): void {
  const History = temporal.api.history.v1.History;
  const json = History.toObject(History.fromObject(history), { longs: String, enums: String, bytes: String });
  fs.writeFileSync(path.join(__dirname, 'histories', `${name}.json`), JSON.stringify(json, null, 2) + '\n');
}

/** An organization with `balance` credits and one accepted live twin whose upload holds `body`. */
async function acceptLiveTwin(filename: string, body: Buffer, balance = 5): Promise<Accepted> {
  const t = await acceptUpload(handle.db, blobs, filename, body, {
    balance,
    endUser: 'user_42',
    confidential: ['Globex Corporation'],
  });
  expect((await getOrganization(handle.db, t.orgId))?.balance).toBe(balance - 1);
  return t;
}

async function twinRow(twinId: string) {
  const [row] = await handle.db.select().from(twins).where(eq(twins.id, twinId));
  if (!row) throw new Error('twin row missing');
  return row;
}

async function eventsOf(twinId: string) {
  return handle.db.select().from(events).where(eq(events.twinId, twinId));
}

async function waitFor(what: string, check: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function withWorker<T>(activities: TwinActivities, fn: (taskQueue: string) => Promise<T>): Promise<T> {
  const taskQueue = `twins-${++queueNo}`;
  const worker = await createWorker({
    connection: env.nativeConnection,
    namespace: 'default',
    taskQueue,
    activities,
    maxConcurrent: 1,
    workflowBundle: bundle,
    shutdownGraceMs: 1000,
  });
  return worker.runUntil(fn(taskQueue));
}

const TRACE =
  [
    JSON.stringify({
      role: 'user',
      content: 'Hi, I am Alice Martin (alice.martin@example.org), customer of Globex Corporation.',
    }),
    JSON.stringify({
      role: 'tool',
      content: 'export OPENAI_API_KEY=sk-proj-4f9Qz81LmNoPqRsTuVwXyZ0123456789abcdefABCD',
    }),
    JSON.stringify({ role: 'assistant', content: 'Thanks Alice, I will call you at +1 415 555 0100.' }),
  ].join('\n') + '\n';

test('a twin completes: its workflow closes Completed; content stored, credit kept, event recorded, upload and key erased; the retention workflow deletes it at 7 days, then 410', async () => {
  const t = await acceptLiveTwin('session.jsonl', Buffer.from(TRACE));
  const activities = createActivities({ db: handle.db, blobs, pool });

  const result = await withWorker(activities, async (taskQueue) => {
    await startTwin(
      env.client,
      { id: t.twinId, orgId: t.orgId, livemode: true },
      {
        taskQueue,
        contentRetentionMs: RETENTION,
        runLeaseMs: RUN_LEASE,
        searchAttributes: false,
      },
    );
    // A second start of the same twin is a no-op.
    await startTwin(
      env.client,
      { id: t.twinId, orgId: t.orgId, livemode: true },
      {
        taskQueue,
        contentRetentionMs: RETENTION,
        runLeaseMs: RUN_LEASE,
        searchAttributes: false,
      },
    );
    const wf = env.client.workflow.getHandle(t.twinId);

    // Before the retention timer fires (time only skips while we await the result).
    await waitFor('completion', async () => (await twinRow(t.twinId)).status === 'completed');
    const done = await twinRow(t.twinId);
    expect(done.completed).not.toBeNull();
    expect(done.error).toBeNull();
    expect(done.contentKey).toBe(contentKeyFor(t.twinId));
    expect(done.contentExpired).toBe(false);
    expect(done.counts?.email).toBeGreaterThanOrEqual(1);
    expect(done.twinningKey).toBeNull();
    expect(done.confidential).toBeNull();
    expect(done.charged).toBe(true);
    expect((await getOrganization(handle.db, t.orgId))?.balance).toBe(4); // the credit is kept

    const content = (await blobs.getBuffer(contentKeyFor(t.twinId))).toString('utf8');
    expect(done.contentBytes).toBe(Buffer.byteLength(content));
    expect(content.split('\n')).toHaveLength(4);
    expect(content).not.toContain('alice.martin@example.org');
    expect(content).not.toContain('Globex');
    expect(content).not.toContain('sk-proj-4f9Qz81LmNoPqRsTuVwXyZ0123456789abcdefABCD');

    const evts = await eventsOf(t.twinId);
    expect(evts.map((e) => e.type)).toEqual(['svc.twin.completed']);
    expect(evts[0]?.data).toMatchObject({ id: t.twinId, object: 'svc.twin', status: 'completed', end_user: 'user_42' });
    expect(evts[0]?.livemode).toBe(true);

    await waitFor('cleanup', async () => (await twinRow(t.twinId)).uploadKey === null);
    expect(await blobs.exists(t.uploadKey)).toBe(false);

    // The twin workflow closes with the twin, long before the retention: no timer of its own. (The test
    // server skips time whenever nothing runs, so the times are read from the histories.)
    const res = (await wf.result()) as TwinWorkflowResult;
    const twinDesc = await wf.describe();
    expect(twinDesc.status.name).toBe('COMPLETED');
    const closedAt = twinDesc.closeTime?.getTime() ?? NaN;
    expect(closedAt - twinDesc.startTime.getTime()).toBeLessThan(RETENTION / 2);
    expect((await wf.fetchHistory()).events?.some((e) => e.timerStartedEventAttributes)).toBe(false);

    // The content's retention is its own workflow, started with a start delay of the retention: the content
    // is deleted (expireContent, its only step) 7 days after the twin workflow closed, not before.
    const retention = env.client.workflow.getHandle(retentionWorkflowId(t.twinId));
    const expiry = (await retention.result()) as ExpireContentResult;
    expect(expiry).toEqual({ expired: true });
    const events = (await retention.fetchHistory()).events ?? [];
    const started = events.find(
      (e) => e.workflowExecutionStartedEventAttributes,
    )?.workflowExecutionStartedEventAttributes;
    expect(tsToMs(started?.firstWorkflowTaskBackoff)).toBe(RETENTION);
    const expireAt = events.find((e) => e.activityTaskScheduledEventAttributes)?.eventTime;
    expect(tsToMs(expireAt) - closedAt).toBeGreaterThanOrEqual(RETENTION - 60_000);
    expect((await retention.describe()).status.name).toBe('COMPLETED');

    // Temporal saw ids, counts and statuses only.
    const history = JSON.stringify(await wf.fetchHistory());
    const decoded = Buffer.from(history).toString('utf8');
    for (const secret of [t.key, 'alice.martin', 'Alice Martin', 'Globex', 'sk-proj-4f9Qz81']) {
      expect(decoded).not.toContain(secret);
      expect(decoded).not.toContain(Buffer.from(secret).toString('base64').slice(0, 12));
    }
    if (process.env.RECORD_HISTORIES === '1') {
      recordHistory('twin-completed-v2', await wf.fetchHistory());
      recordHistory('content-retention', await retention.fetchHistory());
    }
    return res;
  });

  expect(result).toEqual({ twinId: t.twinId, status: 'completed', contentExpired: false });
  const expired = await twinRow(t.twinId);
  expect(expired.status).toBe('completed');
  expect(expired.contentExpired).toBe(true);
  expect(expired.contentKey).toBeNull();
  expect(await blobs.exists(contentKeyFor(t.twinId))).toBe(false);
  expect((await getOrganization(handle.db, t.orgId))?.balance).toBe(4);

  // The API answers 410 for it (by the expiry, not by age: the API's clock has not moved 7 days).
  const app = await buildApp({
    db: handle.db,
    blobs,
    config: { ...DEFAULT_API_CONFIG, publicUrl: 'https://twins.example.test', hmacSecret: Buffer.alloc(32, 1) },
    startTwin: async () => undefined,
  });
  try {
    const { secret } = await createApiKey(handle.db, { orgId: t.orgId, mode: 'live' });
    const res = await app.inject({
      method: 'GET',
      url: `/v1/svc/twins/${t.twinId}/content`,
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(res.statusCode).toBe(410);
    expect((res.json() as { error: { code: string } }).error.code).toBe('content_expired');
  } finally {
    await app.close();
  }
});

/** The failure a failed twin's workflow closes with. */
async function failureOf(twinId: string): Promise<ApplicationFailure> {
  const wf = env.client.workflow.getHandle(twinId);
  const err = await wf.result().then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(WorkflowFailedError);
  const cause = (err as WorkflowFailedError).cause;
  expect(cause).toBeInstanceOf(ApplicationFailure);
  expect((await wf.describe()).status.name).toBe('FAILED');
  return cause as ApplicationFailure;
}

test('content that is not text fails the run once: workflow Failed, error object, credit given back, event recorded, upload erased', async () => {
  const t = await acceptLiveTwin('dump.jsonl', Buffer.from([0x7b, 0x22, 0x61, 0x00, 0x01, 0x22, 0x7d, 0x0a]));
  const real = createActivities({ db: handle.db, blobs, pool });
  let runs = 0;
  const activities: TwinActivities = {
    ...real,
    runTwin: async (input) => {
      runs++;
      return real.runTwin(input);
    },
  };

  const result = await withWorker(activities, async (taskQueue) => {
    await startTwin(
      env.client,
      { id: t.twinId, orgId: t.orgId, livemode: true },
      {
        taskQueue,
        contentRetentionMs: RETENTION,
        runLeaseMs: RUN_LEASE,
        searchAttributes: false,
      },
    );
    const failure = await failureOf(t.twinId);
    if (process.env.RECORD_HISTORIES === '1') {
      recordHistory('twin-failed-v2', await env.client.workflow.getHandle(t.twinId).fetchHistory());
    }
    return failure;
  });

  expect(result.type).toBe(TWIN_FAILED_TYPE);
  expect(result.message).toBe('The twin failed (unsupported_content).');
  expect(result.nonRetryable).toBe(true);
  expect(runs).toBe(1); // not retried
  const row = await twinRow(t.twinId);
  expect(row.status).toBe('failed');
  expect(row.completed).not.toBeNull();
  expect(row.error).toMatchObject({ type: 'run_error', code: 'unsupported_content', retryable: false });
  expect(row.charged).toBe(false);
  expect(row.twinningKey).toBeNull();
  expect(row.confidential).toBeNull();
  expect(row.uploadKey).toBeNull();
  expect(await blobs.exists(t.uploadKey)).toBe(false);
  expect((await getOrganization(handle.db, t.orgId))?.balance).toBe(5); // given back
  const evts = await eventsOf(t.twinId);
  expect(evts.map((e) => e.type)).toEqual(['svc.twin.failed']);
  expect(evts[0]?.data).toMatchObject({
    id: t.twinId,
    status: 'failed',
    error: { type: 'run_error', code: 'unsupported_content', retryable: false },
  });
});

test('an internal fault is retried, then fails the twin with internal_error and gives the credit back', async () => {
  const t = await acceptLiveTwin('notes.txt', Buffer.from('Call Bob Smith on +44 20 7946 0958.\n'));
  let runs = 0;
  // The thread pool breaks with a driver-style message quoting a parameter: it must reach neither Temporal nor the twin.
  const brokenPool: TwinPool = {
    run: async () => {
      runs++;
      throw Object.assign(new Error(`query failed, params: ${t.key}`), { code: 'ECONNRESET' });
    },
    close: async () => undefined,
  };
  const activities = createActivities({ db: handle.db, blobs, pool: brokenPool });

  const result = await withWorker(activities, async (taskQueue) => {
    await startTwin(
      env.client,
      { id: t.twinId, orgId: t.orgId, livemode: true },
      {
        taskQueue,
        contentRetentionMs: RETENTION,
        runLeaseMs: RUN_LEASE,
        searchAttributes: false,
      },
    );
    const wf = env.client.workflow.getHandle(t.twinId);
    const failure = await failureOf(t.twinId);
    const history = JSON.stringify(await wf.fetchHistory());
    expect(history).not.toContain(t.key);
    expect(history).toContain('runTwin failed (Error ECONNRESET)');
    return failure;
  });

  expect(result.message).toBe('The twin failed (internal_error).');
  expect(runs).toBe(4); // the retry policy's attempts
  const row = await twinRow(t.twinId);
  expect(row.error).toEqual({
    type: 'api_error',
    code: 'internal_error',
    message: expect.any(String),
    retryable: true,
  });
  expect(JSON.stringify(row.error)).not.toContain(t.key);
  expect((await getOrganization(handle.db, t.orgId))?.balance).toBe(5);
  expect(row.uploadKey).toBeNull();
  expect(await blobs.exists(t.uploadKey)).toBe(false);
  expect((await eventsOf(t.twinId)).map((e) => e.type)).toEqual(['svc.twin.failed']);
});

test('a run whose worker stops heartbeating is picked up again after the run lease, and completes', async () => {
  const t = await acceptLiveTwin('lost.jsonl', Buffer.from(TRACE));
  const real = createActivities({ db: handle.db, blobs, pool });
  const attempts: number[] = [];
  const activities: TwinActivities = {
    ...real,
    runTwin: async (input) => {
      const ctx = Context.current();
      attempts.push(ctx.info.attempt);
      if (ctx.info.attempt === 1) {
        // A worker that died mid-run: no heartbeat, no answer (until the lease has long passed or shutdown).
        await Promise.race([ctx.cancelled, new Promise((resolve) => setTimeout(resolve, 8000))]);
        throw new Error('the lost attempt came back too late');
      }
      return real.runTwin(input);
    },
  };
  const taskQueue = `twins-${++queueNo}`;
  const worker = await createWorker({
    connection: env.nativeConnection,
    namespace: 'default',
    taskQueue,
    activities,
    maxConcurrent: 2, // the lost attempt still holds one slot, as a dead worker's slot is not this worker's
    workflowBundle: bundle,
    shutdownGraceMs: 1000,
  });
  const result = await worker.runUntil(
    (async () => {
      await startTwin(
        env.client,
        { id: t.twinId, orgId: t.orgId, livemode: true },
        { taskQueue, contentRetentionMs: 1000, runLeaseMs: 2000, searchAttributes: false },
      );
      await waitFor('the run to start', async () => (await twinRow(t.twinId)).status === 'running');
      return (await env.client.workflow.getHandle(t.twinId).result()) as TwinWorkflowResult;
    })(),
  );
  expect(attempts.slice(0, 2)).toEqual([1, 2]);
  expect(result).toEqual({ twinId: t.twinId, status: 'completed', contentExpired: false });
  const row = await twinRow(t.twinId);
  expect(row.status).toBe('completed');
  expect(row.counts?.email).toBeGreaterThanOrEqual(1);
  expect((await eventsOf(t.twinId)).map((e) => e.type)).toEqual(['svc.twin.completed']);
});
