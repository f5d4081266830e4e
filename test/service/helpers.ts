/**
 * In-process harness for the API tests: a database (in-memory PGlite, or a
 * fresh database on the local PostgreSQL), a temp blob folder, the app built
 * with `buildApp`, and a fake `startTwin` that records its calls.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import postgres from 'postgres';
import { buildApp } from '../../api/app';
import { DEFAULT_API_CONFIG, type ApiConfig } from '../../api/config';
import { openDatabase, openMemoryDatabase, type DatabaseHandle } from '../../db/client';
import { createApiKey, createOrganization, type NewOrganization } from '../../db/repo';
import type { TwinRow } from '../../db/schema';
import { createBlobStore, type BlobStore } from '../../storage';

export const PG_ADMIN_URL = process.env.TRACETWIN_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface Harness {
  app: FastifyInstance;
  handle: DatabaseHandle;
  blobs: BlobStore;
  config: ApiConfig;
  started: TwinRow[];
  /** Set to make the next startTwin calls throw. */
  startFails: { value: boolean };
  org(input?: Partial<NewOrganization>): Promise<{ orgId: string; live: string; test: string }>;
  close(): Promise<void>;
}

/** A fresh PostgreSQL database `tracetwin_test_<random>`; drop() removes it. */
export async function freshPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `tracetwin_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}

/**
 * The database the in-process tests run on: PGlite, or a fresh database on the local PostgreSQL when
 * TRACETWIN_TEST_DB=postgres (scripts/test.sh runs the database-backed tests once more that way).
 */
export const TEST_DB: 'pglite' | 'postgres' = process.env.TRACETWIN_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** A fresh database of TEST_DB's kind; closing it also drops a PostgreSQL one. */
export async function openTestDatabase(kind: 'pglite' | 'postgres' = TEST_DB): Promise<DatabaseHandle> {
  if (kind === 'pglite') return openMemoryDatabase();
  const fresh = await freshPostgresDatabase();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracetwin-db-'));
  const handle = await openDatabase({ databaseUrl: fresh.url, dataDir: dir, maxConnections: 20 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await fresh.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function makeHarness(
  kind: 'pglite' | 'postgres' = TEST_DB,
  overrides: Partial<ApiConfig> = {},
): Promise<Harness> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracetwin-api-'));
  let dropDb: (() => Promise<void>) | null = null;
  let handle: DatabaseHandle;
  if (kind === 'postgres') {
    const fresh = await freshPostgresDatabase();
    dropDb = fresh.drop;
    handle = await openDatabase({ databaseUrl: fresh.url, dataDir: dir, maxConnections: 20 });
  } else {
    handle = await openMemoryDatabase();
  }
  const blobs = createBlobStore({ dataDir: dir });
  const config: ApiConfig = {
    ...DEFAULT_API_CONFIG,
    publicUrl: 'https://twins.example.test',
    hmacSecret: randomBytes(32),
    ...overrides,
  };
  const started: TwinRow[] = [];
  const startFails = { value: false };
  const app = await buildApp({
    db: handle.db,
    blobs,
    config,
    startTwin: async (twin) => {
      if (startFails.value) throw new Error('temporal unavailable');
      started.push(twin);
    },
  });
  await app.ready();
  return {
    app,
    handle,
    blobs,
    config,
    started,
    startFails,
    async org(input = {}) {
      const org = await createOrganization(handle.db, { name: 'Acme test org', balance: 100, ...input });
      const live = await createApiKey(handle.db, { orgId: org.id, mode: 'live' });
      const test = await createApiKey(handle.db, { orgId: org.id, mode: 'test' });
      return { orgId: org.id, live: live.secret, test: test.secret };
    },
    async close() {
      await app.close();
      await handle.close();
      if (dropDb) await dropDb();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type Part =
  { name: string; value: string } | { name: string; filename: string; content: Buffer | string; contentType?: string };

/** A multipart/form-data body. */
export function form(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----tracetwin${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('filename' in p) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\n` +
            `Content-Type: ${p.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        Buffer.isBuffer(p.content) ? p.content : Buffer.from(p.content),
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const TRACE = '{"user":"Ada Lovelace","email":"ada@example.org"}\n';

export async function createTwin(
  app: FastifyInstance,
  secret: string,
  options: { parts?: Part[]; headers?: Record<string, string>; content?: string; filename?: string } = {},
): Promise<LightMyRequestResponse> {
  const body = form(
    options.parts ?? [{ name: 'file', filename: options.filename ?? 'trace.jsonl', content: options.content ?? TRACE }],
  );
  return app.inject({
    method: 'POST',
    url: '/v1/svc/twins',
    headers: { authorization: `Bearer ${secret}`, ...body.headers, ...(options.headers ?? {}) },
    payload: body.payload,
  });
}

export function errorOf(res: LightMyRequestResponse): { type: string; code: string; retryable: boolean } {
  return (res.json() as { error: { type: string; code: string; retryable: boolean } }).error;
}
