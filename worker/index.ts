/**
 * The Temporal side of the service: the worker that runs twin workflows and
 * their activities, and `startTwin`, which starts one workflow per twin.
 *
 * Two task queues: `<queue>` carries the workflows and the short bookkeeping
 * activities; `<queue>-runs` carries only the pseudonymiser runs, taken at
 * most `maxConcurrent` at a time, so that a process never accepts more runs
 * than its thread pool can work on, and bookkeeping never waits behind them.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WorkflowExecutionAlreadyStartedError, type Client, type Connection } from '@temporalio/client';
import type { DataConverter } from '@temporalio/common';
import { bundleWorkflowCode, NativeConnection, Worker, type WorkflowBundle } from '@temporalio/worker';
import type { TwinRow } from '../db/schema';
import type { twinWorkflow } from '../workflows';
import {
  runsTaskQueue,
  SEARCH_ATTRIBUTES,
  TWIN_WORKFLOW_TYPE,
  type TwinActivities,
  type TwinMemo,
  type TwinWorkflowInput,
} from '../workflows/types';

export { runsTaskQueue } from '../workflows/types';

/** The folder of the workflow sources (or their compiled form under dist/). */
export function workflowsPath(): string {
  return require.resolve('../workflows');
}

/**
 * The workflow bundle: built with the SDK's bundler once, then cached on
 * disk by the hash of the workflow files and the SDK version, so that a
 * restart does not pay for webpack again.
 */
export async function loadWorkflowBundle(
  options: { failureConverterPath?: string; payloadConverterPath?: string; cacheDir?: string } = {},
): Promise<WorkflowBundle> {
  const cacheDir = options.cacheDir ?? path.join(os.tmpdir(), 'tracetwin-workflow-bundles');
  const entry = workflowsPath();
  const dir = path.dirname(entry);
  const hash = createHash('sha256');
  hash.update(fs.readFileSync(require.resolve('@temporalio/workflow/package.json')));
  const sources = fs
    .readdirSync(dir)
    .filter((name) => /\.(ts|js)$/.test(name) && !name.endsWith('.d.ts'))
    .sort()
    .map((name) => path.join(dir, name));
  for (const file of [...sources, options.failureConverterPath, options.payloadConverterPath]) {
    if (file) hash.update(file).update(fs.readFileSync(file));
  }
  const file = path.join(cacheDir, `${hash.digest('hex').slice(0, 32)}.js`);
  try {
    return { code: fs.readFileSync(file, 'utf8') };
  } catch {
    // not cached yet
  }
  const { code } = await bundleWorkflowCode({
    workflowsPath: entry,
    failureConverterPath: options.failureConverterPath,
    payloadConverterPath: options.payloadConverterPath,
    logger: quietBundlerLogger,
  });
  try {
    fs.mkdirSync(cacheDir, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, code);
    fs.renameSync(tmp, file);
  } catch {
    // a cache that cannot be written only costs time
  }
  return { code };
}

const noop = (): void => undefined;
const quietBundlerLogger = { trace: noop, debug: noop, info: noop, warn: noop, error: noop, log: noop };

export interface CreateWorkerOptions {
  connection: NativeConnection;
  namespace: string;
  taskQueue: string;
  activities: TwinActivities;
  /** More activities for the main queue (e.g. webhook deliveries). */
  extraActivities?: Record<string, (...args: never[]) => Promise<unknown>>;
  /** Payload codecs and converter paths (e.g. worker/codec.ts `encryptedDataConverter`); the same on every client. */
  dataConverter?: DataConverter;
  /** Pseudonymiser runs at once in this process (the pool's threads); ≥ 1. */
  maxConcurrent: number;
  /** How long shutdown waits for running activities before cancelling them (default 30 s). */
  shutdownGraceMs?: number;
  /** The bundle (default: {@link loadWorkflowBundle}). */
  workflowBundle?: WorkflowBundle;
  identity?: string;
}

/** The two Temporal workers of one process, run and shut down together. */
export interface TwinWorker {
  run(): Promise<void>;
  /** Stops polling, waits the grace time for running activities, then resolves when `run` has ended. */
  shutdown(): Promise<void>;
  /** Runs until `promise` settles, then shuts down (tests). */
  runUntil<T>(promise: Promise<T>): Promise<T>;
}

