/**
 * The pseudonymiser's worker-thread pool. A 50 MiB trace keeps a core busy
 * for a second or more; on a worker thread the activity's main thread stays
 * free to heartbeat and to talk to Temporal while it runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Piscina } from 'piscina';
import type { TwinTask, TwinTaskResult } from './pool-worker';

export type { TwinTask, TwinTaskResult } from './pool-worker';

export interface TwinPool {
  /** Twins one trace file into another on a pool thread; `signal` aborts it (the thread is stopped). */
  run(task: TwinTask, signal?: AbortSignal): Promise<TwinTaskResult>;
  close(): Promise<void>;
}

export interface TwinPoolOptions {
  /** Most threads at once (the worker's concurrent runs). */
  threads: number;
  /**
   * The compiled worker module. Default: pool-worker.js beside this file
   * (dist/). Running from TypeScript sources (tests) needs a module that
   * loads pool-worker.ts.
   */
  filename?: string;
  /** Heap limit per thread in MiB (the thread reads the trace from disk and holds the engine's state, not the trace). */
  maxOldGenerationSizeMb?: number;
}

export function defaultPoolWorkerFile(): string {
  const js = path.join(__dirname, 'pool-worker.js');
  if (fs.existsSync(js)) return js;
  throw new Error(
    'activities/pool-worker.js not found: build with `npm run build`, or give the pool a filename that loads pool-worker.ts',
  );
}

export function createTwinPool(options: TwinPoolOptions): TwinPool {
  const threads = Math.max(1, options.threads);
  const pool = new Piscina<TwinTask, TwinTaskResult>({
    filename: options.filename ?? defaultPoolWorkerFile(),
    name: 'twinTask',
    minThreads: 0,
    maxThreads: threads,
    // A thread is costly to start (the pseudonymiser's tables) and cheap to keep for a while.
    idleTimeout: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: options.maxOldGenerationSizeMb ?? 2048 },
  });
  return {
    run(task, signal) {
      return pool.run(task, { signal });
    },
    async close() {
      await pool.destroy();
    },
  };
}
