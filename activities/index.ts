/**
 * The twin workflow's activities, built by `createActivities(deps)` over the
 * database, the blob store and the pseudonymiser's worker-thread pool.
 *
 * What they take and return is ids, counts and statuses. The trace, its twin,
 * the twinning key and the confidential list are read from and written to the
 * database and the blob store here, never handed to Temporal. Every error
 * leaves as an ApplicationFailure whose message names only the stage and the
 * error's class: driver errors can quote SQL parameters and parser errors
 * quote input, and failure messages end up in the Temporal history.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Context } from '@temporalio/activity';
import type { Client } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import type { Database } from '../db/client';
import {
  completeTwin,
  contentKeyFor,
  eraseRunInputs,
  expireContent,
  failTwin,
  forgetContentKey,
  getTwinById,
  loadRunInput,
  markRunning,
} from '../db/runs';
import { formatOf } from '../pseudonymiser';
import { BlobNotFoundError, type BlobStore } from '../storage';
import {
  FAILURE_TYPES,
  RETENTION_WORKFLOW_TYPE,
  retentionWorkflowId,
  type CompleteTwinInput,
  type EndTwinResult,
  type ExpireContentResult,
  type FailTwinInput,
  type RunStatus,
  type RunTwinResult,
  type ScheduleExpiryInput,
  type TwinActivities,
  type TwinRef,
} from '../workflows/types';
import type { TwinPool } from './pool';
import { makeRunFolder, removeRunFolder } from './scratch';
import { describeError } from '../db/errors';

/** The part of a pino logger the activities use. Only ids, stages and error classes are logged. */
export interface ActivityLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface ActivityDeps {
  db: Database;
  blobs: BlobStore;
  pool: TwinPool;
  logger?: ActivityLogger;
  /** Heartbeat period while the pseudonymiser runs (default: a third of the heartbeat timeout, at most 5 s). */
  heartbeatEveryMs?: number;
  /**
   * Where a run keeps its files while it runs (the twin, and the upload when the blob store is remote): a
   * private folder per run inside it (activities/scratch.ts), removed when the run's activity ends. Default: the
   * system's temp folder.
   */
  scratchDir?: string;
  /**
   * Starts a twin's content-retention workflow; default: this activity's Temporal client, on this activity's
   * task queue ({@link startRetentionWorkflow}).
   */
  startRetention?: (input: ScheduleExpiryInput) => Promise<void>;
}

function internal(stage: string, err: unknown): ApplicationFailure {
  return ApplicationFailure.create({
    type: FAILURE_TYPES.internal,
    message: `${stage} failed (${describeError(err)})`,
    nonRetryable: false,
  });
}

/**
 * A pool thread that ran out of its heap (`resourceLimits`) on this trace would run out of it again on every
 * attempt: the trace needs more than a run may hold. Deterministic, so not retried, and told to the client as
 * unsupported content rather than an internal error worth repeating.
 */
export function isThreadOutOfMemory(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
}

function missing(what: string): ApplicationFailure {
  return ApplicationFailure.create({ type: FAILURE_TYPES.runInputMissing, message: what, nonRetryable: true });
}

function currentContext(): Context | null {
  try {
    return Context.current();
  } catch {
    return null; // called outside an activity (direct calls in tests)
  }
}

