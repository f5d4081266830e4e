/**
 * The Temporal side of a tracetwin process, shared by `serve` and `worker`:
 * the runtime (no signal handlers of its own: the command owns shutdown),
 * the data converter keyed by the master key, the client and the worker with
 * its pseudonymiser thread pool.
 */
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import type { DataConverter } from '@temporalio/common';
import { DefaultLogger, NativeConnection, Runtime, type LogLevel } from '@temporalio/worker';
import type { Logger } from 'pino';
import { createActivities } from '../activities';
import { createDeliveryActivities } from '../activities/delivery';
import { SecretBox } from '../webhooks/secrets';
import { createTwinPool, type TwinPool } from '../activities/pool';
import { removeStaleRunFolders } from '../activities/scratch';
import { startSweeper, type Sweeper } from '../storage/sweep';
import type { Config } from '../cli/config';
import type { Database } from '../db/client';
import type { TwinRow } from '../db/schema';
import type { BlobStore } from '../storage';
import { EncryptionCodec, encryptedDataConverter } from './codec';
import { temporalConnectionOptions, type TemporalConnectionOptions } from './connection';
import { createWorker, ensureSearchAttributes, startTwin, type TwinWorker } from './index';

let runtimeInstalled = false;

/** Installs the Temporal runtime once: its logs go to pino at warn and above; no signal handlers. */
export function installTemporalRuntime(logger: Logger): void {
  if (runtimeInstalled) return;
  runtimeInstalled = true;
  const levels: Record<LogLevel, 'trace' | 'debug' | 'info' | 'warn' | 'error'> = {
    TRACE: 'trace',
    DEBUG: 'debug',
    INFO: 'info',
    WARN: 'warn',
    ERROR: 'error',
  };
  const log = logger.child({ component: 'temporal' });
  Runtime.install({
    shutdownSignals: [],
    logger: new DefaultLogger('WARN', (entry) => {
      // Only the message and the SDK's own ids: attributes can carry payload-derived failure text.
      const meta = entry.meta ?? {};
      const pick: Record<string, unknown> = {};
      for (const k of ['taskQueue', 'workflowId', 'workflowType', 'activityType', 'activityId', 'attempt', 'namespace'])
        if (k in meta) pick[k] = meta[k];
      const error = meta.error ?? meta.failure;
      if (error instanceof Error) pick.error = error.name;
      // The runs queue has activities only: that is by design, not worth a warning.
      const level = entry.message.startsWith('No workflows registered') ? 'debug' : levels[entry.level];
      log[level](pick, entry.message);
    }),
  });
}

export function dataConverterFor(masterKey: string, previous: readonly string[]): DataConverter {
  return encryptedDataConverter(EncryptionCodec.fromMasterKeys(masterKey, previous));
}

export interface TemporalSide {
  client: Client;
  connectionOptions: TemporalConnectionOptions;
  /** Whether the twin search attributes are registered (else the memo alone describes a twin). */
  searchAttributes: boolean;
  startTwin(twin: Pick<TwinRow, 'id' | 'orgId' | 'livemode'> & Partial<Pick<TwinRow, 'endUser'>>): Promise<void>;
  /** Resolves when the frontend answers. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export async function connectTemporal(
  config: Config,
  dataConverter: DataConverter,
  options: { address?: string; searchAttributesRegistered?: boolean } = {},
): Promise<TemporalSide> {
  const connectionOptions = temporalConnectionOptions(config, options.address);
  const connection = await Connection.connect(connectionOptions);
  const namespace = config.temporal.namespace;
  const client = new Client({ connection, namespace, dataConverter });
  const searchAttributes = options.searchAttributesRegistered ?? (await ensureSearchAttributes(connection, namespace));
  return {
    client,
    connectionOptions,
    searchAttributes,
    startTwin: (twin) =>
      startTwin(client, twin, {
        taskQueue: config.temporal.taskQueue,
        contentRetentionMs: config.contentRetentionMs,
        runLeaseMs: config.runLeaseMs,
        searchAttributes,
        dispatchEvents: true,
      }),
    ready: async () => {
      await connection.workflowService.getSystemInfo({});
    },
    close: () => connection.close(),
  };
}

export interface WorkerSide {
  /** Settles when the worker stops (after shutdown, or on a fatal error). */
  done: Promise<void>;
  shutdown(): Promise<void>;
}

export interface StartWorkerSideOptions {
  config: Config;
  db: Database;
  blobs: BlobStore;
  logger: Logger;
  dataConverter: DataConverter;
  connectionOptions: TemporalConnectionOptions;
  /** Pool threads = concurrent runs (≥ 1). */
  workers: number;
  /** How long shutdown lets running activities finish (default 30 s). */
  shutdownGraceMs?: number;
  /** The server's master key (hex): opens webhook endpoint secrets for deliveries. */
  masterKey: string;
}

export async function startWorkerSide(options: StartWorkerSideOptions): Promise<WorkerSide> {
  const { config, logger } = options;
  const connection = await NativeConnection.connect(options.connectionOptions);
  let pool: TwinPool | null = null;
  let sweeper: Sweeper | null = null;
  try {
    pool = createTwinPool({ threads: options.workers });
    // runs keep their files in the data folder; what a crashed process left there holds trace content
    const scratchDir = path.join(config.dataDir, 'runs');
    // now, and every --sweep-every: a run folder no run of a live process holds
    sweeper = await startSweeper(
      [{ name: 'run folders', run: async () => removeStaleRunFolders(scratchDir) }],
      config.sweepEveryMs,
      logger,
    );
    const activities = createActivities({
      db: options.db,
      blobs: options.blobs,
      pool,
      scratchDir,
      logger: logger.child({ component: 'activities' }),
    });
    const worker: TwinWorker = await createWorker({
      connection,
      namespace: config.temporal.namespace,
      taskQueue: config.temporal.taskQueue,
      activities,
      extraActivities: {
        ...createDeliveryActivities({
          db: options.db,
          secrets: new SecretBox(Buffer.from(options.masterKey, 'hex')),
          webhook: {
            scheduleMs: config.webhookScheduleMs,
            timeoutMs: config.webhookTimeoutMs,
            allowLoopback: config.webhookAllowLoopback,
            caFile: config.webhookCaFile,
          },
          logger: logger.child({ component: 'deliveries' }),
        }),
      },
      maxConcurrent: options.workers,
      dataConverter: options.dataConverter,
      shutdownGraceMs: options.shutdownGraceMs,
      identity: `tracetwin-${process.pid}@${os.hostname()}`,
    });
    const done = worker.run();
    const thePool = pool;
    const theSweeper = sweeper;
    let closing: Promise<void> | null = null;
    return {
      done,
      shutdown() {
        closing ??= (async () => {
          await worker
            .shutdown()
            .catch((err: unknown) =>
              logger.error({ error: err instanceof Error ? err.name : String(err) }, 'worker shutdown failed'),
            );
          theSweeper.stop();
          await thePool.close();
          await connection.close();
        })();
        return closing;
      },
    };
  } catch (err) {
    sweeper?.stop();
    await pool?.close();
    await connection.close();
    throw err;
  }
}
