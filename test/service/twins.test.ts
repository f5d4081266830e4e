/**
 * The twin endpoints of the contract, row by row, in process (buildApp +
 * inject) on the embedded PGlite database.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { createApiKey, purgeExpiredIdempotencyKeys, revokeApiKey } from '../../db/repo';
import { Reconciler } from '../../api/reconciler';
import { idempotencyKeys, organizations, twins, type TwinRow } from '../../db/schema';
import { createTwin, errorOf, form, makeHarness, TEST_DB, TRACE, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await makeHarness(TEST_DB, {
    maxFileTest: 1024,
    maxFileLive: 4096,
    keyCacheTtlMs: 200,
    idempotencyTtlMs: 60_000,
  });
});
afterAll(async () => {
  await h.close();
});

const KEY = 'ab'.repeat(32);

function get(url: string, secret?: string, headers: Record<string, string> = {}) {
  return h.app.inject({
    method: 'GET',
    url,
    headers: { ...(secret ? { authorization: `Bearer ${secret}` } : {}), ...headers },
  });
}

async function setTwin(id: string, values: Partial<typeof twins.$inferInsert>): Promise<void> {
  await h.handle.db.update(twins).set(values).where(eq(twins.id, id));
}

describe('headers, versions and errors', () => {
  test('every answer carries Service-Version and Request-Id; errors carry the full error object', async () => {
    const { test: key } = await h.org();
    const ok = await get('/v1/svc/twins', key);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['service-version']).toBe('2026-10-11');
    expect(ok.headers['request-id']).toMatch(/^req_/);

    const unauth = await get('/v1/svc/twins');
    expect(unauth.statusCode).toBe(401);
    expect(unauth.headers['service-version']).toBe('2026-10-11');
    const body = unauth.json() as { error: Record<string, unknown> };
    expect(Object.keys(body)).toEqual(['error']);
    expect(body.error).toMatchObject({ type: 'authentication_error', retryable: false });
    expect(typeof body.error.code).toBe('string');
    expect(typeof body.error.message).toBe('string');
    expect(body.error.request_id).toBe(unauth.headers['request-id']);
  });

  test('unknown routes answer 404 with the error object', async () => {
    const res = await get('/v1/svc/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('resource_missing');
    expect(res.headers['request-id']).toMatch(/^req_/);
  });

  test('other methods on known paths answer 405 with Allow; overlong ids answer 400, with the error object', async () => {
    const res = await h.app.inject({ method: 'DELETE', url: '/healthz' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(errorOf(res).code).toBe('method_not_allowed');
    const { test: key } = await h.org();
    const long = await get(`/v1/svc/twins/${'x'.repeat(2000)}`, key);
    expect(long.statusCode).toBe(400);
    expect(errorOf(long).code).toBe('parameter_invalid');
    expect(long.headers['service-version']).toBe('2026-10-11');
  });

  test('Service-Version pinning: the one version passes, anything else is 400 unknown_api_version', async () => {
    const { test: key } = await h.org();
    expect((await get('/v1/svc/twins', key, { 'service-version': '2026-10-11' })).statusCode).toBe(200);
    const bad = await get('/v1/svc/twins', key, { 'service-version': '2020-01-01' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).code).toBe('unknown_api_version');
  });
});

describe('authentication', () => {
  test('no key, malformed key, unknown key: 401', async () => {
    expect((await get('/v1/svc/twins')).statusCode).toBe(401);
    expect((await get('/v1/svc/twins', 'nonsense')).statusCode).toBe(401);
    expect((await get('/v1/svc/twins', 'svc_sk_test_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(401);
    const basic = await h.app.inject({ method: 'GET', url: '/v1/svc/twins', headers: { authorization: 'Basic eDp5' } });
    expect(basic.statusCode).toBe(401);
  });

  test('a key without the twins scope gets 403 insufficient_scope everywhere', async () => {
    const { orgId } = await h.org();
    const { secret } = await createApiKey(h.handle.db, { orgId, mode: 'test', twinsScope: false });
    for (const res of [await get('/v1/svc/twins', secret), await createTwin(h.app, secret)]) {
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toMatchObject({ code: 'insufficient_scope', type: 'permission_error' });
    }
  });

  test('a revoked key stops working within the key cache TTL', async () => {
    const { orgId } = await h.org();
    const { key, secret } = await createApiKey(h.handle.db, { orgId, mode: 'test' });
    expect((await get('/v1/svc/twins', secret)).statusCode).toBe(200);
    await revokeApiKey(h.handle.db, key.id);
    await new Promise((r) => setTimeout(r, h.config.keyCacheTtlMs + 50));
    const res = await get('/v1/svc/twins', secret);
    expect(res.statusCode).toBe(401);
  });

  test('keys are stored as hashes only', async () => {
    const { orgId } = await h.org();
    const { secret } = await createApiKey(h.handle.db, { orgId, mode: 'live' });
    expect(secret).toMatch(/^svc_sk_(?!test_)[A-Za-z0-9]{32}$/);
    const rows = await h.handle.db.execute(`select * from api_keys` as never);
    expect(JSON.stringify(rows)).not.toContain(secret);
  });

  test('objects of another organization or mode answer 404 resource_missing', async () => {
    const a = await h.org();
    const b = await h.org();
    const created = await createTwin(h.app, a.test);
    expect(created.statusCode).toBe(202);
    const id = (created.json() as { id: string }).id;
    expect((await get(`/v1/svc/twins/${id}`, a.test)).statusCode).toBe(200);
    for (const other of [a.live, b.test, b.live]) {
      for (const url of [`/v1/svc/twins/${id}`, `/v1/svc/twins/${id}/content`]) {
        const res = await get(url, other);
        expect(res.statusCode).toBe(404);
        expect(errorOf(res).code).toBe('resource_missing');
      }
    }
    const list = await get('/v1/svc/twins', a.live);
    expect((list.json() as { data: unknown[] }).data).toHaveLength(0);
  });
});

describe('create', () => {
  test('202, Location, a queued twin with exactly the nine fields; the run is started', async () => {
    const { test: key } = await h.org();
    const before = h.started.length;
    const res = await createTwin(h.app, key, {
      parts: [
        { name: 'end_user', value: 'cust:42' },
        { name: 'key', value: KEY },
        { name: 'confidential', value: 'Globex' },
        { name: 'confidential', value: 'Initech' },
        { name: 'file', filename: 'trace.jsonl', content: TRACE },
      ],
    });
    expect(res.statusCode).toBe(202);
    const twin = res.json() as Record<string, unknown>;
    expect(Object.keys(twin).sort()).toEqual(
      ['completed', 'created', 'end_user', 'error', 'filename', 'id', 'livemode', 'object', 'status'].sort(),
    );
    expect(twin).toMatchObject({
      object: 'svc.twin',
      status: 'queued',
      completed: null,
      error: null,
      filename: 'trace.jsonl',
      livemode: false,
      end_user: 'cust:42',
    });
    expect(twin.id).toMatch(/^twin_/);
    expect(res.headers.location).toBe(`/v1/svc/twins/${String(twin.id)}`);
    expect(h.started.length).toBe(before + 1);
    const row = h.started[h.started.length - 1]!;
    expect(row.id).toBe(twin.id);
    expect(row.twinningKey).toBe(KEY);
    expect(row.confidential).toEqual(['Globex', 'Initech']);
    expect(await h.blobs.getBuffer(row.uploadKey!)).toEqual(Buffer.from(TRACE));
  });

  test('without key and end_user: a fresh key per twin and end_user null', async () => {
    const { test: key } = await h.org();
    const a = await createTwin(h.app, key);
    await createTwin(h.app, key);
    expect((a.json() as { end_user: unknown }).end_user).toBeNull();
    const rows = h.started.slice(-2);
    expect(rows[0]!.twinningKey).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.twinningKey).not.toBe(rows[1]!.twinningKey);
  });

  test.each([
    ['missing file', [{ name: 'key', value: KEY }], 'missing_file'],
    ['file name with a space', [{ name: 'file', filename: 'my trace.json', content: '{}' }], 'invalid_filename'],
    ['file name with a slash', [{ name: 'file', filename: 'a/b.json', content: '{}' }], 'invalid_filename'],
    [
      'key too short',
      [
        { name: 'key', value: 'abc' },
        { name: 'file', filename: 't.json', content: '{}' },
      ],
      'invalid_key',
    ],
    [
      'key not hex',
      [
        { name: 'key', value: 'zz'.repeat(32) },
        { name: 'file', filename: 't.json', content: '{}' },
      ],
      'invalid_key',
    ],
    [
      'confidential too long',
      [
        { name: 'file', filename: 't.json', content: '{}' },
        { name: 'confidential', value: 'x'.repeat(201) },
      ],
      'invalid_confidential',
    ],
    [
      '51 confidential entries',
      [
        { name: 'file', filename: 't.json', content: '{}' },
        ...Array.from({ length: 51 }, (_, i) => ({ name: 'confidential', value: `Org ${i}` })),
      ],
      'invalid_confidential',
    ],
    [
      'end_user with @',
      [
        { name: 'end_user', value: 'ada@example.org' },
        { name: 'file', filename: 't.json', content: '{}' },
      ],
      'invalid_end_user',
    ],
    [
      'end_user of 129 characters',
      [
        { name: 'end_user', value: 'a'.repeat(129) },
        { name: 'file', filename: 't.json', content: '{}' },
      ],
      'invalid_end_user',
    ],
    [
      'unknown field',
      [
        { name: 'file', filename: 't.json', content: '{}' },
        { name: 'colour', value: 'blue' },
      ],
      'parameter_unknown',
    ],
  ])('400 for %s', async (_label, parts, code) => {
    const { test: key } = await h.org();
    const before = h.started.length;
    const res = await createTwin(h.app, key, { parts });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code, type: 'invalid_request_error', retryable: false });
    expect(h.started.length).toBe(before);
  });

  test('boundaries that are valid: 50 confidential of 200 characters, end_user of 128, uppercase hex key', async () => {
    const { test: key } = await h.org();
    const res = await createTwin(h.app, key, {
      parts: [
        { name: 'file', filename: 'A-b_c.1.txt', content: 'hello' },
        { name: 'key', value: 'AB'.repeat(32) },
        { name: 'end_user', value: 'a.b_c:d-'.repeat(16) },
        ...Array.from({ length: 50 }, (_, i) => ({ name: 'confidential', value: `${i}`.padEnd(200, 'x') })),
      ],
    });
    expect(res.statusCode).toBe(202);
  });

  test('a body that is not multipart is 400', async () => {
    const { test: key } = await h.org();
    const res = await h.app.inject({
      method: 'POST',
      url: '/v1/svc/twins',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: '{"file":"x"}',
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('multipart_required');
  });

  test('413 above the mode cap, accepted at the cap; nothing is left in storage', async () => {
    const { test: testKey, live: liveKey } = await h.org();
    const atTest = await createTwin(h.app, testKey, { content: 'a'.repeat(h.config.maxFileTest) });
    expect(atTest.statusCode).toBe(202);
    const overTest = await createTwin(h.app, testKey, { content: 'a'.repeat(h.config.maxFileTest + 1) });
    expect(overTest.statusCode).toBe(413);
    expect(errorOf(overTest).code).toBe('file_too_large');
    // the live cap is larger
    const liveMid = await createTwin(h.app, liveKey, { content: 'a'.repeat(h.config.maxFileTest + 1) });
    expect(liveMid.statusCode).toBe(202);
    const overLive = await createTwin(h.app, liveKey, { content: 'a'.repeat(h.config.maxFileLive + 1) });
    expect(overLive.statusCode).toBe(413);
    const uploads = fs.readdirSync(path.join(h.blobs.location, 'uploads'));
    const live = await h.handle.db.select({ id: twins.id }).from(twins);
    const ids = new Set(live.map((r) => r.id));
    for (const f of uploads) expect(ids.has(f)).toBe(true);
  });

  test('startTwin failing: 202 all the same, the twin stays queued and charged, the reconciler starts it', async () => {
    const { live: key, orgId } = await h.org({ balance: 1 });
    h.startFails.value = true;
    let id: string;
    try {
      const res = await createTwin(h.app, key, { headers: { 'idempotency-key': 'start-fails' } });
      expect(res.statusCode).toBe(202);
      id = (res.json() as { id: string }).id;
    } finally {
      h.startFails.value = false;
    }
    const rows = await h.handle.db.select().from(twins).where(eq(twins.orgId, orgId));
    expect(rows.map((r) => [r.id, r.status])).toEqual([[id, 'queued']]);
    const [org] = await h.handle.db.select().from(organizations).where(eq(organizations.id, orgId));
    expect(org!.balance).toBe(0);
    expect(h.started.some((t) => t.id === id)).toBe(false);
    const reconciler = new Reconciler({
      db: h.handle.db,
      blobs: h.blobs,
      startTwin: async (twin) => void h.started.push(twin as TwinRow),
      staleMs: 0,
    });
    await reconciler.sweep();
    expect(h.started.some((t) => t.id === id)).toBe(true);
    // the key answers with the same twin
    const again = await createTwin(h.app, key, { headers: { 'idempotency-key': 'start-fails' } });
    expect(again.statusCode).toBe(202);
    expect((again.json() as { id: string }).id).toBe(id);
  });

  /** A create whose process died between its commit and its answer: the twin committed, never answered. */
  async function unanswered(key: string, idempotencyKey: string): Promise<{ id: string; uploadKey: string }> {
    h.startFails.value = true;
    try {
      const res = await createTwin(h.app, key, { headers: { 'idempotency-key': idempotencyKey } });
      expect(res.statusCode).toBe(202);
      const id = (res.json() as { id: string }).id;
      const [row] = await h.handle.db.select().from(twins).where(eq(twins.id, id));
      // the row as the accepting transaction left it, past the answer deadline of its (dead) create
      await setTwin(id, { answered: false, created: row!.created - 10 });
      return { id, uploadKey: row!.uploadKey! };
    } finally {
      h.startFails.value = false;
    }
  }

  test('the process dies between commit and answer: a fresh reconciler takes the twin back (credit, key, upload)', async () => {
    const { live: key, orgId } = await h.org({ balance: 1 });
    const { id, uploadKey } = await unanswered(key, 'died-before-answer');
    const starts: string[] = [];
    const fresh = (undoAfterMs?: number) =>
      new Reconciler({
        db: h.handle.db,
        blobs: h.blobs,
        startTwin: async (twin) => void starts.push(twin.id),
        staleMs: 0,
        ...(undoAfterMs === undefined ? {} : { undoAfterMs }),
      });
    // not listed, never started; within the take-back delay it is left alone (its create may still decide)
    expect(((await get('/v1/svc/twins', key)).json() as { data: unknown[] }).data).toHaveLength(0);
    await fresh().sweep();
    expect(await h.handle.db.select().from(twins).where(eq(twins.id, id))).toHaveLength(1);
    // past it, any reconciler (here: a new process's, over the same database) takes it back
    const reconciler = fresh(0);
    await reconciler.sweep();
    expect(reconciler.waiting).toBe(0);
    expect(starts).not.toContain(id);
    expect(await h.handle.db.select().from(twins).where(eq(twins.orgId, orgId))).toHaveLength(0);
    const [org] = await h.handle.db.select().from(organizations).where(eq(organizations.id, orgId));
    expect(org!.balance).toBe(1);
    expect(
      await h.handle.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'died-before-answer')),
    ).toHaveLength(0);
    expect(fs.existsSync(path.join(h.blobs.location, uploadKey))).toBe(false);
    // the key is free: the retry creates afresh, charged once
    const again = await createTwin(h.app, key, { headers: { 'idempotency-key': 'died-before-answer' } });
    expect(again.statusCode).toBe(202);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect((again.json() as { id: string }).id).not.toBe(id);
  });

  test('the process dies between commit and answer, the caller retries first: 202 replayed, the twin runs, kept', async () => {
    const { live: key, orgId } = await h.org({ balance: 1 });
    const { id, uploadKey } = await unanswered(key, 'retried-before-take-back');
    const again = await createTwin(h.app, key, { headers: { 'idempotency-key': 'retried-before-take-back' } });
    expect(again.statusCode).toBe(202);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((again.json() as { id: string }).id).toBe(id);
    expect(h.started.some((t) => t.id === id)).toBe(true);
    const starts: string[] = [];
    const reconciler = new Reconciler({
      db: h.handle.db,
      blobs: h.blobs,
      startTwin: async (twin) => void starts.push(twin.id),
      staleMs: 0,
      undoAfterMs: 0,
    });
    // an in-memory take-back of the same twin (its create in doubt) keeps it too: it was answered 202
    reconciler.undoLater(id, uploadKey);
    await reconciler.sweep();
    expect(starts).toContain(id); // still queued here: started again, idempotently
    const [row] = await h.handle.db.select().from(twins).where(eq(twins.id, id));
    expect(row).toMatchObject({ answered: true, status: 'queued', charged: true });
    const [org] = await h.handle.db.select().from(organizations).where(eq(organizations.id, orgId));
    expect(org!.balance).toBe(0);
    expect(fs.existsSync(path.join(h.blobs.location, uploadKey))).toBe(true);
  });

  test('the mark that decides the answer fails: no answer at all; a retry with the key gets the twin', async () => {
    const { live: key, orgId } = await h.org({ balance: 1 });
    // every attempt to mark a twin answered fails (standing in for a database lost right after the commit)
    await h.handle.db.execute(sql`create function refuse_answer() returns trigger language plpgsql as $$
      begin raise exception 'refused'; end $$`);
    await h.handle.db.execute(
      sql`create trigger refuse_answer before update of answered on twins for each row execute function refuse_answer()`,
    );
    try {
      await expect(createTwin(h.app, key, { headers: { 'idempotency-key': 'mark-fails' } })).rejects.toThrow(
        /response destroyed/,
      );
    } finally {
      await h.handle.db.execute(sql`drop trigger refuse_answer on twins`);
      await h.handle.db.execute(sql`drop function refuse_answer`);
    }
    const [row] = await h.handle.db.select().from(twins).where(eq(twins.orgId, orgId));
    expect(row).toMatchObject({ answered: false, status: 'queued' });
    expect(h.started.some((t) => t.id === row!.id)).toBe(false);
    // within the answer deadline of the create that may still decide, the key is in use
    const soon = await createTwin(h.app, key, { headers: { 'idempotency-key': 'mark-fails' } });
    expect(soon.statusCode).toBe(409);
    expect(errorOf(soon).code).toBe('idempotency_key_in_use');
    // past it, the same request again makes the twin its own: 202 replayed, started
    await setTwin(row!.id, { created: row!.created - 10 });
    const again = await createTwin(h.app, key, { headers: { 'idempotency-key': 'mark-fails' } });
    expect(again.statusCode).toBe(202);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((again.json() as { id: string }).id).toBe(row!.id);
    expect(h.started.some((t) => t.id === row!.id)).toBe(true);
  });

  test('a twin taken back before the replay: the key is free, the retry creates afresh', async () => {
    const { live: key } = await h.org({ balance: 1 });
    const { id } = await unanswered(key, 'taken-back-first');
    await new Reconciler({ db: h.handle.db, blobs: h.blobs, startTwin: async () => undefined, undoAfterMs: 0 }).sweep();
    const again = await createTwin(h.app, key, { headers: { 'idempotency-key': 'taken-back-first' } });
    expect(again.statusCode).toBe(202);
    expect((again.json() as { id: string }).id).not.toBe(id);
  });
});

