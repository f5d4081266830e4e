/**
 * The service's database schema: one drizzle schema for both the embedded
 * PGlite database and a real PostgreSQL. Migrations under db/migrations are
 * generated from this file by drizzle-kit (`npm run db:generate`).
 *
 * Timestamps of public objects (`created`, `completed`) are integers of Unix
 * seconds, as the HTTP contract returns them; internal bookkeeping uses
 * timestamptz.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** A twin's error object, as the contract's "Twin error" table. */
export interface TwinErrorJson {
  type: 'run_error' | 'api_error';
  code: string;
  message: string;
  retryable: boolean;
}

export type TwinStatus = 'queued' | 'running' | 'completed' | 'failed';
export type KeyMode = 'live' | 'test';

export const organizations = pgTable(
  'organizations',
  {
    id: text('id').primaryKey(), // org_…
    name: text('name').notNull(),
    /** Prepaid whole credits; a live twin reserves 1 at accept. Never negative. */
    balance: integer('balance').notNull().default(0),
    maxConcurrent: integer('max_concurrent').notNull().default(3),
    maxDailyLive: integer('max_daily_live').notNull().default(200),
    maxDailyTest: integer('max_daily_test').notNull().default(20),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('organizations_balance_nonnegative', sql`${t.balance} >= 0`),
    check(
      'organizations_limits_nonnegative',
      sql`${t.maxConcurrent} >= 0 and ${t.maxDailyLive} >= 0 and ${t.maxDailyTest} >= 0`,
    ),
  ],
);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(), // key_…
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.id),
    mode: text('mode').$type<KeyMode>().notNull(),
    /** SHA-256 hex of the secret; the secret itself is never stored. */
    secretHash: text('secret_hash').notNull().unique(),
    twinsScope: boolean('twins_scope').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [check('api_keys_mode', sql`${t.mode} in ('live', 'test')`), index('api_keys_org_idx').on(t.orgId)],
);

export const twins = pgTable(
  'twins',
  {
    id: text('id').primaryKey(), // twin_…
    /** Insertion order: newest first = seq desc. */
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.id),
    livemode: boolean('livemode').notNull(),
    status: text('status').$type<TwinStatus>().notNull(),
    /** Unix seconds. */
    created: bigint('created', { mode: 'number' }).notNull(),
    /** Unix seconds when the twin ended (completed or failed). */
    completed: bigint('completed', { mode: 'number' }),
    filename: text('filename').notNull(),
    endUser: text('end_user'),
    error: jsonb('error').$type<TwinErrorJson>(),
    /** Blob key of the upload; deleted (and set null) when the run ends. */
    uploadKey: text('upload_key'),
    uploadBytes: bigint('upload_bytes', { mode: 'number' }),
    /** Blob key of the twinned content; set when completed. */
    contentKey: text('content_key'),
    contentBytes: bigint('content_bytes', { mode: 'number' }),
    /** True once the content was deleted after the retention period. */
    contentExpired: boolean('content_expired').notNull().default(false),
    /** The twinning key (64 hex); only while the run is pending, erased when it ends. */
    twinningKey: text('twinning_key'),
    /** The confidential list; only while the run is pending, erased when it ends. */
    confidential: jsonb('confidential').$type<string[]>(),
    /** A live credit was reserved for this twin (kept on completion, given back on failure). */
    charged: boolean('charged').notNull().default(false),
    /** Report counts per kind (no values). */
    counts: jsonb('counts').$type<Record<string, number>>(),
    /**
     * False from the accepting transaction until the create decided to answer 202 (`confirmTwin`): a twin still
     * unanswered after `TAKE_BACK_AFTER_SECONDS` belongs to a create that answered an error (or none), and any
     * reconciler takes it back. Rows from before this column were all answered.
     */
    answered: boolean('answered').notNull().default(true),
  },
  (t) => [
    check('twins_status', sql`${t.status} in ('queued', 'running', 'completed', 'failed')`),
    index('twins_org_mode_seq_idx').on(t.orgId, t.livemode, t.seq),
    index('twins_org_mode_end_user_seq_idx').on(t.orgId, t.livemode, t.endUser, t.seq),
    index('twins_org_mode_created_idx').on(t.orgId, t.livemode, t.created),
    index('twins_org_mode_status_idx').on(t.orgId, t.livemode, t.status),
  ],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.id),
    livemode: boolean('livemode').notNull(),
    key: text('key').notNull(),
    /** SHA-256 over file name, file bytes hash, keyed hash of `key`, confidential list. */
    requestHash: text('request_hash').notNull(),
    twinId: text('twin_id'),
    state: text('state').$type<'in_flight' | 'done'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.livemode, t.key] }),
    check('idempotency_keys_state', sql`${t.state} in ('in_flight', 'done')`),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
  ],
);

export const events = pgTable(
  'events',
  {
    id: text('id').primaryKey(), // evt_…
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.id),
    livemode: boolean('livemode').notNull(),
    type: text('type').notNull(), // svc.twin.completed | svc.twin.failed
    /** Unix seconds. */
    created: bigint('created', { mode: 'number' }).notNull(),
    twinId: text('twin_id').notNull(),
    /** The twin object as it was when it ended. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('events_org_mode_seq_idx').on(t.orgId, t.livemode, t.seq), index('events_twin_idx').on(t.twinId)],
);

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(), // we_…
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.id),
    livemode: boolean('livemode').notNull(),
    url: text('url').notNull(),
    /** Signing secret, encrypted with the server's master key. */
    secretEnc: text('secret_enc').notNull(),
    /** Unix seconds. */
    created: bigint('created', { mode: 'number' }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('webhook_endpoints_org_mode_seq_idx').on(t.orgId, t.livemode, t.seq)],
);

export type Organization = typeof organizations.$inferSelect;
export type ApiKey = typeof apiKeys.$inferSelect;
export type TwinRow = typeof twins.$inferSelect;
export type NewTwinRow = typeof twins.$inferInsert;
export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
export type EventRow = typeof events.$inferSelect;
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/**
 * One row per (event, webhook endpoint): the delivery workflow's bookkeeping.
 * `id` is the delivery workflow's id, so an endpoint's pending deliveries can
 * be found (and stopped) from the database, without a visibility query.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    /** delivery-<evt_…>-<we_…>: derived from the pair, so one row (and one workflow) per pair. */
    id: text('id').primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id),
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.id),
    livemode: boolean('livemode').notNull(),
    /** pending → delivered | failed (attempts exhausted) | dropped (endpoint deleted). */
    status: text('status').$type<'pending' | 'delivered' | 'failed' | 'dropped'>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** HTTP status of the last attempt, when one came back. */
    lastStatus: integer('last_status'),
    /** Short code of the last failure (timeout, redirect, http_status, connection_failed, url_refused…). */
    lastError: text('last_error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    check('deliveries_status', sql`${t.status} in ('pending', 'delivered', 'failed', 'dropped')`),
    index('deliveries_event_idx').on(t.eventId),
    index('deliveries_endpoint_status_idx').on(t.endpointId, t.status),
  ],
);

export type DeliveryRow = typeof deliveries.$inferSelect;
