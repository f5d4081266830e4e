/**
 * `tracetwin worker [STORE] [--workers N] [TEMPORAL] [KNOBS]`
 *
 * A Temporal worker without HTTP, joining a deployment whose database is
 * shared: it needs `--database-url` (an embedded PGlite database belongs to
 * the one serve process that opened it). The Temporal address comes from
 * `--temporal-address`, else from the server.json of a serve running on the
 * same `--data-dir`. Every process of a deployment shares `--master-key`
 * (payload encryption).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { openDatabase } from '../../db/client';
import { createBlobStore } from '../../storage';
import { startSweeper } from '../../storage/sweep';
import { temporalConnectionOptions } from '../../worker/connection';
import { dataConverterFor, installTemporalRuntime, startWorkerSide } from '../../worker/process';
import {
  addKnobOptions,
  addStoreOptions,
  addTemporalOptions,
  addWorkersOption,
  loadOrCreateMasterKey,
  readServerInfo,
  resolveConfig,
  type Config,
} from '../config';
import { listenForShutdown } from '../signals';
import { createLogger } from './serve';

const SHUTDOWN_GRACE_MS = 20_000;

export function registerWorker(program: Command): void {
  const cmd = program
    .command('worker')
    .description('run a Temporal worker for twin runs (no HTTP); needs a shared --database-url');
  addStoreOptions(cmd);
  addWorkersOption(cmd);
  addTemporalOptions(cmd);
  addKnobOptions(cmd);
  cmd.action(async (_opts: unknown, command: Command) => {
    await runWorker(resolveConfig(command));
    // Everything is closed; native and thread-pool handles would only delay the exit by seconds.
    process.exit(0);
  });
}

export async function runWorker(config: Config): Promise<void> {
  if (!config.databaseUrl) {
    throw new Error(
      'a worker needs a shared database: give --database-url postgres://… (or TRACETWIN_DATABASE_URL). ' +
        'The embedded PGlite database of `tracetwin serve` belongs to that one process; serve runs its own worker.',
    );
  }
  if (config.workers < 1) throw new Error('--workers must be at least 1 for a worker process');
  // listened for before anything starts (cli/signals.ts)
  const shutdown = listenForShutdown('tracetwin worker', `draining (running twins get ${SHUTDOWN_GRACE_MS / 1000} s)`);
  let address = config.temporal.address;
  let namespace = config.temporal.namespace;
  let taskQueue = config.temporal.taskQueue;
  if (!address) {
    const info = readServerInfo(config.dataDir);
    if (!info) {
      throw new Error(
        `no Temporal address: give --temporal-address HOST:PORT, or the --data-dir of a running tracetwin serve (none in ${config.dataDir})`,
      );
    }
    address = info.temporalAddress;
    namespace = info.temporalNamespace;
    taskQueue = info.taskQueue;
  }
  const effective: Config = { ...config, temporal: { ...config.temporal, address, namespace, taskQueue } };

  const logger = createLogger(effective);
  installTemporalRuntime(logger);
  // A worker never makes up a key: payloads must decode with the one serve uses.
  if (!effective.masterKey && !fs.existsSync(path.join(effective.dataDir, 'master.key'))) {
    throw new Error(
      `no master key: give --master-key (TRACETWIN_MASTER_KEY), the same as the serve processes use, or the --data-dir of a serve`,
    );
  }
  const masterKey = loadOrCreateMasterKey(effective);
  const dataConverter = dataConverterFor(masterKey, effective.previousMasterKeys);
  const db = await openDatabase({
    databaseUrl: effective.databaseUrl,
    dataDir: effective.dataDir,
    timeouts: effective.dbTimeouts,
  });
  try {
    const blobs = createBlobStore({ storageUrl: effective.storageUrl, dataDir: effective.dataDir });
    // a worker writes content to the store: what a crash left of it is removed now, and every --sweep-every
    const sweeper = await startSweeper(
      [{ name: 'partial uploads', run: () => blobs.sweep(effective.partialMaxAgeMs) }],
      effective.sweepEveryMs,
      logger,
    );
    const worker = await startWorkerSide({
      config: effective,
      db: db.db,
      blobs,
      logger,
      dataConverter,
      connectionOptions: temporalConnectionOptions(effective),
      masterKey,
      workers: effective.workers,
      shutdownGraceMs: SHUTDOWN_GRACE_MS,
    });
    process.stderr.write(
      `tracetwin worker: ${effective.workers} run(s) at once, Temporal ${address} (${namespace}, queue ${taskQueue})\n`,
    );
    const failed = worker.done.then(
      () => {
        if (!shutdown.stopping()) throw new Error('the Temporal worker stopped');
      },
      (err: unknown) => {
        if (!shutdown.stopping())
          throw new Error(`the Temporal worker failed (${err instanceof Error ? err.name : 'error'})`);
      },
    );
    try {
      await Promise.race([shutdown.signalled, failed]);
    } finally {
      sweeper.stop();
      await worker.shutdown();
    }
  } finally {
    await db.close();
  }
}
