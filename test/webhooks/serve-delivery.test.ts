/**
 * Webhook deliveries through `tracetwin serve` as built (`npm run build`):
 * a local HTTPS receiver for `localhost` with a certificate signed by a CA
 * made here (trusted through `--webhook-ca-file`, loopback let through by
 * `--webhook-allow-loopback`), an endpoint registered over the API with the
 * first-start test key, a twin uploaded, and its `svc.twin.completed` event
 * checked as received: signed per Standard Webhooks (verified with the
 * official package), retried after a 500 with the same id and a fresh
 * signature, and no longer sent once the endpoint is deleted.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FREE_TEMPORAL_PORTS } from '../support/serve-process';
import { Webhook } from 'standardwebhooks';
import { startReceiver, type Receiver, type Received } from './receiver';

const REPO = path.resolve(__dirname, '../..');
const BIN = path.join(REPO, 'bin/tracetwin');
const FIXTURE = path.join(REPO, 'test/fixtures/example.jsonl');

interface ServerJson {
  pid: number;
  apiUrl: string;
}

interface Event {
  id: string;
  object: string;
  type: string;
  livemode: boolean;
  data: { id: string; object: string; status: string };
}

let dir: string;
let receiver: Receiver;
let child: ChildProcess | undefined;
let exited: Promise<unknown> = Promise.resolve();
let stderr = '';
let api: string;
let key: string;

async function waitFor<T>(what: string, fn: () => Promise<T | undefined> | T | undefined, ms = 40_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}\nserve stderr:\n${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  if (!fs.existsSync(path.join(REPO, 'dist/cli/main.js'))) {
    throw new Error('dist/cli/main.js is missing: build first (npm run build, or npm test, which builds before jest)');
  }
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tt-serve-hooks-'));
  receiver = await startReceiver();
  const env = { ...process.env };
  for (const k of Object.keys(env)) if (k.startsWith('TRACETWIN_')) delete env[k];
  const dataDir = path.join(dir, 'data');
  // Two waits of 1 s: three attempts at most, a retry arrives about a second after a failed attempt.
  child = spawn(
    process.execPath,
    [
      BIN,
      'serve',
      '--data-dir',
      dataDir,
      '--listen',
      '127.0.0.1:0',
      '--workers',
      '1',
      ...FREE_TEMPORAL_PORTS,
      '--webhook-allow-loopback',
      '--webhook-ca-file',
      receiver.caFile,
      '--webhook-schedule',
      '1s,1s',
      '--webhook-timeout',
      '2s',
    ],
    { cwd: dir, env: { ...env, TRACETWIN_LOG_LEVEL: 'warn' }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const proc = child;
  exited = new Promise((resolve) => proc.once('exit', resolve));
  proc.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const info = await waitFor(
    'server.json',
    () => {
      if (proc.exitCode !== null) throw new Error(`serve exited with ${proc.exitCode}:\n${stderr}`);
      try {
        const parsed = JSON.parse(fs.readFileSync(path.join(dataDir, 'server.json'), 'utf8')) as ServerJson;
        return parsed.pid === proc.pid ? parsed : undefined;
      } catch {
        return undefined;
      }
    },
    90_000,
  );
  api = info.apiUrl;
  const found = /\b(svc_sk_test_[A-Za-z0-9]{32})\b/.exec(stderr)?.[1];
  if (!found) throw new Error(`no first-start test key on stderr:\n${stderr}`);
  key = found;
}, 120_000);

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const stopped = await Promise.race([
      exited.then(() => true),
      new Promise<boolean>((r) => (timer = setTimeout(() => r(false), 15_000))),
    ]);
    clearTimeout(timer);
    if (!stopped) {
      child.kill('SIGKILL');
      await exited;
    }
  }
  await receiver?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}, 30_000);

async function call<T = Record<string, unknown>>(
  method: string,
  pathname: string,
  body?: unknown,
): Promise<{ status: number; json: T | undefined }> {
  const res = await fetch(`${api}${pathname}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as T) : undefined };
}

async function createEndpoint(url: string): Promise<{ id: string; secret: string }> {
  const res = await call<{ id: string; secret: string }>('POST', '/v1/svc/webhook_endpoints', { url });
  expect(res.status).toBe(201);
  expect(res.json?.secret).toMatch(/^whsec_/);
  return res.json as { id: string; secret: string };
}

/** Uploads the example trace and waits for the twin to end; returns its id. */
async function twinToCompletion(): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([fs.readFileSync(FIXTURE)]), 'example.jsonl');
  const res = await fetch(`${api}/v1/svc/twins`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
    body: form,
  });
  expect(res.status).toBe(202);
  const { id } = (await res.json()) as { id: string };
  const status = await waitFor('the twin to end', async () => {
    const s = (await call<{ status: string }>('GET', `/v1/svc/twins/${id}`)).json?.status;
    return s === 'completed' || s === 'failed' ? s : undefined;
  });
  expect(status).toBe('completed');
  return id;
}

