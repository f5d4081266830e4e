/**
 * The admin API (its own Fastify instance, bearer admin token) and the
 * `tracetwin admin` commands against it over real loopback HTTP.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Command } from 'commander';
import type { FastifyInstance } from 'fastify';
import { buildAdminApp } from '../../api/admin';
import { KeyCache } from '../../api/auth';
import { registerAdmin } from '../../cli/commands/admin';
import { registerOpenapi } from '../../cli/commands/openapi';
import { getOrganization } from '../../db/repo';
import { hashSecret } from '../../db/ids';
import { apiKeys } from '../../db/schema';
import { createTwin, makeHarness, TEST_DB, type Harness } from './helpers';

const TOKEN = 'admin-token-for-tests-0123456789';
let h: Harness;
let admin: FastifyInstance;
let adminUrl: string;
let dataDir: string;

beforeAll(async () => {
  h = await makeHarness(TEST_DB);
  admin = await buildAdminApp({ db: h.handle.db, adminToken: TOKEN, keyCache: new KeyCache(h.handle.db, 60_000) });
  adminUrl = await admin.listen({ host: '127.0.0.1', port: 0 });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tracetwin-admin-'));
  fs.writeFileSync(path.join(dataDir, 'server.json'), JSON.stringify({ adminUrl, adminToken: TOKEN }));
});
afterAll(async () => {
  await admin.close();
  await h.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Runs `tracetwin <args>` in process; returns what it wrote to stdout. */
async function cli(args: string[]): Promise<string> {
  const program = new Command('tracetwin').exitOverride();
  registerAdmin(program);
  registerOpenapi(program);
  let out = '';
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out += chunk.toString();
    return true;
  });
  try {
    await program.parseAsync(args, { from: 'user' });
  } finally {
    spy.mockRestore();
  }
  return out;
}

test('the admin API refuses requests without the token', async () => {
  for (const authorization of [undefined, 'Bearer wrong', `Basic ${TOKEN}`]) {
    const res = await admin.inject({
      method: 'POST',
      url: '/admin/organizations',
      headers: authorization ? { authorization } : {},
      payload: { name: 'x' },
    });
    expect(res.statusCode).toBe(401);
  }
});

test('org create / credit, key create / revoke through the CLI with --data-dir, one JSON object each', async () => {
  const orgOut = await cli([
    'admin',
    '--data-dir',
    dataDir,
    'org',
    'create',
    '--name',
    'Acme',
    '--balance',
    '2',
    '--max-concurrent',
    '5',
    '--max-daily-live',
    '7',
    '--max-daily-test',
    '9',
  ]);
  expect(orgOut.trim().split('\n')).toHaveLength(1);
  const org = JSON.parse(orgOut) as { id: string; name: string; balance: number };
  expect(org).toEqual({ id: expect.stringMatching(/^org_/), name: 'Acme', balance: 2 });
  const row = await getOrganization(h.handle.db, org.id);
  expect(row).toMatchObject({ maxConcurrent: 5, maxDailyLive: 7, maxDailyTest: 9 });

  const credited = JSON.parse(
    await cli(['admin', '--data-dir', dataDir, 'org', 'credit', '--org', org.id, '--add', '3']),
  ) as { balance: number };
  expect(credited.balance).toBe(5);

  const liveOut = await cli(['admin', '--data-dir', dataDir, 'key', 'create', '--org', org.id, '--mode', 'live']);
  const live = JSON.parse(liveOut) as { id: string; secret: string; mode: string; org: string };
  expect(live).toEqual({
    id: expect.stringMatching(/^key_/),
    secret: expect.stringMatching(/^svc_sk_(?!test_)/),
    mode: 'live',
    org: org.id,
  });
  const test = JSON.parse(
    await cli([
      'admin',
      '--admin-url',
      adminUrl,
      '--admin-token',
      TOKEN,
      'key',
      'create',
      '--org',
      org.id,
      '--mode',
      'test',
    ]),
  ) as { secret: string; mode: string };
  expect(test.secret).toMatch(/^svc_sk_test_/);
  expect(test.mode).toBe('test');

  // the database keeps only the hash
  const keys = await h.handle.db.select().from(apiKeys);
  expect(JSON.stringify(keys)).not.toContain(live.secret);
  expect(keys.map((k) => k.secretHash)).toContain(hashSecret(live.secret));

  // the key works on the public API, with the organization's balance
  expect((await createTwin(h.app, live.secret)).statusCode).toBe(202);
  const noScope = JSON.parse(
    await cli(['admin', '--data-dir', dataDir, 'key', 'create', '--org', org.id, '--mode', 'test', '--no-twins-scope']),
  ) as { secret: string };
  expect((await createTwin(h.app, noScope.secret)).statusCode).toBe(403);

  const revoked = JSON.parse(await cli(['admin', '--data-dir', dataDir, 'key', 'revoke', live.id])) as {
    id: string;
    revoked: boolean;
  };
  expect(revoked).toEqual({ id: live.id, revoked: true });
  const after = await h.handle.db.select().from(apiKeys);
  expect(after.find((x) => x.id === live.id)?.revokedAt).toBeInstanceOf(Date);
  expect(after.find((x) => x.id !== live.id)?.revokedAt).toBeNull();
});

test('admin errors are reported, not printed as JSON', async () => {
  await expect(
    cli(['admin', '--data-dir', dataDir, 'org', 'credit', '--org', 'org_missing', '--add', '1']),
  ).rejects.toThrow(/404/);
  await expect(
    cli(['admin', '--data-dir', path.join(dataDir, 'nope'), 'org', 'create', '--name', 'x']),
  ).rejects.toThrow(/no running server/);
});

test('`tracetwin openapi` prints the document with the configured caps', async () => {
  const out = await cli(['openapi', '--max-file-test', '100KiB']);
  const doc = JSON.parse(out) as { openapi: string; paths: Record<string, unknown> };
  expect(doc.openapi).toBe('3.1.0');
  expect(Object.keys(doc.paths)).toContain('/v1/svc/twins');
  // the whole API, as `serve` documents it: webhook endpoints and the events sent to them too
  expect(Object.keys(doc.paths)).toEqual(
    expect.arrayContaining(['/v1/svc/webhook_endpoints', '/v1/svc/webhook_endpoints/{endpoint_id}']),
  );
  const events = Object.keys((doc as unknown as { webhooks?: Record<string, unknown> }).webhooks ?? {});
  expect(events.length).toBeGreaterThanOrEqual(2);
  expect(out).toContain('102400 bytes');
  expect(out).toContain('52428800 bytes');
});