export async function createWorker(options: CreateWorkerOptions): Promise<TwinWorker> {
  const bundle =
    options.workflowBundle ??
    (await loadWorkflowBundle({
      failureConverterPath: options.dataConverter?.failureConverterPath,
      payloadConverterPath: options.dataConverter?.payloadConverterPath,
    }));
  const grace = options.shutdownGraceMs ?? 30_000;
  const { runTwin, ...bookkeeping } = options.activities;
  const common = {
    connection: options.connection,
    namespace: options.namespace,
    shutdownGraceTime: grace,
    shutdownForceTime: grace + 10_000,
    ...(options.identity ? { identity: options.identity } : {}),
    ...(options.dataConverter ? { dataConverter: options.dataConverter } : {}),
  };
  const main = await Worker.create({
    ...common,
    taskQueue: options.taskQueue,
    workflowBundle: bundle,
    activities: { ...options.extraActivities, ...bookkeeping },
    maxConcurrentActivityTaskExecutions: 32,
  });
  const runs = await Worker.create({
    ...common,
    taskQueue: runsTaskQueue(options.taskQueue),
    activities: { runTwin },
    maxConcurrentActivityTaskExecutions: Math.max(1, options.maxConcurrent),
  });
  let running: Promise<void> | null = null;
  const run = (): Promise<void> => {
    running ??= Promise.all([main.run(), runs.run()]).then(() => undefined);
    return running;
  };
  return {
    run,
    async shutdown() {
      for (const w of [main, runs]) if (w.getState() === 'RUNNING') w.shutdown();
      await running;
    },
    async runUntil(promise) {
      const done = run();
      try {
        return await promise;
      } finally {
        for (const w of [main, runs]) if (w.getState() === 'RUNNING') w.shutdown();
        await done;
      }
    },
  };
}

export interface StartTwinOptions {
  taskQueue: string;
  contentRetentionMs: number;
  runLeaseMs: number;
  /** Set the custom search attributes (only when the cluster has them registered). */
  searchAttributes: boolean;
  /** Start webhook deliveries when the twin ends (TwinWorkflowInput.dispatchEvents). */
  dispatchEvents?: boolean;
}

/**
 * Starts the twin's workflow (workflow id = twin id). Idempotent: a second
 * start of the same twin, while its workflow runs or after it closed, is a
 * no-op. Carries ids and the mode only.
 */
export async function startTwin(
  client: Client,
  twin: Pick<TwinRow, 'id' | 'orgId' | 'livemode'> & Partial<Pick<TwinRow, 'endUser'>>,
  options: StartTwinOptions,
): Promise<void> {
  const mode = twin.livemode ? 'live' : 'test';
  const memo: TwinMemo = { twinId: twin.id, orgId: twin.orgId, mode };
  const input: TwinWorkflowInput = {
    twinId: twin.id,
    contentRetentionMs: options.contentRetentionMs,
    runLeaseMs: options.runLeaseMs,
    ...(options.dispatchEvents ? { dispatchEvents: true } : {}),
  };
  try {
    await client.workflow.start<typeof twinWorkflow>(TWIN_WORKFLOW_TYPE, {
      workflowId: twin.id,
      taskQueue: options.taskQueue,
      args: [input],
      memo: memo as unknown as Record<string, unknown>,
      typedSearchAttributes: options.searchAttributes
        ? [
            { key: SEARCH_ATTRIBUTES.orgId, value: twin.orgId },
            { key: SEARCH_ATTRIBUTES.mode, value: mode },
            { key: SEARCH_ATTRIBUTES.status, value: 'queued' },
            ...(twin.endUser ? [{ key: SEARCH_ATTRIBUTES.endUser, value: twin.endUser }] : []),
          ]
        : undefined,
      staticSummary: `twin ${twin.id} (${mode})`,
      workflowIdConflictPolicy: 'USE_EXISTING',
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
    });
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return;
    throw err;
  }
}

/**
 * Makes sure the namespace knows the twin search attributes: registers the
 * missing ones where the cluster allows it. Returns whether all are there
 * (else the starter leaves them out and the memo alone describes a twin).
 */
export async function ensureSearchAttributes(connection: Connection, namespace: string): Promise<boolean> {
  const wanted = Object.values(SEARCH_ATTRIBUTES).map((k) => k.name);
  try {
    const listed = await connection.operatorService.listSearchAttributes({ namespace });
    const have = new Set(Object.keys(listed.customAttributes ?? {}));
    const missing = wanted.filter((name) => !have.has(name));
    if (missing.length === 0) return true;
    await connection.operatorService.addSearchAttributes({
      namespace,
      searchAttributes: Object.fromEntries(missing.map((name) => [name, 2 /* INDEXED_VALUE_TYPE_KEYWORD */])),
    });
    return true;
  } catch {
    return false;
  }
}

export { NativeConnection };
