/**
 * The contract's twin tables against the real program: `bin/tracetwin serve`
 * spawned on loopback ports (its own Temporal dev server, PGlite, blob
 * folder), provisioned with `bin/tracetwin admin`, driven over HTTP only.
 * Short knobs make the time-based rows observable: `--content-retention 4s`,
 * `--idempotency-ttl 3s`. Upload caps stay at their defaults (256 KiB in test
 * mode). Revocation through this server's own admin API takes effect at once
 * (the two share a key cache); the `--key-cache-ttl` bound for keys revoked
 * elsewhere is tested on the key cache itself (test/service/twins.test.ts).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  REPO,
  assertBuilt,
  serverReady,
  startServe,
  waitFor,
  type ServeProcess,
  type ServerJson,
} from '../support/serve-process';

jest.setTimeout(180_000);

let cwd: string;
let proc: ServeProcess;
let info: ServerJson;

beforeAll(async () => {
  assertBuilt();
  cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'tt-blackbox-'));
  proc = startServe(cwd, ['--content-retention', '4s', '--idempotency-ttl', '3s']);
  info = await serverReady(cwd, proc);
});

afterAll(async () => {
  if (proc && proc.child.exitCode === null) {
    proc.child.kill('SIGTERM');
    await proc.exited;
  }
  if (cwd) fs.rmSync(cwd, { recursive: true, force: true });
});

async function admin(args: string[]): Promise<Record<string, string | number>> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(REPO, 'bin/tracetwin'), 'admin', '--data-dir', path.join(cwd, 'tracetwin-data'), ...args],
    { timeout: 30_000 },
  );
  return JSON.parse(stdout) as Record<string, string | number>;
}

async function org(flags: string[] = []): Promise<{ id: string; live: string; test: string }> {
  const o = await admin(['org', 'create', '--name', 'Black-box org', ...flags]);
  const live = await admin(['key', 'create', '--org', String(o.id), '--mode', 'live']);
  const test = await admin(['key', 'create', '--org', String(o.id), '--mode', 'test']);
  return { id: String(o.id), live: String(live.secret), test: String(test.secret) };
}

interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
  text: string;
}

async function call(
  method: string,
  route: string,
  key: string,
  init: { body?: FormData; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const res = await fetch(`${info.apiUrl}${route}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(init.headers ?? {}) },
    body: init.body,
  });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // content downloads are the file itself
  }
  return { status: res.status, headers: res.headers, body, text };
}

function upload(content: string | Buffer, filename: string, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  form.append('file', new Blob([content]), filename);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

const errorOf = (a: Answer) => a.body.error as { type: string; code: string; retryable: boolean; request_id: string };

async function ended(key: string, id: string): Promise<Record<string, unknown>> {
  return waitFor('the twin to end', async () => {
    const r = await call('GET', `/v1/svc/twins/${id}`, key);
    return r.body.status === 'completed' || r.body.status === 'failed' ? r.body : undefined;
  });
}

const TRACE = '{"user":"Alice Martin","email":"alice.martin@example.org"}\n';

test('create → completed → content, then 410 content_expired after --content-retention', async () => {
  const { test: key } = await org();
  const created = await call('POST', '/v1/svc/twins', key, { body: upload(TRACE, 'chat.jsonl') });
  expect(created.status).toBe(202);
  expect(created.body.status).toBe('queued');
  expect(created.headers.get('location')).toBe(`/v1/svc/twins/${String(created.body.id)}`);
  expect(created.headers.get('service-version')).toBe('2026-10-11');
  expect(created.headers.get('request-id')).toBeTruthy();
  const id = String(created.body.id);
  const done = await ended(key, id);
  expect(done.status).toBe('completed');
  expect(typeof done.completed).toBe('number');
  const content = await call('GET', `/v1/svc/twins/${id}/content`, key);
  expect(content.status).toBe(200);
  expect(content.headers.get('content-type')).toBe('application/x-ndjson');
  expect(content.text).not.toContain('alice.martin@example.org');
  const expired = await waitFor(
    'the content to expire',
    async () => {
      const r = await call('GET', `/v1/svc/twins/${id}/content`, key);
      return r.status === 410 ? r : undefined;
    },
    30_000,
  );
  expect(errorOf(expired).code).toBe('content_expired');
  expect(errorOf(expired).request_id).toBe(expired.headers.get('request-id'));
});

test('binary content fails the run: 409 twin_failed, error unsupported_content, credit given back', async () => {
  const o = await org(['--balance', '1']);
  const created = await call('POST', '/v1/svc/twins', o.live, { body: upload(Buffer.from([0x7b, 0, 0x7d]), 'x.json') });
  expect(created.status).toBe(202);
  const done = await ended(o.live, String(created.body.id));
  expect(done.status).toBe('failed');
  expect(done.error).toMatchObject({ type: 'run_error', code: 'unsupported_content', retryable: false });
  const content = await call('GET', `/v1/svc/twins/${String(created.body.id)}/content`, o.live);
  expect(content.status).toBe(409);
  expect(errorOf(content).code).toBe('twin_failed');
  // the one credit came back: another live twin is accepted
  const again = await call('POST', '/v1/svc/twins', o.live, { body: upload(TRACE, 'again.jsonl') });
  expect(again.status).toBe(202);
});

test('402 out_of_credit with action_url, 413 over the test cap, 429 over the daily test limit', async () => {
  const broke = await org(['--balance', '0', '--max-daily-test', '1']);
  const noCredit = await call('POST', '/v1/svc/twins', broke.live, { body: upload(TRACE, 'a.jsonl') });
  expect(noCredit.status).toBe(402);
  expect(errorOf(noCredit).code).toBe('out_of_credit');
  expect((noCredit.body.error as { action_url?: string }).action_url).toMatch(/\/billing$/);

  const big = await call('POST', '/v1/svc/twins', broke.test, { body: upload('x'.repeat(257 * 1024), 'big.txt') });
  expect(big.status).toBe(413);

  expect((await call('POST', '/v1/svc/twins', broke.test, { body: upload(TRACE, 'one.jsonl') })).status).toBe(202);
  const over = await call('POST', '/v1/svc/twins', broke.test, { body: upload(TRACE, 'two.jsonl') });
  expect(over.status).toBe(429);
  expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
});

test('404 across organizations and modes; 400 unknown_api_version; 401 without a key', async () => {
  const a = await org();
  const b = await org();
  const created = await call('POST', '/v1/svc/twins', a.test, { body: upload(TRACE, 't.jsonl') });
  const id = String(created.body.id);
  for (const other of [b.test, a.live]) {
    const r = await call('GET', `/v1/svc/twins/${id}`, other);
    expect(r.status).toBe(404);
    expect(errorOf(r).code).toBe('resource_missing');
  }
  const pinned = await call('GET', '/v1/svc/twins', a.test, { headers: { 'service-version': '1999-01-01' } });
  expect(pinned.status).toBe(400);
  expect(errorOf(pinned).code).toBe('unknown_api_version');
  const anonymous = await fetch(`${info.apiUrl}/v1/svc/twins`);
  expect(anonymous.status).toBe(401);
  expect(anonymous.headers.get('service-version')).toBe('2026-10-11');
});

test('idempotency: replay, 409 idempotency_key_reused, and a new twin after --idempotency-ttl', async () => {
  const { test: key } = await org();
  const headers = { 'idempotency-key': 'order-42' };
  const first = await call('POST', '/v1/svc/twins', key, { body: upload(TRACE, 't.jsonl'), headers });
  expect(first.status).toBe(202);
  const replay = await call('POST', '/v1/svc/twins', key, { body: upload(TRACE, 't.jsonl'), headers });
  expect(replay.status).toBe(202);
  expect(replay.body.id).toBe(first.body.id);
  expect(replay.headers.get('idempotent-replayed')).toBe('true');
  const reused = await call('POST', '/v1/svc/twins', key, { body: upload('other\n', 't.jsonl'), headers });
  expect(reused.status).toBe(409);
  expect(errorOf(reused)).toMatchObject({ type: 'idempotency_error', code: 'idempotency_key_reused' });
  await new Promise((r) => setTimeout(r, 3500));
  const later = await call('POST', '/v1/svc/twins', key, { body: upload(TRACE, 't.jsonl'), headers });
  expect(later.status).toBe(202);
  expect(later.body.id).not.toBe(first.body.id);
  expect(later.headers.get('idempotent-replayed')).toBeNull();
});

test('a key revoked with `tracetwin admin key revoke` stops working', async () => {
  const o = await admin(['org', 'create', '--name', 'Revocation org']);
  const k = await admin(['key', 'create', '--org', String(o.id), '--mode', 'test']);
  const secret = String(k.secret);
  expect((await call('GET', '/v1/svc/twins', secret)).status).toBe(200);
  await promisify(execFile)(process.execPath, [
    path.join(REPO, 'bin/tracetwin'),
    'admin',
    '--data-dir',
    path.join(cwd, 'tracetwin-data'),
    'key',
    'revoke',
    String(k.id),
  ]);
  const refused = await waitFor(
    'the revoked key to be refused',
    async () => {
      const r = await call('GET', '/v1/svc/twins', secret);
      return r.status === 401 ? r : undefined;
    },
    5_000,
  );
  expect(errorOf(refused).request_id).toBe(refused.headers.get('request-id'));
});
