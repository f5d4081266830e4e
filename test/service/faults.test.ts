/**
 * Faults of a dependency: what the caller gets (503 and Retry-After for a
 * fault that passes, the error object always) and what the logs get (the
 * error's class and code, never a driver message, which quotes the query's
 * parameters: the twinning key and the confidential list).
 */
import { Writable } from 'node:stream';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import type { FastifyError } from 'fastify';
import { buildApp } from '../../api/app';
import { DEFAULT_API_CONFIG } from '../../api/config';
import { toApiError } from '../../api/errors';
import { form, openTestDatabase } from './helpers';
import { describeError, isTransient } from '../../db/errors';
import { createApiKey, createOrganization } from '../../db/repo';
import { createBlobStore } from '../../storage';

const asFastify = (e: Error): FastifyError => e as FastifyError;

describe('classifying errors', () => {
  it('answers 503 with Retry-After for a lost connection, 500 for anything else', () => {
    const lost = Object.assign(new Error('terminating connection params: secret'), { code: '57P01' });
    const wrapped = new Error('Failed query: insert … params: 5a5a…', { cause: lost });
    expect(isTransient(wrapped)).toBe(true);
    const e = toApiError(asFastify(wrapped));
    expect(e.status).toBe(503);
    expect(e.code).toBe('service_unavailable');
    expect(e.retryAfter).toBe(1);
    expect(isTransient(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isTransient(Object.assign(new Error('x'), { code: '08006' }))).toBe(true);
    expect(isTransient(Object.assign(new Error('x'), { $metadata: { httpStatusCode: 503 } }))).toBe(true);
    expect(isTransient(Object.assign(new Error('x'), { code: '23514' }))).toBe(false);
    expect(toApiError(asFastify(new Error('bug'))).status).toBe(500);
  });

  it('counts refused, missing, locked, timed-out databases and Temporal deadlines as transient', () => {
    for (const code of ['55000', '3D000', '57014', '55P03', 'CONNECT_TIMEOUT', 'DEADLINE_EXCEEDED']) {
      expect([code, isTransient(Object.assign(new Error('x'), { code }))]).toEqual([code, true]);
    }
    // a gRPC status (Temporal) under the SDK's error: UNAVAILABLE, DEADLINE_EXCEEDED
    for (const code of [14, 4]) {
      const grpc = Object.assign(new Error('x'), { code, metadata: {} });
      expect(isTransient(new Error('ServiceError', { cause: grpc }))).toBe(true);
    }
    expect(isTransient(Object.assign(new Error('x'), { code: 3, metadata: {} }))).toBe(false);
    // an error from another realm (not instanceof this realm's Error) is still recognised
    const foreign = { name: 'Error', message: 'read ECONNRESET', code: 'ECONNRESET' };
    expect(isTransient(foreign)).toBe(true);
    expect(describeError(foreign)).toBe('Error ECONNRESET');
  });

  it('describes an error by class and code only, through its causes', () => {
    class PostgresError extends Error {
      override name = 'PostgresError';
      code = '23514';
    }
    const err = new Error('Failed query: insert into twins … params: deadbeef,Globex', {
      cause: new PostgresError('new row violates check constraint'),
    });
    expect(describeError(err)).toBe('Error <- PostgresError 23514');
    expect(describeError('a string')).toBe('string');
  });
});

describe('a database fault while a twin is accepted', () => {
  it('answers with the error object and logs neither the twinning key nor the confidential list', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracetwin-faults-'));
    const handle = await openTestDatabase();
    const lines: string[] = [];
    const logger = pino(
      { level: 'info' },
      new Writable({
        write(chunk: Buffer, _enc, done) {
          lines.push(chunk.toString());
          done();
        },
      }),
    );
    const app = await buildApp({
      db: handle.db,
      blobs: createBlobStore({ dataDir: dir }),
      config: { ...DEFAULT_API_CONFIG, publicUrl: 'https://twins.example.test', hmacSecret: randomBytes(32) },
      startTwin: async () => {},
      logger,
    });
    await app.ready();
    try {
      const org = await createOrganization(handle.db, { name: 'Fault org', balance: 10 });
      const { secret } = await createApiKey(handle.db, { orgId: org.id, mode: 'test' });
      // every new twin row now fails its insert, as a real constraint or storage fault would
      await handle.db.execute(sql.raw('alter table twins add constraint fault_injected check (false) not valid'));
      const key = 'c0ffee'.repeat(10) + 'c0ff';
      const body = form([
        { name: 'file', filename: 'trace.jsonl', content: '{"a":1}\n' },
        { name: 'key', value: key },
        { name: 'confidential', value: 'Zanzibar Confidential Holdings' },
      ]);
      const res = await app.inject({
        method: 'POST',
        url: '/v1/svc/twins',
        headers: { authorization: `Bearer ${secret}`, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
      const error = (res.json() as { error: { request_id: string; type: string } }).error;
      expect(error.request_id).toBe(res.headers['request-id']);
      expect(error.type).toBe('api_error');
      const log = lines.join('');
      expect(log).toContain('request failed');
      expect(log).not.toContain(key);
      expect(log).not.toContain('Zanzibar');
      expect(log).not.toContain(secret);
    } finally {
      await app.close();
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