describe('idempotency', () => {
  test('same key, same request: 202, same id, Idempotent-Replayed: true; one run', async () => {
    const { test: key } = await h.org();
    const before = h.started.length;
    const headers = { 'idempotency-key': 'order-1' };
    const parts = [
      { name: 'file', filename: 't.json', content: '{"a":1}' },
      { name: 'key', value: KEY },
      { name: 'confidential', value: 'Globex' },
    ];
    const first = await createTwin(h.app, key, { parts, headers });
    const second = await createTwin(h.app, key, { parts, headers });
    expect(first.statusCode).toBe(202);
    expect(second.statusCode).toBe(202);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect((second.json() as { id: string }).id).toBe((first.json() as { id: string }).id);
    expect(second.headers.location).toBe(first.headers.location);
    expect(h.started.length).toBe(before + 1);
  });

  test.each([
    ['file bytes', [{ name: 'file', filename: 't.json', content: '{"a":2}' }]],
    ['file name', [{ name: 'file', filename: 'u.json', content: '{"a":1}' }]],
    [
      'key',
      [
        { name: 'file', filename: 't.json', content: '{"a":1}' },
        { name: 'key', value: 'cd'.repeat(32) },
      ],
    ],
    [
      'confidential list',
      [
        { name: 'file', filename: 't.json', content: '{"a":1}' },
        { name: 'confidential', value: 'Globex' },
      ],
    ],
  ])('same key, different %s: 409 idempotency_key_reused', async (_label, parts) => {
    const { test: key } = await h.org();
    const headers = { 'idempotency-key': 'order-2' };
    const first = await createTwin(h.app, key, {
      parts: [{ name: 'file', filename: 't.json', content: '{"a":1}' }],
      headers,
    });
    expect(first.statusCode).toBe(202);
    const res = await createTwin(h.app, key, { parts, headers });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({ code: 'idempotency_key_reused', type: 'idempotency_error', retryable: false });
  });

  test('same key while the first request is in flight: 409 idempotency_key_in_use, retryable, Retry-After', async () => {
    const { test: key, orgId } = await h.org();
    await h.handle.db.insert(idempotencyKeys).values({
      orgId,
      livemode: false,
      key: 'busy',
      requestHash: '',
      state: 'in_flight',
      expiresAt: new Date(Date.now() + 60_000),
    });
    const res = await createTwin(h.app, key, { headers: { 'idempotency-key': 'busy' } });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({ code: 'idempotency_key_in_use', retryable: true });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  test('a request that ended in error holds no key', async () => {
    const { test: key } = await h.org();
    const headers = { 'idempotency-key': 'retry-me' };
    const bad = await createTwin(h.app, key, {
      parts: [{ name: 'file', filename: 'bad name.json', content: '{}' }],
      headers,
    });
    expect(bad.statusCode).toBe(400);
    const good = await createTwin(h.app, key, { headers });
    expect(good.statusCode).toBe(202);
    expect(good.headers['idempotent-replayed']).toBeUndefined();
  });

  test('keys are per organization and mode, and forgotten after the TTL', async () => {
    const a = await h.org();
    const b = await h.org();
    const headers = { 'idempotency-key': 'shared-name' };
    const ids = new Set<string>();
    for (const k of [a.test, a.live, b.test]) {
      const res = await createTwin(h.app, k, { headers });
      expect(res.statusCode).toBe(202);
      expect(res.headers['idempotent-replayed']).toBeUndefined();
      ids.add((res.json() as { id: string }).id);
    }
    expect(ids.size).toBe(3);
    // age the key past its time: the same key now starts a new twin
    await h.handle.db
      .update(idempotencyKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(idempotencyKeys.orgId, a.orgId));
    const again = await createTwin(h.app, a.test, { headers });
    expect(again.statusCode).toBe(202);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(ids.has((again.json() as { id: string }).id)).toBe(false);
    // the rows of expired keys are deleted by the purge `serve` runs now and then; live ones stay
    await h.handle.db
      .update(idempotencyKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(idempotencyKeys.orgId, a.orgId));
    const before = await h.handle.db.select().from(idempotencyKeys);
    const expired = before.filter((r) => r.orgId === a.orgId).length;
    expect(expired).toBeGreaterThan(0);
    expect(await purgeExpiredIdempotencyKeys(h.handle.db)).toBe(expired);
    const after = await h.handle.db.select().from(idempotencyKeys);
    expect(after.filter((r) => r.orgId === a.orgId)).toHaveLength(0);
    expect(after.length).toBe(before.length - expired);
  });

  test('an invalid Idempotency-Key is 400', async () => {
    const { test: key } = await h.org();
    const res = await createTwin(h.app, key, { headers: { 'idempotency-key': 'x'.repeat(256) } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('invalid_idempotency_key');
  });

  test('the idempotency record keeps no twinning key', async () => {
    const { test: key, orgId } = await h.org();
    await createTwin(h.app, key, {
      parts: [
        { name: 'file', filename: 't.json', content: '{}' },
        { name: 'key', value: KEY },
      ],
      headers: { 'idempotency-key': 'no-secret' },
    });
    const rows = await h.handle.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.orgId, orgId));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(KEY);
    expect(rows[0]!.state).toBe('done');
  });
});

describe('limits and money', () => {
  test('live: 402 out_of_credit with action_url when the balance is used up; test mode is free', async () => {
    const { live, test, orgId } = await h.org({ balance: 1 });
    expect((await createTwin(h.app, live)).statusCode).toBe(202);
    const res = await createTwin(h.app, live);
    expect(res.statusCode).toBe(402);
    const err = errorOf(res) as { code: string; action_url?: string };
    expect(err.code).toBe('out_of_credit');
    expect(err.action_url).toBe('https://twins.example.test/billing');
    expect((await createTwin(h.app, test)).statusCode).toBe(202);
    const [org] = await h.handle.db.select().from(organizations).where(eq(organizations.id, orgId));
    expect(org!.balance).toBe(0);
  });

  test('the balance is checked before the run limits', async () => {
    const { live } = await h.org({ balance: 0, maxConcurrent: 0 });
    expect((await createTwin(h.app, live)).statusCode).toBe(402);
  });

  test('runs at once: 429 with Retry-After at the limit, per mode; an ended run frees a slot', async () => {
    const { test, live } = await h.org({ maxConcurrent: 2 });
    const a = await createTwin(h.app, test);
    expect((await createTwin(h.app, test)).statusCode).toBe(202);
    const over = await createTwin(h.app, test);
    expect(over.statusCode).toBe(429);
    expect(errorOf(over)).toMatchObject({ code: 'concurrent_runs_exceeded', retryable: true });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await createTwin(h.app, live)).statusCode).toBe(202);
    await setTwin((a.json() as { id: string }).id, { status: 'completed', completed: Math.floor(Date.now() / 1000) });
    expect((await createTwin(h.app, test)).statusCode).toBe(202);
  });

  test('runs per rolling 24 hours: ended runs count, runs older than 24 hours do not', async () => {
    const { test } = await h.org({ maxDailyTest: 2, maxConcurrent: 10 });
    const a = await createTwin(h.app, test);
    const b = await createTwin(h.app, test);
    expect(b.statusCode).toBe(202);
    await setTwin((b.json() as { id: string }).id, { status: 'failed', completed: Math.floor(Date.now() / 1000) });
    const over = await createTwin(h.app, test);
    expect(over.statusCode).toBe(429);
    expect(errorOf(over).code).toBe('daily_runs_exceeded');
    const retry = Number(over.headers['retry-after']);
    expect(retry).toBeGreaterThan(86_000);
    expect(retry).toBeLessThanOrEqual(86_400);
    const now = Math.floor(Date.now() / 1000);
    await setTwin((a.json() as { id: string }).id, { created: now - 86_401 });
    expect((await createTwin(h.app, test)).statusCode).toBe(202);
  });
});

