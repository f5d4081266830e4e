/**
 * Opens the service database: the embedded PGlite (a folder inside the data
 * dir) when no URL is given, a real PostgreSQL through postgres.js otherwise.
 * Both run the same drizzle schema and the same committed migrations, applied
 * here at open under a PostgreSQL advisory lock so that several processes
 * opening one database at once migrate it exactly once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from './schema';

export type Schema = typeof schema;
/** The drizzle database, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface OpenDatabaseOptions {
  /** `postgres://…`; when absent the embedded PGlite database in `<dataDir>/pglite` is used. */
  databaseUrl?: string;
  /** The local state folder (used for PGlite). */
  dataDir: string;
  /** Largest number of pooled connections to PostgreSQL (default 10). */
  maxConnections?: number;
  /** Bounds on waiting for PostgreSQL (defaults: `DEFAULT_DB_TIMEOUTS`). */
  timeouts?: Partial<DatabaseTimeouts>;
}

/**
 * How long the service waits for PostgreSQL before it answers 503: a blackholed or unreachable server
 * (`connectMs`, the driver's connect timeout), a statement that runs or waits too long (`statementMs`, the server's
 * `statement_timeout`, SQLSTATE 57014), a lock held by another session (`lockMs`, `lock_timeout`, 55P03). The
 * sum of a request's waits stays under the 5 s a client is promised an answer in. A transaction left idle by a
 * process that stalled is ended by the server after `idle_in_transaction_session_timeout` (statementMs × 4), so
 * its locks do not outlive it.
 */
export interface DatabaseTimeouts {
  connectMs: number;
  statementMs: number;
  lockMs: number;
}

export const DEFAULT_DB_TIMEOUTS: DatabaseTimeouts = { connectMs: 3000, statementMs: 4000, lockMs: 2000 };

/** The session settings that carry the timeouts (sent in the startup message of each connection). */
export function sessionTimeouts(t: DatabaseTimeouts): Record<string, string> {
  return {
    statement_timeout: String(t.statementMs),
    lock_timeout: String(t.lockMs),
    idle_in_transaction_session_timeout: String(t.statementMs * 4),
  };
}

/**
 * postgres.js 3.4.9 can end the process when a connection closes under it (see scripts/patch-deps.js, applied by
 * `npm install`); the service refuses to talk to PostgreSQL through an unrepaired copy.
 */
export function assertDriverRepaired(): void {
  const file = path.join(path.dirname(require.resolve('postgres')), 'connection.js');
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  if (!text.includes('tracetwin: nextWrite guard')) {
    throw new Error('the postgres driver is not repaired (node scripts/patch-deps.js, run by npm install)');
  }
}

export interface DatabaseHandle {
  db: Database;
  /** 'pglite' or 'postgres'. */
  kind: 'pglite' | 'postgres';
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * PGlite's server settings. shared_buffers: PostgreSQL's own page cache lives in PGlite's WebAssembly memory, which
 * never shrinks, and the 128MB that initdb writes into postgresql.conf is touched whole when PGlite starts (about 150
 * MiB resident for a database of a few pages, against about 30 MiB at 16MB: `npm run bench:api -- --memory`). The
 * database files are on the host file system, whose page cache holds them too, so a small pool costs a system call
 * per page it misses, not a disk read.
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

function pgliteOptions(): { startParams: string[] } {
  return { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`] };
}

/** Arbitrary constant naming the migration lock (pg_advisory_lock takes a bigint). */
const MIGRATION_LOCK = 7_420_031_961;

/** The committed migrations: next to this file in the sources, or in the repo's db/ when running from dist/. */
export function migrationsFolder(): string {
  const candidates = [path.resolve(__dirname, 'migrations'), path.resolve(__dirname, '../../db/migrations')];
  for (const dir of candidates) {
    if (fs.existsSync(path.join(dir, 'meta', '_journal.json'))) return dir;
  }
  throw new Error('database migrations not found (db/migrations)');
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const migrations = migrationsFolder();
  if (options.databaseUrl) {
    assertDriverRepaired();
    const timeouts = { ...DEFAULT_DB_TIMEOUTS, ...options.timeouts };
    const connectTimeout = Math.max(1, Math.ceil(timeouts.connectMs / 1000));
    // Migrate on one dedicated connection: a session advisory lock belongs to a connection.
    const migrator = postgres(options.databaseUrl, {
      max: 1,
      onnotice: () => {},
      connect_timeout: connectTimeout,
    });
    try {
      await migrator`select pg_advisory_lock(${MIGRATION_LOCK})`;
      try {
        await migratePostgres(drizzlePostgres({ client: migrator }), { migrationsFolder: migrations });
      } finally {
        await migrator`select pg_advisory_unlock(${MIGRATION_LOCK})`;
      }
    } finally {
      await migrator.end({ timeout: 5 });
    }
    const client = postgres(options.databaseUrl, {
      max: options.maxConnections ?? 10,
      onnotice: () => {},
      connect_timeout: connectTimeout,
      connection: sessionTimeouts(timeouts),
    });
    const db = drizzlePostgres({ client, schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await client`select 1`;
      },
      close: () => client.end({ timeout: 5 }),
    };
  }

  const dir = path.join(options.dataDir, 'pglite');
  fs.mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir, pgliteOptions());
  await client.waitReady;
  const pg = drizzlePglite({ client, schema });
  // One process owns a PGlite folder; the lock costs nothing and keeps the path identical.
  await pg.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK})`);
  try {
    await migratePglite(pg, { migrationsFolder: migrations });
  } finally {
    await pg.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK})`);
  }
  return {
    db: pg as unknown as Database,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

/** An in-memory PGlite database with the migrations applied (tests). */
export async function openMemoryDatabase(): Promise<DatabaseHandle> {
  const client = new PGlite(pgliteOptions());
  await client.waitReady;
  const pg = drizzlePglite({ client, schema });
  await migratePglite(pg, { migrationsFolder: migrationsFolder() });
  return {
    db: pg as unknown as Database,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}
