/**
 * What a crash leaves of a trace: a partial upload (the folder store's `.tmp/*.part`, an S3 multipart upload
 * never completed or aborted) or a run folder. Each is named for the process that writes it, so that a
 * process starting removes what a dead one left, and a periodic sweep (`--sweep-every`) removes what is left
 * later (a process that died beside this one, a failed clean-up) without touching what a live process is
 * still writing. What may belong to another host (a shared folder, a bucket) is removed once it is older
 * than `--partial-max-age`.
 */
import { randomBytes } from 'node:crypto';

/** This process's token: with the pid in a name it tells this process's files from a previous one's with the same pid. */
export const PROCESS_TOKEN = randomBytes(6).toString('hex');

/** Whether a process with this id runs on this machine. */
export function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Who wrote a file named `<pid>-<token>-…` and whether the sweep may remove it (its age aside). */
export function ownerGone(pid: number, token: string): 'mine' | 'gone' | 'alive' {
  if (token === PROCESS_TOKEN) return 'mine';
  // this pid with another token: a process before this one that had the same id (a restarted container)
  if (pid === process.pid || !processAlive(pid)) return 'gone';
  return 'alive';
}

export interface SweepStep {
  /** For logs: what it removes. */
  readonly name: string;
  /** Removes what is left over; resolves to how many things it removed. */
  run(): Promise<number>;
}

export interface SweepLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface Sweeper {
  /** Runs every step once more now (tests, shutdown). */
  sweepNow(): Promise<void>;
  stop(): void;
}

/**
 * Runs the steps once now (the promise resolves when they are done), then every `everyMs` (0: only now).
 * A step that fails is logged with its error's class and tried again next time.
 */
export async function startSweeper(
  steps: readonly SweepStep[],
  everyMs: number,
  logger?: SweepLogger,
): Promise<Sweeper> {
  let running: Promise<void> | null = null;
  const once = (): Promise<void> => {
    running ??= (async () => {
      for (const step of steps) {
        try {
          const removed = await step.run();
          if (removed > 0) logger?.info({ step: step.name, removed }, 'removed what a stopped write left');
        } catch (err) {
          logger?.warn({ step: step.name, error: err instanceof Error ? err.name : typeof err }, 'sweep step failed');
        }
      }
    })().finally(() => {
      running = null;
    });
    return running;
  };
  await once();
  const timer = everyMs > 0 ? setInterval(() => void once(), everyMs) : null;
  timer?.unref();
  return {
    sweepNow: once,
    stop: () => {
      if (timer) clearInterval(timer);
    },
  };
}