describe('list', () => {
  test('newest first, limit, has_more, starting_after, end_user filter, url', async () => {
    const { test: key } = await h.org({ maxConcurrent: 50, maxDailyTest: 50 });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await createTwin(h.app, key, {
        parts: [
          { name: 'file', filename: `t${i}.json`, content: '{}' },
          { name: 'end_user', value: i % 2 === 0 ? 'even' : 'odd' },
        ],
      });
      ids.push((res.json() as { id: string }).id);
    }
    const newestFirst = [...ids].reverse();
    const all = (await get('/v1/svc/twins', key)).json() as {
      object: string;
      data: { id: string }[];
      has_more: boolean;
      url: string;
    };
    expect(all.object).toBe('list');
    expect(all.url).toBe('/v1/svc/twins');
    expect(all.data.map((t) => t.id)).toEqual(newestFirst);
    expect(all.has_more).toBe(false);

    const p1 = (await get('/v1/svc/twins?limit=2', key)).json() as { data: { id: string }[]; has_more: boolean };
    expect(p1.data.map((t) => t.id)).toEqual(newestFirst.slice(0, 2));
    expect(p1.has_more).toBe(true);
    const p2 = (await get(`/v1/svc/twins?limit=2&starting_after=${p1.data[1]!.id}`, key)).json() as {
      data: { id: string }[];
      has_more: boolean;
    };
    expect(p2.data.map((t) => t.id)).toEqual(newestFirst.slice(2, 4));
    expect(p2.has_more).toBe(true);
    const p3 = (await get(`/v1/svc/twins?limit=2&starting_after=${p2.data[1]!.id}`, key)).json() as {
      data: { id: string }[];
      has_more: boolean;
    };
    expect(p3.data.map((t) => t.id)).toEqual(newestFirst.slice(4));
    expect(p3.has_more).toBe(false);

    const even = (await get('/v1/svc/twins?end_user=even', key)).json() as { data: { id: string; end_user: string }[] };
    expect(even.data.map((t) => t.id)).toEqual([ids[4], ids[2], ids[0]]);
    const none = (await get('/v1/svc/twins?end_user=', key)).json() as { data: unknown[] };
    expect(none.data).toHaveLength(5);
  });

  test('default limit 10, bounds 1..100, bad starting_after', async () => {
    const { test: key } = await h.org({ maxConcurrent: 50, maxDailyTest: 50 });
    for (let i = 0; i < 11; i++) await createTwin(h.app, key);
    const page = (await get('/v1/svc/twins', key)).json() as { data: unknown[]; has_more: boolean };
    expect(page.data).toHaveLength(10);
    expect(page.has_more).toBe(true);
    for (const q of ['limit=0', 'limit=101', 'limit=abc', 'limit=1.5']) {
      const res = await get(`/v1/svc/twins?${q}`, key);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe('parameter_invalid');
    }
    expect((await get('/v1/svc/twins?limit=100', key)).statusCode).toBe(200);
    const missing = await get('/v1/svc/twins?starting_after=twin_nope', key);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('resource_missing');
    expect(errorOf(await get('/v1/svc/twins?end_user=a%40b', key)).code).toBe('invalid_end_user');
  });
});

