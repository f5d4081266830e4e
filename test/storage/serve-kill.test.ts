/**
 * A real `serve` killed with SIGKILL while an upload streams in leaves its partial file (plain trace
 * content) in the blob folder's `.tmp`; the next start removes it before it serves.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { assertBuilt, serverReady, startServe, waitFor, type ServeProcess } from '../support/serve-process';

let cwd: string;
const procs: ServeProcess[] = [];

beforeAll(() => {
  assertBuilt();
  cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'tt-serve-kill-'));
});

afterAll(async () => {
  for (const p of procs) if (p.child.exitCode === null) p.child.kill('SIGKILL');
  // the Temporal dev server a killed serve leaves is stopped by the next start; stop the last one's too
  const pidFile = path.join(cwd, 'tracetwin-data', 'temporal', 'dev-server.pid');
  const devPid = fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8')) : 0;
  if (devPid > 0) {
    try {
      process.kill(devPid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  if (cwd) fs.rmSync(cwd, { recursive: true, force: true });
});

test('kill -9 during an upload, restart: no partial upload is left', async () => {
  const tmpDir = path.join(cwd, 'tracetwin-data', 'blobs', '.tmp');
  const first = startServe(cwd, ['--max-file-test', '64MiB']);
  procs.push(first);
  const info = await serverReady(cwd, first);
  const key = /\b(svc_sk_test_[A-Za-z0-9]{32})\b/.exec(first.stderr())?.[1] as string;

  // a multipart upload that sends 4 MiB of trace, then holds the connection open
  const boundary = 'tracetwinkilltest';
  const req = http.request(`${info.apiUrl}/v1/svc/twins`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  req.on('error', () => undefined); // the server dies under it
  req.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="trace.jsonl"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const line = Buffer.from('{"role":"user","content":"Alice Martin wrote to alice.martin@example.org"}\n');
  req.write(Buffer.concat(Array.from({ length: Math.ceil((4 << 20) / line.length) }, () => line)));
  const part = await waitFor('the partial upload on disk', () => {
    const names = fs.existsSync(tmpDir) ? fs.readdirSync(tmpDir).filter((n) => n.endsWith('.part')) : [];
    const big = names.find((n) => fs.statSync(path.join(tmpDir, n)).size > 1 << 20);
    return big;
  });

  first.child.kill('SIGKILL');
  await first.exited;
  req.destroy();
  // what the crash left: trace content on disk
  expect(fs.readFileSync(path.join(tmpDir, part), 'utf8')).toContain('alice.martin@example.org');

  const second = startServe(cwd, ['--max-file-test', '64MiB']);
  procs.push(second);
  await serverReady(cwd, second);
  expect(fs.readdirSync(tmpDir)).toEqual([]);
  second.child.kill('SIGTERM');
  const code = await second.exited;
  // how it ended, so that a failure says whether it was killed (a signal) or shut down badly (its stderr)
  expect({ code, signal: second.signal(), stderr: code === 0 ? '' : second.stderr().slice(-4000) }).toEqual({
    code: 0,
    signal: null,
    stderr: '',
  });
}, 180_000);
