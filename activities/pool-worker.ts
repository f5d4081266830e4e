/**
 * Runs in a worker thread of the pseudonymiser pool (activities/pool.ts):
 * twins one trace file into another. The trace is read from disk on each pass
 * and the twin written piece by piece, so that a thread never holds either
 * whole (the same engine path as `tracetwin twin`). Errors come back as a
 * classified result, never as the thrown error, so that no message that might
 * quote trace content crosses the thread boundary.
 */
import { closeSync, openSync } from 'node:fs';
import { twinSource, UnsupportedContentError, type Format } from '../pseudonymiser';
import { withFileSource, writeAll } from '../storage/trace-file';

export interface TwinTask {
  /** The trace: a regular file on this machine. */
  inputFile: string;
  /** Where to write the twin (created; must not exist). */
  outputFile: string;
  key: string | null;
  confidential: string[];
  format: Format;
}

export type TwinTaskResult =
  | { ok: true; bytesOut: number; replacements: Record<string, number>; entities: Record<string, number> }
  | { ok: false; unsupported: true; message: string }
  | {
      ok: false;
      unsupported: false;
      errorName: string;
      /**
       * The engine itself threw (not reading or writing a file): the same trace would make it throw again, so
       * the run is not retried (see {@link failedDeterministically}).
       */
      deterministic: boolean;
    };

/**
 * Whether an error thrown while twinning would come back on another attempt with the same trace: anything but
 * a system error (a `code` such as ENOSPC or EIO, from reading the upload or writing the twin) comes from the
 * engine's own code on these bytes.
 */
export function failedDeterministically(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return !(typeof code === 'string' && /^E[A-Z0-9_]+$/.test(code));
}

function counts(record: Partial<Record<string, number>>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [kind, n] of Object.entries(record)) if (typeof n === 'number') out[kind] = n;
  return out;
}

export function twinTask(task: TwinTask): TwinTaskResult {
  try {
    const out = openSync(task.outputFile, 'wx', 0o600);
    try {
      const report = withFileSource(task.inputFile, (source) =>
        twinSource(source, (bytes) => writeAll(out, bytes), {
          key: task.key,
          confidential: task.confidential,
          format: task.format,
        }),
      );
      return {
        ok: true,
        bytesOut: report.bytesOut,
        replacements: counts(report.replacements),
        entities: counts(report.entities),
      };
    } finally {
      closeSync(out);
    }
  } catch (err) {
    // The pseudonymiser's own messages name the problem, never the content.
    if (err instanceof UnsupportedContentError) return { ok: false, unsupported: true, message: err.message };
    return {
      ok: false,
      unsupported: false,
      errorName: err instanceof Error ? err.name : typeof err,
      deterministic: failedDeterministically(err),
    };
  }
}
