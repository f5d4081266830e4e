/**
 * The queries the HTTP API and the admin API need. Money and run limits are
 * decided inside one transaction that locks the organization row, so that
 * concurrent requests can neither overdraw the balance nor slip past a limit.
 */
import { and, count, desc, eq, gt, inArray, lt, lte, min, or, sql } from 'drizzle-orm';
import type { Database } from './client';
import { hashSecret, newApiSecret, newId } from './ids';
import {
  apiKeys,
  idempotencyKeys,
  organizations,
  twins,
  type ApiKey,
  type IdempotencyKeyRow,
  type KeyMode,
  type Organization,
  type TwinRow,
} from './schema';

export const DAY_SECONDS = 86_400;

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

// ---------------------------------------------------------------- organizations

export interface NewOrganization {
  name: string;
  balance?: number;
  maxConcurrent?: number;
  maxDailyLive?: number;
  maxDailyTest?: number;
}

export async function createOrganization(db: Database, input: NewOrganization): Promise<Organization> {
  const [row] = await db
    .insert(organizations)
    .values({
      id: newId('org'),
      name: input.name,
      balance: input.balance ?? 0,
      ...(input.maxConcurrent !== undefined ? { maxConcurrent: input.maxConcurrent } : {}),
      ...(input.maxDailyLive !== undefined ? { maxDailyLive: input.maxDailyLive } : {}),
      ...(input.maxDailyTest !== undefined ? { maxDailyTest: input.maxDailyTest } : {}),
    })
    .returning();
  if (!row) throw new Error('organization insert returned nothing');
  return row;
}

export async function getOrganization(db: Database, id: string): Promise<Organization | undefined> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
  return row;
}

export async function countOrganizations(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(organizations);
  return row?.n ?? 0;
}

/** Adds whole credits (may be negative, but the balance never goes below zero: the CHECK refuses it). */
export async function creditOrganization(db: Database, id: string, add: number): Promise<Organization | undefined> {
  const [row] = await db
    .update(organizations)
    .set({ balance: sql`${organizations.balance} + ${add}` })
    .where(eq(organizations.id, id))
    .returning();
  return row;
}

// ---------------------------------------------------------------- API keys

export async function createApiKey(
  db: Database,
  input: { orgId: string; mode: KeyMode; twinsScope?: boolean },
): Promise<{ key: ApiKey; secret: string }> {
  const secret = newApiSecret(input.mode);
  const [key] = await db
    .insert(apiKeys)
    .values({
      id: newId('key'),
      orgId: input.orgId,
      mode: input.mode,
      secretHash: hashSecret(secret),
      twinsScope: input.twinsScope ?? true,
    })
    .returning();
  if (!key) throw new Error('api key insert returned nothing');
  return { key, secret };
}

export async function revokeApiKey(db: Database, id: string): Promise<ApiKey | undefined> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
    .where(eq(apiKeys.id, id))
    .returning();
  return row;
}

/** The key whose secret hashes to `secretHash`, if any (revoked keys included; the caller checks). */
export async function findApiKeyByHash(db: Database, secretHash: string): Promise<ApiKey | undefined> {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.secretHash, secretHash));
  return row;
}

// ---------------------------------------------------------------- twins

/** Ids are `<prefix>_<base62>`; anything else names nothing (and never reaches the database). */
const ID_RE = /^[a-z]{1,8}_[A-Za-z0-9]{1,64}$/;

export async function getTwin(
  db: Database,
  orgId: string,
  livemode: boolean,
  id: string,
): Promise<TwinRow | undefined> {
  if (!ID_RE.test(id)) return undefined;
  const [row] = await db
    .select()
    .from(twins)
    .where(and(eq(twins.id, id), eq(twins.orgId, orgId), eq(twins.livemode, livemode)));
  return row;
}

export interface ListTwinsOptions {
  limit: number;
  startingAfter?: string;
  endUser?: string;
}

/** One page, newest first; 'missing' when `startingAfter` names no twin of this organization and mode. */
export async function listTwins(
  db: Database,
  orgId: string,
  livemode: boolean,
  options: ListTwinsOptions,
): Promise<{ rows: TwinRow[]; hasMore: boolean } | 'missing'> {
  // a twin whose create has not answered 202 (yet, or ever) is not listed
  const conditions = [eq(twins.orgId, orgId), eq(twins.livemode, livemode), eq(twins.answered, true)];
  if (options.endUser) conditions.push(eq(twins.endUser, options.endUser));
  if (options.startingAfter) {
    const cursor = await getTwin(db, orgId, livemode, options.startingAfter);
    if (!cursor) return 'missing';
    conditions.push(lt(twins.seq, cursor.seq));
  }
  const rows = await db
    .select()
    .from(twins)
    .where(and(...conditions))
    .orderBy(desc(twins.seq))
    .limit(options.limit + 1);
  return { rows: rows.slice(0, options.limit), hasMore: rows.length > options.limit };
}

