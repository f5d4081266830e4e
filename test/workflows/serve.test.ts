/**
 * `tracetwin serve` as built (`npm run build`), with no store flags: its own
 * Temporal dev server, PGlite and blobs in the data dir, an in-process
 * worker. First start prints a test key; a twin runs end to end; SIGTERM
 * shuts everything down; a second start on the same data dir keeps the data
 * and prints no key.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const REPO = path.resolve(__dirname, '../..');
const BIN = path.join(REPO, 'bin/tracetwin');

interface Proc {
  child: ChildProcess;
  stderr: () => string;
  exited: Promise<number | null>;
}

function start(cwd: string): Proc {
  const env = { ...process.env };
  for (const k of Object.keys(env)) if (k.startsWith('TRACETWIN_')) delete env[k];
  // Only the data dir is implicit (./tracetwin-data in cwd); ports are free ones so tests can run side by side.
  const child = spawn(process.execPath, [BIN, 'serve', '--listen', '127.0.0.1:0', '--workers', '1'], {
    cwd,
    env: { ...env, TRACETWIN_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, stderr: () => err, exited };
}

async function waitFor<T>(what: string, fn: () => Promise<T | undefined> | T | undefined, ms = 60_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

interface ServerJson {
  pid: number;
  apiUrl: string;
  adminUrl: string;
  adminToken: string;
  temporalAddress: string;
  temporalUiUrl?: string;
}

let cwd: string;
const procs: Proc[] = [];

beforeAll(() => {
  if (!fs.existsSync(path.join(REPO, 'dist/cli/main.js'))) throw new Error('build first: npm run build');
  cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'tt-serve-'));
});

afterAll(async () => {
  for (const p of procs) if (p.child.exitCode === null) p.child.kill('SIGKILL');
  if (cwd) fs.rmSync(cwd, { recursive: true, force: true });
});

async function ready(p: Proc): Promise<ServerJson> {
  const file = path.join(cwd, 'tracetwin-data', 'server.json');
  return waitFor('server.json', () => {
    if (p.child.exitCode !== null) throw new Error(`serve exited:\n${p.stderr()}`);
    try {
      const info = JSON.parse(fs.readFileSync(file, 'utf8')) as ServerJson;
      return info.pid === p.child.pid ? info : undefined;
    } catch {
      return undefined;
    }
  });
}

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
