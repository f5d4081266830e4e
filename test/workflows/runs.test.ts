/** The run path's queries: each end state is reached once, with its credit and its event, however often retried. */
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client';
import { openTestDatabase } from '../service/helpers';
import { newId } from '../../db/ids';
import { acceptTwin, createOrganization, getOrganization } from '../../db/repo';
import { completeTwin, eraseRunInputs, expireContent, failTwin, loadRunInput, markRunning } from '../../db/runs';
import { events, twins } from '../../db/schema';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
}, 60_000);
afterAll(async () => {
  await handle?.close();
});

const ERROR = { type: 'run_error' as const, code: 'unsupported_content', message: 'not text', retryable: false };

async function accept(livemode: boolean) {
  const org = await createOrganization(handle.db, { name: 'Runs org', balance: 3 });
  const id = newId('twin');
  const r = await acceptTwin(handle.db, {
    id,
    orgId: org.id,
    livemode,
    filename: 'a.jsonl',
    endUser: null,
    uploadKey: `uploads/${id}`,
    uploadBytes: 10,
    twinningKey: 'cd'.repeat(32),
    confidential: ['Initech'],
  });
  if (!r.ok) throw new Error(r.reason);
  return { id, orgId: org.id };
}

const balance = async (orgId: string) => (await getOrganization(handle.db, orgId))?.balance;
const eventTypes = async (twinId: string) =>
  (await handle.db.select().from(events).where(eq(events.twinId, twinId))).map((e) => e.type);

test('markRunning moves queued to running once and reports end states; a missing twin is null', async () => {
  const t = await accept(false);
  expect(await markRunning(handle.db, t.id)).toBe('running');
  expect(await markRunning(handle.db, t.id)).toBe('running');
  expect(await loadRunInput(handle.db, t.id)).toMatchObject({
    twinningKey: 'cd'.repeat(32),
    confidential: ['Initech'],
  });
  await failTwin(handle.db, t.id, ERROR);
  expect(await markRunning(handle.db, t.id)).toBe('failed');
  expect(await markRunning(handle.db, 'twin_missing')).toBeNull();
});

test('failing twice gives the credit back once and records one event; completing afterwards changes nothing', async () => {
  const t = await accept(true);
  expect(await balance(t.orgId)).toBe(2);
  const [a, b] = await Promise.all([failTwin(handle.db, t.id, ERROR), failTwin(handle.db, t.id, ERROR)]);
  expect([a.changed, b.changed].sort()).toEqual([false, true]);
  expect(await balance(t.orgId)).toBe(3);
  const late = await completeTwin(handle.db, t.id, { contentKey: 'content/x', contentBytes: 1, counts: {} });
  expect(late).toEqual({ changed: false, status: 'failed', eventId: null });
  expect(await eventTypes(t.id)).toEqual(['svc.twin.failed']);
  const [row] = await handle.db.select().from(twins).where(eq(twins.id, t.id));
  expect(row).toMatchObject({ status: 'failed', error: ERROR, charged: false, twinningKey: null, confidential: null });
  expect(await expireContent(handle.db, t.id)).toBeNull();
});

test('completing keeps the credit, erases the key and records the event with the twin object', async () => {
  const t = await accept(true);
  const end = await completeTwin(handle.db, t.id, { contentKey: 'content/y', contentBytes: 42, counts: { email: 2 } });
  expect(end.changed).toBe(true);
  expect(await completeTwin(handle.db, t.id, { contentKey: 'content/y', contentBytes: 42, counts: {} })).toMatchObject({
    changed: false,
    status: 'completed',
  });
  expect(await failTwin(handle.db, t.id, ERROR)).toMatchObject({ changed: false, status: 'completed' });
  expect(await balance(t.orgId)).toBe(2);
  const [evt] = await handle.db.select().from(events).where(eq(events.twinId, t.id));
  expect(evt).toMatchObject({ id: end.eventId, type: 'svc.twin.completed', orgId: t.orgId, livemode: true });
  expect(evt?.data).toMatchObject({ id: t.id, object: 'svc.twin', status: 'completed', error: null });
  expect(await eraseRunInputs(handle.db, t.id)).toBe(true);
  const [row] = await handle.db.select().from(twins).where(eq(twins.id, t.id));
  expect(row).toMatchObject({ uploadKey: null, twinningKey: null, confidential: null, counts: { email: 2 } });
  expect(await expireContent(handle.db, t.id)).toEqual({ contentKey: 'content/y' });
  const [expired] = await handle.db.select().from(twins).where(eq(twins.id, t.id));
  expect(expired).toMatchObject({ status: 'completed', contentExpired: true });
});

test('run inputs are not erased while the twin is pending', async () => {
  const t = await accept(false);
  expect(await eraseRunInputs(handle.db, t.id)).toBe(false);
  expect((await loadRunInput(handle.db, t.id))?.twinningKey).toBe('cd'.repeat(32));
});
