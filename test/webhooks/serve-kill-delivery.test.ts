/**
 * A real `serve` killed with SIGKILL in the middle of a delivery's schedule (its first attempt answered 500, the
 * workflow in its durable wait), then started again on the same data: the delivery goes on as scheduled from the
 * new process (the same event, id and body, after the wait), and stops at the first 2xx. Delivery is at least
 * once (docs/webhooks.md): an attempt the kill cut short counts as a failed one and is followed by the scheduled
 * wait, never repeated at once, so the schedule's two attempts are all that arrive.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { assertBuilt, serverReady, startServe, waitFor, type ServeProcess } from '../support/serve-process';
import { startReceiver, type Receiver, type Received } from './receiver';

const FIXTURE = path.resolve(__dirname, '../fixtures/example.jsonl');
/** One wait of 4 s: two attempts at most. */
const WAIT_S = 4;

let cwd: string;
let receiver: Receiver;
const procs: ServeProcess[] = [];

beforeAll(async () => {
  assertBuilt();
  cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'tt-serve-kill-hooks-'));
  receiver = await startReceiver();
});

afterAll(async () => {
  for (const p of procs) {
    if (p.child.exitCode === null && p.child.signalCode === null) {
      p.child.kill('SIGTERM');
      await p.exited;
    }
  }
  await receiver?.close();
  if (cwd) fs.rmSync(cwd, { recursive: true, force: true });
}, 30_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function serve(): ServeProcess {
  const p = startServe(cwd, [
    '--webhook-allow-loopback',
    '--webhook-ca-file',
    receiver.caFile,
    '--webhook-schedule',
    `${WAIT_S}s`,
    '--webhook-timeout',
    '2s',
  ]);
  procs.push(p);
  return p;
}

test('kill -9 during a delivery schedule, restart: the retry comes from the new process, as scheduled, once', async () => {
  const first = serve();
  const info = await serverReady(cwd, first);
  const key = /\b(svc_sk_test_[A-Za-z0-9]{32})\b/.exec(first.stderr())?.[1] as string;
  const auth = { authorization: `Bearer ${key}` };

  const created = await fetch(`${info.apiUrl}/v1/svc/webhook_endpoints`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ url: receiver.url('localhost', '/hook') }),
  });
  expect(created.status).toBe(201);
  const { secret } = (await created.json()) as { secret: string };

  // the first attempt fails; every later one succeeds
  const answers: { got: Received; status: number }[] = [];
  receiver.handler = (got, res) => {
    const status = answers.length === 0 ? 500 : 200;
    answers.push({ got, status });
    res.writeHead(status).end();
  };

  const form = new FormData();
  form.append('file', new Blob([fs.readFileSync(FIXTURE)]), 'example.jsonl');
  const res = await fetch(`${info.apiUrl}/v1/svc/twins`, { method: 'POST', headers: auth, body: form });
  expect(res.status).toBe(202);
  const { id: twinId } = (await res.json()) as { id: string };

  await waitFor('the first attempt', () => (answers.length > 0 ? true : undefined));
  await sleep(500); // the attempt's outcome reaches Temporal; the workflow is now in its wait
  first.child.kill('SIGKILL');
  await first.exited;
  const killedAt = Date.now();

  const second = serve();
  await serverReady(cwd, second);
  await waitFor('the retry', () => (answers.some((a) => a.status === 200) ? true : undefined), 90_000);
  // past the whole schedule: nothing more arrives after the 2xx
  await sleep(WAIT_S * 1000 + 2000);

  const hook = answers.filter((a) => a.got.url === '/hook');
  expect(hook.map((a) => a.status)).toEqual([500, 200]);
  const [firstAttempt] = hook as [{ got: Received; status: number }];
  const retry = hook.find((a) => a.got.at > killedAt);
  expect(retry).toBeDefined();
  for (const { got } of hook) {
    const event = new Webhook(secret).verify(got.body, got.headers as Record<string, string>) as {
      type: string;
      data: { id: string };
    };
    expect(event).toMatchObject({ type: 'svc.twin.completed', data: { id: twinId } });
    // one event: the same id and body at every attempt
    expect(got.headers['webhook-id']).toBe(firstAttempt.got.headers['webhook-id']);
    expect(got.body).toBe(firstAttempt.got.body);
  }
  // the durable wait held across the kill: the retry was not sent before its time
  expect(Number(retry!.got.headers['webhook-timestamp'])).toBeGreaterThanOrEqual(
    Number(firstAttempt.got.headers['webhook-timestamp']) + WAIT_S,
  );

  second.child.kill('SIGTERM');
  expect(await second.exited).toBe(0);
}, 240_000);