export function createActivities(deps: ActivityDeps): TwinActivities {
  const { db, blobs, pool, logger } = deps;

  /** The upload as a file on this machine: the blob store's own file, or a copy in `scratch`. */
  async function uploadFile(key: string, scratch: string): Promise<string> {
    try {
      if (blobs.localFile) return await blobs.localFile(key);
      const copy = path.join(scratch, 'upload');
      await pipeline(await blobs.get(key), fs.createWriteStream(copy, { flags: 'wx', mode: 0o600 }));
      return copy;
    } catch (err) {
      if (err instanceof BlobNotFoundError) throw missing('the upload is gone');
      throw err;
    }
  }

  /** Runs `fn`, turning any error that is not already a classified failure into a content-free one. */
  async function guard<T>(stage: string, twinId: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof ApplicationFailure) throw err;
      const attempt = currentContext()?.info.attempt;
      logger?.warn({ twin_id: twinId, stage, attempt, error: describeError(err) }, 'run stage failed');
      throw internal(stage, err);
    }
  }

  return {
    async markRunning({ twinId }: TwinRef): Promise<RunStatus> {
      return guard('markRunning', twinId, async () => (await markRunning(db, twinId)) ?? 'missing');
    },

    async runTwin({ twinId }: TwinRef): Promise<RunTwinResult> {
      const ctx = currentContext();
      const heartbeatTimeout = ctx?.info.heartbeatTimeoutMs ?? 0;
      const every = deps.heartbeatEveryMs ?? Math.min(5000, Math.max(200, Math.floor((heartbeatTimeout || 15000) / 3)));
      // Heartbeats flow from this thread while the pool thread works; the worker throttles what reaches the server.
      const beat = ctx ? setInterval(() => ctx.heartbeat(), every) : null;
      ctx?.heartbeat();
      try {
        return await guard('runTwin', twinId, async () => {
          const run = await loadRunInput(db, twinId);
          if (!run) throw missing('the twin is gone');
          if (!run.uploadKey || !run.twinningKey) throw missing('the run inputs were already erased');
          // the trace and its twin go through files, never whole in memory: the pool thread reads the upload
          // from disk on each pass and writes the twin piece by piece
          const scratch = await makeRunFolder(deps.scratchDir ?? os.tmpdir());
          try {
            const inputFile = await uploadFile(run.uploadKey, scratch);
            const bytesIn = (await fsp.stat(inputFile)).size;
            const outputFile = path.join(scratch, 'twin');
            const started = Date.now();
            const result = await pool
              .run(
                {
                  inputFile,
                  outputFile,
                  key: run.twinningKey,
                  confidential: run.confidential,
                  format: formatOf(run.filename),
                },
                ctx?.cancellationSignal,
              )
              .catch((err: unknown) => {
                if (!isThreadOutOfMemory(err)) throw err;
                logger?.warn({ twin_id: twinId, bytes_in: bytesIn }, 'the run ran out of memory');
                throw ApplicationFailure.create({
                  type: FAILURE_TYPES.unsupportedContent,
                  message: 'twinning it needs more memory than one run may use',
                  nonRetryable: true,
                });
              });
            if (!result.ok) {
              if (result.unsupported) {
                throw ApplicationFailure.create({
                  type: FAILURE_TYPES.unsupportedContent,
                  message: result.message,
                  nonRetryable: true,
                });
              }
              if (result.deterministic) {
                // the same trace would stop the engine again: not retried, and the twin says so
                logger?.warn({ twin_id: twinId, error: result.errorName }, 'the pseudonymiser failed on this trace');
                throw ApplicationFailure.create({
                  type: FAILURE_TYPES.internal,
                  message: `pseudonymiser failed (${result.errorName})`,
                  nonRetryable: true,
                });
              }
              throw internal('pseudonymiser', { name: result.errorName });
            }
            const put = await blobs.put(contentKeyFor(twinId), fs.createReadStream(outputFile));
            if (put.bytes !== result.bytesOut) throw internal('store content', { name: 'ShortWrite' });
            logger?.info(
              { twin_id: twinId, bytes_in: bytesIn, bytes_out: put.bytes, ms: Date.now() - started },
              'twinned',
            );
            return { contentBytes: put.bytes, counts: result.replacements };
          } finally {
            await removeRunFolder(scratch);
          }
        });
      } finally {
        if (beat) clearInterval(beat);
      }
    },

    async completeTwin({ twinId, contentBytes, counts }: CompleteTwinInput): Promise<EndTwinResult> {
      return guard('completeTwin', twinId, async () => {
        const end = await completeTwin(db, twinId, { contentKey: contentKeyFor(twinId), contentBytes, counts });
        if (end.status === null) throw missing('the twin is gone');
        if (end.changed) logger?.info({ twin_id: twinId, event_id: end.eventId }, 'twin completed');
        return { changed: end.changed, status: end.status };
      });
    },

    async failTwin({ twinId, error }: FailTwinInput): Promise<EndTwinResult> {
      return guard('failTwin', twinId, async () => {
        const end = await failTwin(db, twinId, error);
        if (end.status === null) throw missing('the twin is gone');
        if (end.changed) logger?.info({ twin_id: twinId, event_id: end.eventId, code: error.code }, 'twin failed');
        return { changed: end.changed, status: end.status };
      });
    },

    async cleanupTwin({ twinId }: TwinRef): Promise<void> {
      return guard('cleanupTwin', twinId, async () => {
        const row = await getTwinById(db, twinId);
        if (!row) return;
        if (row.status !== 'completed' && row.status !== 'failed') throw missing('the twin has not ended');
        if (row.uploadKey) await blobs.delete(row.uploadKey);
        // A run that stored its content but did not complete leaves no content behind.
        if (row.status === 'failed') await blobs.delete(contentKeyFor(twinId));
        await eraseRunInputs(db, twinId);
      });
    },

    async scheduleContentExpiry(input: ScheduleExpiryInput): Promise<void> {
      return guard('scheduleContentExpiry', input.twinId, async () => {
        if (deps.startRetention) return deps.startRetention(input);
        const ctx = Context.current();
        await startRetentionWorkflow(ctx.client, ctx.info.taskQueue, input);
      });
    },

    async expireContent({ twinId }: TwinRef): Promise<ExpireContentResult> {
      return guard('expireContent', twinId, async () => {
        const marked = await expireContent(db, twinId);
        if (marked === null) return { expired: false };
        if (marked.contentKey !== null) {
          await blobs.delete(marked.contentKey);
          await forgetContentKey(db, twinId);
        }
        logger?.info({ twin_id: twinId }, 'content expired');
        return { expired: true };
      });
    },
  };
}

/**
 * Starts the twin's content-retention workflow with a start delay of
 * `delayMs`; a second start (a retried activity) finds it and does nothing.
 */
export async function startRetentionWorkflow(
  client: Client,
  taskQueue: string,
  { twinId, delayMs }: ScheduleExpiryInput,
): Promise<void> {
  try {
    await client.workflow.start(RETENTION_WORKFLOW_TYPE, {
      workflowId: retentionWorkflowId(twinId),
      taskQueue,
      args: [{ twinId }],
      ...(delayMs > 0 ? { startDelay: delayMs } : {}),
      memo: { twinId },
      staticSummary: `content retention of ${twinId}`,
      workflowIdConflictPolicy: 'USE_EXISTING',
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
    });
  } catch (err) {
    if (err instanceof Error && err.name === 'WorkflowExecutionAlreadyStartedError') return;
    throw err;
  }
}