function verified(secret: string, got: Received): Event {
  return new Webhook(secret).verify(got.body, got.headers as Record<string, string>) as Event;
}

test('a completed twin is delivered signed, retried after a 500 with the same id, and not sent after DELETE', async () => {
  const hook = await createEndpoint(receiver.url('localhost', '/hook'));
  let hookCalls = 0;
  receiver.handler = (req, res) => {
    if (req.url === '/hook') hookCalls++;
    res.writeHead(req.url === '/hook' && hookCalls === 1 ? 500 : 200).end();
  };

  const twinId = await twinToCompletion();
  await waitFor('two attempts at /hook', () => (hookCalls >= 2 ? true : undefined));
  const attempts = receiver.received.filter((r) => r.url === '/hook');
  expect(attempts.length).toBeGreaterThanOrEqual(2);
  const [first, second] = attempts as [Received, Received];

  for (const got of [first, second]) {
    expect(got.method).toBe('POST');
    expect(got.headers['user-agent']).toBe('webhooks/1');
    expect(got.headers['content-type']).toBe('application/json');
    const event = verified(hook.secret, got);
    expect(event).toMatchObject({
      object: 'event',
      type: 'svc.twin.completed',
      livemode: false,
      data: { id: twinId, object: 'svc.twin', status: 'completed' },
    });
    expect(event.id).toMatch(/^evt_/);
    expect(got.headers['webhook-id']).toBe(event.id);
  }
  // The retry is the same event, signed afresh at its own attempt (a second or more later).
  expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
  expect(second.body).toBe(first.body);
  expect(Number(second.headers['webhook-timestamp'])).toBeGreaterThan(Number(first.headers['webhook-timestamp']));
  expect(second.headers['webhook-signature']).not.toBe(first.headers['webhook-signature']);
  // Someone else's secret does not verify it.
  const other = await createEndpoint(receiver.url('localhost', '/other'));
  expect(() => verified(other.secret, second)).toThrow();

  // Delete /hook; a later twin goes to /other (proof that its event was dispatched) and never to /hook.
  const del = await call('DELETE', `/v1/svc/webhook_endpoints/${hook.id}`);
  expect(del.status).toBe(200);
  expect(del.json).toEqual({ id: hook.id, object: 'webhook_endpoint', deleted: true });
  const hookBefore = hookCalls;
  const laterTwin = await twinToCompletion();
  const atOther = await waitFor('the later event at /other', () =>
    receiver.received.find((r) => r.url === '/other' && verified(other.secret, r).data.id === laterTwin),
  );
  expect(verified(other.secret, atOther).type).toBe('svc.twin.completed');
  // Past the whole retry schedule (two 1 s waits): nothing more at /hook, neither the first event nor the later one.
  await sleep(2500);
  expect(hookBefore).toBe(2);
  expect(hookCalls).toBe(hookBefore);
  expect(receiver.received.filter((r) => r.url === '/other')).toHaveLength(1);
}, 110_000);
