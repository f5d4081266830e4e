/**
 * `tracetwin serve` as built (`npm run build`), with no store flags: its own
 * Temporal dev server, PGlite and blobs in the data dir, an in-process
 * worker. First start prints a test key; a twin runs end to end; SIGTERM
 * shuts everything down; a second start on the same data dir keeps the data
 * and prints no key.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assertBuilt, serverReady, startServe, waitFor, type ServeProcess } from '../support/serve-process';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

let cwd: string;
const procs: ServeProcess[] = [];

beforeAll(() => {
  assertBuilt();
  cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'tt-serve-'));
});

afterAll(async () => {
  for (const p of procs) if (p.child.exitCode === null) p.child.kill('SIGKILL');
  if (cwd) fs.rmSync(cwd, { recursive: true, force: true });
});

const start = (dir: string): ServeProcess => startServe(dir);
const ready = (p: ServeProcess) => serverReady(cwd, p);

test('serve with no flags: first-start key, a twin end to end, Web UI, graceful stop, restart keeps the data', async () => {
  const first = start(cwd);
  procs.push(first);
  const info = await ready(first);
  const key = /\b(svc_sk_test_[A-Za-z0-9]{32})\b/.exec(first.stderr())?.[1];
  expect(key).toBeDefined();
  expect(first.stderr()).toContain(`Web UI ${info.temporalUiUrl}`);
  expect(fs.statSync(path.join(cwd, 'tracetwin-data', 'server.json')).mode & 0o077).toBe(0);
  expect((await fetch(info.temporalUiUrl as string)).status).toBe(200);

  const form = new FormData();
  form.append('file', new Blob(['{"user":"Alice Martin","email":"alice.martin@example.org"}\n']), 'chat.jsonl');
  const created = await fetch(`${info.apiUrl}/v1/svc/twins`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
    body: form,
  });
  expect(created.status).toBe(202);
  const twin = (await created.json()) as { id: string };
  const done = await waitFor('the twin to end', async () => {
    const r = await fetch(`${info.apiUrl}/v1/svc/twins/${twin.id}`, { headers: { authorization: `Bearer ${key}` } });
    const body = (await r.json()) as { status: string };
    return body.status === 'completed' || body.status === 'failed' ? body : undefined;
  });
  expect(done.status).toBe('completed');
  const content = await fetch(`${info.apiUrl}/v1/svc/twins/${twin.id}/content`, {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(content.status).toBe(200);
  const text = await content.text();
  expect(text).not.toContain('alice.martin@example.org');
  expect(JSON.parse(text)).toHaveProperty('email');

  const devPid = Number(fs.readFileSync(path.join(cwd, 'tracetwin-data', 'temporal', 'dev-server.pid'), 'utf8'));
  expect(alive(devPid)).toBe(true);
  first.child.kill('SIGTERM');
  expect(await first.exited).toBe(0);
  expect(alive(devPid)).toBe(false);
  expect(fs.existsSync(path.join(cwd, 'tracetwin-data', 'server.json'))).toBe(false);

  const second = start(cwd);
  procs.push(second);
  const again = await ready(second);
  expect(second.stderr()).not.toContain('svc_sk_test_');
  const r = await fetch(`${again.apiUrl}/v1/svc/twins/${twin.id}`, { headers: { authorization: `Bearer ${key}` } });
  expect(((await r.json()) as { status: string }).status).toBe('completed');
  second.child.kill('SIGTERM');
  expect(await second.exited).toBe(0);
}, 120_000);
