/**
 * The queries of the run path (the twin workflow's activities). Every state
 * change is conditional on the state it leaves, so an activity retried after
 * a crash changes nothing twice: a twin ends once, its credit is given back
 * once, its event is recorded once.
 *
 * End states are recorded in one transaction with the twin's event row
 * (`svc.twin.completed` / `svc.twin.failed`, data = the twin object as it
 * ended), so that webhook delivery can be added without touching this path.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { twinObject } from '../api/objects';
import type { Database } from './client';
import { newId } from './ids';
import { events, organizations, twins, type TwinErrorJson, type TwinRow, type TwinStatus } from './schema';

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

const PENDING: TwinStatus[] = ['queued', 'running'];

/** Blob key of a twin's content. Deterministic, so that a retried run overwrites rather than leaks. */
export function contentKeyFor(twinId: string): string {
  return `content/${twinId}`;
}

/** What the pseudonymiser run needs; read from the row, never carried through Temporal. */
export interface RunInput {
  id: string;
  filename: string;
  uploadKey: string | null;
  twinningKey: string | null;
  confidential: string[];
}

export async function getTwinById(db: Database, twinId: string): Promise<TwinRow | undefined> {
  const [row] = await db.select().from(twins).where(eq(twins.id, twinId));
  return row;
}

/**
 * Moves a `queued` twin to `running` (a `running` one stays as it is: a
 * retried attempt). Returns the status the twin has afterwards, or null when
 * there is no such twin.
 */
export async function markRunning(db: Database, twinId: string): Promise<TwinStatus | null> {
  const [updated] = await db
    .update(twins)
    .set({ status: 'running' })
    .where(and(eq(twins.id, twinId), eq(twins.status, 'queued')))
    .returning({ status: twins.status });
  if (updated) return updated.status;
  const row = await getTwinById(db, twinId);
  return row ? row.status : null;
}

/** The run's inputs, or null when the twin is gone. */
export async function loadRunInput(db: Database, twinId: string): Promise<RunInput | null> {
  const [row] = await db
    .select({
      id: twins.id,
      filename: twins.filename,
      uploadKey: twins.uploadKey,
      twinningKey: twins.twinningKey,
      confidential: twins.confidential,
    })
    .from(twins)
    .where(eq(twins.id, twinId));
  if (!row) return null;
  return { ...row, confidential: row.confidential ?? [] };
}

export interface CompleteInput {
  contentKey: string;
  contentBytes: number;
  /** Replacements per kind (no values). */
  counts: Record<string, number>;
}

/** The twin as it stands after {@link completeTwin} or {@link failTwin}. */
export interface EndResult {
  /** False when the twin had already ended (a retried call): nothing was changed. */
  changed: boolean;
  status: TwinStatus | null;
  eventId: string | null;
}

/**
 * Ends a pending twin as `completed`, in one transaction: status, completed
 * timestamp, content key and size, counts; the reserved credit is kept; the
 * twinning key and confidential list are erased; the `svc.twin.completed`
 * event is recorded.
 */
export async function completeTwin(db: Database, twinId: string, input: CompleteInput): Promise<EndResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(twins)
      .set({
        status: 'completed',
        completed: nowSeconds(),
        error: null,
        contentKey: input.contentKey,
        contentBytes: input.contentBytes,
        counts: input.counts,
        twinningKey: null,
        confidential: null,
      })
      .where(and(eq(twins.id, twinId), inArray(twins.status, PENDING)))
      .returning();
    if (!row) {
      const [current] = await tx.select({ status: twins.status }).from(twins).where(eq(twins.id, twinId));
      return { changed: false, status: current?.status ?? null, eventId: null };
    }
    const eventId = await recordEvent(tx as unknown as Database, row, 'svc.twin.completed');
    return { changed: true, status: row.status, eventId };
  });
}

/**
 * Ends a pending twin as `failed`, in one transaction: status, completed
 * timestamp, error object; a reserved credit is given back (once: `charged`
 * is cleared); the twinning key and confidential list are erased; the
 * `svc.twin.failed` event is recorded.
 */
export async function failTwin(db: Database, twinId: string, error: TwinErrorJson): Promise<EndResult> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ charged: twins.charged, orgId: twins.orgId })
      .from(twins)
      .where(and(eq(twins.id, twinId), inArray(twins.status, PENDING)))
      .for('update');
    if (!before) {
      const [current] = await tx.select({ status: twins.status }).from(twins).where(eq(twins.id, twinId));
      return { changed: false, status: current?.status ?? null, eventId: null };
    }
    const [row] = await tx
      .update(twins)
      .set({
        status: 'failed',
        completed: nowSeconds(),
        error: { type: error.type, code: error.code, message: error.message, retryable: error.retryable },
        charged: false,
        twinningKey: null,
        confidential: null,
      })
      .where(eq(twins.id, twinId))
      .returning();
    if (!row) throw new Error('twin vanished inside its transaction');
    if (before.charged) {
      await tx
        .update(organizations)
        .set({ balance: sql`${organizations.balance} + 1` })
        .where(eq(organizations.id, before.orgId));
    }
    const eventId = await recordEvent(tx as unknown as Database, row, 'svc.twin.failed');
    return { changed: true, status: row.status, eventId };
  });
}

async function recordEvent(
  tx: Database,
  row: TwinRow,
  type: 'svc.twin.completed' | 'svc.twin.failed',
): Promise<string> {
  const id = newId('evt');
  await tx.insert(events).values({
    id,
    orgId: row.orgId,
    livemode: row.livemode,
    type,
    created: row.completed ?? nowSeconds(),
    twinId: row.id,
    data: twinObject(row) as unknown as Record<string, unknown>,
  });
  return id;
}

/**
 * Forgets what a run needed once it has ended: the upload key (the caller
 * deletes the blob first) and, again, the twinning key and confidential list.
 * Only on an ended twin. Returns false when the twin is still pending.
 */
export async function eraseRunInputs(db: Database, twinId: string): Promise<boolean> {
  const [row] = await db
    .update(twins)
    .set({ uploadKey: null, twinningKey: null, confidential: null })
    .where(and(eq(twins.id, twinId), inArray(twins.status, ['completed', 'failed'])))
    .returning({ id: twins.id });
  return row !== undefined;
}

/**
 * Marks a completed twin's content as expired (the API answers 410 from now
 * on). Returns the content key the caller deletes next (null once it is
 * forgotten), or null when the twin is not completed or does not exist.
 */
export async function expireContent(db: Database, twinId: string): Promise<{ contentKey: string | null } | null> {
  const [row] = await db
    .update(twins)
    .set({ contentExpired: true })
    .where(and(eq(twins.id, twinId), eq(twins.status, 'completed')))
    .returning({ contentKey: twins.contentKey });
  return row ? { contentKey: row.contentKey } : null;
}

/** Drops the content key once its blob is deleted. */
export async function forgetContentKey(db: Database, twinId: string): Promise<void> {
  await db
    .update(twins)
    .set({ contentKey: null })
    .where(and(eq(twins.id, twinId), eq(twins.contentExpired, true)));
}