describe('retrieve and content', () => {
  test('content statuses: 409 twin_not_completed, 409 twin_failed, 200 by extension, 410 content_expired', async () => {
    const { test: key } = await h.org({ maxConcurrent: 50 });
    const mk = async (filename: string) => ((await createTwin(h.app, key, { filename })).json() as { id: string }).id;

    const queued = await mk('q.json');
    let res = await get(`/v1/svc/twins/${queued}/content`, key);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({ code: 'twin_not_completed', retryable: true });
    await setTwin(queued, { status: 'running' });
    expect(errorOf(await get(`/v1/svc/twins/${queued}/content`, key)).code).toBe('twin_not_completed');

    const failed = await mk('f.json');
    const error = { type: 'run_error' as const, code: 'unsupported_content', message: 'Not text.', retryable: false };
    await setTwin(failed, { status: 'failed', completed: Math.floor(Date.now() / 1000), error });
    res = await get(`/v1/svc/twins/${failed}/content`, key);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).code).toBe('twin_failed');
    const failedTwin = (await get(`/v1/svc/twins/${failed}`, key)).json() as Record<string, unknown>;
    expect(failedTwin).toMatchObject({ status: 'failed', error });
    expect(typeof failedTwin.completed).toBe('number');

    const cases: [string, string][] = [
      ['a.json', 'application/json'],
      ['a.jsonl', 'application/x-ndjson'],
      ['a.ndjson', 'application/x-ndjson'],
      ['a.txt', 'text/plain; charset=utf-8'],
      ['README', 'text/plain; charset=utf-8'],
    ];
    for (const [filename, type] of cases) {
      const id = await mk(filename);
      const content = Buffer.from(`twinned ${filename}`);
      await h.blobs.put(`content/${id}`, content);
      await setTwin(id, {
        status: 'completed',
        completed: Math.floor(Date.now() / 1000),
        contentKey: `content/${id}`,
        contentBytes: content.length,
      });
      const ok = await get(`/v1/svc/twins/${id}/content`, key);
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['content-type']).toBe(type);
      expect(ok.rawPayload).toEqual(content);
      expect(ok.headers['service-version']).toBe('2026-10-11');
    }

    const expired = await mk('e.json');
    await setTwin(expired, {
      status: 'completed',
      completed: Math.floor(Date.now() / 1000) - 8 * 86_400,
      contentKey: null,
      contentExpired: true,
    });
    res = await get(`/v1/svc/twins/${expired}/content`, key);
    expect(res.statusCode).toBe(410);
    expect(errorOf(res).code).toBe('content_expired');

    // past the retention by age alone: the content is still stored (its timer has not run yet), yet it is gone
    const aged = await mk('old.json');
    await h.blobs.put(`content/${aged}`, Buffer.from('twinned'));
    await setTwin(aged, {
      status: 'completed',
      completed: Math.floor(Date.now() / 1000) - 8 * 86_400,
      contentKey: `content/${aged}`,
      contentBytes: 7,
    });
    res = await get(`/v1/svc/twins/${aged}/content`, key);
    expect(res.statusCode).toBe(410);
    expect(errorOf(res).code).toBe('content_expired');
  });

  test('a twin stored with a name of only dots (accepted before they were refused) downloads as `twin`', async () => {
    const { test: key } = await h.org();
    const id = ((await createTwin(h.app, key, { filename: 'a.txt' })).json() as { id: string }).id;
    await h.blobs.put(`content/${id}`, Buffer.from('twinned'));
    await setTwin(id, {
      filename: '..',
      status: 'completed',
      completed: Math.floor(Date.now() / 1000),
      contentKey: `content/${id}`,
      contentBytes: 7,
    });
    const res = await get(`/v1/svc/twins/${id}/content`, key);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="twin"');
  });

  test('retrieve an unknown twin: 404', async () => {
    const { test: key } = await h.org();
    const res = await get('/v1/svc/twins/twin_doesnotexist', key);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('resource_missing');
  });
});

describe('health', () => {
  test('/healthz and /readyz need no key', async () => {
    expect((await get('/healthz')).statusCode).toBe(200);
    const ready = await get('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready' });
  });
});

test('form helper sanity: the body is what a browser would send', () => {
  const f = form([{ name: 'a', value: 'b' }]);
  expect(f.payload.toString()).toContain('name="a"\r\n\r\nb\r\n');
});
