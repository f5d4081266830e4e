/**
 * Runs in a worker thread of the pseudonymiser pool (activities/pool.ts):
 * twins one trace and hands the bytes back without copying them. Errors come
 * back as a classified result, never as the thrown error, so that no message
 * that might quote trace content crosses the thread boundary.
 */
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { twin, UnsupportedContentError, type Format } from '../pseudonymiser';

export interface TwinTask {
  input: Uint8Array;
  key: string | null;
  confidential: string[];
  format: Format;
}

export type TwinTaskResult =
  | { ok: true; output: Uint8Array; replacements: Record<string, number>; entities: Record<string, number> }
  | { ok: false; unsupported: true; message: string }
  | { ok: false; unsupported: false; errorName: string };

function counts(record: Partial<Record<string, number>>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [kind, n] of Object.entries(record)) if (typeof n === 'number') out[kind] = n;
  return out;
}

export function twinTask(task: TwinTask): unknown {
  let result: TwinTaskResult;
  try {
    const { output, report } = twin(task.input, {
      key: task.key,
      confidential: task.confidential,
      format: task.format,
    });
    result = { ok: true, output, replacements: counts(report.replacements), entities: counts(report.entities) };
  } catch (err) {
    if (err instanceof UnsupportedContentError) {
      // The pseudonymiser's own messages name the problem, never the content.
      result = { ok: false, unsupported: true, message: err.message };
    } else {
      result = { ok: false, unsupported: false, errorName: err instanceof Error ? err.name : typeof err };
    }
  }
  if (!result.ok) return result;
  const output = result.output;
  const whole = output.byteOffset === 0 && output.byteLength === output.buffer.byteLength;
  const transferable = whole ? output : new Uint8Array(output); // a view into a shared pool: copy once
  const value = { ...result, output: transferable };
  return move({
    get [transferableSymbol]() {
      return [transferable.buffer];
    },
    get [valueSymbol]() {
      return value;
    },
  });
}