export interface AcceptTwinInput {
  id: string;
  orgId: string;
  livemode: boolean;
  filename: string;
  endUser: string | null;
  uploadKey: string;
  uploadBytes: number;
  twinningKey: string;
  confidential: string[];
  /** Unix seconds; defaults to now. */
  created?: number;
  /** The request's claimed Idempotency-Key: completed with this twin in the same transaction. */
  idempotency?: { scope: IdempotencyScope; requestHash: string };
}

export type AcceptTwinResult =
  | { ok: true; twin: TwinRow }
  | { ok: false; reason: 'out_of_credit' }
  | { ok: false; reason: 'concurrent_limit'; retryAfter: number; limit: number }
  | { ok: false; reason: 'daily_limit'; retryAfter: number; limit: number }
  | { ok: false; reason: 'organization_missing' };

/** Seconds a caller over the concurrent-run limit is asked to wait (a run takes minutes). */
export const CONCURRENT_RETRY_AFTER = 30;

/**
 * Accepts a twin: in one transaction, locks the organization row, checks the
 * balance (live mode, first), the runs at once and the runs of the last
 * rolling 24 hours (per organization and mode), reserves one credit (live),
 * inserts the twin `queued` and unanswered, and completes the request's
 * Idempotency-Key. Once the create decides to answer 202 it marks the twin
 * answered (`confirmTwin`): from then the row is the durable record of a run to
 * start (the API starts it at once, `api/reconciler.ts` any still waiting);
 * until then any reconciler takes it back after `TAKE_BACK_AFTER_SECONDS`.
 */
export async function acceptTwin(db: Database, input: AcceptTwinInput): Promise<AcceptTwinResult> {
  const created = input.created ?? nowSeconds();
  return db.transaction(async (tx) => {
    const [org] = await tx.select().from(organizations).where(eq(organizations.id, input.orgId)).for('update');
    if (!org) return { ok: false, reason: 'organization_missing' } as const;
    if (input.livemode && org.balance < 1) return { ok: false, reason: 'out_of_credit' } as const;

    const scope = and(eq(twins.orgId, input.orgId), eq(twins.livemode, input.livemode));
    const [active] = await tx
      .select({ n: count() })
      .from(twins)
      .where(and(scope, inArray(twins.status, ['queued', 'running'])));
    if ((active?.n ?? 0) >= org.maxConcurrent) {
      return {
        ok: false,
        reason: 'concurrent_limit',
        retryAfter: CONCURRENT_RETRY_AFTER,
        limit: org.maxConcurrent,
      } as const;
    }

    const maxDaily = input.livemode ? org.maxDailyLive : org.maxDailyTest;
    const [daily] = await tx
      .select({ n: count(), oldest: min(twins.created) })
      .from(twins)
      .where(and(scope, gt(twins.created, created - DAY_SECONDS)));
    if ((daily?.n ?? 0) >= maxDaily) {
      // The window frees a slot when its oldest run is 24 hours old.
      const oldest = daily?.oldest === null || daily?.oldest === undefined ? created : Number(daily.oldest);
      const retryAfter = Math.max(1, oldest + DAY_SECONDS - created);
      return { ok: false, reason: 'daily_limit', retryAfter, limit: maxDaily } as const;
    }

    if (input.livemode) {
      await tx
        .update(organizations)
        .set({ balance: sql`${organizations.balance} - 1` })
        .where(eq(organizations.id, input.orgId));
    }
    const [twin] = await tx
      .insert(twins)
      .values({
        id: input.id,
        orgId: input.orgId,
        livemode: input.livemode,
        status: 'queued',
        created,
        filename: input.filename,
        endUser: input.endUser,
        uploadKey: input.uploadKey,
        uploadBytes: input.uploadBytes,
        twinningKey: input.twinningKey,
        confidential: input.confidential,
        charged: input.livemode,
        answered: false,
      })
      .returning();
    if (!twin) throw new Error('twin insert returned nothing');
    if (input.idempotency) {
      // the key and the twin are kept together or not at all: a retry finds the twin, never a second charge
      await tx
        .update(idempotencyKeys)
        .set({ requestHash: input.idempotency.requestHash, twinId: twin.id, state: 'done' })
        .where(and(idempotencyWhere(input.idempotency.scope), eq(idempotencyKeys.state, 'in_flight')));
    }
    return { ok: true, twin } as const;
  });
}

/**
 * A twin still unanswered this long after its acceptance (Unix seconds of `created`) belongs to a create that
 * answered an error or none: past the answer deadline and the server's statement and idle-in-transaction timeouts,
 * so that no create still decides on it and no commit is still on its way.
 */
export const TAKE_BACK_AFTER_SECONDS = 20;

/**
 * The create decided to answer 202: marks the accepted twin answered. Idempotent (a replay of the request's
 * Idempotency-Key confirms the same twin). Returns the row, or undefined when it was taken back first: the row lock
 * orders this against `undoAcceptedTwin`, so a twin is either answered and kept, or taken back, never both.
 */
export async function confirmTwin(db: Database, twinId: string): Promise<TwinRow | undefined> {
  const [row] = await db.update(twins).set({ answered: true }).where(eq(twins.id, twinId)).returning();
  return row;
}

