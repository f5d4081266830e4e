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
import { Connection } from '@temporalio/client';
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

  const orgId = /created organization (org_[A-Za-z0-9]+)/.exec(first.stderr())?.[1];
  expect(orgId).toBeDefined();
  const form = new FormData();
  form.append('file', new Blob(['{"user":"Alice Martin","email":"alice.martin@example.org"}\n']), 'chat.jsonl');
  form.append('end_user', 'customer-7');
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

  // A failed twin (not text) beside it.
  const binary = new FormData();
  binary.append('file', new Blob([new Uint8Array([0x7b, 0x00, 0x7d, 0x0a])]), 'dump.jsonl');
  const failedTwin = (await (
    await fetch(`${info.apiUrl}/v1/svc/twins`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
      body: binary,
    })
  ).json()) as { id: string };

  // The Web UI's view: each twin workflow closed with its twin, found by the README's queries.
  const connection = await Connection.connect({ address: info.temporalAddress });
  try {
    const list = async (query: string): Promise<{ id: string; status: string }[]> => {
      const res = await connection.workflowService.listWorkflowExecutions({ namespace: 'default', query });
      return (res.executions ?? []).map((e) => ({
        id: e.execution?.workflowId ?? '',
        status: String(e.status),
      }));
    };
    const today = new Date(Date.now() - 86_400_000).toISOString();
    // README: failed twins of one organisation today
    const failedQuery = `WorkflowType = 'twinWorkflow' AND ExecutionStatus = 'Failed' AND TwinOrgId = '${orgId}' AND StartTime > '${today}'`;
    const failed = await waitFor('the failed twin in the list', async () => {
      const found = await list(failedQuery);
      return found.length > 0 ? found : undefined;
    });
    expect(failed.map((f) => f.id)).toEqual([failedTwin.id]);
    expect(await list(`TwinStatus = 'failed' AND TwinOrgId = '${orgId}'`)).toHaveLength(1);
    const completed = await waitFor('the completed twin in the list', async () => {
      const found = await list(
        `WorkflowType = 'twinWorkflow' AND ExecutionStatus = 'Completed' AND TwinStatus = 'completed' AND TwinMode = 'test' AND TwinEndUser = 'customer-7'`,
      );
      return found.length > 0 ? found : undefined;
    });
    expect(completed.map((c) => c.id)).toEqual([twin.id]);
    // README: twins running longer than 5 minutes — none; and no twin workflow is left Running at all
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000).toISOString();
    expect(
      await list(`WorkflowType = 'twinWorkflow' AND ExecutionStatus = 'Running' AND StartTime < '${fiveMinutesAgo}'`),
    ).toEqual([]);
    expect(await list(`WorkflowType = 'twinWorkflow' AND ExecutionStatus = 'Running'`)).toEqual([]);
    // the content's retention waits in its own workflow
    expect(
      (await list(`WorkflowType = 'contentRetentionWorkflow' AND ExecutionStatus = 'Running'`)).map((r) => r.id),
    ).toEqual([`retention-${twin.id}`]);
  } finally {
    await connection.close();
  }

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

test('SIGTERM while serve is still starting: it finishes starting, then stops everything in order and exits 0', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tt-serve-early-'));
  try {
    const p = startServe(dir);
    procs.push(p);
    // the dev server's pid file is written when it is spawned, seconds before serve is ready
    const pidFile = path.join(dir, 'tracetwin-data', 'temporal', 'dev-server.pid');
    const devPid = await waitFor('the dev server spawned', () =>
      fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8')) || undefined : undefined,
    );
    expect(fs.existsSync(path.join(dir, 'tracetwin-data', 'server.json'))).toBe(false);
    p.child.kill('SIGTERM');
    expect({ code: await p.exited, signal: p.signal() }).toEqual({ code: 0, signal: null });
    expect(alive(devPid)).toBe(false);
    expect(fs.existsSync(path.join(dir, 'tracetwin-data', 'server.json'))).toBe(false);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
