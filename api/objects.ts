/** Public objects of the contract, built from database rows. */
import type { TwinRow } from '../db/schema';

export interface TwinObject {
  id: string;
  object: 'svc.twin';
  status: TwinRow['status'];
  created: number;
  completed: number | null;
  filename: string;
  error: { type: string; code: string; message: string; retryable: boolean } | null;
  livemode: boolean;
  end_user: string | null;
}

/** The twin object: exactly the contract's nine fields. */
export function twinObject(row: TwinRow): TwinObject {
  return {
    id: row.id,
    object: 'svc.twin',
    status: row.status,
    created: Number(row.created),
    completed: row.completed === null ? null : Number(row.completed),
    filename: row.filename,
    error: row.status === 'failed' && row.error ? { ...row.error } : null,
    livemode: row.livemode,
    end_user: row.endUser,
  };
}

/** The twin as the first request answered it (`queued`), for an idempotent replay. */
export function replayedTwinObject(row: TwinRow): TwinObject {
  return { ...twinObject(row), status: 'queued', completed: null, error: null };
}

/** Content-Type of a twin's content, by the uploaded file's extension. */
export function contentTypeFor(filename: string): string {
  const lower = filename.toLowerCase();
  if (lower.endsWith('.json')) return 'application/json';
  if (lower.endsWith('.jsonl') || lower.endsWith('.ndjson')) return 'application/x-ndjson';
  return 'text/plain; charset=utf-8';
}