/**
 * Twins answered 202 and still `queued` at or before `createdBefore` (Unix seconds): the runs to start again, a
 * start being idempotent (workflow id = twin id).
 */
export async function queuedTwins(
  db: Database,
  createdBefore: number,
  limit = 100,
): Promise<Pick<TwinRow, 'id' | 'orgId' | 'livemode' | 'endUser'>[]> {
  return db
    .select({ id: twins.id, orgId: twins.orgId, livemode: twins.livemode, endUser: twins.endUser })
    .from(twins)
    .where(and(eq(twins.status, 'queued'), eq(twins.answered, true), lte(twins.created, createdBefore)))
    .orderBy(twins.created)
    .limit(limit);
}

/**
 * Twins accepted at or before `createdBefore` (Unix seconds) whose create never answered 202: the take-backs that
 * any reconciler does, in this process or after a restart.
 */
export async function unansweredTwins(
  db: Database,
  createdBefore: number,
  limit = 100,
): Promise<Pick<TwinRow, 'id' | 'uploadKey'>[]> {
  return db
    .select({ id: twins.id, uploadKey: twins.uploadKey })
    .from(twins)
    .where(and(eq(twins.status, 'queued'), eq(twins.answered, false), lte(twins.created, createdBefore)))
    .orderBy(twins.created)
    .limit(limit);
}

/**
 * Takes back an accepted twin whose create did not answer 202: deletes the row (only while still `queued` and
 * unanswered), its Idempotency-Key, and gives a reserved credit back. `taken`: removed now; `absent`: no such row
 * (never committed, or taken back before); `kept`: the twin was answered 202 and stays.
 */
export async function undoAcceptedTwin(db: Database, twinId: string): Promise<'taken' | 'absent' | 'kept'> {
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(twins)
      .where(and(eq(twins.id, twinId), eq(twins.status, 'queued'), eq(twins.answered, false)))
      .returning();
    if (!gone) {
      const [kept] = await tx.select({ id: twins.id }).from(twins).where(eq(twins.id, twinId));
      return kept ? 'kept' : 'absent';
    }
    // an error answer holds no key: the Idempotency-Key completed with this twin goes with it
    await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.twinId, twinId));
    if (gone.charged) {
      await tx
        .update(organizations)
        .set({ balance: sql`${organizations.balance} + 1` })
        .where(eq(organizations.id, gone.orgId));
    }
    return 'taken';
  });
}

// ---------------------------------------------------------------- idempotency keys

export interface IdempotencyScope {
  orgId: string;
  livemode: boolean;
  key: string;
}

/** An in-flight claim older than this belongs to a request that died (a crashed process). */
export const STALE_CLAIM_SECONDS = 3600;

/**
 * Claims an Idempotency-Key for a request now being handled: inserts it
 * `in_flight`, or takes over a row whose time is up. Insert-or-conflict on the
 * primary key makes this race-free: of concurrent claims exactly one wins.
 * Returns null when claimed, else the row that holds the key.
 */
export async function claimIdempotencyKey(
  db: Database,
  scope: IdempotencyScope,
  ttlMs: number,
): Promise<IdempotencyKeyRow | null> {
  const expiresAt = new Date(Date.now() + ttlMs);
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ ...scope, requestHash: '', twinId: null, state: 'in_flight', expiresAt })
    .onConflictDoUpdate({
      target: [idempotencyKeys.orgId, idempotencyKeys.livemode, idempotencyKeys.key],
      set: { requestHash: '', twinId: null, state: 'in_flight', createdAt: sql`now()`, expiresAt },
      // A key is free again when its time is up, or when the request holding it
      // died without ending (an in-flight claim older than any request may last).
      setWhere: or(
        lt(idempotencyKeys.expiresAt, sql`now()`),
        and(
          eq(idempotencyKeys.state, 'in_flight'),
          lt(idempotencyKeys.createdAt, sql`now() - make_interval(secs => ${STALE_CLAIM_SECONDS})`),
        ),
      ),
    })
    .returning({ key: idempotencyKeys.key });
  if (claimed.length > 0) return null;
  const [holder] = await db.select().from(idempotencyKeys).where(idempotencyWhere(scope));
  // Gone between the two statements (released by a failed request): try once more.
  if (!holder) return claimIdempotencyKey(db, scope, ttlMs);
  return holder;
}

function idempotencyWhere(scope: IdempotencyScope) {
  return and(
    eq(idempotencyKeys.orgId, scope.orgId),
    eq(idempotencyKeys.livemode, scope.livemode),
    eq(idempotencyKeys.key, scope.key),
  );
}

/** Frees a claimed key after a request that ended in error (an error holds no key). */
export async function releaseIdempotencyKey(db: Database, scope: IdempotencyScope): Promise<void> {
  await db.delete(idempotencyKeys).where(and(idempotencyWhere(scope), eq(idempotencyKeys.state, 'in_flight')));
}

/** Deletes keys whose time is up; returns how many. */
export async function purgeExpiredIdempotencyKeys(db: Database): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.expiresAt, sql`now()`))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}
