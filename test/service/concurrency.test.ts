/**
 * Races: concurrent identical idempotent requests make one twin; concurrent
 * live creates never overdraw the balance; the concurrent-run limit is exact.
 * Run on the embedded PGlite and on the local PostgreSQL (a fresh database
 * per run, dropped afterwards).
 */
import { and, eq } from 'drizzle-orm';
import { openDatabase } from '../../db/client';
import { organizations, twins } from '../../db/schema';
import { createTwin, freshPostgresDatabase, makeHarness, type Harness } from './helpers';

describe.each(['pglite', 'postgres'] as const)('on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await makeHarness(kind);
  });
  afterAll(async () => {
    await h.close();
  });

  test('20 parallel identical idempotent requests make exactly one twin', async () => {
    const { test: key, orgId } = await h.org({ maxConcurrent: 50 });
    const before = h.started.length;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => createTwin(h.app, key, { headers: { 'idempotency-key': 'same-one' } })),
    );
    const accepted = results.filter((r) => r.statusCode === 202);
    const inUse = results.filter((r) => r.statusCode === 409);
    expect(accepted.length + inUse.length).toBe(20);
    expect(accepted.length).toBeGreaterThanOrEqual(1);
    for (const r of inUse) expect((r.json() as { error: { code: string } }).error.code).toBe('idempotency_key_in_use');
    const ids = new Set(accepted.map((r) => (r.json() as { id: string }).id));
    expect(ids.size).toBe(1);
    const rows = await h.handle.db.select().from(twins).where(eq(twins.orgId, orgId));
    expect(rows).toHaveLength(1);
    expect(h.started.length).toBe(before + 1);
    // afterwards every retry replays
    const later = await createTwin(h.app, key, { headers: { 'idempotency-key': 'same-one' } });
    expect(later.statusCode).toBe(202);
    expect(later.headers['idempotent-replayed']).toBe('true');
  });

  test('10 parallel live creates with balance 3: exactly 3 accepted, balance 0', async () => {
    const { live, orgId } = await h.org({ balance: 3, maxConcurrent: 50 });
    const results = await Promise.all(Array.from({ length: 10 }, () => createTwin(h.app, live)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 202)).toHaveLength(3);
    expect(codes.filter((c) => c === 402)).toHaveLength(7);
    const [org] = await h.handle.db.select().from(organizations).where(eq(organizations.id, orgId));
    expect(org!.balance).toBe(0);
    const rows = await h.handle.db
      .select()
      .from(twins)
      .where(and(eq(twins.orgId, orgId), eq(twins.charged, true)));
    expect(rows).toHaveLength(3);
  });

  test('the concurrent-run limit is exact under 12 parallel creates', async () => {
    const { test, orgId } = await h.org({ maxConcurrent: 3, maxDailyTest: 100 });
    const results = await Promise.all(Array.from({ length: 12 }, () => createTwin(h.app, test)));
    expect(results.filter((r) => r.statusCode === 202)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(9);
    const rows = await h.handle.db.select().from(twins).where(eq(twins.orgId, orgId));
    expect(rows).toHaveLength(3);
  });

  test('the daily limit is exact under 8 parallel creates', async () => {
    const { test, orgId } = await h.org({ maxConcurrent: 100, maxDailyTest: 5 });
    const results = await Promise.all(Array.from({ length: 8 }, () => createTwin(h.app, test)));
    expect(results.filter((r) => r.statusCode === 202)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(3);
    const rows = await h.handle.db.select().from(twins).where(eq(twins.orgId, orgId));
    expect(rows).toHaveLength(5);
  });
});

test('three connections opening one fresh PostgreSQL database at once migrate it once, under the advisory lock', async () => {
  const fresh = await freshPostgresDatabase();
  try {
    const handles = await Promise.all(
      Array.from({ length: 3 }, () => openDatabase({ databaseUrl: fresh.url, dataDir: '.' })),
    );
    const rows = await handles[0]!.db.select().from(organizations);
    expect(rows).toEqual([]);
    await Promise.all(handles.map((x) => x.close()));
  } finally {
    await fresh.drop();
  }
});
